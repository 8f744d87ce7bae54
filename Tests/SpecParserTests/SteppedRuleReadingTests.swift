import Foundation
import Recurrence
import SpecModel
@testable import SpecParser
import Testing

/// `every: 2 weeks` with `from:` in a spec: the forms a QA engineer writes, and the printed form read back.
@Suite struct SteppedRuleReadingTests {
    static let nine = TimeOfDay(hour: 9, minute: 0)!
    static let monday = CivilDate(year: 2027, month: 1, day: 4)

    static func rule(_ text: String) throws -> Rule {
        let file = SpecFixtures.parse(SpecFixtures.spec(schedule: """
              timezone: Europe/Berlin
              rule: \(text)
              nonexistent: skip
              repeated: first
            """))
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
}
