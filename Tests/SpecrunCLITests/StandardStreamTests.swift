import Foundation
import Synchronization
import Testing
@testable import SpecrunCLI

/// Stdout that cannot take the report — closed (`>&-`), on a full disk (`> /dev/full`), or a reader gone (`| head`) —
/// crashed specrun (`FileHandle.write` traps: exit 132 and a backtrace) or killed it (SIGPIPE, exit 141) before any
/// results file was written. Each now writes its results files whole; a full disk or a closed stdout says so on
/// stderr and exits 2, and a reader that stopped reading changes nothing.
@Suite(.serialized) struct StandardStreamTests {
    @Test func aFailedWriteIsKeptAndNothingMoreIsWrittenThere() throws {
        let fd = open("/dev/full", O_WRONLY | O_CLOEXEC)
        try #require(fd >= 0)
        defer { close(fd) }
        let stream = StandardStream(descriptor: fd)
        #expect(stream.failure == nil)
        stream.write("report\n")
        #expect(stream.failure == ENOSPC)
        stream.write("more\n")
        #expect(stream.failure == ENOSPC)
    }

    /// After a failed write nothing more is written to that stream, even once it could take the text again: a report
    /// missing its middle but ending as usual would read as whole. (The descriptor first names a file opened for
    /// reading, where a write fails with EBADF, then a writable file.)
    @Test func afterAFailedWriteNothingMoreReachesTheStreamEvenWhenItCouldTakeIt() throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        let source = try folder.write("read-only.txt", "")
        let fd = open(source, O_RDONLY | O_CLOEXEC)
        try #require(fd >= 0)
        defer { close(fd) }
        let stream = StandardStream(descriptor: fd)
        stream.write("the first half\n")
        #expect(stream.failure == EBADF)
        let target = open(folder.path("out.txt"), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        try #require(target >= 0)
        try #require(dup2(target, fd) == fd)
        close(target)
        stream.write("the second half\n")
        #expect(stream.failure == EBADF)
        #expect(folder.read("out.txt") == Data())
    }

