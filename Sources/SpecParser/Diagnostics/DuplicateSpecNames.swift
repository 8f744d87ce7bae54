import SpecDiagnostics
import SpecModel

/// Spec names are unique within a run: each spec and case is reported under its name. So are test ids
/// (`file › spec › case › engine`): a name holding ` › ` can spell another spec's id (`A › B` with case `C`, and
/// `A` with case `B › C`), and results with one id twice cannot be read back.
public enum DuplicateSpecNames {
    /// The files with each repeated spec name, or test name, reported at the later spec (with a note at the first)
    /// and that later spec removed; files are taken in the order given (the run's sorted order).
    public static func rejecting(in files: [SpecFile]) -> [SpecFile] {
        var firstByName: [String: SourceLocation] = [:]
        firstByName.reserveCapacity(files.reduce(0) { $0 + $1.specs.count })
        return files.map { file in
            // The positions of the specs rejected: the rest are kept.
            var rejected: Set<Int> = []
            var diagnostics = file.diagnostics
            var firstByTest: [String: (location: SourceLocation, spec: String)] = [:]
            // Only a name holding '›' can spell another test's id; a file without one is not looked at further
            // (hashing every test's name cost a few per cent of a 10,000-spec run).
            let mayClash = file.specs.contains { spec in
                holdsSeparator(spec.name) || caseNames(of: spec).contains(where: holdsSeparator)
            }
            for (position, spec) in file.specs.enumerated() {
                guard let first = firstByName[spec.name] else {
                    firstByName[spec.name] = spec.location
                    let tests = mayClash ? testNames(of: spec) : []
                    if let clash = tests.first(where: { firstByTest[$0] != nil }), let earlier = firstByTest[clash] {
                        diagnostics.append(Diagnostic(
                            code: DiagnosticCode.duplicateTestID.rawValue,
                            location: spec.location,
                            message: "this spec's test '\(clash)' has the id of a test of the spec '\(earlier.spec)': ' › ' joins "
                                + "spec and case names into test ids; take the '›' out of a name",
                            sourceLine: spec.sourceLine,
                            length: "spec".count,
                            notes: [Diagnostic.Note(location: earlier.location, message: "'\(earlier.spec)' is here")]))
                        rejected.insert(position)
                        continue
                    }
                    for test in tests { firstByTest[test] = (spec.location, spec.name) }
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
                rejected.insert(position)
            }
            // Nothing rejected (nearly always): the file keeps its own array of specs, not a copy built spec by spec
            // (the copies were most of this check, on the main thread between reading and running: perf of
            // `specrun --jobs 2` on the 10,000-spec bench corpus).
            let kept = rejected.isEmpty
                ? file.specs
                : file.specs.enumerated().filter { !rejected.contains($0.offset) }.map(\.element)
            return SpecFile(path: file.path, specs: kept, diagnostics: diagnostics.sortedBySource(), mergeSites: file.mergeSites,
                            specsWithErrors: file.specsWithErrors)
        }
    }
}

/// Whether a name holds '›' (U+203A). Its UTF-8 starts with the byte E2, which most names lack: looking for that byte
/// first spared decoding every name's scalars (1.2 % of `specrun check`'s profile on the 10,000-spec corpus).
private func holdsSeparator(_ name: String) -> Bool {
    name.utf8.contains(0xE2) && name.unicodeScalars.contains("\u{203A}")
}

private func caseNames(of spec: Spec) -> [String] {
    guard case .recurrence(let body) = spec.body else { return [] }
    return body.cases.map(\.name)
}

/// A spec's tests as their ids name them, without file and engine: the spec's name for its window or scenario, and
/// `spec › case` for each case.
private func testNames(of spec: Spec) -> [String] {
    guard case .recurrence(let body) = spec.body else { return [spec.name] }
    return (body.expect != nil ? [spec.name] : []) + body.cases.map { spec.name + " › " + $0.name }
}
