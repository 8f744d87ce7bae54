import Foundation
import Recurrence
import Testing
@testable import TaskHarness

/// Catch-up through the real recurrence core (`ScheduleOccurrences`). Every expected instant was checked with
/// Python's zoneinfo (fold=0/1 for the repeated hour).
@Suite struct RecurrenceCatchUpTests {
    static func berlin(repeated: RepeatedTimePolicy) throws -> Schedule {
        try Schedule(
            id: "nightly-sync", version: 1, rule: .daily(at: TimeOfDay(hour: 2, minute: 30)!),
            timeZone: TimeZone(identifier: "Europe/Berlin")!, nonexistent: .skip, repeated: repeated)
    }

    @Test func threeDaysWithoutLaunchesAcrossTheAutumnChangeRunEachOccurrenceOnceIncludingBoth() async throws {
        var configuration = Fixture.configuration(schedule: ScheduleOccurrences(try Self.berlin(repeated: .both)))
        configuration.clockStart = instant("2027-10-28T12:00:00+02:00")
        let simulation = try await LifecycleSimulation(configuration)
        // The first request waits for 2027-10-29T02:30+02:00; the app is not launched again until the 31st, 09:00.
        try await simulation.launch(Fixture.refresh, at: instant("2027-10-31T09:00:00+01:00"))
        try await simulation.launch(Fixture.refresh, at: instant("2027-11-01T02:45:00+01:00"))
        let report = await simulation.finish()
        #expect(report.runs.map(\.planned) == [
            instant("2027-10-29T02:30:00+02:00"), instant("2027-10-30T02:30:00+02:00"),
            // 02:30 happens twice on the 31st: at +02:00 (00:30Z) and again at +01:00 (01:30Z).
            instant("2027-10-31T02:30:00+02:00"), instant("2027-10-31T02:30:00+01:00"),
            instant("2027-11-01T02:30:00+01:00"),
        ])
        #expect(report.runs.map(\.key) == [
            "nightly-sync/v1/2027-10-29", "nightly-sync/v1/2027-10-30", "nightly-sync/v1/2027-10-31",
            "nightly-sync/v1/2027-10-31~2", "nightly-sync/v1/2027-11-01",
        ])
        #expect(report.launches.map(\.planned) == [instant("2027-10-29T02:30:00+02:00"), instant("2027-11-01T02:30:00+01:00")])
        #expect(report.completed == [.success, .success])
        #expect(report.sideEffectCount == 2)
        #expect(report.failedChecks.isEmpty, "\(report.failedChecks)")
    }

    /// A scheduled launch with nothing due has no `planned`, whether it succeeds or fails before its write stage (a
    /// black-box differential saw the failed one show its request's floor as if an occurrence had been planned then).
    /// Berlin is at +02:00 on 2027-03-29: the 03:00 launch runs that day's 02:30; nothing is due again until the 30th.
    @Test(arguments: [false, true])
    func aLaunchWithNothingDueHasNoPlannedInstantWhetherItSucceedsOrFails(fails: Bool) async throws {
        var configuration = Fixture.configuration(schedule: ScheduleOccurrences(try Self.berlin(repeated: .first)))
        configuration.clockStart = instant("2027-03-29T00:00:00+02:00")
        let simulation = try await LifecycleSimulation(configuration)
        try await simulation.launch(Fixture.refresh, at: instant("2027-03-29T03:00:00+02:00"))
        try await simulation.advance(to: instant("2027-03-29T03:05:00+02:00"))
        _ = try await simulation.submit(Fixture.refresh, earliestBeginDate: instant("2027-03-29T03:10:00+02:00"))
        let plan = fails ? LaunchPlan(fault: InjectedFault(stage: .download, errorType: "net-down")) : LaunchPlan()
        try await simulation.launch(Fixture.refresh, at: instant("2027-03-29T03:20:00+02:00"), plan: plan)
        let report = await simulation.finish()
        #expect(report.runs.map(\.planned) == [instant("2027-03-29T02:30:00+02:00"), nil])
        #expect(report.runs.map(\.key) == ["nightly-sync/v1/2027-03-29", nil])
        #expect(report.completed == [.success, fails ? .failure : .success])
    }

    @Test func theSpringGapIsSkippedAndNothingElseIsMissed() async throws {
        var configuration = Fixture.configuration(schedule: ScheduleOccurrences(try Self.berlin(repeated: .first)))
        configuration.clockStart = instant("2027-03-26T12:00:00+01:00")
        let simulation = try await LifecycleSimulation(configuration)
        try await simulation.launch(Fixture.refresh, at: instant("2027-03-29T09:00:00+02:00"))
        let report = await simulation.finish()
        // 2027-03-28 02:30 does not exist in Berlin (02:00 → 03:00) and `skip` drops it.
        #expect(report.runs.map(\.planned) == [instant("2027-03-27T02:30:00+01:00"), instant("2027-03-29T02:30:00+02:00")])
        #expect(report.completions.map(\.key) == ["nightly-sync/v1/2027-03-27", "nightly-sync/v1/2027-03-29"])
        #expect(report.failedChecks.isEmpty, "\(report.failedChecks)")
    }
}
