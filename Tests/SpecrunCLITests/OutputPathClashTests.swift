import Foundation
@testable import SpecrunCLI
import Testing

/// An output that would overwrite a spec file the run reads, or another output, is refused before anything runs:
/// `--json s.yaml` replaced the spec with its results, `--json r.json --junit r.json` kept only the JUnit.
struct OutputPathClashTests {
    @Test func anOutputNamingASpecFileIsRefusedAndTheSpecKept() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        let spec = ScratchSpecFolder.quickSpec("Noon")
        let path = try folder.write("specs/noon.yaml", spec)
        // The same file under another spelling of its path.
        let run = await CommandRun.run(folder.path("specs"), "--tap", folder.path("specs/../specs/noon.yaml"))
        #expect(run.status == ExitStatus.invalidInput)
        #expect(run.err.hasPrefix("specrun: error: '\(folder.path("specs/../specs/noon.yaml"))' (--tap) is the spec file '\(path)' this run "
            + "reads; writing the results there would replace the spec. Name another file, e.g. --tap results/results.tap.\n"), "\(run.err)")
        #expect(run.out.isEmpty)
        #expect(folder.read("specs/noon.yaml") == Data(spec.utf8))
    }

    @Test func twoOutputsNamingOneFileAreRefused() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("noon.yaml", ScratchSpecFolder.quickSpec("Noon"))
        let run = await CommandRun.run(folder.path("noon.yaml"), "--json", folder.path("r.json"), "--junit", folder.path("r.json"))
        #expect(run.status == ExitStatus.invalidInput)
        #expect(run.err.hasPrefix("specrun: error: --json and --junit both name '\(folder.path("r.json"))'; the second would replace the first."))
        #expect(folder.entries() == ["noon.yaml"])
        // merge names its JSON output -o.
        let merge = await CommandRun.run("merge", folder.path("in.json"), "-o", folder.path("m.json"), "--html", folder.path("m.json"))
        #expect(merge.status == ExitStatus.invalidInput)
        #expect(merge.err.hasPrefix("specrun: error: -o and --html both name '\(folder.path("m.json"))';"), "\(merge.err)")
    }

    /// `--artifacts DIR` writes five files under `DIR/<toolchain folder>/`; an output named there by another option
    /// was silently replaced (the JUnit by the JSON results, exit 0).
    @Test func anOutputNamingAnArtifactsFileIsRefused() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("specs/noon.yaml", ScratchSpecFolder.quickSpec("Noon"))
        let first = await CommandRun.run(folder.path("specs"), "--artifacts", folder.path("art"))
        #expect(first.status == ExitStatus.success, "\(first.err)")
        let toolchain = try #require(folder.entries("art").first)
        let results = folder.path("art/\(toolchain)/results.json")
        let written = try #require(folder.read("art/\(toolchain)/results.json"))

        let run = await CommandRun.run(folder.path("specs"), "--artifacts", folder.path("art"), "--junit", results)
        #expect(run.status == ExitStatus.invalidInput)
        #expect(run.err == "specrun: error: --junit and --artifacts both name '\(results)'; the second would replace the first. "
            + "Give --junit a file outside '\(folder.path("art"))', e.g. --junit results/junit.xml.\nRun 'specrun --help' for usage.\n")
        #expect(run.out.isEmpty)
        #expect(folder.read("art/\(toolchain)/results.json") == written)

        // The same format under its own name: the artifacts write it already. Through `..` too.
        let json = folder.path("art/x/../\(toolchain)/results.json")
        let same = await CommandRun.run(folder.path("specs"), "--json", json, "--artifacts", folder.path("art"))
        #expect(same.status == ExitStatus.invalidInput)
        #expect(same.err.hasPrefix("specrun: error: --json names '\(json)', which --artifacts writes already; leave out --json, "
            + "or give it a file outside '\(folder.path("art"))', e.g. --json results.json.\n"), "\(same.err)")
        // `merge` requires -o: the advice is not to leave it out (a CI review), and followed, it works.
        let shard = folder.path("art/\(toolchain)/results.json")
        let merged = folder.path("merged/\(toolchain)/results.json")
        let required = await CommandRun.run("merge", shard, "-o", merged, "--artifacts", folder.path("merged"))
        #expect(required.status == ExitStatus.invalidInput)
        #expect(required.err.hasPrefix("specrun: error: -o names '\(merged)', which --artifacts writes already; give it a file outside "
            + "'\(folder.path("merged"))', e.g. -o results.json.\n"), "\(required.err)")
        let followed = await CommandRun.run("merge", shard, "-o", folder.path("merged-results.json"), "--artifacts", folder.path("merged"))
        #expect(followed.status == ExitStatus.success, "\(followed.err)")

        // report and merge name the folder after the toolchain the results record.
        let report = await CommandRun.run("report", results, "--artifacts", folder.path("again"), "--tap", folder.path("again/\(toolchain)/report.html"))
        #expect(report.status == ExitStatus.invalidInput)
        #expect(report.err.hasPrefix("specrun: error: --tap and --artifacts both name '\(folder.path("again/\(toolchain)/report.html"))';"), "\(report.err)")
        #expect(folder.entries("again").isEmpty)
        let merge = await CommandRun.run("merge", results, "-o", folder.path("m.json"), "--artifacts", folder.path("again"),
                                         "--html", folder.path("again/\(toolchain)/junit.xml"))
        #expect(merge.status == ExitStatus.invalidInput)
        #expect(merge.err.hasPrefix("specrun: error: --html and --artifacts both name '\(folder.path("again/\(toolchain)/junit.xml"))';"), "\(merge.err)")
        #expect(folder.read("m.json") == nil)
    }

    /// `merge A.json B.json -o A.json` replaced a shard with the merge; `report r.json --junit r.json` replaced the
    /// results with their JUnit. An output that is an input is refused, under any spelling of its path.
    @Test func anOutputNamingAnInputResultsFileIsRefusedAndTheInputKept() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("specs/noon.yaml", ScratchSpecFolder.quickSpec("Noon"))
        try folder.write("specs/one.yaml", ScratchSpecFolder.quickSpec("One", day: 2))
        for shard in 1...2 {
            let run = await CommandRun.run(folder.path("specs"), "--shard", "\(shard)/2", "--json", folder.path("s\(shard).json"))
            #expect(run.status == ExitStatus.success, "\(run.err)")
        }
        let first = try #require(folder.read("s1.json"))
        #expect(symlink(folder.path("s1.json"), folder.path("link.json")) == 0)

        // `new/..` through a folder not made yet (the writer would make it), then a link to the input.
        for output in [folder.path("s1.json"), folder.path("specs/../s1.json"), folder.path("link.json"), folder.path("new/../link.json")] {
            let merge = await CommandRun.run("merge", folder.path("s1.json"), folder.path("s2.json"), "-o", output)
            #expect(merge.status == ExitStatus.invalidInput)
            #expect(merge.err == "specrun: error: '\(output)' (-o) is the results file '\(folder.path("s1.json"))' this command reads; "
                + "writing there would replace it. Name another file, e.g. -o results/results.json.\nRun 'specrun merge --help' for usage.\n")
            #expect(merge.out.isEmpty)
            #expect(folder.read("s1.json") == first)
        }
        let merge = await CommandRun.run("merge", folder.path("link.json"), folder.path("s2.json"), "-o", folder.path("m.json"),
                                         "--junit", folder.path("s1.json"))
        #expect(merge.status == ExitStatus.invalidInput)
        #expect(merge.err.hasPrefix("specrun: error: '\(folder.path("s1.json"))' (--junit) is the results file '\(folder.path("link.json"))' this command reads;"), "\(merge.err)")
        let report = await CommandRun.run("report", folder.path("s1.json"), "--html", folder.path("./s1.json"))
        #expect(report.status == ExitStatus.invalidInput)
        #expect(report.err.hasPrefix("specrun: error: '\(folder.path("./s1.json"))' (--html) is the results file '\(folder.path("s1.json"))' this command reads;"), "\(report.err)")
        #expect(folder.read("s1.json") == first)
        #expect(folder.read("m.json") == nil)

        // `--last-failed art/<folder>/results.json --artifacts art` replaced it too (a second review).
        let artifacts = await CommandRun.run(folder.path("specs"), "--artifacts", folder.path("art"))
        #expect(artifacts.status == ExitStatus.success, "\(artifacts.err)")
        let written = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path("art")).first)
        let archived = folder.path("art/\(written)/results.json")
        let kept = try #require(folder.read("art/\(written)/results.json"))
        let intoArtifacts = await CommandRun.run(folder.path("specs"), "--last-failed", archived, "--artifacts", folder.path("art"))
        #expect(intoArtifacts.status == ExitStatus.invalidInput)
        #expect(intoArtifacts.err.hasPrefix("specrun: error: --artifacts '\(folder.path("art"))' writes '\(archived)', the results file "
            + "'\(archived)' this command reads; writing there would replace it. Give --artifacts another folder, e.g. --artifacts "
            + "artifacts-rerun.\n"), "\(intoArtifacts.err)")
        #expect(folder.read("art/\(written)/results.json") == kept)

        // `--last-failed r.json --json r.json` replaced a whole run's results with the rerun of its failures.
        for option in ["--json", "--junit"] {
            let rerun = await CommandRun.run(folder.path("specs"), "--last-failed", folder.path("s1.json"), option, folder.path("link.json"))
            #expect(rerun.status == ExitStatus.invalidInput)
            #expect(rerun.err.hasPrefix("specrun: error: '\(folder.path("link.json"))' (\(option)) is the results file '\(folder.path("s1.json"))' this command reads;"), "\(rerun.err)")
            #expect(folder.read("s1.json") == first)
        }
    }

    /// `--tap specs/new.yaml` was written, and the next run failed reading it as a spec. Refused in a folder being
    /// run, under any spelling of it; allowed elsewhere, under a hidden name (discovery skips it) and beside a file
    /// run on its own.
    @Test func aYAMLNamedOutputInsideAFolderBeingRunIsRefused() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("specs/noon.yaml", ScratchSpecFolder.quickSpec("Noon"))
        #expect(symlink(folder.path("specs"), folder.path("link")) == 0)
        for (option, output) in [("--tap", folder.path("specs/new.yaml")), ("--json", folder.path("link/deeper/r.YML")),
                                 ("--junit", folder.path("other/../specs/j.yaml"))] {
            let run = await CommandRun.run(folder.path("specs"), option, output)
            #expect(run.status == ExitStatus.invalidInput)
            let defaultName = ["--tap": "results.tap", "--json": "results.json", "--junit": "junit.xml"][option]!
            let ext = (output as NSString).pathExtension
            #expect(run.err == "specrun: error: '\(output)' (\(option)) is a .\(ext) file in the spec folder '\(folder.path("specs"))' this run "
                + "reads, so the next run would read it as a spec and fail on it; write it elsewhere, e.g. \(option) results/\(defaultName).\n"
                + "Run 'specrun --help' for usage.\n")
            #expect(run.out.isEmpty)
        }
        // Named like a spec saved as text, it was written, and every later run told it as a spec to rename to `.yaml`.
        let asText = await CommandRun.run(folder.path("specs"), "--tap", folder.path("specs/new.yaml.txt"))
        #expect(asText.status == ExitStatus.invalidInput)
        #expect(asText.err.hasPrefix("specrun: error: '\(folder.path("specs/new.yaml.txt"))' (--tap) is named like a spec saved as text "
            + "in the spec folder '\(folder.path("specs"))' this run reads, so every later run would tell it as a spec to rename;"), "\(asText.err)")
        #expect(folder.entries("specs") == ["noon.yaml"])

        // Elsewhere, hidden, or beside a spec file run on its own, a report named like a spec is refused too: `specrun
        // --junit a.yaml b.yaml` (the report's name forgotten) replaced the spec a.yaml with XML, exit 0 (a review).
        try folder.write("victim.yaml", ScratchSpecFolder.quickSpec("Victim"))
        for (arguments, output, option) in [([folder.path("specs"), "--tap", folder.path("out.yaml")], folder.path("out.yaml"), "--tap"),
                                            ([folder.path("specs"), "--tap", folder.path("specs/.hidden.yaml")], folder.path("specs/.hidden.yaml"), "--tap"),
                                            ([folder.path("specs/noon.yaml"), "--tap", folder.path("specs/tap.yml")], folder.path("specs/tap.yml"), "--tap"),
                                            (["--junit", folder.path("victim.yaml"), folder.path("specs/noon.yaml")], folder.path("victim.yaml"), "--junit")] {
            let run = await CommandRun.run(arguments)
            #expect(run.status == ExitStatus.invalidInput, "\(run.err)")
            let defaultName = ["--tap": "results.tap", "--junit": "junit.xml"][option]!
            #expect(run.err == "specrun: error: '\(output)' (\(option)) is named like a spec file, and writing the results there would replace "
                + "it; if it is a spec to run, \(option) took it as its file name: name the file first, e.g. \(option) \(defaultName) \(output).\n"
                + "Run 'specrun --help' for usage.\n", "\(run.err)")
        }
        // With no spec path left, the usage error says which option took the spec as its value.
        let alone = await CommandRun.run("--json", folder.path("victim.yaml"))
        #expect(alone.err == "specrun: error: no spec path given ('--json' took '\(folder.path("victim.yaml"))' as its value: give the "
            + "option its own value, then the spec). Name a spec file or a folder, e.g. 'specrun specs/'.\nRun 'specrun --help' for usage.\n",
                "\(alone.err)")
        #expect(folder.read("victim.yaml") == Data(ScratchSpecFolder.quickSpec("Victim").utf8))
        #expect(folder.entries("specs") == ["noon.yaml"])
    }

    /// An output path that cannot be the file it names is refused before the run, not after every test (a hostile-input
    /// hunt): a folder, a file named by --artifacts, a link that loops, a name too long, `-` (a file named `-` was
    /// written), and a name with U+FFFD, which stands for bytes that are not UTF-8 (the file was written under the
    /// replacement character's bytes, silently). `--list` with an output wrote nothing and said nothing.
    @Test(arguments: [
        (["--json", "d"], "cannot write 'FOLDER/d' (--json): it is a folder; name a file in it, e.g. --json FOLDER/d/results.json."),
        (["--artifacts", "noon.yaml"], "cannot write 'FOLDER/noon.yaml' (--artifacts): it is a file, and --artifacts names a folder"),
        (["--junit", "loop.xml"], "cannot write 'FOLDER/loop.xml' (--junit): it is a symbolic link that loops"),
        (["--tap", String(repeating: "x", count: 256)], "(--tap): the name is longer than the file system takes (File name too long"),
        (["--html", "out\u{FFFD}.html"], "(--html): the name holds \u{FFFD} (U+FFFD), which stands for bytes that are not UTF-8"),
        (["--json", "-"], "cannot write '-' (--json): '-' is not stdout here; name a file (e.g. --json results.json), or /dev/stdout"),
        (["--list", "--json", "l.json", "--tap", "l.tap"], "--list prints the plan and runs nothing, so --json and --tap would write no results"),
    ])
    func anOutputThatCannotBeItsFileIsRefusedBeforeTheRun(arguments: [String], message: String) async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("noon.yaml", ScratchSpecFolder.quickSpec("Noon"))
        try FileManager.default.createDirectory(atPath: folder.path("d"), withIntermediateDirectories: true)
        symlink("loop.xml", folder.path("loop.xml"))
        let placed = arguments.map { $0 == "-" || $0.hasPrefix("--") ? $0 : folder.path($0) }
        let run = await CommandRun.run([folder.path("noon.yaml")] + placed)
        #expect(run.status == ExitStatus.invalidInput)
        let root = String(folder.path("x").dropLast(2))
        #expect(run.err.contains(message.replacingOccurrences(of: "FOLDER", with: root)), "\(run.err)")
        #expect(run.out.isEmpty, "nothing ran: \(run.out)")
    }

    /// Devices may be named by several outputs: nothing is replaced there.
    @Test func outputsMayShareADevice() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("noon.yaml", ScratchSpecFolder.quickSpec("Noon"))
        guard mknod(folder.path("null"), S_IFCHR | 0o666, 0x103 /* makedev(1, 3) */) == 0 else { return }
        let run = await CommandRun.run(folder.path("noon.yaml"), "--tap", folder.path("null"), "--junit", folder.path("null"))
        #expect(run.status == ExitStatus.success, "\(run.err)")
    }
}
