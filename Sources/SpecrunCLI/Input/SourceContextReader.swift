import Foundation
import SpecResults
import Synchronization

/// The text around diagnostics' source lines, read again from the spec files when results are masked
/// (`SourceContext`): only the files that have a diagnostic with a source line are read, each once.
final class SourceContextReader: Sendable {
    /// Lines before the source line that masking looks at: a quoted value runs onto a few lines at most.
    static let precedingLines = 8
    /// At most this many code points of those lines (the nearest ones), and of the source line itself: a 10 MB
    /// line with a thousand diagnostics must not be masked a thousand times whole.
    static let contextLength = 16_384

    private let reader: SpecFileReader
    /// Each file's lines (nil when it could not be read), by path.
    private let files = Mutex<[String: [String]?]>([:])

    init(maxBytes: Int) {
        reader = SpecFileReader(maxBytes: maxBytes)
    }

    /// `SourceContextLookup`: the context of a file's 1-based line, or nil when the file or the line is not there.
    var lookup: SourceContextLookup {
        { [self] file, line in context(file: file, line: line) }
    }

    func context(file: String, line number: Int) -> SourceContext? {
        guard let lines = lines(of: file), number >= 1, number <= lines.count else { return nil }
        var preceding = lines[max(0, number - 1 - Self.precedingLines)..<(number - 1)].joined(separator: "\n")
        if preceding.unicodeScalars.count > Self.contextLength {
            preceding = String(String.UnicodeScalarView(preceding.unicodeScalars.suffix(Self.contextLength)))
        }
        let line = String(String.UnicodeScalarView(lines[number - 1].unicodeScalars.prefix(Self.contextLength)))
        return SourceContext(preceding: preceding, line: line)
    }

    private func lines(of file: String) -> [String]? {
        if let known = files.withLock({ $0[file] }) { return known }
        var lines: [String]?
        if case .bytes(var bytes) = reader.read(file) {
            // As the diagnostics count them (SourceText): no byte-order mark, and "\n", "\r\n" or "\r" end a line.
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
            var found: [String] = []
            var start = 0, index = 0
            let text = bytes
            while index < text.count {
                let byte = text[index]
                guard byte == 0x0A || byte == 0x0D else { index += 1; continue }
                found.append(String(decoding: text[start..<index], as: UTF8.self))
                index += byte == 0x0D && index + 1 < text.count && text[index + 1] == 0x0A ? 2 : 1
                start = index
            }
            found.append(String(decoding: text[start..<text.count], as: UTF8.self))
            lines = found
        }
        files.withLock { $0[file] = .some(lines) }
        return lines
    }
}
