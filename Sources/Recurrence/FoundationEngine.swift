import Foundation

/// The same schedules mapped onto `Calendar.nextDate(after:matching:matchingPolicy:repeatedTimePolicy:direction:)`,
/// as app code written with Foundation would compute them: the second engine every spec is checked against.
///
/// Policies map as the spec language says: skip → `.strict`, next-valid-time → `.nextTime`,
/// shift-forward → `.nextTimePreservingSmallerComponents`, shift-backward → `.previousTimePreservingSmallerComponents`,
/// first / last → `.first` / `.last`, both → two searches. Foundation returning nil becomes
/// `RecurrenceError.engineFoundNothing`, never a crash.
///
/// Foundation can take tens of milliseconds per month in some eras (a zone's local-mean-time years, where
/// `nextDate` finds nothing and gives up slowly), so a search checks between Foundation calls whether its thread
/// or its `Task` was cancelled and then ends with `RecurrenceError.stopped`: a test abandoned at its timeout stops using a core.
public struct FoundationEngine: RecurrenceEngine {
    public init() {}

    public var name: String { "foundation" }

    public func next(after date: Date, in schedule: Schedule) throws(RecurrenceError) -> Occurrence {
        try SupportedInstants.check(date, as: "cursor")
        guard let occurrence = try Search(schedule: schedule).next(after: date, through: nil) else {
            throw .engineFoundNothing(engine: "Foundation", after: date)
        }
        return occurrence
    }

    public func occurrences(in window: Window, of schedule: Schedule, limit: Int) throws(RecurrenceError) -> [Occurrence] {
        try window.checkSupported()
        let search = Search(schedule: schedule)
        var results: [Occurrence] = []
        var cursor = window.after
        while let occurrence = try search.next(after: cursor, through: window.through), occurrence.date <= window.through {
            guard results.count < limit else { throw .tooManyOccurrences(limit: max(0, limit)) }
            try SearchCancellation.check(after: cursor)
            results.append(occurrence)
            cursor = occurrence.date
        }
        return results
    }

    /// One schedule's calendar and mapped policies, built once per enumeration.
    private struct Search {
        let schedule: Schedule
        let calendar: Calendar
        let matching: Calendar.MatchingPolicy

        init(schedule: Schedule) {
            self.schedule = schedule
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = schedule.timeZone
            calendar.locale = Locale(identifier: "en_US_POSIX")
            self.calendar = calendar
            matching = switch schedule.nonexistent {
            case .skip: .strict
            case .nextValidTime: .nextTime
            case .shiftForward: .nextTimePreservingSmallerComponents
            case .shiftBackward: .previousTimePreservingSmallerComponents
            }
        }

        /// The next occurrence after `cursor`; nil when a rule searched period by period (or a stepped one) has none
        /// before `through`. Where Foundation itself finds nothing (`nextDate` returns nil for every component set), it
        /// throws `engineFoundNothing`, inside a window too: a window would otherwise end there in silence, and a
        /// spec expecting `[]` would pass on a rule Foundation cannot answer (`on: last sunday`'s `weekdayOrdinal: -1`).
        func next(after cursor: Date, through: Date?) throws(RecurrenceError) -> Occurrence? {
            switch schedule.rule {
            case .interval(let seconds, let from):
                // Calendar has no elapsed-time rule, so there is nothing of Foundation's to ask: the rule's
                // arithmetic is the core's (`from + k·seconds`, k settled by comparison, key the instant in UTC).
                return IntervalSequence(seconds: seconds, from: from, schedule: schedule).first(after: cursor)
            case .daily(let times):
                return try nextMatching(times.map(components), after: cursor)
            case .weekly(let days, let times):
                return try nextMatching(days.flatMap { day in times.map { at in
                    var dc = components(at)
                    dc.weekday = day.rawValue
                    return dc
                } }, after: cursor)
            case .hourly(let minute, let second):
                return try nextMatching([DateComponents(minute: minute, second: second)], after: cursor)
            case .monthly(.day(let day), let times, _) where day <= 28:
                return try nextMatching(times.map { at in
                    var dc = components(at)
                    dc.day = day
                    return dc
                }, after: cursor)
            case .yearly(let month, .day(let day), let times, _) where day <= Self.shortestLength(of: month):
                return try nextMatching(times.map { at in
                    var dc = components(at)
                    dc.month = month
                    dc.day = day
                    return dc
                }, after: cursor)
            case .monthly(.weekday(let ordinal, let weekday), let times, _) where ordinal != .fifth:
                // `weekday` + `weekdayOrdinal` as app code would ask (-1 for the last). A fifth weekday can be missing,
                // so it is searched period by period below, as a day above 28 is.
                return try nextMatching(times.map { at in
                    var dc = components(at)
                    dc.weekday = weekday.rawValue
                    dc.weekdayOrdinal = ordinal.rawValue
                    return dc
                }, after: cursor)
            case .yearly(let month, .weekday(let ordinal, let weekday), let times, _) where ordinal != .fifth:
                return try nextMatching(times.map { at in
                    var dc = components(at)
                    dc.month = month
                    dc.weekday = weekday.rawValue
                    dc.weekdayOrdinal = ordinal.rawValue
                    return dc
                }, after: cursor)
            case .stepped(let inner, let every, let from):
                return try nextStepped(inner, every: every, from: from, after: cursor, through: through)
            case .monthly, .yearly:
                // A day that can be missing (day > 28, a fifth weekday): Foundation has no component for "else the last
                // one" and no search bound, so the date is chosen per period and Foundation resolves its wall time.
                return try nextByPeriod(after: cursor, through: through)
            }
        }

