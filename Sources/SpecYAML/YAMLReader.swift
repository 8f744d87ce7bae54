internal import CYAML
internal import SpecDiagnostics

/// The documents a YAML source holds, and the error that stopped reading, if any.
///
/// Documents before a syntax error are kept: a broken third spec does not hide the first two.
public struct YAMLStream: Sendable {
    /// The documents read, but for empty ones (`---` and nothing: no spec, and millions of them held hundreds of MB).
    public var documents: [YAMLDocument]
    public var error: YAMLError?
    /// What merge keys copied, and where to (`MergeKeys`); empty for a file without merges.
    public var merges: MergeRecord
    /// Each anchor name given to a second node of one document, in the order read.
    public var reusedAnchors: [ReusedAnchor]
    /// What dropped a document while reading went on (an unknown alias, a document past the node bound or too deep):
    /// the file's later documents are read, as a document with any other error leaves its neighbours be.
    public var documentErrors: [YAMLError] = []

    /// Each YAML tag specrun does not read (`!!float 02:30`, `!!str` on a mapping, `!custom`), in the order read.
    public var unreadTags: [UnreadTag] = []

    /// Every error, in the order met: the documents' dropped, then the one that stopped reading.
    public var errors: [YAMLError] { documentErrors + (error.map { [$0] } ?? []) }

    public init(documents: [YAMLDocument], error: YAMLError?, merges: MergeRecord = MergeRecord(), reusedAnchors: [ReusedAnchor] = []) {
        self.documents = documents
        self.error = error
        self.merges = merges
        self.reusedAnchors = reusedAnchors
    }
}

/// An anchor name given to a second node of one document (`&berlin` on a case copied with its anchor). YAML 1.2 lets
/// each alias copy the latest node of its name, silently; PyYAML and other YAML 1.1 readers refuse the document. Either
/// way the aliases after `again` no longer copy the node at `first`, which is seldom what the author meant.
public struct ReusedAnchor: Sendable, Hashable {
    public var name: String
    /// Where the first node of that name starts (its `&`).
    public var first: Mark
    /// Where the second one starts.
    public var again: Mark
    /// How many aliases named the anchor between the first two.
    public var aliasesBetween: Int
    /// Where each node after the second that takes the name starts.
    public var later: [Mark] = []
    /// How many aliases named the anchor after its last node (the second's, of a pair).
    public var aliasesAfter = 0
}

/// A YAML tag on a node that specrun reads as it reads an untagged one: each key reads its own value as written, where
/// PyYAML and other readers apply the tag (`!!float 02:30` is 150.0 to them, the wall time 02:30 to specrun).
/// `!!str` on a scalar, `!!map` on a mapping, `!!seq` on a sequence and `!!merge` on `<<` say what specrun reads anyway.
public struct UnreadTag: Sendable, Hashable {
    /// As written in the short form: `!!float`, `!custom`.
    public var tag: String
    /// Where the node is (its value, for a scalar).
    public var mark: Mark
    /// The scalar's text; nil for a mapping or a sequence.
    public var value: String?
    /// `mapping` or `sequence` for a collection.
    public var kind: String?

    static let core = "tag:yaml.org,2002:"

    /// `!!float` for `tag:yaml.org,2002:float`; a local tag as it is.
    static func shortForm(_ tag: String) -> String {
        tag.hasPrefix(core) ? "!!" + tag.dropFirst(core.count) : tag
    }
}

/// One `---`-separated document.
public struct YAMLDocument: Sendable, Hashable {
    public var root: Node
    /// Where the document starts (its `---`, or its first node).
    public var start: Mark
    /// The names of the document's anchors on mappings, sorted: what a merge key may name (`<<: *name`).
    public var mappingAnchors: [String] { mappingAnchorMarks.keys.sorted() }
    /// Where each anchor on a mapping is: a merge key may name only those written before it.
    public var mappingAnchorMarks: [String: Mark]

    public init(root: Node, start: Mark, mappingAnchorMarks: [String: Mark] = [:]) {
        self.root = root
        self.start = start
        self.mappingAnchorMarks = mappingAnchorMarks
    }
}

/// Reads YAML text into `Node` trees through libyaml's event API.
public enum YAMLReader {
    public static func read(_ bytes: [UInt8], limits: YAMLLimits = .default) -> YAMLStream {
        if bytes.count > limits.maxBytes {
            return YAMLStream(documents: [], error: .tooLarge(byteCount: bytes.count, limit: limits.maxBytes))
        }
        if let encoding = wideEncoding(of: bytes) {
            return YAMLStream(documents: [], error: YAMLError(
                kind: .wideEncoding,
                message: "the file is \(encoding), not UTF-8; save it as UTF-8 (in most editors: Save with Encoding, then UTF-8)",
                mark: Mark(line: 1, column: 1)))
        }
        // Nearly every spec file is ASCII, and so holds neither invalid UTF-8 nor a misread character (each starts with a
        // byte of 0x80 or more): one look over its bytes instead of a search for each.
        let isASCII = bytes.allSatisfy { $0 < 0x80 }
        if !isASCII, let bad = firstInvalidUTF8(in: bytes) {
            return YAMLStream(documents: [], error: YAMLError(
                kind: .notUTF8,
                message: "the file is not valid UTF-8 (byte 0x\(String(bytes[bad.offset], radix: 16, uppercase: true))); save it as UTF-8",
                mark: bad.mark))
        }
        let parser = EventParser(bytes, stop: isASCII ? nil : misreadCharacter(in: bytes))
        var builder = TreeBuilder(limits: limits)
        return builder.run(parser)
    }

