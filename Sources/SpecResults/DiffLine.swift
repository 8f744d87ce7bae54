/// One line of an expected-versus-actual comparison.
public struct DiffLine: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// Expected and produced.
        case same
        /// Expected, not produced.
        case missing
        /// Produced, not expected.
        case unexpected
        /// Same instant, different dedup key.
        case keyMismatch = "key-mismatch"
    }

    public var kind: Kind
    public var expected: ResultInstant?
    public var actual: ResultInstant?
    /// The line of the spec file the expected instant is written on: where a reader goes to change it (for a key
    /// mismatch, the line its `key:` is written on).
    public var expectedLine: Int?

    public init(kind: Kind, expected: ResultInstant?, actual: ResultInstant?, expectedLine: Int? = nil) {
        self.kind = kind
        self.expected = expected
        self.actual = actual
        self.expectedLine = expectedLine
    }

    /// The instant this line is about: the expected one when there is one, else the produced one.
    public var instant: ResultInstant? { expected ?? actual }
}
