import Foundation

/// Everything fixed for one lifecycle scenario before it starts: the tasks, the static gate, the device, the clock's
/// start, the job, an optional schedule, and how the app behaves (its startup, its adapter, any flaws).
public struct LifecycleConfiguration: Sendable {
    /// One background task the app declares.
    public struct TaskDefinition: Sendable, Hashable {
        public let identifier: String
        public let kind: TaskKind

        public init(identifier: String, kind: TaskKind) {
            self.identifier = identifier
            self.kind = kind
        }
    }

    /// Which adapter handles launches.
    public enum Adapter: Sendable, Hashable {
        /// The seeds' thin adapter.
        case thin
        /// An adapter with one common bug.
        case flawed(FlawedRefreshAdapter.Flaw)
        /// The app's own adapter, written against `LaunchedTask` (docs/harness.md, "Testing your own adapter").
        case app(AppAdapter)
    }

    /// The tasks (a spec's `task:`; more than one for overlap scenarios).
    public var tasks: [TaskDefinition] {
        didSet { kinds = Self.kinds(of: tasks) }
    }
    /// Each identifier's kind (its first declaration's), asked at every register and submit: searching `tasks`
    /// made a scenario of 8,000 tasks compare identifiers some 100 million times.
    private var kinds: [String: TaskKind]
    /// `info-plist` or `permitted` / `background-modes`.
    public var gate: StaticGate
    public var availability: SchedulerAvailability
    /// `clock:` — the manual clock's start, when the app first launches (in the foreground).
    public var clockStart: Date
    /// `job.items`: what the stubbed source returns until changed.
    public var items: [String]
    /// `job.stages`, in order.
    public var stages: [JobStage]
    /// `schedule:`: drives catch-up and each request's `earliestBeginDate`.
    public var schedule: (any OccurrenceSource)?
    /// Backoff for the request submitted after a failed launch; nil retries as soon as the system allows.
    public var retry: RetryPolicy?
    public var budget: ExpirationBudget
    /// The identifiers the app registers at every process start, in order (a repeat is a duplicate registration);
    /// nil registers every task once.
    public var startupRegistrations: [String]?
    /// What the app registers at a start in the background (the system launching it), when that differs: a
    /// registration behind a feature flag a cold background start has not read. Nil registers `startupRegistrations`.
    public var backgroundRegistrations: [String]?
    /// Whether the app, at each start, submits a request for each registered task that has none pending.
    public var submitsAtStartup: Bool
    /// Whether the launch handler submits the next request (a retry request first, the next occurrence on success).
    public var resubmitsAfterLaunch: Bool
    public var adapter: Adapter
    public var jobFlaws: Set<SyncJob.Flaw>
    /// What the app does with its pending requests when the schedule changes (`LifecycleSimulation.changeSchedule`).
    public var onScheduleChange: ScheduleChangeResponse = .resubmit

    /// What the app does with its pending requests when the schedule changes.
    public enum ScheduleChangeResponse: Sendable, Hashable {
        /// Computes them again from the new schedule.
        case resubmit
        /// Keeps the instants computed from the old schedule.
        case keepPending
    }
    /// Where the per-scenario folder is created; nil for the system's temporary directory.
    public var temporaryParent: URL?
    /// Where the scenario folder is kept on record until removed, for a run to remove what it abandoned.
    public var folderTracker: ScenarioFolderTracker?

    public init(
        tasks: [TaskDefinition],
        gate: StaticGate,
        clockStart: Date,
        availability: SchedulerAvailability = .available,
        items: [String] = [],
        stages: [JobStage] = JobStage.allCases,
        schedule: (any OccurrenceSource)? = nil,
        retry: RetryPolicy? = nil,
        budget: ExpirationBudget = .standard,
        startupRegistrations: [String]? = nil,
        submitsAtStartup: Bool = true,
        resubmitsAfterLaunch: Bool = true,
        adapter: Adapter = .thin,
        jobFlaws: Set<SyncJob.Flaw> = [],
        temporaryParent: URL? = nil,
        folderTracker: ScenarioFolderTracker? = nil
    ) {
        self.tasks = tasks
        kinds = Self.kinds(of: tasks)
        self.gate = gate
        self.clockStart = clockStart
        self.availability = availability
        self.items = items
        self.stages = stages
        self.schedule = schedule
        self.retry = retry
        self.budget = budget
        self.startupRegistrations = startupRegistrations
        self.submitsAtStartup = submitsAtStartup
        self.resubmitsAfterLaunch = resubmitsAfterLaunch
        self.adapter = adapter
        self.jobFlaws = jobFlaws
        self.temporaryParent = temporaryParent
        self.folderTracker = folderTracker
    }

    /// The kind declared for `identifier` (refresh when it is not one of `tasks`).
    public func kind(of identifier: String) -> TaskKind {
        kinds[identifier] ?? .refresh
    }

    private static func kinds(of tasks: [TaskDefinition]) -> [String: TaskKind] {
        Dictionary(tasks.map { ($0.identifier, $0.kind) }, uniquingKeysWith: { first, _ in first })
    }
}
