import Foundation
import Recurrence
import TaskHarness

let id = "com.example.app.refresh"
// The app's Info.plist; here one written to a temporary file.
let plistURL = FileManager.default.temporaryDirectory.appendingPathComponent("Info-\(UUID().uuidString).plist")
let plist = ["BGTaskSchedulerPermittedIdentifiers": [id], "UIBackgroundModes": ["fetch"]]
try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0).write(to: plistURL)
let clock = try Date("2027-03-29T00:00:00+02:00", strategy: .iso8601)
let schedule = try Schedule(
    id: "nightly-sync", rule: .daily(at: TimeOfDay(hour: 2, minute: 30)!),
    timeZone: TimeZone(identifier: "Europe/Berlin")!, nonexistent: .skip, repeated: .first)

let configuration = LifecycleConfiguration(
    tasks: [.init(identifier: id, kind: .refresh)],                        // task.identifier / kind
    gate: try StaticGate(infoPlistAt: plistURL),          // or StaticGate(permittedIdentifiers:backgroundModes:)
    clockStart: clock,                                    // clock:
    items: ["42", "43"],                                  // job.items
    stages: [.download, .parse, .write],                  // job.stages
    schedule: ScheduleOccurrences(schedule))              // schedule: (optional)
let simulation = try await LifecycleSimulation(configuration)   // starts the first process at `clock`

// steps
var t = try Date("2027-03-29T02:31:00+02:00", strategy: .iso8601)
try await simulation.launch(id, at: t, plan: LaunchPlan(expireDuring: .parse))                     // expire: during parse
t = try Date("2027-03-30T04:00:00+02:00", strategy: .iso8601)
try await simulation.launch(id, at: t, plan: LaunchPlan(fault: InjectedFault(stage: .write, errorType: "disk-full")))
t = try Date("2027-03-31T04:00:00+02:00", strategy: .iso8601)
try await simulation.launch(id, at: t, plan: LaunchPlan(interrupt: .afterWrite))                   // interrupt: after-write
t = try Date("2027-03-31T05:00:00+02:00", strategy: .iso8601)
try await simulation.advance(to: t)           // or advance(by:)
print(try await simulation.register(id))      // a Result<Bool, SchedulerError>: here late-registration
print(try await simulation.submit(id, earliestBeginDate: t) as Any)   // the SchedulerError, or nil
await simulation.cancel(id); await simulation.cancelAll()
try await simulation.relaunch(registering: nil)            // nil keeps the startup registrations
await simulation.terminate()                  // the system ends the app; the next launch starts it in the background
try await simulation.forceQuit()              // the user swipes it away: refresh launches refused, app-force-quit
try await simulation.openApp()                // until the user opens it (a running process comes to the foreground; any start in the foreground does too)
try await simulation.setAvailability(.available)   // the user turns Background App Refresh on (it was already)
try await simulation.updateApp(AppUpdate(adapter: .thin))   // a new version: the process ends, its code runs from the next start
await simulation.setItems(["42", "43", "44"])
try await simulation.launch(id, at: try Date("2027-03-31T06:00:00+02:00", strategy: .iso8601))   // the retry

let report = await simulation.finish()        // closes everything and removes the scenario folder
print(report.completed.map(\.rawValue))
print(report.store.items, report.store.commits, report.sideEffectCount)
print(report.errorCodes, report.failedChecks.map(\.name))
try FileManager.default.removeItem(at: plistURL)

import Synchronization
// `id` and `schedule` are the block above's: com.example.app.refresh, and 02:30 daily in Europe/Berlin.

/// The app's own job: all the harness needs is `run()` and `cancel()`.
final class ReminderRefresh: RefreshJob {
    let saved = Atomic<Int>(0)
    private let cancelled = Atomic<Bool>(false)
    private let download: @Sendable () async -> Void   // where a test can hold the job mid-run

    init(download: @escaping @Sendable () async -> Void = {}) { self.download = download }

