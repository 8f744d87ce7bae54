import Testing
@testable import SpecrunCLI

/// Help texts, compared whole with their golden files.
@Suite struct HelpTests {
    @Test(arguments: [
        (["--help"], "help.txt"),
        (["check", "--help"], "check-help.txt"),
        (["explain", "--help"], "explain-help.txt"),
        (["init", "--help"], "init-help.txt"),
        (["schema", "--help"], "schema-help.txt"),
    ])
    func helpIsTheGoldenText(_ arguments: [String], _ golden: String) async {
        let run = await CommandRun.run(arguments)
        #expect(run.status == ExitStatus.success)
        #expect(run.err.isEmpty)
        GoldenText.check(run.out, against: golden)
    }

    @Test func theTopLevelHelpListsEveryCommand() async {
        let help = await CommandRun.run("--help").out
        for command in SpecrunCommand.subcommands {
            #expect(help.contains("  \(command.name)  "), "\(command.name) is missing from 'specrun --help'")
        }
    }

    @Test(arguments: ["check", "explain", "init", "schema"])
    func anUnknownOptionIsAUsageErrorNamingTheCommandsHelp(_ command: String) async {
        let run = await CommandRun.run(command, "--frobnicate")
        #expect(run.status == ExitStatus.invalidInput)
        #expect(run.out.isEmpty)
        #expect(run.err == "specrun: error: unknown option '--frobnicate'.\nRun 'specrun \(command) --help' for usage.\n")
    }
}
