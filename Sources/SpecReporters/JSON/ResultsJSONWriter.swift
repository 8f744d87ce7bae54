import Foundation
import SpecDiagnostics
import SpecResults

/// Writes a `RunResult` as the results document's JSON, field by field, in chunks as it goes.
///
/// The bytes are those Foundation's `JSONEncoder` (`.sortedKeys`, `.withoutEscapingSlashes`) writes for the results
/// types' `Codable` conformances, laid out with two-space indentation and `"key": value`: keys in UTF-8 byte order,
/// `nil` optionals left out, empty arrays as `[]`, whole numbers without a fraction. `ResultsJSONWriterTests`
/// compares the two on the reporters' fixture, on awkward texts and numbers, and on a real run of `specs/`, so a field
/// added to the model and not here fails a test rather than going missing. Going through `Encodable` cost about
/// 3 s of CPU for 10,000 specs (half a million keyed containers); writing the known fields costs about a tenth of it.
struct ResultsJSONWriter {
    /// Bytes collected before they are handed to `flush`.
    var chunkSize = 1 << 16
    /// Threads that write the tests' JSON at once (`--jobs`); the bytes are the same for any number.
    var jobs = 1

    /// Writes `run`, handing the bytes to `flush` in chunks of about `chunkSize`; no final newline.
    ///
    /// A chunk ends between two members, never inside a string, so each chunk is valid UTF-8 on its own. Throws
    /// `EncodingError.invalidValue` for a number JSON cannot hold (a duration that is not finite), as `JSONEncoder` does.
    func write(_ run: RunResult, flush: ([UInt8]) throws -> Void) throws {
        try withoutActuallyEscaping(flush) { flush in
            var output = JSONOutput(chunkSize: chunkSize, flush: flush)
            try output.run(run, jobs: jobs)
            try output.finish()
        }
    }

    /// The document in one byte array; no final newline.
    func bytes(_ run: RunResult) throws -> [UInt8] {
        var bytes: [UInt8] = []
        var writer = self
        writer.chunkSize = .max
        try writer.write(run) { bytes += $0 }
        return bytes
    }
}

/// The bytes written so far and the indentation; one method per results type, each writing its fields in key order.
private struct JSONOutput {
    let chunkSize: Int
    let flush: ([UInt8]) throws -> Void
    var bytes: [UInt8] = []
    /// Nesting depth of the object or array being written.
    var depth = 0
    /// Whether the container being written has no member yet (for the comma before the next one).
    var first = true

    init(chunkSize: Int, flush: @escaping ([UInt8]) throws -> Void) {
        self.chunkSize = chunkSize
        self.flush = flush
        bytes.reserveCapacity(min(chunkSize, 1 << 20) + 4096)
    }

    mutating func finish() throws {
        if !bytes.isEmpty { try flush(bytes) }
        bytes.removeAll()
    }

    // MARK: Results types, fields in the byte order of their keys

    mutating func run(_ run: RunResult, jobs: Int = 1) throws {
        try object {
            try $0.field("diagnostics") { try $0.array(run.diagnostics) { try $0.diagnostic($1) } }
            try $0.field("environment") { try $0.environment(run.environment) }
            try $0.field("files") { $0.strings(run.files) }
            if let shards = run.mergedShards {
                try $0.field("mergedShards") { try $0.array(shards) { try $0.shard($1) } }
            }
            try $0.field("notes") { $0.strings(run.notes) }
            try $0.field("schemaVersion") { $0.integer(run.schemaVersion) }
            if let shard = run.shard {
                try $0.field("shard") { try $0.shard(shard) }
            }
            try $0.field("strict") { $0.boolean(run.strict) }
            try $0.field("summary") { try $0.summary(run.summary) }
            try $0.field("tests") { try $0.tests(run.tests, jobs: jobs) }
        }
    }

    mutating func shard(_ shard: Shard) throws {
        try object {
            try $0.field("count") { $0.integer(shard.count) }
            try $0.field("index") { $0.integer(shard.index) }
        }
    }

