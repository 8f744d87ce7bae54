import SpecDiagnostics

/// Everything one run produced: the single model every reporter renders from.
public struct RunResult: Sendable, Hashable, Codable {
    public static let currentSchemaVersion = 1

    public var schemaVersion: Int
    public var environment: Environment
    /// Every spec file the run read, sorted by path.
    public var files: [String]
    /// Diagnostics about spec files (errors in invalid specs, lint warnings), in file order.
    public var diagnostics: [Diagnostic]
    /// One result per spec / case / engine, in plan order.
    public var tests: [TestResult]
    /// Whether warnings counted as errors.
    public var strict: Bool

    public init(
        schemaVersion: Int = RunResult.currentSchemaVersion, environment: Environment, files: [String],
        diagnostics: [Diagnostic], tests: [TestResult], strict: Bool = false
    ) {
        self.schemaVersion = schemaVersion
        self.environment = environment
        self.files = files
        self.diagnostics = diagnostics
        self.tests = tests
        self.strict = strict
    }

    public var summary: Summary { Summary(self) }
}

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
    /// Spec-file diagnostics at error severity (after `--strict` promotion).
    public var invalidFiles: Int
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
        invalidFiles = Set(run.diagnostics.filter { $0.severity == .error }.compactMap { $0.location?.file }).count
        warnings = run.diagnostics.filter { $0.severity == .warning }.count
    }

    /// 0 all passed (known deviations included); 1 a test failed; 2 a spec file or the command line was invalid.
    public func exitStatus(strict: Bool) -> Int32 {
        if invalidFiles > 0 { return 2 }
        if failed > 0 || errors > 0 || (strict && fixedDeviations > 0) { return 1 }
        return 0
    }
}
