import Foundation
import Testing
@testable import TaskHarness

/// `TemporaryFiles.write` writes with `open`/`write`/`close` (no sync, docs/harness.md "What a death keeps"); what
/// it writes and what it throws are what Foundation's `Data.write(to:)`, which it replaced, wrote and threw.
@Suite struct TemporaryFilesTests {
    @Test func aFileIsWrittenWholeAndAShorterOneReplacesItWhole() throws {
        let folder = try ScenarioFolder()
        defer { folder.remove() }
        let files = TemporaryFiles(directory: folder.temporaryFiles)
        let long = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0) })
        try files.write("job.1.download.tmp", long)
        #expect(files.read("job.1.download.tmp") == long)
        try files.write("job.1.download.tmp", Data("42\n43".utf8))
        #expect(files.read("job.1.download.tmp") == Data("42\n43".utf8))
        try files.write("job.1.parsed.tmp", Data())
        #expect(files.read("job.1.parsed.tmp") == Data())
        #expect(files.names == ["job.1.download.tmp", "job.1.parsed.tmp"])
    }

    /// A missing folder (ENOENT), a name that is a folder (EISDIR), a name too long for the file system
    /// (ENAMETOOLONG): the same `CocoaError` code, path and underlying POSIX code as `Data.write(to:)`.
    @Test(arguments: ["missing", "folder", "long"])
    func aFailedWriteThrowsWhatFoundationThrows(problem: String) throws {
        let folder = try ScenarioFolder()
        defer { folder.remove() }
        var directory = folder.temporaryFiles
        var name = "job.1.download.tmp"
        switch problem {
        case "missing": directory = folder.root.appendingPathComponent("gone")
        case "folder": try FileManager.default.createDirectory(at: directory.appendingPathComponent(name), withIntermediateDirectories: false)
        default: name = String(repeating: "n", count: 300)
        }
        let url = directory.appendingPathComponent(name)
        let foundation = try #require(throws: CocoaError.self) { try Data("x".utf8).write(to: url) }
        let ours = try #require(throws: CocoaError.self) { try TemporaryFiles(directory: directory).write(name, Data("x".utf8)) }
        #expect(ours.code == foundation.code)
        #expect(ours.filePath == foundation.filePath)
        let underlying = { (error: CocoaError) in (error.userInfo[NSUnderlyingErrorKey] as? any Error).map { ($0 as NSError).code } }
        #expect(underlying(ours) != nil)
        #expect(underlying(ours) == underlying(foundation))
        #expect(SystemErrorText.reason(ours) == SystemErrorText.reason(foundation))
    }

    /// The codes the other errors get, as swift-corelibs-foundation gives them for a failed write (`EACCES` is the
    /// folder without write permission a test run as root cannot make): the permission errors both read
    /// "no permission", not "unknown".
    @Test(arguments: [(EACCES, CocoaError.Code.fileWriteNoPermission), (EPERM, .fileWriteNoPermission),
                      (ENOSPC, .fileWriteOutOfSpace), (EROFS, .fileWriteVolumeReadOnly), (EIO, .fileWriteUnknown)])
    func eachSystemErrorIsTheCodeFoundationGives(_ code: Int32, _ expected: CocoaError.Code) {
        let error = TemporaryFiles.writeError(code, path: "/tmp/x/job.1.download.tmp")
        #expect(error.code == expected)
        #expect(error.filePath == "/tmp/x/job.1.download.tmp")
        #expect((error.userInfo[NSUnderlyingErrorKey] as? any Error).map { ($0 as NSError).code } == Int(code))
    }
}
