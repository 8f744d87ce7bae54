import Foundation
import Recurrence
import Testing
@testable import TaskHarness

/// Identifiers, gates and instants shared by the harness tests.
enum Fixture {
    static let refresh = "com.example.app.refresh"
    static let processing = "com.example.app.processing"

    /// Both identifiers permitted, both background modes present.
    static let gate = StaticGate(permittedIdentifiers: [refresh, processing], backgroundModes: ["fetch", "processing"])

    /// 2027-03-29T00:00:00+02:00 — the spec-language example's clock start (Berlin is on CEST since 2027-03-28).
    static let start = instant("2027-03-29T00:00:00+02:00")

    /// A refresh scenario with the given items and no schedule unless one is given.
    static func configuration(
        items: [String] = ["42", "43"],
        schedule: (any OccurrenceSource)? = nil,
        tasks: [LifecycleConfiguration.TaskDefinition] = [.init(identifier: refresh, kind: .refresh)],
        gate: StaticGate = gate
    ) -> LifecycleConfiguration {
        LifecycleConfiguration(tasks: tasks, gate: gate, clockStart: start, items: items, schedule: schedule)
    }

    /// "Nightly sync at 02:30 in Berlin", listed by hand for 2027-03-29 … 2027-04-09: every day is CEST (+02:00),
    /// so 02:30 local is 00:30Z (checked with Python zoneinfo).
    static let nightly = ListedOccurrences(scheduleID: "nightly-sync/v1", occurrences: (29...40).map { day in
        let date = day <= 31 ? String(format: "2027-03-%02d", day) : String(format: "2027-04-%02d", day - 31)
        return Occurrence(
            date: instant("\(date)T02:30:00+02:00"), key: DedupKey("nightly-sync/v1/\(date)"), slot: nil, resolution: .exact)
    })
}

/// An RFC 3339 instant with an explicit offset (the tests never depend on the machine's zone).
func instant(_ text: String) -> Date {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    guard let date = formatter.date(from: text) else { fatalError("not an RFC 3339 instant: \(text)") }
    return date
}

/// An occurrence source from a fixed list: catch-up tests that do not depend on the recurrence core.
struct ListedOccurrences: OccurrenceSource {
    let scheduleID: String
    let occurrences: [Occurrence]

    struct Exhausted: Error {}

    func occurrences(in window: Window) throws -> [Occurrence] {
        occurrences.filter { window.contains($0.date) }
    }

    func next(after date: Date) throws -> Occurrence {
        guard let next = occurrences.first(where: { $0.date > date }) else { throw Exhausted() }
        return next
    }
}

/// A listed source that refuses a window holding more than `bound` occurrences, as the recurrence core refuses one
/// past its occurrences-per-window limit.
struct BoundedOccurrences: OccurrenceSource {
    let listed: ListedOccurrences
    let bound: Int

    struct TooMany: Error, CustomStringConvertible {
        var description: String { "the window holds too many occurrences" }
    }

    var scheduleID: String { listed.scheduleID }

    func occurrences(in window: Window) throws -> [Occurrence] {
        let found = try listed.occurrences(in: window)
        guard found.count <= bound else { throw TooMany() }
        return found
    }

    func next(after date: Date) throws -> Occurrence { try listed.next(after: date) }
}

/// A job monitor whose checkpoints run a closure (for driving `SyncJob` directly).
final class ScriptedMonitor: JobMonitor {
    let action: @Sendable (Checkpoint) async throws -> Void

    init(_ action: @escaping @Sendable (Checkpoint) async throws -> Void) {
        self.action = action
    }

    func checkpoint(_ point: Checkpoint, identifier: String) async throws {
        try await action(point)
    }

    func note(_ event: JobEvent, identifier: String) {}
}

/// A sync job over fresh stores in a scenario folder, for tests that drive the job without the scheduler.
struct JobBench {
    let folder: ScenarioFolder
    let stores: SyncJob.Stores
    let source: StubItemSource
    let clock: ManualClock
    let files: TemporaryFiles

    init(items: [String], clock start: Date = Fixture.start) throws {
        folder = try ScenarioFolder()
        stores = SyncJob.Stores(
            sync: try SyncStore(url: folder.syncStoreURL),
            completions: try CompletionStore(url: folder.completionStoreURL),
            sideEffects: try SideEffectLedger(url: folder.sideEffectLedgerURL))
        source = StubItemSource(items: items)
        clock = try ManualClock(start: start)
        files = TemporaryFiles(directory: folder.temporaryFiles)
    }

    func job(monitor: (any JobMonitor)? = nil, flaws: Set<SyncJob.Flaw> = [], log: DiagnosticsLog? = nil) -> SyncJob {
        SyncJob(identifier: Fixture.refresh, source: source, stores: stores, clock: clock, files: files, log: log, monitor: monitor, flaws: flaws)
    }

    /// The committed state as another reader sees it.
    func committed() throws -> StoreSnapshot {
        try SyncStore.readSnapshot(at: folder.syncStoreURL)
    }

    func close() {
        stores.sync.close()
        stores.completions.close()
        stores.sideEffects.close()
        folder.remove()
    }
}
