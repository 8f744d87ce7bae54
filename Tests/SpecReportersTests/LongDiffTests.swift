import Foundation
import SpecResults
import Testing
@testable import SpecReporters

/// A window with tens of thousands of differences must render quickly and briefly: the text reports cap the
/// differing lines they print; the JSON keeps them all.
@Suite struct LongDiffTests {
    static func instant(_ seconds: Double) -> ResultInstant {
        let clock = WallClock(wallSeconds: seconds)
        let text = "\(clock.isoDate)T\(clock.time):00Z"
        return ResultInstant(utc: text, epochSeconds: seconds, offsetForm: text, local: "\(clock.isoDate) \(clock.time) (+00:00)")
    }

    static let longFailure: TestResult = {
        let unexpected = (0..<5_000).map { DiffLine(kind: .unexpected, expected: nil, actual: instant(1_800_000_000 + Double($0) * 3600)) }
        return TestResult(
            id: "specs/x.yaml › hourly › core", file: "specs/x.yaml", line: 1, spec: "hourly", engine: "core",
            status: .failed, message: "occurrences differ: 5000 unexpected", actual: unexpected.compactMap(\.actual), diff: unexpected)
    }()

    @Test func aHugeDiffIsCappedAndSaysHowManyMore() {
        let lines = FailureText(glyphs: .unicode).diffLines(Self.longFailure.diff)
        #expect(lines.count == 41)
        #expect(lines.last?.text == "  … 4960 more differences not shown (the HTML report shows 1000, the JSON results every one)")
        #expect(lines.first?.text == "+ 2027-01-15T08:00:00Z  2027-01-15 08:00 (+00:00)")
    }

    /// The HTML table keeps more differences than the terminal, but not 5,000 rows of them.
    @Test func theHTMLTableCapsDifferencesToo() {
        var run = RunResultFixture.run
        run.tests = [Self.longFailure]
        let page = HTMLReporter().render(run)
        #expect(page.components(separatedBy: "<tr class=\"unexpected\">").count - 1 == HTMLReporter.maxTableDifferences)
        #expect(page.contains("… 4000 more differences not shown (the JSON results list every one)"))
    }

    /// A failure among many matching occurrences shows the difference with two on each side, the rest folded.
    @Test func matchingOccurrencesFoldInTheHTMLTable() {
        let same = (0..<30).map { index -> DiffLine in
            let instant = Self.instant(1_800_000_000 + Double(index) * 86_400)
            return DiffLine(kind: .same, expected: instant, actual: instant)
        }
        var diff = same
        diff.insert(DiffLine(kind: .missing, expected: Self.instant(1_700_000_000), actual: nil), at: 10)
        var test = Self.longFailure
        test.diff = diff
        var run = RunResultFixture.run
        run.tests = [test]
        let page = HTMLReporter().render(run)
        #expect(page.components(separatedBy: "<tr class=\"same\">").count - 1 == 4)
        #expect(page.contains("<tr class=\"folded\"><td colspan=\"3\">… 8 matching occurrences</td></tr>"))
        #expect(page.contains("<tr class=\"folded\"><td colspan=\"3\">… 18 matching occurrences</td></tr>"))
        #expect(page.components(separatedBy: "<tr class=\"missing\">").count - 1 == 1)
    }

    /// A catch-up over two months of minutes: 80,000 runs, one of them killed in the middle.
    static let longScenario: LifecycleResult = {
        let runs = (0..<80_000).map { index in
            LifecycleResult.Run(
                planned: instant(1_800_000_000 + Double(index) * 60), actual: instant(1_805_000_000),
                key: "minutely/v1/\(index)", outcome: index == 40_000 ? "killed" : "completed")
        }
        return LifecycleResult(runs: runs, invariants: [])
    }()

    @Test func aScenarioWithThousandsOfRunsShowsTheEndsAndTheRunThatDidNotComplete() {
        let lines = FailureText(glyphs: .unicode).lifecycleLines(Self.longScenario).map(\.text)
        #expect(lines.count == 12)
        #expect(lines.filter { $0.contains(" killed ") }.count == 1)
        #expect(lines.filter { $0.contains("not shown") } == [
            "… 39996 runs not shown, all completed (the JSON results list every run)",  // 3 … 39998
            "… 39995 runs not shown, all completed (the JSON results list every run)",  // 40002 … 79996
        ])
        #expect(lines[1].hasSuffix("minutely/v1/0") && lines.last?.hasSuffix("minutely/v1/79999") == true)
    }

    @Test func foldingKeepsEveryRunOfASmallScenarioAndCountsTheRunsItLeavesOut() {
        let small = Array(Self.longScenario.runs.prefix(40))
        #expect(RunFolding(limit: 40).entries(small) == small.indices.map(RunFolding.Entry.run))
        let failing = (0..<100).map { index in
            LifecycleResult.Run(planned: nil, actual: Self.instant(Double(index)), key: nil, outcome: index % 2 == 0 ? "failed" : "completed")
        }
        #expect(RunFolding.foldedText(count: 15, notCompleted: 15) == "15 runs not shown, none completed (the JSON results list every run)")
        #expect(RunFolding.foldedText(count: 15, notCompleted: 5) == "15 runs not shown, 5 of them not completed (the JSON results list every run)")
        #expect(RunFolding.foldedText(count: 1, notCompleted: 0) == "1 run not shown, completed (the JSON results list every run)")
        let entries = RunFolding(limit: 10).entries(failing)
        #expect(entries.filter { if case .run = $0 { true } else { false } }.count == 10)
        let folded = entries.compactMap { entry -> (Int, Int)? in
            if case .folded(let count, let notCompleted) = entry { (count, notCompleted) } else { nil }
        }
        #expect(folded.map(\.0).reduce(0, +) == 90)
        #expect(folded.map(\.1).reduce(0, +) == 50 - entries.filter { entry in
            if case .run(let index) = entry { failing[index].outcome == "failed" } else { false }
        }.count)
    }

    @Test func theHTMLPageShowsAFoldedTableAndNoPictureForThousandsOfRuns() throws {
        let test = TestResult(
            id: "specs/x.yaml › minutes", file: "specs/x.yaml", line: 1, spec: "minutes", engine: nil,
            status: .failed, message: "1 expectation not met", lifecycle: Self.longScenario)
        let run = RunResult(environment: RunResultFixture.environment, files: ["specs/x.yaml"], diagnostics: [], tests: [test])
        let html = HTMLReporter().render(run)
        #expect(html.utf8.count < 200_000)
        #expect(html.contains("No picture: 80000 runs are too many to tell apart on one axis."))
        #expect(html.contains("<tr class=\"folded\">"))
    }

    @Test func theJSONKeepsEveryDifference() throws {
        let run = RunResult(environment: RunResultFixture.environment, files: ["specs/x.yaml"], diagnostics: [], tests: [Self.longFailure])
        let decoded = try JSONResultsReader.read(try JSONReporter().data(run), source: "memory")
        #expect(decoded.tests[0].diff.count == 5_000)
    }
}
