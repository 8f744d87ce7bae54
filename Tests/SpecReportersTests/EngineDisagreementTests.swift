import SpecResults
import Testing
@testable import SpecReporters

/// The side-by-side table of `--engine all`: rows aligned on the instants both engines produced.
@Suite struct EngineDisagreementTests {
    private typealias F = RunResultFixture

    private func test(_ engine: String, _ actual: [ResultInstant]) -> TestResult {
        TestResult(id: F.id(F.berlinSpring, "Daily 02:30", nil, engine), file: F.berlinSpring, line: 1, spec: "Daily 02:30",
                   engine: engine, status: .failed, timeZone: "Europe/Berlin", actual: actual)
    }

    // Berlin, 2027-03-27..29 at 02:30: 01:30Z (CET), 01:30Z on the 28th is 03:30 CEST, 00:30Z on the 29th is 02:30 CEST.
    private let saturday = F.berlin("2027-03-27T01:30:00Z", "2027-03-27T02:30:00+01:00", "CET")
    private let gapDay = F.berlin("2027-03-28T01:30:00Z", "2027-03-28T03:30:00+02:00", "CEST")
    private let gapDayAtThree = F.berlin("2027-03-28T01:00:00Z", "2027-03-28T03:00:00+02:00", "CEST")
    private let monday = F.berlin("2027-03-29T00:30:00Z", "2027-03-29T02:30:00+02:00", "CEST")

    /// One instant missing on one side marked its own row only: the review of an app team saw three rows marked
    /// different for one missing instant, because rows were paired by position.
    @Test func aMissingInstantMarksItsRowOnly() {
        let disagreement = EngineDisagreement(first: test("core", [saturday, gapDay, monday]),
                                              second: test("foundation", [saturday, monday]))
        let rows = disagreement.lines(glyphs: .ascii).dropFirst(2)
        #expect(rows.map { $0.hasPrefix("!") } == [false, true, false])
        #expect(rows.dropFirst().first?.contains("(none)") == true)
        #expect(rows.dropFirst().first?.contains("2027-03-28 03:30 CEST") == true)
    }

    /// Instants between two shared ones are paired in order: a shifted instant stays on one row.
    @Test func aShiftedInstantStaysOnOneRow() {
        let disagreement = EngineDisagreement(first: test("core", [saturday, gapDay, monday]),
                                              second: test("foundation", [saturday, gapDayAtThree, monday]))
        let rows = Array(disagreement.lines(glyphs: .ascii).dropFirst(2))
        #expect(rows.count == 3)
        #expect(rows[1].hasPrefix("!") && rows[1].contains("03:30 CEST") && rows[1].contains("03:00 CEST"))
        #expect(!rows[0].hasPrefix("!") && !rows[2].hasPrefix("!"))
    }

    /// Keys are shown on the row where they are what differs, not on a row both engines agree on (mutation E4 of
    /// docs/testing.md's sixth run). Berlin: 2027-03-27T01:30Z is 02:30 CET, 2027-03-28T01:30Z is 03:30 CEST.
    @Test func keysAreShownOnlyWhereTheyDiffer() {
        let shared = F.berlin("2027-03-27T01:30:00Z", "2027-03-27T02:30:00+01:00", "CET", key: "nightly/v1/2027-03-27")
        let early = F.berlin("2027-03-28T01:30:00Z", "2027-03-28T03:30:00+02:00", "CEST", key: "nightly/v1/2027-03-28")
        let late = F.berlin("2027-03-28T01:30:00Z", "2027-03-28T03:30:00+02:00", "CEST", key: "nightly/v1/2027-03-29")
        let rows = Array(EngineDisagreement(first: test("core", [shared, early]), second: test("foundation", [shared, late]))
            .lines(glyphs: .ascii).dropFirst(2))
        #expect(rows.count == 2)
        #expect(!rows[0].hasPrefix("!") && rows[0].contains("2027-03-27 02:30 CET") && !rows[0].contains("nightly/v1"))
        #expect(rows[1].hasPrefix("!") && rows[1].contains("nightly/v1/2027-03-28") && rows[1].contains("nightly/v1/2027-03-29"))
    }

    /// In the HTML, the table shows on each test of the pair, except that when both failed (both open, one under
    /// the other) the second links to the first's rather than repeating it (thirty-first session's review).
    @Test(arguments: [(TestStatus.failed, 1), (.passed, 1)])
    func theHTMLTableShowsOnceWhenBothEnginesFail(coreStatus: TestStatus, tables: Int) {
        var core = test("core", [saturday, gapDay, monday])
        core.status = coreStatus
        let run = RunResult(environment: F.environment, files: [F.berlinSpring], diagnostics: [],
                            tests: [core, test("foundation", [saturday, monday])])
        let page = HTMLReporter().render(run)
        #expect(page.components(separatedBy: "<h5>Engines disagree</h5>").count - 1 == tables)
        let link = "the two side by side are on <a href=\"#t1\">the core test above</a>"
        #expect(page.contains(link) == (coreStatus == .failed))
    }

    /// The same instant given to another slot is a disagreement, shown with both keys.
    @Test func aKeyThatDiffersIsADisagreementWithBothKeysShown() throws {
        let early = F.berlin("2027-03-28T01:30:00Z", "2027-03-28T03:30:00+02:00", "CEST", key: "nightly/v1/2027-03-28")
        let late = F.berlin("2027-03-28T01:30:00Z", "2027-03-28T03:30:00+02:00", "CEST", key: "nightly/v1/2027-03-29")
        let run = RunResult(environment: F.environment, files: [F.berlinSpring], diagnostics: [],
                            tests: [test("core", [early]), test("foundation", [late])])
        let found = EngineDisagreement.find(in: run)
        let lines: [String]? = try #require(found.values.first?.first).lines(glyphs: .ascii)
        #expect(lines?.count == 3)
        #expect(lines?.last?.hasPrefix("!") == true)
        #expect(lines?.last?.contains("nightly/v1/2027-03-28") == true && lines?.last?.contains("nightly/v1/2027-03-29") == true)
    }
}
