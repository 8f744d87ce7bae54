import Foundation
import Testing
@testable import TextRedaction

/// The default patterns mask the secret part of what they match and leave ordinary spec and report text alone;
/// patterns from the command line mask their groups, or their whole match.
@Suite struct RedactionTests {
    @Test(arguments: [
        // bearer-token
        ("Authorization header was Bearer abc123def456", "Authorization header was Bearer [redacted]"),
        ("bearer eyZ0-long_token.value~x", "bearer [redacted]"),
        ("BEARER abcdefghijklmnopqrstuvwxyz", "BEARER [redacted]"),
        ("items: [\"Bearer abc123\", \"43\"]", "items: [\"Bearer [redacted]\", \"43\"]"),
        // authorization-header
        ("Authorization: Bearer abc123", "Authorization: [redacted]"),
        ("authorization: Basic dXNlcjpwYXNz", "authorization: [redacted]"),
        ("a line containing \"Authorization: Basic dXNlcjpwYXNz\" was found", "a line containing \"Authorization: [redacted]\" was found"),
        ("Proxy-Authorization=Digest x, next", "Proxy-Authorization=[redacted], next"),
        // A test id: the value ends before ` › `, so the engine stays readable.
        ("t2.yaml › x Authorization: Basic dXNlcjpwYXNz › core", "t2.yaml › x Authorization: [redacted] › core"),
        // secret-assignment
        ("GET /items?token=s3cr3t&page=2", "GET /items?token=[redacted]&page=2"),
        ("access_token: abc", "access_token: [redacted]"),
        ("X-Api-Key: k-123", "X-Api-Key: [redacted]"),
        ("api_key=AKIA1234 apikey=zz", "api_key=[redacted] apikey=[redacted]"),
        ("client_secret=\"hunter2\"", "client_secret=\"[redacted]\""),
        ("password: hunter2; user: bob", "password: [redacted]; user: bob"),
        ("PASSWD=x pwd=y", "PASSWD=[redacted] pwd=[redacted]"),
        ("{token=abc}", "{token=[redacted]}"),
        // A sentence's period after a value is not part of it; a period inside one is.
        ("the request sent token=abc123.", "the request sent token=[redacted]."),
        ("password=s3.cr3t... then", "password=[redacted]... then"),
        ("it sent Bearer abc123.", "it sent Bearer [redacted]."),
        ("Bearer abcdefghijklmnopqrst.uvwxyz.", "Bearer [redacted]."),
        // key-assignment
        ("key=9f86d081884c7d659a2feaa0c55ad015", "key=[redacted]"),
        ("signing-key=3q2+7wAAAAAAAAAAAAAAAAAAAAAAAAA1bbbbbb==", "signing-key=[redacted]"),
        // json-web-token
        ("id eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk here",
         "id [redacted] here"),
        // url-credentials
        ("fetch https://app:s3cr3t@api.example.com/items failed", "fetch https://app:[redacted]@api.example.com/items failed"),
        // Quoted names and values (JSON, shells), a URL without a user name, a JWT joined to an identifier.
        ("{\"Authorization\": \"Basic dXNlcjpwYXNz\"}", "{\"Authorization\": \"[redacted]\"}"),
        ("{\"password\": \"hunter2\"}", "{\"password\": \"[redacted]\"}"),
        ("password='hunter2' user=bob", "password='[redacted]' user=bob"),
        ("{\"password\": \"correct horse battery\"}", "{\"password\": \"[redacted]\"}"),
        ("api_key: 'two words' next", "api_key: '[redacted]' next"),
        ("redis://:s3cr3t@cache:6379/0", "redis://:[redacted]@cache:6379/0"),
        ("register refresh-eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.sig ok", "register refresh-[redacted] ok"),
        ("key sync_eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.sig", "key sync_[redacted]"),
        // Two secrets in one text, and two patterns over the same secret.
        ("token=a1 and Bearer b2", "token=[redacted] and Bearer [redacted]"),
        ("Authorization: token=abc123", "Authorization: [redacted]"),
    ])
    func theDefaultPatternsMaskTheSecretPart(text: String, masked: String) {
        #expect(Redaction.standard.mask(text) == masked)
        // Masking a masked text again changes nothing (re-rendering archived results, say).
        #expect(Redaction.standard.mask(masked) == masked)
    }

