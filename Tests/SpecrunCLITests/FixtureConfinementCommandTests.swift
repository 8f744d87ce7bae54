import Foundation
import Testing
@testable import SpecrunCLI

/// `specrun` and `specrun check` keep fixtures inside the spec tree the command line names, and
/// `--allow-outside-fixtures` lifts that for both.
///
/// In process, a run is checked with `--list` (reading and planning, exit 2 for an invalid file): running a lifecycle
/// scenario blocks a thread of the concurrency pool the parallel tests share. The scenarios themselves run in the
/// real binary.
@Suite struct FixtureConfinementCommandTests {
    static let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
        <key>BGTaskSchedulerPermittedIdentifiers</key><array><string>com.example.app.refresh</string></array>
        <key>UIBackgroundModes</key><array><string>fetch</string></array>
        </dict></plist>

        """

    static func scenario(_ infoPlist: String) -> String {
        """
        spec: The gate from \(infoPlist)
        task: {identifier: com.example.app.refresh, kind: refresh, info-plist: \(infoPlist)}
        clock: 2027-03-29T08:00:00+02:00
        steps:
          - {at: 2027-03-29T09:00:00+02:00, launch: com.example.app.refresh}
        expect:
          completed: [true]
          log: {contains: ["register com.example.app.refresh ok"]}

