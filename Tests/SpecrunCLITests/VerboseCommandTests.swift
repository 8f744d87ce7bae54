import Foundation
@testable import SpecrunCLI
import Testing

/// `--verbose` reaches the terminal report from both commands that print one: a run and `report` of its results.
@Suite struct VerboseCommandTests {
    @Test func runAndReportShowAPassingScenariosRunsUnderVerboseOnly() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let specs = folder.path + "/specs"
        #expect(await CommandRun.run("init", specs).status == ExitStatus.success)
        let scenario = specs + "/nightly-refresh-task.yaml"
        // The starter's two runs: the expired launch at 02:40 and the completed one at 03:10, keyed by the 29th.
        let runLine = "2027-03-29 02:30 CEST (+02:00)  →  2027-03-29 03:10 CEST (+02:00)  completed  nightly-sync/v1/2027-03-29"
        let plain = await CommandRun.run(scenario, "--json", folder.path + "/r.json")
        #expect(plain.status == ExitStatus.success, "\(plain.err)")
        #expect(!plain.out.contains(runLine))
        let verbose = await CommandRun.run(scenario, "-v")
        #expect(verbose.out.contains("runs (#N is runs[N]; planned → actual):\n") && verbose.out.contains(runLine), "\(verbose.out)")
        let report = await CommandRun.run("report", folder.path + "/r.json", "--verbose")
        #expect(report.status == ExitStatus.success, "\(report.err)")
        #expect(report.out.contains(runLine), "\(report.out)")
        #expect(!(await CommandRun.run("report", folder.path + "/r.json")).out.contains(runLine))
    }
}
