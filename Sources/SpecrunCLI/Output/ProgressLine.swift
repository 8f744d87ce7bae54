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
        let line = Self.fitted(done: done, total: total, rate: rate, left: left, columns: io.stderrColumns())
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

    /// The line for a terminal `columns` wide (nil: unknown, the whole line). A line as wide as the terminal or
    /// wider wraps, and `\r` then erases only its last row, so the line keeps under the width: it drops the rate,
    /// then the word "tests", then the time left, and is cut as a last resort.
    static func fitted(done: Int, total: Int, rate: Double, left: Double, columns: Int?) -> String {
        let count = "\(done)/\(total)"
        let forms = [
            "\(count) tests · \(Int(rate.rounded()))/s · \(duration(left)) left",
            "\(count) tests · \(duration(left)) left",
            "\(count) · \(duration(left)) left",
            count,
        ]
        guard let columns else { return forms[0] }
        let room = max(columns - 1, 1)
        return forms.first { $0.count <= room } ?? String(count.prefix(room))
    }

    static func duration(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        return total >= 60 ? "\(total / 60)m\(total % 60)s" : "\(total)s"
    }
}
