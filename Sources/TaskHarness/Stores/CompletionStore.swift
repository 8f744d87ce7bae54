import Foundation
import Recurrence

/// The persistent record of what has completed, keyed by dedup key, with each schedule's catch-up anchor and
/// each identifier's count of consecutive failed attempts (for backoff).
///
/// Written in its own short transaction after the business write: a process killed between the two leaves the
/// business write done and the completion missing, which the next run reconciles through the run key.
public final class CompletionStore: Sendable {
    public let url: URL
    private let connection: SQLiteConnection

    /// Opens (creating when needed) the store at `url`.
    public init(url: URL) throws(SQLiteError) {
        self.url = url
        connection = try SQLiteConnection.store(at: url.path)
        try connection.execute("""
            CREATE TABLE IF NOT EXISTS completions(
                key TEXT PRIMARY KEY, identifier TEXT NOT NULL, planned REAL, completed_at REAL NOT NULL, run_key TEXT NOT NULL);
            CREATE TABLE IF NOT EXISTS catch_up(schedule TEXT PRIMARY KEY, through REAL NOT NULL);
            CREATE TABLE IF NOT EXISTS failures(identifier TEXT PRIMARY KEY, count INTEGER NOT NULL, upcoming REAL);
            """)
    }

    /// Closes the connection; an open transaction is rolled back.
    public func close() { connection.close() }

    /// Whether a transaction is open.
    public var isInTransaction: Bool { connection.isInTransaction }

    /// Whether `key` has completed.
    public func isCompleted(_ key: String) throws(SQLiteError) -> Bool {
        try !connection.query("SELECT 1 FROM completions WHERE key = ?1", [.text(key)]).isEmpty
    }

    /// Which of `keys` are completed, asked in batches: a catch-up over a day of seconds has 86,400 keys, and one
    /// query each made every launch cost seconds.
    public func completedKeys(among keys: [String]) throws(SQLiteError) -> Set<String> {
        var completed: Set<String> = []
        var start = keys.startIndex
        while start < keys.endIndex {
            let batch = keys[start..<min(start + 500, keys.endIndex)]
            let placeholders = (1...batch.count).map { "?\($0)" }.joined(separator: ",")
            for row in try connection.query("SELECT key FROM completions WHERE key IN (\(placeholders))", batch.map { .text($0) }) {
                if let key = row.first?.text { completed.insert(key) }
            }
            start = batch.endIndex
        }
        return completed
    }

    /// The end of the last completed catch-up window of `schedule` (its launch time), if any.
    public func catchUpAnchor(schedule: String) throws(SQLiteError) -> Date? {
        try connection.query("SELECT through FROM catch_up WHERE schedule = ?1", [.text(schedule)])
            .first?[0].real.map(Date.init(timeIntervalSince1970:))
    }

    /// Records a completed run in one transaction: each occurrence key, the run key itself, and (for a schedule)
    /// the new catch-up anchor. Returns the keys that were not already recorded. A scheduled run with nothing due
    /// has no run key: it only moves the anchor.
    @discardableResult
    public func recordCompletion(
        runKey: String?, occurrences: [Occurrence], identifier: String, completedAt: Date,
        schedule: String?, through: Date
    ) throws(SQLiteError) -> [String] {
        try connection.execute("BEGIN IMMEDIATE")
        do {
            var added: [String] = []
            let entries = occurrences.map { ($0.key.rawValue, SQLiteValue.real($0.date.timeIntervalSince1970)) }
                + (runKey.map { key in occurrences.contains { $0.key.rawValue == key } ? [] : [(key, SQLiteValue.null)] } ?? [])
            for (key, planned) in entries {
                let changed = try connection.run(
                    "INSERT OR IGNORE INTO completions(key, identifier, planned, completed_at, run_key) VALUES (?1, ?2, ?3, ?4, ?5)",
                    [.text(key), .text(identifier), planned, .real(completedAt.timeIntervalSince1970), runKey.map(SQLiteValue.text) ?? .null])
                if changed > 0 { added.append(key) }
            }
            if let schedule {
                try connection.run(
                    "INSERT INTO catch_up(schedule, through) VALUES (?1, ?2) ON CONFLICT(schedule) DO UPDATE SET through = max(through, excluded.through)",
                    [.text(schedule), .real(through.timeIntervalSince1970)])
            }
            try connection.execute("COMMIT")
            return added
        } catch {
            try? connection.execute("ROLLBACK")
            throw error
        }
    }

    /// Every completed key, in the order recorded.
    public func completions() throws(SQLiteError) -> [CompletionRecord] {
        try Self.completions(of: connection)
    }

    /// Every completed key, read through a new read-only connection.
    public static func readCompletions(at url: URL) throws(SQLiteError) -> [CompletionRecord] {
        try SQLiteConnection.reading(url) { connection throws(SQLiteError) in try completions(of: connection) }
    }

    private static func completions(of connection: SQLiteConnection) throws(SQLiteError) -> [CompletionRecord] {
        try connection.query("SELECT key, identifier, planned, completed_at, run_key FROM completions ORDER BY rowid").map { row in
            CompletionRecord(
                key: row[0].text ?? "", identifier: row[1].text ?? "",
                planned: row[2].real.map(Date.init(timeIntervalSince1970:)),
                completedAt: Date(timeIntervalSince1970: row[3].real ?? 0), runKey: row[4].text ?? "")
        }
    }

    /// Consecutive failed (or killed) attempts of `identifier` since its last completion.
    public func failureCount(of identifier: String) throws(SQLiteError) -> Int {
        Int(try connection.query("SELECT count FROM failures WHERE identifier = ?1", [.text(identifier)]).first?[0].integer ?? 0)
    }

    /// Sets the count of consecutive failed attempts of `identifier`, and the occurrence that was next when the last
    /// of them began (nil: none recorded), for a retry policy whose count starts over with each occurrence.
    public func setFailureCount(_ count: Int, of identifier: String, upcoming: Date? = nil) throws(SQLiteError) {
        try connection.run(
            "INSERT INTO failures(identifier, count, upcoming) VALUES (?1, ?2, ?3) "
                + "ON CONFLICT(identifier) DO UPDATE SET count = excluded.count, upcoming = excluded.upcoming",
            [.text(identifier), .integer(Int64(count)), upcoming.map { .real($0.timeIntervalSince1970) } ?? .null])
    }

    /// The occurrence that was next when `identifier`'s last counted failure began; nil when none is recorded.
    public func failureUpcoming(of identifier: String) throws(SQLiteError) -> Date? {
        try connection.query("SELECT upcoming FROM failures WHERE identifier = ?1", [.text(identifier)]).first?[0].real
            .map(Date.init(timeIntervalSince1970:))
    }
}
