import Foundation
import SpecrunCLI

exit(await SpecrunCommand.main(arguments: CommandLine.arguments))
