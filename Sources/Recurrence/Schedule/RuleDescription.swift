extension Rule: CustomStringConvertible {
    /// The rule as a spec writes it after `rule:` — the shorthand where the spec language has one (`daily 02:30`,
    /// `daily 08:00,20:00`, `weekly mon,thu 09:00`, `every 1h30m from 2027-03-27T01:30:00Z`), else the map form
    /// (`{every: month, day: 31, at: "02:30", missing-day: skip}`, `{every: month, on: last friday, at: "23:30"}`,
    /// `{every: hour, minute: 15}`; a stepped rule `{every: 2 weeks, on: [monday], at: "09:00", from: 2027-01-04}`).
    /// `summary` says it in English instead.
    public var description: String {
        switch self {
        case .stepped(let inner, let every, let from):
            return inner.mapForm(every: StepUnit(periodOf: inner)?.text(count: every) ?? "\(every)", from: from)
        case .daily(let times) where !times.isEmpty && Self.steppedItems(times) == nil:
            return "daily \(Self.shorthandTimes(times))"
        case .daily(let times):
            return "{every: day, at: \(Self.atValue(times))}"
        case .weekly(let days, let times) where !days.isEmpty && !times.isEmpty && Self.steppedItems(times) == nil:
            return "weekly \(days.map(\.abbreviation).joined(separator: ",")) \(Self.shorthandTimes(times))"
        case .weekly(let days, let times):
            return "{every: week, on: [\(days.map(\.name).joined(separator: ", "))], at: \(Self.atValue(times))}"
        case .monthly(let day, let times, let missingDay):
            return "{every: month, \(Self.dayField(day)), at: \(Self.atValue(times))\(Self.missingDayField(missingDay))}"
        case .yearly(let month, let day, let times, let missingDay):
            return "{every: year, month: \(month), \(Self.dayField(day)), at: \(Self.atValue(times))\(Self.missingDayField(missingDay))}"
        case .hourly(let minute, let second):
            return "{every: hour, minute: \(minute)" + (second == 0 ? "}" : ", second: \(second)}")
        case .interval(let seconds, let from):
            return "every \(WallTimeText.duration(seconds)) from \(from.rfc3339UTC)"
        }
    }

    /// The map form of a day, week, month or year rule with `every` written as given and `from` at the end: a stepped
    /// rule's form, `{every: 2 weeks, on: [monday], at: "09:00", from: 2027-01-04}`.
    private func mapForm(every: String, from: CivilDate) -> String {
        let fields: String
        switch self {
        case .daily(let times): fields = "at: \(Self.atValue(times))"
        case .weekly(let days, let times): fields = "on: [\(days.map(\.name).joined(separator: ", "))], at: \(Self.atValue(times))"
        case .monthly(let day, let times, let missingDay):
            fields = "\(Self.dayField(day)), at: \(Self.atValue(times))\(Self.missingDayField(missingDay))"
        case .yearly(let month, let day, let times, let missingDay):
            fields = "month: \(month), \(Self.dayField(day)), at: \(Self.atValue(times))\(Self.missingDayField(missingDay))"
        case .hourly, .interval, .stepped:
            return "{every: \(every), rule: \(self), from: \(from.isoText)}"
        }
        return "{every: \(every), \(fields), from: \(from.isoText)}"
    }

    /// `02:30`, or `08:00,20:00`: the shorthand's times, joined by commas as its weekdays are.
    private static func shorthandTimes(_ times: [TimeOfDay]) -> String {
        times.map(\.description).joined(separator: ",")
    }

    /// `"02:30"` for one time, `["08:00", "20:00"]` for several (or none).
    /// Past six times, runs of four or more evenly spaced ones are written as times in steps, as a spec may write
    /// them: `{from: "00:00", through: "23:45", every: 15m}`, `[{from: "08:00", through: "11:30", every: 30m}, "20:00"]`.
    static func atValue(_ times: [TimeOfDay]) -> String {
        if times.count == 1 { return "\"\(times[0])\"" }
        guard let items = steppedItems(times) else { return "[" + times.map { "\"\($0)\"" }.joined(separator: ", ") + "]" }
        return items.count == 1 ? items[0] : "[" + items.joined(separator: ", ") + "]"
    }

    /// The items of `times` with its long evenly spaced runs as steps; nil where the list is short or has no such run.
    private static func steppedItems(_ times: [TimeOfDay]) -> [String]? {
        guard times.count > 6 else { return nil }
        var items: [String] = []
        var stepped = false
        var index = 0
        while index < times.count {
            var end = index
            if index + 1 < times.count {
                let step = times[index + 1].secondsIntoDay - times[index].secondsIntoDay
                while end + 1 < times.count, times[end + 1].secondsIntoDay - times[end].secondsIntoDay == step { end += 1 }
                if end - index + 1 >= 4 {
                    items.append("{from: \"\(times[index])\", through: \"\(times[end])\", every: \(WallTimeText.duration(step))}")
                    stepped = true
                    index = end + 1
                    continue
                }
            }
            items.append("\"\(times[index])\"")
            index += 1
        }
        return stepped ? items : nil
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
