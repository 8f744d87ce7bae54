import Foundation
import Testing
import Recurrence

/// `Rule.summary`: the rule in words, as error messages and reports print it.
@Suite("Rule summaries")
struct RuleSummaryTests {
    static let time = TimeOfDay(hour: 2, minute: 30)!

    static let cases: [(Rule, String)] = [
        (.daily(at: time), "every day at 02:30"),
        (.daily(at: TimeOfDay(hour: 9, minute: 0, second: 15)!), "every day at 09:00:15"),
        (.weekly(on: [.monday, .thursday], at: TimeOfDay(hour: 9, minute: 0)!), "every monday, thursday at 09:00"),
        (.monthly(day: .day(15), at: time, missingDay: nil), "every month on day 15 at 02:30"),
        (.monthly(day: .day(31), at: time, missingDay: .skip), "every month on day 31 at 02:30 (skipped in months without it)"),
        (.monthly(day: .day(31), at: time, missingDay: .lastDay),
         "every month on day 31 at 02:30 (the last day in shorter months)"),
        (.monthly(day: .last, at: time, missingDay: nil), "every month on its last day at 02:30"),
        (.yearly(month: 2, day: .day(29), at: TimeOfDay(hour: 12, minute: 0)!, missingDay: .skip),
         "every year on February 29 at 12:00 (skipped in years without it)"),
        (.yearly(month: 2, day: .day(29), at: TimeOfDay(hour: 12, minute: 0)!, missingDay: .lastDay),
         "every year on February 29 at 12:00 (February 28 in other years)"),
        (.yearly(month: 12, day: .day(31), at: time, missingDay: nil), "every year on December 31 at 02:30"),
        (.yearly(month: 4, day: .day(31), at: time, missingDay: .lastDay), "every year on April 31 at 02:30 (April 30 instead)"),
        (.yearly(month: 2, day: .last, at: time, missingDay: nil), "every year on the last day of February at 02:30"),
        (.monthly(day: .weekday(.last, .friday), at: TimeOfDay(hour: 23, minute: 30)!), "every month on its last friday at 23:30"),
        (.monthly(day: .weekday(.second, .tuesday), at: time, missingDay: .skip), "every month on its second tuesday at 02:30"),
        (.monthly(day: .weekday(.fifth, .monday), at: time, missingDay: .skip),
         "every month on its fifth monday at 02:30 (skipped in months without it)"),
        (.monthly(day: .weekday(.fifth, .monday), at: time, missingDay: .lastDay),
         "every month on its fifth monday at 02:30 (its last monday in months without one)"),
        (.yearly(month: 11, day: .weekday(.fourth, .thursday), at: TimeOfDay(hour: 12, minute: 0)!),
         "every year on the fourth thursday of November at 12:00"),
        (.yearly(month: 5, day: .weekday(.fifth, .sunday), at: time, missingDay: .lastDay),
         "every year on the fifth sunday of May at 02:30 (its last sunday in other years)"),
        (.hourly(minute: 15), "every hour at minute 15"),
        (.hourly(minute: 15, second: 30), "every hour at minute 15, second 30"),
        (.interval(seconds: 5400, from: instant(1_806_111_000)), "every 1h30m from 2027-03-27T01:30:00Z"),
        (.interval(seconds: 172_800, from: instant(1_806_111_000)), "every 48h from 2027-03-27T01:30:00Z"),
        (.interval(seconds: 45, from: instant(1_806_111_000)), "every 45s from 2027-03-27T01:30:00Z"),
    ]

    @Test("each rule reads as a QA engineer would say it", arguments: cases)
    func summary(_ rule: Rule, _ text: String) {
        #expect(rule.summary == text)
    }

    /// `WallTimeText.duration`, the one writer of rule summaries, `explain`'s gap lengths and the harness's retry delays:
    /// hours, minutes and seconds as spec durations are written, each part only when it is not zero, and `0s` and
    /// negative lengths as seconds (its doc comment). Mutation run 17's D4 (a lone second left out) and D5 (zero written
    /// as nothing) survived: the lengths pinned had no single second and none was zero.
    @Test("a length of time is written as a spec writes a duration", arguments: [
        (1, "1s"), (61, "1m1s"), (3601, "1h1s"), (3661, "1h1m1s"), (3600, "1h"), (5400, "1h30m"), (172_800, "48h"),
        (0, "0s"), (-30, "-30s"),
    ])
    func duration(_ seconds: Int, _ text: String) {
        #expect(WallTimeText.duration(seconds) == text)
    }
}
