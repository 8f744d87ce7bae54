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