    func run() async throws {
        await download()
        if cancelled.load(ordering: .acquiring) { throw CancellationError() }
        try Task.checkCancellation()
        saved.add(1, ordering: .relaxed)
    }

    func cancel() { cancelled.store(true, ordering: .releasing) }
}

let (reachedDownload, reachDownload) = AsyncStream<Void>.makeStream()
let (resumeDownload, resume) = AsyncStream<Void>.makeStream()
let quickJob = ReminderRefresh()
let heldJob = ReminderRefresh(download: {
    reachDownload.yield()
    for await _ in resumeDownload { break }
})

let systemClock = try ManualClock(start: Date("2027-03-27T12:00:00Z", strategy: .iso8601))
let scheduler = try SimulatedScheduler(
    gate: StaticGate(permittedIdentifiers: [id], backgroundModes: ["fetch"]), clock: systemClock)
scheduler.startLaunching()                       // the app starts: the registration window is open
let registered = try scheduler.register(id, kind: .refresh) { task in
    await BackgroundRefreshAdapter(job: task.launchNumber == 1 ? quickJob : heldJob).handle(task: task)
}
var floor = try schedule.next(after: systemClock.now).date                 // the next 02:30 in Berlin
try scheduler.submit(TaskRequest(identifier: id, kind: .refresh, earliestBeginDate: floor))
scheduler.finishLaunching()
print(registered, floor.rfc3339UTC)

try systemClock.advance(to: floor)
let first = try await scheduler.launch(id)       // runs the handler to its end
print(first.state, quickJob.saved.load(ordering: .relaxed))

floor = try schedule.next(after: floor).date
try scheduler.submit(TaskRequest(identifier: id, kind: .refresh, earliestBeginDate: floor))
try systemClock.advance(to: floor)
let launch = Task { try await scheduler.launch(id) }
for await _ in reachedDownload { break }         // the job is inside its download
try scheduler.expire(id)                         // time is up: the adapter's expiration handler cancels the job
resume.yield()
let second = try await launch.value
print(second.state, heldJob.saved.load(ordering: .relaxed), scheduler.defects, scheduler.clock.pendingWork)

/// Fails while the network is down, and keeps the count of consecutive failures the app's retry floor needs.
final class FlakyRefresh: RefreshJob {
    let outages: Atomic<Int>
    let failures = Atomic<Int>(0)    // a real app keeps this on disk: it must survive a relaunch
    init(outages: Int) { self.outages = Atomic(outages) }

    func run() async throws {
        if outages.subtract(1, ordering: .relaxed).newValue >= 0 {
            failures.add(1, ordering: .relaxed)
            throw URLError(.notConnectedToInternet)
        }
        failures.store(0, ordering: .relaxed)
    }

    func cancel() {}
}

let retryClock = try ManualClock(start: Date("2027-03-31T00:30:00Z", strategy: .iso8601))
let retrying = try SimulatedScheduler(
    gate: StaticGate(permittedIdentifiers: [id], backgroundModes: ["fetch"]), clock: retryClock)
let policy = RetryPolicy(backoff: .exponential(initial: .seconds(60), factor: 2, maximum: .seconds(3600)), maxAttempts: 5)
let flaky = FlakyRefresh(outages: 2)
let resubmit: @Sendable (Date) -> Void = { floor in
    do { try retrying.submit(TaskRequest(identifier: id, kind: .refresh, earliestBeginDate: floor)) }
    catch { print("submit refused:", error) }
}
// What the app registers at every launch: a retry request first (so a failure or a death still leaves one),
// then the job; after a success, the next occurrence replaces the retry.
let handler: SimulatedScheduler.LaunchHandler = { task in
    let launchTime = retryClock.now
    do {
        if let delay = try policy.delay(afterFailures: flaky.failures.load(ordering: .relaxed) + 1) {
            resubmit(launchTime + delay.timeInterval)
        }
    } catch {
        print("retry policy:", error)
    }
    await BackgroundRefreshAdapter(job: flaky).handle(task: task)
    if flaky.failures.load(ordering: .relaxed) == 0 {
        do { resubmit(try schedule.next(after: launchTime).date) } catch { print("no next occurrence:", error) }
    }
}
func pendingFloor() -> String { retrying.pendingRequests.first?.earliestBeginDate?.rfc3339UTC ?? "none" }

