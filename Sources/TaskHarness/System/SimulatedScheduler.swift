import Foundation
import Recurrence
import Synchronization

/// A deterministic BGTaskScheduler: the static gate, the registration window, pending requests with their limits,
/// launches, expirations and `setTaskCompleted`, following `harness-model.md`.
///
/// Every refusal is thrown as a `SchedulerError` and also kept in `errors`; every misuse by the app that the real
/// system tolerates or punishes later (completing twice, success after failure, a transaction open at suspension)
/// is kept in `defects`. Time comes only from the injected `ManualClock`.
///
/// ```swift
/// let scheduler = try SimulatedScheduler(gate: gate, clock: clock)
/// scheduler.startLaunching()
/// _ = try scheduler.register("com.example.app.refresh", kind: .refresh) { task in await adapter.handle(task: task) }
/// try scheduler.submit(TaskRequest(identifier: "com.example.app.refresh", kind: .refresh, earliestBeginDate: floor))
/// scheduler.finishLaunching()
/// try clock.advance(to: floor)
/// let launch = try await scheduler.launch("com.example.app.refresh")   // runs the handler to its end
/// ```
public final class SimulatedScheduler: Sendable {
    /// The advice that ends a `launch-before-earliest-begin` message whose floor a step can reach: a scenario's runner
    /// replaces it where moving the step would take a later launch's run (`LifecycleExecutor.takenLater`).
    public static let moveTheStepAdvice = ", so move the step to or after it"

    /// What the app registers for an identifier: it runs the task's work and returns when that work has ended.
    public typealias LaunchHandler = @Sendable (SimulatedTask) async -> Void

    /// The installed app's Info.plist (`setGate`: an update brought another).
    public var gate: StaticGate { state.withLock { $0.gate } }
    /// Whether the device lets the app run background work now (`setAvailability`: the user changed Settings).
    public var availability: SchedulerAvailability { state.withLock { $0.availability } }
    public let clock: ManualClock
    public let budget: ExpirationBudget

    private struct Registration {
        let kind: TaskKind
        let handler: LaunchHandler
    }

    private struct State {
        var process: ProcessState = .configured
        var generation = 0
        var registrations: [String: Registration] = [:]
        var rejected: [String: StaticGate.GateRefusal] = [:]
        /// Why this process lacks a registration, from whoever started it (a start in the background that registers
        /// fewer tasks): said where a missing handler is an error.
        var startNote: String?
        /// Indices into `requests` of the pending ones.
        var pending: [String: Int] = [:]
        var requests: [SubmittedRequest] = []
        var launches: [LaunchRecord] = []
        var expirationHandlers: [Int: ExpirationHandler] = [:]
        var deadlines: [Int: ManualClock.TimerToken] = [:]
        var errors: [SchedulerError] = []
        var defects: [Defect] = []
        var ignoredCallsAfterDeath = 0
        /// When the user force-quit the app, until the user opens it again (`forceQuit()`, `userOpensApp()`).
        var forceQuitAt: Date?
        /// Why the app left an identifier without a request (it gave up its retries with nothing to wait for), until
        /// its next submit: a `no-pending-request` refusal names it (`noteNoRequest`).
        var noRequestReasons: [String: String] = [:]
        /// How an identifier lost its request since its last accepted submit: a cancel, then a submit refused
        /// (`its request was cancelled at …, and the submit at … was refused (unavailable)`). A launch refused for
        /// want of one says so: an app that cancels and submits while refresh is off was told only to submit.
        var cancelledAt: [String: Date] = [:]
        var refusedSubmit: [String: (at: Date, code: SchedulerError.Code)] = [:]
        /// How many launches were refused since the reason was noted: raising the maximum lets them run, and each one
        /// that fails then counts too.
        var noRequestRefusals: [String: Int] = [:]
        /// Why the app set its pending request's floor where it did, until its next submit (the app gave up retrying and
        /// waits for the next occurrence): a launch refused before the floor names it (`noteFloor`).
        var floorReasons: [String: String] = [:]
        /// The launch whose handler submitted the pending request as its retry with no retry policy, until the next
        /// submit: its floor is that launch's time, and a check of the floor names that launch (`noteRetryRequest`).
        var retryRequestLaunches: [String: Int] = [:]
        var availability: SchedulerAvailability = .available
        var gate = StaticGate(permittedIdentifiers: [], backgroundModes: [])
        var transactionProbe: (@Sendable () -> [String])?
        var terminationObserver: (@Sendable () -> Void)?
        var completionObserver: (@Sendable (Int, Bool) -> Void)?