    mutating func environment(_ environment: Environment) throws {
        try object {
            try $0.field("architecture") { $0.string(environment.architecture) }
            try $0.field("commandLine") { $0.strings(environment.commandLine) }
            try $0.field("foundation") { $0.string(environment.foundation) }
            if let gitCommit = environment.gitCommit { try $0.field("gitCommit") { $0.string(gitCommit) } }
            try $0.field("os") { $0.string(environment.os) }
            try $0.field("osVersion") { $0.string(environment.osVersion) }
            if let build = environment.specrunBuild { try $0.field("specrunBuild") { $0.string(build) } }
            try $0.field("specrunVersion") { $0.string(environment.specrunVersion) }
            try $0.field("startTime") { $0.string(environment.startTime) }
            try $0.field("swiftVersion") { $0.string(environment.swiftVersion) }
            try $0.field("tzdataVersion") { $0.string(environment.tzdataVersion) }
            try $0.field("zones") { $0.strings(environment.zones) }
        }
    }

    mutating func summary(_ summary: Summary) throws {
        try object {
            try $0.field("errors") { $0.integer(summary.errors) }
            try $0.field("failed") { $0.integer(summary.failed) }
            try $0.field("fixedDeviations") { $0.integer(summary.fixedDeviations) }
            try $0.field("invalidFiles") { $0.integer(summary.invalidFiles) }
            try $0.field("knownDeviations") { $0.integer(summary.knownDeviations) }
            try $0.field("notRun") { $0.integer(summary.notRun) }
            try $0.field("passed") { $0.integer(summary.passed) }
            try $0.field("skipped") { $0.integer(summary.skipped) }
            try $0.field("total") { $0.integer(summary.total) }
            try $0.field("warnings") { $0.integer(summary.warnings) }
        }
    }

    mutating func test(_ test: TestResult) throws {
        try object {
            try $0.field("actual") { try $0.array(test.actual) { try $0.instant($1) } }
            if let text = test.caseDescription { try $0.field("caseDescription") { $0.string(text) } }
            if let caseName = test.caseName { try $0.field("caseName") { $0.string(caseName) } }
            if let names = test.casesNotRun { try $0.field("casesNotRun") { try $0.array(names) { $0.string($1) } } }
            if let text = test.description { try $0.field("description") { $0.string(text) } }
            if let reason = test.deviationReason { try $0.field("deviationReason") { $0.string(reason) } }
            try $0.field("diagnostics") { try $0.array(test.diagnostics) { try $0.diagnostic($1) } }
            try $0.field("diff") { try $0.array(test.diff) { try $0.diffLine($1) } }
            try $0.field("duration") { try $0.number(test.duration, field: "duration") }
            if let engine = test.engine { try $0.field("engine") { $0.string(engine) } }
            try $0.field("expected") { try $0.array(test.expected) { try $0.instant($1) } }
            try $0.field("file") { $0.string(test.file) }
            try $0.field("id") { $0.string(test.id) }
            if let lifecycle = test.lifecycle { try $0.field("lifecycle") { try $0.lifecycle(lifecycle) } }
            try $0.field("line") { $0.integer(test.line) }
            if let message = test.message { try $0.field("message") { $0.string(message) } }
            try $0.field("spec") { $0.string(test.spec) }
            try $0.field("status") { $0.string(test.status.rawValue) }
            try $0.field("tags") { $0.strings(test.tags) }
            if let timeZone = test.timeZone { try $0.field("timeZone") { $0.string(timeZone) } }
            if let context = test.zoneContext { try $0.field("zoneContext") { try $0.zoneContext(context) } }
        }
    }

    /// The tests array; with `jobs` above 1 and enough tests, groups of tests are written on `jobs` threads while this
    /// one hands the groups' bytes to `flush` in order, so the bytes and their order are those of one thread.
    ///
    /// The tests are nearly all of a big run's document (120 MB for the 10,000-spec corpus), and writing them on one
    /// thread took 0.4–0.6 s of the 0.8 s that `--json` added to a 1.4 s run (strace: opening the file to its fsync).
    mutating func tests(_ tests: [TestResult], jobs: Int) throws {
        let groupSize = TestGroupWriter.groupSize
        guard jobs > 1, tests.count > 2 * groupSize else {
            try array(tests) { try $0.test($1) }
            return
        }
        openContainer(UInt8(ascii: "["))
        if !bytes.isEmpty { try drain() }
        let writer = TestGroupWriter(tests: tests, depth: depth, chunkSize: chunkSize, jobs: jobs)
        try writer.write { try flush($0) }
        first = false
        closeObject(brace: UInt8(ascii: "]"))
    }

