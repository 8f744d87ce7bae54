import Foundation
import Recurrence

/// Where catch-up gets a schedule's occurrences: the seam between the harness and the recurrence core.
///
/// `ScheduleOccurrences` (the default) asks `Recurrence.Schedule`; a test or a scenario can supply its own list.
public protocol OccurrenceSource: Sendable {
    /// Names the schedule in the completion store's catch-up anchor (`<id>/v<version>` for a `Schedule`).
    var scheduleID: String { get }

    /// Every occurrence in `(window.after, window.through]`, in order.
    func occurrences(in window: Window) throws -> [Occurrence]

    /// The first occurrence strictly after `date`.
    func next(after date: Date) throws -> Occurrence
}

/// The occurrences of a `Recurrence.Schedule`, enumerated by the recurrence core.
public struct ScheduleOccurrences: OccurrenceSource {
    public let schedule: Schedule
    /// The most occurrences one catch-up window may hold before it fails with `tooManyOccurrences` (specrun's
    /// `--max-occurrences`, as for a recurrence spec's window).
    public let limit: Int

    public init(_ schedule: Schedule, limit: Int = CoreEngine.defaultOccurrenceLimit) {
        self.schedule = schedule
        self.limit = limit
    }

    public var scheduleID: String { "\(schedule.id)/v\(schedule.version)" }

    public func occurrences(in window: Window) throws -> [Occurrence] {
        try schedule.occurrences(in: window, limit: limit)
    }

    public func next(after date: Date) throws -> Occurrence {
        try schedule.next(after: date)
    }
}
