import Foundation

/// Stdout or stderr, written with `write(2)` so that a stream that cannot take the text never stops the process.
///
/// `FileHandle.write(_:)` traps when the write fails: with stdout closed (`specrun specs/ >&-`: libdispatch's epoll
/// descriptor then sits at descriptor 1, and a write to it fails with EINVAL), on a full disk (`> /dev/full`) or a
/// reader that went away, specrun crashed (exit 132, a backtrace) before writing any results file. Now the first
/// failure is kept, nothing more is written to that stream, and the command goes on: its results files are still
/// written, and `SpecrunCommand.main` says on stderr what happened to stdout and exits 2 (docs/ci.md). A non-blocking
/// pipe whose reader is behind is no failure: the write waits for room.
final class StandardStream: @unchecked Sendable {
    let descriptor: Int32
    private let lock = NSLock()
    private var failedErrno: Int32?

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    static let output = StandardStream(descriptor: STDOUT_FILENO)
    static let error = StandardStream(descriptor: STDERR_FILENO)

    /// Whether the stream is a pipe or a socket, where a reader that stopped reading (`specrun … | sleep 60`) leaves a
    /// write blocked: found once, at the first write.
    private lazy var isPipe: Bool = {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return false }
        return status.st_mode & S_IFMT == S_IFIFO || status.st_mode & S_IFMT == S_IFSOCK
    }()

    /// How long a pipe with no room may keep the text once a signal asked the run to stop, in 100 ms polls.
    static let pollsAfterSignal = 10

    /// Writes the whole text, retrying short writes and interruptions, unless an earlier write failed.
    ///
    /// To a pipe, the text goes in pieces of at most `PIPE_BUF` bytes, each once `poll` says there is room: a write
    /// then never blocks for long, and a stopping signal is heard while the reader is behind. A pipe whose reader
    /// still has no room a second after the signal is given up (`ECANCELED`): the command goes on to its results
    /// files and exits with the signal's status. Blocked in one write, the run ignored SIGINT and SIGTERM for as long
    /// as the reader slept, and lost every results file to the SIGKILL that followed.
    func write(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        guard failedErrno == nil else { return }
        let bytes = Array(text.utf8)
        let count = bytes.count
        var offset = 0
        let pipe = isPipe
        bytes.withUnsafeBytes { buffer in
            while offset < count {
                if pipe, !waitForRoom() {
                    failedErrno = ECANCELED
                    return
                }
                let piece = pipe ? min(count - offset, Int(PIPE_BUF)) : count - offset
                let written = Foundation.write(descriptor, buffer.baseAddress! + offset, piece)
                if written < 0 {
                    if errno == EINTR { continue }
                    // A pipe another process made non-blocking (O_NONBLOCK belongs to the pipe, shared by every
                    // process writing to it) refuses a write while its reader is behind: wait for room, as a blocking
                    // write would. Taken for a failure, it cut the report at 64 KB and exited 2.
                    if errno == EAGAIN || errno == EWOULDBLOCK {
                        if waitForRoom() { continue }
                        failedErrno = pipe ? ECANCELED : EAGAIN
                        return
                    }
                    failedErrno = errno
                    return
                }
                offset += written
            }
        }
    }

    /// Waits until the stream has room (or an error for the write to tell); false when a stopping signal came and the
    /// stream still had no room `pollsAfterSignal` polls later.
    private func waitForRoom() -> Bool {
        var pollsSinceSignal = 0
        while true {
            var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            let result = poll(&ready, 1, 100)
            if result > 0 || (result < 0 && errno != EINTR) { return true }
            if SignalTrap.received != nil {
                pollsSinceSignal += 1
                if pollsSinceSignal >= Self.pollsAfterSignal { return false }
            }
        }
    }

    /// The `errno` of the first write that failed, or nil.
    var failure: Int32? {
        lock.lock()
        defer { lock.unlock() }
        return failedErrno
    }

    /// Why stdout could not take the report, for `specrun: error: …`, or nil when there is nothing to say: a reader
    /// that closed the pipe (`specrun specs/ | head -5`) took what it wanted, as with any Unix filter.
    static func stdoutProblem(errno code: Int32) -> String? {
        switch code {
        case EPIPE:
            return nil
        case ECANCELED:
            return "stdout's reader had stopped reading when a signal stopped the run, so the report printed there is "
                + "cut short; the results files are written whole"
        case EBADF, EINVAL:
            return "stdout is not open for writing (\(String(cString: strerror(code)))), so nothing was printed there; "
                + "run specrun with stdout open (redirect it, e.g. '> report.txt', rather than closing it with '>&-')"
        default:
            return "stdout could not be written (\(String(cString: strerror(code)))), so what specrun printed there is "
                + "incomplete; make room where stdout goes, or redirect it elsewhere"
        }
    }
}
