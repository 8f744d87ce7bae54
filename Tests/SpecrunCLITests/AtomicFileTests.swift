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

    /// A file longer than the step at which its writeback is started as it is written (`AtomicFile.writebackStep`),
    /// in chunks that do not line up with the step, comes out byte for byte.
    @Test func aFileWrittenBackAsItIsWrittenHoldsEveryChunk() throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        let chunks = (0..<7).map { index in [UInt8](repeating: UInt8(ascii: "a") + UInt8(index), count: AtomicFile.writebackStep / 3 + index) }
        try AtomicFile.write(to: folder.path("big.json")) { emit in
            for chunk in chunks { try emit(chunk) }
        }
        #expect(folder.read("big.json") == Data(chunks.flatMap { $0 }))
        #expect(folder.entries() == ["big.json"])
    }

    @Test func theMidWriteHookSeesHalfTheBytesInTheTemporaryFileAndTheTargetUntouched() throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("r.json", "previous")
        var seen: (temporary: Data?, target: Data?)?
        try AtomicFile.write(Array("0123456789".utf8), to: folder.path("r.json")) {
            let temporary = folder.entries().filter { $0.hasPrefix(".r.json.tmp-\(getpid())-") }
            #expect(temporary.count == 1, "\(folder.entries())")
            seen = (temporary.first.flatMap(folder.read), folder.read("r.json"))
        }
        #expect(seen?.temporary == Data("01234".utf8))
        #expect(seen?.target == Data("previous".utf8))
        #expect(folder.read("r.json") == Data("0123456789".utf8))
    }

    /// A write that fails part-way (here its producer throws after the first chunk) leaves the target as it was and
    /// removes its temporary file: nothing half-written stays beside the results.
    @Test func aFailedWriteLeavesTheTargetAsItWasAndNoTemporaryFile() throws {
        struct ProducerFailed: Error {}
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("r.json", "previous")
        #expect(throws: AtomicFile.WriteError.self) {
            try AtomicFile.write(to: folder.path("r.json")) { emit in
                try emit(Array("{\"half".utf8))
                throw ProducerFailed()
            }
        }
        #expect(folder.read("r.json") == Data("previous".utf8))
        #expect(folder.entries() == ["r.json"])
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

    /// A temporary file is a leftover when no writer holds its lock: a live writer's file is kept whatever its pid says
    /// (in another container sharing the folder, a pid names another process or none), a dead one's removed.
    @Test func aTemporaryFileIsALeftoverOnlyWhenNoWriterHoldsItsLock() throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        let dead = try Self.deadPID()
        // A writer elsewhere whose pid means nothing here, still writing (its lock held), and a dead one's file.
        let live = try folder.write(".r.json.tmp-\(dead)-0badcafe", "{\"in progress")
        let holder = open(live, O_RDONLY)
        defer { close(holder) }
        #expect(flock(holder, LOCK_EX) == 0)
        try folder.write(".r.json.tmp-1-12345678", "{\"half")
        // Look-alikes that are no temporary name of ours.
        try folder.write(".r.json.tmp-1-nothex!!", "x")
        try folder.write(".r.json.tmp-1-2-3", "x")
        try AtomicFile.write("{}", to: folder.path("r.json"))
        #expect(folder.entries() == [".r.json.tmp-1-2-3", ".r.json.tmp-1-nothex!!", ".r.json.tmp-\(dead)-0badcafe", "r.json"])
        // Once its writer ends, the next write removes it.
        flock(holder, LOCK_UN)
        try AtomicFile.write("{}", to: folder.path("r.json"))
        #expect(folder.entries() == [".r.json.tmp-1-2-3", ".r.json.tmp-1-nothex!!", "r.json"])
    }

    /// An output name of up to 255 bytes, the most a file name may have: the temporary name keeps the first 233 bytes,
    /// cut at a character's boundary. Names of 246–255 bytes used to fail after the run.
    @Test(arguments: [255, 246, 234, 233, 100])
    func aNameOfAnyAllowedLengthIsWritten(length: Int) throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        // Three-byte characters, so that the cut falls inside one for some lengths.
        let base = String(repeating: "日", count: (length - 5) / 3) + String(repeating: "x", count: (length - 5) % 3)
        let name = base + ".json"
        #expect(name.utf8.count == length)
        var temporary: [String] = []
        try AtomicFile.write(to: folder.path(name), midWrite: { temporary = folder.entries().filter { $0 != name } }) { emit in
            try emit(Array("{}".utf8))
        }
        #expect(folder.read(name) == Data("{}".utf8))
        #expect(folder.entries() == [name])
        #expect(temporary.count == 1 && temporary[0].utf8.count <= 255, "\(temporary)")
        #expect(temporary.first?.hasPrefix(AtomicFile.temporaryPrefix(name)) == true)
        #expect(AtomicFile.temporaryPrefix(name).utf8.count <= 1 + AtomicFile.keptNameBytes + 5)
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

    /// A device is written into, never replaced by a regular file: `--tap /dev/null` turned /dev/null into a file.
    /// The devices are made in the scratch folder (needs root, as the CI runs; skipped otherwise), never /dev's own.
    @Test func aDeviceIsWrittenIntoAndStaysADevice() throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        guard mknod(folder.path("null"), S_IFCHR | 0o666, 0x103 /* makedev(1, 3) */) == 0,
              mknod(folder.path("full"), S_IFCHR | 0o666, 0x107 /* makedev(1, 7) */) == 0 else { return }
        try AtomicFile.write("{}", to: folder.path("null"))
        let error = #expect(throws: AtomicFile.WriteError.self) { try AtomicFile.write("{}", to: folder.path("full")) }
        #expect(error?.reason == "No space left on device")
        for name in ["null", "full"] {
            var info = stat()
            #expect(stat(folder.path(name), &info) == 0 && info.st_mode & S_IFMT == S_IFCHR, "\(name) is no longer a device")
        }
        #expect(folder.entries() == ["full", "null"])
    }

    @Test func aPipeNobodyReadsIsAnErrorNotAWait() throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        #expect(mkfifo(folder.path("fifo"), 0o644) == 0)
        let error = #expect(throws: AtomicFile.WriteError.self) { try AtomicFile.write("{}", to: folder.path("fifo")) }
        #expect(error?.reason == "no process is reading the pipe")
        #expect(folder.entries() == ["fifo"])
    }

    /// A link is followed: the file it names is replaced (keeping its permissions) and the link stays a link; a
    /// link to nothing yet creates the file it names.
    @Test func aLinkIsFollowedAndStaysALink() throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("real/r.json", "old")
        #expect(chmod(folder.path("real/r.json"), 0o640) == 0)
        #expect(symlink("real/r.json", folder.path("link.json")) == 0)
        #expect(symlink("real/new.json", folder.path("ahead.json")) == 0)
        try AtomicFile.write("{}", to: folder.path("link.json"))
        try AtomicFile.write("[]", to: folder.path("ahead.json"))
        #expect(folder.read("real/r.json") == Data("{}".utf8))
        #expect(folder.read("real/new.json") == Data("[]".utf8))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.path("link.json")) == "real/r.json")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.path("ahead.json")) == "real/new.json")
        var info = stat()
        #expect(stat(folder.path("real/r.json"), &info) == 0 && info.st_mode & 0o777 == 0o640)
        #expect(folder.entries("real") == ["new.json", "r.json"])
    }

    /// Foundation said only "The operation could not be completed. (NSCocoaErrorDomain error 512.)".
    @Test func aFileWhereAFolderShouldBeIsNamed() throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("pfile", "x")
        let error = #expect(throws: AtomicFile.WriteError.self) { try AtomicFile.write("{}", to: folder.path("pfile/sub/r.json")) }
        #expect(error?.reason == "its folder cannot be created ('\(folder.path("pfile"))' is a file, not a folder; name a folder there)")
        // A named pipe or a device is named as what it is (`init fifo.yaml` called the pipe a file).
        #expect(mkfifo(folder.path("pipe"), 0o644) == 0)
        let pipe = #expect(throws: AtomicFile.WriteError.self) { try AtomicFile.write("{}", to: folder.path("pipe/r.json")) }
        #expect(pipe?.reason == "its folder cannot be created ('\(folder.path("pipe"))' is a named pipe, not a folder; name a folder there)")
        let device = #expect(throws: AtomicFile.WriteError.self) { try AtomicFile.write("{}", to: "/dev/null/r.json") }
        #expect(device?.reason == "its folder cannot be created ('/dev/null' is a device, not a folder; name a folder there)")
    }

    /// A folder that cannot be made for another reason is said in the system's words (`File name too long`), not in
    /// Foundation's sentence around them.
    @Test func aFolderThatCannotBeMadeSaysWhyInTheSystemsWords() throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        let long = folder.path(String(repeating: "a", count: 300) + "/r.json")
        let error = #expect(throws: AtomicFile.WriteError.self) { try AtomicFile.write("{}", to: long) }
        #expect(error?.reason == "its folder cannot be created (File name too long)")
    }
}
