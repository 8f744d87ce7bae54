import Foundation
import Recurrence
import Synchronization

/// The schedule a scenario runs, with each change made to it: catch-up and the app's requests read the one in
/// effect, and the invariants read each run's own.
///
/// Its `scheduleID` is the first schedule's and never changes, so the catch-up anchor (the last completed run)
/// carries over a change of zone, rule or version: a new version makes new dedup keys, not a new history.
public final class ScheduleTimeline: OccurrenceSource {
    private let revisions: Mutex<[any OccurrenceSource]>
    public let scheduleID: String

    public init(_ first: any OccurrenceSource) {
        revisions = Mutex([first])
        scheduleID = first.scheduleID
    }

    /// The number of the schedule in effect: 0 for the first, one more at each change.
    public var revision: Int {
        revisions.withLock { $0.count - 1 }
    }

    /// The schedule in effect.
    public var current: any OccurrenceSource {
        revisions.withLock { $0[$0.count - 1] }
    }

    /// Every schedule in turn, the first one first.
    public var all: [any OccurrenceSource] {
        revisions.withLock { $0 }
    }

    /// Puts `schedule` in effect from now on.
    public func change(to schedule: any OccurrenceSource) {
        revisions.withLock { $0.append(schedule) }
    }

    public func occurrences(in window: Window) throws -> [Occurrence] {
        try current.occurrences(in: window)
    }

    public func next(after date: Date) throws -> Occurrence {
        try current.next(after: date)
    }
}
