import SpecDiagnostics

/// A task lifecycle scenario (a document with `task:`): the app's tasks and static gate, the job, an optional
/// schedule, the manual clock's start, how the simulated app and system behave, the steps and the expectations.
///
/// Plain values only. The words of closed sets (`refresh`, `download`, `reports-success-regardless`, …) are the
/// task harness's own words; the runner maps them onto `TaskHarness` types.
public struct LifecycleSpec: Sendable, Hashable {
    /// `task:` — one task, or several for scenarios where two tasks overlap.
    public var tasks: [TaskDeclaration]
    /// The static gate: `info-plist`, or `permitted` / `background-modes`, or (neither) everything declared.
    public var gate: Gate
    /// `job:`.
    public var job: Job
    /// `schedule:` — drives each request's earliest begin date and catch-up; nil without one.
    public var schedule: ScheduleSpec?
    /// `clock:` — the manual clock's start, when the app first starts (in the foreground).
    public var clock: InstantLiteral
    /// `app:` — how the simulated app behaves (defaults: a well-written app).
    public var app: App
    /// `system:` — how the simulated system behaves (defaults: background work available, standard budgets).
    public var system: System
    /// `steps:`, in order.
    public var steps: [LifecycleStep]
    /// `expect:`.
    public var expect: LifecycleExpectation
    /// Where `task:` is written.
    public var location: SourceLocation

    public init(
        tasks: [TaskDeclaration], gate: Gate, job: Job, schedule: ScheduleSpec?, clock: InstantLiteral, app: App,
        system: System, steps: [LifecycleStep], expect: LifecycleExpectation, location: SourceLocation
    ) {
        self.tasks = tasks
        self.gate = gate
        self.job = job
        self.schedule = schedule
        self.clock = clock
        self.app = app
        self.system = system
        self.steps = steps
        self.expect = expect
        self.location = location
    }

    /// The identifiers of `tasks`, in order.
    public var identifiers: [String] { tasks.map(\.identifier) }

    // MARK: Task and gate

    /// One background task the app declares.
    public struct TaskDeclaration: Sendable, Hashable {
        public var identifier: String
        public var kind: TaskKind
        public var location: SourceLocation

        public init(identifier: String, kind: TaskKind, location: SourceLocation) {
            self.identifier = identifier
            self.kind = kind
            self.location = location
        }
    }

    /// `kind:` — an app refresh task or a processing task (the harness knows which background mode each needs).
    public enum TaskKind: String, Sendable, Hashable, CaseIterable {
        case refresh
        case processing
    }

    /// The static configuration the system checks before any background task.
    public enum Gate: Sendable, Hashable {
        /// No gate key written: every declared identifier is permitted and every mode the declared kinds need is present.
        case allDeclared
        /// `info-plist: <path>` — `path` is resolved against the spec file's folder; `found` says whether a file was
        /// there when the spec was read (if not, a lint says so and the scenario errors); `written` is the text as
        /// written, `sourceLine` its line for diagnostics.
        case infoPlist(path: String, found: Bool, written: String, location: SourceLocation, sourceLine: String?)
        /// `permitted:` and/or `background-modes:`; a list not written (nil) is what the declared tasks need: every
        /// declared identifier, every mode their kinds need.
        case inline(permitted: [String]?, backgroundModes: [String]?, location: SourceLocation)
    }

    // MARK: Job

    /// `job:` — what the stubbed source returns and how the reference sync job runs.
    public struct Job: Sendable, Hashable {
        /// `items:` — what the stubbed source returns until a step changes it.
        public var items: [String]
        /// `stages:` — in their order, always including `write`.
        public var stages: [Stage]
        /// `flaws:` — known mistakes the job is told to make.
        public var flaws: [JobFlaw]

        public init(items: [String] = [], stages: [Stage] = Stage.allCases, flaws: [JobFlaw] = []) {
            self.items = items
            self.stages = stages
            self.flaws = flaws
        }
    }

    /// A stage of the sync job, in its order.
    public enum Stage: String, Sendable, Hashable, CaseIterable, Comparable {
        case download
        case parse
        case write

        public static func < (lhs: Stage, rhs: Stage) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    /// A known mistake of the job (`job.flaws`), in the harness's words.
    public enum JobFlaw: String, Sendable, Hashable, CaseIterable {
        case ignoresCancellation = "ignores-cancellation"
        case longTransaction = "long-transaction"
        case splitWrite = "split-write"
        case keepsTemporaryFiles = "keeps-temporary-files"
        case launchScopedSideEffectKey = "launch-scoped-side-effect-key"
        case appendsDuplicates = "appends-duplicates"
        case skipsCompletionCheck = "skips-completion-check"
        case onlyLatestOccurrence = "only-latest-occurrence"
        case skipsReconciliation = "skips-reconciliation"
    }

    // MARK: App

