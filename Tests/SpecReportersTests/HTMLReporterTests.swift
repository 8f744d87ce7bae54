import Foundation
import SpecDiagnostics
import SpecResults
import Testing
@testable import SpecReporters

@Suite struct HTMLReporterTests {
    static let page = HTMLReporter().render(RunResultFixture.run)

    @Test func fixtureRendersAsTheGoldenPage() throws {
        try GoldenFile.check(Self.page, against: "report.html")
    }

    /// A run whose only file is invalid has no test: the page says so, and why, not that the filters hide every test
    /// (the black-box review's F10), and shows it without the script.
    @Test func aRunWithNoTestSaysSoAndWhy() {
        let error = Diagnostic(code: "instant-order", location: SourceLocation(file: "a.yaml", line: 23, column: 12), message: "out of order")
        let invalid = HTMLReporter().render(RunResult(environment: RunResultFixture.environment, files: ["a.yaml"], diagnostics: [error], tests: []))
        #expect(invalid.contains("<p id=\"nothing-shown\">No tests ran: 1 spec file is invalid — see the spec-file diagnostics above.</p>"))
        #expect(!invalid.contains("No test matches these filters"))
        let none = HTMLReporter().render(RunResult(environment: RunResultFixture.environment, files: [], diagnostics: [], tests: []))
        #expect(none.contains("<p id=\"nothing-shown\">No tests ran.</p>"))
        #expect(Self.page.contains("<p id=\"nothing-shown\" hidden>No test matches these filters.</p>"))
    }

