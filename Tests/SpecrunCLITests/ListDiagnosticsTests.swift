import Foundation
@testable import SpecrunCLI
import Testing

/// `--list` prints the plan's ids on stdout, for scripts; a spec file that cannot be read leaves its tests out of
/// the plan, and exit status 2 alone did not say which file or why.
struct ListDiagnosticsTests {
    static let invalid = ScratchSpecFolder.quickSpec("Broken").replacingOccurrences(of: "timezone: UTC", with: "timezone: Europe/Nowhere")

    @Test func anInvalidSpecFileIsExplainedOnStderrAndStdoutKeepsOnlyTheIds() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("a.yaml", Self.invalid)
        try folder.write("b.yaml", ScratchSpecFolder.quickSpec("Noon"))
        let list = await CommandRun.run("--list", folder.path)
        #expect(list.status == ExitStatus.invalidInput)
        #expect(list.out == "\(folder.path("b.yaml")) › Noon › noon › core\n")
        #expect(list.err.hasPrefix("\(folder.path("a.yaml")):3:"), "\(list.err)")
        #expect(list.err.contains("Europe/Nowhere"), "\(list.err)")
        // The same diagnostic a run shows first in its report.
        let run = await CommandRun.run(folder.path)
        let firstDiagnostic = try #require(run.out.components(separatedBy: "\n\n").first)
        #expect(list.err.hasPrefix(firstDiagnostic + "\n\n"), "\(list.err)\n---\n\(run.out)")
    }

    @Test func warningsAreShownUnlessQuietAndDoNotChangeTheStatus() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        // An interval rule never meets a wall time, so 'repeated' is a lint warning there.
        try folder.write("interval.yaml", """
            spec: Every six hours
            schedule:
              timezone: UTC
              rule: {interval: 6h, from: 2027-01-01T00:00:00Z}
              repeated: first
            cases:
              - name: next
                after: 2027-01-01T01:00:00Z
                next: 2027-01-01T06:00:00Z

            """)
        let list = await CommandRun.run("--list", folder.path)
        #expect(list.status == ExitStatus.success, "\(list.err)")
        #expect(list.err.contains("interval.yaml:5:3: warning: 'repeated' has no effect on an interval rule"), "\(list.err)")
        let quiet = await CommandRun.run("--list", "--quiet", folder.path)
        #expect(quiet.status == ExitStatus.success)
        #expect(quiet.err.isEmpty, "\(quiet.err)")
        #expect(quiet.out == list.out)
    }
}
