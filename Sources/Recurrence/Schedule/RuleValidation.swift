/// Why a rule can never select anything, or is ambiguous: found before any search runs. (`Schedule.init` also
/// reports a `searchLimit` below 1 as one, with `field` `limit`: no search could find anything either.)
public struct RuleProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The rule field at fault, as specs spell it (`day`, `on`, `missing-day`, `interval`, …).
    public var field: String
    /// One sentence: what is wrong and what to write instead.
    public var message: String

    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }

    public var description: String { message }
}

extension Rule {
    /// The longest each month can be (February counts 29).
    public static let longestMonth = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    /// `January` … `December`, as messages name a month.
    public static let monthNames = [
        "January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December",
    ]

    /// The longest interval a rule may have, in seconds: 10^15, about 31 million years.
    public static let longestInterval = 1_000_000_000_000_000

    /// Problems that make the rule unusable; empty for a valid rule.
    public var problems: [RuleProblem] {
        guard let timeProblem = timesProblem else { return ruleProblems }
        return [timeProblem] + ruleProblems
    }

    /// `at` of a day, week, month or year rule: at least one time, strictly increasing (so each slot of a date has its
    /// own time and the slots' nominal order is the times' order).
    private var timesProblem: RuleProblem? {
        let times = wallTimes
        if times.count == 1 { return nil }
        if times.isEmpty {
            if case .hourly = self { return nil }
            if case .interval = self { return nil }
            if case .stepped(let inner, _, _) = self, StepUnit(periodOf: inner) == nil { return nil }
            return RuleProblem(field: "at", message: "'at' lists no time, so the rule never matches; name at least one wall time, e.g. 'at: \"02:30\"' or 'at: [\"08:00\", \"20:00\"]'")
        }
        for index in 1..<times.count where !(times[index - 1] < times[index]) {
            let sorted = Set(times).sorted()
            let what = times[index - 1] == times[index] ? "lists \(times[index]) twice" : "lists \(times[index]) after \(times[index - 1])"
            return RuleProblem(field: "at", message: "'at' \(what); its times must be strictly increasing, each once: write at: \(Rule.atValue(sorted))")
        }
        return nil
    }

    fileprivate var ruleProblems: [RuleProblem] {
        switch self {
        case .daily, .hourly(minute: 0...59, second: 0...59):
            return []
        case .hourly(let minute, let second):
            if !(0...59).contains(minute) {
                return [RuleProblem(field: "minute", message: "minute must be 0…59, not \(minute)")]
            }
            return [RuleProblem(field: "second", message: "second must be 0…59, not \(second)")]
        case .weekly(let days, _):
            if days.isEmpty {
                return [RuleProblem(field: "on", message: "'on' lists no weekday, so the rule never matches; name at least one day (monday … sunday)")]
            }
            return []
        case .monthly(.weekday(.fifth, let weekday), _, nil):
            return [RuleProblem(field: "missing-day", message: "a fifth \(weekday) is missing in most months; add 'missing-day: skip' or 'missing-day: last-day' (the month's last \(weekday))")]
        case .yearly(let month, .weekday(.fifth, let weekday), _, nil) where (1...12).contains(month):
            return [RuleProblem(field: "missing-day", message: "\(Rule.monthNames[month - 1]) has a fifth \(weekday) only in some years; add 'missing-day: skip' or 'missing-day: last-day' (its last \(weekday))")]
        case .monthly(let day, _, let missingDay):
            guard case .day(let number) = day else { return [] }
            if !(1...31).contains(number) {
                return [RuleProblem(field: "day", message: "day must be 1…31 or 'last', not \(number)")]
            }
            if number > 28 && missingDay == nil {
                return [RuleProblem(field: "missing-day", message: "day \(number) is missing in some months; add 'missing-day: skip' or 'missing-day: last-day'")]
            }
            return []
        case .yearly(let month, let day, _, let missingDay):
            guard (1...12).contains(month) else {
                return [RuleProblem(field: "month", message: "month must be 1…12, not \(month)")]
            }
            guard case .day(let number) = day else { return [] }
            let longest = Rule.longestMonth[month - 1]
            let name = Rule.monthNames[month - 1]
            if !(1...31).contains(number) {
                return [RuleProblem(field: "day", message: "day must be 1…31 or 'last', not \(number)")]
            }
            if month == 2 && number > 29 {
                return [RuleProblem(field: "day", message: "February never has day \(number), so the rule never matches; use 'day: last' or 'day: 29' with 'missing-day'")]
            }
            if number > longest {
                if missingDay == .lastDay { return [] }
                return [RuleProblem(field: "day", message: "\(name) never has day \(number), so the rule never matches; use day \(longest) or add 'missing-day: last-day'")]
            }
            if month == 2 && number == 29 && missingDay == nil {
                return [RuleProblem(field: "missing-day", message: "February 29 is missing in most years; add 'missing-day: skip' or 'missing-day: last-day'")]
            }
            return []
        case .stepped(let inner, let every, let from):
            return Self.stepProblems(inner, every: every, from: from)
        case .interval(let seconds, let from):
            if !SupportedInstants.range.contains(from) {
                return [RuleProblem(field: "from", message: "'from' must be an instant \(SupportedInstants.rangeText), not \(from.rfc3339UTC)")]
            }
            if seconds <= 0 {
                return [RuleProblem(field: "interval", message: "the interval must be longer than zero, e.g. 90m or 24h")]
            }
            // Past this the second instant leaves the range of dates that can be written (near Int.max seconds it
            // trapped while its key was formatted). No spec duration comes near it: 9 digits a unit is under 1e14.
            if seconds > Rule.longestInterval {
                return [RuleProblem(field: "interval", message: "the interval must be at most 10^15 seconds (about 31 million years), not \(seconds)")]
            }
            return []
        }
    }

