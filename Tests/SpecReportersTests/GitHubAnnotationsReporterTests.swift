import SpecDiagnostics
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

    @Test func failureAnnotationPointsAtTheFirstDifferingExpectedInstant() {
        let lines = GitHubAnnotationsReporter().render(RunResultFixture.run).split(separator: "\n")
        let failure = lines.first { $0.contains("spring gap%2C first valid time › core failed") }
        // The case is on line 29; the instant that was not produced is written on line 31.
        #expect(failure?.hasPrefix("::error file=specs/recurrence/berlin-spring.yaml,line=31,title=") == true)
        #expect(failure?.contains("::The next occurrence after 2027-03-28T00:00:00+01:00 is not the expected one.%0A") == true)
        // The missing instant says where it is written (line 31), so the fix is one click from the annotation.
        #expect(failure?.contains("%0A- 2027-03-28T01:00:00Z  2027-03-28 03:00 CEST (+02:00)  (line 31)%0A") == true)
    }

    static func test(
        _ status: TestStatus, diff: [DiffLine] = [], lifecycle: LifecycleResult? = nil, diagnostics: [Diagnostic] = []
    ) -> TestResult {
        TestResult(id: "specs/a.yaml › A", file: "specs/a.yaml", line: 3, spec: "A", status: status, message: "m",
                   diff: diff, diagnostics: diagnostics, lifecycle: lifecycle)
    }

    @Test func annotationPointsAtTheFirstDifferenceThatSaysWhereItIsWritten() {
        // A produced instant carries no line; the missing one after it does.
        let failed = Self.test(.failed, diff: [
            DiffLine(kind: .same, expected: nil, actual: nil, expectedLine: 9),
            DiffLine(kind: .unexpected, expected: nil, actual: nil),
            DiffLine(kind: .missing, expected: nil, actual: nil, expectedLine: 12),
            DiffLine(kind: .keyMismatch, expected: nil, actual: nil, expectedLine: 14),
        ])
        #expect(GitHubAnnotationsReporter.place(of: failed) == ("specs/a.yaml", 12, nil))
    }

    @Test func lifecycleAnnotationPointsAtTheFirstUnmetExpectationWithALine() {
        let lifecycle = LifecycleResult(runs: [], invariants: [], expectations: [
            .init(name: "store", expected: "1", actual: "1", passed: true, line: 15),
            .init(name: "errors", expected: "[]", actual: "[x]", passed: false),
            .init(name: "completed", expected: "[true]", actual: "[false]", passed: false, line: 16),
        ])
        #expect(GitHubAnnotationsReporter.place(of: Self.test(.failed, lifecycle: lifecycle)) == ("specs/a.yaml", 16, nil))
        let rendered = GitHubAnnotationsReporter().render(RunResult(
            environment: RunResultFixture.environment, files: ["specs/a.yaml"], diagnostics: [],
            tests: [Self.test(.failed, lifecycle: lifecycle)]))
        #expect(rendered.hasPrefix("::error file=specs/a.yaml,line=16,title=A failed::"))
    }

    /// `file=` names the file as it is on disk: made visible (`tab\u{9}name.yaml`), it named no file and GitHub
    /// could not place the annotation. A title is one line: a CR in a name is shown, not sent as `%0D`.
    @Test func theFileIsThePathOnDiskAndATitleIsOneLine() {
        var test = Self.test(.failed)
        test.file = "specs/tab\tname\u{202E}.yaml"
        test.spec = "A\rB"
        let rendered = GitHubAnnotationsReporter().render(RunResult(
            environment: RunResultFixture.environment, files: [test.file], diagnostics: [], tests: [test]))
        #expect(rendered.hasPrefix("::error file=specs/tab\tname\u{202E}.yaml,line=3,title=A\\u{D}B failed::"), "\(rendered)")
    }

    @Test func errorAnnotationPointsAtItsDiagnosticElseAtTheSpec() {
        let bound = Diagnostic(code: "instant-out-of-range", location: SourceLocation(file: "specs/a.yaml", line: 7, column: 10),
                               message: "bound reached")
        #expect(GitHubAnnotationsReporter.place(of: Self.test(.error, diagnostics: [bound])) == ("specs/a.yaml", 7, 10))
        // A timeout, or an error nobody placed: the spec's own line.
        let timeout = Diagnostic(code: "timeout", location: nil, message: "took too long")
        #expect(GitHubAnnotationsReporter.place(of: Self.test(.error, diagnostics: [timeout])) == ("specs/a.yaml", 3, nil))
        #expect(GitHubAnnotationsReporter.place(of: Self.test(.failed)) == ("specs/a.yaml", 3, nil))
    }

    @Test func errorsComeBeforeWarningsAndWarningsBeforeNotices() {
        let levels = GitHubAnnotationsReporter().render(RunResultFixture.run).split(separator: "\n")
            .map { $0.prefix { $0 != " " } }
        #expect(levels == ["::error", "::error", "::error", "::error", "::warning", "::warning", "::notice"])
        // Diagnostics alone (what `specrun check` prints) are ordered the same way.
        let warning = Diagnostic(code: "w", severity: .warning, location: nil, message: "w")
        let error = Diagnostic(code: "e", location: nil, message: "e")
        let checked = GitHubAnnotationsReporter().render(diagnostics: [warning, error]).split(separator: "\n")
        #expect(checked.map { $0.prefix { $0 != " " } } == ["::error", "::warning"])
    }

    @Test(arguments: [
        // A title is one line: its line breaks shown as the terminal shows them (GitHub made %0D a line break there).
        ("100% done\r\nnext", "100%25 done%0D%0Anext", "100%25 done\\u{D}\\u{A}next"),
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