        """
    }

    /// `specs/lifecycle/bugs/a.yaml` naming `../fixtures/Info.plist`, the layout of this repository's bug specs.
    static func fixture() throws -> ScratchSpecFolder {
        let folder = try ScratchSpecFolder()
        try folder.write("specs/lifecycle/fixtures/Info.plist", plist)
        try folder.write("specs/lifecycle/bugs/a.yaml", scenario("../fixtures/Info.plist"))
        return folder
    }

    @Test func aFolderRunReadsFixturesAnywhereInsideIt() async throws {
        let folder = try Self.fixture()
        defer { folder.remove() }
        let check = await CommandRun.run("check", folder.path + "/specs")
        #expect(check.status == ExitStatus.success, "\(check.out)")
        let run = try SpecrunChild(["--quiet", folder.path + "/specs/lifecycle"], in: folder)
        #expect(run.waitForEnd() == .exited(ExitStatus.success), "\(run.output)")
        #expect(run.output.contains("1 passed"), "\(run.output)")
    }

    @Test func aMissingFixtureIsAWarningAndTheScenarioErrorsWhileTheOthersRun() async throws {
        let folder = try Self.fixture()
        defer { folder.remove() }
        try folder.write("specs/lifecycle/bugs/b.yaml", Self.scenario("../fixtures/Missing.plist"))
        let check = await CommandRun.run("check", folder.path + "/specs")
        #expect(check.status == ExitStatus.success, "\(check.out)")
        #expect(check.out.contains("b.yaml:2:72: warning: there is no file '../fixtures/Missing.plist' for this spec"), "\(check.out)")
        #expect(check.out.hasSuffix("Checked 2 files, 2 valid specs: 0 errors, 1 warning.\n"), "\(check.out)")
        let strict = await CommandRun.run("check", "--strict", folder.path + "/specs")
        #expect(strict.status == ExitStatus.invalidInput, "\(strict.out)")

        let run = try SpecrunChild(["--quiet", folder.path + "/specs/lifecycle"], in: folder)
        #expect(run.waitForEnd() == .exited(ExitStatus.testFailure), "\(run.output)")
        #expect(run.output.contains("the Info.plist '../fixtures/Missing.plist' cannot be used: there is no such file"), "\(run.output)")
        #expect(run.output.contains("1 passed, 0 failed, 1 error; 1 warning"), "\(run.output)")
    }

    /// A fixture is held to `--max-file-size` like a spec file: a 200 MB file named as an Info.plist took 800 MB.
    @Test func aFixtureLargerThanTheFileSizeLimitIsRefusedUnread() async throws {
        let folder = try Self.fixture()
        defer { folder.remove() }
        try folder.write("specs/lifecycle/fixtures/Info.plist", Self.plist + String(repeating: " ", count: 2048))
        let small = await CommandRun.run("--quiet", "--max-file-size", "1K", folder.path + "/specs/lifecycle")
        #expect(small.status == ExitStatus.testFailure)
        #expect(small.out.contains("the Info.plist '../fixtures/Info.plist' cannot be used: the file holds \(Self.plist.utf8.count + 2048) bytes, "
            + "more than the 1024 a fixture may hold; name the Info.plist itself, or raise the limit with --max-file-size"), "\(small.out)")
        let enough = await CommandRun.run("--quiet", "--max-file-size", "4K", folder.path + "/specs/lifecycle")
        #expect(enough.status == ExitStatus.success, "\(enough.out)")
    }

    /// A spec file reached through a link out of the named folder is not read (a diagnostic would print the first
    /// line of `/etc/passwd`); a link inside the folder, a file named directly and the flag are fine.
    @Test func aSpecFileReachedThroughALinkOutOfTheFolderIsNotRead() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("specs/a.yaml", ScratchSpecFolder.quickSpec("A"))
        try folder.write("outside/b.yaml", ScratchSpecFolder.quickSpec("B"))
        #expect(symlink("../outside/b.yaml", folder.path("specs/b.yaml")) == 0)
        #expect(symlink("a.yaml", folder.path("specs/again.yml")) == 0)
        let specs = folder.path("specs")
        let run = await CommandRun.run("--quiet", specs)
        #expect(run.status == ExitStatus.invalidInput)
        #expect(run.out.contains("\(specs)/b.yaml:1:1: error: this spec file is reached through a symbolic link that leads out of the folder "
            + "'\(specs)' named on the command line, to \(try Self.realPath(folder.path("outside/b.yaml"))), so it is not read; copy the file "
            + "into the folder, name it on the command line, or allow it with --allow-outside-fixtures [outside-spec-tree]\n"), "\(run.out)")
        // The link inside the folder names a.yaml, read once (it repeated a's name when read twice).
        #expect(!run.out.contains("again.yml"), "\(run.out)")
        let check = await CommandRun.run("check", specs)
        #expect(check.status == ExitStatus.invalidInput)
        #expect(check.out.contains("b.yaml:1:1: error: this spec file is reached through a symbolic link"))
        #expect(await CommandRun.run("--quiet", folder.path("specs/b.yaml")).status == ExitStatus.success)
        // Named as well as found in the folder, in either order, it is read: the refusal's advice is to name it (the
        // second hostile-input hunt found it refused all the same).
        for arguments in [[specs, folder.path("specs/b.yaml")], [folder.path("specs/./b.yaml"), specs],
                          [specs, folder.path("specs/../specs/b.yaml")]] {
            let named = await CommandRun.run(["--quiet"] + arguments)
            #expect(named.status == ExitStatus.success, "\(named.out)")
            #expect(named.out.hasSuffix("2 passed, 0 failed\n"), "\(named.out)")
        }
        let allowed = await CommandRun.run("--quiet", "--allow-outside-fixtures", specs)
        #expect(allowed.status == ExitStatus.success, "\(allowed.out)")
        #expect(allowed.out.hasSuffix("2 passed, 0 failed\n"), "\(allowed.out)")
    }

    /// A link to a folder out of the named folder is one error at the link, not a walk of what it leads to: `ln -s /
    /// specs/root` walked the whole file system, one error per YAML file on it (32,301; a hostile-input hunt), and
    /// `up → ..` one per file beside the named folder. Under `--allow-outside-fixtures` the folder is walked and read.
    @Test func aFolderLinkOutOfTheNamedFolderIsOneErrorNotAWalk() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("specs/a.yaml", ScratchSpecFolder.quickSpec("A"))
        for index in 0..<3 { try folder.write("outside/o\(index).yaml", ScratchSpecFolder.quickSpec("O\(index)")) }
        #expect(symlink("../outside", folder.path("specs/out")) == 0)
        #expect(symlink("..", folder.path("specs/up")) == 0)
        #expect(symlink(".", folder.path("specs/here")) == 0)
        let specs = folder.path("specs")
        let run = await CommandRun.run("--quiet", specs)
        #expect(run.status == ExitStatus.invalidInput)
        let errors = run.out.components(separatedBy: "\n").filter { $0.contains(": error: ") }
        #expect(errors.count == 2, "\(run.out)")
        #expect(run.out.contains("\(specs)/out:1:1: error: this folder is reached through a symbolic link that leads out of the folder "
            + "'\(specs)' named on the command line, to \(try Self.realPath(folder.path("outside"))), so it is not searched for specs; copy "
            + "its specs into the folder, name it on the command line, or allow it with --allow-outside-fixtures [outside-spec-tree]"), "\(run.out)")
        #expect(run.out.contains("\(specs)/up:1:1: error: this folder is reached through a symbolic link"), "\(run.out)")
        #expect(run.out.hasSuffix("1 passed, 0 failed; 2 invalid spec files\n"), "\(run.out)")
        let allowed = await CommandRun.run("--quiet", "--allow-outside-fixtures", folder.path("specs"))
        #expect(allowed.out.contains("4 passed"), "\(allowed.out)")
    }

    static func realPath(_ path: String) throws -> String {
        guard let resolved = realpath(path, nil) else { throw CocoaError(.fileNoSuchFile) }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    @Test func aFileNamedDirectlyIsConfinedToItsFolderAndTheFlagAllowsTheRest() async throws {
        let folder = try Self.fixture()
        defer { folder.remove() }
        let file = folder.path + "/specs/lifecycle/bugs/a.yaml"
        let message = "\(file):2:72: error: '../fixtures/Info.plist' leads outside the spec tree '\(folder.path)/specs/lifecycle/bugs' "
            + "(this spec file's folder); move the fixture into the tree, or allow it with --allow-outside-fixtures [fixture-outside-tree]"
        let check = await CommandRun.run("check", file)
        #expect(check.status == ExitStatus.invalidInput)
        #expect(check.out.hasPrefix(message + "\n"), "\(check.out)")
        let list = await CommandRun.run("--list", file)
        #expect(list.status == ExitStatus.invalidInput)
        let run = try SpecrunChild(["--quiet", file], in: folder)
        #expect(run.waitForEnd() == .exited(ExitStatus.invalidInput))
        #expect(run.output.contains(message + "\n"), "\(run.output)")

        let allowedCheck = await CommandRun.run("check", "--allow-outside-fixtures", file)
        #expect(allowedCheck.status == ExitStatus.success, "\(allowedCheck.out)")
        let allowedRun = try SpecrunChild(["--quiet", "--allow-outside-fixtures", file], in: folder, label: "allowed")
        #expect(allowedRun.waitForEnd() == .exited(ExitStatus.success), "\(allowedRun.output)")
        #expect(allowedRun.output.contains("1 passed"), "\(allowedRun.output)")
    }

    @Test func aLinkOutOfTheNamedFolderIsRefusedByRunAndCheck() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("elsewhere/Info.plist", Self.plist)
        try folder.write("specs/a.yaml", Self.scenario("fixtures/Info.plist"))
        try FileManager.default.createDirectory(atPath: folder.path + "/specs/fixtures", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/specs/fixtures/Info.plist",
                                                   withDestinationPath: folder.path + "/elsewhere/Info.plist")
        let real = URL(fileURLWithPath: folder.path + "/elsewhere/Info.plist").resolvingSymlinksInPath().path
        let specs = folder.path + "/specs"
        let check = await CommandRun.run("check", specs)
        #expect(check.status == ExitStatus.invalidInput)
        #expect(check.out.contains("error: 'fixtures/Info.plist' leads outside the spec tree '\(specs)' (the folder named on the command line) through a symbolic link, to \(real); copy the file into the tree, or allow it with --allow-outside-fixtures"), "\(check.out)")
        let list = await CommandRun.run("--list", specs)
        #expect(list.status == ExitStatus.invalidInput)

        let allowedCheck = await CommandRun.run("check", "--allow-outside-fixtures", specs)
        #expect(allowedCheck.status == ExitStatus.success, "\(allowedCheck.out)")
        let allowedList = await CommandRun.run("--list", "--allow-outside-fixtures", specs)
        #expect(allowedList.status == ExitStatus.success, "\(allowedList.out)")
    }

    @Test func theFlagIsParsedIntoTheParsersScope() throws {
        let confined = try RunLimits(OptionParser(options: RunCommand.options).parse(["specs"]))
        #expect(confined.parser.fixtureScope == .specFolder)
        var named = confined
        named.confineFixtures(to: ["specs", "more"])
        #expect(named.parser.fixtureScope == .specTree(roots: ["specs", "more"]))
        var allowed = try RunLimits(OptionParser(options: RunCommand.options).parse(["--allow-outside-fixtures", "specs"]))
        allowed.confineFixtures(to: ["specs"])
        #expect(allowed.parser.fixtureScope == .anywhere)
    }
}