    /// Tests `range` of `tests` as members of the tests array (each after a comma, but the array's first), in
    /// pieces of about `chunkSize` bytes.
    static func testGroup(_ tests: [TestResult], _ range: Range<Int>, depth: Int, chunkSize: Int) throws -> [[UInt8]] {
        var pieces: [[UInt8]] = []
        var output = JSONOutput(chunkSize: chunkSize) { pieces.append($0) }
        output.depth = depth
        for index in range {
            if index > 0 { output.bytes.append(UInt8(ascii: ",")) }
            output.newline()
            try output.test(tests[index])
            if output.bytes.count >= chunkSize { try output.drain() }
        }
        try output.finish()
        return pieces
    }

    /// Instants are most of a big run's document (four or five per occurrence): written without closures.
    mutating func instant(_ instant: ResultInstant) throws {
        openObject()
        fieldName("epochSeconds")
        try number(instant.epochSeconds, field: "epochSeconds")
        if let key = instant.key {
            fieldName("key")
            string(key)
        }
        fieldName("local")
        string(instant.local)
        fieldName("offsetForm")
        string(instant.offsetForm)
        fieldName("utc")
        string(instant.utc)
        closeObject(brace: UInt8(ascii: "}"))
    }

    mutating func diffLine(_ line: DiffLine) throws {
        try object {
            if let actual = line.actual { try $0.field("actual") { try $0.instant(actual) } }
            if let expected = line.expected { try $0.field("expected") { try $0.instant(expected) } }
            if let expectedLine = line.expectedLine { try $0.field("expectedLine") { $0.integer(expectedLine) } }
            try $0.field("kind") { $0.string(line.kind.rawValue) }
        }
    }

    mutating func diagnostic(_ diagnostic: Diagnostic) throws {
        try object {
            try $0.field("code") { $0.string(diagnostic.code) }
            try $0.field("length") { $0.integer(diagnostic.length) }
            if let location = diagnostic.location { try $0.field("location") { try $0.location(location) } }
            try $0.field("message") { $0.string(diagnostic.message) }
            try $0.field("notes") {
                try $0.array(diagnostic.notes) { output, note in
                    try output.object {
                        if let location = note.location { try $0.field("location") { try $0.location(location) } }
                        try $0.field("message") { $0.string(note.message) }
                    }
                }
            }
            try $0.field("severity") { $0.string(diagnostic.severity.rawValue) }
            if let sourceLine = diagnostic.sourceLine { try $0.field("sourceLine") { $0.string(sourceLine) } }
        }
    }

    mutating func location(_ location: SourceLocation) throws {
        try object {
            try $0.field("column") { $0.integer(location.column) }
            try $0.field("file") { $0.string(location.file) }
            try $0.field("line") { $0.integer(location.line) }
        }
    }

    mutating func zoneContext(_ context: ZoneContext) throws {
        try object {
            try $0.field("transitions") {
                try $0.array(context.transitions) { output, transition in
                    try output.object {
                        if let after = transition.abbreviationAfter { try $0.field("abbreviationAfter") { $0.string(after) } }
                        if let before = transition.abbreviationBefore { try $0.field("abbreviationBefore") { $0.string(before) } }
                        try $0.field("at") { try $0.instant(transition.at) }
                        try $0.field("localAfter") { $0.string(transition.localAfter) }
                        try $0.field("localBefore") { $0.string(transition.localBefore) }
                        try $0.field("offsetAfter") { $0.integer(transition.offsetAfter) }
                        try $0.field("offsetBefore") { $0.integer(transition.offsetBefore) }
                    }
                }
            }
            try $0.field("zone") { $0.string(context.zone) }
        }
    }

