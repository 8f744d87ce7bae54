import SpecDiagnostics
import SpecModel
import SpecParser
import Testing

/// libyaml stops at a file's first syntax error; the documents after it (from the next `---`) are read on their own, so
/// a three-spec file with a missing `}` in the second did not check, run or count the third (a QA engineer fixing one
/// error at a time could not tell how much was left, and the summary read as though the file held one spec).
@Suite struct SyntaxErrorResumeTests {
    static func spec(_ name: String, _ extra: String = "", rule: String = #"{every: day, at: "02:15"}"#) -> String {
        """
        spec: \(name)
        schedule:
          timezone: Asia/Kathmandu
          rule: \(rule)
          nonexistent: skip
          repeated: first\(extra)
        window:
          after: 2027-01-01T00:00:00+05:45
          through: 2027-01-02T00:00:00+05:45
        expect:
          occurrences: [2027-01-01T02:15:00+05:45]

        """
    }

    @Test func theDocumentsAfterASyntaxErrorAreReadCheckedAndRun() {
        let text = Self.spec("one") + "---\n" + Self.spec("two", rule: #"{every: day, at: "02:15""#)
            + "---\n" + Self.spec("three", "\n  repeatd: first") + "---\n" + Self.spec("four")
        let file = SpecFixtures.parse(text)
        #expect(file.specs.map(\.name) == ["one", "four"])
        let errors = file.diagnostics.map { "\($0.location!.line):\($0.code)" }
        // The open brace (document two, line 16) and the misspelled key (document three, line 31), each at its own line.
        #expect(errors == ["16:yaml-syntax", "31:unknown-key"], "\(errors)")
    }

    /// Nesting too deep ends libyaml's reading (going on through 200,000 `[` took minutes): the next document, after
    /// a `---`, is read on its own, and the rest of the deep one gives no second error (an unclosed-bracket error at the
    /// end of the file was noise).
    @Test func theDocumentsAfterNestingTooDeepAreReadCheckedAndRun() {
        let deep = "spec: deep\nx: " + String(repeating: "[a, ", count: 100) + "\n"
        let file = SpecFixtures.parse(Self.spec("one") + "---\n" + deep + "---\n" + Self.spec("three"))
        #expect(file.specs.map(\.name) == ["one", "three"])
        #expect(file.diagnostics.map { "\($0.location!.line):\($0.location!.column):\($0.code)" } == ["14:256:too-deep"])
    }

    /// A file is told at most `errorLimitPerFile` errors (a document's all), then that the rest is not read: a generated
    /// 10 MB file with a slip in each of its million documents held 3 GB of diagnostics and took 90 s.
    @Test func aFileIsToldItsFirstThousandErrorsAndThatTheRestIsNotRead() throws {
        let bad = Self.spec("x", "\n  repeatd: first")
        let count = SpecParser.errorLimitPerFile + 5
        let text = (0..<count).map { _ in bad }.joined(separator: "---\n") + "---\n" + Self.spec("last")
        let file = SpecFixtures.parse(text)
        #expect(file.specs.isEmpty)
        let errors = file.diagnostics.filter { $0.severity == .error }
        // One unknown key a document (names are compared across files later, `DuplicateSpecNames`).
        #expect(errors.count == SpecParser.errorLimitPerFile)
        #expect(Set(errors.map(\.code)) == ["unknown-key"])
        let last = try #require(errors.last)
        // Each document is 12 lines and a `---`: the 1,001st document's `---` is line 13,000.
        let cut = SpecParser.errorLimitPerFile * 13
        #expect(last.notes.map { "\($0.location.map { "\($0.line)" } ?? ""): \($0.message)" }
            == ["\(cut): the file's documents from here on are not read after \(SpecParser.errorLimitPerFile) errors; correct the errors above and run again"])
    }