retrying.startLaunching()
try retrying.register(id, kind: .refresh, launchHandler: handler)
try retrying.submit(TaskRequest(identifier: id, kind: .refresh, earliestBeginDate: retryClock.now))
retrying.finishLaunching()
print(try await retrying.launch(id).state, pendingFloor())        // offline: the retry waits 60 s

try retryClock.advance(by: .seconds(60))
retrying.terminate()                                          // the system ends the app; the request stays
do { try await retrying.launch(id) } catch { print(error) }   // no process, so no handler

retrying.startLaunching()                                     // the app starts again and registers again
try retrying.register(id, kind: .refresh, launchHandler: handler)
retrying.finishLaunching()
print(try await retrying.launch(id).state, pendingFloor())    // offline again: the retry waits 120 s

try retryClock.advance(by: .seconds(119))
do { try await retrying.launch(id) } catch { print(error.code.rawValue) }
try retryClock.advance(by: .seconds(1))
let recovered = try await retrying.launch(id)
print(recovered.state, recovered.process, pendingFloor())     // the next 02:30 in Berlin

/// The app's adapter, as it ships: written against `LaunchedTask`, so that on a device it takes a `BGTask`. The
/// work runs in a `Task` of its own; the expiration handler is set before the work starts.
struct SyncAdapter: Sendable {
    let work: any RefreshJob

    func handle(task: some LaunchedTask & Sendable) async {
        task.expirationHandler = { work.cancel() }     // time is up: the job stops at its next check
        let operation = Task {
            do {
                try await work.run()
                task.setTaskCompleted(success: true)
            } catch {
                task.setTaskCompleted(success: false)
            }
        }
        await operation.value                          // return when the work has ended: the harness awaits this
    }
}

/// The same adapter with bug 7: its expiration handler reports false as well, so an expired launch reports twice.
struct EagerSyncAdapter: Sendable {
    let work: any RefreshJob

    func handle(task: some LaunchedTask & Sendable) async {
        task.expirationHandler = {
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
        await operation.value
    }
}

// In the test target only: the harness calls handle(task:) with a SimulatedTask.
extension SyncAdapter: LaunchHandling {}
extension EagerSyncAdapter: LaunchHandling {}

/// An expiration during parse, an interruption after the write, a relaunch and the retry, with `adapter`.
func adapterScenario(_ adapter: AppAdapter) async throws -> LifecycleReport {
    let simulation = try await LifecycleSimulation(LifecycleConfiguration(
        tasks: [.init(identifier: id, kind: .refresh)],
        gate: StaticGate(permittedIdentifiers: [id], backgroundModes: ["fetch"]),
        clockStart: try Date("2027-03-29T00:00:00+02:00", strategy: .iso8601),
        items: ["42", "43"],
        adapter: .app(adapter)))
    try await simulation.launch(id, at: try Date("2027-03-29T02:31:00+02:00", strategy: .iso8601), plan: LaunchPlan(expireDuring: .parse))
    try await simulation.launch(id, at: try Date("2027-03-30T04:00:00+02:00", strategy: .iso8601), plan: LaunchPlan(interrupt: .afterWrite))
    try await simulation.relaunch()
    try await simulation.launch(id, at: try Date("2027-03-31T04:00:00+02:00", strategy: .iso8601))
    return await simulation.finish()
}

let correct = try await adapterScenario(AppAdapter("sync") { job in SyncAdapter(work: job) })
print(correct.completed.map(\.rawValue), correct.store.commits, correct.sideEffectCount, correct.failedChecks.map(\.name))
let eager = try await adapterScenario(AppAdapter("eager-sync") { job in EagerSyncAdapter(work: job) })
print(eager.completed.map(\.rawValue), eager.failedChecks.map(\.name))
print(eager.defects.map(\.description))
