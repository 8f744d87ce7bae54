import Foundation

/// A one-line progress display on a terminal's stderr (done / total, rate, time left), shown only once a
/// run has taken two seconds, and erased at the end. Silent when not a terminal or under `--quiet`.
final class ProgressLine: @unchecked Sendable {
    private let io: CommandIO
    private let enabled: Bool
    private let start: UInt64
    private let lock = NSLock()
    private var shown = false

    /// Whether a run shows the line: stderr is a terminal that understands the erasing escape (not `TERM=dumb`, whose
    /// log showed `^[[2K` between the counts), and no `--quiet`.
    static func shows(io: CommandIO, quiet: Bool) -> Bool {
        !quiet && io.stderrIsTerminal && io.environment["TERM"] != "dumb"
    }

    init(io: CommandIO, enabled: Bool) {
        self.io = io
        self.enabled = enabled
        start = io.monotonicNanoseconds()
    }

    func update(done: Int, total: Int) {
        guard enabled else { return }
        let elapsed = Double(io.monotonicNanoseconds() &- start) / 1e9
        guard elapsed >= 2 else { return }
        let rate = Double(done) / max(elapsed, 0.001)
        let left = rate > 0 ? Double(total - done) / rate : 0
        let line = "\(done)/\(total) tests · \(Int(rate.rounded()))/s · \(Self.duration(left)) left"
        lock.lock()
        shown = true
        lock.unlock()
        io.writeError("\r\u{1B}[2K" + line)
    }

    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if shown { io.writeError("\r\u{1B}[2K") }
    }

    static func duration(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        return total >= 60 ? "\(total / 60)m\(total % 60)s" : "\(total)s"
    }
}