    mutating func lifecycle(_ lifecycle: LifecycleResult) throws {
        try object {
            if !lifecycle.appEvents.isEmpty {
                try $0.field("appEvents") {
                    try $0.array(lifecycle.appEvents) { output, event in
                        try output.object {
                            try $0.field("at") { try $0.instant(event.at) }
                            try $0.field("detail") { $0.string(event.detail) }
                            if let line = event.line { try $0.field("line") { $0.integer(line) } }
                            try $0.field("step") { $0.string(event.step) }
                        }
                    }
                }
            }
            if let clock = lifecycle.clock {
                try $0.field("clock") {
                    try $0.object {
                        try $0.field("end") { try $0.instant(clock.end) }
                        try $0.field("start") { try $0.instant(clock.start) }
                    }
                }
            }
            try $0.field("expectations") {
                try $0.array(lifecycle.expectations) { output, check in
                    try output.object {
                        try $0.field("actual") { $0.string(check.actual) }
                        try $0.field("expected") { $0.string(check.expected) }
                        if let instant = check.expectedInstant { try $0.field("expectedInstant") { try $0.instant(instant) } }
                        if let line = check.line { try $0.field("line") { $0.integer(line) } }
                        try $0.field("name") { $0.string(check.name) }
                        try $0.field("passed") { $0.boolean(check.passed) }
                    }
                }
            }
            try $0.field("invariants") {
                try $0.array(lifecycle.invariants) { output, check in
                    try output.object {
                        if let detail = check.detail { try $0.field("detail") { $0.string(detail) } }
                        try $0.field("name") { $0.string(check.name) }
                        try $0.field("passed") { $0.boolean(check.passed) }
                    }
                }
            }
            if !lifecycle.otherErrors.isEmpty {
                try $0.field("otherErrors") {
                    try $0.array(lifecycle.otherErrors) { output, error in
                        try output.object {
                            try $0.field("at") { try $0.instant(error.at) }
                            try $0.field("code") { $0.string(error.code) }
                            try $0.field("identifier") { $0.string(error.identifier) }
                            if let line = error.line { try $0.field("line") { $0.integer(line) } }
                            try $0.field("message") { $0.string(error.message) }
                        }
                    }
                }
            }
            if !lifecycle.refusedLaunches.isEmpty {
                try $0.field("refusedLaunches") {
                    try $0.array(lifecycle.refusedLaunches) { output, refused in
                        try output.object {
                            try $0.field("at") { try $0.instant(refused.at) }
                            if let floor = refused.earliestBegin { try $0.field("earliestBegin") { try $0.instant(floor) } }
                            if let error = refused.error { try $0.field("error") { $0.string(error) } }
                            try $0.field("identifier") { $0.string(refused.identifier) }
                            if let line = refused.line { try $0.field("line") { $0.integer(line) } }
                        }
                    }
                }
            }
            try $0.field("runs") {
                try $0.array(lifecycle.runs) { output, run in
                    try output.object {
                        if let actual = run.actual { try $0.field("actual") { try $0.instant(actual) } }
                        if let key = run.key { try $0.field("key") { $0.string(key) } }
                        try $0.field("outcome") { $0.string(run.outcome) }
                        if let planned = run.planned { try $0.field("planned") { try $0.instant(planned) } }
                        if let reason = run.reason { try $0.field("reason") { $0.string(reason) } }
                    }
                }
            }
            if !lifecycle.scheduleChanges.isEmpty {
                try $0.field("scheduleChanges") {
                    try $0.array(lifecycle.scheduleChanges) { output, change in
                        try output.object {
                            try $0.field("at") { try $0.instant(change.at) }
                            try $0.field("change") { $0.string(change.change) }
                            if let line = change.line { try $0.field("line") { $0.integer(line) } }
                            try $0.field("previousTimeZone") { $0.string(change.previousTimeZone) }
                            try $0.field("timeZone") { $0.string(change.timeZone) }
                            try $0.field("version") { $0.integer(change.version) }
                        }
                    }
                }
            }
        }
    }

