/// How `RunComparison` finds one file of OLD in NEW under another path — another spelling of the path, a renamed
/// folder — with a few dictionary lookups per file: a scan of every other file for each one was quadratic (the same
/// spec name in 20,000 files took 76 s, 8,000 invalid files 20 s).
extension RunComparison {
    /// Two spellings of one file's path: one ends with the other at a folder boundary (`./` aside), as
    /// `specs/a.yaml` and `/ci/specs/a.yaml`.
    static func sameFile(_ a: String, _ b: String) -> Bool {
        guard a != b else { return false }
        return PathEndings.of(b).contains(PathEndings.trimmed(a)) || PathEndings.of(a).contains(PathEndings.trimmed(b))
    }
}

/// Paths, each filed with a key (a test's spec, case and engine, or nothing), looked up by another spelling of a path
/// (`RunComparison.sameFile`): a path is filed under each of its endings that start after a `/` and under itself, so
/// a shorter spelling finds it in one lookup, and a longer one finds it by looking up each of its own endings.
struct PathSpellings<Key: Hashable> {
    private struct Filed: Hashable {
        var key: Key
        var path: Substring
    }

    private let paths: [String]
    /// Each ending (and the whole path) → the first two entries with distinct paths filed under it, in the order given:
    /// the second answers when the first is the path looked up itself.
    private var byEnding: [Filed: [Int]] = [:]
    /// Each path without a leading `./` → the same.
    private var byTrimmed: [Filed: [Int]] = [:]

    init(_ entries: [(key: Key, path: String)]) {
        paths = entries.map(\.path)
        for (index, entry) in entries.enumerated() {
            for ending in PathEndings.of(entry.path) {
                Self.file(index, under: Filed(key: entry.key, path: ending), in: &byEnding, paths: paths)
            }
            Self.file(index, under: Filed(key: entry.key, path: PathEndings.trimmed(entry.path)), in: &byTrimmed, paths: paths)
        }
    }

    /// The first entry (in the order given) filed with `key` whose path is another spelling of `path`.
    func first(_ key: Key, otherSpellingOf path: String) -> Int? {
        var found: Int?
        func consider(_ indices: [Int]?) {
            guard let index = indices?.first(where: { paths[$0] != path }) else { return }
            found = min(found ?? index, index)
        }
        consider(byEnding[Filed(key: key, path: PathEndings.trimmed(path))])
        for ending in PathEndings.of(path) { consider(byTrimmed[Filed(key: key, path: ending)]) }
        return found
    }

    /// The path of the first entry filed with `key` whose path is another spelling of `path`.
    func firstPath(_ key: Key, otherSpellingOf path: String) -> String? {
        first(key, otherSpellingOf: path).map { paths[$0] }
    }

    private static func file(_ index: Int, under filed: Filed, in table: inout [Filed: [Int]], paths: [String]) {
        let indices = table[filed, default: []]
        guard indices.count < 2, !indices.contains(where: { paths[$0] == paths[index] }) else { return }
        table[filed] = indices + [index]
    }
}

/// A path's endings at its folder boundaries.
enum PathEndings {
    /// The path and each of its endings that starts after a `/`: `a/b.yaml`, `b.yaml`.
    static func of(_ path: String) -> [Substring] {
        var found: [Substring] = [path[...]]
        var rest = path[...]
        while let slash = rest.firstIndex(of: "/") {
            rest = rest[rest.index(after: slash)...]
            found.append(rest)
        }
        return found
    }

    /// The path without a leading `./`.
    static func trimmed(_ path: String) -> Substring {
        path.hasPrefix("./") ? path.dropFirst(2) : path[...]
    }
}

extension PathSpellings where Key == Bool {
    /// Paths with no key.
    init(_ paths: [String]) {
        self.init(paths.map { (key: true, path: $0) })
    }

    /// Whether another spelling of `path` is among the paths.
    func containsOtherSpelling(of path: String) -> Bool {
        first(true, otherSpellingOf: path) != nil
    }

    /// The first of the paths that is another spelling of `path`.
    func otherSpelling(of path: String) -> String? {
        firstPath(true, otherSpellingOf: path)
    }
}

/// The folders tests moved out of, each with the folders they moved to (`specs` → `specs4`): a renamed spec folder,
/// read from the files matched tests moved between. Where a file of OLD would be in NEW follows from it.
struct FolderMoves: Hashable, Sendable {
    /// An old folder (`""`: the folder the paths are relative to, or every folder for another spelling) → the new ones.
    private var targets: [String: Set<String>] = [:]

    /// The folders moved out of, as the part of each old path before the folders it shares with the new one:
    /// `specs/a/x.yaml` → `specs4/a/x.yaml` gives `specs` → `specs4`; another spelling of the same path
    /// (`specs/a.yaml`, `/ci/specs/a.yaml`) gives `""` → `/ci`. A file renamed in its folder moves nothing out of it.
    init(_ pairs: [(old: String, new: String)]) {
        for pair in pairs where pair.old != pair.new {
            var old = pair.old.split(separator: "/", omittingEmptySubsequences: false).dropLast()
            var new = pair.new.split(separator: "/", omittingEmptySubsequences: false).dropLast()
            guard old != new else { continue }
            while let a = old.last, let b = new.last, a == b {
                old.removeLast()
                new.removeLast()
            }
            targets[old.joined(separator: "/"), default: []].insert(new.joined(separator: "/"))
        }
    }

    var isEmpty: Bool { targets.isEmpty }

    /// The paths a file of OLD would have in NEW, from the deepest folder of its path that tests moved out of (several
    /// when that folder's tests moved to several); empty when its folders stayed where they were.
    func newPaths(of file: String) -> [String] {
        guard !targets.isEmpty else { return [] }
        var folder = file.split(separator: "/", omittingEmptySubsequences: false)
        var rest = [folder.removeLast()]
        while true {
            if let moved = targets[folder.joined(separator: "/")] {
                let tail = rest.joined(separator: "/")
                return moved.sorted().map { $0.isEmpty ? tail : $0 + "/" + tail }
            }
            guard let last = folder.popLast() else { return [] }
            rest.insert(last, at: 0)
        }
    }
}
