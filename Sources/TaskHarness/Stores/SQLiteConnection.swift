import CSQLite
import Foundation
import Synchronization

/// One open SQLite database file; the C handle is closed by `close()` or, at the latest, by `deinit`.
///
/// Calls are serialized by a lock, so the connection can be shared by the harness and the job it drives.
/// A transaction may stay open between calls (the job's write stage reaches a checkpoint inside it); closing a
/// connection with an open transaction rolls it back, which is how a simulated process death loses unfinished work.
public final class SQLiteConnection: Sendable {
    public let path: String
    private let handle: Mutex<OpaquePointer?>

    /// Runs `body` on a fresh read-only connection to the database at `url`, closed afterwards: how a check
    /// reads what is really on disk, as a new process would.
    public static func reading<T>(_ url: URL, _ body: (SQLiteConnection) throws(SQLiteError) -> T) throws(SQLiteError) -> T {
        let reader = try SQLiteConnection(path: url.path, readOnly: true)
        defer { reader.close() }
        return try body(reader)
    }

    /// Opens (and when writable, creates) the database file at `path`.
    public init(path: String, readOnly: Bool = false) throws(SQLiteError) {
        // C would read the path only up to a NUL, and open another file than the one named.
        guard !path.utf8.contains(0) else {
            throw SQLiteError(code: SQLITE_CANTOPEN, operation: "open", message: "the path contains a NUL character; name the file without one")
        }
        var db: OpaquePointer?
        let flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) | SQLITE_OPEN_FULLMUTEX
        let code = sqlite3_open_v2(path, &db, flags, nil)
        guard code == SQLITE_OK, let opened = db else {
            let failure = db.map { SQLiteError.last(code, operation: "open", on: $0, path: path) }
                ?? SQLiteError(code: code, operation: "open", message: "out of memory")
            sqlite3_close_v2(db)
            throw failure
        }
        self.path = path
        handle = Mutex(opened)
        // A database this connection may write is its owner's to read and write whatever the umask: under
        // `umask 0477` the stores were made mode 000, and the harness's read-only connection that checks them could not
        // open them. SQLite gives the `-wal` and `-shm` files the database's mode.
        if !readOnly {
            var info = stat()
            if stat(path, &info) == 0, info.st_mode & 0o600 != 0o600 { chmod(path, (info.st_mode & 0o777) | 0o600) }
        }
    }

    /// Opens (creating when needed) a store's database for writing: SQLite's write-ahead log, never synced
    /// (`synchronous = OFF`; docs/harness.md, "What a death keeps"). A commit is in the `-wal` file, handed to the
    /// kernel, when `COMMIT` returns: it survives the death of the process, not a power loss, which the model does
    /// not simulate. A kill leaves the log for the next connection, read-only ones included, to recover:
    /// uncommitted frames are ignored, and nothing has to be rolled back in the database file. A file system where
    /// SQLite cannot keep a write-ahead log keeps the rollback journal, synced as SQLite does by default.
    public static func store(at path: String) throws(SQLiteError) -> SQLiteConnection {
        let connection = try SQLiteConnection(path: path)
        let synchronous = try connection.query("PRAGMA synchronous").first?.first?.integer ?? 2
        try connection.execute("PRAGMA synchronous = OFF")
        let mode = try connection.query("PRAGMA journal_mode = WAL").first?.first?.text
        if mode?.lowercased() != "wal" {
            try connection.execute("PRAGMA synchronous = \(synchronous)")
        }
        return connection
    }

    deinit {
        close()
    }

    /// Closes the handle; an open transaction is rolled back. Later calls fail with a `closed` error.
    public func close() {
        handle.withLock { db in
            if let open = db {
                sqlite3_close_v2(open)
                db = nil
            }
        }
    }

    /// Whether the handle is still open.
    public var isOpen: Bool { handle.withLock { $0 != nil } }

    /// Whether a transaction is open on this connection (SQLite is out of autocommit mode).
    public var isInTransaction: Bool {
        handle.withLock { db in
            guard let db else { return false }
            return sqlite3_get_autocommit(db) == 0
        }
    }

    /// Runs one or more statements without bindings or results (schema, `BEGIN`, `COMMIT`).
    public func execute(_ sql: String) throws(SQLiteError) {
        try handle.withLock { (db) throws(SQLiteError) in
            guard let db else { throw .closed("execute") }
            let code = sqlite3_exec(db, sql, nil, nil, nil)
            guard code == SQLITE_OK else {
                throw SQLiteError.last(code, operation: "execute", on: db)
            }
        }
    }

    /// Runs one statement with bound values; returns the number of rows it changed.
    @discardableResult
    public func run(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) -> Int {
        try handle.withLock { (db) throws(SQLiteError) -> Int in
            guard let db else { throw .closed("run") }
            _ = try Self.step(db, sql, values, collect: false)
            return Int(sqlite3_changes(db))
        }
    }

    /// Runs one query with bound values and returns every row.
    public func query(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) -> [[SQLiteValue]] {
        try handle.withLock { (db) throws(SQLiteError) -> [[SQLiteValue]] in
            guard let db else { throw .closed("query") }
            return try Self.step(db, sql, values, collect: true)
        }
    }

    /// A column's text with every byte, NUL included (`String(cString:)` would stop at the first NUL).
    private static func text(_ statement: OpaquePointer, _ column: Int32) -> String {
        guard let start = sqlite3_column_text(statement, column) else { return "" }
        let count = Int(sqlite3_column_bytes(statement, column))
        return String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    }

    private static func step(
        _ db: OpaquePointer, _ sql: String, _ values: [SQLiteValue], collect: Bool
    ) throws(SQLiteError) -> [[SQLiteValue]] {
        var statement: OpaquePointer?
        var code = sqlite3_prepare_v2(db, sql, -1, &statement, nil)
        guard code == SQLITE_OK, let statement else {
            throw SQLiteError.last(code, operation: "prepare", on: db)
        }
        defer { sqlite3_finalize(statement) }
        // SQLITE_TRANSIENT: SQLite copies the bytes before the call returns.
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            switch value {
            case .null: code = sqlite3_bind_null(statement, index)
            case .integer(let number): code = sqlite3_bind_int64(statement, index, number)
            case .real(let number):
                // SQLite stores NaN as NULL: a date that is not a number would read back as "unset".
                guard !number.isNaN else {
                    throw SQLiteError(code: SQLITE_MISMATCH, operation: "bind", message: "value \(index) is not a number (NaN), which SQLite would store as NULL; pass a number")
                }
                code = sqlite3_bind_double(statement, index, number)
            case .text(let text):
                // With its byte count, so that a NUL inside the text does not end it.
                var text = text
                code = text.withUTF8 { bytes in
                    guard let start = bytes.baseAddress else { return sqlite3_bind_text(statement, index, "", 0, transient) }
                    return start.withMemoryRebound(to: CChar.self, capacity: bytes.count) { chars in
                        sqlite3_bind_text64(statement, index, chars, sqlite3_uint64(bytes.count), transient, UInt8(SQLITE_UTF8))
                    }
                }
            }
            guard code == SQLITE_OK else {
                throw SQLiteError.last(code, operation: "bind", on: db)
            }
        }
        var rows: [[SQLiteValue]] = []
        while true {
            code = sqlite3_step(statement)
            if code == SQLITE_DONE { return rows }
            guard code == SQLITE_ROW else {
                throw SQLiteError.last(code, operation: "step", on: db)
            }
            guard collect else { continue }
            let columns = sqlite3_column_count(statement)
            rows.append((0..<columns).map { column in
                switch sqlite3_column_type(statement, column) {
                case SQLITE_INTEGER: .integer(sqlite3_column_int64(statement, column))
                case SQLITE_FLOAT: .real(sqlite3_column_double(statement, column))
                case SQLITE_NULL: .null
                default: .text(Self.text(statement, column))
                }
            })
        }
    }
}