    /// `app:` — how the simulated app behaves.
    public struct App: Sendable, Hashable {
        /// `registers:` — the identifiers registered at every process start, in order; nil registers each task once.
        public var registers: [String]?
        /// `registers-in-background:` — what a start in the background registers; nil: what `registers` says.
        public var registersInBackground: [String]?
        /// `submits-at-startup:` — at each start, submit a request for each registered task with none pending.
        public var submitsAtStartup: Bool
        /// `resubmits:` — each launch handler submits the next request (a retry first, the next occurrence on success).
        public var resubmits: Bool
        /// `adapter:` — the seeds' thin adapter, or one with a common bug.
        public var adapter: Adapter
        /// `retry:` — the backoff of the request submitted when a launch starts; nil retries as soon as the system allows.
        public var retry: Retry?
        /// `on-schedule-change:` — what the app does with its pending requests at a `change-schedule` step.
        public var onScheduleChange: ScheduleChangeResponse

        public init(registers: [String]? = nil, submitsAtStartup: Bool = true, resubmits: Bool = true, adapter: Adapter = .thin, retry: Retry? = nil,
                    onScheduleChange: ScheduleChangeResponse = .resubmit) {
            self.registers = registers
            self.submitsAtStartup = submitsAtStartup
            self.resubmits = resubmits
            self.adapter = adapter
            self.retry = retry
            self.onScheduleChange = onScheduleChange
        }
    }

    /// `app.on-schedule-change` — what the app does with its pending requests when its schedule changes.
    public enum ScheduleChangeResponse: String, Sendable, Hashable, CaseIterable {
        /// Computes them again from the new schedule: the seeds' advice.
        case resubmit
        /// Keeps the instants computed from the old schedule: the seeds' warning (a stored instant is not the rule).
        case keepPending = "keep-pending"
    }

    /// `app.adapter` — `thin`, or an adapter with one of the common bugs (the harness's words).
    public enum Adapter: String, Sendable, Hashable, CaseIterable {
        case thin
        case completesInExpirationHandler = "completes-in-expiration-handler"
        case reportsSuccessRegardless = "reports-success-regardless"
        case reportsSuccessBeforeWork = "reports-success-before-work"
        case noExpirationHandler = "no-expiration-handler"
        case ignoresExpiration = "ignores-expiration"
        case neverCompletes = "never-completes"
    }

    /// `app.retry` — the delay before the request after a failed (or killed) launch may begin.
    public struct Retry: Sendable, Hashable {
        public var backoff: Backoff
        /// `max-attempts:` — after this many consecutive failures the retry waits for the next occurrence; nil: never.
        public var maxAttempts: Int?
        /// `attempts-reset:` — when the count of consecutive failures starts over.
        public var attemptsReset: AttemptsReset = .onSuccess
        public var location: SourceLocation

        /// `retry.attempts-reset`.
        public enum AttemptsReset: String, Sendable, Hashable, CaseIterable {
            /// After a success only (a bad night leaves the next night's first failure past the maximum).
            case onSuccess = "on-success"
            /// Also once the next occurrence is due: each occurrence gets its own attempts.
            case onNewOccurrence = "on-new-occurrence"
        }

        /// Delays in whole seconds.
        public enum Backoff: Sendable, Hashable {
            /// `backoff: constant, delay: 15m`.
            case constant(delay: Int)
            /// `backoff: exponential, delay: 15m, factor: 2, maximum: 1h` — the delay grows by `factor` per failure.
            case exponential(initial: Int, factor: Int, maximum: Int?)
        }

        public init(backoff: Backoff, maxAttempts: Int?, location: SourceLocation) {
            self.backoff = backoff
            self.maxAttempts = maxAttempts
            self.location = location
        }
    }

    // MARK: System

    /// `system:` — how the simulated system behaves.
    public struct System: Sendable, Hashable {
        /// `availability:` — whether the device lets the app schedule background work.
        public var availability: Availability
        /// `expires-after: {refresh: 30s, processing: 5m}` — each launch's deadline, in seconds.
        public var refreshBudget: Int
        public var processingBudget: Int

        public init(availability: Availability = .available, refreshBudget: Int = 30, processingBudget: Int = 300) {
            self.availability = availability
            self.refreshBudget = refreshBudget
            self.processingBudget = processingBudget
        }
    }

    /// `system.availability`.
    public enum Availability: String, Sendable, Hashable, CaseIterable {
        case available
        /// Background App Refresh is off: refresh requests fail `unavailable`.
        case refreshDisabled = "refresh-disabled"
        /// The Simulator: every submit fails `unavailable`.
        case simulator
    }
}

extension LifecycleSpec {
    /// The schedule each `change-schedule` step puts in effect, by the step's index in `steps`, in step order; empty
    /// without a schedule.
    public var scheduleChanges: [(step: Int, schedule: ScheduleSpec)] {
        guard var inEffect = schedule else { return [] }
        return steps.enumerated().compactMap { index, step in
            guard case .changeSchedule(let change) = step.action else { return nil }
            inEffect = inEffect.changed(by: change)
            return (index, inEffect)
        }
    }
}
