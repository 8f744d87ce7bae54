import Foundation
import Testing
@testable import TextRedaction

/// Three default patterns were rewritten so that a long run of words (`a-a-a-…`, `a.a.a.…`) is scanned once rather
/// than once per word; these tests hold them to the expressions they replace, which mask the same text.
@Suite struct RedactionPatternReferenceTests {
    /// The default patterns as they were written before, each scanning again from every word of a run.
    static let reference = Redaction(patterns: [
        RedactionPattern.standard[0],
        RedactionPattern.standard[1],
        try! RedactionPattern(name: "secret-assignment",
            #"(?i)(?<![A-Za-z0-9])(?:[a-z0-9]+[_-])*(?:token|api[_-]?key|apikey|secret|password|passwd|pwd)["']?\s*[:=]\s*(?:"(?!\[redacted\])([^"\s,][^"\r\n]*)"|'(?!\[redacted\])([^'\s,][^'\r\n]*)'|["']?(?!\[redacted\])([^\s"'&,;)\]}]*[^\s"'&,;)\]}.]))"#,
            keywords: ["token", "key", "secret", "passw", "pwd"]),
        try! RedactionPattern(name: "key-assignment",
            #"(?i)(?<![A-Za-z0-9])(?:[a-z0-9]+[_-])*keys?\s*=\s*"?((?=[A-Za-z0-9+/_-]*[0-9])(?:[A-Fa-f0-9]{16,}|[A-Za-z0-9+/_-]{32,})={0,2})(?![A-Za-z0-9+/=_-])"#,
            keywords: ["key"]),
        RedactionPattern.standard[4],
        try! RedactionPattern(name: "url-credentials",
            #"(?i)(?<![A-Za-z0-9])[a-z][a-z0-9+.-]*://[^/\s:@]*:([^/\s@]+)@"#,
            keywords: ["://"]),
    ])

    /// Pieces of secrets and of the text around them; texts glued from them at random meet every branch of the three
    /// patterns (prefixes, separators, schemes that start with a digit, masks already there).
    static let pieces = [
        "token", "TOKEN", "api", "Api", "_", "-", "key", "keys", "Key", "=", ":", " ", "  ", "a", "Z", "1", "9f86d081884c7d65",
        "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAA12", "\"", "'", "secret", "pwd", "passwd", "password", "://", "@", "x", ".", "+", "/",
        "https", "3", "[redacted]", "&", ";", "bearer", "Authorization", "eyJhbGciOiJIUzI1", "é", "\n", "s3cr3t",
    ]

    static func texts(count: Int, seed: UInt64) -> [String] {
        var state = seed
        func next() -> Int {
            // SplitMix64, so every run checks the same texts.
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int(truncatingIfNeeded: (z ^ (z >> 31)) >> 1)
        }
        return (0..<count).map { _ in (0..<(1 + next() % 24)).map { _ in pieces[next() % pieces.count] }.joined() }
    }

    @Test func theDefaultPatternsMaskWhatTheOldExpressionsMasked() {
        var masked = 0
        for text in Self.texts(count: 20000, seed: 2027) {
            let expected = Self.reference.mask(text)
            #expect(Redaction.standard.mask(text) == expected, "\(text.debugDescription)")
            if expected != text { masked += 1 }
        }
        // The texts must hold secrets for the comparison to mean anything.
        #expect(masked > 1000, "only \(masked) of 20000 texts hold a secret")
    }

    @Test(arguments: [
        "client-secret=abc", "x-api-key: k1", "my_access_token=zz", "signing-key=9f86d081884c7d659a2feaa0c55ad015",
        "a-b-c-token=v", "1.a://u:p@h", "9a://u:p@h", "a.1.b+c-d://user:pw@host", "x1b://u:p@h", "git+ssh://me:pw@host",
        "token_token=abc", "apikey=zz", "mytoken=abc", "__token=abc", "https://u:p@h and ftp://v:q@i",
    ])
    func prefixesAndSchemesMaskAsBefore(text: String) {
        #expect(Redaction.standard.mask(text) == Self.reference.mask(text))
    }
}
