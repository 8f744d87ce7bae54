import SpecDiagnostics
import SpecResults

/// The human report on stdout: spec-file diagnostics, one line per test grouped by file, the explanation of every
/// failure, and a closing line that starts `N passed, N failed`.
///
/// The reporter never looks at the process: the CLI decides `color` (from `--color`, `NO_COLOR` and whether stdout
/// is a terminal) and `glyphs` (from the locale, `Glyphs.preferred(environment:)`).
public struct TerminalReporter: Sendable {
    /// ANSI colors and bold.
    public var color: Bool
    /// Only failures, errors, error diagnostics and the closing line.
    public var quiet: Bool
    public var glyphs: Glyphs
    /// A passing lifecycle scenario shows its runs too (planned, actual, outcome, key), as a failing one does: what a
    /// spec author copies into `runs:` once the scenario does what it should. Ignored under `quiet`.
    public var verbose: Bool
    /// How many distinct diagnostics of one file are printed, copies of one told once (`DiagnosticDigest`); `nil`
    /// prints every diagnostic as it is (`--verbose`).
    public var diagnosticsPerFile: Int?

    public init(color: Bool = false, quiet: Bool = false, glyphs: Glyphs = .unicode, verbose: Bool = false,
                diagnosticsPerFile: Int? = DiagnosticDigest.defaultPerFile) {
        self.color = color
        self.quiet = quiet
        self.glyphs = glyphs
        self.verbose = verbose
        self.diagnosticsPerFile = diagnosticsPerFile
    }

    /// The whole report.
    public func render(_ run: RunResult) -> String {
        var out = ""
        write(run, to: &out)
        return out
    }

    /// Writes the whole report to `output`.
    public func write(_ run: RunResult, to output: inout some TextOutputStream) {
        // Under --quiet, errors, and the warnings of failed tests a failure can follow from (offset-mismatch,
        // outside-window, duplicate-expected-key: those their messages send the reader to, and those on their own lines).
        let diagnostics: [Diagnostic]
        let pointed = Set(run.warningsOfFailures())
        if quiet {
            diagnostics = run.diagnostics.filter { $0.severity == .error || pointed.contains($0) }
        } else {
            diagnostics = run.diagnostics
        }
        let renderer = DiagnosticRenderer(color: color)
        // The warnings a failure sends its reader to are shown whatever the limit of a file's problems.
        for diagnostic in DiagnosticDigest.printed(diagnostics, perFile: diagnosticsPerFile, verboseFlag: "--verbose",
                                                   keeping: { pointed.contains($0) }) {
            output.write(renderer.render(diagnostic) + "\n\n")
        }
        var currentFile: String?
        let disagreements = EngineDisagreement.find(in: run)
        var previous: TestResult?
        for test in run.tests where shows(test, strict: run.strict) {
            if test.file != currentFile {
                currentFile = test.file
                output.write(paint(ControlCharacters.visible(test.file), .bold) + "\n")
            }
            if let previous, SameFailure.holds(test, as: previous) {
                output.write(renderTest(test, sameAs: previous))
            } else {
                output.write(renderTest(test))
            }
            previous = test
            for disagreement in disagreements[test.id] ?? [] where !quiet {
                for line in disagreement.lines(glyphs: glyphs) {
                    output.write("      " + paint(ControlCharacters.visible(line), .magenta) + "\n")
                }
            }
        }
        if currentFile != nil { output.write("\n") }
        if !quiet { output.write(attentionRecap(run.tests, diagnostics: run.diagnostics, strict: run.strict)) }
        for note in run.notes where !quiet {
            output.write(paint("note: ", .dim) + ControlCharacters.visible(note, keepingNewlines: true) + "\n")
        }
        output.write(renderSummary(run) + "\n")
    }

    /// Explanation lines under a test's line, indented and painted.
    private func render(_ lines: [FailureText.Line]) -> String {
        lines.map { String(repeating: " ", count: 6 + $0.indent) + paint(ControlCharacters.visible($0.text), style(for: $0.style)) + "\n" }
            .joined()
    }

