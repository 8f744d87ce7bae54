import Foundation

/// Masks secrets in text before it leaves the process: each secret part becomes `[redacted]`.
///
/// Every pattern is matched against the original text and the secret parts of all matches are masked together,
/// so patterns do not see each other's masks, and masking an already masked text changes nothing.
///
/// ```swift
/// Redaction.standard.mask("Authorization: Bearer abc123")   // "Authorization: [redacted]"
/// Redaction.standard.mask("GET /items?token=s3cr3t&page=2")  // "GET /items?token=[redacted]&page=2"
/// ```
public struct Redaction: Sendable, Hashable {
    /// What a secret part is replaced with.
    public static let mask = "[redacted]"

    /// The patterns, in the order given.
    public let patterns: [RedactionPattern]
    /// Every keyword's bytes one after another, and for each keyword its pattern and where its bytes are, by first
    /// byte: the exact search reads them through buffer pointers. Keywords by first byte in an array of arrays of
    /// (pattern, keyword) cost retains and releases for each byte of each text searched (1.6 M of a 10,000-spec run's
    /// 32 M, every file path there holding the 'be' of 'bench'), and a set of the patterns found a hash for each
    /// candidate.
    private let keywordBytes: [UInt8]
    private let keywordSpans: [(pattern: Int, start: Int, count: Int)]
    /// The spans in `keywordSpans` of keywords that start with byte `b` are `spansByFirstByte[b]..<spansByFirstByte[b + 1]`:
    /// each byte of a text searched asks only for the keywords it can begin (most bytes: none). Searching the
    /// whole text for each keyword in turn cost 5 % of a 10,000-spec run's CPU profile.
    private let spansByFirstByte: [Int]
    /// Patterns without keywords, tried on every text.
    private let alwaysTried: [Int]
    /// A bit for each pair of bytes (ASCII letters lowercased) that begins a keyword; nil when a keyword is shorter
    /// than two bytes. A text with none of these pairs holds no keyword, which one pass over it can tell.
    private let keywordOpenings: [UInt64]?
    /// For each byte, whether it (ASCII letters lowercased) is the first of such a pair: most bytes of most texts
    /// (the digits and punctuation of instants) are not, and are passed over with one look-up.
    private let openingFirstBytes: [Bool]
    /// Whether a text of nothing but `Redaction.numericBytes` can be masked: false when every pattern waits for a
    /// keyword and no keyword begins with two such bytes (the default patterns), so that masking can pass over the
    /// texts the run writes from numbers (`ResultInstant`) without looking at them.
    public let mayMaskNumericTexts: Bool

    /// ASCII digits, `-`, `+`, `:`, `.`, `T`, `Z`, space and parentheses: what an instant's texts are written in,
    /// apart from the zone's abbreviation.
    public static let numericBytes = Array("0123456789-+:.TZ ()".utf8)

    public init(patterns: [RedactionPattern]) {
        self.patterns = patterns
        var allKeywordBytes: [UInt8] = []
        var spans: [(pattern: Int, start: Int, count: Int)] = []
        var always: [Int] = []
        for (number, pattern) in patterns.enumerated() {
            if pattern.keywords.isEmpty { always.append(number) }
            for keyword in pattern.keywords where !keyword.isEmpty {
                spans.append((number, allKeywordBytes.count, keyword.utf8.count))
                allKeywordBytes += keyword.utf8
            }
        }
        keywordBytes = allKeywordBytes
        // By first byte, in the order given within each byte (the sort is stable).
        let sortedSpans = spans.enumerated().sorted {
            (allKeywordBytes[$0.element.start], $0.offset) < (allKeywordBytes[$1.element.start], $1.offset)
        }.map(\.element)
        keywordSpans = sortedSpans
        var firsts = [Int](repeating: 0, count: 257)
        for span in sortedSpans { firsts[Int(allKeywordBytes[span.start]) + 1] += 1 }
        for byte in 0..<256 { firsts[byte + 1] += firsts[byte] }
        spansByFirstByte = firsts
        alwaysTried = always
        var openings = [UInt64](repeating: 0, count: 65_536 / 64)
        var shortKeyword = false
        for pattern in patterns {
            for keyword in pattern.keywords {
                let bytes = Array(keyword.utf8)
                guard bytes.count >= 2 else {
                    shortKeyword = true
                    continue
                }
                let pair = Int(bytes[0]) << 8 | Int(bytes[1])
                openings[pair >> 6] |= 1 << UInt64(pair & 63)
            }
        }
        keywordOpenings = shortKeyword ? nil : openings
        // Two numeric bytes in a row that begin a keyword (ASCII letters folded as the scan folds them), if any.
        let numeric = Self.numericBytes.map(Self.folded)
        let numericOpening = openings.withUnsafeBufferPointer { table in
            numeric.contains { first in numeric.contains { second in Self.opens(first, second, in: table) } }
        }
        mayMaskNumericTexts = !patterns.isEmpty && (!always.isEmpty || shortKeyword || numericOpening)
        openingFirstBytes = (0..<256).map { byte in
            let first = Int(Self.folded(UInt8(byte)))
            return openings[(first << 8) >> 6 ..< ((first << 8) + 256) >> 6].contains { $0 != 0 }
        }
    }