    /// A skipped test's reason was two clicks deep (open its file, then the test, whose fold held only the reason): it
    /// is on the test's row, which has no fold, and a folded list of the skipped tests with their reasons, each linked
    /// to its test, sits under "Needs attention" (a review).
    @Test func aSkippedTestsReasonIsOnItsRowAndInAListOfTheSkipped() throws {
        let test = RunResultFixture.saoPauloSkipped
        let reason = try #require(test.message)
        let number = try #require(HTMLReporter.groupedByFile(RunResultFixture.run.tests).flatMap(\.1).firstIndex { $0.id == test.id }) + 1
        let article = try #require(Self.page.components(separatedBy: "<article class=\"test skipped\" id=\"t\(number)\"").dropFirst().first?
            .components(separatedBy: "</article>").first)
        #expect(article.contains("<span class=\"row-reason\">— \(XMLText.text(reason))</span>"), "\(article)")
        #expect(!article.contains("<details"), "a fold holding only the reason: \(article)")
        let list = try #require(Self.page.components(separatedBy: "<details class=\"reason-list\" id=\"skipped\">").dropFirst().first?
            .components(separatedBy: "</details>").first)
        #expect(list.contains("<summary>Skipped: 1 test, with its reason</summary>"), "\(list)")
        #expect(list.contains("<a href=\"#t\(number)\"><bdi>\(XMLText.text(test.spec))</bdi></a> <span class=\"why\">— \(XMLText.text(reason))</span>"),
                "\(list)")
        // Under "Needs attention", above the diagnostics and the tests.
        let attention = try #require(Self.page.range(of: "id=\"attention\""))
        let skipped = try #require(Self.page.range(of: "id=\"skipped\""))
        let tests = try #require(Self.page.range(of: "id=\"tests\""))
        #expect(attention.lowerBound < skipped.lowerBound && skipped.lowerBound < tests.lowerBound)
    }

    /// A scenario with no run showed "Planned versus actual runs" and nothing under it; it says there is none. Errors a
    /// met `errors:` check lists were bold red on a passed test; they are neutral and marked expected (a review).
    @Test func aScenarioWithoutRunsSaysSoAndItsExpectedErrorsAreNotAlarming() throws {
        let at = RunResultFixture.berlin("2027-03-29T06:00:00Z", "2027-03-29T08:00:00+02:00", "CEST")
        var test = RunResultFixture.expirationPassed
        test.lifecycle = LifecycleResult(
            runs: [], invariants: [],
            expectations: [.init(name: "errors", expected: "[too-many-pending]", actual: "[too-many-pending]", passed: true, line: 20)],
            otherErrors: [.init(at: at, code: "too-many-pending", identifier: "com.example.app.p11", line: nil,
                                message: "11 processing requests would be pending (limit 10)")])
        let page = HTMLReporter().render(RunResult(environment: RunResultFixture.environment, files: [test.file], diagnostics: [], tests: [test]))
        #expect(page.contains("<h5>Planned versus actual runs</h5>\n<p class=\"note no-runs\">No runs: nothing was planned and nothing ran.</p>"),
                "\(page)")
        #expect(page.contains("<li class=\"expected-error\">2027-03-29 08:00 CEST (+02:00): com.example.app.p11 too-many-pending · the app's "
            + "first start (the line of clock:) — 11 processing requests would be pending (limit 10) (expected: listed under errors)</li>"), "\(page)")
        // Not met, the check does not tell which error was meant: red, as before.
        test.lifecycle?.expectations[0].passed = false
        let failing = HTMLReporter().render(RunResult(environment: RunResultFixture.environment, files: [test.file], diagnostics: [], tests: [test]))
        #expect(failing.contains("<li class=\"bad\">2027-03-29 08:00 CEST (+02:00): com.example.app.p11 too-many-pending"), "\(failing)")
        #expect(!failing.contains("(expected: listed under errors)"))
    }

    /// With JavaScript off the status boxes, tags and Find were shown and did nothing: the page is marked scripted by a
    /// line in its head, the style sheet hides the filter rows of a page that is not, and a <noscript> note says why.
    @Test func withoutJavaScriptTheFiltersAreHiddenAndANoteSaysWhy() throws {
        let head = try #require(Self.page.components(separatedBy: "</head>").first)
        #expect(head.contains("<script>document.documentElement.classList.add(\"js\");</script>"))
        #expect(HTMLAssets.css.contains("html:not(.js) nav.filters > .filter-row { display: none; }"))
        let nav = try #require(Self.page.components(separatedBy: "<nav class=\"filters\"").dropFirst().first?.components(separatedBy: "</nav>").first)
        #expect(nav.contains("<noscript><p class=\"note\">The status, tag and Find filters need JavaScript, which is off here: every test is "
            + "listed below.</p></noscript>"), "\(nav)")
    }

    /// A test's name too long for its badge's line went whole to the next line, leaving the badge alone on its line at
    /// 1280 px (a review): in a window of 600 px or more the name is no wider than the row less the badge (about
    /// 126 px with its gap), so it wraps beside the badge; on a phone it keeps the width under it.
    @Test func aLongTestNameWrapsBesideItsBadge() {
        #expect(HTMLAssets.css.contains("@media (min-width: 600px) { .row > h4 > .name { max-width: calc(100% - 130px); } }"))
    }

    /// The notes (a merge, a shard missing) are in the header, once: not again in the environment table.
    @Test func dateLabelsOfTheAxisNeverOverlap() {
        func spans(_ labels: [(x: Double, text: String, anchor: String)]) -> [ClosedRange<Double>] {
            labels.map { $0.anchor == "start" ? $0.x...($0.x + Double($0.text.count) * 8.5) : ($0.x - Double($0.text.count) * 4.25)...($0.x + Double($0.text.count) * 4.25) }
        }
        // A QA reader's picture: ticks 3 hours apart from 21:00, dates starting at 85 and 170 px ("Sun 28 MarMon 29 Mar").
        let tight = HTMLTimeline.layOutDates([(85, "Sun 28 Mar"), (170, "Mon 29 Mar")])
        #expect(tight.map(\.text) == ["Sun 28 Mar", "Mon 29 Mar"])
        #expect(tight[0].anchor == "start" && tight[0].x == 8, "the first date moves under the captions")
        #expect(spans(tight)[0].upperBound < spans(tight)[1].lowerBound)
        // Too close for the whole date at the edge: without its weekday (the second date ticks from 140.8 px, as in
        // that reader's scenario rendered here); closer still, the date the axis starts on goes, the next one stays.
        let closer = HTMLTimeline.layOutDates([(70, "Sun 28 Mar"), (140.8, "Mon 29 Mar")])
        #expect(closer.map(\.text) == ["28 Mar", "Mon 29 Mar"] && closer[0].x == 8 && closer[0].anchor == "start")
        #expect(spans(closer)[0].upperBound < spans(closer)[1].lowerBound)
        #expect(HTMLTimeline.layOutDates([(70, "Sun 28 Mar"), (100, "Mon 29 Mar")]).map(\.text) == ["Mon 29 Mar"])
        // A date at every tick, 60 px apart: every other one, none touching (the first goes, as above).
        let daily = HTMLTimeline.layOutDates((0..<8).map { (70 + Double($0) * 60, "Day \($0) of Mar") })
        #expect(daily.map(\.text) == ["Day 1 of Mar", "Day 3 of Mar", "Day 5 of Mar", "Day 7 of Mar"])
        #expect(zip(spans(daily), spans(daily).dropFirst()).allSatisfy { $0.upperBound < $1.lowerBound })
        // Far apart: as before, each centred on its tick.
        let wide = HTMLTimeline.layOutDates([(70, "Fri 26 Mar"), (176.3, "Sat 27 Mar")])
        #expect(wide.map(\.x) == [70, 176.3] && wide.allSatisfy { $0.anchor == "middle" })
    }

    /// A spec's and a case's `description:` are shown, as written, with the test: before what happened in a failure,
    /// in the fold of a pass (which then is a fold of its own rather than the light template). A CJK review found
    /// them in no report.
    @Test func descriptionsAreShownWithTheirTest() throws {
        var run = RunResultFixture.run
        let failing = try #require(run.tests.firstIndex { $0.status == .failed && $0.lifecycle == nil })
        run.tests[failing].description = "Why <b>this</b> spec exists:\n  line two\n"
        run.tests[failing].caseDescription = "这个用例检查春季的跳变"
        let passing = try #require(run.tests.firstIndex { $0.status == .passed && $0.lifecycle == nil && $0.diagnostics.isEmpty })
        run.tests[passing].description = "A pass says what it is about too"
        let page = HTMLReporter().render(run)
        #expect(page.contains("<p class=\"description\" dir=\"auto\">Why &lt;b&gt;this&lt;/b&gt; spec exists:\n  line two</p>\n<p class=\"description\" dir=\"auto\">这个用例检查春季的跳变</p>\n<p class=\"message\">"))
        let pass = try #require(page.components(separatedBy: "id=\"t\(passing + 1)\"").dropFirst().first?.components(separatedBy: "</article>").first)
        #expect(pass.contains("<details>\n<summary class=\"row\">"))
        #expect(pass.contains("<p class=\"description\" dir=\"auto\">A pass says what it is about too</p>\n<pre class=\"checked\">checked "))
        #expect(!HTMLReporter().render(RunResultFixture.run).contains("<p class=\"description\">"))
    }

    @Test func theNotesAreInTheHeaderOnce() {
        var run = RunResultFixture.run
        run.notes = ["merged from 2 results files: a.json (shard 1/2), b.json (shard 2/2)"]
        let page = HTMLReporter().render(run)
        #expect(page.components(separatedBy: "merged from 2 results files").count - 1 == 1)
        #expect(page.contains("<p class=\"note\">merged from 2 results files: a.json (shard 1/2), b.json (shard 2/2)</p>"))
    }

    @Test func nothingIsLoadedFromTheNetwork() {
        for pattern in ["src=", "@import", "url(http", "<link", "fetch(", "XMLHttpRequest"] {
            #expect(!Self.page.contains(pattern), "the page contains \(pattern)")
        }
        // Links only within the page ("Skip the filters", "Needs attention" → a test or a spec-file diagnostic below),
        // each to an element the page holds.
        let links = Self.page.components(separatedBy: "href=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(!links.isEmpty)
        #expect(links.allSatisfy { $0.hasPrefix("#") }, "\(links)")
        let missing = Set(links).filter { !Self.page.contains(" id=\"\($0.dropFirst())\"") }
        #expect(missing.isEmpty, "links to no element: \(missing.sorted())")
        // The only URL is the SVG namespace, which browsers never fetch.
        let urls = Self.page.components(separatedBy: "http").dropFirst().map { "http" + $0.prefix(30) }
        #expect(urls.allSatisfy { $0.hasPrefix("http://www.w3.org/2000/svg\"") }, "\(urls)")
    }

    @Test func specTextIsEscaped() {
        #expect(Self.page.contains("São Paulo &quot;midnight&quot; change &amp; &lt;2018&gt;")
            || Self.page.contains("São Paulo \"midnight\" change &amp; &lt;2018&gt;"))
        #expect(!Self.page.contains("<2018>"))
        // A tag named <b> stays text, in the chip, on the test and in the data attribute the filter reads.
        #expect(Self.page.contains("<span class=\"tag\"><bdi>&lt;b&gt;</bdi></span>"))
        #expect(Self.page.contains("value=\"&lt;b&gt;\"> <bdi>&lt;b&gt;</bdi> <b>1</b>"))
        #expect(Self.page.contains("data-tags=\"dst&#10;americas&#10;&lt;b&gt;\""))
        #expect(!Self.page.contains("<span class=\"tag\"><b>"))
        #expect(!Self.page.contains("\u{1B}"))
    }

    @Test func everyFailureErrorAndFixedDeviationIsListedFirstAndLinksToItsTest() throws {
        let section = try #require(Self.page.components(separatedBy: "<section class=\"attention\"").dropFirst().first?
            .components(separatedBy: "</section>").first)
        #expect(Self.page.range(of: "<section class=\"attention\"")!.lowerBound < Self.page.range(of: "<section id=\"tests\"")!.lowerBound)
        let flagged: Set<TestStatus> = [.failed, .error, .fixedDeviation]
        let expected = HTMLReporter.groupedByFile(RunResultFixture.tests).flatMap(\.1).enumerated()
            .filter { flagged.contains($0.element.status) }
        #expect(!expected.isEmpty)
        // The fixture's one invalid spec file comes first, linked to its diagnostic; then the tests.
        let invalid = RunResultFixture.run.diagnostics.filter { $0.severity == .error }
        #expect(invalid.count == 1)
        #expect(section.contains("<h2 id=\"attention-heading\">Needs attention: \(expected.count + invalid.count)</h2>"))
        let allItems = section.components(separatedBy: "<li>").dropFirst()
        let first = try #require(allItems.first)
        #expect(first.hasPrefix("<span class=\"badge invalid\">invalid spec file</span> <a href=\"#d"), "\(first)")
        let diagnosticID = String(first.components(separatedBy: "href=\"#")[1].prefix { $0 != "\"" })
        let diagnostic = try #require(Self.page.components(separatedBy: "id=\"\(diagnosticID)\">").dropFirst().first)
        #expect(diagnostic.hasPrefix(XMLText.text("\(invalid[0].location!.file):\(invalid[0].location!.line)")), "\(diagnostic.prefix(80))")
        let items = allItems.dropFirst()
        #expect(items.count == expected.count)
        for (item, (offset, test)) in zip(items, expected) {
            #expect(item.hasPrefix("<span class=\"badge \(test.status.rawValue)\">"), "\(item)")
            let anchor = "t\(offset + 1)"
            #expect(item.contains("<a href=\"#\(anchor)\">"), "\(item)")
            // The link leads to the article of that very test.
            let article = try #require(Self.page.components(separatedBy: "<article class=\"test \(test.status.rawValue)\" id=\"\(anchor)\"").dropFirst().first)
            #expect(article.contains(XMLText.text(test.spec)), "\(anchor) should be \(test.spec)")
        }
    }

    /// Both engines failing a test alike are listed once with the message, the second pointing at the first, as the
    /// terminal folds them (a message review read both rows with the same long text).
    @Test func theSameFailureOnTwoEnginesIsListedOnceUnderNeedsAttention() throws {
        let core = RunResultFixture.firstValidFailed
        var foundation = core
        foundation.engine = "foundation"
        foundation.id = RunResultFixture.id(core.file, core.spec, core.caseName, "foundation")
        let run = RunResult(environment: RunResultFixture.environment, files: [core.file], diagnostics: [], tests: [core, foundation])
        let section = try #require(HTMLReporter().render(run).components(separatedBy: "<section class=\"attention\"").dropFirst().first?
            .components(separatedBy: "</section>").first)
        let why = section.components(separatedBy: "<span class=\"why\">").dropFirst().map { $0.components(separatedBy: "</span>")[0] }
        #expect(why.count == 2)
        #expect(why.last == "the same failure as core above", "\(why)")
        #expect(why.first == "The next occurrence after 2027-03-28T00:00:00+01:00 is not the expected one. — first missing 2027-03-28 "
            + "03:00 CEST (+02:00) · line 31; first unexpected 2027-03-28 03:30 CEST (+02:00)", "\(why)")
    }

    /// A recurrence failure's entry under "Needs attention" said only "occurrences differ: 1 missing, 1 unexpected"; it
    /// gives the first instant expected and not produced, with its line, and the first produced and not expected (the
    /// fixture's: 03:00 CEST expected on line 31, 03:30 CEST produced; 2027-03-28 is CEST, +02:00, from 01:00Z, zoneinfo).
    /// Its "(see its offset-mismatch warning)" links to that warning among the spec-file diagnostics, in the entry and
    /// in the test's message (a review found no link to the warning, far up the page).
    @Test func aRecurrenceFailureUnderNeedsAttentionGivesItsFirstDifferencesAndLinksItsWarning() throws {
        let test = RunResultFixture.firstValidFailed
        let lint = Diagnostic(code: "other-lint", severity: .warning, location: SourceLocation(file: test.file, line: 3, column: 1), message: "…")
        let warning = Diagnostic(code: "offset-mismatch", severity: .warning, location: SourceLocation(file: test.file, line: 31, column: 7),
                                 message: "2027-03-28T03:00:00+01:00 is written with offset +01:00")
        let run = RunResult(environment: RunResultFixture.environment, files: [test.file], diagnostics: [lint, warning], tests: [test])
            .pointingFailuresAtWarnings()
        let page = HTMLReporter().render(run)
        let section = try #require(page.components(separatedBy: "<section class=\"attention\"").dropFirst().first?
            .components(separatedBy: "</section>").first)
        #expect(section.contains("is not the expected one.; line 31 is written with an offset the zone does not have at that instant (see "
            + "<a href=\"#d2\">its offset-mismatch warning</a>) — first missing 2027-03-28 03:00 CEST (+02:00) · line 31; first "
            + "unexpected 2027-03-28 03:30 CEST (+02:00)"), "\(section)")
        #expect(page.contains("<pre class=\"diagnostic warning\" id=\"d2\">"))
        let message = try #require(page.components(separatedBy: "<p class=\"message\">").dropFirst().first?.components(separatedBy: "</p>").first)
        #expect(message.hasSuffix("(see <a href=\"#d2\">its offset-mismatch warning</a>)"), "\(message)")
    }

    /// A message that names the missing instant without its line (a policy's sentence) still gets the line in the
    /// entry (a second review's Chatham and Lord Howe entries gave only the unexpected instant); one that names both
    /// leaves them out. The fixture's 03:00 CEST is expected on line 31.
    @Test func anEntryGivesTheLineOfAMissingInstantTheMessageNamesWithoutIt() throws {
        let test = RunResultFixture.firstValidFailed
        let named = "2027-03-28 03:00 CEST (+02:00) is what 'nonexistent: next-valid-time' gives"
        #expect(HTMLReporter.firstDifferences(test, besides: named)?.hasPrefix("first missing 2027-03-28 03:00 CEST (+02:00) · line 31") == true)
        #expect(HTMLReporter.firstDifferences(test, besides: named + "; line 31")?.hasPrefix("first missing") == false)
    }

    /// A lifecycle scenario whose expectations are not met is listed under "Needs attention" with the first check's two
    /// sides, as JUnit titles it: "1 expectation not met (runs[1].planned)" named a field and no value (a message review).
    @Test func anUnmetLifecycleCheckIsListedWithItsTwoSides() throws {
        var run = RunResultFixture.run
        let index = try #require(run.tests.firstIndex { $0.lifecycle != nil })
        run.tests[index].status = .failed
        run.tests[index].message = "1 expectation not met (runs[1].planned)"
        run.tests[index].lifecycle?.expectations = [.init(name: "runs[1].planned", expected: "2027-03-29T02:30:00+01:00 = 2027-03-29 03:30 CEST (+02:00)",
                                                          actual: "2027-03-29T02:30:00+02:00", passed: false, line: 12)]
        let section = try #require(HTMLReporter().render(run).components(separatedBy: "<section class=\"attention\"").dropFirst().first?
            .components(separatedBy: "</section>").first)
        #expect(section.contains("<span class=\"why\">runs[1].planned: expected 2027-03-29T02:30:00+01:00 = 2027-03-29 03:30 CEST (+02:00), "
            + "actual 2027-03-29T02:30:00+02:00 (line 12)</span>"), "\(section)")
    }

    /// A hundred lint warnings above the tests pushed every failure off the first screen: past the first three,
    /// warnings are folded; errors (files that did not run) are always open.
    @Test func warningsPastTheFirstThreeAreFoldedAndErrorsNever() {
        var run = RunResultFixture.run
        let warning = RunResultFixture.offsetWarning
        let warnings = (0..<5).map { number in
            var copy = warning
            copy.location?.line = 100 + number
            return copy
        }
        run.diagnostics = warnings + [RunResultFixture.typoDiagnostic]
        let page = HTMLReporter().render(run)
        let section = page.components(separatedBy: "<section class=\"diagnostics\">")[1].components(separatedBy: "</section>")[0]
        let (open, folded) = section.components(separatedBy: "<details class=\"more-diagnostics\">").splitFirstTwo
        #expect(open.components(separatedBy: "<pre class=\"diagnostic warning\"").count - 1 == 3)
        #expect(open.components(separatedBy: "<pre class=\"diagnostic error\"").count - 1 == 1)
        #expect(folded.hasPrefix("<summary>2 more warnings</summary>"))
        #expect(folded.components(separatedBy: "<pre class=\"diagnostic warning\"").count - 1 == 2)
        #expect(!HTMLReporter().render(RunResultFixture.run).contains("<details class=\"more-diagnostics\">"))
    }

    @Test func aRunWithNothingToFixHasNoAttentionList() {
        var run = RunResultFixture.run
        run.tests = run.tests.filter { $0.status == .passed || $0.status == .knownDeviation }
        #expect(HTMLReporter().render(run).contains("class=\"attention\""), "the invalid spec file still needs attention")
        run.diagnostics = run.diagnostics.filter { $0.severity != .error }
        #expect(!HTMLReporter().render(run).contains("class=\"attention\""))
        // Nor a chip of invalid spec files, which links to that list (mutation run 19's H2 showed "invalid spec files 0").
        #expect(!HTMLReporter().render(run).contains("class=\"chip invalid-files\""))
    }

    @Test func everyTestIsAnArticleWithItsStatusForTheFilters() {
        let articles = Self.page.components(separatedBy: "<article class=\"test ").dropFirst()
        #expect(articles.count == RunResultFixture.tests.count)
        let statuses = articles.map { String($0.prefix { $0 != "\"" }) }
        #expect(statuses == RunResultFixture.tests.map(\.status.rawValue))
        for status in TestStatus.allCases {
            #expect(Self.page.contains("name=\"status\" value=\"\(status.rawValue)\" checked"))
        }
    }

    @Test func failuresAndDeviationsHaveATimelineWithTheShadedTransition() {
        // The core failure (gap), the known deviation (overlap) and the two lifecycle scenarios draw pictures.
        #expect(Self.page.components(separatedBy: "<svg xmlns").count - 1 == 4)
        #expect(Self.page.contains("class=\"region gap\""))
        #expect(Self.page.contains("class=\"region overlap\""))
        #expect(Self.page.contains(">02:00–03:00 does not exist (clocks jump forward: CET → CEST, +01:00 → +02:00)<"))
        #expect(Self.page.contains(">02:00–03:00 happens twice (clocks fall back: CEST → CET, +02:00 → +01:00)<"))
    }

    /// Kiritimati skipped all of 1994-12-31 (-10:00 → +14:00 at 10:00Z): "00:00–00:00 does not exist" would say
    /// nothing, so a region of a day or more names its days. Instants checked with Python's zoneinfo.
    @Test func aSkippedDayIsLabelledWithItsDates() throws {
        func kiritimati(_ utc: String, _ epoch: Double, _ offsetForm: String) -> ResultInstant {
            ResultInstant(utc: utc, epochSeconds: epoch, offsetForm: offsetForm,
                          local: offsetForm.prefix(16).replacingOccurrences(of: "T", with: " ") + " (+14:00)")
        }
        let transition = ZoneContext.Transition(
            at: kiritimati("1994-12-31T10:00:00Z", 788_868_000, "1995-01-01T00:00:00+14:00"),
            offsetBefore: -36_000, offsetAfter: 50_400, localBefore: "00:00", localAfter: "00:00",
            abbreviationBefore: nil, abbreviationAfter: nil)
        var test = RunResultFixture.firstValidFailed
        test.timeZone = "Pacific/Kiritimati"
        test.expected = [kiritimati("1994-12-31T10:00:00Z", 788_868_000, "1995-01-01T00:00:00+14:00")]
        test.actual = [kiritimati("1994-12-31T22:00:00Z", 788_911_200, "1995-01-01T12:00:00+14:00")]
        test.diff = [
            DiffLine(kind: .missing, expected: test.expected[0], actual: nil, expectedLine: 31),
            DiffLine(kind: .unexpected, expected: nil, actual: test.actual[0]),
        ]
        test.zoneContext = ZoneContext(zone: "Pacific/Kiritimati", transitions: [transition])
        let svg = try #require(HTMLTimeline.occurrencePictures(for: test).first?.svg)
        #expect(svg.contains(">Sat 31 Dec 00:00 – Sun 1 Jan 00:00 does not exist (clocks jump forward: -10:00 → +14:00)<"))
    }

    /// Both 02:30s of Berlin's autumn night (00:30Z at +02:00, 01:30Z at +01:00) have one wall time, so one x: the
    /// second marker was drawn on the first (a review saw one triangle for a matching 02:30 CEST and a missing 02:30
    /// CET, one dot for a matching and a not-expected one). Each instant gets its own marker, the earlier on the left.
    @Test(arguments: [HTMLTimeline.Role.expected, .actual])
    func theTwoInstantsOfARepeatedWallTimeAreTwoMarkers(_ role: HTMLTimeline.Role) throws {
        let first = RunResultFixture.berlin("2027-10-31T00:30:00Z", "2027-10-31T02:30:00+02:00", "CEST")
        let second = RunResultFixture.berlin("2027-10-31T01:30:00Z", "2027-10-31T02:30:00+01:00", "CET")
        let markers = try Self.repeatedWallTimeMarkers(first, second, role: role)
        #expect(markers.count == 2)
        let matching = try #require(markers.first { $0.matching }?.x)
        let other = try #require(markers.first { !$0.matching }?.x)
        #expect(other - matching >= 12, "the markers at x \(matching) and \(other) cover each other")
    }

    /// The autumn fixture with `earlier` matching and `later` expected only (role `.expected`) or produced only
    /// (`.actual`): the role's markers in its picture, each with its x and whether it is the matching one.
    static func repeatedWallTimeMarkers(_ earlier: ResultInstant, _ later: ResultInstant, role: HTMLTimeline.Role) throws
        -> [(x: Double, matching: Bool)] {
        var test = RunResultFixture.autumnKnown
        test.expected = role == .expected ? [earlier, later] : [earlier]
        test.actual = role == .actual ? [earlier, later] : [earlier]
        test.diff = [DiffLine(kind: .same, expected: earlier, actual: earlier),
                     role == .expected ? DiffLine(kind: .missing, expected: later, actual: nil)
                         : DiffLine(kind: .unexpected, expected: nil, actual: later)]
        let svg = try #require(HTMLTimeline.occurrencePictures(for: test).first?.svg)
        // A triangle's path starts 7 px left of its x; a dot's centre is its x.
        return elements(role == .expected ? "path" : "circle", in: svg)
            .filter { $0["class"]?.hasPrefix("marker \(role)") == true }
            .compactMap { marker in
                let x = role == .actual ? marker["cx"].flatMap(Double.init)
                    : marker["d"].flatMap { Double($0.dropFirst().prefix { $0 != " " }) }.map { $0 + 7 }
                return x.map { ($0, marker["class"]!.hasSuffix("matching")) }
            }
    }

    /// The earlier of two instants with one wall time is on the left, at every minute of the repeated hour. With the
    /// instants ordered by wall time alone, a pair came out in the order of a `Set`, which Swift seeds per process:
    /// the one-pair test above then passed in about one run of four (mutation P2, docs/testing.md). Twelve pairs, each
    /// its own set, leave that to chance once in thousands of runs. 02:MM CEST is 00:MMZ, 02:MM CET is 01:MMZ
    /// (Python's zoneinfo).
    @Test(arguments: [HTMLTimeline.Role.expected, .actual])
    func theEarlierInstantOfARepeatedWallTimeIsOnTheLeftAtEveryMinute(_ role: HTMLTimeline.Role) throws {
        var wrong: [String] = []
        for minute in stride(from: 0, to: 60, by: 5).map({ String(format: "%02d", $0) }) {
            let earlier = RunResultFixture.berlin("2027-10-31T00:\(minute):00Z", "2027-10-31T02:\(minute):00+02:00", "CEST")
            let later = RunResultFixture.berlin("2027-10-31T01:\(minute):00Z", "2027-10-31T02:\(minute):00+01:00", "CET")
            let markers = try Self.repeatedWallTimeMarkers(earlier, later, role: role)
            if markers.sorted(by: { $0.x < $1.x }).map(\.matching) != [true, false] { wrong.append("02:\(minute) \(markers)") }
        }
        #expect(wrong.isEmpty, "the later instant is not right of the earlier one at \(wrong)")
    }

    /// In a 400 px window (a phone, a side panel) a picture scaled down to fit had labels 4 px high. Each picture
    /// keeps a readable width instead and scrolls sideways in its own box, the rest of the page still fitting.
    @Test func everyPictureKeepsAReadableWidthAndScrollsInANarrowWindow() {
        let pictures = Self.page.components(separatedBy: "<svg xmlns").count - 1
        #expect(pictures == 4)
        #expect(Self.page.components(separatedBy: "<div class=\"picture-scroll\"><svg xmlns").count - 1 == pictures)
        #expect(Self.page.contains(".picture-scroll { overflow-x: auto; }"))
        #expect(Self.page.contains(".picture-scroll > svg { min-width: 760px; }"))
    }

    /// A key mismatch far from any change, in a window that also holds an instant of the other season: the UTC row
    /// under the ticks was left out because a mark outside the picture had another offset (the docs review). The
    /// row needs one offset among the marks drawn. 2027-04-05 02:30 CEST is 00:30Z, 2027-03-20 02:30 CET is 01:30Z
    /// (zoneinfo).
    @Test func aPictureWithOneOffsetAmongItsMarksShowsUTCWhateverTheMarksOutsideIt() throws {
        let winter = RunResultFixture.berlin("2027-03-20T01:30:00Z", "2027-03-20T02:30:00+01:00", "CET")
        let spring = RunResultFixture.berlin("2027-04-05T00:30:00Z", "2027-04-05T02:30:00+02:00", "CEST")
        var test = RunResultFixture.firstValidFailed
        test.expected = [winter, spring]
        test.actual = [winter, spring]
        test.diff = [DiffLine(kind: .same, expected: winter, actual: winter), DiffLine(kind: .keyMismatch, expected: spring, actual: spring)]
        test.zoneContext = ZoneContext(zone: "Europe/Berlin", transitions: [])
        let picture = try #require(HTMLTimeline.occurrencePictures(for: test).first)
        #expect(picture.outside == 2)
        #expect(picture.svg.contains(">UTC<"))
        // The tick at 02:00 local on 5 April stands for 00:00Z.
        #expect(picture.svg.contains(">00:00Z<"))
    }

    /// Foundation's Julian 1500s: March 1 expected in 1500 and 1501, March 11 produced. Without years the picture read
    /// "Thu 1 Mar", "Fri 1 Mar" and ticks from "Thu 30 Nov" on: which year was which could not be seen. Across a new
    /// year each mark's date names its year, and a row under the tick dates names the years. Epochs and weekdays
    /// from Python (`datetime(1500, 3, 1, 12, tzinfo=timezone.utc).timestamp()`, proleptic Gregorian as RFC 3339).
    @Test func anAxisAcrossANewYearNamesTheYears() throws {
        func utc(_ text: String, _ epoch: Double) -> ResultInstant {
            ResultInstant(utc: text + "Z", epochSeconds: epoch, offsetForm: text + "+00:00",
                          local: text.prefix(16).replacingOccurrences(of: "T", with: " ") + " UTC (+00:00)")
        }
        var test = RunResultFixture.firstValidFailed
        test.timeZone = "Etc/UTC"
        test.expected = [utc("1500-03-01T12:00:00", -14_826_628_800), utc("1501-03-01T12:00:00", -14_795_092_800)]
        test.actual = [utc("1500-03-11T12:00:00", -14_825_764_800), utc("1501-03-11T12:00:00", -14_794_228_800)]
        test.diff = [DiffLine(kind: .missing, expected: test.expected[0], actual: nil),
                     DiffLine(kind: .unexpected, expected: nil, actual: test.actual[0]),
                     DiffLine(kind: .missing, expected: test.expected[1], actual: nil),
                     DiffLine(kind: .unexpected, expected: nil, actual: test.actual[1])]
        test.zoneContext = ZoneContext(zone: "Etc/UTC", transitions: [])
        let svg = try #require(HTMLTimeline.occurrencePictures(for: test).first?.svg)
        for label in ["Thu 1 Mar 1500 12:00 UTC (+00:00)", "Fri 1 Mar 1501 12:00 UTC (+00:00)",
                      "Sun 11 Mar 1500 12:00 UTC (+00:00)", "Mon 11 Mar 1501 12:00 UTC (+00:00)", "1500", "1501"] {
            #expect(svg.contains(">\(label)</text>"), "no label \(label)")
        }
        // Within one year nothing changes: the fixture's spring failure names no year.
        let spring = try #require(HTMLTimeline.occurrencePictures(for: RunResultFixture.firstValidFailed).first?.svg)
        #expect(!spring.contains("2027<"))
        // One year row: the year under the first tick and under the tick where it changes, not under every date.
        #expect(svg.components(separatedBy: ">1500</text>").count == 2)
        #expect(svg.components(separatedBy: ">1501</text>").count == 2)
        // The year row has room of its own: the produced marks' labels sit as far below it as, within one year,
        // they sit below the dates (else the first label's date crowds the years).
        func ys(_ svg: String, _ cls: String) -> [Double] {
            svg.components(separatedBy: "<text ").dropFirst().compactMap { element in
                guard element.contains("class=\"\(cls)") else { return nil }
                return element.components(separatedBy: "y=\"").dropFirst().first?.split(separator: "\"").first.flatMap { Double($0) }
            }
        }
        func gapBelowTheAxisRows(_ svg: String) throws -> Double {
            try #require(ys(svg, "mark-time actual").min()) - #require(ys(svg, "tick-date").max())
        }
        #expect(try gapBelowTheAxisRows(svg) == gapBelowTheAxisRows(spring))
    }

    /// The legend explained hatching, faded matches and both red outlines under every picture, drawn or not: under a
    /// July failure in UTC it said "hatched: local times Etc/UTC skips or repeats", and sent a reader looking for a
    /// change that was not there. It now names only what its picture draws.
    @Test func aLegendNamesOnlyWhatItsPictureDraws() throws {
        func legend(_ test: TestResult) throws -> String {
            var run = RunResultFixture.run
            run.tests = [test]
            let page = HTMLReporter().render(run)
            return try #require(page.components(separatedBy: "<figcaption>").dropFirst().first?
                .components(separatedBy: "</figcaption>").first)
        }
        // The spring gap: 03:00 CEST expected, 03:30 CEST produced; nothing matches.
        let spring = try legend(RunResultFixture.firstValidFailed)
        #expect(spring.contains(">hollow, red outline: not produced / not expected<"))
        #expect(spring.contains(">hatched: local times Europe/Berlin skips<"))
        #expect(!spring.contains("cross-hatched"))
        #expect(!spring.contains("pale fill"))
        // The autumn overlap: one 02:30 matches, the other was not produced; nothing unexpected.
        let autumn = try legend(RunResultFixture.autumnKnown)
        #expect(autumn.contains(">hollow, red outline: not produced<"))
        #expect(autumn.contains(">pale fill: matches<"))
        #expect(autumn.contains(">cross-hatched: local times Europe/Berlin repeats<"))
        // No change near the failure: nothing hatched.
        var july = RunResultFixture.firstValidFailed
        july.zoneContext = ZoneContext(zone: "Europe/Berlin", transitions: [])
        let plain = try legend(july)
        #expect(!plain.contains("hatched"))
        #expect(plain.contains(">▼ expected (above the axis)<") && plain.contains(">● actual (below)<"))
    }

    @Test func aFailureWithoutZoneContextGetsATimelineWithoutUTC() throws {
        var test = RunResultFixture.firstValidFailed
        test.zoneContext = nil
        let pictures = HTMLTimeline.occurrencePictures(for: test)
        #expect(pictures.count == 1)
        let svg = try #require(pictures.first?.svg)
        #expect(!svg.contains("region"))
        #expect(svg.contains(">03:00</text>"))
        // Both marks are at +02:00, but the zone's changes are unknown: this axis runs from 01:00 across Berlin's
        // spring gap, where +02:00 would have put 23:00Z under 01:00 CET (00:00Z). No UTC row rather than a wrong one.
        #expect(!svg.contains("tick-utc") && !svg.contains(">UTC</text>"))
    }

    /// An actual instant's dot hangs just under the axis, above the tick labels, never on them (a review saw
    /// "●3:00" where the tick said 03:00).
    @Test func actualMarkersNeverCoverTheTickLabels() throws {
        var dots = 0
        for test in RunResultFixture.run.tests {
            for svg in HTMLTimeline.occurrencePictures(for: test).map(\.svg) {
                // No part of a 12 px label rises more than 12 px above its baseline, its white halo included.
                let labelTops = Self.elements("text", in: svg).filter { $0["class"] == "tick-label" }
                    .compactMap { $0["y"].flatMap(Double.init) }.map { $0 - 12 }
                let top = try #require(labelTops.min())
                for dot in Self.elements("circle", in: svg) where dot["class"]?.hasPrefix("marker actual") == true {
                    let cy = try #require(dot["cy"].flatMap(Double.init)), r = try #require(dot["r"].flatMap(Double.init))
                    // Half of the 2.5 px outline of a not-expected dot lies outside its radius.
                    #expect(cy + r + 1.25 < top, "the dot at y \(cy) reaches the tick labels starting at y \(top)")
                    dots += 1
                }
            }
        }
        #expect(dots >= 2, "the fixture's failure and known deviation draw actual instants")
    }

    /// The attributes of every `<name …>` element of an SVG the reporter wrote (always `key="value"`).
    static func elements(_ name: String, in svg: String) -> [[String: String]] {
        svg.components(separatedBy: "<\(name) ").dropFirst().map { chunk in
            var tag = chunk.prefix { $0 != ">" }
            if tag.hasSuffix("/") { tag = tag.dropLast() }
            var attributes: [String: String] = [:]
            for pair in tag.components(separatedBy: "\" ") {
                let parts = pair.components(separatedBy: "=\"")
                if parts.count == 2 { attributes[parts[0]] = parts[1].hasSuffix("\"") ? String(parts[1].dropLast()) : parts[1] }
            }
            return attributes
        }
    }

    /// Failures and errors open, so they are seen first; every other test closed. The fixture holds two failures,
    /// one error and seven others (three passed), counted so that a renamed attribute cannot make this vacuous.
    @Test func failedTestsAreOpenAndPassedOnesClosed() throws {
        var openByStatus: [String: [Bool]] = [:]
        for chunk in Self.page.components(separatedBy: "<article ").dropFirst() {
            let article = try #require(chunk.components(separatedBy: "</article>").first)
            let status = try #require(article.components(separatedBy: "data-status=\"").dropFirst().first?.prefix { $0 != "\"" })
            openByStatus[String(status), default: []].append(article.contains("<details open>"))
        }
        #expect(openByStatus["failed"] == [true, true])
        #expect(openByStatus["error"] == [true])
        #expect(openByStatus["passed"] == [false, false, false])
        for status in ["known-deviation", "fixed-deviation", "skipped", "not-run"] {
            #expect(openByStatus[status] == [false], "\(status)")
        }
    }

    @Test(arguments: [
        // Berlin spring 2027: transition at 01:00Z, CET +01:00 → CEST +02:00.
        (1_806_193_800.0 + 3600, "00:30Z"),  // wall 01:30 (before the gap) is 00:30Z
        (1_806_195_600.0 + 3600, "no instant"),  // wall 02:00 does not exist
        (1_806_195_600.0 + 7200, "01:00Z"),  // wall 03:00 is the transition itself
    ])
    func utcUnderAWallTimeFollowsTheGap(_ wall: Double, _ expected: String) {
        let spring = RunResultFixture.springTransition
        let known = HTMLTimeline.OffsetKnowledge(searched: [spring.at], context: ZoneContext(zone: "Europe/Berlin", transitions: [spring]))
        #expect(known.label(wall: wall) == expected)
    }

    @Test func aRepeatedWallTimeShowsBothInstants() {
        // Berlin autumn 2027: 02:30 local happens at 00:30Z (CEST) and at 01:30Z (CET).
        let wall = 1_824_944_400.0 + 3600 + 1800
        let autumn = RunResultFixture.autumnTransition
        let known = HTMLTimeline.OffsetKnowledge(searched: [autumn.at], context: ZoneContext(zone: "Europe/Berlin", transitions: [autumn]))
        #expect(known.label(wall: wall) == "00:30Z / 01:30Z")
    }

    /// UTC under a tick only where the results settle it: within a day and a half of an instant the zone context was
    /// searched around, carried across the changes known there. A two-year picture read 23:00Z under a May midnight
    /// in Berlin (January's offset), and a lifecycle picture of monthly launches the first change's offsets under
    /// every tick (a review of the HTML).
    @Test func utcUnderATickIsShownOnlyWhereTheResultsSettleIt() {
        let spring = RunResultFixture.springTransition, autumn = RunResultFixture.autumnTransition
        let context = ZoneContext(zone: "Europe/Berlin", transitions: [spring, autumn])
        // Searched around the spring change only (its instant, +02:00).
        let known = HTMLTimeline.OffsetKnowledge(searched: [spring.at], context: context)
        let march28 = 1_806_195_600.0  // 2027-03-28T01:00:00Z
        #expect(known.label(wall: march28 - 3 * 3600 + 3600) == "22:00Z")  // 2027-03-27 23:00 CET, before the change
        #expect(known.label(wall: march28 + 20 * 3600 + 7200) == "21:00Z")  // 2027-03-28 23:00 CEST, after it
        #expect(known.label(wall: march28 + 40 * 24 * 3600 + 7200) == nil)  // May: nothing searched near it
        #expect(known.label(wall: 1_824_944_400.0 + 3600 + 1800) == nil)  // the autumn overlap, not searched around
        // No zone context: nothing is known, not even near the instants.
        #expect(HTMLTimeline.OffsetKnowledge(searched: [spring.at], context: nil).label(wall: march28 + 7200) == nil)
    }

    @Test(arguments: [
        // Cross-checked with Python: datetime.fromtimestamp(s, timezone.utc).
        (0.0, "1970-01-01", "Thu 1 Jan"), (1_806_195_600.0, "2027-03-28", "Sun 28 Mar"),
        (951_782_400.0, "2000-02-29", "Tue 29 Feb"), (-86_400.0, "1969-12-31", "Wed 31 Dec"),
    ])
    func wallClockDatesAreGregorian(_ seconds: Double, _ iso: String, _ short: String) {
        let clock = WallClock(wallSeconds: seconds)
        #expect(clock.isoDate == iso)
        #expect(clock.shortDate == short)
    }
}

