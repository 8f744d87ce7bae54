import Foundation
import Synchronization

/// A zone's offsets from UTC as a sorted table of transitions, filled lazily from the toolchain's zone data.
///
/// Only two Foundation calls are used: `secondsFromGMT(for:)` once for the offset at the table's start and
/// `nextDaylightSavingTimeTransition(after:)` once per transition, which on this toolchain reports every offset
/// change (base-offset changes such as Asia/Almaty 2024 and skipped days such as Pacific/Apia 2011 included).
/// After that, every lookup is integer comparisons on the table, with a segment hint for forward scans.
/// Instants are whole seconds since 1970 (`Int`); transitions and offsets are whole seconds in tzdata.
struct ZoneOffsetTable {
    /// Every offset tzdata has ever described lies within ±16 h (the extremes are local mean times near ±15:56),
    /// so every reading `t = wall − offset` of a wall time lies strictly within this distance of the wall time.
    static let readingReach = 18 * 3600

    /// How far before a requested instant a rebuilt table starts, so that nearby lookups need no rebuild.
    private static let lead = 7 * 86_400

    /// A jump further than this past the known transitions rebuilds the table instead of walking there.
    private static let walkLimit = 800 * 86_400

    let zone: TimeZone
    /// The table answers for instants at or after `start`.
    private(set) var start: Int
    /// Instants at which the offset changes, ascending, each later than `start`.
    private var instants: [Int]
    /// `offsets[i]` is the offset in force before `instants[i]`; `offsets[instants.count]` after the last.
    private var offsets: [Int]
    /// Every transition at or before `known` is in `instants`; `Int.max` once the zone has no more.
    private var known: Int
    /// The segment the last lookup used: forward scans find the next one in a step or two.
    private var hint = 0

    /// One table per zone, the one that knows the longest stretch, shared by every scan of the process.
    ///
    /// A scan used to build its own table: two to four calls into Foundation's zone data per test, each under a lock
    /// that parallel workers contend for, which was about a tenth of running a 10,000-spec corpus
    /// (bench/specrun-bench, section end-to-end). Every table is read from the same zone data, so a copy of a
    /// table that already covers a scan's start answers exactly what a new one would.
    private static let shared = Mutex<[String: ZoneOffsetTable]>([:])

    /// How far before or after the shared table's stretch a scan may start for the shared table to grow to it
    /// (a century: about 200 transitions to read once) rather than the scan building a table of its own.
    private static let growthLimit = 100 * 366 * 86_400

    /// A table answering from `start` on: a copy of the shared one for the zone when it covers `start`, else a new one.
    ///
    /// A start before or after the shared table's stretch, within `growthLimit` of it, grows a table that covers both
    /// (and shares it): the specs of a suite range over decades (1995–2040 in the 10,000-spec corpus), and replacing the
    /// shared table by whichever knew the longest stretch made scans outside it rebuild and re-read the zone data (perf
    /// of `specrun --jobs 2` on that corpus: the samples in `nextDaylightSavingTimeTransition` halved with this).
    static func starting(at start: Int, in zone: TimeZone) -> ZoneOffsetTable {
        guard let table = shared.withLock({ $0[zone.identifier] }), table.zone == zone else {
            return ZoneOffsetTable(zone: zone, start: start)
        }
        if table.start <= start && start <= table.known {
            return table
        }
        if start < table.start && table.start - start <= growthLimit {
            var grown = ZoneOffsetTable(zone: zone, start: start)
            if grown.adopt(table) {
                grown.share()
                return grown
            }
            return ZoneOffsetTable(zone: zone, start: start)
        }
        if table.start <= start && start - table.known <= growthLimit {
            var grown = table
            grown.ensureKnown(through: start)
            grown.share()
            return grown
        }
        return ZoneOffsetTable(zone: zone, start: start)
    }

    /// Reads this table's zone up to `later`'s start, then takes over what `later` knows after that: the same answers
    /// as reading on to `later.known`, without the calls. False (the table then knows only its own reads) if the two
    /// disagree where they meet, which tables read from the same zone data never do.
    private mutating func adopt(_ later: ZoneOffsetTable) -> Bool {
        ensureKnown(through: later.start)
        guard known < later.known else { return true }
        // `later`'s first change after what this table knows, and the offset in force before it.
        var index = 0
        while index < later.instants.count && later.instants[index] <= known { index += 1 }
        guard later.offsets[index] == offsets[offsets.count - 1] else { return false }
        instants += later.instants[index...]
        offsets += later.offsets[(index + 1)...]
        known = later.known
        return true
    }

    /// Whether this table knows more of the zone than the shared one it was copied from: only then is `share()` worth
    /// its lock (taken after every scan by the parallel workers, who waited on it: perf of `specrun --jobs 2` on the
    /// 10,000-spec corpus counted 0.5 % of its samples there).
    private var learned = true

    /// Offers this table to later scans: it replaces the shared one when it knows all of its stretch and more, or
    /// else a longer stretch of the zone.
    func share() {
        guard learned else { return }
        var offered = self
        offered.learned = false
        let span = known == .max ? Int.max : known - start
        Self.shared.withLock { tables in
            if let current = tables[zone.identifier] {
                // Two tables that reached the zone's last change both have an endless stretch: the one starting
                // earlier knows more.
                let covers = start <= current.start && known >= current.known
                let currentSpan = current.known == .max ? Int.max : current.known - current.start
                if !covers && currentSpan >= span { return }
                if covers && start == current.start && known == current.known { return }
            }
            tables[zone.identifier] = offered
        }
    }

