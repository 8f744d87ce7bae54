import Foundation

/// The per-scenario temporary folder the harness creates and removes: `databases/` for the SQLite files,
/// `temporary/` for the job's temporary files.
public final class ScenarioFolder: Sendable {
    public let root: URL

    /// Creates a new, uniquely named folder inside `parent` (the system's temporary directory by default).
    public init(inside parent: URL? = nil) throws {
        let base = parent ?? FileManager.default.temporaryDirectory
        root = base.appendingPathComponent("specrun-harness-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: databases, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: temporaryFiles, withIntermediateDirectories: true)
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
