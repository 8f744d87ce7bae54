import Foundation
import Recurrence
import SpecDiagnostics
import SpecResults

/// The produced occurrences a spec does not list, each told as the line to add where it goes: alone in a window's diff,
/// beside the sentences that account for every missing line, or among a case's results.
enum UnlistedHint {
    /// For a diff whose only differences are occurrences produced and not listed: each (at most three) as the item to
    /// add, in the list's form (`{at: …, key: …}` where the lines write keys), where it goes: a `- ` line after the
    /// listed line before it in a list of lines; in a list on one line (`[a, b]`, or one item), to the occurrences there. An
    /// empty list is left alone (a window expected to hold nothing says what it means).
    /// `item`: the first and last lines of the item whose instant is written on a line (a block item `- at: …` with
    /// `key: …` below it spans two: a review inserted a line "after line 15", the item's `at`, and split the item).
    static func window(_ lines: [DiffLine], item: (Int) -> (first: Int, last: Int) = { ($0, $0) }) -> String? {
        guard lines.allSatisfy({ $0.kind == .same || $0.kind == .unexpected }) else { return nil }
        return sentences(lines, unlisted: lines.indices.filter { lines[$0].kind == .unexpected }, item: item)
    }

    /// Beside other sentences (`told`): the produced occurrences none of them names, when no missing line is left to
    /// stand for them — each missing line is told to go (`remove line N`) or is matched by a produced occurrence a
    /// sentence names (what to write there). Nil otherwise (a weekday slip names its line, and the produced occurrence
    /// it meant is its fix, not a line to add), and where a key differs (its own sentences).
    /// `meant`: the instant a missing line's own warning gives it (an offset slip's wall time), paired with that
    /// produced occurrence as a sentence's would be.
    static func beside(_ lines: [DiffLine], told: String, meant: (DiffLine) -> Date? = { _ in nil },
                       item: (Int) -> (first: Int, last: Int) = { ($0, $0) }) -> String? {
        guard !lines.contains(where: { $0.kind == .keyMismatch }) else { return nil }
        let produced = Set(lines.compactMap { $0.kind == .unexpected ? $0.actual?.epochSeconds : nil })
        let paired = Set(lines.compactMap { $0.kind == .missing ? meant($0)?.timeIntervalSince1970 : nil }.filter(produced.contains))
        func names(_ instant: ResultInstant) -> Bool {
            told.contains(instant.offsetForm) || told.contains(instant.local) || paired.contains(instant.epochSeconds)
        }
        func removes(_ line: DiffLine) -> Bool {
            line.expectedLine.map { says(told, "remove line", number: $0) } == true
                || line.expected.map { told.contains("remove \($0.offsetForm)") } == true
        }
        let unremoved = lines.filter { $0.kind == .missing && !removes($0) }.count
        let named = lines.filter { $0.kind == .unexpected && $0.actual.map(names) == true }.count
        let left = lines.indices.filter { lines[$0].kind == .unexpected && lines[$0].actual.map(names) == false }
        guard unremoved <= named, !left.isEmpty else { return nil }
        return sentences(lines, unlisted: left, item: item)
    }

    /// Whether `told` names line `number` (`line 14`, `lines 12 and 14`; `line 14` is not `line 140`).
    static func mentions(_ told: String, line number: Int) -> Bool {
        ListWording.linesNamed(in: told).contains(number)
    }

    /// Whether `told` says `phrase` and then `number` (`remove line 14`, not `remove line 140`).
    private static func says(_ told: String, _ phrase: String, number: Int) -> Bool {
        var rest = told[...]
        while let range = rest.range(of: "\(phrase) \(number)") {
            if range.upperBound == rest.endIndex || !rest[range.upperBound].isNumber { return true }
            rest = rest[range.upperBound...]
        }
        return false
    }

    /// The sentence for the produced lines at `unlisted` (indices into `lines`).
    private static func sentences(_ lines: [DiffLine], unlisted: [Int], item lineSpan: (Int) -> (first: Int, last: Int)) -> String? {
        let listed = Set(lines.compactMap(\.expectedLine))
        guard !unlisted.isEmpty, let only = listed.first else { return nil }
        let keyed = lines.contains { $0.kind == .same && $0.expected?.key != nil }
        func item(_ actual: ResultInstant) -> String {
            keyed && actual.key != nil ? "{at: \(actual.offsetForm), key: \(actual.key!)}" : actual.offsetForm
        }
        // Each line to add, with where it goes; two or more going to one place are told as one sentence, in order (told
        // apart, "add A after line 13; add B after line 13", done in that order, listed B before A: a review).
        var placed: [(local: String, item: String, place: String)] = []
        let told = unlisted.prefix(3).compactMap { index -> String? in
            guard let actual = lines[index].actual else { return nil }
            guard listed.count > 1 else {
                // In order beside the instant written there (a review appended it after a later one, and the list was
                // then out of order).
                let before: ResultInstant? = lines[..<index].last { $0.kind == .same }?.expected
                let after: ResultInstant? = lines[index...].first { $0.kind == .same }?.expected
                let neighbour: String = if let before { ", after \(before.offsetForm)" } else if let after { ", before \(after.offsetForm)" } else { "" }
                return "\(actual.local) is not listed: add \(item(actual)) to the occurrences listed at line \(only)\(neighbour)"
            }
            // The last line in the file of the instants before it (two lines of one instant may stand either way round:
            // a review was told "after line 14", above line 15, which lists the same instant).
            let place = lines[..<index].compactMap(\.expectedLine).max().map { "after line \(lineSpan($0).last)" }
                ?? lines[index...].compactMap(\.expectedLine).min().map { "before line \(lineSpan($0).first)" } ?? ""
            placed.append((actual.local, "'- \(item(actual))'", place))
            return nil
        }
        var sentences = told
        var start = placed.startIndex
        while start < placed.endIndex {
            var end = start
            while end + 1 < placed.endIndex, placed[end + 1].place == placed[start].place { end += 1 }
            let run = placed[start...end]
            sentences.append(run.count == 1 ? "\(run[start].local) is not listed: add \(run[start].item) \(run[start].place)"
                : "\(ListWording.joined(run.map(\.local))) are not listed: add \(run.map(\.item).joined(separator: " then ")), in that order, "
                    + run[start].place)
            start = end + 1
        }
        return sentences.joined(separator: "; ") + (unlisted.count > 3 ? "; and \(unlisted.count - 3) more not listed" : "")
    }

