import Foundation

/// Writes a file whole or not at all: a temporary file beside the target, fsync, then rename.
///
/// A reader (or a CI archiver) sees either the previous file or the complete new one, even when the
/// process is killed mid-write.
enum AtomicFile {
    struct WriteError: Error, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String { "cannot write '\(path)': \(reason)" }
    }

    static func write(_ bytes: [UInt8], to path: String) throws(WriteError) {
        try write(to: path) { emit in try emit(bytes) }
    }

    /// Writes a file that `produce` hands over in chunks (the JSON results of a big run), with the same guarantee:
    /// the target appears complete or not at all. An error thrown by `produce` leaves the target untouched.
    static func write(to path: String, _ produce: (_ emit: ([UInt8]) throws -> Void) throws -> Void) throws(WriteError) {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw WriteError(path: path, reason: "its folder cannot be created (\(error.localizedDescription))")
        }
        let temporary = directory + "/." + url.lastPathComponent + ".tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
        var failure: String?
        do {
            try produce { bytes in
                try bytes.withUnsafeBytes { buffer in
                    var written = 0
                    while written < buffer.count {
                        let n = Foundation.write(fd, buffer.baseAddress! + written, buffer.count - written)
                        if n < 0 {
                            if errno == EINTR { continue }
                            throw WriteError(path: path, reason: String(cString: strerror(errno)))
                        }
                        written += n
                    }
                }
            }
            if fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
        } catch let error as WriteError {
            failure = error.reason
        } catch {
            failure = "\(error)"
        }
        close(fd)
        if let failure {
            unlink(temporary)
            throw WriteError(path: path, reason: failure)
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw WriteError(path: path, reason: reason)
        }
        // Make the rename itself durable.
        let directoryFD = open(directory, O_RDONLY)
        if directoryFD >= 0 {
            fsync(directoryFD)
            close(directoryFD)
        }
    }

    static func write(_ text: String, to path: String) throws(WriteError) {
        try write(Array(text.utf8), to: path)
    }
}
