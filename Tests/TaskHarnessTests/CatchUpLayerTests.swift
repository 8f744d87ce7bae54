import Foundation
import Recurrence
import Testing
@testable import TaskHarness

/// The catch-up rules of harness-model.md, each pinned on its own layer.
///
/// A scenario cannot tell some of these layers apart, because each one covers for another: the completion store's
/// anchor never moves back, the due list leaves out completed keys, and a YAML launch runs with the clock standing
/// still. Mutation testing (docs/testing.md, H7, H8, H11) showed that breaking any one of them alone failed no test,
/// so each is checked here directly.
///
/// Berlin is on CET (+01:00) in early March 2027: 02:30+01:00 is 01:30Z (Python zoneinfo 'Europe/Berlin').
@Suite struct CatchUpLayerTests {
    static func nightly() throws -> Schedule {
        try Schedule(
            id: "nightly-sync", version: 1, rule: .daily(at: TimeOfDay(hour: 2, minute: 30)!),
            timeZone: TimeZone(identifier: "Europe/Berlin")!, nonexistent: .skip, repeated: .first)
    }

    static let since = instant("2027-03-01T00:00:00+01:00")

    static func occurrence(_ day: String) -> Occurrence {
        Occurrence(date: instant("2027-03-\(day)T02:30:00+01:00"), key: DedupKey("nightly-sync/v1/2027-03-\(day)"), slot: nil, resolution: .exact)
    }

    /// The window's end is the launch time read once: an occurrence that falls due while the run works belongs to
    /// the next run, so the anchor recorded at completion is the launch time, not the time the run ended.
    @Test func anOccurrenceDueWhileARunWorksIsLeftToTheNextRun() async throws {
        let bench = try JobBench(items: ["42"], clock: instant("2027-03-02T02:20:00+01:00"))
        defer { bench.close() }
        let catchUp = CatchUp(occurrences: ScheduleOccurrences(try Self.nightly()), since: Self.since)
        let clock = bench.clock
        // While the first run downloads, the clock passes 2027-03-02T02:30+01:00, the next occurrence.
        let slowDownload = ScriptedMonitor { point in
            if point == .during(.download) { try clock.advance(to: instant("2027-03-02T02:45:00+01:00")) }
        }
        let first = SyncJob(
            identifier: Fixture.refresh, source: bench.source, stores: bench.stores, clock: clock, files: bench.files,
            catchUp: catchUp, monitor: slowDownload)
        try await first.run()
        #expect(try bench.stores.completions.catchUpAnchor(schedule: "nightly-sync/v1") == instant("2027-03-02T02:20:00+01:00"))
        #expect(try bench.stores.completions.completions().map(\.key) == ["nightly-sync/v1/2027-03-01"])

        // The next run, launched at 02:45, finds 03-02 due in (02:20, 02:45] and completes it.
        let second = SyncJob(
            identifier: Fixture.refresh, source: bench.source, stores: bench.stores, clock: clock, files: bench.files,
            catchUp: catchUp)
        try await second.run()
        #expect(try bench.stores.completions.completions().map(\.key) == ["nightly-sync/v1/2027-03-01", "nightly-sync/v1/2027-03-02"])
    }

    /// Occurrences are keyed against the completion store, whatever the anchor says: a completed key in the
    /// window is not due again.
    @Test func aCompletedKeyInsideTheWindowIsNotDue() throws {
        let folder = try ScenarioFolder()
        defer { folder.remove() }
        let completions = try CompletionStore(url: folder.completionStoreURL)
        defer { completions.close() }
        // Recorded without a schedule: the key is complete, the anchor is not moved.
        try completions.recordCompletion(
            runKey: "nightly-sync/v1/2027-03-02", occurrences: [Self.occurrence("02")], identifier: Fixture.refresh,
            completedAt: instant("2027-03-02T02:40:00+01:00"), schedule: nil, through: instant("2027-03-02T02:40:00+01:00"))
        let catchUp = CatchUp(occurrences: ScheduleOccurrences(try Self.nightly()), since: Self.since)
        let window = try catchUp.window(launchTime: instant("2027-03-03T09:00:00+01:00"), completions: completions)
        #expect(window.after == Self.since)
        let due = try catchUp.due(in: window, completions: completions)
        #expect(due.map(\.key.rawValue) == ["nightly-sync/v1/2027-03-01", "nightly-sync/v1/2027-03-03"])
    }

    /// Completions can arrive out of order (a launch nested in another completes first, with a later launch time):
    /// the anchor keeps the latest end, so the next window never reopens what a later run already covered.
    @Test func theCatchUpAnchorNeverMovesBack() throws {
        let folder = try ScenarioFolder()
        defer { folder.remove() }
        let completions = try CompletionStore(url: folder.completionStoreURL)
        defer { completions.close() }
        let later = instant("2027-03-02T09:00:00+01:00")
        let earlier = instant("2027-03-02T08:00:00+01:00")
        try completions.recordCompletion(
            runKey: "nightly-sync/v1/2027-03-02", occurrences: [Self.occurrence("02")], identifier: Fixture.processing,
            completedAt: later, schedule: "nightly-sync/v1", through: later)
        try completions.recordCompletion(
            runKey: "nightly-sync/v1/2027-03-01", occurrences: [Self.occurrence("01")], identifier: Fixture.refresh,
            completedAt: later, schedule: "nightly-sync/v1", through: earlier)
        #expect(try completions.catchUpAnchor(schedule: "nightly-sync/v1") == later)
    }
}
