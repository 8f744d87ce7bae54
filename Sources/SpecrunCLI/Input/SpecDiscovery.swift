import Foundation

/// Finds spec files: every `*.yaml` / `*.yml` below each directory (recursively, hidden folders skipped; broken
/// links with those names included, for the reader to report), and each file named directly; the result is sorted
/// by path and free of repeats.
struct SpecDiscovery {
    static let extensions: Set<String> = ["yaml", "yml"]

    static func files(in paths: [String]) throws(UsageError) -> [String] {
        var found: Set<String> = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw UsageError("No such file or directory: '\(path)'. Give a spec file or a folder of specs.")
            }
            if !isDirectory.boolValue {
                found.insert(normalized(path))
                continue
            }
            for file in walk(path) { found.insert(file) }
        }
        return found.sorted()
    }

    /// The folders among `paths`, named as `files(in:)` names what it finds in them: each is a spec tree whose
    /// specs may use fixtures anywhere inside it.
    static func folders(in paths: [String]) -> [String] {
        paths.filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        }.map(normalized)
    }

    private static func walk(_ directory: String) -> [String] {
        var result: [String] = []
        var stack = [normalized(directory)]
        var visited: Set<String> = []
        while let folder = stack.popLast() {
            let real = (folder as NSString).resolvingSymlinksInPath
            guard visited.insert(real).inserted else { continue }
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            for name in names where !name.hasPrefix(".") {
                let child = folder == "." ? name : folder + "/" + name
                let isSpecName = extensions.contains((name as NSString).pathExtension.lowercased())
                var isDirectory: ObjCBool = false
                // A name that cannot be followed (a broken link, a loop of links) is kept when it is a spec's name:
                // the reader reports it, where skipping it would make the spec vanish from the run unseen.
                guard FileManager.default.fileExists(atPath: child, isDirectory: &isDirectory) else {
                    if isSpecName { result.append(child) }
                    continue
                }
                if isDirectory.boolValue {
                    stack.append(child)
                } else if isSpecName {
                    result.append(child)
                }
            }
        }
        return result
    }

    /// `specs/` → `specs`, `./specs/a.yaml` → `specs/a.yaml`: stable names for ids and reports.
    static func normalized(_ path: String) -> String {
        var path = path
        while path.hasPrefix("./") { path.removeFirst(2) }
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path
    }
}
