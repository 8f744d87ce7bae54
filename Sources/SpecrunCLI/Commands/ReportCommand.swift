import Foundation
import SpecDiagnostics
import SpecReporters
import SpecResults

/// `specrun report RESULTS.json [--junit F] [--html F] [--tap F] [--artifacts DIR]`: re-renders archived results.
struct ReportCommand {
    let io: CommandIO

    static let options: [OptionSpec] = [
        OptionSpec(name: "help", short: "h", help: "Show this help."),
        OptionSpec(name: "quiet", short: "q", help: "Print only failures, errors, the offset warnings they point at, and the summary."),
        OptionSpec(name: "verbose", short: "v", help: "Show what each passing test checked (a spec's occurrences with keys, a scenario's runs), and every diagnostic, copies and all."),
        OptionSpec(name: "color", valueName: "WHEN", help: "Color the report: auto, always, never.", allowedValues: ["auto", "always", "never"]),
        ResultsFile.sizeOption,
    ] + ResultOutputs.options + RedactionOptions.options

    static var help: String {
        """
        OVERVIEW: Re-render archived JSON results: the terminal report on stdout, and any other format asked for.

        USAGE: specrun report RESULTS.json [options]

        OPTIONS:
        \(OptionParser(options: options).helpLines().joined(separator: "\n"))

        EXIT STATUS:
          0  rendered (whatever the results say); 2  the file or the command line is invalid

        """
    }

    func execute(_ arguments: [String]) -> Int32 {
        do throws(UsageError) {
            let parsed = try OptionParser(options: Self.options).parse(arguments)
            if parsed.flag("help") {
                io.writeOut(Self.help)
                return ExitStatus.success
            }
            let redaction = try RedactionOptions.redaction(parsed)
            guard parsed.positionals.count == 1 else {
                throw UsageError("give exactly one results file, e.g. 'specrun report results.json --html report.html'.")
            }
            // Archived results may come from a run with other (or no) redaction: mask again before rendering.
            let run = try ResultsFile.read(parsed.positionals[0], maxBytes: try ResultsFile.maxBytes(parsed)) { io.writeProblem(.warning, redaction.mask($0)) }
                .redacted(by: redaction)
            // Checked once the results are read: the artifacts' folder is named after the toolchain they record.
            try ResultOutputs(parsed).checkPaths(against: [], inputs: parsed.positionals, artifactsFolder: ReportArtifacts.folderName(for: run.environment))
            let glyphs = Glyphs.preferred(environment: io.environment)
            io.writeOut(TerminalReporter(color: io.useColor(parsed.value("color")), quiet: parsed.flag("quiet"), glyphs: glyphs,
                                         verbose: parsed.flag("verbose"),
                                         diagnosticsPerFile: parsed.flag("verbose") ? nil : DiagnosticDigest.defaultPerFile).render(run))
            let problems = ResultOutputs(parsed).write(run)
            for problem in problems { io.writeProblem(.error, problem) }
            return problems.isEmpty ? ExitStatus.success : ExitStatus.invalidInput
        } catch {
            return io.usageFailure(error, command: "report")
        }
    }
}