    public static func read(_ text: String, limits: YAMLLimits = .default) -> YAMLStream {
        read(Array(text.utf8), limits: limits)
    }

    /// "UTF-16 (little-endian)" and the like when the bytes are UTF-16 or UTF-32, by their byte order mark or, without
    /// one, by a zero byte beside the first character (specs start with ASCII: a key or a comment). Editors on
    /// Windows save such files; read as UTF-8 they are noise, so they are named instead of quoted.
    static func wideEncoding(of bytes: [UInt8]) -> String? {
        guard bytes.count >= 2 else { return nil }
        let four = bytes.count >= 4 ? Array(bytes[0..<4]) : []
        if four == [0x00, 0x00, 0xFE, 0xFF] { return "UTF-32 (big-endian)" }
        if four == [0xFF, 0xFE, 0x00, 0x00] { return "UTF-32 (little-endian)" }
        if bytes[0] == 0xFE, bytes[1] == 0xFF { return "UTF-16 (big-endian)" }
        if bytes[0] == 0xFF, bytes[1] == 0xFE { return "UTF-16 (little-endian)" }
        if four.count == 4, four[0] != 0, four[0] < 0x80, four[1] == 0, four[2] == 0, four[3] == 0 { return "UTF-32 (little-endian)" }
        if four.count == 4, four[0] == 0, four[1] == 0, four[2] == 0, four[3] != 0 { return "UTF-32 (big-endian)" }
        if bytes[0] != 0, bytes[0] < 0x80, bytes[1] == 0 { return "UTF-16 (little-endian)" }
        if bytes[0] == 0, bytes[1] != 0, bytes[1] < 0x80 { return "UTF-16 (big-endian)" }
        return nil
    }

    /// The first byte that breaks UTF-8, with its 1-based line and column (in characters).
    static func firstInvalidUTF8(in bytes: [UInt8]) -> (offset: Int, mark: Mark)? {
        // Most spec files are ASCII: nothing to find.
        if bytes.allSatisfy({ $0 < 0x80 }) { return nil }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let width: Int
            switch byte {
            case 0x00...0x7F: width = 1
            case 0xC2...0xDF: width = 2
            case 0xE0...0xEF: width = 3
            case 0xF0...0xF4: width = 4
            default: return (index, mark(atByte: index, in: bytes))
            }
            guard index + width <= bytes.count else { return (index, mark(atByte: index, in: bytes)) }
            if width > 1 {
                for k in 1..<width where bytes[index + k] & 0xC0 != 0x80 {
                    return (index, mark(atByte: index, in: bytes))
                }
                // Overlong forms and surrogates.
                let second = bytes[index + 1]
                if (byte == 0xE0 && second < 0xA0) || (byte == 0xED && second > 0x9F)
                    || (byte == 0xF0 && second < 0x90) || (byte == 0xF4 && second > 0x8F) {
                    return (index, mark(atByte: index, in: bytes))
                }
            }
            index += width
        }
        return nil
    }

    /// The 1-based line and column (in characters: UTF-8 lead bytes) of the byte at `offset`. Lines end as
    /// `SourceText` ends them ("\n", "\r\n", "\r"), and a byte order mark opening the file is no column (libyaml's
    /// marks count it as none either).
    static func mark(atByte offset: Int, in bytes: some Collection<UInt8>) -> Mark {
        var line = 1
        var column = 1
        var previous: UInt8 = 0
        for (index, byte) in bytes.prefix(offset).enumerated() {
            if byte == 0x0A {
                if previous != 0x0D { line += 1 }
                column = 1
            } else if byte == 0x0D {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80, !(index == 0 && byte == 0xEF && bytes.starts(with: [0xEF, 0xBB, 0xBF])) {
                column += 1
            }
            previous = byte
        }
        return Mark(line: line, column: column)
    }

    /// The first character libyaml would read otherwise than the author's editor shows it, as an error at its
    /// place, or nil. Reading stops there: documents that end before it are kept, as before a syntax error.
    ///
    /// - U+2028 (line separator), U+2029 (paragraph separator) and U+0085 (NEL) are line breaks to YAML 1.1 (libyaml)
    ///   and ordinary characters to YAML 1.2 and to editors, which show no new line. Pasted from a word processor into
    ///   a comment, the rest of that line became YAML; in a quoted name, every later line number was one too many.
    ///   They are refused everywhere, so every line and column a diagnostic names is the file's; a text that needs
    ///   one writes it as an escape (`"\u2028"`).
    /// - U+FEFF at the start of a line other than the file's first: a byte order mark left from joining files with
    ///   `cat`. libyaml skips it but counts it as a column, so the document's keys no longer line up.
    static func misreadCharacter(in bytes: [UInt8]) -> YAMLError? {
        bytes.withUnsafeBufferPointer { buffer -> YAMLError? in
            var index = 0
            let count = buffer.count
            while index < count {
                let byte = buffer[index]
                // Every character looked for starts with one of these bytes; most files hold none.
                guard byte == 0xE2 || byte == 0xC2 || byte == 0xEF else {
                    index += 1
                    continue
                }
                let message: String?
                if byte == 0xE2, index + 2 < count, buffer[index + 1] == 0x80, buffer[index + 2] == 0xA8 || buffer[index + 2] == 0xA9 {
                    let (name, code) = buffer[index + 2] == 0xA8 ? ("line separator", "2028") : ("paragraph separator", "2029")
                    message = "this line has a \(name) (U+\(code)), which specrun's YAML reader (YAML 1.1) takes for a line break, "
                        + "though editors show none there (word processors leave them in copied text)" + lineBreakAdvice
                        + "\\u\(code) inside double quotes if it belongs in a text"
                } else if byte == 0xC2, index + 1 < count, buffer[index + 1] == 0x85 {
                    message = "this line has a next-line character (U+0085, NEL), which specrun's YAML reader (YAML 1.1) takes for "
                        + "a line break, though editors show none there" + lineBreakAdvice + "\\u0085 inside double quotes if it belongs in a text"
                } else if byte == 0xEF, index > 0, index + 2 < count, buffer[index + 1] == 0xBB, buffer[index + 2] == 0xBF,
                          buffer[index - 1] == 0x0A || buffer[index - 1] == 0x0D {
                    message = "this line starts with a byte order mark (U+FEFF), most likely left from joining files that each "
                        + "began with one; delete it"
                } else {
                    message = nil
                }
                if let message {
                    return YAMLError(kind: .misreadCharacter, message: message, mark: mark(atByte: index, in: buffer))
                }
                index += 1
            }
            return nil
        }
    }
}

