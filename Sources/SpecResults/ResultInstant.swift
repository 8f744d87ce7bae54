/// An instant as results show it: UTC, and local wall time with offset in the schedule's zone.
///
/// Local text is computed when the run happens, so archived results re-render the same on any machine.
public struct ResultInstant: Sendable, Hashable, Codable {
    /// RFC 3339 in UTC: `2027-03-29T00:30:00Z`.
    public var utc: String
    /// Seconds since 1970-01-01T00:00:00Z (for sorting and timelines).
    public var epochSeconds: Double
    /// RFC 3339 with the zone's offset: `2027-03-29T02:30:00+02:00`.
    public var offsetForm: String
    /// Wall time with abbreviation and offset: `2027-03-29 02:30 CEST (+02:00)`.
    public var local: String
    /// The dedup key, when known.
    public var key: String?

    public init(utc: String, epochSeconds: Double, offsetForm: String, local: String, key: String? = nil) {
        self.utc = utc
        self.epochSeconds = epochSeconds
        self.offsetForm = offsetForm
        self.local = local
        self.key = key
    }
}

/// One line of an expected-versus-actual comparison.
public struct DiffLine: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable, Codable {
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

    public init(kind: Kind, expected: ResultInstant?, actual: ResultInstant?) {
        self.kind = kind
        self.expected = expected
        self.actual = actual
    }
}

/// The zone around a failure: enough for a timeline picture without time-zone data at render time.
public struct ZoneContext: Sendable, Hashable, Codable {
    public var zone: String
    public var transitions: [Transition]

    public struct Transition: Sendable, Hashable, Codable {
        public var at: ResultInstant
        public var offsetBefore: Int
        public var offsetAfter: Int
        /// Local wall time just before the change (`02:00`) and just after it (`03:00`).
        public var localBefore: String
        public var localAfter: String

        public init(at: ResultInstant, offsetBefore: Int, offsetAfter: Int, localBefore: String, localAfter: String) {
            self.at = at
            self.offsetBefore = offsetBefore
            self.offsetAfter = offsetAfter
            self.localBefore = localBefore
            self.localAfter = localAfter
        }
    }

    public init(zone: String, transitions: [Transition]) {
        self.zone = zone
        self.transitions = transitions
    }
}
