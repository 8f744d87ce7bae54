import Foundation
import SpecReporters
import SpecResults

/// Reads an archived JSON results file, with a message that names the file and the place when it cannot.
enum ResultsFile {
    static func read(_ path: String) throws(UsageError) -> RunResult {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw UsageError("Cannot read the results file '\(path)'. Give the path of a JSON file written by 'specrun --json'." + UnexpandedHome.hint(for: path))
        }
        do {
            return try JSONResultsReader.read(data, source: path)
        } catch {
            throw UsageError("The results file \(error.description)")
        }
    }
}

extension CommandIO {
    /// Prints a usage mistake the one way every command does, and gives exit status 2.
    func usageFailure(_ error: UsageError, command: String? = nil) -> Int32 {
        let help = command.map { "specrun \($0) --help" } ?? "specrun --help"
        writeError("specrun: error: \(error.message)\nRun '\(help)' for usage.\n")
        return ExitStatus.invalidInput
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
