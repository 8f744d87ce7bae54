/// What a lifecycle scenario did: planned versus actual runs, the spec's expectations and the invariants checked.
public struct LifecycleResult: Sendable, Hashable, Codable {
    /// Each occurrence the schedule planned or the scenario launched, in time order.
    public var runs: [Run]
    /// The harness invariants checked after the scenario (every one, asked for or not).
    public var invariants: [InvariantCheck]
    /// The spec's own `expect` entries (`completed`, `store`, `side-effects`, …), each compared.
    public var expectations: [ExpectationCheck]

    /// One planned occurrence and what actually happened to it.
    public struct Run: Sendable, Hashable, Codable {
        /// When the schedule wanted it (`nil` for a launch nothing planned).
        public var planned: ResultInstant?
        /// When it ran (`nil` when it never ran).
        public var actual: ResultInstant?
        /// The dedup key.
        public var key: String?
        /// What became of it, one word or phrase: `completed`, `expired`, `failed`, `killed`, `missed`, `duplicate`.
        public var outcome: String
        /// Why a launch that ended false did: the job's stage and error type, the words of its log line
        /// (`catch-up: search-limit-reached`, `write: disk-full`); nil otherwise.
        public var reason: String?

        public init(planned: ResultInstant?, actual: ResultInstant?, key: String?, outcome: String, reason: String? = nil) {
            self.planned = planned
            self.actual = actual
            self.key = key
            self.outcome = outcome
            self.reason = reason
        }
    }

    /// One invariant of the harness model, checked at the end of the scenario.
    public struct InvariantCheck: Sendable, Hashable, Codable {
        public var name: String
        public var passed: Bool
        /// What broke it, when it broke.
        public var detail: String?

        public init(name: String, passed: Bool, detail: String? = nil) {
            self.name = name
            self.passed = passed
            self.detail = detail
        }
    }

    /// One `expect` entry of the scenario, with both sides as text.
    public struct ExpectationCheck: Sendable, Hashable, Codable {
        /// The key in the spec: `completed`, `store.commits`, `side-effects`, `log.never`, …
        public var name: String
        public var expected: String
        public var actual: String
        public var passed: Bool
        /// The spec file's line the expectation is written on (nil for `errors` when the spec does not write it).
        public var line: Int?

        public init(name: String, expected: String, actual: String, passed: Bool, line: Int? = nil) {
            self.name = name
            self.expected = expected
            self.actual = actual
            self.passed = passed
            self.line = line
        }
    }

    public init(runs: [Run], invariants: [InvariantCheck], expectations: [ExpectationCheck] = []) {
        self.runs = runs
        self.invariants = invariants
        self.expectations = expectations
    }
}
