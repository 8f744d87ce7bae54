import Synchronization

/// The app's internal diagnostics log: entries of identifier, stage and error type only.
///
/// It outlives process deaths like a log file does: what a process wrote before it died stays, and a dead
/// process writes nothing more (`record(_:from:)` drops entries whose process has ended).
public final class DiagnosticsLog: Sendable {
    private let storage = Mutex<[DiagnosticsEntry]>([])

    public init() {}

    /// Appends an entry, unless `process` has ended.
    public func record(_ entry: DiagnosticsEntry, from process: ProcessLife? = nil) {
        if let process, !process.isAlive { return }
        storage.withLock { $0.append(entry) }
    }

    /// Appends `<stage> <identifier> <error type or ok>`, unless `process` has ended.
    public func record(identifier: String, stage: String, errorType: String? = nil, from process: ProcessLife? = nil) {
        record(DiagnosticsEntry(identifier: identifier, stage: stage, errorType: errorType), from: process)
    }

    /// Every entry, in the order written.
    public var entries: [DiagnosticsEntry] { storage.withLock { $0 } }

    /// Every entry rendered as a line.
    public var lines: [String] { entries.map(\.line) }

    /// Whether any line contains `text` (what `log.contains` / `log.never` in a spec check).
    public func contains(_ text: String) -> Bool {
        lines.contains { $0.contains(text) }
    }
}
