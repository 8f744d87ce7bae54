import Foundation
import Testing
@testable import SpecrunCLI

/// The results' git commit is asked of git after the run, before the results are written. A git that never answers
/// (a FIFO as `~/.gitconfig` or `.git/HEAD`, a stalled file system) held the run for ever with nothing written, the
/// first SIGTERM did nothing, and git outlived specrun. Now git gets a deadline, a signal ends the wait at once, and
/// git is killed with whatever it started.
@Suite struct GitProbeTests {
    /// A `git` that never answers: it records its pid and its child's, then waits on a long sleep.
    static func stalledGit(in folder: ScratchSpecFolder) throws -> (path: String, pids: String) {
        let bin = folder.path("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let pids = folder.path("git.pids")
        try folder.writeExecutable("bin/git", """
            #!/bin/sh
            sleep 600 &
            echo "$$ $!" > '\(pids).tmp' && mv '\(pids).tmp' '\(pids)'
            wait
            """)
        return (bin + ":/usr/bin:/bin", pids)
    }

    /// The pids the stalled git wrote, once it has (nil if it never did within a minute).
    static func recordedPids(_ path: String) -> [pid_t]? {
        for _ in 0..<1200 {
            if let text = try? String(contentsOfFile: path, encoding: .utf8) {
                return text.split(separator: " ").compactMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return nil
    }

    /// Whether `pid` ends within ten seconds. A process sent SIGKILL still shows as running until the kernel schedules
    /// it to exit, which on a loaded CI machine came after the check (a CI run saw the killed `sleep` "still run").
    static func ends(_ pid: pid_t) -> Bool {
        for _ in 0..<200 {
            if !isAlive(pid) { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return false
    }

    /// Whether `pid` is a live process (a zombie left to an init that does not reap is not).
    static func isAlive(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        let state = stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first
        return state != "Z" && state != "X"
    }

    @Test func aGitThatNeverAnswersIsStoppedAtTheDeadlineWithWhatItStarted() throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        let git = try Self.stalledGit(in: folder)
        // Two seconds: the fake git must have started its sleep and written both pids before the deadline kills it,
        // and the sh start-up alone can take a good part of a second on a loaded CI machine.
        let answer = EnvironmentProbe.gitCommit(containing: folder.root.path, environment: ["PATH": git.path],
                                                deadlineNanoseconds: 2_000_000_000)
        #expect(answer == .noAnswer(folder: folder.root.path))
        let pids = try #require(Self.recordedPids(git.pids))
        #expect(pids.count == 2)
        for pid in pids { #expect(Self.ends(pid), "pid \(pid) still runs 10 s after the kill") }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/git"), "needs git"))
    func aFIFOAsTheUsersGitConfigIsNoAnswerRatherThanAHang() throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        let home = folder.path("home")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        #expect(mkfifo(home + "/.gitconfig", 0o644) == 0)
        let answer = EnvironmentProbe.gitCommit(containing: folder.root.path, environment: ["PATH": "/usr/bin:/bin", "HOME": home],
                                                deadlineNanoseconds: 500_000_000)
        #expect(answer == .noAnswer(folder: folder.root.path))
    }

    /// Whatever a `git` on PATH prints is not a commit unless it is one: 40 or 64 hex digits.
    /// One fake git, written once, prints what its environment says: rewriting the script for each case once met
    /// "Text file busy" in CI, when a child another test started held the script open as it was run.
    @Test func onlyAHashIsKeptAsTheCommit() throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.writeExecutable("bin/git", "#!/bin/sh\nprintf '%s\\n' \"$FAKE_GIT_PRINTS\"\n")
        let hash = String(repeating: "0123456789abcdef", count: 4)
        for (printed, expected) in [("<script>alert(1)</script>", EnvironmentProbe.GitCommit.none), ("\u{1B}[31mred", .none),
                                    (String(hash.prefix(40)), .commit(String(hash.prefix(40)))), (hash, .commit(hash)),
                                    (String(hash.prefix(41)), .none), (String(hash.prefix(40)).uppercased(), .none)] {
            let environment = ["PATH": folder.path("bin") + ":/usr/bin:/bin", "FAKE_GIT_PRINTS": printed]
            #expect(EnvironmentProbe.gitCommit(containing: folder.root.path, environment: environment) == expected, "\(printed)")
        }
    }

    @Test func theNoteSaysWhatToCheck() {
        #expect(EnvironmentProbe.noAnswerNote(folder: "/work/ci checkout") == "the results record no git commit: 'git rev-parse HEAD' "
            + "in '/work/ci checkout' did not answer within 10 s and was stopped (a FIFO or device as .git/HEAD or ~/.gitconfig, "
            + "or a stalled file system?); check that 'git -C '/work/ci checkout' rev-parse HEAD' answers")
    }

    @Test func aCommandThatEndsGivesItsStatusAndOutput() {
        let ended = BoundedChild.run(["sh", "-c", "echo out; echo err >&2; exit 3"], environment: ["PATH": "/usr/bin:/bin"],
                                     deadlineNanoseconds: 30_000_000_000)
        #expect(ended == .finished(status: 3, output: Data("out\n".utf8), errors: Data("err\n".utf8)))
        guard case .finished(127, let output, let errors) = BoundedChild.run(
            ["no-such-command-here"], environment: ["PATH": "/usr/bin:/bin"], deadlineNanoseconds: 30_000_000_000) else {
            Issue.record("a missing command is env's status 127")
            return
        }
        #expect(output.isEmpty && String(decoding: errors, as: UTF8.self).contains("No such file or directory"))
        // A stop request ends the wait whatever the deadline.
        #expect(BoundedChild.run(["sleep", "600"], environment: ["PATH": "/usr/bin:/bin"], deadlineNanoseconds: 600_000_000_000,
                                 shouldStop: { true }) == .stopped)
    }

    /// The real binary: SIGTERM while git stalls ends the run at once with its results written, and git is gone.
    @Test func sigtermWhileGitStallsWritesTheResultsAndEndsGit() throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        let spec = try folder.write("a.yaml", ScratchSpecFolder.quickSpec("A"))
        let git = try Self.stalledGit(in: folder)
        let child = try SpecrunChild([spec, "--json", folder.path("r.json")], in: folder, environment: ["PATH": git.path])
        guard let pids = Self.recordedPids(git.pids) else {
            child.send(SIGKILL)
            _ = child.waitForEnd()
            Issue.record("the stalled git never started: \(child.output)")
            return
        }
        child.send(SIGTERM)
        #expect(child.waitForEnd() == .exited(143), "\(child.output)")
        let results = try #require(folder.read("r.json"))
        let document = try #require(try JSONSerialization.jsonObject(with: results) as? [String: Any])
        let environment = try #require(document["environment"] as? [String: Any])
        #expect(environment["gitCommit"] == nil)
        #expect(child.output.contains("stopped by SIGTERM: 1 test finished, 0 were not run"), "\(child.output)")
        for pid in pids { #expect(Self.ends(pid), "pid \(pid) still runs 10 s after the kill") }
    }
}
