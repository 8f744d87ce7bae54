import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program as a child process and reports what `wait4` says about it: exit code, wall time, peak memory.
///
/// `posix_spawnp` and `wait4` rather than Foundation's `Process`, because only `wait4` gives the one child's own
/// resource usage (its maximum resident set size) without mixing in earlier children.
enum ChildProcess {
    struct Status {
        var exitCode: Int32
        /// Wall-clock time from spawn to exit.
        var wall: Duration
        /// The child's peak resident memory (`ru_maxrss`), in bytes.
        var peakMemory: Int
        /// User plus system CPU time of the child.
        var cpu: Duration
    }

    /// Runs `arguments` (the program is looked up in PATH when it has no slash); stdout goes to `output`
    /// (a file, truncated) or stays the bench's own when nil. Stderr stays the bench's own.
    static func run(_ arguments: [String], output: String?) throws -> Status {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let output {
            posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        }
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }

        fflush(nil)  // every stream: what the bench printed so far comes before the child's output
        let clock = ContinuousClock()
        let start = clock.now
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, &argv, environ)
        guard spawned == 0 else {
            throw BenchmarkError("cannot start \(arguments[0]): \(String(cString: strerror(spawned))); check that it is installed")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) == -1 && errno == EINTR {}
        let wall = clock.now - start
        let exited = status & 0x7f == 0
        func duration(_ time: timeval) -> Duration {
            .seconds(time.tv_sec) + .microseconds(time.tv_usec)
        }
        return Status(
            exitCode: exited ? (status >> 8) & 0xff : 128 + (status & 0x7f),
            wall: wall,
            peakMemory: usage.ru_maxrss * 1024,
            cpu: duration(usage.ru_utime) + duration(usage.ru_stime))
    }

    /// Runs `arguments` and returns what it printed on stdout (for the Python reference's JSON line).
    static func output(of arguments: [String]) throws -> (status: Status, text: String) {
        let path = NSTemporaryDirectory() + "specrun-bench-\(getpid())-output.txt"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let status = try run(arguments, output: path)
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return (status, text)
    }
}
