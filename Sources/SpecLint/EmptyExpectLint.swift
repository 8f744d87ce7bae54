import SpecDiagnostics
import SpecModel

/// Warns about a lifecycle scenario whose `expect:` is empty (`expect: {}`). Such a scenario passes whenever the
/// harness's invariants hold and no lifecycle error is raised: nothing the author meant to check is checked, which is
/// most often a placeholder left in. A missing `expect:` is a parse error; an empty one is valid (the invariants alone
/// are a check), so this is a lint, an error under `--strict`. To check on purpose that no lifecycle error is raised,
/// write `expect: {errors: []}`.
public struct EmptyExpectLint: SpecLintRule {
    /// The keys of a scenario's `expect:`, in the reference's order (SpecLintTests compares them with the parser's).
    public static let expectationKeys = ["completed", "store", "side-effects", "temp-files", "runs", "run-count", "log",
                                         "errors", "defects", "broken-invariants", "pending-requests"]

    public init() {}

    public func diagnostics(for spec: Spec, in file: SpecFile) -> [Diagnostic] {
        guard case .lifecycle(let body) = spec.body, body.expect.checksNothingOfItsOwn else { return [] }
        return [Diagnostic(
            code: LintCode.emptyExpect.rawValue,
            severity: .warning,
            location: body.expect.location,
            message: "'expect' is empty, so '\(spec.name)' checks only the harness's invariants and that no lifecycle error is raised; "
                + "write what the scenario must end with",
            sourceLine: body.expect.sourceLine,
            length: "expect".count,
            notes: [Diagnostic.Note(message: "'expect' can hold "
                + Self.expectationKeys.joined(separator: ", ") + "; e.g. 'expect: {completed: [true]}', or "
                + "'expect: {errors: []}' to check on purpose that no lifecycle error is raised")]
        )]
    }
}
