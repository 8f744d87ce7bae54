/// Control characters in spec text, made visible for outputs that must not carry them raw.
public enum ControlCharacters {
    /// The text with C0 / C1 control characters, the line and paragraph separators (U+2028, U+2029) and the
    /// bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) written as `\u{1B}`: a stray
    /// escape in a spec cannot drive a terminal, start a new log line, break a line-based format (Python's
    /// `splitlines()` and many editors end a line at the separators), or turn the rest of a report line around (an
    /// unclosed right-to-left override in a name reversed its ` › core` and `file:line` in a terminal that draws
    /// bidirectional text). A tab is written `\u{9}` too, except in a source line (`keepingTabs`), whose caret line
    /// copies it to stay aligned.
    public static func visible(_ text: String, keepingNewlines: Bool = false, keepingTabs: Bool = false) -> String {
        func isControl(_ scalar: Unicode.Scalar) -> Bool {
            // A carriage return is shown even where line breaks are kept: alone it sends the terminal back to the start of
            // the line, over what a message printed there (a case name "x\rspecrun: all good").
            if (keepingTabs && scalar == "\t") || (keepingNewlines && scalar == "\n") { return false }
            return scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
                || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
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
