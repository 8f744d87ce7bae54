import SpecDiagnostics
import SpecModel

/// Spec names are unique within a run: each spec and case is reported under its name.
public enum DuplicateSpecNames {
    /// The files with each repeated spec name reported at the later spec (with a note at the first)
    /// and that later spec removed; files are taken in the order given (the run's sorted order).
    public static func rejecting(in files: [SpecFile]) -> [SpecFile] {
        var firstByName: [String: SourceLocation] = [:]
        return files.map { file in
            var kept: [Spec] = []
            var diagnostics = file.diagnostics
            for spec in file.specs {
                guard let first = firstByName[spec.name] else {
                    firstByName[spec.name] = spec.location
                    kept.append(spec)
                    continue
                }
                diagnostics.append(Diagnostic(
                    code: DiagnosticCode.duplicateSpecName.rawValue,
                    location: spec.location,
                    message: "the spec name '\(spec.name)' is already used"
                        + (first.file == spec.location.file ? "" : " in another file of this run (names are unique across every file run together)")
                        + "; give each spec a name of its own, so each is reported on its own",
                    sourceLine: spec.sourceLine,
                    length: "spec".count,
                    notes: [Diagnostic.Note(location: first, message: "'\(spec.name)' is first used here")]))
            }
            return SpecFile(path: file.path, specs: kept, diagnostics: diagnostics.sortedBySource())
        }
    }
}

extension [Diagnostic] {
    /// In source order, stable for equal places.
    func sortedBySource() -> [Diagnostic] {
        enumerated().sorted { lhs, rhs in
            let left = lhs.element.location.map { ($0.line, $0.column) } ?? (0, 0)
            let right = rhs.element.location.map { ($0.line, $0.column) } ?? (0, 0)
            return left != right ? left < right : lhs.offset < rhs.offset
        }.map(\.element)
    }
}
