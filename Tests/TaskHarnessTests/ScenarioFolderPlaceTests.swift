import Foundation
import Testing
@testable import TaskHarness

/// Where scenario folders go, and what a run says when they cannot go there: a CI job's TMPDIR pointing at a folder
/// that is read-only, missing or a file gave every lifecycle scenario a Foundation error dump
/// (`Error Domain=NSCocoaErrorDomain Code=513 "You don’t have permission." UserInfo={…}`) that did not name TMPDIR.
@Suite struct ScenarioFolderPlaceTests {
    @Test func tmpdirWhenSetAndNotEmptyElseSlashTmp() {
        #expect(ScenarioFolder.defaultParent(environment: ["TMPDIR": "/scratch"]).path == "/scratch")
        #expect(ScenarioFolder.defaultParent(environment: [:]).path == "/tmp")
        // Foundation's temporaryDirectory took an empty TMPDIR for "/", so root's scenarios went to the filesystem's root.
        #expect(ScenarioFolder.defaultParent(environment: ["TMPDIR": ""]).path == "/tmp")
        #expect(ScenarioFolder.origin(environment: ["TMPDIR": "/scratch"]) == "TMPDIR")
        #expect(ScenarioFolder.origin(environment: ["TMPDIR": ""]) == "/tmp, as TMPDIR is not set")
    }

    @Test func aParentThatIsMissingOrAFileIsNamed() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-tmpdir-\(UUID().uuidString)")
        try Data("x".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(throws: ScenarioFolder.CreationError(description: "'\(file.path)' is not a folder")) {
            try ScenarioFolder(inside: file)
        }
        let missing = file.appendingPathComponent("nowhere")
        #expect(throws: ScenarioFolder.CreationError(description: "'\(missing.path)' does not exist")) {
            try ScenarioFolder(inside: missing)
        }
        // As Foundation throws it on Linux: a CocoaError whose underlying error is a Swift POSIXError.
        let denied = CocoaError(.fileWriteNoPermission, userInfo: [NSUnderlyingErrorKey: POSIXError(.EACCES)])
        #expect(ScenarioFolder.problem(in: "/", origin: "TMPDIR", error: denied) == "no folder can be made in '/' (TMPDIR) (Permission denied)")
    }

    /// A missing TMPDIR was made, with its parents; a loop of links was called missing; a folder made before a later
    /// step failed was left behind.
    @Test func aMissingParentIsNotMadeALoopIsNamedAndNothingIsLeftBehind() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-tmpdir-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: base) }
        let missing = base.appendingPathComponent("gone/deeper")
        #expect(throws: ScenarioFolder.CreationError(description: "'\(missing.path)' does not exist")) { try ScenarioFolder(inside: missing) }
        #expect(!FileManager.default.fileExists(atPath: base.appendingPathComponent("gone").path))
        let loop = base.appendingPathComponent("loop")
        #expect(symlink(loop.path, loop.path) == 0)
        #expect(throws: ScenarioFolder.CreationError(description: "'\(loop.path)' is a loop of symbolic links")) { try ScenarioFolder(inside: loop) }
        // A folder made is its owner's alone (700, whatever the umask) and is removed whole.
        let folder = try ScenarioFolder(inside: base)
        #expect(FileManager.default.fileExists(atPath: folder.databases.path) && FileManager.default.fileExists(atPath: folder.temporaryFiles.path))
        var info = stat()
        #expect(stat(folder.root.path, &info) == 0 && info.st_mode & 0o777 == 0o700)
        folder.remove()
        #expect(try FileManager.default.contentsOfDirectory(atPath: base.path) == ["loop"])
    }

    /// The whole message a lifecycle test errors with.
    @Test func theLifecycleErrorSaysToSetTMPDIR() {
        #expect(LifecycleError.folder("'/ro' (TMPDIR) does not exist").description == "the harness could not create its scenario folder "
            + "for the SQLite stores: '/ro' (TMPDIR) does not exist; set TMPDIR to a folder you may write to (or leave it unset for /tmp)")
    }
}
