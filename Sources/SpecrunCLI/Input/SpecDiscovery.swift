import Foundation
import SpecDiagnostics

/// Finds spec files: every `*.yaml` / `*.yml` below each directory, and each file named directly; the result is
/// sorted by path and free of repeats.
///
/// Below a folder: hidden names (`.git`, `.a.yaml`) are skipped; linked folders are followed, each folder walked
/// once (known by device and inode, so a link back up the tree ends the walk there); broken links with a spec's
/// name are kept, for the reader to report. Whatever would make specs vanish unseen is kept for the reader to
/// report too: a folder that cannot be listed (the folder's path) and a spec or folder whose name is not UTF-8
/// (its name with `�` for the bad bytes).
struct SpecDiscovery {
    static let extensions: Set<String> = ["yaml", "yml"]

    /// The spec files below `paths`, and the files below them named like a spec saved as a text document, which are
    /// not read (`nightly.yaml.txt`, as Notepad saves one): each is told in a warning, so it does not vanish unseen.
    struct Found {
        var files: [String]
        var savedAsText: [String]

        /// How many files saved as text are told one by one; the rest in one line.
        static let warningLimit = 10

        /// The warning for a file named like a spec saved as text; the name it would take may be taken already.
        static func warning(_ path: String) -> String {
            let target = String(path.dropLast(4))
            let rename = FileManager.default.fileExists(atPath: target)
                ? "a file '\(ControlCharacters.visible(target))' is there too: compare the two and keep one"
                : "rename it to '\(ControlCharacters.visible(target))' to run it"
            return "'\(ControlCharacters.visible(path))' is not read: its name ends in .txt after .\((target as NSString).pathExtension), as an "
                + "editor names a spec saved as a text document (Notepad's \"Text Documents (*.txt)\"); " + rename
        }

        /// The warnings for every file saved as text: the first ten one by one (20,000 such files printed 20,000 lines).
        var warnings: [String] {
            let told = savedAsText.prefix(Self.warningLimit).map(Self.warning)
            guard savedAsText.count > Self.warningLimit else { return told }
            return told + ["\(savedAsText.count - Self.warningLimit) more files below the spec folders are named like a spec saved as text "
                + "(*.yaml.txt) and are not read"]
        }

        /// For the results (`notes`), where CI shows it: stderr alone is easily missed.
        var note: [String] {
            guard let first = savedAsText.first else { return [] }
            let more = savedAsText.count > 1 ? " and \(savedAsText.count - 1) more" : ""
            return ["\(savedAsText.count) file\(savedAsText.count == 1 ? " is" : "s are") named like a spec saved as a text document and "
                + "not read (\(ControlCharacters.visible(first))\(more)): rename each to end in .yaml to run it"]
        }
    }

    /// The spec files of a run or a check, refused (with the files saved as text, if any) when there is none.
    /// `stayInside`: a link to a folder outside a named folder is one path for the reader to refuse, not walked
    /// (`TreeWalk.stayInside`).
    static func specs(in paths: [String], stayInside: Bool = false) throws(UsageError) -> Found {
        var savedAsText: [String] = []
        let files = try files(in: paths, savedAsText: &savedAsText, stayInside: stayInside)
        guard !files.isEmpty else {
            let places = paths.map { "'\($0)'" }.joined(separator: ", ")
            let asText = savedAsText.isEmpty ? ""
                : " (\(savedAsText.count == 1 ? "'\(savedAsText[0])' is" : "\(savedAsText.count) files, '\(savedAsText[0])' the first, are") "
                    + "named like a spec saved as a text document: rename \(savedAsText.count == 1 ? "it" : "them") to end in .yaml)"
            throw UsageError("no spec files (*.yaml, *.yml) found in \(places)\(asText). Add a spec, or point specrun at the folder that holds them.")
        }
        return Found(files: files, savedAsText: savedAsText)
    }

    static func files(in paths: [String]) throws(UsageError) -> [String] {
        var savedAsText: [String] = []
        return try files(in: paths, savedAsText: &savedAsText)
    }

