import Foundation
import SpecResults
import Testing
@testable import SpecReporters

/// Results files from CI artifacts: cut short, re-encoded, hand-edited, from another specrun. Each is refused with the
/// file, the place and what to do, or read with a warning when it can be read right (docs/reports.md).
@Suite struct ResultsReaderTests {
    static let document = try! JSONReporter().render(RunResultFixture.run)

    /// `line:column` of the first `needle` in `text`, counted here independently of the reader.
    static func place(of needle: String, in text: String, plus: Int = 0) -> String {
        let range = text.range(of: needle)!
        let before = text[..<range.lowerBound]
        let line = before.filter { $0 == "\n" }.count + 1
        let column = before.count - (before.lastIndex(of: "\n").map { before.distance(from: before.startIndex, to: $0) + 1 } ?? 0) + 1
        return "\(line):\(column + plus)"
    }

    static func error(reading bytes: [UInt8]) -> ResultsReadError? {
        do {
            _ = try JSONResultsReader.read(Data(bytes), source: "old.json")
            return nil
        } catch {
            return error
        }
    }

    static func error(reading text: String) -> ResultsReadError? { error(reading: Array(text.utf8)) }

    /// Expected values from Python's `datetime.fromisoformat(...).timestamp()`, not from the code under test.
    @Test(arguments: [
        ("2027-03-28T01:00:00Z", 1_806_195_600.0), ("2027-03-28T03:00:00+02:00", 1_806_195_600.0),
        ("0001-01-01T00:00:00Z", -62_135_596_800.0), ("9999-12-31T23:59:59Z", 253_402_300_799.0),
        ("1893-04-01T00:00:00+00:53:28", -2_422_054_408.0), ("2027-09-26T04:15:00.250+13:45", 1_821_882_600.25),
        ("1969-12-31T23:59:59-00:00", -1.0),
    ])
    func anRFC3339TextIsReadAsSecondsSince1970(_ text: String, _ seconds: Double) {
        #expect(InstantTexts.seconds(rfc3339: text) == seconds)
    }

    @Test(arguments: ["[redacted]-03-28T01:00:00Z", "2027-03-28 01:00", "2027-13-28T01:00:00Z", "2027-03-28T01:00:00", "2027-03-28T01:00:00+0200", ""])
    func otherTextsAreNotInstants(_ text: String) {
        #expect(InstantTexts.seconds(rfc3339: text) == nil)
    }

    /// `compare` matches instants by `epochSeconds` while every report shows the texts: a hand edit of one but not the
    /// other (docs/toolchains.md edits results by hand) is refused, naming the test and both values.
    @Test func anInstantWhoseTextAndNumberDisagreeIsRefusedNamingTheTest() throws {
        func replacingFirst(_ old: String, _ new: String) throws -> String {
            let range = try #require(Self.document.range(of: old))
            return Self.document.replacingCharacters(in: range, with: new)
        }
        // The first instant written so is the catch-up scenario's first planned run (tests[0]).
        let id = "specs/lifecycle/catch-up.yaml › Nightly refresh catches up across the spring change"
        let edited = try replacingFirst("\"utc\": \"2027-03-27T01:30:00Z\"", "\"utc\": \"2027-03-27T02:30:00Z\"")
        #expect(Self.error(reading: edited)?.description == "old.json: tests[0].lifecycle.runs[0].planned.utc is "
            + "2027-03-27T02:30:00Z, but tests[0].lifecycle.runs[0].planned.epochSeconds 1806111000 is 2027-03-27T01:30:00Z "
            + "(test \(id)); make the two agree (epochSeconds "
            + "counts the seconds since 1970-01-01T00:00:00Z; compare reads it, the reports show the texts), or write the file "
            + "anew with `specrun --json`.")

