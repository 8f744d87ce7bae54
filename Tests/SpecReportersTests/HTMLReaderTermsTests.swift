import Foundation
import SpecResults
import Testing
@testable import SpecReporters

/// What the HTML report says in its reader's terms: a known deviation's reason where a skip's is.
@Suite struct HTMLReaderTermsTests {
    static let page = HTMLReporterTests.page

    static func single(_ test: TestResult) -> String {
        HTMLReporter().render(RunResult(environment: RunResultFixture.environment, files: [test.file], diagnostics: [], tests: [test]))
    }

    // MARK: - Known deviations

    /// A known deviation's declared reason was only inside its fold, and no list gathered them as the skipped tests are
    /// gathered: it is on the test's row (said once: the fold no longer repeats it), and a folded list of the known
    /// deviations with their reasons, each linked to its test, sits under the skipped one.
    @Test func aKnownDeviationsReasonIsOnItsRowAndInAListOfThem() throws {
        let test = RunResultFixture.autumnKnown
        let reason = XMLText.text(try #require(test.deviationReason))
        let number = try #require(HTMLReporter.groupedByFile(RunResultFixture.run.tests).flatMap(\.1).firstIndex { $0.id == test.id }) + 1
        let article = try #require(Self.page.components(separatedBy: "<article class=\"test known-deviation\" id=\"t\(number)\"").dropFirst().first?
            .components(separatedBy: "</article>").first)
        let row = try #require(article.components(separatedBy: "</summary>").first)
        #expect(row.contains("<span class=\"row-reason\">— \(reason)</span>"), "\(row)")
        #expect(article.components(separatedBy: reason).count - 1 == 1, "the reason said once: \(article)")

        let list = try #require(Self.page.components(separatedBy: "<details class=\"reason-list\" id=\"known-deviations\">").dropFirst().first?
            .components(separatedBy: "</details>").first)
        #expect(list.contains("<summary>Known deviations: 1 test, with its reason</summary>"), "\(list)")
        #expect(list.contains("<a href=\"#t\(number)\">\(HTMLReporter.listTitle(test))</a> <span class=\"why\">— \(reason)</span>"), "\(list)")
        #expect(list.contains("<span class=\"engine\">foundation</span>"))
        let skipped = try #require(Self.page.range(of: "id=\"skipped\""))
        let known = try #require(Self.page.range(of: "id=\"known-deviations\""))
        let tests = try #require(Self.page.range(of: "id=\"tests\""))
        #expect(skipped.lowerBound < known.lowerBound && known.lowerBound < tests.lowerBound)
        // A failed test whose spec declares a deviation the core fails too keeps its sentence: no row says it.
        var failed = test
        failed.status = .failed
        #expect(Self.single(failed).contains("<p class=\"deviation\">Declared deviation on foundation: “\(reason)”</p>"))
        #expect(!Self.single(failed).contains("id=\"known-deviations\""))
    }
}
