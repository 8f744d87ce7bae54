import SpecDiagnostics

/// One step of a lifecycle scenario: optionally move the clock to `at`, then do one action.
public struct LifecycleStep: Sendable, Hashable {
    /// `at:` — the clock moves here first (never backwards); nil: the step happens at the clock's current time.
    public var at: InstantLiteral?
    public var action: Action
    /// Where the step starts (its `-`).
    public var location: SourceLocation

    public init(at: InstantLiteral?, action: Action, location: SourceLocation) {
        self.at = at
        self.action = action
        self.location = location
    }

    /// What the step does.
    public enum Action: Sendable, Hashable {
        /// `launch: <id>` with `expire:`, `fail:`, `interrupt:`, `overlap:` — the system launches the task.
        case launch(identifier: String, plan: LaunchPlan)
        /// `expire: <id>` on its own — the system expires a launch whose handler returned without completing.
        case expire(identifier: String)
        /// `register: <id>` — the app registers now (after launch finished: `late-registration`).
        case register(identifier: String)
        /// `submit: <id>` with optional `earliest-begin:` — the app submits a request now.
        case submit(identifier: String, earliestBegin: InstantLiteral?)
        /// `cancel: <id>` — the app cancels its pending request.
        case cancel(identifier: String)
        /// `cancel: all` — the app cancels every pending request.
        case cancelAll
        /// `relaunch:` — the process dies and starts again in the foreground; `registers` replaces what it registers.
        case relaunch(registers: [String]?, registersInBackground: [String]? = nil)
        /// `terminate:` — the process dies and stays dead until a step needs it.
        case terminate
        /// `force-quit:` — the user swipes the app away: the process dies, and the system launches none of its refresh
        /// tasks until the user opens the app again.
        case forceQuit
        /// `open-app:` — the user opens the app: it starts in the foreground when it is not running; a force-quit ends.
        case openApp
        /// `availability: refresh-disabled | available` — the user turns Background App Refresh off or on from now on.
        case setAvailability(LifecycleSpec.Availability)
        /// `update-app: {registers:, permitted:, background-modes:, adapter:, flaws:, submits-at-startup:, resubmits:}` —
        /// a new version of the app is installed: the process ends, and what the step writes holds from the next start.
        case updateApp(AppUpdate)
        /// `advance: 10m` or `advance: <instant>` — the clock moves forward, firing due deadlines.
        case advance(Advance)
        /// `items: [...]` — the stubbed source returns these from now on.
        case setItems([String])
        /// `change-schedule: {timezone:, rule:, nonexistent:, repeated:, version:, limit:}` — the user (or the app)
        /// changes the schedule from now on; the app computes its requests again unless `app.on-schedule-change` says
        /// it keeps them.
        case changeSchedule(ScheduleChange)
    }

    /// What a `change-schedule` step changes; each key not written keeps the schedule in effect before the step.
    public struct ScheduleChange: Sendable, Hashable {
        /// The zone, rule, policies and search bound, as a cursor case overrides them.
        public var overrides: CaseSpec.Overrides
        /// `version:` — the rule's new version (it is part of every dedup key).
        public var version: Int?
        /// `timezone:` as written.
        public var timeZoneName: ZoneNameLiteral?

        public init(overrides: CaseSpec.Overrides = CaseSpec.Overrides(), version: Int? = nil, timeZoneName: ZoneNameLiteral? = nil) {
            self.overrides = overrides
            self.version = version
            self.timeZoneName = timeZoneName
        }

        /// What the step changes, as the spec language writes it, in the reference's order:
        /// `timezone: America/New_York, version: 2`, `repeated: last`, `rule: daily 04:00`.
        public var summary: String {
            [overrides.timeZone.map { "timezone: \(timeZoneName?.text ?? $0.identifier)" },
             overrides.rule.map { "rule: \($0)" },
             overrides.nonexistent.map { "nonexistent: \($0.rawValue)" },
             overrides.repeated.map { "repeated: \($0.rawValue)" },
             version.map { "version: \($0)" },
             overrides.limit.map { "limit: \($0)" }]
                .compactMap { $0 }.joined(separator: ", ")
        }
    }

    /// What a new version of the app changes; each key not written keeps the old version's.
    public struct AppUpdate: Sendable, Hashable {
        public var registers: [String]?
        public var registersInBackground: [String]?
        public var permitted: [String]?
        public var backgroundModes: [String]?
        public var adapter: LifecycleSpec.Adapter?
        public var flaws: [LifecycleSpec.JobFlaw]?
        public var submitsAtStartup: Bool?
        public var resubmits: Bool?

        public init(registers: [String]? = nil, registersInBackground: [String]? = nil, permitted: [String]? = nil, backgroundModes: [String]? = nil,
                    adapter: LifecycleSpec.Adapter? = nil, flaws: [LifecycleSpec.JobFlaw]? = nil,
                    submitsAtStartup: Bool? = nil, resubmits: Bool? = nil) {
            self.registers = registers
            self.registersInBackground = registersInBackground
            self.permitted = permitted
            self.backgroundModes = backgroundModes
            self.adapter = adapter
            self.flaws = flaws
            self.submitsAtStartup = submitsAtStartup
            self.resubmits = resubmits
        }
    }

    /// How far `advance` moves the clock.
    public enum Advance: Sendable, Hashable {
        /// By a duration, in whole seconds.
        case by(seconds: Int)
        /// To an instant.
        case to(InstantLiteral)
    }

    /// What the scenario makes happen inside one launch.
    public struct LaunchPlan: Sendable, Hashable {
        /// `expire: during <stage>`.
        public var expireDuring: LifecycleSpec.Stage?
        /// `fail: {stage, error}`.
        public var fault: Fault?
        /// `interrupt: after-write | during <stage>`.
        public var interrupt: Checkpoint?
        /// `overlap: {launch, during, …}` — the system launches another task while this one is in a stage.
        public var overlap: Overlap?

        public init(expireDuring: LifecycleSpec.Stage? = nil, fault: Fault? = nil, interrupt: Checkpoint? = nil, overlap: Overlap? = nil) {
            self.expireDuring = expireDuring
            self.fault = fault
            self.interrupt = interrupt
            self.overlap = overlap
        }
    }

    /// `fail: {stage: write, error: disk-full}`.
    public struct Fault: Sendable, Hashable {
        public var stage: LifecycleSpec.Stage
        /// The error type the log shows (`disk-full`, `network`, …).
        public var error: String

        public init(stage: LifecycleSpec.Stage, error: String) {
            self.stage = stage
            self.error = error
        }
    }

    /// A point in the job: `during <stage>` or `after-write`.
    public enum Checkpoint: Sendable, Hashable, CustomStringConvertible {
        case during(LifecycleSpec.Stage)
        case afterWrite

        public var description: String {
            switch self {
            case .during(let stage): "during \(stage.rawValue)"
            case .afterWrite: "after-write"
            }
        }
    }

    /// `overlap: {launch: <id>, during: <stage>, expire:, fail:, interrupt:}` — the overlapping launch and its own plan.
    public struct Overlap: Sendable, Hashable {
        public var identifier: String
        public var during: LifecycleSpec.Stage
        public var expireDuring: LifecycleSpec.Stage?
        public var fault: Fault?
        public var interrupt: Checkpoint?

        public init(identifier: String, during: LifecycleSpec.Stage, expireDuring: LifecycleSpec.Stage? = nil, fault: Fault? = nil, interrupt: Checkpoint? = nil) {
            self.identifier = identifier
            self.during = during
            self.expireDuring = expireDuring
            self.fault = fault
            self.interrupt = interrupt
        }
    }
}
