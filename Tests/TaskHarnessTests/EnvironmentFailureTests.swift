import CSQLite
import Foundation
import Testing
@testable import TaskHarness

/// A full disk, a file-size limit or a failing disk under a scenario is the machine's failure, not the app's: the
/// harness names the resource and what to do, and no scenario-made error is taken for one.
@Suite struct EnvironmentFailureTests {
    @Test func storeErrorsOfTheMachineNameTheResource() throws {
        let full = try #require(EnvironmentFailure(SQLiteError(code: SQLITE_FULL, operation: "step", message: "database or disk is full")))
        #expect(full.description == "the scenario's files could not be written (SQLite step failed (13): database or disk is full); "
            + "the disk holding the temporary folder is full (no space or no inode left: see 'df -h' and 'df -i'): free space there, or set TMPDIR to a folder on another disk")
        let limited = try #require(EnvironmentFailure(SQLiteError(code: SQLITE_IOERR, operation: "execute", message: "disk I/O error", systemErrno: EFBIG)))
        #expect(limited.advice.hasPrefix("a file-size limit stopped the write (ulimit -f: "))
        let quota = try #require(EnvironmentFailure(SQLiteError(code: SQLITE_IOERR, operation: "step", message: "disk I/O error", systemErrno: EDQUOT)))
        #expect(quota.advice.hasPrefix("your disk quota is used up"))
        // The job's temporary files fail as Foundation's writes do.
        let file = try #require(EnvironmentFailure(TemporaryFiles.writeError(ENOSPC, path: "/tmp/x/a.tmp")))
        #expect(file.description == "the scenario's files could not be written (No space left on device); the disk holding the "
            + "temporary folder is full (no space or no inode left: see 'df -h' and 'df -i'): free space there, or set TMPDIR to a folder on another disk")
    }

    /// SQLite says "unable to open database file" with ENOENT when a disk has no inode left for the file: the disk is
    /// looked at, and one with no block or no inode left is the machine's failure.
    @Test func aDiskWithNoBlockOrNoInodeLeftIsUsedUp() {
        #expect(DiskSpace.isUsedUp(freeBlocks: 0, totalInodes: 1000, freeInodes: 10))
        #expect(DiskSpace.isUsedUp(freeBlocks: 10, totalInodes: 1000, freeInodes: 0))
        #expect(!DiskSpace.isUsedUp(freeBlocks: 10, totalInodes: 1000, freeInodes: 1))
        // btrfs counts no inodes: its 0 free of 0 is not a used-up disk.
        #expect(!DiskSpace.isUsedUp(freeBlocks: 10, totalInodes: 0, freeInodes: 0))
        // A folder that is there, on a disk with room, is not used up (an open failing there is a permission problem).
        #expect(!DiskSpace.isUsedUp(folderOf: FileManager.default.temporaryDirectory.appendingPathComponent("x.sqlite").path))
    }

    /// The scenario folder refused by the disk is the machine's failure; refused for a missing or unwritable parent, it
    /// is not (that is a TMPDIR to fix).
    @Test func aScenarioFolderTheDiskRefusedIsTheMachines() throws {
        let full = ScenarioFolder.CreationError(description: "no folder can be made in '/tmp/x' (TMPDIR) (No space left on device)", diskErrno: ENOSPC)
        #expect(try #require(EnvironmentFailure(full)).advice.hasPrefix("the disk holding the temporary folder is full (no space or no inode left"))
        #expect(EnvironmentFailure(ScenarioFolder.CreationError(description: "'/tmp/x' (TMPDIR) does not exist")) == nil)
    }

    @Test func errorsAScenarioMakesAreNotTheMachines() {
        #expect(EnvironmentFailure(InjectedFault(stage: .write, errorType: "disk-full")) == nil)
        #expect(EnvironmentFailure(SQLiteError.closed("step")) == nil)
        #expect(EnvironmentFailure(ProcessDeath()) == nil)
        #expect(EnvironmentFailure(CancellationError()) == nil)
        #expect(EnvironmentFailure(SQLiteError(code: SQLITE_CONSTRAINT, operation: "step", message: "UNIQUE constraint failed")) == nil)
        #expect(EnvironmentFailure(TemporaryFiles.writeError(EACCES, path: "/tmp/x/a.tmp")) == nil)
    }

    /// The setup's advice for the same errors: a limit or a full disk is not cured by making the folder writable.
    @Test func theSetupsStoreAdviceNamesTheResourceToo() {
        #expect(LifecycleError.storage(SQLiteError(code: SQLITE_IOERR, operation: "execute", message: "disk I/O error", systemErrno: EFBIG))
            .description.contains("a file-size limit stopped the write (ulimit -f: "))
        #expect(LifecycleError.storage(SQLiteError(code: SQLITE_CANTOPEN, operation: "open", message: "unable to open database file"))
            .description.hasSuffix("; check the temporary folder is writable"))
    }
}