        /// Calendar has no stepped rule. A day or week rule: the inner rule's answers, Foundation's own wall-time
        /// resolution included, are kept when the step selects the date of the slot each came from (`slotDate`: a
        /// time shifted out of a gap at midnight lands on another date than its slot's). The search starts two days
        /// before `from`'s date at the latest; answers the step passes over are bounded apart from the inner rule's
        /// own bound, at `searchLimit` × the step × 32 (every wall time of every weekday of a week); reaching a bound
        /// is reported for the stepped rule, not the inner one. A month or year rule: `searchByPeriod`.
        private func nextStepped(
            _ inner: Rule, every: Int, from: CivilDate, after cursor: Date, through: Date?
        ) throws(RecurrenceError) -> Occurrence? {
            if let unit = StepUnit(periodOf: inner), unit == .months || unit == .years {
                return try searchByPeriod(inner, step: StepFilter(unit: unit, every: every, from: from), after: cursor, through: through)
            }
            let innerLimit = schedule.searchLimit.multipliedReportingOverflow(by: every)
            guard let unit = StepUnit(periodOf: inner),
                  let innerSchedule = try? Schedule(
                    id: schedule.id, version: schedule.version, rule: inner, timeZone: schedule.timeZone,
                    nonexistent: schedule.nonexistent, repeated: schedule.repeated,
                    searchLimit: innerLimit.overflow ? Int.max : innerLimit.partialValue)
            else { preconditionFailure("a valid stepped rule has a valid day, week, month or year rule inside") }
            let step = StepFilter(unit: unit, every: every, from: from)
            let search = Search(schedule: innerSchedule)
            let earliest = Date(timeIntervalSince1970: Double(step.fromDay - 2) * 86_400)
            var position = max(cursor, earliest)
            let passable = schedule.searchLimit.multipliedReportingOverflow(by: every * 32)
            var passed = 0
            while let answer = try innerNext(search, after: position, through: through, cursor: cursor) {
                let date = slotDate(of: answer, times: inner.wallTimes)
                let selected = step.selects(date: date, day: date.daysSinceEpoch)
                if answer.date > cursor, selected { return answer }
                if let through, answer.date > through { return nil }
                passed += 1
                if !passable.overflow, passed >= passable.partialValue {
                    throw .searchLimitReached(rule: schedule.rule.summary, limit: schedule.searchLimit, after: cursor)
                }
                try SearchCancellation.check(after: cursor)
                // Past the off-step periods at once (every 1,000 years asked Foundation for every year between): from
                // two days before the next selected period's first day, which is before its local midnight in any zone.
                let next = step.firstDayOfNextSelectedPeriod(after: date, day: date.daysSinceEpoch)
                position = selected ? answer.date : max(answer.date, Date(timeIntervalSince1970: Double(next - 2) * 86_400))
            }
            return nil
        }

        /// The inner rule's next answer; its search bound reached is the stepped rule's, named as the spec wrote it.
        private func innerNext(_ search: Search, after position: Date, through: Date?, cursor: Date) throws(RecurrenceError) -> Occurrence? {
            do throws(RecurrenceError) {
                return try search.next(after: position, through: through)
            } catch {
                guard case .searchLimitReached = error else { throw error }
                throw .searchLimitReached(rule: schedule.rule.summary, limit: schedule.searchLimit, after: cursor)
            }
        }

