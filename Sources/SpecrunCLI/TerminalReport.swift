import SpecDiagnostics
import SpecResults

/// Temporary wiring until SpecReporters' terminal reporter lands: diagnostics, one line per test, the summary.
struct TerminalReport {
    var color: Bool
    var quiet: Bool

    func render(_ run: RunResult) -> String {
        var out = ""
        let renderer = DiagnosticRenderer(color: color)
        for diagnostic in run.diagnostics {
            out += renderer.render(diagnostic) + "\n\n"
        }
        for test in run.tests where !quiet || test.status.failsRun(strict: run.strict) {
            out += "\(test.status.rawValue.uppercased()) \(test.id)" + (test.message.map { " — \($0)" } ?? "") + "\n"
        }
        let s = run.summary
        out += "\(s.passed) passed, \(s.failed) failed, \(s.skipped) skipped, \(s.errors) errors\n"
        return out
    }
}
