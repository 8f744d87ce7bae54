import Foundation
import Recurrence
import Testing

/// Stored JSON that is no valid schedule is refused with a `DecodingError` whose `debugDescription` starts with the
/// field's path and says what to write; nothing traps. Each case changes one field of a valid schedule.
@Suite struct ScheduleDecodingRefusalTests {
    static let valid = #"{"id": "nightly-sync", "version": 1, "timezone": "Europe/Berlin", "rule": {"every": "day", "at": "02:30"}, "nonexistent": "skip", "repeated": "first", "limit": 10000}"#

    /// The valid schedule with `old` replaced by `new` (which must occur once).
    static func changed(_ old: String, _ new: String) -> String {
        precondition(valid.components(separatedBy: old).count == 2, "'\(old)' is not once in the valid schedule")
        return valid.replacingOccurrences(of: old, with: new)
    }

    static func decodingError(_ json: String) -> DecodingError? {
        do {
            _ = try JSONDecoder().decode(Schedule.self, from: Data(json.utf8))
            return nil
        } catch let error as DecodingError {
            return error
        } catch {
            Issue.record("not a DecodingError: \(error)")
            return nil
        }
    }

    static func context(_ error: DecodingError) -> DecodingError.Context? {
        switch error {
        case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
            context
        @unknown default:
            nil
        }
    }

