import Foundation
import SpecResults

/// Reads a results document written by `JSONReporter` (for `specrun report`, `merge`, `compare` and `--last-failed`).
///
/// What cannot be read right is refused with the place and what to do (docs/reports.md, "Reading results files"):
/// bytes that are not JSON or not UTF-8, a document cut short, nesting deeper than `ResultsJSONScan.depthLimit`, a
/// field written twice in one object, a `schemaVersion` other than this build's, a missing or mistyped field, a test
/// id given twice, a shard outside 1…N, an instant whose texts and number disagree. What can be read but is suspect is read with a warning: fields this build
/// does not know (a newer specrun may have added them).
public enum JSONResultsReader {
    /// Decodes `data`; `source` names the file in errors. Warnings are dropped (see `readWithWarnings`).
    public static func read(_ data: Data, source: String) throws(ResultsReadError) -> RunResult {
        try readWithWarnings(data, source: source).run
    }

    /// Decodes `data`, and says what was read but is suspect, each warning naming `source`.
    public static func readWithWarnings(_ data: Data, source: String) throws(ResultsReadError) -> ResultsReading {
        let scan: ResultsJSONScan
        do {
            scan = try ResultsJSONScan.scan(data, recordFields: true)
        } catch {
            let (line, column) = ResultsJSONScan.lineAndColumn(of: error.offset, in: data)
            throw ResultsReadError(source: source, line: line, column: column, problem: error.problem, remedy: error.remedy)
        }
        try checkVersion(scan.schemaVersion, source: source)
        let run: RunResult
        do {
            run = try JSONDecoder().decode(RunResult.self, from: data)
        } catch let DecodingError.dataCorrupted(context) where context.codingPath.isEmpty && scan.firstFractionalCount != nil {
            // The bytes are JSON (the scan read them all), so what Foundation calls "not valid JSON" is a number it could
            // not make an integer of.
            let number = scan.firstFractionalCount!
            throw ResultsReadError(source: source, problem: "\(number.place) is \(number.text.prefix(40)), not a whole number")
        } catch let error as DecodingError {
            throw ResultsReadError(source: source, problem: describe(error))
        } catch {
            throw ResultsReadError(source: source, problem: "\(error)")
        }
        try checkTests(run, source: source)
        let unknown = unknownFieldWarnings(scan, run: run, source: source)
        var reading = ResultsReading(run: run, warnings: unknown + summaryWarnings(scan.summaryNumbers, run: run, source: source))
        reading.ignoredFields = !unknown.isEmpty
        reading.writtenTotal = scan.summaryNumbers["total"].flatMap { Double($0) }.flatMap { Int(exactly: $0) }
        return reading
    }

    /// The written `summary` is not read (it is recomputed from the tests), but one that disagrees with them means the
    /// file was edited or put together by hand: said once, naming the first counts that differ.
    private static func summaryWarnings(_ written: [String: String], run: RunResult, source: String) -> [String] {
        guard !written.isEmpty,
              let data = try? JSONEncoder().encode(run.summary),
              let counted = try? JSONSerialization.jsonObject(with: data) as? [String: Int] else { return [] }
        let differing = written.keys.sorted().compactMap { key -> String? in
            guard let count = counted[key], Double(written[key]!) != Double(count) else { return nil }
            return "summary.\(key) is \(written[key]!.prefix(40)) but the tests count \(count)"
        }
        guard !differing.isEmpty else { return [] }
        return ["\(source): \(differing.prefix(3).joined(separator: ", "))\(differing.count > 3 ? ", …" : ""); the summary "
            + "was recomputed from the tests (the file was edited by hand?): write it anew with `specrun --json` or "
            + "`specrun merge` to make the two agree"]
    }

    /// A version other than this build's is refused before anything else is read: a newer document may mean
    /// something else by the same field names, and reading it as this version would be silently wrong.
    private static func checkVersion(_ text: String?, source: String) throws(ResultsReadError) {
        guard let text, let version = Double(text) else { return }  // missing or not a number: the decoder says so
        let current = RunResult.currentSchemaVersion
        if version == Double(current) { return }
        if version > Double(current) {
            throw ResultsReadError(source: source, problem: "schemaVersion \(text) is newer than this specrun reads (\(current)): "
                + "a newer specrun wrote it", remedy: "read it with that specrun or a newer one (`specrun --version` says which this is)")
        }
        throw ResultsReadError(source: source, problem: "schemaVersion \(text) is not one any specrun wrote (the first is 1)",
                               remedy: ResultsJSONScan.resultsRemedy)
    }

    /// One test id twice cannot be read right: the summary would count it twice, and which result is meant is unknown.
    /// Nor can an instant whose `utc` or `offsetForm` names another instant than its `epochSeconds` (`InstantTexts`).
    private static func checkTests(_ run: RunResult, source: String) throws(ResultsReadError) {
        var firstIndex: [String: Int] = [:]
        firstIndex.reserveCapacity(run.tests.count)
        for (index, test) in run.tests.enumerated() {
            if let first = firstIndex[test.id] {
                throw ResultsReadError(source: source, problem: "tests[\(index)].id is the id of tests[\(first)] as well; "
                    + "a results file holds each test once",
                    remedy: "to combine results use `specrun merge`, or " + ResultsJSONScan.resultsRemedy)
            }
            firstIndex[test.id] = index
            if let mismatch = InstantTexts.firstMismatch(in: test) {
                // Both fields by their whole path: either may be the one edited.
                let instant = "tests[\(index)].\(mismatch.place)"
                throw ResultsReadError(source: source, problem: "\(instant).\(mismatch.field) is \(mismatch.text), but "
                    + "\(instant).epochSeconds \(InstantTexts.numberText(mismatch.epochSeconds)) is "
                    + "\(InstantTexts.utcText(mismatch.epochSeconds)) (test \(test.id))",
                    remedy: "make the two agree (epochSeconds counts the seconds since 1970-01-01T00:00:00Z; compare reads it, "
                        + "the reports show the texts), or write the file anew with `specrun --json`")
            }
        }
    }

