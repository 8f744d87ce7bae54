import Foundation

/// A rule as JSON, in the spec language's map form: `{"every": "day", "at": "02:30"}`,
/// `{"every": "week", "on": ["monday", "thursday"], "at": "09:00"}`,
/// `{"every": "month", "day": 31, "at": "02:30", "missing-day": "skip"}`, `{"every": "month", "on": "last friday", "at": "23:30"}`,
/// `{"every": "year", "month": 2, "day": 29, "at": "12:00", "missing-day": "last-day"}`,
/// `{"every": "hour", "minute": 15, "second": 0}`, `{"interval": 5400, "from": "2027-03-27T01:30:00Z"}`,
/// `{"every": "2 weeks", "on": ["monday"], "at": "09:00", "from": "2027-01-04"}` (a stepped rule: its `from` is a local date).
///
/// Decoding refuses, with a `DecodingError` whose `debugDescription` starts with the field's path, a rule that can
/// never match (`rule.problems`), a field the form does not have, and a value of the wrong kind; it never traps.
extension Rule: Codable {
    private static let forms: [String: [String]] = [
        "day": ["every", "at"],
        "week": ["every", "on", "at"],
        "month": ["every", "day", "on", "at", "missing-day"],
        "year": ["every", "month", "day", "on", "at", "missing-day"],
        "hour": ["every", "minute", "second"],
    ]
    private static let intervalFields = ["interval", "from"]
    private static let timeExample = "a time of day such as \"02:30\""

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: FieldKey.self)
        let rule: Rule
        if container.contains("interval") || (container.contains("from") && !container.contains("every")) {
            if container.contains("every") {
                throw CodingFailure.corrupted(
                    "a rule has 'every' or 'interval', not both; remove one", at: container.codingPath + [FieldKey("every")])
            }
            try CodingFailure.refuseUnknownKeys(in: container, allowed: Self.intervalFields, of: "an interval rule")
            try CodingFailure.require("interval", in: container, "an interval rule needs 'interval', whole seconds such as 5400")
            try CodingFailure.require("from", in: container, "an interval rule needs 'from', an RFC 3339 instant such as \"2027-03-27T01:30:00Z\"")
            let seconds = try CodingFailure.decode(Int.self, forKey: "interval", in: container, expected: "whole seconds such as 5400 (90 minutes)")
            let text = try CodingFailure.decode(String.self, forKey: "from", in: container, expected: "an RFC 3339 instant such as \"2027-03-27T01:30:00Z\"")
            guard let from = CodedInstantText.date(from: text) else {
                throw CodingFailure.corrupted(
                    "'\(text)' is not an RFC 3339 instant; write one such as \"2027-03-27T01:30:00Z\" or \"2027-03-27T02:30:00+01:00\"",
                    at: container.codingPath + [FieldKey("from")])
            }
            rule = .interval(seconds: seconds, from: from)
        } else {
            try CodingFailure.require("every", in: container, "a rule needs 'every' (day, week, month, year or hour), or 'interval' and 'from'")
            let written = try CodingFailure.decode(String.self, forKey: "every", in: container, expected: "day, week, month, year or hour")
            let step = StepUnit.countAndPeriod(written)
            let every = step?.period ?? written
            guard let fields = Self.forms[every] else {
                throw CodingFailure.corrupted(
                    "'\(written)' is not a period; write day, week, month, year or hour, or a count and one, such as \"2 weeks\" (or 'interval' and 'from' for elapsed time)",
                    at: container.codingPath + [FieldKey("every")])
            }
            try CodingFailure.refuseUnknownKeys(in: container, allowed: every == "hour" ? fields : fields + ["from"], of: "an every: \(written) rule")
            let unstepped = try Self.calendarRule(every: every, from: container)
            if let step, step.count != 1 || container.contains("from") {
                try CodingFailure.require("from", in: container, "an every: \(written) rule needs 'from', the first local date it selects, such as \"2027-01-04\"")
                rule = .stepped(unstepped, every: step.count, from: try Self.localDate(in: container))
            } else if container.contains("from") {
                rule = .stepped(unstepped, every: 1, from: try Self.localDate(in: container))
            } else {
                rule = unstepped
            }
        }
        if let problem = rule.problems.first {
            throw CodingFailure.corrupted(problem.message, at: container.codingPath + [FieldKey(problem.field)], underlying: problem)
        }
        self = rule
    }

    /// A stepped rule's `from`: a local date, `"2027-01-04"`.
    private static func localDate(in container: KeyedDecodingContainer<FieldKey>) throws -> CivilDate {
        let text = try CodingFailure.decode(String.self, forKey: "from", in: container, expected: "a local date such as \"2027-01-04\"")
        guard let date = CivilDate(isoDate: text) else {
            throw CodingFailure.corrupted(
                "'\(text)' is not a local date; a stepped rule's 'from' is a date such as \"2027-01-04\", without a time or an offset",
                at: container.codingPath + [FieldKey("from")])
        }
        return date
    }

    private static func calendarRule(every: String, from container: KeyedDecodingContainer<FieldKey>) throws -> Rule {
        /// `"02:30"`, or a list of times `["08:00", "20:00"]` (their order is checked with the rule's problems).
        func time() throws -> [TimeOfDay] {
            try CodingFailure.require("at", in: container, "an every: \(every) rule needs 'at', \(timeExample) or a list of them")
            guard var list = try? container.nestedUnkeyedContainer(forKey: "at") else {
                return [try CodingFailure.decode(TimeOfDay.self, forKey: "at", in: container, expected: "\(timeExample) or a list of them")]
            }
            var times: [TimeOfDay] = []
            while !list.isAtEnd {
                let position = list.currentIndex
                do {
                    times.append(try list.decode(TimeOfDay.self))
                } catch DecodingError.typeMismatch, DecodingError.valueNotFound {
                    throw CodingFailure.corrupted(
                        "expected \(timeExample)", at: container.codingPath + [FieldKey("at"), FieldKey(index: position)])
                }
            }
            return times
        }
        /// `day` (1…31 or "last"), or `on` (the n-th weekday, "last friday"): one of the two.
        func day() throws -> DayOfMonth {
            if container.contains("on") {
                if container.contains("day") {
                    throw CodingFailure.corrupted(
                        "an every: \(every) rule has 'day' or 'on', not both; keep 'day' for a day of the month or 'on' for a weekday of it",
                        at: container.codingPath + [FieldKey("on")])
                }
                let text = try CodingFailure.decode(String.self, forKey: "on", in: container, expected: "a weekday of the month such as \"last friday\"")
                guard let weekday = DayOfMonth(weekdayPhrase: text) else {
                    throw CodingFailure.corrupted(
                        "'\(text)' is not a weekday of the month; write first … fifth (or 1st … 5th) or last, and a weekday: \"last friday\", \"2nd tuesday\"",
                        at: container.codingPath + [FieldKey("on")])
                }
                return weekday
            }
            try CodingFailure.require("day", in: container, "an every: \(every) rule needs 'day', 1…31 or \"last\" (or 'on', a weekday of the month such as \"last friday\")")
            let day = try CodingFailure.decode(DayOfMonth.self, forKey: "day", in: container, expected: "a day 1…31 or \"last\"")
            if case .weekday = day {
                throw CodingFailure.corrupted("'\(day)' is a weekday of the month: write it as 'on', not 'day'", at: container.codingPath + [FieldKey("day")])
            }
            return day
        }
        func missingDay() throws -> MissingDayPolicy? {
            guard container.contains("missing-day") else { return nil }
            return try CodingFailure.decodeSpelled(MissingDayPolicy.self, forKey: "missing-day", in: container, what: "a missing-day policy")
        }
        func integer(_ key: FieldKey, default value: Int? = nil, example: String) throws -> Int {
            if let value, !container.contains(key) { return value }
            try CodingFailure.require(key, in: container, "an every: \(every) rule needs '\(key.stringValue)', \(example)")
            return try CodingFailure.decode(Int.self, forKey: key, in: container, expected: example)
        }
        switch every {
        case "day":
            return .daily(at: try time())
        case "week":
            try CodingFailure.require("on", in: container, "an every: week rule needs 'on', a list of weekdays such as [\"monday\", \"thursday\"]")
            var list = try container.nestedUnkeyedContainer(forKey: "on")
            var days: [Weekday] = []
            while !list.isAtEnd {
                let position = list.currentIndex
                let name = try list.decode(String.self)
                guard let day = Weekday(name: name) else {
                    throw CodingFailure.corrupted(
                        "'\(name)' is not a weekday; write monday … sunday (or mon … sun)",
                        at: container.codingPath + [FieldKey("on"), FieldKey(index: position)])
                }
                days.append(day)
            }
            return .weekly(on: days, at: try time())
        case "month":
            return .monthly(day: try day(), at: try time(), missingDay: try missingDay())
        case "year":
            return .yearly(month: try integer("month", example: "a month 1…12"), day: try day(), at: try time(), missingDay: try missingDay())
        default:
            return .hourly(minute: try integer("minute", example: "a minute 0…59"),
                           second: try integer("second", default: 0, example: "a second 0…59"))
        }
    }

    /// Writes the map form; a rule that can never match (`problems` not empty) is refused with an `EncodingError`,
    /// since it could not be read back.
    public func encode(to encoder: any Encoder) throws {
        if let problem = problems.first {
            let path = encoder.codingPath + [FieldKey(problem.field)]
            throw EncodingError.invalidValue(self, EncodingError.Context(
                codingPath: path,
                debugDescription: CodingFailure.located("\(problem.message); a rule that can never match is not written", at: path),
                underlyingError: problem))
        }
        var container = encoder.container(keyedBy: FieldKey.self)
        try encodeFields(every: nil, in: &container)
    }

    /// The fields of the map form; `every` replaces a day, week, month or year rule's period word (a stepped rule's
    /// `"2 weeks"`).
    private func encodeFields(every: String?, in container: inout KeyedEncodingContainer<FieldKey>) throws {
        switch self {
        case .stepped(let inner, let count, let from):
            try inner.encodeFields(every: StepUnit(periodOf: inner)?.text(count: count), in: &container)
            try container.encode(from.isoText, forKey: "from")
        case .daily(let times):
            try container.encode(every ?? "day", forKey: "every")
            try Self.encode(times, in: &container)
        case .weekly(let days, let times):
            try container.encode(every ?? "week", forKey: "every")
            try container.encode(days.map(\.name), forKey: "on")
            try Self.encode(times, in: &container)
        case .monthly(let day, let times, let missingDay):
            try container.encode(every ?? "month", forKey: "every")
            try container.encode(day, forKey: Self.dayKey(day))
            try Self.encode(times, in: &container)
            try container.encodeIfPresent(missingDay, forKey: "missing-day")
        case .yearly(let month, let day, let times, let missingDay):
            try container.encode(every ?? "year", forKey: "every")
            try container.encode(month, forKey: "month")
            try container.encode(day, forKey: Self.dayKey(day))
            try Self.encode(times, in: &container)
            try container.encodeIfPresent(missingDay, forKey: "missing-day")
        case .hourly(let minute, let second):
            try container.encode("hour", forKey: "every")
            try container.encode(minute, forKey: "minute")
            try container.encode(second, forKey: "second")
        case .interval(let seconds, let from):
            try container.encode(seconds, forKey: "interval")
            guard let text = CodedInstantText.string(for: from) else {
                let path = container.codingPath + [FieldKey("from")]
                throw EncodingError.invalidValue(from, EncodingError.Context(
                    codingPath: path,
                    debugDescription: CodingFailure.located("\(from.timeIntervalSince1970) s since 1970 is outside the years 0001…9999 that RFC 3339 writes", at: path)))
            }
            try container.encode(text, forKey: "from")
        }
    }

    /// `at`: one time as a string (as before lists existed), several as a list.
    private static func encode(_ times: [TimeOfDay], in container: inout KeyedEncodingContainer<FieldKey>) throws {
        if times.count == 1 {
            try container.encode(times[0], forKey: "at")
        } else {
            try container.encode(times, forKey: "at")
        }
    }

    /// `on` for the n-th weekday of a month, `day` for the others.
    private static func dayKey(_ day: DayOfMonth) -> FieldKey {
        if case .weekday = day { return "on" }
        return "day"
    }
}