    /// The most periods a stepped rule may step at once: far beyond any schedule (every 1,000 days is under three
    /// years), and it keeps the slots a search passes over within 1,000 times its bound.
    public static let longestStep = 1000

    /// A stepped rule's own problems (its count, its period, its `from`), then its inner rule's.
    private static func stepProblems(_ inner: Rule, every: Int, from: CivilDate) -> [RuleProblem] {
        guard let unit = StepUnit(periodOf: inner) else {
            switch inner {
            case .hourly:
                return [RuleProblem(field: "every", message: "an hourly rule cannot step; for every few hours write an interval rule, e.g. {interval: 2h, from: <the first instant>}, or a daily rule with each time, e.g. at: [\"00:00\", \"02:00\", …]")]
            default:
                return [RuleProblem(field: "every", message: "only a day, week, month or year rule can step")]
            }
        }
        if !(1...longestStep).contains(every) {
            return [RuleProblem(field: "every", message: "the step must be a whole number of \(unit.rawValue) from 1 to \(longestStep), not \(every); e.g. every: 2 \(unit.rawValue)")]
        }
        if !(1...9999).contains(from.year) || !(1...12).contains(from.month)
            || !(1...CivilDate.daysIn(month: from.month, year: from.year)).contains(from.day) {
            return [RuleProblem(field: "from", message: "'from' must be a date in the years 0001…9999, not \(from.isoText)")]
        }
        let innerProblems = inner.ruleProblems
        if !innerProblems.isEmpty { return innerProblems }
        if firstSelectedDay(of: inner, onOrAfter: from.daysSinceEpoch) == from.daysSinceEpoch { return [] }
        let text = from.isoText
        guard let (date, within) = suggestedStepStart(for: inner, around: from) else {
            // Near the end of 9999 the rule's next date can be in the year 10000, which no spec can write.
            return [RuleProblem(field: "from", message: "'from' must be a date the rule selects, and \(text) is not one, nor is any date after it up to 9999-12-31: write an earlier date the rule selects")]
        }
        let what = unit == .weeks ? "\(text) is a \(from.weekday.name.capitalized)" : "\(text) is not one"
        // With a count of 1 there are no steps to count from it, but nothing before it is selected.
        let why = every == 1 ? "the rule's first date: nothing before it is selected" : "the steps count from it"
        // The first date after it too, when the period's first is before it: the steps count from the one chosen, so
        // the two select other periods (a third review took the week's Monday and got the other fortnight).
        let later = every > 1 ? firstSelectedDate(of: inner, onOrAfter: from).flatMap { $0 != date && $0.year <= 9999 ? $0 : nil } : nil
        // And the last date before it: a review's listed dates were a fortnight from the Sunday before its Monday, and
        // the date offered, the Sunday after, selected the other weeks.
        let earlier = every > 1 ? lastSelectedDate(of: inner, before: from).flatMap { $0 != date ? $0 : nil } : nil
        let options = [later.map { "'from: \($0.isoText)', the rule's first date after it" },
                       earlier.map { "'from: \($0.isoText)', the rule's last date before it" }].compactMap { $0 }
        let or = options.isEmpty ? "" : ", or " + options.joined(separator: ", or ") + " (the \(unit.rawValue) then counted from there)"
        return [RuleProblem(field: "from", message: "'from' must be a date the rule selects (\(why)), and \(what): write 'from: \(date.isoText)', \(within)\(or)")]
    }