    /// One test's line and, when it did not pass, its explanation; ends with a newline.
    ///
    /// The CLI can print this as each test finishes.
    public func renderTest(_ test: TestResult) -> String {
        var line = "  " + markedName(test)
        if let suffix = suffix(for: test) {
            line += " " + glyphs.dash + " " + paint(ControlCharacters.visible(suffix), style(for: test.status))
        }
        var out = line + "\n"
        if test.status == .failed || test.status == .error || (!quiet && test.status == .knownDeviation) {
            let text = FailureText(glyphs: glyphs)
            out += render(test.status == .knownDeviation ? knownDeviationLines(test, text) : text.lines(for: test))
        } else if !quiet {
            if verbose, test.status == .passed, let lifecycle = test.lifecycle {
                out += render(FailureText(glyphs: glyphs).lifecycleLines(lifecycle))
            } else if verbose, test.status == .passed {
                out += render(FailureText(glyphs: glyphs).checkedLines(test))
            }
            for diagnostic in test.diagnostics {
                let rendered = DiagnosticRenderer(color: color).render(diagnostic)
                out += rendered.split(separator: "\n", omittingEmptySubsequences: false)
                    .map { "      " + $0 }.joined(separator: "\n") + "\n"
            }
        }
        return out
    }

    /// A test's line followed by a pointer to the same failure of another engine, printed just above it.
    func renderTest(_ test: TestResult, sameAs other: TestResult) -> String {
        "  " + markedName(test) + "\n" + render([FailureText.Line(
            text: "the same \(test.status == .error ? "error" : "failure") as \(other.engine ?? "the engine") above",
            style: .dim)])
    }

    /// `4 passed, 1 failed, 1 error, 1 skipped, 1 known deviation, 1 fixed deviation, 1 not run; 1 invalid spec file, 1 warning`
    ///
    /// Always starts `N passed, N failed`; the other counts follow only when they are not zero.
    public func renderSummary(_ run: RunResult) -> String {
        let summary = run.summary
        var parts = ["\(summary.passed) passed", "\(summary.failed) failed"]
        func add(_ count: Int, _ singular: String, _ plural: String) {
            if count > 0 { parts.append("\(count) \(count == 1 ? singular : plural)") }
        }
        add(summary.errors, "error", "errors")
        add(summary.skipped, "skipped", "skipped")
        add(summary.knownDeviations, "known deviation", "known deviations")
        // Under --strict they fail the run, which the line says: "0 failed" above an exit status of 1 misled.
        add(summary.fixedDeviations, "fixed deviation" + (run.strict ? " (a failure under --strict)" : ""),
            "fixed deviations" + (run.strict ? " (failures under --strict)" : ""))
        add(summary.notRun, "not run", "not run")
        var text = parts.joined(separator: ", ")
        var fileParts: [String] = []
        if summary.invalidFiles > 0 {
            // Under --strict a lint warning is an error, yet the file's specs run: "invalid" read as "not run" to an
            // app team's reviewer, whose flagged specs were counted as passed on the same line.
            let files = "spec file\(summary.invalidFiles == 1 ? "" : "s")"
            fileParts.append(run.strict ? "\(summary.invalidFiles) \(files) with errors (warnings count under --strict)"
                                        : "\(summary.invalidFiles) invalid \(files)")
        }
        if summary.warnings > 0 {
            fileParts.append("\(summary.warnings) warning\(summary.warnings == 1 ? "" : "s")")
        }
        if !fileParts.isEmpty { text += "; " + fileParts.joined(separator: ", ") }
        // A shard's counts are part of a run's: said on the line itself, as a reader of one CI job (or of its HTML
        // page, whose title and summary this line is) took a shard's failures for all of them.
        if let held = run.heldShards {
            text += "; \(Shard.named(held)) of a sharded run"
        }
        let failing = summary.exitStatus(strict: run.strict) != 0
        return paint(text, failing ? .red : .green)
    }

