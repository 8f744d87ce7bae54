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
    ///
    /// The file's specs with errors (`SpecFile.specsWithErrors`) are linted too, by the rules that judge line by line,
    /// so that a warning about another line comes in the same round as the error. A warning on a line that holds an
    /// error is left to the round after its fix (the error's own advice is about that line, and may change what the
    /// warning would say), and so is one on a line an error's note stands on (an order error's note already gives the
    /// offset slip that put its line out of place) or that an error names (`line 17 lists this instant already`). On
    /// such a line, a warning about another item of a flow list is kept unless an error or its note quotes that item.
    public func diagnostics(for file: SpecFile) -> [Diagnostic] {
        var found = file.specs.flatMap { spec in rules.flatMap { $0.diagnostics(for: spec, in: file) } }
        if !file.specsWithErrors.isEmpty {
            let errors = file.diagnostics.filter { $0.severity == .error }
            let places = (errors.compactMap(\.location) + errors.flatMap { $0.notes.compactMap(\.location) }).filter { $0.file == file.path }
            let namedLines = Set(errors.flatMap { ListWording.linesNamed(in: $0.message) })
            let errorTexts = errors.map { ([$0.message] + $0.notes.map(\.message)).joined(separator: "\n") }
            let lineRules = rules.filter { !$0.judgesLinesTogether }
            found += file.specsWithErrors.flatMap { spec in lineRules.flatMap { $0.diagnostics(for: spec, in: file) } }
                .filter { warning in
                    guard let location = warning.location else { return true }
                    if namedLines.contains(location.line) || places.contains(location) { return false }
                    guard places.contains(where: { $0.line == location.line }) else { return true }
                    // Another item of a flow list on an error's line (`next: [a, b, c]`): kept unless an error speaks of
                    // its value (the cursor an order error names). A review's offset slip on a case's first result waited
                    // a round behind its third result's error.
                    guard let subject = Self.subject(of: warning) else { return false }
                    return !errorTexts.contains { $0.contains(subject) }
                }
        }
        return found.sortedBySource()
    }

    /// The text under a diagnostic's caret, when its source line holds it.
    static func subject(of diagnostic: Diagnostic) -> String? {
        guard let line = diagnostic.sourceLine, let column = diagnostic.location?.column, column >= 1, diagnostic.length > 0 else { return nil }
        let characters = Array(line)
        guard column - 1 + diagnostic.length <= characters.count else { return nil }
        return String(characters[(column - 1)..<(column - 1 + diagnostic.length)])
    }

    /// The files with their lint warnings added to their diagnostics.
    public func lint(_ files: [SpecFile]) -> [SpecFile] {
        files.map { file in
            var linted = file
            let warnings = file.mergeSites.noting(diagnostics(for: file))
            // In source order with the errors: a spec's warnings beside its own errors read top down as the file does.
            if !warnings.isEmpty { linted.diagnostics = (file.diagnostics + warnings).sortedBySource() }
            return linted
        }
    }
}
