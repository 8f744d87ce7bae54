import Foundation

/// One walk over a calendar rule's slots that yields occurrences in order, by the spec language's normative rules.
///
/// Each slot's wall time resolves to zero, one or two candidates; a candidate not later than every candidate
/// before it is dropped (so when two slots resolve to the same instant, the occurrence belongs to the earlier
/// slot). The walk starts two local days before the cursor's local date — shift-backward, and skipped days
/// such as Pacific/Apia 2011-12-30, move an instant up to a day earlier than its slot — so that the running
/// maximum is right by the time candidates pass the cursor. `next(of:)` repeated gives exactly what repeated
/// `CoreEngine.next(after:in:)` gives, each result being the cursor of the next search, including the bound:
/// a search ends with `searchLimitReached` once `limit` slots on or after its cursor's local date (hourly rules:
/// date and hour; several times a date: each time of each date counts) produced nothing.
struct OccurrenceScan {
    /// Slots resolve over this many local days before the cursor's (see the type's comment).
    static let lookbackDays = 2

    private let nonexistent: NonexistentTimePolicy
    private let repeated: RepeatedTimePolicy
    private let limit: Int
    private let isHourly: Bool
    /// Slots per selected date: the number of wall times of a day, week, month or year rule (1 for hourly rules).
    private let timesPerDate: Int
    /// Several times a date: every time, in order (empty otherwise); `slots` gives each date once, at the first time,
    /// and `nextSlotOfSeveral()` makes the date's slot for each time from it. Its position is `day * times + index`.
    private let times: [TimeOfDay]?
    private var dateSlot: Slot?
    /// A one-time rule without a step: its slots come straight from `slots.next()`.
    private let isPlain: Bool
    private var nextTime = 0
    private let keys: DedupKeyWriter
    /// The walk ends (returns nil) at the first slot whose day is later than this.
    private let stopDay: Int
    /// Candidates at or before the walk's starting cursor are never yielded.
    private let startFloor: Int

    private var table: ZoneOffsetTable
    private var slots: SlotSequence
    private var runningMax = Int.min

    private var current: Slot?
    private var candidates = SlotCandidates()
    private var candidateIndex = 0

    /// The search in progress: its cursor, the first position it counts, and the slots it counted so far.
    private var searchAfter: Date
    private var countFrom: Int
    private var fruitless = 0
    /// Set when a new search's already-finished slots reach the bound: its next step throws.
    private var exhausted = false
    /// Positions of the latest finished slots, newest last: a new search counts those at or after its start.
    private var recentPositions: [Int]
    private var recentNext = 0
    /// 128 slots (days of a one-time rule, hours of an hourly one), and at least six dates of a rule with several
    /// times a date: the finished slots a new search counts lie at most two dates from its occurrence's.
    private let recentCapacity: Int

    /// A walk yielding the occurrences later than `after`, ending at slots later than `stopDay` (days since 1970).
    init(schedule: Schedule, after: Date, stopDay: Int = .max) {
        nonexistent = schedule.nonexistent
        repeated = schedule.repeated
        limit = schedule.searchLimit
        keys = DedupKeyWriter(scheduleID: schedule.id, version: schedule.version)
        if case .hourly = schedule.rule { isHourly = true } else { isHourly = false }
        switch schedule.rule {
        case .daily(let all) where all.count > 1, .weekly(_, let all) where all.count > 1,
             .monthly(_, let all, _) where all.count > 1, .yearly(_, _, let all, _) where all.count > 1:
            times = all
        case .stepped(let inner, _, _):
            // Every stepped rule takes the walk's general path (`nextSlotOfSeveral`), one time a date or several.
            times = inner.wallTimes
        default:
            times = nil
        }
        timesPerDate = times?.count ?? 1
        isPlain = times == nil
        recentCapacity = max(128, 6 * timesPerDate)
        self.stopDay = stopDay
        let floor = InstantSeconds.floor(after)
        startFloor = floor
        table = ZoneOffsetTable.starting(at: floor - 7 * 86_400, in: schedule.timeZone)
        let wall = table.wall(at: floor)
        let day = Self.floorDivide(wall, 86_400)
        slots = SlotSequence(rule: schedule.rule, startDay: day - Self.lookbackDays)
        searchAfter = after
        countFrom = isHourly ? Self.floorDivide(wall, 3600) : day * timesPerDate
        recentPositions = Array(repeating: Int.min, count: recentCapacity)
    }

    /// Hands the zone table this walk read to later walks (`ZoneOffsetTable.share()`); call when the walk is done.
    func shareZoneTable() {
        table.share()
    }

