import Foundation
@testable import SpecrunCLI
import SpecRunner
import Testing

/// Under a low stack limit (`ulimit -s 100`) the threads that do not choose their stack got 100 KB: a debug build's
/// run of a few specs, and any file nested deeper than a few hundred levels (within `--max-depth 1000`), ended in a
/// segmentation fault with no results and no message. specrun now gives those threads a stack of their own size.
@Suite struct StackLimitTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func onlyAThreadStackUnderTheMinimumIsRaised() {
        #expect(StackLimit.raisedThreadStack(current: 100 << 10) == WorkerThread.stackSize)
        #expect(StackLimit.raisedThreadStack(current: StackLimit.minimum - 1) == WorkerThread.stackSize)
        #expect(StackLimit.raisedThreadStack(current: StackLimit.minimum) == nil)
        // `ulimit -s unlimited` gives glibc's 2 MB; it stays.
        #expect(StackLimit.raisedThreadStack(current: 2 << 20) == nil)
    }

    /// Files are parsed in parallel on worker threads, with the calling thread as one of them when its stack is a
    /// worker's: the results come in the order given either way, and each element is transformed once.
    @Test(arguments: [(1, true), (1, false), (2, true), (2, false), (5, true), (5, false)])
    func theParallelMapKeepsTheOrderWhoeverWorks(jobs: Int, callerMayWork: Bool) {
        let elements = Array(0..<200)
        let mapped = SpecLoader.parallelMap(elements, jobs: jobs, callerMayWork: callerMayWork) { $0 * 3 }
        #expect(mapped == elements.map { $0 * 3 })
        #expect(SpecLoader.parallelMap([Int](), jobs: jobs, callerMayWork: callerMayWork) { $0 }.isEmpty)
    }

    /// The real binary under a real limit: a lifecycle folder and a recurrence spec run, a file nested 900 deep is
    /// told its error, the results are written, and `report` reads them back.
    @Test func theBinaryUnderALowStackLimitRunsAndReports() throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("specs/a.yaml", ScratchSpecFolder.quickSpec("A"))
        try folder.write("specs/deep.yaml", "spec: deep\ndescription: " + String(repeating: "[", count: 900)
            + String(repeating: "]", count: 900) + "\n")
        let lifecycle = Self.repository.appendingPathComponent("specs/lifecycle/catch-up").path
        let run = try SpecrunChild.report("/bin/sh", try SpecrunChild.underShell(
            "ulimit -s 100", through: "timeout -s KILL 120",
            [folder.path("specs"), lifecycle, "--max-depth", "1000", "--json", folder.path("r.json")]), environment: [:], in: folder)
        #expect(run.reason == .exit, "\(run.stdout)")
        // 2: the deep file is invalid ('description' must be a text), and said so.
        #expect(run.status == 2, "\(run.stdout)")
        #expect(run.stdout.contains("deep.yaml:2:14: error: 'description' must be a text, not a list"), "\(run.stdout)")
        #expect(run.stdout.contains("13 passed, 0 failed; 1 invalid spec file"), "\(run.stdout)")
        #expect(FileManager.default.fileExists(atPath: folder.path("r.json")))
        // `report` exits 0 once it has rendered the results, whatever they hold.
        let report = try SpecrunChild.report("/bin/sh", try SpecrunChild.underShell(
            "ulimit -s 100", through: "timeout -s KILL 120", ["report", folder.path("r.json")]), environment: [:], in: folder)
        #expect(report.reason == .exit)
        #expect(report.status == 0, "\(report.stdout)")
        #expect(report.stdout.contains("13 passed, 0 failed; 1 invalid spec file"), "\(report.stdout)")
    }
}