extension HTMLReporterTests {
    /// A team's run has thousands of passing tests: a file is one folded line with its counts unless one of its
    /// tests needs attention, so the page lays out a line per file and the failures' files are open.
    @Test func filesFoldUnlessATestInThemNeedsAttention() throws {
        var run = RunResultFixture.run
        var passing = try #require(run.tests.first { $0.status == .passed })
        passing.file = "specs/recurrence/zz-all-passed.yaml"
        passing.id = passing.file + " › " + passing.spec
        run.tests.append(passing)
        let page = HTMLReporter().render(run)
        let files = page.components(separatedBy: "<details class=\"file\"").dropFirst()
        let groups = HTMLReporter.groupedByFile(run.tests)
        #expect(files.count == groups.count)
        for (file, (path, tests)) in zip(files, groups) {
            let opens = tests.contains { $0.status.needsAttention }
            #expect(file.hasPrefix(opens ? " open data-file=" : " data-file="), "\(path)")
            let summary = try #require(file.components(separatedBy: "</summary>").first)
            #expect(summary.contains("<span class=\"path\">\(XMLText.text(path))</span>"))
            for status in Set(tests.map(\.status)) {
                let count = tests.filter { $0.status == status }.count
                #expect(summary.contains("<span class=\"count \(status.rawValue)\">\(HTMLReporter.counted(count, status))</span>"),
                        "\(path): \(status)")
            }
        }
        #expect(groups.contains { !$0.1.contains { $0.status.needsAttention } }, "the fixture must have a folded file")
        #expect(groups.contains { $0.1.contains { $0.status.needsAttention } }, "and an open one")
    }

    /// A file's counts read as the closing line's: "4 known deviations", "1 error", "3 skipped".
    @Test(arguments: [
        (1, TestStatus.knownDeviation, "1 known deviation"), (4, .knownDeviation, "4 known deviations"),
        (2, .fixedDeviation, "2 fixed deviations"), (1, .error, "1 error"), (2, .error, "2 errors"),
        (3, .passed, "3 passed"), (3, .failed, "3 failed"), (3, .skipped, "3 skipped"), (3, .notRun, "3 not run"),
    ])
    func fileCountsArePlural(_ count: Int, _ status: TestStatus, _ text: String) {
        #expect(HTMLReporter.counted(count, status) == text)
    }

    /// Past a dozen tags the chips fold behind one line, so the sticky filters stay small; up to a dozen are shown.
    @Test(arguments: [HTMLReporter.openTagLimit, HTMLReporter.openTagLimit + 1])
    func manyTagsFoldBehindOneLine(_ tagCount: Int) {
        var run = RunResultFixture.run
        run.tests[0].tags = (1...tagCount).map { "tag-\($0)" }
        let distinct = Set(run.tests.flatMap(\.tags)).count
        let page = HTMLReporter().render(run)
        #expect(page.components(separatedBy: "name=\"tag\"").count - 1 == distinct)
        #expect(page.contains("<details class=\"tag-list\"><summary>\(distinct) tags ") == (distinct > HTMLReporter.openTagLimit))
    }

    /// Counting each tag by scanning every test was tags × tests; a test naming a tag twice counts once.
    @Test func tagCountsCountEachTestOnce() {
        var run = RunResultFixture.run
        run.tests = [run.tests[0], run.tests[1]]
        run.tests[0].tags = ["nightly", "nightly"]
        run.tests[1].tags = ["nightly"]
        #expect(HTMLReporter().render(run).contains("value=\"nightly\"> <bdi>nightly</bdi> <b>2</b>"))
    }

    /// The page of the fixture's first test alone, named `spec › caseName`.
    static func page(spec: String, caseName: String) -> String {
        var run = RunResultFixture.run
        run.tests = [run.tests[0]]
        run.tests[0].spec = spec
        run.tests[0].caseName = caseName
        return HTMLReporter().render(run)
    }

    /// A right-to-left spec name next to ' › ' took the separator and the case name to its side: every name from a
    /// spec is isolated, so spec and case keep their order on screen.
    @Test func namesFromSpecsAreIsolatedFromTheirSeparators() {
        let page = Self.page(spec: "סנכרון לילי", caseName: "אביב")
        #expect(page.contains("<span class=\"name\"><bdi>סנכרון לילי</bdi><span class=\"sep\"> › </span><span class=\"case\"><bdi>אביב</bdi></span></span>"))
    }

    /// Korean is written in words with spaces; on a phone a name broke between syllables (`정 / 확히`), as Chinese
    /// and Japanese rightly do. A name with Hangul is marked Korean and keeps its words whole; others are unmarked.
    @Test func aKoreanNameKeepsItsWordsWhole() {
        var run = RunResultFixture.run
        run.tests = [run.tests[0], run.tests[0]]
        run.tests[0].spec = "야간 동기화는 정확히 한 번"
        run.tests[1].id += " #2"
        run.tests[1].spec = "夏令时间的同步"
        let page = HTMLReporter().render(run)
        #expect(page.contains("<bdi lang=\"ko\">야간 동기화는 정확히 한 번</bdi>"))
        #expect(page.contains("<bdi>夏令时间的同步</bdi>"))
        #expect(page.contains("bdi:lang(ko) { word-break: keep-all; overflow-wrap: anywhere; }"))
    }

    /// A carriage return or a tab in a name drew as a space in the browser (`Nightly\rsync` read `Nightly sync`, where
    /// the terminal shows `Nightly\u{D}sync`): the page shows the same escape.
    @Test func controlCharactersInANameAreShownAsTheTerminalShowsThem() {
        let page = Self.page(spec: "Nightly\rsync", caseName: "a\tb")
        #expect(page.contains("<bdi>Nightly\\u{D}sync</bdi>"))
        #expect(page.contains("<bdi>a\\u{9}b</bdi>"))
        #expect(!page.contains("Nightly&#13;sync"))
    }

    /// Text from a spec reaches the page as the terminal shows it: an open right-to-left override in a spec-file
    /// error drew its whole "Needs attention" line backwards, and one in a file name or a schedule id reversed the
    /// heading and the keys; a carriage return drew as a space.
    @Test func directionOverridesAndCarriageReturnsAreShownEverywhere() {
        var run = RunResultFixture.run
        run.diagnostics = [Diagnostic(code: "unknown-key", location: SourceLocation(file: "k/a\u{202E}b.yaml", line: 2, column: 1),
                                      message: "unknown key 'x\ry\u{202E}w'")]
        run.tests[0].file = "k/a\u{202E}b.yaml"
        let page = HTMLReporter().render(run)
        // Attributes (data-file, read by the page's filters, never shown) keep the text as it is.
        let shown = page.replacingOccurrences(of: "=\"[^\"]*\"", with: "", options: .regularExpression)
        #expect(!shown.unicodeScalars.contains { $0.value == 0x202E || $0 == "\r" })
        #expect(page.contains("unknown key &apos;x\\u{D}y\\u{202E}w&apos;") || page.contains("unknown key 'x\\u{D}y\\u{202E}w'"))
        #expect(page.contains("k/a\\u{202E}b.yaml"))
    }

    /// A diagnostic's source line and caret scroll together and never wrap: wrapped, on a narrow window or a long
    /// line of Chinese, the caret fell on a line of its own, far from what it marks. The page scrolls each line so
    /// its caret shows.
    @Test func aDiagnosticsSourceLineAndCaretScrollTogether() {
        let page = HTMLReporter().render(RunResultFixture.run)
        #expect(page.contains("<span class=\"source\">  timezon: Europe/Berlin\n<span class=\"caret-pad\">  </span><span class=\"caret\">^~~~~~~</span></span>"))
        #expect(page.contains("pre.diagnostic .source { display: inline-block; max-width: 100%; overflow-x: auto; white-space: pre;"))
        #expect(page.contains("function showCarets()"))
    }

    /// A run's outcome wraps in its cell while the other cells of the runs table do not: a killed run's reason (why
    /// its process died, 100 characters) widened the table past the page, so its key scrolled out of sight.
    @Test func aLongOutcomeWrapsInTheRunsTable() {
        let page = HTMLReporter().render(RunResultFixture.run)
        let nowrap = page.range(of: "table.runs td { white-space: nowrap; }")
        let wraps = page.range(of: "table.runs td.outcome { white-space: normal;")
        #expect(nowrap != nil && wraps != nil)
        // The later rule wins at equal weight only if it comes after; `td.outcome` weighs more anyway.
        if let nowrap, let wraps { #expect(nowrap.upperBound < wraps.lowerBound) }
    }
}

private extension Array where Element == String {
    /// The first element and the second (empty when there is none).
    var splitFirstTwo: (String, String) { (self.first ?? "", count > 1 ? self[1] : "") }
}