    // MARK: Containers

    /// An object: `fill` writes its fields with `field`, in key order.
    mutating func object(_ fill: (inout JSONOutput) throws -> Void) throws {
        openObject()
        try fill(&self)
        closeObject(brace: UInt8(ascii: "}"))
    }

    /// `"name": ` and the value `write` writes; a full chunk is handed over after it.
    mutating func field(_ name: StaticString, _ write: (inout JSONOutput) throws -> Void) throws {
        fieldName(name)
        try write(&self)
        if bytes.count >= chunkSize { try drain() }
    }

    /// `[]`, or each element on its own line.
    mutating func array<Element>(_ elements: [Element], _ write: (inout JSONOutput, Element) throws -> Void) throws {
        guard !elements.isEmpty else {
            bytes += "[]".utf8
            return
        }
        openContainer(UInt8(ascii: "["))
        for element in elements {
            if first {
                first = false
            } else {
                bytes.append(UInt8(ascii: ","))
            }
            newline()
            try write(&self, element)
            if bytes.count >= chunkSize { try drain() }
        }
        closeObject(brace: UInt8(ascii: "]"))
    }

    mutating func strings(_ texts: [String]) {
        guard !texts.isEmpty else {
            bytes += "[]".utf8
            return
        }
        openContainer(UInt8(ascii: "["))
        for (index, text) in texts.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            newline()
            string(text)
        }
        first = false
        closeObject(brace: UInt8(ascii: "]"))
    }

    private mutating func openObject() {
        openContainer(UInt8(ascii: "{"))
    }

    private mutating func openContainer(_ bracket: UInt8) {
        bytes.append(bracket)
        depth += 1
        first = true
    }

    /// Closes the object or array being written; every container this writer opens holds at least one member.
    private mutating func closeObject(brace: UInt8) {
        depth -= 1
        newline()
        bytes.append(brace)
        first = false
    }

    private mutating func fieldName(_ name: StaticString) {
        if first {
            first = false
        } else {
            bytes.append(UInt8(ascii: ","))
        }
        newline()
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        // Byte by byte: an array literal here was an allocation per field (perf: this function was a quarter of
        // writing the document).
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        bytes.append(UInt8(ascii: " "))
    }

    /// Spaces to indent with, copied in one piece (appending `repeatElement` went a byte at a time: perf, a tenth of
    /// writing the document).
    private static let indentation: StaticString = "                                                                "

    private mutating func newline() {
        bytes.append(UInt8(ascii: "\n"))
        let count = depth * 2
        if count <= Self.indentation.utf8CodeUnitCount {
            bytes.append(contentsOf: UnsafeBufferPointer(start: Self.indentation.utf8Start, count: count))
        } else {
            bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
        }
    }

    private mutating func drain() throws {
        try flush(bytes)
        bytes.removeAll(keepingCapacity: true)
    }

    // MARK: Scalars

    mutating func boolean(_ value: Bool) {
        bytes += value ? "true".utf8 : "false".utf8
    }

    mutating func integer(_ value: Int) {
        guard value >= 0 else {
            // Int.min has no positive counterpart: let the standard library write the negatives.
            bytes += value.description.utf8
            return
        }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[19 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            } while rest > 0
            bytes.append(contentsOf: buffer[(20 - count)...])
        }
    }

    /// A number as `JSONEncoder` writes a `Double`: whole numbers well inside 2^53 as their digits, others by their
    /// shortest round-tripping `description` without a trailing `.0`; a value that is not finite is an error.
    mutating func number(_ value: Double, field: String) throws {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(
                codingPath: [FieldKey(stringValue: field)],
                debugDescription: "Unable to encode Double.\(value) directly in JSON."))
        }
        if wholeNumber(value) { return }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes += text.utf8
    }

    /// Writes `value` as an integer and returns true when it is a whole number well inside 2^53 (epoch seconds,
    /// mostly), where `description` would be the same digits and `.0`; else writes nothing and returns false.
    private mutating func wholeNumber(_ value: Double) -> Bool {
        guard value.rounded(.towardZero) == value, abs(value) < 1e15, !(value == 0 && value.sign == .minus) else {
            return false
        }
        integer(Int(value))
        return true
    }

    /// A JSON string as `JSONEncoder` writes it: `"` and `\` escaped, control characters as `\n`, `\t`, … or
    /// `\u00XX`; `/` and everything from U+007F up as is.
    mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var start = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                start = index + 1
                switch byte {
                case UInt8(ascii: "\""): bytes += [0x5C, UInt8(ascii: "\"")]
                case UInt8(ascii: "\\"): bytes += [0x5C, 0x5C]
                case 0x08: bytes += [0x5C, UInt8(ascii: "b")]
                case 0x0C: bytes += [0x5C, UInt8(ascii: "f")]
                case 0x0A: bytes += [0x5C, UInt8(ascii: "n")]
                case 0x0D: bytes += [0x5C, UInt8(ascii: "r")]
                case 0x09: bytes += [0x5C, UInt8(ascii: "t")]
                default:
                    let hex: StaticString = "0123456789abcdef"
                    bytes += [0x5C, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                              hex.utf8Start[Int(byte >> 4)], hex.utf8Start[Int(byte & 0xF)]]
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }
}

