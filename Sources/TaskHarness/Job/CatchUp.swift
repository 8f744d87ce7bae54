import Foundation
import Recurrence

/// Catch-up at launch: the occurrences in (last completion, launch time] not yet in the completion store.
///
/// The window's end is the launch time read once when the run starts (frozen: occurrences that fall due while the
/// run is working belong to the next run). Its start is the completion store's anchor for the schedule — the
/// frozen end of the last completed run — or `since` before any completion. Each occurrence is then keyed by its
/// dedup key against the completion store, so none is missed and none runs twice.
public struct CatchUp: Sendable {
    public let occurrences: any OccurrenceSource
    /// The start of the first window (the scenario's start): nothing before it is due.
    public let since: Date

    public init(occurrences: any OccurrenceSource, since: Date) {
        self.occurrences = occurrences
        self.since = since
    }

    /// The window for a run launched at `launchTime`, given the store's anchor.
    public func window(launchTime: Date, completions: CompletionStore) throws -> Window {
        let anchor = try completions.catchUpAnchor(schedule: occurrences.scheduleID) ?? since
        return Window(after: max(anchor, since), through: launchTime)
    }

    /// The occurrences of `window` whose dedup keys are not completed yet, in order.
    public func due(in window: Window, completions: CompletionStore) throws -> [Occurrence] {
        guard window.through > window.after else { return [] }
        let all = try occurrences.occurrences(in: window)
        let completed = try completions.completedKeys(among: all.map(\.key.rawValue))
        return all.filter { !completed.contains($0.key.rawValue) }
    }
}
