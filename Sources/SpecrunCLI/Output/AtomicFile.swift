internal import CWriteback
import Foundation
import SpecModel
import TaskHarness

/// Writes a file whole or not at all: a temporary file beside the target, fsync, then rename.
///
/// A symbolic link is followed: the file it names is replaced and the link stays. A device or a pipe
/// (`/dev/null`, `/dev/stdout`, a FIFO) is written straight into, never replaced by a file; a folder is refused.
/// A replaced file keeps its permissions.
///
/// A reader (or a CI archiver) sees either the previous file or the complete new one, even when the
/// process is killed mid-write. A kill leaves the temporary file `.NAME.tmp-PID-XXXXXXXX` behind; the next write
/// of the same target removes every such file that no writer holds locked (docs/limits.md).
enum AtomicFile {
    struct WriteError: Error, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String { "cannot write '\(path)': \(reason)" }
        /// How the reason starts when the file's folder cannot be made.
        static let folderReasonPrefix = "its folder cannot be created"
    }

    /// `midWrite` runs once, when half of the bytes are in the temporary file (a test's stop point).
    static func write(_ bytes: [UInt8], to path: String, midWrite: @escaping () -> Void = {}) throws(WriteError) {
        try write(to: path, midWrite: midWrite) { emit in
            let half = bytes.count / 2
            try emit(Array(bytes[..<half]))
            try emit(Array(bytes[half...]))
        }
    }

    static func write(_ text: String, to path: String) throws(WriteError) {
        try write(Array(text.utf8), to: path)
    }

    /// Writes a file that `produce` hands over in chunks (the JSON results of a big run), with the same guarantee:
    /// the target appears complete or not at all. An error thrown by `produce` leaves the target untouched.
    /// `midWrite` runs once, after the first non-empty chunk is in the temporary file (a test's stop point).
    static func write(
        to given: String, midWrite: @escaping () -> Void = {}, _ produce: (_ emit: ([UInt8]) throws -> Void) throws -> Void
    ) throws(WriteError) {
        // Messages name the path as given (a link's target is the file written; a full disk named it, where the other
        // formats' messages named the path typed).
        let path: String
        var mode: mode_t = 0o644
        switch try Target(given) {
        case .file(let resolved, let existingMode):
            path = resolved
            if let existingMode { mode = existingMode }
        case .stream:
            // A device or a pipe (/dev/null, /dev/stdout, a FIFO): nothing to replace, and a rename would replace
            // the device itself with a regular file. Written straight into; "whole" is up to its reader.
            return try writeStream(to: given, midWrite: midWrite, produce)
        }
        // Split as text: `URL(fileURLWithPath:)` expands a leading `~` to the home folder, so the temporary file went
        // there while the rename looked in a folder named `~`.
        let name = Self.lastComponent(path)
        let directory = ParentFolder.of(path).isEmpty ? "." : ParentFolder.of(path)
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw WriteError(path: given, reason: WriteError.folderReasonPrefix + " (\(folderProblem(directory) ?? SystemErrorText.reason(error)))")
        }
        removeStaleTemporaries(of: name, in: directory)
        let (temporary, fd, lock) = try createTemporary(of: name, in: directory, for: given)
        // The lock is held (through `lock`, a second descriptor of the same open file) until the rename is done, so that
        // no other writer takes the file for a dead one's leftover; it ends with the descriptor, even on a kill.
        defer { close(lock) }
        // The file keeps its permissions (a results file made group-readable stays so). A new one follows the umask,
        // but stays readable and writable by its owner: under `umask 0777` results were written with mode 000.
        if mode != 0o644 {
            fchmod(fd, mode)
        } else {
            var info = stat()
            if fstat(fd, &info) == 0, info.st_mode & 0o600 != 0o600 { fchmod(fd, (info.st_mode & 0o7777) | 0o600) }
        }
        var failure = emit(to: fd, path: path, midWrite: midWrite, startingWriteback: true, produce)
        if failure == nil, fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
        if close(fd) != 0, failure == nil { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw WriteError(path: given, reason: failure)
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw WriteError(path: given, reason: reason)
        }
        // Make the rename itself durable.
        let directoryFD = open(directory, O_RDONLY | O_CLOEXEC)
        if directoryFD >= 0 {
            fsync(directoryFD)
            close(directoryFD)
        }
    }

    /// What a path names when it is written: a regular file (or none yet) to replace whole — behind a symbolic link,
    /// the file the link names, so the link stays — or a stream to write into.
    enum Target {
        /// The file to replace, and its permissions when it exists.
        case file(String, mode: mode_t?)
        case stream

        init(_ path: String) throws(WriteError) {
            var info = stat()
            guard stat(path, &info) == 0 else {
                // A link to itself (or a folder above that loops) was replaced by a file, or named "File exists".
                if errno == ELOOP {
                    throw WriteError(path: path, reason: "it, or a folder above it, is a loop of symbolic links; remove the loop or name another file")
                }
                // Nothing there yet, or a link to nothing yet: the file is created where the link points.
                var linkInfo = stat()
                guard lstat(path, &linkInfo) == 0, linkInfo.st_mode & S_IFMT == S_IFLNK else {
                    self = .file(path, mode: nil)
                    return
                }
                var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
                let count = readlink(path, &buffer, buffer.count - 1)
                guard count > 0 else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
                let destination = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                let folder = ParentFolder.of(path)
                self = .file(destination.hasPrefix("/") || folder.isEmpty ? destination : folder + "/" + destination, mode: nil)
                return
            }
            switch info.st_mode & S_IFMT {
            case S_IFREG where Self.namesAnOpenDescriptor(path):
                // `--json /dev/stdout >> build.log`: the name is the stream, and the file behind it is someone's log.
                // Replaced by a rename, the log lost its earlier lines and the report (the environment red team).
                self = .stream
            case S_IFREG:
                guard let resolved = realpath(path, nil) else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
                defer { free(resolved) }
                self = .file(String(cString: resolved), mode: info.st_mode & 0o7777)
            case S_IFDIR:
                throw WriteError(path: path, reason: "it is a folder; name a file in it, e.g. '\(path)/results.json'")
            default:
                self = .stream
            }
        }

        /// `/dev/stdout`, `/dev/stderr`, `/dev/stdin`, `/dev/fd/N`, `/proc/self/fd/N`: names of this process's open
        /// descriptors, written into (appended to, when a file is behind them) rather than replaced.
        static func namesAnOpenDescriptor(_ path: String) -> Bool {
            ["/dev/stdout", "/dev/stderr", "/dev/stdin"].contains(path) || path.hasPrefix("/dev/fd/")
                || path.hasPrefix("/proc/self/fd/") || path.hasPrefix("/proc/\(getpid())/fd/")
        }
    }


    /// Writes into a device or a pipe (or the file behind a standard stream's name, appended to). A pipe nobody reads
    /// is an error rather than a wait for ever.
    private static func writeStream(
        to path: String, midWrite: @escaping () -> Void, _ produce: (_ emit: ([UInt8]) throws -> Void) throws -> Void
    ) throws(WriteError) {
        let fd = open(path, O_WRONLY | O_APPEND | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            // ENXIO is a FIFO with no reader, or a terminal device with no terminal behind it (`/dev/tty` in CI).
            let code = errno
            var info = stat()
            let isFIFO = stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO
            let reason = code == ENXIO
                ? (isFIFO ? "no process is reading the pipe" : "no device is behind it (No such device or address: /dev/tty without a terminal)")
                : String(cString: strerror(code))
            throw WriteError(path: path, reason: reason)
        }
        defer { close(fd) }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        if let failure = emit(to: fd, path: path, midWrite: midWrite, produce) { throw WriteError(path: path, reason: failure) }
        // A device may not sync (EINVAL); /dev/full reports its ENOSPC at the write already.
        if fsync(fd) != 0 && errno != EINVAL && errno != EROFS {
            throw WriteError(path: path, reason: String(cString: strerror(errno)))
        }
    }

    /// Why `directory` cannot be made, in words, when a part of its path is a file (Foundation says only "The
    /// operation could not be completed" with a Cocoa error number): the deepest existing part that is no folder.
    static func folderProblem(_ directory: String) -> String? {
        var part = directory
        while !part.isEmpty && part != "/" {
            var info = stat()
            if stat(part, &info) == 0 {
                // Named by what it is: a FIFO or `/dev/null` was called "a file".
                let kind = switch info.st_mode & S_IFMT {
                case S_IFDIR: ""
                case S_IFIFO: "a named pipe"
                case S_IFCHR, S_IFBLK: "a device"
                case S_IFSOCK: "a socket"
                default: "a file"
                }
                return kind.isEmpty ? nil : "'\(part)' is \(kind), not a folder; name a folder there"
            }
            part = ParentFolder.of(part)
        }
        return nil
    }

    /// `a/b.json` → `b.json`, `a/b/` → `b`, `b` → `b`.
    static func lastComponent(_ path: String) -> String {
        var text = Substring(path)
        while text.count > 1, text.hasSuffix("/") { text = text.dropLast() }
        return String(text[(text.lastIndex(of: "/").map(text.index(after:)) ?? text.startIndex)...])
    }

    /// The longest part of the target's name a temporary name keeps: the rest of `.NAME.tmp-PID-XXXXXXXX` (at most 22
    /// bytes with a seven-digit pid) must fit the 255 bytes a file name may have, or a run whose output name is 234–255
    /// bytes long ran to its end and then could not write its results.
    static let keptNameBytes = 233

    /// `.results.json.tmp-`: what every temporary file of `results.json` starts with (the writer's pid and a random
    /// number follow). A name longer than `keptNameBytes` is cut there, at a character's boundary.
    static func temporaryPrefix(_ name: String) -> String {
        var kept = ""
        var bytes = 0
        for scalar in name.unicodeScalars {
            bytes += String(scalar).utf8.count
            if bytes > keptNameBytes { break }
            kept.unicodeScalars.append(scalar)
        }
        return "." + kept + ".tmp-"
    }

    /// Creates the temporary file `.NAME.tmp-PID-XXXXXXXX` beside the target and locks it (`flock`): the path, the
    /// descriptor to write, and a second descriptor that holds the lock until it is closed.
    ///
    /// The random part keeps two writers apart whatever their pids: in two containers (PID namespaces) sharing an
    /// output folder both may be pid 7. A file another writer's cleanup removed between its creation and its lock
    /// (it was not locked yet) is noticed by its link count and made again.
    private static func createTemporary(of name: String, in directory: String, for path: String) throws(WriteError) -> (String, Int32, Int32) {
        for _ in 0..<16 {
            let temporary = directory + "/" + temporaryPrefix(name) + "\(getpid())-" + String(format: "%08x", UInt32.random(in: 0...UInt32.max))
            let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if fd < 0 {
                if errno == EEXIST { continue }
                throw WriteError(path: path, reason: String(cString: strerror(errno)))
            }
            // Waits for a cleanup that holds it (it unlinks, then closes) — a moment at most.
            var info = stat()
            guard flock(fd, LOCK_EX) == 0, fstat(fd, &info) == 0, info.st_nlink > 0 else {
                close(fd)
                continue
            }
            let lock = dup(fd)
            guard lock >= 0 else {
                let reason = String(cString: strerror(errno))
                close(fd)
                unlink(temporary)
                throw WriteError(path: path, reason: reason)
            }
            return (temporary, fd, lock)
        }
        throw WriteError(path: path, reason: "no temporary file could be made beside it (16 names tried)")
    }

    /// Removes the temporary files of `name` that a killed process left. A file is a leftover when nobody holds its
    /// lock: its writer held it from the file's first byte and lost it only when it ended, so this holds across users,
    /// containers and hosts that share a folder. Files of builds before the lock (`.NAME.tmp-PID`) are leftovers when
    /// their pid names no running process, as those builds judged them.
    static func removeStaleTemporaries(of name: String, in directory: String) {
        let prefix = temporaryPrefix(name)
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for entry in entries where entry.hasPrefix(prefix) {
            let suffix = entry.dropFirst(prefix.count)
            let parts = suffix.split(separator: "-", omittingEmptySubsequences: false)
            let candidate = directory + "/" + entry
            if parts.count == 1, let pid = pid_t(parts[0]), pid > 0 {
                // ESRCH: no such process. EPERM means it exists (another user's): leave its file alone. This process
                // makes no such names, so one with its own pid is an earlier process's.
                if pid == getpid() || (kill(pid, 0) != 0 && errno == ESRCH) { unlink(candidate) }
                continue
            }
            guard parts.count == 2, pid_t(parts[0]) != nil, parts[1].count == 8, UInt32(parts[1], radix: 16) != nil else { continue }
            let fd = open(candidate, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            guard fd >= 0 else { continue }
            var info = stat()
            if fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, flock(fd, LOCK_EX | LOCK_NB) == 0 {
                unlink(candidate)
            }
            close(fd)
        }
    }

    /// Bytes written between two requests to start writing them to the disk (`startingWriteback`).
    static let writebackStep = 8 << 20

    /// Writes what `produce` hands over to `fd`, running `midWrite` after the first non-empty chunk; the error text,
    /// or nil.
    ///
    /// With `startingWriteback`, the disk is asked to start writing every `writebackStep` bytes as they come
    /// (`sync_file_range`, which waits for nothing), so the final `fsync` finds most of the file written: for the
    /// 120 MB results of the 10,000-spec corpus that `fsync` took 0.24–0.37 s after the last byte, with nothing else
    /// left to do, and 0.12–0.20 s with this (strace). Only a hint: `fsync` still decides, and an error here is left
    /// for it to report.
    private static func emit(
        to fd: Int32, path: String, midWrite: @escaping () -> Void, startingWriteback: Bool = false,
        _ produce: (_ emit: ([UInt8]) throws -> Void) throws -> Void
    ) -> String? {
        var wroteFirstChunk = false
        var written = 0
        var writtenBack = 0
        do {
            try produce { bytes in
                if let problem = writeAll(fd, bytes) { throw WriteError(path: path, reason: problem) }
                if !wroteFirstChunk && !bytes.isEmpty {
                    wroteFirstChunk = true
                    midWrite()
                }
                written += bytes.count
                if startingWriteback && written - writtenBack >= writebackStep {
                    _ = specrun_start_writeback(fd, writtenBack, written - writtenBack)
                    writtenBack = written
                }
            }
            return nil
        } catch let error as WriteError {
            return error.reason
        } catch {
            return "\(error)"
        }
    }

    /// Writes `bytes` to `fd`, retrying short writes and interruptions; the error text, or nil.
    private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> String? {
        bytes.withUnsafeBytes { buffer -> String? in
            var offset = 0
            while offset < buffer.count {
                let n = Foundation.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    // `File too large` alone did not say that a limit of the shell's, not the disk, stopped the write.
                    if errno == EFBIG {
                        return "File too large: a file-size limit (ulimit -f: \(EnvironmentFailure.fileSizeLimit)) stopped the write; "
                            + "raise it, e.g. 'ulimit -f unlimited', before specrun"
                    }
                    return String(cString: strerror(errno))
                }
                offset += n
            }
            return nil
        }
    }
}
