import Foundation
import SpecParser

/// Reads one spec file without trusting it: only regular files (a FIFO named `x.yaml` would block the run forever),
/// and never more than the size limit plus one byte, so a huge file is refused without being loaded.
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
            return .unreadable("the file cannot be read (\(String(cString: strerror(errno)))); check that it exists and that you may read it")
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
