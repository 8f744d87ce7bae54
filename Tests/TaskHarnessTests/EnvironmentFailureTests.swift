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

    /// A store that cannot be read back was read as an empty one, so an app that committed looked as if it had not
    /// (found as a non-root user under `umask 0477`). Now the report says the store could not be read.
    @Test func aStoreThatCannotBeReadBackIsNamedNotReadAsEmpty() async throws {
        let simulation = try await LifecycleSimulation(Fixture.configuration())
        try await simulation.launch(Fixture.refresh)
        // Damage the committed store as a failing disk would: SQLite no longer sees a database there.
        try Data(repeating: 0x5A, count: 8192).write(to: simulation.folder.syncStoreURL)
        try? FileManager.default.removeItem(atPath: simulation.folder.syncStoreURL.path + "-wal")
        try? FileManager.default.removeItem(atPath: simulation.folder.syncStoreURL.path + "-shm")
        let report = await simulation.finish()
        #expect(report.unreadable.count == 1, "\(report.unreadable)")
        #expect(report.unreadable.first?.hasPrefix("the harness could not read the item store (items.sqlite) back to check it: SQLite ") == true,
                "\(report.unreadable)")
        // A scenario whose stores were never written has nothing unreadable.
        let untouched = try await LifecycleSimulation(Fixture.configuration())
        #expect(await untouched.finish().unreadable.isEmpty)
    }

    /// Whatever the umask, the stores and the job's files are their owner's to read back: under `umask 0477` they were
    /// made mode 000 and the harness's read-only check could not open them (as a non-root user). The umask is the
    /// process's, shared by every test running beside this one, so a file made mode 000 stands in for it; root reads
    /// such files anyway, so the modes are checked, not a read. Another user may not open a mode-000 file at all: there
    /// `UmaskTests` runs specrun under `umask 0477` and sees every lifecycle spec pass (it failed before).
    @Test(.enabled(if: geteuid() == 0, "a file made mode 000 stands in for the umask only where root opens it"))
    func theScenarioFilesAreTheOwnersToReadWhateverTheUmask() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-modes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func mode(_ url: URL) throws -> Int {
            try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int) & 0o777
        }
        let store = folder.appendingPathComponent("items.sqlite")
        #expect(FileManager.default.createFile(atPath: store.path, contents: nil, attributes: [.posixPermissions: 0]))
        let connection = try SQLiteConnection.store(at: store.path)
        try connection.execute("CREATE TABLE t (x)")
        #expect(try mode(store) == 0o600)
        // SQLite gives the write-ahead log the database's mode.
        #expect(try mode(URL(fileURLWithPath: store.path + "-wal")) == 0o600)
        connection.close()

        let temporary = folder.appendingPathComponent("temporary")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: temporary.appendingPathComponent("a.tmp").path, contents: nil, attributes: [.posixPermissions: 0]))
        try TemporaryFiles(directory: temporary).write("a.tmp", Data("x".utf8))
        #expect(try mode(temporary.appendingPathComponent("a.tmp")) == 0o600)
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
