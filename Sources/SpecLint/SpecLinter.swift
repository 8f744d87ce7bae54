import SpecDiagnostics
import SpecModel

/// Runs every lint over parsed specs. Lints warn; the caller promotes them under `--strict`
/// (`Diagnostic.promoted(to: .error)`).
///
/// One linter's rules share what they read from disk (the names of a fixture folder), so a run lints all its files
/// with one linter.
public struct SpecLinter: Sendable {
    /// Every lint, in the order their warnings are listed at one place.
    public let rules: [any SpecLintRule]

    /// `fixtureByteLimit`: the most bytes a fixture may hold (the run's `--max-file-size`).
    public init(fixtureByteLimit: Int = 10 << 20) {
        rules = [
            OldZoneNameLint(),
            OffsetMismatchLint(),
            TransitionCoverageLint(),
            ControlWithTransitionLint(),
            DuplicateExpectedKeyLint(),
            UnmatchableKeyLint(),
            DuplicateCaseLint(),
            RepeatedPairKeyLint(),
            OutsideWindowLint(),
            DuplicateInstantLint(),
            MissingFixtureLint(),
            InfoPlistFixtureLint(byteLimit: fixtureByteLimit),
            EmptyExpectLint(),
            KnownDeviationOnCoreLint(),
        ]
    }

    /// The lint warnings about one file's specs, in source order.
    public func diagnostics(for file: SpecFile) -> [Diagnostic] {
        let found = file.specs.flatMap { spec in rules.flatMap { $0.diagnostics(for: spec, in: file) } }
        return found.enumerated().sorted { lhs, rhs in
            let left = (lhs.element.location?.line ?? 0, lhs.element.location?.column ?? 0)
            let right = (rhs.element.location?.line ?? 0, rhs.element.location?.column ?? 0)
            return left != right ? left < right : lhs.offset < rhs.offset
        }.map(\.element)
    }

    /// The files with their lint warnings added to their diagnostics.
    public func lint(_ files: [SpecFile]) -> [SpecFile] {
        files.map { file in
            var linted = file
            linted.diagnostics += file.mergeSites.noting(diagnostics(for: file))
            return linted
        }
    }
}
