import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import SpecDiagnostics
import SpecResults
import Testing
@testable import SpecReporters

@Suite struct JUnitReporterTests {
    @Test func fixtureRendersAsTheGoldenDocument() throws {
        try GoldenFile.check(JUnitReporter().render(RunResultFixture.run), against: "junit.xml")
    }

    @Test func anXMLParserReadsEveryTestcaseWithItsOutcome() throws {
        let parsed = try ParsedJUnit(JUnitReporter().render(RunResultFixture.run))
        // The fixture stopped after `--max-failures 1`, a test not run: a first suite `specrun` says it is not whole.
        #expect(parsed.root["tests"] == "12")
        #expect(parsed.root["failures"] == "2")
        #expect(parsed.root["errors"] == "3")
        #expect(parsed.root["skipped"] == "3")
        #expect(parsed.suites == [
            "specrun", "specs/invalid/typo.yaml", "specs/lifecycle/catch-up.yaml", "specs/recurrence/berlin-spring.yaml",
            "specs/recurrence/edge-cases.yaml",
        ])
        #expect(parsed.cases.count == 12)
        #expect(Set(parsed.cases.map { $0.classname + "/" + $0.name }).count == 12, "names are unique per class")
        let outcomes = Dictionary(uniqueKeysWithValues: parsed.cases.map { ($0.name, $0.outcome) })
        #expect(outcomes["spec file"] == "error")
        #expect(outcomes["Berlin 02:30, one search per policy › spring gap, first valid time › core"] == "failure")
        #expect(outcomes["Berlin 02:30, one search per policy › autumn, both, three searches › foundation"] == "skipped")
        #expect(outcomes["Berlin 02:30, one search per policy › spring gap, first valid time › foundation"] == "")
        #expect(outcomes["Lord Howe half-hour change"] == "skipped")
        #expect(outcomes["São Paulo \"midnight\" change & <2018>"] == "skipped")
        // The control character in the message is carried as visible text, and the parser accepted the file.
        #expect(parsed.text.contains("past the end\\u{1B}."))
    }

    /// A scenario with one expectation not met is titled by that expectation, so a dashboard that shows only the
    /// failure's message shows what differs; with more, by the first and the others' names (a lifecycle review read
    /// `2 expectations not met (runs[1].planned, runs[1].key)` alone); with an invariant broken, the headline stays.
    @Test func aScenarioWithOneExpectationNotMetIsTitledByIt() throws {
        var run = RunResultFixture.run
        let index = try #require(run.tests.firstIndex { $0.lifecycle != nil && $0.status == .failed })
        var lifecycle = try #require(run.tests[index].lifecycle)
        lifecycle.expectations = [.init(name: "runs[2].key", expected: "nightly-sync/v1/2027-03-30", actual: "nightly-sync/v2/2027-03-30",
                                        passed: false, line: 17)]
        lifecycle.invariants = lifecycle.invariants.map { var check = $0; check.passed = true; return check }
        run.tests[index].lifecycle = lifecycle
        run.tests[index].message = "1 expectation not met (runs[2].key)"
        let one = JUnitReporter().render(run)
        #expect(one.contains("message=\"runs[2].key: expected nightly-sync/v1/2027-03-30, actual nightly-sync/v2/2027-03-30 (line 17)\""), "\(one)")
        run.tests[index].message = "1 expectation not met (runs[2].key); 1 invariant broken (no-duplicate-side-effects)"
        #expect(JUnitReporter().render(run).contains("message=\"1 expectation not met (runs[2].key); 1 invariant broken"))
        lifecycle.expectations.append(.init(name: "run-count", expected: "3", actual: "2", passed: false, line: 19))
        run.tests[index].lifecycle = lifecycle
        run.tests[index].message = "2 expectations not met (runs[2].key, run-count)"
        let two = JUnitReporter().render(run)
        #expect(two.contains("message=\"runs[2].key: expected nightly-sync/v1/2027-03-30, actual nightly-sync/v2/2027-03-30 (line 17); "
            + "and 1 more not met (run-count)\""), "\(two)")
        // A `completed` short of an entry, with an error not as listed, leads with the launch step the system refused (a
        // fifth review's CI page); of the right length, or with every error listed, it does not (its second round).
        let errors = LifecycleResult.ExpectationCheck(name: "errors", expected: "[]", actual: "[launch-before-earliest-begin]", passed: false, line: nil)
        lifecycle.expectations = [.init(name: "completed", expected: "[true, true]", actual: "[true]", passed: false, line: 18), errors]
        run.tests[index].lifecycle = lifecycle
        run.tests[index].message = "2 expectations not met (completed, errors)"
        let refused = JUnitReporter().render(run)
        #expect(refused.contains("message=\"the launch at line 12 was refused (launch-before-earliest-begin); completed: expected [true, true], "
            + "actual [true] (line 18); and 1 more not met (errors)\""), "\(refused)")
        lifecycle.expectations = [.init(name: "completed", expected: "[true, true]", actual: "[true]", passed: false, line: 18)]
        run.tests[index].lifecycle = lifecycle
        run.tests[index].message = "1 expectation not met (completed)"
        #expect(JUnitReporter().render(run).contains("message=\"completed: expected [true, true], actual [true] (line 18)\""))
        lifecycle.expectations = [.init(name: "completed", expected: "[false, true]", actual: "[killed, true]", passed: false, line: 18), errors]
        run.tests[index].lifecycle = lifecycle
        run.tests[index].message = "2 expectations not met (completed, errors)"
        #expect(JUnitReporter().render(run).contains("message=\"completed: expected [false, true], actual [killed, true] (line 18); and 1 more"))
    }

    /// A merge of part of a sharded run is no green run: one errored testcase names the missing shards.
    @Test func aMergeMissingShardsHasAnErroredTestcase() throws {
        var partial = RunResultFixture.run
        partial.tests.removeAll { $0.status == .notRun }
        partial.mergedShards = [Shard(index: 1, count: 4), Shard(index: 2, count: 4)]
        let parsed = try ParsedJUnit(JUnitReporter().render(partial))
        #expect(parsed.root["errors"] == "3")
        #expect(parsed.cases.first == ParsedJUnit.TestCase(name: "missing shards", classname: "specrun merge", outcome: "error"))
        #expect(JUnitReporter().render(partial).contains("message=\"shards 3/4, 4/4 are missing from these merged results; merge the results files of every shard\""))
        // A shard's own results (one CI job's) are not a merge, and hold no such case.
        var shard = partial
        shard.mergedShards = nil
        shard.shard = Shard(index: 2, count: 4)
        #expect(try ParsedJUnit(JUnitReporter().render(shard)).root["errors"] == "2")
    }

    /// A failed recurrence test's `line` is its annotation's (the first differing expected instant's line), and so is
    /// the `at file:line` its failure text starts with: on the spec's first line, a JUnit action annotated another line
    /// than specrun's annotation beside it (a CI review). A passing test keeps its spec's line.
    @Test func aFailureIsOnTheLineItsAnnotationNames() throws {
        let run = RunResultFixture.run
        let failed = try #require(run.tests.first { $0.status == .failed && $0.diff.contains { $0.kind != .same && $0.expectedLine != nil } })
        let line = GitHubAnnotationsReporter.place(of: failed).line
        #expect(line != failed.line)
        let document = JUnitReporter().render(run)
        let opening = "<testcase name=\"\(XMLText.attribute(failed.nameInFile))\" classname=\"\(JUnitReporter.className(failed.file))\" "
            + "file=\"\(failed.file)\" line=\"\(line)\""
        #expect(document.contains(opening), "\(document)")
        #expect(document.contains("type=\"failed\">at \(failed.file):\(line)\n"), "\(document)")
        let passed = try #require(run.tests.first { $0.status == .passed })
        #expect(document.contains("name=\"\(XMLText.attribute(passed.nameInFile))\" classname=\"\(JUnitReporter.className(passed.file))\" "
            + "file=\"\(passed.file)\" line=\"\(passed.line)\""))
    }

    /// One missing shard is "shard 4/4 is", and specrun's own suite names no file a dashboard would link.
    @Test func oneMissingShardIsSingularAndNamesNoFile() throws {
        var partial = RunResultFixture.run
        partial.mergedShards = [Shard(index: 1, count: 4), Shard(index: 2, count: 4), Shard(index: 3, count: 4)]
        let document = JUnitReporter().render(partial)
        #expect(document.contains("message=\"shard 4/4 is missing from these merged results; merge the results files of every shard\""), "\(document)")
        #expect(document.contains(#"<testcase name="missing shards" classname="specrun merge" time="0.000">"#), "\(document)")
        #expect(!document.contains(#"file="specrun merge""#))
    }

    /// A run stopped by a signal (its tests not-run, `<skipped>`) had failures="0" errors="0": a passing check on a
    /// cancelled job (a CI review). A first suite `specrun` holds an errored testcase saying how many did not run.
    @Test func aStoppedRunHasAnErroredTestcase() throws {
        var stopped = RunResultFixture.run
        stopped.tests.removeAll { $0.status == .notRun }
        for index in stopped.tests.indices.dropFirst(2) {
            stopped.tests[index].status = .notRun
            stopped.tests[index].message = "stopped by SIGTERM before it ran"
        }
        let notRun = stopped.tests.count - 2
        let document = JUnitReporter().render(stopped)
        let parsed = try ParsedJUnit(document)
        #expect(parsed.suites.first == "specrun")
        #expect(parsed.cases.first == ParsedJUnit.TestCase(name: "incomplete run", classname: "specrun", outcome: "error"))
        #expect(parsed.root["errors"] != "0")
        #expect(document.contains("message=\"these results are not a whole run: \(notRun) tests of \(stopped.tests.count) did not run"), "\(document)")
        // A whole run holds no such suite.
        var whole = RunResultFixture.run
        whole.tests.removeAll { $0.status == .notRun }
        #expect(try ParsedJUnit(JUnitReporter().render(whole)).cases.first?.name != "incomplete run")
    }

    /// A merge of shards that selected other tests, or read other spec files, exits 1: its JUnit is not green either.
    @Test(arguments: [RunResult.mixedSelectionsNoteEnding + ", and " + RunResult.otherSpecFilesNoteEnding, RunResult.otherSpecFilesNoteEnding])
    func anIncompleteMergeHasAnErroredTestcase(_ ending: String) throws {
        var merged = RunResultFixture.run
        merged.tests.removeAll { $0.status == .notRun }
        merged.notes = ["merged from 2 results files: a.json, b.json", "b.json differs from a.json: " + ending]
        let parsed = try ParsedJUnit(JUnitReporter().render(merged))
        #expect(parsed.suites.first == "specrun merge")
        #expect(parsed.cases.first == ParsedJUnit.TestCase(name: "incomplete run", classname: "specrun merge", outcome: "error"))
    }

    /// The environment is written once, on the first suite: on each of 1,061 suites it was 2.5 MB of a 5.5 MB file,
    /// and xunitparser (which keeps one table of properties for the whole document) stopped at the second suite.
    @Test func theEnvironmentIsWrittenOnceOnTheFirstSuite() {
        let document = JUnitReporter().render(RunResultFixture.run)
        #expect(document.components(separatedBy: "<properties>").count - 1 == 1)
        #expect(document.components(separatedBy: "<property name=\"os\"").count - 1 == 1)
        let firstSuite = document.components(separatedBy: "<testsuite ")[1]
        #expect(firstSuite.contains("<property name=\"specrunVersion\""))
    }

    /// The notes say how the results were put together (a merge, a shard missing): one property, a note a line, since
    /// readers that keep one property table (xunitparser, Jenkins) would keep only one of several same-named ones.
    @Test func theNotesAreOnePropertyWithANoteALine() throws {
        #expect(try ParsedJUnit(JUnitReporter().render(RunResultFixture.run)).properties.allSatisfy { $0.name != "notes" })
        var run = RunResultFixture.run
        run.notes = ["merged from 2 results files: a.json (shard 1/2), b.json (shard 2/2)",
                     "shard 2/4 is missing: the merged results hold only part of the suite"]
        let parsed = try ParsedJUnit(JUnitReporter().render(run))
        #expect(parsed.properties.filter { $0.name == "notes" }.map(\.value) == [run.notes.joined(separator: "\n")])
    }

    /// Specs outside a git work tree have no commit: the JSON leaves `gitCommit` out, and so does JUnit (it wrote
    /// `value=""`, a commit whose hash is empty). The HTML environment table, which shares the properties, too.
    @Test func noGitCommitMeansNoGitCommitProperty() throws {
        #expect(try ParsedJUnit(JUnitReporter().render(RunResultFixture.run)).properties.contains { $0 == ("gitCommit", "8438e77c0ffee") })
        var run = RunResultFixture.run
        run.environment.gitCommit = nil
        let parsed = try ParsedJUnit(JUnitReporter().render(run))
        #expect(!parsed.properties.contains { $0.name == "gitCommit" })
        #expect(parsed.properties.map(\.name) == ["os", "osVersion", "architecture", "swiftVersion", "foundation", "tzdataVersion",
                                                  "zones", "specrunVersion", "startTime", "commandLine", "strict", "schemaVersion"])
        #expect(!HTMLReporter().render(run).contains("gitCommit"))
        #expect(!(try JSONReporter().render(run)).contains("gitCommit"))
    }

    /// JUnit keeps the command line as one text: an argument holding a space (a folder `套件 été`) is quoted, as a
    /// shell reads it back, where joining with spaces made it two arguments. The JSON keeps the list.
    @Test func theCommandLinePropertyQuotesAnArgumentWithASpace() throws {
        var run = RunResultFixture.run
        run.environment.commandLine = ["specrun", "--color", "never", "套件 été", "it's"]
        let parsed = try ParsedJUnit(JUnitReporter().render(run))
        #expect(parsed.properties.first { $0.name == "commandLine" }?.value == "specrun --color never '套件 été' 'it'\\''s'")
    }

    @Test func strictTurnsAFixedDeviationIntoAFailure() throws {
        var run = RunResultFixture.run
        run.strict = true
        let parsed = try ParsedJUnit(JUnitReporter().render(run))
        #expect(parsed.root["failures"] == "3")
        // Only the failures change: the errors (the invalid spec file, the year-10000 error, the incomplete run) stay
        // three, the skipped three.
        #expect(parsed.root["errors"] == "3")
        #expect(parsed.root["skipped"] == "3")
    }

    /// Occurrences that differ are titled with the instants, and what the runner's message adds after its counts (a
    /// pointer to a warning) follows; any other failure (a bound reached) is titled with its message, the cause.
    @Test func failureMessageGivesExpectedAndActualInstants() throws {
        var run = RunResultFixture.run
        let index = try #require(run.tests.firstIndex { $0.id == RunResultFixture.firstValidFailed.id })
        run.tests[index].message = "occurrences differ: 1 missing, 1 unexpected"
        #expect(JUnitReporter().render(run).contains(#"<failure message="expected 2027-03-28T01:00:00Z (2027-03-28 03:00 CEST (+02:00)), "#
            + #"got 2027-03-28T01:30:00Z (2027-03-28 03:30 CEST (+02:00))" type="failed">"#))
        run.tests[index].message = "occurrences differ: 1 missing, 1 unexpected; line 31 is outside the window (see its outside-window warning)"
        #expect(JUnitReporter().render(run).contains(#"got 2027-03-28T01:30:00Z (2027-03-28 03:30 CEST (+02:00)); "#
            + #"line 31 is outside the window (see its outside-window warning)" type="failed">"#))
        // The failure review's `limit:` too small read as a wrong date on a CI page.
        run.tests[index].message = "no occurrence of every day at 03:00 within 1 candidate slot after 2027-03-28 00:00 CET (+01:00) (the search bound); raise 'limit:'"
        #expect(JUnitReporter().render(run).contains(#"<failure message="no occurrence of every day at 03:00 within 1 candidate slot "#
            + #"after 2027-03-28 00:00 CET (+01:00) (the search bound); raise &apos;limit:&apos;" type="failed">"#))
    }

    /// The warning a failure points at (`line 15 is … (see its offset-mismatch warning)`) is in the failure's text too:
    /// it is the suite's `<system-err>`, which CI pages do not show beside the failure (a message review). The warnings
    /// are those `pointingFailuresAtWarnings` names, from the diff's lines: a missing instant on line 31, where no
    /// warning is, adds nothing.
    @Test func aFailureCarriesTheWarningItPointsAt() throws {
        var run = RunResultFixture.run
        let index = try #require(run.tests.firstIndex { $0.id == RunResultFixture.firstValidFailed.id })
        run.tests[index].diff[0].expectedLine = 15
        let pointed = run.pointingFailuresAtWarnings()
        #expect(pointed.tests[index].message?.hasSuffix("; line 15 is written with an offset the zone does not have at that instant "
            + "(see its offset-mismatch warning)") == true, "\(pointed.tests[index].message ?? "")")
        // Once in the suite's <system-err>, and once more at the end of the failure's text.
        let xml = JUnitReporter().render(pointed)
        #expect(xml.components(separatedBy: "[offset-mismatch]").count - 1 == 2, "\(xml)")
        #expect(xml.contains("did you mean 2027-03-30T12:00:00+02:00? [offset-mismatch]\n  through: 2027-03-30T12:00:00+01:00\n"
            + "           ^~~~~~~~~~~~~~~~~~~~~~~~~</failure>"), "\(xml)")
        #expect(JUnitReporter().render(RunResultFixture.run.pointingFailuresAtWarnings()).components(separatedBy: "[offset-mismatch]").count - 1 == 1)
    }

    /// An instant expected twice and produced once is told so, not "not produced" (a message review: 01:30 CET was
    /// produced, and a CI page showed it missing); an occurrence produced and not expected says so, not a bare "got".
    @Test func failureMessageTellsAnInstantExpectedTwiceAndOneNotExpected() throws {
        var run = RunResultFixture.run
        let index = try #require(run.tests.firstIndex { $0.id == RunResultFixture.firstValidFailed.id })
        let twice = RunResultFixture.berlin("2027-03-28T00:30:00Z", "2027-03-28T01:30:00+01:00", "CET")
        let extra = RunResultFixture.berlin("2027-03-28T01:30:00Z", "2027-03-28T03:30:00+02:00", "CEST")
        run.tests[index].diff = [DiffLine(kind: .same, expected: twice, actual: twice), DiffLine(kind: .missing, expected: twice, actual: nil)]
        run.tests[index].message = "occurrences differ: 1 missing; 2027-03-28 01:30 CET (+01:00) is written twice (lines 7 and 8)"
        #expect(JUnitReporter().render(run).contains(#"<failure message="expected 2027-03-28T00:30:00Z (2027-03-28 01:30 CET (+01:00)) twice, "#
            + #"produced once; 2027-03-28 01:30 CET (+01:00) is written twice (lines 7 and 8)" type="failed">"#))
        run.tests[index].diff = [DiffLine(kind: .same, expected: twice, actual: twice), DiffLine(kind: .unexpected, expected: nil, actual: extra)]
        run.tests[index].message = "occurrences differ: 1 unexpected"
        #expect(JUnitReporter().render(run).contains(#"<failure message="produced 2027-03-28T01:30:00Z (2027-03-28 03:30 CEST (+02:00)), "#
            + #"not expected" type="failed">"#))
    }

    @Test(arguments: [
        ("specs/recurrence/berlin-spring.yaml", "specs.recurrence.berlin-spring"),
        ("./specs/a.yml", "specs.a"),
        ("/abs/specs/v1.2/x.yaml", "abs.specs.v1.2.x"),
        ("specs/no-extension", "specs.no-extension"),
        // `.`, `..` and empty components carry no name: no classname starts with (or holds a run of) dots.
        ("../review-s4/cook/r02.yaml", "review-s4.cook.r02"),
        ("../../up/a.yaml", "up.a"),
        ("specs/./nested//../b.yaml", "specs.nested.b"),
        ("./../c", "c"),
    ])
    func classNameIsThePathWithDotsWithoutExtension(_ file: String, _ expected: String) {
        #expect(JUnitReporter.className(file) == expected)
    }

    // Past 10^12 s (an edited file, a sum that overflows to infinity) the time is capped: Int(1e19 * 1000) traps.
    @Test(arguments: [(0.0, "0.000"), (0.0004, "0.000"), (0.0125, "0.013"), (1.5, "1.500"), (61.007, "61.007"),
                      (1e19, "1000000000000.000"), (.infinity, "1000000000000.000"), (.nan, "0.000"), (-3, "0.000")])
    func secondsHaveThreeDecimals(_ value: Double, _ expected: String) {
        #expect(JUnitReporter.seconds(value) == expected)
    }

    @Test func escapingCoversMarkupQuotesNewlinesAndControlCharacters() {
        #expect(XMLText.attribute("a&b<c>\"d'\ne\tf\r\u{0}g") == "a&amp;b&lt;c&gt;&quot;d&apos;&#10;e&#9;f&#13;\\u{0}g")
        #expect(XMLText.text("a&b<c>\"d'\ne\u{1B}]]>") == "a&amp;b&lt;c&gt;\"d'\ne\\u{1B}]]&gt;")
    }

    @Test func clashingNamesInOneFileAreMadeUnique() throws {
        var run = RunResultFixture.run
        var twin = RunResultFixture.yearEndError
        twin.id += " (duplicate id from a buggy plan)"
        run.tests.append(twin)
        let parsed = try ParsedJUnit(JUnitReporter().render(run))
        #expect(parsed.cases.map(\.name).contains("Leap day every year, searched from the end of 9999 (2)"))
    }
}

/// The parts of a JUnit document the tests look at, read by Foundation's XML parser.
final class ParsedJUnit: NSObject, XMLParserDelegate {
    struct TestCase: Equatable {
        var name: String
        var classname: String
        var outcome = ""
    }

    var root: [String: String] = [:]
    var suites: [String] = []
    var cases: [TestCase] = []
    /// Each `<property>`'s name and value, in order.
    var properties: [(name: String, value: String)] = []
    var text = ""
    private var parseError: Error?

    init(_ xml: String) throws {
        super.init()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = self
        guard parser.parse() else {
            throw parser.parserError ?? parseError ?? CocoaError(.fileReadCorruptFile)
        }
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        switch name {
        case "testsuites": root = attributes
        case "testsuite": suites.append(attributes["name"] ?? "")
        case "testcase": cases.append(TestCase(name: attributes["name"] ?? "", classname: attributes["classname"] ?? ""))
        case "failure", "error", "skipped": cases[cases.count - 1].outcome = name
        case "property": properties.append((attributes["name"] ?? "", attributes["value"] ?? ""))
        default: break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text += string
    }
}
