import Foundation
import SpecResults

/// The machine results: one versioned JSON document (`docs/results.schema.json`) that `JSONResultsReader` reads back.
///
/// Deterministic: keys sorted, tests in the run's order, two-space indentation, a final newline; the same run
/// gives the same bytes (durations, start time and the environment are the only parts that vary between runs).
public struct JSONReporter: Sendable {
    public init() {}

    /// The document as UTF-8 text, ending in a newline.
    ///
    /// Throws `EncodingError` only for a value JSON cannot hold (a duration that is not a finite number).
    public func render(_ run: RunResult) throws -> String {
        String(decoding: try data(run), as: UTF8.self)
    }

    /// The document as bytes, ending in a newline.
    public func data(_ run: RunResult) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var data = Data(JSONLayout.pretty(try encoder.encode(run)))
        data.append(UInt8(ascii: "\n"))
        return data
    }

    /// Writes the document to `output`.
    public func write(_ run: RunResult, to output: inout some TextOutputStream) throws {
        output.write(try render(run))
    }
}
