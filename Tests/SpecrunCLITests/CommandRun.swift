import Foundation
import Synchronization
@testable import SpecrunCLI

/// One in-process run of `specrun`: its exit status and everything it wrote, with a fixed clock and no terminal.
struct CommandRun {
    var status: Int32
    var out: String
    var err: String

    /// The clock every test run sees: 2027-06-15T12:00:00Z (so `explain` without a year explains 2027).
    static let now = Date(timeIntervalSince1970: 1_813_060_800)

    static func run(_ arguments: String...) async -> CommandRun {
        await run(arguments)
    }

    /// `environment` is added to the `NO_COLOR=1` every run sees (`GITHUB_ACTIONS=true`, say).
    static func run(_ arguments: [String], environment: [String: String] = [:]) async -> CommandRun {
        let out = Mutex(""), err = Mutex("")
        let io = CommandIO(
            writeOut: { text in out.withLock { $0 += text } },
            writeError: { text in err.withLock { $0 += text } },
            environment: environment.merging(["NO_COLOR": "1"]) { _, fixed in fixed },
            stdoutIsTerminal: false,
            now: { now },
            monotonicNanoseconds: { 0 })
        let status = await SpecrunCommand.main(arguments: ["specrun"] + arguments, io: io)
        return CommandRun(status: status, out: out.withLock { $0 }, err: err.withLock { $0 })
    }
}

/// A fresh folder under the system's temporary directory, removed by `remove()`.
struct TemporaryFolder {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-cli-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func write(_ name: String, _ text: String) throws {
        let url = URL(fileURLWithPath: path).appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