    static func files(in paths: [String], savedAsText: inout [String], stayInside: Bool = false) throws(UsageError) -> [String] {
        var found: Set<String> = []
        var asText: [String] = []
        defer { savedAsText = asText.sorted() }
        var walk = TreeWalk()
        walk.stayInside = stayInside
        // Each file once, under the first name that reaches it: `b.yaml → a.yaml` beside `a.yaml` (or a spec named
        // directly and through a link) was read twice, and its spec names told as used in another file of the run.
        var files: Set<TreeWalk.FileID> = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                // A folder on the path that the user may not search (`/root/specs` for a CI user, a working folder
                // chmod 000) is no missing file: "No such file or directory" sent people looking for a typo.
                var info = stat()
                let failure = stat(path, &info) != 0 ? errno : 0
                if failure == EACCES {
                    throw UsageError.fileProblem(Self.unreachable(path))
                }
                // A path longer than the system's limit cannot be looked at, which is no missing file either: kept for
                // the reader, which reports it as it does one found in a folder ("File name too long").
                // So is a loop of links ("Too many levels of symbolic links"), as it is when found in a folder.
                if failure == ENAMETOOLONG || failure == ELOOP {
                    found.insert(normalized(path))
                    continue
                }
                // The process decodes its arguments with `\u{FFFD}` for bytes that are not UTF-8, so such a name can
                // never be opened: say why rather than leave the reader doubting the file is there.
                if path.contains("\u{FFFD}") {
                    throw UsageError(
                        "no such file or directory: '\(path)'. If the name on disk is not valid UTF-8 (\u{FFFD} stands "
                            + "for the bytes that are not), rename it: specrun reads only UTF-8 names."
                    )
                }
                // A command written after an option (`specrun --color never check specs/`) is read as a path: a claims
                // audit was told only that no file 'check' exists.
                if SpecrunCommand.subcommands.contains(where: { $0.name == path }) {
                    throw UsageError("no such file or directory: '\(path)'. '\(path)' is a command, and a command comes first, "
                        + "before any option: specrun \(path) [options] …")
                }
                // A bare word may have been meant as a command (`specrun validate`): name them.
                let commands = SpecrunCommand.isWord(path) ? ", or one of the commands: \(SpecrunCommand.commandNames)" : ""
                throw UsageError("no such file or directory: '\(path)'. Give a spec file or a folder of specs\(commands)."
                    + UnexpandedHome.hint(for: path))
            }
            if !isDirectory.boolValue {
                if let file = TreeWalk.FileID.of(path), !files.insert(file).inserted { continue }
                found.insert(normalized(path))
                continue
            }
            _ = walk.walk(normalized(path)) { entry in
                if entry.isSpecSavedAsText {
                    asText.append(entry.path)
                } else if entry.file.map({ files.insert($0).inserted }) ?? true {
                    found.insert(entry.path)
                }
                return true
            }
        }
        return found.sorted()
    }

    /// A named path behind a folder the user may not search.
    static func unreachable(_ path: String) -> String {
        "'\(path)' cannot be reached (Permission denied): a folder on its path may not be searched by the user who runs "
            + "specrun (uid \(geteuid())); give that user search permission (chmod a+x) on the folders of the path, or copy the "
            + "specs to a folder it may read"
    }

    /// What `firstEntry(in:folderLimit:)` saw.
    enum FirstEntry: Equatable {
        /// No spec below the folder, every folder read.
        case none
        /// A spec's name (or a broken link with one).
        case spec(String)
        /// A folder that cannot be listed, or a name that is not UTF-8: what is in it, or behind it, is unknown.
        case unreadable(String)
        /// More folders than the limit: the walk stopped without an answer.
        case tooManyFolders
    }

    /// The first spec (or unreadable entry) below `directory` that discovery would report, looking at no more than
    /// `folderLimit` folders: a question about a folder (does it hold specs?) must not walk all of `/proc`.
    static func firstEntry(in directory: String, folderLimit: Int) -> FirstEntry {
        var walk = TreeWalk(folderLimit: folderLimit)
        var first = FirstEntry.none
        let finished = walk.walk(normalized(directory)) { entry in
            if entry.isSpecSavedAsText { return true }
            first = entry.isSpec ? .spec(entry.path) : .unreadable(entry.path)
            return false
        }
        return finished || first != .none ? first : .tooManyFolders
    }

    /// The folders among `paths`, named as `files(in:)` names what it finds in them: each is a spec tree whose
    /// specs may use fixtures anywhere inside it.
    /// The spec files named on the command line (not folders), as discovery names them: read wherever a link leads
    /// (you named it), also when a named folder holds them too.
    /// Known by device and inode, not by path: named `A/../A/link.yaml` beside `A`, or `A/link.yaml` beside `/abs/A`, the
    /// walk's path for the same file differs from the one named (a hunt found both refused).
    static func namedFiles(in paths: [String]) -> Set<TreeWalk.FileID> {
        Set(paths.filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }.compactMap(TreeWalk.FileID.of))
    }

    static func folders(in paths: [String]) -> [String] {
        paths.filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        }.map(normalized)
    }

    /// `specs/` → `specs`, `./specs/a.yaml` → `specs/a.yaml`, `./` → `.`, `specs//a` and `specs/./a` → `specs/a`:
    /// stable names for ids (and so shards and `--last-failed`) and reports. A relative path stays relative
    /// (`.//specs` → `specs`, never `/specs`); only `""` gives `""`. `..` stays: it may cross a link.
    static func normalized(_ path: String) -> String {
        guard !path.isEmpty else { return "" }
        let absolute = path.hasPrefix("/")
        let components = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        if components.isEmpty { return absolute ? "/" : "." }
        return (absolute ? "/" : "") + components.joined(separator: "/")
    }
}
