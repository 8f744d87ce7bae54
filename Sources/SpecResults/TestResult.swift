import SpecDiagnostics

/// The result of one test: a spec, one of its cases, or a lifecycle scenario, on one engine.
public struct TestResult: Sendable, Hashable, Codable {
    /// Stable identity: `file › spec › case › engine` (case and engine only when present).
    public var id: String
    public var file: String
    /// The line of the spec (of the case, for a case), 1-based.
    public var line: Int
    public var spec: String
    public var caseName: String?
    public var engine: String?
    public var tags: [String]
    /// The spec's `description:` and its case's, as written: free text for people, shown beside the test in the
    /// HTML report and kept here (nil when not written; absent from results written before they were kept).
    public var description: String?
    public var caseDescription: String?
    /// For a fixed deviation whose spec has cases this run did not run (a filter, a tag, a shard, a skip): their
    /// names, so a merge of shards can tell the advice anew from the cases its shards ran. Nil otherwise (and in
    /// results written before it was kept).
    public var casesNotRun: [String]?
    public var status: TestStatus
    /// Wall-clock seconds the test took (excluded from determinism comparisons).
    public var duration: Double
    /// The schedule's zone, when the test has one.
    public var timeZone: String?
    /// Why it failed, errored, was skipped or deviates; the first line is the one-line summary.
    public var message: String?
    /// The reason the spec gives in `known-deviations` for this engine, when it declares one.
    public var deviationReason: String?
    public var expected: [ResultInstant]
    public var actual: [ResultInstant]
    public var diff: [DiffLine]
    /// Diagnostics that arose while running this test (file-level diagnostics live on the run).
    public var diagnostics: [Diagnostic]
    public var zoneContext: ZoneContext?
    public var lifecycle: LifecycleResult?

    public init(
        id: String, file: String, line: Int, spec: String, caseName: String? = nil, engine: String? = nil,
        tags: [String] = [], description: String? = nil, caseDescription: String? = nil, status: TestStatus,
        duration: Double = 0, timeZone: String? = nil, message: String? = nil,
        deviationReason: String? = nil, expected: [ResultInstant] = [], actual: [ResultInstant] = [],
        diff: [DiffLine] = [], diagnostics: [Diagnostic] = [], zoneContext: ZoneContext? = nil,
        lifecycle: LifecycleResult? = nil
    ) {
        self.id = id
        self.file = file
        self.line = line
        self.spec = spec
        self.caseName = caseName
        self.engine = engine
        self.tags = tags
        self.description = description
        self.caseDescription = caseDescription
        self.status = status
        self.duration = duration
        self.timeZone = timeZone
        self.message = message
        self.deviationReason = deviationReason
        self.expected = expected
        self.actual = actual
        self.diff = diff
        self.diagnostics = diagnostics
        self.zoneContext = zoneContext
        self.lifecycle = lifecycle
    }

    /// The stable id of a test: parts joined by ` › `.
    public static func makeID(file: String, spec: String, caseName: String?, engine: String?) -> String {
        // Built for every test of every run: appends into one reserved string, no intermediate arrays.
        var id = ""
        id.reserveCapacity(file.utf8.count + spec.utf8.count + (caseName?.utf8.count ?? 0) + (engine?.utf8.count ?? 0) + 15)
        id += file
        id += " › "
        appendName(spec: spec, caseName: caseName, engine: engine, to: &id)
        return id
    }

    /// The id without the file: `spec › case › engine`, unique within its file.
    public var nameInFile: String {
        // Asked for every test the terminal report lists: appends instead of building two arrays and joining them.
        var name = ""
        Self.appendName(spec: spec, caseName: caseName, engine: engine, to: &name)
        return name
    }

    /// Appends `spec › case › engine` (the parts there are).
    private static func appendName(spec: String, caseName: String?, engine: String?, to text: inout String) {
        text += spec
        if let caseName {
            text += " › "
            text += caseName
        }
        if let engine {
            text += " › "
            text += engine
        }
    }
}
