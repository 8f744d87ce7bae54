import Foundation
import Testing
@testable import SpecrunCLI

/// Discovery finds each spec once whatever the links in the tree, and never lets a spec vanish without a word:
/// a folder it cannot read and a name it cannot spell are reported, and the other specs still run.
@Suite struct SpecDiscoveryTests {
    static let unreadableFolder = "the folder cannot be read (Permission denied), so the specs in it cannot run; give yourself read and search permission on it, or move it out of the spec folder [unreadable-file]"
    static let notUTF8Name = "the name is not valid UTF-8 (shown with \u{FFFD} for the bytes that are not), so it cannot be opened; rename it [unreadable-file]"

    @Test(arguments: ["docs/diagnostics.md", "docs/limits.md"])
    func theDocsQuoteTheMessagesExactly(page: String) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)
        #expect(text.contains("\nspecs/locked:1:1: error: \(Self.unreadableFolder)\n"))
        #expect(text.contains("\nspecs/n\u{FFFD}.yaml:1:1: error: \(Self.notUTF8Name)\n"))
    }

    /// A spec named by a path longer than the system's limit is reported as one found in a folder is (docs/ci.md):
    /// it was a command-line error saying the file does not exist, which nobody can tell.
    @Test func aPathTooLongToLookAtIsAnUnreadableFileNotAMissingOne() async throws {
        let path = FileManager.default.temporaryDirectory.path + "/" + Array(repeating: String(repeating: "b", count: 200), count: 22).joined(separator: "/") + "/x.yaml"
        #expect(try SpecDiscovery.files(in: [path]) == [path])
        let run = await CommandRun.run([path])
        #expect(run.status == 2)
        #expect(run.out.contains("\(path):1:1: error: the file cannot be read (File name too long); check that it exists and that you may read it [unreadable-file]"),
                "\(run.out.suffix(300)) \(run.err.suffix(300))")
    }

    /// A spec saved by Notepad as "Text Documents (*.txt)" is `nightly.yaml.txt`: skipped without a word, it vanished
    /// from the run. It is not read (its name is not a spec's), and told: in a warning beside other specs, in the
    /// refusal when nothing else is there; `check` tells it too. Named directly, a file is read whatever its name.
    @Test func aSpecSavedAsTextIsToldNotSkippedInSilence() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("a.yaml", ScratchSpecFolder.quickSpec("A"))
        try folder.write("sub/nightly.YAML.txt", ScratchSpecFolder.quickSpec("N"))
        try folder.write("notes.txt", "not a spec")
        let warning = "specrun: warning: '\(folder.path("sub/nightly.YAML.txt"))' is not read: its name ends in .txt after .YAML, as an "
            + "editor names a spec saved as a text document (Notepad's \"Text Documents (*.txt)\"); rename it to '\(folder.path("sub/nightly.YAML"))' to run it\n"
        let run = await CommandRun.run([folder.path])
        #expect(run.status == 0)
        #expect(run.err == warning, "\(run.err)")
        let check = await CommandRun.run(["check", folder.path])
        #expect(check.err == warning, "\(check.err)")
        try FileManager.default.removeItem(atPath: folder.path("a.yaml"))
        let alone = await CommandRun.run([folder.path("sub")])
        #expect(alone.status == 2)
        #expect(alone.err.contains("no spec files (*.yaml, *.yml) found in '\(folder.path("sub"))' ('\(folder.path("sub/nightly.YAML.txt"))' is named like a spec saved as a text document: rename it to end in .yaml)"), "\(alone.err)")
        #expect(await CommandRun.run([folder.path("sub/nightly.YAML.txt")]).status == 0)
    }

    /// Many files saved as text are told ten by ten (20,000 printed 20,000 lines), the run's results note them (stderr
    /// alone is missed in CI), a name's line break is shown, and a name already taken is not offered as the new one.
    @Test func specsSavedAsTextAreToldWithinBoundsAndNoted() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("a.yaml", ScratchSpecFolder.quickSpec("A"))
        try folder.write("a.yaml.txt", ScratchSpecFolder.quickSpec("A"))
        try folder.write("0\nl.yaml.txt", "x")
        for index in 0..<12 { try folder.write("m\(index).yaml.txt", "x") }
        let run = await CommandRun.run([folder.path, "--json", folder.path("r.json")])
        let warnings = run.err.split(separator: "\n").filter { $0.hasPrefix("specrun: warning: ") }
        #expect(warnings.count == 11)
        #expect(warnings.contains { $0.hasSuffix("a file '\(folder.path("a.yaml"))' is there too: compare the two and keep one") }, "\(run.err)")
        #expect(warnings.last == "specrun: warning: 4 more files below the spec folders are named like a spec saved as text (*.yaml.txt) and are not read")
        let results = try String(contentsOfFile: folder.path("r.json"), encoding: .utf8)
        #expect(results.contains("14 files are named like a spec saved as a text document and not read"))
        let check = await CommandRun.run(["check", folder.path])
        #expect(check.err.contains("0\\u{A}l.yaml.txt") && !check.err.contains("0\nl"), "\(check.err)")
    }

    /// `selfdir → .` once made discovery walk `selfdir/selfdir/…/a.yaml` forty deep (until the system's link
    /// limit), so one spec was read forty times and reported as forty duplicate spec names.
    @Test func aLinkBackToAnEnclosingFolderIsWalkedOnce() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("a.yaml", ScratchSpecFolder.quickSpec("A"))
        try folder.write("sub/b.yaml", ScratchSpecFolder.quickSpec("B"))
        #expect(symlink(".", folder.path("selfdir")) == 0)
        #expect(symlink("..", folder.path("sub/up")) == 0)
        #expect(try SpecDiscovery.files(in: [folder.path]) == [folder.path("a.yaml"), folder.path("sub/b.yaml")])
        let run = await CommandRun.run([folder.path])
        #expect(run.status == 0, "\(run.out)")
        #expect(run.out.hasSuffix("2 passed, 0 failed\n"), "\(run.out)")
        let check = await CommandRun.run(["check", folder.path])
        #expect(check.status == 0, "\(check.out)")
        #expect(check.out == "Checked 2 files, 2 valid specs: no problems.\n")
    }

    /// A spec file reached under two names (a link beside its target, a hard link, a file named directly and through a
    /// link) is read once, under the first name that reaches it: it was read twice, and its spec names told as used in
    /// another file of the run (exit 2, a hostile-input hunt).
    @Test func aFileReachedUnderTwoNamesIsReadOnce() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("al/a.yaml", ScratchSpecFolder.quickSpec("A"))
        #expect(symlink("a.yaml", folder.path("al/b.yaml")) == 0)
        #expect(link(folder.path("al/a.yaml"), folder.path("al/c.yaml")) == 0)
        #expect(try SpecDiscovery.files(in: [folder.path("al")]) == [folder.path("al/a.yaml")])
        #expect(try SpecDiscovery.files(in: [folder.path("al/b.yaml"), folder.path("al")]) == [folder.path("al/b.yaml")])
        let run = await CommandRun.run([folder.path("al/a.yaml"), folder.path("al/b.yaml")])
        #expect(run.status == 0, "\(run.out)\(run.err)")
        #expect(run.out.hasSuffix("1 passed, 0 failed\n"), "\(run.out)")
    }

    /// A loop of links named directly is told as one found in a folder is, not as a missing file ("No such file or
    /// directory" sent a hostile-input hunt looking for a typo).
    @Test func aLoopOfLinksNamedDirectlyIsToldAsALoop() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        #expect(symlink("l2.yaml", folder.path("l1.yaml")) == 0)
        #expect(symlink("l1.yaml", folder.path("l2.yaml")) == 0)
        let run = await CommandRun.run([folder.path("l1.yaml")])
        #expect(run.status == ExitStatus.invalidInput)
        #expect(run.out.contains("l1.yaml:1:1: error: the file cannot be read (Too many levels of symbolic links)"), "\(run.out)\(run.err)")
    }

    /// Two links back to the same folder made the walk exponential (2^40 paths): the run never ended.
    @Test(.timeLimit(.minutes(1))) func twoLinksBackToTheSameFolderEndAtOnce() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("h3/a.yaml", ScratchSpecFolder.quickSpec("A"))
        #expect(symlink(".", folder.path("h3/l1")) == 0)
        #expect(symlink(".", folder.path("h3/l2")) == 0)
        #expect(try SpecDiscovery.files(in: [folder.path("h3")]) == [folder.path("h3/a.yaml")])
    }

    /// A linked folder reached again through another named path, or through a second link, is read once: under
    /// the first path that reaches it (the named paths in order, each walked breadth first, names sorted).
    @Test func aFolderReachedTwiceIsReadUnderItsFirstPath() throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("specs/team/a.yaml", ScratchSpecFolder.quickSpec("A"))
        #expect(symlink("team", folder.path("specs/z-link")) == 0)
        #expect(symlink("specs", folder.path("again")) == 0)
        #expect(try SpecDiscovery.files(in: [folder.path("specs"), folder.path("again")]) == [folder.path("specs/team/a.yaml")])
    }

    /// A folder specrun may not list once vanished from the run: `1 passed, 0 failed`, exit 0, a silent pass. It is
    /// now an error at the folder, and the other specs still run. Root lists any folder, so as root the run is a
    /// child process as `nobody` (`setpriv`); otherwise this process runs it.
    @Test(.enabled(if: UnprivilegedRun.isPossible))
    func aFolderThatCannotBeReadIsAnErrorAndTheOthersRun() async throws {
        let folder = try ScratchSpecFolder()
        defer {
            for name in ["locked", "search-only", "list-only"] { chmod(folder.path(name), 0o755) }
            folder.remove()
        }
        try folder.write("b.yaml", ScratchSpecFolder.quickSpec("B"))
        try folder.write("locked/a.yaml", ScratchSpecFolder.quickSpec("Locked"))
        try folder.write("search-only/a.yaml", ScratchSpecFolder.quickSpec("Search only"))
        try folder.write("list-only/sub/a.yaml", ScratchSpecFolder.quickSpec("List only"))
        #expect(chmod(folder.path("locked"), geteuid() == 0 ? 0o700 : 0o000) == 0)
        #expect(chmod(folder.path("search-only"), geteuid() == 0 ? 0o711 : 0o100) == 0)
        #expect(chmod(folder.path("list-only"), geteuid() == 0 ? 0o744 : 0o400) == 0)
        let reason = Self.unreadableFolder
        let run = try await UnprivilegedRun.run([folder.path])
        #expect(run.status == 2, "\(run.out)")
        #expect(run.out.contains("\(folder.path("locked")):1:1: error: \(reason)\n"), "\(run.out)")
        #expect(run.out.contains("\(folder.path("search-only")):1:1: error: \(reason)\n"), "\(run.out)")
        #expect(run.out.contains("\(folder.path("list-only")):1:1: error: \(reason)\n"), "\(run.out)")
        #expect(run.out.hasSuffix("1 passed, 0 failed; 3 invalid spec files\n"), "\(run.out)")
        let check = try await UnprivilegedRun.run(["check", folder.path("locked")])
        #expect(check.status == 2)
        #expect(check.out.hasPrefix("\(folder.path("locked")):1:1: error: \(reason)\n"), "\(check.out)")
    }

    /// A name that is not UTF-8 was read under its lossy spelling and reported as missing ("No such file or
    /// directory"); a folder with such a name was skipped with its specs.
    @Test func aNameThatIsNotUTF8IsReportedAndTheOthersRun() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("b.yaml", ScratchSpecFolder.quickSpec("B"))
        let latin1File = Array(folder.path.utf8) + Array("/n".utf8) + [0xE9] + Array(".yaml".utf8)
        let latin1Folder = Array(folder.path.utf8) + Array("/K".utf8) + [0xF6, 0x6C, 0x6E]
        let fd = (latin1File.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { open($0.baseAddress!, O_WRONLY | O_CREAT, 0o644) }
        #expect(fd >= 0)
        _ = Array(ScratchSpecFolder.quickSpec("Latin-1").utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        #expect((latin1Folder.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { mkdir($0.baseAddress!, 0o755) } == 0)
        try folder.write("plain.txt", "not a spec\n")
        let reason = Self.notUTF8Name
        let run = await CommandRun.run([folder.path])
        #expect(run.status == 2)
        #expect(run.out.contains("\(folder.path("n\u{FFFD}.yaml")):1:1: error: \(reason)\n"), "\(run.out)")
        #expect(run.out.contains("\(folder.path("K\u{FFFD}ln")):1:1: error: \(reason)\n"), "\(run.out)")
        #expect(run.out.hasSuffix("1 passed, 0 failed; 2 invalid spec files\n"), "\(run.out)")
    }

    @Test(arguments: [
        ("specs/", "specs"), ("./specs/a.yaml", "specs/a.yaml"), ("././specs", "specs"), (".//specs", "specs"),
        ("./", "."), (".", "."), (".//", "."), ("/", "/"), ("//", "/"), ("/tmp/", "/tmp"), ("", ""),
        // One file, one id: `specrun specs//examples` gave ids (and shards) of their own.
        ("specs//examples", "specs/examples"), ("specs/./examples/", "specs/examples"), ("/tmp//a/./b", "/tmp/a/b"),
        ("specs/../specs", "specs/../specs"),
    ])
    func normalizedNeverTurnsARelativePathIntoTheRoot(path: String, expected: String) {
        #expect(SpecDiscovery.normalized(path) == expected)
    }
}

/// A run of specrun without root's right to read every folder: in this process when it has no such right, else
/// the built binary as `nobody` through `setpriv`.
enum UnprivilegedRun {
    static let setpriv = "/usr/bin/setpriv"

    static var isPossible: Bool {
        geteuid() != 0 || FileManager.default.isExecutableFile(atPath: setpriv)
    }

    static func run(_ arguments: [String]) async throws -> CommandRun {
        guard geteuid() == 0 else { return await CommandRun.run(arguments) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: setpriv)
        process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", try SpecrunChild.binary()] + arguments
        process.environment = ["NO_COLOR": "1", "PATH": "/usr/bin:/bin"]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandRun(status: process.terminationStatus, out: String(decoding: outData, as: UTF8.self), err: String(decoding: errData, as: UTF8.self))
    }
}
