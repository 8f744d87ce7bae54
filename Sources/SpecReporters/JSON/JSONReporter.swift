import Foundation
import SpecResults

/// The machine results: one versioned JSON document (`docs/results.schema.json`) that `JSONResultsReader` reads back.
///
/// Deterministic: keys sorted, tests in the run's order, two-space indentation, a final newline; the same run
/// gives the same bytes (durations, start time and the environment are the only parts that vary between runs).
public struct JSONReporter: Sendable {
    /// Threads that write the tests at once (`--jobs`): the bytes are the same for any number.
    public var jobs: Int

    public init(jobs: Int = 1) {
        self.jobs = jobs
    }

    /// The document as UTF-8 text, ending in a newline.
    ///
    /// Throws `EncodingError` only for a value JSON cannot hold (a duration that is not a finite number).
    public func render(_ run: RunResult) throws -> String {
        String(decoding: try data(run), as: UTF8.self)
    }

    /// The document as bytes, ending in a newline.
    public func data(_ run: RunResult) throws -> Data {
        var bytes = try ResultsJSONWriter(jobs: jobs).bytes(run)
        bytes.append(UInt8(ascii: "\n"))
        return Data(bytes)
    }

    /// Writes the document to `output`, chunk by chunk as it is encoded.
    public func write(_ run: RunResult, to output: inout some TextOutputStream) throws {
        try write(run) { output.write(String(decoding: $0, as: UTF8.self)) }
    }

    /// Hands the document to `chunk` in pieces of about 64 KB as it is encoded, ending with the final newline, so
    /// that a big run's results never sit in memory whole (10,000 specs make about 100 MB of JSON). Each piece is
    /// valid UTF-8 on its own.
    public func write(_ run: RunResult, chunks chunk: ([UInt8]) throws -> Void) throws {
        try ResultsJSONWriter(jobs: jobs).write(run, flush: chunk)
        try chunk([UInt8(ascii: "\n")])
    }
}
