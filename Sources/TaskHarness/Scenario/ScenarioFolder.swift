import Foundation
import Synchronization

/// The per-scenario temporary folder the harness creates and removes: `databases/` for the SQLite files,
/// `temporary/` for the job's temporary files.
public final class ScenarioFolder: Sendable {
    public let root: URL

    /// Why a scenario folder could not be made, naming the parent folder and where it came from.
    public struct CreationError: Error, Equatable, CustomStringConvertible {
        public var description: String
        /// The used-up resource's errno (`ENOSPC`, `EDQUOT`, `EIO`) when the parent folder was there and the disk
        /// under it refused the folder, so that the harness can tell the machine's failure apart; 0 otherwise.
        public var diskErrno: Int32 = 0
    }

    /// Creates a new, uniquely named folder inside `parent` (by default `defaultParent`: `TMPDIR`, else `/tmp`).
    ///
    /// The parent must exist: a `TMPDIR` that names no folder is an error, not a folder to make with its parents.
    /// The folders are the owner's alone (mode 700, whatever the umask: under `umask 0777` they were made unusable,
    /// then left behind), and a folder made before a later step failed (no inode left for its subfolders) is removed.
    /// Where the folder is on record until removed (nil: nowhere).
    private let tracker: ScenarioFolderTracker?

    public init(inside parent: URL? = nil, tracker: ScenarioFolderTracker? = nil) throws {
        self.tracker = tracker
        let base = parent ?? Self.defaultParent()
        root = base.appendingPathComponent("specrun-harness-\(UUID().uuidString)", isDirectory: true)
        var made = false
        for folder in [root, databases, temporaryFiles] {
            guard mkdir(folder.path, 0o700) == 0 else {
                let code = errno
                if made { try? FileManager.default.removeItem(at: root) }
                let problem = Self.problem(in: base.path, origin: parent == nil ? Self.origin() : nil,
                                           error: POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO))
                let disk = [ENOSPC, EDQUOT, EIO].contains(code) && problem.hasPrefix(Self.madeNoFolder)
                throw CreationError(description: problem, diskErrno: disk ? code : 0)
            }
            made = true
            chmod(folder.path, 0o700)
        }
        if tracker?.made(root.path) == false {
            // The run ended (and removed its scenarios' folders) while this abandoned scenario was starting: a folder
            // made now would outlive the process.
            try? FileManager.default.removeItem(at: root)
            throw CreationError(description: "the run ended before the scenario's folder was made", diskErrno: 0)
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
        guard stat(parent, &info) == 0 else {
            return switch errno {
            case ENOENT, ENOTDIR: "\(named) does not exist"
            case ELOOP: "\(named) is a loop of symbolic links"
            default: "\(named) cannot be reached (\(String(cString: strerror(errno))))"
            }
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { return "\(named) is not a folder" }
        return "\(madeNoFolder)\(named) (\(SystemErrorText.reason(error)))"
    }

    /// How `problem` begins when the parent folder is there but refused the new one.
    static let madeNoFolder = "no folder can be made in "

    /// Uses an existing folder (for example one a crashed child process wrote into); creates its subfolders.
    public init(existing root: URL) throws {
        self.root = root
        tracker = nil
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
        tracker?.removed(root.path)
    }
}

/// The scenario folders one run made and has not removed yet, so that the run can remove them at its end: a scenario
/// abandoned at `--timeout`, or stopped by a signal, goes on in the background until its next step, and the process
/// ended first, leaving its folder of SQLite files in TMPDIR. One per run, never process-wide: runs in one process
/// (tests, an app embedding the runner) must not remove each other's live folders.
public final class ScenarioFolderTracker: Sendable {
    /// The folders on record, and whether the run has ended (`removeUnfinished`), after which none may be made.
    private let state = Mutex<(live: Set<String>, closed: Bool)>(([], false))

    public init() {}

    /// Records a folder just made; false once the run has ended, when the caller must remove it.
    func made(_ path: String) -> Bool {
        state.withLock { state in
            guard !state.closed else { return false }
            state.live.insert(path)
            return true
        }
    }

    func removed(_ path: String) { _ = state.withLock { $0.live.remove(path) } }

    /// Removes every folder made under this tracker and not removed yet, and refuses any made later (an abandoned
    /// scenario still starting). Call it when no scenario's result is awaited. An abandoned scenario may still be
    /// writing into its folder: a file it makes while the folder is being emptied leaves the folder behind (CI saw one
    /// under load), so each removal is tried again, a bounded number of times, while the folder is there.
    public func removeUnfinished() {
        let paths = state.withLock { state in
            state.closed = true
            defer { state.live.removeAll() }
            return state.live
        }
        for path in paths {
            for _ in 0..<5 where FileManager.default.fileExists(atPath: path) {
                try? FileManager.default.removeItem(atPath: path)
            }
        }
    }
}
