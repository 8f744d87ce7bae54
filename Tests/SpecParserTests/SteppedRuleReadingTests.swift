import Foundation
import Recurrence
import SpecModel
@testable import SpecParser
import Testing

/// `every: 2 weeks` with `from:` in a spec: the forms a QA engineer writes, and the printed form read back.
@Suite struct SteppedRuleReadingTests {
    static let nine = TimeOfDay(hour: 9, minute: 0)!
    static let monday = CivilDate(year: 2027, month: 1, day: 4)

    /// A spec whose Berlin schedule has the rule `text`.
    static func parse(_ text: String) -> SpecFile {
        SpecFixtures.parse(SpecFixtures.spec(schedule: """
              timezone: Europe/Berlin
              rule: \(text)
              nonexistent: skip
              repeated: first
            """))
    }

    static func rule(_ text: String) throws -> Rule {
        let file = parse(text)
        // (An interval rule's policies are a warning, `unused-key`: errors only.)
        try #require(file.diagnostics.allSatisfy { $0.severity != .error }, "\(file.diagnostics.map(\.message))")
        return try #require(SpecFixtures.recurrence(file)).schedule.rule
    }

    @Test("a count and a period, singular or plural, with from; a count of 1 without from is the plain rule", arguments: [
        (#"{every: 2 weeks, on: [monday], at: "09:00", from: 2027-01-04}"#, Rule.stepped(.weekly(on: [.monday], at: nine), every: 2, from: monday)),
        (#"{every: 2 week, on: [mon], at: "09:00", from: 2027-01-04}"#, .stepped(.weekly(on: [.monday], at: nine), every: 2, from: monday)),
        (#"{every: 1 week, on: [monday], at: "09:00"}"#, .weekly(on: [.monday], at: nine)),
        (#"{every: week, on: [monday], at: "09:00", from: 2027-01-04}"#, .stepped(.weekly(on: [.monday], at: nine), every: 1, from: monday)),
        (#"{every: 3 days, at: "02:30", from: 2027-03-27}"#,
         .stepped(.daily(at: TimeOfDay(hour: 2, minute: 30)!), every: 3, from: CivilDate(year: 2027, month: 3, day: 27))),
        (#"{every: 2 months, day: 31, at: "02:30", missing-day: last-day, from: 2027-01-31}"#,
         .stepped(.monthly(day: .day(31), at: TimeOfDay(hour: 2, minute: 30)!, missingDay: .lastDay), every: 2, from: CivilDate(year: 2027, month: 1, day: 31))),
        (#"{every: 4 years, month: feb, day: 29, at: "12:00", missing-day: skip, from: 2028-02-29}"#,
         .stepped(.yearly(month: 2, day: .day(29), at: TimeOfDay(hour: 12, minute: 0)!, missingDay: .skip), every: 4, from: CivilDate(year: 2028, month: 2, day: 29))),
    ])
    func reads(text: String, rule: Rule) throws {
        #expect(try Self.rule(text) == rule)
        // What the rule prints is what a spec writes: it reads back as the same rule.
        #expect(try Self.rule("\(rule)") == rule)
    }

    @Test("every unstepped rule form still reads as before, and so does what it prints", arguments: [
        #"{every: day, at: "02:30"}"#, #"{every: week, on: [monday, thursday], at: "09:00"}"#,
        #"{every: month, day: 31, at: "02:30", missing-day: skip}"#, "{every: hour, minute: 15}",
        "{interval: 90m, from: 2027-03-27T02:30:00+01:00}",
    ])
    func unsteppedFormsUnchanged(text: String) throws {
        let rule = try Self.rule(text)
        #expect(rule.stepUnit == nil)
        if case .stepped = rule { Issue.record("\(text) read as a stepped rule") }
        #expect(try Self.rule("\(rule)") == rule)
    }

    /// The one error a rule gets in a Berlin schedule.
    static func error(_ text: String) throws -> String {
        let errors = parse(text).diagnostics.filter { $0.severity == .error }
        try #require(errors.count == 1, "\(errors.map(\.message))")
        return errors[0].message
    }

    /// Each message names its fix, and the fix applied as written reads: a `from` offered is one the rule selects (the
    /// first on or after 2027-01-01 for a rule without one; an instant's local date in the zone, or the rule's date
    /// in that period), a count written another way is told the form that reads.
    @Test("a stepped rule's message names a fix that reads", arguments: [
        (#"{every: 2 weeks, on: [friday], at: "09:00"}"#, "'from: 2027-01-01'", #"{every: 2 weeks, on: [friday], at: "09:00", from: 2027-01-01}"#),
        (#"{every: 2 months, on: last friday, at: "23:30"}"#, "'from: 2027-01-29'", #"{every: 2 months, on: last friday, at: "23:30", from: 2027-01-29}"#),
        (#"{every: 4 years, month: 2, day: 29, at: "12:00", missing-day: skip}"#, "'from: 2028-02-29'",
         #"{every: 4 years, month: 2, day: 29, at: "12:00", missing-day: skip, from: 2028-02-29}"#),
        (#"{every: 4 years, month: 2, day: 29, at: "12:00", missing-day: last-day}"#, "'from: 2027-02-28'",
         #"{every: 4 years, month: 2, day: 29, at: "12:00", missing-day: last-day, from: 2027-02-28}"#),
        (#"{every: 2 weeks, on: [tuesday], at: "09:00", from: 2027-01-04T23:30:00Z}"#, "'from: 2027-01-05'",
         #"{every: 2 weeks, on: [tuesday], at: "09:00", from: 2027-01-05}"#),
        (#"{every: 2 weeks, on: [monday], at: "09:00", from: 2027-01-06T09:00:00+01:00}"#, "'from: 2027-01-04'",
         #"{every: 2 weeks, on: [monday], at: "09:00", from: 2027-01-04}"#),
        (#"{every: 3 days, at: "09:00", from: 2027-01-04T23:30:00-05:00}"#, "'from: 2027-01-05'", #"{every: 3 days, at: "09:00", from: 2027-01-05}"#),
        (#"{every: week, on: [monday], at: "09:00", from: 2027-01-06}"#, "'from: 2027-01-04'", #"{every: week, on: [monday], at: "09:00", from: 2027-01-04}"#),
        (#"{every: 1 hour, minute: 0}"#, "{every: hour, minute: 0}", "{every: hour, minute: 0}"),
        (#"{every: 3days, at: "09:00", from: 2027-01-04}"#, "'every: 3 days'", #"{every: 3 days, at: "09:00", from: 2027-01-04}"#),
        (#"{every: 2 Weeks, on: [monday], at: "09:00", from: 2027-01-04}"#, "'2 weeks'", #"{every: 2 weeks, on: [monday], at: "09:00", from: 2027-01-04}"#),
        (#"{every: 2 minutes, minute: 0}"#, "{interval: 2m, from: <the first instant>}", "{interval: 2m, from: 2027-01-01T00:00:00+01:00}"),
        (#""biweekly tue,thu 08:00""#, #"{every: 2 weeks, on: [tuesday, thursday], at: "08:00", from: 2027-01-05}"#,
         #"{every: 2 weeks, on: [tuesday, thursday], at: "08:00", from: 2027-01-05}"#),
        // ISO 8601's periods and durations, and spoken ones.
        (#"{every: P1M, day: 1, at: "09:00"}"#, "write 'every: month'", #"{every: month, day: 1, at: "09:00"}"#),
        (#"{every: P3M, day: 1, at: "09:00", from: 2027-01-01}"#, "write 'every: 3 months'", #"{every: 3 months, day: 1, at: "09:00", from: 2027-01-01}"#),
        (#"{every: PT30M}"#, "{interval: 30m, from: <the first instant>}", "{interval: 30m, from: 2027-01-01T00:00:00+01:00}"),
        (#"{every: half an hour}"#, "{interval: 30m, from: <the first instant>}", "{interval: 30m, from: 2027-01-01T00:00:00+01:00}"),
        (#"{interval: PT1H30M, from: 2027-01-01T00:00:00+01:00}"#, "did you mean '1h30m'?", "{interval: 1h30m, from: 2027-01-01T00:00:00+01:00}"),
        (#"{interval: P1M, from: 2027-01-01T00:00:00+01:00}"#, "'P1M' is a month in ISO 8601, a calendar period that is no fixed length of time; write 'interval' as a number and a unit (d, h, m, s), e.g. 30d, or for a date every month a calendar rule, {every: month, …}",
         "{interval: 30d, from: 2027-01-01T00:00:00+01:00}"),
    ])
    func messageNamesAFixThatReads(broken: String, fix: String, fixed: String) throws {
        #expect(try Self.error(broken).contains(fix))
        _ = try Self.rule(fixed)
    }

    @Test("a count that is no count and a period is told the counted form; one of 20 digits is a step too long", arguments: [
        ("2 wks", "or a count and a period, e.g. 'every: 2 weeks'"), ("2w", "or a count and a period"), ("-2 weeks", "or a count and a period"),
        ("1.5 weeks", "or a count and a period"), ("2 fortnights", "or a count and a period"), ("2 weekly", "or a count and a period"),
        ("99999999999999999999 weeks", "from 1 to 1000, not 99999999999999999999"),
    ])
    func countSlips(every: String, told: String) throws {
        #expect(try Self.error(#"{every: \#(every), on: [monday], at: "09:00", from: 2027-01-04}"#).contains(told))
    }
}
