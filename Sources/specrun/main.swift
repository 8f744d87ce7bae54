import Foundation
import SpecrunCLI

// A reader that closes the pipe (`specrun specs/ --json r.json | head`) must not kill specrun before it writes its
// results files: writes to stdout then fail with EPIPE, which `StandardStream` handles.
signal(SIGPIPE, SIG_IGN)
exit(await SpecrunCommand.main(arguments: CommandLine.arguments))
