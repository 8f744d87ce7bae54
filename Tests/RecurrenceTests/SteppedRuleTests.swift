import Foundation
@testable import Recurrence
import Testing

/// Stepped rules (`Rule.stepped`): every n-th day, week, month or year from a local date. The instants across real
/// DST changes are in specs/recurrence/stepped/ (from tools/oracle/oracle.py and a second zoneinfo script) and in
/// tools/oracle/golden/stepped.json (OracleCrossCheckTests); these tests pin the rule's own contract.
@Suite struct SteppedRuleTests {
    static let nine = TimeOfDay(hour: 9, minute: 0)!
    static let halfPastTwo = TimeOfDay(hour: 2, minute: 30)!
    static let berlin = TimeZone(identifier: "Europe/Berlin")!
    static let monday = CivilDate(year: 2027, month: 1, day: 4)

    static func date(_ text: String) throws -> Date { try Date(text, strategy: .iso8601) }

    /// The rule's dates just before and on or after a date, which a `from` off the rule's dates is offered (2027-01-04 and
    /// 2027-01-11 are Mondays, Python's calendar). The twentieth mutation run: the last date "before" counted the date
    /// itself, unseen where that date is never one of the rule's.
    @Test("the rule's last date before a date is strictly before it, and its first on or after it may be it")
    func selectedDatesAroundADate() {
        let mondays = Rule.weekly(on: [.monday], at: Self.nine)
        let nextMonday = CivilDate(year: 2027, month: 1, day: 11)
        #expect(Rule.lastSelectedDate(of: mondays, before: nextMonday) == Self.monday)
        #expect(Rule.lastSelectedDate(of: mondays, before: CivilDate(year: 2027, month: 1, day: 6)) == Self.monday)
        #expect(Rule.firstSelectedDate(of: mondays, onOrAfter: nextMonday) == nextMonday)
        #expect(Rule.firstSelectedDate(of: mondays, onOrAfter: CivilDate(year: 2027, month: 1, day: 5)) == nextMonday)
        // `selects`: a stepped rule keeps only its inner rule's dates on its steps (every other Monday from 01-04).
        let fortnightly = Rule.stepped(mondays, every: 2, from: Self.monday)
        #expect(fortnightly.selects(Self.monday) && !fortnightly.selects(nextMonday))
        #expect(fortnightly.selects(CivilDate(year: 2027, month: 1, day: 18)) && !fortnightly.selects(CivilDate(year: 2027, month: 1, day: 5)))
        #expect(mondays.selects(nextMonday) && Rule.hourly(minute: 0, second: 0).selects(CivilDate(year: 2027, month: 1, day: 5)))
    }

    @Test("a stepped rule selects exactly the inner rule's occurrences whose local date is a whole number of steps from 'from'")
    func steppedIsTheInnerRuleFiltered() throws {
        // The period of a date counted here by hand, independently of the engine: days by day number, weeks by the
        // Monday's day number / 7, months by year·12 + month, years by the year.
        func period(_ date: CivilDate, _ unit: StepUnit) -> Int {
            let day = date.daysSinceEpoch
            switch unit {
            case .days: return day
            case .weeks:
                let mondayIndex = (date.weekday.rawValue + 5) % 7   // Monday 0 … Sunday 6
                return (day - mondayIndex) / 7
            case .months: return date.year * 12 + date.month
            case .years: return date.year
            }
        }
        let inners: [(Rule, CivilDate)] = [
            (.daily(at: Self.halfPastTwo), CivilDate(year: 2027, month: 3, day: 25)),
            (.weekly(on: [.monday, .thursday], at: [Self.nine, TimeOfDay(hour: 17, minute: 0)!]), CivilDate(year: 2027, month: 1, day: 7)),
            (.weekly(on: [.sunday], at: Self.halfPastTwo), CivilDate(year: 2027, month: 3, day: 14)),
            (.monthly(day: .day(31), at: Self.halfPastTwo, missingDay: .lastDay), CivilDate(year: 2027, month: 2, day: 28)),
            (.monthly(day: .weekday(.last, .sunday), at: Self.halfPastTwo), CivilDate(year: 2026, month: 10, day: 25)),
            (.yearly(month: 3, day: .weekday(.last, .sunday), at: Self.halfPastTwo), CivilDate(year: 2026, month: 3, day: 29)),
        ]
        let window = Window(after: try Self.date("2026-12-01T00:00:00Z"), through: try Self.date("2031-12-01T00:00:00Z"))
        var compared = 0
        for (inner, from) in inners {
            let unit = try #require(StepUnit(periodOf: inner))
            for every in [1, 2, 3, 5] {
                for policy in NonexistentTimePolicy.allCases {
                    let make = { (rule: Rule) in
                        try Schedule(id: "s", rule: rule, timeZone: Self.berlin, nonexistent: policy, repeated: .both)
                    }
                    let stepped = try make(.stepped(inner, every: every, from: from)).occurrences(in: window)
                    let expected = try make(inner).occurrences(in: window).filter { occurrence in
                        guard let slot = occurrence.slot else { return false }
                        let date = CivilDate(year: slot.year, month: slot.month, day: slot.day)
                        return !(date < from) && (period(date, unit) - period(from, unit)) % every == 0
                    }
                    #expect(stepped == expected, "\(inner) every \(every) from \(from.isoText), \(policy)")
                    compared += expected.count
                }
            }
        }
        #expect(compared > 1_000)
    }