extension YAMLReader {
    /// How a misread line break's message goes on, up to the escape it names: "; delete it, or write it as the escape".
    static let lineBreakAdvice = "; delete it, or write it as the escape "

    /// The misread line break `stop` found inside a block scalar (`|` or `>`), which takes no escapes: its message
    /// says what works there instead (a line break is what such a character stands for in a word processor's text).
    static func inBlockScalar(_ stop: YAMLError, style: Node.ScalarStyle) -> YAMLError {
        guard let advice = stop.message.firstRange(of: lineBreakAdvice) else { return stop }
        let newLine = style == .literal
            ? "replace it with a line break and indent the text after it like this line"
            : "replace it with an empty line (a '>' block folds a single line break into a space) and indent the text after it like this line"
        var error = stop
        error.message = String(stop.message[..<advice.lowerBound])
            + "; it is inside a block scalar ('\(style == .literal ? "|" : ">")'), which takes no escapes: delete it, "
            + "or, where a new line is meant, \(newLine)"
        return error
    }
}

/// Owns a libyaml parser and the bytes it reads; `deinit` frees both.
private final class EventParser {
    /// libyaml's parser, out of line: as a stored `var` of this class, each event's `&parser` paid a dynamic
    /// exclusivity check (swift_beginAccess and swift_endAccess, 0.7 % of a 10,000-spec run's CPU profile).
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private let input: UnsafeMutableBufferPointer<UInt8>
    /// libyaml's marks count code points (a byte order mark not among them); `valueStart` reads bytes. The last
    /// code point index turned into a byte offset, to go on from (the scalars asked about come in file order).
    private var cursor: (index: Int, byte: Int) = (0, 0)
    /// A character libyaml reads otherwise than the file shows (`YAMLReader.misreadCharacter`): no event from it on
    /// is delivered, and an error past it is this one.
    private var stop: YAMLError?
    /// Whether there is a `stop`: a constant, so that most files (which have none) never read the variable.
    private let hasStop: Bool

    init(_ bytes: [UInt8], stop: YAMLError? = nil) {
        self.stop = stop
        hasStop = stop != nil
        input = .allocate(capacity: max(1, bytes.count))
        _ = input.initialize(from: bytes)
        parser = .allocate(capacity: 1)
        parser.initialize(to: yaml_parser_t())
        yaml_parser_initialize(parser)
        yaml_parser_set_input_string(parser, input.baseAddress, bytes.count)
    }

    deinit {
        yaml_parser_delete(parser)
        parser.deinitialize(count: 1)
        parser.deallocate()
        input.deallocate()
    }

    enum Event {
        case streamStart, streamEnd
        case documentStart(Mark), documentEnd
        case alias(anchor: String, Mark)
        /// A scalar with an anchor carries where its `&` is: the node's own mark is where its value starts.
        case scalar(Node.Scalar, anchor: (name: String, mark: Mark)?)
        /// A collection's start: where its properties start (its anchor is there), and where the collection itself does.
        case sequenceStart(anchor: String?, tag: String?, Mark, node: Mark), sequenceEnd
        case mappingStart(anchor: String?, tag: String?, Mark, node: Mark), mappingEnd
    }

