import Foundation

/// One spelling for text that Unicode lets be written two ways: `é` as one code point (NFC, what most editors and
/// Linux write) or as `e` and a combining accent (NFD, what macOS file names hold).
///
/// Swift's `==` already treats the two as equal; byte-level code (regular expressions, hashes) does not, so it reads
/// text through `composed(_:)` first.
public enum ComposedSpelling {
    /// `text` in Unicode Normalization Form C; ASCII text is returned as it is, without the work.
    public static func composed(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
        return text.precomposedStringWithCanonicalMapping
    }

    /// A tag as selection compares it: composed and lowercased, so `--tag dst` selects a spec tagged `DST` (the lint
    /// read `DST` as `dst` while `--tag dst` left it out, a review).
    public static func tagKey(_ tag: String) -> String {
        composed(tag).lowercased()
    }
}
