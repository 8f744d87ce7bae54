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

    /// `linux-x86_64-swift-6.3.1-tzdata-2025b`: results from different toolchains land side by side.
    ///
    /// Only letters, digits, `.`, `_` and `-` survive, so the name is safe on every file system.
    public static func folderName(for environment: Environment) -> String {
        let raw = "\(environment.os)-\(environment.architecture)-swift-\(environment.swiftVersion)-tzdata-\(environment.tzdataVersion)"
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789._-")
        var name = String(raw.lowercased().map { allowed.contains($0) ? $0 : "-" })
        while name.contains("--") || name.contains("..") {
            name = name.replacingOccurrences(of: "--", with: "-").replacingOccurrences(of: "..", with: ".")
        }
        return name.trimmingCharacters(in: CharacterSet(charactersIn: "-."))
    }

    /// `results.json`, `junit.xml`, `report.html`, `results.tap` and `report.txt` (the terminal report, no color).
    public static func files(for run: RunResult) throws -> [Artifact] {
        [
            Artifact(name: "results.json", contents: try JSONReporter().data(run)),
            Artifact(name: "junit.xml", contents: Data(JUnitReporter().render(run).utf8)),
            Artifact(name: "report.html", contents: Data(HTMLReporter().render(run).utf8)),
            Artifact(name: "results.tap", contents: Data(TAPReporter().render(run).utf8)),
            Artifact(name: "report.txt", contents: Data(TerminalReporter().render(run).utf8)),
        ]
    }
}
