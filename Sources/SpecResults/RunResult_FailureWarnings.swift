import SpecDiagnostics

extension RunResult {
    /// The code of the lint that finds an instant written with an offset its zone does not have then (SpecLint's
    /// `offset-mismatch`; SpecResults cannot import SpecLint, so the code is restated, and a test runs the real lint).
    static let offsetMismatchCode = "offset-mismatch"

    /// The same results, with each failed test whose missing expected instants are written on lines an
    /// `offset-mismatch` warning points at saying so in its message.
    ///
    /// The warning is printed before the report, and the failure alone shows a missing and an unexpected instant an
    /// hour apart beside an explanation of the zone's change — the articles' slip of `+01:00` for Berlin's spring
    /// day. Every format renders the message, so the JUnit failure and the annotation say it too.
    public func pointingFailuresAtOffsetWarnings() -> RunResult {
        let warnedLines = offsetWarnedLines()
        guard !warnedLines.isEmpty else { return self }
        var copy = self
        for index in copy.tests.indices where copy.tests[index].status == .failed {
            let test = copy.tests[index]
            let lines = Self.warnedMissingLines(of: test, warnedLines).sorted()
            guard !lines.isEmpty else { continue }
            let hint = lines.count == 1
                ? "line \(lines[0]) is written with an offset the zone does not have at that instant (see its offset-mismatch warning)"
                : "lines \(lines.dropLast().map(String.init).joined(separator: ", ")) and \(lines.last!) are written with offsets the zone does not have at those instants (see their offset-mismatch warnings)"
            copy.tests[index].message = test.message.map { $0 + "; " + hint } ?? hint
        }
        return copy
    }

    /// The offset-mismatch warnings of failed tests: those a failed test's message points at (those
    /// `pointingFailuresAtOffsetWarnings` names), and those written in a failed test's own lines — from its line to
    /// the next test's in its file. A report that leaves warnings out (`--quiet`) still prints these: "see its
    /// offset-mismatch warning" must not send the reader to a warning that is not there, and a slip in a window bound,
    /// a case's cursor or an instant that collides with the next line's is what a failure points at least (the lint
    /// review: 52 failing specs with no hint under `--quiet`).
    public func offsetWarningsOfFailures() -> [Diagnostic] {
        let warnedLines = offsetWarnedLines()
        guard !warnedLines.isEmpty else { return [] }
        var pointed: [String: Set<Int>] = [:]
        var testLines: [String: Set<Int>] = [:]
        for test in tests {
            testLines[test.file, default: []].insert(test.line)
            guard test.status == .failed else { continue }
            pointed[test.file, default: []].formUnion(Self.warnedMissingLines(of: test, warnedLines))
        }
        // Each failed test's lines: from its own to the next test's line in its file (or the file's end).
        var regions: [String: [Range<Int>]] = [:]
        let sortedLines = testLines.mapValues { $0.sorted() }
        for test in tests where test.status == .failed {
            let next = sortedLines[test.file]?.first { $0 > test.line } ?? Int.max
            regions[test.file, default: []].append(test.line..<next)
        }
        return diagnostics.filter {
            guard $0.code == Self.offsetMismatchCode, let location = $0.location else { return false }
            return pointed[location.file]?.contains(location.line) == true
                || regions[location.file]?.contains { $0.contains(location.line) } == true
        }
    }

    /// The lines of each file an offset-mismatch warning points at.
    private func offsetWarnedLines() -> [String: Set<Int>] {
        var warnedLines: [String: Set<Int>] = [:]
        for diagnostic in diagnostics where diagnostic.code == Self.offsetMismatchCode {
            guard let location = diagnostic.location else { continue }
            warnedLines[location.file, default: []].insert(location.line)
        }
        return warnedLines
    }

    /// The warned lines a test's missing expected instants are written on.
    private static func warnedMissingLines(of test: TestResult, _ warnedLines: [String: Set<Int>]) -> Set<Int> {
        guard let warned = warnedLines[test.file] else { return [] }
        return Set(test.diff.filter { $0.kind == .missing }.compactMap(\.expectedLine)).intersection(warned)
    }
}
