import Foundation

/// The project's own engine: resolves each selected wall time over the zone's offsets and transitions.
///
/// It implements the spec language's normative rules exactly, for every zone the toolchain knows: see
/// `OccurrenceScan` for the walk, `ZoneOffsetTable` for the zone data and docs/recurrence.md for the API.
public struct CoreEngine: RecurrenceEngine {
    /// The most occurrences one window enumeration returns before it fails with `tooManyOccurrences`.
    public static let defaultOccurrenceLimit = 100_000

    public init() {}

    public var name: String { "core" }

    /// The first occurrence strictly after `date`: the cursor rule's step (pass the result back as the next cursor).
    public func next(after date: Date, in schedule: Schedule) throws(RecurrenceError) -> Occurrence {
        try SupportedInstants.check(date, as: "cursor")
        if case .interval(let seconds, let from) = schedule.rule {
            return IntervalSequence(seconds: seconds, from: from, schedule: schedule).first(after: date)
        }
        var scan = OccurrenceScan(schedule: schedule, after: date)
        defer { scan.shareZoneTable() }
        guard let occurrence = try scan.next(of: schedule.rule) else {
            preconditionFailure("an unbounded scan always yields or reaches its search bound")
        }
        return occurrence
    }

    /// Every occurrence in `(window.after, window.through]`, in order, in one walk.
    ///
    /// The result equals repeated `next(after:)` from `window.after` (including a search bound reached inside the
    /// window), except that the walk ends without error once slots lie more than two local days past the local
    /// date of `window.through`: they can no longer land inside, so a window with nothing in it is `[]`.
    public func occurrences(in window: Window, of schedule: Schedule, limit: Int) throws(RecurrenceError) -> [Occurrence] {
        try window.checkSupported()
        guard window.through > window.after else { return [] }
        if case .interval(let seconds, let from) = schedule.rule {
            return try IntervalSequence(seconds: seconds, from: from, schedule: schedule)
                .occurrences(in: window, limit: limit)
        }
        let throughSecond = InstantSeconds.floor(window.through)
        let throughWall = throughSecond + schedule.timeZone.secondsFromGMT(for: InstantSeconds.date(throughSecond))
        let stopDay = OccurrenceScan.floorDivide(throughWall, 86_400) + OccurrenceScan.lookbackDays
        var scan = OccurrenceScan(schedule: schedule, after: window.after, stopDay: stopDay)
        defer { scan.shareZoneTable() }
        var results: [Occurrence] = []
        results.reserveCapacity(Self.expectedCount(in: window, of: schedule.rule, limit: limit))
        while let occurrence = try scan.next(of: schedule.rule), occurrence.date <= window.through {
            guard results.count < limit else { throw .tooManyOccurrences(limit: max(0, limit)) }
            try SearchCancellation.check(found: results.count, after: occurrence.date)
            results.append(occurrence)
        }
        return results
    }

    /// About how many occurrences a window holds (a daily rule's count, 24 per day for hourly rules), capped so
    /// that a wide window does not reserve memory it may never use.
    @inline(never)
    private static func expectedCount(in window: Window, of rule: Rule, limit: Int) -> Int {
        let days = min(window.through.timeIntervalSince(window.after) / 86_400, 1e6)
        let perDay: Double
        switch rule {
        case .hourly: perDay = 24
        case .daily(let times): perDay = Double(times.count)
        default: perDay = 0.2
        }
        return max(0, min(limit, 8192, Int(days * perDay) + 2))
    }
}
