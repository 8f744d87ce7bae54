import Foundation
import SpecLint
import SpecParser
import SpecRunner
import Testing
@testable import SpecrunCLI

/// Every diagnostic prints its code in brackets (`… [unknown-key]`) so a reader can find its entry in
/// docs/diagnostics.md: each code any part of specrun can print must have that entry.
@Suite struct DiagnosticCodeDocumentationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The codes of the parser, the lints, the runner and the command's file reading: every code a run can print.
    static let printableCodes = DiagnosticCode.allCases.map(\.rawValue) + LintCode.allCases.map(\.rawValue)
        + RunDiagnosticCode.allCases.map(\.rawValue) + InputDiagnosticCode.allCases.map(\.rawValue)

    @Test func everyPrintableCodeHasItsEntryInTheDiagnosticsPage() throws {
        let page = try String(contentsOf: Self.root.appendingPathComponent("docs/diagnostics.md"), encoding: .utf8)
        let missing = Self.printableCodes.filter { !page.contains("### `\($0)`") }
        #expect(missing.isEmpty, "codes printed without an entry in docs/diagnostics.md: \(missing)")
        #expect(Set(Self.printableCodes).count == Self.printableCodes.count, "a code is used by two modules")
    }

    /// The reporters' golden files are what docs/reports.md quotes as every format's output: a code in them that no
    /// run prints (the fixture's made-up `search-bound`) shows readers a diagnostic they will never meet, with no
    /// entry in docs/diagnostics.md.
    @Test func theReporterGoldensShowOnlyCodesARunPrints() throws {
        let golden = Self.root.appendingPathComponent("Tests/SpecReportersTests/Golden/results.json")
        let results = try JSONSerialization.jsonObject(with: Data(contentsOf: golden))
        var codes: [String] = []
        func collect(_ value: Any) {
            if let object = value as? [String: Any] {
                if let code = object["code"] as? String, object["severity"] != nil { codes.append(code) }
                object.values.forEach(collect)
            } else if let array = value as? [Any] {
                array.forEach(collect)
            }
        }
        collect(results)
        #expect(codes.count >= 3)
        let unknown = codes.filter { !Self.printableCodes.contains($0) }
        #expect(unknown.isEmpty, "codes in the reporter goldens that no run prints: \(unknown)")
    }

    /// A diagnostic made with a code written as a literal would escape the check above: every code comes from one of
    /// the four lists.
    @Test func noDiagnosticIsMadeWithACodeWrittenAsALiteral() throws {
        let sources = Self.root.appendingPathComponent("Sources")
        let enumerator = try #require(FileManager.default.enumerator(atPath: sources.path))
        var literals: [String] = []
        var files = 0
        while let path = enumerator.nextObject() as? String {
            guard path.hasSuffix(".swift") else { continue }
            files += 1
            let text = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains("Diagnostic(code: \"") || line.contains("code: \"") && !line.contains("///") {
                literals.append("Sources/\(path):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(files > 100)
        #expect(literals.isEmpty, "diagnostic codes written as literals (add them to their module's code list): \(literals)")
    }
}
