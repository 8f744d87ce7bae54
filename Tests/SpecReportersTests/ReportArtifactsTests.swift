import Foundation
import SpecResults
import Testing
@testable import SpecReporters

@Suite struct ReportArtifactsTests {
    @Test func folderIsNamedForPlatformAndToolchain() {
        #expect(ReportArtifacts.folderName(for: RunResultFixture.environment) == "linux-x86_64-swift-6.3.1-tzdata-2025b")
        var odd = RunResultFixture.environment
        odd.os = "Linux/../etc"
        odd.swiftVersion = "6.3 (swift-6.3-RELEASE)"
        #expect(ReportArtifacts.folderName(for: odd) == "linux-.-etc-x86_64-swift-6.3-swift-6.3-release-tzdata-2025b")
    }

    @Test func everyFormatIsThereAndEqualsItsReporter() throws {
        let files = try ReportArtifacts.files(for: RunResultFixture.run)
        #expect(files.map(\.name) == ["results.json", "junit.xml", "report.html", "results.tap", "report.txt"])
        #expect(files[0].contents == (try JSONReporter().data(RunResultFixture.run)))
        #expect(files[4].contents == Data(TerminalReporter().render(RunResultFixture.run).utf8))
    }
}
