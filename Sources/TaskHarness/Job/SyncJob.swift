import CSQLite
import Foundation
import Recurrence
import Synchronization

/// The reference job of the seeds: download → parse → write, with cancellation checked between stages, one short
/// transaction for items + cursor + updated-at, temporary files removed on every exit, and a business idempotency
/// key for its side effect.
///
/// One run:
/// 1. Reads the launch time once (the catch-up window's frozen end) and removes temporary files a dead process left.
/// 2. With a `CatchUp`, finds the due occurrences: (anchor, launch time] minus the completed dedup keys.
/// 3. Runs the stages. Each writes a temporary file, reaches `Checkpoint.during(stage)`, then checks cancellation
///    (`Task.checkCancellation()` and its own flag set by `cancel()`). `write` opens the transaction, writes the
///    items, cursor, updated-at and run key, reaches its checkpoint inside the transaction, checks cancellation,
///    and commits — or writes nothing: when the store already holds this run key from an interrupted attempt, and
///    when a schedule has no occurrence due (the run then has no run key and no side effect).
/// 4. Removes its temporary files, performs the side effect under the run key (the outside system ignores a key it
///    has seen), reaches `Checkpoint.afterWrite`, and records the completion of every due key.
///
/// Any error rolls back an open transaction, removes the temporary files, logs `<stage> <identifier> <error type>`
/// and is rethrown. `Flaw` switches on one known mistake at a time, so tests can show each invariant failing.
public final class SyncJob: RefreshJob {
    /// Known mistakes the job can be told to make.
    public enum Flaw: String, Sendable, Hashable, CaseIterable {
        /// Never checks cancellation: the work continues after expiration (bug 9).
        case ignoresCancellation = "ignores-cancellation"
        /// Opens the write transaction before download, holding it across stages (bug 9's open transaction).
        case longTransaction = "long-transaction"
        /// Commits the items in one transaction and cursor + updated-at in a second one.
        case splitWrite = "split-write"
        /// Leaves its temporary files behind on a cancel or a fault.
        case keepsTemporaryFiles = "keeps-temporary-files"
        /// Keys the side effect by launch instead of by business run: retries and overlaps repeat it (bug 10).
        case launchScopedSideEffectKey = "launch-scoped-side-effect-key"
        /// Appends items instead of writing each once: reruns make duplicates.
        case appendsDuplicates = "appends-duplicates"
        /// Ignores the completion store: every run catches up from the start again.
        case skipsCompletionCheck = "skips-completion-check"
        /// Runs only the latest due occurrence and records the window as done: earlier ones are missed.
        case onlyLatestOccurrence = "only-latest-occurrence"
        /// Writes a run an earlier attempt committed (and died before recording) again instead of reconciling it
        /// through the business key: an interrupted write is repeated (with `appendsDuplicates`, its rows twice).
        case skipsReconciliation = "skips-reconciliation"
    }

    /// Where the job's data goes.
    public struct Stores: Sendable {
        public let sync: SyncStore
        public let completions: CompletionStore
        public let sideEffects: SideEffectLedger

        public init(sync: SyncStore, completions: CompletionStore, sideEffects: SideEffectLedger) {
            self.sync = sync
            self.completions = completions
            self.sideEffects = sideEffects
        }
    }

    public let identifier: String
    /// The prefix of unscheduled run keys (`<name>/<cursor>`), shared by every task syncing the same data.
    public let name: String
    public let stages: [JobStage]
    public let flaws: Set<Flaw>
    private let source: any ItemSource
    private let stores: Stores
    private let clock: any TimeSource
    private let files: TemporaryFiles
    private let catchUp: CatchUp?
    private let log: DiagnosticsLog?
    private let monitor: (any JobMonitor)?

    private struct RunState {
        var cancelled = false
        var attempts = 0
        var lastRunCompleted = false
        /// This run opened the store's write transaction (the app's launches share one store connection).
        var holdsTransaction = false
    }

    private let state = Mutex(RunState())

    public init(
        identifier: String,
        name: String = "sync",
        source: any ItemSource,
        stores: Stores,
        clock: any TimeSource,
        files: TemporaryFiles,
        catchUp: CatchUp? = nil,
        stages: [JobStage] = JobStage.allCases,
        log: DiagnosticsLog? = nil,
        monitor: (any JobMonitor)? = nil,
        flaws: Set<Flaw> = []
    ) {
        self.identifier = identifier
        self.name = name
        self.source = source
        self.stores = stores
        self.clock = clock
        self.files = files
        self.catchUp = catchUp
        self.stages = stages
        self.log = log
        self.monitor = monitor
        self.flaws = flaws
    }

