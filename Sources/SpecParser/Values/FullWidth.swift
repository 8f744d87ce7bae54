/// What an input method types in its full-width mode (Chinese, Japanese, Korean) where YAML needs ASCII: `：` for
/// `:`, `，` or `、` for `,`, `｛｝［］【】` for brackets, full-width letters and digits (`ｔｉｍｅｚｏｎｅ`, `０２：３０`).
/// YAML takes none of them for its own punctuation, so `spec：上海` is one text and `[中文，上海]` one item.
enum FullWidth {
    /// The punctuation YAML would need as its own, with its name and the ASCII character meant.
    static let punctuation: [Unicode.Scalar: (name: String, ascii: Unicode.Scalar)] = [
        "\u{FF1A}": ("full-width colon", ":"),
        "\u{FF0C}": ("full-width comma", ","),
        "\u{3001}": ("ideographic comma", ","),
        "\u{FF5B}": ("full-width left curly bracket", "{"),
        "\u{FF5D}": ("full-width right curly bracket", "}"),
        "\u{FF3B}": ("full-width left square bracket", "["),
        "\u{FF3D}": ("full-width right square bracket", "]"),
        "\u{3010}": ("left black lenticular bracket", "["),
        "\u{3011}": ("right black lenticular bracket", "]"),
    ]

    /// "'：' is a full-width colon (U+FF1A), which YAML does not take for ':'".
    static func describe(_ scalar: Unicode.Scalar) -> String {
        guard let (name, ascii) = punctuation[scalar] else {
            return "'\(scalar)' is a full-width character (U+\(TypographicSlip.hex(scalar)))"
        }
        return "'\(scalar)' is \(TypographicSlip.withArticle(name)) (U+\(TypographicSlip.hex(scalar))), which YAML does not take for '\(ascii)'"
    }

    /// The text with the punctuation above (and, unless `punctuationOnly`, every full-width form U+FF01…U+FF5E)
    /// typed in ASCII, or nil when it holds none. A comma gets the space a list writes after it, and a colon after a
    /// letter (a key's) the space YAML needs; a colon between digits (`０２：３０`) stays a time's.
    static func ascii(_ text: String, punctuationOnly: Bool = false) -> String? {
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var changed = false
        for (index, scalar) in scalars.enumerated() {
            let meant: Unicode.Scalar
            if let known = punctuation[scalar]?.ascii {
                meant = known
            } else if !punctuationOnly, (0xFF01...0xFF5E).contains(scalar.value), let folded = Unicode.Scalar(scalar.value - 0xFEE0) {
                meant = folded
            } else {
                out.append(scalar)
                continue
            }
            changed = true
            out.append(meant)
            let next = index + 1 < scalars.count ? scalars[index + 1] : nil
            let afterLetter = out.dropLast().last.map { $0.isASCII && $0.properties.isAlphabetic } ?? false
            if let next, next != " ", meant == "," || (meant == ":" && afterLetter) {
                out.append(" ")
            }
        }
        return changed ? String(out) : nil
    }

    /// What is full-width in a value that failed to read, and what to type; nil when nothing is. `advice` says what to
    /// type given the value typed in ASCII (by default, that text): a value that still does not read once typed in
    /// ASCII (`０２３０` is `0230`) is given the form that does.
    static func problem(in text: String, advice: (String) -> String = typeInASCII) -> String? {
        guard let typed = ascii(text) else { return nil }
        let meant = advice(typed)
        var distinct: [Unicode.Scalar] = []
        for scalar in text.unicodeScalars where punctuation[scalar] != nil || (0xFF01...0xFF5E).contains(scalar.value) {
            if !distinct.contains(scalar) { distinct.append(scalar) }
        }
        if distinct.count == 1 {
            return "'\(text)' has \(describe(distinct[0]).replacingOccurrences(of: "'\(distinct[0])' is ", with: "")); \(meant)"
        }
        let named = distinct.prefix(3).map { "'\($0)' U+\(TypographicSlip.hex($0))" }.joined(separator: ", ") + (distinct.count > 3 ? ", …" : "")
        return "'\(text)' is typed with full-width characters (\(named)), as an input method's full-width mode types them; \(meant)"
    }

    /// "type it in ASCII: 02:30": the advice for a value that reads once typed in ASCII.
    static func typeInASCII(_ typed: String) -> String {
        "type it in ASCII: \(typed)"
    }
}
