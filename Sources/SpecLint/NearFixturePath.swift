import Foundation
import SpecDiagnostics

/// The file a fixture path that names nothing was most likely meant to name (`fixture/Info.plist` when
/// `fixtures/Info.plist` exists): each name on the written path that is not there is replaced by its nearest spelling
/// in the folder that should hold it.
///
/// Only the folders on the written path are read, each once, and at most `namesPerFolder` names of each are compared:
/// the search is as long as the path, never a walk through the tree.
struct NearFixturePath {
    let fileManager: FileManager
    /// The folders' names, shared by the specs of a run (a fresh reading by default).
    var folderNames = FixtureFolderNames()

    /// The most names of one folder compared with a missing name; a fixture folder holds a handful.
    static let namesPerFolder = 1000

    /// The written path with each missing name replaced by a near one, when that leads to a file; nil otherwise.
    /// `folder` is the spec file's folder (`` for the current one), which a relative path is read from.
    func suggestion(for written: String, from folder: String) -> String? {
        let names = written.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        var current = written.hasPrefix("/") ? "/" : (folder.isEmpty ? "." : folder)
        var near: [String] = []
        var changed = false
        for (index, name) in names.enumerated() {
            if name.isEmpty || name == "." || name == ".." {
                if name == ".." { current = Self.joined(current, name) }
                near.append(name)
                continue
            }
            let wantsFolder = index < names.count - 1
            var chosen = name
            if !holds(Self.joined(current, name), folder: wantsFolder) {
                guard let replacement = nearestName(to: name, in: current, folder: wantsFolder) else { return nil }
                chosen = replacement
                changed = true
            }
            near.append(chosen)
            current = Self.joined(current, chosen)
        }
        return changed ? near.joined(separator: "/") : nil
    }

    /// Whether a folder (or, with `folder` false, a file) is at `path`.
    private func holds(_ path: String, folder: Bool) -> Bool {
        var isFolder: ObjCBool = false
        return fileManager.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue == folder
    }

    /// The name in `parent` nearest to `name` (as did-you-mean measures it) that is a folder (or a file) and no symbolic
    /// link: a link could lead out of the spec tree, where a fixture may not be read.
    private func nearestName(to name: String, in parent: String, folder: Bool) -> String? {
        guard let entries = folderNames.sortedNames(of: parent, limit: Self.namesPerFolder, fileManager: fileManager)
        else { return nil }
        let close = Suggestion.near(name, in: entries)
        for candidate in close.sorted(by: { ($0.distance, $0.name) < ($1.distance, $1.name) }) {
            let path = Self.joined(parent, candidate.name)
            let type = (try? fileManager.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
            if type != .typeSymbolicLink, holds(path, folder: folder) { return candidate.name }
        }
        return nil
    }

    private static func joined(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