    /// Asks the running work to stop at its next cancellation check.
    public func cancel() {
        state.withLock { $0.cancelled = true }
    }

    /// Whether the last run ended with its completion recorded.
    public var lastRunCompleted: Bool { state.withLock { $0.lastRunCompleted } }

    private enum WriteOutcome {
        case notWritten, written, reconciled, alreadyComplete, nothingDue

        /// The word the log shows for a stage that ended without error.
        func logWord(for stage: JobStage) -> String? {
            guard stage == .write else { return nil }
            switch self {
            case .reconciled: return "reconciled"
            case .alreadyComplete: return "already-complete"
            case .nothingDue: return "nothing-due"
            case .notWritten, .written: return nil
            }
        }
    }

    /// The batch already downloaded, or a fresh fetch when the stages skipped download.
    private func fetched(_ batch: ItemBatch?) async throws -> ItemBatch {
        if let batch { return batch }
        return try await source.fetch()
    }

    public func run() async throws {
        let attempt = state.withLock { state in
            state.cancelled = false
            state.lastRunCompleted = false
            state.holdsTransaction = false
            state.attempts += 1
            return state.attempts
        }
        let launchTime = clock.now
        let prefix = "\(identifier)."
        // This run's files, named by its process and attempt: a dead process's leftovers of the task, swept below,
        // never share a name with them (the attempt count starts again in each process).
        let launchTag = (files.process.map { "p\($0.generation)." } ?? "") + "\(attempt)"
        let own = prefix + launchTag + "."
        var stage = "catch-up"
        do {
            files.remove(prefix: prefix)
            var due = try dueOccurrences(at: launchTime)
            var batch: ItemBatch?
            var items: [String]?
            var runKey: String?
            var outcome = WriteOutcome.notWritten
            for current in stages {
                stage = current.rawValue
                switch current {
                case .download:
                    if flaws.contains(.longTransaction) { try beginOwnWrite() }
                    let fetched = try await source.fetch()
                    try files.write(own + "download.tmp", Self.encoded(fetched.items))
                    batch = fetched
                case .parse:
                    let fetched = try await fetched(batch)
                    batch = fetched
                    let parsed = files.read(own + "download.tmp").flatMap(Self.decoded) ?? fetched.items
                    try files.write(own + "parsed.tmp", Self.encoded(parsed))
                    items = parsed
                case .write:
                    let fetched = try await fetched(batch)
                    batch = fetched
                    if due?.isEmpty == true {
                        // A scheduled run's work is its due occurrences: with none, there is nothing to write, and
                        // a write keyed by content would collide with a later run of the same content.
                        monitor?.note(.nothingDue, identifier: identifier)
                        // Like the other outcomes that write nothing: end a transaction a flawed job opened early.
                        try rollbackOwnWrite()
                        outcome = .nothingDue
                        break
                    }
                    let completed = try completedMeanwhile(due)
                    if let current = due, !completed.isEmpty {
                        let remaining = current.filter { !completed.contains($0.key.rawValue) }
                        if remaining.isEmpty {
                            // Another run completed all of them after this one froze its window.
                            let key = self.runKey(due: due, batch: fetched)
                            runKey = key
                            monitor?.note(.alreadyComplete(runKey: key), identifier: identifier)
                            try rollbackOwnWrite()
                            outcome = .alreadyComplete
                            break
                        }
                        // Some of them: this run writes only the rest.
                        monitor?.note(.completedMeanwhile(occurrences: current.map(\.key.rawValue).filter(completed.contains)),
                                      identifier: identifier)
                        due = remaining
                    }
                    // From here the store is read and written: not inside another launch's open write.
                    try checkNoOtherWrite()
                    if let remaining = try reconcileEarlierAttempt(due: due, at: launchTime, launchTag: launchTag) {
                        due = remaining
                    }
                    let key = self.runKey(due: due, batch: fetched)
                    runKey = key
                    outcome = try await write(items ?? fetched.items, batch: fetched, runKey: key, at: launchTime)
                }
                // A write reaches its checkpoint inside its transaction; a write stage that wrote nothing (nothing due,
                // reconciled, already complete) reaches it here, so a fault, an expiration or an overlap planned
                // during it still happens.
                if current != .write || outcome != .written {
                    try await monitor?.checkpoint(.during(current), identifier: identifier)
                    try checkCancellation()
                }
                log?.record(identifier: identifier, stage: stage, errorType: outcome.logWord(for: current), from: files.process)
            }
            files.remove(prefix: prefix)
            if runKey == nil, outcome != .nothingDue {
                let fetched = try await fetched(batch)
                runKey = self.runKey(due: due, batch: fetched)
            }
            if let key = runKey, outcome == .written || outcome == .reconciled {
                stage = "upload"
                let effectKey = sideEffectKey(for: key, launchTime: launchTime, launchTag: launchTag)
                let performed = try stores.sideEffects.perform(key: effectKey, subject: key, identifier: identifier, at: launchTime)
                monitor?.note(.sideEffect(key: effectKey, performed: performed), identifier: identifier)
                log?.record(identifier: identifier, stage: stage, errorType: performed ? nil : "already-performed", from: files.process)
            }
            stage = "complete"
            try await monitor?.checkpoint(.afterWrite, identifier: identifier)
            if outcome != .alreadyComplete {
                let added = try stores.completions.recordCompletion(
                    runKey: runKey, occurrences: due ?? [], identifier: identifier, completedAt: launchTime,
                    schedule: catchUp?.occurrences.scheduleID, through: launchTime)
                monitor?.note(.completionRecorded(added: added), identifier: identifier)
            }
            log?.record(identifier: identifier, stage: stage, from: files.process)
            state.withLock { $0.lastRunCompleted = true }
        } catch {
            try? rollbackOwnWrite()
            if !flaws.contains(.keepsTemporaryFiles) { files.remove(prefix: prefix) }
            let errorType = DiagnosticsEntry.errorType(of: error)
            if let failure = EnvironmentFailure(error) { monitor?.note(.environmentFailed(failure), identifier: identifier) }
            log?.record(identifier: identifier, stage: stage, errorType: errorType, from: files.process)
            monitor?.note(.failed(stage: stage, errorType: errorType), identifier: identifier)
            throw error
        }
    }

