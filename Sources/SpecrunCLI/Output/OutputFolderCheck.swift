import Foundation
import SpecModel

/// Whether a results file can be written where it is named, told before a run rather than after it.
///
/// A CI job running as a non-root user in a checkout owned by root (or a read-only one) ran every test and only
/// then said `cannot write 'out/r.json': its folder cannot be created (The operation could not be completed. You
/// don’t have permission.)`, or `cannot write 'r.json': Permission denied` for a file whose folder was the problem.
/// Every results file is a temporary file in the target's folder renamed over the target (`AtomicFile`), so what
/// must be writable is that folder (or, when it is still to be made, the deepest folder of its path that exists),
/// and a file of another user in a folder with the sticky bit (`/tmp`) cannot be replaced at all.
struct OutputFolderCheck {
    /// Whether the effective user may make files in the folder at `path`: nil when allowed, else the `errno`.
    /// Injected by tests (root may write anywhere).
    var mayWrite: (String) -> Int32? = { path in faccessat(AT_FDCWD, path, W_OK | X_OK, AT_EACCESS) == 0 ? nil : errno }
    /// `stat`'s `errno` for a path, 0 when it exists. Injected by tests (root may search any folder).
    var lookUp: (String) -> Int32 = { path in
        var info = stat()
        return stat(path, &info) == 0 ? 0 : errno
    }
    /// Whether a file can actually be made in the folder at `path`: nil when one was made (and removed), else the
    /// `errno`. `faccessat` said yes, as root, for `/proc` and `/sys`, where the write after the run failed (a CI
    /// review); the atomic writer makes such a temporary file there anyway. Injected by tests.
    var mayCreate: (String) -> Int32? = OutputFolderCheck.probe
    /// The effective user, whom the sticky bit of a folder concerns.
    var userID: uid_t = geteuid()

    /// Why `path` (a results file, or with `isFolder` a folder to write files in) cannot be written, or nil when
    /// nothing is known against it. A device or a pipe is written into, never replaced, so its folder does not matter.
    func problem(writing path: String, isFolder: Bool = false) -> String? {
        var info = stat()
        // A file named as a folder (`--json out/`, `out/.`): no file can be written there, whether or not it exists (a
        // CI review's `--json newd/` ran the whole suite, then was refused).
        if !isFolder, path.hasSuffix("/") || path.hasSuffix("/.") || path == "." || path == ".." || path.hasSuffix("/..") {
            return "'\(path)' names a folder, not a file; add the name of the file to write in it"
        }
        if !isFolder, stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG { return nil }
        // `/dev/stdout` with a log file behind it is written into, not replaced: its folder (`/proc/self/fd`) makes no file.
        if !isFolder, AtomicFile.Target.namesAnOpenDescriptor(path) { return nil }
        var folder = isFolder ? path : ParentFolder.of(Self.resolvedLink(path))
        if folder.isEmpty { folder = "." }
        // The deepest part of the path that exists: the one the missing folders are made in.
        var existing = folder
        while true {
            let code = lookUp(existing)
            if code == 0 { break }
            // A folder on the way that may not be searched: nothing can be made below it.
            if code == EACCES {
                return "\(Self.shown(existing)) cannot be reached (Permission denied): a folder on its path may not be searched; "
                    + "name a path in a folder you may write to (for example under $RUNNER_TEMP or /tmp)"
            }
            let parent = ParentFolder.of(existing)
            guard !parent.isEmpty, parent != existing else {
                guard existing != ".", lookUp(".") == 0 else { return nil }
                existing = "."
                break
            }
            existing = parent
        }
        guard stat(existing, &info) == 0 else { return nil }
        // A file where a folder should be: said before the run, in the words the write used after it (`--json
        // afile/r.json` ran the whole suite first, a CI review).
        guard info.st_mode & S_IFMT == S_IFDIR else {
            return AtomicFile.WriteError.folderReasonPrefix + " (\(AtomicFile.folderProblem(existing) ?? "'\(existing)' is not a folder; name a folder there"))"
        }
        let shown = Self.shown(existing)
        let made = existing == folder ? "" : ", where '\(folder)' would be made"
        if let code = mayWrite(existing) {
            return "the folder \(shown) may not be written (\(String(cString: strerror(code))))\(made); results are written to a "
                + "temporary file in the target's folder and renamed, so that folder must be writable. Name a path in a folder you may "
                + "write to (for example under $RUNNER_TEMP or /tmp), or make this one writable"
        }
        if let code = mayCreate(existing) {
            return "no file can be made in the folder \(shown) (\(String(cString: strerror(code))))\(made); results are written to a "
                + "temporary file in the target's folder and renamed. Name a path in a folder you may write to (for example under "
                + "$RUNNER_TEMP or /tmp)"
        }
        if !isFolder, existing == folder, userID != 0, info.st_mode & S_ISVTX != 0, info.st_uid != userID {
            var target = stat()
            if lstat(Self.resolvedLink(path), &target) == 0, target.st_uid != userID {
                return "'\(path)' belongs to another user (uid \(target.st_uid)) in \(shown), whose sticky bit (as on /tmp) lets only "
                    + "its owner replace it; remove it as that user, or name another file"
            }
        }
        return nil
    }

    /// Makes and removes a uniquely named empty file in `folder`: nil when that worked, else the `errno`.
    static func probe(_ folder: String) -> Int32? {
        let name = (folder as NSString).appendingPathComponent(".specrun-probe-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        let fd = open(name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return errno }
        close(fd)
        unlink(name)
        return nil
    }

    /// A symbolic link's destination, which is the file replaced (`AtomicFile` keeps the link); other paths as given.
    private static func resolvedLink(_ path: String) -> String {
        guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: path) else { return path }
        let folder = ParentFolder.of(path)
        return destination.hasPrefix("/") || folder.isEmpty ? destination : folder + "/" + destination
    }

    /// `'out'`, and the current folder by its absolute path (`'.'` alone says nothing in a CI log).
    private static func shown(_ folder: String) -> String {
        guard folder == "." else { return "'\(folder)'" }
        return "'.' (\(FileManager.default.currentDirectoryPath))"
    }
}
