import SpecDiagnostics
import SpecResults

/// One self-contained HTML page (inline CSS, inline JS, inline SVG; nothing from the network): the summary, filters
/// by status, tag and text, what needs attention, spec-file diagnostics, every test grouped by file, and for each
/// failure its timeline picture, the occurrences side by side and, for lifecycle scenarios, planned versus actual runs.
///
/// Built for a team's run of 15,000 tests: a file whose tests need nothing is folded to one line with its counts,
/// so the page lays out a line per file rather than a row per test. Without JavaScript the filters are hidden (a note
/// says they need it); the rest works.
public struct HTMLReporter: Sendable {
    public init() {}

    /// The whole page.
    public func render(_ run: RunResult) -> String {
        let summary = run.summary
        let closing = TerminalReporter().renderSummary(run)
        var page = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(Self.shown("specrun: " + closing))</title>
            <style>\(HTMLAssets.css)</style>
            <script>document.documentElement.classList.add("js");</script>
            </head>
            <body>
            <a class="skip" href="#main">Skip the filters</a>
            <svg width="0" height="0" style="position:absolute" aria-hidden="true"><defs>\
            <pattern id="hatch-gap" width="7" height="7" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">\
            <rect width="7" height="7" fill="#fde8e8"/><line x1="0" y1="0" x2="0" y2="7" stroke="#d25b5b" stroke-width="2.5"/></pattern>\
            <pattern id="hatch-overlap" width="7" height="7" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">\
            <rect width="7" height="7" fill="#fdf3d8"/><line x1="0" y1="0" x2="0" y2="7" stroke="#a68020" stroke-width="2"/>\
            <line x1="0" y1="0" x2="7" y2="0" stroke="#a68020" stroke-width="2"/></pattern>\
            </defs></svg>

            """
        page += header(run, summary: summary, closing: closing)
        page += filters(run, summary: summary)
        page += "<main id=\"main\">\n"
        let groups = Self.groupedByFile(run.tests)
        let anchors = Self.warningAnchors(run)
        page += attentionSection(groups.flatMap(\.1), diagnostics: run.diagnostics, shards: run.heldShards, warningAnchors: anchors)
        page += reasonList(groups.flatMap(\.1), .skipped, id: "skipped", heading: "Skipped")
        page += reasonList(groups.flatMap(\.1), .knownDeviation, id: "known-deviations", heading: "Known deviations")
        if !run.diagnostics.isEmpty {
            page += diagnosticsSection(run.diagnostics)
        }
        page += "<section id=\"tests\" aria-labelledby=\"tests-heading\">\n<h2 class=\"tests\" id=\"tests-heading\">Tests: "
            + "\(run.tests.count) in \(groups.count) file\(groups.count == 1 ? "" : "s")</h2>\n"
            + "<p id=\"printed-filters\" class=\"print-only note\" hidden></p>\n"
        // The files whose tests need attention open, in page order, until they hold `openAttentionLimit` such tests;
        // the rest stay folded (their counts show the failures): 5,666 failures all open made a page 4.8 million
        // pixels tall that took minutes to draw and seconds for each tick of a filter.
        var attentionOpened = 0
        var foldedWithAttention = 0
        let opens = groups.map { group -> Bool in
            let attention = group.1.filter { $0.status.needsAttention }.count
            guard attention > 0 else { return false }
            guard attentionOpened < Self.openAttentionLimit else { foldedWithAttention += 1; return false }
            attentionOpened += attention
            return true
        }
        if foldedWithAttention > 0 {
            page += "<p class=\"hint folded-files\">\(foldedWithAttention) more file\(foldedWithAttention == 1 ? "" : "s") with tests that need "
                + "attention \(foldedWithAttention == 1 ? "is" : "are") folded below (open one, or follow a link above); the first "
                + "open ones hold \(attentionOpened).</p>\n"
        }
        // Where engines disagree (`--engine all`), each test of the pair shows the two side by side, as the terminal
        // does after the later one: a reader of the page compared two entries by eye.
        var disagreements: [String: [EngineDisagreement]] = [:]
        // In the order of the pairs' ids, whatever the dictionary's: the same results give the same page.
        for pair in EngineDisagreement.find(in: run).values.joined().sorted(by: { ($0.first.id, $0.second.id) < ($1.first.id, $1.second.id) }) {
            disagreements[pair.first.id, default: []].append(pair)
            disagreements[pair.second.id, default: []].append(pair)
        }
        // When both tests of a pair are open (both failed), the table shows on the first only and the second links to
        // it: the same table twice, one under the other, read as two disagreements.
        var numbers: [String: Int] = [:]
        for (offset, test) in groups.flatMap(\.1).enumerated() { numbers[test.id] = offset + 1 }
        var index = 0
        for ((file, tests), open) in zip(groups, opens) {
            page += fileSummary(file, tests, open: open)
            for test in tests {
                index += 1
                let pairs = disagreements[test.id] ?? []
                let shownAbove = pairs.filter { $0.second.id == test.id && Self.opensItself($0.first, strict: run.strict)
                    && Self.opensItself(test, strict: run.strict) && (numbers[$0.first.id] ?? index) < index }
                page += article(test, number: index, strict: run.strict, warningAnchors: anchors[test.id] ?? [:],
                                disagreements: pairs.filter { pair in !shownAbove.contains { $0.first.id == pair.first.id } },
                                tablesAbove: shownAbove.compactMap { pair in numbers[pair.first.id].map { (pair.first.engine ?? "engine", $0) } })
            }
            page += "</details>\n"
        }
        // A run with no test at all (its one file invalid) said "No test matches these filters", as if a filter hid
        // them (the black-box review's F10): it says there are none, and why, shown without the script.
        if run.tests.isEmpty {
            let invalid = summary.invalidFiles
            let files = "\(invalid) spec file\(invalid == 1 ? "" : "s")"
            let why = invalid == 0 ? "" : run.strict ? ": \(files) \(invalid == 1 ? "has" : "have") errors — see the spec-file diagnostics above"
                : ": \(files) \(invalid == 1 ? "is" : "are") invalid — see the spec-file diagnostics above"
            page += "<p id=\"nothing-shown\">No tests ran\(why).</p>\n</section>\n</main>\n"
        } else {
            page += "<p id=\"nothing-shown\" hidden>No test matches these filters.</p>\n</section>\n</main>\n"
        }
        page += environmentSection(run)
        page += "<script>\(HTMLAssets.script)</script>\n</body>\n</html>\n"
        return page
    }

    /// Writes the page to `output`.
    public func write(_ run: RunResult, to output: inout some TextOutputStream) {
        output.write(render(run))
    }

    // MARK: - Sections

    private func header(_ run: RunResult, summary: Summary, closing: String) -> String {
        let environment = run.environment
        let meta = [
            "run \(environment.startTime)", "specrun \(environment.specrunVersion)", "Swift \(environment.swiftVersion)",
            "tzdata \(environment.tzdataVersion)", "\(environment.os) \(environment.architecture)",
        ] + (run.strict ? ["strict"] : [])
        let failing = summary.exitStatus(strict: run.strict) != 0
        var out = "<header class=\"page\">\n<h1>specrun report</h1>\n"
        out += "<p class=\"meta\">\(meta.map(XMLText.text).joined(separator: " · "))</p>\n"
        // Not a whole run (a merge lacking a shard, or of shards that read other files): not green, the notes say why.
        let tone = failing ? "bad" : run.isIncomplete ? "partial" : "good"
        out += "<p class=\"closing \(tone)\">\(Self.shown(closing))\(tone == "partial" ? " — not a whole run (notes below)" : "")</p>\n"
        for note in run.notes {
            out += "<p class=\"note\">\(Self.shown(note))</p>\n"
        }
        out += "</header>\n"
        return out
    }

    private func filters(_ run: RunResult, summary: Summary) -> String {
        var out = "<nav class=\"filters\" aria-label=\"Filters\">\n<div class=\"filter-row\" role=\"group\" aria-labelledby=\"filter-status\">"
            + "<span class=\"filter-caption\" id=\"filter-status\">Status</span>\n"
        for status in TestStatus.allCases {
            let count = summary.count(of: status)
            out += "<label class=\"chip status-chip \(status.rawValue)\(count == 0 ? " empty" : "")\">"
                + "<input type=\"checkbox\" name=\"status\" value=\"\(status.rawValue)\" checked data-title=\"\(Self.statusTitle(status))\"> "
                + "<span class=\"dot\"></span>\(Self.statusTitle(status)) <b>\(count)</b></label>\n"
        }
        // Spec files that did not run are no tests, so no status counts them: "error 0" beside a banner of 4 invalid
        // spec files read as a contradiction (a message review). A link to them, not a filter.
        let invalid = run.diagnostics.firstErrorOfEachFile.count
        if invalid > 0 {
            out += "<a class=\"chip invalid-files\" href=\"#attention\" title=\"spec files that did not run: no tests, listed under Needs attention\">"
                + "invalid spec file\(invalid == 1 ? "" : "s") <b>\(invalid)</b></a>\n"
        }
        out += "</div>\n"
        var tagCounts: [String: Int] = [:]
        for test in run.tests {
            for tag in Set(test.tags) { tagCounts[tag, default: 0] += 1 }
        }
        let tags = tagCounts.keys.sorted()
        if !tags.isEmpty {
            var chips = ""
            for tag in tags {
                chips += "<label class=\"chip tag-chip\"><input type=\"checkbox\" name=\"tag\" value=\"\(XMLText.attribute(tag))\"> "
                    + "\(Self.isolated(tag)) <b>\(tagCounts[tag] ?? 0)</b></label>\n"
            }
            out += "<div class=\"filter-row\" role=\"group\" aria-labelledby=\"filter-tags\">"
                + "<span class=\"filter-caption\" id=\"filter-tags\">Tags</span>\n"
            if tags.count > Self.openTagLimit {
                out += "<details class=\"tag-list\"><summary>\(tags.count) tags <span class=\"hint\" id=\"tags-ticked\">none ticked: every tag</span></summary>\n"
                    + "<div class=\"filter-row\">\(chips)</div></details></div>\n"
            } else {
                out += chips + "<span class=\"hint\">none ticked: every tag</span></div>\n"
            }
        }
        // The count of tests shown is a polite live region: a screen reader says "40 of 1,811 tests shown" after a tick.
        out += "<div class=\"filter-row\"><label class=\"filter-caption\" for=\"find\">Find</label>"
            + "<input type=\"search\" id=\"find\" placeholder=\"spec, case, engine or file\">"
            + "<span id=\"shown-count\" class=\"hint\" role=\"status\"></span></div>\n"
            // Without JavaScript the boxes and Find did nothing and said nothing (a review): the style sheet hides them
            // unless the line in <head> marked the page as scripted, and this says why.
            + "<noscript><p class=\"note\">The status, tag and Find filters need JavaScript, which is off here: every test is "
            + "listed below.</p></noscript>\n</nav>\n"
            + "<p id=\"link-filters\" class=\"note\" role=\"status\" hidden></p>\n"
        return out
    }

    /// The most tags shown as chips in the sticky filters; more are folded behind one line, which a click opens.
    /// Sixty tags took six rows (a quarter of a laptop screen) above every scrolled-to test.
    static let openTagLimit = 12

    /// The warnings shown open above the tests; the rest are folded, so that a suite with a hundred lint warnings
    /// still shows its failures on the first screen. Errors (files that did not run) are always shown.
    static let openWarningLimit = 3

    /// A diagnostic as the terminal shows it, except the caret line: it is padded with the source text before the
    /// caret, hidden, so the caret sits under the right character in any font (a browser's Chinese glyph is not
    /// exactly two monospace columns wide).
    private func diagnosticBlock(_ diagnostic: Diagnostic, id: String? = nil) -> String {
        let layout = DiagnosticRenderer(color: false).layout(diagnostic)
        var out = "<pre class=\"diagnostic \(diagnostic.severity.rawValue)\"" + (id.map { " id=\"\($0)\"" } ?? "") + ">"
        out += XMLText.text(layout.headline.text)
        if let source = layout.source {
            // The source line and its caret scroll together, never wrap: wrapped, the caret fell on a line of its own
            // far from the text it marks (the headline and the notes still wrap).
            out += "\n<span class=\"source\">" + XMLText.text(source.line) + "\n<span class=\"caret-pad\">"
                + XMLText.text(source.beforeCaret) + "</span><span class=\"caret\">" + layout.marks + "</span></span>"
        }
        for note in layout.notes { out += "\n" + XMLText.text(note.text) }
        return out + "</pre>\n"
    }

    private func diagnosticsSection(_ diagnostics: [Diagnostic]) -> String {
        var out = "<section class=\"diagnostics\">\n<h2>Spec-file diagnostics</h2>\n"
        func block(_ number: Int, _ diagnostic: Diagnostic) -> String {
            diagnosticBlock(diagnostic, id: "d\(number)")
        }
        var warningsShown = 0
        var folded: [(Int, Diagnostic)] = []
        for (offset, diagnostic) in diagnostics.enumerated() {
            if diagnostic.severity == .error {
                out += block(offset + 1, diagnostic)
            } else if warningsShown < Self.openWarningLimit {
                out += block(offset + 1, diagnostic)
                warningsShown += 1
            } else {
                folded.append((offset + 1, diagnostic))
            }
        }
        if !folded.isEmpty {
            out += "<details class=\"more-diagnostics\"><summary>\(folded.count) more \(folded.count == 1 ? "warning" : "warnings")</summary>\n"
                + folded.map(block).joined() + "</details>\n"
        }
        return out + "</section>\n"
    }

    /// The most attention a list at the top holds; the rest are found with the status filter.
    static let attentionLimit = 50

    /// About how many tests that need attention the files open at first hold (a file is opened whole).
    static let openAttentionLimit = 200

    /// The most differing occurrences one test's table shows (a wrong zone in a year of hourly occurrences differs
    /// 8,760 times); the JSON results keep every one.
    static let maxTableDifferences = 1000

    /// The most runs one lifecycle scenario's table shows (a catch-up over a month of minutes has 40,000).
    static let maxShownRuns = 200

    /// The most runs the planned-versus-actual picture draws; beyond them its labels would cover each other.
    static let maxPictureRuns = 60

    /// What needs a reader's attention, above the diagnostics and the (possibly thousands of) tests: every spec file
    /// that did not run (its first error, linked to the diagnostic, `#dN`), then every failure, error and fixed
    /// deviation, each linked to its entry below (`#tN`, in page order) with its first line of message.
    private func attentionSection(_ tests: [TestResult], diagnostics: [Diagnostic], shards: [Shard]?,
                                  warningAnchors: [String: [String: String]] = [:]) -> String {
        let flagged = tests.enumerated().filter { $0.element.status.needsAttention }
        let invalid = diagnostics.firstErrorOfEachFile.map { (offset: $0, element: diagnostics[$0]) }
        let total = invalid.count + flagged.count
        guard total > 0 else { return "" }
        // A fixed list: the run's to-do, whatever the filters show below; it says so, as a reader who ticked a tag
        // and still saw every failure here asked whether the filter had worked.
        var out = "<section class=\"attention\" id=\"attention\" aria-labelledby=\"attention-heading\">\n"
            + "<h2 id=\"attention-heading\">Needs attention: \(total)</h2>\n"
            + "<p class=\"hint\">\(Self.scope(shards)): the filters apply to the tests below, not to this list.</p>\n<ol>\n"
        for (offset, diagnostic) in invalid.prefix(Self.attentionLimit) {
            let place = diagnostic.location.map { "\($0.file):\($0.line)" } ?? diagnostic.code
            out += "<li><span class=\"badge invalid\">invalid spec file</span> "
                + "<a href=\"#d\(offset + 1)\">\(Self.shown(place))</a>"
                + " <span class=\"why\">\(Self.shown(diagnostic.message + diagnostics.moreErrors(inFileOf: diagnostic)))</span></li>\n"
        }
        var previous: TestResult?
        for (offset, test) in flagged.prefix(max(0, Self.attentionLimit - invalid.count)) {
            let same = previous.map { SameFailure.holds(test, as: $0) } == true
            let message = Self.attentionWhy(test).split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
            let firstLine = same ? "the same \(test.status == .error ? "error" : "failure") as \(previous?.engine ?? "the engine") above"
                : message + (Self.firstDifferences(test, besides: message).map { " — " + $0 } ?? "")
            previous = test
            out += "<li><span class=\"badge \(test.status.rawValue)\">\(Self.statusTitle(test.status))</span> "
                + "<a href=\"#t\(offset + 1)\">\(Self.listTitle(test))</a>"
                + (firstLine.isEmpty ? "" : " <span class=\"why\">\(Self.linkingWarnings(Self.shown(firstLine), warningAnchors[test.id]))</span>")
                + " <span class=\"where\">\(Self.shown("\(test.file):\(test.line)"))</span></li>\n"
        }
        out += "</ol>\n"
        if total > Self.attentionLimit {
            out += "<p class=\"hint\">\(total - Self.attentionLimit) more below: untick “passed” in Status to list only the rest.</p>\n"
        }
        return out + "</section>\n"
    }

    /// The tests of one status with their reasons (a skip's, a known deviation's), folded under one line: "did the
    /// spec I care about run, and if not, who decided that" took opening a file and then a test for each (a review),
    /// and a known deviation's declared reason was as deep. Each links to its test below.
    private func reasonList(_ tests: [TestResult], _ status: TestStatus, id: String, heading: String) -> String {
        let listed = tests.enumerated().filter { $0.element.status == status }
        guard !listed.isEmpty else { return "" }
        var out = "<details class=\"reason-list\" id=\"\(id)\">\n<summary>\(heading): \(listed.count) test\(listed.count == 1 ? "" : "s"), "
            + "with \(listed.count == 1 ? "its reason" : "their reasons")</summary>\n<ol>\n"
        for (offset, test) in listed.prefix(Self.attentionLimit) {
            out += "<li><a href=\"#t\(offset + 1)\">\(Self.listTitle(test))</a>"
                + (Self.rowReason(test).map { " <span class=\"why\">— \(Self.shown($0))</span>" } ?? "")
                + " <span class=\"where\">\(Self.shown("\(test.file):\(test.line)"))</span></li>\n"
        }
        out += "</ol>\n"
        if listed.count > Self.attentionLimit {
            out += "<p class=\"hint\">\(listed.count - Self.attentionLimit) more: tick only “\(Self.statusTitle(status))” in Status to list them all.</p>\n"
        }
        return out + "</details>\n"
    }

    /// A test as the lists above the tests name it: spec › case, and its engine.
    static func listTitle(_ test: TestResult) -> String {
        isolated(test.spec) + (test.caseName.map { "<span class=\"sep\"> › </span>" + isolated($0) } ?? "")
            + (test.engine.map { " <span class=\"engine\">\(shown($0))</span>" } ?? "")
    }

    /// The reason shown on a test's row and in its status's list: a skipped test's (its message), a known deviation's
    /// (the spec's `known-deviations:` entry for the engine). Nil for other statuses: a fixed deviation's reason no
    /// longer holds, and its fold says so in a sentence.
    static func rowReason(_ test: TestResult) -> String? {
        let reason = switch test.status {
        case .skipped: test.message
        case .knownDeviation: test.deviationReason
        default: String?.none
        }
        guard let reason, !reason.isEmpty else { return nil }
        return reason
    }

    /// What a "Needs attention" entry says of a test (its first line is shown): the message, for a lifecycle scenario
    /// with expectations not met the first with its two sides (`UnmetChecksTitle`), or for a fixed deviation the
    /// declared reason that no longer holds.
    static func attentionWhy(_ test: TestResult) -> String {
        if test.status == .fixedDeviation, let reason = test.deviationReason {
            return "known deviation no longer happens: \u{201C}\(reason)\u{201D}"
        }
        return UnmetChecksTitle.of(test) ?? test.message ?? ""
    }

    /// The first differing occurrences of a recurrence test, for its "Needs attention" entry: "occurrences differ: 1
    /// missing, 1 unexpected" alone did not tell a wrong spec from a wrong engine (a review), where a lifecycle entry
    /// gives expected, actual and line. The first expected instant not produced with its line and the first produced
    /// instant not expected (`first missing 2027-03-29 03:30 CEST (+02:00) · line 17; first unexpected 2027-03-29 02:30
    /// CEST (+02:00)`), or the first instant whose key differs with both keys. Nil for a lifecycle scenario, and for a
    /// test without differences; an instant the message (`besides`) already names is not named again (a cursor case's
    /// "search 2 of 3 found 2027-10-31 02:30 CET (+01:00), not 2027-10-31 03:30 CET (+01:00)" says both).
    static func firstDifferences(_ test: TestResult, besides message: String = "") -> String? {
        guard test.lifecycle == nil, test.status == .failed || test.status == .fixedDeviation || test.status == .error else { return nil }
        let line = { (entry: DiffLine) in entry.expectedLine.map { " · line \($0)" } ?? "" }
        var parts: [String] = []
        // Named by the message without its line (a policy's sentence), the line to fix is still given (a second review's
        // Chatham and Lord Howe entries gave only the unexpected instant).
        if let missing = test.diff.first(where: { $0.kind == .missing }), let expected = missing.expected,
           !message.contains(expected.local) || !(missing.expectedLine.map { message.contains("line \($0)") } ?? true) {
            parts.append("first missing \(expected.local)" + line(missing))
        }
        if let unexpected = test.diff.first(where: { $0.kind == .unexpected }), let actual = unexpected.actual, !message.contains(actual.local) {
            parts.append("first unexpected \(actual.local)")
        }
        if let other = test.diff.first(where: { $0.kind == .keyMismatch }), let expected = other.expected, !message.contains(expected.local) {
            parts.append("first other key at \(expected.local)" + line(other)
                + ": expected \(expected.key ?? "no key"), produced \(other.actual?.key ?? "no key")")
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// For each failed test whose message points at lint warnings (`(see its offset-mismatch warning)`), the anchor of
    /// the first such warning of each code among the spec-file diagnostics (`d3`), by test id and code.
    static func warningAnchors(_ run: RunResult) -> [String: [String: String]] {
        var anchors: [String: [String: String]] = [:]
        for (id, warnings) in run.warningsPointedAtByFailures() {
            for warning in warnings where anchors[id]?[warning.code] == nil {
                if let index = run.diagnostics.firstIndex(of: warning) { anchors[id, default: [:]][warning.code] = "d\(index + 1)" }
            }
        }
        return anchors
    }

    /// An escaped message whose pointers at lint warnings link to them: "(see its offset-mismatch warning)" named a
    /// warning far up the page, with no link (a review).
    static func linkingWarnings(_ escaped: String, _ anchors: [String: String]?) -> String {
        guard let anchors, !anchors.isEmpty else { return escaped }
        var text = escaped
        for (code, anchor) in anchors.sorted(by: { $0.key < $1.key }) {
            text = text.replacingOccurrences(of: "(see its \(code) warning)", with: "(see <a href=\"#\(anchor)\">its \(code) warning</a>)")
                .replacingOccurrences(of: "(see their \(code) warnings)", with: "(see <a href=\"#\(anchor)\">their \(code) warnings</a>)")
        }
        return text
    }

    /// What the list of what needs attention covers: the whole run, or only the shards these results hold.
    static func scope(_ shards: [Shard]?) -> String {
        guard let shards else { return "The whole run" }
        return "All of \(Shard.named(shards)), part of a sharded run (merge every shard for the whole run)"
    }

    private func environmentSection(_ run: RunResult) -> String {
        var out = "<details class=\"environment\">\n<summary>Environment</summary>\n<table>\n"
        for (name, value) in JUnitReporter.properties(run) {
            out += "<tr><th>\(Self.shown(name))</th><td>\(Self.shown(value))</td></tr>\n"
        }
        return out + "</table>\n</details>\n"
    }

    /// A file's heading, which folds its tests: open when one of them needs attention, else one line with the
    /// file's counts. The empty `file-shown` span is where the filters say how many of its tests match.
    private func fileSummary(_ file: String, _ tests: [TestResult], open: Bool) -> String {
        var counts: [TestStatus: Int] = [:]
        for test in tests { counts[test.status, default: 0] += 1 }
        let parts = TestStatus.allCases.compactMap { status in
            counts[status].map { "<span class=\"count \(status.rawValue)\">\(Self.counted($0, status))</span>" }
        }
        return "<details class=\"file\"\(open ? " open" : "") data-file=\"\(XMLText.attribute(file))\">\n"
            + "<summary class=\"file-name\"><h3><span class=\"path\">\(Self.shown(file))</span> "
            + "<span class=\"file-counts\">\(parts.joined(separator: " · "))</span> <span class=\"file-shown hint\"></span></h3></summary>\n"
    }

    // MARK: - One test

    /// A test whose fold is open when the page loads.
    static func opensItself(_ test: TestResult, strict: Bool) -> Bool {
        test.status == .failed || test.status == .error || (strict && test.status == .fixedDeviation)
    }

    private func article(_ test: TestResult, number: Int, strict: Bool, warningAnchors: [String: String] = [:], disagreements: [EngineDisagreement],
                         tablesAbove: [(engine: String, number: Int)] = []) -> String {
        let status = test.status.rawValue
        let open = Self.opensItself(test, strict: strict)
        // A pass whose fold would hold only what it checked (its instants).
        let onlyChecked = test.status == .passed && test.lifecycle == nil && test.diagnostics.isEmpty
            && test.description == nil && test.caseDescription == nil
        // A skipped test whose fold would hold only its reason, which its row now gives: a row, no fold.
        let onlyReason = test.status == .skipped && test.diagnostics.isEmpty && test.description == nil && test.caseDescription == nil
        var out = "<article class=\"test \(status)\" id=\"t\(number)\" data-status=\"\(status)\" "
            + "data-tags=\"\(XMLText.attribute(test.tags.joined(separator: "\n")))\">\n"
        let title = "<span class=\"badge \(status)\">\(Self.statusTitle(test.status))</span> "
            + "<span class=\"name\">\(Self.isolated(test.spec))"
            + (test.caseName.map { "<span class=\"sep\"> › </span><span class=\"case\">\(Self.isolated($0))</span>" } ?? "")
            + "</span>"
            + (Self.rowReason(test).map { " <span class=\"row-reason\">— \(Self.shown($0))</span>" } ?? "")
            + (test.engine.map { " <span class=\"engine\">\(Self.shown($0))</span>" } ?? "")
            + test.tags.map { " <span class=\"tag\">\(Self.isolated($0))</span>" }.joined()
            + " <span class=\"where\">line \(test.line)</span>"
        if onlyChecked {
            // Folded lazily: the row, and the list in an inert <template> that the script turns into a <details> (the
            // row its <summary>, the list a <pre>) when the file opens. 14,000 <details> written out took the load
            // of a 10,000-spec page from 3 s to 6 s; templates cost what their text does (docs/reports.md, "At scale").
            return out + "<div class=\"row\"><h4>\(title)</h4></div>\n<template class=\"checked\">"
                + checkedText(test) + "</template>\n</article>\n"
        }
        if onlyReason {
            return out + "<div class=\"row\"><h4>\(title)</h4></div>\n</article>\n"
        }
        out += "<details\(open ? " open" : "")>\n<summary class=\"row\"><h4>\(title)</h4></summary>\n<div class=\"body\">\n"
        out += details(test, warningAnchors: warningAnchors)
        out += disagreements.map(engineTable).joined()
        for (engine, above) in tablesAbove {
            out += "<p class=\"note engines-above\">Engines disagree: the two side by side are on "
                + "<a href=\"#t\(above)\">the \(Self.shown(engine)) test above</a>.</p>\n"
        }
        out += "</div>\n</details>\n</article>\n"
        return out
    }

    /// Two engines' instants side by side in local wall time, aligned as the terminal aligns them; a row that differs
    /// is marked in words and colour, a key shown where it is what differs.
    private func engineTable(_ pair: EngineDisagreement) -> String {
        let (left, right) = (pair.first.engine ?? "engine", pair.second.engine ?? "engine")
        let zone = pair.second.timeZone ?? pair.first.timeZone ?? "the schedule's zone"
        var out = "<h5>Engines disagree</h5>\n<table class=\"occurrences engines\"><caption class=\"sr-only\">\(Self.shown(left)) and "
            + "\(Self.shown(right)), local wall time in \(Self.shown(zone))</caption>\n"
            + "<tr><th></th><th>\(Self.shown(left))</th><th>\(Self.shown(right))</th></tr>\n"
        func cell(_ instant: ResultInstant?, _ other: ResultInstant?) -> String {
            guard let instant else { return "<td class=\"none\">(none)</td>" }
            let key = other.map { $0.epochSeconds == instant.epochSeconds && $0.key != instant.key } == true
                ? " <span class=\"key\">\(instant.key == nil ? "(no key)" : Self.shownKey(instant))</span>" : ""
            return "<td><span class=\"local\">\(Self.shown(instant.local))</span>\(key)</td>"
        }
        for (one, two) in EngineDisagreement.alignedRows(pair.first.actual, pair.second.actual) {
            let same = one != nil && two != nil && one!.epochSeconds == two!.epochSeconds && one!.key == two!.key
            out += "<tr\(same ? "" : " class=\"differs\"")><td class=\"kind\">\(same ? "same" : "differs")</td>"
                + cell(one, two) + cell(two, one) + "</tr>\n"
        }
        out += "</table>\n"
        if let whoAgrees = pair.whoAgrees { out += "<p class=\"note\">\(Self.shown(whoAgrees.prefix(1).uppercased() + whoAgrees.dropFirst())).</p>\n" }
        return out
    }

    private func details(_ test: TestResult, warningAnchors: [String: String] = [:]) -> String {
        // What the spec and its case say they are about, as written, before what happened (a CJK review found the
        // descriptions in no report).
        // Its own direction (`dir="auto"`: a Hebrew description reads right to left), its lines and indentation as a
        // `|` block writes them (pre-wrap), without the block's final line break.
        var out = [test.description, test.caseDescription].compactMap { $0 }
            .map { String($0.reversed().drop { $0.isNewline }.reversed()) }.filter { !$0.isEmpty }
            .map { "<p class=\"description\" dir=\"auto\">\(Self.shown($0))</p>\n" }.joined()
        // A fixed deviation said one thing three times: the runner's message, the declared reason and the warning on
        // the entry to remove. It is said once: the reason, and the line of the entry from that warning.
        let fixedReason = test.status == .fixedDeviation ? test.deviationReason : nil
        let entry = fixedReason == nil ? nil
            : test.diagnostics.first { [TestStatus.fixedDeviation.rawValue, "deviation-expected", FixedDeviationSiblings.inOtherCases, FixedDeviationSiblings.othersNotRun].contains($0.code) }
        if let message = test.message, !message.isEmpty, fixedReason == nil, test.status != .skipped {
            out += "<p class=\"message\">\(Self.linkingWarnings(Self.shown(message), warningAnchors).replacingOccurrences(of: "\n", with: "<br>"))</p>\n"
        }
        // A known deviation's reason is on its row, right above (`rowReason`): not said again here.
        if let reason = test.deviationReason, test.status != .knownDeviation {
            let text = fixedReason != nil
                ? "Passed on \(test.engine ?? "this engine") although the spec declares a known deviation there: "
                    + "\u{201C}\(reason)\u{201D}. "
                    + (FixedDeviationAdvice.coreFails(test)
                        ? "But the core engine fails this test: check the expectation against the core's difference before "
                            + "removing its entry from known-deviations"
                        : FixedDeviationAdvice.othersDeviate(test)
                            ? "But other cases of its spec still deviate there: move the cases that pass to a spec of their own "
                                + "and keep the entry"
                            : FixedDeviationAdvice.othersNotRun(test)
                                ? "But other cases of its spec did not run here: remove its entry from known-deviations only if "
                                    + "they pass there too"
                                : "Remove its entry from known-deviations")
                    + (entry?.location.map { " (\($0.file):\($0.line))." } ?? ".")
                : "Declared deviation on \(test.engine ?? "this engine"): \u{201C}\(reason)\u{201D}"
            out += "<p class=\"deviation\">\(Self.shown(text))</p>\n"
        }
        let text = FailureText(glyphs: .unicode)
        if let context = test.toldZoneContext {
            for sentence in text.zoneSentences(context) {
                out += "<p class=\"zone\">\(Self.shown(sentence))</p>\n"
            }
        }
        if [.failed, .error, .knownDeviation].contains(test.status) {
            let pictures = HTMLTimeline.occurrencePictures(for: test)
            let undrawn = pictures.isEmpty ? 0 : max(0, (test.zoneContext?.transitions.count ?? 0) - HTMLTimeline.pictureTransitionLimit)
            if undrawn > 0 {
                out += "<p class=\"hint undrawn\">\(undrawn) more change\(undrawn == 1 ? "" : "s") of the offset in this test are not "
                    + "drawn (the pictures show \(HTMLTimeline.pictureTransitionLimit), those nearest its differences first; the table lists every instant).</p>\n"
            }
            for picture in pictures {
                out += "<figure class=\"picture\"><div class=\"picture-scroll\">\(picture.svg)</div>"
                out += "<figcaption>"
                    + picture.legend.map { "<span class=\"legend\($0.cls.map { " " + $0 } ?? "")\">\(Self.shown($0.text))</span>" }.joined()
                    + (picture.outside > 0
                        ? "<span class=\"legend\">\(picture.outside) more instant\(picture.outside == 1 ? "" : "s") outside this picture (see the table)</span>"
                        : "")
                    + "</figcaption></figure>\n"
            }
            out += occurrenceTable(test)
        }
        if let lifecycle = test.lifecycle {
            out += lifecycleSection(lifecycle, zoneContext: test.zoneContext)
        } else if [.passed, .fixedDeviation].contains(test.status) {
            out += checkedList(test)
        }
        for diagnostic in test.diagnostics where entry == nil || diagnostic != entry {
            out += diagnosticBlock(diagnostic)
        }
        return out
    }

    /// What a pass checked, as `--verbose` prints it: `checked 3 occurrences, as expected:` and the occurrences (UTC,
    /// local wall time with offset, key), the first eight and the last two past ten; or that it expected none. One
    /// `<pre>` of text, not a table: a 10,000-spec run checks 100,000 instants, and one text node a test is what keeps
    /// the page light (docs/reports.md, "At scale").
    private func checkedList(_ test: TestResult) -> String {
        "<pre class=\"checked\">" + checkedText(test) + "</pre>\n"
    }

    private func checkedText(_ test: TestResult) -> String {
        Self.shown(FailureText.plain(FailureText(glyphs: .unicode).checkedLines(test)))
    }

    /// Every occurrence: the expected and the produced one side by side, each absolute and local.
    private func occurrenceTable(_ test: TestResult) -> String {
        var rows: [(kind: String, expected: ResultInstant?, actual: ResultInstant?, line: Int?)] = test.diff.map {
            ($0.kind.rawValue, $0.expected, $0.actual, $0.kind == .same ? nil : $0.expectedLine)
        }
        if rows.isEmpty {
            // No diff from the runner: pair the lists in order.
            rows = (0..<max(test.expected.count, test.actual.count)).map { index in
                let expected = index < test.expected.count ? test.expected[index] : nil
                let actual = index < test.actual.count ? test.actual[index] : nil
                let kind = expected == nil ? "unexpected" : actual == nil ? "missing"
                    : expected?.epochSeconds == actual?.epochSeconds ? "same" : "differs"
                return (kind, expected, actual, nil)
            }
        }
        guard !rows.isEmpty else { return "" }
        func cell(_ instant: ResultInstant?, line: Int? = nil) -> String {
            guard let instant else { return "<td class=\"none\">—</td>" }
            return "<td><span class=\"local\">\(Self.shown(instant.local))</span><br><span class=\"utc\">"
                + Self.shown(instant.utc) + (instant.key == nil ? "" : " · key " + Self.shownKey(instant))
                + (line.map { " · line \($0)" } ?? "") + "</span></td>"
        }
        // Runs of matching occurrences are folded, two kept on each side of a difference, as in the terminal: a
        // failure in a month of hourly occurrences was 720 rows for one wrong instant.
        let context = FailureText(glyphs: .unicode).context
        var out = "<table class=\"occurrences\">\n<thead><tr><th></th><th>expected</th><th>actual</th></tr></thead>\n<tbody>\n"
        var differencesShown = 0
        for entry in DiffFolding.entries(count: rows.count, context: context, isSame: { rows[$0].kind == "same" }) {
            let index: Int
            switch entry {
            case .folded(let count):
                out += "<tr class=\"folded\"><td colspan=\"3\">… \(count) matching occurrence\(count == 1 ? "" : "s")</td></tr>\n"
                continue
            case .line(let line):
                index = line
            }
            let row = rows[index]
            if row.kind != "same" {
                if differencesShown == Self.maxTableDifferences {
                    let rest = rows[index...].filter { $0.kind != "same" }.count
                    out += "<tr class=\"folded\"><td colspan=\"3\">… \(rest) more difference\(rest == 1 ? "" : "s") "
                        + "not shown (the JSON results list every one)</td></tr>\n"
                    return out + "</tbody>\n</table>\n" + Self.julianKeysNote(test.actual, test.expected)
                }
                differencesShown += 1
            }
            let word = switch row.kind {
            case "same": "matches"
            case "missing": "not produced"
            case "unexpected": "not expected"
            case "key-mismatch": "other key"
            default: "differs"
            }
            out += "<tr class=\"\(row.kind)\"><td class=\"kind\">\(word)</td>\(cell(row.expected, line: row.line))\(cell(row.actual))</tr>\n"
        }
        return out + "</tbody>\n</table>\n" + Self.julianKeysNote(test.actual, test.expected)
    }

    private func lifecycleSection(_ lifecycle: LifecycleResult, zoneContext: ZoneContext?) -> String {
        var out = "<h5>Planned versus actual runs</h5>\n"
        let svg = lifecycle.runs.count > Self.maxPictureRuns ? nil : HTMLLifecyclePicture.render(lifecycle, zoneContext: zoneContext)
        if lifecycle.runs.count > Self.maxPictureRuns {
            out += "<p class=\"note\">No picture: \(lifecycle.runs.count) runs are too many to tell apart on one axis.</p>\n"
        } else if lifecycle.runs.isEmpty && svg == nil {
            // The heading stood alone, followed by the next one (a review counted five in the corpus).
            out += "<p class=\"note no-runs\">No runs: nothing was planned and nothing ran.</p>\n"
        } else if let svg {
            let unmet = HTMLLifecyclePicture.unmetRuns(lifecycle).map { "runs[\($0.number)]" + ($0.line.map { " (line \($0))" } ?? "") }
            let legend = HTMLLifecyclePicture.legend(lifecycle).map { "<span class=\"legend \($0.cls ?? "")\">\(Self.shown($0.text))</span>" }
            out += "<figure class=\"picture\"><div class=\"picture-scroll\">\(svg)</div><figcaption>" + legend.joined()
                + (unmet.isEmpty ? "" : "<span class=\"legend missing\">red ring: not as expected: "
                    + Self.shown(unmet.joined(separator: ", ")) + "</span>")
                + "</figcaption></figure>\n"
        }
        if !lifecycle.runs.isEmpty {
            out += "<table class=\"runs\">\n<thead><tr><th title=\"runs[N] of the spec's checks\">#</th><th>planned</th><th>actual</th><th>late by</th><th>outcome</th><th>key</th></tr></thead>\n<tbody>\n"
            for entry in RunFolding(limit: Self.maxShownRuns).entries(lifecycle.runs) {
                let index: Int
                switch entry {
                case .folded(let count, let notCompleted):
                    out += "<tr class=\"folded\"><td colspan=\"6\">… \(Self.shown(RunFolding.foldedText(count: count, notCompleted: notCompleted)))</td></tr>\n"
                    continue
                case .run(let shown): index = shown
                }
                let run = lifecycle.runs[index]
                let delay: String = if let planned = run.planned, let actual = run.actual {
                    Self.duration(actual.epochSeconds - planned.epochSeconds)
                } else { "—" }
                let bad = !RunFolding.completed(run)
                let outcome = run.outcome + (run.reason.map { " (\($0))" } ?? "")
                out += "<tr class=\"\(bad ? "bad" : "good")\"><td class=\"number\">\(index + 1)</td><td>\(Self.shown(run.planned?.local ?? "unplanned"))</td>"
                    + "<td>\(Self.shown(run.actual?.local ?? "never"))</td><td>\(Self.shown(delay))</td>"
                    + "<td class=\"outcome\">\(Self.shown(outcome))</td><td class=\"key\">\(Self.shown(run.key ?? ""))</td></tr>\n"
            }
            out += "</tbody>\n</table>\n"
        }
        // Errors a met `errors:` check lists are what the scenario meant to raise: neutral, marked expected, not bold
        // red on a passed test (a review). Not told one by one when the check failed (it compares the list in order).
        let expectedErrors = lifecycle.expectations.contains { $0.name == "errors" && $0.passed }
        let errorClass = expectedErrors ? "expected-error" : "bad"
        let expectedNote = expectedErrors ? " (expected: listed under errors)" : ""
        // A refused launch is no run, so the runs table has no row for it; the picture's diamonds are these.
        out += Self.checkList("Launches the system refused", lifecycle.refusedLaunches.map { launch in
            (errorClass, "◇ \(launch.at.local): \(launch.identifier) \(launch.error ?? "not launched")"
                + (launch.earliestBegin.map { ", before the request's earliest begin \($0.local)" } ?? "")
                + (launch.line.map { " · line \($0)" } ?? "") + (launch.error == nil ? "" : expectedNote))
        })
        // What each `change-schedule` step changed, as the terminal lists it: the page showed it only in the picture's
        // text alternative (a lifecycle review read "change-schedule (started the app)" and nothing of the new rule).
        out += Self.checkList("Schedule changes", lifecycle.scheduleChanges.map { change in
            (nil, "\(change.at.local): \(change.change)" + (change.movesZone ? " (\(change.previousTimeZone) → \(change.timeZone))" : "")
                + (change.line.map { " · line \($0)" } ?? ""))
        })
        // The steps of the user, the system or an update that a refused launch may follow from (the dotted lines).
        out += Self.checkList("The app and the device", lifecycle.appEvents.map { event in
            (nil, "\(event.at.local): \(event.step)" + (event.detail.isEmpty ? "" : " (\(event.detail))")
                + (event.line.map { " · line \($0)" } ?? ""))
        })
        // The errors no refused launch shows: a refused submit or registration, a start's submit after a relaunch.
        out += Self.checkList("Other lifecycle errors", lifecycle.otherErrors.map { error in
            (errorClass, "\(error.at.local): \(error.identifier) \(error.code)"
                + (error.line.map { " · line \($0)" } ?? " · the app's first start (the line of clock:)") + " — " + error.message + expectedNote)
        })
        // A met check whose two sides read alike says it once: "runs[1]: expected actual 08:00, outcome failed,
        // actual actual 08:00, outcome failed" read as a riddle.
        // Their instants read as the runs table reads them (`HTMLExpectationInstants`), each keeping its RFC 3339 text.
        let instants = HTMLExpectationInstants(lifecycle, zoneContext: zoneContext)
        out += Self.checkList(html: "Expectations", lifecycle.expectations.map { check in
            let expected = instants.html(check.expected, check: check.name, actual: false)
            return (check.passed ? "good" : "bad", Self.shown((check.passed ? "✔ " : "✘ ") + check.name + ": ") + (check.passed && check.expected == check.actual
                ? expected + ", as expected"
                : "expected \(expected), actual \(instants.html(check.actual, check: check.name, actual: true))"
                    + Self.shown(check.passed ? "" : check.line.map { " · line \($0)" } ?? "")))
        })
        // The invariants that held are folded under one line: sixteen green lines around one red expectation were most
        // of a failing card (a message review). Those that broke stay open, first.
        func line(_ check: LifecycleResult.InvariantCheck) -> String {
            (check.passed ? "✔ " : "✘ ") + check.name + (check.detail.map { ": \($0)" } ?? "")
        }
        let broken = lifecycle.invariants.filter { !$0.passed }, held = lifecycle.invariants.filter(\.passed)
        if !lifecycle.invariants.isEmpty {
            out += "<h5>Invariants</h5>\n<ul class=\"checks\">\n" + broken.map { "<li class=\"bad\">\(Self.shown(line($0)))</li>\n" }.joined()
            if !held.isEmpty {
                out += "<li class=\"good\"><details class=\"held\"><summary>✔ \(held.count) invariant\(held.count == 1 ? "" : "s") held</summary>\n"
                    + "<ul class=\"checks\">\n" + held.map { "<li class=\"good\">\(Self.shown(line($0)))</li>\n" }.joined() + "</ul></details></li>\n"
            }
            out += "</ul>\n"
        }
        return out
    }

    // MARK: - Helpers

    /// A key as the tables show it, escaped; a date before 1582 that is Foundation's Julian date of its instant says so:
    /// `…/1500-03-01 (the Julian date of 1500-03-11)` (`JulianKeyDate`).
    static func shownKey(_ instant: ResultInstant) -> String {
        shown(instant.key ?? "") + (JulianKeyDate.of(instant).map { " <span class=\"julian\">(the Julian date of \($0.gregorian))</span>" } ?? "")
    }

    /// Under an occurrence table with such a key, why its date is not its instant's.
    static func julianKeysNote(_ lists: [ResultInstant]...) -> String {
        guard let example = lists.lazy.compactMap({ $0.lazy.compactMap(JulianKeyDate.of).first }).first else { return "" }
        return "<p class=\"note julian-keys\">\(shown(JulianKeyDate.explanation(example)))</p>\n"
    }

    /// A scenario's list under its heading, each item with its class (`good`, `bad`, or none); nothing when empty.
    private static func checkList(_ heading: String, _ items: [(cls: String?, text: String)]) -> String {
        checkList(html: heading, items.map { ($0.cls, shown($0.text)) })
    }

    /// The same, of items already written as HTML.
    private static func checkList(html heading: String, _ items: [(cls: String?, html: String)]) -> String {
        guard !items.isEmpty else { return "" }
        return "<h5>\(heading)</h5>\n<ul class=\"checks\">\n"
            + items.map { item in "<li\(item.cls.map { " class=\"\($0)\"" } ?? "")>\(item.html)</li>\n" }.joined()
            + "</ul>\n"
    }

    /// A name from a spec, isolated from the text around it: a right-to-left name (Hebrew, Arabic) next to ' › '
    /// took the separator and the case name to its side, swapping spec and case on screen.
    /// A name, isolated from the text around it (a right-to-left name keeps its order). A name in Korean is marked
    /// `lang="ko"`: Korean is written in words with spaces, and a browser broke them between syllables on a phone
    /// (`정 / 확히`), as it breaks Chinese and Japanese, where that is right (the CJK layout review).
    /// Text from a spec, a path or a results file, escaped for HTML with its control characters, line and paragraph
    /// separators and direction overrides shown as the terminal shows them (line breaks kept): an open U+202E in an
    /// error drew the whole line backwards, and a carriage return drew as a space.
    static func shown(_ text: String) -> String {
        XMLText.text(ControlCharacters.visible(text, keepingNewlines: true))
    }

    static func isolated(_ name: String) -> String {
        let korean = name.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) || (0x1100...0x11FF).contains($0.value) }
        // A tab or a carriage return in a name drew as a space (`Nightly\rsync` read `Nightly sync`): shown as the
        // escape the terminal shows.
        return (korean ? "<bdi lang=\"ko\">" : "<bdi>") + XMLText.text(ControlCharacters.visible(name)) + "</bdi>"
    }

    static func statusTitle(_ status: TestStatus) -> String {
        switch status {
        case .passed: "passed"
        case .failed: "failed"
        case .error: "error"
        case .skipped: "skipped"
        case .knownDeviation: "known deviation"
        case .fixedDeviation: "fixed deviation"
        case .notRun: "not run"
        }
    }

    /// `1 passed`, `4 known deviations`: as the closing line counts them.
    static func counted(_ count: Int, _ status: TestStatus) -> String {
        let plural = count != 1 && [.error, .knownDeviation, .fixedDeviation].contains(status)
        return "\(count) \(statusTitle(status))\(plural ? "s" : "")"
    }

    /// `1 min`, `1 h 30 min`, `-5 min`
    static func duration(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        let sign = total < 0 ? "-" : ""
        let magnitude = abs(total)
        let (days, hours, minutes, rest) = (magnitude / 86_400, magnitude % 86_400 / 3600, magnitude % 3600 / 60, magnitude % 60)
        var parts: [String] = []
        if days > 0 { parts.append("\(days) d") }
        if hours > 0 { parts.append("\(hours) h") }
        if minutes > 0 { parts.append("\(minutes) min") }
        if rest > 0 || parts.isEmpty { parts.append("\(rest) s") }
        return sign + parts.joined(separator: " ")
    }

    /// Tests in their order, grouped by consecutive file.
    static func groupedByFile(_ tests: [TestResult]) -> [(String, [TestResult])] {
        var groups: [(String, [TestResult])] = []
        for test in tests {
            if groups.last?.0 == test.file {
                groups[groups.count - 1].1.append(test)
            } else {
                groups.append((test.file, [test]))
            }
        }
        return groups
    }
}
