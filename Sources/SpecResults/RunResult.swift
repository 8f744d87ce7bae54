import SpecDiagnostics

/// Everything one run produced: the single model every reporter renders from.
///
/// Encoded, it is the versioned JSON results document (`docs/results.schema.json`); the encoding adds the
/// `summary`, which decoding recomputes from the tests rather than trusting.
public struct RunResult: Sendable, Hashable, Codable {
    /// The version of the results document this build writes and reads.
    public static let currentSchemaVersion = 1

    public var schemaVersion: Int
    public var environment: Environment
    /// Every spec file the run read, sorted by path.
    public var files: [String]
    /// Diagnostics about spec files (errors in invalid specs, lint warnings), each once, in file order.
    ///
    /// A diagnostic that arose while running one test (a search bound reached, say) belongs to that test instead.
    public var diagnostics: [Diagnostic]
    /// One result per spec / case / engine, in plan order (file, then line, then id).
    public var tests: [TestResult]
    /// Whether warnings counted as errors.
    public var strict: Bool
    /// Facts about how this result was put together, for people: for example shards that ran on a different
    /// toolchain than the first (see `merging(_:labels:)`), a merge (`specrun merge` says of which files), spec files
    /// a stopped run did not read. Every report shows them. Empty for a single run that finished.
    public var notes: [String]
    /// The shard of the plan this run ran (`--shard I/N`); nil for a whole run and for merged results.
    public var shard: Shard?
    /// The shards merged results hold when some shard of their run is missing (`specrun merge` of part of the
    /// shards), sorted; nil for a run, a single shard (`shard`) and a merge that holds every test. Merged again with
    /// the missing shards, such results count as the shards they hold.
    public var mergedShards: [Shard]?

    /// The shards of a sharded run these results hold: this run's `shard`, or a partial merge's `mergedShards`; nil
    /// when they hold the whole plan.
    public var heldShards: [Shard]? { shard.map { [$0] } ?? mergedShards }

    public init(
        schemaVersion: Int = RunResult.currentSchemaVersion, environment: Environment, files: [String],
        diagnostics: [Diagnostic], tests: [TestResult], strict: Bool = false, notes: [String] = [], shard: Shard? = nil,
        mergedShards: [Shard]? = nil
    ) {
        self.schemaVersion = schemaVersion
        self.environment = environment
        self.files = files
        self.diagnostics = diagnostics
        self.tests = tests
        self.strict = strict
        self.notes = notes
        self.shard = shard
        self.mergedShards = mergedShards
    }

    public var summary: Summary { Summary(self) }

    private enum CodingKeys: String, CodingKey {
        case schemaVersion, environment, files, diagnostics, tests, strict, notes, shard, mergedShards, summary
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(schemaVersion, forKey: .schemaVersion)
        try container.encode(environment, forKey: .environment)
        try container.encode(files, forKey: .files)
        try container.encode(diagnostics, forKey: .diagnostics)
        try container.encode(tests, forKey: .tests)
        try container.encode(strict, forKey: .strict)
        try container.encode(notes, forKey: .notes)
        try container.encodeIfPresent(shard, forKey: .shard)
        try container.encodeIfPresent(mergedShards, forKey: .mergedShards)
        try container.encode(summary, forKey: .summary)
    }

    /// Reads a results document; a document from a newer specrun is refused rather than half-read.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let version = try container.decode(Int.self, forKey: .schemaVersion)
        guard version == RunResult.currentSchemaVersion else {
            throw DecodingError.dataCorruptedError(
                forKey: .schemaVersion, in: container,
                debugDescription: "schemaVersion \(version) is not the version this specrun reads "
                    + "(\(RunResult.currentSchemaVersion)); re-render it with the specrun that wrote it"
            )
        }
        schemaVersion = version
        environment = try container.decode(Environment.self, forKey: .environment)
        files = try container.decode([String].self, forKey: .files)
        diagnostics = try container.decode([Diagnostic].self, forKey: .diagnostics)
        tests = try container.decode([TestResult].self, forKey: .tests)
        strict = try container.decodeIfPresent(Bool.self, forKey: .strict) ?? false
        notes = try container.decodeIfPresent([String].self, forKey: .notes) ?? []
        shard = try container.decodeIfPresent(Shard.self, forKey: .shard)
        mergedShards = try container.decodeIfPresent([Shard].self, forKey: .mergedShards)
        // Written only when some shard is missing, so never empty: an empty list would be a merge holding nothing.
        if mergedShards?.isEmpty == true {
            throw DecodingError.dataCorruptedError(forKey: .mergedShards, in: container,
                debugDescription: "mergedShards is empty; a merge that lacks a shard lists the shards it holds")
        }
    }
}
