import Foundation

/// A wall-clock date and time with no zone: the nominal slot a calendar rule selects.
public struct LocalDateTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int
    public var second: Int

    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// `YYYY-MM-DD`.
    public var dateString: String { pad(year, width: 4) + "-" + pad(month) + "-" + pad(day) }

    /// `YYYY-MM-DD HH:MM[:SS]`.
    public var description: String {
        let time = pad(hour) + ":" + pad(minute) + (second == 0 ? "" : ":" + pad(second))
        return dateString + " " + time
    }

    /// The wall time as seconds since 1970-01-01T00:00 read as if it were UTC. Fields out of range roll over (hour 25
    /// is 01:00 the next day, month 13 the next January); a year or month past 2^36 either way, or a day, hour, minute
    /// or second past 2^40, is read as that bound, so the sum never overflows.
    public var wallSeconds: Int {
        let bound = CivilDate.dayBound
        func clamped(_ value: Int) -> Int { min(max(value, -bound), bound) }
        return CivilDate(year: year, month: month, day: day).daysSinceEpoch * 86_400 + clamped(hour) * 3600
            + clamped(minute) * 60 + clamped(second)
    }

    /// The wall time `date` shows in `timeZone` (its second, rounded down).
    public init(_ date: Date, in timeZone: TimeZone) {
        self.init(wallSeconds: Int(date.timeIntervalSince1970.rounded(.down)) + timeZone.secondsFromGMT(for: date))
    }

    /// The wall time `wallSeconds` seconds after 1970-01-01T00:00.
    public init(wallSeconds: Int) {
        let wallSeconds = min(max(wallSeconds, -(1 << 62)), 1 << 62)
        let days = wallSeconds >= 0 ? wallSeconds / 86_400 : -((-wallSeconds + 86_399) / 86_400)
        let secondOfDay = wallSeconds - days * 86_400
        let date = CivilDate(daysSinceEpoch: days)
        self.init(
            year: date.year, month: date.month, day: date.day,
            hour: secondOfDay / 3600, minute: secondOfDay % 3600 / 60, second: secondOfDay % 60)
    }

    public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
        (lhs.year, lhs.month, lhs.day, lhs.hour, lhs.minute, lhs.second)
            < (rhs.year, rhs.month, rhs.day, rhs.hour, rhs.minute, rhs.second)
    }
}
