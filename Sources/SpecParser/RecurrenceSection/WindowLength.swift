import Foundation
import Recurrence

/// The longest window a spec may declare (`--max-window`): a number of calendar years or of days.
///
/// Years are counted on the UTC calendar, so `100y` admits a window from 2000-01-01T00:00Z through
/// 2100-01-01T00:00Z and nothing longer; days are 86,400 seconds each.
public struct WindowLength: Sendable, Hashable, CustomStringConvertible {
    public enum Unit: Sendable, Hashable {
        case days, years
    }

    public var count: Int
    public var unit: Unit

    /// 100 years: a century of daily occurrences is 36,525, well inside the default occurrence limit.
    public static let defaultLimit = WindowLength(count: 100, unit: .years)

    /// The largest count `init(parsing:)` accepts per unit: past every instant a spec can write (years 0001–9999).
    static let largest: [Unit: Int] = [.years: 10_000, .days: 3_660_000]

    public init(count: Int, unit: Unit) {
        self.count = count
        self.unit = unit
    }

    /// `100y` or `36500d`, with a count of at least 1; nil for anything else.
    public init?(parsing text: String) {
        let unit: Unit
        switch text.last {
        case "y": unit = .years
        case "d": unit = .days
        default: return nil
        }
        let digits = text.dropLast()
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber),
              let count = Int(digits), count >= 1, count <= Self.largest[unit]!
        else { return nil }
        self.init(count: count, unit: unit)
    }

    /// How the flag writes it: `100y`, `30d`.
    public var flagValue: String { "\(count)\(unit == .years ? "y" : "d")" }

    /// `100 years`, `1 day`.
    public var description: String {
        let noun = unit == .years ? "year" : "day"
        return "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// Whether a window `(after, through]` is no longer than this.
    public func admits(after: Date, through: Date) -> Bool {
        through <= end(after: after)
    }

    /// The shortest length in this unit that admits the window: what to suggest raising the limit to.
    public func needed(after: Date, through: Date) -> WindowLength {
        var needed = WindowLength(count: 1, unit: unit)
        switch unit {
        case .days:
            needed.count = max(1, Int((through.timeIntervalSince(after) / 86_400).rounded(.up)))
        case .years:
            let whole = Self.civil(through).year - Self.civil(after).year
            needed.count = max(1, whole - 1)
            while !needed.admits(after: after, through: through) && needed.count < whole + 1 { needed.count += 1 }
        }
        return needed
    }

    private func end(after: Date) -> Date {
        switch unit {
        case .days:
            return after.addingTimeInterval(Double(count) * 86_400)
        case .years:
            // The same date `count` years later in UTC (February 29 becomes February 28 when the year has none),
            // the same time of day: integer calendar arithmetic, no Calendar built per window.
            let day = Self.civil(after)
            let year = day.year + count
            let date = CivilDate(year: year, month: day.month, day: min(day.day, CivilDate.daysIn(month: day.month, year: year)))
            let secondsIntoDay = after.timeIntervalSince1970 - Double(day.daysSinceEpoch) * 86_400
            return Date(timeIntervalSince1970: Double(date.daysSinceEpoch) * 86_400 + secondsIntoDay)
        }
    }

    /// The UTC calendar date of an instant.
    private static func civil(_ date: Date) -> CivilDate {
        CivilDate(daysSinceEpoch: Int((date.timeIntervalSince1970 / 86_400).rounded(.down)))
    }
}