    /// Above the closing line, every spec file that did not run (its first error, as the HTML lists it) and every
    /// failure, error and fixed deviation again, one line each with its place: in a report of thousands of lines they
    /// would otherwise have scrolled away (a reviewer's run exited 2 with only its one failure listed here, the
    /// invalid files' errors far above). Nothing when there is nothing to look at or nothing else in the report (the
    /// list would repeat it).
    func attentionRecap(_ tests: [TestResult], diagnostics: [Diagnostic] = [], strict: Bool = false) -> String {
        let flagged = tests.filter(\.status.needsAttention)
        let invalid = diagnostics.firstErrorOfEachFile.map { diagnostics[$0] }
        guard !flagged.isEmpty || !invalid.isEmpty, flagged.count < tests.count || (!invalid.isEmpty && !tests.isEmpty) else { return "" }
        var out = paint("Needs attention (\(invalid.count + flagged.count)):", .bold) + "\n"
        let label = strict ? "spec file with errors" : "invalid spec file"
        for diagnostic in invalid {
            let place = diagnostic.location.map { "\($0.file):\($0.line)" } ?? diagnostic.code
            // Whole, its line breaks made visible: a message is one line, but one quoting a block scalar's value
            // (`'02:30⏎'`) was cut at the value's line break.
            out += "  " + paint(glyphs.mark(for: .error), style(for: .error)) + " " + label + ": "
                + ControlCharacters.visible(diagnostic.message) + diagnostics.moreErrors(inFileOf: diagnostic)
                + "  " + paint(ControlCharacters.visible(place), .dim) + "\n"
        }
        for test in flagged {
            out += "  " + markedName(test) + "  " + paint(ControlCharacters.visible("\(test.file):\(test.line)"), .dim) + "\n"
        }
        return out + "\n"
    }

    /// `✘ spec › case › engine`: the status mark, painted, and the name.
    private func markedName(_ test: TestResult) -> String {
        paint(glyphs.mark(for: test.status), style(for: test.status)) + " " + displayName(test)
    }

    /// `spec › case › engine` with the glyphs' separator, control characters made visible.
    private func displayName(_ test: TestResult) -> String {
        // Foundation's replacing goes through NSString: skip it when the glyphs already use " › " (10,000-line reports).
        let nameInFile = test.nameInFile
        return ControlCharacters.visible(
            glyphs.separator == " › " ? nameInFile : nameInFile.replacingOccurrences(of: " › ", with: glyphs.separator))
    }

    private func shows(_ test: TestResult, strict: Bool) -> Bool {
        !quiet || test.status.failsRun(strict: strict)
    }

    private func suffix(for test: TestResult) -> String? {
        let firstLine = test.message?.split(separator: "\n").first.map(String.init)
        switch test.status {
        case .passed, .failed, .error:
            return nil
        case .skipped:
            return "skipped" + (firstLine.map { ": \($0)" } ?? "")
        case .knownDeviation:
            return "known deviation" + (test.deviationReason.map { ": \($0)" } ?? "")
        case .fixedDeviation:
            let declared = test.deviationReason.map { " (\"\($0)\")" } ?? ""
            return "fixed deviation: passed although the spec declares one\(declared); "
                + FixedDeviationAdvice.advice(test)
        case .notRun:
            return "not run" + (firstLine.map { ": \($0)" } ?? "")
        }
    }

    /// A known deviation is expected: show what differs, without the full failure block.
    private func knownDeviationLines(_ test: TestResult, _ text: FailureText) -> [FailureText.Line] {
        var lines: [FailureText.Line] = []
        if let message = test.message { lines.append(.init(text: message, style: .dim)) }
        lines += text.occurrenceLines(test).map { FailureText.Line(text: $0.text, style: .dim, indent: $0.indent) }
        return lines
    }

    private enum Paint: String {
        case bold = "1", red = "31", green = "32", yellow = "33", cyan = "36", dim = "2", magenta = "35", boldRed = "1;31"
    }

    private func style(for status: TestStatus) -> Paint {
        switch status {
        case .passed: .green
        case .failed, .error: .boldRed
        case .skipped, .notRun: .dim
        case .knownDeviation: .yellow
        case .fixedDeviation: .magenta
        }
    }

    private func style(for style: FailureText.Style) -> Paint? {
        switch style {
        case .plain: nil
        case .dim: .dim
        case .emphasis: .bold
        case .missing: .red
        case .unexpected: .green
        case .changed: .yellow
        }
    }

    private func paint(_ text: String, _ style: Paint?) -> String {
        guard color, let style, !text.isEmpty else { return text }
        return "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m"
    }
}
