import Foundation
import SpecDiagnostics
import SpecModel

/// Warns about a lifecycle scenario whose `info-plist:` names no file: the scenario cannot run without its static
/// gate, so it will end in an error (the other specs still run). The file may be written before the run, so this
/// is a lint rather than a parse error; `--strict` makes it an error.
///
/// The parser has already resolved the path against the spec file's folder, kept it inside the spec tree and
/// looked for the file (`found`); the lint only reports.
public struct MissingFixtureLint: SpecLintRule {
    /// Where a near path is looked for (only the folders on the written path are read).
    let fileManager: FileManager
    /// The fixture folders read so far: one linter's specs share them.
    let folderNames = FixtureFolderNames()

    public init() {
        self.init(fileManager: .default)
    }

    init(fileManager: FileManager) {
        self.fileManager = fileManager
    }

    public func diagnostics(for spec: Spec, in file: SpecFile) -> [Diagnostic] {
        guard case .lifecycle(let body) = spec.body, case .infoPlist(let path, found: false, let written, let location, let sourceLine) = body.gate
        else { return [] }
        let folder = ParentFolder.of(file.path)
        // The path as found is worth showing only where it differs from the path as written.
        let lookedFor = path == written ? "" : " (looked for \(path))"
        return [Diagnostic(
            code: LintCode.missingFixture.rawValue,
            severity: .warning,
            location: location,
            message: message(path: path, written: written, lookedFor: lookedFor, folder: folder),
            sourceLine: sourceLine,
            length: written.count)]
    }

    private func message(path: String, written: String, lookedFor: String, folder: String) -> String {
        // A folder by that name is not "no file": say what it is, and name a plist in it (the lint review).
        var isFolder: ObjCBool = false
        if fileManager.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            let plists = ((try? fileManager.contentsOfDirectory(atPath: path)) ?? []).filter { $0.hasSuffix(".plist") }
                .sorted { ($0 == "Info.plist" ? 0 : 1, $0) < ($1 == "Info.plist" ? 0 : 1, $1) }
            let inFolder = (written.hasSuffix("/") ? written : written + "/") + (plists.first ?? "")
            return "'\(written)' is a folder, not a file\(lookedFor), so the scenario cannot run; name the Info.plist file itself"
                + (plists.isEmpty ? "" : ", e.g. '\(inFolder)'")
        }
        let advice = if let near = NearFixturePath(fileManager: fileManager, folderNames: folderNames).suggestion(for: written, from: folder) {
            "did you mean '\(near)'?"
        } else {
            "add it, or write the path relative to the spec file's folder (\(folder.isEmpty ? "the current folder" : folder))"
        }
        return "there is no file '\(written)' for this spec\(lookedFor), so the scenario cannot run; \(advice)"
    }
}
