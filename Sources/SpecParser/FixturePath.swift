import Foundation

/// Where a fixture a spec names (`task.info-plist`) is: the one place that turns a written path into a file path.
///
/// A relative path is read from the folder of the spec file that names it, so a spec tree can be moved or run
/// from anywhere; an absolute path stays as written. Every fixture path goes through `resolve`, so a rule about
/// which paths are allowed (for example, only inside the spec tree) has exactly one place to live.
enum FixturePath {
    /// The outcome of resolving one written path.
    enum Resolution: Equatable {
        /// The file exists at `path` (relative to the working directory when the spec path is relative).
        case file(path: String)
        /// Nothing (or a folder) is at `path`.
        case missing(path: String)
    }

    /// `written` read from the folder of the spec file at `specPath`, checked to be a file.
    static func resolve(_ written: String, specPath: String, fileManager: FileManager = .default) -> Resolution {
        let path = joined(written, specPath: specPath)
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            return .missing(path: path)
        }
        return .file(path: path)
    }

    /// The spec file's folder as messages name it (`specs/lifecycle`), or `.` for a file in the working directory.
    static func folder(of specPath: String) -> String {
        guard let slash = specPath.lastIndex(of: "/") else { return "." }
        return slash == specPath.startIndex ? "/" : String(specPath[..<slash])
    }

    private static func joined(_ written: String, specPath: String) -> String {
        if written.hasPrefix("/") { return written }
        var parts = written.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        parts.removeAll { $0 == "." }
        let folder = folder(of: specPath)
        guard folder != "." else { return parts.joined(separator: "/") }
        return (folder == "/" ? "" : folder) + "/" + parts.joined(separator: "/")
    }
}