        /// The index of the pending request for `identifier`, or `no-pending-request` recorded and thrown.
        mutating func pendingRequest(_ identifier: String, _ now: Date) throws(SchedulerError) -> Int {
            guard let index = pending[identifier] else {
                if let reason = noRequestReasons[identifier] {
                    let earlier = noRequestRefusals[identifier, default: 0]
                    noRequestRefusals[identifier] = earlier + 1
                    // Raising max-attempts lets the launches refused before this one run; each that fails counts too (a
                    // review followed the advice at the third step and was told to raise it again).
                    let more = earlier == 0 ? "" : " (or more: the \(earlier == 1 ? "launch" : "\(earlier) launches") refused before this "
                        + "one would run then, and each that fails counts too)"
                    throw fail(.noPendingRequest, identifier, now, "\(identifier) has no pending request, so the system cannot launch it: \(reason)\(more)")
                }
                let lost = [cancelledAt[identifier].map { "its request was cancelled at \($0.rfc3339UTC)" },
                            refusedSubmit[identifier].map { "the submit at \($0.at.rfc3339UTC) was refused (\($0.code.rawValue))" }].compactMap { $0 }
                if !lost.isEmpty {
                    throw fail(.noPendingRequest, identifier, now, "\(identifier) has no pending request, so the system cannot launch it: "
                        + lost.joined(separator: ", and ") + "; a request is pending only once a submit is accepted")
                }
                throw fail(.noPendingRequest, identifier, now, "\(identifier) has no pending request, so the system cannot launch it; submit (or resubmit after each run) a request")
            }
            return index
        }

        /// `unavailable` recorded and thrown for a request of a kind the device does not run now.
        mutating func checkAvailability(of request: TaskRequest, _ identifier: String, _ now: Date) throws(SchedulerError) {
            guard !availability.allows(request.kind) else { return }
            let setting = availability == .simulator ? "the Simulator runs no background task" : "Background App Refresh is off (refresh-disabled)"
            // A force-quit that holds too would refuse the launch next: both ways out are named, so the advice works.
            let forceQuit = request.kind == .refresh && forceQuitAt != nil ? ", and open the app (open-app): the user's force-quit holds too" : ""
            throw fail(.unavailable, identifier, now, "the system does not launch \(identifier): \(setting), so none of the app's \(request.kind.rawValue) tasks runs; expect unavailable here, or turn it on (availability: available) before this launch\(forceQuit)")
        }

        /// `app-force-quit` recorded and thrown for a refresh request while the user's force-quit holds.
        mutating func checkForceQuit(of request: TaskRequest, _ identifier: String, _ now: Date) throws(SchedulerError) {
            guard let forceQuitAt, request.kind == .refresh else { return }
            // A process running under a force-quit is one the system started in the background (a processing task):
            // what the app's code did in it (a submit, a register) is not the user opening the app.
            // When that process holds no handler for the task, opening the app brings it forward without one.
            let running = !process.isRunning ? ""
                : registrations[identifier] != nil
                ? " (the process running now was started by the system in the background: the app's own steps in it do not open the app)"
                : " (the process running now was started by the system in the background and holds no handler for it: open-app brings "
                    + "that process forward without registering it, while a relaunch starts the app anew in the foreground)"
            throw fail(.appForceQuit, identifier, now, "the system does not launch \(identifier): the user force-quit the app at \(forceQuitAt.rfc3339UTC), and until the user opens it again the system launches none of its refresh tasks; expect app-force-quit here, or open the app (open-app) before this launch" + running)
        }

