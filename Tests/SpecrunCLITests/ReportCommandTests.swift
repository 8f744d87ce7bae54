import Foundation
import Testing
@testable import SpecrunCLI

/// `specrun report`: re-rendering archived results.
@Suite struct ReportCommandTests {
    /// The step that ran the specs annotated the pull request already; a report of the archive (often in another job,
    /// from paths of another checkout) would only repeat every annotation.
    @Test func reportingAnArchiveUnderGitHubActionsAddsNoAnnotations() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("failing.yaml", """
            spec: Failing
            schedule: {timezone: Europe/Berlin, rule: daily 02:30, nonexistent: skip, repeated: first}
            cases: [{name: c, after: 2027-03-27T00:00:00+01:00, next: 2027-03-28T02:30:00+01:00}]

            """)
        let actions = ["GITHUB_ACTIONS": "true"]
        let results = folder.path + "/results.json"
        let run = await CommandRun.run([folder.path + "/failing.yaml", "--json", results], environment: actions)
        #expect(run.status == ExitStatus.testFailure, "\(run.out)\(run.err)")
        #expect(run.out.contains("\n::error file="), "the run itself annotates")
        let report = await CommandRun.run(["report", results], environment: actions)
        #expect(report.status == ExitStatus.success, "\(report.err)")
        #expect(report.out.contains("Failing"), "\(report.out)")
        #expect(!report.out.contains("::error") && !report.out.contains("::warning"), "\(report.out)")
    }
}
