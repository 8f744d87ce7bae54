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
    /// The copied positions that are keys: a key written beside the `<<` takes the place of a merged value, not of a
    /// merged key that is wrong where it lands (the template is where that is corrected).
    public var keys: Set<Position>
    /// Each `<<` key's position → the position of the mapping it merges into.
    public var targets: [Position: Position]
    /// Each node a plain alias copied → the positions of the aliases that copied it.
    public var aliasCopies: [Position: [Position]]

    public init(copies: [Position: [Position]] = [:], keys: Set<Position> = [], targets: [Position: Position] = [:],
                aliasCopies: [Position: [Position]] = [:]) {
        self.copies = copies
        self.keys = keys
        self.targets = targets
        self.aliasCopies = aliasCopies
    }

    public var isEmpty: Bool { copies.isEmpty && aliasCopies.isEmpty }

    /// How many merges a note names before "and N more".
    static let namedMerges = 3

    /// `diagnostics` without repeats, each one told at a copied node noting the merges that copy it. A mistake in what
    /// aliases or merges copy was told once per copy: the same message at the same place is told once, and an error at
    /// a copied node once per code, with a note at each merge that brings it where it is wrong (the mappings' names
    /// differ, the fix is one), and at each plain alias that copies it. Warnings there stay apart: an offset read in two
    /// merging cases' zones says two things.
    /// `mapping` gives, for a diagnostic about a key in the mapping it lands in (`unknown key 'timezone' in
    /// 'window'`), that mapping's position: only the merges into it are noted, not those into mappings where the key
    /// is right.
    public func noting(_ diagnostics: [Diagnostic], mapping: (Int) -> Position? = { _ in nil }) -> [Diagnostic] {
        guard diagnostics.count > 1 || !isEmpty else { return diagnostics }
        // Each diagnostic without its notes → where it is in `noted`: a repeat adds the notes it has that the first
        // lacks (two cases merging one cursor into the same zone each name their `<<`).
        var seen: [Diagnostic: Int] = [:]
        // An error at a copied node, by code and place → where it is in `noted`: told once, however many mappings
        // merge it (an unknown key in a template merged into four cases was told four times, one note each).
        var errorsAtCopies: [String: Int] = [:]
        // Each kept diagnostic at a copied node → the merges its notes name, added at the end.
        var mergesNoted: [Int: (merges: [Position], key: Bool)] = [:]
        // Each kept diagnostic at a node a plain alias copied → the aliases (a mistake in an aliased value was told at
        // the anchor alone, the line the alias is on never named, and a step copied out of order was told at the
        // one in order).
        var aliasesNoted: [Int: [Position]] = [:]
        var noted: [Diagnostic] = []
        for (index, diagnostic) in diagnostics.enumerated() {
            var plain = diagnostic
            plain.notes = []
            // The merges that bring the diagnostic's node where it is wrong (into its mapping, for a key).
            var merges: [Position] = []
            if let location = diagnostic.location, let copied = copies[Position(line: location.line, column: location.column)] {
                merges = copied.filter { merge in mapping(index).map { targets[merge] == $0 } ?? true }
                // A lint that named the merge it is about (a case reading a merged cursor in its zone) has said it.
                if diagnostic.notes.contains(where: { note in note.location.map { merges.contains(Position(line: $0.line, column: $0.column)) } ?? false }) {
                    merges = []
                }
            }
            func note(_ merges: [Position], at kept: Int) {
                guard !merges.isEmpty else { return }
                let known = mergesNoted[kept]?.merges ?? []
                if mergesNoted[kept] == nil, let location = noted[kept].location {
                    mergesNoted[kept] = ([], keys.contains(Position(line: location.line, column: location.column)))
                }
                mergesNoted[kept]?.merges += merges.filter { !known.contains($0) }
            }
            let aliases = diagnostic.location.flatMap { aliasCopies[Position(line: $0.line, column: $0.column)] } ?? []
            if let first = seen[plain] {
                // The same message from another merge (steps merging one template): its merge is noted too (it was
                // lost, as the merges are noted after).
                noted[first].notes += diagnostic.notes.filter { !noted[first].notes.contains($0) }
                note(merges, at: first)
                continue
            }
            if !merges.isEmpty, diagnostic.severity == .error, let location = diagnostic.location {
                let place = "\(diagnostic.code) \(location)"
                if let kept = errorsAtCopies[place] {
                    note(merges, at: kept)
                    continue
                }
                errorsAtCopies[place] = noted.count
            }
            // Only a diagnostic kept is one a repeat may add its notes to (an error left out above is not: the index
            // it would have had was past the end, and the fuzzer's repeat of it trapped).
            seen[plain] = noted.count
            if !aliases.isEmpty { aliasesNoted[noted.count] = aliases }
            noted.append(diagnostic)
            note(merges, at: noted.count - 1)
        }
        for (kept, aliases) in aliasesNoted {
            guard let file = noted[kept].location?.file else { continue }
            noted[kept].notes += Self.notes(at: aliases, in: file, "this alias copies it here")
        }
        for (kept, noting) in mergesNoted {
            guard let file = noted[kept].location?.file else { continue }
            noted[kept].notes += Self.notes(at: noting.merges, in: file, "this '<<' merges it here",
                                            then: noting.key ? "" : "; a key written beside the '<<' takes the place of the merged one")
        }
        return noted
    }

    /// Notes at the first `namedMerges` of `places` in source order, the last saying how many more there are.
    private static func notes(at places: [Position], in file: String, _ message: String, then suffix: String = "") -> [Diagnostic.Note] {
        let sorted = places.sorted()
        let named = sorted.prefix(namedMerges)
        return named.enumerated().map { index, place in
            let more = index == named.count - 1 && sorted.count > named.count ? " (and \(sorted.count - named.count) more)" : ""
            return Diagnostic.Note(location: SourceLocation(file: file, line: place.line, column: place.column), message: message + more + suffix)
        }
    }
}

extension MergeSites {
    /// These sites and `other`'s, of another part of the same file (the documents read after a syntax error).
    public func adding(_ other: MergeSites) -> MergeSites {
        MergeSites(copies: copies.merging(other.copies) { $0 + $1 }, keys: keys.union(other.keys),
                   targets: targets.merging(other.targets) { first, _ in first },
                   aliasCopies: aliasCopies.merging(other.aliasCopies) { $0 + $1 })
    }
}
