import Foundation

/// The job's business data in SQLite: items, and one state row with cursor, updated-at, commit count and run key.
///
/// The job composes one short transaction from the calls below (`beginWrite`, `upsert`, `recordCommit`, `commit`)
/// so that items, cursor and updated-at change together or not at all. A separate read-only connection
/// (`readSnapshot(at:)`) sees the last committed state while a write is in progress.
public final class SyncStore: Sendable {
    public let url: URL
    private let connection: SQLiteConnection

    /// Opens (creating when needed) the store at `url`.
    public init(url: URL) throws(SQLiteError) {
        self.url = url
        connection = try SQLiteConnection.store(at: url.path)
        try connection.execute("""
            CREATE TABLE IF NOT EXISTS items(seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL);
            CREATE INDEX IF NOT EXISTS items_by_id ON items(id);
            CREATE TABLE IF NOT EXISTS sync_state(
                singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
                cursor TEXT, updated_at REAL, commits INTEGER NOT NULL DEFAULT 0, run_key TEXT);
            INSERT OR IGNORE INTO sync_state(singleton, commits) VALUES (1, 0);
            """)
    }

    /// Closes the connection; an open transaction is rolled back.
    public func close() { connection.close() }

    /// Whether a write transaction is open.
    public var isInTransaction: Bool { connection.isInTransaction }

    /// Starts the write transaction (taking the write lock at once).
    public func beginWrite() throws(SQLiteError) { try connection.execute("BEGIN IMMEDIATE") }

    /// Writes each item once: an item already stored keeps its place. Whether it is stored is asked of the index
    /// on `id`: without it each item scanned the table, and a job of 8,000 items took 2.4 s to write.
    public func upsert(_ items: [String]) throws(SQLiteError) {
        for item in items {
            try connection.run("INSERT INTO items(id) SELECT ?1 WHERE NOT EXISTS (SELECT 1 FROM items WHERE id = ?1)", [.text(item)])
        }
    }

    /// Appends every item even when already stored (a flawed write that makes duplicates).
    public func append(_ items: [String]) throws(SQLiteError) {
        for item in items {
            try connection.run("INSERT INTO items(id) VALUES (?1)", [.text(item)])
        }
    }

    /// Sets cursor, updated-at and run key and counts one commit.
    public func recordCommit(cursor: String, updatedAt: Date, runKey: String) throws(SQLiteError) {
        try connection.run(
            "UPDATE sync_state SET cursor = ?1, updated_at = ?2, run_key = ?3, commits = commits + 1 WHERE singleton = 1",
            [.text(cursor), .real(updatedAt.timeIntervalSince1970), .text(runKey)])
    }

    /// Commits the write transaction.
    public func commit() throws(SQLiteError) { try connection.execute("COMMIT") }

    /// Rolls the write transaction back (nothing happens when none is open).
    public func rollback() throws(SQLiteError) {
        guard connection.isInTransaction else { return }
        try connection.execute("ROLLBACK")
    }

    /// The state as this connection sees it (inside an open transaction: including its uncommitted changes).
    public func snapshot() throws(SQLiteError) -> StoreSnapshot {
        try Self.snapshot(of: connection)
    }

    /// The last committed state, read through a new read-only connection (what another reader sees).
    public static func readSnapshot(at url: URL) throws(SQLiteError) -> StoreSnapshot {
        try SQLiteConnection.reading(url) { connection throws(SQLiteError) in try snapshot(of: connection) }
    }

    /// Item identifiers stored more than once.
    public func duplicateItems() throws(SQLiteError) -> [String] {
        try Self.duplicateItems(of: connection)
    }

    /// Item identifiers stored more than once, read through a new read-only connection.
    public static func readDuplicateItems(at url: URL) throws(SQLiteError) -> [String] {
        try SQLiteConnection.reading(url) { connection throws(SQLiteError) in try duplicateItems(of: connection) }
    }

    private static func duplicateItems(of connection: SQLiteConnection) throws(SQLiteError) -> [String] {
        try connection.query("SELECT id FROM items GROUP BY id HAVING COUNT(*) > 1 ORDER BY MIN(seq)").compactMap { $0[0].text }
    }

    private static func snapshot(of connection: SQLiteConnection) throws(SQLiteError) -> StoreSnapshot {
        let items = try connection.query("SELECT id FROM items ORDER BY seq").compactMap { $0[0].text }
        let row = try connection.query("SELECT cursor, updated_at, commits, run_key FROM sync_state WHERE singleton = 1").first
        return StoreSnapshot(
            items: items,
            cursor: row?[0].text,
            updatedAt: row?[1].real.map(Date.init(timeIntervalSince1970:)),
            commits: Int(row?[2].integer ?? 0),
            runKey: row?[3].text)
    }
}
