import Foundation
import Testing
@testable import SpecrunCLI

/// `docs/tutorial.md` says its outputs are real: this follows it step by step in a fresh folder — `init`, the run,
/// `explain`, the page's own spec, `check`, and the failure of section 6 — and compares what each `$ specrun …` line
/// prints with the page. A line `…` stands for lines left out; every other line must come, in order (a review found
/// section 6's failure line stale after a hint was added to it).
@Suite struct TutorialTranscriptTests {
    static let page = DocumentationSpecRunTests.docs.appendingPathComponent("tutorial.md")

    /// The page's `$ specrun …` commands, each with the lines shown after it, in the page's order (other commands'
    /// output, `cd` and such, is not checked).
    static func transcripts(_ text: String) -> [(arguments: [String], shown: [String])] {
        var result: [(arguments: [String], shown: [String])] = []
        for block in text.components(separatedBy: "```text\n").dropFirst() {
            var current: Int?
            for line in block.components(separatedBy: "\n```").first!.components(separatedBy: "\n") {
                if line.hasPrefix("$ specrun ") {
                    result.append((line.dropFirst("$ specrun ".count).split(separator: " ").map(String.init), []))
                    current = result.count - 1
                } else if line.hasPrefix("$ ") {
                    current = nil
                } else if let current {
                    result[current].shown.append(line)
                }
            }
        }
        return result
    }

    /// Whether `printed` shows `shown` in order, each `…` line standing for any lines (none included).
    static func matches(_ printed: [String], _ shown: [String]) -> Bool {
        var index = 0
        var skipping = false
        for line in shown {
            if line.trimmingCharacters(in: .whitespaces) == "…" { skipping = true; continue }
            if skipping {
                guard let found = printed[index...].firstIndex(of: line) else { return false }
                index = found + 1
            } else {
                guard index < printed.count, printed[index] == line else { return false }
                index += 1
            }
            skipping = false
        }
        return skipping || index == printed.count
    }

    @Test func everyCommandPrintsWhatThePageShows() async throws {
        let text = try String(contentsOf: Self.page, encoding: .utf8)
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let steps = Self.transcripts(text)
        #expect(steps.count == 6, "\(steps.map(\.arguments))")
        let ownSpec = try #require(text.components(separatedBy: "Create `specs/new-york.yaml`:\n\n```yaml spec\n").dropFirst().first?
            .components(separatedBy: "```").first)
        let failureLine = try #require(text.components(separatedBy: "this line 22:\n\n```yaml\n").dropFirst().first?
            .components(separatedBy: "\n```").first)
        for (number, step) in steps.enumerated() {
            // Before `check` (section 5) the page's spec is written; before the last run, section 6's line 22.
            if step.arguments == ["check", "specs"] { try folder.write("specs/new-york.yaml", ownSpec) }
            if step.arguments == ["specs/nightly-sync.yaml"] {
                let path = folder.path + "/specs/nightly-sync.yaml"
                var lines = try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\n")
                lines.insert(failureLine, at: 21)
                try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
            }
            let arguments = step.arguments.map { $0.hasPrefix("specs") ? folder.path + "/" + $0 : $0 }
            let run = await CommandRun.run(arguments)
            let printed = (run.out + run.err).replacingOccurrences(of: folder.path + "/", with: "")
                .components(separatedBy: "\n").dropLast().map { $0 }
            #expect(Self.matches(printed, step.shown),
                    "step \(number + 1), specrun \(step.arguments.joined(separator: " ")):\n\(printed.joined(separator: "\n"))")
        }
    }
}