/// Writes groups of a run's tests on `jobs` threads of its own while the calling thread hands each group's bytes over
/// in order. At most a few groups per thread wait to be handed over, so the document never sits in memory whole.
///
/// Threads of its own, not the dispatch pool's: the calling thread waits for them, and the pool's threads may be
/// the ones the caller's own task runs on.
private final class TestGroupWriter: @unchecked Sendable {
    /// Tests per group: about half a megabyte of JSON for a big run's tests.
    static let groupSize = 64

    private let tests: [TestResult]
    private let depth: Int
    private let chunkSize: Int
    private let jobs: Int
    private let groupCount: Int
    /// Groups written but not yet handed over, at most.
    private let window: Int

    /// Guards everything below.
    private let condition = NSCondition()
    private var written: [Int: Result<[[UInt8]], any Error>] = [:]
    private var nextGroup = 0
    private var handedOver = 0
    private var stopped = false
    private var running = 0

    init(tests: [TestResult], depth: Int, chunkSize: Int, jobs: Int) {
        self.tests = tests
        self.depth = depth
        self.chunkSize = chunkSize
        self.jobs = jobs
        groupCount = (tests.count + Self.groupSize - 1) / Self.groupSize
        window = 4 * jobs
    }

    /// Hands every group's pieces to `flush`, in order; rethrows the first error of a group or of `flush`, as one
    /// thread writing the tests in turn would (the groups after it are not handed over).
    func write(_ flush: ([UInt8]) throws -> Void) throws {
        condition.lock()
        running = jobs
        condition.unlock()
        for _ in 0..<jobs {
            let thread = Thread { self.work() }
            thread.start()
        }
        defer {
            // The threads stop at their next group; none outlives this call.
            condition.lock()
            stopped = true
            condition.broadcast()
            while running > 0 { condition.wait() }
            condition.unlock()
        }
        for group in 0..<groupCount {
            condition.lock()
            while written[group] == nil { condition.wait() }
            let pieces = written.removeValue(forKey: group)!
            handedOver = group + 1
            condition.broadcast()
            condition.unlock()
            for piece in try pieces.get() { try flush(piece) }
        }
    }

    private func work() {
        condition.lock()
        while true {
            while !stopped && nextGroup < groupCount && nextGroup - handedOver >= window { condition.wait() }
            guard !stopped, nextGroup < groupCount else { break }
            let group = nextGroup
            nextGroup += 1
            condition.unlock()
            let range = (group * Self.groupSize)..<min(tests.count, (group + 1) * Self.groupSize)
            let pieces = Result { try JSONOutput.testGroup(tests, range, depth: depth, chunkSize: chunkSize) }
            condition.lock()
            written[group] = pieces
            condition.broadcast()
        }
        running -= 1
        condition.broadcast()
        condition.unlock()
    }
}

/// The field holding a number JSON cannot hold, named in the error.
private struct FieldKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }

    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { return nil }
}
