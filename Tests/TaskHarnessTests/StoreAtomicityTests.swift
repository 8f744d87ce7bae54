import Foundation
import Testing
@testable import TaskHarness

/// The stores on real SQLite files: a transaction cut off part way leaves the old state.
@Suite struct StoreAtomicityTests {
    @Test func aTransactionInterruptedPartWayLeavesTheOldState() throws {
        let folder = try ScenarioFolder()
        defer { folder.remove() }
        let t1 = instant("2027-03-29T02:31:00+02:00")
        let store = try SyncStore(url: folder.syncStoreURL)
        try store.beginWrite()
        try store.upsert(["42"])
        try store.recordCommit(cursor: "c-1", updatedAt: t1, runKey: "k1")
        try store.commit()
        let old = try SyncStore.readSnapshot(at: folder.syncStoreURL)

        try store.beginWrite()
        try store.upsert(["43", "44"])
        try store.recordCommit(cursor: "c-2", updatedAt: t1.addingTimeInterval(86_400), runKey: "k2")
        // Inside the transaction its own connection sees the new rows; another reader still sees the old state.
        #expect(try store.snapshot().items == ["42", "43", "44"])
        #expect(try SyncStore.readSnapshot(at: folder.syncStoreURL) == old)
        // The connection goes away without COMMIT, as it does when the process dies.
        store.close()

        let reopened = try SyncStore(url: folder.syncStoreURL)
        defer { reopened.close() }
        #expect(try reopened.snapshot() == old)
        #expect(old == StoreSnapshot(items: ["42"], cursor: "c-1", updatedAt: t1, commits: 1, runKey: "k1"))
        #expect(!reopened.isInTransaction)
    }

    /// Whether an item is already stored is looked up in an index, not by scanning the items: a job of 8,000 items
    /// took 2.4 s to write, each item reading all those before it. SQLite's plan for the lookup says which it does.
    @Test func anItemIsLookedUpThroughTheIndexOnItsIdentifier() throws {
        let folder = try ScenarioFolder()
        defer { folder.remove() }
        let store = try SyncStore(url: folder.syncStoreURL)
        try store.beginWrite()
        try store.upsert(["42", "43", "42"])
        try store.commit()
        #expect(try store.snapshot().items == ["42", "43"])
        store.close()
        let plan = try SQLiteConnection.reading(folder.syncStoreURL) { connection throws(SQLiteError) in
            try connection.query("EXPLAIN QUERY PLAN SELECT 1 FROM items WHERE id = ?1", [.text("42")])
                .compactMap { $0.last?.text }.joined(separator: "; ")
        }
        #expect(plan.contains("USING COVERING INDEX items_by_id"), "\(plan)")
    }

