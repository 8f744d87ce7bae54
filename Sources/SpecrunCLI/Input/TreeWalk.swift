import Foundation

/// Walks folders for spec files, breadth first with names sorted, each folder once: folders are known by device
/// and inode, so a link back up the tree (`l → .`) or a second path to a folder already walked ends there.
///
/// Path text cannot tell these apart on Linux (`resolvingSymlinksInPath` leaves such links as they are): a single
/// `l → .` made the walk go forty links deep, two made it exponential.
struct TreeWalk {
    /// A spec's name, or something the reader reports: a folder that cannot be listed, a name that is not UTF-8.
    struct Entry: Equatable {
        var path: String
        var isSpec: Bool
        /// A spec saved as a text document (`nightly.yaml.txt`): not read, told in a warning.
        var isSpecSavedAsText = false
        /// The file a spec's name leads to, links followed, when it could be looked at: two names of one file (a link
        /// beside its target, a hard link) are one spec file.
        var file: FileID?
    }

    /// A file or folder by device and inode: what tells two paths to one apart from two of the same name.
    struct FileID: Hashable {
        var device: UInt64
        var inode: UInt64

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }

        /// The file at `path`, links followed; nil when it cannot be looked at.
        static func of(_ path: String) -> FileID? {
            var info = stat()
            return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG ? FileID(info) : nil
        }
    }

    /// `nightly.yaml.txt`: what Notepad writes for `nightly.yaml` saved as "Text Documents (*.txt)".
    static func isSpecSavedAsText(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return lowered.hasSuffix(".yaml.txt") || lowered.hasSuffix(".yml.txt")
    }

    /// How many folders one value may list; past it, `walk` returns false.
    let folderLimit: Int
    /// Whether a link to a folder outside the walked folder is given as one entry (its path, for the reader to refuse
    /// as out of the spec tree) instead of walked: `ln -s / specs/root` walked the whole file system, one error for each
    /// of its 32,301 YAML files (a hostile-input hunt). Off under `--allow-outside-fixtures`, where links out are read.
    var stayInside = false
    private var visited: Set<FileID> = []
    private var listed = 0

    init(folderLimit: Int = .max) {
        self.folderLimit = folderLimit
    }

    /// Calls `found` for each entry below `directory`, until it returns false; folders this value walked before
    /// (under another named path) are not walked again. Returns false when stopped or past the folder limit.
    mutating func walk(_ directory: String, _ found: (Entry) -> Bool) -> Bool {
        var info = stat()
        guard stat(directory, &info) == 0 else { return found(Entry(path: directory, isSpec: false)) }
        // The walked folder as the file system names it: a link's target below it is inside.
        let root = stayInside ? FileIdentity.realPath(directory) : nil
        var queue = [(path: directory, identity: FileID(info))]
        var next = 0
        while next < queue.count {
            let folder = queue[next].path
            next += 1
            guard visited.insert(queue[next - 1].identity).inserted else { continue }
            guard listed < folderLimit else { return false }
            listed += 1
            guard let directoryStream = opendir(folder) else {
                // The reader says why (permission denied, …): the specs in it must not vanish from the run unseen.
                if !found(Entry(path: folder, isSpec: false)) { return false }
                continue
            }
            defer { closedir(directoryStream) }
            let descriptor = dirfd(directoryStream)
            for name in Self.names(directoryStream) where name.first != UInt8(ascii: ".") {
                let text = String(decoding: name, as: UTF8.self)
                let isValidName = String(validating: name, as: UTF8.self) != nil
                let child = folder == "." ? text : folder == "/" ? "/" + text : folder + "/" + text
                let isSpecName = SpecDiscovery.extensions.contains((text as NSString).pathExtension.lowercased())
                var childInfo = stat()
                let cName = name.map { CChar(bitPattern: $0) } + [0]
                let followed = fstatat(descriptor, cName, &childInfo, 0)
                if followed == 0 {
                    if childInfo.st_mode & S_IFMT == S_IFDIR {
                        // A folder whose name is not UTF-8 cannot be named to the reader, so it is reported.
                        guard isValidName else {
                            if !found(Entry(path: child, isSpec: false)) { return false }
                            continue
                        }
                        if let root, Self.isLink(cName, in: descriptor), let target = FileIdentity.realPath(child),
                           target != root, !target.hasPrefix(root == "/" ? "/" : root + "/") {
                            // Told once, at the link, by the reader (`SpecTreeLinks`): not walked.
                            if !found(Entry(path: child, isSpec: true)) { return false }
                            continue
                        }
                        queue.append((child, FileID(childInfo)))
                    } else if isSpecName, !found(Entry(path: child, isSpec: true, file: FileID(childInfo))) {
                        return false
                    } else if !isSpecName, isValidName, Self.isSpecSavedAsText(text),
                              !found(Entry(path: child, isSpec: false, isSpecSavedAsText: true)) {
                        return false
                    }
                    continue
                }
                let failure = errno
                if failure == ENOENT || failure == ELOOP {
                    // A broken link or a loop of links is kept only with a spec's name, as other files are.
                    if isSpecName, !found(Entry(path: child, isSpec: true)) { return false }
                    continue
                }
                var linkInfo = stat()
                let isListedButNotSearchable = failure == EACCES
                    && fstatat(descriptor, cName, &linkInfo, AT_SYMLINK_NOFOLLOW) != 0
                if isListedButNotSearchable {
                    // Read permission without search permission: nothing in the folder can be looked at.
                    if !found(Entry(path: folder, isSpec: false)) { return false }
                    break
                }
                // A link to something that cannot be looked at may lead to a folder of specs: the reader reports it.
                if !found(Entry(path: child, isSpec: isSpecName)) { return false }
            }
        }
        return true
    }

    /// Whether the entry `name` of the folder open at `descriptor` is a symbolic link.
    private static func isLink(_ name: [CChar], in descriptor: Int32) -> Bool {
        var info = stat()
        return fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    /// The names in a folder, as bytes (a name need not be UTF-8), sorted.
    private static func names(_ stream: OpaquePointer) -> [[UInt8]] {
        var names: [[UInt8]] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                Array(raw.prefix { $0 != 0 })
            }
            if name == [UInt8(ascii: ".")] || name == [UInt8(ascii: "."), UInt8(ascii: ".")] { continue }
            names.append(name)
        }
        return names.sorted { $0.lexicographicallyPrecedes($1) }
    }
}
