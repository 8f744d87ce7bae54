/// What a lifecycle scenario did: planned versus actual runs, the spec's expectations and the invariants checked.
public struct LifecycleResult: Sendable, Hashable, Codable {
    /// Each occurrence the schedule planned or the scenario launched, in time order.
    public var runs: [Run]
    /// The harness invariants checked after the scenario (every one, asked for or not).
    public var invariants: [InvariantCheck]
    /// The spec's own `expect` entries (`completed`, `store`, `side-effects`, …), each compared.
    public var expectations: [ExpectationCheck]
    /// The launch steps the system refused (`launch-before-earliest-begin`, `no-pending-request`, …), in step order.
    /// They are no launch and no run, so `runs` does not hold them; results written before this field was added
    /// lack it and read as none.
    public var refusedLaunches: [RefusedLaunch]
    /// The `change-schedule` steps, in step order: when each changed the schedule and what it became. Results written
    /// before this field was added lack it and read as none.
    public var scheduleChanges: [ScheduleChange] = []
    /// Every other lifecycle error, in the order raised: a refused submit, registration or expire step, and those of
    /// the app's own starts (its start-up submit after a relaunch: `too-many-pending`). A passing report showed none
    /// of them, so the cause of a refused launch could stay unseen (an adoption review). Results written before this
    /// field was added lack it and read as none.
    public var otherErrors: [RaisedError] = []
    /// The steps that end, start or change the app or the device, in step order: `relaunch`, `terminate`,
    /// `force-quit`, `open-app`, `availability`, `update-app`. A refused launch's cause (a force-quit, refresh turned
    /// off) is one of them. Results written before this field was added lack it and read as none.
    public var appEvents: [AppEvent] = []
    /// The manual clock at the scenario's start (its `clock:`) and at its end, after the last step: the span the
    /// scenario's zone changes can matter in. Results written before this field was added lack it.
    public var clock: ClockSpan?

    /// When a scenario's manual clock started and where it ended.
    public struct ClockSpan: Sendable, Hashable, Codable {
        /// The scenario's `clock:`, in the scenario's zone.
        public var start: ResultInstant
        /// The clock after the last step, in the zone in effect then.
        public var end: ResultInstant

        public init(start: ResultInstant, end: ResultInstant) {
            self.start = start
            self.end = end
        }
    }

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
        /// (`catch-up: search-limit-reached`, `write: disk-full`); why a killed one's process died (`interrupted
        /// after-write`, work after its expiration, its deadline passed, `ended by the force-quit step at line 12`);
        /// nil otherwise.
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
        /// The instant the spec writes, for a check of one instant that failed (`runs[2].planned`, `runs[2].actual`;
        /// a `runs[N]` the scenario does not have: its written actual, else its planned; `store.updated-at`;
        /// `pending-requests[<id>].earliest-begin`), read in the scenario's zone: what the lifecycle picture draws.
        /// Absent otherwise, and in results written before it was added (before the last three, for those).
        public var expectedInstant: ResultInstant?

