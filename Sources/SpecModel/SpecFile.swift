import SpecDiagnostics

/// What one spec file yields: its valid specs and every diagnostic about it.
public struct SpecFile: Sendable, Hashable {
    public var path: String
    public var specs: [Spec]
    public var diagnostics: [Diagnostic]
    /// Where merge keys copied written nodes: lints note them on what they tell (`MergeSites.noting`).
    public var mergeSites: MergeSites

    public init(path: String, specs: [Spec], diagnostics: [Diagnostic], mergeSites: MergeSites = MergeSites()) {
        self.path = path
        self.specs = specs
        self.diagnostics = diagnostics
        self.mergeSites = mergeSites
    }

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}