    @Test(arguments: [
        // Instants, offsets, local times, zones and dedup keys.
        "2027-03-29T02:30:00+02:00", "2027-03-29 02:30 CEST (+02:00)", "nightly-sync/v1/2027-03-30",
        "key nightly-sync/v1/2027-03-30~2", "key: nightly-sync/v1/2027-03-30T02:15", "expected key europeanmarketsnightlysync/v1/2027-03-30",
        "same instant, different dedup key: got nightly-sync/v1/2027-03-29, expected nightly-sync/v2/2027-03-29",
        // Spec names and log checks about tokens, as a QA engineer writes them.
        "Bearer tokens never reach the log", "no line containing \"Bearer \"", "no line containing \"token=\"",
        "log: {contains: [\"register com.example.app.refresh ok\"], never: [\"Bearer \", \"token=\"]}",
        "a mapping, e.g. {contains: [\"register com.example.app.refresh ok\"], never: [\"token=\"]}",
        "never: [token=]", "the token expires; the secret is safe", "Passwords are not stored",
        "never: [\"token=\", \"Bearer \"]", "log: {never: [\"password=\", \"token: \"]}",
        // Harness lines, invariants and messages.
        "register com.example.app.refresh ok", "parse com.example.app.refresh token_abc", "write com.example.app.refresh disk-full",
        "success-implies-commit", "the window holds more than 100000 occurrences (--max-occurrences)",
        "http://www.w3.org/2000/svg", "specs/lifecycle/bugs/01-info-plist-missing-identifier.yaml",
        "unknown key 'tokn' in 'job'; did you mean 'token'?", "a key in 'expect' must be a plain name",
    ])
    func ordinaryTextIsLeftAlone(text: String) {
        #expect(Redaction.standard.mask(text) == text)
    }