    /// An earlier attempt that committed part of this launch's due occurrences — those up to its run key, which came
    /// due before more did — and died before recording them: records them now (its side effect happened, under its
    /// key; asking again is a no-op) and returns the occurrences still to write. Nil when there is none, and when the
    /// earlier attempt covered all of them (`write` reconciles that case whole).
    private func reconcileEarlierAttempt(due: [Occurrence]?, at launchTime: Date, launchTag: String) throws -> [Occurrence]? {
        guard let due, !flaws.contains(.skipsCompletionCheck), !flaws.contains(.skipsReconciliation),
              let committed = try stores.sync.snapshot().runKey,
              let index = due.firstIndex(where: { $0.key.rawValue == committed }), index < due.count - 1,
              try !stores.completions.isCompleted(committed)
        else { return nil }
        let covered = Array(due[...index])
        let effectKey = sideEffectKey(for: committed, launchTime: launchTime, launchTag: launchTag)
        let performed = try stores.sideEffects.perform(key: effectKey, subject: committed, identifier: identifier, at: launchTime)
        monitor?.note(.sideEffect(key: effectKey, performed: performed), identifier: identifier)
        try stores.completions.recordCompletion(
            runKey: committed, occurrences: covered, identifier: identifier, completedAt: launchTime,
            schedule: catchUp?.occurrences.scheduleID, through: covered[covered.count - 1].date)
        // Noted once recorded: these occurrences are complete even if the rest of this run fails.
        monitor?.note(.reconciledPart(runKey: committed, occurrences: covered.map(\.key.rawValue)), identifier: identifier)
        return Array(due[(index + 1)...])
    }

    /// The keys of due occurrences another run (an overlap, or one that reconciled them) completed after this run
    /// froze its window; none without a schedule, or for a job that skips the completion check.
    private func completedMeanwhile(_ due: [Occurrence]?) throws -> Set<String> {
        guard let due, !due.isEmpty, !flaws.contains(.skipsCompletionCheck) else { return [] }
        return try stores.completions.completedKeys(among: due.map(\.key.rawValue))
    }

    /// The due occurrences (nil without a schedule), reported to the monitor.
    private func dueOccurrences(at launchTime: Date) throws -> [Occurrence]? {
        guard let catchUp else { return nil }
        var due: [Occurrence]
        var window: Window
        if flaws.contains(.skipsCompletionCheck) {
            window = Window(after: catchUp.since, through: launchTime)
            due = launchTime > catchUp.since ? try catchUp.occurrences.occurrences(in: window) : []
        } else {
            window = try catchUp.window(launchTime: launchTime, completions: stores.completions)
            due = try catchUp.due(in: window, completions: stores.completions)
        }
        if flaws.contains(.onlyLatestOccurrence) { due = Array(due.suffix(1)) }
        monitor?.note(.catchUp(window: window, due: due), identifier: identifier)
        return due
    }

