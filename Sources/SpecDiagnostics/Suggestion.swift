/// "Did you mean …?" over a closed set of names, by edit distance.
public enum Suggestion {
    /// The candidate closest to `word`, if it is close enough to be a plausible typo.
    ///
    /// Comparison ignores case; a candidate qualifies when its distance is at most a third of the
    /// longer word (and at least 1), so `timezon` finds `timezone` but `foo` does not find `rule`.
    public static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        closest(to: word, in: Candidates(candidates))
    }

    /// `closest(to:in:)` over candidates folded once, for a list asked many times (the toolchain's 600 zones: a
    /// file of garbled zone names asks once per spec).
    public static func closest(to word: String, in candidates: Candidates) -> String? {
        let lowered = Array(word.lowercased().unicodeScalars)
        guard lowered.count <= longestTypo else { return nil }
        var rows = DistanceRows()
        var best: (index: Int, distance: Int)?
        for (index, other) in candidates.folded.enumerated() {
            let limit = max(1, max(lowered.count, other.count) / 3)
            // Within the limit only, and better than the best so far (the first of equals wins): the count stops as
            // soon as it cannot be (a 60-letter garbled zone name against 600 zones took 8 ms per diagnostic).
            let bound = min(limit, (best?.distance ?? limit + 1) - 1)
            guard let distance = rows.distance(lowered, other, atMost: bound) else { continue }
            best = (index, distance)
        }
        return best.map { candidates.names[$0.index] }
    }

    /// Every candidate close enough to `word` to be a plausible typo (as `closest(to:in:)` decides), with its
    /// distance, in the candidates' order: for a caller that tries them nearest first (a fixture folder's names).
    public static func near(_ word: String, in candidates: Candidates) -> [(name: String, distance: Int)] {
        let lowered = Array(word.lowercased().unicodeScalars)
        guard lowered.count <= longestTypo else { return [] }
        var rows = DistanceRows()
        return candidates.folded.indices.compactMap { index in
            let other = candidates.folded[index]
            let limit = max(1, max(lowered.count, other.count) / 3)
            return rows.distance(lowered, other, atMost: limit).map { (candidates.names[index], $0) }
        }
    }

    /// The longest word (in Unicode scalars) that did-you-mean looks at. Keys, values, zones, task identifiers and
    /// file names are far shorter; a third of a longer word is a band too wide to count for every candidate (two
    /// 100 KB identifiers one letter apart would take most of a minute), and a "typo" that long is not one.
    public static let longestTypo = 256

    /// Names prepared for `closest(to:in:)`: each lowercased into Unicode scalars once.
    public struct Candidates: Sendable {
        /// The names, as given.
        public let names: [String]
        let folded: [[Unicode.Scalar]]

        public init(_ names: some Sequence<String>) {
            self.names = Array(names)
            folded = self.names.map { Array($0.lowercased().unicodeScalars) }
        }
    }

    /// The edit distance of `a` and `b` (Levenshtein, a swap of two neighbours counting as one edit) when it is at
    /// most `limit`, else nil; the count stops once it cannot be. `.max` asks for the distance whatever it is.
    public static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], atMost limit: Int) -> Int? {
        var rows = DistanceRows()
        return rows.distance(a, b, atMost: limit)
    }
}

/// The three rows of the distance table, kept between the candidates of one search.
private struct DistanceRows {
    private var previousPrevious: [Int] = []
    private var previous: [Int] = []
    private var current: [Int] = []

    /// The distance between `a` and `b`, or nil when it is more than `limit`.
    ///
    /// The distance is at least the difference in length, and once two neighbouring rows of the table are all
    /// beyond the limit no later cell can come back within it (each cell takes the minimum over those two rows plus
    /// a non-negative cost): both end the count early.
    ///
    /// Only the band of cells within `limit` of the diagonal is counted: a cell further off is more than `limit`
    /// (its row and column differ by more), so it stands as `limit + 1`. Two long, nearly equal names with a small
    /// limit (an 8 KB task identifier one letter off a declared one) cost a band, not a square.
    mutating func distance<Element: Equatable>(_ a: [Element], _ b: [Element], atMost limit: Int) -> Int? {
        guard limit >= 0, abs(a.count - b.count) <= limit else { return nil }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        // No distance exceeds the longer length: a larger limit changes nothing (and `limit + 1` stays a number).
        let limit = min(limit, max(a.count, b.count))
        let width = b.count + 1
        if current.count < width {
            previousPrevious = [Int](repeating: 0, count: width)
            previous = [Int](repeating: 0, count: width)
            current = [Int](repeating: 0, count: width)
        }
        let beyond = limit + 1
        for j in 0..<width { previous[j] = min(j, beyond) }
        var previousMinimum = 0
        for i in 1...a.count {
            let low = max(1, i - limit), high = min(b.count, i + limit)
            current[0] = i
            if low > 1 { current[low - 1] = beyond }
            var minimum = i
            for j in low...high {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previousPrevious[j - 2] + 1)
                }
                current[j] = value
                minimum = min(minimum, value)
            }
            // The next row reads one cell further right in this one.
            if high < b.count { current[high + 1] = beyond }
            if minimum > limit, previousMinimum > limit { return nil }
            previousMinimum = minimum
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        let distance = previous[b.count]
        return distance <= limit ? distance : nil
    }
}
