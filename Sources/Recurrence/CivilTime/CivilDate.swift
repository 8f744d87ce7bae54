/// Proleptic Gregorian calendar arithmetic on plain integers (days since 1970-01-01), after
/// Howard Hinnant's `days_from_civil` / `civil_from_days`: exact for every year, and fast.
public struct CivilDate: Sendable, Hashable, Comparable {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The largest year or month (either way) the arithmetic reads; a field past it is read as it (a day, as
    /// `dayBound`): no calendar search reaches them, and without a bound the sums overflow and trap.
    static let fieldBound = 1 << 36
    static let dayBound = 1 << 40

    public init(daysSinceEpoch z: Int) {
        let z = min(max(z, -(1 << 50)), 1 << 50) + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        day = doy - (153 * mp + 2) / 5 + 1
        month = mp < 10 ? mp + 3 : mp - 9
        year = yoe + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// `2027-01-04`: four digits, two, two, joined by `-`, naming a day that exists (`2027-02-30` is nil); nil for
    /// anything else, an instant's text included.
    public init?(isoDate text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else { return nil }
                value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), year >= 1,
              (1...12).contains(month), (1...Self.daysIn(month: month, year: year)).contains(day) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// `2027-01-04`, as `init(isoDate:)` reads it and dedup keys write it.
    public var isoText: String { DedupKeyWriter.dateText(self) }

    /// Days since 1970-01-01; a month or day out of its range rolls over (month 13 is the next January), and a
    /// field past `fieldBound` (`dayBound` for the day) is read as that bound.
    public var daysSinceEpoch: Int {
        let year = min(max(year, -Self.fieldBound), Self.fieldBound)
        let month = min(max(month, -Self.fieldBound), Self.fieldBound)
        let day = min(max(day, -Self.dayBound), Self.dayBound)
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// Sunday = 1 … Saturday = 7, as `Weekday` numbers days.
    public var weekday: Weekday {
        let days = daysSinceEpoch
        // 1970-01-01 was a Thursday (5).
        let index = ((days % 7) + 7 + 4) % 7
        return Weekday(rawValue: index + 1)!
    }

    public static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// The day of the month of its `ordinal` `weekday` (the 2nd Tuesday, the last Friday), or nil when the month has
    /// no such day (only a fifth one can be missing), or when `month` is not one of 1…12.
    public static func day(of ordinal: WeekdayOrdinal, _ weekday: Weekday, month: Int, year: Int) -> Int? {
        guard (1...12).contains(month) else { return nil }
        let length = daysIn(month: month, year: year)
        if ordinal == .last {
            let lastWeekday = CivilDate(year: year, month: month, day: length).weekday.rawValue
            return length - (lastWeekday - weekday.rawValue + 7) % 7
        }
        let firstWeekday = CivilDate(year: year, month: month, day: 1).weekday.rawValue
        let day = 1 + (weekday.rawValue - firstWeekday + 7) % 7 + 7 * (ordinal.rawValue - 1)
        return day <= length ? day : nil
    }

    public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}
