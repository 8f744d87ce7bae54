import Foundation
import SpecParser
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
    /// Each file's bytes and lines as its diagnostics number them (nil when it could not be read), by path.
    private let files = Mutex<[String: File?]>([:])

    private struct File: Sendable {
        let bytes: [UInt8]
        let lines: [Range<Int>]

        /// A line's first (or last) `contextLength` code points at most, decoded from no more bytes than they can take.
        func text(_ index: Int, last: Bool = false) -> String {
            let range = lines[index], limit = SourceContextReader.contextLength
            let bytes = last ? self.bytes[range].suffix(limit * 4) : self.bytes[range].prefix(limit * 4)
            let scalars = String(decoding: bytes, as: UTF8.self).unicodeScalars
            return String(String.UnicodeScalarView(last ? scalars.suffix(limit) : scalars.prefix(limit)))
        }
    }

    init(maxBytes: Int) {
        reader = SpecFileReader(maxBytes: maxBytes)
    }

    /// `SourceContextLookup`: the context of a file's 1-based line, or nil when the file or the line is not there.
    var lookup: SourceContextLookup {
        { [self] file, line in context(file: file, line: line) }
    }

    func context(file path: String, line number: Int) -> SourceContext? {
        guard let file = file(path), number >= 1, number <= file.lines.count else { return nil }
        let before = (max(0, number - 1 - Self.precedingLines)..<(number - 1)).map { file.text($0, last: true) }
        let preceding = before.joined(separator: "\n").unicodeScalars.suffix(Self.contextLength)
        return SourceContext(preceding: String(String.UnicodeScalarView(preceding)), line: file.text(number - 1))
    }

    private func file(_ path: String) -> File? {
        if let known = files.withLock({ $0[path] }) { return known }
        var file: File?
        if case .bytes(let bytes) = reader.read(path) {
            file = File(bytes: bytes, lines: SpecFileLines.ranges(of: bytes))
        }
        files.withLock { $0[path] = .some(file) }
        return file
    }
}
