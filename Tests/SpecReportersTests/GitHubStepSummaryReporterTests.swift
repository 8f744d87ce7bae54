import SpecResults
import Testing
@testable import SpecReporters

/// The job summary GitHub Actions shows on a run's page: the closing line, a table of what needs attention with
/// places linked to the spec's line at the run's commit, and nothing a spec writes read as Markdown.
@Suite struct GitHubStepSummaryReporterTests {
    static let reporter = GitHubStepSummaryReporter(blobBase: "https://github.com/acme/app/blob/0123abc/")

    @Test func fixtureRendersAsTheGoldenSummary() throws {
        try GoldenFile.check(Self.reporter.render(RunResultFixture.run), against: "step-summary.md")
    }

    /// Every row of the table is the header's four cells: no name or message adds a column.
    @Test func everyRowHasFourCells() {
        let summary = Self.reporter.render(RunResultFixture.run)
        let rows = summary.split(separator: "\n").filter { $0.hasPrefix("| ") }
        // The header and its rule, the fixture's one invalid file, then its 2 failed, 1 error and 1 fixed deviation.
        #expect(rows.count == 2 + 1 + 4, "\(rows)")
        #expect(rows.allSatisfy { Self.cells($0) == 4 }, "\(rows)")
    }

    /// Cells split at `|` not escaped by a backslash.
    static func cells(_ row: Substring) -> Int {
        var count = 0, escaped = false
        for character in row {
            if escaped { escaped = false; continue }
            if character == "\\" { escaped = true } else if character == "|" { count += 1 }
        }
        return count - 1
    }