        /// `launch-before-earliest-begin` recorded and thrown when `now` is before the request's floor.
        mutating func checkFloor(of request: TaskRequest, _ identifier: String, _ now: Date) throws(SchedulerError) {
            // Compared as numbers: a floor that is not a number is never reached (Date's `>=` would say it always is).
            guard let floor = request.earliestBeginDate, !(now.timeIntervalSinceReferenceDate >= floor.timeIntervalSinceReferenceDate) else { return }
            // A floor past the clock's last second (a retry grown to `RetryPolicy.longestDelay`) no step reaches.
            let advice = ManualClock.supportedRange.contains(floor)
                ? SimulatedScheduler.moveTheStepAdvice
                : ", so no step can reach it, as the clock ends at 9999-12-31T23:59:59Z; give the retry a maximum delay"
            let why = floorReasons[identifier].map { " (\($0))" } ?? ""
            throw fail(.launchBeforeEarliestBegin, identifier, now, "a launch at \(now.rfc3339UTC) is before the request's earliestBeginDate \(floor.rfc3339UTC)\(why); the system never starts a task earlier\(advice)",
                       // A floor past the years results can hold is left out (no report could show it).
                       earliestBegin: ManualClock.supportedRange.contains(floor) ? floor : nil)
        }

        mutating func fail(_ code: SchedulerError.Code, _ identifier: String, _ at: Date, _ message: String,
                           earliestBegin: Date? = nil, gateRefusal: StaticGate.GateRefusal? = nil) -> SchedulerError {
            let error = SchedulerError(code: code, identifier: identifier, at: at, message: message, earliestBegin: earliestBegin,
                                       gateRefusal: gateRefusal)
            errors.append(error)
            return error
        }
    }

    private let state = Mutex(State())

    /// A scheduler whose tasks expire after `budget`; a budget giving a kind 0 s or less is `ExpirationBudgetError`,
    /// since every task of that kind would expire the instant it launched.
    public init(
        gate: StaticGate,
        availability: SchedulerAvailability = .available,
        clock: ManualClock,
        budget: ExpirationBudget = .standard
    ) throws(ExpirationBudgetError) {
        if let error = ExpirationBudgetError(budget) { throw error }
        state.withLock { state in
            state.gate = gate
            state.availability = availability
        }
        self.clock = clock
        self.budget = budget
    }

    // MARK: Observation

    public var processState: ProcessState { state.withLock { $0.process } }

    /// The current (or last) process generation: 0 before the first start, then 1, 2, ….
    public var processGeneration: Int { state.withLock { $0.generation } }

    /// Every launch so far, in the order they started.
    public var launches: [LaunchRecord] { state.withLock { $0.launches } }

    /// The launch with this number (1-based).
    public func launch(number: Int) -> LaunchRecord? {
        state.withLock { state in number >= 1 && number <= state.launches.count ? state.launches[number - 1] : nil }
    }

    /// Every request ever submitted, with what became of it.
    public var requests: [SubmittedRequest] { state.withLock { $0.requests } }

    /// The requests waiting for a launch, in submission order.
    public var pendingRequests: [TaskRequest] {
        state.withLock { state in state.pending.values.sorted().map { state.requests[$0].request } }
    }

    /// The registration of `identifier` in the current process.
    public func registrationState(of identifier: String) -> RegistrationState {
        state.withLock { state in
            if state.registrations[identifier] != nil { return .registered }
            return state.rejected[identifier] != nil ? .rejected : .unregistered
        }
    }

    /// Every lifecycle error raised so far, in order.
    public var errors: [SchedulerError] { state.withLock { $0.errors } }