    /// The next event. Thrown, not returned in a `Result`: wrapping and unwrapping each event cost 0.5 % of a
    /// 10,000-spec run's CPU profile.
    func next() throws(YAMLError) -> Event {
        var event = yaml_event_t()
        guard yaml_parser_parse(parser, &event) == 1 else {
            let error = syntaxError()
            if hasStop, let stop, error.mark >= stop.mark {
                throw stop
            }
            throw error
        }
        defer { yaml_event_delete(&event) }
        let mark = Mark(line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1)
        // Marks before the stop are the file's own (libyaml counts lines as the file does up to it). A document that
        // ends before it is complete; any other event past it was read through the misread character.
        if hasStop, let stop, mark >= stop.mark, event.type != YAML_DOCUMENT_END_EVENT {
            throw stop
        }
        switch event.type {
        case YAML_STREAM_START_EVENT:
            return .streamStart
        case YAML_STREAM_END_EVENT:
            return .streamEnd
        case YAML_DOCUMENT_START_EVENT:
            return .documentStart(mark)
        case YAML_DOCUMENT_END_EVENT:
            return .documentEnd
        case YAML_ALIAS_EVENT:
            return .alias(anchor: string(event.data.alias.anchor) ?? "", mark)
        case YAML_SCALAR_EVENT:
            let data = event.data.scalar
            let value = data.value.map {
                String(decoding: UnsafeBufferPointer(start: $0, count: Int(data.length)), as: UTF8.self)
            } ?? ""
            let style: Node.ScalarStyle = switch data.style {
            case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
            case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
            case YAML_LITERAL_SCALAR_STYLE: .literal
            case YAML_FOLDED_SCALAR_STYLE: .folded
            default: .plain
            }
            // A block scalar that holds the stop: the stop's advice to write an escape does not work there.
            if hasStop, let held = stop, style == .literal || style == .folded,
               Mark(line: Int(event.end_mark.line) + 1, column: Int(event.end_mark.column) + 1) > held.mark {
                stop = YAMLReader.inBlockScalar(held, style: style)
            }
            let anchor = string(data.anchor)
            // `repeated: &r bothh`, `version: !!float 2.0`: a caret at the node's mark sat under the anchor or the tag.
            // The scalar's mark is where its value starts (on a later line too); an empty one keeps the properties'.
            let end = Mark(line: Int(event.end_mark.line) + 1, column: Int(event.end_mark.column) + 1)
            let valueMark = (anchor != nil || data.tag != nil) && !value.isEmpty
                ? valueStart(after: Int(event.start_mark.index), at: mark) { _, start in start < end } : mark
            let scalar = Node.Scalar(value: value, style: style, mark: valueMark, tag: string(data.tag))
            return .scalar(scalar, anchor: anchor.map { ($0, mark) })
        case YAML_SEQUENCE_START_EVENT:
            let data = event.data.sequence_start
            let node = data.anchor != nil || data.tag != nil
                ? valueStart(after: Int(event.start_mark.index), at: mark) { byte, _ in byte == UInt8(ascii: "[") } : mark
            return .sequenceStart(anchor: string(data.anchor), tag: string(data.tag), mark, node: node)
        case YAML_SEQUENCE_END_EVENT:
            return .sequenceEnd
        case YAML_MAPPING_START_EVENT:
            let data = event.data.mapping_start
            let node = data.anchor != nil || data.tag != nil
                ? valueStart(after: Int(event.start_mark.index), at: mark) { byte, _ in byte == UInt8(ascii: "{") } : mark
            return .mappingStart(anchor: string(data.anchor), tag: string(data.tag), mark, node: node)
        case YAML_MAPPING_END_EVENT:
            return .mappingEnd
        default:
            throw YAMLError(kind: .syntax, message: "libyaml produced an unexpected event", mark: mark)
        }
    }

