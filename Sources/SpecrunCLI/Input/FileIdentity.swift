import Foundation

/// The file a path names, as one string: its real path (links and `..` resolved) when it exists, else its
/// absolute, standardized form. Two paths naming one file give the same identity (`specs/a.yaml`,
/// `./specs/../specs/a.yaml`, a link to it).
enum FileIdentity {
    static func of(_ path: String) -> String {
        if let resolved = realpath(path, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        return URL(fileURLWithPath: path).standardizedFileURL.path
    }
}