    public static func == (lhs: Redaction, rhs: Redaction) -> Bool { lhs.patterns == rhs.patterns }

    public func hash(into hasher: inout Hasher) { hasher.combine(patterns) }

    /// The default patterns (`RedactionPattern.standard`): bearer tokens, authorization headers, `token=`-style
    /// assignments, long keys, JSON Web Tokens and passwords in URLs.
    public static let standard = Redaction(patterns: RedactionPattern.standard)

    /// Masks nothing.
    public static let none = Redaction(patterns: [])

    /// Whether this masks nothing.
    public var isEmpty: Bool { patterns.isEmpty }

    /// `text` with every secret part replaced by `[redacted]`; the same text when nothing matches.
    public func mask(_ text: String) -> String {
        masking(text) ?? text
    }

    /// `text` with every secret part replaced by `[redacted]`, or nil when nothing in it matches: for callers that
    /// keep a value as it is unless one of its texts changes.
    public func masking(_ text: String) -> String? {
        guard !patterns.isEmpty, !text.isEmpty else { return nil }
        // Most texts hold none of the patterns' keywords: decide that in one pass over the bytes, without copying
        // them, before bridging to NSString (a 10,000-spec run masks hundreds of thousands of texts).
        if alwaysTried.isEmpty, !mayHoldKeyword(text) { return nil }
        return maskingKeywords(in: text)
    }

    /// The exact search and the masking, for a text that may hold a keyword. Apart from `masking`, whose quick
    /// answer (most texts) then no longer retains and releases `alwaysTried` for the search below: two
    /// reference-counting calls for each of the half a million texts of a 10,000-spec run.
    @inline(never)
    private func maskingKeywords(in text: String) -> String? {
        var text = text
        // Whether each pattern is tried: always, or for a keyword found (ASCII letters of the text folded).
        var found = [Bool](repeating: false, count: patterns.count)
        for pattern in alwaysTried { found[pattern] = true }
        text.withUTF8 { bytes in
            keywordBytes.withUnsafeBufferPointer { keywordBytes in
                keywordSpans.withUnsafeBufferPointer { spans in
                    spansByFirstByte.withUnsafeBufferPointer { firsts in
                        for start in bytes.indices {
                            let first = Int(Self.folded(bytes[start]))
                            for index in firsts[first]..<firsts[first + 1] {
                                let span = spans[index]
                                guard !found[span.pattern], start + span.count <= bytes.count else { continue }
                                var offset = 1
                                while offset < span.count && Self.folded(bytes[start + offset]) == keywordBytes[span.start + offset] { offset += 1 }
                                if offset == span.count { found[span.pattern] = true }
                            }
                        }
                    }
                }
            }
        }
        guard found.contains(true) else { return nil }
        var string: NSString?
        var ranges: [NSRange] = []
        for pattern in patterns.indices.filter({ found[$0] }).map({ patterns[$0] }) {
            let bridged = string ?? (text as NSString)
            string = bridged
            ranges += pattern.secretRanges(in: bridged)
        }
        guard !ranges.isEmpty else { return nil }
        let merged = Self.merged(ranges)
        let result = NSMutableString(string: text)
        // From the end, so each replacement leaves the offsets of the ones before it valid.
        for range in merged.reversed() {
            result.replaceCharacters(in: range, with: Self.mask)
        }
        let masked = result as String
        // A secret already masked is masked again with the same text.
        return masked == text ? nil : masked
    }

