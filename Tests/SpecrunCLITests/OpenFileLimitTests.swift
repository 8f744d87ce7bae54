import Foundation
import SpecrunCLI
import Testing

/// `ulimit -n` of 16 or less made libdispatch trap (SIGILL) in the middle of a run, and 17–19 lost the results file:
/// specrun raises a low soft limit itself and refuses, before starting, a hard limit it cannot get past.
@Suite struct OpenFileLimitTests {
    @Test func aLowSoftLimitIsRaisedAsFarAsTheHardLimitAllows() {
        #expect(OpenFileLimit.raisedSoftLimit(soft: 16, hard: nil) == OpenFileLimit.wanted)
        #expect(OpenFileLimit.raisedSoftLimit(soft: 16, hard: 1_048_576) == OpenFileLimit.wanted)
        #expect(OpenFileLimit.raisedSoftLimit(soft: 16, hard: 100) == 100)
        #expect(OpenFileLimit.raisedSoftLimit(soft: 1024, hard: 1024) == nil)
        #expect(OpenFileLimit.raisedSoftLimit(soft: 16, hard: 16) == nil)
        // A soft limit already past the wanted one, or unlimited, is never lowered.
        #expect(OpenFileLimit.raisedSoftLimit(soft: 65_536, hard: nil) == nil)
        #expect(OpenFileLimit.raisedSoftLimit(soft: nil, hard: nil) == nil)
    }

    @Test func onlyALimitUnderTheMinimumIsAProblem() {
        #expect(OpenFileLimit.problem(softLimitAfterRaising: nil) == nil)
        #expect(OpenFileLimit.problem(softLimitAfterRaising: OpenFileLimit.minimum) == nil)
        // The bound itself: one under the minimum is refused.
        #expect(OpenFileLimit.problem(softLimitAfterRaising: OpenFileLimit.minimum - 1)?.hasPrefix("the limit on open files is 63 ") == true)
        #expect(OpenFileLimit.problem(softLimitAfterRaising: 16) == "the limit on open files is 16 (ulimit -n) and cannot be raised further here; specrun needs at least 64: raise it to 4096 ('ulimit -n 4096' where the hard limit allows, 'docker run --ulimit nofile=4096' for a container) and run specrun again")
    }

    /// The real binary under a real `ulimit`, outside a git repository (the git probe's pipes are what ran out).
    @Test(arguments: [("-Sn", Int32(0)), ("-n", Int32(2))])
    func theBinaryUnderALowLimitRunsOrRefusesButNeverCrashes(_ option: String, _ expected: Int32) throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        let spec = try folder.write("a.yaml", ScratchSpecFolder.quickSpec("A"))
        let ended = try SpecrunChild.runToEnd("/bin/sh", try SpecrunChild.underShell("ulimit \(option) 16", [spec, "--json", folder.path("r.json")]),
                                              in: folder)
        let stderr = ended.stderr
        #expect(ended.reason == .exit, "\(stderr)")
        #expect(ended.status == expected, "\(stderr)")
        if expected == 0 {
            #expect(FileManager.default.fileExists(atPath: folder.path("r.json")))
        } else {
            #expect(stderr.hasPrefix("specrun: error: the limit on open files is 16 (ulimit -n)"), "\(stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder.path("r.json")))
        }
    }
}

