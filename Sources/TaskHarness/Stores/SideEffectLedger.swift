import Foundation

/// The outside system that receives the job's side effect (say, an upload endpoint honouring an idempotency key),
/// persisted in SQLite so it outlives the app's process — also a real child process that was killed.
///
/// `perform` performs the effect once per key: a repeat with a key already seen is acknowledged and not performed.
public final class SideEffectLedger: Sendable {
    public let url: URL
    private let connection: SQLiteConnection

    /// Opens (creating when needed) the ledger at `url`.
    public init(url: URL) throws(SQLiteError) {
        self.url = url
        connection = try SQLiteConnection.store(at: url.path)
        try connection.execute("""
            CREATE TABLE IF NOT EXISTS effects(
                key TEXT PRIMARY KEY, subject TEXT NOT NULL, identifier TEXT NOT NULL, performed_at REAL NOT NULL);
            CREATE TABLE IF NOT EXISTS requests(n INTEGER PRIMARY KEY AUTOINCREMENT, key TEXT NOT NULL, performed INTEGER NOT NULL);
            """)
    }

    /// Closes the connection.
    public func close() { connection.close() }

    /// Performs the effect under `key` unless that key was already performed; returns whether it was performed now.
    @discardableResult
    public func perform(key: String, subject: String, identifier: String, at date: Date) throws(SQLiteError) -> Bool {
        let performed = try connection.run(
            "INSERT OR IGNORE INTO effects(key, subject, identifier, performed_at) VALUES (?1, ?2, ?3, ?4)",
            [.text(key), .text(subject), .text(identifier), .real(date.timeIntervalSince1970)]) > 0
        try connection.run("INSERT INTO requests(key, performed) VALUES (?1, ?2)", [.text(key), .integer(performed ? 1 : 0)])
        return performed
    }

    /// Every effect performed, in order.
    public func effects() throws(SQLiteError) -> [SideEffect] {
        try connection.query("SELECT key, subject, identifier, performed_at FROM effects ORDER BY rowid").map { row in
            SideEffect(
                key: row[0].text ?? "", subject: row[1].text ?? "", identifier: row[2].text ?? "",
                performedAt: Date(timeIntervalSince1970: row[3].real ?? 0))
        }
    }

    /// How many effects were performed (what a spec's `side-effects:` compares).
    public func count() throws(SQLiteError) -> Int {
        Int(try connection.query("SELECT COUNT(*) FROM effects").first?[0].integer ?? 0)
    }

    /// How many times the effect was asked for, performed or not.
    public func requestCount() throws(SQLiteError) -> Int {
        Int(try connection.query("SELECT COUNT(*) FROM requests").first?[0].integer ?? 0)
    }
}