    private func runKey(due: [Occurrence]?, batch: ItemBatch) -> String {
        let key = due?.last?.key.rawValue ?? "\(name)/\(batch.cursor)"
        monitor?.note(.runKey(key), identifier: identifier)
        return key
    }

    /// The items as the download and parse stages keep them in their temporary files: a JSON array of strings.
    /// Written one a line, an item holding a line break came back from `parse` as two, and an only item that was
    /// empty as none, so the store held what no source returned (`["password:\n  x"]` stored as two items).
    static func encoded(_ items: [String]) -> Data {
        // An array of strings always encodes.
        (try? JSONEncoder().encode(items)) ?? Data("[]".utf8)
    }

    /// The items of a temporary file `encoded` wrote, or nil for bytes that are not such an array.
    static func decoded(_ data: Data) -> [String]? {
        try? JSONDecoder().decode([String].self, from: data)
    }

    private func write(_ items: [String], batch: ItemBatch, runKey: String, at launchTime: Date) async throws -> WriteOutcome {
        let store = stores.sync
        if !flaws.contains(.skipsReconciliation), try store.snapshot().runKey == runKey, try !stores.completions.isCompleted(runKey) {
            // An earlier attempt committed this run and died before its completion record.
            monitor?.note(.reconciled(runKey: runKey), identifier: identifier)
            try rollbackOwnWrite()
            return .reconciled
        }
        try beginOwnWrite()
        if flaws.contains(.appendsDuplicates) { try store.append(items) } else { try store.upsert(items) }
        if flaws.contains(.splitWrite) { try commitOwnWrite() }
        try await monitor?.checkpoint(.during(.write), identifier: identifier)
        try checkCancellation()
        if flaws.contains(.splitWrite) { try beginOwnWrite() }
        try store.recordCommit(cursor: batch.cursor, updatedAt: launchTime, runKey: runKey)
        try commitOwnWrite()
        monitor?.note(.committed(runKey: runKey, cursor: batch.cursor), identifier: identifier)
        return .written
    }

    /// The key the side effect of `businessKey` is asked under: that key, or with the `launch-scoped-side-effect-key`
    /// flaw one per launch — the task, the launch instant and the launch's process and attempt (`…@2027-03-01T02:00:00Z#p1.2`:
    /// two launches at one instant are two launches), used alike for a whole and a partial reconciliation.
    private func sideEffectKey(for businessKey: String, launchTime: Date, launchTag: String) -> String {
        flaws.contains(.launchScopedSideEffectKey) ? "\(identifier)@\(launchTime.rfc3339UTC)#\(launchTag)" : businessKey
    }

    /// Opens this run's write transaction (kept when this run holds it already: a `long-transaction` job's).
    private func beginOwnWrite() throws {
        if state.withLock({ $0.holdsTransaction }) { return }
        try checkNoOtherWrite()
        try stores.sync.beginWrite()
        state.withLock { $0.holdsTransaction = true }
    }

    /// Another launch's write transaction open on the app's store (this run overlaps it inside its write) is a lock
    /// conflict: `database-busy` at once, as the harness makes every lock conflict an error and never a wait. Joined,
    /// this run committed the other's half-done write, or, failing, rolled it back and left its cursor and commit
    /// count to be written without its items (a black-box differential's finding).
    private func checkNoOtherWrite() throws {
        guard stores.sync.isInTransaction, !state.withLock({ $0.holdsTransaction }) else { return }
        throw SQLiteError(code: SQLITE_BUSY, operation: "execute",
                          message: "database is locked: another launch's write transaction is open on the store")
    }

    private func commitOwnWrite() throws {
        try stores.sync.commit()
        state.withLock { $0.holdsTransaction = false }
    }

    /// Ends this run's transaction, if it holds one, without keeping it; another launch's is never touched.
    private func rollbackOwnWrite() throws {
        let held = state.withLock { state in
            defer { state.holdsTransaction = false }
            return state.holdsTransaction
        }
        if held { try stores.sync.rollback() }
    }

    private func checkCancellation() throws {
        guard !flaws.contains(.ignoresCancellation) else { return }
        try Task.checkCancellation()
        if state.withLock({ $0.cancelled }) { throw CancellationError() }
    }
}
