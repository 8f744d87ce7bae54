import Foundation

/// Which day of a month a rule selects.
///
/// `.weekday` was added on 2026-12-01: an app's exhaustive `switch` over `DayOfMonth` needs a branch for it.
public enum DayOfMonth: Sendable, Hashable, CustomStringConvertible {
    /// A day number, 1…31.
    case day(Int)
    /// The month's last day.
    case last
    /// The month's n-th weekday: `.weekday(.last, .friday)` is its last Friday, `.weekday(.second, .tuesday)` its
    /// second Tuesday. A fifth weekday is missing in some months, so a rule with `.fifth` needs a `MissingDayPolicy`
    /// (`.lastDay` then takes that month's last such weekday). Specs write it `on: last friday`.
    case weekday(WeekdayOrdinal, Weekday)

    /// `31`, `last`, or `last friday` (how specs write the weekday form after `on:`).
    public var description: String {
        switch self {
        case .day(let day): String(day)
        case .last: "last"
        case .weekday(let ordinal, let weekday): "\(ordinal) \(weekday)"
        }
    }

    /// `last friday`, `2nd Tue`, `Fourth thursday`: an ordinal (`first` … `fifth`, `1st` … `5th`, `last`) and a
    /// weekday (`Weekday(name:)`), any case, separated by spaces or tabs; nil for anything else.
    public init?(weekdayPhrase text: String) {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard words.count == 2, let ordinal = WeekdayOrdinal(name: String(words[0])),
              let weekday = Weekday(name: String(words[1])) else { return nil }
        self = .weekday(ordinal, weekday)
    }
}

/// Which of a month's weekdays a rule selects: the first … fifth, or the last. The raw value is Foundation's
/// `DateComponents.weekdayOrdinal` (`-1` for the last).
public enum WeekdayOrdinal: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible, Codable {
    case first = 1, second, third, fourth, fifth
    case last = -1

    /// `first` … `fifth`, `1st` … `5th`, or `last`, any case.
    public init?(name: String) {
        let lowered = name.lowercased()
        guard let ordinal = WeekdayOrdinal.allCases.first(where: { $0.name == lowered || $0.numeral == lowered }) else {
            return nil
        }
        self = ordinal
    }

    /// `first` … `fifth`, `last`: as descriptions and summaries write it.
    public var name: String {
        switch self {
        case .first: "first"
        case .second: "second"
        case .third: "third"
        case .fourth: "fourth"
        case .fifth: "fifth"
        case .last: "last"
        }
    }

    /// `1st` … `5th`; `last` for the last.
    public var numeral: String {
        switch self {
        case .first: "1st"
        case .second: "2nd"
        case .third: "3rd"
        case .fourth: "4th"
        case .fifth: "5th"
        case .last: "last"
        }
    }

    public var description: String { name }
}

/// A recurrence rule: which local slots (or elapsed instants) a schedule selects.
///
/// Day, week, month and year rules take a list of wall times (`at`), strictly increasing: each selected local date
/// gives one slot per time, in that order. `.daily(at: TimeOfDay)` and the other one-time forms build a list of one,
/// which means what the single time always meant. (Since 2026-12-01 the payload is `[TimeOfDay]`: a pattern such as
/// `case .daily(let time)` now binds the list; `rule.wallTimes` reads it for any of the four.)
public enum Rule: Sendable, Hashable {
    /// Every local day at each of the wall times.
    case daily(at: [TimeOfDay])
    /// On the given weekdays at each of the wall times.
    case weekly(on: [Weekday], at: [TimeOfDay])
    /// One day of each month at each of the wall times. `missingDay` is required when the day can be missing
    /// (day > 28, a fifth weekday).
    case monthly(day: DayOfMonth, at: [TimeOfDay], missingDay: MissingDayPolicy? = nil)
    /// One date each year at each of the wall times. `missingDay` is required when the date can be missing.
    case yearly(month: Int, day: DayOfMonth, at: [TimeOfDay], missingDay: MissingDayPolicy? = nil)
    /// Every local wall-clock hour at a minute (and second, 0 when left out, as in the spec language).
    case hourly(minute: Int, second: Int = 0)
    /// Elapsed time: `from + k·seconds` for k = 0, 1, 2, …; no calendar, no DST effect.
    case interval(seconds: Int, from: Date)
    /// A day, week, month or year rule that fires only every `every`-th period, counted from the local date `from`:
    /// `.stepped(.weekly(on: [.monday], at: nine), every: 2, from: CivilDate(year: 2027, month: 1, day: 4))` is every
    /// other Monday from 2027-01-04. The period is the inner rule's (`stepUnit`): days count calendar days from `from`,
    /// weeks count ISO weeks (Monday to Sunday) from the week holding `from`, months count calendar months from
    /// `from`'s month, years calendar years. `from` must be a date the inner rule selects; dates before it are not
    /// selected. Wall times, policies and dedup keys are the inner rule's. Specs write it
    /// `{every: 2 weeks, on: [monday], at: "09:00", from: 2027-01-04}`.
    ///
    /// Added on 2026-12-02: an app's exhaustive `switch` over `Rule` needs a branch for it.
    indirect case stepped(Rule, every: Int, from: CivilDate)

