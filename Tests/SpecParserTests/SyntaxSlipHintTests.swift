import SpecDiagnostics
import SpecModel
import SpecParser
import Testing

/// The hints for brackets left open or crossed and for list items without their space, each applied as written: a
/// hint whose fix still fails, or changes what the spec says, is worse than libyaml's own words (the second
/// hostile-input hunt applied each suggestion literally).
@Suite struct SyntaxSlipHintTests {
    static let body = "schedule: {timezone: UTC, rule: daily 02:00, nonexistent: skip, repeated: first}\n"
        + "cases:\n  - {name: a, after: 2027-01-01T00:00:00Z, next: 2027-01-01T02:00:00Z}\n"

    /// The first error's message and line, and whether the text with `fix` applied reads without a YAML error.
    static func hint(_ text: String) -> (message: String, line: Int) {
        let diagnostic = SpecFixtures.parse(text).diagnostics.first { $0.code == "yaml-syntax" }
        return (diagnostic?.message ?? "", diagnostic?.location?.line ?? 0)
    }

    static func readsClean(_ text: String) -> Bool {
        !SpecFixtures.parse(text).diagnostics.contains { $0.code == "yaml-syntax" }
    }

    /// `tags: [dst, europe,` then a key beside it: the list ends on its own line, without the comma (it was told to end
    /// on the key's line, `version: 1]`, which made the key a tag), with a key below or a section.
    @Test(arguments: ["version: 1\n", ""])
    func aListLeftOpenClosesOnItsOwnLine(between: String) {
        let text = "spec: A\ntags: [dst, europe,\n" + between + Self.body
        let hint = Self.hint(text)
        #expect(hint.line == 2)
        #expect(hint.message.hasSuffix("end this line with ']': tags: [dst, europe]"), "\(hint.message)")
        #expect(Self.readsClean(text.replacingOccurrences(of: "tags: [dst, europe,", with: "tags: [dst, europe]")))
    }

    /// Brackets opened before the reported one on its line are closed too, and the caret is at the outermost: one run,
    /// not one per bracket.
    @Test func nestedBracketsLeftOpenAreClosedTogether() {
        let hint = Self.hint("--- {spec: X, tags: [a\n")
        #expect(hint.message.hasSuffix("the mapping opened with '{' here is not closed on its line, and what follows is not part of it; "
            + "end this line with ']}': --- {spec: X, tags: [a]}"), "\(hint.message)")
        #expect(Self.readsClean("--- {spec: X, tags: [a]}\n"))
    }

    /// A list opened on a line that continues a mapping opened above: where the list ends cannot be told from the
    /// indentation, and the fix given (`thu]`) still failed; libyaml's words stay.
    @Test func aBracketInsideAMappingOpenedAboveGetsNoHint() {
        let hint = Self.hint("spec: A\nschedule:\n  timezone: UTC\n  rule: {every: week,\n         on: [mon,\n              thu,\n         at: \"02:30\"}\n")
        #expect(hint.message.hasPrefix("the YAML cannot be read: did not find expected ',' or ']'"), "\(hint.message)")
    }

    /// `}]` typed for `]}`: told to swap them ("type ']' before this '}'" left a stray `]`).
    @Test func closersInTheWrongOrderAreToldToSwap() {
        let line = "  rule: {every: week, on: [mon, thu], at: \"09:00\"}]\n"
        let text = "spec: A\nschedule:\n  timezone: UTC\n" + line.replacingOccurrences(of: "thu], at: \"09:00\"}]", with: "thu, at: \"09:00\"}]")
        let hint = Self.hint(text)
        #expect(hint.message.hasSuffix("'}]' closes the mapping before the list opened with '[' at column 27, which is inside it; "
            + "close them the other way round: ']}'"), "\(hint.message)")
    }

    /// `-at:` for `- at:`: below items at a deeper column it is a syntax error, at the list's own column an unknown
    /// key; both are told the item to write (it was told `write '- -at: …'`, which gave the unknown key '-at').
    @Test(arguments: [("    - at: 2027-01-01T02:00:00Z\n    -at: 2027-01-02T02:00:00Z\n", "yaml-syntax",
                       "'-at:' is a list item's '-' without the space after it; write '- at: …'"),
                      ("  - at: 2027-01-01T02:00:00Z\n  -at: 2027-01-02T02:00:00Z\n", "unknown-key",
                       "unknown key '-at' in 'expect': it looks like a list item whose '-' has no space after it; write '- at: …', indented as the list's other items")])
    func anItemGluedToItsKeyIsToldItsSpace(items: String, code: String, message: String) {
        let text = "spec: x\nschedule: {timezone: UTC, rule: daily 02:00, nonexistent: skip, repeated: first}\n"
            + "window: {after: 2027-01-01T00:00:00Z, through: 2027-01-02T12:00:00Z}\nexpect:\n  occurrences:\n" + items
        let diagnostics = SpecFixtures.parse(text).diagnostics
        #expect(diagnostics.contains { $0.code == code && $0.message.hasSuffix(message) && $0.location?.line == 7 }, "\(diagnostics)")
        #expect(!SpecFixtures.parse(text.replacingOccurrences(of: "-at:", with: "- at:")).diagnostics.contains { $0.severity == .error })
    }
}
