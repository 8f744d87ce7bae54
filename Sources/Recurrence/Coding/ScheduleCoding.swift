import Foundation

/// A schedule as JSON, with the keys and spellings of the spec language's `schedule:` section:
///
/// ```json
/// {"id": "nightly-sync", "version": 1, "timezone": "Europe/Berlin", "rule": {"every": "day", "at": "02:30"},
///  "nonexistent": "skip", "repeated": "first", "limit": 10000}
/// ```
///
/// Encoding writes every field. Decoding fills `version` (1) and `limit` (10,000) when they are left out, and for
/// an interval rule also `timezone` (UTC), `nonexistent` (skip) and `repeated` (first), which change nothing there.
/// Anything the initializer would refuse, an unknown zone, an unknown field or a value of the wrong kind is a
/// `DecodingError` whose `debugDescription` starts with the field's path (`rule.at: '25:00' is not a time of day: …`).
extension Schedule: Codable {
    private static let fields = ["id", "version", "timezone", "rule", "nonexistent", "repeated", "limit"]

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: FieldKey.self)
        try CodingFailure.refuseUnknownKeys(in: container, allowed: Self.fields, of: "a schedule")
        try CodingFailure.require("id", in: container, "a schedule needs 'id', the name its dedup keys start with")
        let id = try CodingFailure.decode(String.self, forKey: "id", in: container, expected: "a name such as \"nightly-sync\"")
        let version = container.contains("version")
            ? try CodingFailure.decode(Int.self, forKey: "version", in: container, expected: "a whole number such as 1") : 1
        try CodingFailure.require("rule", in: container, "a schedule needs 'rule', such as {\"every\": \"day\", \"at\": \"02:30\"}")
        let rule = try container.decode(Rule.self, forKey: "rule")
        let calendar = rule.isCalendarRule

        let timeZone: TimeZone
        if container.contains("timezone") {
            let name = try CodingFailure.decode(String.self, forKey: "timezone", in: container, expected: "an IANA identifier such as \"Europe/Berlin\"")
            guard let zone = TimeZone(identifier: name) else {
                throw CodingFailure.corrupted(
                    "'\(name)' is not a time zone this system knows; write an IANA identifier such as \"Europe/Berlin\"",
                    at: container.codingPath + [FieldKey("timezone")])
            }
            timeZone = zone
        } else if calendar {
            throw CodingFailure.missing("timezone", in: container.codingPath, "a schedule with a calendar rule needs 'timezone', an IANA identifier such as \"Europe/Berlin\"")
        } else {
            timeZone = Schedule.intervalTimeZone
        }

        let policies = "what to do when the rule's wall time is skipped (a gap) or happens twice (an overlap)"
        if calendar {
            try CodingFailure.require("nonexistent", in: container, "a schedule with a calendar rule needs 'nonexistent' and 'repeated': \(policies)")
            try CodingFailure.require("repeated", in: container, "a schedule with a calendar rule needs 'nonexistent' and 'repeated': \(policies)")
        }
        let nonexistent = container.contains("nonexistent")
            ? try CodingFailure.decodeSpelled(NonexistentTimePolicy.self, forKey: "nonexistent", in: container, what: "a nonexistent-time policy")
            : .skip
        let repeated = container.contains("repeated")
            ? try CodingFailure.decodeSpelled(RepeatedTimePolicy.self, forKey: "repeated", in: container, what: "a repeated-time policy")
            : .first
        let limit = container.contains("limit")
            ? try CodingFailure.decode(Int.self, forKey: "limit", in: container, expected: "a whole number of candidate slots such as 10000")
            : Schedule.defaultSearchLimit

        do {
            self = try Schedule(
                id: id, version: version, rule: rule, timeZone: timeZone, nonexistent: nonexistent, repeated: repeated,
                searchLimit: limit)
        } catch {
            // The rule was checked as it was read, so what is left here is the limit.
            let problem = error.problems.first
            let path: [any CodingKey] = problem?.field == "limit" ? [FieldKey("limit")] : [FieldKey("rule")] + (problem.map { [FieldKey($0.field)] } ?? [])
            throw CodingFailure.corrupted(problem?.message ?? error.description, at: container.codingPath + path, underlying: error)
        }
    }

    /// Writes all seven fields. A zone whose identifier does not name it again (`TimeZone(identifier:)` gives
    /// another zone, or none) is an `EncodingError`: what is written must read back as the same schedule.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: FieldKey.self)
        try container.encode(id, forKey: "id")
        try container.encode(version, forKey: "version")
        guard TimeZone(identifier: timeZone.identifier) == timeZone else {
            let path = container.codingPath + [FieldKey("timezone")]
            throw EncodingError.invalidValue(timeZone, EncodingError.Context(
                codingPath: path,
                debugDescription: CodingFailure.located("the zone '\(timeZone.identifier)' does not read back by its identifier; make the schedule with TimeZone(identifier:)", at: path)))
        }
        try container.encode(timeZone.identifier, forKey: "timezone")
        try container.encode(rule, forKey: "rule")
        try container.encode(nonexistent, forKey: "nonexistent")
        try container.encode(repeated, forKey: "repeated")
        try container.encode(searchLimit, forKey: "limit")
    }
}

extension RecurrenceError {
    /// The problems of `invalidRule`; empty for every other case.
    fileprivate var problems: [RuleProblem] {
        if case .invalidRule(let problems) = self { return problems }
        return []
    }
}
