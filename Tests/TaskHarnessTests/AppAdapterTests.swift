import Foundation
import Synchronization
import Testing
// Not @testable: an app team has only the public API.
import TaskHarness

// Adapters as an app team writes them: against `LaunchedTask` (so that on a device they take a `BGTask`), the work in
// a `Task` of their own, conforming to `LaunchHandling` with an empty extension.

/// Reports the end of the work once, whichever of the work and the expiration handler comes first.
final class CompletionOnce<Launched: LaunchedTask & Sendable>: Sendable {
    private let task: Launched
    private let reported = Mutex(false)

    init(_ task: Launched) { self.task = task }

    func report(success: Bool) {
        let first = reported.withLock { reported in
            defer { reported = true }
            return !reported
        }
        if first { task.setTaskCompleted(success: success) }
    }
}

/// The `Task` an adapter runs its work in, for an expiration handler set before the work starts.
final class RunningWork: Sendable {
    private let state = Mutex<(task: Task<Void, Never>?, cancelled: Bool)>((nil, false))

    func start(_ task: Task<Void, Never>) {
        let cancelled = state.withLock { state in
            state.task = task
            return state.cancelled
        }
        if cancelled { task.cancel() }
    }

    func cancel() {
        state.withLock { state in
            state.cancelled = true
            return state.task
        }?.cancel()
    }
}

/// A correct adapter: the expiration handler is set before the work starts; it cancels the work's `Task` (and the
/// job, whose own flag is checked when the `Task` is not stored yet) and reports false itself; the work reports its
/// outcome; `CompletionOnce` keeps the second report from being a second call.
struct ReminderAdapter: Sendable {
    let work: any RefreshJob

    func handle(task: some LaunchedTask & Sendable) async {
        let completion = CompletionOnce(task)
        let running = RunningWork()
        task.expirationHandler = {
            running.cancel()
            work.cancel()
            completion.report(success: false)
        }
        let operation = Task {
            do {
                try await work.run()
                completion.report(success: true)
            } catch {
                completion.report(success: false)
            }
        }
        running.start(operation)
        await operation.value
    }
}

extension ReminderAdapter: LaunchHandling {}

/// Bug 9 in an app's own code: it never sets an expiration handler, so nothing stops the work when time is up.
struct ForgetfulAdapter: LaunchHandling {
    let work: any RefreshJob

    func handle(task: some LaunchedTask & Sendable) async {
        let operation = Task {
            do {
                try await work.run()
                task.setTaskCompleted(success: true)
            } catch {
                task.setTaskCompleted(success: false)
            }
        }
        await operation.value
    }
}

/// The app's own copy of `LaunchedTask`, for an app that keeps `TaskHarness` a test dependency: the same three
/// requirements, so `BGTask` conforms in the app and `SimulatedTask` in the tests, both with an empty extension.
protocol AppLaunchedTask: AnyObject {
    var identifier: String { get }
    var expirationHandler: (() -> Void)? { get set }
    func setTaskCompleted(success: Bool)
}

extension SimulatedTask: AppLaunchedTask {}

/// Bug 7 in an app's own code: the expiration handler reports false, and so does the cancelled work, unguarded.
/// Written against the app's own copy of the protocol.
struct DoubleCompletingAdapter: LaunchHandling {
    let work: any RefreshJob

    func handle(task: some AppLaunchedTask & Sendable) async {
        let running = RunningWork()
        task.expirationHandler = {
            running.cancel()
            work.cancel()
            task.setTaskCompleted(success: false)
        }
        let operation = Task {
            do {
                try await work.run()
                task.setTaskCompleted(success: true)
            } catch {
                task.setTaskCompleted(success: false)
            }
        }
        running.start(operation)
        await operation.value
    }
}

/// What the work of an adapter that returns at once waits for, so that a test decides when it goes on.
final class Gate: Sendable {
    private let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    init() { (stream, continuation) = AsyncStream<Void>.makeStream() }

    func open() { continuation.yield() }

    func wait() async {
        for await _ in stream { return }
    }
}

/// The `Task`s an adapter that returns at once leaves running, for the test to await before it ends.
final class LeftWork: Sendable {
    private let tasks = Mutex<[Task<Void, Never>]>([])

    func keep(_ task: Task<Void, Never>) { tasks.withLock { $0.append(task) } }

    func finish() async {
        for task in tasks.withLock({ $0 }) { await task.value }
    }
}

/// An adapter shaped like a device's launch handler: it returns as soon as its `Task` is started, and the `Task`
/// waits for `gate` before the job runs, so the job starts after `handle` returned.
struct ReturnsAtOnceAdapter: LaunchHandling {
    let work: any RefreshJob
    let gate: Gate
    let left: LeftWork

    func handle(task: some LaunchedTask & Sendable) async {
        let work = work
        let gate = gate
        let operation = Task {
            await gate.wait()
            do {
                try await work.run()
                task.setTaskCompleted(success: true)
            } catch {
                task.setTaskCompleted(success: false)
            }
        }
        task.expirationHandler = { operation.cancel() }
        left.keep(operation)
    }
}

