import Foundation
import SpecResults
import Testing
@testable import SpecReporters

/// The streaming encoder writes exactly what Foundation's `JSONEncoder` (sorted keys, unescaped slashes) laid out by
/// `JSONLayout` writes — the way the results document was written before, and the reference here.
@Suite struct JSONStreamEncoderTests {
    static func reference(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: JSONLayout.pretty(try encoder.encode(value)), as: UTF8.self)
    }

    static func streamed(_ value: some Encodable, chunkSize: Int = 1 << 16) throws -> String {
        var bytes: [UInt8] = []
        try JSONStreamEncoder(chunkSize: chunkSize).encode(value) { bytes += $0 }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func theRichFixtureIsByteForByteFoundations() throws {
        #expect(try Self.streamed(RunResultFixture.run) == Self.reference(RunResultFixture.run))
    }

    @Test(arguments: [1, 7, 100, 4096])
    func smallChunksChangeNothingAndEachChunkIsUTF8(_ chunkSize: Int) throws {
        var chunks: [[UInt8]] = []
        try JSONStreamEncoder(chunkSize: chunkSize).encode(RunResultFixture.run) { chunks.append($0) }
        #expect(chunks.count > 1)
        #expect(String(decoding: chunks.flatMap { $0 }, as: UTF8.self) == (try Self.reference(RunResultFixture.run)))
        for chunk in chunks {
            #expect(String(validating: chunk, as: UTF8.self) != nil)
        }
    }

    @Test func theReporterStreamsTheSameDocumentItReturns() throws {
        var streamed: [UInt8] = []
        try JSONReporter().write(RunResultFixture.run) { streamed += $0 }
        #expect(Data(streamed) == (try JSONReporter().data(RunResultFixture.run)))
        var text = ""
        try JSONReporter().write(RunResultFixture.run, to: &text)
        #expect(text == (try JSONReporter().render(RunResultFixture.run)))
    }

    /// Strings with every kind of escape, numbers at the edges of their formatting, keys whose byte order differs
    /// from a case-insensitive one, empty and nested containers, absent optionals.
    struct Awkward: Encodable {
        var text = "quote \" backslash \\ slash / tab \t newline \n return \r bell \u{07} nul \u{00} unit \u{1F} del \u{7F} é 💥 ›"
        var numbers: [Double] = [0, -0.0, 1, -1.5, 0.1, 2.0117e-05, 1e-7, 1e16, 1.7976931348623157e308, .leastNonzeroMagnitude, 1_790_955_900, 123_456_789.125]
        var floats: [Float] = [0.5, 3.4028235e38, .leastNonzeroMagnitude]
        var integers: [Int] = [0, -1, Int.max, Int.min]
        var small: [Int8] = [-128, 127]
        var unsigned: UInt64 = .max
        var flags = [true, false]
        var keys = ["b": 1, "B": 2, "a10": 3, "a2": 4, "_x": 5, "é": 6, "Z": 7, "": 8]
        var empty: [String] = []
        var emptyObject: [String: Int] = [:]
        var nested = [[["deep"]], []]
        var absent: String? = nil
        var present: String? = "here"
        var data = Data([0, 1, 2, 250, 255])
        var url = URL(string: "https://example.com/a b?c=d")!
        var optionals: [Int?] = [1, nil, 3]
    }

    @Test func awkwardValuesAreWrittenAsFoundationWritesThem() throws {
        #expect(try Self.streamed(Awkward()) == Self.reference(Awkward()))
    }

    /// A hand-written `encode(to:)` with nested containers, a super encoder and a key set twice.
    struct HandWritten: Encodable {
        enum Key: String, CodingKey { case zeta, alpha, inner, list, parent, twice }
        enum InnerKey: String, CodingKey { case y, x }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode("z", forKey: .zeta)
            try container.encode(1, forKey: .twice)
            var inner = container.nestedContainer(keyedBy: InnerKey.self, forKey: .inner)
            try inner.encode(2.5, forKey: .y)
            try inner.encodeNil(forKey: .x)
            var list = container.nestedUnkeyedContainer(forKey: .list)
            try list.encode("first")
            var listed = list.nestedContainer(keyedBy: InnerKey.self)
            try listed.encode(true, forKey: .x)
            var deeper = list.nestedUnkeyedContainer()
            try deeper.encode(3)
            try Awkward().encode(to: container.superEncoder(forKey: .parent))
            try container.encode("a", forKey: .alpha)
            try container.encode(2, forKey: .twice)
        }
    }

    @Test func nestedContainersAndSuperEncodersAreWrittenAsFoundationWritesThem() throws {
        #expect(try Self.streamed(HandWritten()) == Self.reference(HandWritten()))
    }

    @Test func aTopLevelScalarAndAnEmptyRunAreWrittenAsFoundationWritesThem() throws {
        #expect(try Self.streamed("text") == Self.reference("text"))
        #expect(try Self.streamed(42.0) == Self.reference(42.0))
        let empty = RunResult(environment: RunResultFixture.run.environment, files: [], diagnostics: [], tests: [])
        #expect(try Self.streamed(empty) == Self.reference(empty))
    }

    @Test func aNumberJSONCannotHoldIsAnError() {
        #expect(throws: EncodingError.self) { try Self.streamed([Double.nan]) }
        #expect(throws: EncodingError.self) { try Self.streamed(["duration": Double.infinity]) }
    }
}
