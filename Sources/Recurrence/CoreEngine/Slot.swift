/// One local slot a calendar rule selects: a date (for hourly rules a date and an hour) and its wall time.
struct Slot: Sendable, Hashable {
    /// Days since 1970 of the slot's nominal local date; for a missing day, its month's last day (April 31 sits on
    /// April 30): the slot belongs to its month, positions keep increasing, and a search from May 1 does not count it.
    var day: Int
    /// What the search bound counts and compares: `day`, `day * 24 + hour` for hourly rules, or
    /// `day * times + index` for a rule with several times a date.
    var position: Int
    /// The nominal local date; the dedup key's date.
    var date: CivilDate
    var hour: Int
    var minute: Int
    var second: Int
    /// False for a day the month lacks under `missing-day: skip`: the slot is considered but has no wall time.
    var exists: Bool

    /// Local wall seconds (the local date-time read as if UTC).
    var wall: Int { day * 86_400 + hour * 3600 + minute * 60 + second }

    var localDateTime: LocalDateTime {
        LocalDateTime(year: date.year, month: date.month, day: date.day, hour: hour, minute: minute, second: second)
    }
}
