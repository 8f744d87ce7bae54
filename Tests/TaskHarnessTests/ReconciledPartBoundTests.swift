import Foundation
import Testing
@testable import TaskHarness

/// `catch-up-nothing-missed` enumerates piece by piece, each piece inside a window a launch enumerated. A retry
/// that reconciles part of an interrupted write moves the catch-up anchor to that part's last occurrence even when it
/// then fails, so the next launch's window starts there: that anchor must bound a piece too, or the check needs a
/// window larger than any launch did (the stress run: an interval of one second, 246,000 runs, reported the check's
/// own occurrence bound as a failure).
@Suite struct ReconciledPartBoundTests {
    @Test func nothingMissedPiecesStopAtAReconciledPartsAnchor() async throws {
        // Each window below holds at most 3 of the listed nightly occurrences (02:30 CEST = 00:30Z, every day).
        let bounded = BoundedOccurrences(listed: Fixture.nightly, bound: 3)
        let simulation = try await LifecycleSimulation(Fixture.configuration(schedule: bounded))
        // (start, 03-30 03:00]: 03-29 and 03-30 written under 03-30's key; the process dies before recording them.
        try await simulation.launch(Fixture.refresh, at: instant("2027-03-30T03:00:00+02:00"), plan: LaunchPlan(interrupt: .afterWrite))
        // (start, 03-31 03:00]: reconciles 03-29 and 03-30 (anchor → 03-30 02:30), then expires writing 03-31.
        try await simulation.launch(Fixture.refresh, at: instant("2027-03-31T03:00:00+02:00"), plan: LaunchPlan(expireDuring: .write))
        // (03-30 02:30, 04-02 03:00]: 03-31, 04-01, 04-02.
        try await simulation.launch(Fixture.refresh, at: instant("2027-04-02T03:00:00+02:00"))
        let report = await simulation.finish()
        #expect(report.completed == [.killed, .failure, .success])
        #expect(report.failedChecks.isEmpty, "\(report.failedChecks)")
        #expect(report.checks.first { $0.name == "catch-up-nothing-missed" }?.detail
            == "all 5 occurrence(s) up to the last completed run (2027-04-02T01:00:00Z) completed")
    }
}