    /// Every defect recorded so far, in order.
    public var defects: [Defect] { state.withLock { $0.defects } }

    /// `setTaskCompleted` calls that arrived for a launch whose process had already died (they have no effect).
    public var ignoredCallsAfterDeath: Int { state.withLock { $0.ignoredCallsAfterDeath } }

    /// Records a defect found by the app-side layer (for example work after expiration).
    public func recordDefect(_ defect: Defect) {
        state.withLock { $0.defects.append(defect) }
    }

    /// Tells the scheduler how to find open transactions when it suspends the process (names of the stores).
    public func setOpenTransactionProbe(_ probe: (@Sendable () -> [String])?) {
        state.withLock { $0.transactionProbe = probe }
    }

    /// Called (outside any lock) each time the process dies, so the app side can drop what lived in it.
    public func setTerminationObserver(_ observer: (@Sendable () -> Void)?) {
        state.withLock { $0.terminationObserver = observer }
    }

    /// Called (outside any lock) with the launch number and the value of each `setTaskCompleted` call the app makes.
    public func setCompletionObserver(_ observer: (@Sendable (Int, Bool) -> Void)?) {
        state.withLock { $0.completionObserver = observer }
    }

    // MARK: Process

    /// Starts a process (configured or terminated → launching): the registration window opens.
    /// - Parameter note: why the new process may lack a registration (it was started by the system, and such a start
    ///   registers fewer tasks), added to the message of a submit or launch that finds no handler.
    public func startLaunching(note: String? = nil) {
        state.withLock { state in
            guard !state.process.isRunning else { return }
            state.process = .launching
            state.generation += 1
            state.registrations = [:]
            state.rejected = [:]
            state.startNote = note
        }
    }

    /// Ends the registration window (launching → launched); later registrations are `late-registration`.
    public func finishLaunching() {
        state.withLock { state in
            if state.process == .launching { state.process = .launched }
        }
    }

    /// Suspends the process (launched → suspended); each open transaction the probe reports is a defect, of `launch`
    /// when given (the launch whose work was in flight), else of the process's last launch.
    @discardableResult
    public func suspend(during launch: Int? = nil) -> [Defect] {
        let probe: (@Sendable () -> [String])? = state.withLock { state in
            guard state.process == .launched || state.process == .launching else { return nil }
            state.process = .suspended
            return state.transactionProbe
        }
        return recordOpenTransactions(probe?() ?? [], during: launch)
    }

    private func recordOpenTransactions(_ stores: [String], during launch: Int? = nil) -> [Defect] {
        state.withLock { state in
            // The launch named, else the process's last: a nested launch that had ended was blamed for the outer
            // launch's transaction, suspended with its work in flight (a review).
            let running = launch.flatMap { number in state.launches.indices.contains(number - 1) ? state.launches[number - 1] : nil }
                ?? state.launches.last { $0.process == state.generation }
            let found = stores.map { store in
                Defect(
                    kind: .openTransactionAtSuspension, identifier: running?.identifier ?? "app", launch: running?.number,
                    detail: "a transaction on \(store) was open when the process was suspended; keep transactions short and end them before the task completes")
            }
            state.defects += found
            return found
        }
    }

    /// Brings a suspended process back to the foreground (suspended → launched).
    public func resume() {
        state.withLock { state in
            if state.process == .suspended { state.process = .launched }
        }
    }

    /// When the user force-quit the app, while that holds (until `userOpensApp()`); nil otherwise.
    public var forceQuitAt: Date? { state.withLock { $0.forceQuitAt } }

    /// The user force-quits the app from the app switcher: the process dies (`terminate()`), and until the user opens
    /// the app again the system launches none of its refresh tasks (`app-force-quit`). Processing requests may
    /// still run, as Apple's engineers have said they do by design.
    public func forceQuit() {
        let now = clock.now
        state.withLock { $0.forceQuitAt = now }
        terminate()
    }

