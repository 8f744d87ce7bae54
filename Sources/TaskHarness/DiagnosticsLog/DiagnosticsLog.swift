import Synchronization
import TextRedaction

/// The app's internal diagnostics log: entries of identifier, stage and error type only, read out masked.
///
/// It outlives process deaths like a log file does: what a process wrote before it died stays, and a dead
/// process writes nothing more (`record(_:from:)` drops entries whose process has ended).
///
/// Each entry is reduced to a safe alphabet when it is made (`DiagnosticsEntry`), so payloads cannot pass; as a second
/// line of defence every line read out (`lines`, `contains`) is masked by `redaction` — by default the standard
/// patterns, which catch what the alphabet lets through, such as a JSON Web Token used as an identifier. Masking keeps
/// the words around a secret (`Bearer [redacted]`), so a check that a line never holds `Bearer ` still sees a leak.
public final class DiagnosticsLog: Sendable {
    private let storage = Mutex<[DiagnosticsEntry]>([])
    /// What every line read out is masked with.
    public let redaction: Redaction

    public init(redaction: Redaction = .standard) {
        self.redaction = redaction
    }

    /// Appends an entry, unless `process` has ended.
    public func record(_ entry: DiagnosticsEntry, from process: ProcessLife? = nil) {
        if let process, !process.isAlive { return }
        storage.withLock { $0.append(entry) }
    }

    /// Appends `<stage> <identifier> <error type or ok>`, unless `process` has ended.
    public func record(identifier: String, stage: String, errorType: String? = nil, from process: ProcessLife? = nil) {
        record(DiagnosticsEntry(identifier: identifier, stage: stage, errorType: errorType), from: process)
    }

    /// Every entry, in the order written, as recorded (reduced, not masked): for code that inspects fields, never for output.
    public var entries: [DiagnosticsEntry] { storage.withLock { $0 } }

    /// Every entry rendered as a line, masked: what a report or an `expect.log` check sees.
    public var lines: [String] { entries.map { redaction.mask($0.line) } }

    /// Whether any line contains `text` (what `log.contains` / `log.never` in a spec check).
    public func contains(_ text: String) -> Bool {
        lines.contains { $0.contains(text) }
    }
}