    @Test func aFailedCompletionRecordLeavesNoKeyBehind() throws {
        let folder = try ScenarioFolder()
        defer { folder.remove() }
        let store = try CompletionStore(url: folder.completionStoreURL)
        defer { store.close() }
        try store.recordCompletion(runKey: "sync/a", occurrences: [], identifier: Fixture.refresh, completedAt: Fixture.start, schedule: nil, through: Fixture.start)
        // A trigger refuses the run key, so the second record fails inside its transaction; nothing of it stays.
        let database = try SQLiteConnection(path: folder.completionStoreURL.path)
        defer { database.close() }
        try database.execute("CREATE TRIGGER refuse BEFORE INSERT ON completions WHEN NEW.key = 'sync/b' BEGIN SELECT RAISE(ABORT, 'refused'); END")
        #expect(throws: SQLiteError.self) {
            try store.recordCompletion(
                runKey: "sync/b", occurrences: Fixture.nightly.occurrences.prefix(2).map { $0 }, identifier: Fixture.refresh,
                completedAt: Fixture.start, schedule: "nightly-sync/v1", through: Fixture.start)
        }
        #expect(try store.completions().map(\.key) == ["sync/a"])
        #expect(try store.catchUpAnchor(schedule: "nightly-sync/v1") == nil)
        #expect(!store.isInTransaction)
    }

    @Test func completedKeysAreFoundAcrossQueryBatches() throws {
        let folder = try ScenarioFolder()
        defer { folder.remove() }
        let store = try CompletionStore(url: folder.completionStoreURL)
        defer { store.close() }
        // 1,203 run keys recorded, every third one asked about among 1,500 (three batches of at most 500).
        for index in 0..<1_203 {
            try store.recordCompletion(runKey: "sync/\(index)", occurrences: [], identifier: Fixture.refresh,
                                       completedAt: Fixture.start, schedule: nil, through: Fixture.start)
        }
        let asked = (0..<1_500).map { "sync/\($0 * 3)" }
        let found = try store.completedKeys(among: asked)
        #expect(found == Set((0..<401).map { "sync/\($0 * 3)" }))
        #expect(try store.completedKeys(among: []).isEmpty)
        for key in ["sync/0", "sync/1200", "sync/1203"] {
            #expect(try found.contains(key) == store.isCompleted(key), "\(key)")
        }
    }

    @Test func theSideEffectLedgerPerformsEachKeyOnce() throws {
        let folder = try ScenarioFolder()
        defer { folder.remove() }
        let ledger = try SideEffectLedger(url: folder.sideEffectLedgerURL)
        #expect(try ledger.perform(key: "k", subject: "k", identifier: Fixture.refresh, at: Fixture.start))
        #expect(try !ledger.perform(key: "k", subject: "k", identifier: Fixture.refresh, at: Fixture.start))
        ledger.close()
        let reopened = try SideEffectLedger(url: folder.sideEffectLedgerURL)
        defer { reopened.close() }
        #expect(try !reopened.perform(key: "k", subject: "k", identifier: Fixture.refresh, at: Fixture.start))
        #expect(try reopened.count() == 1)
        #expect(try reopened.requestCount() == 3)
    }

    @Test func aClosedConnectionRefusesCallsWithoutCrashing() throws {
        let folder = try ScenarioFolder()
        defer { folder.remove() }
        let store = try SyncStore(url: folder.syncStoreURL)
        store.close()
        #expect(throws: SQLiteError.closed("execute")) { try store.beginWrite() }
        #expect(!store.isInTransaction)
        #expect(SQLiteError.closed("run").diagnosticType == "database-closed")
    }

    /// The three stores keep a write-ahead log that is never synced; a reader (read-only) sees the same mode, which
    /// lives in the file. A database that cannot have a log (in memory here, a file system without shared memory
    /// in use) keeps its journal and SQLite's own synchronous setting.
    @Test func storesKeepAnUnsyncedWriteAheadLogAndFallBackToSQLitesDefaults() throws {
        let folder = try ScenarioFolder()
        defer { folder.remove() }
        let stores: [(URL, () throws -> Void)] = [
            (folder.syncStoreURL, { _ = try SyncStore(url: folder.syncStoreURL) }),
            (folder.completionStoreURL, { _ = try CompletionStore(url: folder.completionStoreURL) }),
            (folder.sideEffectLedgerURL, { _ = try SideEffectLedger(url: folder.sideEffectLedgerURL) }),
        ]
        for (url, open) in stores {
            try open()
            // The mode lives in the file: read it before this test opens the file as a store itself, which would set it.
            let mode = try SQLiteConnection.reading(url) { reader throws(SQLiteError) in try reader.query("PRAGMA journal_mode") }
            #expect(mode.first?.first?.text == "wal", "\(url.lastPathComponent)")
            let writer = try SQLiteConnection.store(at: url.path)
            defer { writer.close() }
            #expect(try writer.query("PRAGMA journal_mode").first?.first?.text == "wal", "\(url.lastPathComponent)")
            #expect(try writer.query("PRAGMA synchronous").first?.first?.integer == 0, "\(url.lastPathComponent)")
        }
        let plain = try SQLiteConnection(path: ":memory:")
        let memory = try SQLiteConnection.store(at: ":memory:")
        #expect(try memory.query("PRAGMA journal_mode").first?.first?.text == "memory")
        #expect(try memory.query("PRAGMA synchronous") == plain.query("PRAGMA synchronous"))
    }
}
