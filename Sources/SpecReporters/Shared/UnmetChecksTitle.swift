import SpecResults

/// The one-line title of a lifecycle scenario whose expectations are not met (and no invariant broken): the first
/// check, expected and actual, and the others' names. A CI page and the HTML's "Needs attention" list show a title
/// alone: `1 expectation not met (runs[2].key)` gave them nothing to act on (a QA review), and `2 expectations not met
/// (runs[1].planned, runs[1].key)` no instant (a lifecycle review; the HTML list, a message review).
enum UnmetChecksTitle {
    /// Nil for any other test, whose message's first line is its title.
    static func of(_ test: TestResult) -> String? {
        guard let firstLine = test.message?.split(separator: "\n").first,
              firstLine.range(of: #"^\d+ expectations? not met \("#, options: .regularExpression) != nil,
              !firstLine.contains("invariant"), let checks = test.lifecycle?.expectations.filter({ !$0.passed }),
              let first = checks.first else { return nil }
        let more = checks.dropFirst().map(\.name)
        return "\(first.name): expected \(first.expected), actual \(first.actual)" + (first.line.map { " (line \($0))" } ?? "")
            + (more.isEmpty ? "" : "; and \(more.count) more not met (\(more.joined(separator: ", ")))")
    }
}
