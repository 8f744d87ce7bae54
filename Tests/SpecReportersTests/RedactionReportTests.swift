import Foundation
import SpecDiagnostics
import SpecReporters
import SpecResults
import Testing
import TextRedaction

/// `RunResult.redacted(by:)` masks every text the results carry, so no format shows a secret, and changes nothing
/// in results without one.
@Suite struct RedactionReportTests {
    static let tokenSecret = "s3cr3tVALUE42"
    static let bearerSecret = "abc123DEF"

    /// A text for the field `label` that carries both secrets the way they leak: a query parameter and a header.
    static func leaky(_ label: String) -> String {
        "\(label) token=\(tokenSecret) Bearer \(bearerSecret)"
    }

    static func instant(_ label: String) -> ResultInstant {
        ResultInstant(utc: leaky(label + ".utc"), epochSeconds: 1_806_282_000, offsetForm: leaky(label + ".offsetForm"),
                      local: leaky(label + ".local"), key: leaky(label + ".key"))
    }

    static func diagnostic(_ label: String) -> Diagnostic {
        Diagnostic(code: leaky(label + ".code"), severity: .error,
                   location: SourceLocation(file: leaky(label + ".file"), line: 3, column: 60),
                   message: leaky(label + ".message"), sourceLine: leaky(label + ".sourceLine"), length: 4,
                   notes: [Diagnostic.Note(location: SourceLocation(file: leaky(label + ".noteFile"), line: 1, column: 1),
                                           message: leaky(label + ".note"))])
    }

    /// Every string field of the results, and of everything in them, holds both secrets; no optional is nil.
    static let everywhere: RunResult = {
        var test = TestResult(
            id: leaky("id"), file: leaky("file"), line: 7, spec: leaky("spec"), caseName: leaky("case"),
            engine: leaky("engine"), tags: [leaky("tag")], description: leaky("description"), caseDescription: leaky("case description"), status: .failed, duration: 0.25, timeZone: leaky("zone"),
            message: leaky("message"), deviationReason: leaky("deviation"), expected: [instant("expected")],
            actual: [instant("actual")],
            diff: [DiffLine(kind: .keyMismatch, expected: instant("diff.expected"), actual: instant("diff.actual"), expectedLine: 12)],
            diagnostics: [diagnostic("test")],
            zoneContext: ZoneContext(zone: leaky("context.zone"), transitions: [ZoneContext.Transition(
                at: instant("transition"), offsetBefore: 3600, offsetAfter: 7200, localBefore: leaky("localBefore"),
                localAfter: leaky("localAfter"), abbreviationBefore: leaky("abbreviationBefore"),
                abbreviationAfter: leaky("abbreviationAfter"))]),
            lifecycle: LifecycleResult(
                runs: [LifecycleResult.Run(planned: instant("planned"), actual: instant("ran"), key: leaky("run.key"),
                                           outcome: leaky("outcome"), reason: leaky("reason"))],
                invariants: [LifecycleResult.InvariantCheck(name: leaky("invariant"), passed: false, detail: leaky("detail"))],
                expectations: [LifecycleResult.ExpectationCheck(name: leaky("expectation"), expected: leaky("wanted"),
                                                                actual: leaky("got"), passed: false, line: 21,
                                                                expectedInstant: instant("expectedInstant"))],
                refusedLaunches: [LifecycleResult.RefusedLaunch(at: instant("refused.at"), identifier: leaky("refused.identifier"),
                                                                error: leaky("refused.error"),
                                                                earliestBegin: instant("refused.earliestBegin"), line: 9)],
                scheduleChanges: [LifecycleResult.ScheduleChange(at: instant("change.at"), timeZone: leaky("change.timeZone"),
                                                                 previousTimeZone: leaky("change.previousTimeZone"), version: 2,
                                                                 change: leaky("change.change"), line: 10)],
                otherErrors: [LifecycleResult.RaisedError(at: instant("other.at"), code: leaky("other.code"),
                                                          identifier: leaky("other.identifier"), line: 11, message: leaky("other.message"))],
                appEvents: [LifecycleResult.AppEvent(at: instant("event.at"), step: leaky("event.step"), detail: leaky("event.detail"), line: 12)],
                clock: LifecycleResult.ClockSpan(start: instant("clock.start"), end: instant("clock.end"))))
        test.casesNotRun = [leaky("casesNotRun")]
        return RunResult(
            environment: Environment(
                os: leaky("os"), osVersion: leaky("osVersion"), architecture: leaky("architecture"),
                swiftVersion: leaky("swiftVersion"), foundation: leaky("foundation"), tzdataVersion: leaky("tzdata"),
                zones: [leaky("zones")], specrunVersion: leaky("specrunVersion"), gitCommit: leaky("gitCommit"),
                startTime: leaky("startTime"), commandLine: [leaky("commandLine")], specrunBuild: leaky("specrunBuild")),
            files: [leaky("files")], diagnostics: [diagnostic("run")], tests: [test], notes: [leaky("notes")],
            shard: Shard(index: 2, count: 3), mergedShards: [Shard(index: 1, count: 3)])
    }()

