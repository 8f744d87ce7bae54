/// YAML's merge key (`<<: *defaults`, from YAML 1.1's types and read by most YAML tools): the entries of the mapping
/// it names, or of each mapping of the list it names, are written into the mapping that holds it. A key the mapping
/// writes itself wins over a merged one, and an earlier merged mapping over a later one. A mapping with two merge
/// keys merges neither. Only a plain `<<` (or one
/// tagged `!!merge`) merges; a quoted `"<<"` is an ordinary key.
///
/// A `<<` whose value is not a mapping or a list of mappings is left in place, for the spec parser to tell.
enum MergeKeys {
    static let tag = "tag:yaml.org,2002:merge"

    /// `entries` with their merges resolved; what each `<<` copied is recorded in `copies` (every node of each entry
    /// it kept, by mark → the `<<` key's mark), so that a mistake told at the anchor can name the merges that reach it.
    static func resolve(
        _ entries: [Node.Entry], into mapping: Mark, recording copies: inout [Mark: [Mark]], keys: inout Set<Mark>,
        targets: inout [Mark: Mark]
    ) -> [Node.Entry] {
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
            targets[entry.key.mark] = mapping
            for source in sources {
                for merged in source {
                    // A merge the source could not resolve (two `<<`, or one naming a text) comes along as it is, each
                    // one: told where it is written, as in the source, not as a `<<` of this mapping's own.
                    if let key = merged.key.scalar, !isMerge(merged) {
                        guard taken.insert(key.value).inserted else { continue }
                    }
                    record(merged, by: entry.key.mark, in: &copies, keys: &keys)
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
    /// The keys' marks go in `keys` too: a key copied is no value a key beside the `<<` could take the place of.
    private static func record(_ entry: Node.Entry, by merge: Mark, in copies: inout [Mark: [Mark]], keys: inout Set<Mark>) {
        var pending = [entry.value]
        keys.insert(entry.key.mark)
        if copies[entry.key.mark]?.last != merge { copies[entry.key.mark, default: []].append(merge) }
        while let node = pending.popLast() {
            if copies[node.mark]?.last != merge { copies[node.mark, default: []].append(merge) }
            switch node {
            case .scalar: break
            case .sequence(let items, _): pending += items
            case .mapping(let entries, _):
                for child in entries {
                    keys.insert(child.key.mark)
                    pending += [child.key, child.value]
                }
            }
        }
    }

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
