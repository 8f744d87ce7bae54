import SpecDiagnostics
import SpecYAML

/// A spec with an error runs none of its tests: where every error of a recurrence spec is inside some of its cases and
/// other cases have none, the first error says those are not checked either (a cases review saw the valid cases of a
/// spec with one mistaken case vanish from the report, unnamed).
enum CasesNotRunNote {
    /// The note for the errors among `diagnostics` from `start` on, given the document's `cases` node; nil where an
    /// error lies outside every case, or no case is free of errors. The index is the first error's.
    /// `hasWindow`: the spec checks a window too, which does not run either.
    static func note(cases: Node?, hasWindow: Bool = false, diagnostics: [Diagnostic], from start: Int) -> (index: Int, note: Diagnostic.Note)? {
        guard let items = cases?.sequence, items.count > 1, start < diagnostics.count else { return nil }
        // Each case's lines: from its item's first line to the last line a node of it starts on. A case merged from an
        // anchor (`<<: *name`) holds nodes written above it, whose last line can come before its own (the fuzz smoke's
        // crash: a range whose end was before its start).
        let spans = items.map { item in item.mark.line...max(item.mark.line, lastLine(of: item)) }
        let errors = diagnostics.indices.dropFirst(start).filter { diagnostics[$0].severity == .error }
        // Two cases of one name: the other is the one the error names already.
        guard let first = errors.first, !errors.contains(where: { diagnostics[$0].code == DiagnosticCode.duplicateCaseName.rawValue }) else { return nil }
        var withErrors = Set<Int>()
        for index in errors {
            guard let line = diagnostics[index].location?.line, let owner = spans.firstIndex(where: { $0.contains(line) }) else { return nil }
            withErrors.insert(owner)
        }
        let clean = items.indices.filter { !withErrors.contains($0) }
        guard !clean.isEmpty else { return nil }
        let names = clean.map { index in
            items[index].mapping?.first { $0.key.scalar?.value == "name" }?.value.scalar.map { "'\($0.value)'" } ?? "case \(index + 1)"
        }
        let told = names.count > 3 ? names.prefix(3).joined(separator: ", ") + " and \(names.count - 3) more" : ListWording.joined(names)
        return (first, Diagnostic.Note(message: "a spec with an error runs none of its tests, so \(hasWindow ? "its window and " : "")its other "
            + (clean.count == 1 ? "case, \(told), \(hasWindow ? "are" : "is")" : "\(clean.count) cases, \(told), are") + " not checked either until this is fixed"))
    }

    private static func lastLine(of node: Node) -> Int {
        switch node {
        case .scalar: node.mark.line
        case .sequence(let items, let mark): items.map(lastLine).max() ?? mark.line
        case .mapping(let entries, let mark): entries.map { max($0.key.mark.line, lastLine(of: $0.value)) }.max() ?? mark.line
        }
    }
}
