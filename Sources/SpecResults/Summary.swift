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
        func count(_ status: TestStatus) -> Int { run.tests.lazy.filter { $0.status == status }.count }
        total = run.tests.count
        passed = count(.passed)
        failed = count(.failed)
        errors = count(.error)
        skipped = count(.skipped)
        knownDeviations = count(.knownDeviation)
        fixedDeviations = count(.fixedDeviation)
        notRun = count(.notRun)
        invalidFiles = Set(run.diagnostics.filter { $0.severity == .error }.map { $0.location?.file ?? "" }).count
        warnings = (run.diagnostics + run.tests.flatMap(\.diagnostics)).filter { $0.severity == .warning }.count
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

    /// 0 all passed (known deviations included); 1 a test failed; 2 a spec file or the command line was invalid.
    public func exitStatus(strict: Bool) -> Int32 {
        if invalidFiles > 0 { return 2 }
        if failed > 0 || errors > 0 || (strict && fixedDeviations > 0) { return 1 }
        return 0
    }
}
