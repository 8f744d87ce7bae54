import Foundation
import Testing
import TaskHarness

/// An app's code that logs `error.localizedDescription` gets the harness's one-sentence message, not "error 0".
@Suite struct ErrorMessageTests {
    static let at = Date(timeIntervalSince1970: 1_806_280_200)   // 2027-03-29T00:30:00Z

    @Test("localizedDescription is the message", arguments: [
        SchedulerError(code: .noPendingRequest, identifier: "com.example.app.refresh", at: at, message: "submit a request") as any Error,
        ClockError.negativeDuration(.seconds(-1)),
        TaskRequestError.floorOutOfRange(identifier: "com.example.app.refresh", secondsSince1970: 1e300),
        LifecycleError.finished,
        StaticGateError(path: "Info.plist", reason: "not a property list; check the file"),
    ] as [any Error])
    func localizedDescriptionIsTheMessage(error: any Error) {
        #expect(error.localizedDescription == "\(error)")
        #expect(!error.localizedDescription.contains("operation could not be completed"))
    }

    /// A scenario folder on a full disk (a 48 KB tmpfs as TMPDIR ran every lifecycle spec into SQLITE_FULL) was told
    /// to check that the folder is writable; it is, and the advice is to free space or move TMPDIR.
    @Test func aFullDiskIsToldToFreeSpaceNotToCheckPermissions() {
        let full = LifecycleError.storage(SQLiteError(code: 13, operation: "execute", message: "database or disk is full"))  // SQLITE_FULL
        #expect(full.description == "the harness could not use its database: SQLite execute failed (13): database or disk is full; "
            + "the disk holding the temporary folder is full (no space or no inode left: see 'df -h' and 'df -i'): free space there, or set TMPDIR to a folder on another disk")
        let readOnly = LifecycleError.storage(SQLiteError(code: 8, operation: "execute", message: "attempt to write a readonly database"))  // SQLITE_READONLY
        #expect(readOnly.description.hasSuffix("; check the temporary folder is writable"))
    }
}