    /// The user changes the device's setting (Background App Refresh off or on) from now on. Pending requests stay:
    /// while a kind is not allowed, its submits fail and its requests are not launched (`unavailable`).
    public func setAvailability(_ availability: SchedulerAvailability) {
        state.withLock { $0.availability = availability }
    }

    /// A new version of the app, with another Info.plist, is installed: registrations and submits are checked
    /// against `gate` from now on.
    public func setGate(_ gate: StaticGate) {
        state.withLock { $0.gate = gate }
    }

    /// The user opens the app (a start in the foreground): a force-quit no longer holds.
    public func userOpensApp() {
        state.withLock { $0.forceQuitAt = nil }
    }

    /// Kills the process: registrations and handlers are dropped, running tasks end as `killed`; pending requests stay.
    public func terminate() {
        let observer: (@Sendable () -> Void)? = state.withLock { state in
            guard state.process.isRunning else { return nil }
            state.process = .terminated
            state.registrations = [:]
            state.rejected = [:]
            state.expirationHandlers = [:]
            for index in state.launches.indices where state.launches[index].isUnfinished {
                state.launches[index].state = .killed
                if let token = state.deadlines.removeValue(forKey: state.launches[index].number) {
                    clock.cancel(token)
                }
            }
            return state.terminationObserver
        }
        observer?()
    }

    // MARK: Registration and requests

    /// Registers a launch handler, like `BGTaskScheduler.register(forTaskWithIdentifier:using:launchHandler:)`.
    ///
    /// Returns false (and registers nothing) when the static gate refuses the identifier or its background mode.
    /// Throws `late-registration` after launch finished and `duplicate-registration` for a second registration in
    /// one process — the real system crashes the app for both.
    @discardableResult
    public func register(_ identifier: String, kind: TaskKind, launchHandler: @escaping LaunchHandler) throws(SchedulerError) -> Bool {
        let now = clock.now
        return try state.withLock { (state) throws(SchedulerError) -> Bool in
            guard state.process.isRunning else {
                throw state.fail(.processNotRunning, identifier, now, "register \(identifier) while no app process runs; registrations happen while the app launches")
            }
            guard state.process == .launching else {
                throw state.fail(.lateRegistration, identifier, now, "register \(identifier) came after the app finished launching; register every identifier before launch finishes")
            }
            guard state.registrations[identifier] == nil else {
                throw state.fail(.duplicateRegistration, identifier, now, "\(identifier) is already registered in this process; register each identifier once")
            }
            if let refusal = state.gate.refusal(for: identifier, kind: kind) {
                state.rejected[identifier] = refusal
                return false
            }
            state.registrations[identifier] = Registration(kind: kind, handler: launchHandler)
            return true
        }
    }

    /// Submits a request, like `BGTaskScheduler.submit(_:)`; a pending request for the same identifier is replaced.
    ///
    /// The request's floor was checked when it was made: in `try scheduler.submit(TaskRequest(…))` a floor outside
    /// years 0001…9999 is refused by `TaskRequest`'s init (`TaskRequestError`), before this runs. The refusals
    /// thrown here are the lifecycle errors a spec lists, which a floor out of the clock's range is not.
    public func submit(_ request: TaskRequest) throws(SchedulerError) {
        let now = clock.now
        let id = request.identifier
        do {
            try accept(request, id, now)
        } catch {
            // Only a refusal that leaves nothing pending is how the request was lost (too-many-pending keeps the others).
            state.withLock { if $0.pending[id] == nil { $0.refusedSubmit[id] = (now, error.code) } }
            throw error
        }
    }

