/// Escaping for XML 1.0 (JUnit) and HTML text and attributes.
///
/// Characters XML 1.0 cannot carry at all (C0 controls other than tab, newline and carriage return; U+FFFE; U+FFFF)
/// are written as visible text, `\u{1B}`, so nothing is silently lost and every parser accepts the file.
enum XMLText {
    /// For element content.
    static func text(_ value: String) -> String {
        escape(value, inAttribute: false)
    }

    /// For a double-quoted attribute value; newlines and tabs become character references so they survive
    /// attribute-value normalization.
    static func attribute(_ value: String) -> String {
        escape(value, inAttribute: true)
    }

    private static func escape(_ value: String, inAttribute: Bool) -> String {
        var out = ""
        out.reserveCapacity(value.utf8.count)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where inAttribute: out += "&quot;"
            case "'" where inAttribute: out += "&apos;"
            case "\n" where inAttribute: out += "&#10;"
            case "\t" where inAttribute: out += "&#9;"
            case "\r": out += "&#13;"
            case "\n", "\t": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
