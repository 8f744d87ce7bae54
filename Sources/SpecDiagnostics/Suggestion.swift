/// "Did you mean …?" over a closed set of names, by edit distance.
public enum Suggestion {
    /// The candidate closest to `word`, if it is close enough to be a plausible typo.
    ///
    /// Comparison ignores case; a candidate qualifies when its distance is at most a third of the
    /// longer word (and at least 1), so `timezon` finds `timezone` but `foo` does not find `rule`.
    public static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        let lowered = Array(word.lowercased().unicodeScalars)
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let other = Array(candidate.lowercased().unicodeScalars)
            let limit = max(1, max(lowered.count, other.count) / 3)
            let distance = editDistance(lowered, other)
            guard distance <= limit else { continue }
            if best == nil || distance < best!.distance {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// Levenshtein distance with adjacent transpositions counted as one edit.
    public static func editDistance<C: Collection>(_ a: C, _ b: C) -> Int where C.Element: Equatable, C.Index == Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[a.startIndex + i - 1] == b[b.startIndex + j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1,
                   a[a.startIndex + i - 1] == b[b.startIndex + j - 2],
                   a[a.startIndex + i - 2] == b[b.startIndex + j - 1] {
                    value = min(value, previousPrevious[j - 2] + 1)
                }
                current[j] = value
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
