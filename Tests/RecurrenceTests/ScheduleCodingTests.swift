import Foundation
import Recurrence
import Testing

/// A schedule stored as JSON reads back as the same schedule: equal, with the same occurrences, and written again
/// byte for byte the same. Over the sequence properties' schedules near real transitions and over every rule form.
@Suite struct ScheduleCodingTests {
    static func roundTrip(_ schedule: Schedule) throws -> (decoded: Schedule, json: Data, again: Data) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = try encoder.encode(schedule)
        let decoded = try JSONDecoder().decode(Schedule.self, from: json)
        return (decoded, json, try encoder.encode(decoded))
    }

    @Test("encode → decode gives the same schedule and the same occurrences, near transitions in 63 zones")
    func roundTripKeepsOccurrences() throws {
        var compared = 0
        for draw in try SequencePropertyTests.draws(count: 400, seed: 11) {
            let (decoded, json, again) = try Self.roundTrip(draw.schedule)
            let label = String(decoding: json, as: UTF8.self)
            #expect(decoded == draw.schedule, "\(label)")
            #expect(again == json, "\(label)")
            let original = try draw.schedule.occurrences(in: draw.window)
            #expect(try decoded.occurrences(in: draw.window) == original, "\(label)")
            #expect(try decoded.next(after: draw.window.after) == draw.schedule.next(after: draw.window.after), "\(label)")
            compared += original.count
        }
        // The draws hold thousands of occurrences; a handful would mean the windows were empty by mistake.
        #expect(compared > 2_000)
    }

    /// Every rule form with values across their ranges: hourly seconds, repeated and abbreviated weekdays, day
    /// `last`, every month, a third of them stepped (`every: 2 weeks` from a date the rule selects), and interval starts with fractions anywhere from year 1 to 9999 (around 2001 too, where
    /// a `Date`'s count of seconds is small and its fraction has the most bits).
    static func generatedRules(count: Int, seed: UInt64) throws -> [Rule] {
        var random = SeededGenerator(seed: seed)
        var rules: [Rule] = []
        for index in 0..<count {
            let time = try #require(TimeOfDay(
                hour: Int.random(in: 0...23, using: &random), minute: Int.random(in: 0...59, using: &random),
                second: Bool.random(using: &random) ? 0 : Int.random(in: 0...59, using: &random)))
            let missing: MissingDayPolicy? = [nil, .skip, .lastDay].randomElement(using: &random)!
            let day = Int.random(in: 1...31, using: &random)
            let month = Int.random(in: 1...12, using: &random)
            let days = (0..<Int.random(in: 1...9, using: &random)).map { _ in Weekday.allCases.randomElement(using: &random)! }
            // Year 1 begins 6.31e10 s before 2001; year 9999 ends 2.52e11 s after.
            let span = [1e3, 1e8, 3e9, 2.5e11].randomElement(using: &random)!
            let from = Date(timeIntervalSinceReferenceDate: Double.random(in: -min(span, 6.3e10)...span, using: &random))
            let nth = DayOfMonth.weekday(WeekdayOrdinal.allCases.randomElement(using: &random)!, Weekday.allCases.randomElement(using: &random)!)
            let dayOfMonth: [DayOfMonth] = [.last, .day(day), nth]
            let candidates: [Rule] = [
                .daily(at: time),
                .weekly(on: days, at: time),
                .monthly(day: dayOfMonth.randomElement(using: &random)!, at: time, missingDay: missing),
                .yearly(month: month, day: dayOfMonth.randomElement(using: &random)!, at: time, missingDay: missing),
                .hourly(minute: time.minute, second: time.second),
                .interval(seconds: Int.random(in: 1...400_000, using: &random), from: from),
                .interval(seconds: 60, from: from.addingTimeInterval(-from.timeIntervalSinceReferenceDate.truncatingRemainder(dividingBy: 1))),
            ]
            // Stepped rules, `from` the first date the inner rule selects on or after a day of 2026–2027.
            let inner = candidates[index % 4]
            var start = CivilDate(daysSinceEpoch: 20_454 + Int.random(in: 0...700, using: &random))
            for _ in 0..<400 where !Rule.stepped(inner, every: 2, from: start).problems.isEmpty {
                start = CivilDate(daysSinceEpoch: start.daysSinceEpoch + 1)
            }
            let stepped = Rule.stepped(inner, every: Int.random(in: 1...6, using: &random), from: start)
            let rule = index % 3 == 0 ? stepped : candidates[index % candidates.count]
            if rule.problems.isEmpty { rules.append(rule) }
        }
        return rules
    }

    @Test("every rule form reads back equal, and a schedule of it finds the same occurrences")
    func everyRuleFormRoundTrips() throws {
        let rules = try Self.generatedRules(count: 3_000, seed: 12)
        #expect(rules.count > 2_000)
        let zones = try ["Europe/Berlin", "Australia/Lord_Howe", "America/St_Johns", "Pacific/Apia"].map { try #require(TimeZone(identifier: $0)) }
        for (index, rule) in rules.enumerated() {
            let json = try JSONEncoder().encode(rule)
            let label = String(decoding: json, as: UTF8.self)
            #expect(try JSONDecoder().decode(Rule.self, from: json) == rule, "\(label)")
            guard index % 10 == 0 else { continue }
            let schedule = try Schedule(
                id: "r\(index)", version: index, rule: rule, timeZone: zones[index % zones.count],
                nonexistent: NonexistentTimePolicy.allCases[index % 4], repeated: RepeatedTimePolicy.allCases[index % 3],
                searchLimit: 1 + index)
            let (decoded, _, _) = try Self.roundTrip(schedule)
            #expect(decoded == schedule, "\(label)")
            // Forty days of a calendar rule; fifty steps of an interval, from a cursor past its start.
            var cursor = try Date("2027-03-20T00:00:00Z", strategy: .iso8601)
            var span = 40.0 * 86_400
            if case .interval(let seconds, let from) = rule {
                cursor = from.addingTimeInterval(Double(seconds) * 1000.5)
                span = Double(seconds) * 50
            }
            let window = Window(after: cursor, through: cursor.addingTimeInterval(span))
            let original = Result { try schedule.occurrences(in: window) }
            let again = Result { try decoded.occurrences(in: window) }
            #expect("\(original)" == "\(again)", "\(label)")
        }
    }

    /// Instants written by hand from the calendar (2001-01-01T00:00:00Z is a `Date`'s zero; 2000 has 366 days, so
    /// −31,622,400 s is 2000-01-01T00:00:00Z; 8e8 s is 2026-05-09T06:13:20Z by Python's datetime).
    @Test("an interval's start is written with the fraction it has, and read back to the bit", arguments: [
        (0.0, "2001-01-01T00:00:00Z"),
        (0.25, "2001-01-01T00:00:00.25Z"),
        (-0.25, "2000-12-31T23:59:59.75Z"),
        (-1e-9, "2000-12-31T23:59:59.999999999Z"),
        (-31_622_400.5, "1999-12-31T23:59:59.5Z"),
        (800_000_000.1, "2026-05-09T06:13:20.1Z"),
    ])
    func intervalStartText(seconds: Double, text: String) throws {
        let rule = Rule.interval(seconds: 60, from: Date(timeIntervalSinceReferenceDate: seconds))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = try encoder.encode(rule)
        #expect(String(decoding: json, as: UTF8.self) == #"{"from":"\#(text)","interval":60}"#)
        #expect(try JSONDecoder().decode(Rule.self, from: json) == rule)
    }

    @Test("starts a Double can barely tell apart, 1e-20 s either side of 2001 and the smallest one, read back to the bit",
          arguments: [1e-20, -1e-20, Double.leastNonzeroMagnitude, -Double.leastNonzeroMagnitude, 1e-300])
    func tinyFractionsRoundTrip(seconds: Double) throws {
        let rule = Rule.interval(seconds: 60, from: Date(timeIntervalSinceReferenceDate: seconds))
        let decoded = try JSONDecoder().decode(Rule.self, from: try JSONEncoder().encode(rule))
        #expect(decoded == rule)
    }

    @Test("a start with an offset is read as the instant it names")
    func offsetStart() throws {
        let json = Data(#"{"interval": 5400, "from": "2027-03-27T02:30:00.5+01:00"}"#.utf8)
        let expected = try Date("2027-03-27T01:30:00Z", strategy: .iso8601).addingTimeInterval(0.5)
        #expect(try JSONDecoder().decode(Rule.self, from: json) == .interval(seconds: 5400, from: expected))
    }

    @Test("every zone the toolchain knows is written by its identifier and read back as the same zone")
    func everyZoneRoundTrips() throws {
        let rule = Rule.daily(at: try TimeOfDay("02:30"))
        var failed: [String] = []
        for identifier in TimeZone.knownTimeZoneIdentifiers {
            let zone = try #require(TimeZone(identifier: identifier))
            let schedule = try Schedule(id: "z", rule: rule, timeZone: zone, nonexistent: .skip, repeated: .both)
            let (decoded, json, _) = try Self.roundTrip(schedule)
            if decoded != schedule || !String(decoding: json, as: UTF8.self).contains(#""timezone":"\#(identifier)""#) {
                failed.append(identifier)
            }
        }
        #expect(TimeZone.knownTimeZoneIdentifiers.count > 400)
        #expect(failed.isEmpty, "\(failed.prefix(10))")
    }
}
