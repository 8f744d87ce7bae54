/// Which lines of an occurrence diff a report shows: every difference with `context` matching lines on each side of
/// it; longer runs of matching lines become one count. The terminal (and the JUnit, TAP and annotation texts) and the
/// HTML table fold alike: a month of hourly occurrences with one wrong instant is a few lines, not 720.
enum DiffFolding {
    enum Entry: Equatable {
        /// The line at this index of the diff.
        case line(Int)
        /// This many consecutive matching lines left out.
        case folded(count: Int)
    }

    /// The entries for a diff of `count` lines, in order; `isSame(i)` says whether line i matches.
    static func entries(count: Int, context: Int, isSame: (Int) -> Bool) -> [Entry] {
        // Mark each line within `context` of a change in one pass (a window can hold tens of thousands).
        var nearChange = [Bool](repeating: false, count: count)
        for index in 0..<count where !isSame(index) {
            for near in max(0, index - context)...min(count - 1, index + context) { nearChange[near] = true }
        }
        var entries: [Entry] = []
        var folded = 0
        for index in 0..<count {
            if isSame(index), !nearChange[index] {
                folded += 1
                continue
            }
            if folded > 0 { entries.append(.folded(count: folded)) }
            folded = 0
            entries.append(.line(index))
        }
        if folded > 0 { entries.append(.folded(count: folded)) }
        return entries
    }
}
