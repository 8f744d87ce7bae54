import SpecDiagnostics
import SpecReporters
import SpecResults
import Testing

/// `RunResult.pointingFailuresAtWarnings()`: a failed test whose missing expected instant is on a line an
/// `offset-mismatch` (or `outside-window`, `duplicate-expected-key`, `unmatchable-key`) warning points at says so in its message; nothing
/// else changes. (The real lint's code and the whole terminal text: `DocumentationSpecRunTests`, the README's failure
/// report; the codes compared with SpecLint's: `LintCodeTests`.)
@Suite struct FailureWarningHintTests {
    static let file = RunResultFixture.berlinSpring

    static func warning(line: Int, file: String = file, code: String = "offset-mismatch") -> Diagnostic {
        Diagnostic(code: code, severity: .warning, location: SourceLocation(file: file, line: line, column: 7), message: "…")
    }

    static func run(_ diagnostics: [Diagnostic], tests: [TestResult] = [RunResultFixture.firstValidFailed]) -> RunResult {
        RunResult(environment: RunResultFixture.environment, files: [file], diagnostics: diagnostics, tests: tests)
    }

    /// `firstValidFailed` misses the instant written on line 31.
    @Test func aFailureMissingTheInstantOfAWarnedLineSaysSo() {
        let hinted = Self.run([Self.warning(line: 31)]).pointingFailuresAtWarnings()
        #expect(hinted.tests[0].message == "The next occurrence after 2027-03-28T00:00:00+01:00 is not the expected one.; "
            + "line 31 is written with an offset the zone does not have at that instant (see its offset-mismatch warning)")
    }

    /// Under `--strict` the lint is printed as `error:`: the pointer says "error" (it said "(see its offset-mismatch
    /// warning)" of an error, a CI review), a lifecycle check's own pointer too.
    @Test func underStrictThePointerNamesAnError() {
        var error = Self.warning(line: 31)
        error.severity = .error
        var scenario = RunResultFixture.firstValidFailed
        scenario.message = "the launch at line 12 is written 2027-03-28T02:30:00+01:00 (see its offset-mismatch warning)"
        scenario.diff = []
        scenario.id += " (scenario)"
        let hinted = Self.run([error], tests: [RunResultFixture.firstValidFailed, scenario]).pointingFailuresAtWarnings()
        #expect(hinted.tests[0].message?.hasSuffix("line 31 is written with an offset the zone does not have at that instant "
            + "(see its offset-mismatch error)") == true, "\(hinted.tests[0].message ?? "")")
        #expect(hinted.tests[1].message == "the launch at line 12 is written 2027-03-28T02:30:00+01:00 (see its offset-mismatch error)")
    }

    /// Under `--engine all`, another engine's failure beside the core's of the same test leaves the pointer to the
    /// core's block (a review read it in both); alone in a run, it keeps it.
    @Test func anotherEnginesBlockBesideTheCoresLeavesThePointerToIt() {
        var core = RunResultFixture.firstValidFailed
        core.engine = "core"
        var foundation = core
        foundation.engine = "foundation"
        foundation.id = core.id + " (foundation)"
        let both = Self.run([Self.warning(line: 31)], tests: [core, foundation]).pointingFailuresAtWarnings()
        #expect(both.tests[0].message?.hasSuffix("(see its offset-mismatch warning)") == true)
        #expect(both.tests[1].message == foundation.message, "\(both.tests[1].message ?? "")")
        let alone = Self.run([Self.warning(line: 31)], tests: [foundation]).pointingFailuresAtWarnings()
        #expect(alone.tests[0].message?.hasSuffix("(see its offset-mismatch warning)") == true)
    }

    @Test func severalWarnedLinesAreNamedTogether() {
        var test = RunResultFixture.firstValidFailed
        let missing = test.diff[0]
        test.diff = [missing, DiffLine(kind: .missing, expected: missing.expected, actual: nil, expectedLine: 33),
                     DiffLine(kind: .missing, expected: missing.expected, actual: nil, expectedLine: 35)]
        let hinted = Self.run([Self.warning(line: 31), Self.warning(line: 33), Self.warning(line: 35)], tests: [test])
            .pointingFailuresAtWarnings()
        #expect(hinted.tests[0].message?.hasSuffix("; lines 31, 33 and 35 are written with offsets the zone does not have at those instants (see their offset-mismatch warnings)") == true)
    }

    @Test(arguments: [
        warning(line: 30),                                   // another line
        warning(line: 31, file: "specs/other.yaml"),         // another file
        warning(line: 31, code: "dst-without-transition"),   // a lint no failure follows from
    ])
    func aWarningElsewhereLeavesTheMessageAsItIs(diagnostic: Diagnostic) {
        let run = Self.run([diagnostic])
        #expect(run.pointingFailuresAtWarnings() == run)
    }

    /// The failure review: an expected instant past `through`, and two 02:30s expected under one key, failed with no
    /// word about the warning that explained them, and `--quiet` left the warning out. A key mismatch is explained by a
    /// duplicate key; a produced instant is not explained by the window.
    @Test func outsideWindowAndDuplicateKeyWarningsArePointedAtToo() {
        let outside = Self.run([Self.warning(line: 31, code: "outside-window")]).pointingFailuresAtWarnings()
        #expect(outside.tests[0].message?.hasSuffix("; line 31 is outside the window (see its outside-window warning)") == true)
        #expect(outside.warningsOfFailures().map(\.code) == ["outside-window"])
        var test = RunResultFixture.firstValidFailed
        let missing = test.diff[0]
        test.diff = [DiffLine(kind: .keyMismatch, expected: missing.expected, actual: missing.expected, expectedLine: 33), missing]
        let both = Self.run([Self.warning(line: 33, code: "duplicate-expected-key"), Self.warning(line: 31),
                             Self.warning(line: 33, code: "outside-window")], tests: [test]).pointingFailuresAtWarnings()
        #expect(both.tests[0].message?.hasSuffix("; line 31 is written with an offset the zone does not have at that instant "
            + "(see its offset-mismatch warning); line 33 expects a key already expected (see its duplicate-expected-key warning)") == true,
                "\(both.tests[0].message ?? "")")
    }

    /// A key no occurrence of the schedule can have (`unmatchable-key`) explains a key mismatch on its line, not a
    /// missing instant; a failed scenario points at such a warning of its own lines (its `runs[N].key` fails), and
    /// `--quiet` keeps it (the fiftieth session: the failure's own hint was all a quiet report kept).
    @Test func anUnmatchableKeyWarningIsPointedAtByItsKeyMismatch() {
        var test = RunResultFixture.firstValidFailed
        let missing = test.diff[0]
        test.diff = [DiffLine(kind: .keyMismatch, expected: missing.expected, actual: missing.expected, expectedLine: 33), missing]
        let keyWarning = Self.warning(line: 33, code: "unmatchable-key")
        let hinted = Self.run([keyWarning, Self.warning(line: 31, code: "unmatchable-key")], tests: [test]).pointingFailuresAtWarnings()
        #expect(hinted.tests[0].message?.hasSuffix("; line 33 has a key its occurrence cannot have (see its unmatchable-key warning)") == true,
                "\(hinted.tests[0].message ?? "")")
        #expect(hinted.warningsPointedAtByFailures() == [test.id: [keyWarning]])
        let file = RunResultFixture.catchUp
        let runKey = Self.warning(line: 12, file: file, code: "unmatchable-key")
        let scenario = RunResult(environment: RunResultFixture.environment, files: [file], diagnostics: [runKey],
                                 tests: [RunResultFixture.catchUpFailed, RunResultFixture.expirationPassed])
        #expect(scenario.pointingFailuresAtWarnings().tests[0].message?.hasSuffix("; line 12 has a key its occurrence cannot have "
            + "(see its unmatchable-key warning)") == true)
        #expect(scenario.warningsOfFailures() == [runKey])
    }

    @Test func onlyFailedTestsAreTouched() {
        var passed = RunResultFixture.firstValidFailed
        passed.status = .passed
        let run = Self.run([Self.warning(line: 31)], tests: [passed, RunResultFixture.firstValidFixed])
        #expect(run.pointingFailuresAtWarnings() == run)
    }

    /// Only an instant that was *not produced* is explained by its line's offset: one that matched, or matched with
    /// another key, was produced as written, so the failure lies elsewhere and the hint would send the reader away
    /// from it.
    @Test func aWarnedLineWhoseInstantWasProducedGetsNoHint() {
        var test = RunResultFixture.firstValidFailed
        let missing = test.diff[0]
        test.diff = [DiffLine(kind: .same, expected: missing.expected, actual: missing.expected, expectedLine: 33),
                     DiffLine(kind: .keyMismatch, expected: missing.expected, actual: missing.expected, expectedLine: 35), missing]
        let run = Self.run([Self.warning(line: 33), Self.warning(line: 35)], tests: [test])
        #expect(run.pointingFailuresAtWarnings() == run)
    }

    /// A lifecycle scenario has no list of expected instants: a failed one points at the `offset-mismatch` warnings
    /// of its own lines (a step written with the summer offset after the autumn change moves its launch, and the
    /// failure is a run's, lines away: a fifth review's JUnit left the warning in `<system-err>`); not at another
    /// scenario's, nor at another code's.
    @Test func aFailedScenarioPointsAtTheOffsetWarningsOfItsOwnLines() {
        let file = RunResultFixture.catchUp
        let own = Self.warning(line: 12, file: file)
        let others = [Self.warning(line: 35, file: file), Self.warning(line: 14, file: file, code: "outside-window")]
        let run = RunResult(environment: RunResultFixture.environment, files: [file], diagnostics: [own] + others,
                            tests: [RunResultFixture.catchUpFailed, RunResultFixture.expirationPassed])
        let hinted = run.pointingFailuresAtWarnings()
        #expect(hinted.tests[0].message == "3 expectations not met and 1 invariant broken.; line 12 is written with an offset the zone "
            + "does not have at that instant (see its offset-mismatch warning)")
        #expect(hinted.tests[1] == run.tests[1])
        #expect(run.warningsPointedAtByFailures() == [RunResultFixture.catchUpFailed.id: [own]])
    }

    /// Under `--quiet` the warnings a failure points at are still printed (a reviewer read "see its offset-mismatch
    /// warning" in a quiet report without it), and those on a failed test's own lines (its case's cursor, say, which no
    /// diff line points at); other warnings are not.
    @Test func aQuietReportKeepsTheWarningsOfItsFailures() {
        var pointed = Self.warning(line: 31)
        pointed.message = "the pointed-at warning"
        var own = Self.warning(line: 30)
        own.message = "a warning on the failed case's cursor"
        var other = Self.warning(line: 20)
        other.message = "another warning"
        var passedTest = RunResultFixture.firstValidFailed
        passedTest.status = .passed
        passedTest.line = 33
        var later = Self.warning(line: 34)
        later.message = "a passing case's warning"
        let run = Self.run([other, own, pointed, later], tests: [RunResultFixture.firstValidFailed, passedTest])
            .pointingFailuresAtWarnings()
        #expect(run.warningsOfFailures() == [own, pointed])
        let quiet = TerminalReporter(quiet: true).render(run)
        #expect(quiet.contains("the pointed-at warning"))
        #expect(quiet.contains("a warning on the failed case's cursor"))
        #expect(!quiet.contains("another warning"))
        #expect(!quiet.contains("a passing case's warning"))
        #expect(TerminalReporter().render(run).contains("another warning"))
    }
}
