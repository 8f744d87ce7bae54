import SpecDiagnostics
import Testing

/// `MergeSites.noting`: a mistake copied by merges is told once, with the merges that copy it as notes.
@Suite struct MergeSitesTests {
    static let copied = MergeSites.Position(line: 2, column: 5)
    static let sites = MergeSites(
        copies: [copied: [MergeSites.Position(line: 6, column: 3), MergeSites.Position(line: 9, column: 3)]],
        targets: [MergeSites.Position(line: 6, column: 3): MergeSites.Position(line: 6, column: 1),
                  MergeSites.Position(line: 9, column: 3): MergeSites.Position(line: 9, column: 1)])

    static func error(_ message: String, at position: MergeSites.Position = copied) -> Diagnostic {
        Diagnostic(code: "unknown-key", location: SourceLocation(file: "f.yaml", line: position.line, column: position.column), message: message)
    }

    @Test func aCopiedMistakeIsToldOnceWithEachMerge() {
        let noted = Self.sites.noting([Self.error("unknown key 'x' in case 'a'"), Self.error("unknown key 'x' in case 'a'")])
        #expect(noted.count == 1)
        #expect(noted[0].notes.map(\.location?.line) == [6, 9])
    }

    /// An error left out as a second of its code at a copied place, then repeated: the repeat looked for the notes of
    /// a diagnostic never kept, past the end of the list, and trapped (found by the fuzzer).
    @Test func aRepeatOfAnErrorLeftOutIsLeftOutToo() {
        let noted = Self.sites.noting([
            Self.error("unknown key 'x' in case 'a'"), Self.error("unknown key 'x' in case 'b'"), Self.error("unknown key 'x' in case 'b'"),
        ])
        #expect(noted.map(\.message) == ["unknown key 'x' in case 'a'"])
    }

    /// Warnings at a copied node stay apart, unlike errors: an offset read in two merging cases' zones says two things,
    /// and each is told (mutation B30 folded them as errors are, and the second zone's reading was lost).
    @Test func twoWarningsOfOneCodeAtACopiedNodeAreBothTold() {
        func warning(_ message: String) -> Diagnostic {
            Diagnostic(code: "offset-mismatch", severity: .warning, location: SourceLocation(file: "f.yaml", line: 2, column: 5), message: message)
        }
        let messages = ["read in Europe/Berlin, it is 03:30 CEST", "read in America/New_York, it is 21:30 EDT"]
        #expect(Self.sites.noting(messages.map(warning)).map(\.message) == messages)
    }

    /// Told about the mapping it lands in, a key notes only the merges into that mapping.
    @Test func aKeyWrongWhereItLandsNotesOnlyThatMerge() {
        let noted = Self.sites.noting([Self.error("unknown key 'x' in 'window'")]) { _ in MergeSites.Position(line: 9, column: 1) }
        #expect(noted[0].notes.map(\.location?.line) == [9])
    }

    /// A key wrong in every mapping that merges it, told for each (`in case 'a'`, `in case 'b'`): once, with the merge
    /// into each of those mappings (it was told once per case, a note each), and an exact repeat from another merge
    /// (steps merging one template, "in this step") notes its merge too (it was lost).
    @Test func aKeyWrongInEveryMappingThatMergesItIsToldOnceWithEveryMerge() {
        let mappings = [MergeSites.Position(line: 6, column: 1), MergeSites.Position(line: 9, column: 1)]
        let perCase = Self.sites.noting([Self.error("unknown key 'x' in case 'a'"), Self.error("unknown key 'x' in case 'b'")]) { mappings[$0] }
        #expect(perCase.map(\.message) == ["unknown key 'x' in case 'a'"])
        #expect(perCase[0].notes.map(\.location?.line) == [6, 9])
        let perStep = Self.sites.noting([Self.error("unknown key 'x' in this step"), Self.error("unknown key 'x' in this step")]) { mappings[$0] }
        #expect(perStep.count == 1)
        #expect(perStep[0].notes.map(\.location?.line) == [6, 9])
    }

    /// A mistake in what a plain alias copied names each alias that copies it (none was named: a step copied out of
    /// order was told at the one in order).
    @Test func aMistakeAPlainAliasCopiedNamesTheAlias() {
        let sites = MergeSites(aliasCopies: [Self.copied: [MergeSites.Position(line: 7, column: 5)]])
        let noted = sites.noting([Self.error("step out of order")])
        #expect(noted[0].notes.map(\.location?.line) == [7])
        #expect(noted[0].notes.map(\.message) == ["this alias copies it here"])
    }

    @Test func withoutMergesOnlyExactRepeatsGo() {
        let plain = MergeSites()
        let other = Self.error("another", at: MergeSites.Position(line: 3, column: 1))
        #expect(plain.noting([Self.error("a"), Self.error("a"), other]).map(\.message) == ["a", "another"])
    }
}
