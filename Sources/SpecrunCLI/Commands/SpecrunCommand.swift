import Foundation
import SpecDiagnostics

/// The `specrun` command: arguments in, exit status out. Dispatches to a subcommand, `run` by default.
public enum SpecrunCommand {
    public static let version = "0.1.0"

    /// A subcommand: `specrun NAME [options] …`.
    struct Subcommand: Sendable {
        var name: String
        var summary: String
        var execute: @Sendable (CommandIO, [String]) async -> Int32
    }

    /// Every subcommand, in the order help lists them. `run` is also what a bare `specrun PATH…` does.
    static let subcommands: [Subcommand] = [
        Subcommand(name: "run", summary: "Run specs and report (the default: 'specrun PATH…').") { io, arguments in
            await RunCommand(io: io, commandLine: ["specrun", "run"] + arguments).execute(arguments)
        },
        Subcommand(name: "check", summary: "Read and lint specs without running them; exit 0 or 2.") { io, arguments in
            CheckCommand(io: io).execute(arguments)
        },
        Subcommand(name: "explain", summary: "Show a zone's offset changes and what each policy makes of a wall time.") { io, arguments in
            ExplainCommand(io: io).execute(arguments)
        },
        Subcommand(name: "init", summary: "Write a commented starter folder of specs that pass.") { io, arguments in
            InitCommand(io: io).execute(arguments)
        },
        Subcommand(name: "schema", summary: "Print the spec language as a JSON Schema for editors (or the key reference).") { io, arguments in
            SchemaCommand(io: io).execute(arguments)
        },
        Subcommand(name: "report", summary: "Re-render archived JSON results as terminal text, JUnit, HTML or TAP.") { io, arguments in
            ReportCommand(io: io).execute(arguments)
        },
        Subcommand(name: "merge", summary: "Merge partial results (shards) into one results file.") { io, arguments in
            MergeCommand(io: io).execute(arguments)
        },
        Subcommand(name: "compare", summary: "Compare two results files: what regressed, what changed between toolchains.") { io, arguments in
            CompareCommand(io: io).execute(arguments)
        },
    ]

    public static func main(arguments: [String], io: CommandIO = .process) async -> Int32 {
        let arguments = Array(arguments.dropFirst())
        // Every message on stderr quotes what it must (a tag, an id, a path, a value of a results file or the command
        // line) masked as the reports are: one redaction, read from the words themselves, so that a usage error found
        // before (or while) the options are parsed is masked too.
        var io = io
        io.messageRedaction = RedactionOptions.forMessages(arguments)
        let status: Int32
        let subcommandName = arguments.first.flatMap { first in subcommands.first { $0.name == first }?.name } ?? "run"
        // The commands that read zones; archived results carry their offsets, and init writes text.
        if ["run", "check", "explain"].contains(subcommandName), !arguments.contains(where: Self.asksForHelp),
           let problem = ZoneDatabaseCheck.problem(environment: io.environment) {
            io.writeProblem(.error, problem)
            return finalStatus(ExitStatus.invalidInput, io: io)
        }
        if let first = arguments.first, let subcommand = subcommands.first(where: { $0.name == first }) {
            status = await subcommand.execute(io, Array(arguments.dropFirst()))
        } else if let first = arguments.first, let problem = unknownCommand(first) {
            status = io.usageFailure(problem)
        } else {
            if let first = arguments.first, arguments.contains(where: Self.asksForHelp), isWord(first),
               !FileManager.default.fileExists(atPath: first) {
                // `specrun validate --help`: no command is near the word, and the main help alone read as if it were
                // one (the twenty-fourth session's docs review). Said, then the help it asked for.
                io.writeProblem(.note, "'\(first)' is not a command (the commands are \(commandNames)); the main help follows")
            }
            status = await RunCommand(io: io, commandLine: ["specrun"] + arguments).execute(arguments)
        }
        return finalStatus(status, io: io)
    }

    /// The error for a first word that is a typo of a command and names no file: `specrun chek specs` said only
    /// "No such file or directory: 'chek'". Before the options are read: `specrun chek --help` printed the main help.
    /// Another missing word is most likely a spec folder that is not there, told as such when paths are read.
    static func unknownCommand(_ word: String) -> UsageError? {
        guard isWord(word), !FileManager.default.fileExists(atPath: word),
              let near = Suggestion.closest(to: word, in: subcommands.map(\.name))
        else { return nil }
        return UsageError("'\(word)' is neither a command nor a file or folder. Did you mean 'specrun \(near)'? The commands are "
            + commandNames + "; anything else is a spec file or a folder of specs to run.")
    }

    /// Letters, digits, `-` and `_`, starting with a letter: what a command looks like (a path often has a `/` or `.`).
    static func isWord(_ text: String) -> Bool {
        guard let head = text.unicodeScalars.first, CharacterSet.letters.contains(head) else { return false }
        return text.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_" }
    }

    /// `run, check, explain, …`.
    static var commandNames: String { subcommands.map(\.name).joined(separator: ", ") }

    /// `--help`, `-h`, `--version`: answered whatever the machine's zone data.
    private static func asksForHelp(_ argument: String) -> Bool {
        argument == "--help" || argument == "-h" || argument == "--version"
    }

    /// `status`, unless stdout could not take what the command printed: then stderr says why, and a status that
    /// claimed success or only failing tests becomes 2, as for a results file that cannot be written. A reader that
    /// closed its pipe early (`| head`) changes nothing (`StandardStream.stdoutProblem`).
    static func finalStatus(_ status: Int32, io: CommandIO) -> Int32 {
        guard let code = io.stdoutFailure(), let problem = StandardStream.stdoutProblem(errno: code) else { return status }
        io.writeProblem(.error, problem)
        return status == ExitStatus.success || status == ExitStatus.testFailure ? ExitStatus.invalidInput : status
    }

    /// The COMMANDS section of the top-level help.
    static var commandsHelp: String {
        let width = (subcommands.map(\.name.count).max() ?? 0) + 2
        return subcommands.map { "  " + $0.name + String(repeating: " ", count: width - $0.name.count) + $0.summary }
            .joined(separator: "\n")
    }
}
