import Foundation
import SpecResults
import Testing
@testable import SpecReporters

@Suite struct ReportArtifactsTests {
    @Test func folderIsNamedForPlatformAndToolchain() {
        #expect(ReportArtifacts.folderName(for: RunResultFixture.environment) == "swift-6.3.1-debian12-x86_64")
        var odd = RunResultFixture.environment
        odd.osVersion = "../etc/passwd 7"
        odd.os = "Linux/../etc"
        odd.swiftVersion = "6.3 (swift-6.3-RELEASE)"
        // No distribution word: the OS name stands in, with every '/' made harmless.
        #expect(ReportArtifacts.folderName(for: odd) == "swift-6.3-swift-6.3-release-linux-.-etc7-x86_64")
    }

    @Test func everyFormatIsThereAndEqualsItsReporter() throws {
        let files = try ReportArtifacts.files(for: RunResultFixture.run)
        #expect(files.map(\.name) == ["results.json", "junit.xml", "report.html", "results.tap", "report.txt"])
        // The CLI checks other outputs against these names before a run, when there are no results yet.
        #expect(ReportArtifacts.names == files.map(\.name))
        #expect(files[0].contents == (try JSONReporter().data(RunResultFixture.run)))
        #expect(files[4].contents == Data(TerminalReporter().render(RunResultFixture.run).utf8))
    }
}
