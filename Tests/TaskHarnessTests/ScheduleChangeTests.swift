import Foundation
import Recurrence
import Testing
@testable import TaskHarness

/// A schedule changed mid-scenario (`LifecycleSimulation.changeSchedule`): the seeds' "if the user changes the time
/// zone or the policy, compute again".
///
/// Instants from Python's zoneinfo: Berlin is at +02:00 and New York at -04:00 from 2027-03-28 on; Berlin's 02:30 of
/// 03-29 is 00:30Z, New York's 02:30 of 03-29 is 06:30Z and of 03-30 06:30Z.
@Suite struct ScheduleChangeTests {
    static func daily(_ zone: String, version: Int = 1) throws -> ScheduleOccurrences {
        ScheduleOccurrences(try Schedule(
            id: "nightly-sync", version: version, rule: .daily(at: TimeOfDay(hour: 2, minute: 30)!),
            timeZone: TimeZone(identifier: zone)!, nonexistent: .skip, repeated: .first))
    }

    @Test func theTimelineKeepsTheFirstScheduleIDAndCountsItsChanges() throws {
        let timeline = ScheduleTimeline(try Self.daily("Europe/Berlin"))
        #expect(timeline.revision == 0)
        timeline.change(to: try Self.daily("America/New_York", version: 2))
        #expect(timeline.revision == 1)
        // The anchor's name stays the first schedule's: the last completed run carries over a new version.
        #expect(timeline.scheduleID == "nightly-sync/v1")
        #expect(try timeline.next(after: instant("2027-03-29T00:00:00Z")).key.rawValue == "nightly-sync/v2/2027-03-29")
        #expect(timeline.all.count == 2)
    }

    /// The app submits the new schedule's first occurrence after the last run whose key is not completed: New York's
    /// 02:30 of 03-29 has the key Berlin's run completed, so the request waits for 03-30.
    @Test func aMoveResubmitsTheNextOccurrenceNotYetCompleted() async throws {
        let simulation = try await LifecycleSimulation(Fixture.configuration(schedule: try Self.daily("Europe/Berlin")))
        try await simulation.launch(Fixture.refresh, at: instant("2027-03-29T02:31:00+02:00"))
        try await simulation.advance(to: instant("2027-03-29T12:00:00+02:00"))
        try await simulation.changeSchedule(to: try Self.daily("America/New_York"))
        let report = await simulation.finish()
        #expect(report.pendingRequests.map(\.earliestBeginDate) == [instant("2027-03-30T02:30:00-04:00")])
        #expect(report.failedChecks.isEmpty, "\(report.failedChecks)")
    }

    @Test func anAppThatKeepsItsRequestsLeavesTheOldInstant() async throws {
        var configuration = Fixture.configuration(schedule: try Self.daily("Europe/Berlin"))
        configuration.onScheduleChange = .keepPending
        let simulation = try await LifecycleSimulation(configuration)
        try await simulation.launch(Fixture.refresh, at: instant("2027-03-29T02:31:00+02:00"))
        try await simulation.advance(to: instant("2027-03-29T12:00:00+02:00"))
        try await simulation.changeSchedule(to: try Self.daily("America/New_York"))
        let report = await simulation.finish()
        #expect(report.pendingRequests.map(\.earliestBeginDate) == [instant("2027-03-30T02:30:00+02:00")])
    }

    /// Each run records the schedule it caught up with, and the nothing-missed check reads its window with that one.
    @Test func eachRunRecordsTheScheduleInEffectAtItsLaunch() async throws {
        let simulation = try await LifecycleSimulation(Fixture.configuration(schedule: try Self.daily("Europe/Berlin")))
        try await simulation.launch(Fixture.refresh, at: instant("2027-03-29T02:31:00+02:00"))
        try await simulation.changeSchedule(to: try Self.daily("Europe/Berlin", version: 2))
        try await simulation.launch(Fixture.refresh, at: instant("2027-03-30T02:31:00+02:00"))
        let report = await simulation.finish()
        #expect(report.jobRuns.map(\.scheduleRevision) == [0, 1])
        #expect(report.completions.map(\.key) == ["nightly-sync/v1/2027-03-29", "nightly-sync/v2/2027-03-30"])
        #expect(report.failedChecks.isEmpty, "\(report.failedChecks)")
    }

    @Test func aScenarioWithoutAScheduleHasNoneToChange() async throws {
        let simulation = try await LifecycleSimulation(Fixture.configuration())
        await #expect(throws: LifecycleError.self) { try await simulation.changeSchedule(to: try Self.daily("Europe/Berlin")) }
        _ = await simulation.finish()
    }
}
