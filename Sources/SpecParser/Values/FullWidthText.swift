/// Text typed with a Chinese or Japanese input method left in full-width mode: `０２：３０` for `02:30`,
/// `2027-06-01T０２：３０：００+08:00`. The characters look like digits and colons, and are other characters to every
/// reader; the message names them and gives the text to write.
enum FullWidthText {
    /// The text with its full-width forms (U+FF01–U+FF5E) made ASCII, or nil when it has none.
    static func ascii(_ text: String) -> String? {
        guard text.unicodeScalars.contains(where: { fullWidth.contains($0.value) }) else { return nil }
        let scalars = text.unicodeScalars.map { scalar -> Unicode.Scalar in
            fullWidth.contains(scalar.value) ? Unicode.Scalar(scalar.value - 0xFEE0)! : scalar
        }
        return String(String.UnicodeScalarView(scalars))
    }

    /// The message for a value whose ASCII form reads: `'０２：３０' is typed in full-width characters …; write "02:30"`.
    static func message(_ text: String, field: String, write ascii: String) -> String {
        "'\(text)' is typed in full-width characters (an input method's full-width mode), which are not the digits and "
            + "signs '\(field)' takes; switch to half-width and write \(ascii)"
    }

    private static let fullWidth: ClosedRange<UInt32> = 0xFF01...0xFF5E
}
