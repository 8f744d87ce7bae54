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
///
/// A schedule is `Codable` as the spec language's `schedule:` section in JSON (see docs/recurrence.md) and prints
/// as one line in that language: `nightly-sync/v1: daily 02:30 in Europe/Berlin, nonexistent: skip, repeated: first`.
public struct Schedule: Sendable, Hashable, CustomStringConvertible {
    public let id: String
    public let version: Int
    public let rule: Rule
    public let timeZone: TimeZone
    public let nonexistent: NonexistentTimePolicy
    public let repeated: RepeatedTimePolicy
    /// How many candidate slots one search may consider before it ends with `searchLimitReached`; at least 1.
    public let searchLimit: Int

    public static let defaultSearchLimit = 10_000

    /// The zone an interval schedule made or read without one keeps: UTC (`TimeZone.gmt`, identifier `GMT`). An
    /// interval's instants and keys do not depend on its zone.
    public static let intervalTimeZone = TimeZone.gmt

    /// Fails with `RecurrenceError.invalidRule` when the rule can never match, or when `searchLimit` is below 1 (a
    /// problem whose `field` is `limit`): a search that may consider no slot would never find anything.
    /// For an interval rule the two policies change nothing; `init(id:version:interval:from:timeZone:searchLimit:)`
    /// makes one without them.
    public init(
        id: String,
        version: Int = 1,
        rule: Rule,
        timeZone: TimeZone,
        nonexistent: NonexistentTimePolicy,
        repeated: RepeatedTimePolicy,
        searchLimit: Int = Schedule.defaultSearchLimit
    ) throws(RecurrenceError) {
        var problems = rule.problems
        if searchLimit < 1 {
            problems.append(RuleProblem(
                field: "limit",
                message: "'limit' (searchLimit) must be at least 1, not \(searchLimit): a search that may consider no slot never finds an occurrence; leave it out for the default \(Schedule.defaultSearchLimit)"))
        }
        guard problems.isEmpty else { throw .invalidRule(problems) }
        self.id = id
        self.version = version
        self.rule = rule
        self.timeZone = timeZone
        self.nonexistent = nonexistent
        self.repeated = repeated
        self.searchLimit = searchLimit
    }

    /// An interval schedule, `from + k·interval` seconds for k = 0, 1, 2, …: elapsed time, so no DST policy to choose
    /// (the schedule keeps `.skip` and `.first`, which intervals ignore). The zone changes nothing either; it is kept
    /// for display and defaults to UTC. Fails like the main initializer (an interval of 0 or less, `searchLimit` < 1).
    public init(
        id: String,
        version: Int = 1,
        interval seconds: Int,
        from start: Date,
        timeZone: TimeZone = Schedule.intervalTimeZone,
        searchLimit: Int = Schedule.defaultSearchLimit
    ) throws(RecurrenceError) {
        try self.init(
            id: id, version: version, rule: .interval(seconds: seconds, from: start), timeZone: timeZone,
            nonexistent: .skip, repeated: .first, searchLimit: searchLimit)
    }

    /// The first occurrence strictly after `date`, by the core engine.
    ///
    /// Throws `searchLimitReached` when `searchLimit` slots give none, and `instantOutOfRange` for a `date` outside
    /// `SupportedInstants.range` (or not a number). Swift `Task` cancellation is not checked: the bound ends a search.
    public func next(after date: Date) throws(RecurrenceError) -> Occurrence {
        try CoreEngine().next(after: date, in: self)
    }

    /// The occurrence at exactly `date`, by the core engine, or nil when the rule gives none then (or its search from
    /// the second before ends without one): whether an instant someone wrote is one of the schedule's, and under which
    /// key. Specrun's lints and its failure messages ask it.
    public func occurrence(at date: Date) -> Occurrence? {
        guard let found = try? next(after: date.addingTimeInterval(-1)), found.date == date else { return nil }
        return found
    }

    /// The results of `count` searches, the first after `cursor` and each after the one before (what a case's `next`
    /// list checks), by the core engine; fewer where a search ends without one.
    public func searches(_ count: Int, after cursor: Date) -> [Occurrence] {
        var found: [Occurrence] = []
        var cursor = cursor
        while found.count < count, let next = try? next(after: cursor) {
            found.append(next)
            cursor = next.date
        }
        return found
    }

    /// Every occurrence in `(window.after, window.through]`, in order, by the core engine.
    ///
    /// Throws what `next(after:)` throws, `tooManyOccurrences` when the window holds more than `limit`, and `stopped`
    /// when its thread (not its `Task`) was cancelled. A window whose `after` is not before `through` gives `[]`.
    public func occurrences(in window: Window, limit: Int = CoreEngine.defaultOccurrenceLimit) throws(RecurrenceError) -> [Occurrence] {
        try CoreEngine().occurrences(in: window, of: self, limit: limit)
    }

    /// `nightly-sync/v1: daily 02:30 in Europe/Berlin, nonexistent: skip, repeated: first` (`, limit: 5` when not the
    /// default); an interval leaves out the zone and the policies, which do not change it:
    /// `every-90m/v1: every 1h30m from 2027-03-28T00:00:00Z`.
    public var description: String {
        var text = "\(id)/v\(version): \(rule)"
        if rule.isCalendarRule {
            text += " in \(ZoneDisplayName.of(timeZone)), nonexistent: \(nonexistent.rawValue), repeated: \(repeated.rawValue)"
        }
        if searchLimit != Self.defaultSearchLimit { text += ", limit: \(searchLimit)" }
        return text
    }
}
