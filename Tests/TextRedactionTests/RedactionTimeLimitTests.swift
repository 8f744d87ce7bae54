import Testing
@testable import TextRedaction

/// A pattern whose search reaches ICU's time limit cannot say where the secret is: the text is masked whole, and every
/// later text the pattern is tried on too, without searching again.
@Suite struct RedactionTimeLimitTests {
    @Test func aTextThePatternCannotSearchIsMaskedWhole() throws {
        let pattern = try RedactionPattern("(.*a){30}")
        let redaction = Redaction(patterns: [pattern])
        #expect(!pattern.timedOut)
        #expect(redaction.mask("plain text") == "plain text")
        #expect(redaction.mask(String(repeating: "a", count: 40) + "!") == Redaction.mask)
        #expect(pattern.timedOut)
        // Later texts are masked whole at once, even one the pattern would have left alone.
        #expect(redaction.mask("plain text") == Redaction.mask)
    }
}
