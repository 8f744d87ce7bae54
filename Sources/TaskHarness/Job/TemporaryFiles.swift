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
    public func write(_ name: String, _ contents: Data) throws {
        if let process, !process.isAlive { throw ProcessDeath() }
        guard !name.isEmpty, name != ".", name != "..", !name.contains("/"), !name.utf8.contains(0) else {
            throw CocoaError(.fileWriteInvalidFileName, userInfo: [NSFilePathErrorKey: name])
        }
        try contents.write(to: directory.appendingPathComponent(name))
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
