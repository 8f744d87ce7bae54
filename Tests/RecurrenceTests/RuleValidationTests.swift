import Foundation
import Testing
import Recurrence

/// Rules that can never match are refused before any search runs, naming the field at fault.
@Suite("Rule validation")
struct RuleValidationTests {
    static let time = TimeOfDay(hour: 2, minute: 30)!

    static let refused: [(Rule, String)] = [
        (.weekly(on: [], at: time), "on"),
        (.interval(seconds: 0, from: instant(0)), "interval"),
        (.yearly(month: 2, day: .day(30), at: time, missingDay: .lastDay), "day"),
        (.yearly(month: 4, day: .day(31), at: time, missingDay: .skip), "day"),
        (.yearly(month: 2, day: .day(29), at: time, missingDay: nil), "missing-day"),
        (.yearly(month: 13, day: .day(1), at: time, missingDay: nil), "month"),
        (.monthly(day: .day(31), at: time, missingDay: nil), "missing-day"),
        (.monthly(day: .day(0), at: time, missingDay: nil), "day"),
        (.monthly(day: .weekday(.fifth, .monday), at: time, missingDay: nil), "missing-day"),
        (.yearly(month: 2, day: .weekday(.fifth, .sunday), at: time, missingDay: nil), "missing-day"),
        (.yearly(month: 0, day: .weekday(.first, .sunday), at: time, missingDay: nil), "month"),
        (.hourly(minute: 60, second: 0), "minute"),
        (.hourly(minute: 0, second: 60), "second"),
    ]

    @Test("a rule that can never match is refused, naming its field", arguments: refused)
    func refusesRule(_ rule: Rule, _ field: String) {
        #expect(rule.problems.map(\.field) == [field])
        let error = #expect(throws: RecurrenceError.self) {
            try Schedule(id: "x", rule: rule, timeZone: TimeZone(identifier: "UTC")!, nonexistent: .skip, repeated: .first)
        }
        guard case .invalidRule(let problems)? = error else {
            Issue.record("expected invalidRule, got \(String(describing: error))")
            return
        }
        #expect(problems.map(\.field) == [field])
        #expect(problems.allSatisfy { !$0.message.isEmpty })
    }

    @Test("rules that can match are accepted", arguments: [
        Rule.yearly(month: 4, day: .day(31), at: time, missingDay: .lastDay),
        .yearly(month: 2, day: .day(29), at: time, missingDay: .skip),
        .monthly(day: .day(28), at: time, missingDay: nil),
        .monthly(day: .last, at: time, missingDay: nil),
        .hourly(minute: 59, second: 59),
        .monthly(day: .weekday(.last, .friday), at: time),
        .monthly(day: .weekday(.fourth, .sunday), at: time, missingDay: .skip),   // a needless policy is accepted, as for day 15
        .monthly(day: .weekday(.fifth, .monday), at: time, missingDay: .skip),
        .yearly(month: 11, day: .weekday(.fourth, .thursday), at: time),
        .yearly(month: 2, day: .weekday(.fifth, .sunday), at: time, missingDay: .lastDay),
    ])
    func acceptsRule(_ rule: Rule) {
        #expect(rule.problems.isEmpty)
    }
}
