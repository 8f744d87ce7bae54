import Recurrence
@testable import SpecParser
import Testing

/// `at: {from: "08:00", through: "17:30", every: 30m}` reads to the list of times it stands for, alone or among times,
/// in every calendar form; what it cannot stand for is refused where the spec is read (`Invalid/rule-at-steps-*`).
@Suite struct TimeStepsReadingTests {
    static func minutes(_ values: [Int]) -> [TimeOfDay] { values.map { TimeOfDay(hour: $0 / 60, minute: $0 % 60)! } }

    @Test("times in steps read to the listed times", arguments: [
        (#"{every: day, at: {from: "08:00", through: "09:00", every: 30m}}"#, Rule.daily(at: minutes([480, 510, 540]))),
        (#"{every: day, at: {every: 6h}}"#, .daily(at: minutes([0, 360, 720, 1080]))),
        (#"{every: day, at: {from: "22:00", every: 45m}}"#, .daily(at: minutes([1320, 1365, 1410]))),
        (#"{every: week, on: [friday], at: [{from: "08:00", through: "09:00", every: 1h}, "20:00"]}"#, .weekly(on: [.friday], at: minutes([480, 540, 1200]))),
        (#"{every: month, day: last, at: [{from: "01:00", through: "02:00", every: 1h}, {from: "13:00", through: "13:30", every: 15m}]}"#,
         .monthly(day: .last, at: minutes([60, 120, 780, 795, 810]))),
        (#"{every: day, at: {from: "00:00:30", through: "00:02:30", every: 1m}}"#,
         .daily(at: [TimeOfDay(hour: 0, minute: 0, second: 30)!, TimeOfDay(hour: 0, minute: 1, second: 30)!, TimeOfDay(hour: 0, minute: 2, second: 30)!])),
    ])
    func stepsReadToTheList(rule: String, expected: Rule) throws {
        #expect(try SteppedRuleReadingTests.rule(rule) == expected)
    }

    /// Steps across midnight are refused with two items to write instead, the early ones first; applied as written,
    /// they read (the black-box review found the first wording's order refused), on the step's grid.
    @Test("steps across midnight are told two items that read", arguments: [
        (#"{every: day, at: {from: "22:00", through: "02:00", every: 1h}}"#, [0, 60, 120, 1320, 1380]),
        (#"{every: day, at: {from: "22:30", through: "02:00", every: 45m}}"#, [0, 45, 90, 1350, 1395]),
        (#"{every: day, at: {from: "23:30", through: "00:10", every: 20m}}"#, [10, 1410, 1430]),
    ])
    func acrossMidnight(rule: String, minutes: [Int]) throws {
        let errors = SteppedRuleReadingTests.parse(rule).diagnostics.filter { $0.severity == .error }
        try #require(errors.count == 1)
        let offered = try #require(errors[0].message.components(separatedBy: "the early ones first: at: ").last?.components(separatedBy: ". Both").first)
        #expect(try SteppedRuleReadingTests.rule("{every: day, at: \(offered)}") == .daily(at: Self.minutes(minutes)))
    }

    /// In a list, the message says what to write in the item's place: applied there, the list's other times stay (the
    /// re-review found 08:00–09:00 lost when the whole list was replaced by the suggestion).
    @Test("an item across midnight, or of one time, is told what to write in its place")
    func inAListTheItemIsReplaced() throws {
        let across = try Self.onlyError(#"{every: day, at: [{from: "08:00", through: "09:00", every: 30m}, {from: "22:00", through: "01:00", every: 1h}]}"#)
        #expect(across.contains(#"in place of this one write {from: "00:00", through: "01:00", every: 1h} and {from: "22:00", every: 1h}, the first among the list's early times"#), "\(across)")
        #expect(try SteppedRuleReadingTests.rule(#"{every: day, at: [{from: "00:00", through: "01:00", every: 1h}, {from: "08:00", through: "09:00", every: 30m}, {from: "22:00", every: 1h}]}"#)
                == .daily(at: Self.minutes([0, 60, 480, 510, 540, 1320, 1380])))
        let one = try Self.onlyError(#"{every: day, at: [{from: "08:00", through: "08:00", every: 30m}, "20:00"]}"#)
        #expect(one.hasSuffix(#"for the one time write this item as "08:00""#), "\(one)")
    }

    /// A range spelled another way is told a value that reads as written: off the steps moved back onto them, across
    /// midnight two items (the re-review had both suggestions refused in turn).
    @Test("a range spelled another way is told steps that read", arguments: [
        (#""08:00-17:45/30m""#, #"{from: "08:00", through: "17:30", every: 30m}"#, (16...35).map { $0 * 30 }),
        (#""22:00-02:00/1h""#, #"[{from: "00:00", through: "02:00", every: 1h}, {from: "22:00", every: 1h}]"#, [0, 60, 120, 1320, 1380]),
        (#""*/20 9-10""#, #"{from: "09:00", through: "10:40", every: 20m}"#, [540, 560, 580, 600, 620, 640]),
        // One cron field pasted alone: hours on the hour, or minutes all day.
        (#""8-17""#, #"{from: "08:00", through: "17:00", every: 1h}"#, (8...17).map { $0 * 60 }),
        (#""8-17/4""#, #"{from: "08:00", through: "16:00", every: 4h}"#, [480, 720, 960]),
        (#""*/15""#, #"{from: "00:00", every: 15m}"#, (0..<96).map { $0 * 15 }),
    ])
    func spelledRangeToldStepsThatRead(at: String, told: String, minutes: [Int]) throws {
        let message = try Self.onlyError("{every: day, at: \(at)}")
        #expect(message.hasSuffix("for times in steps write at: \(told)"), "\(message)")
        #expect(try SteppedRuleReadingTests.rule("{every: day, at: \(told)}") == .daily(at: Self.minutes(minutes)))
    }

    /// The re-review's `[["08:00", "09:00"]]` was told sample times (08:00, 20:00), not its own.
    @Test func aListInsideTheListIsToldItsOwnTimes() throws {
        #expect(try Self.onlyError(#"{every: day, at: [["08:00", "09:00"]]}"#).hasSuffix(#"write at: ["08:00", "09:00"]"#))
    }

    static func onlyError(_ rule: String) throws -> String {
        let errors = SteppedRuleReadingTests.parse(rule).diagnostics.filter { $0.severity == .error }
        try #require(errors.count == 1, "\(errors.map(\.message))")
        return errors[0].message
    }

    @Test("the most times a day is one a minute, all day")
    func oneAMinuteIsTheMost() throws {
        #expect(try SteppedRuleReadingTests.rule(#"{every: day, at: {every: 1m}}"#).wallTimes.count == 1_440)
        let errors = SteppedRuleReadingTests.parse(#"{every: day, at: {every: 59s}}"#).diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.code) == ["invalid-rule"])
        #expect(errors.first?.message.contains("1465 times a day, more than the 1440") == true, "\(errors.map(\.message))")
    }

    @Test("a step that gives one time, or a through off the steps, is told the times to write", arguments: [
        (#"{every: day, at: {from: "23:00", every: 2h}}"#, #"a step of 2h from 23:00 gives only 23:00 in the day; write at: "23:00""#),
        (#"{every: day, at: {from: "08:00", through: "09:00", every: 2h}}"#, #"write the last time itself, 'through: "10:00"'"#),
        (#"{every: day, at: {from: "08:00", through: "08:50", every: 20m}}"#, #"write the last time itself, 'through: "08:40"' or 'through: "09:00"'"#),
        // A step of a day or more is told as written (it was `1d1h`), with the one time the day would hold.
        (#"{every: day, at: {from: "08:00", through: "17:00", every: 25h}}"#, #"'every: 25h' is a day or longer, so times in steps would give only 08:00 in the day"#),
        (#"{every: day, at: {from: "08:00", every: half an hour}}"#, #"'half an hour' is not a duration; did you mean '30m'?"#),
        (#"{every: day, at: ["06:00", "8-17"]}"#, #"'8-17' is not a wall time; for times in steps write this item as {from: "08:00", through: "17:00", every: 1h}"#),
        (#"{every: day, at: "9-9"}"#, #"'9-9' is not a wall time; write at: "09:00""#),
        (#"{every: day, at: "*/7"}"#, #"'*/7' is not a wall time; write 'at' as HH:MM"#),
        // Items each in order but not among themselves are told reordered, as written, not spelled out time by time.
        (#"{every: day, at: ["20:00", {from: "08:00", through: "10:00", every: 30m}]}"#,
         #"'at' lists 08:00 after 20:00; its times must be strictly increasing, each once: write the items in time order, at: [{from: "08:00", through: "10:00", every: 30m}, "20:00"]"#),
        (#"{every: day, at: [{from: "12:00", through: "20:00", every: 1h}, {from: "08:00", every: 30m, through: "11:30"}]}"#,
         #"write the items in time order, at: [{from: "08:00", through: "11:30", every: 30m}, {from: "12:00", through: "20:00", every: 1h}]"#),
        (#"{every: day, at: [{from: "08:00", through: "10:00", every: 30m}, "09:00"]}"#,
         #"'at' lists 09:00 after 10:00; its times must be strictly increasing, each once: write at: ["08:00", "08:30", "09:00", "09:30", "10:00"]"#),
        (#"{every: half hour}"#, "for elapsed time write an interval rule: {interval: 30m, from: <the first instant>}"),
        (#"{every: PT30M}"#, "for elapsed time write an interval rule: {interval: 30m, from: <the first instant>}"),
    ])
    func refusedWithTheTimes(rule: String, told: String) throws {
        let errors = SteppedRuleReadingTests.parse(rule).diagnostics.filter { $0.severity == .error }
        try #require(errors.count == 1, "\(errors.map(\.message))")
        #expect(errors[0].message.contains(told), "\(errors[0].message)")
    }
}
