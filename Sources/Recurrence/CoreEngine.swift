import Foundation

/// The project's own engine: resolves each selected wall time over the zone's offsets and transitions.
public struct CoreEngine: RecurrenceEngine {
    public static let defaultOccurrenceLimit = 100_000

    public init() {}

    public var name: String { "core" }

    public func next(after date: Date, in schedule: Schedule) throws(RecurrenceError) -> Occurrence {
        // Filled by the recurrence-core work (issue 3).
        throw .searchLimitReached(rule: "unimplemented", limit: 0, after: date)
    }
}