    @Test func theValidScheduleDecodes() throws {
        let schedule = try JSONDecoder().decode(Schedule.self, from: Data(Self.valid.utf8))
        #expect(schedule == (try Schedule(
            id: "nightly-sync", rule: .daily(at: TimeOfDay("02:30")), timeZone: #require(TimeZone(identifier: "Europe/Berlin")),
            nonexistent: .skip, repeated: .first)))
    }

    @Test("each refusal names the field and says what to write", arguments: [
        (changed(#""Europe/Berlin""#, #""Europe/Berln""#),
         "timezone: 'Europe/Berln' is not a time zone this system knows; write an IANA identifier such as \"Europe/Berlin\""),
        (changed(#""at": "02:30""#, #""at": "25:00""#),
         "rule.at: '25:00' is not a time of day: the hour must be 0…23, not 25; write HH:MM or HH:MM:SS, e.g. 02:30"),
        (changed(#""at": "02:30""#, #""at": "2:3""#),
         "rule.at: '2:3' is not a time of day: the minutes '3' need exactly two digits; write HH:MM or HH:MM:SS, e.g. 02:30"),
        (changed(#"{"every": "day", "at": "02:30"}"#, #"{"every": "year", "month": 13, "day": 1, "at": "02:30"}"#),
         "rule.month: month must be 1…12, not 13"),
        (changed(#"{"every": "day", "at": "02:30"}"#, #"{"every": "month", "day": 0, "at": "02:30"}"#),
         "rule.day: day must be 1…31 or \"last\", not 0"),
        (changed(#"{"every": "day", "at": "02:30"}"#, #"{"every": "month", "day": "first", "at": "02:30"}"#),
         "rule.day: 'first' is not a day of the month; write 1…31, \"last\", or a weekday of the month such as \"last friday\""),
        (changed(#"{"every": "day", "at": "02:30"}"#, #"{"every": "month", "day": 15, "on": "last friday", "at": "02:30"}"#),
         "rule.on: an every: month rule has 'day' or 'on', not both; keep 'day' for a day of the month or 'on' for a weekday of it"),
        (changed(#"{"every": "day", "at": "02:30"}"#, #"{"every": "month", "on": "lst friday", "at": "02:30"}"#),
         "rule.on: 'lst friday' is not a weekday of the month; write first … fifth (or 1st … 5th) or last, and a weekday: \"last friday\", \"2nd tuesday\""),
        (changed(#"{"every": "day", "at": "02:30"}"#, #"{"every": "month", "day": "last friday", "at": "02:30"}"#),
         "rule.day: 'last friday' is a weekday of the month: write it as 'on', not 'day'"),
        (changed(#"{"every": "day", "at": "02:30"}"#, #"{"every": "month", "on": "fifth monday", "at": "02:30"}"#),
         "rule.missing-day: a fifth monday is missing in most months; add 'missing-day: skip' or 'missing-day: last-day' (the month's last monday)"),
        (changed(#"{"every": "day", "at": "02:30"}"#, #"{"every": "month", "day": 31, "at": "02:30"}"#),
         "rule.missing-day: day 31 is missing in some months; add 'missing-day: skip' or 'missing-day: last-day'"),
        (changed(#"{"every": "day", "at": "02:30"}"#, #"{"every": "year", "month": 2, "day": 30, "at": "02:30", "missing-day": "skip"}"#),
         "rule.day: February never has day 30, so the rule never matches; use 'day: last' or 'day: 29' with 'missing-day'"),
        (changed(#"{"every": "day", "at": "02:30"}"#, #"{"every": "month", "day": 31, "at": "02:30", "missing-day": "end"}"#),
         "rule.missing-day: 'end' is not a missing-day policy; write one of skip, last-day"),
        (changed(#"{"every": "day", "at": "02:30"}"#, #"{"interval": 0, "from": "2027-03-27T01:30:00Z"}"#),
         "rule.interval: the interval must be longer than zero, e.g. 90m or 24h"),
        (changed(#"{"every": "day", "at": "02:30"}"#, #"{"interval": -60, "from": "2027-03-27T01:30:00Z"}"#),
         "rule.interval: the interval must be longer than zero, e.g. 90m or 24h"),
        (changed(#"{"every": "day", "at": "02:30"}"#, #"{"interval": 9223372036854775807, "from": "2027-03-27T01:30:00Z"}"#),
         "rule.interval: the interval must be at most 10^15 seconds (about 31 million years), not 9223372036854775807"),
        (changed(#"{"every": "day", "at": "02:30"}"#, #"{"interval": "90m", "from": "2027-03-27T01:30:00Z"}"#),
         "rule.interval: expected whole seconds such as 5400 (90 minutes)"),
        (changed(#"{"every": "day", "at": "02:30"}"#, #"{"interval": 5400, "from": "2027-02-29T01:30:00Z"}"#),
         "rule.from: '2027-02-29T01:30:00Z' is not an RFC 3339 instant; write one such as \"2027-03-27T01:30:00Z\" or \"2027-03-27T02:30:00+01:00\""),
        (changed(#"{"every": "day", "at": "02:30"}"#, #"{"interval": 5400, "from": "2027-03-27T02:30:00+01:60"}"#),
         "rule.from: '2027-03-27T02:30:00+01:60' is not an RFC 3339 instant; write one such as \"2027-03-27T01:30:00Z\" or \"2027-03-27T02:30:00+01:00\""),
        (changed(#"{"every": "day", "at": "02:30"}"#, #"{"interval": 5400}"#),
         "rule: an interval rule needs 'from', an RFC 3339 instant such as \"2027-03-27T01:30:00Z\""),
        (changed(#"{"every": "day", "at": "02:30"}"#, #"{"every": "day", "interval": 5400, "from": "2027-03-27T01:30:00Z"}"#),
         "rule.every: a rule has 'every' or 'interval', not both; remove one"),
        (changed(#"{"every": "day", "at": "02:30"}"#, #"{"every": "fortnight", "at": "02:30"}"#),
         "rule.every: 'fortnight' is not a period; write day, week, month, year or hour, or a count and one, such as \"2 weeks\" (or 'interval' and 'from' for elapsed time)"),
        (changed(#"{"every": "day", "at": "02:30"}"#, #"{"at": "02:30"}"#),
         "rule: a rule needs 'every' (day, week, month, year or hour), or 'interval' and 'from'"),
        (changed(#"{"every": "day", "at": "02:30"}"#, #"{"every": "day", "at": "02:30", "on": ["monday"]}"#),
         "rule.on: 'on' is not a field of an every: day rule; its fields are 'every', 'at', 'from'"),
        (changed(#"{"every": "day", "at": "02:30"}"#, #"{"every": "week", "on": ["monday", "funday"], "at": "02:30"}"#),
         "rule.on[1]: 'funday' is not a weekday; write monday … sunday (or mon … sun)"),
        (changed(#"{"every": "day", "at": "02:30"}"#, #"{"every": "week", "on": [], "at": "02:30"}"#),
         "rule.on: 'on' lists no weekday, so the rule never matches; name at least one day (monday … sunday)"),
        (changed(#"{"every": "day", "at": "02:30"}"#, #"{"every": "hour", "minute": 60}"#),
         "rule.minute: minute must be 0…59, not 60"),
        (changed(#"{"every": "day", "at": "02:30"}"#, #"{"every": "day"}"#),
         "rule: an every: day rule needs 'at', a time of day such as \"02:30\" or a list of them"),
        (changed(#""nonexistent": "skip""#, #""nonexistent": "later""#),
         "nonexistent: 'later' is not a nonexistent-time policy; write one of skip, next-valid-time, shift-forward, shift-backward"),
        (changed(#""nonexistent": "skip", "#, ""),
         "a schedule with a calendar rule needs 'nonexistent' and 'repeated': what to do when the rule's wall time is skipped (a gap) or happens twice (an overlap)"),
        (changed(#""repeated": "first", "#, ""),
         "a schedule with a calendar rule needs 'nonexistent' and 'repeated': what to do when the rule's wall time is skipped (a gap) or happens twice (an overlap)"),
        (changed(#""timezone": "Europe/Berlin", "#, ""),
         "a schedule with a calendar rule needs 'timezone', an IANA identifier such as \"Europe/Berlin\""),
        (changed(#""limit": 10000"#, #""limit": 0"#),
         "limit: 'limit' (searchLimit) must be at least 1, not 0: a search that may consider no slot never finds an occurrence; leave it out for the default 10000"),
        (changed(#""limit": 10000"#, #""limit": 1e30"#),
         "limit: expected a whole number of candidate slots such as 10000"),
        (changed(#""limit": 10000"#, #""limit": 1.5"#),
         "limit: expected a whole number of candidate slots such as 10000"),
        (changed(#""version": 1"#, #""version": null"#),
         "version: expected a whole number such as 1, not null"),
        (changed(#""limit": 10000"#, #""limit": 10000, "time_zone": "UTC""#),
         "time_zone: 'time_zone' is not a field of a schedule; its fields are 'id', 'version', 'timezone', 'rule', 'nonexistent', 'repeated', 'limit'"),
    ])
    func refused(json: String, message: String) throws {
        let error = try #require(Self.decodingError(json))
        #expect(Self.context(error)?.debugDescription == message)
    }

    @Test("the error's coding path leads to the field, so an app can point at it")
    func codingPathLeadsToTheField() throws {
        let json = Self.changed(#"{"every": "day", "at": "02:30"}"#, #"{"every": "week", "on": ["monday", "funday"], "at": "02:30"}"#)
        let error = try #require(Self.decodingError(json))
        let path = try #require(Self.context(error)).codingPath
        #expect(path.map(\.stringValue) == ["rule", "on", "Index 1"])
        #expect(path.last?.intValue == 1)
        guard case .dataCorrupted = error else {
            Issue.record("expected dataCorrupted, got \(error)")
            return
        }
    }

    @Test("an interval schedule may leave out the zone and both policies")
    func intervalScheduleWithoutPolicies() throws {
        let json = #"{"id": "every-90m", "rule": {"interval": 5400, "from": "2027-03-28T00:00:00Z"}}"#
        let schedule = try JSONDecoder().decode(Schedule.self, from: Data(json.utf8))
        #expect(schedule == (try Schedule(id: "every-90m", interval: 5400, from: Date("2027-03-28T00:00:00Z", strategy: .iso8601))))
        #expect(schedule.timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: 0)) == 0)
    }

    /// The refusals' own example writes `from` with an offset: it reads as the instant it names, west of UTC too.
    /// 1806111000 is 2027-03-27T01:30:00Z (Python: datetime.fromisoformat(text).timestamp() for each text).
    @Test("a from written with an offset is the instant it names",
          arguments: ["2027-03-27T02:30:00+01:00", "2027-03-26T22:00:00-03:30", "2027-03-27T01:30:00+00:00"])
    func fromWithAnOffset(text: String) throws {
        let json = #"{"id": "every-90m", "rule": {"interval": 5400, "from": "\#(text)"}}"#
        let schedule = try JSONDecoder().decode(Schedule.self, from: Data(json.utf8))
        #expect(schedule == (try Schedule(id: "every-90m", interval: 5400, from: Date(timeIntervalSince1970: 1_806_111_000))))
    }

    @Test("a rule or a zone that could not be read back is not written")
    func encodingRefusesWhatCouldNotBeRead() throws {
        let nine = try TimeOfDay("09:00")
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(Rule.monthly(day: .day(31), at: nine)) }
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(Rule.yearly(month: 13, day: .day(1), at: nine)) }
        #expect(throws: EncodingError.self) {
            try JSONEncoder().encode(Rule.interval(seconds: 60, from: Date(timeIntervalSince1970: 1e13)))
        }
    }
}