    /// Where a node's value starts after its properties (`&name`, `!tag`, `!<…>`), the spaces after them, and a comment
    /// and line breaks before a value on a later line (`repeated: &r` then `bothh` below it), from the properties' byte
    /// offset `index` and mark; `mark` itself when there are no properties or no value follows.
    /// `accept` judges the first byte of what follows and where it is: a scalar's value must start no later than the
    /// scalar ends (an empty one's "value" was the next line's key), a collection's must be its `[` or `{`.
    private func valueStart(after index: Int, at mark: Mark, accept: (UInt8, Mark) -> Bool) -> Mark {
        var offset = byteOffset(ofCodePoint: index)
        var (line, column) = (mark.line, mark.column)
        let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t"), lineFeed = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")
        func advance() {
            // Columns count code points: a continuation byte adds none.
            if input[offset] & 0xC0 != 0x80 { column += 1 }
            offset += 1
        }
        var skipped = false
        while offset < input.count, input[offset] == UInt8(ascii: "&") || input[offset] == UInt8(ascii: "!") {
            skipped = true
            while offset < input.count, ![space, tab, lineFeed, carriageReturn].contains(input[offset]) { advance() }
            while offset < input.count, input[offset] == space || input[offset] == tab { advance() }
        }
        guard skipped else { return mark }
        // A comment, line breaks and the next lines' indentation (blank lines and comments too) before a value below.
        while offset < input.count {
            if input[offset] == UInt8(ascii: "#") {
                while offset < input.count, input[offset] != lineFeed, input[offset] != carriageReturn { offset += 1 }
            } else if input[offset] == lineFeed || input[offset] == carriageReturn {
                offset += input[offset] == carriageReturn && offset + 1 < input.count && input[offset + 1] == lineFeed ? 2 : 1
                (line, column) = (line + 1, 1)
            } else if input[offset] == space || input[offset] == tab {
                advance()
            } else {
                break
            }
        }
        guard offset < input.count, ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]")].contains(input[offset]),
              !(input[offset] == UInt8(ascii: "-") && offset + 3 <= input.count && input[offset + 1] == UInt8(ascii: "-")
                  && input[offset + 2] == UInt8(ascii: "-")),
              accept(input[offset], Mark(line: line, column: column))
        else { return mark }
        return Mark(line: line, column: column)
    }

    /// The byte offset of the code point at `index` (libyaml's `mark.index`), after a UTF-8 byte order mark.
    private func byteOffset(ofCodePoint index: Int) -> Int {
        let start = input.count >= 3 && input[0] == 0xEF && input[1] == 0xBB && input[2] == 0xBF ? 3 : 0
        if index < cursor.index || cursor.byte < start { cursor = (0, start) }
        while cursor.index < index, cursor.byte < input.count {
            let lead = input[cursor.byte]
            cursor.byte += lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            cursor.index += 1
        }
        return min(cursor.byte, input.count)
    }

    private func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    private func syntaxError() -> YAMLError {
        let parser = self.parser.pointee
        if parser.error == YAML_READER_ERROR, parser.problem_value >= 0, parser.problem_offset < input.count {
            return forbiddenCharacter(UInt32(parser.problem_value), offset: parser.problem_offset)
        }
        let problem = parser.problem.map { String(cString: $0) } ?? "the YAML could not be read"
        let problemMark = Mark(line: Int(parser.problem_mark.line) + 1, column: Int(parser.problem_mark.column) + 1)
        let context = parser.context.map { String(cString: $0) }
        let contextMark = context == nil ? nil
            : Mark(line: Int(parser.context_mark.line) + 1, column: Int(parser.context_mark.column) + 1)
        return YAMLError(kind: .syntax, message: problem, mark: problemMark, context: context, contextMark: contextMark)
    }

    /// libyaml's reader refuses a character YAML does not allow (a control character, U+FFFE, …) with a byte offset
    /// and no line or column: the place is counted here, so the error points at the character itself.
    private func forbiddenCharacter(_ value: UInt32, offset: Int) -> YAMLError {
        let code = "U+" + String(repeating: "0", count: max(0, 4 - String(value, radix: 16).count))
            + String(value, radix: 16, uppercase: true)
        let what = value < 0x20 || (0x7F...0x9F).contains(value) ? "the control character \(code)" : "the character \(code)"
        return YAMLError(
            kind: .forbiddenCharacter,
            message: "\(what) is not allowed in YAML (editors often do not show it); delete it, "
                + "or write it as an escape such as \\u\(code.dropFirst(2)) inside double quotes if it belongs in a text",
            mark: YAMLReader.mark(atByte: offset, in: input))
    }
}

/// Builds node trees from events without recursion, resolving aliases by copy under a node budget.
private struct TreeBuilder {
    let limits: YAMLLimits

    /// A collection still being read. A struct mutated in place on the stack: rebuilding an enum
    /// payload for each child copied the whole array, which made a 100,000-item list take minutes.
    private struct Open {
        var isMapping: Bool
        /// Where its children start in `children`.
        var firstChild = 0
        var mark: Mark
        var anchor: String?
        var nodes = 1
        /// Whether a key of this mapping is YAML's merge key `<<`: its entries are resolved when the mapping ends.
        var hasMergeKey = false
        /// Where its properties (`&name`, a tag) start, when it has any: its anchor is told there.
        var propertyMark: Mark?
        /// Whether the value this mapping awaits is a merge key's, or this sequence is a merge key's list: an alias
        /// there is a merge, which `MergeRecord.copies` records, not a plain alias.
        var mergeValue = false

        static func sequence(anchor: String?, mark: Mark) -> Open { Open(isMapping: false, mark: mark, anchor: anchor) }
        static func mapping(anchor: String?, mark: Mark) -> Open { Open(isMapping: true, mark: mark, anchor: anchor) }
    }

    private var stack: [Open] = []
    /// The finished children of every open collection, innermost last (a mapping's as key, value, key, value):
    /// each collection's array is made once, at its end, instead of growing by doubling as its children arrive.
    private let children = NodeStack()
    /// Each anchor's node and how many nodes it counts for once expanded.
    private var anchors: [String: (node: Node, nodes: Int, mark: Mark)] = [:]
    /// What merge keys copied, for `YAMLStream.merges`.
    private var merges = MergeRecord()
    /// For `YAMLStream.reusedAnchors`, and how many aliases have named each anchor since its latest node.
    private var reusedAnchors: [ReusedAnchor] = []
    /// Each reused name of this document → its place in `reusedAnchors`.
    private var reusedInDocument: [String: Int] = [:]
    private var aliasUses: [String: Int] = [:]
    /// For `YAMLStream.documentErrors`. While `skipping`, the rest of a dropped document's events are passed over.
    private var documentErrors: [YAMLError] = []
    private var unreadTags: [UnreadTag] = []
    /// How many more copied nodes plain aliases may record in this document, and in the file (`MergeRecord.aliasCopies`).
    private var aliasRecordBudget = TreeBuilder.aliasRecordLimit
    private var fileAliasRecordBudget = 50_000
    static let aliasRecordLimit = 1_000
    private var skipping = false
    /// The alias of the last unknown-alias error, and where its error is: an anchor of that name later in the
    /// document is named in it (the alias comes before its anchor).
    private var unknownAlias: (name: String, error: Int)?
    /// The anchors of the file's earlier documents and the line of each: YAML keeps an anchor to its document, and an
    /// alias to one of them is told so (it was told to define an anchor that was defined, a document earlier).
    private var earlierAnchors: [String: Int] = [:]
    private var documentNodes = 0
    /// Whether the document has used an alias so far: the node bound's advice depends on it.
    private var documentUsesAliases = false