    /// Every string reachable from `value`, with a path; `nil` optionals are reported as `missing`.
    static func strings(in value: Any, path: String = "run", missing: inout [String]) -> [(path: String, text: String)] {
        if let text = value as? String { return [(path, text)] }
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            guard let wrapped = mirror.children.first?.value else {
                missing.append(path)
                return []
            }
            return strings(in: wrapped, path: path, missing: &missing)
        }
        return mirror.children.enumerated().flatMap { index, child in
            strings(in: child.value, path: path + "." + (child.label ?? "\(index)"), missing: &missing)
        }
    }

    @Test func theFixtureHoldsBothSecretsInEveryStringItHas() {
        // A field added to the results without a secret in this fixture fails here: add it (and redact it).
        var missing: [String] = []
        let texts = Self.strings(in: Self.everywhere, missing: &missing)
        #expect(missing.isEmpty, "optional fields left nil: \(missing)")
        #expect(texts.count >= 50)
        let plain = texts.filter { !$0.text.contains(Self.tokenSecret) || !$0.text.contains(Self.bearerSecret) }
        #expect(plain.isEmpty, "fields without the secrets: \(plain.map(\.path))")
    }

    @Test func redactionMasksEveryStringAndKeepsEverythingElse() {
        let redacted = Self.everywhere.redacted(by: .standard)
        var missing: [String] = []
        let texts = Self.strings(in: redacted, missing: &missing)
        let leaking = texts.filter { $0.text.contains(Self.tokenSecret) || $0.text.contains(Self.bearerSecret) }
        #expect(leaking.isEmpty, "still holding a secret: \(leaking.map(\.path))")
        // Each text kept its words around the masks; the notes added for source lines left out are the only new texts.
        let unmasked = texts.filter { !$0.text.contains("token=[redacted] Bearer [redacted]") && !$0.text.hasPrefix("the source line is not shown") }
        #expect(unmasked.isEmpty, "\(unmasked)")
        #expect(redacted.tests[0].status == .failed && redacted.tests[0].line == 7 && redacted.tests[0].duration == 0.25)
        #expect(redacted.tests[0].expected[0].epochSeconds == 1_806_282_000)
        #expect(redacted.tests[0].diff[0].expectedLine == 12)
        #expect(redacted.tests[0].lifecycle?.expectations[0].line == 21)
        #expect(redacted.summary == Self.everywhere.summary)
        #expect(redacted.shard == Shard(index: 2, count: 3) && redacted.mergedShards == [Shard(index: 1, count: 3)])
    }

    /// Each format of a run: what `specrun` prints and writes.
    static func renders(_ run: RunResult) throws -> [(format: String, text: String)] {
        var rendered: [(String, String)] = [
            ("terminal", TerminalReporter().render(run)),
            ("terminal, quiet", TerminalReporter(quiet: true).render(run)),
            ("json", try JSONReporter().render(run)),
            ("junit", JUnitReporter().render(run)),
            ("html", HTMLReporter().render(run)),
            ("tap", TAPReporter().render(run)),
            ("github", GitHubAnnotationsReporter().render(run)),
        ]
        for artifact in try ReportArtifacts.files(for: run) {
            rendered.append(("artifact " + artifact.name, String(decoding: artifact.contents, as: UTF8.self)))
        }
        return rendered
    }

    @Test func noFormatShowsASecretOnceTheResultsAreRedacted() throws {
        // Unredacted, every format shows both secrets: the search below would find a leak.
        for (format, text) in try Self.renders(Self.everywhere) {
            #expect(text.contains(Self.tokenSecret) && text.contains(Self.bearerSecret), "\(format) shows no secret even unredacted")
        }
        for (format, text) in try Self.renders(Self.everywhere.redacted(by: .standard)) {
            #expect(!text.contains(Self.tokenSecret), "\(format) leaks the token")
            #expect(!text.contains(Self.bearerSecret), "\(format) leaks the bearer token")
            #expect(text.contains("[redacted]"), "\(format)")
        }
    }

    /// Instants repeat in a test (an expected one, the produced one equal to it, the diff line pairing them), and
    /// masking reuses the answer for an equal instant: each must come out as masking it on its own would.
    @Test(arguments: [
        // kinds of the diff lines, and which instants `expected` and `actual` hold (by label)
        ([DiffLine.Kind.same, .same], ["a", "b"], ["a", "b"]),
        ([.missing, .same, .unexpected], ["a", "b"], ["b", "c"]),
        ([.keyMismatch, .unexpected, .missing], ["a", "x"], ["a", "c"]),
        ([.unexpected, .unexpected], [], ["a", "b"]),
        // the same texts with another key (the engine's key beside a spec that gives none), or none
        ([.same, .same, .same], ["a", "b", "b"], ["A", "B", "n"]),
        ([.same, .same, .same], ["A", "n", "B"], ["a", "b", "n"]),
    ])
    func repeatedInstantsAreMaskedAsEachAlone(kinds: [DiffLine.Kind], expected: [String], actual: [String]) {
        let redaction = Redaction.standard
        // "a" holds secrets in every text, "b" in none, "c" in its key only, "x" in its local time only; "A" has the
        // texts of "a" and a key without a secret, "B" the texts of "b" and a secret key, "n" the texts of "b" and no key.
        func instant(_ label: String) -> ResultInstant {
            let secret = "token=\(Self.tokenSecret)"
            let secretTexts = label == "a" || label == "A"
            return ResultInstant(
                utc: secretTexts ? secret : "2027-03-28T01:00:00Z", epochSeconds: Double(label.unicodeScalars.first!.value),
                offsetForm: secretTexts ? secret : "2027-03-28T03:00:00+02:00",
                local: secretTexts || label == "x" ? secret : "2027-03-28 03:00 CEST (+02:00)",
                key: label == "n" ? nil : label == "a" || label == "c" || label == "B" ? secret : "k/\(label)")
        }
        func alone(_ instant: ResultInstant) -> ResultInstant {
            ResultInstant(utc: redaction.mask(instant.utc), epochSeconds: instant.epochSeconds,
                          offsetForm: redaction.mask(instant.offsetForm), local: redaction.mask(instant.local),
                          key: instant.key.map { redaction.mask($0) })
        }
        var nextExpected = 0, nextActual = 0
        let diff = kinds.map { kind -> DiffLine in
            let hasExpected = kind != .unexpected, hasActual = kind != .missing
            defer {
                if hasExpected { nextExpected += 1 }
                if hasActual { nextActual += 1 }
            }
            return DiffLine(kind: kind, expected: hasExpected ? instant(expected[nextExpected]) : nil,
                            actual: hasActual ? instant(actual[nextActual]) : nil)
        }
        let test = TestResult(id: "t", file: "f", line: 1, spec: "s", status: .failed,
                              expected: expected.map(instant), actual: actual.map(instant), diff: diff)
        let masked = RunResult(environment: RunResultFixture.environment, files: [], diagnostics: [], tests: [test])
            .redacted(by: redaction).tests[0]
        #expect(masked.expected == test.expected.map(alone))
        #expect(masked.actual == test.actual.map(alone))
        #expect(masked.diff == test.diff.map { DiffLine(kind: $0.kind, expected: $0.expected.map(alone), actual: $0.actual.map(alone)) })
        #expect(!masked.expected.contains { $0.utc.contains(Self.tokenSecret) || ($0.key ?? "").contains(Self.tokenSecret) })
    }

    /// Two tests whose ids differ only in a secret would share one id once masked, and a results file holds each id
    /// once: its own reader refused it (`report`, `merge`, `compare`, `--last-failed`). The later ones are numbered.
    @Test func idsThatOnlyASecretToldApartStayDistinctOnceMasked() throws {
        let ids = ["a.yaml › Bearer 2a tokens › core", "a.yaml › Bearer 2b tokens › core", "a.yaml › plain › core",
                   "a.yaml › Bearer 2c tokens › core"]
        let tests = ids.map { TestResult(id: $0, file: "a.yaml", line: 1, spec: "s", status: .passed) }
        let masked = RunResult(environment: RunResultFixture.environment, files: ["a.yaml"], diagnostics: [], tests: tests)
            .redacted(by: .standard)
        #expect(masked.tests.map(\.id) == ["a.yaml › Bearer [redacted] tokens › core", "a.yaml › Bearer [redacted] tokens › core #2",
                                          "a.yaml › plain › core", "a.yaml › Bearer [redacted] tokens › core #3"])
        let data = try JSONReporter().data(masked)
        #expect(try JSONResultsReader.read(data, source: "results.json").tests.map(\.id) == masked.tests.map(\.id))
    }

    @Test func theDefaultPatternsChangeNothingInTheReportersFixture() throws {
        // The fixture every golden output is rendered from: redacting it leaves it as it is, so the goldens hold.
        #expect(RunResultFixture.run.redacted(by: .standard) == RunResultFixture.run)
        #expect(RunResultFixture.run.redacted(by: .none) == RunResultFixture.run)
    }

    @Test func aCommandLinePatternReachesEveryFormatToo() throws {
        let run = RunResultFixture.run.redacted(by: Redaction(patterns: [try RedactionPattern("Berlin")]))
        for (format, text) in try Self.renders(run) {
            #expect(!text.contains("Berlin"), "\(format)")
        }
    }

    // MARK: Source lines

    static func lineDiagnostic(_ line: String, column: Int, length: Int) -> Diagnostic {
        Diagnostic(code: "invalid-name", location: SourceLocation(file: "specs/a.yaml", line: 5, column: column),
                   message: "a message", sourceLine: line, length: length)
    }

    @Test func aSourceLineMaskedAfterTheCaretIsShownMasked() {
        let line = "  job: {stages: [dowload], items: [\"token=abc123\"]}"
        let diagnostic = Self.lineDiagnostic(line, column: 18, length: 7).redacted(by: .standard)
        #expect(diagnostic.sourceLine == "  job: {stages: [dowload], items: [\"token=[redacted]\"]}")
        #expect(diagnostic.notes.isEmpty)
        #expect(DiagnosticRenderer().render(diagnostic).contains("                 ^~~~~~~"))
    }

    @Test func aSourceLineMaskedAtOrBeforeTheCaretIsLeftOutWithANote() {
        // The secret s3cr3t is columns 40–45; the caret under `tok` (34–36) ends before it, and keeps the line.
        let line = "  - {fail: {stage: write, error: token=s3cr3t}, note: x}"
        #expect(Self.lineDiagnostic(line, column: 34, length: 3).redacted(by: .standard).sourceLine
                == "  - {fail: {stage: write, error: token=[redacted]}, note: x}")
        for column in [38, 40, 50] {
            let diagnostic = Self.lineDiagnostic(line, column: column, length: 3).redacted(by: .standard)
            #expect(diagnostic.sourceLine == nil)
            #expect(diagnostic.notes.map(\.message) == ["the source line is not shown: it holds text that the redaction patterns mask"])
            #expect(!DiagnosticRenderer().render(diagnostic).contains("s3cr3t"))
        }
        let untouched = Self.lineDiagnostic("  at: 02:30", column: 7, length: 5)
        #expect(untouched.redacted(by: .standard) == untouched)
    }

    static let hidden = "the source line is not shown: it holds part of a text that the redaction patterns mask, which begins on a line before it or runs past what is shown of it"

    @Test func aSecretBeginningOnTheLineBeforeHidesTheLineWhenTheFileIsAtHand() {
        // YAML reads the quoted value as "…Authorization: Basic dXNlcjpwYXNz": the header's value is on line 5 alone,
        // where no pattern finds it; the error points at line 5.
        let line = #"  dXNlcjpwYXNz" trailing"#
        let diagnostic = Self.lineDiagnostic(line, column: 21, length: 1)
        #expect(diagnostic.redacted(by: .standard).sourceLine == line, "masked alone, the line keeps its secret")
        let sources: SourceContextLookup = { file, number in
            file == "specs/a.yaml" && number == 5
                ? SourceContext(preceding: "spec: multi-line\ndescription: \"calls the API with Authorization: Basic", line: line) : nil
        }
        let masked = diagnostic.redacted(by: .standard, sources: sources)
        #expect(masked.sourceLine == nil)
        #expect(masked.notes.map(\.message) == [Self.hidden])
        // The same in the file's own text: a bearer token on the next line.
        let bearer = SourceContext(preceding: "description: sends Bearer", line: "  abc123def456, x")
        #expect(Self.lineDiagnostic(bearer.line, column: 3, length: 1).redacted(by: .standard, sources: { _, _ in bearer }).sourceLine == nil)
    }

    /// A `--redact` pattern that spans a line end (a key block's body after its header) is tried on the lines as the
    /// file has them, line ends kept: folded into one line, `\n` in the pattern would find nothing.
    @Test func aPatternAcrossALineEndHidesTheLineItReachesInto() throws {
        let redaction = Redaction(patterns: [try RedactionPattern(#"KEY-----\n(\S+)"#)])
        let context = SourceContext(preceding: "spec: key\n-----BEGIN KEY-----", line: "MIIBsecretbody")
        let diagnostic = Self.lineDiagnostic(context.line, column: 1, length: 1)
        #expect(diagnostic.redacted(by: redaction).sourceLine == context.line, "masked alone, the line keeps its secret")
        #expect(diagnostic.redacted(by: redaction, sources: { _, _ in context }).sourceLine == nil)
    }

    /// YAML decodes a double-quoted value's escapes (`to\u006ben=` is `token=`) and joins a line ending in `\` to
    /// the next without a space: read as written, the patterns miss the secret (a second black-box review).
    @Test func escapesThatHideASecretFromThePatternsHideTheLine() {
        let escaped = #"  - {name: "to\u006ben=ESCU02secret", after: 2027-03-28T00:00:00}"#
        let header = #"description: "Authoriza\u0074ion: Basic dXNlcjpwYXNz", x: y"#
        let continued = SourceContext(preceding: #"description: "fetch https://bot:ESC\"#, line: #"  02pw@api.example.com", x: y"#)
        for context in [SourceContext(preceding: "cases:", line: escaped), SourceContext(preceding: "", line: header), continued] {
            let diagnostic = Self.lineDiagnostic(context.line, column: 3, length: 1)
            #expect(diagnostic.redacted(by: .standard).sourceLine == context.line, "masked alone, \(context.line) keeps its secret")
            let masked = diagnostic.redacted(by: .standard, sources: { _, _ in context })
            #expect(masked.sourceLine == nil, "\(context.line)")
            #expect(masked.notes.map(\.message) == [Self.hidden])
        }
        // Escapes that hide nothing keep the line.
        let plain = SourceContext(preceding: #"description: "tab\there""#, line: #"  name: "caf\u00e9 at 02:30""#)
        let diagnostic = Self.lineDiagnostic(plain.line, column: 3, length: 1)
        #expect(diagnostic.redacted(by: .standard, sources: { _, _ in plain }) == diagnostic)
    }

    @Test func linesAfterUnrelatedOrMaskedLinesAreShownAsBefore() {
        let line = "  timezone: Europe/Berln"
        let diagnostic = Self.lineDiagnostic(line, column: 13, length: 12)
        for preceding in ["schedule:", "description: password: hunter2", "items: [\"token=abc123\"]\nschedule:"] {
            let context = SourceContext(preceding: preceding, line: line)
            #expect(diagnostic.redacted(by: .standard, sources: { _, _ in context }) == diagnostic, "after \(preceding)")
        }
        // A file changed since it was read: nothing to compare, the line is masked alone.
        let changed = SourceContext(preceding: "description: Bearer", line: "  timezone: Europe/Paris")
        #expect(diagnostic.redacted(by: .standard, sources: { _, _ in changed }) == diagnostic)
    }

    @Test func aLongLineCutInsideASecretIsLeftOutAndOneCutBeforeItIsShown() {
        // Diagnostics show the first 1,000 code points of a line and " …": a cut inside the URL's password leaves
        // `https://bot:secretpa` without the `@host` the pattern needs.
        let padding = String(repeating: "x", count: 975)
        let line = "{a: \"" + padding + " https://bot:secretpassword@api.example.com\"}"
        let shown = String(line.prefix(1_000)) + " …"
        #expect(shown.contains("https://bot:secr"))
        let diagnostic = Self.lineDiagnostic(shown, column: 1, length: 1)
        #expect(diagnostic.redacted(by: .standard).sourceLine == shown, "masked alone, the cut keeps part of the password")
        let context = SourceContext(preceding: "", line: line)
        let masked = diagnostic.redacted(by: .standard, sources: { _, _ in context })
        #expect(masked.sourceLine == nil)
        #expect(masked.notes.map(\.message) == [Self.hidden])
        // A secret wholly past the cut is not shown anyway: the line stays.
        let later = "{a: \"" + padding + String(repeating: "y", count: 100) + " https://bot:secretpassword@api.example.com\"}"
        let laterShown = String(later.prefix(1_000)) + " …"
        let laterContext = SourceContext(preceding: "", line: later)
        #expect(Self.lineDiagnostic(laterShown, column: 1, length: 1).redacted(by: .standard, sources: { _, _ in laterContext }).sourceLine == laterShown)
    }
}
