import Foundation

extension Schedule {
    /// The smallest search bound under which `count` searches from `after`, each from the one before, all find a
    /// result, and those results; nil where this schedule's own bound (`searchLimit`) already lets them, where a search
    /// fails for another reason, or where no bound up to `cap` does. A failure message offers it: "raise the limit"
    /// alone was raised by one, as told, and failed again (it needed 4), and a case's `next` out of order was told to
    /// be put in order, then, in order, that its bound was reached (two rounds for one case).
    public func searchLimitNeeded(for count: Int = 1, after: Date, cap: Int = 100_000) -> (limit: Int, found: [Occurrence])? {
        var limit = searchLimit, cursor = after, found: [Occurrence] = []
        var raised = false
        while found.count < count {
            do {
                let next = try bounded(limit)?.next(after: cursor)
                guard let next else { return nil }
                found.append(next)
                cursor = next.date
            } catch .searchLimitReached {
                guard let needed = smallestBound(finding: cursor, above: limit, cap: cap) else { return nil }
                limit = needed
                raised = true
            } catch {
                return nil
            }
        }
        return raised ? (limit, found) : nil
    }

    /// This schedule with another search bound.
    private func bounded(_ limit: Int) -> Schedule? {
        try? Schedule(id: id, version: version, rule: rule, timeZone: timeZone, nonexistent: nonexistent, repeated: repeated, searchLimit: limit)
    }

    /// The smallest bound above `limit` whose search from `cursor` finds an occurrence: doubling up to ten times the
    /// bound (at least the default, at most `cap`), then halving the last step.
    private func smallestBound(finding cursor: Date, above limit: Int, cap: Int) -> Int? {
        guard limit < cap else { return nil }
        func finds(_ bound: Int) -> Bool { (try? bounded(bound)?.next(after: cursor)) != nil }
        let ceiling = min(cap, max(Schedule.defaultSearchLimit, limit * 10))
        var low = limit, high = limit, found = false
        while !found, high < ceiling {
            low = high
            high = min(ceiling, high * 2)
            found = finds(high)
        }
        guard found else { return nil }
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if finds(middle) { high = middle } else { low = middle }
        }
        return high
    }
}
