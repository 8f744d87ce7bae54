import Foundation

/// Which day of a month a rule selects.
public enum DayOfMonth: Sendable, Hashable, CustomStringConvertible {
    /// A day number, 1…31.
    case day(Int)
    /// The month's last day.
    case last

    public var description: String {
        switch self {
        case .day(let day): String(day)
        case .last: "last"
        }
    }
}

/// A recurrence rule: which local slots (or elapsed instants) a schedule selects.
public enum Rule: Sendable, Hashable {
    /// Every local day at a wall time.
    case daily(at: TimeOfDay)
    /// On the given weekdays at a wall time.
    case weekly(on: [Weekday], at: TimeOfDay)
    /// One day of each month at a wall time. `missingDay` is required when the day can be missing (day > 28).
    case monthly(day: DayOfMonth, at: TimeOfDay, missingDay: MissingDayPolicy? = nil)
    /// One date each year at a wall time. `missingDay` is required when the date can be missing.
    case yearly(month: Int, day: DayOfMonth, at: TimeOfDay, missingDay: MissingDayPolicy? = nil)
    /// Every local wall-clock hour at a minute (and second, 0 when left out, as in the spec language).
    case hourly(minute: Int, second: Int = 0)
    /// Elapsed time: `from + k·seconds` for k = 0, 1, 2, …; no calendar, no DST effect.
    case interval(seconds: Int, from: Date)

    /// Calendar rules resolve wall times and need the nonexistent and repeated policies; intervals do not.
    public var isCalendarRule: Bool {
        if case .interval = self { return false }
        return true
    }
}
