import SpecResults

/// A dedup key whose date is the Julian calendar's date of its instant. Foundation's `Calendar(identifier: .gregorian)`
/// counts in the Julian calendar before 1582-10-15 (ICU's cutover), while RFC 3339, the spec language and the core
/// engine count in the proleptic Gregorian calendar: the foundation engine's March 1 of 1500 is the instant
/// 1500-03-11T12:00:00Z, keyed `…/1500-03-01`. Beside its instant such a key read as a wrong date (a review); the HTML
/// report says which date it is.
///
/// Told only when the key's last date is exactly the Julian date of the instant's local date, the local date is before
/// 1582-10-15 and the two differ: an engine's key is never guessed at.
enum JulianKeyDate {
    /// The key's date and the instant's local (proleptic Gregorian) date, `("1500-03-01", "1500-03-11")`, or nil.
    static func of(_ instant: ResultInstant) -> (key: String, gregorian: String)? {
        guard let key = instant.key, let local = date(in: Substring(instant.local.prefix(10))), let written = lastDate(in: key),
              local.year < 1582 || (local.year == 1582 && (local.month, local.day) < (10, 15)),
              written != local else { return nil }
        // Days since 1970 of the proleptic Gregorian date, then the Julian calendar's reading of that day (Richards'
        // algorithm from the Julian day number, 2440588 at 1970-01-01).
        let julianDay = WallClock.days(year: local.year, month: local.month, day: local.day) + 2_440_588
        let c = julianDay + 32_082
        let d = (4 * c + 3) / 1461
        let e = c - 1461 * d / 4
        let m = (5 * e + 2) / 153
        let julian = (year: d - 4800 + m / 10, month: m + 3 - 12 * (m / 10), day: e - (153 * m + 2) / 5 + 1)
        guard julian == written else { return nil }
        return (text(written), text(local))
    }

    /// The sentence under a table that shows such a key, with its first key's date and instant's date as the example.
    static func explanation(_ example: (key: String, gregorian: String)) -> String {
        "Before 1582-10-15 Foundation's Gregorian calendar is the Julian calendar (ICU's cutover), so its keys name each "
            + "occurrence by its Julian date; the instants are dates of the proleptic Gregorian calendar that RFC 3339, the spec "
            + "language and the core engine use. The day keyed \(example.key) is \(example.gregorian) in that calendar."
    }

    private typealias CivilDate = (year: Int, month: Int, day: Int)

    /// `YYYY-MM-DD` at the start of `text`.
    private static func date(in text: Substring) -> CivilDate? {
        let parts = text.prefix(10).split(separator: "-", omittingEmptySubsequences: false)
        guard text.count >= 10, parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else { return nil }
        return (year, month, day)
    }

    /// The date that ends a key's last part (`payroll/v1/1500-03-01`, `…/1500-03-01T12:00`, `…/1500-03-01~2`).
    private static func lastDate(in key: String) -> CivilDate? {
        guard let last = key.split(separator: "/").last, last.count >= 10 else { return nil }
        return date(in: last)
    }

    private static func text(_ date: CivilDate) -> String {
        WallClock(wallSeconds: Double(WallClock.days(year: date.year, month: date.month, day: date.day)) * 86_400).isoDate
    }
}
