import Foundation

/// Everything a scenario's `expect:` can compare, and the invariant checks, at one moment (usually the end).
public struct LifecycleReport: Sendable {
    /// Every launch in order; `completed` is what `expect.completed` compares.
    public let launches: [LaunchRecord]
    /// The app side's record of each launch.
    public let jobRuns: [JobRunRecord]
    /// Planned versus actual, one line per due occurrence (or per unscheduled launch).
    public let runs: [RunRecord]
    /// The committed store: `expect.store.items`, `expect.store.commits`.
    public let store: StoreSnapshot
    /// Item identifiers stored more than once.
    public let duplicateItems: [String]
    /// The side effects performed; `expect.side-effects` compares their count.
    public let sideEffects: [SideEffect]
    /// The temporary files left; `expect.temp-files` compares their count.
    public let temporaryFiles: [String]
    /// The diagnostics log's lines (`expect.log.contains` / `never`).
    public let log: [String]
    /// Lifecycle errors raised, in order (`expect.errors` lists their codes).
    public let errors: [SchedulerError]
    /// Defects the app committed.
    public let defects: [Defect]
    /// The completion store's keys.
    public let completions: [CompletionRecord]
    public let pendingRequests: [TaskRequest]
    public let pendingTimers: [ManualClock.PendingTimer]
    /// The end-of-scenario invariants of harness-model.md.
    public let checks: [InvariantCheck]
    /// Why a store could not be read back from disk to check it, if one could not: then the checks above were made
    /// without it, and the scenario cannot be judged.
    public let unreadable: [String]
    /// Why a pending request has its floor, by identifier, where the app noted it (a retry after failed attempts).
    public var floorReasons: [String: String] = [:]
    /// The launch, by number, whose handler submitted a pending request as its retry with no retry policy, by
    /// identifier: that request's floor is the launch's time (docs/lifecycle.md's `resubmits`).
    public var retryRequestLaunches: [String: Int] = [:]

    /// `setTaskCompleted(success:)` per launch: `true`, `false`, `killed` (or `none`).
    public var completed: [CompletionValue] { launches.map(\.completed) }

    /// The codes of `errors`, as a spec writes them.
    public var errorCodes: [String] { errors.map(\.code.rawValue) }

    public var sideEffectCount: Int { sideEffects.count }

    /// The checks that failed.
    public var failedChecks: [InvariantCheck] { checks.filter { !$0.passed } }
}
