import Foundation
import Synchronization
import Testing
@testable import TaskHarness

/// The seeds' four groups of tests, on the sync job driven directly (no scheduler).
@Suite struct SyncJobSeedTests {
    /// docs/lifecycle.md gives the unscheduled business key's formula in Python, so a spec computes the key it expects;
    /// these are that snippet's outputs (python3, FNV-1a 64 over each item's UTF-8 and 0x1F), not the code's.
    @Test func theCursorIsTheDocumentedDigest() {
        #expect(StubItemSource.cursor(for: ["42"]) == "c-2bd2631809bb7bf4")
        #expect(StubItemSource.cursor(for: ["42", "43"]) == "c-95945fd22fd78082")
    }

    @Test func successCommitsItemsCursorAndUpdatedAtAtomically() async throws {
        let bench = try JobBench(items: ["42", "43"])
        defer { bench.close() }
        let seenInsideWrite = Mutex<StoreSnapshot?>(nil)
        let job = bench.job(monitor: ScriptedMonitor { point in
            if point == .during(.write) { seenInsideWrite.withLock { $0 = try? bench.committed() } }
        })
        try await job.run()
        // While the write transaction was open, a reader saw nothing of it.
        #expect(seenInsideWrite.withLock { $0 } == StoreSnapshot(items: [], cursor: nil, updatedAt: nil, commits: 0, runKey: nil))
        let cursor = StubItemSource.cursor(for: ["42", "43"])
        #expect(try bench.committed() == StoreSnapshot(items: ["42", "43"], cursor: cursor, updatedAt: Fixture.start, commits: 1, runKey: "sync/\(cursor)"))
        #expect(bench.files.count == 0)
        #expect(try bench.stores.completions.isCompleted("sync/\(cursor)"))
        #expect(try bench.stores.sideEffects.count() == 1)
    }

    @Test(arguments: [JobStage.download, .parse, .write])
    func aFaultKeepsTheOldDataReadable(at stage: JobStage) async throws {
        let bench = try JobBench(items: ["1"])
        defer { bench.close() }
        try await bench.job().run()
        let old = try bench.committed()
        bench.source.setItems(["1", "2", "3"])
        try bench.clock.advance(by: .seconds(86_400))
        let readDuringFault = Mutex<StoreSnapshot?>(nil)
        let job = bench.job(monitor: ScriptedMonitor { point in
            guard point == .during(stage) else { return }
            readDuringFault.withLock { $0 = try? bench.committed() }
            throw InjectedFault(stage: stage, errorType: "disk-full")
        })
        await #expect(throws: InjectedFault(stage: stage, errorType: "disk-full")) { try await job.run() }
        #expect(readDuringFault.withLock { $0 } == old)
        #expect(try bench.committed() == old)
        #expect(bench.files.count == 0)
        #expect(!bench.stores.sync.isInTransaction)
    }

    @Test(arguments: [JobStage.download, .parse, .write])
    func expirationCancelsWithNoTempFilesAndNoSuccessMark(during stage: JobStage) async throws {
        let bench = try JobBench(items: ["42"])
        defer { bench.close() }
        let job = Mutex<SyncJob?>(nil)
        let sawTempFiles = Mutex(0)
        let made = bench.job(monitor: ScriptedMonitor { point in
            guard point == .during(stage) else { return }
            sawTempFiles.withLock { $0 = bench.files.count }
            // What the adapter's expiration handler does.
            job.withLock { $0 }?.cancel()
        })
        job.withLock { $0 = made }
        await #expect(throws: CancellationError.self) { try await made.run() }
        if stage != .write { #expect(sawTempFiles.withLock { $0 } > 0) }
        #expect(bench.files.count == 0)
        #expect(try bench.committed() == StoreSnapshot(items: [], cursor: nil, updatedAt: nil, commits: 0, runKey: nil))
        #expect(try bench.stores.completions.completions().isEmpty)
        #expect(try bench.stores.sideEffects.count() == 0)
        #expect(!made.lastRunCompleted)
    }

    @Test func cancellationOfTheSwiftTaskIsCheckedBetweenStagesToo() async throws {
        let bench = try JobBench(items: ["42"])
        defer { bench.close() }
        let job = bench.job(monitor: ScriptedMonitor { point in
            if point == .during(.download) { withUnsafeCurrentTask { $0?.cancel() } }
        })
        // In a task of its own: cancelling the test's own task makes Swift Testing end the test as cancelled,
        // with its expectations unchecked.
        await #expect(throws: CancellationError.self) { try await Task { try await job.run() }.value }
        #expect(try bench.committed().commits == 0)
        #expect(bench.files.count == 0)
    }

    @Test func theSameInputTwiceGivesTheSameStateNoDuplicatesAndTwoCommits() async throws {
        let bench = try JobBench(items: ["42"])
        defer { bench.close() }
        let job = bench.job()
        try await job.run()
        let first = try bench.committed()
        try await job.run()
        let second = try bench.committed()
        #expect(second.items == ["42"])
        #expect(second.commits == 2)
        #expect(second.cursor == first.cursor && second.runKey == first.runKey && second.updatedAt == first.updatedAt)
        #expect(try bench.stores.sync.duplicateItems().isEmpty)
        // The business key is the same, so the outside system saw the effect once.
        #expect(try bench.stores.sideEffects.count() == 1)
    }

    @Test func aStoreThatAppendsMakesTheDuplicatesTheSeedsWarnAbout() async throws {
        let bench = try JobBench(items: ["42"])
        defer { bench.close() }
        let job = bench.job(flaws: [.appendsDuplicates])
        try await job.run()
        try await job.run()
        #expect(try bench.committed().items == ["42", "42"])
        #expect(try bench.stores.sync.duplicateItems() == ["42"])
    }

    @Test func aRetryAfterAnInterruptionReconcilesInsteadOfWritingAgain() async throws {
        let bench = try JobBench(items: ["42", "43"])
        defer { bench.close() }
        struct Died: Error {}
        let dying = bench.job(monitor: ScriptedMonitor { if $0 == .afterWrite { throw Died() } })
        await #expect(throws: Died.self) { try await dying.run() }
        #expect(try bench.committed().commits == 1)
        #expect(try bench.stores.completions.completions().isEmpty)
        try bench.clock.advance(by: .seconds(3600))
        let retry = bench.job()
        try await retry.run()
        #expect(try bench.committed().commits == 1)
        #expect(try bench.stores.sideEffects.count() == 1)
        #expect(try bench.stores.sideEffects.requestCount() == 2)
        #expect(try bench.stores.completions.completions().count == 1)
        #expect(retry.lastRunCompleted)
    }
}
