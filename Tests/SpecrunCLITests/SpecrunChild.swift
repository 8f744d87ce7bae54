import Foundation

/// The built `specrun` binary run as a child process, for what only a real process shows: signals, SIGKILL,
/// exit statuses. Output goes to files in the scratch folder; `SPECRUN_TEST_STOP_AT` makes the child stop
/// itself (SIGSTOP) at a named point, which `waitUntilStopped()` sees through waitpid.
final class SpecrunChild {
    let pid: pid_t
    let stdoutPath: String
    let stderrPath: String
    /// The read end of stdout's pipe under `.unreadPipe`, kept open and never read; closed when the child is dropped.
    private(set) var unreadPipe: Int32 = -1

    deinit {
        if unreadPipe >= 0 { close(unreadPipe) }
    }

    /// How the child ended.
    enum Ending: Equatable, CustomStringConvertible {
        case exited(Int32)
        case signaled(Int32)
        case stopped

        var description: String {
            switch self {
            case .exited(let status): "exited \(status)"
            case .signaled(let signal): "killed by signal \(signal)"
            case .stopped: "stopped"
            }
        }
    }

    /// `SPECRUN_BINARY`, else next to this test binary (`.build/<triple>/debug`), else the package's `.build/debug`.
    static func binary() throws -> String {
        var candidates: [String] = ProcessInfo.processInfo.environment["SPECRUN_BINARY"].map { [$0] } ?? []
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            candidates.append(directory.appendingPathComponent("specrun").path)
            directory.deleteLastPathComponent()
        }
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(packageRoot.appendingPathComponent(".build/debug/specrun").path)
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw Missing(description: "the specrun binary was not found (looked in \(candidates.joined(separator: ", "))); run 'swift build' or set SPECRUN_BINARY")
        }
        return found
    }

    /// The arguments of `/bin/sh` that run `setup` (`ulimit -f 1`, `umask 0777`: what only the child's own process may
    /// change), then exec the specrun binary with `arguments`, through `wrapper` when given (`timeout -s KILL 60`).
    static func underShell(_ setup: String, through wrapper: String? = nil, _ arguments: [String]) throws -> [String] {
        ["-c", "\(setup) && exec \(wrapper.map { $0 + " " } ?? "")\"$0\" \"$@\"", try binary()] + arguments
    }

    /// Runs `executable` to its end in `folder` with only `environment` (plus `NO_COLOR` and a plain `PATH`), stdout
    /// discarded: for what a process-wide setting changes (`ulimit`, a variable read once per process).
    static func runToEnd(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
                         in folder: ScratchSpecFolder) throws -> (reason: Process.TerminationReason, status: Int32, stderr: String) {
        let ended = try toEnd(executable, arguments, environment: ["NO_COLOR": "1"].merging(environment) { _, given in given },
                              reading: .stderr, in: folder)
        return (ended.reason, ended.status, ended.text)
    }

    /// Runs `executable` to its end in `folder` with only `environment` (plus a plain `PATH`), stderr discarded: the
    /// report it prints on stdout, for a run under a process-wide condition (a `ulimit`, a TMPDIR on a small disk).
    static func report(_ executable: String, _ arguments: [String], environment: [String: String],
                       in folder: ScratchSpecFolder) throws -> (reason: Process.TerminationReason, status: Int32, stdout: String) {
        let ended = try toEnd(executable, arguments, environment: environment, reading: .stdout, in: folder)
        return (ended.reason, ended.status, ended.text)
    }

    private enum Stream { case stdout, stderr }

    /// The process run to its end, the `read` stream's text kept and the other discarded.
    private static func toEnd(_ executable: String, _ arguments: [String], environment: [String: String], reading read: Stream,
                              in folder: ScratchSpecFolder) throws -> (reason: Process.TerminationReason, status: Int32, text: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ["PATH": "/usr/bin:/bin"].merging(environment) { _, given in given }
        process.currentDirectoryURL = folder.root
        let pipe = Pipe()
        process.standardOutput = read == .stdout ? pipe : FileHandle.nullDevice
        process.standardError = read == .stderr ? pipe : FileHandle.nullDevice
        try process.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationReason, process.terminationStatus, text)
    }

    struct Missing: Error, CustomStringConvertible {
        var description: String
    }

    struct SpawnFailed: Error, CustomStringConvertible {
        var description: String
    }

    /// Where the child's stdout goes: a file in the scratch folder (`stdoutPath`, the default), another path
    /// (`/dev/full`), nowhere (descriptor 1 closed, as `>&-` does), or a pipe whose reader has already gone.
    enum Stdout {
        case file
        case path(String)
        case closed
        case brokenPipe
        /// A pipe whose reader stays open and never reads (`specrun … | sleep 60`): a write past its 64 KB waits.
        case unreadPipe
    }

    init(
        _ arguments: [String], in folder: ScratchSpecFolder, stopAt: String? = nil, label: String = "run",
        environment extra: [String: String] = [:], stdout: Stdout = .file
    ) throws {
        let executable = try Self.binary()
        stdoutPath = folder.path("\(label).stdout")
        stderrPath = folder.path("\(label).stderr")

        var environment = ProcessInfo.processInfo.environment
        environment["SPECRUN_TEST_STOP_AT"] = stopAt
        environment["NO_COLOR"] = "1"
        environment.merge(extra) { $1 }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        var pipeEnds: [Int32] = [-1, -1]
        defer { pipeEnds.filter { $0 >= 0 }.forEach { close($0) } }
        switch stdout {
        case .file:
            posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        case .path(let path):
            posix_spawn_file_actions_addopen(&actions, 1, path, O_WRONLY, 0)
        case .closed:
            posix_spawn_file_actions_addclose(&actions, 1)
        case .brokenPipe:
            // The read end is closed before the child starts: its first write to stdout meets no reader (EPIPE).
            guard pipe(&pipeEnds) == 0 else { throw SpawnFailed(description: "pipe failed: \(String(cString: strerror(errno)))") }
            close(pipeEnds[0])
            pipeEnds[0] = -1
            posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
            posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
        case .unreadPipe:
            guard pipe(&pipeEnds) == 0 else { throw SpawnFailed(description: "pipe failed: \(String(cString: strerror(errno)))") }
            posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
            posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
            posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        }
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

        // The child must see SIGINT / SIGTERM whatever this test process blocks or ignores.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGINT)
        sigaddset(&defaults, SIGTERM)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var child: pid_t = 0
        let result = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        guard result == 0 else { throw SpawnFailed(description: "posix_spawn failed: \(String(cString: strerror(result)))") }
        pid = child
        if case .unreadPipe = stdout {
            // Kept past the `defer` that closes the pipe's ends: the child's reader stays open.
            unreadPipe = pipeEnds[0]
            pipeEnds[0] = -1
        }
    }

    /// Bytes waiting in the unread pipe (FIONREAD).
    var bytesInPipe: Int32 {
        var count: Int32 = 0
        _ = ioctl(unreadPipe, UInt(FIONREAD), &count)
        return count
    }

    /// The child's end within `seconds`, or nil after killing it (SIGKILL) when it had not ended by then: a test of a
    /// hang must not hang itself.
    func waitForEnd(within seconds: Double) -> Ending? {
        let deadline = Date().addingTimeInterval(seconds)
        var status: Int32 = 0
        while Date() < deadline {
            let found = waitpid(pid, &status, WNOHANG)
            if found == pid {
                let low = status & 0x7F
                return low == 0 ? .exited((status >> 8) & 0xFF) : .signaled(low)
            }
            usleep(20_000)
        }
        kill(pid, SIGKILL)
        _ = waitForEnd()
        return nil
    }

    /// Blocks until the child stops itself (or ends first, which the caller reports).
    func waitUntilStopped() -> Ending {
        wait(options: WUNTRACED)
    }

    func send(_ signal: Int32) {
        kill(pid, signal)
    }

    /// Blocks until the child ends.
    func waitForEnd() -> Ending {
        wait(options: 0)
    }

    private func wait(options: Int32) -> Ending {
        var status: Int32 = 0
        while waitpid(pid, &status, options) < 0 {
            guard errno == EINTR else { return .exited(-1) }
        }
        // The <sys/wait.h> macros, spelled out: Swift does not import them.
        let low = status & 0x7F
        if status & 0xFF == 0x7F { return .stopped }
        if low == 0 { return .exited((status >> 8) & 0xFF) }
        return .signaled(low)
    }

    var output: String {
        let out = (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? ""
        let err = (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? ""
        return "stdout:\n\(out.prefix(4000))\nstderr:\n\(err.prefix(4000))"
    }
}
