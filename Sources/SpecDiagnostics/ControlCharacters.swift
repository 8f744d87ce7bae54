/// Control characters in spec text, made visible for outputs that must not carry them raw.
public enum ControlCharacters {
    /// The text with C0 / C1 control characters (other than tab) and the line and paragraph separators (U+2028,
    /// U+2029) written as `\u{1B}`: a stray escape in a spec cannot drive a terminal, start a new log line, or break a
    /// line-based format (Python's `splitlines()` and many editors end a line at the separators).
    public static func visible(_ text: String, keepingNewlines: Bool = false) -> String {
        func isControl(_ scalar: Unicode.Scalar) -> Bool {
            if scalar == "\t" || (keepingNewlines && (scalar == "\n" || scalar == "\r")) { return false }
            return scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
        }
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
