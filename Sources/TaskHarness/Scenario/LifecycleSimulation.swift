import Foundation
import CSQLite
import Recurrence

/// One lifecycle scenario: the simulated system (scheduler, manual clock), the simulated app (its processes,
/// adapter, sync job and stores in a per-scenario folder) and everything recorded, driven step by step.
///
/// A scenario runner maps a spec onto it:
/// ```swift
/// let simulation = try await LifecycleSimulation(configuration)          // task, gate, clock, job, schedule
/// try await simulation.launch("com.example.app.refresh", at: t1, plan: LaunchPlan(expireDuring: .parse))
/// try await simulation.launch("com.example.app.refresh", at: t2, plan: LaunchPlan(interrupt: .afterWrite))
/// try await simulation.launch("com.example.app.refresh", at: t3)
/// let report = await simulation.finish()    // completed, store, side effects, temp files, runs, log, errors, checks
/// ```
///
/// The app it simulates behaves like a well-written app unless the configuration says otherwise: at every process
/// start it registers its tasks (logging `register <id> ok`) and submits a request for each one with none pending,
/// whatever `register` returned
/// (the next occurrence of the schedule as `earliestBeginDate`); each launch handler first submits a retry request
/// (the launch time plus the backoff), runs the adapter, and after a completed run replaces it with a request for
/// the next occurrence. Lifecycle errors never stop the scenario: they are returned and kept for `expect.errors`.
/// Only harness problems (the clock sent backwards, an unusable folder) throw `LifecycleError`.
public actor LifecycleSimulation {
    public nonisolated let configuration: LifecycleConfiguration
    public nonisolated let clock: ManualClock
    public nonisolated let scheduler: SimulatedScheduler
    public nonisolated let log: DiagnosticsLog
    public nonisolated let folder: ScenarioFolder
    /// The stubbed source (`job.items`); `setItems` changes it between launches.
    public nonisolated let source: StubItemSource
    /// The outside system receiving side effects; it survives process deaths.
    public nonisolated let sideEffects: SideEffectLedger
    public nonisolated let catchUp: CatchUp?
    /// The schedule and each change made to it (`changeSchedule`); nil without a schedule.
    public nonisolated let schedules: ScheduleTimeline?
    nonisolated let journal = RunJournal()
    /// What the watch on an app's own adapter found (`WatchedJob`).
    nonisolated let adapterProblems = HarnessProblems()

    private var process: AppProcess?
    private var plans: [String: LaunchPlan] = [:]
    private var startupRegistrations: [String]
    /// What a start in the background registers, when it differs from `startupRegistrations`.
    private var backgroundRegistrations: [String]?
    /// What the running process registered at its start (each once, in order; refused ones too, as its start-up
    /// submits them): what a `change-schedule` resubmits.
    private var processRegistrations: [String] = []
    /// What the installed version does (`updateApp` replaces it).
    private var build: AppBuild
    private var harnessProblems: [String] = []
    /// The stores that could not be read back from disk to check them (`readBack`): the scenario cannot be judged.
    private var readBackProblems: [String] = []
    /// The first failure of the machine under the harness's own store writes (`writingOwnStore`).
    private var machineFailure: EnvironmentFailure?
    private var finalReport: LifecycleReport?

    /// Creates the scenario's folder and stores and starts the app's first process at `clockStart`.
    public init(_ configuration: LifecycleConfiguration) async throws(LifecycleError) {
        guard !configuration.tasks.isEmpty else { throw .invalidConfiguration("a lifecycle scenario needs at least one task; add 'task:'") }
        guard zip(configuration.stages, configuration.stages.dropFirst()).allSatisfy({ $0 < $1 }) else {
            throw .invalidConfiguration("job stages must be in the order download, parse, write, each at most once")
        }
        guard configuration.stages.contains(.write) else {
            throw .invalidConfiguration("job stages must include write: the sync job's business write is what a run commits")
        }
        for task in configuration.tasks {
            if let problem = Self.fileNameProblem(of: task.identifier) { throw .invalidConfiguration(problem) }
        }
        if let problem = configuration.budget.problem { throw .invalidConfiguration(problem) }
        if let problem = configuration.retry?.problem { throw .invalidConfiguration(problem) }
        self.configuration = configuration
        do { clock = try ManualClock(start: configuration.clockStart) } catch { throw .clock(error) }
        do {
            scheduler = try SimulatedScheduler(gate: configuration.gate, availability: configuration.availability, clock: clock, budget: configuration.budget)
        } catch {
            throw .invalidConfiguration(error.description)
        }
        log = DiagnosticsLog()
        do {
            folder = try ScenarioFolder(inside: configuration.temporaryParent, tracker: configuration.folderTracker)
        } catch {
            // A full disk (no space or no inode left) is not cured by another TMPDIR's permissions: say what ran out.
            if let error = error as? ScenarioFolder.CreationError, let failure = EnvironmentFailure(error) { throw .environment(failure) }
            throw .folder("\(error)")
        }
        source = StubItemSource(items: configuration.items)
        do {
            sideEffects = try SideEffectLedger(url: folder.sideEffectLedgerURL)
        } catch {
            folder.remove()
            throw .storage(error)
        }
        let schedules = configuration.schedule.map(ScheduleTimeline.init)
        self.schedules = schedules
        catchUp = schedules.map { CatchUp(occurrences: $0, since: configuration.clockStart) }
        startupRegistrations = configuration.startupRegistrations ?? configuration.tasks.map(\.identifier)
        backgroundRegistrations = configuration.backgroundRegistrations
        build = AppBuild(configuration)
        let journal = journal
        scheduler.setCompletionObserver { [weak scheduler] number, success in
            guard success else { return }
            var jobFailure: String?
            journal.update(number) { record in
                if !record.didItsWork { record.successBeforeCommit = true }
                jobFailure = record.failure
            }
            // Success after the job itself failed: the system cannot know it, the harness does, and harness-model.md
            // reports it as a defect ("success after a failure/cancel") — not only after a `false` the app reported.
            guard let jobFailure, let scheduler,
                  !scheduler.defects.contains(where: { $0.launch == number && $0.kind == .successAfterFailure }),
                  let launch = scheduler.launch(number: number),
                  launch.expiredAt == nil  // a job stopped by its expiration: `success-after-expiration` says it
            else { return }
            scheduler.recordDefect(Defect(
                kind: .successAfterFailure, identifier: launch.identifier, launch: number,
                detail: "success was reported after the job failed (\(jobFailure)); report the job's real outcome: false"))
        }
        do {
            try startProcess()
        } catch {
            folder.remove()
            throw error
        }
    }

    deinit {
        folder.remove()
    }

    // MARK: Steps

    /// Moves the clock to `date`, firing due timers (expiration deadlines); going backwards is an error.
    public func advance(to date: Date) throws(LifecycleError) {
        try checkNotFinished()
        do { try clock.advance(to: date) } catch { throw .clock(error) }
    }

    /// Moves the clock forward by `duration`.
    public func advance(by duration: Duration) throws(LifecycleError) {
        try checkNotFinished()
        do { try clock.advance(by: duration) } catch { throw .clock(error) }
    }

    /// The system launches the pending request for `identifier` (at `date`, after advancing the clock there), with
    /// `plan` injected at the job's checkpoints. A dead process is started first, in the background, as the system
    /// does. Returns the launch as it ended, or the lifecycle error raised instead.
    @discardableResult
    public func launch(_ identifier: String, at date: Date? = nil, plan: LaunchPlan = LaunchPlan()) async throws(LifecycleError) -> LaunchAttempt {
        try checkNotFinished()
        if let date { try advance(to: date) }
        plans[identifier] = plan
        return try await launchNow(identifier)
    }

    /// Sets what happens in the next launch of `identifier` (for a task another launch overlaps).
    public func setPlan(_ plan: LaunchPlan, forNextLaunchOf identifier: String) {
        plans[identifier] = plan
    }

    /// The app registers `identifier` now (after launch finished, so the scheduler raises `late-registration`).
    /// Returns what `register` returned, or the error.
    @discardableResult
    public func register(_ identifier: String) throws(LifecycleError) -> Result<Bool, SchedulerError> {
        try checkNotFinished()
        let process = try runningProcess()
        return registerNow(identifier, process: process)
    }

    /// The app submits a request for `identifier` now; returns the error when the scheduler refuses it.
    @discardableResult
    public func submit(_ identifier: String, earliestBeginDate: Date?) throws(LifecycleError) -> SchedulerError? {
        try checkNotFinished()
        if let floor = earliestBeginDate, !ManualClock.supportedRange.contains(floor) { throw .clock(.outOfRange(secondsSince1970: floor.timeIntervalSince1970)) }
        let process = try runningProcess()
        return submitNow(identifier, floor: earliestBeginDate, process: process)
    }

    /// The system expires the running launch of `identifier` now (outside a launch step, this is a launch whose
    /// handler returned without completing); returns the error when none is running.
    @discardableResult
    public func expire(_ identifier: String) -> SchedulerError? {
        do {
            try scheduler.expire(identifier)
            return nil
        } catch {
            return error
        }
    }

    /// The app cancels its pending request for `identifier`; returns whether one was pending.
    @discardableResult
    public func cancel(_ identifier: String) -> Bool {
        scheduler.cancel(taskRequestWithIdentifier: identifier)
    }

    /// The app cancels all its pending requests.
    public func cancelAll() {
        scheduler.cancelAllTaskRequests()
    }

    /// The process dies (in-memory state dropped) and starts again in the foreground (the user opened it: a
    /// force-quit ends); `registering` replaces the identifiers the app registers at this and every later start,
    /// `registeringInBackground` those of every later start in the background.
    public func relaunch(registering: [String]? = nil, registeringInBackground: [String]? = nil) throws(LifecycleError) {
        try checkNotFinished()
        if let registering { startupRegistrations = registering }
        if let registeringInBackground { backgroundRegistrations = registeringInBackground }
        scheduler.terminate()
        scheduler.userOpensApp()
        try startProcess()
    }

    /// The process dies and stays dead until the next launch or step that needs it.
    public func terminate() {
        scheduler.terminate()
    }

    /// A new version of the app is installed: the running process ends (as `terminate` ends it), and each value
    /// `update` gives replaces the old version's from the next start on. Pending requests and stores stay; the new
    /// version starts when a step needs it (a launch, in the background, or the user opening it).
    public func updateApp(_ update: AppUpdate) throws(LifecycleError) {
        try checkNotFinished()
        scheduler.terminate()
        if let registrations = update.startupRegistrations { startupRegistrations = registrations }
        if let registrations = update.backgroundRegistrations { backgroundRegistrations = registrations }
        if update.permittedIdentifiers != nil || update.backgroundModes != nil {
            let gate = scheduler.gate
            scheduler.setGate(StaticGate(permittedIdentifiers: update.permittedIdentifiers ?? gate.permittedIdentifiers,
                                         backgroundModes: update.backgroundModes ?? gate.backgroundModes))
        }
        build.apply(update)
    }

    /// The user force-quits the app from the app switcher: the process dies, and until the user opens the app again
    /// (`openApp()`, or any start in the foreground) the system launches none of its refresh tasks.
    public func forceQuit() throws(LifecycleError) {
        try checkNotFinished()
        scheduler.forceQuit()
    }

    /// The user turns Background App Refresh off or on in Settings from now on: the app is not told (it need not be
    /// running). While a kind is not allowed, its submits fail and its pending requests are not launched (`unavailable`).
    public func setAvailability(_ availability: SchedulerAvailability) throws(LifecycleError) {
        try checkNotFinished()
        scheduler.setAvailability(availability)
    }

    /// The user opens the app: a process not running starts in the foreground (registering and submitting as every
    /// start does), a suspended one comes to the foreground; a force-quit no longer holds.
    public func openApp() throws(LifecycleError) {
        try checkNotFinished()
        scheduler.userOpensApp()
        _ = try runningProcess()
    }

    /// Changes what the source returns from now on.
    public func setItems(_ items: [String]) {
        source.setItems(items)
    }

    /// The schedule changes from now on (the user moved, the rule got a new version): each later catch-up and request
    /// reads `schedule`. The app, started in the foreground when it is not running, computes its requests again
    /// (`configuration.onScheduleChange`): for each task its process registered at its start, a request for the new
    /// schedule's first occurrence after the last completed run whose dedup key is not completed, replacing the pending
    /// one.
    public func changeSchedule(to schedule: any OccurrenceSource) throws(LifecycleError) {
        try checkNotFinished()
        guard let schedules else {
            throw .invalidConfiguration("the scenario has no schedule to change; give it one (LifecycleConfiguration.schedule)")
        }
        schedules.change(to: schedule)
        guard configuration.onScheduleChange == .resubmit else { return }
        let process = try runningProcess()
        // What this process registered at its start, as its start-up submitted: a start in the background may have
        // registered fewer (`backgroundRegistrations`), and a submit for a task without a handler here would fail
        // `not-registered`, an error the app's code never makes (a mutation review's probe).
        for identifier in processRegistrations {
            if let floor = nextDueOccurrence(of: identifier, process: process) {
                submitNow(identifier, floor: floor, process: process)
            }
        }
    }

    /// Why `identifier` cannot begin the job's temporary file names (`<identifier>.<attempt>.<stage>.tmp`), or nil.
    static func fileNameProblem(of identifier: String) -> String? {
        let shown = String(identifier.unicodeScalars.prefix(60).map { $0.properties.generalCategory == .control ? "?" : Character($0) })
        let fault: String? = if identifier.isEmpty {
            "is empty"
        } else if identifier.contains("/") || identifier.utf8.contains(0) {
            "holds a '/' or a NUL character"
        } else if identifier.utf8.count > maximumIdentifierBytes {
            "is longer than \(maximumIdentifierBytes) bytes"
        } else {
            nil
        }
        return fault.map {
            "the task identifier '\(shown)' \($0), so it cannot name the job's temporary files; use letters, digits, '.', '-' and '_', e.g. com.example.app.refresh"
        }
    }

    /// The longest identifier whose temporary file names stay within a file system's 255-byte limit.
    static let maximumIdentifierBytes = 200

    // MARK: Results

    /// What `read` gives, or nil when the store's file is not there yet or holds no table yet (nothing written: an
    /// empty store). Any other failure — the file cannot be opened (its mode, a used-up disk), is busy, damaged — is
    /// kept in `readBackProblems` and the report's `unreadable`: reading it as an empty store made an app that
    /// committed look as if it had not (under `umask 0477` the stores were made unreadable to their owner).
    private func readBack<T>(_ url: URL, _ what: String, _ read: () throws -> T) -> T? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do {
            return try read()
        } catch {
            let store = error as? SQLiteError
            guard (store?.code ?? 0) & 0xFF != SQLITE_ERROR else { return nil }
            let problem = "the harness could not read \(what) (\(url.lastPathComponent)) back to check it: \(error); "
                + (store.map(LifecycleError.advice(for:)) ?? "check the temporary folder")
            if !readBackProblems.contains(problem) { readBackProblems.append(problem) }
            return nil
        }
    }

    /// The invariant checks over what happened so far.
    public func checkInvariants() -> [InvariantCheck] {
        report().checks
    }

    /// Everything recorded so far, with the invariant checks.
    public func report() -> LifecycleReport {
        if let finalReport { return finalReport }
        let launches = scheduler.launches
        let runs = journal.records
        let store = readBack(folder.syncStoreURL, "the item store") { try SyncStore.readSnapshot(at: folder.syncStoreURL) }
            ?? StoreSnapshot(items: [], cursor: nil, updatedAt: nil, commits: 0, runKey: nil)
        let duplicates = readBack(folder.syncStoreURL, "the item store") { try SyncStore.readDuplicateItems(at: folder.syncStoreURL) } ?? []
        let effects = readBack(folder.sideEffectLedgerURL, "the side-effect ledger") { try sideEffects.effects() } ?? []
        let completions = readBack(folder.completionStoreURL, "the completion store") {
            try CompletionStore.readCompletions(at: folder.completionStoreURL)
        } ?? []
        let pendingTimers = clock.pendingWork
        let defects = scheduler.defects
        var invariants = LifecycleInvariants(
            launches: launches, runs: runs, duplicateItems: duplicates, sideEffects: effects, completions: completions,
            catchUp: catchUp, pendingTimers: pendingTimers, defects: defects)
        invariants.schedules = schedules?.all ?? []
        let problems = harnessProblems + adapterProblems.all
        let harness = InvariantCheck(
            name: "harness-ran-cleanly", passed: problems.isEmpty,
            detail: problems.isEmpty ? "the harness met no problem of its own" : problems.joined(separator: "; "))
        return LifecycleReport(
            launches: launches, jobRuns: runs, runs: Self.runRecords(launches: launches, runs: runs), store: store,
            duplicateItems: duplicates, sideEffects: effects,
            temporaryFiles: TemporaryFiles(directory: folder.temporaryFiles).names, log: log.lines,
            errors: scheduler.errors, defects: defects, completions: completions,
            pendingRequests: scheduler.pendingRequests, pendingTimers: pendingTimers,
            checks: invariants.evaluate() + [harness], unreadable: readBackProblems, floorReasons: scheduler.floorReasons,
            retryRequestLaunches: scheduler.retryRequestLaunches)
    }

    /// Ends the scenario: takes the final report, kills the process, closes the stores and removes the folder.
    /// Later calls return the same report.
    public func finish() -> LifecycleReport {
        if let finalReport { return finalReport }
        let result = report()
        finalReport = result
        scheduler.terminate()
        scheduler.setTerminationObserver(nil)
        scheduler.setOpenTransactionProbe(nil)
        scheduler.setCompletionObserver(nil)
        process?.die()
        process = nil
        sideEffects.close()
        folder.remove()
        return result
    }

    static func runRecords(launches: [LaunchRecord], runs: [JobRunRecord]) -> [RunRecord] {
        // Each launch's run by its number (the first, should there be two): searching the list for each launch made
        // a report of 10,000 launches copy 50 million records.
        let runByLaunch = Dictionary(runs.map { ($0.launch, $0) }, uniquingKeysWith: { first, _ in first })
        return launches.flatMap { launch -> [RunRecord] in
            let run = runByLaunch[launch.number]
            let failure = launch.completed == .failure ? run?.failure : nil
            guard let run, !run.due.isEmpty else {
                // A scheduled launch with nothing due ran no occurrence: its request's floor is not a plan, and shown
                // as one it read as if that occurrence had run — whether it found so in its write stage or failed
                // before it (its catch-up window was frozen at the start: `window`).
                let nothingDue = run?.nothingDue == true || run?.window != nil
                return [RunRecord(launch: launch.number, identifier: launch.identifier, planned: nothingDue ? nil : launch.planned,
                                  actual: launch.actual, key: run?.runKey, completed: launch.completed, failure: failure,
                                  requestFloor: nothingDue ? launch.planned : nil)]
            }
            // An occurrence an interrupted attempt wrote is complete once this launch recorded it, even if the
            // launch then failed on the occurrences after it.
            let recorded = Set(run.reconciledOccurrences)
            let meanwhile = Set(run.completedMeanwhile)
            return run.due.map {
                let done = recorded.contains($0.key.rawValue)
                // Found complete, not written: another launch (overlapping this one) wrote and recorded it first.
                let foundComplete = !done && launch.completed == .success && (run.alreadyComplete || meanwhile.contains($0.key.rawValue))
                return RunRecord(launch: launch.number, identifier: launch.identifier, planned: $0.date, actual: launch.actual,
                                 key: $0.key.rawValue, completed: done ? .success : launch.completed, failure: done ? nil : failure,
                                 note: foundComplete ? "already complete" : nil)
            }
        }
    }

    // MARK: Checkpoints (called by the jobs' monitor)

    /// The job of `identifier` reached `point`: act on the launch's plan. Work reaching a checkpoint after its task
    /// expired is still running: the system suspends the process there (an open transaction is a defect) and,
    /// as the work in flight can never finish, the process dies.
    func reach(_ point: Checkpoint, identifier: String) async throws {
        guard let process, process.life.isAlive, let number = journal.activeLaunch(of: identifier),
            let launch = scheduler.launch(number: number)
        else { throw ProcessDeath() }
        if launch.expiredAt != nil {
            scheduler.recordDefect(Defect(
                kind: .workAfterExpiration, identifier: identifier, launch: number,
                detail: "the job went on working after the task expired (it reached its checkpoint \(point)); check for cancellation between stages and stop"))
            journal.update(number) { $0.processDiedDuringRun = true }
            scheduler.suspend(during: number)
            scheduler.terminate()
            throw ProcessDeath()
        }
        let plan = journal.record(number)?.plan ?? LaunchPlan()
        if let overlap = plan.overlap, point == .during(overlap.during) {
            var nestedCommitted = false
            do {
                let attempt = try await launchNow(overlap.identifier)
                nestedCommitted = attempt.record.flatMap { journal.record($0.number)?.committed } == true
            } catch {
                harnessProblems.append("the overlapping launch of \(overlap.identifier) could not run: \(error)")
            }
            // The old data a fault of this launch must keep readable moves only with a nested launch's commit: read
            // otherwise, it held this launch's own first transaction of a split write as if it were old.
            if nestedCommitted {
                let afterOverlap = readBack(folder.syncStoreURL, "the item store") { try SyncStore.readSnapshot(at: folder.syncStoreURL) }
                journal.update(number) { $0.storeAfterOverlaps = afterOverlap }
            }
            guard process.life.isAlive else { throw ProcessDeath() }
        }
        if let stage = plan.expireDuring, point == .during(stage) {
            journal.update(number) { $0.expiredDuring = stage }
            try? scheduler.expire(identifier)
        }
        if let fault = plan.fault, point == .during(fault.stage) {
            let url = folder.syncStoreURL
            journal.update(number) { record in
                record.faultInjected = fault
                do {
                    let seen = try SyncStore.readSnapshot(at: url)
                    // The old data is what was committed before this launch's own work: at its start, or after the
                    // launches it overlapped had committed theirs.
                    let old = record.storeAfterOverlaps ?? record.storeBefore
                    record.oldDataReadableDuringFault = seen == old
                    if seen != old {
                        record.readDuringFaultDetail = "during the \(fault.stage.rawValue) fault a reader saw \(Self.summary(seen)) instead of \(old.map(Self.summary) ?? "the state before the launch")"
                    }
                } catch {
                    record.oldDataReadableDuringFault = false
                    record.readDuringFaultDetail = "during the \(fault.stage.rawValue) fault a reader could not read the store: \(error)"
                }
            }
            throw fault
        }
        if plan.interrupt == point {
            journal.update(number) { record in
                record.interruptedAt = point
                record.processDiedDuringRun = true
            }
            scheduler.terminate()
            throw ProcessDeath()
        }
    }

    private static func summary(_ snapshot: StoreSnapshot) -> String {
        "\(snapshot.items.count) item(s), cursor \(snapshot.cursor ?? "unset"), \(snapshot.commits) commit(s)"
    }

    // MARK: The simulated app

    private func checkNotFinished() throws(LifecycleError) {
        if finalReport != nil { throw .finished }
    }

    /// The process, started in the foreground when dead, resumed when suspended (the user opened the app).
    /// The app's process, started in the foreground when it is not running (a start the user makes: a force-quit
    /// ends), a suspended one resumed.
    private func runningProcess() throws(LifecycleError) -> AppProcess {
        if !scheduler.processState.isRunning || process?.life.isAlive != true {
            scheduler.userOpensApp()
            try startProcess()
        }
        scheduler.resume()
        guard let process else { throw .invalidConfiguration("the app process could not start") }
        return process
    }

    private func launchNow(_ identifier: String) async throws(LifecycleError) -> LaunchAttempt {
        if !scheduler.processState.isRunning || process?.life.isAlive != true {
            // The system starts the app in the background to deliver the task — only a request it can deliver: with
            // none pending (cancelled while the app was not running) or its floor ahead, the app stays as it was,
            // and its start-up's submit does not make a launch out of nothing (a black-box differential's finding).
            if let refusal = scheduler.refusalBeforeStart(identifier) {
                plans[identifier] = nil
                return .refused(refusal)
            }
            try startProcess(inBackground: true, delivering: identifier)
        }
        let launched: LaunchRecord
        do {
            launched = try await scheduler.launch(identifier)
        } catch {
            plans[identifier] = nil
            return .refused(error)
        }
        // The machine failed under the launch (a full disk, a file-size limit): what follows would judge the app by
        // the machine, so the scenario stops here as an error naming the resource.
        if let failure = machineFailure ?? journal.firstEnvironmentFailure() { throw .environment(failure) }
        return .launched(launched)
    }

    /// Runs a write of the harness's own (the completion store's failure count); a failure of the machine is kept for
    /// `launchNow` to raise, any other is left as before (the count is advisory).
    private func writingOwnStore(_ write: () throws -> Void) {
        do { try write() } catch {
            if machineFailure == nil, let failure = EnvironmentFailure(error) { machineFailure = failure }
        }
    }

    /// A new process: open the stores from disk, register (logging each result), submit what is missing, finish
    /// launching. A start `inBackground` (the system delivering a task) registers `backgroundRegistrations` when set.
    private func startProcess(inBackground: Bool = false, delivering: String? = nil) throws(LifecycleError) {
        // A start in the background that registers its own list says so where a handler it lacks is an error: the
        // message "register it at every app launch" alone sent a review to the spec's `registers`, which has it.
        let note = inBackground ? backgroundRegistrations.map { list in
            let listed = list.isEmpty ? "none" : list.joined(separator: ", ")
            return "the system started this process in the background\(delivering.map { " to deliver " + $0 } ?? ""), and such a "
                + "start registers only app.registers-in-background (\(listed)); "
                + "open-app brings this same process to the foreground without registering again"
        } : nil
        scheduler.startLaunching(note: note)
        let process: AppProcess
        do {
            process = try AppProcess(
                generation: scheduler.processGeneration, folder: folder, sideEffects: sideEffects, makeHandler: makeHandler())
        } catch {
            throw .storage(error)
        }
        self.process = process
        scheduler.setTerminationObserver { process.die() }
        scheduler.setOpenTransactionProbe { process.openTransactions() }
        // In the order first registered, each once (a set to ask: a list made 8,000 tasks cost seconds).
        var registered: [String] = []
        var seen: Set<String> = []
        for identifier in inBackground ? backgroundRegistrations ?? startupRegistrations : startupRegistrations {
            registerNow(identifier, process: process)
            if seen.insert(identifier).inserted { registered.append(identifier) }
        }
        processRegistrations = registered
        if build.submitsAtStartup {
            // Like most apps, it submits whatever `register` returned: a refused identifier then fails `not-permitted`.
            let pending = Set(scheduler.pendingRequests.map(\.identifier))
            for identifier in registered where !pending.contains(identifier) {
                submitNow(identifier, floor: try firstFloor(process), process: process)
            }
        }
        scheduler.finishLaunching()
    }

    private func makeHandler() -> @Sendable (String, ProcessLife, SyncJob.Stores, TemporaryFiles) -> AppProcess.Handler {
        let monitor = SimulationMonitor(simulation: self, journal: journal)
        let configuration = configuration
        let build = build
        let source = source
        let clock = clock
        let catchUp = catchUp
        let log = log
        let adapterProblems = adapterProblems
        return { identifier, _, stores, files in
            let job = SyncJob(
                identifier: identifier, source: source, stores: stores, clock: clock, files: files, catchUp: catchUp,
                stages: configuration.stages, log: log, monitor: monitor, flaws: build.jobFlaws)
            switch build.adapter {
            case .thin:
                return AppProcess.Handler(job: job, adapter: BackgroundRefreshAdapter(job: job))
            case .flawed(let flaw):
                return AppProcess.Handler(job: job, adapter: FlawedRefreshAdapter(job: job, flaw: flaw))
            case .app(let app):
                let watch = WatchedJob(job, identifier: identifier, problems: adapterProblems)
                return AppProcess.Handler(job: job, adapter: app.make(watch), watch: watch)
            }
        }
    }

    @discardableResult
    private func registerNow(_ identifier: String, process: AppProcess) -> Result<Bool, SchedulerError> {
        let kind = configuration.kind(of: identifier)
        do {
            let accepted = try scheduler.register(identifier, kind: kind) { [weak self] task in
                await self?.handleLaunch(task, process: process)
            }
            let refusal = scheduler.gate.refusal(for: identifier, kind: kind)
            log.record(identifier: identifier, stage: "register", errorType: accepted ? nil : refusal?.diagnosticType, from: process.life)
            return .success(accepted)
        } catch {
            log.record(identifier: identifier, stage: "register", errorType: error.diagnosticType, from: process.life)
            return .failure(error)
        }
    }

    /// Submits the floor the app computed as it is (a `submit` step's floor was checked when the step was given):
    /// a retry floor past year 9999 is a request that stays pending and never launches.
    @discardableResult
    private func submitNow(_ identifier: String, floor: Date?, process: AppProcess) -> SchedulerError? {
        do {
            try scheduler.submit(TaskRequest(identifier: identifier, kind: configuration.kind(of: identifier), computedFloor: floor))
            log.record(identifier: identifier, stage: "submit", from: process.life)
            return nil
        } catch {
            log.record(identifier: identifier, stage: "submit", errorType: error.diagnosticType, from: process.life)
            return error
        }
    }

    /// The first request's floor: the schedule's first occurrence after the catch-up anchor whose dedup key is not
    /// completed (nil without a schedule). A relaunch after a move west would otherwise ask for the new zone's
    /// occurrence of a date already run, and wake the app for nothing (a black-box review's finding).
    private func firstFloor(_ process: AppProcess) throws(LifecycleError) -> Date? {
        guard let catchUp else { return nil }
        do {
            return try firstDueOccurrence(catchUp, process: process)
        } catch let error as RecurrenceError {
            // In the schedule's own wall time, as a spec run reports a search bound.
            let zone = (schedules?.current as? ScheduleOccurrences)?.schedule.timeZone
            throw .recurrence(zone.map { error.description(in: $0) } ?? error.description, error)
        } catch {
            throw .recurrence("\(error)")
        }
    }

    /// The schedule's first occurrence after the catch-up anchor whose dedup key is not completed: a zone moved west
    /// gives the day just run again, under the key it completed. Each completed key is passed at most once, so this
    /// ends within the completions plus one.
    private func firstDueOccurrence(_ catchUp: CatchUp, process: AppProcess) throws -> Date {
        let anchor = (try? process.completions.catchUpAnchor(schedule: catchUp.occurrences.scheduleID)) ?? nil
        var cursor = max(anchor ?? catchUp.since, catchUp.since)
        while true {
            let occurrence = try catchUp.occurrences.next(after: cursor)
            guard try !process.completions.completedKeys(among: [occurrence.key.rawValue]).isEmpty else { return occurrence.date }
            cursor = occurrence.date
        }
    }

    /// The request a schedule change leaves: `firstDueOccurrence`. A search that fails is logged under `submit`, as the
    /// launch handler's are, and the task's pending request is cancelled: it was computed from the old schedule.
    private func nextDueOccurrence(of identifier: String, process: AppProcess) -> Date? {
        guard let catchUp else { return nil }
        do {
            return try firstDueOccurrence(catchUp, process: process)
        } catch {
            log.record(identifier: identifier, stage: "submit", errorType: DiagnosticsEntry.errorType(of: error), from: process.life)
            scheduler.cancel(taskRequestWithIdentifier: identifier)
            return nil
        }
    }

    /// The next occurrence after `date`, or nil without a schedule (a problem is recorded when the schedule fails).
    /// The next request's floor, as the app's own code asks its schedule. A search that fails (the schedule's
    /// `limit`, a rule past its last date) is the app's failure, not the harness's: it is logged under `submit` and
    /// no request is submitted, so a later launch finds none (`no-pending-request`).
    private func nextOccurrence(after date: Date, of identifier: String, process: AppProcess) -> Date? {
        guard let catchUp else { return nil }
        do {
            return try catchUp.occurrences.next(after: date).date
        } catch {
            log.record(identifier: identifier, stage: "submit", errorType: DiagnosticsEntry.errorType(of: error), from: process.life)
            return nil
        }
    }

    /// The app's launch handler around the adapter.
    private func handleLaunch(_ task: SimulatedTask, process: AppProcess) async {
        guard process.life.isAlive else { return }
        let identifier = task.identifier
        let number = task.launchNumber
        let launchTime = clock.now
        log.record(identifier: identifier, stage: "launch", from: process.life)
        var record = JobRunRecord(launch: number, identifier: identifier, plan: plans.removeValue(forKey: identifier) ?? LaunchPlan())
        record.scheduleRevision = schedules?.revision ?? 0
        record.storeBefore = readBack(folder.syncStoreURL, "the item store") { try SyncStore.readSnapshot(at: folder.syncStoreURL) }
        let temporaryBefore = Set(TemporaryFiles(directory: folder.temporaryFiles).names)
        record.expectedCursor = source.currentBatch.cursor
        journal.begin(record)
        if build.resubmitsAfterLaunch { submitRetryRequest(identifier, launch: number, launchTime: launchTime, process: process) }
        let handler = process.handler(for: identifier)
        handler.watch?.beginHandling(launch: number)
        await handler.adapter.handle(task: task)
        handler.watch?.endHandling()
        let after = readBack(folder.syncStoreURL, "the item store") { try SyncStore.readSnapshot(at: folder.syncStoreURL) }
        let left = TemporaryFiles(directory: folder.temporaryFiles).names.filter { !temporaryBefore.contains($0) }.count
        journal.update(number) { record in
            record.storeAfter = after
            record.temporaryFilesAfter = left
        }
        journal.end(launch: number, identifier: identifier)
        guard process.life.isAlive, build.resubmitsAfterLaunch, handler.job.lastRunCompleted else { return }
        writingOwnStore { try process.completions.setFailureCount(0, of: identifier) }
        if catchUp == nil {
            submitNow(identifier, floor: nil, process: process)
        } else if let next = nextOccurrence(after: launchTime, of: identifier, process: process) {
            submitNow(identifier, floor: next, process: process)
        }
    }

    /// Submitted before the work runs, so that a failure or a death still leaves a request: the launch time plus the
    /// backoff for one more consecutive failure (counted in the completion store, which survives deaths).
    private func submitRetryRequest(_ identifier: String, launch: Int, launchTime: Date, process: AppProcess) {
        var failures = ((try? process.completions.failureCount(of: identifier)) ?? 0) + 1
        // Each occurrence its own attempts: the count starts over once the occurrence that was next at the last
        // counted failure is no longer next (it came due). Nothing is recorded without such a policy.
        var upcoming: Date?
        if configuration.retry?.resetsOnNewOccurrence == true, catchUp != nil {
            upcoming = try? catchUp?.occurrences.next(after: launchTime).date
            let before = try? process.completions.failureUpcoming(of: identifier)
            if failures > 1, let upcoming, let before, before != upcoming { failures = 1 }
        }
        writingOwnStore { try process.completions.setFailureCount(failures, of: identifier, upcoming: upcoming) }
        guard let retry = configuration.retry else {
            // Its floor is the launch's own time: a check that expected another is told which launch asked for it (a
            // black-box review expected the next night after an expired launch and was told no reason).
            if submitNow(identifier, floor: launchTime, process: process) == nil { scheduler.noteRetryRequest(identifier, launch: launch) }
            return
        }
        let delay: Duration?
        do {
            delay = try retry.delay(afterFailures: failures)
        } catch {
            // The policy was checked when the scenario began and the configuration cannot change since; should it
            // ever fail here, the run says so (harness-ran-cleanly) rather than planning a retry from nonsense.
            harnessProblems.append("the retry policy gave no delay: \(error)")
            return
        }
        if let delay {
            // A launch before the retry's floor says how the app came to it (a review asked why 03:16: the second
            // failure in a row, 30 minutes after the launch at 02:46). The next submit forgets the note.
            if submitNow(identifier, floor: launchTime.addingTimeInterval(delay.timeInterval), process: process) == nil {
                let attempts = failures == 1 ? "1 failed attempt" : "\(failures) failed attempts in a row"
                let backoff = switch retry.backoff {
                case .constant: "constant"
                case .exponential: "exponential"
                }
                scheduler.noteFloor(identifier, because: "the app's retry after \(attempts), \(WallTimeText.duration(Int(delay.components.seconds))) after its launch at "
                    + "\(launchTime.rfc3339UTC), as retry's \(backoff) backoff gives")
            }
        } else if let next = nextOccurrence(after: launchTime, of: identifier, process: process) {
            // Attempts used up: wait for the next occurrence instead, and a launch before it says so (a review read
            // only "move the step").
            if submitNow(identifier, floor: next, process: process) == nil {
                let attempts = failures == 1 ? "1 failed attempt" : "\(failures) failed attempts in a row"
                scheduler.noteFloor(identifier, because: "the app gave up retrying after \(attempts), as retry max-attempts is "
                    + "\(retry.maxAttempts ?? failures), and waits for the schedule's next occurrence")
            }
        } else {
            // Attempts used up and no occurrence to wait for: the app submits nothing, and a launch refused for want of
            // a request says why (a maintenance review was told to submit a request the app makes itself).
            let wait = catchUp == nil
                ? "with no schedule there is no next occurrence to wait for"
                : "its schedule has no next occurrence to wait for within the search bound"
            // Noted before the work runs, as the request would have been: a success submits and forgets it.
            let maximum = retry.maxAttempts ?? failures
            let attempts = failures == 1 ? "1 failed attempt" : "\(failures) failed attempts in a row"
            // The count is the app's, kept in its store across relaunches: it can pass the maximum.
            let kept = failures > maximum ? "; the app keeps the count across relaunches" : ""
            scheduler.noteNoRequest(identifier, because: "the app gave up after \(attempts) (retry max-attempts: \(maximum)\(kept)), "
                + "and \(wait), so it submitted no request; expect no-pending-request here, or raise max-attempts to at least "
                + "\(failures + 1)" + (catchUp == nil ? ", or give the scenario a schedule" : ", or raise the schedule's 'limit:'"))
        }
    }
}
