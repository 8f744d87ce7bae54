import Foundation
import Testing
@testable import SpecrunCLI

/// Every block of the docs marked as a spec (```` ```yaml spec ````) is not only valid but passes: the docs' instants
/// were worked out with Python's zoneinfo, and this run checks the engine agrees with each of them.
@Suite struct DocumentationSpecRunTests {
    static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs")

    static func specBlocks() throws -> [(name: String, text: String)] {
        var blocks: [(String, String)] = []
        for page in try FileManager.default.contentsOfDirectory(atPath: docs.path).sorted() where page.hasSuffix(".md") {
            let text = try String(contentsOf: docs.appendingPathComponent(page), encoding: .utf8)
            let parts = text.components(separatedBy: "```yaml spec\n").dropFirst()
            for (index, part) in parts.enumerated() {
                blocks.append(("\(page.dropLast(3))-\(index + 1).yaml", part.components(separatedBy: "```").first!))
            }
        }
        return blocks
    }

    /// The README's failure report is what specrun prints for its spec with the articles' slip (`+01:00` on the 29th).
    @Test func theReadmesFailureReportIsTheRealOne() async throws {
        let readme = try String(contentsOf: Self.docs.deletingLastPathComponent().appendingPathComponent("README.md"), encoding: .utf8)
        let spec = try #require(readme.components(separatedBy: "```yaml\n").dropFirst().first?.components(separatedBy: "```").first)
        let report = try #require(readme.components(separatedBy: "```text\nnightly.yaml:").dropFirst().first?
            .components(separatedBy: "```").first)
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let slipped = spec.replacingOccurrences(of: "    - 2027-03-29T02:30:00+02:00", with: "    - 2027-03-29T02:30:00+01:00")
        #expect(slipped != spec)
        try folder.write("nightly.yaml", slipped)
        let run = await CommandRun.run(folder.path + "/nightly.yaml")
        #expect(run.status == ExitStatus.testFailure)
        #expect(run.out.replacingOccurrences(of: folder.path + "/", with: "") == "nightly.yaml:" + report)
    }

    @Test func everySpecInTheDocsPassesStrictly() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let blocks = try Self.specBlocks()
        #expect(blocks.count >= 12)
        for block in blocks { try folder.write(block.name, block.text) }
        let run = await CommandRun.run("--strict", "--jobs", "1", folder.path)
        #expect(run.status == ExitStatus.success, "\(run.out)\(run.err)")
        #expect(!run.out.contains("warning:"), "\(run.out)")
    }

    /// The lifecycle scenarios of the docs (```` ```yaml lifecycle ````) pass too, run from a copy of
    /// `specs/lifecycle/`, where they say they are saved (their `fixtures/Info.plist` is that folder's).
    @Test func everyLifecycleScenarioInTheDocsPasses() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let lifecycle = Self.docs.deletingLastPathComponent().appendingPathComponent("specs/lifecycle")
        try FileManager.default.copyItem(at: lifecycle.appendingPathComponent("fixtures"),
                                         to: URL(fileURLWithPath: folder.path).appendingPathComponent("fixtures"))
        var count = 0
        for page in try FileManager.default.contentsOfDirectory(atPath: Self.docs.path).sorted() where page.hasSuffix(".md") {
            let text = try String(contentsOf: Self.docs.appendingPathComponent(page), encoding: .utf8)
            for (index, part) in text.components(separatedBy: "```yaml lifecycle\n").dropFirst().enumerated() {
                try folder.write("\(page.dropLast(3))-lifecycle-\(index + 1).yaml", part.components(separatedBy: "```").first!)
                count += 1
            }
        }
        #expect(count >= 6)
        let run = await CommandRun.run("--jobs", "1", folder.path)
        #expect(run.status == ExitStatus.success, "\(run.out)\(run.err)")
    }
}