    init(zone: TimeZone, start: Int) {
        self.zone = zone
        self.start = start
        self.instants = []
        self.offsets = [zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(start)))]
        self.known = start
        instants.reserveCapacity(32)
        offsets.reserveCapacity(33)
    }

    /// The offset from UTC in force at the instant `t`.
    mutating func offset(at t: Int) -> Int {
        offsets[segment(containing: t)]
    }

    /// The local wall-clock reading of the instant `t`, in seconds (the local date-time read as if UTC).
    mutating func wall(at t: Int) -> Int {
        t + offset(at: t)
    }

    /// Every instant `t` with `t + offset(t) == wall`: none (a gap), one, or two (an overlap).
    mutating func resolve(wall: Int) -> ResolvedWallTime {
        let low = wall - Self.readingReach
        let high = wall + Self.readingReach
        var index = segment(containing: low)
        ensureKnown(through: high)
        // No transition within reach of the wall time: it exists exactly once. This is the common case.
        if index == instants.count || instants[index] > high {
            return .unique(wall - offsets[index])
        }
        var first = Int.max
        var last = Int.min
        var lastSegmentStart = start
        while index <= instants.count {
            let segmentStart = index == 0 ? start : instants[index - 1]
            if segmentStart > high { break }
            let segmentEnd = index == instants.count ? Int.max : instants[index]
            let reading = wall - offsets[index]
            if reading >= segmentStart && reading < segmentEnd {
                if reading < first { first = reading }
                if reading > last {
                    last = reading
                    lastSegmentStart = segmentStart
                }
            }
            index += 1
        }
        if first == Int.max {
            return gap(wall: wall, low: low, high: high)
        }
        if first == last {
            return .unique(first)
        }
        return .overlap(first: first, last: last, transition: lastSegmentStart)
    }

    /// The transition whose gap holds the wall time: `T + before ≤ wall < T + after`.
    private mutating func gap(wall: Int, low: Int, high: Int) -> ResolvedWallTime {
        var index = segment(containing: low)
        while index < instants.count && instants[index] <= high {
            let transition = instants[index]
            if transition + offsets[index] <= wall && wall < transition + offsets[index + 1] {
                return .gap(transition: transition, offsetBefore: offsets[index], offsetAfter: offsets[index + 1])
            }
            index += 1
        }
        // Unreachable for any table: a wall time without a reading always falls in some forward jump.
        preconditionFailure("wall time \(wall) in \(zone.identifier) has no reading and no gap")
    }

    /// The offset changes at instants in `[from, through]`, in order; at most `limit` of them.
    ///
    /// `truncated` is true when more changes lie in the range than `limit` allowed.
    mutating func transitions(
        from: Int, through: Int, limit: Int
    ) -> (changes: [(instant: Int, offsetBefore: Int, offsetAfter: Int)], truncated: Bool) {
        var index = segment(containing: from - 1)
        var changes: [(instant: Int, offsetBefore: Int, offsetAfter: Int)] = []
        while true {
            if index == instants.count {
                if known >= through { return (changes, false) }
                let before = known
                ensureKnown(through: known + 1)  // one query: the next change, wherever it is
                assert(known > before, "the transition walk must advance")
                continue
            }
            if instants[index] > through { return (changes, false) }
            if changes.count == limit { return (changes, true) }
            changes.append((instants[index], offsets[index], offsets[index + 1]))
            index += 1
        }
    }

    /// The index of the segment holding `t`; rebuilds the table when `t` is before it or far past it.
    private mutating func segment(containing t: Int) -> Int {
        if t < start || (known != .max && t > known && t - known > Self.walkLimit) {
            self = ZoneOffsetTable(zone: zone, start: t - Self.lead)
        }
        ensureKnown(through: t)
        let count = instants.count
        var index = hint
        if index > count { index = count }
        if index > 0 && t < instants[index - 1] {
            // Lookups far behind the hint are rare (the cursor scans forward): bisect.
            var low = 0
            var high = index - 1
            while low < high {
                let middle = (low + high) / 2
                if instants[middle] > t { high = middle } else { low = middle + 1 }
            }
            index = low
        } else {
            while index < count && instants[index] <= t { index += 1 }
        }
        hint = index
        return index
    }

    /// Reads transitions from the zone until every one at or before `t` is in the table.
    private mutating func ensureKnown(through t: Int) {
        while known < t {
            let from = known
            guard let next = zone.nextDaylightSavingTimeTransition(after: Date(timeIntervalSince1970: Double(from))) else {
                known = .max
                return
            }
            let instant = Int(next.timeIntervalSince1970.rounded(.down))
            precondition(instant > from, "zone data for \(zone.identifier) did not advance past \(from)")
            let offset = zone.secondsFromGMT(for: next)
            // A change of name or of the DST flag alone moves no wall time: only offset changes are kept.
            if offset != offsets[offsets.count - 1] {
                instants.append(instant)
                offsets.append(offset)
            }
            known = instant
            learned = true
        }
    }
}
