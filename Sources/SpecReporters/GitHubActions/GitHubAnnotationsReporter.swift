import SpecDiagnostics
import SpecResults

/// GitHub Actions workflow commands, one line each, that put annotations on the spec files in a pull request:
/// `::error` for failed and errored tests and invalid spec files, `::warning` for lint warnings and fixed deviations
/// (an `::error` under `--strict`), `::notice` for known deviations. Skipped and not-run tests get none.
///
/// Errors come first, then warnings, then notices (diagnostics before tests within each level): GitHub shows only the
/// first few annotations of each kind per step. A test's annotation points at the line of the first differing
/// expected instant or unmet expectation that says where it is written, else at its diagnostic's place, else at the
/// spec (or case).
///
/// Print them to stdout when `GITHUB_ACTIONS=true`. Escaping follows the Actions toolkit: `%`, CR and LF in the
/// message; additionally `:` and `,` in properties.
public struct GitHubAnnotationsReporter: Sendable {
    /// How a spec path is written in `file=`: GitHub reads it relative to the repository's root, which the caller
    /// knows (`GITHUB_WORKSPACE`) and a reporter does not.
    private let filePath: @Sendable (String) -> String

    public init(filePath: @escaping @Sendable (String) -> String = { $0 }) {
        self.filePath = filePath
    }

    /// Every annotation, each line ending in a newline: errors, then warnings, then notices.
    public func render(_ run: RunResult) -> String {
        Self.joined(diagnosticAnnotations(run.diagnostics) + testAnnotations(run))
    }

    /// The annotations of spec-file diagnostics alone, in the same order and form as a run's: what `specrun check`
    /// prints.
    public func render(diagnostics: [Diagnostic]) -> String {
        Self.joined(diagnosticAnnotations(diagnostics))
    }

    /// A stable sort by level: within a level, diagnostics keep their order before tests in theirs.
    private static func joined(_ annotations: [Annotation]) -> String {
        [Level.error, .warning, .notice]
            .flatMap { level in annotations.filter { $0.level == level } }
            .map { $0.line + "\n" }.joined()
    }

    private enum Level: String { case error, warning, notice }

    private struct Annotation {
        var level: Level
        var line: String
    }

    private func diagnosticAnnotations(_ diagnostics: [Diagnostic]) -> [Annotation] {
        let renderer = DiagnosticRenderer(color: false)
        return diagnostics.map { diagnostic in
            let level: Level = diagnostic.severity == .error ? .error : diagnostic.severity == .warning ? .warning : .notice
            var properties: [(String, String)] = []
            if let location = diagnostic.location {
                properties += [("file", filePath(location.file)), ("line", "\(location.line)"), ("col", "\(location.column)")]
            }
            properties.append(("title", "specrun: \(diagnostic.code)"))
            return Annotation(level: level, line: command(level, properties, renderer.render(diagnostic)))
        }
    }

    private func testAnnotations(_ run: RunResult) -> [Annotation] {
        let text = FailureText(glyphs: .unicode)
        return run.tests.compactMap { test in
            let level: Level
            let title: String
            switch test.status {
            case .failed: (level, title) = (.error, "failed")
            case .error: (level, title) = (.error, "could not run")
            case .fixedDeviation: (level, title) = (run.strict ? .error : .warning, "fixed deviation")
            case .knownDeviation: (level, title) = (.notice, "known deviation")
            case .passed, .skipped, .notRun: return nil
            }
            var body = FailureText.plain(Array(text.lines(for: test).dropFirst()))
            if test.status == .fixedDeviation {
                body = "Passed although the spec declares a known deviation on \(test.engine ?? "this engine")"
                    + (test.deviationReason.map { " (\"\($0)\")" } ?? "") + "; " + FixedDeviationAdvice.advice(test) + "."
            }
            let place = Self.place(of: test)
            var properties = [("file", filePath(place.file)), ("line", "\(place.line)")]
            if let column = place.column { properties.append(("col", "\(column)")) }
            properties.append(("title", "\(test.nameInFile) \(title)"))
            return Annotation(level: level, line: command(level, properties, body))
        }
    }

    /// Where a test's annotation points, so the pull request shows it on the line to change: the first differing
    /// expected instant that says where it is written, else the first unmet lifecycle expectation that does, else the
    /// first test diagnostic with a place (a bound reached, a fixture that failed), else the spec (or case) itself.
    static func place(of test: TestResult) -> (file: String, line: Int, column: Int?) {
        if let line = test.diff.first(where: { $0.kind != .same && $0.expectedLine != nil })?.expectedLine {
            return (test.file, line, nil)
        }
        if let line = test.lifecycle?.expectations.first(where: { !$0.passed && $0.line != nil })?.line {
            return (test.file, line, nil)
        }
        if let location = test.diagnostics.lazy.compactMap(\.location).first {
            return (location.file, location.line, location.column)
        }
        return (test.file, test.line, nil)
    }

    /// Writes every annotation to `output`.
    public func write(_ run: RunResult, to output: inout some TextOutputStream) {
        output.write(render(run))
    }

    private func command(_ level: Level, _ properties: [(String, String)], _ message: String) -> String {
        let list = properties.map { "\($0.0)=\($0.0 == "file" ? Self.escapeFile($0.1) : Self.escapeProperty($0.1))" }.joined(separator: ",")
        return "::\(level.rawValue) \(list)::\(Self.escapeData(message))"
    }

    /// The message part: `%` → `%25`, CR → `%0D`, LF → `%0A` (other control characters made visible).
    static func escapeData(_ value: String) -> String {
        // Line breaks stay line breaks in a message (CRLF too, as the toolkit writes it): each line made visible alone.
        value.unicodeScalars.split(separator: "\r", omittingEmptySubsequences: false)
            .map { ControlCharacters.visible(String(String.UnicodeScalarView($0)), keepingNewlines: true) }.joined(separator: "\r")
            .replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A property value (a title): one line, so every control character made visible (a CR became `%0D`, which
    /// GitHub turns back into a line break), then `%`, `:` and `,` escaped as GitHub requires.
    static func escapeProperty(_ value: String) -> String {
        percentEscaped(ControlCharacters.visible(value))
    }

    /// The `file` property: the path as it is on disk, escaped only as GitHub requires. Made visible (`tab\u{9}name`),
    /// it named no file, and GitHub could not place the annotation.
    static func escapeFile(_ path: String) -> String {
        percentEscaped(path)
    }

    private static func percentEscaped(_ value: String) -> String {
        value.replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
            .replacingOccurrences(of: ":", with: "%3A")
            .replacingOccurrences(of: ",", with: "%2C")
    }
}
