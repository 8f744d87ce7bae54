import Foundation

/// The file a path names, as one string: its real path (links and `..` resolved) when it exists; else the real path
/// of its nearest folder that exists, followed by the rest of the path. Two paths naming one file give the same
/// identity (`specs/a.yaml`, `./specs/../specs/a.yaml`, a link to it), also before the file is written
/// (`out/r.json` and `link-to-out/r.json`).
enum FileIdentity {
    static func of(_ path: String) -> String {
        resolve(path, again: true)
    }

    private static func resolve(_ path: String, again: Bool) -> String {
        if let resolved = realPath(path) { return resolved }
        var head = URL(fileURLWithPath: path).path
        var rest: [String] = []
        // Each step drops one component, so this ends at `/` at the latest.
        while head != "/", !head.isEmpty {
            rest.insert((head as NSString).lastPathComponent, at: 0)
            head = (head as NSString).deletingLastPathComponent
            if let resolved = realPath(head) {
                let joined = URL(fileURLWithPath: resolved).appendingPathComponent(rest.joined(separator: "/")).standardizedFileURL.path
                // `out/new/../r.json` with no `new` yet: the writer makes `new`, and `..` then leads back to `out/r.json`,
                // which may exist (or be a link): resolved once more, with the `..` taken lexically.
                return again ? resolve(joined, again: false) : joined
            }
        }
        return URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// Whether the file `path` names lies inside `folder` (at any depth): compared both as written (made absolute,
    /// for a path through a link inside the folder) and as resolved identities (for a path into it through a link).
    /// Returns the components below the folder, or nil when it is not inside.
    static func components(of path: String, below folder: String) -> [String]? {
        func below(_ path: String, _ folder: String) -> [String]? {
            let folderParts = folder.split(separator: "/").map(String.init)
            let parts = path.split(separator: "/").map(String.init)
            guard parts.count > folderParts.count, Array(parts.prefix(folderParts.count)) == folderParts else { return nil }
            return Array(parts.dropFirst(folderParts.count))
        }
        let written = URL(fileURLWithPath: path).standardizedFileURL.path
        let writtenFolder = URL(fileURLWithPath: folder).standardizedFileURL.path
        return below(written, writtenFolder) ?? below(of(path), of(folder))
    }

    /// The path with every link and `..` resolved (realpath), or nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
