import Foundation
import SpecResults
import Testing
@testable import SpecrunCLI

/// What a CI job running as a user who does not own the checkout meets (every earlier session ran as root, who may
/// write anywhere; these tests run as root too, so the permission the system would refuse is injected).
@Suite(.serialized) struct NonRootEnvironmentTests {
    /// A check that refuses writing in `folder` (and nowhere else), as a read-only checkout does for a non-root user.
    static func refusing(_ folder: String) -> OutputFolderCheck {
        OutputFolderCheck(mayWrite: { $0 == folder ? EACCES : nil }, userID: 1001)
    }

    /// `--json out/r.json` in a read-only checkout ran every test and then said "its folder cannot be created (The
    /// operation could not be completed. You don’t have permission.)". Now it is refused before the run, naming the
    /// folder that may not be written and what to do.
    @Test func aResultsFileInAFolderThatMayNotBeWrittenIsRefusedBeforeTheRun() throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        let check = Self.refusing(folder.path)
        let missing = check.problem(writing: folder.path("out/r.json"))
        #expect(missing == "the folder '\(folder.path)' may not be written (Permission denied), where '\(folder.path("out"))' would be made; "
            + "results are written to a temporary file in the target's folder and renamed, so that folder must be writable. Name a path "
            + "in a folder you may write to (for example under $RUNNER_TEMP or /tmp), or make this one writable")
        let beside = check.problem(writing: folder.path("r.json"))
        #expect(beside?.hasPrefix("the folder '\(folder.path)' may not be written (Permission denied); results are written") == true)
        #expect(check.problem(writing: folder.path("art/deeper"), isFolder: true)?.hasPrefix("the folder '\(folder.path)' may not") == true)
        // A writable folder, a device: nothing to say.
        #expect(OutputFolderCheck(mayWrite: { _ in nil }, userID: 1001).problem(writing: folder.path("out/r.json")) == nil)
        #expect(check.problem(writing: "/dev/null") == nil)
    }

    @Test func theCommandLineRefusalNamesTheOptionAndSkipsHelp() throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        var outputs = ResultOutputs(ParsedArguments())
        outputs.junit = folder.path("out/j.xml")
        #expect(throws: UsageError.fileProblem("cannot write '\(folder.path("out/j.xml"))' (--junit): "
            + (Self.refusing(folder.path).problem(writing: folder.path("out/j.xml")) ?? "") + ".")) {
            try outputs.checkPaths(against: [], folders: Self.refusing(folder.path))
        }
    }

    /// A file where a folder is named (`--json afile/r.json`, `--artifacts afile/x`) and a folder whose permissions
    /// allow a file that cannot be made there (`/proc`, `/sys` as root) were refused only after the whole suite ran
    /// (a CI review): said before the run, with the option named.
    @Test func aFileOnThePathAndAFolderThatMakesNoFileAreRefusedBeforeTheRun() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("afile", "not a folder\n")
        let check = OutputFolderCheck(mayWrite: { _ in nil }, userID: 1001)
        let said = "its folder cannot be created ('\(folder.path("afile"))' is a file, not a folder; name a folder there)"
        #expect(check.problem(writing: folder.path("afile/r.json")) == said)
        #expect(check.problem(writing: folder.path("afile/x"), isFolder: true) == said)
        #expect(check.problem(writing: folder.path("afile/sub/r.json")) == said)
        // Permissions allow it, yet no file can be made: the probe tells.
        let noFile = OutputFolderCheck(mayWrite: { _ in nil }, mayCreate: { $0 == folder.path ? ENOENT : nil }, userID: 1001)
        #expect(noFile.problem(writing: folder.path("r.json"))?.hasPrefix(
            "no file can be made in the folder '\(folder.path)' (No such file or directory); results are written") == true)
        // The real probe leaves nothing behind.
        #expect(OutputFolderCheck.probe(folder.path) == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["afile"])

        // The run is refused before any test runs: no other results file is written.
        try folder.write("specs/a.yaml", ScratchSpecFolder.quickSpec("A"))
        let run = await CommandRun.run(folder.path("specs"), "--json", folder.path("afile/r.json"), "--junit", folder.path("good.xml"))
        #expect(run.status == ExitStatus.invalidInput)
        #expect(run.err == "specrun: error: cannot write '\(folder.path("afile/r.json"))' (--json): \(said).\n", "\(run.err)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("good.xml")))
    }

    /// A file named as a folder (`--json out/`, `out/.`) was refused only after the whole suite ran, and `out/.` left
    /// an empty folder (a second CI review): refused before the run, whether or not the folder exists.
    @Test func aFileNamedAsAFolderIsRefusedBeforeTheRun() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        let check = OutputFolderCheck(mayWrite: { _ in nil }, userID: 1001)
        for path in [folder.path + "/newd/", folder.path + "/newd/.", folder.path + "/"] {
            #expect(check.problem(writing: path) == "'\(path)' names a folder, not a file; add the name of the file to write in it")
        }
        #expect(check.problem(writing: folder.path("newd/r.json")) == nil)
        try folder.write("specs/a.yaml", ScratchSpecFolder.quickSpec("A"))
        let run = await CommandRun.run(folder.path("specs"), "--json", folder.path + "/newd/.")
        #expect(run.status == ExitStatus.invalidInput)
        #expect(run.err.hasPrefix("specrun: error: cannot write '\(folder.path)/newd/.' (--json): '"), "\(run.err)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("newd")))
    }

    /// A write that fails after the run names the option, as the checks before it do.
    @Test func aLateWriteErrorNamesTheOption() throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("afile", "not a folder\n")
        var outputs = ResultOutputs(ParsedArguments())
        outputs.tap = folder.path("afile/r.tap")
        let problems = outputs.write(RunResult(environment: .init(os: "", osVersion: "", architecture: "", swiftVersion: "", foundation: "",
            tzdataVersion: "", zones: [], specrunVersion: "", gitCommit: nil, startTime: "", commandLine: []), files: [], diagnostics: [], tests: []))
        #expect(problems == ["cannot write '\(folder.path("afile/r.tap"))' (--tap): its folder cannot be created ('\(folder.path("afile"))' "
            + "is a file, not a folder; name a folder there)"])
    }

    /// `--artifacts DIR` writes in DIR/<toolchain>/, which an earlier run (another user's) may have made.
    @Test func theArtifactsToolchainFolderIsTheOneChecked() throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.path("art/swift-x"), withIntermediateDirectories: true)
        var outputs = ResultOutputs(ParsedArguments())
        outputs.artifacts = folder.path("art")
        let check = Self.refusing(folder.path("art/swift-x"))
        #expect(throws: UsageError.fileProblem("cannot write '\(folder.path("art"))' (--artifacts): "
            + (check.problem(writing: folder.path("art/swift-x"), isFolder: true) ?? "") + ".")) {
            try outputs.checkPaths(against: [], artifactsFolder: "swift-x", folders: check)
        }
        #expect(check.problem(writing: folder.path("art/swift-x"), isFolder: true)?.hasPrefix("the folder '\(folder.path("art/swift-x"))'") == true)
    }

    /// A folder on the way the user may not search (a working folder chmod 000, another user's home): "No such file or
    /// directory" for a spec path sent people looking for a typo, and an output there ran every test before failing.
    @Test func aPathBehindAFolderThatMayNotBeSearchedIsSaidSo() throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        let locked = folder.path("locked")
        var check = OutputFolderCheck(mayWrite: { _ in nil }, userID: 1001)
        check.lookUp = { $0.hasPrefix(locked) ? EACCES : (FileManager.default.fileExists(atPath: $0) ? 0 : ENOENT) }
        #expect(check.problem(writing: locked + "/out/r.json") == "'\(locked)/out' cannot be reached (Permission denied): a folder on "
            + "its path may not be searched; name a path in a folder you may write to (for example under $RUNNER_TEMP or /tmp)")
        #expect(check.problem(writing: folder.path("free/r.json")) == nil)
        #expect(SpecDiscovery.unreachable("/root/specs") == "'/root/specs' cannot be reached (Permission denied): a folder on its path "
            + "may not be searched by the user who runs specrun (uid \(geteuid())); give that user search permission (chmod a+x) on the "
            + "folders of the path, or copy the specs to a folder it may read")
    }

    /// A device or a pipe is written into, never replaced, so its folder does not matter: `--json /dev/null` as a CI
    /// user, who may not write `/dev`, must not be refused.
    @Test func aDeviceOrAPipeIsNotJudgedByItsFolder() throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try #require(mkfifo(folder.path("pipe"), 0o600) == 0)
        let refusingAll = OutputFolderCheck(mayWrite: { _ in EACCES }, userID: 1001)
        #expect(refusingAll.problem(writing: "/dev/null") == nil)
        #expect(refusingAll.problem(writing: folder.path("pipe")) == nil)
        #expect(refusingAll.problem(writing: folder.path("r.json"))?.hasPrefix("the folder '\(folder.path)' may not be written") == true)
    }

    /// A results path that is a symbolic link: the file replaced is the link's destination (`AtomicFile` keeps the
    /// link), so the folder that must be writable is the destination's, whatever the link's own folder.
    @Test func aLinkIsJudgedByTheFolderOfTheFileItNames() throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("results/r.json", "{}")
        try FileManager.default.createSymbolicLink(atPath: folder.path("r.json"), withDestinationPath: "results/r.json")
        #expect(Self.refusing(folder.path("results")).problem(writing: folder.path("r.json"))?
            .hasPrefix("the folder '\(folder.path("results"))' may not be written") == true)
        #expect(Self.refusing(folder.path).problem(writing: folder.path("r.json")) == nil)
    }

    /// The sticky bit lets the file's owner, the folder's owner and root replace a file; only other users are refused.
    /// Through a link, the owner that counts is the destination's. (Root only: files are given away with chown.)
    @Test(.enabled(if: getuid() == 0, "needs root, to give files away with chown"))
    func inAStickyFolderOnlyOtherUsersThanTheFilesTheFoldersAndRootAreRefused() throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        let file = try folder.write("sticky/r.json", "{}")
        let sticky = folder.path("sticky")
        chmod(sticky, 0o1777)
        try #require(chown(file, 4242, 4242) == 0 && chown(sticky, 4343, 4343) == 0)
        func problem(as user: uid_t, writing path: String = file) -> String? {
            OutputFolderCheck(mayWrite: { _ in nil }, userID: user).problem(writing: path)
        }
        #expect(problem(as: 4242) == nil)  // the file's owner
        #expect(problem(as: 4343) == nil)  // the folder's owner
        #expect(problem(as: 0) == nil)     // root
        #expect(problem(as: 4444)?.hasPrefix("'\(file)' belongs to another user (uid 4242) in '\(sticky)'") == true)
        // A link of user 4444 to the file: still the file of another user.
        try FileManager.default.createSymbolicLink(atPath: folder.path("link.json"), withDestinationPath: "sticky/r.json")
        try #require(lchown(folder.path("link.json"), 4444, 4444) == 0)
        #expect(problem(as: 4444, writing: folder.path("link.json"))?.hasPrefix("'\(folder.path("link.json"))' belongs to another user (uid 4242)") == true)
    }

    /// In `/tmp` (sticky) a results file another user left cannot be replaced: "Operation not permitted" after the run.
    @Test func anotherUsersFileInAStickyFolderIsNamed() throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("r.json", "{}")
        chmod(folder.path, 0o1777)
        let check = OutputFolderCheck(mayWrite: { _ in nil }, userID: 4242)
        #expect(check.problem(writing: folder.path("r.json")) == "'\(folder.path("r.json"))' belongs to another user (uid \(getuid())) in "
            + "'\(folder.path)', whose sticky bit (as on /tmp) lets only its owner replace it; remove it as that user, or name another file")
        #expect(check.problem(writing: folder.path("new.json")) == nil)
    }

    /// git refuses a repository another user owns ("dubious ownership"), and the results then lacked `gitCommit`
    /// without a word. The refusal is recognised, and the note says what to run.
    @Test func aRepositoryOfAnotherUserIsRecognisedAndNoted() throws {
        let message = """
            fatal: detected dubious ownership in repository at '/work/ci checkout'
            To add an exception for this directory, call:

            \tgit config --global --add safe.directory '/work/ci checkout'

            """
        #expect(EnvironmentProbe.refusedRepository(in: message) == "/work/ci checkout")
        #expect(EnvironmentProbe.refusedRepository(in: "fatal: not a git repository (or any of the parent directories): .git") == nil)
        // A quote in the path: git writes the path as it is, and quotes it shell-style only in its command line.
        #expect(EnvironmentProbe.refusedRepository(in: """
            fatal: detected dubious ownership in repository at '/work/it's here'
            To add an exception for this directory, call:

            \tgit config --global --add safe.directory '/work/it'\\''s here'

            """) == "/work/it's here")
        // A message cut before the quote that ends the path names no path, rather than one missing its end.
        #expect(EnvironmentProbe.refusedRepository(in: "fatal: detected dubious ownership in repository at '/work/ci chec") == nil)
        #expect(EnvironmentProbe.refusalNote(repository: "/work/ci checkout") == "the results record no git commit: git refuses the "
            + "repository '/work/ci checkout' because another user owns it (\"dubious ownership\"); if you trust it, run "
            + "'git config --global --add safe.directory '/work/ci checkout'' before specrun")
    }

    /// The same with a real git: a repository owned by another uid is refused even to root.
    @Test(.enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/git"),
                   "needs root, to give the repository away with chown, and git"))
    func aRealRepositoryOwnedByAnotherUserIsRefused() throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try Self.commitSpecs(in: folder)
        guard case .commit = EnvironmentProbe.gitCommit(containing: folder.path("specs")) else {
            Issue.record("no commit found in a repository of this user")
            return
        }
        chown(folder.path, 4242, 4242)
        #expect(EnvironmentProbe.gitCommit(containing: folder.path("specs")) == .refused(repository: folder.path))
    }

    /// Runs `executable` and returns its exit status and what it wrote on stderr (stdout is dropped).
    @discardableResult
    static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.currentDirectoryURL = URL(fileURLWithPath: "/")
        let pipe = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = pipe
        try process.run()
        let said = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, said)
    }

    /// A git repository in `folder` whose one commit holds `specs/a.yaml`.
    static func commitSpecs(in folder: ScratchSpecFolder) throws {
        try folder.write("specs/a.yaml", ScratchSpecFolder.quickSpec("A"))
        for arguments in [["init", "-q"], ["add", "-A"], ["commit", "-qm", "specs"]] {
            try run("/usr/bin/git", ["-C", folder.path, "-c", "user.name=t", "-c", "user.email=t@example.com"] + arguments)
        }
    }

    /// A repository of another user, as above, for the tests below; false when git is missing or the user is not root.
    static func repositoryOfAnotherUser(in folder: ScratchSpecFolder) throws -> Bool {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/git"), getuid() == 0 else { return false }
        try commitSpecs(in: folder)
        return chown(folder.path, 4242, 4242) == 0
    }

    /// The note is for runs that write results files (whose `gitCommit` is then missing), whichever they write
    /// (`--artifacts` too); a run that only prints its report says nothing of git.
    @Test func aRunInARepositoryOfAnotherUserNotesItOnlyWhenItWritesResults() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        guard try Self.repositoryOfAnotherUser(in: folder) else { return }
        let outputs = try ScratchSpecFolder()
        defer { outputs.remove() }
        let note = "specrun: note: " + EnvironmentProbe.refusalNote(repository: folder.path) + "\n"
        for (options, noted) in [([], false), (["--json", outputs.path("r.json")], true), (["--artifacts", outputs.path("art")], true)] {
            let run = await CommandRun.run([folder.path("specs")] + options)
            #expect(run.status == ExitStatus.success, "\(run.err)")
            #expect(run.err.contains(note) == noted, "\(options): \(run.err)")
        }
    }

    /// What a German user's git needs here: the locale's source (compiled into the test's folder with `localedef`, as
    /// none but C is installed) and git's German messages.
    static let germanIsAvailable = FileManager.default.isExecutableFile(atPath: "/usr/bin/localedef")
        && FileManager.default.fileExists(atPath: "/usr/share/i18n/locales/de_DE")
        && FileManager.default.fileExists(atPath: "/usr/share/locale/de/LC_MESSAGES/git.mo")
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/git") && getuid() == 0

    /// The refusal is recognised whatever language the user's environment asks git for: here German, by the locale
    /// (`LC_ALL`) and by `LANGUAGE`, each of which git would otherwise follow.
    @Test(.enabled(if: germanIsAvailable, "needs root, localedef with de_DE's source, and git's German messages"))
    func theRefusalIsRecognisedWhateverLanguageTheUserAsksFor() throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        let locales = try ScratchSpecFolder()
        defer { locales.remove() }
        try Self.run("/usr/bin/localedef", ["-i", "de_DE", "-f", "UTF-8", locales.path("de_DE.UTF-8")])
        try #require(try Self.repositoryOfAnotherUser(in: folder))
        let german = ProcessInfo.processInfo.environment.merging(
            ["LOCPATH": locales.path, "LC_ALL": "de_DE.UTF-8", "LANG": "de_DE.UTF-8", "LANGUAGE": "de"]) { $1 }
        // The environment does make git speak German: without the forcing to English, the refusal is not recognised.
        let said = try Self.run("/usr/bin/git", ["-C", folder.path("specs"), "rev-parse", "HEAD"], environment: german).stderr
        try #require(EnvironmentProbe.refusedRepository(in: said) == nil, "git did not speak German: \(said)")
        #expect(EnvironmentProbe.gitCommit(containing: folder.path("specs"), environment: german) == .refused(repository: folder.path))
    }

    /// A spec path behind a folder the user may not search said "No such file or directory". Run as user 65534
    /// (`setpriv`, root only), since root may search any folder.
    @Test(.enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "needs root and setpriv"))
    func aSpecFolderBehindAFolderThatMayNotBeSearchedIsSaidToBeUnreachable() throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("locked/specs/a.yaml", ScratchSpecFolder.quickSpec("A"))
        chmod(folder.path, 0o755)
        chmod(folder.path("locked"), 0o700)
        let (status, said) = try Self.run(
            "/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", try SpecrunChild.binary(), folder.path("locked/specs")],
            environment: ["NO_COLOR": "1", "PATH": "/usr/bin:/bin"])
        #expect(status == ExitStatus.invalidInput, "\(said)")
        #expect(said.hasPrefix("specrun: error: '\(folder.path("locked/specs"))' cannot be reached (Permission denied): a folder on its "
            + "path may not be searched by the user who runs specrun (uid 65534)"), "\(said)")
    }
}
