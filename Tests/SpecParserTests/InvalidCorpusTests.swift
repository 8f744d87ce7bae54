import Foundation
import SpecDiagnostics
import SpecModel
import SpecParser
import Testing

/// The invalid spec corpus: each `Invalid/NAME.yaml` holds one problem, and `Invalid/NAME.expected`
/// the whole rendered diagnostic text it must produce.
enum InvalidCorpus {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Invalid")

    static let names: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()
    }()

    /// Parses a corpus file as the command does: the file, then spec names across the run.
    static func check(_ name: String) throws -> SpecFile {
        let bytes = try Data(contentsOf: directory.appendingPathComponent(name + ".yaml"))
        let file = SpecParser().parse(path: "Invalid/\(name).yaml", bytes: [UInt8](bytes))
        return DuplicateSpecNames.rejecting(in: [file])[0]
    }

    static func render(_ file: SpecFile) -> String {
        file.diagnostics.map { DiagnosticRenderer().render($0) + "\n" }.joined()
    }
}

@Suite struct InvalidCorpusTests {
    /// `SPECRUN_UPDATE_GOLDEN=1 swift test --skip-build --filter InvalidCorpusTests` writes each `.expected` file from
    /// what the parser says now (a new pair starts with its `.yaml` alone); read every rewritten file before committing.
    @Test(arguments: InvalidCorpus.names)
    func invalidFileGivesExactlyItsExpectedDiagnostic(name: String) throws {
        let file = try InvalidCorpus.check(name)
        let expectedURL = InvalidCorpus.directory.appendingPathComponent(name + ".expected")
        if ProcessInfo.processInfo.environment["SPECRUN_UPDATE_GOLDEN"] == "1" {
            try InvalidCorpus.render(file).write(to: expectedURL, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: expectedURL, encoding: .utf8)
        #expect(InvalidCorpus.render(file) == expected)
        #expect(file.diagnostics.filter { $0.severity == .error }.count == 1, "one problem per corpus file")
    }

    @Test func corpusHoldsAtLeastThirtyFiles() {
        #expect(InvalidCorpus.names.count >= 30)
    }

    @Test func everyParserDiagnosticCodeHasACorpusFile() throws {
        var seen: Set<String> = []
        for name in InvalidCorpus.names {
            seen.formUnion(try InvalidCorpus.check(name).diagnostics.map(\.code))
        }
        // Too large a file needs megabytes; GoldenDiagnosticTests covers it with a small limit.
        // An unused key and a reused anchor are warnings, never alone in an invalid file; GoldenDiagnosticTests covers them.
        let exempt: Set<DiagnosticCode> = [.fileTooLarge, .unusedKey, .reusedAnchor, .unreadTag]
        let missing = DiagnosticCode.allCases.filter { !exempt.contains($0) && !seen.contains($0.rawValue) }
        #expect(missing.isEmpty, "codes without a corpus file: \(missing.map(\.rawValue))")
    }

    @Test func aValidSpecBesideAnInvalidOneInTheSameFileStillParses() throws {
        let text = """
            spec: valid
            schedule: {timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            cases: [{name: a, after: 2027-03-28T00:00:00+01:00, next: 2027-03-29T02:30:00+02:00}]
            ---
            spec: invalid
            schedule: {timezone: Europe/Berln, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            cases: [{name: a, after: 2027-03-28T00:00:00+01:00, next: 2027-03-29T02:30:00+02:00}]
            ---
            spec: also valid
            schedule: {timezone: UTC, rule: {every: hour, minute: 15}, nonexistent: skip, repeated: first}
            cases: [{name: a, after: 2027-03-28T00:00:00Z, next: 2027-03-28T00:15:00Z}]

            """
        let file = SpecParser().parse(path: "mixed.yaml", bytes: Array(text.utf8))
        #expect(file.specs.map(\.name) == ["valid", "also valid"])
        #expect(file.diagnostics.map(\.code) == ["unknown-time-zone"])
        #expect(file.diagnostics.first?.location?.line == 6)
    }

    /// An unknown alias drops its own document, as any other error does: the next spec ran no more, and was not
    /// mentioned ("0 passed … 1 invalid spec file" for a file of two specs, the black-box YAML review).
    @Test func aSpecAfterADocumentWithAnUnknownAliasStillParses() throws {
        let text = """
            spec: one
            schedule: {timezone: *tzz, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            cases: [{name: a, after: 2027-03-28T00:00:00+01:00, next: 2027-03-29T02:30:00+02:00}]
            ---
            spec: two
            schedule: {timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            cases: [{name: a, after: 2027-03-28T00:00:00+01:00, next: 2027-03-29T02:30:00+02:00}]

            """
        let file = SpecParser().parse(path: "alias.yaml", bytes: Array(text.utf8))
        #expect(file.specs.map(\.name) == ["two"])
        #expect(file.diagnostics.map(\.code) == ["unknown-alias"])
    }

    @Test func documentsBeforeASyntaxErrorStillParse() throws {
        let text = """
            spec: valid
            schedule: {timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            cases: [{name: a, after: 2027-03-28T00:00:00+01:00, next: 2027-03-29T02:30:00+02:00}]
            ---
            spec: [broken

            """
        let file = SpecParser().parse(path: "broken.yaml", bytes: Array(text.utf8))
        #expect(file.specs.map(\.name) == ["valid"])
        #expect(file.diagnostics.map(\.code) == ["yaml-syntax"])
    }
}
