import SpecDiagnostics
import SpecModel

/// Runs every lint over parsed specs. Lints warn; the caller promotes them under `--strict`
/// (`Diagnostic.promoted(to: .error)`).
public struct SpecLinter: Sendable {
    public init() {}

    /// The lint warnings about one file's specs, in source order.
    public func diagnostics(for file: SpecFile) -> [Diagnostic] {
        let lint = OffsetMismatchLint()
        return file.specs.flatMap { lint.diagnostics(for: $0) }.sorted { lhs, rhs in
            (lhs.location?.line ?? 0, lhs.location?.column ?? 0) < (rhs.location?.line ?? 0, rhs.location?.column ?? 0)
        }
    }

    /// The files with their lint warnings added to their diagnostics.
    public func lint(_ files: [SpecFile]) -> [SpecFile] {
        files.map { file in
            var linted = file
            linted.diagnostics += diagnostics(for: file)
            return linted
        }
    }
}
