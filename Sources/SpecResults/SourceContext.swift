import TextRedaction

/// The text around a diagnostic's source line in its file, for masking it.
///
/// A source line masked on its own misses a secret that begins on an earlier line — a quoted value that runs onto
/// the next line (`Authorization: "Basic⏎  dXNlcjpwYXNz"`), where the error points at the second line — or that
/// runs past the end of what a diagnostic shows of a very long line (its first 1,000 code points), where the part
/// shown is not enough for the pattern to match (`https://bot:secret` without its `@host`). With the file at hand
/// (`specrun` and `specrun check`), each source line is also masked with its context, and left out when the two
/// disagree (docs/reports.md, "Redaction").
public struct SourceContext: Sendable, Equatable {
    /// The lines before the source line (a few, the nearest last), joined by "\n"; empty on a file's first line.
    public var preceding: String
    /// The whole source line, of which a diagnostic may show only the beginning.
    public var line: String

    public init(preceding: String, line: String) {
        self.preceding = preceding
        self.line = line
    }

    /// Whether masking with this context reaches into `shown` (a diagnostic's source line: this line, or its
    /// beginning followed by " …") where masking `shown` alone does not. False when `shown` is not this line (the
    /// file changed since it was read): there is nothing to compare.
    func masksMore(than shown: String, by redaction: Redaction) -> Bool {
        let whole = line.unicodeScalars
        var part = shown.unicodeScalars[...]
        if whole.count > part.count, shown.hasSuffix(" …") { part = part.dropLast(2) }
        guard whole.starts(with: part) else { return false }
        if !preceding.isEmpty {
            // A mask that runs from the lines before into this one, in the file's text or as YAML reads it: a quoted
            // or folded value's line breaks and indentation become one space, so `Authorization: Basic⏎  dXNl…`
            // is one header whose value is on this line.
            if crosses(preceding, "\n", line, by: redaction) { return true }
            let folded = preceding.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.drop(while: { $0 == " " || $0 == "\t" }) }.joined(separator: " ")
            if crosses(folded, " ", String(line.drop(while: { $0 == " " || $0 == "\t" })), by: redaction) { return true }
        }
        guard part.count < whole.count else { return false }
        // A cut line: the part shown must mask to the beginning of what the whole line masks to.
        return !redaction.mask(line).unicodeScalars.starts(with: redaction.mask(String(String.UnicodeScalarView(part))).unicodeScalars)
    }

    /// Whether masking `before + separator + after` differs from masking its two parts apart: a mask runs across.
    private func crosses(_ before: String, _ separator: String, _ after: String, by redaction: Redaction) -> Bool {
        redaction.mask(before + separator + after) != redaction.mask(before + separator) + redaction.mask(after)
    }
}

/// The context of a file's 1-based line, or nil when it is not at hand (archived results re-rendered elsewhere).
public typealias SourceContextLookup = @Sendable (_ file: String, _ line: Int) -> SourceContext?
