import Foundation

/// Why an unknown key that looks like an allowed one on screen is not it: an invisible character, a full-width colon
/// or letters typed by an input method, a Cyrillic or Greek letter that looks Latin. Did-you-mean alone offered a
/// key that looks exactly like the one written; these name the character and where it is.
enum KeySlip {
    /// What is wrong with `key` (to follow "unknown key 'KEY' in PLACE; "), the allowed key it stands for, if any, and
    /// the index (in Unicode scalars) of the character at fault when the caret should point at it.
    static func problem(in key: String, allowed: [String]) -> (message: String, meant: String?, at: Int?)? {
        let scalars = Array(key.unicodeScalars)
        guard scalars.contains(where: { !$0.isASCII }) else { return nil }
        func offered(_ word: String) -> String? { allowed.contains(word) ? word : nil }

        // `every：day` in a flow mapping: one key, no value.
        if let index = scalars.firstIndex(where: { FullWidth.punctuation[$0]?.ascii == ":" }) {
            let name = String(String.UnicodeScalarView(scalars[..<index])).trimmingCharacters(in: .whitespaces)
            let typed = FullWidth.ascii(key, punctuationOnly: true) ?? key
            return ("\(FullWidth.describe(scalars[index])), so '\(key)' is one key; type an ASCII ':' and a space: \(typed)",
                    offered(name), index)
        }
        if let index = scalars.firstIndex(where: { TypographicSlip.invisibleSpaces[$0] != nil }) {
            let place = index == 0 ? "starts with" : index == scalars.count - 1 ? "ends with"
                : "has, after '\(String(String.UnicodeScalarView(scalars[..<index])))',"
            let bare = String(String.UnicodeScalarView(scalars.filter { !TypographicSlip.isSpaceLike($0) }))
            let meant = offered(bare)
            return ("'\(key)' \(place) \(TypographicSlip.named(scalars[index])), which does not show but is part of the key; "
                    + "delete it" + (meant.map { " to write '\($0)'" } ?? ""), meant, nil)
        }
        if let typed = FullWidth.ascii(key), let meant = offered(typed) ?? offered(typed.lowercased()) {
            return ("'\(key)' is typed in full-width letters, as an input method's full-width mode types them; "
                    + "did you mean '\(meant)'? Type it in ASCII", meant, nil)
        }
        // A letter from another script that looks Latin (Cyrillic і, о, е, Greek ο): the same length as an allowed key,
        // differing from it only where the key has a look-alike of its letter.
        for candidate in allowed {
            if let named = lookAlikes(in: key, standingFor: candidate) {
                return (named + "; did you mean '\(candidate)'? Type it in Latin letters", candidate, nil)
            }
        }
        return nil
    }

    /// The text with each look-alike letter replaced by the Latin one it looks like, when that leaves only ASCII (a
    /// word typed on another keyboard layout, not a word of another language); nil when nothing changes.
    static func latinized(_ text: String) -> String? {
        var changed = false
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if let latin = lookAlikes[scalar] { out.append(latin); changed = true } else { out.append(scalar) }
        }
        guard changed, out.allSatisfy(\.isASCII) else { return nil }
        return String(out)
    }

    /// `'ѕ' (letter 4) is U+0455 CYRILLIC SMALL LETTER DZE, not the Latin 's'` when `text` differs from `candidate` only
    /// by look-alikes of its letters; nil otherwise. Values too (`repeated: firѕt`, `Europe/Bеrlin`): did-you-mean
    /// offered the word that looked written.
    static func lookAlikes(in text: String, standingFor candidate: String) -> String? {
        let scalars = Array(text.unicodeScalars), other = Array(candidate.unicodeScalars)
        guard other.count == scalars.count else { return nil }
        let differing = scalars.indices.filter { scalars[$0] != other[$0] }
        guard !differing.isEmpty, differing.allSatisfy({ lookAlikes[scalars[$0]] == other[$0] }) else { return nil }
        let named = differing.prefix(3).map { index in
            "'\(scalars[index])' (letter \(index + 1)) is U+\(TypographicSlip.hex(scalars[index])) "
                + "\(scalars[index].properties.name ?? "a letter of another script"), not the Latin '\(other[index])'"
        }
        return named.joined(separator: "; ") + (differing.count > 3 ? "; …" : "")
    }

    /// Cyrillic and Greek letters drawn like a Latin one in most fonts, with that letter (keys are lowercase ASCII).
    static let lookAlikes: [Unicode.Scalar: Unicode.Scalar] = [
        // Cyrillic.
        "\u{0430}": "a", "\u{0441}": "c", "\u{0501}": "d", "\u{0435}": "e", "\u{04BB}": "h", "\u{0456}": "i",
        "\u{0458}": "j", "\u{043A}": "k", "\u{04CF}": "l", "\u{043E}": "o", "\u{0440}": "p", "\u{051B}": "q",
        "\u{0455}": "s", "\u{051D}": "w", "\u{0445}": "x", "\u{0443}": "y",
        // Greek.
        "\u{03B1}": "a", "\u{03B9}": "i", "\u{03BA}": "k", "\u{03BD}": "v", "\u{03BF}": "o", "\u{03C1}": "p",
        "\u{03C5}": "u", "\u{03C7}": "x",
        // Latin letters outside ASCII.
        "\u{0131}": "i", "\u{0261}": "g",
        // Capitals, for zone names (`Europe/Вerlin`).
        "\u{0410}": "A", "\u{0412}": "B", "\u{0415}": "E", "\u{041A}": "K", "\u{041C}": "M", "\u{041D}": "H",
        "\u{041E}": "O", "\u{0420}": "P", "\u{0421}": "C", "\u{0422}": "T", "\u{0425}": "X", "\u{0405}": "S",
        "\u{0406}": "I", "\u{0408}": "J", "\u{0391}": "A", "\u{0392}": "B", "\u{0395}": "E", "\u{0396}": "Z",
        "\u{0397}": "H", "\u{0399}": "I", "\u{039A}": "K", "\u{039C}": "M", "\u{039D}": "N", "\u{039F}": "O",
        "\u{03A1}": "P", "\u{03A4}": "T", "\u{03A5}": "Y", "\u{03A7}": "X",
        // Letterlike symbols that fonts draw as the letter.
        "\u{212A}": "K", "\u{212B}": "A",
    ]
}
