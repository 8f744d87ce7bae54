import Foundation
import Recurrence
import SpecDiagnostics

/// A spec that checks a schedule's occurrences: a window with its expected occurrences, and/or cursor cases.
public struct RecurrenceSpec: Sendable, Hashable {
    public var schedule: ScheduleSpec
    public var window: WindowSpec?
    public var expect: Expectation?
    public var cases: [CaseSpec]

    public init(schedule: ScheduleSpec, window: WindowSpec?, expect: Expectation?, cases: [CaseSpec]) {
        self.schedule = schedule
        self.window = window
        self.expect = expect
        self.cases = cases
    }
}

/// `schedule:` — everything needed to build a `Recurrence.Schedule`.
public struct ScheduleSpec: Sendable, Hashable {
    public var id: String
    public var version: Int
    public var timeZone: TimeZone
    public var rule: Rule
    /// Present for calendar rules (the parser requires it); nil for intervals.
    public var nonexistent: NonexistentTimePolicy?
    public var repeated: RepeatedTimePolicy?
    public var limit: Int
    public var location: SourceLocation
    /// `timezone:` as written; nil for a schedule built in code.
    public var timeZoneName: ZoneNameLiteral?

    public init(
        id: String, version: Int, timeZone: TimeZone, rule: Rule,
        nonexistent: NonexistentTimePolicy?, repeated: RepeatedTimePolicy?, limit: Int, location: SourceLocation,
        timeZoneName: ZoneNameLiteral? = nil
    ) {
        self.id = id
        self.version = version
        self.timeZone = timeZone
        self.timeZoneName = timeZoneName
        self.rule = rule
        self.nonexistent = nonexistent
        self.repeated = repeated
        self.limit = limit
        self.location = location
    }
}

extension ScheduleSpec {
    /// The `Recurrence.Schedule` this section describes, with a case's overrides applied: what every engine runs.
    /// Interval rules take no policies; the parser has required both for calendar rules, so the defaults here
    /// only ever fill them for intervals, where they change nothing.
    public func schedule(overriding overrides: CaseSpec.Overrides = CaseSpec.Overrides()) throws(RecurrenceError) -> Schedule {
        try Schedule(
            id: id, version: version, rule: overrides.rule ?? rule, timeZone: overrides.timeZone ?? timeZone,
            nonexistent: overrides.nonexistent ?? nonexistent ?? .skip, repeated: overrides.repeated ?? repeated ?? .first,
            searchLimit: limit)
    }
}

/// `window:` — `(after, through]`.
public struct WindowSpec: Sendable, Hashable {
    public var after: InstantLiteral
    public var through: InstantLiteral
    public var location: SourceLocation

    public init(after: InstantLiteral, through: InstantLiteral, location: SourceLocation) {
        self.after = after
        self.through = through
        self.location = location
    }
}

/// `expect:` — the occurrences a window holds, or the error its search must end with.
public enum Expectation: Sendable, Hashable {
    case occurrences([ExpectedOccurrence], location: SourceLocation)
    case error(ExpectedError, location: SourceLocation)
}

/// One expected occurrence: an instant, and in the long form its dedup key.
public struct ExpectedOccurrence: Sendable, Hashable {
    public var instant: InstantLiteral
    public var key: String?

    public init(instant: InstantLiteral, key: String? = nil) {
        self.instant = instant
        self.key = key
    }
}

/// Errors a spec may expect instead of occurrences.
public enum ExpectedError: String, Sendable, Hashable, CaseIterable {
    /// The search reached its bound (`limit`) without an occurrence.
    case noOccurrence = "no-occurrence"
}

/// One cursor case: `after` and the `next` results of successive searches (each result the next cursor).
public struct CaseSpec: Sendable, Hashable {
    public var name: String
    public var location: SourceLocation
    public var after: InstantLiteral
    public var next: [InstantLiteral]
    /// Set when the case expects its search to end in an error instead of `next`.
    public var error: ExpectedError?
    public var overrides: Overrides
    /// The case's own `timezone:` as written. Kept beside `overrides`, not in them: two cases that override the same
    /// zone make the same search wherever each is written (`duplicate-case`).
    public var timeZoneName: ZoneNameLiteral?

    /// What a case may change about the spec's schedule.
    public struct Overrides: Sendable, Hashable {
        public var nonexistent: NonexistentTimePolicy?
        public var repeated: RepeatedTimePolicy?
        public var timeZone: TimeZone?
        public var rule: Rule?

        public init(nonexistent: NonexistentTimePolicy? = nil, repeated: RepeatedTimePolicy? = nil, timeZone: TimeZone? = nil, rule: Rule? = nil) {
            self.nonexistent = nonexistent
            self.repeated = repeated
            self.timeZone = timeZone
            self.rule = rule
        }
    }

    public init(
        name: String, location: SourceLocation, after: InstantLiteral, next: [InstantLiteral], error: ExpectedError? = nil,
        overrides: Overrides = Overrides(), timeZoneName: ZoneNameLiteral? = nil
    ) {
        self.name = name
        self.timeZoneName = timeZoneName
        self.location = location
        self.after = after
        self.next = next
        self.error = error
        self.overrides = overrides
    }
}
