import SpecDiagnostics
import TextRedaction

/// How every command speaks on stderr and decides on color.
extension CommandIO {
    /// Prints `specrun: error: …` (or warning, note) on stderr. The text often quotes a path or a value from a
    /// spec folder, a results file or the command line: it is masked with `messageRedaction` (the command's
    /// `--redact` and `--no-default-redaction`), and its control characters are made visible, so it cannot drive the
    /// terminal. Every usage error, refusal, warning and note a command prints comes through here.
    func writeProblem(_ severity: Severity, _ text: String) {
        let masked = messageRedaction.mask(text)
        writeError("specrun: \(severity.rawValue): \(ControlCharacters.visible(masked, keepingNewlines: true))\n")
    }

    /// Prints a usage mistake the one way every command does, and gives exit status 2. The pointer to `--help`
    /// follows only a mistake in the command line, not a file that cannot be read (`UsageError.pointsToHelp`).
    func usageFailure(_ error: UsageError, command: String? = nil) -> Int32 {
        let help = command.map { "specrun \($0) --help" } ?? "specrun --help"
        writeProblem(.error, error.message)
        if error.pointsToHelp { writeError("Run '\(help)' for usage.\n") }
        return ExitStatus.invalidInput
    }

    /// Whether to color what goes to stderr for `--color WHEN` (diagnostics beside `--list`): as `useColor`, for stderr.
    func useColorOnStderr(_ when: String?) -> Bool {
        switch when {
        case "always": true
        case "never": false
        default: colorsByDefault(onTerminal: stderrIsTerminal)
        }
    }

    /// Whether to color stdout for `--color WHEN`: auto means a terminal, no NO_COLOR, not TERM=dumb.
    func useColor(_ when: String?) -> Bool {
        switch when {
        case "always": true
        case "never": false
        default: colorsByDefault(onTerminal: stdoutIsTerminal)
        }
    }

    /// `--color auto` for one stream. `NO_COLOR` (set and not empty, no-color.org) turns color off and wins over
    /// everything but the flag; `FORCE_COLOR` (force-color.org) or `CLICOLOR_FORCE` (bixense.com/clicolors), set and
    /// neither empty nor `0` nor `false`, turn it on where a CI log renders escapes but no terminal is attached.
    /// Otherwise: a terminal that is not `TERM=dumb`.
    func colorsByDefault(onTerminal isTerminal: Bool) -> Bool {
        if !(environment["NO_COLOR"] ?? "").isEmpty { return false }
        let forced = ["FORCE_COLOR", "CLICOLOR_FORCE"].contains { name in
            environment[name].map { !$0.isEmpty && !["0", "false"].contains($0.lowercased()) } ?? false
        }
        return forced || (isTerminal && environment["TERM"] != "dumb")
    }
}