    private func accept(_ request: TaskRequest, _ id: String, _ now: Date) throws(SchedulerError) {
        try state.withLock { (state) throws(SchedulerError) in
            switch state.gate.refusal(for: id, kind: request.kind) {
            case let refusal?:
                throw state.fail(.notPermitted, id, now, StaticGate.refusalSentence(refusal, identifier: id), gateRefusal: refusal)
            case nil:
                break
            }
            guard state.availability.allows(request.kind) else {
                throw state.fail(.unavailable, id, now, "\(id) cannot be submitted: background tasks are unavailable (\(state.availability.rawValue)); handle the unavailable error instead of assuming the request was accepted")
            }
            guard state.process.isRunning, state.registrations[id] != nil else {
                throw state.fail(.notRegistered, id, now, "\(id) has no launch handler registered in this process; register it while the app launches, before submitting"
                                 + (state.process.isRunning ? state.startNote.map { ": " + $0 } ?? "" : ""))
            }
            let othersPending = state.pending.filter { $0.key != id && state.requests[$0.value].request.kind == request.kind }.count
            guard othersPending < request.kind.pendingLimit else {
                throw state.fail(.tooManyPending, id, now, "\(othersPending + 1) \(request.kind.rawValue) requests would be pending (limit \(request.kind.pendingLimit)); cancel one or resubmit the same identifier to replace it")
            }
            if let replaced = state.pending[id] {
                state.requests[replaced].state = .replaced
            }
            state.requests.append(SubmittedRequest(request: request, submittedAt: now, state: .pending))
            state.pending[id] = state.requests.count - 1
            state.noRequestReasons[id] = nil
            state.noRequestRefusals[id] = nil
            state.floorReasons[id] = nil
            state.retryRequestLaunches[id] = nil
            state.cancelledAt[id] = nil
            state.refusedSubmit[id] = nil
        }
    }

    /// Why each pending request has the floor it has, by identifier, where the app noted it (a retry's backoff).
    public var floorReasons: [String: String] {
        state.withLock { $0.floorReasons }
    }

    /// Why the app's pending request for `identifier` has the floor it has (`reason`), until the next submit.
    public func noteFloor(_ identifier: String, because reason: String) {
        state.withLock { $0.floorReasons[identifier] = reason }
    }

    /// The launch, by number, whose handler submitted each pending request as its retry with no retry policy.
    public var retryRequestLaunches: [String: Int] {
        state.withLock { $0.retryRequestLaunches }
    }

    /// The app's pending request for `identifier` is the retry launch `launch`'s handler submitted with no retry policy
    /// (its floor, that launch's time), until the next submit.
    public func noteRetryRequest(_ identifier: String, launch: Int) {
        state.withLock { $0.retryRequestLaunches[identifier] = launch }
    }

    /// The app chose to leave `identifier` without a request (`reason`, with what to do): a launch refused for want
    /// of one says so instead of advising a submit the app already makes. The next accepted submit forgets it.
    public func noteNoRequest(_ identifier: String, because reason: String) {
        state.withLock { state in
            state.noRequestReasons[identifier] = reason
            state.noRequestRefusals[identifier] = nil
        }
    }

    /// Cancels the pending request for `identifier`, if any; returns whether one was pending.
    @discardableResult
    public func cancel(taskRequestWithIdentifier identifier: String) -> Bool {
        let now = clock.now
        return state.withLock { state in
            guard let index = state.pending.removeValue(forKey: identifier) else { return false }
            state.requests[index].state = .cancelled
            state.cancelledAt[identifier] = now
            state.refusedSubmit[identifier] = nil
            return true
        }
    }

    /// Cancels every pending request.
    public func cancelAllTaskRequests() {
        let now = clock.now
        state.withLock { state in
            for (identifier, index) in state.pending {
                state.requests[index].state = .cancelled
                state.cancelledAt[identifier] = now
                state.refusedSubmit[identifier] = nil
            }
            state.pending = [:]
        }
    }

    // MARK: The system's side

