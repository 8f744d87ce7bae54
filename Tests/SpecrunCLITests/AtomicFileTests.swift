import Foundation
import Testing
@testable import SpecrunCLI

/// Whole-or-nothing writes, and what happens to the temporary files a killed writer leaves.
@Suite struct AtomicFileTests {
    /// The pid of a process that has ended (and been reaped), so no process has it for now.
    static func deadPID() throws -> pid_t {
        var pid: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
        defer { argv.forEach { free($0) } }
        #expect(posix_spawn(&pid, "/bin/true", nil, nil, argv, nil) == 0)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        #expect(kill(pid, 0) != 0 && errno == ESRCH)
        return pid
    }

    @Test func aWriteReplacesTheTargetWholeAndLeavesNothingBeside() throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("r.json", "old")
        try AtomicFile.write("new contents", to: folder.path("r.json"))
        #expect(folder.read("r.json") == Data("new contents".utf8))
        #expect(folder.entries() == ["r.json"])
    }

    @Test func theMidWriteHookSeesHalfTheBytesInTheTemporaryFileAndTheTargetUntouched() throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("r.json", "previous")
        var seen: (temporary: Data?, target: Data?)?
        try AtomicFile.write(Array("0123456789".utf8), to: folder.path("r.json")) {
            seen = (folder.read(".r.json.tmp-\(getpid())"), folder.read("r.json"))
        }
        #expect(seen?.temporary == Data("01234".utf8))
        #expect(seen?.target == Data("previous".utf8))
        #expect(folder.read("r.json") == Data("0123456789".utf8))
    }

    @Test func staleTemporaryFilesOfDeadWritersAreRemovedAndLiveOnesKept() throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        let dead = try Self.deadPID()
        try folder.write(".r.json.tmp-\(dead)", "{\"half")
        // pid 1 always exists: a writer that may still be writing.
        try folder.write(".r.json.tmp-1", "{\"in progress")
        // Another target's temporary file, and a name that only looks similar: neither is ours to remove.
        try folder.write(".other.json.tmp-\(dead)", "x")
        try folder.write(".r.json.tmp-notapid", "x")
        try AtomicFile.write("{}", to: folder.path("r.json"))
        #expect(folder.entries() == [".other.json.tmp-\(dead)", ".r.json.tmp-1", ".r.json.tmp-notapid", "r.json"])
    }

    @Test func aLeftoverWithThisProcesssOwnPidIsReplaced() throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write(".r.json.tmp-\(getpid())", "stale")
        try AtomicFile.write("{}", to: folder.path("r.json"))
        #expect(folder.entries() == ["r.json"])
        #expect(folder.read("r.json") == Data("{}".utf8))
    }

    @Test func aTargetThatIsAFolderIsAnErrorAndNoTemporaryFileStays() throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.path("r.json"), withIntermediateDirectories: false)
        #expect(throws: AtomicFile.WriteError.self) { try AtomicFile.write("{}", to: folder.path("r.json")) }
        #expect(folder.entries() == ["r.json"])
    }
}
