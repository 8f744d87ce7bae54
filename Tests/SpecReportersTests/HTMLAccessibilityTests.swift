import Foundation
import SpecDiagnostics
import SpecResults
import Testing
@testable import SpecReporters

/// The HTML report read by someone who cannot see its pictures, works with a keyboard only, cannot tell red from
/// green, reads in dark mode or on paper (docs/reports.md, "Accessibility, dark mode and printing").
@Suite struct HTMLAccessibilityTests {
    static let page = HTMLReporterTests.page

    static func pictures(in page: String) -> [String] {
        page.components(separatedBy: "<svg xmlns").dropFirst().map { String($0.prefix { $0 != ">" }) + ">" + Self.inner($0) }
    }

    private static func inner(_ chunk: String) -> String {
        let afterTag = chunk.drop { $0 != ">" }.dropFirst()
        return String(afterTag.components(separatedBy: "</svg>").first ?? "")
    }

    /// The text between `<name>` and `</name>` right at the start of `svg`'s content, or nil.
    static func leading(_ name: String, in svg: String) -> String? {
        let content = svg.drop { $0 != ">" }.dropFirst()
        let tags = content.components(separatedBy: "<\(name)>")
        guard tags.count > 1 else { return nil }
        return tags[1].components(separatedBy: "</\(name)>").first
    }

    // MARK: - Text alternatives

    /// A picture's name was "Local-time axis in Europe/Berlin" whatever it showed. Each is an image named by its
    /// `<title>` and described by its `<desc>`, both the first things in it and neither empty.
    @Test func everyPictureHasATitleAndADescription() throws {
        let svgs = Self.pictures(in: Self.page)
        #expect(svgs.count == 4)
        for svg in svgs {
            #expect(svg.contains("role=\"img\""))
            #expect(!svg.contains("aria-label"), "an aria-label would replace the title as the name")
            let content = svg.drop { $0 != ">" }.dropFirst()
            #expect(content.hasPrefix("<title>"), "\(content.prefix(80))")
            let title = try #require(Self.leading("title", in: svg))
            let description = try #require(Self.leading("desc", in: svg))
            #expect(!title.isEmpty && !description.isEmpty)
            #expect(content.contains("</title><desc>"))
        }
    }

    /// The spring failure of the fixture: 03:00 CEST (01:00Z) expected and not produced, 03:30 CEST (01:30Z) produced
    /// and not expected, in Berlin's 02:00–03:00 gap (instants from Python's zoneinfo, as the fixture says).
    @Test func aPictureSaysWhatDiffersAroundWhichChange() throws {
        let spring = try #require(HTMLTimeline.occurrencePictures(for: RunResultFixture.firstValidFailed).first?.svg)
        #expect(Self.leading("title", in: spring)
            == "Timeline in Europe/Berlin: 1 expected instant not produced, 1 produced instant not expected")
        let description = try #require(Self.leading("desc", in: spring))
        #expect(description.hasPrefix("Local time on 2027-03-28: 02:00–03:00 does not exist (clocks jump forward: CET → CEST, +01:00 → +02:00). "))
        // In time order, each with its local and UTC reading.
        let expected = "2027-03-28 03:00 CEST (+02:00), 2027-03-28T01:00:00Z: expected, not produced."
        let produced = "2027-03-28 03:30 CEST (+02:00), 2027-03-28T01:30:00Z: produced, not expected."
        #expect(description.hasSuffix(expected + " " + produced), "\(description)")

