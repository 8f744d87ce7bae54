/// Where YAML merge keys (`<<: *name`) copied what is written elsewhere in a file. A mistake in a merged mapping is
/// told where it is written, at its anchor; these say which merges bring it in, since the mapping to correct may be
/// one that merges it (a case that merges another case's cursor in its own zone), and tell each mistake once where
/// every merge of it was told again.
public struct MergeSites: Sendable, Hashable {
    public struct Position: Sendable, Hashable, Comparable {
        public var line: Int
        public var column: Int

        public init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }

        public static func < (lhs: Position, rhs: Position) -> Bool { (lhs.line, lhs.column) < (rhs.line, rhs.column) }
    }

    /// Each copied node's position → the positions of the `<<` keys that copied it.
    public var copies: [Position: [Position]]

    public init(copies: [Position: [Position]] = [:]) {
        self.copies = copies
    }

    public var isEmpty: Bool { copies.isEmpty }

    /// How many merges a note names before "and N more".
    static let namedMerges = 3

    /// `diagnostics` without repeats, each one told at a copied node noting the merges that copy it. A merged mistake
    /// was told once per mapping that holds it: the same message at the same place is told once, and an error at a
    /// copied node once per code (the mappings' names differ, the fix is one). Warnings there stay apart: an offset
    /// read in two merging cases' zones says two things. Unchanged without merges.
    public func noting(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        guard !isEmpty else { return diagnostics }
        var seen: Set<Diagnostic> = []
        var errorsAtCopies: Set<String> = []
        var noted: [Diagnostic] = []
        for diagnostic in diagnostics {
            var plain = diagnostic
            plain.notes = []
            guard seen.insert(plain).inserted else { continue }
            var diagnostic = diagnostic
            if let location = diagnostic.location,
               let merges = copies[Position(line: location.line, column: location.column)]?.sorted() {
                if diagnostic.severity == .error {
                    guard errorsAtCopies.insert("\(diagnostic.code) \(location)").inserted else { continue }
                }
                let named = merges.prefix(Self.namedMerges)
                for (index, merge) in named.enumerated() {
                    let more = index == named.count - 1 && merges.count > named.count ? " (and \(merges.count - named.count) more)" : ""
                    diagnostic.notes.append(Diagnostic.Note(
                        location: SourceLocation(file: location.file, line: merge.line, column: merge.column),
                        message: "this '<<' merges it here too\(more); a key written beside the '<<' takes the place of the merged one"))
                }
            }
            noted.append(diagnostic)
        }
        return noted
    }
}