    /// What `launch` would refuse before any handler is asked — nothing pending for `identifier`, a kind the device
    /// does not run now, a refresh request while the user's force-quit holds, or its floor still ahead — recorded as `launch` records it; nil when the request can be delivered. The system starts an app that is
    /// not running only to deliver a request it can launch: asked first, a cancelled request is not brought back by
    /// the submit of the app's own start-up.
    public func refusalBeforeStart(_ identifier: String) -> SchedulerError? {
        let now = clock.now
        return state.withLock { state in
            do throws(SchedulerError) {
                let request = try state.requests[state.pendingRequest(identifier, now)].request
                try state.checkAvailability(of: request, identifier, now)
                try state.checkForceQuit(of: request, identifier, now)
                try state.checkFloor(of: request, identifier, now)
                return nil
            } catch {
                return error
            }
        }
    }

    /// Launches the pending request for `identifier` now and runs its launch handler until the handler returns.
    ///
    /// Throws `no-pending-request` when nothing is pending for it, `unavailable` for a kind the device does not run
    /// now, `app-force-quit` for a refresh request while the user's force-quit holds, `no-launch-handler` when no process has a handler registered for it, and
    /// `launch-before-earliest-begin` when the clock is before the request's floor. A
    /// suspended process is resumed first; once no task of the process is running any more, it is suspended again.
    @discardableResult
    public func launch(_ identifier: String) async throws(SchedulerError) -> LaunchRecord {
        let now = clock.now
        let (task, handler) = try state.withLock { (state) throws(SchedulerError) -> (SimulatedTask, LaunchHandler) in
            let requestIndex = try state.pendingRequest(identifier, now)
            try state.checkAvailability(of: state.requests[requestIndex].request, identifier, now)
            try state.checkForceQuit(of: state.requests[requestIndex].request, identifier, now)
            guard state.process.isRunning, let registration = state.registrations[identifier] else {
                // A registration the gate refused is no handler either, and "register it" would not help; nor did "permit
                // it" for an identifier permitted whose background mode an update dropped (a review): the refusal is named.
                let refusal = state.process.isRunning ? state.rejected[identifier] : nil
                let advice = refusal.map { "its registration was refused: " + StaticGate.refusalSentence($0, identifier: identifier) }
                    ?? "register it at every app launch" + (state.process.isRunning ? state.startNote.map { ": " + $0 } ?? "" : "")
                throw state.fail(.noLaunchHandler, identifier, now, "the system launched \(identifier) but this process registered no launch handler for it; \(advice)",
                                 gateRefusal: refusal)
            }
            let request = state.requests[requestIndex].request
            try state.checkFloor(of: request, identifier, now)
            let number = state.launches.count + 1
            state.pending[identifier] = nil
            state.requests[requestIndex].state = .launched(number)
            if state.process != .launched { state.process = .launched }
            state.launches.append(LaunchRecord(
                number: number, identifier: identifier, kind: registration.kind, process: state.generation,
                planned: request.earliestBeginDate, actual: now, state: .running))
            let deadline = now.addingTimeInterval(budget.budget(for: registration.kind).timeInterval)
            state.deadlines[number] = clock.schedule(at: deadline, label: "expiration deadline of \(identifier) launch #\(number)") { [weak self] in
                self?.expireAtDeadline(number)
            }
            return (SimulatedTask(identifier: identifier, kind: registration.kind, launchNumber: number, scheduler: self), registration.handler)
        }
        await handler(task)
        let probe: (@Sendable () -> [String])? = state.withLock { state in
            state.launches[task.launchNumber - 1].handlerReturned = true
            let busy = state.launches.contains { $0.process == state.generation && $0.isUnfinished }
            guard state.process == .launched, !busy else { return nil }
            state.process = .suspended
            return state.transactionProbe
        }
        if let probe { _ = recordOpenTransactions(probe()) }
        return state.withLock { $0.launches[task.launchNumber - 1] }
    }

