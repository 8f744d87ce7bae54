import SpecDiagnostics
import SpecResults
import Testing
@testable import SpecReporters

/// What a pass checked, in the HTML report as under `--verbose`: a QA lead reading an archived page saw a passing
/// test as one row (badge, name, engine, line) and could not tell what it had checked.
@Suite struct HTMLPassTrailTests {
    /// The `<article>` of the test named `spec` (and `caseName`) in `page`.
    static func article(_ page: String, spec: String, caseName: String? = nil, engine: String? = nil) throws -> String {
        let articles = page.components(separatedBy: "<article ").dropFirst().compactMap {
            $0.components(separatedBy: "</article>").first
        }
        let name = "<span class=\"name\">" + HTMLReporter.isolated(spec)
            + (caseName.map { "<span class=\"sep\"> › </span><span class=\"case\">\(HTMLReporter.isolated($0))</span>" } ?? "</span>")
        let matching = articles.filter { article in
            article.contains(name) && (engine.map { article.contains("<span class=\"engine\">\($0)</span>") } ?? true)
        }
        #expect(matching.count == 1, "\(matching.count) articles for \(spec)")
        return try #require(matching.first)
    }

    /// The text of what an article says its test checked: its `<template class="checked">` (a pass, turned into a
    /// fold by the script) or `<pre class="checked">` (a fixed deviation), or nil.
    static func checked(_ article: String) -> String? {
        article.components(separatedBy: "<template class=\"checked\">").dropFirst().first?.components(separatedBy: "</template>").first
            ?? article.components(separatedBy: "<pre class=\"checked\">").dropFirst().first?.components(separatedBy: "</pre>").first
    }

