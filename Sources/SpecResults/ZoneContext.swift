/// The zone around a failure: enough for a timeline picture without time-zone data at render time.
public struct ZoneContext: Sendable, Hashable, Codable {
    /// The IANA identifier: `Europe/Berlin`.
    public var zone: String
    /// The zone's offset changes near the failure, in time order.
    public var transitions: [Transition]

    /// One change of the zone's offset.
    public struct Transition: Sendable, Hashable, Codable {
        /// The first instant with the new offset.
        public var at: ResultInstant
        /// Offset from UTC in seconds before the change (`3600` for CET).
        public var offsetBefore: Int
        /// Offset from UTC in seconds from the change on (`7200` for CEST).
        public var offsetAfter: Int
        /// Local wall time just before the change (`02:00`) and just after it (`03:00`).
        public var localBefore: String
        public var localAfter: String
        /// Abbreviations before and after (`CET`, `CEST`), when the zone data has them.
        public var abbreviationBefore: String?
        public var abbreviationAfter: String?

        public init(
            at: ResultInstant, offsetBefore: Int, offsetAfter: Int, localBefore: String, localAfter: String,
            abbreviationBefore: String? = nil, abbreviationAfter: String? = nil
        ) {
            self.at = at
            self.offsetBefore = offsetBefore
            self.offsetAfter = offsetAfter
            self.localBefore = localBefore
            self.localAfter = localAfter
            self.abbreviationBefore = abbreviationBefore
            self.abbreviationAfter = abbreviationAfter
        }

        /// Whether wall times were skipped (a gap, clocks forward) rather than repeated (an overlap, clocks back).
        public var isGap: Bool { offsetAfter > offsetBefore }

        /// How many seconds of wall time are skipped or repeated.
        public var shiftSeconds: Int { abs(offsetAfter - offsetBefore) }
    }

    public init(zone: String, transitions: [Transition]) {
        self.zone = zone
        self.transitions = transitions
    }
}

extension ZoneContext {
    /// How far either side of each instant the zone's changes are looked for (a day and a half).
    public static let searchMargin: Double = 36 * 3600

    /// The instants a test's zone context is searched around: those that differ when any does, else every instant
    /// of the test and its runs. One rule for the runner that writes the context and the reports that read it: a
    /// picture's UTC row is only certain within `searchMargin` of them.
    public static func searchedInstants(
        diff: [DiffLine], expected: [ResultInstant], actual: [ResultInstant], runs: [LifecycleResult.Run]
    ) -> [ResultInstant] {
        let differing = diff.filter { $0.kind != .same }.flatMap { [$0.expected, $0.actual].compactMap { $0 } }
        return differing.isEmpty
            ? expected + actual + runs.compactMap(\.planned) + runs.compactMap(\.actual)
            : differing
    }
}

extension TestResult {
    /// The zone changes a report tells in words: for a lifecycle scenario, only those from its clock's start to the
    /// later of its end and the instants its unmet checks expect (the context is searched over the clock's span and a
    /// day and a half around its runs and those instants, and a claims audit's scenario that started the day after Berlin's spring change was told "Europe/Berlin
    /// springs forward …" as if it explained the failure; a retry's floor expected after the last step, across an
    /// autumn change, needs that change). The pictures keep the whole context: their UTC row needs every change near
    /// the runs.
    public var toldZoneContext: ZoneContext? {
        guard let context = zoneContext else { return nil }
        guard let lifecycle, let clock = lifecycle.clock else { return context }
        let expected = lifecycle.expectations.filter { !$0.passed }.compactMap { $0.expectedInstant?.epochSeconds }
        let last = max(clock.end.epochSeconds, expected.max() ?? clock.end.epochSeconds)
        let during = context.transitions.filter { (clock.start.epochSeconds...max(clock.start.epochSeconds, last)).contains($0.at.epochSeconds) }
        return during.isEmpty ? nil : ZoneContext(zone: context.zone, transitions: during)
    }
}
