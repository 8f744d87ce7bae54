import SpecDiagnostics

extension RunResult {
    /// A lint warning a failure can be the consequence of, and how a failure's message points at it. SpecResults
    /// cannot import SpecLint, so the codes are restated (`LintCodeTests` compares them with SpecLint's).
    struct FailureWarning {
        var code: String
        /// What the warned line is, for one line and for several: `is outside the window`.
        var one: String
        var many: String
        /// The differences of a failed test that the warned line can explain.
        var kinds: Set<DiffLine.Kind>
    }

    /// Warnings a failure points at, in this order when several apply to one test:
    /// - `offset-mismatch`: an instant written with an offset its zone does not have then (the articles' slip of
    ///   `+01:00` for Berlin's spring day) — a missing instant and an unexpected one an hour apart;
    /// - `outside-window`: an expected instant the window excludes (`through` before it, or `after` at it);
    /// - `duplicate-expected-key`: a key expected twice, one of them wrong or on an instant the rule never gives;
    /// - `unmatchable-key`: a key its occurrence cannot have (the fiftieth session: `--quiet` dropped it
    ///   and the failure's own hint was all that was left).
    /// The failure review: under `--quiet` only the first was shown, and the other two, the whole explanation of a
    /// failure, were left out and never named.
    static let failureWarnings = [
        FailureWarning(code: offsetMismatchCode, one: "is written with an offset the zone does not have at that instant",
                       many: "are written with offsets the zone does not have at those instants", kinds: [.missing]),
        FailureWarning(code: outsideWindowCode, one: "is outside the window", many: "are outside the window", kinds: [.missing]),
        FailureWarning(code: duplicateExpectedKeyCode, one: "expects a key already expected", many: "expect keys already expected",
                       kinds: [.missing, .keyMismatch]),
        FailureWarning(code: unmatchableKeyCode, one: "has a key its occurrence cannot have",
                       many: "have keys their occurrences cannot have", kinds: [.keyMismatch]),
    ]

    // SpecLint's codes, restated (`LintCodeTests`).
    static let offsetMismatchCode = "offset-mismatch"
    static let outsideWindowCode = "outside-window"
    static let duplicateExpectedKeyCode = "duplicate-expected-key"
    static let unmatchableKeyCode = "unmatchable-key"

    /// The codes of `failureWarnings`, in order (a test compares them with SpecLint's).
    public static var failureWarningCodes: [String] { failureWarnings.map(\.code) }

    /// The same results, with each failed test whose differing expected instants are written on lines such a warning
    /// points at saying so in its message.
    ///
    /// The warning is printed before the report, and the failure alone shows only what differs. Every format renders
    /// the message, so the JUnit failure and the annotation say it too.
    ///
    /// Under `--strict` the lint is printed as an error, and the pointer says so ("see its offset-mismatch warning"
    /// sent a CI review to a warning that was printed as `error:`), the lifecycle checks' own pointers too.
    public func pointingFailuresAtWarnings() -> RunResult {
        let warned = warnedLines()
        guard !warned.isEmpty else { return self }
        var copy = self
        let regions = regions()
        let errorCodes = Set(diagnostics.filter { $0.severity == .error }.map(\.code))
        var pointers: [Int: String] = [:]
        for index in copy.tests.indices where copy.tests[index].status == .failed {
            if errorCodes.contains(Self.offsetMismatchCode) {
                let said = "(see its \(Self.offsetMismatchCode) warning)", meant = "(see its \(Self.offsetMismatchCode) error)"
                copy.tests[index].message = copy.tests[index].message?.replacingOccurrences(of: said, with: meant)
                if let expectations = copy.tests[index].lifecycle?.expectations {
                    copy.tests[index].lifecycle?.expectations = expectations.map { expectation in
                        var changed = expectation
                        changed.actual = changed.actual.replacingOccurrences(of: said, with: meant)
                        return changed
                    }
                }
            }
            let test = copy.tests[index]
            var hints: [String] = []
            for warning in Self.failureWarnings {
                let lines = Self.warnedLines(of: test, warning, warned, region: regions[index]).sorted()
                guard !lines.isEmpty else { continue }
                let kind = errorCodes.contains(warning.code) ? "error" : "warning"
                hints.append(lines.count == 1
                    ? "line \(lines[0]) \(warning.one) (see its \(warning.code) \(kind))"
                    : "lines \(lines.dropLast().map(String.init).joined(separator: ", ")) and \(lines.last!) \(warning.many) (see their \(warning.code) \(kind)s)")
            }
            guard !hints.isEmpty else { continue }
            let hint = hints.joined(separator: "; ")
            pointers[index] = hint
            copy.tests[index].message = test.message.map { $0 + "; " + hint } ?? hint
        }
        // Another engine's block beside the core's failure of the same test says it once, in the core's (a review read
        // the offset pointer in both blocks of one `--engine all` run). Alone in a run (`--engine foundation`) it stays.
        var coreFailures: [String: Int] = [:]
        for (index, test) in copy.tests.enumerated() where test.engine == "core" && test.status == .failed {
            coreFailures[test.file + "\u{0}" + test.spec + "\u{0}" + (test.caseName ?? "")] = index
        }
        for (index, hint) in pointers where copy.tests[index].engine.map({ $0 != "core" }) == true {
            let test = copy.tests[index]
            guard let core = coreFailures[test.file + "\u{0}" + test.spec + "\u{0}" + (test.caseName ?? "")], pointers[core] == hint,
                  let message = test.message, message.hasSuffix("; " + hint) else { continue }
            copy.tests[index].message = String(message.dropLast(hint.count + 2))
        }
        return copy
    }

