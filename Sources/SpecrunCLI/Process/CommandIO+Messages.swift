import SpecDiagnostics

/// How every command speaks on stderr and decides on color.
extension CommandIO {
    /// Prints `specrun: error: …` (or warning, note) on stderr. The text often quotes a path or a value from a
    /// spec folder or a results file that came from other hands: its control characters are made visible, so it
    /// cannot drive the terminal.
    func writeProblem(_ severity: Severity, _ text: String) {
        writeError("specrun: \(severity.rawValue): \(ControlCharacters.visible(text, keepingNewlines: true))\n")
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
        default: stderrIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
        }
    }

    /// Whether to color stdout for `--color WHEN`: auto means a terminal, no NO_COLOR, not TERM=dumb.
    func useColor(_ when: String?) -> Bool {
        switch when {
        case "always": true
        case "never": false
        default: stdoutIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
        }
    }
}