    @Test("off-step periods are not counted by the search bound: limit 1 reaches the selected gap day, limit 2 the next")
    func boundCountsSelectedSlotsOnly() throws {
        // Every 7 days from Sunday 2027-03-21 at 02:30, skip: 03-28's 02:30 is in Berlin's gap. From 03-22, the
        // six off-step days before it are not slots, so 03-28 is the first slot: limit 1 ends there with nothing.
        let rule = Rule.stepped(.daily(at: Self.halfPastTwo), every: 7, from: CivilDate(year: 2027, month: 3, day: 21))
        let cursor = try Self.date("2027-03-22T00:00:00+01:00")
        let one = try Schedule(id: "s", rule: rule, timeZone: Self.berlin, nonexistent: .skip, repeated: .first, searchLimit: 1)
        #expect(throws: RecurrenceError.self) { try one.next(after: cursor) }
        let two = try Schedule(id: "s", rule: rule, timeZone: Self.berlin, nonexistent: .skip, repeated: .first, searchLimit: 2)
        #expect(try two.next(after: cursor).date == Self.date("2027-04-04T02:30:00+02:00"))
        #expect(try two.next(after: cursor).key.rawValue == "s/v1/2027-04-04")
    }

    @Test("the problems of a stepped rule name the field and what to write", arguments: [
        (Rule.stepped(.hourly(minute: 15), every: 2, from: monday), "every", "an hourly rule cannot step"),
        (.stepped(.weekly(on: [.monday], at: nine), every: 0, from: monday), "every", "the step must be a whole number of weeks from 1 to 1000, not 0"),
        (.stepped(.weekly(on: [.monday], at: nine), every: 1001, from: monday), "every", "not 1001"),
        (.stepped(.weekly(on: [.monday], at: nine), every: 2, from: CivilDate(year: 2027, month: 1, day: 6)), "from",
         "'from' must be a date the rule selects (the steps count from it), and 2027-01-06 is a Wednesday: write 'from: 2027-01-04', the rule's first date in that week"),
        (.stepped(.monthly(day: .day(31), at: nine, missingDay: .skip), every: 2, from: CivilDate(year: 2027, month: 2, day: 28)), "from",
         "'from' must be a date the rule selects (the steps count from it), and 2027-02-28 is not one: write 'from: 2027-03-31', the rule's next date"),
        (.stepped(.monthly(day: .day(31), at: nine, missingDay: .lastDay), every: 2, from: CivilDate(year: 2027, month: 1, day: 15)), "from",
         "write 'from: 2027-01-31', the rule's first date in that month"),
        (.stepped(.daily(at: nine), every: 2, from: CivilDate(year: 2027, month: 2, day: 30)), "from", "not 2027-02-30"),
        // February 29 after 9997-02-28 is 10000-02-29, which no spec can write (9999 is no leap year): no such advice.
        (.stepped(.yearly(month: 2, day: .day(29), at: nine, missingDay: .skip), every: 2, from: CivilDate(year: 9997, month: 2, day: 28)), "from",
         "'from' must be a date the rule selects, and 9997-02-28 is not one, nor is any date after it up to 9999-12-31: write an earlier date the rule selects"),
        (.stepped(.stepped(.daily(at: nine), every: 2, from: monday), every: 2, from: monday), "every", "only a day, week, month or year rule can step"),
    ])
    func problems(rule: Rule, field: String, message: String) throws {
        let problem = try #require(rule.problems.first)
        #expect(problem.field == field)
        #expect(problem.message.contains(message), "\(problem.message)")
    }

