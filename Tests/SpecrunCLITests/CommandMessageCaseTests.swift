import Foundation
import Testing

/// A message after `specrun: error:` (or `warning:`, `note:`) continues that line, so it starts in lower case, as
/// `cannot write …` always did. The messages are written so where they are made: until the forty-ninth session they
/// were lowered at output, which also lowered a name (`foundation knows no time zones …`), and left every test and
/// doc that quoted a message without its prefix with another spelling than the terminal's.
@Suite struct CommandMessageCaseTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Names that keep their capital at the start of a message.
    static let names: Set<String> = ["Foundation", "GitHub", "ICU", "Swift", "Linux", "SQLite"]

    /// Every usage error, file problem and printed problem written as a literal: its first word, when it is a word
    /// with a capital and lower-case letters, is a name. (A message made elsewhere reaches the command through a
    /// value; the parser's and runner's messages start in lower case by their own tests.)
    @Test func noCommandMessageWrittenAsALiteralStartsWithACapitalWord() throws {
        let sources = Self.root.appendingPathComponent("Sources")
        let enumerator = try #require(FileManager.default.enumerator(atPath: sources.path))
        let opening = try Regex(#"(UsageError(\.fileProblem)?\(|writeProblem\(\.[a-z]+, )"([A-Z][a-z]+)[ ,.:;']"#)
        let start = try Regex(#"(UsageError(\.fileProblem)?\(|writeProblem\(\.[a-z]+, )""#)
        var capitals: [String] = []
        var messages = 0
        while let path = enumerator.nextObject() as? String {
            guard path.hasSuffix(".swift") else { continue }
            let text = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                messages += line.matches(of: start).count
                for match in line.matches(of: opening) {
                    guard let word = match.output[3].substring, !Self.names.contains(String(word)) else { continue }
                    capitals.append("Sources/\(path):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(messages > 40)
        #expect(capitals.isEmpty, "messages that start with a capital word (write it in lower case): \(capitals)")
    }
}