        /// A month or year rule's periods the step selects (every period, for a rule without a step), as app code would
        /// walk them: each period's date by arithmetic (`periodDate`), its wall times resolved by Foundation. Bounded and
        /// ended as the core's walk is: each wall time of a period, on or after the cursor's local date, that gives
        /// nothing after the cursor counts, and the search ends with the bound at the `searchLimit`-th; a window ends,
        /// without error, at the first period whose date is more than two local days past `through`'s (a missing
        /// day's date is its month's last). Past the year 10000 Foundation is not asked (a `nextDate` there takes
        /// milliseconds, and no answer is in the supported range): the search ends with `engineFoundNothing`.
        /// (A black-box differential found a stepped rule counting every month against `limit` × the step, which let
        /// selected months without the day go uncounted, and windows ending at their bound where the core's end.)
        private func searchByPeriod(_ rule: Rule, step: StepFilter, after cursor: Date, through: Date?) throws(RecurrenceError) -> Occurrence? {
            let local = calendar.dateComponents([.year, .month, .day], from: cursor)
            let cursorDate = CivilDate(year: local.year ?? 1970, month: local.month ?? 1, day: local.day ?? 1)
            let lastDay = through.map { through in
                let seconds = Int(through.timeIntervalSince1970.rounded(.down))
                return OccurrenceScan.floorDivide(seconds + calendar.timeZone.secondsFromGMT(for: through), 86_400) + OccurrenceScan.lookbackDays
            }
            let fromDate = CivilDate(daysSinceEpoch: step.fromDay)
            let fromPeriod = StepFilter.period(of: fromDate, day: step.fromDay, unit: step.unit)
            let cursorPeriod = StepFilter.period(of: cursorDate, day: cursorDate.daysSinceEpoch, unit: step.unit)
            // The first selected period holding the cursor's date or after it (from's, when the cursor is before it).
            let behind = max(0, cursorPeriod - fromPeriod)
            var period = fromPeriod + (behind + step.every - 1) / step.every * step.every
            var fruitless = 0
            while true {
                try SearchCancellation.check(after: cursor)
                let year = step.unit == .months ? OccurrenceScan.floorDivide(period, 12) : period
                let month = step.unit == .months ? period - year * 12 + 1 : 1
                guard year <= 10_000 else { throw .engineFoundNothing(engine: "Foundation", after: cursor) }
                let (nominal, sets) = periodDate(of: rule, year: year, month: month)
                if let lastDay, nominal.daysSinceEpoch > lastDay { return nil }
                var best: Date?
                // The period's slots in order, one per wall time (none given when its day is missing): each that gives
                // nothing counts, as the core's do, until one gives an answer.
                for index in 0..<rule.wallTimes.count {
                    let answer = index < sets.count ? periodAnswer(sets[index], on: nominal, after: cursor) : nil
                    if let answer {
                        if best == nil || answer < best! { best = answer }
                    } else if best == nil, !(nominal < cursorDate) {
                        fruitless += 1
                        if fruitless >= schedule.searchLimit {
                            throw .searchLimitReached(rule: schedule.rule.summary, limit: schedule.searchLimit, after: cursor)
                        }
                    }
                }
                if let best { return occurrence(at: best) }
                let next = period.addingReportingOverflow(step.every)
                guard !next.overflow else { throw .engineFoundNothing(engine: "Foundation", after: cursor) }
                period = next.partialValue
            }
        }