    init(limits: YAMLLimits) {
        self.limits = limits
    }

    mutating func run(_ parser: EventParser) -> YAMLStream {
        var stream = read(parser)
        stream.merges = merges
        stream.reusedAnchors = reusedAnchors
        stream.documentErrors = documentErrors
        stream.unreadTags = unreadTags
        return stream
    }

    /// Gives `node` the name `anchor`: the latest node of a name is the one its aliases copy, and a name given to
    /// another node before, in this document, is recorded for `YAMLStream.reusedAnchors`.
    private mutating func define(_ anchor: String, as node: Node, at mark: Mark, nodes: Int) {
        if let reused = reusedInDocument[anchor] {
            reusedAnchors[reused].later.append(mark)
        } else if let earlier = anchors[anchor] {
            reusedInDocument[anchor] = reusedAnchors.count
            reusedAnchors.append(ReusedAnchor(name: anchor, first: earlier.mark, again: mark,
                                              aliasesBetween: aliasUses[anchor, default: 0]))
        }
        anchors[anchor] = (node, nodes, mark)
        aliasUses[anchor] = 0
    }

    private mutating func read(_ parser: EventParser) -> YAMLStream {
        var documents: [YAMLDocument] = []
        var documentStart = Mark(line: 1, column: 1)
        var root: Node?
        while true {
            let event: EventParser.Event
            do {
                event = try parser.next()
            } catch {
                return YAMLStream(documents: documents, error: error)
            }
            // Consumed: a scalar's text and tag move from the event into its node and on into the collection's
            // children, instead of being copied at each step and the copies released (about four reference counting
            // calls per scalar; the YAML reader made 2.1 M string retains of a 10,000-spec run's 14 M).
            if skipping {
                // The rest of a dropped document: nothing is built; its end resumes reading. An anchor named by the
                // unknown alias that dropped it is the alias's anchor, written after it.
                switch event {
                case .documentEnd:
                    skipping = false
                    countAliasesAfterReusedAnchors()
                case .streamEnd: return YAMLStream(documents: documents, error: nil)
                case .scalar(_, let anchor?): anchorAfterAlias(anchor.name, at: anchor.mark)
                case .sequenceStart(let anchor?, _, let mark, _), .mappingStart(let anchor?, _, let mark, _): anchorAfterAlias(anchor, at: mark)
                default: break
                }
                continue
            }
            switch consume event {
            case .streamStart:
                continue
            case .streamEnd:
                return YAMLStream(documents: documents, error: nil)
            case .documentStart(let mark):
                documentStart = mark
                root = nil
                stack = []
                children.removeAll()
                for (name, anchored) in anchors { earlierAnchors[name] = anchored.mark.line }
                anchors = [:]
                aliasUses = [:]
                reusedInDocument = [:]
                aliasRecordBudget = Self.aliasRecordLimit
                documentNodes = 0
                documentUsesAliases = false
            case .documentEnd:
                countAliasesAfterReusedAnchors()
                // An empty document (`---` and nothing) is no spec and is not kept: 2.5 million of them (a 10 MB file)
                // held 490 MB.
                if let root, !root.isEmptyDocument {
                    let mappingAnchors = anchors.isEmpty ? [:] : anchors.filter { $0.value.node.mapping != nil }.mapValues(\.node.mark)
                    documents.append(YAMLDocument(root: root, start: documentStart, mappingAnchorMarks: mappingAnchors))
                }
            case .alias(let anchor, let mark):
                guard let target = anchors[anchor] else {
                    // Spelled another way (`*new_york`, `*defualts`), as did-you-mean reads names everywhere, or the
                    // mapping it is inside.
                    let near = Suggestion.closest(to: anchor, in: anchors.keys.sorted())
                    let inside = stack.contains { $0.anchor == anchor }
                    let message = inside
                        ? "the alias '*\(anchor)' is inside the node anchored '&\(anchor)', which YAML defines only at its end, so it cannot "
                            + "include itself; name another node"
                        : near.map { "the alias '*\(anchor)' names no anchor defined before it; did you mean '*\($0)'?" } ?? earlierAnchors[anchor].map { line in
                        "the alias '*\(anchor)' names an anchor of an earlier document (line \(line)), and YAML keeps each anchor to "
                            + "its own document (up to the next '---'); define '&\(anchor)' again in this document, or write its "
                            + "value here"
                    } ?? "the alias '*\(anchor)' names no anchor defined before it; define '&\(anchor)' first"
                    drop(YAMLError(kind: .unknownAlias, message: message, mark: mark))
                    unknownAlias = (anchor, documentErrors.count - 1)
                    continue
                }
                documentUsesAliases = true
                aliasUses[anchor, default: 0] += 1
                // Recorded node by node within a budget per document: a spec's aliases copy a few nodes, and an alias
                // bomb's copies, walked whole, made each bomb document cost 10 ms (a file of them, minutes).
                if stack.last?.mergeValue != true, target.nodes <= aliasRecordBudget, target.nodes <= fileAliasRecordBudget {
                    aliasRecordBudget -= target.nodes
                    fileAliasRecordBudget -= target.nodes
                    merges.add(target.node, aliasedAt: mark)
                }
                if let error = count(target.nodes, at: mark) {
                    drop(error)
                    continue
                }
                if let error = attach(target.node, nodes: target.nodes, into: &root) {
                    drop(error)
                    continue
                }
            case .scalar(let scalar, let anchor):
                if let error = count(1, at: scalar.mark) {
                    drop(error)
                    continue
                }
                if scalar.isMergeKey, let top = stack.indices.last, stack[top].isMapping,
                   (children.count - stack[top].firstChild) % 2 == 0 {
                    stack[top].hasMergeKey = true
                    stack[top].mergeValue = true
                }
                if let tag = scalar.tag, tag != UnreadTag.core + "str", !(tag == MergeKeys.tag && scalar.value == "<<") {
                    unreadTags.append(UnreadTag(tag: UnreadTag.shortForm(tag), mark: scalar.mark, value: scalar.value))
                }
                let node = Node.scalar(scalar)
                if let anchor { define(anchor.name, as: node, at: anchor.mark, nodes: 1) }
                if let error = attach(node, nodes: 1, into: &root) {
                    drop(error)
                    continue
                }
            // Too deep ends the reading (`SpecParser` resumes at the next `---` line): libyaml checks each of its open flow
            // levels at every token, so reading on through 200,000 `[` on one line took 452 s, deaf to signals.
            case .sequenceStart(let anchor, let tag, let mark, let node):
                if let error = openCollection(mapping: false, anchor: anchor, tag: tag, at: mark, node: node) {
                    if error.kind == .tooDeep { return YAMLStream(documents: documents, error: error) }
                    drop(error)
                    continue
                }
            case .mappingStart(let anchor, let tag, let mark, let node):
                if let error = openCollection(mapping: true, anchor: anchor, tag: tag, at: mark, node: node) {
                    if error.kind == .tooDeep { return YAMLStream(documents: documents, error: error) }
                    drop(error)
                    continue
                }
            case .sequenceEnd, .mappingEnd:
                let closed = stack.removeLast()
                let node: Node = closed.isMapping
                    ? .mapping(
                        closed.hasMergeKey
                            ? MergeKeys.resolve(children.takeEntries(from: closed.firstChild), into: closed.mark, recording: &merges)
                            : children.takeEntries(from: closed.firstChild),
                        closed.mark)
                    : .sequence(children.takeNodes(from: closed.firstChild), closed.mark)
                // A merged mapping counts what it holds: its copies' overridden keys are gone, and counted again by every
                // alias to it they made a chain of cases, each merging the one before, grow as its square (the 157th
                // of such a chain passed 100,000 nodes where PyYAML's reading of it is a few thousand).
                let nodes = closed.hasMergeKey ? MergeKeys.count(node) : closed.nodes
                if let anchor = closed.anchor { define(anchor, as: node, at: closed.propertyMark ?? closed.mark, nodes: nodes) }
                if let error = attach(node, nodes: nodes, into: &root) {
                    drop(error)
                    continue
                }
            }
        }
    }

