import Foundation

/// The instants a search starts from: `Date.distantPast` (0000-12-30T00:00:00Z, January 1 of the year 1 in the
/// Julian calendar) up to, not including, 10000-01-01T00:00:00Z — the years 0001…9999 that RFC 3339 and the spec
/// language write, and `Date.distantPast` and `Date.distantFuture`, which apps pass as "from the beginning".
///
/// A cursor, a window's bounds or an interval's `from` outside them (or not a number: NaN, infinity) is refused with
/// `RecurrenceError.instantOutOfRange` or a rule problem, instead of an answer computed for a clamped instant. A
/// result may lie past them: the next daily occurrence after 9999-12-31T12:00:00Z is in the year 10000.
public enum SupportedInstants {
    /// `Date.distantPast` ..< 10000-01-01T00:00:00Z.
    public static let range: Range<Date> = Date.distantPast..<Date(timeIntervalSince1970: 253_402_300_800)

    /// Both ends in words, for the messages of a refusal.
    static let rangeText = "from Date.distantPast (0000-12-30T00:00:00Z) up to 9999-12-31T23:59:59Z"

    /// Throws `instantOutOfRange` naming `role` (`cursor`, `window start`, …) unless `date` is in `range`.
    static func check(_ date: Date, as role: String) throws(RecurrenceError) {
        guard range.contains(date) else { throw .instantOutOfRange(role: role, date: date) }
    }

    /// Whether the day arithmetic of `rfc3339UTC` and `WallTimeText` can write `date`: finite and within about
    /// 3·10^8 years of 1970 (further, it would overflow).
    static func hasCalendarDate(_ date: Date) -> Bool {
        let seconds = date.timeIntervalSince1970
        return seconds.isFinite && abs(seconds) < 1e16
    }

    /// `1e+300 s since 1970`: an instant that may be far outside any calendar, written without one.
    static func secondsText(_ date: Date) -> String {
        "\(date.timeIntervalSince1970) s since 1970"
    }
}
