import SpecDiagnostics
import SpecYAML

/// A spec file's path and lines: turns YAML marks into locations and finds the line a diagnostic shows.
struct SourceText: Sendable {
    let path: String
    private let lines: [Substring]

    init(path: String, bytes: [UInt8]) {
        self.path = path
        // Decoding repairs invalid bytes, so a non-UTF-8 file still shows its line (with a replacement mark).
        var text = String(decoding: bytes, as: UTF8.self)
        // libyaml does not count a byte-order mark as a column.
        if text.first == "\u{FEFF}" { text.removeFirst() }
        // "\r\n" is one Character in Swift, so Windows line ends are split on explicitly.
        lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
    }

    func location(_ mark: Mark) -> SourceLocation {
        SourceLocation(file: path, line: mark.line, column: mark.column)
    }

    /// Longest source line shown whole; longer lines are cut after it (generated or hostile files).
    static let shownLineLength = 160

    /// The text of a 1-based line, or nil past the end, for an empty line, or when `column` lies beyond
    /// what is shown of a very long line (a caret there would point at nothing).
    func line(_ number: Int, column: Int = 1) -> String? {
        guard number >= 1, number <= lines.count, !lines[number - 1].isEmpty else { return nil }
        let line = lines[number - 1]
        guard line.count > Self.shownLineLength else { return String(line) }
        guard column <= Self.shownLineLength else { return nil }
        return String(line.prefix(Self.shownLineLength)) + " …"
    }
}
