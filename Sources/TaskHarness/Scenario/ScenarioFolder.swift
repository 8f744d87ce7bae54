import Foundation

/// The per-scenario temporary folder the harness creates and removes: `databases/` for the SQLite files,
/// `temporary/` for the job's temporary files.
public final class ScenarioFolder: Sendable {
    public let root: URL

    /// Why a scenario folder could not be made, naming the parent folder and where it came from.
    public struct CreationError: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// Creates a new, uniquely named folder inside `parent` (by default `defaultParent`: `TMPDIR`, else `/tmp`).
    public init(inside parent: URL? = nil) throws {
        let base = parent ?? Self.defaultParent()
        root = base.appendingPathComponent("specrun-harness-\(UUID().uuidString)", isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: databases, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: temporaryFiles, withIntermediateDirectories: true)
        } catch {
            throw CreationError(description: Self.problem(in: base.path, origin: parent == nil ? Self.origin() : nil, error: error))
        }
    }

    /// Where scenario folders go when no parent is given: `TMPDIR` when it is set and not empty, else `/tmp`.
    /// (Foundation's `temporaryDirectory` took an empty `TMPDIR` for `/`, the root of the file system.)
    public static func defaultParent(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let given = environment["TMPDIR"] ?? ""
        return URL(fileURLWithPath: given.isEmpty ? "/tmp" : given, isDirectory: true)
    }

    /// How a message names where the default parent came from.
    static func origin(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        (environment["TMPDIR"] ?? "").isEmpty ? "/tmp, as TMPDIR is not set" : "TMPDIR"
    }

    /// `'/x' (TMPDIR) does not exist`, `… is not a folder`, `… may not be written (Permission denied)`.
    static func problem(in parent: String, origin: String?, error: Error) -> String {
        let named = "'\(parent)'" + (origin.map { " (\($0))" } ?? "")
        var info = stat()
        guard stat(parent, &info) == 0 else { return "\(named) does not exist" }
        guard info.st_mode & S_IFMT == S_IFDIR else { return "\(named) is not a folder" }
        return "no folder can be made in \(named) (\(SystemErrorText.reason(error)))"
    }

    /// Uses an existing folder (for example one a crashed child process wrote into); creates its subfolders.
    public init(existing root: URL) throws {
        self.root = root
        try FileManager.default.createDirectory(at: databases, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: temporaryFiles, withIntermediateDirectories: true)
    }

    /// Where the SQLite files live.
    public var databases: URL { root.appendingPathComponent("databases", isDirectory: true) }

    /// Where the job writes its temporary files (the folder a spec's `temp-files:` counts).
    public var temporaryFiles: URL { root.appendingPathComponent("temporary", isDirectory: true) }

    /// The sync store's file.
    public var syncStoreURL: URL { databases.appendingPathComponent("items.sqlite") }

    /// The completion store's file.
    public var completionStoreURL: URL { databases.appendingPathComponent("completions.sqlite") }

    /// The side-effect ledger's file (the outside system's record).
    public var sideEffectLedgerURL: URL { databases.appendingPathComponent("side-effects.sqlite") }

    /// Removes the folder and everything in it.
    public func remove() {
        try? FileManager.default.removeItem(at: root)
    }
}