        /// The local date of the slot an inner day or week rule's answer came from: its own date, unless its wall time
        /// is none of the rule's (Foundation moved it out of a gap), and then the date of the rule's time in the gap
        /// whose resolution under the schedule's policy is the answer: shifted backward out of a gap at midnight, a
        /// time lands on the day before its slot (America/Sao_Paulo, 00:30 on 2018-11-04 is 23:30 on the 3rd), and the
        /// step was checked on that day (a black-box differential found an off-step date's occurrence kept, and a
        /// selected one's lost).
        private func slotDate(of answer: Occurrence, times: [TimeOfDay]) -> CivilDate {
            guard let slot = answer.slot else { preconditionFailure("a calendar rule's occurrence has a local slot") }
            let own = CivilDate(year: slot.year, month: slot.month, day: slot.day)
            let wallTime = slot.hour * 3600 + slot.minute * 60 + slot.second
            guard !times.contains(where: { $0.secondsIntoDay == wallTime }) else { return own }
            let zone = schedule.timeZone
            let instant = Int(answer.date.timeIntervalSince1970.rounded(.down))
            var change = zone.nextDaylightSavingTimeTransition(after: answer.date.addingTimeInterval(-2 * 86_400))
            while let at = change, at.timeIntervalSince1970 <= answer.date.timeIntervalSince1970 + 2 * 86_400 {
                let before = zone.secondsFromGMT(for: at.addingTimeInterval(-1)), after = zone.secondsFromGMT(for: at)
                let moment = Int(at.timeIntervalSince1970.rounded(.down))
                if after > before {
                    // The gap's wall times, [start, end), and the dates they touch.
                    let (start, end) = (moment + before, moment + after)
                    for day in Set([OccurrenceScan.floorDivide(start, 86_400), OccurrenceScan.floorDivide(end - 1, 86_400)]).sorted() {
                        for time in times {
                            let wall = day * 86_400 + time.secondsIntoDay
                            guard wall >= start, wall < end else { continue }
                            let resolved = switch schedule.nonexistent {
                            case .shiftBackward: wall - after
                            case .shiftForward: wall - before
                            case .nextValidTime: moment
                            case .skip: Int.min
                            }
                            if resolved == instant { return CivilDate(daysSinceEpoch: day) }
                        }
                    }
                }
                change = zone.nextDaylightSavingTimeTransition(after: at)
            }
            return own
        }

        private static func shortestLength(of month: Int) -> Int {
            month == 2 ? 28 : CivilDate.daysIn(month: month, year: 2001)
        }

        private func components(_ at: TimeOfDay) -> DateComponents {
            DateComponents(hour: at.hour, minute: at.minute, second: at.second)
        }

        /// The earliest of Foundation's answers for each component set (one per weekday and wall time), with `both` as
        /// two searches. Several times a date are as many searches from the same cursor, the earliest answer winning:
        /// unlike the core's walk over slots in nominal order, a later slot's answer that comes before an earlier
        /// slot's shifted one is not dropped (specs/foundation/several-times-shift-forward.yaml).
        private func nextMatching(_ sets: [DateComponents], after cursor: Date) throws(RecurrenceError) -> Occurrence? {
            var best: Date?
            for dc in sets {
                for policy in repeatedPolicies {
                    guard let date = calendar.nextDate(
                        after: cursor, matching: dc, matchingPolicy: matching, repeatedTimePolicy: policy, direction: .forward)
                    else { continue }
                    if date > cursor, best == nil || date < best! { best = date }
                }
            }
            guard let best else { throw .engineFoundNothing(engine: "Foundation", after: cursor) }
            return occurrence(at: best)
        }

        private var repeatedPolicies: [Calendar.RepeatedTimePolicy] {
            switch schedule.repeated {
            case .first: [.first]
            case .last: [.last]
            case .both: [.first, .last]
            }
        }

        /// Month and year rules whose day can be missing (and `day: last`): each period's date is chosen by `missing-day`
        /// (plain arithmetic), then Foundation resolves that date's wall time, every period a selected one.
        private func nextByPeriod(after cursor: Date, through: Date?) throws(RecurrenceError) -> Occurrence? {
            let unit: StepUnit = if case .yearly = schedule.rule { .years } else { .months }
            return try searchByPeriod(schedule.rule, step: StepFilter(unit: unit, every: 1, from: Self.beforeEveryPeriod),
                                      after: cursor, through: through)
        }

        /// A `from` before any cursor, for a rule without a step.
        private static let beforeEveryPeriod = CivilDate(year: -100_000, month: 1, day: 1)

