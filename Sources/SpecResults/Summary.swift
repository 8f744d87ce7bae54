/// Counts by status, and the exit status they imply.
public struct Summary: Sendable, Hashable, Codable {
    public var total: Int
    public var passed: Int
    public var failed: Int
    public var errors: Int
    public var skipped: Int
    public var knownDeviations: Int
    public var fixedDeviations: Int
    public var notRun: Int
    /// Spec files with at least one run-level diagnostic at error severity (after `--strict` promotion).
    public var invalidFiles: Int
    /// Diagnostics at warning severity, on the run and on its tests.
    public var warnings: Int

    public init(_ run: RunResult) {
        // One pass that reads two fields of each test: filtering copied every whole result once per status, which
        // showed up in the profile of a 10,000-spec run (bench/specrun-bench, section end-to-end).
        var byStatus: [TestStatus: Int] = [:]
        var testWarnings = 0
        for index in run.tests.indices {
            byStatus[run.tests[index].status, default: 0] += 1
            if !run.tests[index].diagnostics.isEmpty {
                testWarnings += run.tests[index].diagnostics.lazy.filter { $0.severity == .warning }.count
            }
        }
        total = run.tests.count
        passed = byStatus[.passed] ?? 0
        failed = byStatus[.failed] ?? 0
        errors = byStatus[.error] ?? 0
        skipped = byStatus[.skipped] ?? 0
        knownDeviations = byStatus[.knownDeviation] ?? 0
        fixedDeviations = byStatus[.fixedDeviation] ?? 0
        notRun = byStatus[.notRun] ?? 0
        invalidFiles = run.diagnostics.firstErrorOfEachFile.count
        warnings = run.diagnostics.lazy.filter { $0.severity == .warning }.count + testWarnings
    }

    /// The number of tests with `status`.
    public func count(of status: TestStatus) -> Int {
        switch status {
        case .passed: passed
        case .failed: failed
        case .error: errors
        case .skipped: skipped
        case .knownDeviation: knownDeviations
        case .fixedDeviation: fixedDeviations
        case .notRun: notRun
        }
    }

    /// 0 all passed (known deviations included); 1 a test failed, or did not run (the run, or one of the shards merged,
    /// was stopped); 2 a spec file or the command line was invalid. Not-run tests count: the merge of a shard stopped by
    /// SIGTERM headed its job summary ✅, and its HTML banner was green (the CI review), while the shard exited 143.
    public func exitStatus(strict: Bool) -> Int32 {
        if invalidFiles > 0 { return 2 }
        if failed > 0 || errors > 0 || notRun > 0 || (strict && fixedDeviations > 0) { return 1 }
        return 0
    }
}
