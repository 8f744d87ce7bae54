import Foundation
import SpecrunCLI

// A locale variable that is no locale name (`LANG=Europe/Berlin`) crashed ICU at its first calendar: made readable
// before anything reads a locale.
LocaleEnvironment.prepareProcess()
// A reader that closes the pipe (`specrun specs/ --json r.json | head`) must not kill specrun before it writes its
// results files: writes to stdout then fail with EPIPE, which `StandardStream` handles.
signal(SIGPIPE, SIG_IGN)
// A low stack limit (`ulimit -s 100`) crashed the runtime's threads: theirs is raised before any of them starts.
StackLimit.prepareProcess()
// Too few open files crash the runtime's threads mid-run: raise the soft limit, or refuse before starting.
if let problem = OpenFileLimit.prepareProcess() {
    FileHandle.standardError.write(Data("specrun: error: \(problem)\n".utf8))
    exit(2)
}
// Threads refused (a low `ulimit -v` or `ulimit -u`) left a run waiting for its workers for ever: refuse at once.
// Both refusals are written plainly: `CommandIO.process` compiles the redaction patterns, which a limit that leaves
// no memory could not (it trapped while saying why under `ulimit -v 100000`).
// Checked here for every subcommand, not in `run` alone: `SpecrunCommand.main` is async, and its first call to a
// nonisolated async function hops to a libdispatch thread, so `explain` or `report` would hang the same way (an async
// main that awaits one such function, under `ulimit -v 100000`, never printed and was killed by `timeout 5`).
if let problem = ThreadLimit.prepareProcess() {
    FileHandle.standardError.write(Data("specrun: error: \(problem)\n".utf8))
    exit(2)
}
exit(await SpecrunCommand.main(arguments: CommandLine.arguments))