    /// At a document's end: how many aliases named each reused anchor after its last node.
    private mutating func countAliasesAfterReusedAnchors() {
        for (name, index) in reusedInDocument { reusedAnchors[index].aliasesAfter = aliasUses[name, default: 0] }
    }

    /// Drops the document being read for `error`: the rest of its events are passed over, and reading goes on with
    /// the next document (an unknown alias dropped every later spec of the file, unseen).
    private mutating func drop(_ error: YAMLError) {
        documentErrors.append(error)
        skipping = true
        unknownAlias = nil
    }

    /// An anchor read while skipping the document an unknown alias dropped: when it is the alias's, the error says the
    /// alias comes before it (it was told to define what was defined, below).
    private mutating func anchorAfterAlias(_ anchor: String, at mark: Mark) {
        // Still an anchor of this document for the next one's aliases, which are told it is an earlier document's.
        earlierAnchors[anchor] = mark.line
        guard let alias = unknownAlias, alias.name == anchor else { return }
        documentErrors[alias.error].message = "the alias '*\(anchor)' comes before its anchor '&\(anchor)' (line \(mark.line)), and YAML "
            + "defines an anchor before the aliases that name it; move the anchored node above the alias, or write its value here"
        unknownAlias = nil
    }

    /// Opens a mapping or a sequence whose properties start at `mark` and which itself starts at `node`: a tag it does
    /// not read is recorded, and a sequence that is a merge key's list says so (its aliases are merges).
    private mutating func openCollection(mapping: Bool, anchor: String?, tag: String?, at mark: Mark, node: Mark) -> YAMLError? {
        if let tag, tag != UnreadTag.core + (mapping ? "map" : "seq") {
            unreadTags.append(UnreadTag(tag: UnreadTag.shortForm(tag), mark: mark, kind: mapping ? "mapping" : "sequence"))
        }
        var collection = mapping ? Open.mapping(anchor: anchor, mark: node) : Open.sequence(anchor: anchor, mark: node)
        collection.propertyMark = mark
        if !mapping { collection.mergeValue = stack.last.map { $0.isMapping && $0.mergeValue } ?? false }
        return open(collection, at: node)
    }

