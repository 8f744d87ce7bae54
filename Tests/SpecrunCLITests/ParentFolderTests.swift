import Foundation
import Testing
@testable import SpecrunCLI
import SpecModel

/// A path's folder, read as text: Foundation's `deletingLastPathComponent` trapped on one-character relative paths,
/// so `specrun init a` and `specrun n` (a spec file named `n`) crashed with SIGILL.
@Suite struct ParentFolderTests {
    @Test(arguments: [
        ("a", ""), ("a/", ""), ("é", ""), ("ab", ""), ("a/b", "a"), ("a/b/", "a"), ("a//b", "a"), ("/a", "/"),
        ("/", "/"), ("./a", "."), ("../a", ".."), ("specs/lifecycle/a.yaml", "specs/lifecycle"), ("", ""),
    ])
    func theFolderOfAPathIsItsTextBeforeTheLastComponent(_ path: String, _ folder: String) {
        #expect(ParentFolder.of(path) == folder)
    }

    @Test func initLooksAboveAndBesideAOneCharacterFolderWithoutTrapping() {
        #expect(InitCommand.starterAbove("a") == nil)
        #expect(InitCommand.freeFolder(beside: "a").hasPrefix("starter-specs"))
    }

    /// The real binary, in a folder of its own, given one-character relative paths.
    @Test func initIntoFolderAAndARunOfSpecFileNWork() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let initStatus = try Self.specrun(["init", "a"], in: folder.path)
        #expect(initStatus == 0)
        #expect(FileManager.default.fileExists(atPath: folder.path + "/a/nightly-sync.yaml"))
        try FileManager.default.copyItem(atPath: folder.path + "/a/nightly-sync.yaml", toPath: folder.path + "/n")
        #expect(try Self.specrun(["n"], in: folder.path) == 0)
        #expect(try Self.specrun(["check", "n"], in: folder.path) == 0)
    }

    /// Runs the built specrun in `directory`; its exit status, or -1 when a signal ended it.
    static func specrun(_ arguments: [String], in directory: String) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try SpecrunChild.binary())
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.environment = ["NO_COLOR": "1", "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationReason == .exit ? process.terminationStatus : -1
    }
}
