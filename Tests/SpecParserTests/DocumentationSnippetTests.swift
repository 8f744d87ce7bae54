import Foundation
import SpecDiagnostics
import SpecParser
import Testing

/// The docs stay true: the reference is the catalog's text, and every YAML block marked as a spec parses.
///
/// A block fenced ```` ```yaml spec ```` is a whole spec file and must parse without any diagnostic. A block fenced
/// ```` ```yaml lifecycle ```` is a lifecycle scenario: until lifecycle parsing lands, the only diagnostic it may give
/// is `lifecycle-not-supported` (so a typo in one is still caught once it does). Plain ```` ```yaml ```` blocks are
/// fragments (a `schedule:` alone) and are not parsed, but a fragment that is a whole spec must be marked.
@Suite struct DocumentationSnippetTests {
    static let docs = SpecFixtures.repositoryRoot.appendingPathComponent("docs")

    struct Snippet: CustomTestStringConvertible, Sendable {
        var page: String
        var line: Int
        var info: String
        var text: String
        var testDescription: String { "\(page):\(line)" }
    }

    static let snippets: [Snippet] = {
        let pages = ((try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []).filter { $0.hasSuffix(".md") }.sorted()
        var found: [Snippet] = []
        for page in pages {
            guard let text = try? String(contentsOf: docs.appendingPathComponent(page), encoding: .utf8) else { continue }
            var open: (line: Int, info: String, lines: [String])?
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if let current = open {
                    if line.hasPrefix("```") {
                        found.append(Snippet(page: page, line: current.line, info: current.info, text: current.lines.joined(separator: "\n") + "\n"))
                        open = nil
                    } else {
                        open!.lines.append(String(line))
                    }
                } else if line.hasPrefix("```yaml") {
                    open = (index + 1, String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces), [])
                } else if line.hasPrefix("```") {
                    open = (index + 1, "other", [])
                }
            }
        }
        return found.filter { $0.info.hasPrefix("yaml") }
    }()

    @Test func theCommittedReferenceIsTheGeneratedOne() throws {
        let committed = try String(contentsOf: Self.docs.appendingPathComponent("spec-reference.md"), encoding: .utf8)
        #expect(committed == SpecReferenceWriter().render(),
                "docs/spec-reference.md is stale; regenerate it: swift run specrun schema --format markdown > docs/spec-reference.md")
    }

    @Test func theDocsHoldSpecSnippets() {
        #expect(Self.snippets.filter { $0.info == "yaml spec" }.count >= 12)
        #expect(Self.snippets.contains { $0.info == "yaml lifecycle" })
    }

    @Test(arguments: snippets.filter { $0.info == "yaml spec" })
    func everySpecSnippetParsesWithoutDiagnostics(_ snippet: Snippet) {
        let file = SpecParser().parse(path: "\(snippet.page):\(snippet.line)", bytes: Array(snippet.text.utf8))
        let rendered = file.diagnostics.map { DiagnosticRenderer().render($0) }
        #expect(file.diagnostics.isEmpty, "\(rendered.joined(separator: "\n"))")
        #expect(!file.specs.isEmpty)
    }

    @Test(arguments: snippets.filter { $0.info == "yaml lifecycle" })
    func everyLifecycleSnippetIsALifecycleScenario(_ snippet: Snippet) {
        let file = SpecParser().parse(path: "\(snippet.page):\(snippet.line)", bytes: Array(snippet.text.utf8))
        let codes = Set(file.diagnostics.map(\.code))
        #expect(codes.isSubset(of: ["lifecycle-not-supported"]), "\(file.diagnostics.map { DiagnosticRenderer().render($0) })")
        #expect(snippet.text.contains("task:"))
    }

    @Test func everyBlockThatIsAWholeSpecIsMarked() {
        let unmarked = Self.snippets.filter { snippet in
            snippet.info == "yaml" && snippet.text.split(separator: "\n").contains { $0.hasPrefix("spec:") }
        }
        #expect(unmarked.isEmpty, "mark these as ```yaml spec (or ```yaml lifecycle): \(unmarked.map(\.testDescription))")
    }
}
