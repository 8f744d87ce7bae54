import SpecDiagnostics
import SpecModel

/// One lint: a check of a spec that parsed, giving warnings (errors under `--strict`).
///
/// Rules are listed in `SpecLinter.rules`. A rule gets the spec's file as well as the spec, for checks that need
/// the file's place.
public protocol SpecLintRule: Sendable {
    /// The warnings about one spec of `file`, in any order (the linter sorts them).
    func diagnostics(for spec: Spec, in file: SpecFile) -> [Diagnostic]
}