/// An app's own adapter driven through `LifecycleSimulation`: the same scenario, report and invariant checks as the
/// built-in adapters get.
@Suite struct AppAdapterTests {
    let refresh = Fixture.refresh

    /// An expiration during parse, an interruption after the write, a relaunch, and the retry.
    func runScenario(_ adapter: AppAdapter) async throws -> LifecycleReport {
        var configuration = Fixture.configuration()
        configuration.adapter = .app(adapter)
        let simulation = try await LifecycleSimulation(configuration)
        try await simulation.launch(refresh, at: instant("2027-03-29T02:31:00+02:00"), plan: LaunchPlan(expireDuring: .parse))
        try await simulation.launch(refresh, at: instant("2027-03-30T04:00:00+02:00"), plan: LaunchPlan(interrupt: .afterWrite))
        try await simulation.relaunch()
        try await simulation.launch(refresh, at: instant("2027-03-31T04:00:00+02:00"))
        return await simulation.finish()
    }

    @Test func aCorrectAppAdapterPassesEveryInvariantThroughExpirationInterruptionAndRelaunch() async throws {
        let made = Mutex(0)
        let report = try await runScenario(AppAdapter("reminders") { job in
            made.withLock { $0 += 1 }
            return ReminderAdapter(work: job)
        })
        #expect(report.failedChecks.map(\.name) == [])
        #expect(report.defects == [])
        #expect(report.completed.map(\.rawValue) == ["false", "killed", "true"])
        // The expired launch was ended by the adapter's own handler, not by the system.
        #expect(report.launches.first?.state == .completed(success: false, bySystem: false))
        #expect(report.launches.map(\.completionCalls) == [[false], [], [true]])
        // The retry reconciled the interrupted write: one commit, one side effect.
        #expect(report.store.items == ["42", "43"])
        #expect(report.store.commits == 1)
        #expect(report.sideEffectCount == 1)
        #expect(report.temporaryFiles == [])
        // One adapter per process: the first process (launches 1 and 2) and the one the relaunch started.
        #expect(made.withLock { $0 } == 2)
    }

    @Test func anAppAdapterWithoutAnExpirationHandlerFailsExpirationHonoured() async throws {
        let report = try await runScenario(AppAdapter("forgetful") { ForgetfulAdapter(work: $0) })
        #expect(report.failedChecks.map(\.name) == ["no-open-transaction-at-suspension", "expiration-honoured"])
        #expect(report.defects.map(\.kind) == [.workAfterExpiration, .openTransactionAtSuspension])
        // With no handler the system ended the task; the job ran on into its write transaction, where the system
        // suspended the process, and it died there.
        #expect(report.launches.first?.state == .completed(success: false, bySystem: true))
        #expect(report.jobRuns.first?.processDiedDuringRun == true)
    }

    @Test func anAppAdapterThatCompletesTwiceFailsOneCompletionPerLaunch() async throws {
        let report = try await runScenario(AppAdapter("double") { DoubleCompletingAdapter(work: $0) })
        #expect(report.failedChecks.map(\.name) == ["one-completion-per-launch"])
        #expect(report.defects.map(\.kind) == [.completedTwice])
        #expect(report.launches.first?.completionCalls == [false, false])
    }

    @Test func anAppAdapterThatReturnsBeforeItsWorkStartsFailsHarnessRanCleanly() async throws {
        let gate = Gate()
        let left = LeftWork()
        var configuration = Fixture.configuration()
        configuration.adapter = .app(AppAdapter("returns-at-once") { ReturnsAtOnceAdapter(work: $0, gate: gate, left: left) })
        let simulation = try await LifecycleSimulation(configuration)
        try await simulation.launch(refresh, at: instant("2027-03-29T02:31:00+02:00"))
        gate.open()
        await left.finish()
        let report = await simulation.finish()
        #expect(report.failedChecks.map(\.name) == ["harness-ran-cleanly"])
        #expect(report.failedChecks.first?.detail
            == "the app's adapter for \(refresh) started its job after handle(task:) had returned; await the work it starts before returning")
        // The job was refused: nothing ran behind the scenario's back.
        #expect(report.store.commits == 0)
        #expect(report.completed.map(\.rawValue) == ["false"])
    }

    @Test func anAppAdapterIsEqualOnlyToItsCopies() {
        let one = AppAdapter("reminders") { ReminderAdapter(work: $0) }
        let other = AppAdapter("reminders") { ReminderAdapter(work: $0) }
        let copy = one
        #expect(LifecycleConfiguration.Adapter.app(one) == .app(copy))
        #expect(LifecycleConfiguration.Adapter.app(one) != .app(other))
        #expect(LifecycleConfiguration.Adapter.app(one) != .thin)
    }
}
