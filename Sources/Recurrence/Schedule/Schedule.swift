import Foundation

/// A recurrence rule bound to a zone, explicit policies and an identity: what an app stores and a spec describes.
///
/// ```swift
/// let schedule = try Schedule(
///     id: "nightly-sync", version: 1,
///     rule: .daily(at: TimeOfDay(hour: 2, minute: 30)!),
///     timeZone: TimeZone(identifier: "Europe/Berlin")!,
///     nonexistent: .skip, repeated: .first)
/// let next = try schedule.next(after: cursor)   // next.date, next.key
/// ```
public struct Schedule: Sendable, Hashable {
    public let id: String
    public let version: Int
    public let rule: Rule
    public let timeZone: TimeZone
    public let nonexistent: NonexistentTimePolicy
    public let repeated: RepeatedTimePolicy
    /// How many candidate slots one search may consider before it ends with `searchLimitReached`.
    public let searchLimit: Int

    public static let defaultSearchLimit = 10_000

    /// Fails with `RecurrenceError.invalidRule` when the rule can never match.
    public init(
        id: String,
        version: Int = 1,
        rule: Rule,
        timeZone: TimeZone,
        nonexistent: NonexistentTimePolicy,
        repeated: RepeatedTimePolicy,
        searchLimit: Int = Schedule.defaultSearchLimit
    ) throws(RecurrenceError) {
        let problems = rule.problems
        guard problems.isEmpty else { throw .invalidRule(problems) }
        self.id = id
        self.version = version
        self.rule = rule
        self.timeZone = timeZone
        self.nonexistent = nonexistent
        self.repeated = repeated
        self.searchLimit = max(1, searchLimit)
    }

    /// The first occurrence strictly after `date`, by the core engine.
    public func next(after date: Date) throws(RecurrenceError) -> Occurrence {
        try CoreEngine().next(after: date, in: self)
    }

    /// Every occurrence in `(window.after, window.through]`, in order, by the core engine.
    public func occurrences(in window: Window, limit: Int = CoreEngine.defaultOccurrenceLimit) throws(RecurrenceError) -> [Occurrence] {
        try CoreEngine().occurrences(in: window, of: self, limit: limit)
    }
}
