/// YAML's merge key (`<<: *defaults`, from YAML 1.1's types and read by most YAML tools): the entries of the mapping
/// it names, or of each mapping of the list it names, are written into the mapping that holds it. A key the mapping
/// writes itself wins over a merged one, and an earlier merged mapping over a later one. A mapping with two merge
/// keys merges neither. Only a plain `<<` (or one tagged `!!merge`) merges; a quoted `"<<"` is an ordinary key.
///
/// A `<<` whose value is not a mapping or a list of mappings is left in place, for the spec parser to tell. What each
/// merge copied, and into which mapping, is recorded (`YAMLStream.merges`, `mergedKeys`, `mergeTargets`): a mistake is
/// told where it is written, and its notes name the merges that bring it where it is wrong.
enum MergeKeys {
    static let tag = "tag:yaml.org,2002:merge"

    /// `entries` (of the mapping at `mapping`) with their merges resolved; what each `<<` copied, and into which
    /// mapping, goes in `record`.
    static func resolve(_ entries: [Node.Entry], into mapping: Mark, recording record: inout MergeRecord) -> [Node.Entry] {
        // Two merge keys in one mapping are a key written twice, which YAML forbids and readers take differently
        // (PyYAML lets the later win): left for the spec parser to tell, with the list that says it.
        guard entries.lazy.filter(isMerge).count == 1 else { return entries }
        var taken: Set<String> = []
        for entry in entries where !isMerge(entry) {
            if let key = entry.key.scalar { taken.insert(key.value) }
        }
        var resolved: [Node.Entry] = []
        resolved.reserveCapacity(entries.count)
        for entry in entries {
            guard isMerge(entry), let sources = sources(of: entry.value) else {
                resolved.append(entry)
                continue
            }
            record.targets[entry.key.mark] = mapping
            for source in sources {
                for merged in source {
                    // A merge the source could not resolve (two `<<`, or one naming a text) comes along as it is, each
                    // one: told where it is written, as in the source, not as a `<<` of this mapping's own.
                    if let key = merged.key.scalar, !isMerge(merged) {
                        guard taken.insert(key.value).inserted else { continue }
                    }
                    record.add(merged, by: entry.key.mark)
                    resolved.append(merged)
                }
            }
        }
        return resolved
    }

    /// How many nodes `node` holds, itself included, without recursion.
    static func count(_ node: Node) -> Int {
        var pending = [node]
        var count = 0
        while let next = pending.popLast() {
            count += 1
            switch next {
            case .scalar: break
            case .sequence(let items, _): pending += items
            case .mapping(let entries, _): for child in entries { pending += [child.key, child.value] }
            }
        }
        return count
    }

    /// Every node of `entry`, without recursion (a merged mapping may be deep).
    private static func isMerge(_ entry: Node.Entry) -> Bool {
        entry.key.scalar?.isMergeKey ?? false
    }

    /// The mappings a merge key's value names, or nil when it is something else.
    private static func sources(of value: Node) -> [[Node.Entry]]? {
        switch value {
        case .mapping(let entries, _):
            return [entries]
        case .sequence(let items, _):
            var sources: [[Node.Entry]] = []
            for item in items {
                guard case .mapping(let entries, _) = item else { return nil }
                sources.append(entries)
            }
            return sources
        case .scalar:
            return nil
        }
    }
}

extension Node.Scalar {
    /// Whether this scalar, as a mapping's key, is YAML's merge key: `<<` written plain, or tagged `!!merge`.
    public var isMergeKey: Bool {
        value == "<<" && ((style == .plain && tag == nil) || tag == MergeKeys.tag)
    }
}

/// What merge keys copied in a file, and where to: a mistake is told where it is written (at its anchor), and its
/// notes name the merges that bring it where it is wrong.
public struct MergeRecord: Sendable, Hashable {
    /// Each copied node's mark → the marks of the `<<` keys that copied it.
    public var copies: [Mark: [Mark]] = [:]
    /// The copied marks that are keys: a key written beside the `<<` takes the place of a merged value, not of a key.
    public var keys: Set<Mark> = []
    /// Each `<<` key's mark → the mark of the mapping it merges into.
    public var targets: [Mark: Mark] = [:]
    /// Each node a plain alias (`*name`, not a merge) copied → the marks of the aliases that copied it: a mistake in
    /// it is told where it is written, and these say where it lands.
    public var aliasCopies: [Mark: [Mark]] = [:]

    public init() {}

    public var isEmpty: Bool { copies.isEmpty && targets.isEmpty && aliasCopies.isEmpty }

    /// Every node of `node`, copied by the alias at `alias`.
    mutating func add(_ node: Node, aliasedAt alias: Mark) {
        Self.forEachNode(of: node) { node, _ in
            if aliasCopies[node.mark]?.last != alias { aliasCopies[node.mark, default: []].append(alias) }
        }
    }

    /// Every node of `entry`, copied by the `<<` at `merge`.
    mutating func add(_ entry: Node.Entry, by merge: Mark) {
        keys.insert(entry.key.mark)
        if copies[entry.key.mark]?.last != merge { copies[entry.key.mark, default: []].append(merge) }
        Self.forEachNode(of: entry.value) { node, isKey in
            if isKey { keys.insert(node.mark) }
            if copies[node.mark]?.last != merge { copies[node.mark, default: []].append(merge) }
        }
    }

    /// Visits `root` and every node below it, each with whether it is a mapping's key, without recursion (a copied
    /// node may be deep).
    private static func forEachNode(of root: Node, _ visit: (Node, _ isKey: Bool) -> Void) {
        var pending = [(root, false)]
        while let (node, isKey) = pending.popLast() {
            visit(node, isKey)
            switch node {
            case .scalar: break
            case .sequence(let items, _): pending += items.map { ($0, false) }
            case .mapping(let entries, _):
                for child in entries { pending += [(child.key, true), (child.value, false)] }
            }
        }
    }
}
