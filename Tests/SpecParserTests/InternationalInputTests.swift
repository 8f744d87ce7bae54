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
}
