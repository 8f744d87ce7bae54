import Foundation
import SpecResults

/// Every format of one run as files, for `--artifacts DIR`: the CLI writes them under `DIR/<folderName>/`.
public enum ReportArtifacts {
    /// One file to write: its name inside the artifacts folder and its bytes.
    public struct Artifact: Sendable, Hashable {
        public var name: String
        public var contents: Data

        public init(name: String, contents: Data) {
            self.name = name
            self.contents = contents
        }
    }

    /// `swift-6.3.1-debian12-x86_64` — `<swift-version>-<os>-<arch>`: results from different toolchains land side by
    /// side, and a run never touches another toolchain's folder.
    ///
    /// The OS part is the distribution's first word and major version (`Debian GNU/Linux 12 (bookworm)` → `debian12`;
    /// `macOS` `15.1` → `macos15`). Only letters, digits, `.`, `_` and `-` survive, so the name is safe on every file
    /// system and never a path.
    public static func folderName(for environment: Environment) -> String {
        let words = environment.osVersion.split(separator: " ")
        let distribution = words.first(where: { $0.first?.isLetter == true }).map(String.init) ?? environment.os
        let major = environment.osVersion.split(whereSeparator: { !$0.isNumber }).first.map(String.init) ?? ""
        let raw = "swift-\(environment.swiftVersion)-\(distribution)\(major)-\(environment.architecture)"
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789._-")
        var name = String(raw.lowercased().map { allowed.contains($0) ? $0 : "-" })
        while name.contains("--") || name.contains("..") {
            name = name.replacingOccurrences(of: "--", with: "-").replacingOccurrences(of: "..", with: ".")
        }
        return name.trimmingCharacters(in: CharacterSet(charactersIn: "-."))
    }

    /// The names of the files `--artifacts` writes, in the order it writes them (those of `writers(for:)`): known
    /// before a run, so that an output named by another option can be checked against them.
    public static let names = ["results.json", "junit.xml", "report.html", "results.tap", "report.txt"]

    /// `results.json`, `junit.xml`, `report.html`, `results.tap` and `report.txt` (the terminal report, no color).
    public static func files(for run: RunResult) throws -> [Artifact] {
        try writers(for: run).map { writer in
            var bytes: [UInt8] = []
            try writer.write { bytes += $0 }
            return Artifact(name: writer.name, contents: Data(bytes))
        }
    }

    /// One artifact to write: its name, and a function that hands its bytes over in chunks when called.
    public struct Writer {
        public var name: String
        public var write: (_ chunk: ([UInt8]) throws -> Void) throws -> Void
    }

    /// The same files as `files(for:)`, each produced only when written — the JSON results chunk by chunk — so that
    /// a big run's artifacts never sit in memory together (10,000 specs: 113 MB of JSON and 13 MB of the others;
    /// writing them from `files(for:)` peaked at 419 MB, bench/specrun-bench corpus).
    /// `jobs` threads write the JSON results' tests (the bytes are the same for any number).
    public static func writers(for run: RunResult, jobs: Int = 1) -> [Writer] {
        [
            Writer(name: "results.json") { chunk in try JSONReporter(jobs: jobs).write(run, chunks: chunk) },
            Writer(name: "junit.xml") { chunk in try chunk(Array(JUnitReporter().render(run).utf8)) },
            Writer(name: "report.html") { chunk in try chunk(Array(HTMLReporter().render(run).utf8)) },
            Writer(name: "results.tap") { chunk in try chunk(Array(TAPReporter().render(run).utf8)) },
            Writer(name: "report.txt") { chunk in try chunk(Array(TerminalReporter().render(run).utf8)) },
        ]
    }
}
