import Foundation

extension Rule {
    /// The rule in words, for messages: `every day at 02:30`, `every day at 08:00 and 20:00`, `every monday, thursday at 09:00`,
    /// `every year on February 29 at 12:00`, `every month on its last friday at 23:30`, `every hour at minute 15`, `every 1h30m from 2027-03-27T01:30:00Z`,
    /// `every 2 weeks on monday at 09:00 from 2027-01-04`.
    public var summary: String {
        switch self {
        case .daily(let times):
            return "every day at \(Self.timesText(times))"
        case .weekly(let days, let times):
            return "every \(days.map(\.name).joined(separator: ", ")) at \(Self.timesText(times))"
        case .monthly(.last, let times, _):
            return "every month on its last day at \(Self.timesText(times))"
        case .monthly(.day(let day), let times, let missing):
            return "every month on day \(day) at \(Self.timesText(times))"
                + (day > 28 ? Self.missingDayText(missing, period: "months", instead: "the last day in shorter months") : "")
        case .monthly(.weekday(let ordinal, let weekday), let times, let missing):
            return "every month on its \(ordinal) \(weekday) at \(Self.timesText(times))"
                + (ordinal == .fifth ? Self.missingDayText(missing, period: "months", instead: "its last \(weekday) in months without one") : "")
        case .yearly(let month, .weekday(let ordinal, let weekday), let times, let missing):
            return "every year on the \(ordinal) \(weekday) of \(Self.monthName(month)) at \(Self.timesText(times))"
                + (ordinal == .fifth ? Self.missingDayText(missing, period: "years", instead: "its last \(weekday) in other years") : "")
        case .yearly(let month, .last, let times, _):
            return "every year on the last day of \(Self.monthName(month)) at \(Self.timesText(times))"
        case .yearly(let month, .day(let day), let times, let missing):
            let alwaysThere = month == 2 ? 28 : ((1...12).contains(month) ? Self.longestMonth[month - 1] : 31)
            let instead = month == 2 ? "February 28 in other years" : "\(Self.monthName(month)) \(alwaysThere) instead"
            return "every year on \(Self.monthName(month)) \(day) at \(Self.timesText(times))"
                + (day > alwaysThere ? Self.missingDayText(missing, period: "years", instead: instead) : "")
        case .hourly(let minute, let second):
            return "every hour at minute \(minute)" + (second == 0 ? "" : ", second \(second)")
        case .interval(let seconds, let from):
            return "every \(WallTimeText.duration(seconds)) from \(from.rfc3339UTC)"
        case .stepped(let inner, let every, let from):
            // The step takes the place of the inner rule's period: `every 7 days at 02:30`, `every 2 weeks on monday at
            // 09:00`, `every 2 months on day 31 at 02:30 (…)`, then where the steps count from. A step of one reads as
            // the period alone (`every year on March 1 … from 2027-03-01`), not `every 1 year`.
            let stepUnit = StepUnit(periodOf: inner)
            let unit = every == 1 ? stepUnit?.singular ?? "period" : stepUnit?.text(count: every) ?? "\(every) periods"
            let text = inner.summary
            let stepped: String
            switch inner {
            case .daily: stepped = text.replacingPrefix("every day", with: "every \(unit)")
            case .weekly: stepped = text.replacingPrefix("every ", with: "every \(unit) on ")
            case .monthly: stepped = text.replacingPrefix("every month", with: "every \(unit)")
            case .yearly: stepped = text.replacingPrefix("every year", with: "every \(unit)")
            default: stepped = "\(text), every \(unit)"
            }
            return "\(stepped) from \(from.isoText)"
        }
    }

    /// `08:00`, `08:00 and 20:00`, `06:00, 14:00 and 22:00`.
    static func timesText(_ times: [TimeOfDay]) -> String {
        guard let last = times.last else { return "no time" }
        guard times.count > 1 else { return last.description }
        return times.dropLast().map(\.description).joined(separator: ", ") + " and \(last)"
    }

    /// ` (skipped in years without it)`: said only when the day can be missing, so short rules read short.
    private static func missingDayText(_ missing: MissingDayPolicy?, period: String, instead: String) -> String {
        switch missing {
        case .skip: " (skipped in \(period) without it)"
        case .lastDay: " (\(instead))"
        case nil: ""
        }
    }

    private static func monthName(_ month: Int) -> String {
        (1...12).contains(month) ? monthNames[month - 1] : "month \(month)"
    }
}

private extension String {
    /// The text with `prefix` replaced, or the text unchanged (with `replacement` before it) when it lacks it.
    func replacingPrefix(_ prefix: String, with replacement: String) -> String {
        hasPrefix(prefix) ? replacement + dropFirst(prefix.count) : "\(replacement)\(self)"
    }
}
