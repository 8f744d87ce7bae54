/// A wall-clock reading (local date and time) from seconds since 1970 on a local-time axis (`epochSeconds + offset`),
/// by the proleptic Gregorian arithmetic of Howard Hinnant's `civil_from_days`: no calendar or zone data needed.
public struct WallClock: Sendable, Hashable {
    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int
    public var second: Int
    /// 0 = Sunday … 6 = Saturday.
    public var weekday: Int

    /// The reading at `wallSeconds` (fractions of a second are dropped).
    public init(wallSeconds: Double) {
        let total = Int((wallSeconds).rounded(.down))
        let days = Self.floorDivide(total, 86_400)
        let secondsOfDay = total - days * 86_400
        hour = secondsOfDay / 3600
        minute = secondsOfDay % 3600 / 60
        second = secondsOfDay % 60
        weekday = ((days % 7) + 11) % 7  // 1970-01-01 was a Thursday (4)
        let shifted = days + 719_468
        let era = Self.floorDivide(shifted, 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date: the inverse of the arithmetic above (Hinnant's
    /// `days_from_civil`), for a reader that turns a written date back into seconds.
    public static func days(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = floorDivide(shiftedYear, 400)
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// `02:30`
    public var time: String { Self.twoDigits(hour) + ":" + Self.twoDigits(minute) }

    /// `02:30`, or `02:30:15` when the seconds are not zero.
    public var timeWithSeconds: String { second == 0 ? time : time + ":" + Self.twoDigits(second) }

    /// `Sun 28 Mar`
    public var shortDate: String {
        let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(weekdays[weekday]) \(day) \(months[month - 1])"
    }

    /// `2027-03-28`
    public var isoDate: String {
        (year < 1000 ? String(repeating: "0", count: year < 0 ? 0 : 4 - String(year).count) : "") + "\(year)-"
            + Self.twoDigits(month) + "-" + Self.twoDigits(day)
    }

    public static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    private static func floorDivide(_ value: Int, _ divisor: Int) -> Int {
        value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
    }
}
