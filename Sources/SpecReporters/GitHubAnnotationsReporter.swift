import SpecDiagnostics
import SpecResults

/// GitHub Actions workflow commands, one line each, that put annotations on the spec files in a pull request:
/// `::error` for failed and errored tests and invalid spec files, `::warning` for lint warnings and fixed deviations
/// (an `::error` under `--strict`), `::notice` for known deviations. Skipped and not-run tests get none.
///
/// Print them to stdout when `GITHUB_ACTIONS=true`. Escaping follows the Actions toolkit: `%`, CR and LF in the
/// message; additionally `:` and `,` in properties.
public struct GitHubAnnotationsReporter: Sendable {
    public init() {}

    /// Every annotation, each line ending in a newline.
    public func render(_ run: RunResult) -> String {
        var lines: [String] = []
        let renderer = DiagnosticRenderer(color: false)
        for diagnostic in run.diagnostics {
            let level = diagnostic.severity == .error ? "error" : diagnostic.severity == .warning ? "warning" : "notice"
            var properties: [(String, String)] = []
            if let location = diagnostic.location {
                properties += [("file", location.file), ("line", "\(location.line)"), ("col", "\(location.column)")]
            }
            properties.append(("title", "specrun: \(diagnostic.code)"))
            lines.append(command(level, properties, renderer.render(diagnostic)))
        }
        let text = FailureText(glyphs: .unicode)
        for test in run.tests {
            let level: String
            let title: String
            switch test.status {
            case .failed: (level, title) = ("error", "failed")
            case .error: (level, title) = ("error", "could not run")
            case .fixedDeviation: (level, title) = (run.strict ? "error" : "warning", "fixed deviation")
            case .knownDeviation: (level, title) = ("notice", "known deviation")
            case .passed, .skipped, .notRun: continue
            }
            var body = FailureText.plain(Array(text.lines(for: test).dropFirst()))
            if test.status == .fixedDeviation {
                body = "Passed although the spec declares a known deviation on \(test.engine ?? "this engine")"
                    + (test.deviationReason.map { " (\"\($0)\")" } ?? "") + "; remove it from known-deviations."
            }
            lines.append(command(level, [
                ("file", test.file), ("line", "\(test.line)"), ("title", "\(test.nameInFile) \(title)"),
            ], body))
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// Writes every annotation to `output`.
    public func write(_ run: RunResult, to output: inout some TextOutputStream) {
        output.write(render(run))
    }

    private func command(_ level: String, _ properties: [(String, String)], _ message: String) -> String {
        let list = properties.map { "\($0.0)=\(Self.escapeProperty($0.1))" }.joined(separator: ",")
        return "::\(level) \(list)::\(Self.escapeData(message))"
    }

    /// The message part: `%` → `%25`, CR → `%0D`, LF → `%0A` (other control characters made visible).
    static func escapeData(_ value: String) -> String {
        ControlCharacters.visible(value, keepingNewlines: true)
            .replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A property value: as the message, plus `:` → `%3A` and `,` → `%2C`.
    static func escapeProperty(_ value: String) -> String {
        escapeData(value)
            .replacingOccurrences(of: ":", with: "%3A")
            .replacingOccurrences(of: ",", with: "%2C")
    }
}