    /// Fields the document carries that this build neither reads nor writes: re-encoding what was read and scanning
    /// that gives exactly the fields this build knows, so no list of names has to be kept in step with the types.
    private static func unknownFieldWarnings(_ scan: ResultsJSONScan, run: RunResult, source: String) -> [String] {
        var skeleton = run
        skeleton.tests = []
        let encoder = JSONEncoder()
        guard var known = try? ResultsJSONScan.scan(encoder.encode(skeleton), recordFields: true).fields else { return [] }
        // Only the test where each field of a test first appears is encoded again (a few dozen, not every test of a
        // 100 MB document): if this build knows the field, that test written again has it.
        var encoded: Set<Int> = []
        for (path, place) in scan.fields where known[path] == nil {
            guard let index = testIndex(place), index < run.tests.count, encoded.insert(index).inserted else { continue }
            guard let fields = try? ResultsJSONScan.scan(encoder.encode(run.tests[index]), recordFields: true).fields else { return [] }
            for field in fields.keys { known["tests[]." + field] = "" }
        }
        let unknown = scan.fields.keys.filter { path in
            guard known[path] == nil else { return false }
            // Only the outermost unknown field: the fields inside it are unknown by the same token.
            let parent = parentPath(path)
            return parent.isEmpty || known[parent] != nil
        }.sorted { scan.fields[$0]! < scan.fields[$1]! }
        guard !unknown.isEmpty else { return [] }
        let places = unknown.prefix(5).map { scan.fields[$0]! }.joined(separator: ", ") + (unknown.count > 5 ? ", …" : "")
        return ["\(source): \(unknown.count == 1 ? "a field" : "\(unknown.count) fields") this specrun does not know "
            + "\(unknown.count == 1 ? "was" : "were") ignored (\(places)); a newer specrun may have written "
            + "\(unknown.count == 1 ? "it" : "them"): read the file with that version to see \(unknown.count == 1 ? "it" : "them")"]
    }

    /// `3` for `tests[3].zoneContext.zone`; nil for a place outside the tests.
    private static func testIndex(_ place: String) -> Int? {
        guard place.hasPrefix("tests["), let close = place.firstIndex(of: "]") else { return nil }
        return Int(place[place.index(place.startIndex, offsetBy: 6)..<close])
    }

    /// The field holding a field: `tests[].zoneContext` for `tests[].zoneContext.zone`, `tests` for `tests[].id`.
    private static func parentPath(_ path: String) -> String {
        guard let dot = path.lastIndex(of: ".") else { return "" }
        var parent = path[..<dot]
        while parent.hasSuffix("[]") { parent = parent.dropLast(2) }
        return String(parent)
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case let .keyNotFound(key, context):
            let place = path(context.codingPath)
            return "missing \"\(key.stringValue)\"" + (place.isEmpty ? "" : " in \(place)")
        case let .typeMismatch(type, context):
            return "\(path(context.codingPath, orRoot: true)) is not \(describe(type))"
        case let .valueNotFound(type, context):
            return "\(path(context.codingPath, orRoot: true)) is null where \(describe(type)) is needed"
        case let .dataCorrupted(context) where context.codingPath.isEmpty:
            return "not a JSON document (\(context.underlyingError.map { "\($0)" } ?? context.debugDescription))"
        case let .dataCorrupted(context):
            return "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    /// `tests[3].status`
    private static func path(_ codingPath: [any CodingKey], orRoot: Bool = false) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text.isEmpty && orRoot ? "the document" : text
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type: "an integer"
        case is Double.Type: "a number"
        case is Bool.Type: "true or false"
        default: String(describing: type).hasPrefix("Array") ? "a list" : "an object"
        }
    }
}

/// A results document read, and what in it is suspect (`JSONResultsReader.readWithWarnings`).
public struct ResultsReading: Sendable {
    public var run: RunResult
    /// One sentence each, naming the file: for example fields this build does not know, which were ignored.
    public var warnings: [String]
    /// Whether fields this build does not know were ignored (one of `warnings` says which): only then does a merge
    /// leave something of the file out.
    public var ignoredFields = false
    /// The `summary.total` the file records (not read otherwise: the summary is recomputed from the tests); nil when
    /// it has none. A shard whose tests were deleted by hand still counts them here.
    public var writtenTotal: Int?
}

/// A results file that could not be read: which file, where in it, what is wrong, and what to do.
public struct ResultsReadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file (or other source) the document came from.
    public var source: String
    /// The 1-based line and column of the problem, when the bytes themselves are wrong.
    public var line: Int?
    public var column: Int?
    /// What is wrong, with the place inside the document (`tests[3].status`).
    public var problem: String
    /// What to do, one imperative clause.
    public var remedy: String

    public init(source: String, line: Int? = nil, column: Int? = nil, problem: String,
                remedy: String = "give a results file written by `specrun --json` of this version") {
        self.source = source
        self.line = line
        self.column = column
        self.problem = problem
        self.remedy = remedy
    }

    /// `old.json:12:5: tests[3]: …; download it again.`
    public var description: String {
        let place = line.map { ":\($0)" + (column.map { ":\($0)" } ?? "") } ?? ""
        return "\(source)\(place): \(problem); \(remedy)."
    }
}
