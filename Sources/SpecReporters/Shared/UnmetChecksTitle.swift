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
        // A `completed` short of entries is most often a launch step the system refused: said first, with its line (a
        // fifth review's CI page showed `completed: expected [true, true], actual [true]` and nothing of the refusal).
        // Only when `completed` is short of entries and an error is not as listed: a refusal `errors` lists, beside a
        // `completed` of the right length, sent a second review round to the wrong step.
        func count(_ list: String) -> Int { list.hasPrefix("[]") ? 0 : list.prefix { $0 != "]" }.split(separator: ",").count }
        let short = first.name == "completed" && count(first.expected) != count(first.actual) && checks.contains { $0.name == "errors" }
        let refused = short ? test.lifecycle?.refusedLaunches ?? [] : []
        let lead = refused.isEmpty ? ""
            : refused.prefix(2).map { "the launch at \($0.line.map { "line \($0)" } ?? $0.at.local) was refused (\($0.error ?? "no launch"))" }
                .joined(separator: "; ") + (refused.count > 2 ? "; and \(refused.count - 2) more refused" : "") + "; "
        return lead + "\(first.name): expected \(first.expected), actual \(first.actual)" + (first.line.map { " (line \($0))" } ?? "")
            + (more.isEmpty ? "" : "; and \(more.count) more not met (\(more.joined(separator: ", ")))")
    }
}
