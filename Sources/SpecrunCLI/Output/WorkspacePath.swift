import Foundation

/// Spec paths as GitHub reads an annotation's `file`: relative to the repository's root, `GITHUB_WORKSPACE`.
///
/// A run from a subfolder (`working-directory: ios/` in a workflow) or with absolute paths named its files as given,
/// and GitHub attached those annotations to nothing. A path outside the workspace, or any path when the variable is
/// not set or not absolute, stays as the run names it. Paths are compared as written (`.` and `..` applied, links
/// not resolved): a runner's working directory is the workspace or a folder in it, as the variable spells it.
enum WorkspacePath {
    /// The function that rewrites a path named relative to `workingDirectory` (or absolute) for annotations.
    static func annotationPath(workspace: String?, workingDirectory: String) -> @Sendable (String) -> String {
        guard let workspace, workspace.hasPrefix("/") else { return { $0 } }
        let root = normalized(workspace)
        return { path in
            let absolute = normalized(path.hasPrefix("/") ? path : workingDirectory + "/" + path)
            guard absolute.count > root.count + 1, absolute.hasPrefix(root == "/" ? "/" : root + "/") else { return path }
            return String(absolute.dropFirst(root == "/" ? 1 : root.count + 1))
        }
    }

    /// An absolute path with `.`, `..` and repeated slashes applied, without touching the file system.
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }
}

extension CommandIO {
    /// A spec path as an annotation's `file=` names it: relative to `GITHUB_WORKSPACE` when the file is inside it.
    var annotationPath: @Sendable (String) -> String {
        WorkspacePath.annotationPath(
            workspace: environment["GITHUB_WORKSPACE"], workingDirectory: FileManager.default.currentDirectoryPath)
    }
}
