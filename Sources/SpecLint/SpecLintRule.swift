import SpecDiagnostics
import SpecModel

/// One lint: a check of a spec that parsed, giving warnings (errors under `--strict`).
///
/// Rules are listed in `SpecLinter.rules`. A rule gets the spec's file as well as the spec, for checks that need
/// the file's place.
public protocol SpecLintRule: Sendable {
    /// The warnings about one spec of `file`, in any order (the linter sorts them).
    func diagnostics(for spec: Spec, in file: SpecFile) -> [Diagnostic]

    /// Whether the rule judges lines together (what the window and cases span, one case beside another, the
    /// occurrence no line lists that a line outside the window may be meant for) rather than each line alone: a spec
    /// with errors is not judged so, since a case out of order spans nothing as written and a list out of order
    /// places no line (`SpecLinter`).
    var judgesLinesTogether: Bool { get }
}

extension SpecLintRule {
    public var judgesLinesTogether: Bool { false }
}
