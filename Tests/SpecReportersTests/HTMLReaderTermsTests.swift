import Foundation
import SpecResults
import Testing
@testable import SpecReporters

/// What the HTML report says in its reader's terms: a known deviation's reason where a skip's is, a lifecycle
/// expectation's instants in the runs table's wall time, a foundation key's Julian date before 1582 explained.
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

    // MARK: - Expectation instants

    /// A scenario in Berlin whose expectations hold instants as the runner writes them.
    static func scenario(_ expectations: [LifecycleResult.ExpectationCheck]) -> TestResult {
        var test = RunResultFixture.expirationPassed
        test.lifecycle = LifecycleResult(
            runs: [.init(planned: RunResultFixture.berlin("2027-03-29T00:30:00Z", "2027-03-29T02:30:00+02:00", "CEST"),
                         actual: RunResultFixture.berlin("2027-03-29T00:40:00Z", "2027-03-29T02:40:00+02:00", "CEST"),
                         key: "nightly-sync/v1/2027-03-29", outcome: "completed")],
            invariants: [], expectations: expectations)
        return test
    }

    /// Expectation lines wrote instants in RFC 3339 under a runs table of wall times: they read as the table does, and
    /// keep the instant in the `<time>`'s `datetime` and `title`. What says what to write stays as the spec writes it,
    /// and an instant inside a log line or a key is text.
    @Test func expectationInstantsReadAsTheRunsTableDoes() throws {
        let page = Self.single(Self.scenario([
            .init(name: "store.updated-at", expected: "2027-03-29T01:00:00Z = 2027-03-29 03:00 CEST (+02:00)",
                  actual: "2027-03-29T02:40:00+02:00", passed: false, line: 28),
            .init(name: "runs[1].actual", expected: "2027-03-29T02:40:00Z = 2027-03-29 04:40 CEST (+02:00)",
                  actual: "2027-03-29T02:40:00+02:00; 2027-03-29T02:40:00Z is UTC ('Z'), and its digits are the local wall time of "
                      + "the instant found: write 2027-03-29T02:40:00+02:00", passed: false, line: 30),
            .init(name: "runs[2]", expected: "planned 2027-03-30T02:30:00+02:00, key every-90m/v1/2027-03-30T00:30:00Z",
                  actual: "planned 2027-03-30T02:30:00+02:00, key every-90m/v1/2027-03-30T00:30:00Z", passed: true, line: 31),
            .init(name: "log.contains", expected: "a line containing \"at 2027-03-29T02:40:00+02:00\"",
                  actual: "found in \"at 2027-03-29T02:40:00+02:00\"", passed: true, line: 32),
        ]))
        let checks = try #require(page.components(separatedBy: "<h5>Expectations</h5>").dropFirst().first?.components(separatedBy: "</ul>").first)
        func time(_ written: String, _ local: String) -> String { "<time datetime=\"\(written)\" title=\"\(written)\">\(local)</time>" }
        #expect(checks.contains("✘ store.updated-at: expected \(time("2027-03-29T01:00:00Z", "2027-03-29 03:00 CEST (+02:00)")), "
            + "actual \(time("2027-03-29T02:40:00+02:00", "2027-03-29 02:40 CEST (+02:00)")) · line 28"), "\(checks)")
        // The value read; the advice after it, what to write, as written.
        #expect(checks.contains("✘ runs[1].actual: expected \(time("2027-03-29T02:40:00Z", "2027-03-29 04:40 CEST (+02:00)")), actual "
            + "\(time("2027-03-29T02:40:00+02:00", "2027-03-29 02:40 CEST (+02:00)")); 2027-03-29T02:40:00Z is UTC ("), "\(checks)")
        #expect(checks.contains("the instant found: write 2027-03-29T02:40:00+02:00 · line 30</li>"), "\(checks)")
        // An instant the results do not hold is read from its digits, with the abbreviation the scenario shows at its
        // offset; a key's instant is left alone.
        #expect(checks.contains("✔ runs[2]: planned \(time("2027-03-30T02:30:00+02:00", "2027-03-30 02:30 CEST (+02:00)")), "
            + "key every-90m/v1/2027-03-30T00:30:00Z, as expected"), "\(checks)")
        #expect(checks.contains("✔ log.contains: expected a line containing \"at 2027-03-29T02:40:00+02:00\", actual found in "
            + "\"at 2027-03-29T02:40:00+02:00\"</li>"), "\(checks)")
    }

    /// The reading of one instant: the results' own where they hold it, else its digits and offset, with the
    /// abbreviation only when the scenario shows one at that offset; a `Z` the results do not hold is not guessed.
    @Test func anInstantIsReadFromTheResultsOrItsDigits() throws {
        let lifecycle = try #require(Self.scenario([]).lifecycle)
        let instants = HTMLExpectationInstants(lifecycle, zoneContext: nil)
        #expect(instants.local("2027-03-29T00:40:00Z") == "2027-03-29 02:40 CEST (+02:00)")
        #expect(instants.local("2027-03-29T02:40:00+02:00") == "2027-03-29 02:40 CEST (+02:00)")
        #expect(instants.local("2027-03-29T02:41:30+02:00") == "2027-03-29 02:41:30 CEST (+02:00)")
        #expect(instants.local("2027-03-27T02:30:00+01:00") == "2027-03-27 02:30 (+01:00)")
        #expect(instants.local("2027-03-30T00:30:00Z") == nil)
        // With the zone's change, CET is known at +01:00.
        let withChange = HTMLExpectationInstants(lifecycle, zoneContext: RunResultFixture.catchUpFailed.zoneContext)
        #expect(withChange.local("2027-03-27T02:30:00+01:00") == "2027-03-27 02:30 CET (+01:00)")
        #expect(!HTMLExpectationInstants.comparesInstants("log.contains") && !HTMLExpectationInstants.comparesInstants("runs[2].key"))
        #expect(HTMLExpectationInstants.comparesInstants("pending-requests[com.example.app.refresh].earliest-begin"))
    }

    // MARK: - Julian key dates

    static func utcInstant(_ year: Int, _ month: Int, _ day: Int, key: String) -> ResultInstant {
        let clock = WallClock(wallSeconds: Double(WallClock.days(year: year, month: month, day: day) * 86_400 + 43_200))
        let date = clock.isoDate
        return ResultInstant(utc: "\(date)T12:00:00Z", epochSeconds: Double(WallClock.days(year: year, month: month, day: day) * 86_400 + 43_200),
                             offsetForm: "\(date)T12:00:00+00:00", local: "\(date) 12:00 UTC (+00:00)", key: key)
    }

    /// specs/foundation/julian-before-1582.yaml: Foundation's March 1 of 1500 is the instant 1500-03-11T12:00:00Z,
    /// keyed …/1500-03-01 (Julian). Said only when the key's date is exactly the instant's Julian date, before the
    /// cutover.
    @Test func aKeysJulianDateIsToldOnlyWhenItIsOne() {
        let julian = JulianKeyDate.of(Self.utcInstant(1500, 3, 11, key: "julian-before-1582/v1/1500-03-01"))
        #expect(julian?.key == "1500-03-01" && julian?.gregorian == "1500-03-11")
        // Before 1500-03-01 (Julian), nine days apart; the last day before the cutover, ten.
        #expect(JulianKeyDate.of(Self.utcInstant(1500, 2, 10, key: "k/v1/1500-02-01"))?.gregorian == "1500-02-10")
        #expect(JulianKeyDate.of(Self.utcInstant(1582, 10, 14, key: "k/v1/1582-10-04~2")) != nil)
        // The cutover's first day, the instant's own date, another date, no date: nothing said.
        #expect(JulianKeyDate.of(Self.utcInstant(1582, 10, 15, key: "k/v1/1582-10-05")) == nil)
        #expect(JulianKeyDate.of(Self.utcInstant(1500, 3, 11, key: "k/v1/1500-03-11")) == nil)
        #expect(JulianKeyDate.of(Self.utcInstant(1500, 3, 11, key: "k/v1/1500-03-02")) == nil)
        #expect(JulianKeyDate.of(Self.utcInstant(1500, 3, 11, key: "k/v1")) == nil)
    }

    /// The known deviation's table showed `1500-03-11T12:00:00Z · key julian-before-1582/v1/1500-03-01`, a key ten
    /// days off its instant, unexplained: the key says whose date it is, and a note under the table why.
    @Test func aJulianKeyIsExplainedWhereItIsShown() {
        let produced = Self.utcInstant(1500, 3, 11, key: "julian-before-1582/v1/1500-03-01")
        let expected = Self.utcInstant(1500, 3, 1, key: "julian-before-1582/v1/1500-03-01")
        var test = RunResultFixture.autumnKnown
        test.timeZone = "UTC"
        test.zoneContext = nil
        test.expected = [expected]
        test.actual = [produced]
        test.diff = [DiffLine(kind: .missing, expected: expected, actual: nil, expectedLine: 22),
                     DiffLine(kind: .unexpected, expected: nil, actual: produced)]
        let page = Self.single(test)
        #expect(page.contains("1500-03-11T12:00:00Z · key julian-before-1582/v1/1500-03-01 <span class=\"julian\">(the Julian date of 1500-03-11)</span>"))
        #expect(page.contains("1500-03-01T12:00:00Z · key julian-before-1582/v1/1500-03-01 · line 22"), "the expected key is the instant's date")
        #expect(page.contains("<p class=\"note julian-keys\">Before 1582-10-15 Foundation's Gregorian calendar is the Julian calendar"))
        #expect(page.contains("The day keyed 1500-03-01 is 1500-03-11 in that calendar.</p>"))
        #expect(!Self.page.contains("julian-keys"))
    }
}
