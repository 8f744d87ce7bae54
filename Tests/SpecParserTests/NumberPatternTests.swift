import Foundation
@testable import SpecParser
import Testing

/// The schema's patterns for numbers written as text (`version: "7"`, `day: "031"`, `minute: "60"`): each matches
/// exactly the texts the parser reads as a number in range. An editor refused nothing out of range before
/// (`^[0-9]+$`), where `specrun check` did (the schema review's leftover).
@Suite struct NumberPatternTests {
    static func matches(_ pattern: String, _ text: String) -> Bool {
        let expression = try! NSRegularExpression(pattern: pattern)
        return expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// The ranges the catalog uses, and some that exercise every branch of the construction (a first digit of its
    /// own, runs of nines and zeros, one digit count, several).
    static let ranges: [ClosedRange<Int>] = [
        0...59, 1...12, 1...31, 1...1000, 0...1_000_000, 1...1_000_000, 1...10_000_000,
        0...0, 7...7, 5...9, 10...19, 15...284, 99...100, 100...999, 123...4567, 1999...2001, 38...38_001,
    ]

    @Test(arguments: ranges)
    func numberAlternativesMatchExactlyTheRange(_ range: ClosedRange<Int>) {
        let pattern = "^(?:" + ValuePattern.numberAlternatives(range) + ")$"
        let expression = try! NSRegularExpression(pattern: pattern)
        var probes = Array(0...12_000)
        for edge in [range.lowerBound, range.upperBound] { probes += (max(0, edge - 1_001)...edge + 1_001) }
        probes += [99_999, 100_000, 999_999, 1_000_000, 1_000_001, 9_999_999, 10_000_000, 10_000_001, 99_999_999]
        var wrong: [Int] = []
        for number in probes {
            let text = String(number)
            let matched = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
            if matched != range.contains(number) { wrong.append(number) }
        }
        #expect(wrong.isEmpty, "\(range) as \(pattern): wrong for \(wrong.prefix(20))")
    }

    /// Numbers and durations written in every way, in each place that reads them: the schema accepts exactly what the
    /// parser accepts. Quoted, a number is a string to an editor and only the pattern speaks.
    @Test func theSchemaAndTheParserAgreeOnNumbersAndDurations() {
        let numbers = ["1", "0", "\"0\"", "\"1\"", "\"007\"", "\"000000000001\"", "\"0000000000001\"", "\" 1\"", "\"1 \"",
                       "\"+1\"", "\"-1\"", "\"1.0\"", "\"12\"", "\"13\"", "\"31\"", "\"32\"", "\"59\"", "\"60\"", "\"0059\"",
                       "\"1000\"", "\"1001\"", "\"1000000\"", "\"1000001\"", "\"10000000\"", "\"10000001\"", "\"last\""]
        // Not `1000000000d`: past 999,999,999 days the parser refuses a duration by its sum, which no pattern states
        // (docs/schema.md says so); the longest one it reads is here.
        let durations = ["90m", "0s", "0m0s", "00h", "1s", "0d0h0m1s", "10d", "\"0s\"", "999999999d"]
        var edits: [(String, String, String)] = []  // (base, find, replacement)
        let schedule = SpecSchemaTests.refusedBase
        let scenario = SpecSchemaTests.scenarioBase
        for number in numbers {
            edits.append((schedule, "  timezone:", "  version: \(number)\n  timezone:"))
            edits.append((schedule, "  timezone:", "  limit: \(number)\n  timezone:"))
            edits.append((schedule, "rule: {every: day, at: \"02:30\"}", "rule: {every: hour, minute: \(number), second: \(number)}"))
            edits.append((schedule, "rule: {every: day, at: \"02:30\"}", "rule: {every: month, day: \(number), at: \"02:30\", missing-day: skip}"))
            edits.append((schedule, "rule: {every: day, at: \"02:30\"}", "rule: {every: year, month: \(number), day: 1, at: \"02:30\"}"))
            edits.append((scenario, "commits: 0", "commits: \(number)"))
            edits.append((scenario, "delay: 15m}", "delay: 15m, factor: \(number)}"))
        }
        for duration in durations {
            edits.append((schedule, "rule: {every: day, at: \"02:30\"}", "rule: {interval: \(duration), from: 2027-03-27T00:00:00Z}"))
            edits.append((scenario, "refresh: 30s", "refresh: \(duration)"))
            edits.append((scenario, "delay: 15m", "delay: \(duration)"))
        }
        var accepted = 0, refused = 0
        for (base, find, replacement) in edits {
            #expect(base.contains(find))
            let text = base.replacingOccurrences(of: find, with: replacement)
            let parserAccepts = !SpecFixtures.parse(text).diagnostics.contains { $0.severity == .error }
            let problems = SpecSchemaTests.problems(in: text).flatMap { $0 }
            #expect(parserAccepts == problems.isEmpty, "\(replacement): parser \(parserAccepts ? "accepts" : "refuses"), schema says \(problems)")
            if parserAccepts { accepted += 1 } else { refused += 1 }
        }
        // Both verdicts are common, so the agreement is not that of two readers that accept (or refuse) everything.
        #expect(accepted > 40 && refused > 80, "accepted \(accepted), refused \(refused)")
    }
}
