import Foundation
import SpecDiagnostics
import SpecReporters
import SpecResults
import TextRedaction

/// `specrun check [options] PATH...`: reads and lints specs without running them, with exactly the diagnostics a
/// run reports; exit 0 (warnings allowed) or 2.
///
/// It takes the run's reading limits (`--max-depth`, `--allow-outside-fixtures`, …), so a check given a run's flags
/// reads the files exactly as that run does; `--max-occurrences` bounds running only and is not offered.
struct CheckCommand {
    let io: CommandIO

    static let options: [OptionSpec] = [
        OptionSpec(name: "help", short: "h", help: "Show this help."),
        OptionSpec(name: "strict", help: "Treat warnings (lint) as errors, as 'specrun --strict' does."),
        OptionSpec(name: "quiet", short: "q", help: "Print only errors and the summary line."),
        OptionSpec(name: "verbose", short: "v", help: "Print every diagnostic (by default copies of one are told once, and a file's first 50 in full)."),
        OptionSpec(name: "color", valueName: "WHEN", help: "Color the output: auto (default), always, never.",
                   allowedValues: ["auto", "always", "never"]),
        OptionSpec(name: "jobs", short: "j", valueName: "N", help: "Read N files at once (default: the number of cores)."),
    ] + RunLimits.options.filter { $0.name != "max-occurrences" } + RedactionOptions.options

    static var help: String {
        """
        OVERVIEW: Read and lint specs without running them: the same diagnostics a run reports, in seconds.

        USAGE: specrun check [options] PATH...

        ARGUMENTS:
          PATH                 A spec file, or a folder searched recursively for *.yaml and *.yml.

        OPTIONS:
        \(OptionParser(options: options).helpLines().joined(separator: "\n"))

        EXIT STATUS:
          0  every spec can run (warnings allowed, unless --strict)
          2  a spec file has an error (or, under --strict, a warning), or the command line is invalid

        """
    }

    func execute(_ arguments: [String]) -> Int32 {
        let parsed: ParsedArguments
        let files: [String]
        let found: SpecDiscovery.Found
        var limits: RunLimits
        let redaction: Redaction
        let jobs: Int
        do throws(UsageError) {
            parsed = try OptionParser(options: Self.options, elsewhere: ("a run (specrun [OPTIONS] PATH...)", "specrun check", RunCommand.options)).parse(arguments)
            if parsed.flag("help") {
                io.writeOut(Self.help)
                return ExitStatus.success
            }
            guard !parsed.positionals.isEmpty else {
                throw UsageError("no spec path given. Name a spec file or a folder, e.g. 'specrun check specs/'.")
            }
            limits = try RunLimits(parsed)
            jobs = try RunConfiguration.positiveInteger(parsed.value("jobs"), option: "jobs") ?? ProcessInfo.processInfo.activeProcessorCount
            redaction = try RedactionOptions.redaction(parsed)
            found = try SpecDiscovery.specs(in: parsed.positionals, stayInside: !limits.allowsLinksOut)
            files = found.files
            limits.confineFixtures(to: SpecDiscovery.folders(in: parsed.positionals))
        } catch {
            return io.usageFailure(error, command: "check")
        }

        for warning in found.warnings { io.writeProblem(.warning, warning) }
        let loaded = SpecLoader(strict: parsed.flag("strict"), parser: limits.parser, jobs: jobs,
                                namedFiles: SpecDiscovery.namedFiles(in: parsed.positionals)).load(files)
        let sources = SourceContextReader(maxBytes: limits.yaml.maxBytes).lookup
        let diagnostics = loaded.diagnostics.map { $0.redacted(by: redaction, sources: sources) }
        let shown = parsed.flag("quiet") ? diagnostics.filter { $0.severity == .error } : diagnostics
        let renderer = DiagnosticRenderer(color: io.useColor(parsed.value("color")))
        let perFile = parsed.flag("verbose") ? nil : DiagnosticDigest.defaultPerFile
        for diagnostic in DiagnosticDigest.printed(shown, perFile: perFile, verboseFlag: "--verbose") {
            io.writeOut(renderer.render(diagnostic) + "\n\n")
        }
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.filter { $0.severity == .warning }.count
        // Under --strict a lint warning is an error of a spec that is still valid: say so, or "1 valid spec: 1 error" puzzles.
        let promoted = parsed.flag("strict") ? loaded.files.flatMap(\.diagnostics).filter { $0.severity == .warning }.count : 0
        io.writeOut(Self.summary(files: files.count, specs: loaded.specs.count, errors: errors, warnings: warnings, promoted: promoted) + "\n")
        // As a run does (whatever --quiet says): a check step in CI puts the same annotations on the pull request.
        if io.environment["GITHUB_ACTIONS"] == "true" {
            io.writeOut(GitHubAnnotationsReporter(filePath: io.annotationPath).render(diagnostics: diagnostics))
        }
        return errors > 0 ? ExitStatus.invalidInput : ExitStatus.success
    }

    /// `Checked 3 files, 12 specs: 1 error, 2 warnings.`; `promoted` of the errors are lint warnings `--strict` made errors.
    static func summary(files: Int, specs: Int, errors: Int, warnings: Int, promoted: Int = 0) -> String {
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        let checked = "Checked \(count(files, "file")), \(count(specs, "valid spec"))"
        if errors == 0 && warnings == 0 { return checked + ": no problems." }
        let strict = promoted == 0 ? ""
            : promoted == errors ? (errors == 1 ? " (a lint warning, an error under --strict)" : " (lint warnings, errors under --strict)")
            : promoted == 1 ? " (1 of them a lint warning, an error under --strict)"
            : " (\(promoted) of them lint warnings, errors under --strict)"
        return checked + ": " + count(errors, "error") + strict + ", " + count(warnings, "warning") + "."
    }
}