    /// Expires the running task for `identifier`: calls its expiration handler, or with none ends it completed(false).
    public func expire(_ identifier: String) throws(SchedulerError) {
        let now = clock.now
        let number = try state.withLock { (state) throws(SchedulerError) -> Int in
            guard let record = state.launches.last(where: { $0.identifier == identifier && $0.state == .running }) else {
                throw state.fail(.notRunning, identifier, now, "\(identifier) has no running task to expire; expire it during a launch")
            }
            return record.number
        }
        runExpiration(number)
    }

    private func runExpiration(_ number: Int) {
        let now = clock.now
        let handler: ExpirationHandler?? = state.withLock { state in
            let index = number - 1
            guard state.launches[index].state == .running else { return .none }
            state.launches[index].state = .expiring
            state.launches[index].expiredAt = now
            // The deadline stays armed: an app told to stop that never calls setTaskCompleted is still killed
            // when its time is up, as it would be had nobody expired it early.
            return .some(state.expirationHandlers[number])
        }
        switch handler {
        case .none:
            return
        case .some(.some(let handler)):
            handler.call()
        case .some(.none):
            // No expiration handler: the system ends the task itself, as a failure.
            state.withLock { state in
                if state.launches[number - 1].state == .expiring {
                    state.launches[number - 1].state = .completed(success: false, bySystem: true)
                    if let token = state.deadlines.removeValue(forKey: number) { clock.cancel(token) }
                }
            }
        }
    }

    private func expireAtDeadline(_ number: Int) {
        _ = state.withLock { $0.deadlines.removeValue(forKey: number) }
        runExpiration(number)
        let unfinished: LaunchRecord? = state.withLock { state in
            state.launches[number - 1].isUnfinished ? state.launches[number - 1] : nil
        }
        guard let unfinished else { return }
        recordDefect(Defect(
            kind: .missingCompletion, identifier: unfinished.identifier, launch: number,
            detail: "the expiration deadline passed and setTaskCompleted was never called, so the system killed the app; call it exactly once when the work ends"))
        terminate()
    }

    // MARK: Called through SimulatedTask

    func expirationHandler(ofLaunch number: Int) -> ExpirationHandler? {
        state.withLock { $0.expirationHandlers[number] }
    }

    func setExpirationHandler(_ handler: ExpirationHandler?, ofLaunch number: Int) {
        state.withLock { state in
            guard state.launches[number - 1].isUnfinished else { return }
            state.expirationHandlers[number] = handler
        }
    }

    func setTaskCompleted(success: Bool, launch number: Int) {
        let observer: (@Sendable (Int, Bool) -> Void)? = state.withLock { state in
            let index = number - 1
            var record = state.launches[index]
            guard record.state != .killed else {
                state.ignoredCallsAfterDeath += 1
                return nil
            }
            let earlier = record.completionCalls
            record.completionCalls.append(success)
            let id = record.identifier
            if !earlier.isEmpty {
                state.defects.append(Defect(
                    kind: .completedTwice, identifier: id, launch: number,
                    detail: "setTaskCompleted was called \(record.completionCalls.count) times (\(record.completionCalls.map(String.init).joined(separator: ", "))); call it exactly once"))
            }
            let endedAsFailure = earlier.contains(false) || record.state == .completed(success: false, bySystem: true)
            if success && endedAsFailure {
                state.defects.append(Defect(
                    kind: .successAfterFailure, identifier: id, launch: number,
                    detail: "success was reported after the launch had already ended as a failure; report the job's real outcome once"))
            }
            if success && record.expiredAt != nil {
                state.defects.append(Defect(
                    kind: .successAfterExpiration, identifier: id, launch: number,
                    detail: "success was reported after the system expired the task; after expiration cancel the job and report false"))
            }
            if record.isUnfinished {
                record.state = .completed(success: success, bySystem: false)
                if let token = state.deadlines.removeValue(forKey: number) { clock.cancel(token) }
                // The handler may capture the task (and so this scheduler); the ended task no longer needs it.
                state.expirationHandlers[number] = nil
            }
            state.launches[index] = record
            return state.completionObserver
        }
        observer?(number, success)
    }
}