        // The autumn overlap: the 02:30 CEST (00:30Z) both sides have, the 02:30 CET (01:30Z) not produced, the
        // November instant outside the picture counted.
        let autumn = try #require(HTMLTimeline.occurrencePictures(for: RunResultFixture.autumnKnown).first?.svg)
        #expect(Self.leading("title", in: autumn) == "Timeline in Europe/Berlin: 1 expected instant not produced, 1 instant as expected")
        let autumnDescription = try #require(Self.leading("desc", in: autumn))
        #expect(autumnDescription.contains("happens twice"))
        #expect(autumnDescription.contains("2027-10-31 02:30 CEST (+02:00), 2027-10-31T00:30:00Z: expected and produced."))
        #expect(autumnDescription.contains("2027-10-31 02:30 CET (+01:00), 2027-10-31T01:30:00Z: expected, not produced."))
        #expect(autumnDescription.hasSuffix("2 more instants outside this picture (see the table)."))
    }

    /// A year of hourly instants in one picture would be a description of thousands of sentences: the first twenty are
    /// named, the rest counted.
    @Test func aDescriptionNamesAtMostTwentyInstants() throws {
        let marks = (0..<30).map { minute in
            let mm = String(format: "%02d", minute)
            return HTMLTimeline.Mark(instant: RunResultFixture.berlin("2027-07-10T10:\(mm):00Z", "2027-07-10T12:\(mm):00+02:00", "CEST"),
                                     wall: Double(minute) * 60, role: .expected, state: .missing)
        }
        let (_, description) = HTMLTimeline.describe(marks, transition: nil, regionText: nil, zone: "Europe/Berlin", outside: 0)
        #expect(description.components(separatedBy: ": expected, not produced.").count - 1 == HTMLTimeline.describedInstants)
        #expect(description.hasSuffix("10 more instants in this picture (see the table)."))
    }

    /// The lifecycle picture names its runs by outcome and describes each: plan, run (or never), outcome and reason.
    @Test func aLifecyclePictureDescribesEachRun() throws {
        let lifecycle = try #require(RunResultFixture.catchUpFailed.lifecycle)
        let svg = try #require(HTMLLifecyclePicture.render(lifecycle, zoneContext: RunResultFixture.catchUpFailed.zoneContext))
        #expect(Self.leading("title", in: svg)
            == "Planned versus actual runs: 3 runs, 1 completed, 1 expired, 1 missed; 1 launch refused; runs[2] not as expected")
        let description = try #require(Self.leading("desc", in: svg))
        #expect(description.contains("The offset changes at 2027-03-28T01:00:00Z: CET → CEST, +01:00 → +02:00."))
        // What the unmet runs[2].actual writes instead, and the refused launch step, are read out too.
        #expect(description.contains("runs[2]: planned 2027-03-29 02:30 CEST (+02:00), ran 2027-03-29 04:00 CEST (+02:00), expired "
            + "(write: cancelled); not as expected: expected to run 2027-03-29 03:00 CEST (+02:00)."))
        #expect(description.contains("runs[3]: planned 2027-03-30 02:30 CEST (+02:00), never ran, missed."))
        #expect(description.hasSuffix("Launch refused at 2027-03-29 02:20 CEST (+02:00) (line 12): launch-before-earliest-begin, "
            + "before the request's earliest begin 2027-03-29 02:30 CEST (+02:00)."))
    }

    // MARK: - Keyboard and screen reader

    /// The filters are real check boxes inside their labels (a screen reader says "failed 2, check box, checked"), in
    /// groups named by their captions; Find has a label; the count of tests shown is a live region.
    @Test func theFiltersAreLabelledCheckBoxesInNamedGroups() throws {
        let nav = try #require(Self.page.components(separatedBy: "<nav class=\"filters\"").dropFirst().first?
            .components(separatedBy: "</nav>").first)
        let boxes = nav.components(separatedBy: "<input type=\"checkbox\"").count - 1
        #expect(boxes == TestStatus.allCases.count + 6)
        #expect(nav.components(separatedBy: "<label class=\"chip").count - 1 == boxes, "each check box in its label")
        #expect(!nav.contains("aria-pressed"), "check boxes announce their state; aria-pressed is for buttons")
        for caption in ["filter-status", "filter-tags"] {
            #expect(nav.contains("role=\"group\" aria-labelledby=\"\(caption)\""))
            #expect(nav.contains("id=\"\(caption)\""))
        }
        #expect(nav.contains("<label class=\"filter-caption\" for=\"find\">Find</label><input type=\"search\" id=\"find\""))
        #expect(nav.contains("<span id=\"shown-count\" class=\"hint\" role=\"status\">"))
        // A caption in capitals by text-transform was read "S-T-A-T-U-S" by some screen readers: small caps instead.
        #expect(!HTMLAssets.css.contains("text-transform: uppercase; letter-spacing"))
    }

    /// h1 the page, h2 its sections, h3 each file, h4 each test, h5 the parts of a lifecycle test: a screen reader
    /// jumps file to file or test to test, and no level is skipped.
    @Test func headingsGoFromPageToFileToTestWithoutSkippingALevel() {
        let levels = Self.page.components(separatedBy: "<h").dropFirst().compactMap { $0.first?.wholeNumberValue }
        #expect(levels.first == 1)
        #expect(levels.filter { $0 == 1 }.count == 1)
        for (previous, next) in zip(levels, levels.dropFirst()) {
            #expect(next <= previous + 1, "h\(previous) then h\(next)")
        }
        let files = HTMLReporter.groupedByFile(RunResultFixture.run.tests).count
        #expect(levels.filter { $0 == 3 }.count == files)
        #expect(levels.filter { $0 == 4 }.count == RunResultFixture.run.tests.count)
        #expect(Self.page.contains("<html lang=\"en\">"))
    }

    /// A keyboard user's first Tab reaches a link past the filters (a dozen check boxes and Find otherwise), to the
    /// page's main landmark; focus is drawn in the focus colour wherever it is.
    @Test func theFiltersCanBeSkippedAndFocusIsVisible() throws {
        let body = try #require(Self.page.components(separatedBy: "<body>").dropFirst().first)
        let firstFocusable = try #require(body.components(separatedBy: "<").dropFirst().first { $0.hasPrefix("a ") || $0.hasPrefix("input ") })
        #expect(firstFocusable.hasPrefix("a class=\"skip\" href=\"#main\""))
        #expect(Self.page.contains("<main id=\"main\">"))
        #expect(Self.page.range(of: "<main id=\"main\">")!.lowerBound > Self.page.range(of: "</nav>")!.lowerBound)
        #expect(HTMLAssets.css.contains(":focus-visible { outline: 2px solid var(--focus); outline-offset: 2px; }"))
        // In a narrow window the filters are not sticky (they took a third of a phone's screen), and a later rule
        // than the sticky one says so.
        let narrow = try #require(HTMLAssets.css.range(of: "@media (max-width: 600px) { nav.filters { position: static; } }"))
        #expect(HTMLAssets.css.range(of: "nav.filters { position: sticky;")!.lowerBound < narrow.lowerBound)
        // A focused element scrolls to just under the sticky filters, not under them.
        #expect(HTMLAssets.css.contains("html { scroll-padding-top: calc(var(--filters-height, 0px) + 8px); }"))
        // The fold triangles are drawn, not read ("▾ specs/a.yaml" was a file's name).
        let triangles = HTMLAssets.css.components(separatedBy: "content: \"▸\"; content: \"▸\" / \"\";").count
            + HTMLAssets.css.components(separatedBy: "content: \"▾\"; content: \"▾\" / \"\";").count - 2
        #expect(triangles == 4)
        #expect(HTMLAssets.css.components(separatedBy: "content: \"").count - 1 == 2 * triangles + 1)
    }

    /// Needs attention is the run's to-do list and stays whole whatever the filters show; it says so.
    @Test func needsAttentionSaysTheFiltersDoNotApplyToIt() throws {
        let section = try #require(Self.page.components(separatedBy: "<section class=\"attention\"").dropFirst().first?
            .components(separatedBy: "</section>").first)
        #expect(section.contains("The whole run: the filters apply to the tests below, not to this list."))
    }

    // MARK: - Colour

    /// The custom properties of one `:root { … }` block: name → `#rrggbb`.
    static func palette(_ block: String) -> [String: String] {
        var colours: [String: String] = [:]
        for declaration in block.components(separatedBy: ";") {
            let parts = declaration.components(separatedBy: ":").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            guard parts.count == 2, let name = parts[0].components(separatedBy: "--").last, parts[0].contains("--"),
                  parts[1].hasPrefix("#") else { continue }
            let hex = parts[1].dropFirst()
            colours[name] = hex.count == 3 ? "#" + hex.map { "\($0)\($0)" }.joined() : parts[1]
        }
        return colours
    }

    static func palettes() throws -> (light: [String: String], dark: [String: String]) {
        let css = HTMLAssets.css
        let light = try #require(css.components(separatedBy: ":root {").dropFirst().first?.components(separatedBy: "}").first)
        let darkMedia = try #require(css.components(separatedBy: "@media screen and (prefers-color-scheme: dark) {").dropFirst().first)
        let dark = try #require(darkMedia.components(separatedBy: ":root {").dropFirst().first?.components(separatedBy: "}").first)
        return (palette(light), palette(dark))
    }

    static func luminance(_ hex: String) -> Double {
        let value = Int(hex.dropFirst(), radix: 16) ?? 0
        func linear(_ shift: Int) -> Double {
            let channel = Double((value >> shift) & 0xFF) / 255
            return channel <= 0.03928 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
        }
        let (red, green, blue) = (linear(16), linear(8), linear(0))
        return 0.2126 * red + 0.7152 * green + 0.0722 * blue
    }

    static func contrast(_ a: String, _ b: String) -> Double {
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    /// Text the page writes on a background (custom property names): WCAG AA, 4.5:1, in the light and dark palettes.
    static let textPairs: [(String, String)] = [
        ("ink", "bg"), ("muted", "bg"), ("muted", "panel"), ("muted", "tag-bg"), ("muted", "attention-bg"), ("faint", "bg"),
        ("passed", "bg"), ("failed", "bg"), ("failed", "error-bg"), ("error", "bg"), ("known", "bg"), ("fixed", "bg"),
        ("notrun", "bg"), ("expected", "bg"), ("actual", "bg"), ("bad-ink", "bad-bg"), ("good-ink", "good-bg"),
        ("engine-ink", "engine-bg"), ("deviation", "bg"), ("fixed-ink", "bg"), ("gap-ink", "bg"), ("gap-ink", "gap-fill"),
        ("overlap-ink", "bg"), ("overlap-ink", "overlap-fill"), ("ink", "error-bg"), ("ink", "warning-bg"),
        ("on-badge", "passed"), ("on-badge", "failed"), ("on-badge", "error"), ("on-badge", "skipped"), ("on-badge", "known"),
        ("on-badge", "fixed"), ("on-badge", "invalid"),
    ]
    /// Marks a reader must see (axis, markers, focus ring): 3:1.
    static let markPairs: [(String, String)] = [("axis", "bg"), ("focus", "bg"), ("failed", "bg"), ("expected", "bg"), ("actual", "bg")]
    /// The hatching of a gap or an overlap (WCAG 1.4.11, non-text contrast: 3:1): its lines against the pattern's fill
    /// and, at the region's edge, the page; and the marks drawn over it against the fill they stand on (its text has a
    /// halo of the page's colour). The lines were 1.6–1.8:1 against their fill in both palettes (a review).
    static let hatchPairs: [(String, String)] = [
        ("gap-line", "gap-fill"), ("overlap-line", "overlap-fill"), ("gap-line", "bg"), ("overlap-line", "bg"),
        ("expected", "gap-fill"), ("actual", "gap-fill"), ("failed", "gap-fill"), ("passed", "gap-fill"),
        ("expected", "overlap-fill"), ("actual", "overlap-fill"), ("failed", "overlap-fill"), ("passed", "overlap-fill"),
    ]

    /// The "not run" badge was #8c959f on white, 3.0:1; the dark page is new. Every pair is computed from the style
    /// sheet itself, both palettes, and the dark one sets every colour the light one does.
    @Test func everyTextAndMarkMeetsWCAGAAInBothColourSchemes() throws {
        let (light, dark) = try Self.palettes()
        #expect(light.count >= 40)
        #expect(Set(light.keys) == Set(dark.keys), "the dark palette misses \(Set(light.keys).subtracting(dark.keys).sorted())")
        var low: [String] = []
        for (scheme, colours) in [("light", light), ("dark", dark)] {
            for (pairs, least) in [(Self.textPairs, 4.5), (Self.markPairs, 3.0), (Self.hatchPairs, 3.0)] {
                for (fg, bg) in pairs {
                    guard let a = colours[fg], let b = colours[bg] else { low.append("\(scheme): no --\(fg) or --\(bg)"); continue }
                    let ratio = Self.contrast(a, b)
                    if ratio < least { low.append("\(scheme) --\(fg) \(a) on --\(bg) \(b): \(String(format: "%.2f", ratio))") }
                }
            }
        }
        #expect(low.isEmpty, "\(low)")
        // No colour is written into a rule outside the palettes (it would not change in dark mode), except the
        // patterns' fallback attributes, which the style sheet overrides.
        let rules = HTMLAssets.css.components(separatedBy: "* { box-sizing")[1]
        #expect(!rules.contains("#") || rules.components(separatedBy: "#").dropFirst().allSatisfy {
            $0.hasPrefix("hatch-") || $0.hasPrefix("find") || $0.hasPrefix("nothing-shown") || $0.hasPrefix("printed-filters")
        }, "a colour outside the palettes")
        #expect(!rules.contains("rgba("))
    }

    /// Which instants differ, how a run went, gap or overlap: each told by shape or pattern as well as colour.
    @Test func colourIsNeverTheOnlyCue() throws {
        let css = HTMLAssets.css
        // Differing markers are hollow (the not-expected dot was orange filled with a red outline, like the rest).
        #expect(css.contains("svg.timeline .marker.missing, svg.timeline .marker.unexpected { fill: var(--bg); stroke: var(--failed); stroke-width: 2.5; }"))
        // A run that did not complete is hollow on a dashed line; one that did, a filled dot on a solid line.
        #expect(css.contains("svg.timeline .actual.run-bad { fill: var(--bg); stroke: var(--failed); stroke-width: 3; }"))
        #expect(css.contains("svg.timeline .delay.run-bad { stroke: var(--failed); stroke-dasharray:"))
        #expect(!css.contains("svg.timeline .delay.run-ok { stroke: var(--passed); stroke-dasharray"))
        // An overlap is cross-hatched, a gap hatched one way.
        func lines(_ pattern: String) throws -> Int {
            let body = try #require(Self.page.components(separatedBy: "<pattern id=\"\(pattern)\"").dropFirst().first?
                .components(separatedBy: "</pattern>").first)
            return body.components(separatedBy: "<line ").count - 1
        }
        #expect(try lines("hatch-gap") == 1)
        #expect(try lines("hatch-overlap") == 2)
        // The legend says so in words.
        let lifecycle = HTMLLifecyclePicture.legend(try #require(RunResultFixture.catchUpFailed.lifecycle)).map(\.text)
        #expect(lifecycle == ["○ planned (top lane)", "● completed (bottom lane)",
                              "hollow, red outline, dashed line: did not complete", "✕ never ran",
                              "◇ launch the system refused (no run)", "△ ▽ what runs[N] expects instead, dotted to the run",
                              "marks at one time stacked, one for each"])
        // A refused launch is a diamond and an expected instant a dashed triangle, not a red circle.
        #expect(css.contains("svg.timeline .expected-run { fill: var(--bg); stroke: var(--failed); stroke-width: 2; stroke-dasharray:"))
    }

    // MARK: - Dark mode and print

    /// On paper: no filters, every folded file and test open (in the style sheet and, for browsers without
    /// `::details-content`, by the script), pictures fitted to the page and never split, and light whatever the
    /// screen's scheme (a dark page printed light text on white paper).
    @Test func printingOpensEverythingFitsThePicturesAndStaysLight() throws {
        let css = HTMLAssets.css
        let print = try #require(css.components(separatedBy: "@media print {").dropFirst().first)
        for rule in ["nav.filters, a.skip { display: none; }", "details::details-content { content-visibility: visible; }",
                     ".picture-scroll > svg { min-width: 0; }", ".picture-scroll { overflow: visible; }",
                     "figure.picture, ", "break-inside: avoid;", ":root { color-scheme: light; }",
                     ".print-only:not([hidden]) { display: block; }", "print-color-adjust: exact;"] {
            #expect(print.contains(rule), "the print style sheet lacks \(rule)")
        }
        #expect(css.contains("@media screen and (prefers-color-scheme: dark) {"))
        #expect(!css.contains("@media (prefers-color-scheme: dark)"), "a dark scheme that would print")
        #expect(HTMLAssets.script.contains("window.addEventListener(\"beforeprint\""))
        #expect(HTMLAssets.script.contains("window.addEventListener(\"afterprint\""))
        // A printout made with filters set says which.
        #expect(Self.page.contains("<p id=\"printed-filters\" class=\"print-only note\" hidden></p>"))
        #expect(HTMLAssets.script.contains("\"Printed with filters: \""))
    }

    // MARK: - Items of the earlier review

    /// A picture of instants expected and never produced kept the room of a row of actual labels: 60 px of nothing
    /// under its tick dates. It now ends under them, as a picture with actual instants ends under their labels.
    @Test func aPictureWithoutActualInstantsEndsUnderItsAxis() throws {
        var test = RunResultFixture.firstValidFailed
        test.actual = []
        test.diff = [test.diff[0]]
        let svg = try #require(HTMLTimeline.occurrencePictures(for: test).first?.svg)
        let height = try #require(svg.components(separatedBy: "viewBox=\"0 0 960 ").dropFirst().first.flatMap { Double($0.prefix { $0 != "\"" }) })
        let lowest = try #require(HTMLReporterTests.elements("text", in: svg).compactMap { $0["y"].flatMap(Double.init) }.max())
        // Under, not over: the tick dates kept the actual labels' room above them and fell out of the picture.
        #expect((0...12).contains(height - lowest), "\(height - lowest) px under the lowest text")
        #expect(!svg.contains("class=\"marker actual"))
        // With an actual instant the labels under the axis keep their room.
        let both = try #require(HTMLTimeline.occurrencePictures(for: RunResultFixture.firstValidFailed).first?.svg)
        #expect(both.contains("viewBox=\"0 0 960 224\""))
    }

    /// Labels of a picture across years name the year (`Fri 29 Feb 2104 12:00 UTC (+00:00)`, 34 characters, about 270
    /// wide in Chromium) and were stacked as if every label were 230 wide: February 29 of 2104 and 2108, 4 years apart
    /// on a 12-year axis, ran into each other. Labels on one row now keep their own widths apart, and stay inside.
    @Test func labelsOfAPictureAcrossYearsDoNotRunIntoEachOther() throws {
        func utc(_ year: Int) -> ResultInstant {
            RunResultFixture.berlin("\(year)-02-29T12:00:00Z", "\(year)-02-29T12:00:00+00:00", "UTC")
        }
        let years = [2096, 2104, 2108]
        let test = TestResult(
            id: "leap", file: "leap.yaml", line: 1, spec: "leap", engine: "core", status: .failed, timeZone: "UTC",
            expected: years.map(utc),
            diff: years.map { DiffLine(kind: .missing, expected: utc($0), actual: nil, expectedLine: 1) })
        let svg = try #require(HTMLTimeline.occurrencePictures(for: test).first?.svg)
        let labels = HTMLReporterTests.elements("text", in: svg).filter { $0["class"]?.hasPrefix("mark-time") == true }
        #expect(labels.count == 3)
        let texts = svg.components(separatedBy: "class=\"mark-time").dropFirst().map { $0.drop { $0 != ">" }.dropFirst().prefix { $0 != "<" } }
        #expect(texts.allSatisfy { $0.count == 34 }, "\(texts)")
        let placed = labels.compactMap { label in label["x"].flatMap(Double.init).flatMap { x in label["y"].flatMap(Double.init).map { (x, $0) } } }
        for (index, first) in placed.enumerated() {
            #expect(first.0 - 34 * 4 >= 0 && first.0 + 34 * 4 <= HTMLTimeline.width, "a label leaves the picture at \(first.0)")
            for second in placed.dropFirst(index + 1) where second.1 == first.1 {
                #expect(abs(second.0 - first.0) >= 34 * 8, "two labels at y \(first.1) are \(abs(second.0 - first.0)) apart")
            }
        }
    }

    /// A fixed deviation said one thing three times: the runner's message, the declared reason, and the warning on
    /// the entry to remove. It says the reason once, with the entry's place; other diagnostics stay.
    @Test func aFixedDeviationSaysItsReasonOnce() throws {
        var test = RunResultFixture.firstValidFixed
        // As SpecRunner writes a fixed deviation.
        test.message = "passed although a known deviation is declared: the toolchain fixed it; remove it from known-deviations"
        let entry = SourceLocation(file: "specs/recurrence/berlin-spring.yaml", line: 14, column: 3)
        test.diagnostics = [
            Diagnostic(code: "fixed-deviation", severity: .warning, location: entry,
                       message: "'foundation' passes now; remove its entry from known-deviations"),
            Diagnostic(code: "offset-mismatch", severity: .warning, location: SourceLocation(file: entry.file, line: 31, column: 9),
                       message: "an unrelated warning"),
        ]
        var run = RunResultFixture.run
        run.tests = [test]
        let page = HTMLReporter().render(run)
        let article = try #require(page.components(separatedBy: "<article class=\"test fixed-deviation\"").dropFirst().first?
            .components(separatedBy: "</article>").first)
        #expect(article.components(separatedBy: "Calendar .nextTime returned 04:00 on Swift 5.10").count - 1 == 1)
        #expect(article.contains("Remove its entry from known-deviations (specs/recurrence/berlin-spring.yaml:14)."))
        #expect(!article.contains("the toolchain fixed it"))
        #expect(!article.contains("passes now"))
        #expect(article.contains("an unrelated warning"))
        // Needs attention gives the reason, not the runner's generic sentence.
        let attention = try #require(page.components(separatedBy: "<section class=\"attention\"").dropFirst().first?
            .components(separatedBy: "</section>").first)
        #expect(attention.contains("known deviation no longer happens: “Calendar .nextTime returned 04:00 on Swift 5.10”"))
    }

    /// `count` instants expected and not produced, 10:00Z, 10:01Z, … (12:00 CEST on): marks as the timeline makes them.
    static func missingMarks(_ count: Int, minuteOffset: Int = 0) -> [HTMLTimeline.Mark] {
        (0..<count).map { index in
            let mm = String(format: "%02d", index + minuteOffset)
            return HTMLTimeline.Mark(instant: RunResultFixture.berlin("2027-07-10T10:\(mm):00Z", "2027-07-10T12:\(mm):00+02:00", "CEST"),
                                     wall: Double(index + minuteOffset) * 60, role: .expected, state: .missing)
        }
    }

    /// The edges of the description's counts: twenty instants are all named and none is "more"; one outside the
    /// picture is counted, in the singular.
    @Test func aDescriptionCountsOnlyWhatItLeavesOut() {
        let twenty = HTMLTimeline.describe(Self.missingMarks(20), transition: nil, regionText: nil, zone: "Europe/Berlin", outside: 0)
        #expect(twenty.description.components(separatedBy: ": expected, not produced.").count - 1 == 20)
        #expect(!twenty.description.contains("more instant"), "\(twenty.description)")
        let oneOutside = HTMLTimeline.describe(Self.missingMarks(2), transition: nil, regionText: nil, zone: "Europe/Berlin", outside: 1)
        #expect(oneOutside.description.hasSuffix("1 more instant outside this picture (see the table)."), "\(oneOutside.description)")
    }

    /// The instants are described in time order whatever order the marks come in: a produced instant before an
    /// expected one is named first.
    @Test func aDescriptionNamesTheInstantsInTimeOrder() {
        var marks = Self.missingMarks(1, minuteOffset: 30)
        marks.append(HTMLTimeline.Mark(instant: RunResultFixture.berlin("2027-07-10T10:10:00Z", "2027-07-10T12:10:00+02:00", "CEST"),
                                       wall: 600, role: .actual, state: .unexpected))
        let (_, description) = HTMLTimeline.describe(marks, transition: nil, regionText: nil, zone: "Europe/Berlin", outside: 0)
        #expect(description == "2027-07-10 12:10 CEST (+02:00), 2027-07-10T10:10:00Z: produced, not expected. "
            + "2027-07-10 12:30 CEST (+02:00), 2027-07-10T10:30:00Z: expected, not produced.")
    }

    /// An instant both sides have under another key is one instant in the name, not one per side.
    @Test func anInstantWithAnotherKeyIsCountedOnce() {
        let instant = RunResultFixture.berlin("2027-07-10T10:00:00Z", "2027-07-10T12:00:00+02:00", "CEST")
        let marks = [HTMLTimeline.Mark(instant: instant, wall: 0, role: .expected, state: .keyMismatch),
                     HTMLTimeline.Mark(instant: instant, wall: 0, role: .actual, state: .keyMismatch)]
        let (title, description) = HTMLTimeline.describe(marks, transition: nil, regionText: nil, zone: "Europe/Berlin", outside: 0)
        #expect(title == "Timeline in Europe/Berlin: 1 instant with another key")
        #expect(description == "2027-07-10 12:00 CEST (+02:00), 2027-07-10T10:00:00Z: expected and produced, with another key.")
        // Drawn solid, as a difference: the legend names it (the HTML review found it missing there).
        let legend = HTMLTimeline.legend(marks, transition: nil, zone: "Europe/Berlin").map(\.text)
        #expect(legend.contains("solid, labelled “other key”: the instant, under another key"), "\(legend)")
    }

    /// A picture of instants produced and never expected kept the room of a row of expected labels above its axis: its
    /// axis lies one row higher than that of the same picture with an expected instant.
    @Test func aPictureWithoutExpectedInstantsKeepsNoRoomAboveItsAxis() throws {
        func axisY(_ test: TestResult) throws -> Double {
            let svg = try #require(HTMLTimeline.occurrencePictures(for: test).first?.svg)
            let axis = try #require(HTMLReporterTests.elements("line", in: svg).first { $0["class"] == "axis" })
            return try #require(axis["y1"].flatMap(Double.init))
        }
        let both = RunResultFixture.firstValidFailed
        var producedOnly = both
        producedOnly.expected = []
        producedOnly.diff = both.diff.filter { $0.kind == .unexpected }
        #expect(!producedOnly.diff.isEmpty)
        #expect(try axisY(producedOnly) == axisY(both) - HTMLTimeline.levelHeight)
    }

    /// The tests' heading counts the tests and the files, a single file in the singular.
    @Test func theTestsHeadingCountsTestsAndFiles() {
        var run = RunResultFixture.run
        run.tests = [RunResultFixture.firstValidFailed]
        #expect(HTMLReporter().render(run).contains(">Tests: 1 in 1 file</h2>"))
        run.tests = [RunResultFixture.firstValidFailed, RunResultFixture.firstValidFailed]
        run.tests[1].file = "specs/another.yaml"
        #expect(HTMLReporter().render(run).contains(">Tests: 2 in 2 files</h2>"))
    }
}
