import Foundation

/// The job's temporary files in one folder; what a process that has died can no longer clean up stays there.
public final class TemporaryFiles: Sendable {
    public let directory: URL
    /// The process these files are written by; once it has ended, `write` and `remove` do nothing.
    public let process: ProcessLife?

    public init(directory: URL, process: ProcessLife? = nil) {
        self.directory = directory
        self.process = process
    }

    /// Writes (replacing) the file `name`, which must be a file name in `directory` (no `/`, no NUL).
    ///
    /// Not synced, as the stores' commits are not (docs/harness.md, "What a death keeps"): a process death keeps
    /// what the kernel was given. Foundation's `Data.write(to:)` synced every file, two syncs a launch, which were
    /// most of a launch's time once the stores stopped syncing. A failure is thrown as Foundation throws it: a
    /// `CocoaError` naming the file, with the `POSIXError` under it.
    public func write(_ name: String, _ contents: Data) throws {
        if let process, !process.isAlive { throw ProcessDeath() }
        guard !name.isEmpty, name != ".", name != "..", !name.contains("/"), !name.utf8.contains(0) else {
            throw CocoaError(.fileWriteInvalidFileName, userInfo: [NSFilePathErrorKey: name])
        }
        let path = directory.appendingPathComponent(name).path
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw Self.writeError(errno, path: path) }
        // The owner's to read back whatever the umask (under `umask 0477` the job's files were made mode 000, and
        // parse could not read what download wrote); private anyway, in the scenario's mode-700 folder.
        fchmod(fd, 0o600)
        var failure: Int32?
        contents.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            guard let start = bytes.baseAddress else { return }
            var offset = 0
            while offset < bytes.count {
                let written = Self.write(fd, start + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if close(fd) != 0, failure == nil { failure = errno }
        if let failure { throw Self.writeError(failure, path: path) }
    }

    /// The C library's `write(2)` (the method of the same name hides it).
    private static func write(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(fd, bytes, count)
        #elseif canImport(Musl)
        Musl.write(fd, bytes, count)
        #else
        Darwin.write(fd, bytes, count)
        #endif
    }

    /// The error Foundation's `Data.write(to:)` throws for `code`: the file's path, the POSIX error under it.
    static func writeError(_ code: Int32, path: String) -> CocoaError {
        let kind: CocoaError.Code = switch code {
        case ENOENT: .fileNoSuchFile
        case EPERM, EACCES: .fileWriteNoPermission
        case ENAMETOOLONG: .fileWriteInvalidFileName
        case ENOSPC, EDQUOT: .fileWriteOutOfSpace
        case EROFS: .fileWriteVolumeReadOnly
        case EEXIST: .fileWriteFileExists
        default: .fileWriteUnknown
        }
        let underlying: Error = POSIXErrorCode(rawValue: code).map { POSIXError($0) } ?? NSError(domain: NSPOSIXErrorDomain, code: Int(code))
        return CocoaError(kind, userInfo: [NSFilePathErrorKey: path, NSUnderlyingErrorKey: underlying])
    }

    /// Reads the file `name`, or nil when it does not exist.
    public func read(_ name: String) -> Data? {
        try? Data(contentsOf: directory.appendingPathComponent(name))
    }

    /// Removes every file whose name starts with `prefix`.
    public func remove(prefix: String) {
        if let process, !process.isAlive { return }
        for name in names where name.hasPrefix(prefix) {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        }
    }

    /// The names of the files present, sorted.
    public var names: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    /// How many files are present (what a spec's `temp-files:` compares).
    public var count: Int { names.count }
}