/// Threads the system refuses (an address-space limit too small for their stacks) made a run wait for its workers
/// for ever at 0 % CPU: now specrun refuses at once, naming the limits, before reading anything.
@Suite struct ThreadLimitTests {
    @Test func aLimitTooLowForTheThreadsIsRefusedAtOnceNamingIt() throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        let spec = try folder.write("a.yaml", ScratchSpecFolder.quickSpec("A"))
        // 100,000 KB: enough to load the (debug) binary and its libraries, not for a run's threads as well.
        let ended = try SpecrunChild.runToEnd("/bin/sh", try SpecrunChild.underShell("ulimit -v 100000", [spec, "--json", folder.path("r.json")]),
                                              in: folder)
        #expect(ended.reason == .exit, "\(ended.stderr)")
        #expect(ended.status == 2, "\(ended.stderr)")
        #expect(ended.stderr.hasPrefix("specrun: error: the system refuses to start a thread (Resource temporarily unavailable), so "
            + "specrun cannot run: the limit on virtual memory (ulimit -v: 100000 KB) or on processes and threads (ulimit -u: "), "\(ended.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("r.json")))
        // Fewer --jobs cannot help: the check starts its threads before the options are read.
        #expect(!ended.stderr.contains("--jobs"), "\(ended.stderr)")
    }

    /// A limit that starts every thread but leaves too little beside their stacks was a crash: at 100,000 KB the
    /// debug build trapped compiling its redaction patterns to print the refusal, and from there to about 130,000 KB a
    /// run crashed on its first allocations. Such a limit is refused at start, naming it.
    @Test func aLimitThatLeavesTooLittleBesideTheStacksIsRefusedNamingIt() throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        let spec = try folder.write("a.yaml", ScratchSpecFolder.quickSpec("A"))
        let ended = try SpecrunChild.runToEnd("/bin/sh", try SpecrunChild.underShell(
            "ulimit -v 120000", through: "timeout -s KILL 60", [spec, "--json", folder.path("r.json")]), in: folder)
        #expect(ended.reason == .exit, "\(ended.stderr)")
        #expect(ended.status == 2, "\(ended.stderr)")
        #expect(ended.stderr == "specrun: error: the limit on virtual memory (ulimit -v: 120000 KB) leaves too little memory beside the "
            + "threads' stacks (Cannot allocate memory), so specrun cannot run; raise it by 24 MB or more\n", "\(ended.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("r.json")))
    }

    /// A limit that runs a small run runs it at every higher limit too. glibc's per-thread malloc arenas (64 MB of
    /// address space each) made the outcome depend on how many arenas had been made first: the debug build refused
    /// threads under `ulimit -v 250000` and ran under 150000, 200000 and 300000; the release build refused 300000 in
    /// three runs of four. The arenas are capped under a limit now (`ThreadLimit.boundMallocArenas…`).
    @Test func aLimitThatRunsOnceRunsAtEveryHigherLimit() throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        let spec = try folder.write("a.yaml", ScratchSpecFolder.quickSpec("A"))
        var outcomes: [(limit: Int, status: Int32)] = []
        for limit in stride(from: 150_000, through: 500_000, by: 50_000) {
            let ended = try SpecrunChild.runToEnd("/bin/sh", try SpecrunChild.underShell(
                "ulimit -v \(limit)", through: "timeout -s KILL 60", [spec, "--quiet"]), in: folder)
            outcomes.append((limit, ended.reason == .exit ? ended.status : -1))
        }
        let firstRun = try #require(outcomes.firstIndex { $0.status == 0 }, "no limit up to 500000 KB ran: \(outcomes)")
        #expect(outcomes[firstRun...].allSatisfy { $0.status == 0 }, "\(outcomes)")
    }

    /// A subcommand that runs no tests hops to the runtime's thread pool at its first asynchronous call and would
    /// wait there for ever too: it is refused the same way (`timeout` ends a hang as a failure, exit 137).
    @Test func explainIsRefusedTooRatherThanWaitingForAThread() throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        let ended = try SpecrunChild.runToEnd("/bin/sh", try SpecrunChild.underShell(
            "ulimit -v 100000", through: "timeout -s KILL 60", ["explain", "Europe/Berlin", "2027"]), in: folder)
        #expect(ended.reason == .exit, "\(ended.stderr)")
        #expect(ended.status == 2, "\(ended.stderr)")
        #expect(ended.stderr.hasPrefix("specrun: error: the system refuses to start a thread"), "\(ended.stderr)")
    }
}
