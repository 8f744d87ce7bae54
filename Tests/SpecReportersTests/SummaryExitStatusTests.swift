import SpecDiagnostics
import SpecResults
import Testing

/// The exit status a run's summary gives (README, docs/reports.md): 0 when nothing failed or errored (known deviations
/// and skipped tests included), 1 for a failure, an error or a test that did not run (an interrupted run's, or a merge
/// holding a stopped shard: its job summary said ✅ and its HTML banner was green) — or, under `--strict`, a fixed
/// deviation — and 2 when a spec file is invalid, whatever the tests did.
@Suite struct SummaryExitStatusTests {
    static func run(_ statuses: [TestStatus], strict: Bool = false, invalidFile: Bool = false) -> RunResult {
        let tests = statuses.enumerated().map { index, status in
            TestResult(id: "t\(index)", file: "specs/a.yaml", line: index + 1, spec: "t\(index)", status: status)
        }
        let diagnostics = invalidFile
            ? [Diagnostic(code: "unknown-key", location: SourceLocation(file: "specs/b.yaml", line: 1, column: 1), message: "m")]
            : []
        return RunResult(environment: RunResultFixture.environment, files: ["specs/a.yaml"], diagnostics: diagnostics,
                         tests: tests, strict: strict)
    }

    @Test(arguments: [
        ([TestStatus.passed], false, false, Int32(0)),
        ([.passed, .knownDeviation, .skipped], false, false, 0),
        ([.passed, .knownDeviation, .skipped, .notRun], false, false, 1),
        ([.fixedDeviation], false, false, 0),
        ([.fixedDeviation], true, false, 1),
        ([.passed, .failed], false, false, 1),
        ([.passed, .error], false, false, 1),
        ([.passed], false, true, 2),
        ([.failed, .error], false, true, 2),
    ])
    func theExitStatusFollowsTheWorstOutcome(statuses: [TestStatus], strict: Bool, invalidFile: Bool, status: Int32) {
        let run = Self.run(statuses, strict: strict, invalidFile: invalidFile)
        #expect(Summary(run).exitStatus(strict: strict) == status)
    }
}
