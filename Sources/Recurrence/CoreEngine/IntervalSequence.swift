import Foundation

/// An interval rule's instants: `from + k·seconds` for k = 0, 1, 2, … — elapsed time, no calendar, no zone.
///
/// k starts at 0: an interval never has occurrences before its `from`. Keys are the instant in UTC.
struct IntervalSequence {
    let seconds: Int
    let from: Date
    let keys: DedupKeyWriter

    init(seconds: Int, from: Date, schedule: Schedule) {
        precondition(seconds > 0, "an interval must be longer than zero")
        self.seconds = seconds
        self.from = from
        self.keys = DedupKeyWriter(scheduleID: schedule.id, version: schedule.version)
    }

    /// The first instant later than `date`.
    func first(after date: Date) -> Occurrence {
        occurrence(index(after: date))
    }

    func occurrences(in window: Window, limit: Int) throws(RecurrenceError) -> [Occurrence] {
        var results: [Occurrence] = []
        var k = index(after: window.after)
        while instant(k) <= window.through {
            guard results.count < limit else { throw .tooManyOccurrences(limit: max(0, limit)) }
            try SearchCancellation.check(found: results.count, after: instant(k))
            results.append(occurrence(k))
            k += 1
        }
        return results
    }

    /// The smallest k ≥ 0 with `from + k·seconds > date`.
    private func index(after date: Date) -> Int {
        guard date >= from else { return 0 }
        let step = Double(seconds)
        let elapsed = date.timeIntervalSince(from)
        var k = Int(min((elapsed / step).rounded(.down), 1e15)) + 1
        // Division in floating point can be one step off at exact multiples; settle it by comparison.
        while k > 0 && instant(k - 1) > date { k -= 1 }
        while instant(k) <= date { k += 1 }
        return k
    }

    private func instant(_ k: Int) -> Date {
        from.addingTimeInterval(Double(k) * Double(seconds))
    }

    private func occurrence(_ k: Int) -> Occurrence {
        let date = instant(k)
        return Occurrence(date: date, key: keys.key(instant: date), slot: nil, resolution: .exact)
    }
}
