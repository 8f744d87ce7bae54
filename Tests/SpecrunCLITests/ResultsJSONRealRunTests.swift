import Foundation
import JSONSchemaTesting
import SpecReporters
import SpecResults
import SpecRunner
import Synchronization
import Testing
@testable import SpecrunCLI

/// The results writer on real runs: `specs/` on both engines (passes, known deviations, lifecycle scenarios, zone
/// contexts, non-ASCII names), and a scratch folder with every other status, failures with diffs, lint warnings with
/// notes, an invalid file and control characters in names. Each run's document must be byte for byte what
/// Foundation's `JSONEncoder` writes for the same results, and must read back as the same results.
@Suite struct ResultsJSONRealRunTests {
    static let specs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("specs").path
    static let resultsSchema = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/results.schema.json")

    /// What `specrun ARGUMENTS` puts into its results, built the way `RunCommand` builds them, with a fixed
    /// environment and an injected clock that advances 1,234,567 ns per reading (durations with fractions).
    static func results(_ arguments: [String]) async throws -> RunResult {
        let parsed = try OptionParser(options: RunCommand.options).parse(arguments)
        let configuration = try RunConfiguration(parsed, environment: [:])
        let loaded = SpecLoader(strict: configuration.strict, parser: configuration.limits.parser, jobs: configuration.jobs)
            .load(configuration.files)
        let plan = TestPlan(specs: loaded.specs, engines: configuration.engines)
        let clock = Atomic<UInt64>(0)
        let runner = SpecRunner(options: .init(
            occurrenceLimit: configuration.limits.occurrences,
            monotonicNanoseconds: { clock.add(1_234_567, ordering: .relaxed).newValue }))
        let (tests, _) = await PlanExecution(runner: runner, settings: .init(
            jobs: configuration.jobs, timeout: configuration.timeout, maxFailures: configuration.maxFailures)).run(plan)
        let environment = Environment(
            os: "Linux", osVersion: "Debian GNU/Linux 12 (bookworm)", architecture: "x86_64", swiftVersion: "6.3.1",
            foundation: "swift-foundation 6.3.1", tzdataVersion: "2025b", zones: Set(tests.compactMap(\.timeZone)).sorted(),
            specrunVersion: "0.1.0", gitCommit: nil, startTime: "2027-06-15T12:00:00Z", commandLine: ["specrun"] + arguments)
        return RunResult(
            environment: environment, files: configuration.files, diagnostics: loaded.diagnostics, tests: tests,
            strict: configuration.strict
        ).redacted(by: configuration.redaction, jobs: configuration.jobs)
    }

    /// The document `--json` writes for `run`, checked against Foundation's and read back.
    @discardableResult
    static func checkDocument(of run: RunResult) throws -> Data {
        let written = try JSONReporter().data(run)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let reference = Data(JSONLayout.pretty(try encoder.encode(run)) + [UInt8(ascii: "\n")])
        #expect(written == reference, "the results writer and JSONEncoder differ for a real run")
        #expect(try JSONResultsReader.read(written, source: "results.json") == run)
        return written
    }

    @Test func theSpecsFolderOnBothEnginesIsWrittenAsFoundationWritesItAndReadsBack() async throws {
        let run = try await Self.results(["--engine", "all", "--jobs", "2", Self.specs])
        let written = try Self.checkDocument(of: run)
        // The schema must describe what real runs write, not only the fixture: specs/foundation/local-mean-time.yaml
        // gives instants at Berlin's local mean time, whose offset has seconds (+00:53:28), which the schema refused.
        let schema = JSONSchemaValidator(root: try JSONValue.parse(String(contentsOf: Self.resultsSchema, encoding: .utf8)))
        let problems = schema.validate(try JSONValue.parse(String(decoding: written, as: UTF8.self)))
        #expect(problems.isEmpty, "\(problems.prefix(5))")
        #expect(run.tests.contains { $0.expected.contains { $0.offsetForm.hasSuffix("+00:53:28") } })
        #expect(run.tests.count > 1000)
        #expect(Set(run.tests.map(\.status)).isSuperset(of: [.passed, .knownDeviation]))
        #expect(run.tests.contains { $0.lifecycle?.runs.isEmpty == false })
        #expect(run.tests.contains { $0.lifecycle?.expectations.isEmpty == false })
        #expect(run.tests.contains { $0.zoneContext?.transitions.isEmpty == false })
        #expect(run.tests.contains { $0.diff.contains { $0.kind == .keyMismatch } })
        #expect(run.tests.contains { $0.id.unicodeScalars.contains { !$0.isASCII } })
    }

