/// Which local dates a stepped rule keeps: those on or after its `from` date whose period (day, ISO week, month or
/// year) is a whole number of steps from `from`'s. Both engines ask it, so they cannot disagree on the step.
struct StepFilter: Sendable, Hashable {
    let unit: StepUnit
    let every: Int
    /// Days since 1970 of `from`, and the index of its period.
    let fromDay: Int
    private let fromPeriod: Int

    init(unit: StepUnit, every: Int, from: CivilDate) {
        self.unit = unit
        self.every = every
        fromDay = from.daysSinceEpoch
        fromPeriod = Self.period(of: from, day: fromDay, unit: unit)
    }

    /// Whether a slot of the inner rule, on `date` (its nominal date) and `day` (days since 1970 of where it sits), is
    /// selected.
    func selects(date: CivilDate, day: Int) -> Bool {
        guard day >= fromDay else { return false }
        return (Self.period(of: date, day: day, unit: unit) - fromPeriod) % every == 0
    }

    /// Days since 1970 of the first day of the first selected period after the one holding `date` (`day` its days since
    /// 1970), or of `from`'s when `date` is before it: where a search may jump past an off-step period.
    func firstDayOfNextSelectedPeriod(after date: CivilDate, day: Int) -> Int {
        guard day >= fromDay else { return fromDay }
        let period = Self.period(of: date, day: day, unit: unit)
        return Self.firstDay(ofPeriod: period + every - (period - fromPeriod) % every, unit: unit)
    }

    /// Days since 1970 of the first day of the period with index `period` (a Monday for weeks, the 1st for months,
    /// January 1 for years): the inverse of `period(of:day:unit:)` on a period's first day.
    static func firstDay(ofPeriod period: Int, unit: StepUnit) -> Int {
        switch unit {
        case .days: return period
        case .weeks: return period * 7 - 3
        case .months:
            let year = OccurrenceScan.floorDivide(period, 12)
            return CivilDate(year: year, month: period - year * 12 + 1, day: 1).daysSinceEpoch
        case .years: return CivilDate(year: period, month: 1, day: 1).daysSinceEpoch
        }
    }

    /// The period's index: the day itself, the ISO week (1969-12-29, a Monday, starts week 0), year·12 + month, or the year.
    static func period(of date: CivilDate, day: Int, unit: StepUnit) -> Int {
        switch unit {
        case .days: day
        case .weeks: OccurrenceScan.floorDivide(day + 3, 7)
        case .months: date.year * 12 + date.month - 1
        case .years: date.year
        }
    }
}
