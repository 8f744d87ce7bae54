import Foundation
import SpecParser

/// Reads one spec file without trusting it: only regular files (a FIFO named `x.yaml` would block the run forever),
/// and never more than the size limit plus one byte, so a huge file is refused without being loaded. A folder
/// discovery could not list, or a name that is not UTF-8, gets its own reason.
struct SpecFileReader {
    var maxBytes: Int

    enum Outcome: Equatable {
        case bytes([UInt8])
        /// Larger than the limit: the size stat gave, or what was read when the file grew while being read.
        case tooLarge(Int)
        /// One sentence: why, and what to do.
        case unreadable(String)
    }

    func read(_ path: String) -> Outcome {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT, let target = SymbolicLink.target(at: path) {
                return .unreadable("this is a symbolic link to '\(target)', which does not exist; fix the link or remove it")
            }
            // Discovery names a file whose name is not UTF-8 with U+FFFD for the bad bytes: a name no file has.
            if errno == ENOENT, path.contains("\u{FFFD}") {
                return .unreadable("the name is not valid UTF-8 (shown with \u{FFFD} for the bytes that are not), so it cannot be opened; rename it")
            }
            return .unreadable("the file cannot be read (\(String(cString: strerror(errno)))); check that it exists and that you may read it")
        }
        // Discovery names a folder it could not list, so that its specs do not vanish from the run unseen.
        if info.st_mode & S_IFMT == S_IFDIR, let reason = Self.unlistable(path) {
            return .unreadable("the folder cannot be read (\(reason)), so the specs in it cannot run; give yourself read and search permission on it, or move it out of the spec folder")
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            return .unreadable("this is not a regular file (\(Self.kind(info.st_mode))); name spec files, or folders that hold them")
        }
        if Int(info.st_size) > maxBytes { return .tooLarge(Int(info.st_size)) }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            return .unreadable("the file cannot be read (\(String(cString: strerror(errno)))); check that you may read it")
        }
        defer { close(fd) }
        // Straight into the array, sized from stat plus one byte to notice a file that grew: a big run reads a
        // thousand files, and a zeroed 64 KB chunk per file and a copy out of it cost more than the reads.
        var failure: Int32 = 0
        var bytes = [UInt8](unsafeUninitializedCapacity: min(Int(info.st_size), maxBytes) + 1) { buffer, count in
            count = 0
            while count < buffer.count {
                let read = Foundation.read(fd, buffer.baseAddress! + count, buffer.count - count)
                if read < 0, errno == EINTR { continue }
                if read < 0 { failure = errno }
                if read <= 0 { return }
                count += read
            }
        }
        if failure != 0 {
            return .unreadable("the file cannot be read (\(String(cString: strerror(failure)))); check the disk and the file")
        }
        if bytes.count <= Int(info.st_size) { return .bytes(bytes) }
        // The file grew since stat: read on in chunks up to the limit.
        let chunk = 64 * 1024
        var buffer = [UInt8](repeating: 0, count: chunk)
        while bytes.count <= maxBytes {
            let count = buffer.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, chunk) }
            if count < 0 {
                if errno == EINTR { continue }
                return .unreadable("the file cannot be read (\(String(cString: strerror(errno)))); check the disk and the file")
            }
            if count == 0 { return .bytes(bytes) }
            bytes.append(contentsOf: buffer[0..<count])
        }
        return .tooLarge(bytes.count)
    }

    /// Why the folder at `path` cannot be listed and searched (the system's words), or nil when it can.
    private static func unlistable(_ path: String) -> String? {
        guard let stream = opendir(path) else { return String(cString: strerror(errno)) }
        closedir(stream)
        // Listed but not searched: with read permission and no search permission nothing inside can be looked at.
        guard faccessat(AT_FDCWD, path, X_OK, AT_EACCESS) == 0 else { return String(cString: strerror(errno)) }
        return nil
    }

    private static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a folder"
        case S_IFIFO: "a named pipe"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "not a plain file"
        }
    }
}