    /// For a case whose searches found results its `next` leaves out, pushing as many listed results past its last
    /// search (Apia's skipped day under next-valid-time, found first and not listed): each (at most three) as the
    /// result to add, in order. A cases review was told only which policy gives it, where a missing `both` reading is
    /// told to be added.
    /// `isOccurrence`: whether the case's schedule gives an instant. Only where every result past the last search is one
    /// is the list shifted; one that is no occurrence is one value written wrong, to be replaced by what the search
    /// found (a review's chain kept Berlin's spring shift on the next day, 03:30, and "add 02:30" left 03:30 listed).
    /// `previous`: the occurrence just before an instant, written as results are.
    /// `continues`: whether the listed results past the last search are what further searches find (the list is
    /// shifted); where not, the one listed is a value written wrong, to be replaced (a review's result two days off was
    /// told to add the search's find, and the next round to add the next one, the wrong value kept).
    static func inCase(_ lines: [DiffLine], isOccurrence: (Date) -> Bool = { _ in true },
                                 previous: (Date) -> ResultInstant? = { _ in nil }, continues: ([Date]) -> Bool = { _ in true }) -> String? {
        let unlisted = lines.filter { $0.kind == .unexpected }.compactMap(\.actual)
        let missing = lines.filter { $0.kind == .missing }.compactMap(\.expected)
        // A case's one `next`, an occurrence, with an earlier one between the cursor and it (a cases review's cursor in
        // Berlin's spring gap, meant to find the next day, found the gap's own 03:00 and was told only its policy).
        if lines.count == 2, let only = missing.first, let found = unlisted.first, missing.count == 1, unlisted.count == 1,
           found.epochSeconds < only.epochSeconds, isOccurrence(Date(timeIntervalSince1970: only.epochSeconds)) {
            // The cursors that find it lie from the occurrence before it up to it, not past it (a review's 'or later'
            // moved a cursor past the instant).
            let before = previous(Date(timeIntervalSince1970: only.epochSeconds))
            let cursor = before.map { "an 'after' from \($0.offsetForm) up to, not including, this one" } ?? "an 'after' between it and this one"
            return "\(only.local) is an occurrence, but not the first after the cursor: the search finds \(found.local) before it; "
                + "write \(found.offsetForm) in its place, or, to find this one, \(cursor)"
        }
        // A result found as listed: the list shifted, not one value written wrong (a single `next` off is told otherwise).
        guard !unlisted.isEmpty, unlisted.count == missing.count, lines.contains(where: { $0.kind == .same }),
              lines.allSatisfy({ [.same, .unexpected, .missing].contains($0.kind) }),
              let lastFound = lines.compactMap(\.actual).map(\.epochSeconds).max(),
              missing.allSatisfy({ $0.epochSeconds > lastFound }) else { return nil }
        let missingDates = missing.map { Date(timeIntervalSince1970: $0.epochSeconds) }
        if missing.count == 1, let only = missing.first, let found = unlisted.first, found == lines.compactMap(\.actual).last,
           missingDates.allSatisfy(isOccurrence), !continues(missingDates) {
            return "\(only.local) is an occurrence, but not what its search finds: the search finds \(found.local) before it; "
                + "write \(found.offsetForm) in its place"
        }
        guard missingDates.allSatisfy(isOccurrence) else {
            guard let only = missing.first, let found = unlisted.first, missing.count == 1 else { return nil }
            // Found before a result listed as found: "in its place" put the list out of order (a cases review's gap
            // night, the 28th, found before the listed 29th, told to replace the 30th).
            if lines.contains(where: { $0.kind == .same && ($0.actual?.epochSeconds ?? 0) > found.epochSeconds }) {
                return "\(only.local) is no occurrence of the case's schedule: remove it, and add \(found.offsetForm), which the search found, "
                    + "to 'next:', in order"
            }
            return "\(only.local) is no occurrence of the case's schedule: write \(found.offsetForm), which the search found, in its place"
        }
        return unlisted.prefix(3).map { "\($0.local) is not listed: add \($0.offsetForm) to 'next:', in order" }.joined(separator: "; ")
    }
}
