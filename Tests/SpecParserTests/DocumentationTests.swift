import Foundation
import SpecParser
import Testing

@Suite struct DocumentationTests {
    static let diagnosticsPage = SpecFixtures.repositoryRoot.appendingPathComponent("docs/diagnostics.md")

    @Test func everyDiagnosticCodeHasItsSectionInTheDiagnosticsPage() throws {
        let page = try String(contentsOf: Self.diagnosticsPage, encoding: .utf8)
        let codes = DiagnosticCode.allCases.map(\.rawValue) + ["offset-mismatch"]
        let missing = codes.filter { !page.contains("### `\($0)`") }
        #expect(missing.isEmpty, "codes without a section in docs/diagnostics.md: \(missing)")
    }

    /// The page quotes the corpus' expected files; when a message changes, the page must change with it.
    @Test func corpusMessagesQuotedInTheDiagnosticsPageAreCurrent() throws {
        let page = try String(contentsOf: Self.diagnosticsPage, encoding: .utf8)
        let quoted = page.split(separator: "\n").filter { $0.hasPrefix("Invalid/") && $0.contains(": error: ") }
        #expect(quoted.count >= 25)
        var current: Set<Substring> = []
        for name in InvalidCorpus.names {
            let expected = try String(contentsOf: InvalidCorpus.directory.appendingPathComponent(name + ".expected"), encoding: .utf8)
            current.formUnion(expected.split(separator: "\n"))
        }
        let stale = quoted.filter { !current.contains($0) }
        #expect(stale.isEmpty, "stale quotes: \(stale)")
    }
}
