import Foundation
import SpecModel

/// Where a fixture a spec names (`task.info-plist`) is: the one place that turns a written path into a file path.
///
/// A relative path is read from the folder of the spec file that names it, so a spec tree can be moved or run
/// from anywhere. Under `FixtureScope.specTree` (the default) the path must stay inside the spec file's tree:
/// checked first as written (`..` applied, without touching the file system), then with every symbolic link
/// resolved, on the very path that is later read.
enum FixturePath {
    /// The outcome of resolving one written path.
    enum Resolution: Equatable {
        /// The file exists at `path` (relative to the working directory when the spec path is relative).
        case file(path: String)
        /// Nothing (or a folder) is at `path`.
        case missing(path: String)
        /// The path leads outside the spec tree; `reason` is the whole sentence a diagnostic says about it.
        case outside(reason: String)
    }

    /// The flag that lifts the confinement, as messages name it.
    static let allowFlag = "--allow-outside-fixtures"

    /// `written` read from the folder of the spec file at `specPath`, checked to stay in `scope` and to be a file.
    static func resolve(
        _ written: String, specPath: String, scope: FixtureScope = .specFolder, fileManager: FileManager = .default
    ) -> Resolution {
        let path = joined(written, specPath: specPath)
        if case .specTree(let roots) = scope,
           let reason = SpecTree(specPath: specPath, roots: roots, workingDirectory: fileManager.currentDirectoryPath)
               .refusal(written: written, path: path) {
            return .outside(reason: reason)
        }
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            return .missing(path: path)
        }
        return .file(path: path)
    }

    /// Why a spec file found inside a folder named on the command line may not be read: a symbolic link on its way
    /// leads out of that folder (`specs/a.yaml → /etc/passwd`), and a diagnostic would print the line it failed on.
    /// Nil when it may be read: inside the folder physically too, named directly, or `scope` is `.anywhere`.
    ///
    /// For the many spec files of one run: the named folders' components, as written and with every link
    /// resolved, are worked out once. Worked out again for each file, they cost 1.4 % of a 10,000-spec run's CPU
    /// profile (two `realpath` calls and four path splits per file, for a corpus without one link).
    struct LinkCheck: Sendable {
        /// Each folder named on the command line: as written, and its absolute components lexically and physically.
        private let roots: [(written: String, lexical: [String], physical: [String])]
        private let workingDirectory: String

        init(scope: FixtureScope, workingDirectory: String) {
            self.workingDirectory = workingDirectory
            guard case .specTree(let roots) = scope else {
                self.roots = []
                return
            }
            self.roots = roots.map { root in
                (root, FixturePath.lexical(root, in: workingDirectory), FixturePath.physical(root, in: workingDirectory))
            }
        }

        func reason(specPath: String) -> String? {
            guard !roots.isEmpty else { return nil }
            let file = lexical(specPath, in: workingDirectory)
            let holding = roots.filter { root in
                file.count > root.lexical.count && file.starts(with: root.lexical)
            }
            guard let root = holding.first?.written else { return nil }
            let physicalFile = physical(specPath, in: workingDirectory)
            let inside = holding.contains { root in
                physicalFile.count > root.physical.count && physicalFile.starts(with: root.physical)
            }
            guard !inside else { return nil }
            // A link to a folder out of the tree is given once, not walked (`TreeWalk.stayInside`).
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: specPath, isDirectory: &isFolder), isFolder.boolValue {
                return "this folder is reached through a symbolic link that leads out of the folder '\(root)' named on the command line, "
                    + "to /\(physicalFile.joined(separator: "/")), so it is not searched for specs; copy its specs into the folder, name it "
                    + "on the command line, or allow it with \(allowFlag)"
            }
            return "this spec file is reached through a symbolic link that leads out of the folder '\(root)' named on the command line, "
                + "to /\(physicalFile.joined(separator: "/")), so it is not read; copy the file into the folder, name it on the command line, "
                + "or allow it with \(allowFlag)"
        }
    }

    /// The spec file's folder as messages name it (`specs/lifecycle`), or `.` for a file in the working directory.
    static func folder(of specPath: String) -> String {
        let folder = ParentFolder.of(specPath)
        return folder.isEmpty ? "." : folder
    }

    private static func joined(_ written: String, specPath: String) -> String {
        if written.hasPrefix("/") { return written }
        var parts = written.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        parts.removeAll { $0 == "." }
        let folder = folder(of: specPath)
        guard folder != "." else { return parts.joined(separator: "/") }
        return (folder == "/" ? "" : folder) + "/" + parts.joined(separator: "/")
    }

    /// The folders a spec file's fixtures may come from, and the checks against them.
    private struct SpecTree {
        /// The tree as messages name it: the widest named folder holding the spec file, else the file's folder.
        let name: String
        /// Whether `name` is a folder named on the command line (else the spec file's own folder).
        let isNamedFolder: Bool
        /// Absolute, `..`-free components of the folders that count as inside: the named folders that hold the
        /// spec file, and the spec file's own folder (it may be reached through a link in a named folder).
        let folders: [[String]]
        /// The spec file's own folder, absolute and `..`-free.
        let specFolder: [String]
        /// The spec file's path as the run names it.
        let specPath: String
        let workingDirectory: String

        init(specPath: String, roots: [String], workingDirectory: String) {
            self.workingDirectory = workingDirectory
            self.specPath = specPath
            let specFile = FixturePath.lexical(specPath, in: workingDirectory)
            specFolder = Array(specFile.dropLast())
            let holding = roots
                .map { (written: $0, components: FixturePath.lexical($0, in: workingDirectory)) }
                .filter { specFile.count > $0.components.count && specFile.starts(with: $0.components) }
                .sorted { $0.components.count < $1.components.count }
            if let widest = holding.first {
                name = widest.written
                isNamedFolder = true
            } else {
                name = FixturePath.folder(of: specPath)
                isNamedFolder = false
            }
            folders = holding.map(\.components) + [specFolder]
        }

        /// Why `path` (the fixture `written` joined to the spec's folder) may not be read; nil when it may.
        func refusal(written: String, path: String) -> String? {
            let treeKind = isNamedFolder ? "the folder named on the command line" : "this spec file's folder"
            if written.hasPrefix("/") {
                return "'\(written)' is an absolute path, and fixtures are read only inside the spec tree '\(name)' (\(treeKind)); "
                    + "write the path relative to this spec file's folder, or allow any path with \(FixturePath.allowFlag)"
            }
            let lexical = FixturePath.lexical(path, in: workingDirectory)
            guard contains(lexical, in: folders) else {
                var advice = "move the fixture into the tree"
                if !isNamedFolder, let both = folderHoldingBoth(lexical) {
                    advice += ", run the folder that holds both ('specrun \(both)')"
                }
                return "'\(written)' leads outside the spec tree '\(name)' (\(treeKind)); \(advice), or allow it with \(FixturePath.allowFlag)"
            }
            // The kernel resolves links before it applies `..`, so the physical check starts from the path as joined.
            let physical = FixturePath.physical(path, in: workingDirectory)
            let physicalFolders = folders.map { FixturePath.physical("/" + $0.joined(separator: "/"), in: workingDirectory) }
            guard contains(physical, in: physicalFolders) else {
                return "'\(written)' leads outside the spec tree '\(name)' (\(treeKind)) through a symbolic link, to "
                    + "/\(physical.joined(separator: "/")); copy the file into the tree, or allow it with \(FixturePath.allowFlag)"
            }
            return nil
        }

        /// The nearest folder holding both the spec file and the fixture, when it is inside the working directory
        /// (a folder further out is no spec tree to suggest), written the way the spec path is.
        private func folderHoldingBoth(_ fixture: [String]) -> String? {
            let working = FixturePath.lexical(workingDirectory, in: "/")
            let common = Array(zip(fixture, specFolder).prefix { $0 == $1 }.map(\.0))
            guard common.starts(with: working) else { return nil }
            if specPath.hasPrefix("/") { return "/" + common.joined(separator: "/") }
            let relative = common.dropFirst(working.count)
            return relative.isEmpty ? "." : relative.joined(separator: "/")
        }

        private func contains(_ path: [String], in folders: [[String]]) -> Bool {
            folders.contains { path.count > $0.count && path.starts(with: $0) }
        }
    }

    /// The absolute path's components with `.` dropped and `..` applied as text (never above the root).
    static func lexical(_ path: String, in workingDirectory: String) -> [String] {
        let absolute = path.hasPrefix("/") ? path : workingDirectory + "/" + path
        var components: [String] = []
        for part in absolute.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": _ = components.popLast()
            default: components.append(String(part))
            }
        }
        return components
    }

    /// The path's components with every symbolic link resolved: the longest part that exists goes through
    /// `realpath(3)`, and what does not exist yet is appended with `..` applied as text. A link whose target does
    /// not exist is followed to where it points (so a dangling link out of the tree is judged as outside, exactly as
    /// one to a file that exists: the answer reveals nothing about what exists there), up to the system's own
    /// bound of 40 links; past it, or in a loop, the link is judged where it is.
    static func physical(_ path: String, in workingDirectory: String, links: Int = 0) -> [String] {
        let absolute = path.hasPrefix("/") ? path : workingDirectory + "/" + path
        let parts = absolute.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        // Each pass drops one component, so the loop ends after at most `parts.count + 1` passes.
        for existing in stride(from: parts.count, through: 0, by: -1) {
            let prefix = "/" + parts[..<existing].joined(separator: "/")
            let rest = parts[existing...].joined(separator: "/")
            if let resolved = realpath(prefix, nil) {
                defer { free(resolved) }
                return lexical(String(cString: resolved) + "/" + rest, in: "/")
            }
            if links < 40, existing > 0, let target = SymbolicLink.target(at: prefix) {
                let folder = "/" + parts[..<(existing - 1)].joined(separator: "/")
                let followed = (target.hasPrefix("/") ? target : folder + "/" + target) + (rest.isEmpty ? "" : "/" + rest)
                return physical(followed, in: "/", links: links + 1)
            }
        }
        return lexical(absolute, in: "/")
    }
}
