import Foundation
import SpecDiagnostics
import SpecModel
import SpecParser
import SpecResults
import SpecRunner

/// `specrun [run] [options] PATH...`: read every spec, run the plan, report, exit 0 / 1 / 2.
struct RunCommand {
    let io: CommandIO
    let commandLine: [String]

    static let options: [OptionSpec] = [
        OptionSpec(name: "help", short: "h", help: "Show this help."),
        OptionSpec(name: "version", help: "Show specrun's version."),
        OptionSpec(name: "strict", help: "Treat warnings (lint) as errors, and fixed known deviations as failures."),
        OptionSpec(name: "quiet", short: "q", help: "Print only failures, errors and the summary."),
        OptionSpec(name: "color", valueName: "WHEN", help: "Color the report: auto (default; a terminal without NO_COLOR), always, never.",
                   allowedValues: ["auto", "always", "never"]),
        OptionSpec(name: "engine", valueName: "NAME", help: "Run recurrence specs on core, foundation or all; default: each spec's own engines (core).",
                   allowedValues: ["core", "foundation", "all"]),
    ]

    static var help: String {
        """
        OVERVIEW: Run YAML specs of schedules and background-task lifecycles; report what passed.

        USAGE: specrun [options] PATH...

        ARGUMENTS:
          PATH                              A spec file, or a folder searched recursively for *.yaml and *.yml.

        OPTIONS:
        \(OptionParser(options: options).helpLines().joined(separator: "\n"))

        EXIT STATUS:
          0  every test passed (known deviations included)
          1  a test failed
          2  a spec file or the command line was invalid (every valid spec still ran)

        """
    }

    func execute(_ arguments: [String]) async -> Int32 {
        let parsed: ParsedArguments
        do {
            parsed = try OptionParser(options: Self.options).parse(arguments)
        } catch {
            return usageFailure(error)
        }
        if parsed.flag("help") {
            io.writeOut(Self.help)
            return ExitStatus.success
        }
        if parsed.flag("version") {
            io.writeOut("specrun \(SpecrunCommand.version)\n")
            return ExitStatus.success
        }
        guard !parsed.positionals.isEmpty else {
            return usageFailure(UsageError("No spec path given. Name a spec file or a folder, e.g. 'specrun specs/'."))
        }
        let files: [String]
        do {
            files = try SpecDiscovery.files(in: parsed.positionals)
        } catch {
            return usageFailure(error)
        }
        guard !files.isEmpty else {
            let where_ = parsed.positionals.map { "'\($0)'" }.joined(separator: ", ")
            return usageFailure(UsageError("No spec files (*.yaml, *.yml) found in \(where_). Add a spec, or point specrun at the folder that holds them."))
        }
        let strict = parsed.flag("strict")
        let engines: [EngineName]? = switch parsed.value("engine") {
        case "core": [.core]
        case "foundation": [.foundation]
        case "all": [.core, .foundation]
        default: nil
        }

        let loaded = SpecLoader(strict: strict).load(files)
        let plan = TestPlan(specs: loaded.specs, engines: engines)
        let runner = SpecRunner(options: .init(monotonicNanoseconds: io.monotonicNanoseconds))
        let tests = runner.run(plan)
        let environment = EnvironmentProbe(io: io).environment(
            zones: Set(tests.compactMap(\.timeZone)).sorted(),
            specPaths: parsed.positionals,
            commandLine: commandLine)
        let result = RunResult(environment: environment, files: files, diagnostics: loaded.diagnostics, tests: tests, strict: strict)

        let color = useColor(parsed.value("color") ?? "auto")
        io.writeOut(TerminalReport(color: color, quiet: parsed.flag("quiet")).render(result))
        return result.summary.exitStatus(strict: strict)
    }

    private func useColor(_ when: String) -> Bool {
        switch when {
        case "always": true
        case "never": false
        default: io.stdoutIsTerminal && io.environment["NO_COLOR"].map(\.isEmpty) ?? true && io.environment["TERM"] != "dumb"
        }
    }

    private func usageFailure(_ error: UsageError) -> Int32 {
        io.writeError("specrun: error: \(error.message)\nRun 'specrun --help' for usage.\n")
        return ExitStatus.invalidInput
    }
}
