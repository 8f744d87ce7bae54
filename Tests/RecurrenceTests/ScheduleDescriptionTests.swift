import Foundation
import Recurrence
import Testing

/// Rules and schedules print as the spec language writes them; interval schedules need no policies; a search
/// limit below 1 is refused where the schedule is made.
@Suite struct ScheduleDescriptionTests {
    static let from = Date(timeIntervalSince1970: 1_806_111_000)   // 2027-03-27T01:30:00Z

    /// The wall times so many minutes into the day.
    static func minutes(_ values: Int...) -> [TimeOfDay] { values.map { TimeOfDay(hour: $0 / 60, minute: $0 % 60)! } }

    @Test("a rule prints as what a spec writes after 'rule:'", arguments: [
        (Rule.daily(at: TimeOfDay(hour: 2, minute: 30)!), "daily 02:30"),
        (.daily(at: TimeOfDay(hour: 9, minute: 0, second: 15)!), "daily 09:00:15"),
        (.weekly(on: [.monday, .thursday], at: TimeOfDay(hour: 9, minute: 0)!), "weekly mon,thu 09:00"),
        (.weekly(on: [], at: TimeOfDay(hour: 9, minute: 0)!), #"{every: week, on: [], at: "09:00"}"#),
        (.monthly(day: .day(31), at: TimeOfDay(hour: 2, minute: 30)!, missingDay: .skip),
         #"{every: month, day: 31, at: "02:30", missing-day: skip}"#),
        (.monthly(day: .last, at: TimeOfDay(hour: 9, minute: 0)!), #"{every: month, day: last, at: "09:00"}"#),
        (.yearly(month: 2, day: .day(29), at: TimeOfDay(hour: 12, minute: 0)!, missingDay: .lastDay),
         #"{every: year, month: 2, day: 29, at: "12:00", missing-day: last-day}"#),
        (.monthly(day: .weekday(.last, .friday), at: TimeOfDay(hour: 23, minute: 30)!),
         #"{every: month, on: last friday, at: "23:30"}"#),
        (.monthly(day: .weekday(.fifth, .monday), at: TimeOfDay(hour: 9, minute: 0)!, missingDay: .lastDay),
         #"{every: month, on: fifth monday, at: "09:00", missing-day: last-day}"#),
        (.yearly(month: 11, day: .weekday(.fourth, .thursday), at: TimeOfDay(hour: 12, minute: 0)!),
         #"{every: year, month: 11, on: fourth thursday, at: "12:00"}"#),
        (.hourly(minute: 15, second: 0), "{every: hour, minute: 15}"),
        (.hourly(minute: 15, second: 5), "{every: hour, minute: 15, second: 5}"),
        (.interval(seconds: 5400, from: from), "every 1h30m from 2027-03-27T01:30:00Z"),
        (.interval(seconds: 172_800, from: from), "every 48h from 2027-03-27T01:30:00Z"),
        (.stepped(.weekly(on: [.monday], at: TimeOfDay(hour: 9, minute: 0)!), every: 2, from: CivilDate(year: 2027, month: 1, day: 4)),
         #"{every: 2 weeks, on: [monday], at: "09:00", from: 2027-01-04}"#),
        (.stepped(.daily(at: [TimeOfDay(hour: 2, minute: 30)!, TimeOfDay(hour: 14, minute: 30)!]), every: 1, from: CivilDate(year: 2027, month: 3, day: 27)),
         #"{every: 1 day, at: ["02:30", "14:30"], from: 2027-03-27}"#),
        (.stepped(.monthly(day: .day(31), at: TimeOfDay(hour: 2, minute: 30)!, missingDay: .lastDay), every: 2, from: CivilDate(year: 2027, month: 1, day: 31)),
         #"{every: 2 months, day: 31, at: "02:30", missing-day: last-day, from: 2027-01-31}"#),
        (.stepped(.yearly(month: 2, day: .day(29), at: TimeOfDay(hour: 12, minute: 0)!, missingDay: .skip), every: 4, from: CivilDate(year: 2028, month: 2, day: 29)),
         #"{every: 4 years, month: 2, day: 29, at: "12:00", missing-day: skip, from: 2028-02-29}"#),
        // Past six times, runs of four or more evenly spaced times print as times in steps; shorter runs as times.
        (.daily(at: minutes(8 * 60, 9 * 60, 10 * 60, 11 * 60, 12 * 60, 13 * 60, 20 * 60)),
         #"{every: day, at: [{from: "08:00", through: "13:00", every: 1h}, "20:00"]}"#),
        (.weekly(on: [.monday], at: minutes(0, 90, 180, 270, 360, 450, 540, 600)),
         #"{every: week, on: [monday], at: [{from: "00:00", through: "09:00", every: 1h30m}, "10:00"]}"#),
        (.daily(at: minutes(60, 120, 180, 240, 300, 360)), "daily 01:00,02:00,03:00,04:00,05:00,06:00"),
        (.daily(at: minutes(60, 120, 180, 200, 300, 360, 400)), "daily 01:00,02:00,03:00,03:20,05:00,06:00,06:40"),
        (.monthly(day: .day(1), at: minutes(0, 1, 2, 3, 4, 5, 6)),
         #"{every: month, day: 1, at: {from: "00:00", through: "00:06", every: 1m}}"#),
    ])
    func ruleDescription(rule: Rule, text: String) {
        #expect("\(rule)" == text)
    }

    @Test func scheduleDescription() throws {
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        let nightly = try Schedule(
            id: "nightly-sync", rule: .daily(at: TimeOfDay("02:30")), timeZone: berlin, nonexistent: .skip, repeated: .first)
        #expect("\(nightly)" == "nightly-sync/v1: daily 02:30 in Europe/Berlin, nonexistent: skip, repeated: first")
        let leap = try Schedule(
            id: "leap", version: 3, rule: .yearly(month: 2, day: .day(29), at: TimeOfDay("12:00"), missingDay: .skip),
            timeZone: berlin, nonexistent: .shiftForward, repeated: .both, searchLimit: 5)
        #expect("\(leap)" == #"leap/v3: {every: year, month: 2, day: 29, at: "12:00", missing-day: skip} in Europe/Berlin, nonexistent: shift-forward, repeated: both, limit: 5"#)
        let every90m = try Schedule(id: "every-90m", interval: 5400, from: Self.from, timeZone: berlin)
        #expect("\(every90m)" == "every-90m/v1: every 1h30m from 2027-03-27T01:30:00Z")
        // UTC as a spec writes it: specrun's zone for `timezone: UTC` is Etc/UTC (Foundation's own "UTC" is GMT).
        let utc = try Schedule(
            id: "utc", rule: .daily(at: TimeOfDay("02:30")), timeZone: try #require(TimeZone(identifier: "Etc/UTC")),
            nonexistent: .skip, repeated: .first)
        #expect("\(utc)" == "utc/v1: daily 02:30 in UTC, nonexistent: skip, repeated: first")
    }

    @Test("an interval schedule is made without policies, as the full initializer makes it with skip and first")
    func intervalInitializer() throws {
        let short = try Schedule(id: "every-90m", interval: 5400, from: Self.from)
        let utc = try #require(TimeZone(identifier: "UTC"))
        #expect(short.timeZone.secondsFromGMT(for: Self.from) == 0)
        let full = try Schedule(
            id: "every-90m", rule: .interval(seconds: 5400, from: Self.from), timeZone: short.timeZone,
            nonexistent: .skip, repeated: .first)
        #expect(short == full)
        // Another zone and other policies change no occurrence of an interval.
        let other = try Schedule(
            id: "every-90m", rule: .interval(seconds: 5400, from: Self.from), timeZone: utc, nonexistent: .shiftBackward, repeated: .both)
        let window = Window(after: Self.from.addingTimeInterval(-1), through: Self.from.addingTimeInterval(86_400))
        #expect(try short.occurrences(in: window) == other.occurrences(in: window))
        #expect(try short.occurrences(in: window).count == 17)
        #expect(throws: RecurrenceError.invalidRule([RuleProblem(field: "interval", message: "the interval must be longer than zero, e.g. 90m or 24h")])) {
            try Schedule(id: "zero", interval: 0, from: Self.from)
        }
        // The longest interval is allowed, and its second instant (31.7 million years on) still has a key.
        let longest = try Schedule(id: "long", interval: Rule.longestInterval, from: Self.from)
        #expect(try longest.next(after: Self.from).date == Self.from.addingTimeInterval(1e15))
        #expect(throws: RecurrenceError.self) { try Schedule(id: "long", interval: Rule.longestInterval + 1, from: Self.from) }
    }

    @Test("a search limit below 1 is refused, naming the field; 1 is the smallest allowed", arguments: [0, -1, Int.min])
    func searchLimitBelowOne(limit: Int) throws {
        do {
            _ = try Schedule(id: "s", interval: 60, from: Self.from, searchLimit: limit)
            Issue.record("searchLimit \(limit) was accepted")
        } catch {
            guard case .invalidRule(let problems) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(problems.map(\.field) == ["limit"])
            #expect(error.description == "'limit' (searchLimit) must be at least 1, not \(limit): a search that may consider no slot never finds an occurrence; leave it out for the default 10000")
        }
        #expect(try Schedule(id: "s", interval: 60, from: Self.from, searchLimit: 1).searchLimit == 1)
    }
}
