import SpecDiagnostics
import SpecResults
import Testing
@testable import SpecReporters

@Suite struct TerminalReporterTests {
    @Test func fixtureRendersAsTheGoldenReport() throws {
        try GoldenFile.check(TerminalReporter().render(RunResultFixture.run), against: "terminal.txt")
    }

    @Test func quietShowsOnlyFailuresErrorsAndTheSummary() throws {
        try GoldenFile.check(TerminalReporter(quiet: true).render(RunResultFixture.run), against: "terminal-quiet.txt")
    }

    /// Under `--engine all`, an engine failing exactly as the one above it says so in one line instead of repeating
    /// the block (the failure review); a failure that differs in anything is shown whole.
    @Test func theSameFailureOnTheNextEngineIsOneLine() {
        let core = RunResultFixture.firstValidFailed
        var foundation = core
        foundation.engine = "foundation"
        foundation.id = RunResultFixture.id(core.file, core.spec, core.caseName, "foundation")
        let run = RunResult(environment: RunResultFixture.environment, files: [core.file], diagnostics: [], tests: [core, foundation])
        let text = TerminalReporter().render(run)
        #expect(text.contains("""
              ✘ Berlin 02:30, one search per policy › spring gap, first valid time › foundation
                  the same failure as core above

            """))
        #expect(text.components(separatedBy: "is not the expected one").count == 2)
        var other = foundation
        other.actual = []
        let both = TerminalReporter().render(RunResult(environment: RunResultFixture.environment, files: [core.file], diagnostics: [],
                                                       tests: [core, other]))
        #expect(!both.contains("the same failure"))
        #expect(both.components(separatedBy: "is not the expected one").count == 3)
    }

    /// When one engine passes and the other fails, the table says which one the spec agrees with and what to do (a
    /// newcomer read Foundation's failures under `--engine all` as mistakes in the spec). Both failing, or a fixed
    /// deviation, says nothing of the kind. The HTML report says the same under its table.
    @Test func aPassBesideAFailureSaysWhichEngineTheSpecAgreesWith() {
        var core = RunResultFixture.firstValidFailed
        core.status = .passed
        core.actual = core.expected
        core.diff = []
        var foundation = RunResultFixture.firstValidFailed
        foundation.engine = "foundation"
        foundation.id = RunResultFixture.id(core.file, core.spec, core.caseName, "foundation")
        let sentence = "core passes this test and foundation does not: the spec agrees with core, so the difference is foundation's; "
            + "if it is expected (a known fault of this toolchain, docs/toolchains.md#known-deviations), declare it under 'known-deviations:'"
        let run = RunResult(environment: RunResultFixture.environment, files: [core.file], diagnostics: [], tests: [core, foundation])
        #expect(TerminalReporter().render(run).contains("      ≠ 2027-03-28 03:00 CEST (+02:00)   2027-03-28 03:30 CEST (+02:00)\n      " + sentence + "\n"))
        #expect(HTMLReporter().render(run).contains("<p class=\"note\">Core passes this test and foundation does not: "))
        var empty = foundation
        empty.actual = []
        let bothFail = RunResult(environment: RunResultFixture.environment, files: [core.file], diagnostics: [],
                                 tests: [RunResultFixture.firstValidFailed, empty])
        var fixed = RunResultFixture.firstValidFixed
        fixed.actual = foundation.actual
        let fixedBeside = RunResult(environment: RunResultFixture.environment, files: [core.file], diagnostics: [], tests: [core, fixed])
        for other in [bothFail, fixedBeside] {
            let text = TerminalReporter().render(other)
            #expect(text.contains("engines disagree") && !text.contains("passes this test and"))
        }
    }

    /// Core failing where foundation passes is not told to declare a known deviation on core: core gives what the spec
    /// language defines, so the spec most likely expects Foundation's behaviour (a message review declared it, as told,
    /// and a wrong spec passed with exit 0).
    @Test func aCoreFailureBesideAFoundationPassIsNotToldToDeclareADeviation() {
        var foundation = RunResultFixture.firstValidFailed
        foundation.engine = "foundation"
        foundation.id = RunResultFixture.id(foundation.file, foundation.spec, foundation.caseName, "foundation")
        foundation.status = .passed
        foundation.actual = foundation.expected
        foundation.diff = []
        let run = RunResult(environment: RunResultFixture.environment, files: [foundation.file], diagnostics: [],
                            tests: [RunResultFixture.firstValidFailed, foundation])
        let text = TerminalReporter().render(run)
        #expect(text.contains("foundation passes this test and core does not: core gives what the spec language defines, so the spec most "
            + "likely expects foundation's own behaviour; check its instants against the contract ('specrun explain' gives each policy's "
            + "instant for a wall time) rather than declaring a known deviation on core"), "\(text)")
        #expect(!text.contains("declare it under 'known-deviations:'"))
    }

    /// A failing engine whose message already says which engine the spec agrees with (the runner's sentence for a
    /// foundation failure the core passes) is not told it again under the engines' table: a review read both sentences in
    /// one block, eight lines apart ("Foundation's own", then "foundation's"). The table's sentence stays for a failure
    /// whose message does not say it (results archived by an earlier build).
    @Test func whichEngineTheSpecAgreesWithIsSaidOnceInABlock() {
        var core = RunResultFixture.firstValidFailed
        core.status = .passed
        core.actual = core.expected
        core.diff = []
        core.message = nil
        var foundation = RunResultFixture.firstValidFailed
        foundation.engine = "foundation"
        foundation.id = RunResultFixture.id(core.file, core.spec, core.caseName, "foundation")
        let sentence = EngineAgreement.sentence(passing: "core", failing: "foundation")
        foundation.message = "occurrences differ: 1 missing, 1 unexpected; " + sentence
        let run = RunResult(environment: RunResultFixture.environment, files: [core.file], diagnostics: [], tests: [core, foundation])
        let text = TerminalReporter().render(run)
        #expect(text.contains("engines disagree"))
        #expect(text.components(separatedBy: "passes this test and").count == 2, "\(text)")
        #expect(text.contains("; " + sentence + "\n"))
        let html = HTMLReporter().render(run)
        #expect(!html.contains("<p class=\"note\">Core passes this test"))
    }

    /// Two engines' failures with the same instants and diff but other words are not folded: the words then tell
    /// apart how each search ended (the core's candidate bound, Foundation finding nothing), which is no same failure.
    @Test func theSameDiffEndedOtherwiseIsShownWhole() {
        var core = RunResultFixture.firstValidFailed
        core.actual = []
        core.diff = core.expected.map { DiffLine(kind: .missing, expected: $0, actual: nil, expectedLine: 31) }
        core.message = "no occurrence of every day at 02:30 within 1000 candidate slots after 2027-03-28 00:00 CET (+01:00)"
        var foundation = core
        foundation.engine = "foundation"
        foundation.id = RunResultFixture.id(core.file, core.spec, core.caseName, "foundation")
        foundation.message = "Foundation found no occurrence after 2027-03-28 00:00 CET (+01:00)"
        let text = TerminalReporter().render(RunResult(environment: RunResultFixture.environment, files: [core.file], diagnostics: [],
                                                       tests: [core, foundation]))
        #expect(!text.contains("the same failure"))
        #expect(text.contains(foundation.message!))
        // The same words too: one line.
        foundation.message = core.message
        #expect(SameFailure.holds(foundation, as: core))
    }

    /// An expected error the search did not end with lists what it found under `found:` (it printed `expected:
    /// (none)`, read as "no occurrences expected"; the message names the error).
    @Test func anExpectedErrorNotMetListsWhatWasFound() {
        var test = RunResultFixture.firstValidFailed
        test.message = "expected the search to end with 'no-occurrence' but found 2027-03-28T03:30:00+02:00"
        test.expected = []
        test.diff = []
        let text = TerminalReporter().renderTest(test)
        #expect(text.contains("\n      found:\n        2027-03-28T01:30:00Z  2027-03-28 03:30 CEST (+02:00)\n"))
        #expect(!text.contains("(none)"))
    }

    /// Lines that go on after their instant (`(line N)`, a key) line up when `CET` and `CEST` mix; a line that ends
    /// with its instant is not padded (a CJK review's `--verbose` list had its keys one column apart).
    @Test func linesThatGoOnAfterTheirInstantLineUp() {
        func at(_ utc: String, _ local: String, key: String? = nil) -> ResultInstant {
            ResultInstant(utc: utc, epochSeconds: 0, offsetForm: "", local: local, key: key)
        }
        let diff = [
            DiffLine(kind: .missing, expected: at("2027-10-31T00:30:00Z", "2027-10-31 02:30 CEST (+02:00)"), actual: nil, expectedLine: 12),
            DiffLine(kind: .missing, expected: at("2027-10-31T01:30:00Z", "2027-10-31 02:30 CET (+01:00)"), actual: nil, expectedLine: 13),
            DiffLine(kind: .same, expected: at("2027-11-01T01:30:00Z", "2027-11-01 02:30 CET (+01:00)"), actual: at("2027-11-01T01:30:00Z", "2027-11-01 02:30 CET (+01:00)")),
        ]
        #expect(FailureText(glyphs: .unicode).diffLines(diff).map(\.text) == [
            "- 2027-10-31T00:30:00Z  2027-10-31 02:30 CEST (+02:00)  (line 12)",
            "- 2027-10-31T01:30:00Z  2027-10-31 02:30 CET (+01:00)   (line 13)",
            "  2027-11-01T01:30:00Z  2027-11-01 02:30 CET (+01:00)",
        ])
    }

    /// `--verbose`: a passing lifecycle scenario shows its runs as a failing one does (what `runs:` would copy);
    /// recurrence tests and `--quiet` are unchanged.
    @Test func verboseShowsAPassingScenariosRuns() {
        let passed = RunResultFixture.expirationPassed
        #expect(TerminalReporter(verbose: true).renderTest(passed) == """
              ✔ Expiration during parse leaves no trace
                  runs (#N is runs[N]; planned → actual):
                    #1  unplanned  →  2027-03-29 02:31 CEST (+02:00)  expired

            """)
        #expect(TerminalReporter().renderTest(passed) == "  ✔ Expiration during parse leaves no trace\n")
        #expect(TerminalReporter(quiet: true, verbose: true).renderTest(passed) == "  ✔ Expiration during parse leaves no trace\n")
        let recurrence = RunResultFixture.nightlyPassed
        #expect(TerminalReporter(verbose: true).renderTest(recurrence) == """
              ✔ Nightly sync at 02:30 in Berlin across the spring change › core
                  checked 3 occurrences, as expected:
                    2027-03-27T01:30:00Z  2027-03-27 02:30 CET (+01:00)   key nightly-sync/v1/2027-03-27
                    2027-03-29T00:30:00Z  2027-03-29 02:30 CEST (+02:00)  key nightly-sync/v1/2027-03-29
                    2027-03-30T00:30:00Z  2027-03-30 02:30 CEST (+02:00)  key nightly-sync/v1/2027-03-30

            """)
        #expect(TerminalReporter(quiet: true, verbose: true).renderTest(recurrence) == TerminalReporter().renderTest(recurrence))
    }

    /// A passing test with many occurrences lists the first eight and the last two under `--verbose`; one that
    /// expected none says so. (An app team's review found no trail of what a passing schedule spec checked.)
    @Test func verboseFoldsALongPassAndSaysWhenNothingWasExpected() {
        var year = RunResultFixture.nightlyPassed
        year.actual = (0..<12).map { day in
            RunResultFixture.berlin("2027-01-\(day < 9 ? "0" : "")\(day + 1)T01:30:00Z", "2027-01-\(day < 9 ? "0" : "")\(day + 1)T02:30:00+01:00", "CET")
        }
        let lines = TerminalReporter(verbose: true).renderTest(year).split(separator: "\n")
        #expect(lines.count == 1 + 1 + 8 + 1 + 2)
        #expect(lines[10] == "        … 2 more (the JSON results list every one)")
        #expect(lines.last == "        2027-01-12T01:30:00Z  2027-01-12 02:30 CET (+01:00)")
        var none = RunResultFixture.nightlyPassed
        none.actual = []
        #expect(TerminalReporter(verbose: true).renderTest(none).hasSuffix("\n      checked: no occurrence, as expected\n"))
    }

    /// A launch step the system refused is no run, so the runs do not list it; the terminal lists it under them
    /// (the JSON and the HTML picture had it, the terminal of the failing scenario did not), in a failing scenario
    /// and in a passing one under `--verbose`. Past 40, the rest are counted.
    @Test func refusedLaunchesAreListedUnderTheRuns() throws {
        let text = TerminalReporter().renderTest(RunResultFixture.catchUpFailed)
        let lines = text.split(separator: "\n").map(String.init)
        let heading = try #require(lines.firstIndex(of: "      launches the system refused (no run):"))
        #expect(lines[heading + 1] == "        2027-03-29 02:20 CEST (+02:00)  launch-before-earliest-begin  "
            + "com.example.app.refresh  (earliest begin 2027-03-29 02:30 CEST (+02:00))  (line 12)")
        // Under the runs, before the expectations.
        #expect((lines.firstIndex { $0.contains("runs (#N is runs[N]; planned") } ?? .max) < heading)
        #expect(heading < (lines.firstIndex { $0.contains("expectations not met:") } ?? -1))

        var passed = RunResultFixture.expirationPassed
        passed.lifecycle?.refusedLaunches = Array(repeating: .init(
            at: RunResultFixture.berlin("2027-03-29T00:20:00Z", "2027-03-29T02:20:00+02:00", "CEST"),
            identifier: "com.example.app.refresh", error: nil), count: 42)
        let verbose = TerminalReporter(verbose: true).renderTest(passed)
        #expect(verbose.contains("    2027-03-29 02:20 CEST (+02:00)  not launched  com.example.app.refresh\n"))
        #expect(verbose.components(separatedBy: "not launched").count - 1 == 40)
        #expect(verbose.contains("… 2 more refused launches not shown (the JSON results list every one)"))
        #expect(!TerminalReporter().renderTest(passed).contains("refused"))
    }

    @Test func asciiGlyphsKeepDecorationsASCII() throws {
        let report = TerminalReporter(glyphs: .ascii).render(RunResultFixture.run)
        try GoldenFile.check(report, against: "terminal-ascii.txt")
        // Only the spec authors' own text (São Paulo) may be non-ASCII.
        let nonASCII = report.split(separator: "\n").filter { !$0.allSatisfy(\.isASCII) && !$0.contains("São Paulo") }
        #expect(nonASCII.isEmpty, "non-ASCII decoration in: \(nonASCII)")
    }

    @Test func theRecapListsWhatNeedsAttentionOnlyWhenItAddsSomething() {
        let tests = RunResultFixture.tests
        let flagged = tests.filter { [.failed, .error, .fixedDeviation].contains($0.status) }
        let recap = TerminalReporter().attentionRecap(tests)
        #expect(recap.hasPrefix("Needs attention (\(flagged.count)):\n"))
        #expect(recap.split(separator: "\n").count == flagged.count + 1)
        for test in flagged {
            #expect(recap.contains(" \(test.nameInFile)  \(test.file):\(test.line)\n"), "\(test.id)")
        }
        // Nothing to look at, or nothing but the flagged tests in the report: no recap.
        #expect(TerminalReporter().attentionRecap(tests.filter { $0.status == .passed }).isEmpty)
        #expect(TerminalReporter().attentionRecap(flagged).isEmpty)
        #expect(!TerminalReporter(quiet: true).render(RunResultFixture.run).contains("Needs attention"))
    }

    /// The diff's legend explains `~` when a line has it (a reviewer met an unexplained `~ … key … produced`).
    @Test func theDiffLegendExplainsTheTildeOnlyWhenAKeyDiffers() throws {
        var test = try #require(RunResultFixture.tests.first { $0.diff.contains { $0.kind == .missing } })
        let instant = try #require(test.diff.first { $0.kind == .missing }?.expected)
        let legend = { (test: TestResult) in FailureText(glyphs: .unicode).occurrenceLines(test).first?.text ?? "" }
        test.diff.removeAll { $0.kind == .keyMismatch }
        #expect(legend(test).hasSuffix("(- expected, not produced; + produced, not expected)"))
        test.diff.append(DiffLine(kind: .keyMismatch, expected: instant, actual: instant))
        #expect(legend(test).hasSuffix("(- expected, not produced; + produced, not expected; ~ produced with another key)"))
    }

    /// A file that did not run is listed first, by its first error, as the HTML's list does: a run that exits 2 says
    /// why at its end, not only thousands of lines above.
    @Test func theRecapListsInvalidSpecFilesFirst() throws {
        let run = RunResultFixture.run
        let errors = run.diagnostics.filter { $0.severity == .error }
        let first = try #require(errors.first)
        let files = Set(errors.map { $0.location?.file ?? "" })
        let flagged = run.tests.filter(\.status.needsAttention)
        let recap = TerminalReporter().attentionRecap(run.tests, diagnostics: run.diagnostics)
        let lines = recap.split(separator: "\n").map(String.init)
        #expect(lines.first == "Needs attention (\(files.count + flagged.count)):")
        let place = try #require(first.location)
        #expect(lines[1] == "  ‼ invalid spec file: \(first.message)  \(place.file):\(place.line)")
        #expect(TerminalReporter().attentionRecap(run.tests, diagnostics: run.diagnostics, strict: true)
            .contains("  ‼ spec file with errors: \(first.message)"))
        // Every test passed, a file did not run: the recap names the file.
        let passed = run.tests.filter { $0.status == .passed }
        #expect(TerminalReporter().attentionRecap(passed, diagnostics: run.diagnostics).hasPrefix("Needs attention (\(files.count)):\n"))
        // No test at all: the report is the diagnostics and the closing line, nothing to repeat.
        #expect(TerminalReporter().attentionRecap([], diagnostics: run.diagnostics).isEmpty)
        // A message quoting a value with a line break (a block scalar's) is shown whole, the break made visible.
        var broken = run.diagnostics
        let index = try #require(broken.firstIndex(of: first))
        broken[index].message = "'02:30\n' is a block scalar"
        #expect(TerminalReporter().attentionRecap(run.tests, diagnostics: broken).split(separator: "\n")[1]
            == "  ‼ invalid spec file: '02:30\\u{A}' is a block scalar  \(place.file):\(place.line)")
        // A file with more errors says how many more its first one stands for: a reader fixed it and met the next.
        var second = first
        second.location?.line += 3
        let more = TerminalReporter().attentionRecap(run.tests, diagnostics: run.diagnostics + [second, second])
            .split(separator: "\n").map(String.init)
        let sameFile = errors.filter { $0.location?.file == place.file }.count + 2
        #expect(more[1] == "  ‼ invalid spec file: \(first.message) (and \(sameFile - 1) more errors in the file)  \(place.file):\(place.line)")
    }

    @Test func aFailureExplainsAtMostThreeZoneChangesAndCountsTheRest() {
        let context = ZoneContext(zone: "Europe/Berlin", transitions: Array(repeating: RunResultFixture.autumnTransition, count: 5))
        let sentences = FailureText(glyphs: .unicode).zoneSentences(context)
        #expect(sentences.count == 4)
        #expect(sentences.prefix(3).allSatisfy { $0.hasPrefix("Europe/Berlin falls back at ") })
        #expect(sentences.last == "… and 2 more offset changes of Europe/Berlin near these occurrences")
        let three = ZoneContext(zone: "Europe/Berlin", transitions: Array(repeating: RunResultFixture.autumnTransition, count: 3))
        #expect(FailureText(glyphs: .ascii).zoneSentences(three).count == 3)
    }

    /// A tab in a name reached the terminal raw, where docs/diagnostics.md promises every control character shown;
    /// a right-to-left override left open turned the rest of the line (` › core`, `file:line`) around.
    @Test func aTabOrADirectionOverrideInANameIsShownAsAnEscape() {
        var test = RunResultFixture.yearEndError
        test.spec = "Nightly\tsync \u{202E}liaf"
        let text = TerminalReporter().renderTest(test)
        #expect(text.contains("Nightly\\u{9}sync \\u{202E}liaf"), "\(text)")
        #expect(!text.unicodeScalars.contains { $0 == "\t" || $0.value == 0x202E })
    }

    @Test func controlCharactersInSpecTextAreShownNotSent() {
        let text = TerminalReporter().renderTest(RunResultFixture.yearEndError)
        #expect(!text.contains("\u{1B}"))
        #expect(text.contains(#""9999-12-31T23:59:59-12:00"}, 100% past the end\u{1B}."#))
    }

    @Test func colorIsOnlyThereWhenAsked() {
        #expect(!TerminalReporter(color: false).render(RunResultFixture.run).contains("\u{1B}["))
        #expect(TerminalReporter(color: true).render(RunResultFixture.run).contains("\u{1B}[1;31m✘\u{1B}[0m"))
    }

    @Test func closingLineStartsWithPassedAndFailedCounts() {
        let lines = TerminalReporter().render(RunResultFixture.run).split(separator: "\n").map(String.init)
        let expected = "3 passed, 2 failed, 1 error, 1 skipped, 1 known deviation, 1 fixed deviation, 1 not run; "
            + "1 invalid spec file, 1 warning"
        #expect(lines.last == expected)
        var strict = RunResultFixture.run
        strict.strict = true
        let strictLast = TerminalReporter().render(strict).split(separator: "\n").last.map(String.init)
        #expect(strictLast == "3 passed, 2 failed, 1 error, 1 skipped, 1 known deviation, "
            + "1 fixed deviation (a failure under --strict), 1 not run; "
            + "1 spec file with errors (warnings count under --strict), 1 warning")
    }

    @Test func allPassedRunClosesWithZeroFailed() {
        var run = RunResultFixture.run
        run.tests = [RunResultFixture.nightlyPassed]
        run.diagnostics = []
        #expect(TerminalReporter().render(run) == """
            specs/recurrence/berlin-spring.yaml
              ✔ Nightly sync at 02:30 in Berlin across the spring change › core

            1 passed, 0 failed

            """)
    }

    @Test func failureShowsBothInstantsAbsoluteAndLocal() {
        let text = TerminalReporter().renderTest(RunResultFixture.firstValidFailed)
        #expect(text.contains("- 2027-03-28T01:00:00Z  2027-03-28 03:00 CEST (+02:00)"))
        #expect(text.contains("+ 2027-03-28T01:30:00Z  2027-03-28 03:30 CEST (+02:00)"))
        #expect(text.contains("at specs/recurrence/berlin-spring.yaml:29"))
    }

    @Test func longRunsOfMatchingOccurrencesAreFolded() {
        let same = (0..<20).map { day in
            RunResultFixture.berlin(
                "2027-04-\(FailureText.twoDigits(day + 1))T00:30:00Z",
                "2027-04-\(FailureText.twoDigits(day + 1))T02:30:00+02:00", "CEST"
            )
        }
        var test = RunResultFixture.firstValidFailed
        test.zoneContext = nil
        test.diff = same.map { DiffLine(kind: .same, expected: $0, actual: $0) }
        test.diff.insert(DiffLine(kind: .missing, expected: same[0], actual: nil), at: 10)
        let lines = TerminalReporter().renderTest(test).split(separator: "\n")
        #expect(lines.filter { $0.contains("matching occurrences") }.map { $0.trimmingPrefixSpaces } == [
            "… 8 matching occurrences", "… 8 matching occurrences",
        ])
        // Two matching lines on each side of the difference, and the difference itself.
        #expect(lines.count(where: { $0.contains("2027-04-") }) == 5)
    }

    @Test(arguments: [
        (["LANG": "en_US.UTF-8"], Glyphs.unicode),
        (["LANG": "C"], Glyphs.ascii),
        (["LC_ALL": "POSIX", "LANG": "en_US.UTF-8"], Glyphs.ascii),
        (["LC_ALL": "", "LC_CTYPE": "de_DE.utf8"], Glyphs.unicode),
        ([:], Glyphs.unicode),
    ])
    func glyphsFollowTheLocale(environment: [String: String], expected: Glyphs) {
        #expect(Glyphs.preferred(environment: environment) == expected)
    }
}

extension Substring {
    var trimmingPrefixSpaces: Substring { drop { $0 == " " } }
}
