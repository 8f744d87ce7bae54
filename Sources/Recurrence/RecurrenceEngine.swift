import Foundation

/// Something that computes a schedule's occurrences: the project's `CoreEngine`, or Foundation's Calendar.
public protocol RecurrenceEngine: Sendable {
    /// The name results and reports use (`core`, `foundation`).
    var name: String { get }

    /// The first occurrence strictly after `date`.
    func next(after date: Date, in schedule: Schedule) throws(RecurrenceError) -> Occurrence

    /// Every occurrence in the window, in order; at most `limit` of them.
    func occurrences(in window: Window, of schedule: Schedule, limit: Int) throws(RecurrenceError) -> [Occurrence]
}

extension RecurrenceEngine {
    /// Enumeration by the cursor rule: each result is the cursor of the next search.
    public func occurrences(in window: Window, of schedule: Schedule, limit: Int) throws(RecurrenceError) -> [Occurrence] {
        var results: [Occurrence] = []
        var cursor = window.after
        while true {
            let occurrence = try next(after: cursor, in: schedule)
            guard occurrence.date <= window.through else { return results }
            guard results.count < limit else { throw .tooManyOccurrences(limit: max(0, limit)) }
            results.append(occurrence)
            cursor = occurrence.date
        }
    }
}
