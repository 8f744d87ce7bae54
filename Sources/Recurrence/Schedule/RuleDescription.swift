extension Rule: CustomStringConvertible {
    /// The rule as a spec writes it after `rule:` — the shorthand where the spec language has one (`daily 02:30`,
    /// `weekly mon,thu 09:00`, `every 1h30m from 2027-03-27T01:30:00Z`), else the map form
    /// (`{every: month, day: 31, at: "02:30", missing-day: skip}`, `{every: month, on: last friday, at: "23:30"}`,
    /// `{every: hour, minute: 15}`).
    /// `summary` says it in English instead.
    public var description: String {
        switch self {
        case .daily(let time):
            return "daily \(time)"
        case .weekly(let days, let time) where !days.isEmpty:
            return "weekly \(days.map(\.abbreviation).joined(separator: ",")) \(time)"
        case .weekly(_, let time):
            return "{every: week, on: [], at: \"\(time)\"}"
        case .monthly(let day, let time, let missingDay):
            return "{every: month, \(Self.dayField(day)), at: \"\(time)\"\(Self.missingDayField(missingDay))}"
        case .yearly(let month, let day, let time, let missingDay):
            return "{every: year, month: \(month), \(Self.dayField(day)), at: \"\(time)\"\(Self.missingDayField(missingDay))}"
        case .hourly(let minute, let second):
            return "{every: hour, minute: \(minute)" + (second == 0 ? "}" : ", second: \(second)}")
        case .interval(let seconds, let from):
            return "every \(Self.durationText(seconds)) from \(from.rfc3339UTC)"
        }
    }

    /// `day: 31`, `day: last`, or `on: last friday` for the n-th weekday.
    private static func dayField(_ day: DayOfMonth) -> String {
        if case .weekday = day { return "on: \(day)" }
        return "day: \(day)"
    }

    private static func missingDayField(_ policy: MissingDayPolicy?) -> String {
        policy.map { ", missing-day: \($0.rawValue)" } ?? ""
    }
}
