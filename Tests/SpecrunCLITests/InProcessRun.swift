import Foundation
import Synchronization
@testable import SpecrunCLI

/// Runs `specrun` in this process with captured output: what the command printed and its exit status.
struct InProcessRun {
    var status: Int32
    var stdout: String
    var stderr: String

    static func run(_ arguments: [String], environment: [String: String] = [:]) async -> InProcessRun {
        let out = Captured()
        let err = Captured()
        let io = CommandIO(
            writeOut: { out.append($0) }, writeError: { err.append($0) }, environment: environment,
            stdoutIsTerminal: false, stderrIsTerminal: false,
            now: { Date(timeIntervalSince1970: 1_800_000_000) }, monotonicNanoseconds: { 0 })
        let status = await SpecrunCommand.main(arguments: ["specrun"] + arguments, io: io)
        return InProcessRun(status: status, stdout: out.text, stderr: err.text)
    }

    private final class Captured: Sendable {
        private let buffer = Mutex("")
        func append(_ text: String) { buffer.withLock { $0 += text } }
        var text: String { buffer.withLock { $0 } }
    }
}
