import SpecYAML

/// Why a value that looks right on screen does not read: typographic quotes or dashes from a word processor, an
/// invisible non-breaking space, a comment glued to the value. Asked only about values that failed to read, so a
/// name or a description may hold any of these.
enum TypographicSlip {
    /// What is wrong with the scalar's text and what to write, or nil when none of these slips explains it.
    /// `fullWidthAdvice` says what to type for a value typed in full-width characters, given it in ASCII.
    static func problem(in scalar: Node.Scalar, fullWidthAdvice: (String) -> String = FullWidth.typeInASCII) -> String? {
        let text = scalar.value
        let scalars = Array(text.unicodeScalars)
        guard let first = scalars.first, let last = scalars.last else { return nil }
        if scalar.style == .literal || scalar.style == .folded, last == "\n" || first == " " {
            // `at: |` with 02:30 below: the block keeps its closing line break (and a `|2` more spaces than its lines'
            // indentation), which was told as "not a wall time", or "a space … inside the quotes" with no quotes.
            let indicator = scalar.style == .literal ? "|" : ">"
            let bare = text.trimmingCharacters(in: .whitespacesAndNewlines)
            let spaces = first == " " ? " and the spaces past its indentation" : ""
            let drop = first == " " ? "" : ", or '\(indicator)-' to drop the line break"
            return "'\(text)' is a block scalar ('\(indicator)'), which keeps the line break at its end\(spaces) as part of the value; "
                + "write the value on the key's line, e.g. \"\(bare)\" in quotes\(drop)"
        }
        if scalar.style == .plain, openingQuotes.contains(first) || closingQuotes.contains(last) {
            // French typography sets the value off with (often non-breaking) spaces inside « »: they go with the quotes.
            let inner = String(String.UnicodeScalarView(scalars.drop { openingQuotes.contains($0) || isSpaceLike($0) }.reversed()
                .drop { closingQuotes.contains($0) || isSpaceLike($0) }.reversed()))
            return "'\(text)' is in typographic quotes, as a word processor writes them, which YAML takes as part of the value; use straight quotes: \"\(inner)\""
        }
        if scalar.style == .plain, let hash = scalars.indices.first(where: { $0 > 0 && scalars[$0] == "#" && scalars[$0 - 1] != " " }) {
            let value = String(String.UnicodeScalarView(scalars[..<hash]))
            let comment = String(String.UnicodeScalarView(scalars[hash...]))
            return "a comment needs a space before '#', so YAML reads '\(comment)' as part of the value '\(text)'; write \(value) \(comment)"
        }
        if let index = scalars.firstIndex(where: { invisibleSpaces[$0] != nil }) {
            let place = index == 0 ? "starts with" : index == scalars.count - 1 ? "ends with" : "holds"
            // At either end an ordinary space is no better (a quoted value keeps it, a plain one loses it anyway).
            let advice = index == 0 || index == scalars.count - 1 ? "delete it" : "delete it, or type an ordinary space"
            return "'\(text)' \(place) \(named(scalars[index])), which does not show but is part of the value; \(advice)"
        }
        if let fullWidth = FullWidth.problem(in: text, advice: fullWidthAdvice) {
            return fullWidth
        }
        if let latin = KeySlip.latinized(text), let named = KeySlip.lookAlikes(in: text, standingFor: latin) {
            // `firѕt`, `dаy`, `Europe/Вerlin`: did-you-mean offered the word that looked written, or nothing.
            return "'\(text)' has a letter of another script that looks Latin: \(named); type it in Latin letters: \(latin)"
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
    /// Every space separator of Unicode but the space itself (category Zs), and the format characters that show as
    /// nothing (soft hyphen, zero-width characters, joiners, direction marks, the Hangul fillers), so that a key and
    /// a value name the same characters.
    static let invisibleSpaces: [Unicode.Scalar: String] = [
        "\u{00A0}": "non-breaking space", "\u{1680}": "Ogham space mark",
        "\u{2000}": "en quad", "\u{2001}": "em quad", "\u{2002}": "en space", "\u{2003}": "em space",
        "\u{2004}": "three-per-em space", "\u{2005}": "four-per-em space", "\u{2006}": "six-per-em space",
        "\u{2007}": "figure space", "\u{2008}": "punctuation space", "\u{2009}": "thin space", "\u{200A}": "hair space",
        "\u{202F}": "narrow non-breaking space", "\u{205F}": "medium mathematical space", "\u{3000}": "ideographic space",
        "\u{00AD}": "soft hyphen", "\u{034F}": "combining grapheme joiner", "\u{061C}": "Arabic letter mark",
        "\u{115F}": "Hangul choseong filler", "\u{1160}": "Hangul jungseong filler", "\u{180E}": "Mongolian vowel separator",
        "\u{200B}": "zero-width space", "\u{200C}": "zero-width non-joiner", "\u{200D}": "zero-width joiner",
        "\u{200E}": "left-to-right mark", "\u{200F}": "right-to-left mark",
        "\u{202A}": "left-to-right embedding", "\u{202B}": "right-to-left embedding", "\u{202C}": "pop directional formatting",
        "\u{202D}": "left-to-right override", "\u{202E}": "right-to-left override",
        "\u{2060}": "word joiner", "\u{2061}": "function application", "\u{2062}": "invisible times",
        "\u{2063}": "invisible separator", "\u{2064}": "invisible plus",
        "\u{2066}": "left-to-right isolate", "\u{2067}": "right-to-left isolate", "\u{2068}": "first strong isolate",
        "\u{2069}": "pop directional isolate", "\u{3164}": "Hangul filler", "\u{FEFF}": "zero-width no-break space",
        "\u{FFA0}": "halfwidth Hangul filler",
    ]

    /// "a non-breaking space (U+00A0)", "an en space (U+2002)": an invisible character as messages name it.
    static func named(_ scalar: Unicode.Scalar) -> String {
        "\(withArticle(invisibleSpaces[scalar] ?? "character")) (U+\(hex(scalar)))"
    }

    /// "an ideographic space", "a thin space".
    static func withArticle(_ name: String) -> String {
        (name.first.map { "aeiouAEIOU".contains($0) } == true ? "an " : "a ") + name
    }

    /// A space, or a character that looks like one or like nothing.
    static func isSpaceLike(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || invisibleSpaces[scalar] != nil
    }
    private static let dashes: [Unicode.Scalar: String] = [
        "\u{2013}": "en dash", "\u{2014}": "em dash", "\u{2212}": "minus sign", "\u{2010}": "hyphen", "\u{2011}": "non-breaking hyphen",
    ]

    /// `00A0`: a scalar's code point as messages write it after `U+`.
    static func hex(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
