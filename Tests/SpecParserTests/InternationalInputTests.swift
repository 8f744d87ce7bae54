import Foundation
import SpecDiagnostics
import SpecParser
import Testing

/// What the full-width, invisible and look-alike hints must leave alone: text in names, descriptions and comments,
/// where Chinese punctuation and any character are at home.
@Suite struct InternationalInputTests {
    static func diagnostics(_ text: String) -> [Diagnostic] {
        SpecParser().parse(path: "t.yaml", bytes: Array(text.utf8)).diagnostics
    }

    static let body = """
        schedule:
          timezone: Asia/Shanghai
          rule: {every: day, at: "02:30"}
          nonexistent: skip
          repeated: first
        cases:
          - {name: "日常：同步，一｛二｝", after: 2027-06-01T00:00:00+08:00, next: 2027-06-01T02:30:00+08:00}

        """

    @Test func fullWidthPunctuationInNamesAndCommentsIsText() {
        let text = "spec: 上海：每日同步，夜间\ndescription: ｛说明｝［一］、二  # 注释：不是键\ntags: [中文, 上海]\n" + Self.body
        #expect(Self.diagnostics(text).isEmpty, "\(Self.diagnostics(text).map(\.message))")
    }

    @Test func aSyntaxErrorIsNotBlamedOnAQuotedFullWidthColon() throws {
        let text = "spec: \"key：value\"\n" + Self.body + "window: [\n"
        let error = try #require(Self.diagnostics(text).first)
        #expect(!error.message.contains("full-width"), "\(error.message)")
    }

    @Test func aFullWidthCommaInAFlowListIsNamedAtItsPlace() throws {
        let text = "spec: x\ntags: [a，b]: c\n" + Self.body
        let error = try #require(Self.diagnostics(text).first)
        #expect(error.message.contains("full-width comma (U+FF0C)"), "\(error.message)")
        #expect(error.location?.line == 2 && error.location?.column == 9)
    }

    @Test func aKeyOfOtherLettersThanALookAlikeGetsNoLookAlikeMessage() throws {
        let text = "spec: x\nшкала: y\n" + Self.body
        let error = try #require(Self.diagnostics(text).first)
        #expect(error.message.hasPrefix("unknown key 'шкала' in this document; the keys allowed here are"), "\(error.message)")
    }

    @Test func aQuotedNameMayHoldALineSeparatorWrittenAsAnEscape() {
        let text = "spec: \"Synchro\\u2028nocturne\"\n" + Self.body
        #expect(Self.diagnostics(text).isEmpty, "\(Self.diagnostics(text).map(\.message))")
    }
    /// The same invisible characters are named in a key and in a value, each with its article ("an ideographic space").
    @Test(arguments: [("\u{2002}", "an en space (U+2002)"), ("\u{2003}", "an em space (U+2003)"),
                      ("\u{2060}", "a word joiner (U+2060)"), ("\u{00AD}", "a soft hyphen (U+00AD)"),
                      ("\u{3000}", "an ideographic space (U+3000)"), ("\u{200B}", "a zero-width space (U+200B)"),
                      ("\u{00A0}", "a non-breaking space (U+00A0)"), ("\u{202F}", "a narrow non-breaking space (U+202F)")])
    func anInvisibleCharacterIsNamedInAKeyAndInAValue(character: String, named: String) throws {
        let inValue = Self.body.replacingOccurrences(of: "Asia/Shanghai", with: "Asia/Shanghai" + character)
        let valueError = try #require(Self.diagnostics("spec: x\n" + inValue).first)
        #expect(valueError.message == "'Asia/Shanghai\(character)' ends with \(named), which does not show but is part of the value; delete it")
        let inKey = Self.body.replacingOccurrences(of: "timezone:", with: "timezone\(character):")
        let keyErrors = Self.diagnostics("spec: x\n" + inKey)
        #expect(keyErrors.count == 1, "no missing 'timezone' besides: \(keyErrors.map(\.message))")
        #expect(keyErrors.first?.message == "unknown key 'timezone\(character)' in 'schedule'; 'timezone\(character)' ends with \(named), which does not show but is part of the key; delete it to write 'timezone'")
    }

    @Test func anIdeographicCommaTakesItsArticle() throws {
        let error = try #require(Self.diagnostics("spec: x\ntags: 中文、上海\n" + Self.body).first)
        #expect(error.message.contains("'、' is an ideographic comma (U+3001)"), "\(error.message)")
    }

