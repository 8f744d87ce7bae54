import CSQLite
import Foundation

/// A failure of the machine under the scenario rather than of the scenario: its files could not be written because
/// the disk is full, a file-size limit (`ulimit -f`) or a quota was reached, or the disk failed.
///
/// No scenario step causes such an error (injected faults are `InjectedFault`, a process death closes the stores), so
/// when the job meets one the scenario cannot be judged: the harness stops it as an error that names the resource,
/// rather than letting the job's failure read as a bug the app has (a commit that fails half-way breaks invariants).
public struct EnvironmentFailure: Sendable, Hashable, CustomStringConvertible {
    /// What failed, in the system's or SQLite's words.
    public let reason: String
    /// What to do about it.
    public let advice: String

    /// The failure `error` is, when it is one of the machine's (nil for anything a scenario or a job may cause).
    public init?(_ error: any Error) {
        if let error = error as? SQLiteError {
            guard let advice = Self.advice(for: error) else { return nil }
            reason = error.description
            self.advice = advice
            return
        }
        if let error = error as? ScenarioFolder.CreationError {
            guard let advice = Self.advice(forErrno: error.diskErrno) else { return nil }
            reason = error.description
            self.advice = advice
            return
        }
        guard let code = SystemErrorText.code(of: error), let advice = Self.advice(forErrno: code) else { return nil }
        reason = SystemErrorText.reason(error)
        self.advice = advice
    }

    public var description: String {
        "the scenario's files could not be written (\(reason)); \(advice)"
    }

    /// The advice for a store error that the machine caused, or nil for another store error.
    static func advice(for error: SQLiteError) -> String? {
        if error.systemErrno != 0, let advice = advice(forErrno: error.systemErrno) { return advice }
        return switch error.code & 0xFF {
        case SQLITE_FULL: advice(forErrno: ENOSPC)
        // SQLite keeps the system error of an open, not always of a write (a write cut short by `ulimit -f` comes back
        // as an I/O error with no errno): with a file-size limit in force, that limit is the likely cause.
        case SQLITE_IOERR: fileSizeLimit == "unlimited" ? advice(forErrno: EIO) : advice(forErrno: EFBIG)
        default: nil
        }
    }

    static func advice(forErrno code: Int32) -> String? {
        switch code {
        case ENOSPC: "the disk holding the temporary folder is full (no space or no inode left: see 'df -h' and 'df -i'): free "
            + "space there, or set TMPDIR to a folder on another disk"
        case EFBIG: "a file-size limit stopped the write (ulimit -f: \(fileSizeLimit)): raise it, e.g. 'ulimit -f unlimited', before specrun"
        case EDQUOT: "your disk quota is used up on the disk holding the temporary folder: free space there, or set TMPDIR to another disk"
        case EIO: "the disk holding the temporary folder failed a read or write: check it, or set TMPDIR to a folder on another disk"
        default: nil
        }
    }

    /// The process's file-size limit in bytes (`49152 bytes at most`), or `unlimited`: in bytes, since shells count
    /// `ulimit -f` in blocks of 1,024 bytes (bash) or 512 (dash).
    public static var fileSizeLimit: String {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return "unlimited" }
        return "\(limit.rlim_cur) bytes at most"
    }
}
