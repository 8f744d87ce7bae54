import Foundation

/// The `specrun` command: arguments in, exit status out. Dispatches to a subcommand, `run` by default.
public enum SpecrunCommand {
    public static let version = "0.1.0"

    public static func main(arguments: [String], io: CommandIO = .process) async -> Int32 {
        var arguments = Array(arguments.dropFirst())
        let name = arguments.first
        switch name {
        case "run":
            arguments.removeFirst()
            return await RunCommand(io: io, commandLine: ["specrun"] + ["run"] + arguments).execute(arguments)
        default:
            return await RunCommand(io: io, commandLine: ["specrun"] + arguments).execute(arguments)
        }
    }
}