    /// The warnings of failed tests: those a failed test's message points at (those `pointingFailuresAtWarnings`
    /// names), and those written in a failed test's own lines — from its line to the next test's in its file. A
    /// report that leaves warnings out (`--quiet`) still prints these: "see its offset-mismatch warning" must not send
    /// the reader to a warning that is not there, and a slip in a window bound, a case's cursor or an instant that
    /// collides with the next line's is what a failure points at least (the lint review: 52 failing specs with no
    /// hint under `--quiet`).
    public func warningsOfFailures() -> [Diagnostic] {
        let warned = warnedLines()
        guard !warned.isEmpty else { return [] }
        var pointed: [String: Set<Int>] = [:]
        let testRegions = regions()
        // Each failed test's lines too: from its own to the next test's line in its file (or the file's end).
        var regions: [String: [Range<Int>]] = [:]
        for (index, test) in tests.enumerated() where test.status == .failed {
            for warning in Self.failureWarnings {
                pointed[test.file, default: []].formUnion(Self.warnedLines(of: test, warning, warned, region: testRegions[index]))
            }
            regions[test.file, default: []].append(testRegions[index])
        }
        let codes = Set(Self.failureWarnings.map(\.code))
        return diagnostics.filter {
            guard codes.contains($0.code), let location = $0.location else { return false }
            return pointed[location.file]?.contains(location.line) == true
                || regions[location.file]?.contains { $0.contains(location.line) } == true
        }
    }

    /// The warnings a failed test's message points at (`pointingFailuresAtWarnings`), by test id, in the order of
    /// `failureWarnings` and then by line: the JUnit failure ends with them, since CI pages do not show the suite's
    /// `<system-err>` beside it (a message review).
    public func warningsPointedAtByFailures() -> [String: [Diagnostic]] {
        let warned = warnedLines()
        guard !warned.isEmpty else { return [:] }
        var byPlace: [String: [Diagnostic]] = [:]
        for diagnostic in diagnostics {
            if let location = diagnostic.location { byPlace["\(diagnostic.code)\u{0}\(location.file)\u{0}\(location.line)", default: []].append(diagnostic) }
        }
        var pointed: [String: [Diagnostic]] = [:]
        let regions = regions()
        for (index, test) in tests.enumerated() where test.status == .failed {
            let found = Self.failureWarnings.flatMap { warning in
                Self.warnedLines(of: test, warning, warned, region: regions[index]).sorted().flatMap { byPlace["\(warning.code)\u{0}\(test.file)\u{0}\($0)"] ?? [] }
            }
            if !found.isEmpty { pointed[test.id] = found }
        }
        return pointed
    }

    /// The lines of each file a warning of each code points at.
    private func warnedLines() -> [String: [String: Set<Int>]] {
        let codes = Set(Self.failureWarnings.map(\.code))
        var warned: [String: [String: Set<Int>]] = [:]
        for diagnostic in diagnostics {
            guard codes.contains(diagnostic.code), let location = diagnostic.location else { continue }
            warned[diagnostic.code, default: [:]][location.file, default: []].insert(location.line)
        }
        return warned
    }

    /// The warned lines of `warning`'s code that a test's differing expected instants are written on; of a lifecycle
    /// scenario, which has no such list, its `offset-mismatch` and `unmatchable-key` lines from its own line to the
    /// next test's: a step written with an offset the zone does not have moves a launch, and the failure that follows
    /// is a run's, at another line (a fifth review's JUnit showed the failure and left the step's warning in
    /// `<system-err>`).
    private static func warnedLines(of test: TestResult, _ warning: FailureWarning, _ warned: [String: [String: Set<Int>]],
                                    region: Range<Int>? = nil) -> Set<Int> {
        guard let lines = warned[warning.code]?[test.file] else { return [] }
        if test.lifecycle != nil {
            // A run's key no schedule of the scenario can give fails its `runs[N].key` check whatever else happens.
            guard warning.code == offsetMismatchCode || warning.code == unmatchableKeyCode, let region else { return [] }
            return lines.filter(region.contains)
        }
        return Set(test.diff.filter { warning.kinds.contains($0.kind) }.compactMap(\.expectedLine)).intersection(lines)
    }

    /// Each test's lines, from its own to the next test's line in its file (or the file's end), by index in `tests`.
    private func regions() -> [Range<Int>] {
        var testLines: [String: Set<Int>] = [:]
        for test in tests { testLines[test.file, default: []].insert(test.line) }
        let sortedLines = testLines.mapValues { $0.sorted() }
        return tests.map { test in test.line..<(sortedLines[test.file]?.first { $0 > test.line } ?? Int.max) }
    }
}
