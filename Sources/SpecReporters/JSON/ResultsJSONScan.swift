import Foundation

/// One pass over a results file's bytes before Foundation decodes them: what Foundation cannot say or does not check.
///
/// Foundation's `JSONDecoder` on Linux says only "The given data was not valid JSON." for a cut-short upload, a
/// stray byte or a number out of range, keeps the first of two equal keys where `jq` and Python keep the last, and
/// stops at 512 levels of nesting with the same sentence. This scan names the line, column and place of each, bounds
/// the nesting (`depthLimit`, far above the 7 levels a results document uses) with recursion that never goes deeper
/// than that bound, and notes which fields the document carries so that the reader can tell which it does not know.
struct ResultsJSONScan {
    /// Deeper than any results document nests (7 levels); the scan stops here instead of recursing further.
    static let depthLimit = 64

    /// Why the bytes are not a results document the decoder may be given, and where.
    struct Failure: Error {
        var offset: Int
        var problem: String
        var remedy: String
    }

    /// The text of the top-level `schemaVersion` number, when there is one.
    var schemaVersion: String?
    /// Each field path with a non-null value (`tests[].zoneContext.zone`), and the first place it is written
    /// (`tests[3].zoneContext.zone`). Filled only when asked for.
    var fields: [String: String] = [:]

    /// The numbers written in the top-level `summary` object, by field (`passed` → `-3`), as text: the summary is
    /// recomputed from the tests on reading, and one that disagrees is warned about.
    var summaryNumbers: [String: String] = [:]

    /// The first number that is not a whole number within 64 bits, outside the fields that hold fractions and the
    /// summary (which is recomputed): its place and text. Foundation refuses such a number in an integer field with only
    /// "The given data was not valid JSON."; this says where.
    var firstFractionalCount: (place: String, text: String)?

    /// The only fields that hold fractions (`TestResult.duration`, `ResultInstant.epochSeconds`); every other number is
    /// a whole one (lines, columns, lengths, offsets, counts, versions).
    static let fractionalFields: Set<String> = ["duration", "epochSeconds"]

    /// No number a run writes is larger (epoch seconds of year ±30,000; durations; lines); the summary, recomputed on
    /// reading, is not held to it.
    static let magnitudeLimit = 1e12

    static func isWholeNumber(_ text: String) -> Bool {
        if Int(text) != nil { return true }
        guard let value = Double(text) else { return false }
        return value == value.rounded() && abs(value) < 9.2e18
    }

    /// The bytes being scanned; emptied when the scan returns (they belong to the caller's `Data`).
    private var bytes: UnsafeRawBufferPointer
    private var index = 0
    private let recordFields: Bool
    /// The place being read, one entry per container level: a key or an index.
    private var place: [PlaceComponent] = []
    /// Every field path met so far (`tests[].diff[]`), as a tree: a key is looked up among its container's children
    /// (a few, compared in place) instead of building and hashing its whole path once per field of a 100 MB file.
    private var paths: [PathNode] = [PathNode(path: "")]
    /// The path node of each open container.
    private var pathStack: [Int] = [0]

    private struct PathNode {
        var path: String
        var children: [(key: String, node: Int)] = []
        /// Whether `fields` holds this path (a non-null value was met).
        var recorded = false
    }

    private enum PlaceComponent {
        case key(String)
        case index(Int)
    }

    private init(bytes: UnsafeRawBufferPointer, recordFields: Bool) {
        self.bytes = bytes
        self.recordFields = recordFields
    }

    static let resultsRemedy = "give the results file as `specrun --json` wrote it"
    static let cutShortRemedy = "download or copy it again, or write it anew with `specrun --json FILE`"

    /// Scans `data`; throws the first problem found.
    static func scan(_ data: Data, recordFields: Bool) throws(Failure) -> ResultsJSONScan {
        var failure: Failure?
        var scan = data.withUnsafeBytes { buffer in
            var scan = ResultsJSONScan(bytes: buffer, recordFields: recordFields)
            do throws(Failure) {
                try scan.document()
            } catch {
                failure = error
            }
            return scan
        }
        scan.bytes = UnsafeRawBufferPointer(start: nil, count: 0)
        if let failure { throw failure }
        return scan
    }

    /// `line:column` (1-based, the column in characters) of a byte offset in `data`.
    static func lineAndColumn(of offset: Int, in bytes: some Collection<UInt8>) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for byte in bytes.prefix(offset) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    // MARK: - Grammar

