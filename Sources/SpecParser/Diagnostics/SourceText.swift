import Foundation
import SpecDiagnostics
import SpecModel
import SpecYAML

/// A spec file's path and lines: turns YAML marks into locations and finds the line a diagnostic shows.
struct SourceText: Sendable {
    let path: String
    var bytes: [UInt8] { file.bytes }
    /// Each line's bytes in `bytes`, without its line end.
    private var lines: [Range<Int>] { file.lines }
    /// The bytes and their lines, shared with the instants read from them (`InstantLiteral.sourceLine`).
    let file: Lines

    final class Lines: SourceLines {
        let bytes: [UInt8]
        let lines: [Range<Int>]

        init(bytes: [UInt8], lines: [Range<Int>]) {
            self.bytes = bytes
            self.lines = lines
        }

        func line(_ number: Int) -> String? { line(number, column: 1) }

        /// The text of a 1-based line, or nil past the end, for an empty line, or when `column` lies beyond
        /// what is shown of a very long line (a caret there would point at nothing).
        func line(_ number: Int, column: Int) -> String? {
            guard number >= 1, number <= lines.count, !lines[number - 1].isEmpty else { return nil }
            // Decoding repairs invalid bytes, so a non-UTF-8 file still shows its line (with a replacement mark).
            let line = String(decoding: bytes[lines[number - 1]], as: UTF8.self)
            // No more bytes than the limit means no more code points either.
            guard lines[number - 1].count > SourceText.shownLineLength, line.unicodeScalars.count > SourceText.shownLineLength else { return line }
            guard column <= SourceText.shownLineLength else { return nil }
            return String(String.UnicodeScalarView(line.unicodeScalars.prefix(SourceText.shownLineLength))) + " …"
        }
    }

    init(path: String, bytes: [UInt8]) {
        self.path = path
        file = Lines(bytes: bytes, lines: SpecFileLines.ranges(of: bytes))
    }

    /// The file's bytes with a 1-based line's text (not its line end) replaced.
    func replacingLine(_ number: Int, with text: String) -> [UInt8] {
        guard number >= 1, number <= lines.count else { return bytes }
        var replaced = bytes
        replaced.replaceSubrange(lines[number - 1], with: Array(text.utf8))
        return replaced
    }

    /// The line a document starts on that reading may go on from after a syntax error at `mark`: the first line after
    /// `after` that starts a document (`---`), below the error or at its first column (an unclosed quote or bracket runs
    /// into the next `---`, where libyaml stops). A marker is three dashes at the start of a line and nothing or a space
    /// after them: YAML reads it so anywhere, even inside a quoted or block text. Not after a `...` alone: libyaml wants
    /// the next document to start with `---` there, and a bare one read as the stream's first ran while its neighbour
    /// was broken and failed once that was fixed (a stream may not start with `...` either).
    func documentStart(afterError mark: Mark, after: Int) -> Int? {
        let from = max(after + 1, mark.column == 1 ? mark.line : mark.line + 1)
        guard from >= 1, from <= lines.count else { return nil }
        return (from...lines.count).first { isMarker(lines[$0 - 1], of: 0x2D) }
    }

    /// Whether a line is a document marker made of `byte` (`---` with 0x2D, `...` with 0x2E): the three at its start,
    /// then nothing, a space or a tab.
    private func isMarker(_ range: Range<Int>, of byte: UInt8) -> Bool {
        let bytes = file.bytes
        guard range.count >= 3, bytes[range.prefix(3)].allSatisfy({ $0 == byte }) else { return false }
        return range.count == 3 || bytes[range.lowerBound + 3] == 0x20 || bytes[range.lowerBound + 3] == 0x09
    }

    /// Whether the lines from `number` on hold anything but blank lines, comments and document markers.
    /// A 1-based line whole, however long (`line` cuts a long one): for a hint that must see past the cut.
    func wholeLine(_ number: Int) -> String? {
        guard number >= 1, number <= lines.count else { return nil }
        return String(decoding: bytes[lines[number - 1]], as: UTF8.self)
    }

    func hasContent(from number: Int) -> Bool {
        guard number >= 1, number <= lines.count else { return false }
        let bytes = file.bytes
        return lines[(number - 1)...].contains { range in
            guard let first = bytes[range].first(where: { $0 != 0x20 && $0 != 0x09 }) else { return false }
            if first == 0x23 { return false }
            // A marker with something after it (`--- spec: a`) starts content too.
            guard isMarker(range, of: 0x2D) || isMarker(range, of: 0x2E) else { return true }
            return bytes[range].dropFirst(3).contains { $0 != 0x20 && $0 != 0x09 }
        }
    }

    /// The file's bytes with every line before `number` emptied (its line end kept): read again, it is the file from
    /// that line on, with every line and column where it was.
    func emptyingLines(before number: Int) -> [UInt8] {
        guard number >= 2, number <= lines.count else { return bytes }
        return [UInt8](repeating: 0x0A, count: number - 1) + bytes[lines[number - 1].lowerBound...]
    }

    func location(_ mark: Mark) -> SourceLocation {
        SourceLocation(file: path, line: mark.line, column: mark.column)
    }

    /// Longest source line shown whole, in code points (the unit of columns); longer lines are cut after it
    /// (generated or hostile files: a 10 MB file of one line). A spec's flow mappings run past 160 code points, where
    /// the cut was first: the marked text was cut off, or the caret stood alone past the end of what was shown.
    static let shownLineLength = 1_000

    /// The text of a 1-based line, or nil past the end, for an empty line, or when `column` lies beyond
    /// what is shown of a very long line (a caret there would point at nothing).
    func line(_ number: Int, column: Int = 1) -> String? {
        file.line(number, column: column)
    }
}

/// How a spec file is cut into the lines its diagnostics number.
public enum SpecFileLines {
    /// Each line's bytes in `bytes`, without its line end, as diagnostics number lines and columns: after a byte-order
    /// mark (libyaml does not count it as a column), and "\n", "\r\n" and "\r" each ending a line, as they end a
    /// Swift Character. Also what `specrun` reads again to mask a diagnostic's source line with the lines before it.
    public static func ranges(of bytes: [UInt8]) -> [Range<Int>] {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        // Lines are found on the bytes and decoded only when a diagnostic or an instant asks for one: splitting the
        // decoded text by Characters cost more than reading the YAML itself (bench/specrun-bench, section yaml).
        // Through a buffer pointer: every byte of every file passes here (1 % of `specrun check`'s profile when indexed
        // through the array).
        return bytes.withUnsafeBufferPointer { bytes in
            var lines: [Range<Int>] = []
            var lineStart = start
            var index = start
            // A file without "\r" (nearly all): each line end found by memchr, and the array sized from a spec
            // file's typical line (about 30 bytes) instead of grown by doubling.
            if let base = bytes.baseAddress, memchr(base, 0x0D, bytes.count) == nil {
                lines.reserveCapacity(bytes.count / 24 + 1)
                while index < bytes.count, let end = memchr(base + index, 0x0A, bytes.count - index) {
                    let newline = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(end))
                    lines.append(lineStart..<newline)
                    index = newline + 1
                    lineStart = index
                }
                lines.append(lineStart..<bytes.count)
                return lines
            }
            while index < bytes.count {
                let byte = bytes[index]
                if byte == 0x0A || byte == 0x0D {
                    lines.append(lineStart..<index)
                    index += byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
                    lineStart = index
                } else {
                    index += 1
                }
            }
            lines.append(lineStart..<bytes.count)
            return lines
        }
    }
}
