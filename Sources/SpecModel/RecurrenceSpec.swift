import Foundation
import Recurrence
import SpecDiagnostics

/// A spec that checks a schedule's occurrences: a window with its expected occurrences, and/or cursor cases.
public struct RecurrenceSpec: Sendable, Hashable {
    public var schedule: ScheduleSpec {
        @inlinable get { fields.schedule }
        set { fields = Fields(schedule: newValue, window: window, expect: expect, cases: cases) }
    }
    public var window: WindowSpec? {
        @inlinable get { fields.window }
        set { fields = Fields(schedule: schedule, window: newValue, expect: expect, cases: cases) }
    }
    public var expect: Expectation? {
        @inlinable get { fields.expect }
        set { fields = Fields(schedule: schedule, window: window, expect: newValue, cases: cases) }
    }
    public var cases: [CaseSpec] {
        @inlinable get { fields.cases }
        set { fields = Fields(schedule: schedule, window: window, expect: expect, cases: newValue) }
    }

    /// The fields in one immutable box, so a copy of the body is one retain: binding `.recurrence(let body)` copies it
    /// out of `Spec.Body`, and each lint rule, the plan, each test's judgement and `PlanItem.caseSpec` do, which
    /// retained and released some twenty texts and arrays each time (1.1 M of the string retains of a 10,000-spec
    /// run, and about 1.5 % of its CPU profile). Nothing mutates a parsed body; a setter makes a new box. The getters
    /// are inlinable so that a reader in another module takes one field out of the box (`body.schedule.timeZone`)
    /// without copying the whole section first.
    @usableFromInline var fields: Fields

    @usableFromInline final class Fields: Sendable {
        @usableFromInline let schedule: ScheduleSpec
        @usableFromInline let window: WindowSpec?
        @usableFromInline let expect: Expectation?
        @usableFromInline let cases: [CaseSpec]

        init(schedule: ScheduleSpec, window: WindowSpec?, expect: Expectation?, cases: [CaseSpec]) {
            self.schedule = schedule
            self.window = window
            self.expect = expect
            self.cases = cases
        }
    }

    public init(schedule: ScheduleSpec, window: WindowSpec?, expect: Expectation?, cases: [CaseSpec]) {
        fields = Fields(schedule: schedule, window: window, expect: expect, cases: cases)
    }

    /// Field by field, as the synthesized `==` compared before the box (one shared box needs no comparison).
    public static func == (lhs: RecurrenceSpec, rhs: RecurrenceSpec) -> Bool {
        lhs.fields === rhs.fields
            || (lhs.schedule == rhs.schedule && lhs.window == rhs.window && lhs.expect == rhs.expect && lhs.cases == rhs.cases)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(schedule)
        hasher.combine(window)
        hasher.combine(expect)
        hasher.combine(cases)
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
    /// Where `limit:` is written (its value) and the line it is on; nil when the schedule takes the default
    /// (`--max-candidates`).
    public var limitLocation: SourceLocation?
    public var limitSourceLine: String?
    /// `timezone:` as written; nil for a schedule built in code.
    public var timeZoneName: ZoneNameLiteral?
    /// An interval rule's `from:` as written in its map form (for the offset lint); nil otherwise.
    public var intervalFrom: InstantLiteral?

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
            searchLimit: overrides.limit ?? limit)
    }

    /// The same schedule searched no further than the default bound (10,000 candidates) whatever `limit:` says: for
    /// the parser's advice and the lints, which search before any run, with no `--timeout` over them, where a spec's
    /// own bound may be ten million candidates. Nil when it cannot be built.
    public func boundedSchedule(overriding overrides: CaseSpec.Overrides = CaseSpec.Overrides()) -> Schedule? {
        var bounded = self
        bounded.limit = min(limit, Schedule.defaultSearchLimit)
        var overrides = overrides
        overrides.limit = overrides.limit.map { min($0, Schedule.defaultSearchLimit) }
        return try? bounded.schedule(overriding: overrides)
    }
}

extension ScheduleSpec {
    /// The schedule a lifecycle scenario's `change-schedule` step puts in effect: this one with the change's keys.
    public func changed(by change: LifecycleStep.ScheduleChange) -> ScheduleSpec {
        var changed = self
        let overrides = change.overrides
        if let zone = overrides.timeZone {
            changed.timeZone = zone
            changed.timeZoneName = change.timeZoneName
        }
        if let rule = overrides.rule { changed.rule = rule }
        // Kept through a change to an interval rule, which takes none, for a later change back to a calendar rule:
        // a key not written keeps its value.
        changed.nonexistent = overrides.nonexistent ?? changed.nonexistent
        changed.repeated = overrides.repeated ?? changed.repeated
        if let limit = overrides.limit {
            changed.limit = limit
            changed.limitLocation = nil
            changed.limitSourceLine = nil
        }
        if let version = change.version { changed.version = version }
        changed.intervalFrom = nil
        return changed
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
    /// The line `key:` is written on (a key mismatch points there, not at `at:`).
    public var keyLine: Int?
    /// The column the key's value starts at, on `keyLine` (the `unmatchable-key` lint's caret).
    public var keyColumn: Int?

    public init(instant: InstantLiteral, key: String? = nil, keyLine: Int? = nil, keyColumn: Int? = nil) {
        self.instant = instant
        self.key = key
        self.keyLine = keyLine
        self.keyColumn = keyColumn
    }

    /// The first and last lines the item spans: a block item `- at: …` with `key: …` below it spans two, and a line to
    /// add after it goes after the last (a review, told "after line 15", the item's `at`, split the item in two).
    public var firstLine: Int { min(instant.location.line, keyLine ?? instant.location.line) }
    public var lastLine: Int { max(instant.location.line, keyLine ?? instant.location.line) }
    /// How advice names the item it stands on, and another: `this line` and `line 13`, or for a block item `this item
    /// (lines 13–14)` and `the item on lines 13–14`, so that "remove" or "swap" takes its `key:` line too (a review
    /// moved the `at:` line alone, as told, and left its key under the item above).
    public var thisLine: String { isBlock ? "this item (lines \(firstLine)–\(lastLine))" : "this line" }
    public var lineName: String { isBlock ? "the item on lines \(firstLine)–\(lastLine)" : "line \(firstLine)" }
    /// Whether the item spans lines (`- at: …` with `key: …` below it): moved or removed, it is "the item".
    public var isBlock: Bool { firstLine != lastLine }
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
    public var description: String?
    /// The case's own tags; its test carries the spec's and these.
    public var tags: [String] = []
    /// The reason to skip this case alone.
    public var skip: String?

    /// What a case may change about the spec's schedule.
    public struct Overrides: Sendable, Hashable {
        public var nonexistent: NonexistentTimePolicy?
        public var repeated: RepeatedTimePolicy?
        public var timeZone: TimeZone?
        public var rule: Rule?
        /// The case's own search bound (`limit:`), for the searches of this case alone.
        public var limit: Int?

        public init(nonexistent: NonexistentTimePolicy? = nil, repeated: RepeatedTimePolicy? = nil, timeZone: TimeZone? = nil, rule: Rule? = nil,
                    limit: Int? = nil) {
            self.nonexistent = nonexistent
            self.repeated = repeated
            self.timeZone = timeZone
            self.rule = rule
            self.limit = limit
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
