import Foundation
import Testing
@testable import SpecrunCLI

/// GitHub Actions' job summary: a run, `merge` and `compare` append Markdown to `$GITHUB_STEP_SUMMARY` under
/// `GITHUB_ACTIONS=true`, and only there; a summary file that cannot be written is a warning, never a changed exit
/// status or a hang.
@Suite struct StepSummaryCommandTests {
    static let failing = """
        spec: Noon, written an hour off
        schedule: {id: noon, timezone: UTC, rule: {every: day, at: "12:00"}, nonexistent: skip, repeated: first}
        window:
          after: 2027-01-01T00:00:00Z
          through: 2027-01-02T00:00:00Z
        expect:
          occurrences: [2027-01-01T13:00:00Z]

        """

    /// The same spec written right.
    static let passing = failing.replacingOccurrences(of: "Noon, written an hour off", with: "Noon")
        .replacingOccurrences(of: "T13:00:00Z", with: "T12:00:00Z")

    static func actions(_ summary: String, workspace: String) -> [String: String] {
        ["GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": summary, "GITHUB_WORKSPACE": workspace,
         "GITHUB_SERVER_URL": "https://github.com", "GITHUB_REPOSITORY": "acme/app", "GITHUB_SHA": "0123abc"]
    }

    @Test func aRunAppendsItsSummaryAndLinksTheFailingLine() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("specs/noon.yaml", Self.failing)
        let summary = try folder.write("summary.md", "earlier step text\n")
        let environment = Self.actions(summary, workspace: folder.path)
        let run = await CommandRun.run(["run", folder.path("specs")], environment: environment)
        #expect(run.status == ExitStatus.testFailure)
        let text = try String(contentsOfFile: summary, encoding: .utf8)
        #expect(text.hasPrefix("earlier step text\n### ❌ specrun: 0 passed, 1 failed\n"), "\(text)")
        #expect(text.contains("| failed | Noon, written an hour off · core | occurrences differ: 1 missing, 1 unexpected | "
            + "[specs/noon.yaml:7](https://github.com/acme/app/blob/0123abc/specs/noon.yaml#L7) |"), "\(text)")
        // A second run in the same step appends after the first.
        _ = await CommandRun.run(["run", folder.path("specs")], environment: environment)
        #expect(try String(contentsOfFile: summary, encoding: .utf8).components(separatedBy: "### ❌ specrun:").count == 3)
    }

    @Test func nothingIsWrittenOutsideGitHubActions() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("specs/noon.yaml", Self.passing)
        var environment = Self.actions(folder.path("summary.md"), workspace: folder.path)
        environment["GITHUB_ACTIONS"] = nil
        let run = await CommandRun.run(["run", folder.path("specs")], environment: environment)
        #expect(run.status == ExitStatus.success)
        #expect(!FileManager.default.fileExists(atPath: folder.path("summary.md")))
    }

    /// A FIFO with no reader would block `open` for writing: it is refused at once, and the run's status stands.
    /// A device is refused as well (`/dev/null`): the summary goes to a regular file or nowhere.
    @Test(arguments: ["fifo", "folder", "missing-folder/summary.md", "/dev/null"])
    func aSummaryThatCannotBeWrittenIsAWarning(kind: String) async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("specs/noon.yaml", Self.passing)
        let target = kind.hasPrefix("/") ? kind : folder.path(kind)
        if kind == "fifo" { #expect(mkfifo(target, 0o644) == 0) }
        if kind == "folder" { try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true) }
        let run = await CommandRun.run(["run", folder.path("specs")], environment: Self.actions(target, workspace: folder.path))
        #expect(run.status == ExitStatus.success)
        #expect(run.err.contains("specrun: warning: the job summary was not appended to '\(target)' (GITHUB_STEP_SUMMARY): "), "\(run.err)")
        #expect(run.err.contains("; the results and reports are written as usual"), "\(run.err)")
        // A FIFO with no reader is refused by `open` itself (ENXIO under O_NONBLOCK), a device by the check after it.
        if kind == "/dev/null" { #expect(run.err.contains("): it is not a regular file; "), "\(run.err)") }
        if kind == "fifo" { #expect(run.err.contains("): it is a named pipe with no reader; "), "\(run.err)") }
    }

    /// A summary path that is a spec the run reads (also through a link of another name), or any `*.yaml`, is refused
    /// with a warning and the file left as it was: `GITHUB_STEP_SUMMARY=u.yaml` appended Markdown to the spec, and the
    /// next run failed on it (a hostile-input hunt).
    @Test(arguments: [("specs/noon.yaml", "it is the spec file"), ("link.md", "it is the spec file"), ("other.yml", "a .yml file is read as a spec")])
    func aSummaryPathThatIsASpecIsRefused(name: String, reason: String) async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("specs/noon.yaml", Self.passing)
        try folder.write("other.yml", "spec: other\n")
        symlink(folder.path("specs/noon.yaml"), folder.path("link.md"))
        let run = await CommandRun.run(["run", folder.path("specs")], environment: Self.actions(folder.path(name), workspace: folder.path))
        #expect(run.status == ExitStatus.success)
        #expect(run.err.contains("(GITHUB_STEP_SUMMARY): \(reason)"), "\(run.err)")
        #expect(folder.read("specs/noon.yaml") == Data(Self.passing.utf8))
        #expect(folder.read("other.yml") == Data("spec: other\n".utf8))
    }

    /// `compare`'s text is fenced by more backticks than any run of them in it, so a spec named with a fence of its
    /// own (```) cannot end the block and turn the rest of the summary into Markdown.
    @Test func compareTextIsFencedLongerThanItsOwnBackticks() {
        let text = "changed: Nightly ```rm -rf``` › core\nnothing regressed\n"
        let block = StepSummary.fenced(text, heading: "specrun compare: nothing regressed")
        #expect(block == "### specrun compare: nothing regressed\n\n````text\n" + text + "````\n\n", "\(block)")
        #expect(StepSummary.fenced("plain", heading: "h") == "### h\n\n```text\nplain\n```\n\n")
    }

    @Test func mergeAndCompareWriteTheirsToo() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("specs/noon.yaml", Self.failing)
        let old = folder.path("old.json"), new = folder.path("new.json")
        _ = await CommandRun.run(["run", "--json", old, folder.path("specs")])
        try folder.write("specs/noon.yaml", Self.passing)
        _ = await CommandRun.run(["run", "--json", new, folder.path("specs")])
        let summary = folder.path("summary.md")
        let environment = Self.actions(summary, workspace: folder.path)
        let merge = await CommandRun.run(["merge", old, "-o", folder.path("merged.json")], environment: environment)
        #expect(merge.status == ExitStatus.success)
        let compare = await CommandRun.run(["compare", old, new], environment: environment)
        #expect(compare.status == ExitStatus.success)
        let text = try String(contentsOfFile: summary, encoding: .utf8)
        #expect(text.hasPrefix("### ❌ specrun: 0 passed, 1 failed\n"), "\(text)")
        #expect(text.contains("\n### ✅ specrun compare: nothing regressed\n\n```text\n"), "\(text)")
        #expect(text.hasSuffix("```\n\n"), "\(text)")
    }
}
