import SpecDiagnostics
import SpecYAML

/// A spec file's path and lines: turns YAML marks into locations and finds the line a diagnostic shows.
struct SourceText: Sendable {
    let path: String
    private let lines: [Substring]

    init(path: String, bytes: [UInt8]) {
        self.path = path
        // Decoding repairs invalid bytes, so a non-UTF-8 file still shows its line (with a replacement mark).
        let text = String(decoding: bytes, as: UTF8.self)
        lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.last == "\r" ? line.dropLast() : line
        }
    }

    func location(_ mark: Mark) -> SourceLocation {
        SourceLocation(file: path, line: mark.line, column: mark.column)
    }

    /// The text of a 1-based line, or nil past the end or for an empty line.
    func line(_ number: Int) -> String? {
        guard number >= 1, number <= lines.count, !lines[number - 1].isEmpty else { return nil }
        return String(lines[number - 1])
    }
}
