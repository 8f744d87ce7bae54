import SpecResults
import Testing
@testable import SpecReporters

@Suite struct TAPReporterTests {
    @Test func fixtureRendersAsTheGoldenStream() throws {
        try GoldenFile.check(TAPReporter().render(RunResultFixture.run), against: "results.tap")
    }

    /// A run stopped by a signal (its tests `# SKIP not run`) and a merge missing a shard end in `Bail out!`, after
    /// every test point: `prove` said PASS for them (a CI review).
    @Test func resultsThatAreNotAWholeRunBailOut() {
        var stopped = RunResultFixture.run
        stopped.tests.removeAll { $0.status == .notRun }
        stopped.tests[stopped.tests.count - 1].status = .notRun
        let text = TAPReporter().render(stopped)
        #expect(text.hasSuffix("\nBail out! these results are not a whole run: 1 test of \(stopped.tests.count) did not run "
            + "(a run was stopped before its end, its tests marked not-run); run it again\n"), "\(text)")
        var partial = RunResultFixture.run
        partial.tests.removeAll { $0.status == .notRun }
        partial.mergedShards = [Shard(index: 1, count: 2)]
        #expect(TAPReporter().render(partial).hasSuffix(
            "\nBail out! shard 2/2 is missing from these merged results; merge the results files of every shard\n"))
        var whole = RunResultFixture.run
        whole.tests.removeAll { $0.status == .notRun }
        #expect(!TAPReporter().render(whole).contains("Bail out!"))
    }

    /// The notes (a merge, a shard missing) are comments after the plan, one line each.
    /// A scenario whose schedule moved names every zone it took, and each change with the zone before it.
    @Test func aMovedScenarioNamesEveryZone() throws {
        var run = RunResultFixture.run
        let index = try #require(run.tests.firstIndex { $0.lifecycle != nil && $0.status == .failed })
        run.tests[index].lifecycle?.scheduleChanges = [.init(
            at: RunResultFixture.berlin("2027-03-29T10:00:00Z", "2027-03-29T06:00:00-04:00", "EDT"), timeZone: "America/New_York",
            previousTimeZone: "Europe/Berlin", version: 1, change: "timezone: America/New_York", line: 25)]
        let text = TAPReporter().render(run)
        #expect(text.contains("  zones:\n    - \"Europe/Berlin\"\n    - \"America/New_York\"\n"), "\(text)")
        #expect(text.contains("previous-timezone: \"Europe/Berlin\""))
        #expect(!TAPReporter().render(RunResultFixture.run).contains("  zones:"))
    }

    /// A failing scenario's app steps, refused launches and other errors are listed with their fields, each list folded
    /// past 40 with how many more.
    @Test func theLifecycleListsAreWrittenAndFolded() throws {
        var run = RunResultFixture.run
        let index = try #require(run.tests.firstIndex { $0.lifecycle != nil && $0.status == .failed })
        let at = RunResultFixture.berlin("2027-03-29T00:20:00Z", "2027-03-29T02:20:00+02:00", "CEST")
        run.tests[index].lifecycle?.appEvents = [.init(at: at, step: "availability", detail: "refresh-disabled", line: 9)]
        run.tests[index].lifecycle?.refusedLaunches = Array(repeating: .init(at: at, identifier: "com.example.app.refresh", error: "unavailable"), count: 41)
        run.tests[index].lifecycle?.otherErrors = Array(repeating: .init(
            at: at, code: "too-many-pending", identifier: "com.example.app.sync", line: nil, message: "2 refresh requests would be pending"), count: 42)
        let text = TAPReporter().render(run)
        #expect(text.contains("  app-events:\n    - at: \"2027-03-29T02:20:00+02:00\"\n      step: \"availability\"\n      detail: \"refresh-disabled\"\n      line: 9\n"), "\(text)")
        #expect(text.contains("    - \"1 more refused launch not shown (the JSON results list every one)\"\n"), "\(text)")
        #expect(text.contains("    - \"2 more errors not shown (the JSON results list every one)\"\n"), "\(text)")
        #expect(text.components(separatedBy: "code: \"too-many-pending\"").count - 1 == 40)
        let terminal = TerminalReporter().renderTest(run.tests[index])
        #expect(terminal.contains("… 2 more errors not shown (the JSON results list every one)"), "\(terminal)")
        #expect(terminal.contains("  2027-03-29 02:20 CEST (+02:00)  availability  refresh-disabled  (line 9)\n"), "\(terminal)")
    }

    @Test func theNotesAreCommentsAfterThePlan() {
        var run = RunResultFixture.run
        run.notes = ["merged from 2 results files: a.json, b.json", "two\nlines"]
        let lines = TAPReporter().render(run).split(separator: "\n")
        #expect(Array(lines[2...3]) == ["# note: merged from 2 results files: a.json, b.json", "# note: two lines"])
    }

    @Test func planMatchesTheNumberedTestPoints() {
        let lines = TAPReporter().render(RunResultFixture.run).split(separator: "\n")
        #expect(lines[0] == "TAP version 13")
        #expect(lines[1] == "1..11")
        let points = lines.filter { $0.hasPrefix("ok ") || $0.hasPrefix("not ok ") }
        #expect(points.count == 11)
        let numbers = points.map { $0.split(separator: " ").first { Int($0) != nil }.flatMap { Int($0) } }
        #expect(numbers == (1...11).map { Optional($0) })
    }

    @Test func directivesSaySkipAndTodo() {
        let points = TAPReporter().render(RunResultFixture.run).split(separator: "\n")
            .filter { $0.hasPrefix("ok ") || $0.hasPrefix("not ok ") }
        #expect(points.contains { $0.hasPrefix("not ok 8 - ") && $0.contains(" # TODO known deviation on foundation: ") })
        #expect(points.contains { $0.hasPrefix("ok 7 - ") && $0.contains(" # TODO fixed deviation") })
        #expect(points.contains { $0.hasPrefix("ok 10 - ") && $0.contains(" # SKIP tzdata on this image") })
        #expect(points.contains { $0.hasPrefix("ok 11 - ") && $0.hasSuffix(" # SKIP not run: the run stopped after --max-failures 1") })
    }

    /// The launch steps the system refused, after the runs: a refused step is no run, and the stream had no word of it.
    @Test func refusedLaunchesFollowTheRuns() {
        let tap = TAPReporter().render(RunResult(environment: RunResultFixture.environment, files: [RunResultFixture.catchUp],
                                                 diagnostics: [], tests: [RunResultFixture.catchUpFailed]))
        #expect(tap.contains("""
              refused-launches:
                - at: "2027-03-29T02:20:00+02:00"
                  identifier: "com.example.app.refresh"
                  error: "launch-before-earliest-begin"
                  earliest-begin: "2027-03-29T02:30:00+02:00"
                  line: 12

            """))
        let runs = tap.range(of: "  runs:\n"), refused = tap.range(of: "  refused-launches:\n")
        #expect(runs != nil && refused != nil && runs!.lowerBound < refused!.lowerBound)
    }

    @Test func descriptionsEscapeHashAndBackslash() {
        #expect(TAPReporter.escapeDescription(##"a # b \ c"##) == ##"a \# b \\ c"##)
    }

    /// Perl's TAP::Parser::YAMLish reads `- "word: rest"` as a one-key map and dies on the quote (`prove` then
    /// reports a parse error and stops); the colon that misleads it is written `\x3A`, every other one as it is.
    @Test(arguments: [
        (#""specs/a.yaml:4:7: error: bad""#, #""specs/a.yaml:4:7\x3A error: bad""#),
        (#""completed: expected [true], actual [false]""#, #""completed\x3A expected [true], actual [false]""#),
        (#""a : b""#, #""a \x3A b""#),
        (#""a: : b""#, #""a\x3A \x3A b""#),
        (#""ends with:""#, #""ends with:""#),
        (#""key:""#, #""key:""#),
        (#""a:b c""#, #""a:b c""#),
        (#""- 2027-03-28T01:00:00Z  03:00 CEST""#, #""- 2027-03-28T01:00:00Z  03:00 CEST""#),
        (#"" : x""#, #"" \x3A x""#),
    ])
    func listItemsKeepPerlFromReadingAMap(_ quoted: String, _ written: String) {
        #expect(TAPReporter.YAML.listItem(quoted) == written)
    }

    @Test func aListOfStringsIsWrittenForPerlAndPythonAlike() {
        let lines = TAPReporter.YAML.map([("diagnostics", .list([.text("f.yaml:1:2: error: x"), .text("plain")]))]).lines(indent: 2)
        #expect(lines == ["  diagnostics:", #"    - "f.yaml:1:2\x3A error: x""#, #"    - "plain""#])
    }

    @Test func yamlStringsAreQuotedWithEscapes() {
        let expected = "\"say \\\"hi\\\"\\n\\u001B\\\\ \\u2028\""
        #expect(TAPReporter.YAML.quoted("say \"hi\"\n\u{1B}\\ \u{2028}") == expected)
        // A direction override is escaped there too, as the test line shows it.
        #expect(TAPReporter.YAML.quoted("a\u{202E}b") == "\"a\\u202Eb\"")
    }
}
