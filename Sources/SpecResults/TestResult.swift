import SpecDiagnostics

/// The result of one test: a spec, one of its cases, or a lifecycle scenario, on one engine.
public struct TestResult: Sendable, Hashable, Codable {
    /// Stable identity: `file › spec › case › engine` (case and engine only when present).
    public var id: String
    public var file: String
    public var line: Int
    public var spec: String
    public var caseName: String?
    public var engine: String?
    public var tags: [String]
    public var status: TestStatus
    /// Wall-clock seconds the test took (excluded from determinism comparisons).
    public var duration: Double
    /// The schedule's zone, when the test has one.
    public var timeZone: String?
    /// One line for the report: why it failed, errored, was skipped or deviates.
    public var message: String?
    public var expected: [ResultInstant]
    public var actual: [ResultInstant]
    public var diff: [DiffLine]
    public var diagnostics: [Diagnostic]
    public var zoneContext: ZoneContext?
    public var lifecycle: LifecycleResult?

    public init(
        id: String, file: String, line: Int, spec: String, caseName: String? = nil, engine: String? = nil,
        tags: [String] = [], status: TestStatus, duration: Double = 0, timeZone: String? = nil, message: String? = nil,
        expected: [ResultInstant] = [], actual: [ResultInstant] = [], diff: [DiffLine] = [],
        diagnostics: [Diagnostic] = [], zoneContext: ZoneContext? = nil, lifecycle: LifecycleResult? = nil
    ) {
        self.id = id
        self.file = file
        self.line = line
        self.spec = spec
        self.caseName = caseName
        self.engine = engine
        self.tags = tags
        self.status = status
        self.duration = duration
        self.timeZone = timeZone
        self.message = message
        self.expected = expected
        self.actual = actual
        self.diff = diff
        self.diagnostics = diagnostics
        self.zoneContext = zoneContext
        self.lifecycle = lifecycle
    }

    /// The stable id of a test: parts joined by ` › `.
    public static func makeID(file: String, spec: String, caseName: String?, engine: String?) -> String {
        ([file, spec] + [caseName, engine].compactMap { $0 }).joined(separator: " › ")
    }
}

/// What a lifecycle scenario did: planned versus actual runs and the invariants checked. Filled by issue 5.
public struct LifecycleResult: Sendable, Hashable, Codable {
    public var runs: [Run]
    public var invariants: [InvariantCheck]

    public struct Run: Sendable, Hashable, Codable {
        public var planned: ResultInstant?
        public var actual: ResultInstant?
        public var key: String?
        public var outcome: String

        public init(planned: ResultInstant?, actual: ResultInstant?, key: String?, outcome: String) {
            self.planned = planned
            self.actual = actual
            self.key = key
            self.outcome = outcome
        }
    }

    public struct InvariantCheck: Sendable, Hashable, Codable {
        public var name: String
        public var passed: Bool
        public var detail: String?

        public init(name: String, passed: Bool, detail: String? = nil) {
            self.name = name
            self.passed = passed
            self.detail = detail
        }
    }

    public init(runs: [Run], invariants: [InvariantCheck]) {
        self.runs = runs
        self.invariants = invariants
    }
}
