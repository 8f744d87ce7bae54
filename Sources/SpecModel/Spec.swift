import Recurrence
import SpecDiagnostics

/// One spec: one YAML document, with a unique name. Plain values only; every field that a message
/// may point at keeps its `SourceLocation`.
public struct Spec: Sendable, Hashable {
    public var name: String
    /// Where `spec:` is written (the line results and reports name).
    public var location: SourceLocation
    public var description: String?
    public var tags: [String]
    /// The reason to skip, when the spec says `skip: "reason"`.
    public var skip: String?
    /// Engines this spec runs on (`engines:`); nil means the run's `--engine` choice.
    public var engines: [EngineName]?
    /// `known-deviations: {foundation: "why"}`.
    public var knownDeviations: [EngineName: String]
    /// Where each `known-deviations` entry is written (its engine's key): the line to remove once it is fixed.
    public var knownDeviationLocations: [EngineName: SourceLocation] = [:]
    public var body: Body
    /// The text of the line `location` points at, so a message about the whole spec can show it.
    public var sourceLine: String?

    /// Indirect: a lifecycle scenario is a large value, and without a box every spec (and every plan item, which
    /// holds its spec) would be as large as one — 4 KB more per recurrence spec on a 10,000-spec run.
    public indirect enum Body: Sendable, Hashable {
        case recurrence(RecurrenceSpec)
        case lifecycle(LifecycleSpec)
    }

    public init(
        name: String,
        location: SourceLocation,
        description: String? = nil,
        tags: [String] = [],
        skip: String? = nil,
        engines: [EngineName]? = nil,
        knownDeviations: [EngineName: String] = [:],
        body: Body,
        sourceLine: String? = nil
    ) {
        self.name = name
        self.location = location
        self.description = description
        self.tags = tags
        self.skip = skip
        self.engines = engines
        self.knownDeviations = knownDeviations
        self.body = body
        self.sourceLine = sourceLine
    }
}

/// The engines a recurrence spec can run against.
public enum EngineName: String, Sendable, Hashable, CaseIterable, Comparable {
    case core
    case foundation

    public static func < (lhs: EngineName, rhs: EngineName) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
