import SpecResults
import Testing
@testable import SpecReporters

@Suite struct GitHubAnnotationsReporterTests {
    @Test func fixtureRendersAsTheGoldenAnnotations() throws {
        try GoldenFile.check(GitHubAnnotationsReporter().render(RunResultFixture.run), against: "github-annotations.txt")
    }

    @Test func everyAnnotationIsOneWorkflowCommandLine() {
        let lines = GitHubAnnotationsReporter().render(RunResultFixture.run).split(separator: "\n")
        // 2 diagnostics, 2 failed, 1 error, 1 fixed deviation, 1 known deviation; nothing for passed/skipped/not-run.
        #expect(lines.count == 7)
        #expect(lines.allSatisfy { $0.hasPrefix("::error ") || $0.hasPrefix("::warning ") || $0.hasPrefix("::notice ") })
        #expect(lines.filter { $0.hasPrefix("::warning ") }.count == 2, "the lint warning and the fixed deviation")
    }

    @Test func failureAnnotationPointsAtTheSpec() {
        let lines = GitHubAnnotationsReporter().render(RunResultFixture.run).split(separator: "\n")
        let failure = lines.first { $0.contains("spring gap%2C first valid time › core failed") }
        #expect(failure?.hasPrefix("::error file=specs/recurrence/berlin-spring.yaml,line=29,title=") == true)
        #expect(failure?.contains("::The next occurrence after 2027-03-28T00:00:00+01:00 is not the expected one.%0A") == true)
        // The missing instant says where it is written (line 31), so the fix is one click from the annotation.
        #expect(failure?.contains("%0A- 2027-03-28T01:00:00Z  2027-03-28 03:00 CEST (+02:00)  (line 31)%0A") == true)
    }

    @Test(arguments: [
        ("100% done\r\nnext", "100%25 done%0D%0Anext", "100%25 done%0D%0Anext"),
        ("a: b, c", "a: b, c", "a%3A b%2C c"),
        ("esc \u{1B}[0m", "esc \\u{1B}[0m", "esc \\u{1B}[0m"),
    ])
    func escapingFollowsTheActionsToolkit(_ raw: String, _ data: String, _ property: String) {
        #expect(GitHubAnnotationsReporter.escapeData(raw) == data)
        #expect(GitHubAnnotationsReporter.escapeProperty(raw) == property)
    }

    @Test func strictMakesAFixedDeviationAnError() {
        var run = RunResultFixture.run
        run.strict = true
        let lines = GitHubAnnotationsReporter().render(run).split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("::error ") && $0.contains("fixed deviation") }.count == 1)
    }
}
