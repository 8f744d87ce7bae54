/// The slots of a calendar rule in order, from a starting local date, with integer Gregorian arithmetic
/// (`CivilDate`): never Foundation's Calendar, never the machine's zone.
///
/// Daily: every date. Weekly: every date on a selected weekday. Monthly: one slot per month (day 1–31, the last
/// day, or the n-th weekday; a day the month lacks is a slot without a wall time under `missing-day: skip`, placed
/// on the month's last day, and the month's last day, or its last such weekday, under `last-day`). Yearly: the same, once a year. Hourly: 24 slots per local date, one per wall-clock hour.
/// A rule with several times a date gets one slot per date here, at its first time: `OccurrenceScan` makes the
/// date's slot for each time from it (keeping this loop as small as it was for one-time rules).
struct SlotSequence: Sendable {
    private enum Pattern: Sendable {
        case daily
        case weekly(mask: UInt8)
        case monthly(DayOfMonth, MissingDayPolicy?)
        case yearly(month: Int, DayOfMonth, MissingDayPolicy?)
        case hourly
    }

    private let pattern: Pattern
    private let hour: Int
    private let minute: Int
    private let second: Int
    private let startDay: Int
    /// The next date to consider (daily, weekly, hourly) and its day number and weekday (Sunday = 0).
    private var date: CivilDate
    private var day: Int
    private var weekday: Int
    /// The next hour to consider (hourly).
    private var nextHour = 0
    /// The next month to consider (monthly: year and month; yearly: the year).
    private var year: Int
    private var month: Int
    private var lastPosition = Int.min
    /// A stepped rule's step: `nextSelected()` passes over the slots it does not select (`next()` ignores it).
    let step: StepFilter?

    /// The rule's slots whose position is on or after `startDay` (days since 1970). Interval rules have no slots.
    /// A stepped rule's sequence is its inner rule's, from `from` at the earliest; `nextSelected()` applies the step.
    init(rule: Rule, startDay: Int) {
        if case .stepped(let inner, let every, let from) = rule {
            guard let unit = StepUnit(periodOf: inner) else { preconditionFailure("only day, week, month and year rules step") }
            let filter = StepFilter(unit: unit, every: every, from: from)
            self.init(unstepped: inner, startDay: max(startDay, filter.fromDay), step: filter)
        } else {
            self.init(unstepped: rule, startDay: startDay, step: nil)
        }
    }

    private init(unstepped rule: Rule, startDay: Int, step: StepFilter?) {
        self.step = step
        let start = CivilDate(daysSinceEpoch: startDay)
        self.startDay = startDay
        self.date = start
        self.day = startDay
        self.weekday = start.weekday.rawValue - 1
        self.year = start.year
        self.month = start.month
        switch rule {
        case .daily(let times):
            let time = times[0]
            pattern = .daily
            (hour, minute, second) = (time.hour, time.minute, time.second)
        case .weekly(let days, let times):
            let time = times[0]
            let mask = days.reduce(UInt8(0)) { $0 | (1 << UInt8($1.rawValue - 1)) }
            precondition(mask != 0, "a weekly rule needs a weekday")
            pattern = .weekly(mask: mask)
            (hour, minute, second) = (time.hour, time.minute, time.second)
        case .monthly(let dayOfMonth, let times, let missing):
            let time = times[0]
            pattern = .monthly(dayOfMonth, missing)
            (hour, minute, second) = (time.hour, time.minute, time.second)
        case .yearly(let month, let dayOfMonth, let times, let missing):
            let time = times[0]
            pattern = .yearly(month: month, dayOfMonth, missing)
            (hour, minute, second) = (time.hour, time.minute, time.second)
        case .hourly(let minute, let second):
            pattern = .hourly
            (hour, self.minute, self.second) = (0, minute, second)
        case .interval:
            preconditionFailure("interval rules select instants, not local slots")
        case .stepped:
            preconditionFailure("a stepped rule's inner rule does not step")
        }
    }