    /// A passing spec's row is followed by its occurrences with their keys, UTC and local wall time with abbreviation
    /// and offset: the lines `--verbose` prints, in an inert template the script turns into the row's closed fold.
    @Test func aPassListsItsInstantsAndKeysInAClosedFold() throws {
        let page = HTMLReporter().render(RunResultFixture.run)
        let article = try Self.article(page, spec: RunResultFixture.nightlySpec, engine: "core")
        #expect(article.hasPrefix("class=\"test passed\""))
        #expect(article.contains("<div class=\"row\"><h4><span class=\"badge passed\">passed</span>"))
        #expect(article.contains("</h4></div>\n<template class=\"checked\">checked 3 occurrences, as expected:\n"))
        #expect(!article.contains("<details"))
        #expect(Self.checked(article) == """
            checked 3 occurrences, as expected:
              2027-03-27T01:30:00Z  2027-03-27 02:30 CET (+01:00)   key nightly-sync/v1/2027-03-27
              2027-03-29T00:30:00Z  2027-03-29 02:30 CEST (+02:00)  key nightly-sync/v1/2027-03-29
              2027-03-30T00:30:00Z  2027-03-30 02:30 CEST (+02:00)  key nightly-sync/v1/2027-03-30
            """)
        // The same facts as the terminal's --verbose, line for line.
        let verbose = TerminalReporter(verbose: true).renderTest(RunResultFixture.nightlyPassed)
            .split(separator: "\n").dropFirst().map { $0.dropFirst(6) }.joined(separator: "\n")
        #expect(Self.checked(article) == verbose)
        // A case of a spec too, with no key.
        let gap = try Self.article(page, spec: RunResultFixture.policySpec, caseName: "spring gap skipped")
        #expect(Self.checked(gap) == "checked 1 occurrence, as expected:\n  2027-03-29T00:30:00Z  2027-03-29 02:30 CEST (+02:00)")
    }

    /// Past ten instants, the first eight and the last two, and how many are left out, as the terminal folds them:
    /// a year of hourly occurrences is 8,760 lines a test otherwise.
    @Test func aLongPassIsFoldedAfterTheCap() throws {
        var year = RunResultFixture.nightlyPassed
        // Berlin keeps CET (+01:00) all January: 02:30 local is 01:30Z each day (checked with Python's zoneinfo).
        year.actual = (1...12).map { day in
            let date = "2027-01-\(day < 10 ? "0" : "")\(day)"
            return RunResultFixture.berlin("\(date)T01:30:00Z", "\(date)T02:30:00+01:00", "CET", key: "k/\(date)")
        }
        year.expected = year.actual
        var run = RunResultFixture.run
        run.tests = [year]
        let lines = try #require(Self.checked(try Self.article(HTMLReporter().render(run), spec: year.spec))).split(separator: "\n")
        #expect(lines.count == 1 + 8 + 1 + 2)
        #expect(lines[0] == "checked 12 occurrences, as expected:")
        #expect(lines[8] == "  2027-01-08T01:30:00Z  2027-01-08 02:30 CET (+01:00)  key k/2027-01-08")
        #expect(lines[9] == "  … 2 more (the JSON results list every one)")
        #expect(lines[10] == "  2027-01-11T01:30:00Z  2027-01-11 02:30 CET (+01:00)  key k/2027-01-11")
        #expect(lines[11] == "  2027-01-12T01:30:00Z  2027-01-12 02:30 CET (+01:00)  key k/2027-01-12")
        #expect(!lines.contains { $0.contains("2027-01-09") || $0.contains("2027-01-10") })
        // Ten are all shown.
        year.actual = Array(year.actual.prefix(10))
        run.tests = [year]
        let ten = try #require(Self.checked(try Self.article(HTMLReporter().render(run), spec: year.spec)))
        #expect(ten.split(separator: "\n").count == 11)
        #expect(!ten.contains("more"))
    }

    /// A pass that expected no occurrence says so, rather than showing an empty fold.
    @Test func aPassOfNoOccurrenceSaysSo() throws {
        var none = RunResultFixture.nightlyPassed
        none.expected = []
        none.actual = []
        none.diff = []
        var run = RunResultFixture.run
        run.tests = [none]
        #expect(Self.checked(try Self.article(HTMLReporter().render(run), spec: none.spec)) == "checked: no occurrence, as expected")
    }

    /// A passing lifecycle scenario lists its runs (planned, actual, outcome, key) and its checks, as `--verbose`
    /// does; it has no occurrence list (its runs are what it checked).
    @Test func aLifecyclePassListsItsRuns() throws {
        let page = HTMLReporter().render(RunResultFixture.run)
        let article = try Self.article(page, spec: RunResultFixture.expirationSpec)
        #expect(article.contains("<details>\n<summary class=\"row\"><h4><span class=\"badge passed\">passed</span>"))
        #expect(article.contains("<tr class=\"bad\"><td class=\"number\">1</td><td>unplanned</td><td>2027-03-29 02:31 CEST (+02:00)</td><td>—</td><td class=\"outcome\">expired</td>"))
        #expect(article.contains("<li class=\"good\">✔ one completion per launch</li>"))
        #expect(Self.checked(article) == nil)
    }

    /// A fixed deviation passed: it lists what it checked under the sentence that says to remove the deviation.
    @Test func aFixedDeviationListsWhatItChecked() throws {
        let page = HTMLReporter().render(RunResultFixture.run)
        let article = try Self.article(page, spec: RunResultFixture.policySpec, caseName: "spring gap, first valid time", engine: "foundation")
        #expect(article.contains("data-status=\"fixed-deviation\""))
        #expect(Self.checked(article) == "checked 1 occurrence, as expected:\n  2027-03-28T01:00:00Z  2027-03-28 03:00 CEST (+02:00)")
        // Its fold is printed open, as every fold that is not only a pass's list.
        #expect(!article.contains("<details class=\"checked\">"))
    }

    /// A key and a name from a spec stay text: `<b>` in either is not markup.
    @Test func anEscapedNameAndKeyStayText() throws {
        var odd = RunResultFixture.gapSkippedPassed
        odd.spec = "Sync <b>bold</b> & co"
        odd.caseName = nil
        odd.actual = [RunResultFixture.berlin("2027-03-29T00:30:00Z", "2027-03-29T02:30:00+02:00", "CEST", key: "<script>k</script>&\"x\"")]
        odd.expected = odd.actual
        var run = RunResultFixture.run
        run.tests = [odd]
        let page = HTMLReporter().render(run)
        let article = try Self.article(page, spec: odd.spec)
        #expect(article.contains("<bdi>Sync &lt;b&gt;bold&lt;/b&gt; &amp; co</bdi>"))
        #expect(Self.checked(article)?.hasSuffix("key &lt;script&gt;k&lt;/script&gt;&amp;\"x\"") == true, "\(Self.checked(article) ?? "")")
        #expect(!page.contains("<script>k"))
        #expect(!page.contains("<b>bold"))
    }

    /// The script makes each pass's row the `<summary>` of a closed `<details class="checked">` holding the list as a
    /// `<pre>`, when its file opens (and at load for a file open from the start); Find leaves the list out.
    @Test func theScriptFoldsAPassWhenItsFileOpens() {
        let script = HTMLAssets.script
        for part in ["root.querySelectorAll(\"template.checked\")", "document.createElement(\"details\")",
                     "document.createElement(\"summary\")", "fold.className = \"checked\"; summary.className = \"row\"; pre.className = \"checked\";",
                     "pre.appendChild(list.content);", "row.replaceWith(fold); list.remove();",
                     "if (file.element.open) { unfold(file.element); }",
                     "file.element.addEventListener(\"toggle\", function () { if (file.element.open) { unfold(file.element); } });",
                     "var list = test.element.querySelector(\"pre.checked\");"] {
            #expect(script.contains(part), "the script lacks \(part)")
        }
        #expect(!script.contains("fold.open"), "a pass's fold opens only when its reader opens it")
    }

    /// Printed, a pass's list is as it is on screen (opened, it prints; folded, its row does): every pass of a
    /// 15,000-test run opened was thousands of pages. Every other fold is still opened for print.
    @Test func printingLeavesAPassesListAsItIsOnScreen() throws {
        let print = try #require(HTMLAssets.css.components(separatedBy: "@media print {").dropFirst().first)
        #expect(print.contains("details::details-content { content-visibility: visible; }"))
        #expect(print.contains("details.checked:not([open])::details-content { content-visibility: hidden; }"))
        #expect(HTMLAssets.script.contains("document.querySelectorAll(\"details:not([open]):not(.checked)\")"))
    }
}