    private mutating func document() throws(Failure) {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            throw Failure(offset: 0, problem: "the file is UTF-16, not UTF-8 (an editor re-saved it?)",
                          remedy: "save it as UTF-8, or " + Self.resultsRemedy)
        }
        skipWhitespace()
        guard index < bytes.count else {
            throw Failure(offset: index, problem: "the file is empty" + (bytes.isEmpty ? "" : " (only white space)")
                + ", not a results document (an upload that failed?)", remedy: Self.cutShortRemedy)
        }
        // specrun's own TAP report (`--tap`, `results.tap` of --artifacts) was called "YAML or plain text (a spec file?)".
        if bytes[index...].starts(with: Array("TAP version".utf8)) {
            throw Failure(offset: index, problem: "this is a TAP report (written by `specrun --tap`), not JSON results",
                          remedy: "give the file written by `specrun --json FILE` (results.json beside it in an --artifacts folder)")
        }
        if let kind = Self.otherFormat(bytes[index]) {
            throw Failure(offset: index, problem: "this is \(kind), not JSON results", remedy: "give the file written by `specrun --json FILE`")
        }
        try value(depth: 0)
        skipWhitespace()
        if index < bytes.count {
            throw Failure(offset: index, problem: "more content follows the end of the results document (two files joined into one?)",
                          remedy: "give each results file on its own, as `specrun --json` wrote it")
        }
    }

    /// What a file starting with `byte` probably is, when it is clearly not JSON.
    private static func otherFormat(_ byte: UInt8) -> String? {
        switch byte {
        case UInt8(ascii: "<"): "XML or HTML (a JUnit, HTML or other report?)"
        // true, false and null start with letters too; those are JSON (and not a results document, which the decoder says).
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"): nil
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "#"):
            "YAML or plain text (a spec file?)"
        case 0x1F: "a compressed (gzip) file"
        default: nil
        }
    }

    private mutating func value(depth: Int) throws(Failure) {
        skipWhitespace()
        guard index < bytes.count else { throw endedEarly() }
        switch bytes[index] {
        case UInt8(ascii: "{"): try object(depth: depth + 1)
        case UInt8(ascii: "["): try array(depth: depth + 1)
        case UInt8(ascii: "\""): try skipString()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try number()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        default: throw unexpected("where a value should start")
        }
    }

    private mutating func object(depth: Int) throws(Failure) {
        try checkDepth(depth)
        index += 1
        // Few keys per object: a list searched in place costs less than a dictionary made for each object.
        var keys: [(key: String, offset: Int)] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return
        }
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw endedEarly() }
            guard bytes[index] == UInt8(ascii: "\"") else { throw unexpected("where a field name in quotes should start") }
            let keyOffset = index
            let key = try string()
            place.append(.key(key))
            if let first = keys.first(where: { $0.key == key })?.offset {
                let firstLine = Self.lineAndColumn(of: first, in: bytes).line
                index = keyOffset
                throw Failure(offset: keyOffset, problem: "\(placeText) is written twice in one object (first on line \(firstLine)); "
                    + "readers disagree on which one counts (specrun would take the first, jq the last)",
                    remedy: "keep one of them, or " + Self.resultsRemedy)
            }
            keys.append((key, keyOffset))
            skipWhitespace()
            guard index < bytes.count else { throw endedEarly() }
            guard bytes[index] == UInt8(ascii: ":") else { throw unexpected("where ':' should follow the field name") }
            index += 1
            skipWhitespace()
            let node = child(of: pathStack[pathStack.count - 1], named: key)
            if recordFields, !paths[node].recorded, index < bytes.count, bytes[index] != UInt8(ascii: "n") {
                fields[paths[node].path] = placeText
                paths[node].recorded = true
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || isDigit(bytes[index]) {
                let number = try number()
                if depth == 1 && key == "schemaVersion" {
                    schemaVersion = text(of: number)
                } else if place.count == 2, case .key("summary")? = place.first {
                    summaryNumbers[key] = text(of: number)
                } else if !number.isSmallInteger {
                    // Only a number with a fraction, an exponent or many digits needs its text read.
                    let text = text(of: number)
                    let inSummary = if case .key("summary")? = place.first { true } else { false }
                    if !inSummary, let value = Double(text), abs(value) > Self.magnitudeLimit {
                        // Reporters turn durations into milliseconds and instants into offsets as Int: 1e30 would trap there.
                        throw Failure(offset: number.start, problem: "\(placeText) is \(text.prefix(40)), beyond any number a run writes "
                            + "(at most 10^12 either way: seconds across 30,000 years)", remedy: Self.resultsRemedy)
                    } else if firstFractionalCount == nil, !Self.fractionalFields.contains(key), !Self.isWholeNumber(text),
                              case .key(let top)? = place.first, top != "summary" {
                        firstFractionalCount = (placeText, text)
                    }
                }
            } else {
                pathStack.append(node)
                try value(depth: depth)
                pathStack.removeLast()
            }
            place.removeLast()
            skipWhitespace()
            guard index < bytes.count else { throw endedEarly() }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return
            default: throw unexpected("where ',' or '}' should follow a field")
            }
        }
    }

    private mutating func array(depth: Int) throws(Failure) {
        try checkDepth(depth)
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return
        }
        pathStack.append(child(of: pathStack[pathStack.count - 1], named: "[]"))
        defer { pathStack.removeLast() }
        var element = 0
        while true {
            place.append(.index(element))
            try value(depth: depth)
            place.removeLast()
            skipWhitespace()
            guard index < bytes.count else { throw endedEarly() }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return
            default: throw unexpected("where ',' or ']' should follow an element")
            }
            element += 1
        }
    }

    /// The path node of field `key` (or `[]`, an array's elements) in the container at `parent`, made on first use.
    private mutating func child(of parent: Int, named key: String) -> Int {
        if let known = paths[parent].children.first(where: { $0.key == key }) { return known.node }
        let parentPath = paths[parent].path
        let path = key == "[]" ? parentPath + "[]" : parentPath.isEmpty ? key : parentPath + "." + key
        paths.append(PathNode(path: path))
        paths[parent].children.append((key, paths.count - 1))
        return paths.count - 1
    }

    private func checkDepth(_ depth: Int) throws(Failure) {
        guard depth > Self.depthLimit else { return }
        throw Failure(offset: index, problem: "\(inPlace)the document nests deeper than \(Self.depthLimit) levels (a results document nests 7)",
                      remedy: Self.resultsRemedy)
    }

    /// Reads a string; returns its value.
    private mutating func string() throws(Failure) -> String {
        let (start, escaped) = try stringSpan()
        let raw = UnsafeRawBufferPointer(rebasing: bytes[start..<(index - 1)])
        return escaped ? try unescape(raw, at: start) : String(decoding: raw, as: UTF8.self)
    }

    /// Checks a string whose value is not needed (every value of a results file): no `String` is made for it.
    private mutating func skipString() throws(Failure) {
        let (start, escaped) = try stringSpan()
        if escaped { _ = try unescape(UnsafeRawBufferPointer(rebasing: bytes[start..<(index - 1)]), at: start) }
    }

    /// Moves past a string, checking its bytes; returns where its text starts and whether it has escapes.
    private mutating func stringSpan() throws(Failure) -> (start: Int, escaped: Bool) {
        index += 1
        let start = index
        var escaped = false
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return (start, escaped)
            case UInt8(ascii: "\\"):
                escaped = true
                index += 2
            case 0..<0x20:
                throw Failure(offset: index, problem: "\(inPlace)a control character (byte 0x\(hex(byte))) is written raw inside a string",
                              remedy: Self.resultsRemedy)
            case 0x80...:
                try skipUTF8Sequence()
            default:
                index += 1
            }
        }
        throw endedEarly()
    }

    /// Moves past one UTF-8 encoded scalar, or throws where the bytes are not UTF-8.
    private mutating func skipUTF8Sequence() throws(Failure) {
        let lead = bytes[index]
        let (count, secondRange): (Int, ClosedRange<UInt8>) = switch lead {
        case 0xC2...0xDF: (2, 0x80...0xBF)
        case 0xE0: (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (3, 0x80...0xBF)
        case 0xED: (3, 0x80...0x9F)
        case 0xF0: (4, 0x90...0xBF)
        case 0xF1...0xF3: (4, 0x80...0xBF)
        case 0xF4: (4, 0x80...0x8F)
        default: (0, 0...0)
        }
        var valid = count > 0 && index + count <= bytes.count && secondRange.contains(bytes[index + 1])
        if valid {
            for offset in 2..<max(count, 2) where !(0x80...0xBF).contains(bytes[index + offset]) { valid = false }
        }
        guard valid else {
            if count > 0 && index + count > bytes.count { throw endedEarly() }
            throw Failure(offset: index, problem: "\(inPlace)byte 0x\(hex(lead)) is not UTF-8 (the file was saved in another encoding, or damaged)",
                          remedy: Self.resultsRemedy + " (UTF-8)")
        }
        index += count
    }

    /// The value of a string with escapes, read by Foundation (the rare case: specrun escapes only what it must).
    private func unescape(_ raw: UnsafeRawBufferPointer, at start: Int) throws(Failure) -> String {
        let quoted = Data([UInt8(ascii: "\"")]) + Data(raw) + Data([UInt8(ascii: "\"")])
        guard let text = try? JSONDecoder().decode(String.self, from: quoted) else {
            throw Failure(offset: start, problem: "\(inPlace)a string has an escape that is not JSON", remedy: Self.resultsRemedy)
        }
        return text
    }

    /// Where a number's text is, and whether it is a whole number of at most 12 digits (every number but durations
    /// and instants in a results file: no text needs to be made for it).
    private struct NumberSpan {
        var start: Int
        var end: Int
        var isSmallInteger: Bool
    }

    private func text(of number: NumberSpan) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: bytes[number.start..<number.end]), as: UTF8.self)
    }

    /// Reads a number. A number no field can hold (`1e400`) is refused here with its place.
    private mutating func number() throws(Failure) -> NumberSpan {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { throw endedEarly() }
        guard isDigit(bytes[index]) else { throw unexpected("where a digit should follow '-'") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        var plainInteger = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            plainInteger = false
            index += 1
            guard index < bytes.count else { throw endedEarly() }
            guard isDigit(bytes[index]) else { throw unexpected("where a digit should follow '.'") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            plainInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count else { throw endedEarly() }
            guard isDigit(bytes[index]) else { throw unexpected("where a digit of the exponent should follow") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        let span = NumberSpan(start: start, end: index, isSmallInteger: plainInteger && index - start <= 12)
        if !plainInteger || index - start > 15, let value = Double(text(of: span)), !value.isFinite {
            throw Failure(offset: start, problem: "\(inPlace)the number \(text(of: span).prefix(40)) is too large for any number a results document holds",
                          remedy: Self.resultsRemedy)
        }
        return span
    }

    private mutating func literal(_ word: StaticString) throws(Failure) {
        let text = UnsafeRawBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        let start = index
        for byte in text {
            guard index < bytes.count else { throw endedEarly() }
            guard bytes[index] == byte else {
                // `nul`, `tru…`: said where the word starts, as a value that is none.
                index = start
                throw unexpected("where a value should start")
            }
            index += 1
        }
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): index += 1
            default: return
            }
        }
    }

    private func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return digits.count == 1 ? "0" + digits : digits
    }

    // MARK: - Messages

    /// `tests[3].status`, shortened in the middle past 8 levels (a 10,000-level nest would otherwise fill the screen).
    private var placeText: String {
        var parts = place
        var elided = false
        if parts.count > 8 {
            parts = Array(parts.prefix(4)) + Array(parts.suffix(2))
            elided = true
        }
        var text = ""
        for (number, part) in parts.enumerated() {
            if elided && number == 4 { text += "…" }
            switch part {
            case .index(let index): text += "[\(index)]"
            case .key(let key): text += (text.isEmpty ? "" : ".") + (key.count > 60 ? key.prefix(60) + "…" : key)
            }
        }
        return text
    }

    /// `in tests[3].status: `, or nothing at the top.
    private var inPlace: String { place.isEmpty ? "" : "in \(placeText): " }

    private func endedEarly() -> Failure {
        Failure(offset: index, problem: "the document ends \(place.isEmpty ? "before it is complete" : "inside \(placeText)"): the file is cut short "
            + "(an interrupted upload or copy?)", remedy: Self.cutShortRemedy)
    }

    private func unexpected(_ expectation: String) -> Failure {
        let byte = bytes[index]
        let shown = (0x21...0x7E).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(hex(byte))"
        let hint = byte == UInt8(ascii: "N") || byte == UInt8(ascii: "I") ? " (NaN and Infinity are not JSON)" : ""
        return Failure(offset: index, problem: "\(inPlace)\(shown) \(expectation)\(hint): this is not the JSON specrun writes",
                       remedy: Self.resultsRemedy)
    }
}
