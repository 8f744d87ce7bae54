import BoundedRegex
import Foundation
import Testing

/// `BoundedRegex` finds what `NSRegularExpression` finds (both are ICU), and stops a search that backtracks without
/// end at ICU's time limit instead of running for ever.
@Suite struct BoundedRegexTests {
    /// NSRegularExpression's matches, as BoundedRegex writes them: the whole match, then each group.
    static func foundationMatches(_ pattern: String, _ text: String) throws -> [[NSRange]] {
        let expression = try NSRegularExpression(pattern: pattern)
        return expression.matches(in: text, range: NSRange(location: 0, length: (text as NSString).length)).map { match in
            (0...expression.numberOfCaptureGroups).map { match.range(at: $0) }
        }
    }

    @Test("every match and group as NSRegularExpression finds them", arguments: [
        ("Berlin.*spring", "specs/a.yaml › Berlin spring gap › core"),
        (#"(?i)bearer\s+(\S+)"#, "Authorization: Bearer abc123 and bearer xyz"),
        ("a*", "baaac"),                       // empty matches between the others
        ("(x)?y", "y xy"),                     // a group that takes no part
        ("é|ü", "Zürich café"),                // letters outside ASCII
        ("😀+", "a😀😀b😀"),                    // UTF-16 surrogate pairs: offsets count code units
        ("^$", ""),                            // an empty text
        (#"(?<![A-Za-z0-9])token=(\S+)"#, "xtoken=1 token=2"),
    ])
    func sameMatchesAsFoundation(pattern: String, text: String) throws {
        let regex = try #require(BoundedRegex(pattern))
        #expect(try regex.matches(in: text) == Self.foundationMatches(pattern, text))
        #expect(try regex.firstMatch(in: text) == !Self.foundationMatches(pattern, text).isEmpty)
    }

    @Test("a pattern ICU does not compile gives nil", arguments: ["(", "[a-", "a{2,1}", "(?<name"])
    func notCompiled(pattern: String) {
        #expect(BoundedRegex(pattern) == nil)
    }

    /// The review's patterns: each backtracks exponentially on forty letters and a mismatch (`(.*a){30}` ran for
    /// minutes through NSRegularExpression). Here each search ends, with `TimedOut`.
    @Test("a search that backtracks without end stops at the time limit", arguments: ["(.*a){30}", "(a|a)*$", "(a|aa)+$"])
    func backtrackingStops(pattern: String) throws {
        let regex = try #require(BoundedRegex(pattern, timeLimit: 200))
        #expect(throws: BoundedRegex.TimedOut.self) { try regex.firstMatch(in: String(repeating: "a", count: 40) + "!") }
        #expect(throws: BoundedRegex.TimedOut.self) { try regex.matches(in: String(repeating: "a", count: 40) + "!") }
    }

    @Test("the default limit leaves a plain pattern room for a megabyte")
    func plainPatternOnAMegabyte() throws {
        let regex = try #require(BoundedRegex(#"(?i)(?<![A-Za-z0-9])token=(\S+)"#))
        let text = String(repeating: "x-y_z token=abc ", count: 65_536)
        #expect(try regex.matches(in: text).count == 65_536)
    }
}
