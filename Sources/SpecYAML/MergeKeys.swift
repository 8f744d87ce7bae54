/// YAML's merge key (`<<: *defaults`, from YAML 1.1's types and read by most YAML tools): the entries of the mapping
/// it names, or of each mapping of the list it names, are written into the mapping that holds it. A key the mapping
/// writes itself wins over a merged one, and an earlier merged mapping over a later one. Only a plain `<<` (or one
/// tagged `!!merge`) merges; a quoted `"<<"` is an ordinary key.
///
/// A `<<` whose value is not a mapping or a list of mappings is left in place, for the spec parser to tell.
enum MergeKeys {
    static let tag = "tag:yaml.org,2002:merge"

    static func resolve(_ entries: [Node.Entry]) -> [Node.Entry] {
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
            for source in sources {
                for merged in source {
                    if let key = merged.key.scalar {
                        guard taken.insert(key.value).inserted else { continue }
                    }
                    resolved.append(merged)
                }
            }
        }
        return resolved
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