    private mutating func open(_ collection: consuming Open, at mark: Mark) -> YAMLError? {
        var collection = collection
        collection.firstChild = children.count
        if let error = count(1, at: mark) { return error }
        guard stack.count < limits.maxDepth else {
            return YAMLError(
                kind: .tooDeep,
                // "Specs never need this much" is true of the default only: `--max-depth 1` refuses every spec.
                message: limits.maxDepth >= YAMLLimits.default.maxDepth
                    ? "nesting is deeper than \(limits.maxDepth) levels; specs never need this much (raise the limit with --max-depth)"
                    : "nesting is deeper than \(limits.maxDepth) level\(limits.maxDepth == 1 ? "" : "s"), the limit --max-depth sets (specrun's "
                        + "own specs need at most 5; the default is \(YAMLLimits.default.maxDepth)): raise it",
                mark: mark)
        }
        stack.append(collection)
        return nil
    }

    private mutating func count(_ nodes: Int, at mark: Mark) -> YAMLError? {
        documentNodes += nodes
        guard documentNodes <= limits.maxNodes else {
            // Without an alias the document is simply that large (`--max-nodes 5` on a plain spec was told to remove
            // aliases it did not have): say what helps there.
            let message = documentUsesAliases
                ? "the document expands to more than \(limits.maxNodes) node\(limits.maxNodes == 1 ? "" : "s") (aliases included); remove the repeated aliases or raise the limit with --max-nodes"
                // One document is one spec, which cannot be split into documents: the limit is what to change.
                : "the document has more than \(limits.maxNodes) node\(limits.maxNodes == 1 ? "" : "s"), more than a spec needs; check that it is the "
                    + "spec meant (a generated file?), or raise the limit with --max-nodes"
            return YAMLError(kind: .aliasExpansion, message: message, mark: mark)
        }
        return nil
    }

    /// Adds a finished node to the open collection, or makes it the document's root.
    private mutating func attach(_ node: consuming Node, nodes: Int, into root: inout Node?) -> YAMLError? {
        guard !stack.isEmpty else {
            root = consume node
            return nil
        }
        stack[stack.count - 1].nodes += nodes
        // A mapping's value attached: the next value it awaits is no merge key's until another `<<` comes.
        if stack[stack.count - 1].isMapping, (children.count - stack[stack.count - 1].firstChild) % 2 == 1 {
            stack[stack.count - 1].mergeValue = false
        }
        children.append(consume node)
        return nil
    }
}

/// The tree builder's children of open collections, in memory of its own: a closed collection's children are moved
/// into its array (a mapping's, pairwise into its entries) instead of copied there and then destroyed here. With an
/// `Array`, every node was copied once and released once more on its way into the tree (about 2.7 M of a 10,000-spec
/// run's 36 M reference-counting calls, counted by an LD_PRELOAD counter of swift_retain and swift_release).
private final class NodeStack {
    private var base: UnsafeMutablePointer<Node>
    private var capacity: Int
    private(set) var count = 0

    init() {
        capacity = 64
        base = .allocate(capacity: capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    func append(_ node: consuming Node) {
        if count == capacity {
            let grown = UnsafeMutablePointer<Node>.allocate(capacity: capacity * 2)
            grown.moveInitialize(from: base, count: count)
            base.deallocate()
            base = grown
            capacity *= 2
        }
        (base + count).initialize(to: node)
        count += 1
    }

    func removeAll() {
        base.deinitialize(count: count)
        count = 0
    }

    /// The nodes from `start` on, moved out into an array.
    func takeNodes(from start: Int) -> [Node] {
        let taken = count - start
        guard taken > 0 else { return [] }
        let source = base + start
        count = start
        return [Node](unsafeUninitializedCapacity: taken) { buffer, initialized in
            buffer.baseAddress!.moveInitialize(from: source, count: taken)
            initialized = taken
        }
    }

    /// The nodes from `start` on (key, value, key, value) moved out into a mapping's entries; libyaml never ends a
    /// mapping after a key (a key without its value would be dropped).
    func takeEntries(from start: Int) -> [Node.Entry] {
        let pairs = (count - start) / 2
        let source = base + start
        if (count - start) % 2 == 1 { (base + count - 1).deinitialize(count: 1) }
        count = start
        guard pairs > 0 else { return [] }
        return [Node.Entry](unsafeUninitializedCapacity: pairs) { buffer, initialized in
            let entries = buffer.baseAddress!
            for pair in 0..<pairs {
                (entries + pair).initialize(to: Node.Entry(key: (source + 2 * pair).move(), value: (source + 2 * pair + 1).move()))
            }
            initialized = pairs
        }
    }
}
