import Foundation
import Testing
@testable import TaskHarness

/// A real process death: `harness-crash-helper` runs the sync job and SIGKILLs itself at a checkpoint; the retry
/// then runs here, in-process, on the same files.
@Suite struct CrashHelperTests {
    /// The helper's executable: `HARNESS_CRASH_HELPER`, or next to this test binary (`.build/<triple>/debug`),
    /// or in the package's `.build/debug`.
    static func helperURL() throws -> URL {
        let environment = ProcessInfo.processInfo.environment
        var candidates: [URL] = environment["HARNESS_CRASH_HELPER"].map { [URL(fileURLWithPath: $0)] } ?? []
        for executable in [Bundle.main.executableURL, URL(fileURLWithPath: CommandLine.arguments[0])].compactMap({ $0 }) {
            var directory = executable.resolvingSymlinksInPath().deletingLastPathComponent()
            // The test binary may sit inside a bundle (…/specrunPackageTests.xctest/Contents/MacOS on macOS).
            for _ in 0..<4 {
                candidates.append(directory.appendingPathComponent("harness-crash-helper"))
                directory.deleteLastPathComponent()
            }
        }
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(packageRoot.appendingPathComponent(".build/debug/harness-crash-helper"))
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw HelperMissing(looked: candidates.map(\.path))
        }
        return found
    }

    struct HelperMissing: Error, CustomStringConvertible {
        let looked: [String]
        var description: String {
            "harness-crash-helper was not found (looked in \(looked.joined(separator: ", "))); run 'swift build' or set HARNESS_CRASH_HELPER"
        }
    }

    /// Runs the helper to its death and returns how it ended.
    static func runHelper(
        folder: ScenarioFolder, killAt: String, items: [String] = ["--items", "42,43"]
    ) async throws -> (Process.TerminationReason, Int32, String) {
        let process = Process()
        process.executableURL = try helperURL()
        process.arguments = ["--folder", folder.root.path, "--kill-at", killAt] + items + ["--clock", "2027-03-31T02:00:00Z"]
        let errors = Pipe()
        process.standardError = errors
        let ended: Void = await withCheckedContinuation { continuation in
            process.terminationHandler = { _ in continuation.resume() }
            do { try process.run() } catch { continuation.resume() }
        }
        _ = ended
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (process.terminationReason, process.terminationStatus, message)
    }

    /// A retry in this process over the files the dead child left.
    static func retry(in folder: ScenarioFolder) async throws -> (StoreSnapshot, [SideEffect], [CompletionRecord], Int) {
        let stores = SyncJob.Stores(
            sync: try SyncStore(url: folder.syncStoreURL),
            completions: try CompletionStore(url: folder.completionStoreURL),
            sideEffects: try SideEffectLedger(url: folder.sideEffectLedgerURL))
        defer {
            stores.sync.close()
            stores.completions.close()
            stores.sideEffects.close()
        }
        let files = TemporaryFiles(directory: folder.temporaryFiles)
        let job = SyncJob(
            identifier: Fixture.refresh, source: StubItemSource(items: ["42", "43"]), stores: stores,
            clock: try ManualClock(start: instant("2027-03-31T03:00:00Z")), files: files)
        try await job.run()
        return (try stores.sync.snapshot(), try stores.sideEffects.effects(), try stores.completions.completions(), files.count)
    }

    @Test func aProcessKilledAfterTheWriteIsReconciledWithExactlyOneSideEffect() async throws {
        let folder = try ScenarioFolder()
        defer { folder.remove() }
        let (reason, status, message) = try await Self.runHelper(folder: folder, killAt: "after-write")
        #expect(reason == .uncaughtSignal && status == SIGKILL, "\(message)")

        // The commit lives only in the write-ahead log (never synced, never checkpointed: the process was killed),
        // which a new reader, a read-only one here, recovers. A commit lost with the process fails the next lines.
        #expect(Self.size(of: folder.syncStoreURL.path + "-wal") > 0)
        #expect(!FileManager.default.fileExists(atPath: folder.syncStoreURL.path + "-journal"))
        // What the dead process left: the business write and the side effect, no completion record.
        let left = try SyncStore.readSnapshot(at: folder.syncStoreURL)
        let cursor = StubItemSource.cursor(for: ["42", "43"])
        #expect(left == StoreSnapshot(items: ["42", "43"], cursor: cursor, updatedAt: instant("2027-03-31T02:00:00Z"), commits: 1, runKey: "sync/\(cursor)"))
        #expect(try CompletionStore.readCompletions(at: folder.completionStoreURL).isEmpty)

        let (store, effects, completions, temporaryFiles) = try await Self.retry(in: folder)
        #expect(effects.count == 1)
        #expect(effects.first?.key == "sync/\(cursor)")
        #expect(store.commits == 1)
        #expect(store.items == ["42", "43"])
        #expect(completions.map(\.key) == ["sync/\(cursor)"])
        #expect(temporaryFiles == 0)
    }

    @Test func aProcessKilledInsideTheWriteTransactionLeavesTheOldStateAndItsTempFilesAreSwept() async throws {
        let folder = try ScenarioFolder()
        defer { folder.remove() }
        let (reason, status, message) = try await Self.runHelper(folder: folder, killAt: "during-write")
        #expect(reason == .uncaughtSignal && status == SIGKILL, "\(message)")

        // The kill left the write-ahead log with no commit of this transaction: a new reader, a read-only one here,
        // ignores what is uncommitted; there is no rollback journal to play back (which a read-only reader could not).
        #expect(FileManager.default.fileExists(atPath: folder.syncStoreURL.path + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: folder.syncStoreURL.path + "-journal"))
        #expect(try SyncStore.readSnapshot(at: folder.syncStoreURL) == StoreSnapshot(items: [], cursor: nil, updatedAt: nil, commits: 0, runKey: nil))
        #expect(TemporaryFiles(directory: folder.temporaryFiles).count == 2)
        #expect(try SideEffectLedger(url: folder.sideEffectLedgerURL).count() == 0)

        try await Self.expectRetryCommitsOnce(in: folder)
    }

    /// A write too large for SQLite's page cache (100,000 items, some 4 MB of pages) has its uncommitted pages
    /// in the files when the process is killed. With a rollback journal the database file itself held them, and the
    /// journal was hot: a read-only reader could not play it back ("attempt to write a readonly database",
    /// SQLITE_READONLY_ROLLBACK) and read nothing. In the write-ahead log they are frames with no commit, which every
    /// reader ignores.
    @Test func aReadOnlyReaderOpensAfterAKillInsideAWriteLargerThanThePageCache() async throws {
        let folder = try ScenarioFolder()
        defer { folder.remove() }
        let (reason, status, message) = try await Self.runHelper(folder: folder, killAt: "during-write", items: ["--item-count", "100000"])
        #expect(reason == .uncaughtSignal && status == SIGKILL, "\(message)")
        // The uncommitted pages did reach a file (about 2.3 MB of them): else this test would test nothing more.
        #expect(Self.size(of: folder.syncStoreURL.path + "-wal") > 1_000_000)

        let empty = StoreSnapshot(items: [], cursor: nil, updatedAt: nil, commits: 0, runKey: nil)
        #expect(try SyncStore.readSnapshot(at: folder.syncStoreURL) == empty)
        #expect(try SyncStore.readDuplicateItems(at: folder.syncStoreURL).isEmpty)
        #expect(try CompletionStore.readCompletions(at: folder.completionStoreURL).isEmpty)

        try await Self.expectRetryCommitsOnce(in: folder)
    }

    /// After a kill inside the write: the retry writes and commits the items once, with one side effect and one
    /// completion, and sweeps the dead attempt's temporary files.
    static func expectRetryCommitsOnce(in folder: ScenarioFolder) async throws {
        let (store, effects, completions, temporaryFiles) = try await retry(in: folder)
        #expect(store.commits == 1)
        #expect(store.items == ["42", "43"])
        #expect(effects.count == 1)
        #expect(completions.count == 1)
        #expect(temporaryFiles == 0)
    }

    /// The size of the file at `path` in bytes, 0 when it does not exist.
    static func size(of path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }

    /// The helper refuses an item count it cannot write (none, or not a number) with its usage, not a trap.
    @Test(arguments: ["0", "ten"])
    func anItemCountOutsideItsRangeIsRefused(_ count: String) async throws {
        let folder = try ScenarioFolder()
        defer { folder.remove() }
        let (reason, status, message) = try await Self.runHelper(folder: folder, killAt: "after-write", items: ["--item-count", count])
        #expect(reason == .exit && status == 2, "\(message)")
        #expect(message == "harness-crash-helper: --item-count must be a whole number from 1 to 10000000, got '\(count)'\n")
    }
}