    /// The next slot a stepped rule's step selects (for other rules, `next()`). The slots of off-step periods are
    /// passed over here, so the search bound, which counts what this returns, never counts them.
    mutating func nextSelected() -> Slot {
        guard let step else { return next() }
        var slot = next()
        while !step.selects(date: slot.date, day: slot.day) { slot = next() }
        return slot
    }

    /// The next slot. Every call returns a later position than the one before.
    mutating func next() -> Slot {
        let slot: Slot
        switch pattern {
        case .daily:
            slot = Slot(day: day, position: day, date: date, hour: hour, minute: minute, second: second, exists: true)
            advanceDay()
        case .weekly(let mask):
            while mask & (1 << UInt8(weekday)) == 0 { advanceDay() }
            slot = Slot(day: day, position: day, date: date, hour: hour, minute: minute, second: second, exists: true)
            advanceDay()
        case .hourly:
            slot = Slot(
                day: day, position: day * 24 + nextHour, date: date,
                hour: nextHour, minute: minute, second: second, exists: true)
            nextHour += 1
            if nextHour == 24 {
                nextHour = 0
                advanceDay()
            }
        case .monthly(let dayOfMonth, let missing):
            var candidate = monthSlot(year: year, month: month, dayOfMonth, missing)
            advanceMonth()
            while candidate.day < startDay {
                candidate = monthSlot(year: year, month: month, dayOfMonth, missing)
                advanceMonth()
            }
            slot = candidate
        case .yearly(let ruleMonth, let dayOfMonth, let missing):
            var candidate = monthSlot(year: year, month: ruleMonth, dayOfMonth, missing)
            year += 1
            while candidate.day < startDay {
                candidate = monthSlot(year: year, month: ruleMonth, dayOfMonth, missing)
                year += 1
            }
            slot = candidate
        }
        precondition(slot.position > lastPosition, "slot sequence must advance")
        lastPosition = slot.position
        return slot
    }

    private func monthSlot(year: Int, month: Int, _ dayOfMonth: DayOfMonth, _ missing: MissingDayPolicy?) -> Slot {
        let length = CivilDate.daysIn(month: month, year: year)
        var wanted: Int
        var exists = true
        switch dayOfMonth {
        case .last:
            wanted = length
        case .day(let number):
            wanted = number
            if wanted > length {
                if missing == .lastDay { wanted = length } else { exists = false }
            }
        case .weekday(let ordinal, let weekday):
            // Only a fifth weekday can be missing: `last-day` takes the month's last such weekday (its fourth).
            if let day = CivilDate.day(of: ordinal, weekday, month: month, year: year) {
                wanted = day
            } else if missing == .lastDay {
                wanted = CivilDate.day(of: .last, weekday, month: month, year: year)!
            } else {
                wanted = length
                exists = false
            }
        }
        let nominal = CivilDate(year: year, month: month, day: wanted)
        // A missing day is placed on its month's last day (April 31 on April 30): it is that month's slot, so a search
        // from May 1 or 2 does not count it against its bound, as Hinnant's roll-over to May 1 would.
        let day = exists ? nominal.daysSinceEpoch : CivilDate(year: year, month: month, day: length).daysSinceEpoch
        return Slot(day: day, position: day, date: nominal, hour: hour, minute: minute, second: second, exists: exists)
    }

    private mutating func advanceDay() {
        day += 1
        weekday = weekday == 6 ? 0 : weekday + 1
        date.day += 1
        if date.day > 28 && date.day > CivilDate.daysIn(month: date.month, year: date.year) {
            date.day = 1
            if date.month == 12 {
                date.month = 1
                date.year += 1
            } else {
                date.month += 1
            }
        }
    }

    private mutating func advanceMonth() {
        if month == 12 {
            month = 1
            year += 1
        } else {
            month += 1
        }
    }
}
