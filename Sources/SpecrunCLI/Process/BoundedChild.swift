import Foundation

/// Runs a helper command (git, for the results' commit) that must never hold up the run: it answers within a
/// deadline or is killed with everything it started, and a SIGINT / SIGTERM to specrun ends the wait at once.
///
/// Foundation's `Process` waited for ever on a git that never answered (a FIFO as `.git/HEAD` or `~/.gitconfig`, a
/// stalled network file system), ignored the first SIGTERM meanwhile, and left git running after specrun ended; it
/// also needs a thread of its own to watch the child. This uses posix_spawn, poll(2) and waitpid only: the child
/// leads a process group of its own, so killing the group also ends anything git started.
enum BoundedChild {
    enum Outcome: Equatable {
        /// The command ended by itself: its exit status (or 128 + the signal that ended it), stdout and stderr.
        case finished(status: Int32, output: Data, errors: Data)
        /// Still running at the deadline: killed.
        case timedOut
        /// specrun was asked to stop (`shouldStop`) while waiting: killed.
        case stopped
        /// It could not be started (no /usr/bin/env, no process left to make).
        case notStarted
    }

    /// Bytes kept of each stream; the rest is read and dropped, so a chatty command never fills memory or blocks.
    static let keptBytes = 64 * 1024

    /// Runs `arguments` through `/usr/bin/env` (so that `environment`'s PATH finds the command) with stdin closed.
    /// `deadlineNanoseconds` counts on CLOCK_MONOTONIC from the start.
    static func run(_ arguments: [String], environment: [String: String], deadlineNanoseconds: UInt64,
                    shouldStop: () -> Bool = { SignalTrap.received != nil }) -> Outcome {
        var output: [Int32] = [-1, -1]
        var errors: [Int32] = [-1, -1]
        guard pipe(&output) == 0 else { return .notStarted }
        guard pipe(&errors) == 0 else {
            close(output[0]); close(output[1])
            return .notStarted
        }
        // Close-on-exec, so that the child keeps only the ends dup2'ed onto its stdout and stderr (pipe2 is not in
        // Glibc's Swift module); nothing else spawns while the probe runs.
        for descriptor in output + errors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A process group of its own (killed whole below), SIGPIPE back to its default (specrun ignores it; an ignored
        // signal stays ignored across exec) and no signal blocked.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = ["/usr/bin/env"] + arguments
        let envp = environment.map { "\($0.key)=\($0.value)" }
        var pid: pid_t = 0
        let spawned = withCStrings(argv) { argvPointer in
            withCStrings(envp) { envPointer in
                posix_spawn(&pid, "/usr/bin/env", &actions, &attributes, argvPointer, envPointer)
            }
        }
        close(output[1])
        close(errors[1])
        defer { close(output[0]); close(errors[0]) }
        guard spawned == 0 else { return .notStarted }

        let start = monotonicNow()
        var kept = [Data(), Data()]
        var open = [true, true]
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        var interruption: Outcome?
        while open.contains(true) {
            if shouldStop() { interruption = .stopped; break }
            let elapsed = monotonicNow() &- start
            if elapsed >= deadlineNanoseconds { interruption = .timedOut; break }
            // Wake at least every 50 ms to look at the stop flag (a signal may land on another thread, so poll(2)
            // is not always interrupted by it).
            let remaining = (deadlineNanoseconds - elapsed) / 1_000_000
            var fds = [pollfd(fd: open[0] ? output[0] : -1, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: open[1] ? errors[0] : -1, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 2, Int32(min(50, max(1, remaining))))
            if ready < 0 {
                if errno == EINTR { continue }
                interruption = .timedOut
                break
            }
            for index in 0..<2 where open[index] && fds[index].revents != 0 {
                let count = read(fds[index].fd, &buffer, buffer.count)
                if count > 0 {
                    let room = max(0, keptBytes - kept[index].count)
                    kept[index].append(contentsOf: buffer.prefix(min(count, room)))
                } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                    open[index] = false
                }
            }
        }
        if let interruption {
            kill(-pid, SIGKILL)
            reap(pid, patienceNanoseconds: 1_000_000_000)
            return interruption
        }
        // Both streams ended: the command has ended or closed them; wait for it within what is left of the deadline.
        guard let status = reap(pid, patienceNanoseconds: deadlineNanoseconds &- min(deadlineNanoseconds, monotonicNow() &- start),
                                shouldStop: shouldStop) else {
            kill(-pid, SIGKILL)
            reap(pid, patienceNanoseconds: 1_000_000_000)
            return shouldStop() ? .stopped : .timedOut
        }
        return .finished(status: status, output: kept[0], errors: kept[1])
    }

    /// Waits for `pid` to end, up to `patienceNanoseconds` (a child stuck in the kernel may not die at once even after
    /// SIGKILL; it is then left to init rather than holding specrun). Its exit status, or 128 + the signal that ended it.
    @discardableResult
    private static func reap(_ pid: pid_t, patienceNanoseconds: UInt64, shouldStop: () -> Bool = { false }) -> Int32? {
        let start = monotonicNow()
        var status: Int32 = 0
        while true {
            let answer = waitpid(pid, &status, WNOHANG)
            if answer == pid {
                let signal = status & 0x7f
                return signal == 0 ? (status >> 8) & 0xff : 128 + signal
            }
            if answer < 0 && errno != EINTR { return nil }
            if shouldStop() || monotonicNow() &- start >= patienceNanoseconds { return nil }
            usleep(5_000)
        }
    }

    private static func monotonicNow() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// A NULL-terminated array of C strings for posix_spawn, valid during `body`.
    private static func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
        let pointers = strings.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