    /// The last date `rule` (a day, week, month or year rule) selects before `date`, within nine years (February 29
    /// recurs within eight); nil for other rules, and before the year 0001.
    static func lastSelectedDate(of rule: Rule, before date: CivilDate) -> CivilDate? {
        guard StepUnit(periodOf: rule) != nil else { return nil }
        let first = CivilDate(year: 1, month: 1, day: 1).daysSinceEpoch
        var day = date.daysSinceEpoch - 1
        while day >= max(first, date.daysSinceEpoch - 9 * 366) {
            guard let found = firstSelectedDay(of: rule, onOrAfter: day) else { return nil }
            if found == day { return CivilDate(daysSinceEpoch: day) }
            day -= 1
        }
        return nil
    }

    /// Whether the rule has slots on `date`: every date for an hourly rule, the dates a day, week, month or year rule
    /// selects, and of those a stepped rule's inner rule selects, the ones on its steps; never for an interval.
    public func selects(_ date: CivilDate) -> Bool {
        switch self {
        case .hourly: true
        case .interval: false
        case .daily, .weekly, .monthly, .yearly: Rule.firstSelectedDate(of: self, onOrAfter: date) == date
        case .stepped(let inner, let every, let from):
            inner.selects(date) && StepUnit(periodOf: inner).map {
                StepFilter(unit: $0, every: every, from: from).selects(date: date, day: date.daysSinceEpoch)
            } == true
        }
    }

    /// The first date `rule` (a day, week, month or year rule) selects on or after `date`: a `from` it accepts. Nil for
    /// other rules.
    public static func firstSelectedDate(of rule: Rule, onOrAfter date: CivilDate) -> CivilDate? {
        guard StepUnit(periodOf: rule) != nil else { return nil }
        return firstSelectedDay(of: rule, onOrAfter: date.daysSinceEpoch).map(CivilDate.init(daysSinceEpoch:))
    }

    /// The first date `rule` (a day, week, month or year rule) selects in the period holding `date` (its week, month
    /// or year), or else after it, and which of the two it is in words (`the rule's first date in that week`, `the
    /// rule's next date`): the `from` to offer instead of a date the rule does not select. Nil for other rules, and when
    /// that date is after 9999 (a `from` cannot be written there).
    public static func suggestedStepStart(for rule: Rule, around date: CivilDate) -> (date: CivilDate, within: String)? {
        guard let unit = StepUnit(periodOf: rule) else { return nil }
        let period = StepFilter.period(of: date, day: date.daysSinceEpoch, unit: unit)
        guard let day = firstSelectedDay(of: rule, onOrAfter: StepFilter.firstDay(ofPeriod: period, unit: unit)) else { return nil }
        let found = CivilDate(daysSinceEpoch: day)
        guard found.year <= 9999 else { return nil }
        let same = StepFilter.period(of: found, day: day, unit: unit) == period
        return (found, same ? "the rule's first date in that \(unit.singular)" : "the rule's next date")
    }

    /// Days since 1970 of the first date a day, week, month or year rule selects on or after `day`: where its first
    /// slot that exists sits. A valid rule has one within a few of its periods (February 29 within eight years).
    private static func firstSelectedDay(of rule: Rule, onOrAfter day: Int) -> Int? {
        var slots = SlotSequence(rule: rule, startDay: day)
        for _ in 0..<64 {
            let slot = slots.next()
            if slot.exists { return slot.day }
        }
        return nil
    }
}
