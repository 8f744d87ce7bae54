import SpecYAML

/// Why a value that looks right on screen does not read: typographic quotes or dashes from a word processor, an
/// invisible non-breaking space, a comment glued to the value. Asked only about values that failed to read, so a
/// name or a description may hold any of these.
enum TypographicSlip {
    /// What is wrong with the scalar's text and what to write, or nil when none of these slips explains it.
    static func problem(in scalar: Node.Scalar) -> String? {
        let text = scalar.value
        let scalars = Array(text.unicodeScalars)
        guard let first = scalars.first, let last = scalars.last else { return nil }
        if scalar.style == .plain, openingQuotes.contains(first) || closingQuotes.contains(last) {
            let inner = String(String.UnicodeScalarView(scalars.drop { openingQuotes.contains($0) }.reversed()
                .drop { closingQuotes.contains($0) }.reversed()))
            return "'\(text)' is in typographic quotes, as a word processor writes them, which YAML takes as part of the value; use straight quotes: \"\(inner)\""
        }
        if scalar.style == .plain, let hash = scalars.indices.first(where: { $0 > 0 && scalars[$0] == "#" && scalars[$0 - 1] != " " }) {
            let value = String(String.UnicodeScalarView(scalars[..<hash]))
            let comment = String(String.UnicodeScalarView(scalars[hash...]))
            return "a comment needs a space before '#', so YAML reads '\(comment)' as part of the value '\(text)'; write \(value) \(comment)"
        }
        if let index = scalars.firstIndex(where: { invisibleSpaces[$0] != nil }) {
            let place = index == 0 ? "starts with" : index == scalars.count - 1 ? "ends with" : "holds"
            return "'\(text)' \(place) a \(invisibleSpaces[scalars[index]]!) (U+\(hex(scalars[index]))), which does not show but is part of the value; delete it, or type an ordinary space"
        }
        if scalar.style != .plain, first == " " || last == " " {
            return "'\(text)' has a space \(first == " " ? "at its start" : "at its end") inside the quotes, which is part of the value; remove it"
        }
        if let dash = scalars.first(where: { dashes[$0] != nil }) {
            return "'\(text)' has a '\(dash)' (\(dashes[dash]!), U+\(hex(dash))) where a '-' belongs, as word processors replace it; type a plain '-'"
        }
        return nil
    }

    private static let openingQuotes: Set<Unicode.Scalar> = ["\u{201C}", "\u{2018}", "\u{201E}", "\u{00AB}", "\u{201A}"]
    private static let closingQuotes: Set<Unicode.Scalar> = ["\u{201D}", "\u{2019}", "\u{00BB}"]
    /// Characters that look like a space (or nothing) but are none to YAML, with their names; also what
    /// `SyntaxErrorHint` looks for where YAML needs its own spaces.
    static let invisibleSpaces: [Unicode.Scalar: String] = [
        "\u{00A0}": "non-breaking space", "\u{202F}": "narrow non-breaking space", "\u{2007}": "figure space",
        "\u{2009}": "thin space", "\u{200B}": "zero-width space", "\u{FEFF}": "zero-width no-break space",
        "\u{3000}": "ideographic space",
    ]
    private static let dashes: [Unicode.Scalar: String] = [
        "\u{2013}": "en dash", "\u{2014}": "em dash", "\u{2212}": "minus sign", "\u{2010}": "hyphen", "\u{2011}": "non-breaking hyphen",
    ]

    /// `00A0`: a scalar's code point as messages write it after `U+`.
    static func hex(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