    /// A pipe made non-blocking by another process that holds it (O_NONBLOCK belongs to the pipe, not to one
    /// process) refuses writes with EAGAIN while its reader is behind. That is no failure: the text is written whole
    /// once the reader makes room. (Taken for a failure, it cut `specrun specs/ --engine all`'s report at 64 KB and
    /// exited 2 whenever the reader was slower than specrun.)
    @Test func aNonBlockingPipeWhoseReaderIsBehindGetsTheWholeText() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        let (reader, writer) = (ends[0], ends[1])
        try #require(fcntl(writer, F_SETFL, fcntl(writer, F_GETFL) | O_NONBLOCK) == 0)
        let text = String(repeating: "0123456789abcdef", count: 1 << 16)  // 1 MB, sixteen times a pipe's buffer
        let stream = StandardStream(descriptor: writer)
        let done = DispatchSemaphore(value: 0)
        let writing = Thread {
            stream.write(text)
            close(writer)
            done.signal()
        }
        writing.start()
        usleep(100_000)  // the reader is behind: the pipe fills and the next write would block
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        // Never more than the text and a byte: a writer that repeats itself must not be read without end.
        while received.count <= text.utf8.count {
            let count = read(reader, &buffer, buffer.count)
            if count <= 0 { break }
            received.append(contentsOf: buffer[0..<count])
        }
        let ended = received.count <= text.utf8.count && done.wait(timeout: .now() + 60) == .success
        // A writer that has not ended is left waiting on the pipe (holding the stream's lock), which stays open so
        // that it gets no SIGPIPE.
        #expect(ended, "the writer did not end with the text written once (\(received.count) bytes read)")
        guard ended else { return }
        close(reader)
        // Compared as one Bool: an expectation comparing 1 MB of Data computes a diff of them when it fails.
        let whole = received == Data(text.utf8)
        #expect(stream.failure == nil)
        #expect(received.count == text.utf8.count)
        #expect(whole)
    }

    @Test func aStreamThatTakesTheTextHasNoFailure() throws {
        let fd = open("/dev/null", O_WRONLY | O_CLOEXEC)
        try #require(fd >= 0)
        defer { close(fd) }
        let stream = StandardStream(descriptor: fd)
        stream.write(String(repeating: "x", count: 1 << 20))
        #expect(stream.failure == nil)
    }

    @Test func whatStderrSaysForEachFailure() {
        #expect(StandardStream.stdoutProblem(errno: EPIPE) == nil)
        #expect(StandardStream.stdoutProblem(errno: ENOSPC) == "stdout could not be written (No space left on device), so what "
            + "specrun printed there is incomplete; make room where stdout goes, or redirect it elsewhere")
        #expect(StandardStream.stdoutProblem(errno: EBADF) == "stdout is not open for writing (Bad file descriptor), so nothing "
            + "was printed there; run specrun with stdout open (redirect it, e.g. '> report.txt', rather than closing it with '>&-')")
    }

    /// In process: a run whose stdout failed exits 2 with the reason on stderr; one whose reader left keeps its status.
    /// A run with a failing test whose stdout failed exits 2 too: the report of which test failed may be what was lost.
    @Test(arguments: [
        (ENOSPC, false, ExitStatus.invalidInput), (EPIPE, false, ExitStatus.success),
        (ENOSPC, true, ExitStatus.invalidInput), (EPIPE, true, ExitStatus.testFailure),
    ])
    func theExitStatusOfARunWhoseStdoutFailed(_ code: Int32, _ failing: Bool, _ expected: Int32) async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        let written = ScratchSpecFolder.quickSpec("A")
        let spec = try folder.write("a.yaml", failing ? written.replacingOccurrences(of: "next: 2027-01-01T12:00:00Z", with: "next: 2027-01-01T13:00:00Z") : written)
        let err = Mutex("")
        let io = CommandIO(
            writeOut: { _ in }, writeError: { text in err.withLock { $0 += text } }, environment: ["NO_COLOR": "1"],
            stdoutIsTerminal: false, now: { CommandRun.now }, monotonicNanoseconds: { 0 }, stdoutFailure: { code })
        let status = await SpecrunCommand.main(arguments: ["specrun", spec, "--json", folder.path("r.json")], io: io)
        #expect(status == expected)
        #expect(folder.read("r.json") != nil)
        let said = err.withLock { $0 }
        #expect(said == (StandardStream.stdoutProblem(errno: code).map { "specrun: error: \($0)\n" } ?? ""))
    }

    /// The real binary, with each kind of stdout: the results file is whole every time, and nothing crashes.
    @Test(arguments: [
        ("full", ExitStatus.invalidInput, "stdout could not be written (No space left on device)"),
        ("closed", ExitStatus.invalidInput, "stdout is not open for writing"),
        ("brokenPipe", ExitStatus.success, nil),
    ])
    func theRealProcessWritesItsResultsWhateverStdoutIs(_ kind: String, _ expected: Int32, _ message: String?) throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        let spec = try folder.write("a.yaml", ScratchSpecFolder.quickSpec("A"))
        let stdout: SpecrunChild.Stdout = switch kind {
        case "full": .path("/dev/full")
        case "closed": .closed
        default: .brokenPipe
        }
        let child = try SpecrunChild([spec, "--json", folder.path("r.json")], in: folder, stdout: stdout)
        #expect(child.waitForEnd() == .exited(expected), "\(child.output)")
        let json = try #require(folder.read("r.json"))
        let document = try JSONSerialization.jsonObject(with: json) as? [String: Any]
        #expect((document?["summary"] as? [String: Any])?["passed"] as? Int == 1)
        let err = (try? String(contentsOfFile: child.stderrPath, encoding: .utf8)) ?? ""
        if let message {
            #expect(err.hasPrefix("specrun: error: " + message), "\(err)")
        } else {
            #expect(err.isEmpty, "\(err)")
        }
    }

    /// A whole run on a terminal's stderr: with `TERM=dumb` no progress line (its `\r` and `ESC[2K` showed as text in
    /// such logs), with another `TERM` the line, once the run has taken two seconds (the clock below moves 3 s a reading, so the
    /// timeout is raised).
    @Test(arguments: [("dumb", false), ("xterm-256color", true)])
    func aRunOnATerminalShowsTheProgressLineUnlessTERMIsDumb(_ term: String, _ shown: Bool) async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        for day in 1...3 { try folder.write("s\(day).yaml", ScratchSpecFolder.quickSpec("S\(day)", day: day)) }
        let err = Mutex(""), ticks = Mutex<UInt64>(0)
        let io = CommandIO(
            writeOut: { _ in }, writeError: { text in err.withLock { $0 += text } },
            environment: ["NO_COLOR": "1", "TERM": term], stdoutIsTerminal: false, stderrIsTerminal: true,
            now: { CommandRun.now }, monotonicNanoseconds: { ticks.withLock { $0 += 3_000_000_000; return $0 } })
        let status = await SpecrunCommand.main(arguments: ["specrun", folder.path, "--jobs", "1", "--timeout", "3600"], io: io)
        #expect(status == ExitStatus.success, "\(err.withLock { $0 })")
        #expect(err.withLock { $0.contains("\u{1B}[2K") } == shown, "\(err.withLock { $0 })")
    }

    /// The progress line erases itself with `\r` and `ESC[2K`: a terminal with `TERM=dumb` shows those as text.
    @Test func theProgressLineIsShownOnlyOnATerminalThatCanEraseIt() {
        func io(_ environment: [String: String], terminal: Bool = true) -> CommandIO {
            CommandIO(writeOut: { _ in }, writeError: { _ in }, environment: environment, stdoutIsTerminal: terminal,
                      stderrIsTerminal: terminal, now: { CommandRun.now }, monotonicNanoseconds: { 0 })
        }
        #expect(ProgressLine.shows(io: io(["TERM": "xterm-256color"]), quiet: false))
        #expect(!ProgressLine.shows(io: io(["TERM": "dumb"]), quiet: false))
        #expect(!ProgressLine.shows(io: io(["TERM": "xterm"]), quiet: true))
        #expect(!ProgressLine.shows(io: io(["TERM": "xterm"], terminal: false), quiet: false))
        // Forcing color does not force the progress line: its erasing escapes would stay in a CI log.
        #expect(!ProgressLine.shows(io: io(["FORCE_COLOR": "1"], terminal: false), quiet: false))
    }

    /// A line as wide as the terminal wraps, and `\r` then erases only its last row: every width gets a line
    /// shorter than itself, keeping the count of tests done as long as it fits.
    @Test func theProgressLineKeepsUnderTheTerminalsWidth() {
        func line(_ columns: Int?) -> String {
            ProgressLine.fitted(done: 12_000, total: 14_053, rate: 6_012.4, left: 75, columns: columns)
        }
        #expect(line(nil) == "12000/14053 tests · 6012/s · 1m15s left")
        #expect(line(80) == "12000/14053 tests · 6012/s · 1m15s left")
        #expect(line(39) == "12000/14053 tests · 1m15s left")
        #expect(line(30) == "12000/14053 · 1m15s left")
        #expect(line(20) == "12000/14053")
        #expect(line(8) == "12000/1")
        for columns in 1...80 { #expect(line(columns).count < max(columns, 2)) }
    }

    /// `--color auto`: NO_COLOR wins over FORCE_COLOR and CLICOLOR_FORCE, which color a stream that is not a
    /// terminal (a CI log); `0`, `false` and empty values force nothing; the flag wins over every variable.
    @Test(arguments: [
        ([String: String](), true, true),
        ([:], false, false),
        (["TERM": "dumb"], true, false),
        (["NO_COLOR": "1"], true, false),
        (["NO_COLOR": ""], true, true),
        (["FORCE_COLOR": "1"], false, true),
        (["FORCE_COLOR": "3"], false, true),
        (["FORCE_COLOR": "true"], false, true),
        (["FORCE_COLOR": "1", "TERM": "dumb"], false, true),
        (["CLICOLOR_FORCE": "1"], false, true),
        (["FORCE_COLOR": "0"], false, false),
        (["FORCE_COLOR": "false"], false, false),
        (["FORCE_COLOR": ""], false, false),
        (["CLICOLOR_FORCE": "0"], false, false),
        (["FORCE_COLOR": "1", "NO_COLOR": "1"], false, false),
    ])
    func colorAutoFollowsNoColorThenForceColorThenTheTerminal(_ environment: [String: String], _ terminal: Bool, _ colored: Bool) {
        let io = CommandIO(writeOut: { _ in }, writeError: { _ in }, environment: environment, stdoutIsTerminal: terminal,
                           stderrIsTerminal: terminal, now: { CommandRun.now }, monotonicNanoseconds: { 0 })
        #expect(io.useColor("auto") == colored)
        #expect(io.useColor(nil) == colored)
        #expect(io.useColorOnStderr(nil) == colored)
        #expect(io.useColor("always"))
        #expect(!io.useColor("never"))
    }

    /// Each stream is colored by whether it is a terminal itself: stdout piped to a file and stderr on a terminal
    /// color stderr's messages only, and the other way round; `FALSE` forces nothing, in any case.
    @Test func eachStreamIsColoredByItsOwnTerminal() {
        func io(stdout: Bool, stderr: Bool, _ environment: [String: String] = [:]) -> CommandIO {
            CommandIO(writeOut: { _ in }, writeError: { _ in }, environment: environment, stdoutIsTerminal: stdout,
                      stderrIsTerminal: stderr, now: { CommandRun.now }, monotonicNanoseconds: { 0 })
        }
        #expect(!io(stdout: false, stderr: true).useColor(nil))
        #expect(io(stdout: false, stderr: true).useColorOnStderr(nil))
        #expect(io(stdout: true, stderr: false).useColor(nil))
        #expect(!io(stdout: true, stderr: false).useColorOnStderr(nil))
        #expect(!io(stdout: false, stderr: false, ["FORCE_COLOR": "FALSE"]).useColor(nil))
        #expect(!io(stdout: false, stderr: false, ["CLICOLOR_FORCE": "False"]).useColorOnStderr(nil))
    }

    /// The line drawn on a terminal 15 columns wide has no room for the word "tests": the width is asked when the
    /// line is drawn, of the run's `io`.
    @Test func theProgressLineAsksTheTerminalsWidthWhenItIsDrawn() {
        let err = Mutex(""), ticks = Mutex<UInt64>(0)
        let io = CommandIO(
            writeOut: { _ in }, writeError: { text in err.withLock { $0 += text } },
            environment: ["TERM": "xterm-256color"], stdoutIsTerminal: false, stderrIsTerminal: true,
            now: { CommandRun.now }, monotonicNanoseconds: { ticks.withLock { $0 += 3_000_000_000; return $0 } },
            stderrColumns: { 15 })
        let progress = ProgressLine(io: io, enabled: true)
        progress.update(done: 1, total: 3)
        let said = err.withLock { $0 }
        #expect(said.hasPrefix("\r\u{1B}[2K1/3"), "\(said.debugDescription)")
        #expect(!said.contains("tests"), "\(said.debugDescription)")
        #expect(said.count - "\r\u{1B}[2K".count < 15, "\(said.debugDescription)")
    }

    /// The width comes from stderr's terminal, else from a positive `COLUMNS`; `0` or text is no width.
    @Test func theTerminalsWidthFallsBackToAPositiveCOLUMNS() throws {
        try #require(isatty(STDERR_FILENO) == 0, "the test's stderr is a terminal: its width would be read first")
        #expect(CommandIO.terminalColumns(environment: ["COLUMNS": "72"]) == 72)
        #expect(CommandIO.terminalColumns(environment: ["COLUMNS": "0"]) == nil)
        #expect(CommandIO.terminalColumns(environment: ["COLUMNS": "-5"]) == nil)
        #expect(CommandIO.terminalColumns(environment: ["COLUMNS": "wide"]) == nil)
        #expect(CommandIO.terminalColumns(environment: [:]) == nil)
    }
}