    @Test func everyOtherStatusDiagnosticsAndControlCharactersAreWrittenAsFoundationWritesThem() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("a-statuses.yaml", Self.statuses)
        try folder.write("b-failing.yaml", Self.failing)
        try folder.write("c-invalid.yaml", Self.invalid)
        let run = try await Self.results([
            "--engine", "all", "--jobs", "1", "--max-occurrences", "5", "--max-failures", "5", folder.path,
        ])
        try Self.checkDocument(of: run)
        #expect(Set(run.tests.map(\.status)) == [.passed, .failed, .error, .skipped, .fixedDeviation, .notRun])
        #expect(run.tests.contains { $0.diff.contains { $0.kind == .missing } && $0.zoneContext != nil })
        #expect(run.tests.contains { $0.spec.contains("\t") && $0.spec.contains("\u{7}") && $0.spec.contains("ü") })
        #expect(run.diagnostics.contains { $0.severity == .warning && $0.notes.contains { $0.location != nil } })
        #expect(run.diagnostics.contains { $0.severity == .error && $0.sourceLine != nil })
    }

    // The passing instants: Berlin is at +02:00 (CEST) all June 2027, so daily 09:00 is 07:00Z; checked with
    // Python's zoneinfo. The failing ones are wrong on purpose, as their comments say.
    static let statuses = #"""
        spec: Skipped until the data arrives ✓
        skip: "waiting for tzdata \"2099a\" — ünïcode"
        schedule:
          timezone: Europe/Berlin
          rule: {every: day, at: "09:00"}
          nonexistent: skip
          repeated: first
        window:
          after: 2027-06-01T00:00:00+02:00
          through: 2027-06-02T12:00:00+02:00
        expect:
          occurrences: [2027-06-01T09:00:00+02:00, 2027-06-02T09:00:00+02:00]
        ---
        # June in Berlin is CEST (+02:00) with no change near: Foundation gets this right, so its declared deviation is fixed.
        spec: Daily 09:00 in June, a deviation Foundation no longer has
        known-deviations: {foundation: "once thought wrong\tin June"}
        schedule:
          timezone: Europe/Berlin
          rule: {every: day, at: "09:00"}
          nonexistent: skip
          repeated: first
        window:
          after: 2027-06-01T00:00:00+02:00
          through: 2027-06-02T12:00:00+02:00
        expect:
          occurrences: [2027-06-01T09:00:00+02:00, 2027-06-02T09:00:00+02:00]
        cases:
          - name: from midnight
            after: 2027-06-01T00:00:00+02:00
            next: 2027-06-01T09:00:00+02:00
          - name: from midnight again
            after: 2027-06-01T00:00:00+02:00
            next: 2027-06-01T09:00:00+02:00
        ---
        # 48 hourly slots in the window, more than the run's --max-occurrences 5: an error, not an answer.
        spec: Hourly for two days is more than this run allows
        schedule:
          timezone: Europe/Berlin
          rule: {every: hour, minute: 0}
          nonexistent: skip
          repeated: first
        window:
          after: 2027-06-01T00:00:00+02:00
          through: 2027-06-03T00:00:00+02:00
        expect:
          occurrences: []

        """#

    static let failing = #"""
        # Deliberately wrong: Berlin has no 02:30 on 2027-03-28 (02:00 CET jumps to 03:00 CEST at 01:00Z), so with skip the
        # occurrences after 2027-03-27T12:00+01:00 are 2027-03-29T02:30+02:00 only; 03:30+02:00 on the 28th is missing and
        # the 29th's is unexpected.
        spec: "Failing › \"quoted\" \t tab \a bell ✓ Zürich"
        tags: [dst, "ünïcode"]
        schedule:
          timezone: Europe/Berlin
          rule: {every: day, at: "02:30"}
          nonexistent: skip
          repeated: first
        window:
          after: 2027-03-27T12:00:00+01:00
          through: 2027-03-29T12:00:00+02:00
        expect:
          occurrences:
            - 2027-03-28T03:30:00+02:00
        ---
        # Deliberately wrong key: the instant is right (2027-03-29T02:30+02:00), its key is nightly/v1/2027-03-29.
        spec: Right instant, wrong key
        schedule:
          id: nightly
          timezone: Europe/Berlin
          rule: {every: day, at: "02:30"}
          nonexistent: skip
          repeated: first
        window:
          after: 2027-03-28T12:00:00+02:00
          through: 2027-03-29T12:00:00+02:00
        expect:
          occurrences:
            - {at: 2027-03-29T02:30:00+02:00, key: nightly/v1/2027-03-30}
        ---
        # Never started: the run stops after two failures.
        spec: Started after the run stopped
        schedule:
          timezone: Europe/Berlin
          rule: {every: day, at: "09:00"}
          nonexistent: skip
          repeated: first
        window:
          after: 2027-06-01T00:00:00+02:00
          through: 2027-06-02T00:00:00+02:00
        expect:
          occurrences: [2027-06-01T09:00:00+02:00]

        """#

    static let invalid = #"""
        spec: A typo in a key
        schedule:
          timezon: Europe/Berlin
          rule: {every: day, at: "09:00"}

        """#
}
