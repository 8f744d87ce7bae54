import Foundation
import SpecDiagnostics
import SpecResults
import JSONSchemaTesting
import Testing
@testable import SpecReporters

@Suite struct JSONReporterTests {
    static let schemaURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/results.schema.json")

    static func schemaValidator() throws -> JSONSchemaValidator {
        let text = try String(contentsOf: schemaURL, encoding: .utf8)
        return JSONSchemaValidator(root: try JSONValue.parse(text))
    }

    @Test func fixtureEncodesAsTheGoldenDocument() throws {
        try GoldenFile.check(try JSONReporter().render(RunResultFixture.run), against: "results.json")
    }

    @Test func encoderOutputIsValidAgainstTheSchema() throws {
        let document = try JSONValue.parse(try JSONReporter().render(RunResultFixture.run))
        let problems = try Self.schemaValidator().validate(document)
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test func theSchemaUsesOnlyKeywordsTheValidatorChecks() throws {
        let validator = try Self.schemaValidator()
        #expect(validator.unsupportedKeywords() == [])
        #expect(validator.subschemaCount() > 50)
    }

    /// The check above only means something if the validator can say no.
    @Test(arguments: [
        ("a status the schema does not list", #"tests[0]["status"] = "flaky""#),
        ("a missing required key", #"tests[0] has no "file""#),
        ("a diff line that is missing with no expected instant", #"diff[0] = {kind: missing}"#),
        ("an unexpected top-level key", #"extra: true"#),
        ("a local-time instant written as UTC text", #"utc without Z"#),
    ])
    func validatorRejectsBrokenDocuments(_ what: String, _ mutation: String) throws {
        var document = try JSONValue.parse(try JSONReporter().render(RunResultFixture.run))
        guard case var .object(root) = document, case var .array(tests)? = root["tests"],
              case var .object(firstValidFailed) = tests[4] else {
            Issue.record("the fixture document changed shape")
            return
        }
        switch mutation {
        case #"tests[0]["status"] = "flaky""#:
            firstValidFailed["status"] = .string("flaky")
        case #"tests[0] has no "file""#:
            firstValidFailed["file"] = nil
        case #"diff[0] = {kind: missing}"#:
            firstValidFailed["diff"] = .array([.object(["kind": .string("missing")])])
        case #"utc without Z"#:
            firstValidFailed["expected"] = .array([.object([
                "utc": .string("2027-03-28T03:00:00+02:00"), "epochSeconds": .integer(1_806_195_600),
                "offsetForm": .string("2027-03-28T03:00:00+02:00"), "local": .string("2027-03-28 03:00 CEST (+02:00)"),
            ])])
        default:
            root["extra"] = .bool(true)
        }
        tests[4] = .object(firstValidFailed)
        root["tests"] = .array(tests)
        document = .object(root)
        #expect(try !Self.schemaValidator().validate(document).isEmpty, "accepted \(what)")
    }

    @Test func layoutKeepsStringsAndNumbersAsEncoded() throws {
        let compact = #"{"a":[],"b":{},"c":"x: [1, {2}], \"q\"","d":[1.5,-2e-07],"e":{"f":true}}"#
        let pretty = String(decoding: JSONLayout.pretty(Array(compact.utf8)), as: UTF8.self)
        #expect(pretty == """
            {
              "a": [],
              "b": {},
              "c": "x: [1, {2}], \\"q\\"",
              "d": [
                1.5,
                -2e-07
              ],
              "e": {
                "f": true
              }
            }
            """)
        #expect(try JSONValue.parse(pretty) == JSONValue.parse(compact))
    }

    @Test func readingTheDocumentGivesTheRunBack() throws {
        let data = try JSONReporter().data(RunResultFixture.run)
        #expect(try JSONResultsReader.read(data, source: "results.json") == RunResultFixture.run)
    }

    /// Results written before `refusedLaunches` and `expectedInstant` were added (both optional, schema version 1)
    /// are read without a warning and render: the lifecycle picture then has no diamond and no expected triangle.
    @Test func resultsWithoutTheLifecyclePictureFieldsAreStillRead() throws {
        var old = RunResultFixture.run
        var lifecycle = try #require(old.tests[0].lifecycle)
        #expect(!lifecycle.refusedLaunches.isEmpty && lifecycle.expectations.contains { $0.expectedInstant != nil })
        lifecycle.refusedLaunches = []
        for index in lifecycle.expectations.indices { lifecycle.expectations[index].expectedInstant = nil }
        old.tests[0].lifecycle = lifecycle
        let text = try JSONReporter().render(old)
        #expect(!text.contains("refusedLaunches") && !text.contains("expectedInstant"))
        let reading = try JSONResultsReader.readWithWarnings(Data(text.utf8), source: "old.json")
        #expect(reading.warnings.isEmpty, "\(reading.warnings)")
        #expect(reading.run == old)
        let page = HTMLReporter().render(reading.run)
        #expect(page.contains("Planned versus actual runs: 3 runs"))
        #expect(!page.contains("class=\"refused\"") && !page.contains("class=\"expected-run\""))
    }

    /// A scenario's `change-schedule` steps are written and read back; results without them (all before) read as none.
    @Test func scheduleChangesAreWrittenAndReadBack() throws {
        var run = RunResultFixture.run
        var lifecycle = try #require(run.tests[0].lifecycle)
        lifecycle.scheduleChanges = [.init(
            at: RunResultFixture.berlin("2027-03-29T10:00:00Z", "2027-03-29T06:00:00-04:00", "EDT"), timeZone: "America/New_York",
            previousTimeZone: "Europe/Berlin", version: 2, change: "timezone: America/New_York, version: 2", line: 25)]
        run.tests[0].lifecycle = lifecycle
        let text = try JSONReporter().render(run)
        #expect(text.contains("\"previousTimeZone\": \"Europe/Berlin\"") && text.contains("\"timeZone\": \"America/New_York\""), "\(text)")
        #expect(try JSONResultsReader.read(Data(text.utf8), source: "results.json") == run)
        #expect(!(try JSONReporter().render(RunResultFixture.run)).contains("scheduleChanges"))
        // Files written before `change` was added read it as empty.
        let older = text.replacingOccurrences(of: "\"change\": \"timezone: America/New_York, version: 2\",", with: "")
        #expect(older != text)
        #expect(try JSONResultsReader.read(Data(older.utf8), source: "older.json").tests[0].lifecycle?.scheduleChanges.first?.change == "")
    }

    /// A scenario's clock span is written and read back; results without it (all before) read as none. The HTML lists
    /// each schedule change as the terminal does (a lifecycle review found the new rule only in the picture's text).
    @Test func theClockSpanIsWrittenAndReadBackAndScheduleChangesAreListedInTheHTML() throws {
        var run = RunResultFixture.run
        var lifecycle = try #require(run.tests[0].lifecycle)
        lifecycle.clock = .init(start: RunResultFixture.berlin("2027-03-27T23:00:00Z", "2027-03-28T00:00:00+01:00", "CET"),
                                end: RunResultFixture.berlin("2027-03-29T00:31:00Z", "2027-03-29T02:31:00+02:00", "CEST"))
        lifecycle.scheduleChanges = [.init(
            at: RunResultFixture.berlin("2027-03-29T10:00:00Z", "2027-03-29T06:00:00-04:00", "EDT"), timeZone: "America/New_York",
            previousTimeZone: "Europe/Berlin", version: 2, change: "timezone: America/New_York, version: 2", line: 25)]
        run.tests[0].lifecycle = lifecycle
        let text = try JSONReporter().render(run)
        #expect(text.contains("\"clock\": {"), "\(text)")
        #expect(try JSONResultsReader.read(Data(text.utf8), source: "results.json") == run)
        #expect(!(try JSONReporter().render(RunResultFixture.run)).contains("\"clock\""))
        let page = HTMLReporter().render(run)
        #expect(page.contains("Schedule changes"), "\(page)")
        #expect(page.contains("timezone: America/New_York, version: 2 (Europe/Berlin → America/New_York) · line 25"))
    }

    /// The app's steps and the other lifecycle errors are written, validated field by field as Foundation writes them,
    /// and read back; a file without them reads as none. One raised at the app's first start is placed at `clock:`.
    @Test func appEventsAndOtherErrorsAreWrittenAndReadBack() throws {
        var run = RunResultFixture.run
        var lifecycle = try #require(run.tests[0].lifecycle)
        let at = RunResultFixture.berlin("2027-03-29T10:00:00Z", "2027-03-29T12:00:00+02:00", "CEST")
        lifecycle.appEvents = [.init(at: at, step: "update-app", detail: "adapter: thin", line: 12)]
        lifecycle.otherErrors = [.init(at: at, code: "too-many-pending", identifier: "com.example.app.refresh", line: nil, message: "2 refresh requests would be pending")]
        run.tests[0].lifecycle = lifecycle
        let text = try JSONReporter().render(run)
        #expect(text.contains("\"appEvents\"") && text.contains("\"otherErrors\""), "\(text)")
        #expect(try JSONResultsReader.read(Data(text.utf8), source: "results.json") == run)
        #expect(!(try JSONReporter().render(RunResultFixture.run)).contains("appEvents"))
        // An error raised at the app's first start has no step's line: the reports point at `clock:`, which sets it.
        #expect(TerminalReporter().render(run).contains("(at the app's first start, the line of `clock:`): 2 refresh requests"))
        #expect(HTMLReporter().render(run).contains("the app's first start (the line of clock:) — 2 refresh requests"))
    }

    @Test func sameRunGivesTheSameBytes() throws {
        let first = try JSONReporter().data(RunResultFixture.run)
        let reread = try JSONResultsReader.read(first, source: "results.json")
        #expect(try JSONReporter().data(reread) == first)
    }

    @Test func onlyDurationLinesChangeWhenTimingsDo() throws {
        var slower = RunResultFixture.run
        slower.tests = slower.tests.map { var test = $0; test.duration += 1.5; return test }
        let before = try JSONReporter().render(RunResultFixture.run).split(separator: "\n")
        let after = try JSONReporter().render(slower).split(separator: "\n")
        #expect(before.count == after.count)
        let changed = zip(before, after).filter { $0 != $1 }
        #expect(changed.count == RunResultFixture.tests.count)
        #expect(changed.allSatisfy { $0.0.contains("\"duration\"") && $0.1.contains("\"duration\"") })
    }

    @Test func summaryIsWrittenAndRecomputedOnRead() throws {
        let text = try JSONReporter().render(RunResultFixture.run)
        let summary = try JSONValue.parse(text)["summary"]
        #expect(summary?["failed"] == .integer(2))
        #expect(summary?["knownDeviations"] == .integer(1))
        // A doctored summary does not survive reading: counts come from the tests.
        let doctored = text.replacingOccurrences(of: "\"failed\": 2", with: "\"failed\": 0")
        #expect(doctored != text)
        let run = try JSONResultsReader.read(Data(doctored.utf8), source: "results.json")
        #expect(run.summary.failed == 2)
    }

    @Test(arguments: [
        ("{\"schemaVersion\": 2}",
         "old.json: schemaVersion 2 is newer than this specrun reads (1): a newer specrun wrote it; read it with that "
            + "specrun or a newer one (`specrun --version` says which this is)."),
        ("[1, 2]", "old.json: the document is not an object; give a results file written by `specrun --json` of this version."),
        ("{\"schemaVersion\": 1}", "old.json: missing \"environment\"; give a results file written by `specrun --json` of this version."),
    ])
    func unreadableDocumentsSayWhereAndWhat(_ text: String, _ expected: String) {
        #expect(throws: ResultsReadError.self) { try JSONResultsReader.read(Data(text.utf8), source: "old.json") }
        do {
            _ = try JSONResultsReader.read(Data(text.utf8), source: "old.json")
        } catch {
            #expect(error.description == expected)
        }
    }

    @Test func aWrongValueDeepInsideIsNamedByItsPath() throws {
        let text = try JSONReporter().render(RunResultFixture.run)
            .replacingOccurrences(of: "\"status\": \"not-run\"", with: "\"status\": \"flaky\"")
        do {
            _ = try JSONResultsReader.read(Data(text.utf8), source: "old.json")
            Issue.record("a bogus status was read")
        } catch {
            #expect(error.problem.hasPrefix("tests[9].status: "), "\(error.problem)")
        }
    }

    @Test func garbageIsNotAJSONDocument() {
        do {
            _ = try JSONResultsReader.read(Data("not json".utf8), source: "old.json")
            Issue.record("garbage was read")
        } catch {
            #expect(error.description == "old.json:1:1: 'n' where a value should start: this is not the JSON specrun writes; "
                + "give the results file as `specrun --json` wrote it.", "\(error)")
        }
    }
}
