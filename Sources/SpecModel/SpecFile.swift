import SpecDiagnostics

/// What one spec file yields: its valid specs and every diagnostic about it.
public struct SpecFile: Sendable, Hashable {
    public var path: String
    public var specs: [Spec]
    public var diagnostics: [Diagnostic]
    /// Where merge keys copied written nodes: lints note them on what they tell (`MergeSites.noting`).
    public var mergeSites: MergeSites
    /// Specs read whole beside an error of their own that leaves what they check as written (an unknown key outside
    /// `expect` and `cases`, expected occurrences out of order): never run, but linted, so that a warning about their
    /// other lines is told in the same round as the error instead of the round after its fix
    /// (`SpecLinter`; `docs/diagnostics.md`, "Errors and warnings in one round").
    public var specsWithErrors: [Spec]

    public init(path: String, specs: [Spec], diagnostics: [Diagnostic], mergeSites: MergeSites = MergeSites(), specsWithErrors: [Spec] = []) {
        self.path = path
        self.specs = specs
        self.diagnostics = diagnostics
        self.mergeSites = mergeSites
        self.specsWithErrors = specsWithErrors
    }

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}
