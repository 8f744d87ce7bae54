import SpecDiagnostics

/// What one spec file yields: its valid specs and every diagnostic about it.
public struct SpecFile: Sendable, Hashable {
    public var path: String
    public var specs: [Spec]
    public var diagnostics: [Diagnostic]

    public init(path: String, specs: [Spec], diagnostics: [Diagnostic]) {
        self.path = path
        self.specs = specs
        self.diagnostics = diagnostics
    }

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}
