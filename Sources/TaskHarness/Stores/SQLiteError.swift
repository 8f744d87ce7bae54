import CSQLite
import Glibc

/// A failed SQLite call: the result code, what was being done, and SQLite's own message.
///
/// Messages come from SQLite and the SQL text; bound values (payloads) never appear in them.
public struct SQLiteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// SQLite's primary result code (`SQLITE_BUSY`, `SQLITE_FULL`, …); -1 for a closed connection.
    public let code: Int32
    /// What the harness was doing: `open`, `prepare`, `step`, `execute`, `closed`.
    public let operation: String
    public let message: String
    /// The operating system's error under an I/O failure (`sqlite3_system_errno`): `EFBIG` for a file-size limit,
    /// `ENOSPC` for a full disk; 0 when there was none or it is not known.
    public let systemErrno: Int32

    public init(code: Int32, operation: String, message: String, systemErrno: Int32 = 0) {
        self.code = code
        self.operation = operation
        self.message = message
        self.systemErrno = systemErrno
    }

    /// The error of the last call on `db`, with its system error.
    ///
    /// A file SQLite could not create (the database, its `-wal` or `-shm`) on a disk with no space or no inode left
    /// comes back as "unable to open database file" with `ENOENT`, the errno of a later step, not the `ENOSPC` of the
    /// failed `open`: for that error the database's folder is looked at, and a disk found used up is told as `ENOSPC`.
    /// `path` names the database when `db` cannot (a failed open has no file name).
    static func last(_ code: Int32, operation: String, on db: OpaquePointer, path: String? = nil) -> SQLiteError {
        var systemErrno = sqlite3_system_errno(db)
        if code & 0xFF == SQLITE_CANTOPEN, systemErrno != ENOSPC, systemErrno != EDQUOT,
           let file = path ?? sqlite3_db_filename(db, "main").map({ String(cString: $0) }), !file.isEmpty,
           DiskSpace.isUsedUp(folderOf: file) {
            systemErrno = ENOSPC
        }
        return SQLiteError(code: code, operation: operation, message: String(cString: sqlite3_errmsg(db)), systemErrno: systemErrno)
    }

    /// The connection was closed (for example by a simulated process death) before the call.
    static func closed(_ operation: String) -> SQLiteError {
        SQLiteError(code: -1, operation: operation, message: "the database connection is closed")
    }

    public var description: String { "SQLite \(operation) failed (\(code)): \(message)" }
}

extension SQLiteError: DiagnosticErrorType {
    public var diagnosticType: String {
        if code == -1 { return "database-closed" }
        // Extended result codes carry the primary code in their low byte.
        return switch code & 0xFF {
        case SQLITE_BUSY: "database-busy"
        case SQLITE_LOCKED: "database-locked"
        case SQLITE_FULL: "disk-full"
        case SQLITE_IOERR: "disk-io"
        case SQLITE_CORRUPT: "database-corrupt"
        case SQLITE_READONLY: "database-read-only"
        case SQLITE_CONSTRAINT: "constraint"
        default: "database-error"
        }
    }
}