        let offset = try replacingFirst("\"offsetForm\": \"2027-03-27T02:30:00+01:00\"", "\"offsetForm\": \"2027-03-27T02:30:00+02:00\"")
        let problem = Self.error(reading: offset)?.problem
        #expect(problem == "tests[0].lifecycle.runs[0].planned.offsetForm is 2027-03-27T02:30:00+02:00, but "
            + "tests[0].lifecycle.runs[0].planned.epochSeconds 1806111000 is 2027-03-27T01:30:00Z (test \(id))", "\(problem ?? "read")")

        // A text masked by --redact is no instant to compare: read as it is.
        let masked = Self.document.replacingOccurrences(of: "\"utc\": \"2027-03-27T01:30:00Z\"", with: "\"utc\": \"[redacted]-03-27T01:30:00Z\"")
        #expect(masked != Self.document)
        #expect(Self.error(reading: masked) == nil)
    }

    @Test func aDocumentCutShortAnywhereIsRefusedAsCutShort() {
        let bytes = Array(Self.document.utf8)
        // Every cut but the one after the last '}' (the final newline is optional).
        var refused = 0
        for offset in stride(from: 0, to: bytes.count - 2, by: 37) {
            let error = Self.error(reading: Array(bytes[..<offset]))
            #expect(error != nil, "cut at \(offset) was read")
            guard let error else { continue }
            #expect(error.description.hasPrefix("old.json:"), "\(error)")
            #expect(error.problem.contains("cut short") || error.problem.contains("empty"), "cut at \(offset): \(error)")
            refused += 1
        }
        #expect(refused > 100)
    }

    @Test func aCutInsideTheTestsNamesTheTestAndTheLine() {
        let text = Self.document
        let cut = text.range(of: "\"deviationReason\"")!.lowerBound
        let error = Self.error(reading: String(text[..<cut]))
        let place = Self.place(of: "\"deviationReason\"", in: text)
        #expect(error?.description == "old.json:\(place): the document ends inside tests[5]: the file is cut short (an interrupted "
            + "upload or copy?); download or copy it again, or write it anew with `specrun --json FILE`.")
    }

    @Test func aFieldWrittenTwiceIsRefusedWithBothLines() {
        let text = Self.document.replacingOccurrences(of: "\"status\": \"failed\",", with: "\"status\": \"failed\",\n      \"status\": \"passed\",")
        let first = Self.place(of: "\"status\": \"failed\"", in: text).split(separator: ":")[0]
        let second = Self.place(of: "\"status\": \"passed\",\n", in: text)
        let error = Self.error(reading: text)
        #expect(error?.description == "old.json:\(second): tests[0].status is written twice in one object (first on line \(first)); "
            + "readers disagree on which one counts (specrun would take the first, jq the last); keep one of them, or give the "
            + "results file as `specrun --json` wrote it.")
    }

    @Test func aFieldWrittenTwiceWithAnEscapeIsStillTheSameField() {
        let text = Self.document.replacingOccurrences(of: "\"strict\": false", with: "\"strict\": false, \"str\\u0069ct\": true")
        #expect(Self.error(reading: text)?.problem.hasPrefix("strict is written twice") == true)
    }

    @Test(arguments: [100_000, 65])
    func deepNestingIsRefusedWithoutRecursingIntoIt(_ depth: Int) {
        let nest = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let text = Self.document.replacingOccurrences(of: "\n  \"notes\": []", with: "\n  \"notes\": " + nest)
        let error = Self.error(reading: text)
        // The place keeps its first four parts and its last two.
        #expect(error?.problem == "in notes[0][0][0]…[0][0]: the document nests deeper than 64 levels (a results document nests 7)",
                "\(String(describing: error))")
        // The top-level notes: line 1 of the document is "{", so the line of "\n  \"notes\"" plus one.
        #expect(error?.line == Self.place(of: "\n  \"notes\": [", in: text).split(separator: ":").first.flatMap { Int($0) }.map { $0 + 1 })
    }

    @Test func nestingAtTheBoundIsNotRefusedForItsDepth() {
        let nest = String(repeating: "[", count: 63) + String(repeating: "]", count: 63)
        let error = Self.error(reading: Self.document.replacingOccurrences(of: "\n  \"notes\": []", with: "\n  \"notes\": " + nest))
        // 64 levels are read; the decoder then says a note is not a string.
        #expect(error?.problem == "notes[0] is not a string", "\(String(describing: error))")
    }

    @Test func bytesThatAreNotUTF8AreNamedWithTheirPlace() {
        var bytes = Array(Self.document.utf8)
        let text = Self.document
        let at = text.utf8.distance(from: text.utf8.startIndex, to: text.range(of: "\"spec\": \"")!.upperBound.samePosition(in: text.utf8)!)
        bytes[at] = 0xFF
        let error = Self.error(reading: bytes)
        #expect(error?.description == "old.json:\(Self.place(of: "\"spec\": \"", in: text, plus: 9)): in tests[0].spec: byte 0xFF is not "
            + "UTF-8 (the file was saved in another encoding, or damaged); give the results file as `specrun --json` wrote it (UTF-8).")
    }

    /// Foundation refuses these in an integer field with only "The given data was not valid JSON.".
    @Test(arguments: ["2.5", "-9.5"])
    func aNumberThatIsNoWholeNumberInAnIntegerFieldIsNamedByItsPlace(_ literal: String) {
        let text = Self.document.replacingOccurrences(of: "\"line\": 1,", with: "\"line\": \(literal),")
        #expect(Self.error(reading: text)?.description == "old.json: tests[0].line is \(literal), not a whole number; give a results "
            + "file written by `specrun --json` of this version.")
    }

    /// JUnit's milliseconds and the HTML report's durations are Int: a duration of 1e30 trapped `specrun report` (SIGILL).
    @Test(arguments: [("duration", "1e30"), ("duration", "-1e13"), ("epochSeconds", "1000000000000000000000"), ("line", "9223372036854775807")])
    func aNumberLargerThanAnyRunWritesIsRefusedWithItsPlace(_ field: String, _ literal: String) throws {
        let text = try #require(Self.document.range(of: "\"\(field)\": ")).upperBound
        let end = Self.document[text...].firstIndex(where: { $0 == "," || $0 == "\n" })!
        let changed = Self.document.replacingCharacters(in: text..<end, with: literal)
        let error = Self.error(reading: changed)
        #expect(error?.problem.hasSuffix(" is \(literal), beyond any number a run writes (at most 10^12 either way: seconds across 30,000 years)") == true,
                "\(String(describing: error))")
        #expect(error?.problem.contains(field) == true)
    }

    @Test func aWholeNumberWrittenWithAFractionIsRead() throws {
        let text = Self.document.replacingOccurrences(of: "\"line\": 1,", with: "\"line\": 1.0,")
        #expect(try JSONResultsReader.read(Data(text.utf8), source: "old.json") == RunResultFixture.run)
    }

    @Test(arguments: [
        ("1e400", "the number 1e400 is too large for any number a results document holds"),
        ("-1e999", "the number -1e999 is too large for any number a results document holds"),
        ("NaN", "'N' where a value should start (NaN and Infinity are not JSON): this is not the JSON specrun writes"),
        ("Infinity", "'I' where a value should start (NaN and Infinity are not JSON): this is not the JSON specrun writes"),
    ])
    func numbersJSONCannotCarryAreRefusedWithTheirPlace(_ literal: String, _ problem: String) {
        let text = Self.document.replacingOccurrences(of: "\"line\": 1,", with: "\"line\": \(literal),")
        let error = Self.error(reading: text)
        #expect(error?.problem == "in tests[0].line: " + problem, "\(String(describing: error))")
    }

    struct NotResults: Sendable, CustomTestStringConvertible {
        var bytes: [UInt8]
        var expected: String
        var testDescription: String { expected }
    }

    static let notResults: [NotResults] = [
        NotResults(bytes: [], expected: "old.json:1:1: the file is empty, not a results document (an upload that failed?); download or copy it again, or write it anew with `specrun --json FILE`."),
        NotResults(bytes: Array(" \n".utf8), expected: "old.json:2:1: the file is empty (only white space), not a results document (an upload that failed?); download or copy it again, or write it anew with `specrun --json FILE`."),
        NotResults(bytes: Array("<?xml version=\"1.0\"?><testsuites/>".utf8), expected: "old.json:1:1: this is XML or HTML (a JUnit, HTML or other report?), not JSON results; give the file written by `specrun --json FILE`."),
        NotResults(bytes: Array("spec: Berlin\n".utf8), expected: "old.json:1:1: this is YAML or plain text (a spec file?), not JSON results; give the file written by `specrun --json FILE`."),
        NotResults(bytes: [0xFF, 0xFE, 0x7B, 0x00], expected: "old.json:1:1: the file is UTF-16, not UTF-8 (an editor re-saved it?); save it as UTF-8, or give the results file as `specrun --json` wrote it."),
        NotResults(bytes: [0x1F, 0x8B, 0x08, 0x00], expected: "old.json:1:1: this is a compressed (gzip) file, not JSON results; give the file written by `specrun --json FILE`."),
        NotResults(bytes: Array("{} {}".utf8), expected: "old.json:1:4: more content follows the end of the results document (two files joined into one?); give each results file on its own, as `specrun --json` wrote it."),
        NotResults(bytes: Array("null".utf8), expected: "old.json: the document is null where an object is needed; give a results file written by `specrun --json` of this version."),
    ]

    @Test(arguments: notResults)
    func filesThatAreNoResultsDocumentSayWhatTheyAre(_ file: NotResults) {
        #expect(Self.error(reading: file.bytes)?.description == file.expected)
    }

    @Test func aByteOrderMarkIsRead() throws {
        let run = try JSONResultsReader.read(Data([0xEF, 0xBB, 0xBF] + Array(Self.document.utf8)), source: "old.json")
        #expect(run == RunResultFixture.run)
    }

    @Test(arguments: [
        ("2", "old.json: schemaVersion 2 is newer than this specrun reads (1): a newer specrun wrote it; read it with that specrun "
            + "or a newer one (`specrun --version` says which this is)."),
        ("10", "old.json: schemaVersion 10 is newer than this specrun reads (1): a newer specrun wrote it; read it with that specrun "
            + "or a newer one (`specrun --version` says which this is)."),
        ("0", "old.json: schemaVersion 0 is not one any specrun wrote (the first is 1); give the results file as `specrun --json` wrote it."),
        ("-1", "old.json: schemaVersion -1 is not one any specrun wrote (the first is 1); give the results file as `specrun --json` wrote it."),
    ])
    func aSchemaVersionOfAnotherSpecrunIsRefusedBeforeAnyFieldIsRead(_ version: String, _ expected: String) {
        // The other fields are gone: a document of another version may lack them, and that is not what to report.
        let text = "{\"tests\": 7, \"schemaVersion\": \(version)}"
        #expect(Self.error(reading: text)?.description == expected)
    }

    @Test func schemaVersionWrittenAsOnePointZeroIsVersionOne() throws {
        let text = Self.document.replacingOccurrences(of: "\"schemaVersion\": 1", with: "\"schemaVersion\": 1.0")
        #expect(try JSONResultsReader.read(Data(text.utf8), source: "old.json") == RunResultFixture.run)
    }

    @Test func aTestIDGivenTwiceIsRefusedNotCountedTwice() throws {
        var run = RunResultFixture.run
        var twin = run.tests[0]
        twin.status = .passed
        twin.file = "elsewhere/other.yaml"
        run.tests.append(twin)
        let error = Self.error(reading: try JSONReporter().render(run))
        #expect(error?.description == "old.json: tests[\(run.tests.count - 1)].id is the id of tests[0] as well; a results file holds "
            + "each test once; to combine results use `specrun merge`, or give the results file as `specrun --json` wrote it.")
    }

    /// `Shard`'s decoder refuses what `--shard` cannot write; any count it can (`1/1000000000`) is read.
    @Test(arguments: [(0, 2), (3, 2), (1, 0), (-1, -1)])
    func aShardOutsideOneToNIsRefused(_ index: Int, _ count: Int) throws {
        var run = RunResultFixture.run
        run.shard = Shard(index: index, count: count)
        let error = Self.error(reading: try JSONReporter().render(run))
        #expect(error?.description == "old.json: shard: the shard \(index)/\(count) is not one --shard writes (I/N with 1 ≤ I ≤ N); "
            + "give a results file written by `specrun --json` of this version.")
        run.shard = Shard(index: 1, count: 1_000_000_000)
        #expect(Self.error(reading: try JSONReporter().render(run)) == nil)
    }

    /// A merge lacking a shard lists those it holds; an empty list (a merge holding nothing) or a shard outside 1…N
    /// in it is refused, and the list is read back as written.
    @Test func mergedShardsAreReadBackAndAnEmptyListIsRefused() throws {
        var run = RunResultFixture.run
        run.mergedShards = [Shard(index: 1, count: 4), Shard(index: 3, count: 4)]
        #expect(try JSONResultsReader.read(Data(JSONReporter().render(run).utf8), source: "m.json").mergedShards == run.mergedShards)
        run.mergedShards = []
        #expect(Self.error(reading: try JSONReporter().render(run))?.description == "old.json: mergedShards: mergedShards is empty; "
            + "a merge that lacks a shard lists the shards it holds; give a results file written by `specrun --json` of this version.")
        run.mergedShards = [Shard(index: 5, count: 4)]
        #expect(Self.error(reading: try JSONReporter().render(run))?.description.hasPrefix("old.json: mergedShards[0]: the shard 5/4 is not one") == true)
    }

    @Test func unknownFieldsAreReadWithAWarningNamingTheFirstPlaces() throws {
        let text = Self.document
            .replacingOccurrences(of: "\"strict\": false", with: "\"strict\": false, \"retries\": {\"max\": 3}")
            .replacingOccurrences(of: "\"status\": \"failed\",", with: "\"status\": \"failed\", \"flaky\": true,")
        let reading = try JSONResultsReader.readWithWarnings(Data(text.utf8), source: "old.json")
        #expect(reading.run == RunResultFixture.run)
        #expect(reading.warnings == ["old.json: 2 fields this specrun does not know were ignored (retries, tests[0].flaky); a newer "
            + "specrun may have written them: read the file with that version to see them"])
    }

    /// Only the test where each field first appears is written again to learn the known fields: a field this build
    /// does not know is found in the last test too, and fields that only later tests have are known.
    @Test func anUnknownFieldOfTheLastTestIsFound() throws {
        let text = Self.document
        let last = try #require(text.range(of: "\"status\": \"", options: .backwards))
        let marked = text.replacingCharacters(in: last, with: "\"flaky\": true, \"status\": \"")
        let reading = try JSONResultsReader.readWithWarnings(Data(marked.utf8), source: "old.json")
        let lastIndex = RunResultFixture.run.tests.count - 1
        #expect(reading.warnings == ["old.json: a field this specrun does not know was ignored (tests[\(lastIndex)].flaky); a newer "
            + "specrun may have written it: read the file with that version to see it"])
    }

    @Test func aDocumentThisBuildWroteHasNoUnknownFields() throws {
        #expect(try JSONResultsReader.readWithWarnings(Data(Self.document.utf8), source: "old.json").warnings == [])
        // An unknown field that is null carries nothing: no warning for it.
        let withNull = Self.document.replacingOccurrences(of: "\"strict\": false", with: "\"strict\": false, \"retries\": null")
        #expect(try JSONResultsReader.readWithWarnings(Data(withNull.utf8), source: "old.json").warnings == [])
    }

    /// The summary is recomputed, not read; one that disagrees with the tests (a hand edit) is said, not trusted.
    @Test func aSummaryThatDisagreesWithTheTestsIsReadWithAWarning() throws {
        let counted = RunResultFixture.run.summary
        let text = try #require(Self.document.replacingFirst(of: "\"passed\": \(counted.passed)", with: "\"passed\": -3")?
            .replacingFirst(of: "\"total\": \(counted.total)", with: "\"total\": 2.5"))
        let reading = try JSONResultsReader.readWithWarnings(Data(text.utf8), source: "old.json")
        #expect(reading.run == RunResultFixture.run)
        #expect(reading.run.summary.passed == counted.passed)
        #expect(reading.warnings == ["old.json: summary.passed is -3 but the tests count \(counted.passed), summary.total is 2.5 "
            + "but the tests count \(counted.total); the summary was recomputed from the tests (the file was edited by hand?): "
            + "write it anew with `specrun --json` or `specrun merge` to make the two agree"])
        // The same counts written as 9.0 rather than 9 agree.
        let asFractions = try #require(Self.document.replacingFirst(of: "\"passed\": \(counted.passed)", with: "\"passed\": \(counted.passed).0"))
        #expect(try JSONResultsReader.readWithWarnings(Data(asFractions.utf8), source: "old.json").warnings == [])
    }
}

private extension String {
    /// `self` with the first `target` replaced, or nil when there is none (so the test cannot pass on an unchanged text).
    func replacingFirst(of target: String, with replacement: String) -> String? {
        guard let range = range(of: target) else { return nil }
        return replacingCharacters(in: range, with: replacement)
    }
}