    /// Every local day at one wall time: `.daily(at: [time])`.
    public static func daily(at time: TimeOfDay) -> Rule { .daily(at: [time]) }
    /// On the given weekdays at one wall time.
    public static func weekly(on days: [Weekday], at time: TimeOfDay) -> Rule { .weekly(on: days, at: [time]) }
    /// One day of each month at one wall time.
    public static func monthly(day: DayOfMonth, at time: TimeOfDay, missingDay: MissingDayPolicy? = nil) -> Rule {
        .monthly(day: day, at: [time], missingDay: missingDay)
    }
    /// One date each year at one wall time.
    public static func yearly(month: Int, day: DayOfMonth, at time: TimeOfDay, missingDay: MissingDayPolicy? = nil) -> Rule {
        .yearly(month: month, day: day, at: [time], missingDay: missingDay)
    }

    /// The wall times of a day, week, month or year rule, as written; empty for hourly and interval rules.
    public var wallTimes: [TimeOfDay] {
        switch self {
        case .daily(let times), .weekly(_, let times), .monthly(_, let times, _), .yearly(_, _, let times, _): times
        case .hourly, .interval: []
        case .stepped(let rule, _, _): rule.wallTimes
        }
    }

    /// The period a stepped rule counts (its inner rule's: days, weeks, months or years); nil for the other rules,
    /// and for a stepped hourly or interval rule, which `problems` refuses.
    public var stepUnit: StepUnit? {
        guard case .stepped(let rule, _, _) = self else { return nil }
        return StepUnit(periodOf: rule)
    }

    /// Calendar rules resolve wall times and need the nonexistent and repeated policies; intervals do not.
    public var isCalendarRule: Bool {
        if case .interval = self { return false }
        return true
    }
}

/// The period a stepped rule counts: its inner rule's.
public enum StepUnit: String, Sendable, Hashable, CaseIterable {
    case days, weeks, months, years

    /// The unit of a day, week, month or year rule; nil for hourly, interval and stepped rules.
    public init?(periodOf rule: Rule) {
        switch rule {
        case .daily: self = .days
        case .weekly: self = .weeks
        case .monthly: self = .months
        case .yearly: self = .years
        case .hourly, .interval, .stepped: return nil
        }
    }

    /// `day`, `week`, `month`, `year`: the unstepped rule's `every:` word.
    public var singular: String { String(rawValue.dropLast()) }

    /// `1 week`, `2 weeks`: as `every:` writes a count.
    public func text(count: Int) -> String { "\(count) \(count == 1 ? singular : rawValue)" }
}

extension StepUnit {
    /// `every:` with a count: `2 weeks`, `1 week`, `3 days` → (2, `week`), (1, `week`), (3, `day`): digits, spaces or
    /// tabs, and a period (`day`, `week`, `month`, `year`, `hour`) singular or plural. Nil for anything else, a bare
    /// period (`week`) included. The period is returned as the unstepped rule's word, whether or not it can step.
    public static func countAndPeriod(_ text: String) -> (count: Int, period: String)? {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard words.count == 2, !words[0].isEmpty, words[0].count <= 9,
              words[0].allSatisfy({ $0.isASCII && $0.isNumber }), let count = Int(words[0]) else { return nil }
        let word = String(words[1])
        let period = word.hasSuffix("s") ? String(word.dropLast()) : word
        guard ["day", "week", "month", "year", "hour"].contains(period) else { return nil }
        return (count, period)
    }
}