    /// A `from` in the last week of 9999 is offered its week's Monday only: the rule's first date after it, 10000-01-03,
    /// is in a year no spec can write (mutation run 17's V3 survived the year bound dropped: only dates well inside 9999
    /// were pinned). 9999-12-31 is a Friday and 9999-12-27 that week's Monday (proleptic Gregorian, Python's datetime).
    @Test("a from-date in 9999's last week is not offered a date in the year 10000")
    func noLaterFromIsOfferedPastTheYear9999() throws {
        let rule = Rule.stepped(.weekly(on: [.monday], at: Self.nine), every: 2, from: CivilDate(year: 9999, month: 12, day: 31))
        let problem = try #require(rule.problems.first)
        #expect(problem.message == "'from' must be a date the rule selects (the steps count from it), and 9999-12-31 is a Friday: "
            + "write 'from: 9999-12-27', the rule's first date in that week", "\(problem.message)")
    }

    @Test("a from-date the rule selects is accepted, for every period")
    func selectedFromIsValid() {
        #expect(Rule.stepped(.weekly(on: [.monday], at: Self.nine), every: 2, from: Self.monday).problems.isEmpty)
        #expect(Rule.stepped(.daily(at: Self.nine), every: 3, from: CivilDate(year: 2027, month: 3, day: 27)).problems.isEmpty)
        #expect(Rule.stepped(.monthly(day: .day(31), at: Self.nine, missingDay: .lastDay), every: 2,
                             from: CivilDate(year: 2027, month: 2, day: 28)).problems.isEmpty)
        #expect(Rule.stepped(.yearly(month: 2, day: .day(29), at: Self.nine, missingDay: .skip), every: 4,
                             from: CivilDate(year: 2028, month: 2, day: 29)).problems.isEmpty)
    }

    @Test("a stepped rule prints, summarises and encodes in the spec language's map form, and reads back")
    func textAndJSON() throws {
        let rule = Rule.stepped(.weekly(on: [.monday], at: Self.nine), every: 2, from: Self.monday)
        #expect("\(rule)" == #"{every: 2 weeks, on: [monday], at: "09:00", from: 2027-01-04}"#)
        #expect(rule.summary == "every 2 weeks on monday at 09:00 from 2027-01-04")
        // A step of one reads as its period alone, as a QA engineer would say it.
        #expect(Rule.stepped(.weekly(on: [.monday], at: Self.nine), every: 1, from: Self.monday).summary
                == "every week on monday at 09:00 from 2027-01-04")
        #expect(Rule.stepped(.yearly(month: 3, day: .day(1), at: Self.nine, missingDay: nil), every: 1,
                             from: CivilDate(year: 2027, month: 3, day: 1)).summary
                == "every year on March 1 at 09:00 from 2027-03-01")
        #expect(rule.stepUnit == .weeks)
        #expect(rule.wallTimes == [Self.nine])
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(rule), as: UTF8.self)
        #expect(json == #"{"at":"09:00","every":"2 weeks","from":"2027-01-04","on":["monday"]}"#)
        #expect(try JSONDecoder().decode(Rule.self, from: Data(json.utf8)) == rule)
        let singular = #"{"every": "2 week", "on": ["monday"], "at": "09:00", "from": "2027-01-04"}"#
        #expect(try JSONDecoder().decode(Rule.self, from: Data(singular.utf8)) == rule)
        let one = #"{"every": "1 week", "on": ["monday"], "at": "09:00"}"#
        #expect(try JSONDecoder().decode(Rule.self, from: Data(one.utf8)) == .weekly(on: [.monday], at: Self.nine))
    }

    @Test("JSON without 'from', or with an instant there, is refused at 'from'", arguments: [
        #"{"every": "2 weeks", "on": ["monday"], "at": "09:00"}"#,
        #"{"every": "2 weeks", "on": ["monday"], "at": "09:00", "from": "2027-01-04T09:00:00+01:00"}"#,
    ])
    func refusedJSON(json: String) {
        #expect {
            _ = try JSONDecoder().decode(Rule.self, from: Data(json.utf8))
        } throws: { error in
            "\(error)".contains("from")
        }
    }

    /// The Foundation engine jumps past off-step periods to `firstDayOfNextSelectedPeriod`: for every unit, steps of
    /// 1, 2, 3 and 12 and dates from before `from` to years after, it is the first day of the first selected period
    /// after the date's own (`from` for a date before it), found here by walking day by day.
    @Test("the next selected period's first day equals a day-by-day walk", arguments: [StepUnit.days, .weeks, .months, .years])
    func nextSelectedPeriodStart(unit: StepUnit) {
        let from = CivilDate(year: 2027, month: 3, day: 31)
        for every in [1, 2, 3, 12] {
            let step = StepFilter(unit: unit, every: every, from: from)
            for offset in stride(from: -40, through: 3_000, by: unit == .years ? 97 : 13) {
                let day = from.daysSinceEpoch + offset
                let date = CivilDate(daysSinceEpoch: day)
                let period = StepFilter.period(of: date, day: day, unit: unit)
                var walk = day + 1
                while true {
                    let candidate = CivilDate(daysSinceEpoch: walk)
                    let candidatePeriod = StepFilter.period(of: candidate, day: walk, unit: unit)
                    let periodStart = StepFilter.period(of: CivilDate(daysSinceEpoch: walk - 1), day: walk - 1, unit: unit) != candidatePeriod
                    if walk >= from.daysSinceEpoch, candidatePeriod > period,
                       (candidatePeriod - StepFilter.period(of: from, day: from.daysSinceEpoch, unit: unit)) % every == 0,
                       periodStart || walk == from.daysSinceEpoch { break }
                    walk += 1
                }
                // Before `from`, the next date that can be selected is `from` itself.
                #expect(step.firstDayOfNextSelectedPeriod(after: date, day: day) == (day < from.daysSinceEpoch ? from.daysSinceEpoch : walk),
                        "\(unit) every \(every), after \(date.isoText)")
            }
        }
    }
}
