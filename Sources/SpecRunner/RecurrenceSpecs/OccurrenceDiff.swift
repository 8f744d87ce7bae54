import Foundation
import SpecResults

/// Compares expected and actual occurrences by absolute instant (never by string), in order.
struct OccurrenceDiff {
    struct Item {
        var date: Date
        var instant: ResultInstant
        /// For expected items: the key the spec asks for, if any. For actual items: the produced key.
        var key: String?
        /// For expected items: the spec file's line the instant is written on.
        var line: Int? = nil
        /// For expected items in the long form: the line of `key:`, where a key mismatch is pointed.
        var keyLine: Int? = nil

        /// For expected items: the first and last lines the item spans (a block item `- at: …` / `key: …` spans two,
        /// and a line added after it goes after the last).
        var span: (first: Int, last: Int)? {
            line.map { (min($0, keyLine ?? $0), max($0, keyLine ?? $0)) }
        }
        /// Whether the item spans lines: moved, it is "the item".
        var isBlock: Bool { span.map { $0.first != $0.last } ?? false }
    }

    /// A merge of two time-ordered lists: equal instants pair up; the rest are missing or unexpected.
    static func lines(expected: [Item], actual: [Item]) -> [DiffLine] {
        // Both sides are usually in order already (the spec lists them so, engines produce them so): sort only if not.
        func ordered(_ items: [Item]) -> [Item] {
            items.indices.dropFirst().allSatisfy { items[$0 - 1].date <= items[$0].date } ? items : items.sorted { $0.date < $1.date }
        }
        var expected = ordered(expected)
        let actual = ordered(actual)
        var lines: [DiffLine] = []
        lines.reserveCapacity(max(expected.count, actual.count))
        var i = 0, j = 0
        while i < expected.count || j < actual.count {
            if i < expected.count, j < actual.count, expected[i].date == actual[j].date {
                // Of two lines at one instant, the one with the produced key is the occurrence's, the other the line too
                // many (a review's skipped 02:00 slot written at 03:00 before the right 03:00 line was paired and the
                // right line marked "expected, not produced").
                if let wanted = expected[i].key, wanted != actual[j].key,
                   let match = expected[(i + 1)...].prefix(while: { $0.date == expected[i].date }).firstIndex(where: { $0.key == actual[j].key }) {
                    expected.insert(expected.remove(at: match), at: i)
                }
                let wantKey = expected[i].key
                let kind: DiffLine.Kind = (wantKey == nil || wantKey == actual[j].key) ? .same : .keyMismatch
                let line = kind == .keyMismatch ? expected[i].keyLine ?? expected[i].line : expected[i].line
                lines.append(DiffLine(kind: kind, expected: expected[i].instant, actual: actual[j].instant, expectedLine: line))
                i += 1
                j += 1
            } else if j >= actual.count || (i < expected.count && expected[i].date < actual[j].date) {
                lines.append(DiffLine(kind: .missing, expected: expected[i].instant, actual: nil, expectedLine: expected[i].line))
                i += 1
            } else {
                lines.append(DiffLine(kind: .unexpected, expected: nil, actual: actual[j].instant))
                j += 1
            }
        }
        return lines
    }

    /// By index: `allSatisfy` copied each line (a retain and a release of each of its texts) to read its kind, 0.5 %
    /// of a 10,000-spec run's CPU (perf).
    static func isClean(_ lines: [DiffLine]) -> Bool {
        for index in lines.indices where lines[index].kind != .same { return false }
        return true
    }

    /// "2 missing, 1 unexpected, 2 key mismatches"; a key mismatch that is the only difference names both keys, as the
    /// first line of a failure is all a CI page shows of it (JUnit's `message`, TAP's): "1 key mismatch" told a
    /// reviewer nothing there.
    static func summary(_ lines: [DiffLine]) -> String {
        let counts: [(DiffLine.Kind, String)] = [(.missing, "missing"), (.unexpected, "unexpected"), (.keyMismatch, "key mismatch")]
        let text = counts.compactMap { kind, word in
            let n = lines.filter { $0.kind == kind }.count
            return n == 0 ? nil : "\(n) \(word)\(n > 1 && kind == .keyMismatch ? "es" : "")"
        }.joined(separator: ", ")
        let differing = lines.filter { $0.kind != .same }
        guard differing.count == 1, let only = differing.first, only.kind == .keyMismatch,
              let produced = only.actual else { return text }
        return text + " (\(produced.local): key \(only.expected?.key ?? "none") expected, \(produced.key ?? "none") produced)"
    }
}