    @Test func aCommandLinePatternMasksItsGroupsOrElseItsWholeMatch() throws {
        let redaction = Redaction(patterns: [
            try RedactionPattern(#"X-Session: (\S+)"#),
            try RedactionPattern(#"acct-\d{6}"#),
        ])
        #expect(redaction.mask("X-Session: abc and acct-123456, acct-12") == "X-Session: [redacted] and [redacted], acct-12")
        // Only the patterns given: the defaults are separate.
        #expect(redaction.mask("token=abc") == "token=abc")
        #expect(Redaction.none.mask("token=abc") == "token=abc")
    }

    /// A name typed composed (NFC, `ü`) finds it decomposed (NFD, `u` and U+0308, as macOS file names are), and back.
    @Test func aCommandLinePatternFindsItsNameComposedAndDecomposed() throws {
        let composed = "Kunde Z\u{FC}rich-424271 passes", decomposed = "Kunde Zu\u{308}rich-424271 passes"
        for source in ["Z\u{FC}rich-[0-9]{6}", "Zu\u{308}rich-[0-9]{6}"] {
            let redaction = Redaction(patterns: [try RedactionPattern(source)])
            #expect(redaction.mask(composed) == "Kunde [redacted] passes")
            #expect(redaction.mask(decomposed) == "Kunde [redacted] passes")
        }
    }

    /// With several capture groups, what each group matches is a secret; the text between them stays.
    @Test func everyCaptureGroupOfAPatternIsMasked() throws {
        let redaction = Redaction(patterns: [try RedactionPattern(#"user=(\w+) pin=(\d+)"#)])
        #expect(redaction.mask("login user=ann pin=4711 ok") == "login user=[redacted] pin=[redacted] ok")
    }

    @Test func overlappingAndTouchingSecretsBecomeOneMask() throws {
        let redaction = Redaction(patterns: [try RedactionPattern("abc"), try RedactionPattern("bcd"), try RedactionPattern("ef")])
        #expect(redaction.mask("xabcdefx") == "x[redacted]x")
        #expect(Redaction.merged([NSRange(location: 5, length: 2), NSRange(location: 0, length: 2), NSRange(location: 1, length: 2)])
                == [NSRange(location: 0, length: 3), NSRange(location: 5, length: 2)])
    }

    @Test func aPatternThatMatchesNothingButEmptyTextMasksNothing() throws {
        let redaction = Redaction(patterns: [try RedactionPattern("z*"), try RedactionPattern("(q?)x")])
        #expect(redaction.mask("abc x") == "abc x")
    }

    @Test func textOutsideASCIIKeepsItsCharacters() throws {
        #expect(Redaction.standard.mask("Zürich → token=geheim✓ ok") == "Zürich → token=[redacted] ok")
        #expect(Redaction(patterns: [try RedactionPattern("🔑+")]).mask("a🔑🔑b") == "a[redacted]b")
    }

    @Test func anInvalidExpressionIsRefusedWithTheEnginesReason() {
        #expect(throws: RedactionPattern.Invalid.self) { try RedactionPattern("token=(") }
        do {
            _ = try RedactionPattern("[a-")
            Issue.record("'[a-' compiled")
        } catch {
            #expect(error.source == "[a-")
            #expect(error.description == "'[a-' is not a valid regular expression (expected ']')", "\(error)")
        }
    }

    /// A keyword is found wherever it stands and however it is capitalised, and a one-byte keyword still works:
    /// the pass that rules texts out before the exact search must rule out only texts without a keyword.
    @Test(arguments: [
        ("TOKEN=abc", "TOKEN=[redacted]"), ("x token=abc", "x token=[redacted]"), ("a=1;ToKeN=abc", "a=1;ToKeN=[redacted]"),
        ("é€token=abc", "é€token=[redacted]"), ("t", "t"), ("to", "to"), ("tok", "tok"), ("://", "://"),
    ])
    func keywordsAreFoundAtEitherEndInAnyCase(text: String, masked: String) throws {
        #expect(Redaction.standard.mask(text) == masked)
        let bridged = NSString(string: text) as String
        #expect(Redaction.standard.mask(bridged) == masked)
        let shortKeyword = Redaction(patterns: [try RedactionPattern("x(\\d+)", keywords: ["x"])])
        #expect(shortKeyword.mask(text + " X12") == text + " X12")
        #expect(shortKeyword.mask(text + " x12") == text + " x[redacted]")
    }

    /// Masking passes over the texts a run writes from numbers only when no pattern could mask them: with the
    /// default patterns, not with a pattern tried on every text, a one-byte keyword or a keyword of such bytes.
    @Test func numericTextsArePassedOverOnlyWhenNoPatternCanMaskThem() throws {
        #expect(!Redaction.standard.mayMaskNumericTexts)
        #expect(!Redaction.none.mayMaskNumericTexts)
        #expect(try Redaction(patterns: [RedactionPattern("0[0-9]:00")]).mayMaskNumericTexts)
        #expect(try Redaction(patterns: [RedactionPattern("x(\\d+)", keywords: ["x"])]).mayMaskNumericTexts)
        #expect(try Redaction(patterns: [RedactionPattern("T1(\\d+)", keywords: ["t1"])]).mayMaskNumericTexts)
        #expect(try !Redaction(patterns: [RedactionPattern("to(\\d+)", keywords: ["to"])]).mayMaskNumericTexts)
        // Every pair of numeric bytes, as a text, is left alone by the default patterns.
        let numeric = Redaction.numericBytes
        for first in numeric {
            for second in numeric {
                let text = String(decoding: [first, second, first], as: UTF8.self)
                #expect(Redaction.standard.masking(text) == nil)
                #expect(!Redaction.standard.mayMask(" \(text) ", spacedWordAt: 1..<4))
            }
        }
        // An abbreviation between spaces: a keyword in it is found, and so is one that opens with a space before it or
        // ends with the space after it.
        #expect(!Redaction.standard.mayMask(" CEST ", spacedWordAt: 1..<5))
        #expect(Redaction.standard.mayMask(" TOKEN ", spacedWordAt: 1..<6))
        #expect(try Redaction(patterns: [RedactionPattern("CEST")]).mayMask(" CEST ", spacedWordAt: 1..<5))
        let openingSpace = try Redaction(patterns: [RedactionPattern(" CE", keywords: [" c"])])
        #expect(!openingSpace.mayMaskNumericTexts)
        #expect(openingSpace.mayMask(" CEST ", spacedWordAt: 1..<5))
        #expect(!openingSpace.mayMask(" EST ", spacedWordAt: 1..<4))
        let closingSpace = try Redaction(patterns: [RedactionPattern("T ", keywords: ["t "])])
        #expect(closingSpace.mayMaskNumericTexts)
        let closingLetter = try Redaction(patterns: [RedactionPattern("S ", keywords: ["s "])])
        #expect(!closingLetter.mayMaskNumericTexts)
        #expect(closingLetter.mayMask(" AEDS ", spacedWordAt: 1..<5))
        #expect(!closingLetter.mayMask(" AEST ", spacedWordAt: 1..<5))
    }

    @Test func theStandardPatternsAreNamedForTheDocs() {
        #expect(RedactionPattern.standard.map(\.name) == [
            "bearer-token", "authorization-header", "secret-assignment", "key-assignment", "json-web-token", "url-credentials",
        ])
    }
}
