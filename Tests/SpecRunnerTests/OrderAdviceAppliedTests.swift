import Foundation
import SpecModel
import SpecParser
import SpecResults
import Testing
@testable import SpecRunner

/// An `instant-order` error that names the line out of place gives the instant to write there; written as told, the
/// spec must parse and pass (the black-box review's F5: "list the occurrences in order", applied, took three rounds).
/// The corpus files hold the mistakes and their zoneinfo predictions; the advice is applied by text, as a reader would.
@Suite struct OrderAdviceAppliedTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("SpecParserTests/Invalid")

    @Test(arguments: [
        ("occurrences-out-of-order-by-utc-local-digits", 17, "2011-12-31T00:00:00+14:00"),
        ("occurrences-out-of-order-by-a-day-its-key-names", 17, "2027-10-03T01:45:00+10:30"),
    ])
    func theInstantToWriteMakesTheSpecPass(name: String, line: Int, meant: String) throws {
        let text = try String(contentsOf: Self.corpus.appendingPathComponent("\(name).yaml"), encoding: .utf8)
        let file = SpecParser().parse(path: "\(name).yaml", bytes: Array(text.utf8))
        let error = try #require(file.diagnostics.first { $0.code == "instant-order" })
        #expect(error.location?.line == line)
        #expect(error.message.hasSuffix("write \(meant), which puts the list in order"), "\(error.message)")
        // Written as told: the instant on that line replaced by the one the message gives.
        var lines = text.components(separatedBy: "\n")
        let written = try #require(lines[line - 1].firstMatch(of: /at: ([^,}]+)/)).1
        lines[line - 1] = lines[line - 1].replacingOccurrences(of: String(written), with: meant)
        let applied = lines.joined(separator: "\n")
        let result = try RecurrenceVerdictTests.runOnCore(applied, path: "\(name).yaml")
        #expect(result.status == .passed, "\(result.message ?? "")")
    }
}