    /// The next occurrence, or nil once the walk reaches a slot later than `stopDay`. `rule` is the schedule's, for
    /// the search bound's error (the walk does not keep a copy: for a one-time rule that copy's reference counting
    /// cost about 5 % of a `next(after:)`, bench/specrun-bench, section recurrence).
    mutating func next(of rule: Rule) throws(RecurrenceError) -> Occurrence? {
        if exhausted {
            throw .searchLimitReached(rule: rule.summary, limit: limit, after: searchAfter)
        }
        while true {
            if let slot = current {
                while candidateIndex < candidates.count {
                    let candidate = candidates[candidateIndex]
                    candidateIndex += 1
                    guard candidate.instant > runningMax else { continue }
                    runningMax = candidate.instant
                    guard candidate.instant > startFloor else { continue }
                    let occurrence = occurrence(candidate, of: slot)
                    startSearch(after: candidate.instant, date: occurrence.date)
                    return occurrence
                }
                try finish(slot, of: rule)
            }
            let slot = isPlain ? slots.next() : nextSlotOfSeveral()
            if slot.day > stopDay { return nil }
            current = slot
            candidateIndex = 0
            if slot.exists {
                let wall = slot.wall
                candidates = table.resolve(wall: wall).candidates(wall: wall, nonexistent: nonexistent, repeated: repeated)
            } else {
                candidates = SlotCandidates()
            }
        }
    }

    /// Counts a slot that gave the search in progress nothing, and ends the search at its bound.
    private mutating func finish(_ slot: Slot, of rule: Rule) throws(RecurrenceError) {
        if slot.position >= countFrom {
            fruitless += 1
            if fruitless >= limit {
                throw .searchLimitReached(rule: rule.summary, limit: limit, after: searchAfter)
            }
        }
        recentPositions[recentNext] = slot.position
        recentNext = recentNext == recentCapacity - 1 ? 0 : recentNext + 1
    }

    /// Begins the search whose cursor is the occurrence just yielded, as `next(after:)` from there would: it counts
    /// from the occurrence's local date (or hour; several times a date: the date's first slot), including finished slots at or after it (possible when a
    /// shifted time lands on an earlier local date than its slot's), which could only give earlier instants.
    private mutating func startSearch(after instant: Int, date: Date) {
        let wall = table.wall(at: instant)
        countFrom = isHourly ? Self.floorDivide(wall, 3600) : Self.floorDivide(wall, 86_400) * timesPerDate
        searchAfter = date
        fruitless = 0
        var index = recentNext
        for _ in 0..<recentCapacity {
            index = index == 0 ? recentCapacity - 1 : index - 1
            guard recentPositions[index] >= countFrom else { break }
            fruitless += 1
        }
        exhausted = fruitless >= limit
    }

    private func occurrence(_ candidate: SlotCandidate, of slot: Slot) -> Occurrence {
        let key = isHourly
            ? keys.key(date: slot.date, hour: slot.hour, minute: slot.minute, isRepeat: candidate.isRepeat)
            : timesPerDate > 1
            ? timedKey(candidate, of: slot)
            : keys.key(date: slot.date, isRepeat: candidate.isRepeat)
        return Occurrence(
            date: InstantSeconds.date(candidate.instant), key: key, slot: slot.localDateTime,
            resolution: candidate.resolution)
    }

    /// The next slot of a rule with several times a date, or of a stepped rule: the next time of the date in progress,
    /// or the first of the next date the step selects. Kept out of `next(of:)` (as `timedKey` is out of `occurrence`): inlined, these steps for rules with
    /// several times made a one-time rule's occurrence about 15 % slower (bench/specrun-bench, section recurrence).
    @inline(never)
    private mutating func nextSlotOfSeveral() -> Slot {
        if nextTime == 0 {
            var first = slots.nextSelected()
            first.position = first.day * timesPerDate
            dateSlot = first
        }
        guard var slot = dateSlot else { preconditionFailure("a date's first slot comes before its later times") }
        let time = times![nextTime]
        slot.position += nextTime
        (slot.hour, slot.minute, slot.second) = (time.hour, time.minute, time.second)
        nextTime = nextTime + 1 == timesPerDate ? 0 : nextTime + 1
        return slot
    }

    /// The key of a slot of a rule with several times a date (kept out of `occurrence`, as `SlotSequence` keeps its
    /// steps for them out of `next()`, so that a one-time rule's path stays small).
    @inline(never)
    private func timedKey(_ candidate: SlotCandidate, of slot: Slot) -> DedupKey {
        keys.key(date: slot.date, hour: slot.hour, minute: slot.minute, second: slot.second, isRepeat: candidate.isRepeat)
    }

    static func floorDivide(_ value: Int, _ divisor: Int) -> Int {
        value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
    }
}
