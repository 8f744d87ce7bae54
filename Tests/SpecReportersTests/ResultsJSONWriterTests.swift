import Foundation
import JSONSchemaTesting
import SpecDiagnostics
import SpecResults
import Testing
@testable import SpecReporters

/// The hand-written results writer writes exactly what Foundation's `JSONEncoder` (sorted keys, unescaped slashes)
/// writes for the results types' `Codable` conformances, laid out by `JSONLayout` — the way the document was first
/// written, and the reference here — and what it writes reads back as the same run.
@Suite struct ResultsJSONWriterTests {
    static func reference(_ run: RunResult) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return JSONLayout.pretty(try encoder.encode(run))
    }

    static func written(_ run: RunResult, chunkSize: Int = 1 << 16) throws -> [UInt8] {
        var bytes: [UInt8] = []
        try ResultsJSONWriter(chunkSize: chunkSize).write(run) { bytes += $0 }
        return bytes
    }

    /// Texts with every kind of escape, numbers at the edges of their formatting, every optional absent in one test
    /// and present in another, empty and one-element arrays, a diagnostic note without a place.
    static let awkward: RunResult = {
        let text = "quote \" backslash \\ slash / tab \t newline \n return \r bell \u{07} nul \u{00} unit \u{1F} "
            + "del \u{7F} é 💥 › \u{2028} end"
        let instant = ResultInstant(
            utc: "2027-03-28T01:00:00Z", epochSeconds: 1_806_195_600, offsetForm: "2027-03-28T03:00:00+02:00",
            local: "2027-03-28 03:00 CEST (+02:00)", key: "k/\(text)")
        let fractional = ResultInstant(utc: text, epochSeconds: -0.5, offsetForm: "", local: "\u{1}")
        let durations: [Double] = [
            0, -0.0, 1, -1.5, 0.1, 2.0117e-05, 1e-7, 1e15, 1e16, -1e15 + 1, 1.7976931348623157e308,
            .leastNonzeroMagnitude, 1_790_955_900, 123_456_789.125, 0.031,
        ]
        let bare = TestResult(id: "", file: "", line: 0, spec: "", status: .notRun)
        let full = TestResult(
            id: text, file: "a/b.yaml", line: Int.max, spec: text, caseName: text, engine: "core", tags: [text, ""],
            description: text, caseDescription: "",
            status: .knownDeviation, duration: 0.5, timeZone: "Europe/Berlin", message: text, deviationReason: text,
            expected: [instant, fractional], actual: [fractional],
            diff: [
                DiffLine(kind: .keyMismatch, expected: instant, actual: fractional),
                DiffLine(kind: .missing, expected: instant, actual: nil),
                DiffLine(kind: .unexpected, expected: nil, actual: fractional),
            ],
            diagnostics: [
                Diagnostic(code: "bound-reached", severity: .warning, location: nil, message: text),
                Diagnostic(
                    code: text, severity: .note, location: SourceLocation(file: text, line: -1, column: Int.min),
                    message: "m", sourceLine: text, length: 40,
                    notes: [.init(message: text), .init(location: SourceLocation(file: "f", line: 1, column: 2), message: "")]),
            ],
            zoneContext: ZoneContext(zone: text, transitions: [
                .init(at: instant, offsetBefore: -12_600, offsetAfter: 0, localBefore: text, localAfter: ""),
                .init(at: fractional, offsetBefore: 3600, offsetAfter: 7200, localBefore: "02:00", localAfter: "03:00",
                      abbreviationBefore: "CET", abbreviationAfter: text),
            ]),
            lifecycle: LifecycleResult(
                runs: [
                    .init(planned: instant, actual: nil, key: nil, outcome: text),
                    .init(planned: nil, actual: fractional, key: text, outcome: ""),
                ],
                invariants: [.init(name: text, passed: true), .init(name: "n", passed: false, detail: text)],
                expectations: [.init(name: text, expected: text, actual: "", passed: false)]))
        let emptyLifecycle = TestResult(
            id: "e", file: "e", line: 1, spec: "e", status: .passed,
            zoneContext: ZoneContext(zone: "UTC", transitions: []),
            lifecycle: LifecycleResult(runs: [], invariants: [], expectations: []))
        var tests = [bare, full, emptyLifecycle]
        for (index, duration) in durations.enumerated() {
            var test = bare
            test.id = "duration \(index)"
            test.duration = duration
            test.status = TestStatus.allCases[index % TestStatus.allCases.count]
            tests.append(test)
        }
        var environment = RunResultFixture.environment
        environment.gitCommit = nil
        environment.commandLine = [text]
        environment.zones = []
        return RunResult(
            environment: environment, files: [text, "b"],
            diagnostics: [Diagnostic(code: "c", location: SourceLocation(file: text, line: 3, column: 4), message: text)],
            tests: tests, strict: true, notes: [text], shard: Shard(index: 7, count: 12))
    }()

    /// Where two documents first differ, with some text around it: a whole document is too long for a message.
    static func firstDifference(_ written: [UInt8], _ reference: [UInt8]) -> String {
        let index = zip(written, reference).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(written.count, reference.count)
        func around(_ bytes: [UInt8]) -> String {
            String(decoding: bytes[max(0, index - 120)..<min(bytes.count, index + 80)], as: UTF8.self)
        }
        return "byte \(index) of \(written.count) / \(reference.count):\n\(around(written))\n--- Foundation:\n\(around(reference))"
    }

    static func expectFoundationsBytes(_ run: RunResult) throws {
        let written = try written(run)
        let reference = try reference(run)
        #expect(Data(written) == Data(reference), "\(firstDifference(written, reference))")
    }

    @Test func theRichFixtureIsByteForByteFoundations() throws {
        try Self.expectFoundationsBytes(RunResultFixture.run)
    }

    @Test func awkwardTextsNumbersAndAbsentFieldsAreWrittenAsFoundationWritesThem() throws {
        try Self.expectFoundationsBytes(Self.awkward)
    }

    @Test func anEmptyRunIsWrittenAsFoundationWritesIt() throws {
        try Self.expectFoundationsBytes(RunResult(environment: RunResultFixture.environment, files: [], diagnostics: [], tests: []))
    }

    /// Each of the 32 C0 control characters, alone in a text: the short escapes (`\b`, `\f`, `\n`, `\r`, `\t`) and
    /// `\u00XX` for the others, exactly where Foundation uses each.
    @Test func everyControlCharacterIsEscapedAsFoundationEscapesIt() throws {
        let texts = (0..<0x20).map { "[" + String(UnicodeScalar(UInt8($0))) + "]" }
        try Self.expectFoundationsBytes(RunResult(environment: RunResultFixture.environment, files: texts, diagnostics: [], tests: []))
    }

    @Test(arguments: [RunResultFixture.run, awkward])
    func whatIsWrittenReadsBackAsTheSameRun(_ run: RunResult) throws {
        var data = Data(try Self.written(run))
        data.append(UInt8(ascii: "\n"))
        // The writer's fidelity, checked with Foundation's decoder: `JSONResultsReader` refuses on purpose the numbers
        // no run writes (a duration of 1.8e308, line Int.max), which `awkward` holds to test the writer's digits.
        #expect(try JSONDecoder().decode(RunResult.self, from: data) == run)
        if run == RunResultFixture.run {
            #expect(try JSONResultsReader.read(data, source: "results.json") == run)
        }
    }

    @Test(arguments: [1, 7, 100, 4096])
    func smallChunksChangeNothingAndEachChunkIsUTF8(_ chunkSize: Int) throws {
        var chunks: [[UInt8]] = []
        try ResultsJSONWriter(chunkSize: chunkSize).write(Self.awkward) { chunks.append($0) }
        #expect(chunks.count > 1)
        #expect(Data(chunks.flatMap { $0 }) == Data(try Self.reference(Self.awkward)), "the chunks differ from Foundation's document")
        for chunk in chunks {
            #expect(String(validating: chunk, as: UTF8.self) != nil)
        }
    }

    @Test func theReporterStreamsTheSameDocumentItReturns() throws {
        var streamed: [UInt8] = []
        try JSONReporter().write(RunResultFixture.run) { streamed += $0 }
        #expect(Data(streamed) == (try JSONReporter().data(RunResultFixture.run)))
        #expect(streamed.last == UInt8(ascii: "\n"))
        var text = ""
        try JSONReporter().write(RunResultFixture.run, to: &text)
        #expect(text == (try JSONReporter().render(RunResultFixture.run)))
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func aNumberJSONCannotHoldIsAnErrorAsWithFoundation(_ number: Double) throws {
        var duration = RunResultFixture.run
        duration.tests[0].duration = number
        #expect(throws: EncodingError.self) { try Self.reference(duration) }
        #expect(throws: EncodingError.self) { try Self.written(duration) }
        var epoch = RunResultFixture.run
        epoch.tests[0].expected = [ResultInstant(utc: "", epochSeconds: number, offsetForm: "", local: "")]
        #expect(throws: EncodingError.self) { try Self.reference(epoch) }
        #expect(throws: EncodingError.self) { try Self.written(epoch) }
    }

    /// A run with enough tests to be written in groups on several threads: `awkward`'s and the fixture's tests over
    /// and over, each with its own id so that a group out of place changes the document.
    static let many: RunResult = {
        var run = awkward
        let pool = awkward.tests + RunResultFixture.run.tests
        run.tests = (0..<1_000).map { index in
            var test = pool[index % pool.count]
            test.id = "test \(index)"
            return test
        }
        return run
    }()

    @Test(arguments: [(2, 1 << 16), (3, 100), (8, Int.max)])
    func testsWrittenOnSeveralThreadsAreTheSameBytesInTheSameOrder(_ jobs: Int, _ chunkSize: Int) throws {
        var chunks: [[UInt8]] = []
        try ResultsJSONWriter(chunkSize: chunkSize, jobs: jobs).write(Self.many) { chunks.append($0) }
        let written = chunks.flatMap { $0 }
        let reference = try Self.reference(Self.many)
        #expect(Data(written) == Data(reference), "\(Self.firstDifference(written, reference))")
        for chunk in chunks {
            #expect(String(validating: chunk, as: UTF8.self) != nil)
        }
        #expect(try JSONReporter(jobs: jobs).data(Self.many) == (try JSONReporter().data(Self.many)))
    }

    /// A number JSON cannot hold in a test of a late group is the same error as on one thread, and no bytes of the
    /// groups after it are handed over.
    @Test func aBadNumberInALateGroupIsAnErrorOnSeveralThreadsToo() throws {
        var run = Self.many
        run.tests[900].duration = .nan
        var chunks: [[UInt8]] = []
        #expect(throws: EncodingError.self) { try ResultsJSONWriter(jobs: 2).write(run) { chunks.append($0) } }
        let handedOver = String(decoding: chunks.flatMap { $0 }, as: UTF8.self)
        #expect(handedOver.contains("\"test 895\""))
        #expect(!handedOver.contains("\"test 960\""))
    }
}