        /// A month or year rule's date in one period (`month` is the rule's own for a year rule): the date its slot
        /// is counted on — the month's last day where it lacks the rule's day, as the core's slot sits there — and
        /// full components for it, one set per wall time; none when `missing-day: skip` leaves the period empty.
        private func periodDate(of rule: Rule, year: Int, month: Int) -> (nominal: CivilDate, components: [DateComponents]) {
            let (targetMonth, day, times, missing): (Int, DayOfMonth, [TimeOfDay], MissingDayPolicy?)
            switch rule {
            case .monthly(let d, let t, let m): (targetMonth, day, times, missing) = (month, d, t, m)
            case .yearly(let mo, let d, let t, let m): (targetMonth, day, times, missing) = (mo, d, t, m)
            default: return (CivilDate(year: year, month: month, day: 1), [])
            }
            let length = CivilDate.daysIn(month: targetMonth, year: year)
            let dayNumber: Int
            switch day {
            case .last: dayNumber = length
            case .day(let n) where n <= length: dayNumber = n
            case .day:
                guard missing == .lastDay else { return (CivilDate(year: year, month: targetMonth, day: length), []) }
                dayNumber = length
            case .weekday(let ordinal, let weekday):
                if let day = CivilDate.day(of: ordinal, weekday, month: targetMonth, year: year) {
                    dayNumber = day
                } else {
                    guard missing == .lastDay else { return (CivilDate(year: year, month: targetMonth, day: length), []) }
                    dayNumber = CivilDate.day(of: .last, weekday, month: targetMonth, year: year)!
                }
            }
            return (CivilDate(year: year, month: targetMonth, day: dayNumber), times.map { at in
                DateComponents(year: year, month: targetMonth, day: dayNumber, hour: at.hour, minute: at.minute, second: at.second)
            })
        }

        /// Foundation's earliest answer after `cursor` for one full date and time (both policies under `both`), searched
        /// from the day before the date at the earliest; nil when it has none on that date or the day before or after
        /// (where a shifted wall time can land: back out of a gap at midnight, on past one that ends at midnight).
        /// Asked for a date already past, Foundation answered under `.nextTime` and `.nextTimePreservingSmallerComponents`
        /// with the first of the next month (2027-03-06 12:00 asked from 2027-03-31: 2027-04-01 00:00, measured on
        /// 6.3.1), an occurrence on a date the rule never selects (a black-box differential's finding).
        private func periodAnswer(_ dc: DateComponents, on date: CivilDate, after cursor: Date) -> Date? {
            var best: Date?
            let day = date.daysSinceEpoch
            let from = Date(timeIntervalSince1970: max(cursor.timeIntervalSince1970, Double(day - 1) * 86_400 - 14 * 3600))
            for policy in repeatedPolicies {
                guard let answer = calendar.nextDate(
                    after: from, matching: dc, matchingPolicy: matching, repeatedTimePolicy: policy, direction: .forward),
                    answer > cursor
                else { continue }
                let local = calendar.dateComponents([.year, .month, .day], from: answer)
                let answerDay = CivilDate(year: local.year ?? 0, month: local.month ?? 0, day: local.day ?? 0).daysSinceEpoch
                if abs(answerDay - day) <= 1, best == nil || answer < best! { best = answer }
            }
            return best
        }

        /// Keys come from the result's own wall date, as app code using Foundation would build them.
        private func occurrence(at date: Date) -> Occurrence {
            let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
            let slot = LocalDateTime(year: c.year ?? 0, month: c.month ?? 0, day: c.day ?? 0,
                                     hour: c.hour ?? 0, minute: c.minute ?? 0, second: c.second ?? 0)
            var key = "\(schedule.id)/v\(schedule.version)/\(slot.dateString)"
            if case .hourly = schedule.rule {
                key += "T" + pad(slot.hour) + ":" + pad(slot.minute)
            } else if schedule.rule.wallTimes.count > 1 {
                // Several times a date: the result's own wall time, as the core's key has the slot's nominal one.
                key += "T" + pad(slot.hour) + ":" + pad(slot.minute) + (slot.second == 0 ? "" : ":" + pad(slot.second))
            }
            let isLaterOfPair = isRepeatedLater(date, components: c)
            if schedule.repeated == .both && isLaterOfPair { key += "~2" }
            let resolution: Occurrence.Resolution = isLaterOfPair ? .overlapLast : .exact
            return Occurrence(date: date, key: DedupKey(key), slot: slot, resolution: resolution)
        }

        /// Whether the same wall time also happened earlier (this is the second of a repeated pair).
        private func isRepeatedLater(_ date: Date, components c: DateComponents) -> Bool {
            guard let first = calendar.nextDate(
                after: date.addingTimeInterval(-26 * 3600), matching: c, matchingPolicy: .strict,
                repeatedTimePolicy: .first, direction: .forward)
            else { return false }
            return first < date
        }
    }
}