    /// A syntax error that brings a file to the limit is not read on from: the resumed reading's first document, valid,
    /// reached the limit with no diagnostic of its own to hold the note, and the process trapped (a hunt's 999 errors,
    /// a syntax error, three valid specs).
    @Test func aSyntaxErrorAtTheErrorLimitEndsTheReadingWithANote() throws {
        let bad = Self.spec("x", "\n  repeatd: first")
        let text = (0..<(SpecParser.errorLimitPerFile - 1)).map { _ in bad }.joined(separator: "---\n")
            + "---\nspec: broken\nschedule: {timezone: UTC\n---\n" + Self.spec("after one") + "---\n" + Self.spec("after two")
        let file = SpecFixtures.parse(text)
        #expect(file.specs.isEmpty)
        let errors = file.diagnostics.filter { $0.severity == .error }
        #expect(errors.count == SpecParser.errorLimitPerFile)
        let last = try #require(errors.last)
        #expect(last.code == "yaml-syntax")
        #expect(last.notes.last?.message == "the file's documents from here on are not read after \(SpecParser.errorLimitPerFile) errors; "
            + "correct the errors above and run again")
    }

    /// Two or three byte order marks (tools each adding one) are told once, and the file is read without the extra ones.
    @Test(arguments: [2, 3]) func extraByteOrderMarksAreToldOnceAndTheSpecRuns(marks: Int) {
        let bytes = Array(repeating: [UInt8]([0xEF, 0xBB, 0xBF]), count: marks).flatMap { $0 } + Array(Self.spec("one").utf8)
        let file = SpecParser().parse(path: "bom.yaml", bytes: bytes)
        #expect(file.specs.map(\.name) == ["one"])
        #expect(file.diagnostics.map { "\($0.location!.line):\($0.location!.column) \($0.message)" }
            == ["1:1 the file starts with \(marks == 2 ? "two" : "three") byte order marks (U+FEFF), which YAML reads as one and the "
                + "rest as characters of the first line; remove all but the first (save the file as UTF-8 once)"])
    }

    /// An unclosed quote runs into the next document's `---`, where libyaml stops: reading goes on from that marker.
    @Test func anUnclosedQuoteStopsAtTheNextDocumentWhichIsRead() {
        let text = Self.spec("one", rule: #"{every: day, at: "02:15}"#) + "---\n" + Self.spec("two")
        let file = SpecFixtures.parse(text)
        #expect(file.specs.map(\.name) == ["two"])
        #expect(file.diagnostics.map(\.code) == ["yaml-syntax"])
    }

    /// `...` ends a document, and the next starts with `---`, as libyaml wants it: reading goes on from that `---`, so a
    /// bare document after `...` is not read whether the document before it is broken or not (it ran while its
    /// neighbour was broken, and failed once that was fixed: the second hostile-input hunt); unbroken, it is told to
    /// add the `---`.
    @Test(arguments: [true, false])
    func readingGoesOnFromADocumentEndMarker(brokenBefore: Bool) {
        let one = brokenBefore ? Self.spec("one", rule: "{every: day, at: [02:15}") : Self.spec("one")
        let marked = SpecFixtures.parse(one + "...\n---\n" + Self.spec("two"))
        #expect(marked.specs.map(\.name) == (brokenBefore ? ["two"] : ["one", "two"]))
        let bare = SpecFixtures.parse(one + "...\n" + Self.spec("two"))
        #expect(!bare.specs.contains { $0.name == "two" })
        let hint = bare.diagnostics.first { $0.message.contains("a document after '...' starts with '---'; add a line '---' above this one") }
        #expect(brokenBefore ? hint == nil : hint?.location?.line == 13, "\(bare.diagnostics)")
        #expect(bare.diagnostics.filter { $0.code == "yaml-syntax" }.count == 1, "\(bare.diagnostics)")
    }

    /// The note that the rest is not read is left out when the rest holds no document (a last `---`, comments).
    @Test func theNoteOfTheUnreadRestNeedsARest() {
        let broken = Self.spec("x", rule: #"{every: day"#)
        let text = (0..<21).map { _ in broken }.joined(separator: "---\n") + "---\n# the end\n---\n"
        let syntax = SpecFixtures.parse(text).diagnostics.filter { $0.code == "yaml-syntax" }
        #expect(syntax.count == SpecParser.resumedErrorLimit + 1)
        #expect(syntax.allSatisfy { $0.notes.allSatisfy { !$0.message.contains("not read") } }, "\(syntax.last!)")
    }

    /// A `---` written on the line of the error (`--- {spec: x`) is not read again from: that would find the same error.
    @Test func anErrorOnTheMarkerLineItselfIsToldOnce() {
        let text = "--- {spec: one]\n" + "---\n" + Self.spec("two")
        let file = SpecFixtures.parse(text)
        #expect(file.diagnostics.filter { $0.code == "yaml-syntax" }.count == 1, "\(file.diagnostics)")
        #expect(file.specs.map(\.name) == ["two"])
    }

    /// A file of many broken documents is told its first `resumedErrorLimit` errors, and then that the rest was not read.
    @Test func manyBrokenDocumentsAreToldUpToALimit() {
        let broken = Self.spec("x", rule: #"{every: day"#)
        let text = (0..<40).map { _ in broken }.joined(separator: "---\n")
        let file = SpecFixtures.parse(text)
        let syntax = file.diagnostics.filter { $0.code == "yaml-syntax" }
        #expect(syntax.count == SpecParser.resumedErrorLimit + 1)
        #expect(syntax.last!.notes.contains { $0.message.contains("not read") }, "\(syntax.last!)")
        #expect(file.specs.isEmpty)
    }
}