        public init(name: String, expected: String, actual: String, passed: Bool, line: Int? = nil,
                    expectedInstant: ResultInstant? = nil) {
            self.name = name
            self.expected = expected
            self.actual = actual
            self.passed = passed
            self.line = line
            self.expectedInstant = expectedInstant
        }
    }

    /// A launch step the system refused: when it was attempted, the lifecycle error it raised and, for a launch
    /// before the request's earliest begin, that floor.
    public struct RefusedLaunch: Sendable, Hashable, Codable {
        /// When the step asked for the launch (the manual clock's instant).
        public var at: ResultInstant
        /// The task identifier the step launches.
        public var identifier: String
        /// The lifecycle error's code (`launch-before-earliest-begin`); nil when the system raised none.
        public var error: String?
        /// The pending request's earliest begin date, for `launch-before-earliest-begin`.
        public var earliestBegin: ResultInstant?
        /// The spec file's line the launch step is written on.
        public var line: Int?

        public init(at: ResultInstant, identifier: String, error: String?, earliestBegin: ResultInstant? = nil, line: Int? = nil) {
            self.at = at
            self.identifier = identifier
            self.error = error
            self.earliestBegin = earliestBegin
            self.line = line
        }
    }

    /// A lifecycle error that is no refused launch: when, its code, the task, the step that raised it, and the
    /// harness's sentence saying what happened and what to do.
    public struct RaisedError: Sendable, Hashable, Codable {
        /// The manual clock's instant when it was raised.
        public var at: ResultInstant
        /// The lifecycle error's code (`too-many-pending`), as `expect.errors` lists it.
        public var code: String
        public var identifier: String
        /// The spec file's line of the step that raised it; nil for the app's first start, before any step.
        public var line: Int?
        public var message: String

        public init(at: ResultInstant, code: String, identifier: String, line: Int?, message: String) {
            self.at = at
            self.code = code
            self.identifier = identifier
            self.line = line
            self.message = message
        }
    }

    /// A step that ended, started or changed the app or the device.
    public struct AppEvent: Sendable, Hashable, Codable {
        /// The manual clock's instant at the step.
        public var at: ResultInstant
        /// The step's action, as the spec writes it: `force-quit`, `update-app`, …
        public var step: String
        /// What it set, in the spec language (`refresh-disabled`, `adapter: thin`); empty when nothing.
        public var detail: String
        /// The spec file's line the step is written on.
        public var line: Int?

        public init(at: ResultInstant, step: String, detail: String = "", line: Int? = nil) {
            self.at = at
            self.step = step
            self.detail = detail
            self.line = line
        }
    }

    /// A `change-schedule` step: when it changed the schedule, and the zone and version in effect from then on.
    public struct ScheduleChange: Sendable, Hashable, Codable {
        /// The manual clock's instant at the step, in the zone in effect from then on.
        public var at: ResultInstant
        /// The schedule's zone from then on, and before (IANA identifiers).
        public var timeZone: String
        public var previousTimeZone: String
        /// The rule's version from then on.
        public var version: Int
        /// What the step changes, in the spec language (a rule as `Rule.description` prints it): `timezone: America/New_York, version: 2`, `repeated: last`.
        public var change: String
        /// The spec file's line the step is written on.
        public var line: Int?

        public init(at: ResultInstant, timeZone: String, previousTimeZone: String, version: Int, change: String, line: Int? = nil) {
            self.at = at
            self.timeZone = timeZone
            self.previousTimeZone = previousTimeZone
            self.version = version
            self.change = change
            self.line = line
        }

        /// Whether the step moved the schedule to another zone.
        public var movesZone: Bool { timeZone != previousTimeZone }

        private enum CodingKeys: String, CodingKey { case at, timeZone, previousTimeZone, version, change, line }

        /// `change` may be missing: files written between 00:25 and 00:42 on 2026-12-06 lack it (read as empty).
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.init(
                at: try container.decode(ResultInstant.self, forKey: .at), timeZone: try container.decode(String.self, forKey: .timeZone),
                previousTimeZone: try container.decode(String.self, forKey: .previousTimeZone),
                version: try container.decode(Int.self, forKey: .version),
                change: try container.decodeIfPresent(String.self, forKey: .change) ?? "",
                line: try container.decodeIfPresent(Int.self, forKey: .line))
        }
    }

    public init(runs: [Run], invariants: [InvariantCheck], expectations: [ExpectationCheck] = [],
                refusedLaunches: [RefusedLaunch] = [], scheduleChanges: [ScheduleChange] = [], otherErrors: [RaisedError] = [],
                appEvents: [AppEvent] = [], clock: ClockSpan? = nil) {
        self.appEvents = appEvents
        self.clock = clock
        self.runs = runs
        self.invariants = invariants
        self.expectations = expectations
        self.refusedLaunches = refusedLaunches
        self.scheduleChanges = scheduleChanges
        self.otherErrors = otherErrors
    }

    private enum CodingKeys: String, CodingKey { case runs, invariants, expectations, refusedLaunches, scheduleChanges, otherErrors, appEvents, clock }

    /// `refusedLaunches`, `scheduleChanges`, `otherErrors`, `appEvents` and `clock` may be missing: results written before they were added lack them (an
    /// optional field keeps the schema version).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            runs: try container.decode([Run].self, forKey: .runs),
            invariants: try container.decode([InvariantCheck].self, forKey: .invariants),
            expectations: try container.decode([ExpectationCheck].self, forKey: .expectations),
            refusedLaunches: try container.decodeIfPresent([RefusedLaunch].self, forKey: .refusedLaunches) ?? [],
            scheduleChanges: try container.decodeIfPresent([ScheduleChange].self, forKey: .scheduleChanges) ?? [],
            otherErrors: try container.decodeIfPresent([RaisedError].self, forKey: .otherErrors) ?? [],
            appEvents: try container.decodeIfPresent([AppEvent].self, forKey: .appEvents) ?? [],
            clock: try container.decodeIfPresent(ClockSpan.self, forKey: .clock))
    }

    /// `refusedLaunches`, `scheduleChanges`, `otherErrors` and `appEvents` are left out when empty, and `clock` when nil, as the results writer leaves them out.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(runs, forKey: .runs)
        try container.encode(invariants, forKey: .invariants)
        try container.encode(expectations, forKey: .expectations)
        if !refusedLaunches.isEmpty { try container.encode(refusedLaunches, forKey: .refusedLaunches) }
        if !scheduleChanges.isEmpty { try container.encode(scheduleChanges, forKey: .scheduleChanges) }
        if !otherErrors.isEmpty { try container.encode(otherErrors, forKey: .otherErrors) }
        if !appEvents.isEmpty { try container.encode(appEvents, forKey: .appEvents) }
        try container.encodeIfPresent(clock, forKey: .clock)
    }

    /// Whether a schedule change moved the scenario to another zone: its instants are then shown in more than one.
    public var changesZone: Bool {
        scheduleChanges.contains(where: \.movesZone)
    }
}
