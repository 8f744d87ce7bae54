import SpecDiagnostics

/// `expect:` of a lifecycle scenario. Every entry is optional; a written entry is compared, an entry not written
/// is not — except `errors`, which is compared with `[]` when not written (a scenario that raises a lifecycle error
/// it does not list fails). The harness's invariants are checked whatever this says; `broken-invariants` lists
/// the ones the scenario is meant to break.
public struct LifecycleExpectation: Sendable, Hashable {
    /// `completed:` — how each launch ended, in launch order.
    public var completed: Located<[Completion]>?
    /// `store.items`.
    public var storeItems: Located<[String]>?
    /// `store.commits`.
    public var storeCommits: Located<Int>?
    /// `store.updated-at`.
    public var storeUpdatedAt: InstantLiteral?
    /// `side-effects:`.
    public var sideEffects: Located<Int>?
    /// `temp-files:`.
    public var temporaryFiles: Located<Int>?
    /// `runs:` — the scenario's first runs, in order.
    public var runs: Located<[ExpectedRun]>?
    /// `run-count:` — how many runs there are in all.
    public var runCount: Located<Int>?
    /// `log.contains` — each text appears in some line of the diagnostics log (in the long form, in exactly so many).
    public var logContains: Located<[LogText]>?
    /// `log.never` — no line contains any of these texts.
    public var logNever: Located<[String]>?
    /// `errors:` — the lifecycle errors raised, in order; nil when not written (compared with `[]`).
    public var errors: Located<[ErrorCode]>?
    /// `defects:` — the defects found, in order.
    public var defects: Located<[DefectKind]>?
    /// `broken-invariants:` — the invariants the scenario breaks (any order); nil: none may break.
    public var brokenInvariants: Located<[Invariant]>?
    /// `pending-requests:` — the requests pending at the end: each one's task and, in the long form, its earliest begin.
    public var pendingRequests: Located<[PendingRequest]>?
    /// Where `expect:` is written.
    public var location: SourceLocation
    /// The line `location` is on, for diagnostics.
    public var sourceLine: String?

    public init(location: SourceLocation, sourceLine: String? = nil) {
        self.location = location
        self.sourceLine = sourceLine
    }

    /// Whether nothing is written (`expect: {}`): the scenario then checks only the harness's invariants and that it
    /// raises no lifecycle error. Compared with an empty expectation, so an entry added later counts without a change here.
    public var checksNothingOfItsOwn: Bool {
        self == LifecycleExpectation(location: location, sourceLine: sourceLine)
    }

    /// One text of `log.contains`: `"register … ok"`, or `{text: "register … ok", lines: 2}`.
    public struct LogText: Sendable, Hashable {
        public var text: String
        /// The long form's `lines`: exactly this many lines contain the text (a relaunch registers again). Nil in the
        /// short form: at least one line does.
        public var lines: Int?

        public init(_ text: String, lines: Int? = nil) {
            self.text = text
            self.lines = lines
        }
    }

    /// One `completed:` value.
    public enum Completion: String, Sendable, Hashable, CaseIterable {
        /// `setTaskCompleted(success: true)`.
        case success = "true"
        /// `setTaskCompleted(success: false)` (or the system ended it as false).
        case failure = "false"
        /// The process died before the launch completed.
        case killed
        /// Nothing ended it.
        case none
    }

    /// One line of `runs:`; a field not written is not compared.
    /// One item of `pending-requests:`: an identifier, or `{identifier: …, earliest-begin: …}`.
    public struct PendingRequest: Sendable, Hashable {
        public var identifier: String
        /// The request's `earliestBeginDate` (the long form); nil when not written, and then not compared.
        public var earliestBegin: InstantLiteral?

        public init(identifier: String, earliestBegin: InstantLiteral? = nil) {
            self.identifier = identifier
            self.earliestBegin = earliestBegin
        }
    }

    public struct ExpectedRun: Sendable, Hashable {
        public var planned: InstantLiteral?
        public var actual: InstantLiteral?
        public var key: String?
        public var outcome: RunOutcome?
        public var location: SourceLocation
        /// Where `key:`'s value is written (the `unmatchable-key` lint's caret); nil when not known.
        public var keyLocation: SourceLocation?

        public init(planned: InstantLiteral?, actual: InstantLiteral?, key: String?, outcome: RunOutcome?, location: SourceLocation,
                    keyLocation: SourceLocation? = nil) {
            self.planned = planned
            self.actual = actual
            self.key = key
            self.outcome = outcome
            self.location = location
            self.keyLocation = keyLocation
        }
    }

    /// What became of a run (its launch's end).
    public enum RunOutcome: String, Sendable, Hashable, CaseIterable {
        /// The launch reported success.
        case completed
        /// The launch reported failure (a fault).
        case failed
        /// The system expired the launch and it ended as a failure.
        case expired
        /// The process died during the launch.
        case killed
        /// Nothing ended the launch.
        case unfinished
    }

    /// A lifecycle error code (the harness's words).
    public enum ErrorCode: String, Sendable, Hashable, CaseIterable {
        case notPermitted = "not-permitted"
        case notRegistered = "not-registered"
        case lateRegistration = "late-registration"
        case duplicateRegistration = "duplicate-registration"
        case tooManyPending = "too-many-pending"
        case unavailable
        case noLaunchHandler = "no-launch-handler"
        case noPendingRequest = "no-pending-request"
        case appForceQuit = "app-force-quit"
        case launchBeforeEarliestBegin = "launch-before-earliest-begin"
        case notRunning = "not-running"
        case processNotRunning = "process-not-running"
    }

    /// A defect kind (the harness's words).
    public enum DefectKind: String, Sendable, Hashable, CaseIterable {
        case completedTwice = "completed-twice"
        case successAfterFailure = "success-after-failure"
        case successAfterExpiration = "success-after-expiration"
        case missingCompletion = "missing-completion"
        case openTransactionAtSuspension = "open-transaction-at-suspension"
        case workAfterExpiration = "work-after-expiration"
    }

    /// An end-of-scenario invariant (the harness's names; all are checked after every scenario).
    public enum Invariant: String, Sendable, Hashable, CaseIterable {
        case oneCompletionPerLaunch = "one-completion-per-launch"
        case successImpliesCommit = "success-implies-commit"
        case noSuccessAfterFailureOrExpiration = "no-success-after-failure-or-expiration"
        case storeChangesTogether = "store-changes-together"
        case oldDataReadableDuringFault = "old-data-readable-during-fault"
        case noTempFilesAfterCancelOrFault = "no-temp-files-after-cancel-or-fault"
        case noSuccessMarkAfterCancelOrFault = "no-success-mark-after-cancel-or-fault"
        case noDuplicateItems = "no-duplicate-items"
        case noDuplicateSideEffects = "no-duplicate-side-effects"
        case interruptedWriteReconciled = "interrupted-write-reconciled"
        case catchUpNothingMissed = "catch-up-nothing-missed"
        case catchUpNothingTwice = "catch-up-nothing-twice"
        case noPendingTimers = "no-pending-timers"
        case noOpenTransactionAtSuspension = "no-open-transaction-at-suspension"
        case expirationHonoured = "expiration-honoured"
        case harnessRanCleanly = "harness-ran-cleanly"
    }
}