    /// A syntax error from full-width punctuation (`rule: ｛…｝`) used to hide the file's other mistakes until it was
    /// fixed; the rest of the file is now read with that line retyped, so each mistake is told in the same round.
    @Test func aFullWidthSyntaxErrorDoesNotHideTheOtherMistakes() {
        let text = """
            spec：上海每日同步
            tags: [dst，berlin]
            schedule:
              timezone: Asia/Shanghai
              rule: ｛every: day, at: "02:30"｝
              nonexistent: skip
              repeated: first
            cases:
              - {name: a, after: 2027-06-01T00:00:00+08:00, next: 2027-06-01T02:30:00+08:00}
            ---
            spec: second
            schedule: {timezone: Asia/Shanghai, rule: {every: dya, at: "02:30"}, nonexistent: skip, repeated: first}
            cases: [{name: a, after: 2027-06-01T00:00:00+08:00, next: 2027-06-01T02:30:00+08:00}]

            """
        let file = SpecParser().parse(path: "t.yaml", bytes: Array(text.utf8))
        let told = file.diagnostics.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.code)" }
        #expect(told == ["1:5 yaml-syntax", "2:8 wrong-kind", "5:9 yaml-syntax", "12:51 unknown-value"])
        // Each is shown on its line as written, not as retyped.
        #expect(file.diagnostics.map(\.sourceLine) == text.split(separator: "\n").map(String.init).enumerated()
            .filter { [0, 1, 4, 11].contains($0.offset) }.map(\.element))
        #expect(file.specs.isEmpty)
    }

    /// What the re-read would find on the retyped line itself is left out: that line's error is told.
    @Test func aRetypedLineIsToldOnce() {
        let text = "spec: x\nschedule:\n  timezone: Asia/Shanghai\n  rule: ｛every: dya, at: \"02:30\"｝\n  nonexistent: skip\n"
            + "  repeated: first\ncases:\n  - {name: a, after: 2027-06-01T00:00:00+08:00, next: 2027-06-01T02:30:00+08:00}\n"
        #expect(Self.diagnostics(text).map(\.code) == ["yaml-syntax"])
    }

    /// A line separator inside a block scalar takes no escape: the advice says what works there, for `|` and `>`.
    @Test(arguments: [("|", "replace it with a line break"), (">", "replace it with an empty line")])
    func aLineSeparatorInABlockScalarIsNotToldToBecomeAnEscape(indicator: String, newLine: String) throws {
        let text = "spec: x\ndescription: \(indicator)\n  one\u{2028}  two\n  three\n" + Self.body
        let error = try #require(Self.diagnostics(text).first)
        #expect(!error.message.contains("escape \\u2028"), "\(error.message)")
        #expect(error.message.contains("inside a block scalar ('\(indicator)'), which takes no escapes: delete it, or, where a new line is meant, \(newLine)"),
                "\(error.message)")
        #expect(error.location?.line == 3 && error.location?.column == 6)
    }

    /// Outside a block scalar (a comment, a quoted name) the escape advice stays.
    @Test func aLineSeparatorInAQuotedNameIsToldItsEscape() throws {
        let text = "spec: \"one\u{2028}two\"\ndescription: |\n  fine\n" + Self.body
        let error = try #require(Self.diagnostics(text).first)
        #expect(error.message.hasSuffix("delete it, or write it as the escape \\u2028 inside double quotes if it belongs in a text"), "\(error.message)")
    }

    static func shorthand(_ rule: String) -> String {
        "spec: x\nschedule:\n  timezone: Europe/Paris\n  rule: \(rule)\n  nonexistent: skip\n  repeated: first\ncases:\n"
            + "  - {name: a, after: 2027-06-01T00:00:00+02:00, next: 2027-06-03T09:00:00+02:00}\n"
    }

    /// Weekdays in the author's language in the shorthand are told once, in the shorthand's own form.
    @Test func weekdaysInAnotherLanguageInTheShorthandAreToldOnce() {
        #expect(Self.diagnostics(Self.shorthand("weekly lun,jeu 09:00")).map(\.message)
            == ["'lun', 'jeu' are weekdays in another language than English; specs name weekdays in English: write mon,thu"])
    }

    /// A shorthand's time is given without quotes, which would become part of the rule's text, and a full-width one is
    /// named as such.
    @Test(arguments: [("daily 2:30pm", "'2:30pm' is not a wall time; write 'at' on the 24-hour clock as HH:MM: 14:30"),
                      ("daily ０２３０", "'０２３０' is typed with full-width characters ('０' U+FF10, '２' U+FF12, '３' U+FF13), as an input method's full-width mode types them; type it in ASCII as HH:MM: 02:30")])
    func aShorthandTimeIsGivenAsTheShorthandTakesIt(rule: String, message: String) {
        #expect(Self.diagnostics(Self.shorthand(rule)).map(\.message) == [message])
    }
}