    @Test(arguments: [
        ("*Nightly* | [x](https://evil.example) <img src=x> `code` ~~gone~~ _a_ www.example.com & done",
         #"\*Nightly\* \| \[x\](https\://evil.example) &lt;img src=x&gt; \`code\` \~\~gone\~\~ \_a\_ www\.example.com &amp; done"#),
        ("- a list? # a heading?", #"\- a list? # a heading?"#),
        ("1. a numbered list?", #"1\. a numbered list?"#),
        ("2027-03-28 is a date", "2027-03-28 is a date"),
        ("back\\slash", #"back\\slash"#),
        // GitHub links an address in any text, escaped or not: a word joiner (invisible) before its `@`.
        ("ops@example.com or mailto:ops@example.com", "ops&#8288;@example.com or mailto:ops&#8288;@example.com"),
    ])
    func specTextIsShownAsWritten(text: String, escaped: String) {
        #expect(GitHubStepSummaryReporter.escaped(text) == escaped)
    }

    /// `#123` links issue 123 of the repository on github.com: a word joiner after the `#` keeps a number a number.
    @Test func anIssueNumberInANameIsNoLink() {
        #expect(GitHubStepSummaryReporter.escaped("fixes #123, see C#") == "fixes #&#8288;123, see C#")
    }

    /// The spec's and the case's names are cut at 200 each: cut as one text, a long spec name left rows without their
    /// case and engine, alike but for their line.
    @Test func aLongSpecNameKeepsTheCaseAndEngine() {
        var run = RunResultFixture.run
        run.tests = run.tests.filter { $0.status.needsAttention }.prefix(1).map { test in
            var test = test
            test.spec = String(repeating: "Nightly_sync_", count: 20)
            test.caseName = "spring"
            test.engine = "foundation"
            return test
        }
        let summary = GitHubStepSummaryReporter().render(run)
        #expect(summary.contains("… › spring · foundation |"), "\(summary)")
    }

    @Test func aFailureLinksToItsLineAtTheCommit() {
        let summary = Self.reporter.render(RunResultFixture.run)
        #expect(summary.contains("[specs/recurrence/berlin-spring.yaml:29](https://github.com/acme/app/blob/0123abc/specs/recurrence/berlin-spring.yaml#L29)"),
                "\(summary)")
        // Without the address, places are text.
        let plain = GitHubStepSummaryReporter().render(RunResultFixture.run)
        #expect(plain.contains("| specs/recurrence/berlin-spring.yaml:29 |") && !plain.contains("](http"))
    }

    @Test func aPathOutsideTheRepositoryIsNotLinked() {
        var run = RunResultFixture.run
        run.tests = run.tests.map { test in
            var test = test
            test.file = "../elsewhere/a b/ü.yaml"
            return test
        }
        let summary = Self.reporter.render(run)
        #expect(!summary.contains("](https://github.com/acme/app/blob/0123abc/../"))
        let inside = GitHubStepSummaryReporter(blobBase: "https://github.com/acme/app/blob/0123abc/", filePath: { _ in "specs/a b/ü.yaml" })
        #expect(inside.render(run).contains("(https://github.com/acme/app/blob/0123abc/specs/a%20b/%C3%BC.yaml#L"))
    }

    @Test func theAddressNeedsAllThreeVariablesAndPlainValues() {
        let complete = ["GITHUB_SERVER_URL": "https://github.com", "GITHUB_REPOSITORY": "acme/app", "GITHUB_SHA": "0123abc"]
        #expect(GitHubStepSummaryReporter.blobBase(environment: complete) == "https://github.com/acme/app/blob/0123abc/")
        for key in complete.keys {
            var missing = complete
            missing[key] = nil
            #expect(GitHubStepSummaryReporter.blobBase(environment: missing) == nil, "\(key)")
        }
        var odd = complete
        odd["GITHUB_REPOSITORY"] = "acme/app) [x](y"
        #expect(GitHubStepSummaryReporter.blobBase(environment: odd) == nil)
        odd = complete
        odd["GITHUB_SERVER_URL"] = "javascript:alert(1)"
        #expect(GitHubStepSummaryReporter.blobBase(environment: odd) == nil)
    }

    /// Past `rowLimit` rows the rest are counted; a passing run has no table.
    @Test func theTableIsCappedAndAPassingRunHasNone() {
        var run = RunResultFixture.run
        let failed = run.tests.first { $0.status == .failed }!
        run.tests = (0..<120).map { index in
            var test = failed
            test.id += " #\(index)"
            return test
        }
        run.diagnostics = []
        let summary = Self.reporter.render(run)
        #expect(summary.split(separator: "\n").filter { $0.hasPrefix("| failed |") }.count == GitHubStepSummaryReporter.rowLimit)
        #expect(summary.contains("\n70 more need attention: the HTML report and the JUnit XML of this run list every one.\n"))
        run.tests = run.tests.map { test in
            var test = test
            test.status = .passed
            return test
        }
        let passing = Self.reporter.render(run)
        #expect(passing.hasPrefix("### ✅ specrun: 120 passed, 0 failed"), "\(passing)")
        #expect(!passing.contains("| status |"))
        // A merge that lacks a shard (`specrun merge` exits 1) is not green, though every test it holds passed.
        run.mergedShards = [Shard(index: 1, count: 4)]
        let partial = Self.reporter.render(run)
        #expect(partial.hasPrefix("### ⚠️ specrun: 120 passed, 0 failed; shard 1/4 of a sharded run, shards missing\n"), "\(partial)")
        // A shard's own run is whole as far as its step goes.
        run.mergedShards = nil
        run.shard = Shard(index: 1, count: 4)
        #expect(Self.reporter.render(run).hasPrefix("### ✅ specrun: 120 passed, 0 failed; shard 1/4 of a sharded run\n"))
        // A merge whose notes say shards read other spec files (`specrun merge` exits 1) is not green either; nor is
        // its HTML banner.
        run.shard = nil
        run.notes = ["shard-3.json did not read specs/a.yaml, which other shards of its run read: …; run every shard on the same commit, as "
            + RunResult.otherSpecFilesNoteEnding]
        #expect(Self.reporter.render(run).hasPrefix("### ⚠️ specrun: 120 passed, 0 failed, part of the suite missing\n"))
        #expect(HTMLReporter().render(run).contains("<p class=\"closing partial\">120 passed, 0 failed — not a whole run (notes below)</p>"))
    }
}
