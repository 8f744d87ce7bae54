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
    @Test(arguments: [(ENOSPC, ExitStatus.invalidInput), (EPIPE, ExitStatus.success)])
    func theExitStatusOfARunWhoseStdoutFailed(_ code: Int32, _ expected: Int32) async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        let spec = try folder.write("a.yaml", ScratchSpecFolder.quickSpec("A"))
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
}
