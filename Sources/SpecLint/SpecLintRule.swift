import SpecDiagnostics
import SpecModel

/// One lint: a check of a spec that parsed, giving warnings (errors under `--strict`).
///
/// Rules are listed in `SpecLinter.rules`. A rule gets the spec's file as well as the spec, so checks that need
/// the file's place can be added the same way — the lifecycle scenarios' fixture-path lint (an `info-plist:` that
/// does not exist, relative to the spec file) goes there once `LifecycleSpec` carries its fixture paths.
public protocol SpecLintRule: Sendable {
    /// The warnings about one spec of `file`, in any order (the linter sorts them).
    func diagnostics(for spec: Spec, in file: SpecFile) -> [Diagnostic]
}
