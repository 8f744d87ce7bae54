import Foundation
import SpecDiagnostics
import SpecParser
import Testing

/// The docs stay true: the reference is the catalog's text, and every YAML block marked as a spec parses.
///
/// How a block is fenced says what it is:
/// - ```` ```yaml spec ```` — a whole recurrence spec file: it must parse without any diagnostic.
/// - ```` ```yaml lifecycle ```` — a whole lifecycle scenario: it must parse without any diagnostic into a scenario.
///   It is read as if saved in `specs/lifecycle/`, the folder the docs' scenarios come from, so a fixture path such as
///   `info-plist: fixtures/Info.plist` names `specs/lifecycle/fixtures/Info.plist`, which exists (a path that names
///   no file there is still an error, `missing-fixture`).
/// - ```` ```yaml refused ```` — a whole spec the page shows refused: it must have an error, and the page must quote
///   the first error's message as specrun writes it today.
/// - ```` ```yaml fragment ```` — part of a spec that shows its `spec:` line (a `known-deviations` example): not parsed.
/// - ```` ```yaml ```` — any other fragment (a `schedule:` alone): not parsed, and it may not be a whole spec, so a
///   block with a `spec:` line must be marked as one of the above.
///
/// Whole specs and scenarios are also checked against the schema, as an editor types them.
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

    static let markers = ["yaml", "yaml spec", "yaml lifecycle", "yaml refused", "yaml fragment"]

    /// Where a lifecycle snippet is read from: a file of `specs/lifecycle/`, so its fixture paths resolve as there.
    static func lifecyclePath(_ snippet: Snippet) -> String {
        SpecFixtures.repositoryRoot.appendingPathComponent("specs/lifecycle")
            .appendingPathComponent("\(snippet.page.dropLast(3))-\(snippet.line).yaml").path
    }

    @Test func theDocsHoldSpecSnippets() {
        #expect(Self.snippets.filter { $0.info == "yaml spec" }.count >= 12)
        #expect(Self.snippets.filter { $0.info == "yaml lifecycle" }.count >= 4)
    }

    @Test func everyYAMLBlockHasAKnownMarker() {
        let unknown = Self.snippets.filter { !Self.markers.contains($0.info) }
        #expect(unknown.isEmpty, "use one of \(Self.markers): \(unknown.map { "\($0.testDescription) (\($0.info))" })")
    }

    @Test(arguments: snippets.filter { $0.info == "yaml spec" })
    func everySpecSnippetParsesWithoutDiagnostics(_ snippet: Snippet) {
        let file = SpecParser().parse(path: "\(snippet.page):\(snippet.line)", bytes: Array(snippet.text.utf8))
        let rendered = file.diagnostics.map { DiagnosticRenderer().render($0) }
        #expect(file.diagnostics.isEmpty, "\(rendered.joined(separator: "\n"))")
        #expect(!file.specs.isEmpty)
        #expect(file.specs.allSatisfy { if case .recurrence = $0.body { true } else { false } }, "mark lifecycle scenarios ```yaml lifecycle")
    }

    @Test(arguments: snippets.filter { $0.info == "yaml lifecycle" })
    func everyLifecycleSnippetParsesWithoutDiagnostics(_ snippet: Snippet) {
        let file = SpecParser().parse(path: Self.lifecyclePath(snippet), bytes: Array(snippet.text.utf8))
        let rendered = file.diagnostics.map { DiagnosticRenderer().render($0) }
        #expect(file.diagnostics.isEmpty, "\(snippet.testDescription): \(rendered.joined(separator: "\n"))")
        #expect(!file.specs.isEmpty)
        #expect(file.specs.allSatisfy { if case .lifecycle = $0.body { true } else { false } }, "mark recurrence specs ```yaml spec")
    }

    @Test(arguments: snippets.filter { $0.info == "yaml refused" })
    func everyRefusedSnippetIsRefusedAsThePageSays(_ snippet: Snippet) throws {
        let file = SpecParser().parse(path: "\(snippet.page):\(snippet.line)", bytes: Array(snippet.text.utf8))
        let error = try #require(file.diagnostics.first { $0.severity == .error }, "\(snippet.testDescription) is not refused")
        let page = try String(contentsOf: Self.docs.appendingPathComponent(snippet.page), encoding: .utf8)
        #expect(page.contains(error.message), "\(snippet.testDescription) is refused with: \(error.message)")
    }

    @Test(arguments: snippets.filter { $0.info == "yaml spec" || $0.info == "yaml lifecycle" })
    func everyWholeSnippetIsValidAgainstTheSchema(_ snippet: Snippet) {
        let problems = SpecSchemaTests.problems(in: snippet.text).flatMap { $0 }
        #expect(problems.isEmpty, "\(snippet.testDescription): \(problems)")
    }

    @Test func everyWholeSnippetHasASpecNameOfItsOwn() {
        // The docs' specs can then be saved in one folder and run together.
        var seen: [String: String] = [:]
        var repeated: [String] = []
        for snippet in Self.snippets where snippet.info == "yaml spec" || snippet.info == "yaml lifecycle" {
            let path = snippet.info == "yaml lifecycle" ? Self.lifecyclePath(snippet) : "\(snippet.page):\(snippet.line)"
            for spec in SpecParser().parse(path: path, bytes: Array(snippet.text.utf8)).specs {
                if let first = seen[spec.name] { repeated.append("'\(spec.name)' in \(snippet.testDescription) and \(first)") }
                seen[spec.name] = seen[spec.name] ?? snippet.testDescription
            }
        }
        #expect(seen.count >= 16)
        #expect(repeated.isEmpty, "\(repeated)")
    }

    @Test func aLifecycleSnippetNamingAFixtureThatDoesNotExistStillParses() throws {
        let snippet = try #require(Self.snippets.first { $0.info == "yaml lifecycle" && $0.text.contains("info-plist: fixtures/Info.plist") })
        let missing = Snippet(page: snippet.page, line: snippet.line, info: snippet.info,
                              text: snippet.text.replacingOccurrences(of: "fixtures/Info.plist", with: "fixtures/Missing.plist"))
        let file = SpecParser().parse(path: Self.lifecyclePath(missing), bytes: Array(missing.text.utf8))
        // A missing file is a lint (SpecLintTests), not a parse error: the path must still resolve where it did.
        #expect(file.diagnostics.isEmpty, "\(file.diagnostics)")
        guard case .lifecycle(let body) = file.specs.first?.body, case .infoPlist(let path, false, _, _, _) = body.gate else {
            Issue.record("the snippet should parse to a lifecycle spec reading an Info.plist")
            return
        }
        #expect(path.hasSuffix("/fixtures/Missing.plist"))
    }

    @Test func everyBlockThatIsAWholeSpecIsMarked() {
        let unmarked = Self.snippets.filter { snippet in
            snippet.info == "yaml" && snippet.text.split(separator: "\n").contains { $0.hasPrefix("spec:") }
        }
        #expect(unmarked.isEmpty, "mark these as ```yaml spec, ```yaml lifecycle, ```yaml refused or ```yaml fragment: \(unmarked.map(\.testDescription))")
    }
}