    /// Whether `masking` could change `text`, which holds a word at the UTF-8 offsets `word` between two spaces and,
    /// `mayMaskNumericTexts` being false, nothing but `numericBytes` elsewhere: whether two neighbouring bytes of the
    /// word, or a space and its first or last byte, begin a keyword, or some pattern is tried on every text. False
    /// means `masking(text)` is nil (the zone's abbreviation in an instant's local text: `2027-03-28 03:00 CEST
    /// (+02:00)`). Looked at in place: a copy of the word cost more reference counting than the check saved.
    public func mayMask(_ text: String, spacedWordAt word: Range<Int>) -> Bool {
        guard !patterns.isEmpty else { return false }
        guard alwaysTried.isEmpty, keywordOpenings != nil else { return true }
        let answer = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard word.lowerBound >= 1, word.upperBound < bytes.count else { return true }
            // The word with a space each side: the only pairs of the text not made of numeric bytes alone.
            return holdsKeywordOpening(UnsafeBufferPointer(rebasing: bytes[(word.lowerBound - 1)...word.upperBound]))
        }
        return answer ?? true
    }

    /// Whether some two neighbouring bytes of `text` begin a keyword: false means no pattern can match. The cheap
    /// question asked of every text before the exact search below (keywords by their first byte).
    private func mayHoldKeyword(_ text: String) -> Bool {
        guard keywordOpenings != nil else { return true }
        if let answer = text.utf8.withContiguousStorageIfAvailable(holdsKeywordOpening) { return answer }
        return Array(text.utf8).withUnsafeBufferPointer(holdsKeywordOpening)
    }

    /// Whether some two neighbouring bytes of `bytes` begin a keyword (true when a keyword is too short to tell by
    /// pairs). A pair is looked up only when its first byte can begin one: the scan was a quarter of masking a
    /// 10,000-spec run (half a million texts), and the look-up of every pair most of the scan.
    private func holdsKeywordOpening(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let keywordOpenings else { return true }
        guard bytes.count > 1 else { return false }
        return keywordOpenings.withUnsafeBufferPointer { openings in
            openingFirstBytes.withUnsafeBufferPointer { firstBytes in
                for index in 0..<(bytes.count - 1) where firstBytes[Int(bytes[index])] {
                    if Self.opens(bytes[index], bytes[index + 1], in: openings) { return true }
                }
                return false
            }
        }
    }

    /// Whether the two bytes (ASCII letters folded) begin a keyword, by the bit table of `keywordOpenings`.
    @inline(__always)
    private static func opens(_ first: UInt8, _ second: UInt8, in openings: UnsafeBufferPointer<UInt64>) -> Bool {
        let pair = Int(folded(first)) << 8 | Int(folded(second))
        return openings[pair >> 6] & (1 << UInt64(pair & 63)) != 0
    }

    private static func folded(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }

    /// `mask` applied to an optional text.
    public func mask(_ text: String?) -> String? {
        text.map { mask($0) }
    }

    /// Overlapping or touching ranges joined, in order: two secrets side by side become one mask.
    static func merged(_ ranges: [NSRange]) -> [NSRange] {
        var result: [NSRange] = []
        for range in ranges.sorted(by: { $0.location < $1.location }) {
            if let last = result.last, range.location <= last.location + last.length {
                let end = max(last.location + last.length, range.location + range.length)
                result[result.count - 1] = NSRange(location: last.location, length: end - last.location)
            } else {
                result.append(range)
            }
        }
        return result
    }
}
