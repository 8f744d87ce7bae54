import Foundation
import JSONSchemaTesting
import SpecParser
import SpecYAML
import Testing
@testable import SpecrunCLI

/// `specrun init` writes a starter folder whose specs pass; `specrun schema` prints what the catalog generates.
@Suite struct InitAndSchemaCommandTests {
    @Test func initWritesAFolderWhoseSpecsPassAndCheckClean() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let target = folder.path + "/specs"
        let initRun = await CommandRun.run("init", target)
        #expect(initRun.status == ExitStatus.success)
        #expect(initRun.err.isEmpty)
        GoldenText.check(initRun.out.replacingOccurrences(of: folder.path + "/", with: ""), against: "init.txt")
        let names = try FileManager.default.contentsOfDirectory(atPath: target).sorted()
        #expect(names == ["README.md", "nightly-refresh-task.yaml", "nightly-sync.yaml", "policies.yaml", "spec.schema.json"])

        let run = await CommandRun.run(target)
        #expect(run.status == ExitStatus.success, "\(run.out)\(run.err)")
        #expect(run.out.hasSuffix("\n9 passed, 0 failed\n"))
        let check = await CommandRun.run("check", "--strict", target)
        #expect(check.out == "Checked 3 files, 3 valid specs: no problems.\n")
        #expect(check.status == ExitStatus.success)
    }

    @Test func theStarterSpecsAreValidAgainstTheSchemaTheyPointAt() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = await CommandRun.run("init", folder.path)
        let schema = try String(contentsOfFile: folder.path + "/spec.schema.json", encoding: .utf8)
        #expect(schema == SpecSchemaWriter().render())
        let validator = JSONSchemaValidator(root: try JSONValue.parse(schema))
        for name in ["nightly-sync.yaml", "policies.yaml", "nightly-refresh-task.yaml"] {
            let text = try String(contentsOfFile: folder.path + "/" + name, encoding: .utf8)
            #expect(text.hasPrefix("# yaml-language-server: $schema=spec.schema.json\n"))
            for document in YAMLReader.read(Array(text.utf8)).documents {
                #expect(validator.validate(YAMLCoreSchema.json(document.root)).isEmpty, "\(name)")
            }
        }
    }

    @Test func initNeverOverwritesAndWritesNothingWhenAFileExists() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("policies.yaml", "# mine\n")
        let run = await CommandRun.run("init", folder.path)
        #expect(run.status == ExitStatus.invalidInput)
        #expect(run.err == """
            specrun: error: '\(folder.path)/policies.yaml' already exists; init never overwrites a file, so nothing was written. Choose a new folder, e.g. 'specrun init \((folder.path as NSString).deletingLastPathComponent)/starter-specs'.
            Run 'specrun init --help' for usage.

            """)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["policies.yaml"])
        #expect(try String(contentsOfFile: folder.path + "/policies.yaml", encoding: .utf8) == "# mine\n")
    }

    @Test func theSuggestedFolderIsQuotedWhenTheShellWouldSplitIt() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let target = folder.path + "/новый проект/specs"
        #expect(await CommandRun.run("init", target).status == ExitStatus.success)
        let again = await CommandRun.run("init", target)
        #expect(again.status == ExitStatus.invalidInput)
        #expect(again.err.contains("Choose a new folder, e.g. specrun init '\(folder.path)/новый проект/starter-specs'.\n"), "\(again.err)")
    }

    /// A folder of other specs, or a folder below an earlier starter: one run would mix them, or repeat the
    /// starter's spec names (an error), so init writes nothing there.
    @Test func initLeavesAFolderOfSpecsAndAFolderBelowAStarterAlone() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("team/berlin/nightly.yaml", "spec: ours\n")
        let intoSpecs = await CommandRun.run("init", folder.path + "/team")
        #expect(intoSpecs.status == ExitStatus.invalidInput)
        #expect(intoSpecs.err.hasPrefix("specrun: error: '\(folder.path)/team' already holds spec files ('\(folder.path)/team/berlin/nightly.yaml'); "
            + "the starter goes in a folder of its own, so nothing was written. Choose a new folder outside your spec folders, "
            + "e.g. 'specrun init \(folder.path)/starter-specs'."), "\(intoSpecs.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/team") == ["berlin"])

        #expect(await CommandRun.run("init", folder.path + "/starter-specs").status == ExitStatus.success)
        let below = await CommandRun.run("init", folder.path + "/starter-specs/more")
        #expect(below.status == ExitStatus.invalidInput)
        #expect(below.err.hasPrefix("specrun: error: '\(folder.path)/starter-specs/nightly-sync.yaml' is a starter spec already, in a folder above "
            + "'\(folder.path)/starter-specs/more'; a second starter below it would repeat its spec names in one run, so nothing was written. "
            + "Choose a new folder outside it, e.g. 'specrun init \(folder.path)/starter-specs-2'."), "\(below.err)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/starter-specs/more"))
        // Beside it is fine, and the two run together.
        #expect(await CommandRun.run("init", folder.path + "/starter-specs-2").status == ExitStatus.success)
    }

    /// `specrun init` with a relative folder (its default is `specs`), run inside a starter: the look upwards began
    /// at the relative path's parent, `''`, so it found nothing and wrote a second starter below the first.
    @Test func aRelativeFolderBelowAStarterIsFoundFromTheCurrentFolder() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        #expect(await CommandRun.run("init", folder.path + "/starter-specs").status == ExitStatus.success)
        let starter = folder.path + "/starter-specs/nightly-sync.yaml"
        #expect(InitCommand.starterAbove("specs", from: folder.path + "/starter-specs") == starter)
        #expect(InitCommand.starterAbove("more/specs", from: folder.path + "/starter-specs") == starter)
        #expect(InitCommand.starterAbove("specs", from: folder.path) == nil)
    }

    /// `normalized("")` is `""`, and `"" + "/README.md"` was a file in the root folder.
    @Test func anEmptyFolderNameIsAUsageErrorAndNothingIsWritten() async throws {
        #expect(!FileManager.default.fileExists(atPath: "/README.md"), "the test needs a root folder without README.md")
        let run = await CommandRun.run("init", "")
        #expect(run.status == ExitStatus.invalidInput)
        #expect(run.err == """
            specrun: error: the folder to write into is empty (''); name one, e.g. 'specrun init specs'.
            Run 'specrun init --help' for usage.

            """)
        #expect(!FileManager.default.fileExists(atPath: "/README.md"))
        #expect(!FileManager.default.fileExists(atPath: "/spec.schema.json"))
    }

    /// Two links back to the folder made the look for spec files exponential: init never ended.
    @Test(.timeLimit(.minutes(1))) func initLooksThroughLinkLoopsOnce() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("target/notes.txt", "not a spec\n")
        #expect(symlink(".", folder.path + "/target/l1") == 0)
        #expect(symlink(".", folder.path + "/target/l2") == 0)
        let run = await CommandRun.run("init", folder.path + "/target")
        #expect(run.status == ExitStatus.success, "\(run.err)")
        #expect(FileManager.default.fileExists(atPath: folder.path + "/target/nightly-sync.yaml"))
    }

    /// `specrun init /proc` walked /proc and, through /proc/self/root, the whole disk; it now stops at the
    /// first spec, or the first folder it cannot look into, or after the folder limit, and writes nothing.
    @Test(.timeLimit(.minutes(1)), .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/root")))
    func initIntoProcEndsWithoutWriting() async {
        let run = await CommandRun.run("init", "/proc")
        #expect(run.status == ExitStatus.invalidInput)
        #expect(run.err.hasPrefix("specrun: error: '/proc' "), "\(run.err)")
        #expect(run.err.contains(", so nothing was written."), "\(run.err)")
        #expect(run.err.contains("e.g. 'specrun init /starter-specs'."), "\(run.err)")
        #expect(!FileManager.default.fileExists(atPath: "/proc/README.md"))
    }

    /// Past the folder limit init cannot tell whether the folder holds specs, and leaves it alone.
    @Test func initLeavesAFolderWithMoreFoldersThanTheLimitAlone() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for name in ["a/x", "b", "c"] {
            try FileManager.default.createDirectory(atPath: folder.path + "/" + name, withIntermediateDirectories: true)
        }
        // Five folders: the named one, a, a/x, b and c.
        #expect(InitCommand.notAlone(folder.path, folderLimit: 5) == nil)
        #expect(InitCommand.notAlone(folder.path, folderLimit: 4)
            == "'\(folder.path)' holds more than 4 folders, more than init looks through for spec files; the starter goes in a folder of its own")
        // Breadth first, names sorted: c is the fourth folder looked at, a/x the fifth.
        try folder.write("c/z.yml", "spec: z\n")
        #expect(InitCommand.notAlone(folder.path, folderLimit: 3)
            == "'\(folder.path)' holds more than 3 folders, more than init looks through for spec files; the starter goes in a folder of its own")
        #expect(InitCommand.notAlone(folder.path, folderLimit: 4)
            == "'\(folder.path)' already holds spec files ('\(folder.path)/c/z.yml'); the starter goes in a folder of its own")
    }

    @Test func schemaPrintsTheGeneratedSchemaAndTheReference() async {
        let json = await CommandRun.run("schema")
        #expect(json.status == ExitStatus.success)
        #expect(json.out == SpecSchemaWriter().render())
        #expect(await CommandRun.run("schema", "--format", "markdown").out == SpecReferenceWriter().render())
        let wrong = await CommandRun.run("schema", "--format", "yaml")
        #expect(wrong.status == ExitStatus.invalidInput)
        #expect(wrong.err.hasPrefix("specrun: error: the value 'yaml' is not allowed for '--format'; use one of json, markdown."))
    }
}
