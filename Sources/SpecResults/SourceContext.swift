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
            if crosses(Self.folded(preceding).text, " ", Self.unindented(line), by: redaction) { return true }
        }
        if revealsMoreWhenDecoded(by: redaction) { return true }
        guard part.count < whole.count else { return false }
        // A cut line: the part shown must mask to the beginning of what the whole line masks to.
        return !redaction.mask(line).unicodeScalars.starts(with: redaction.mask(String(String.UnicodeScalarView(part))).unicodeScalars)
    }

    /// Whether the lines read as YAML reads a double-quoted value — escapes decoded (`to\u006ben=…` is `token=…`), a
    /// `\` at a line's end joining the next line without a space — hold a secret more than the lines as written:
    /// then an escape hides one from the patterns, and the line is left out (also when that secret is on a line
    /// before it: the window is a few lines, and escapes are rare in specs).
    private func revealsMoreWhenDecoded(by redaction: Redaction) -> Bool {
        guard preceding.contains("\\") || line.contains("\\") else { return false }
        func masks(_ text: String) -> Int {
            redaction.mask(text).components(separatedBy: Redaction.mask).count - text.components(separatedBy: Redaction.mask).count
        }
        let trimmedLine = Self.unindented(line)
        let decodedLine = Self.decodingEscapes(trimmedLine)
        // An escape inside the line: `to\u006ben=…`.
        if decodedLine != trimmedLine, masks(decodedLine) > masks(trimmedLine) { return true }
        guard !preceding.isEmpty else { return false }
        // Across the lines before it, each joined to the next by a space, or by nothing after a `\`.
        let (joined, continues) = Self.folded(preceding, joiningEscapedLineEnds: true)
        return crosses(Self.decodingEscapes(joined), continues ? "" : " ", decodedLine, by: redaction)
    }

    /// The lines of `text` as YAML folds a quoted value: each after the first without its indentation, joined by a
    /// space — or, with `joiningEscapedLineEnds`, by nothing after a line ending in `\` (the `\` dropped). `continues`:
    /// the last line ended so, and joins the line after `text` the same way.
    private static func folded(_ text: String, joiningEscapedLineEnds: Bool = false) -> (text: String, continues: Bool) {
        var joined = ""
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if index > 0 {
                if joiningEscapedLineEnds, joined.hasSuffix("\\") { joined.removeLast() } else { joined += " " }
            }
            joined += index == 0 ? line : line.drop(while: { $0 == " " || $0 == "\t" })
        }
        let continues = joiningEscapedLineEnds && joined.hasSuffix("\\")
        if continues { joined.removeLast() }
        return (joined, continues)
    }

    private static func unindented(_ line: String) -> String {
        String(line.drop(while: { $0 == " " || $0 == "\t" }))
    }

    /// YAML's escapes of one character after the `\`.
    private static let singleEscapes: [Unicode.Scalar: Unicode.Scalar] = [
        "0": "\u{0}", "a": "\u{7}", "b": "\u{8}", "t": "\t", "\t": "\t", "n": "\n", "v": "\u{B}", "f": "\u{C}",
        "r": "\r", "e": "\u{1B}", " ": " ", "\"": "\"", "/": "/", "\\": "\\", "N": "\u{85}", "_": "\u{A0}",
        "L": "\u{2028}", "P": "\u{2029}",
    ]

    /// `text` with YAML's double-quoted escapes decoded (`\t`, `\"`, `\\`, `\xHH`, `\uHHHH`, `\UHHHHHHHH`, …); an
    /// escape YAML does not know is kept as written.
    static func decodingEscapes(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var scalars = text.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "\\", let next = scalars.first else { result.append(scalar); continue }
            if let decoded = singleEscapes[next] {
                result.append(decoded)
                scalars.removeFirst()
                continue
            }
            let digits = next == "x" ? 2 : next == "u" ? 4 : next == "U" ? 8 : 0
            let hex = scalars.dropFirst().prefix(digits)
            if digits > 0, hex.count == digits, let value = UInt32(String(String.UnicodeScalarView(hex)), radix: 16),
               let decoded = Unicode.Scalar(value) {
                result.append(decoded)
                scalars.removeFirst(1 + digits)
                continue
            }
            result.append(scalar)
        }
        return String(result)
    }

    /// Whether masking `before + separator + after` differs from masking its two parts apart: a mask runs across.
    private func crosses(_ before: String, _ separator: String, _ after: String, by redaction: Redaction) -> Bool {
        redaction.mask(before + separator + after) != redaction.mask(before + separator) + redaction.mask(after)
    }
}

/// The context of a file's 1-based line, or nil when it is not at hand (archived results re-rendered elsewhere).
public typealias SourceContextLookup = @Sendable (_ file: String, _ line: Int) -> SourceContext?
