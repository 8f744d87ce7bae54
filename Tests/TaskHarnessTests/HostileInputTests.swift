import Foundation
import Synchronization
import Testing
@testable import TaskHarness

/// Careless or hostile values given to the library's public API: each ends in an error that says what to do,
/// never in a trap, a hang or an answer computed from nonsense.
@Suite struct HostileInputTests {
    static let notANumber = Date(timeIntervalSince1970: .nan)

    /// Not a number, infinite, 1e300 s, and the first instants just outside years 0001…9999, by name: Swift Testing
    /// shows an argument with its description, and Foundation traps describing a Date that is not a number.
    static let unreachable: [String: Date] = [
        "nan": notANumber, "+inf": Date(timeIntervalSince1970: .infinity), "-inf": Date(timeIntervalSince1970: -.infinity),
        "1e300": Date(timeIntervalSince1970: 1e300), "-1e300": Date(timeIntervalSince1970: -1e300),
        // 10000-01-01T00:00:00Z and one second before 0001-01-01T00:00:00Z (python: datetime(1,1,1,tzinfo=utc).timestamp() - 1).
        "10000-01-01": Date(timeIntervalSince1970: 253_402_300_800), "0000-12-31T23:59:59": Date(timeIntervalSince1970: -62_135_596_801),
    ]
    static let unreachableInstants = unreachable.keys.sorted()

    @Test(arguments: unreachableInstants)
    func aClockCannotStartOutsideTheYearsItCanReach(start: String) {
        #expect(throws: ClockError.self) { try ManualClock(start: Self.unreachable[start]!) }
    }

    @Test(arguments: unreachableInstants)
    func aClockCannotBeAdvancedOutsideTheYearsItCanReach(target: String) throws {
        let clock = try ManualClock(start: Fixture.start)
        #expect(throws: ClockError.self) { try clock.advance(to: Self.unreachable[target]!) }
        #expect(clock.now == Fixture.start)
    }

    @Test func theRangeErrorNamesTheInstantAndTheRange() throws {
        let clock = try ManualClock(start: Fixture.start)
        let error = #expect(throws: ClockError.self) { try clock.advance(to: Date(timeIntervalSince1970: 1e300)) }
        #expect(error?.description == "the clock cannot reach 1e+300 s since 1970: it runs from 0001-01-01T00:00:00Z up to 9999-12-31T23:59:59Z; give an instant in those years")
    }

    @Test func advancingByTheLongestDurationIsAnErrorNotATrap() throws {
        let clock = try ManualClock(start: Fixture.start)
        #expect(throws: ClockError.self) { try clock.advance(by: .seconds(Int64.max)) }
        #expect(clock.now == Fixture.start)
    }

    @Test func theLastSecondOfYear9999IsReachable() throws {
        let clock = try ManualClock(start: Fixture.start)
        // 9999-12-31T23:59:59Z (python: datetime(9999,12,31,23,59,59,tzinfo=utc).timestamp()).
        try clock.advance(to: Date(timeIntervalSince1970: 253_402_300_799))
        #expect(clock.now.rfc3339UTC == "9999-12-31T23:59:59Z")
    }

    @Test func aTimerDeadlineFarPastTheRangeIsReportedNotTrapped() throws {
        let clock = try ManualClock(start: Fixture.start)
        clock.schedule(at: Date(timeIntervalSince1970: 1e300), label: "far") {}
        let error = #expect(throws: ClockError.self) { try clock.checkNoPendingWork() }
        #expect(error?.description.contains("far at 1e+300 s since 1970") == true)
    }

    /// Many timers scheduled out of order (the queue is a heap now; how long an advance over many timers takes is
    /// for a benchmark, not for this test), one cancelled and one that is not a number (due at once).
    @Test func manyTimersFireInDeadlineOrder() throws {
        let clock = try ManualClock(start: Fixture.start)
        let fired = Mutex<[Int]>([])
        var tokens: [Int: ManualClock.TimerToken] = [:]
        for offset in [5, 3, 9, 1, 7, 3, 0, 8, 2, 6, 4] + Array((10..<2_000).reversed()) {
            tokens[offset] = clock.schedule(at: Fixture.start.addingTimeInterval(Double(offset)), label: "t\(offset)") {
                fired.withLock { $0.append(offset) }
            }
        }
        clock.schedule(at: Self.notANumber, label: "not a number") { fired.withLock { $0.append(-1) } }
        #expect(clock.cancel(tokens[7]!))
        try clock.advance(by: .seconds(2_000))
        #expect(fired.withLock { $0 } == [-1] + [0, 1, 2, 3, 3, 4, 5, 6, 8, 9] + Array(10..<2_000))
        #expect(clock.now == Fixture.start.addingTimeInterval(2_000))
        #expect(clock.pendingWork.isEmpty)
    }

    /// An exponential backoff whose next delay would not fit a `Duration` stops at `longestDelay` instead of
    /// trapping (and instead of holding its last value, which would plan a retry the policy never asked for).
    @Test(arguments: [(Duration.seconds(Int64.max), 2, 10), (.seconds(1), 1000, 62), (.seconds(86_400 * 999_999_999), 1000, 4)])
    func anExponentialBackoffThatWouldOverflowStopsGrowing(initial: Duration, factor: Int, failures: Int) throws {
        let policy = RetryPolicy(backoff: .exponential(initial: initial, factor: factor))
        let delay = try #require(try policy.delay(afterFailures: failures))
        #expect(delay == RetryPolicy.longestDelay)
        #expect(try policy.delay(afterFailures: failures + 1) == delay)
    }

    @Test func aLaunchNumberOfIntMinFindsNoLaunch() throws {
        let scheduler = try SimulatedScheduler(gate: Fixture.gate, clock: try ManualClock(start: Fixture.start))
        #expect(scheduler.launch(number: .min) == nil)
        #expect(scheduler.launch(number: .max) == nil)
    }

    /// A direct caller's NaN floor is refused by `TaskRequest` (`DirectCallerInputTests`); the simulated app's own
    /// computed floors are not checked, so the scheduler still compares floors as numbers.
    @Test func aComputedFloorThatIsNotANumberIsNeverReached() async throws {
        let clock = try ManualClock(start: Fixture.start)
        let scheduler = try SimulatedScheduler(gate: Fixture.gate, clock: clock)
        scheduler.startLaunching()
        try scheduler.register(Fixture.refresh, kind: .refresh) { $0.setTaskCompleted(success: true) }
        try scheduler.submit(TaskRequest(identifier: Fixture.refresh, kind: .refresh, computedFloor: Self.notANumber))
        scheduler.finishLaunching()
        let error = await #expect(throws: SchedulerError.self) { try await scheduler.launch(Fixture.refresh) }
        #expect(error?.code == .launchBeforeEarliestBegin)
        #expect(scheduler.launches.isEmpty)
    }

    // MARK: Stores

    @Test func keysThatDifferAfterANulCharacterStayDifferent() throws {
        let folder = try ScenarioFolder()
        defer { folder.remove() }
        let store = try CompletionStore(url: folder.completionStoreURL)
        try store.recordCompletion(runKey: "run\u{0}A", occurrences: [], identifier: Fixture.refresh, completedAt: Fixture.start,
                                   schedule: nil, through: Fixture.start)
        #expect(try store.isCompleted("run\u{0}A"))
        #expect(try !store.isCompleted("run\u{0}B"))
        #expect(try !store.isCompleted("run"))
        #expect(try store.completions().map(\.key) == ["run\u{0}A"])
    }

    @Test func itemsThatDifferAfterANulCharacterAreTwoItems() throws {
        let folder = try ScenarioFolder()
        defer { folder.remove() }
        let store = try SyncStore(url: folder.syncStoreURL)
        try store.beginWrite()
        try store.upsert(["a\u{0}1", "a\u{0}2"])
        try store.commit()
        #expect(try store.snapshot().items == ["a\u{0}1", "a\u{0}2"])
    }

    @Test func aDatabasePathWithANulCharacterIsRefusedNotTruncated() throws {
        let folder = try ScenarioFolder()
        defer { folder.remove() }
        let path = folder.databases.appendingPathComponent("a").path + "\u{0}b.sqlite"
        let error = #expect(throws: SQLiteError.self) { try SQLiteConnection(path: path) }
        #expect(error?.operation == "open")
        #expect(!FileManager.default.fileExists(atPath: folder.databases.appendingPathComponent("a").path))
    }

    @Test func aDateThatIsNotANumberIsRefusedInsteadOfStoredAsNull() throws {
        let folder = try ScenarioFolder()
        defer { folder.remove() }
        let store = try SyncStore(url: folder.syncStoreURL)
        try store.beginWrite()
        let error = #expect(throws: SQLiteError.self) {
            try store.recordCommit(cursor: "c", updatedAt: Self.notANumber, runKey: "r")
        }
        #expect(error?.operation == "bind")
        try store.rollback()
        #expect(try store.snapshot().commits == 0)
    }

    // MARK: Static gate

    @Test func aDeviceIsNotReadAsAnInfoPlist() {
        let error = #expect(throws: StaticGateError.self) { try StaticGate(infoPlistAt: URL(fileURLWithPath: "/dev/zero")) }
        #expect(error?.description == "/dev/zero: not a regular file (a device, a pipe or a folder); name the Info.plist itself")
    }

    // MARK: Lifecycle simulation

    @Test(arguments: unreachableInstants)
    func aScenarioCannotStartOutsideTheClocksYears(start: String) async {
        var configuration = Fixture.configuration()
        configuration.clockStart = Self.unreachable[start]!
        await #expect(throws: LifecycleError.self) { try await LifecycleSimulation(configuration) }
    }

    @Test(arguments: unreachableInstants)
    func aLaunchStepOutsideTheClocksYearsIsAnError(at name: String) async throws {
        let date = Self.unreachable[name]!
        let simulation = try await LifecycleSimulation(Fixture.configuration())
        await #expect(throws: LifecycleError.self) { try await simulation.launch(Fixture.refresh, at: date) }
        await #expect(throws: LifecycleError.self) { try await simulation.submit(Fixture.refresh, earliestBeginDate: date) }
        let report = await simulation.finish()
        #expect(report.launches.isEmpty)
    }

    /// A task identifier names the job's temporary files: one that is empty, leaves the folder or is too long for a
    /// file name is refused before anything is written.
    @Test(arguments: ["", "../../escaped", "com/example", "a\u{0}b", String(repeating: "x", count: 201)])
    func anIdentifierThatCannotNameAFileIsRefused(identifier: String) async {
        let configuration = LifecycleConfiguration(
            tasks: [.init(identifier: identifier, kind: .refresh)],
            gate: StaticGate(permittedIdentifiers: [identifier], backgroundModes: ["fetch"]), clockStart: Fixture.start)
        await #expect(throws: LifecycleError.self) { try await LifecycleSimulation(configuration) }
    }

    /// The longest identifier allowed, 200 bytes: its temporary file names (`<identifier>.<attempt>.<stage>.tmp`) still
    /// fit a file system's 255-byte limit, so the scenario starts and a launch writes and completes.
    @Test func anIdentifierOfTheLongestAllowedLengthIsAccepted() async throws {
        let identifier = String(repeating: "x", count: 200)
        let configuration = LifecycleConfiguration(
            tasks: [.init(identifier: identifier, kind: .refresh)],
            gate: StaticGate(permittedIdentifiers: [identifier], backgroundModes: ["fetch"]), clockStart: Fixture.start,
            items: ["42"])
        let simulation = try await LifecycleSimulation(configuration)
        try await simulation.submit(identifier, earliestBeginDate: nil)
        try await simulation.launch(identifier, at: Fixture.start.addingTimeInterval(3600))
        let report = await simulation.finish()
        #expect(report.completed.map(\.rawValue) == ["true"])
    }

    @Test func temporaryFilesRefuseANameThatLeavesTheirFolder() throws {
        let folder = try ScenarioFolder()
        defer { folder.remove() }
        let files = TemporaryFiles(directory: folder.temporaryFiles)
        #expect(throws: (any Error).self) { try files.write("../escaped.tmp", Data()) }
        #expect(!FileManager.default.fileExists(atPath: folder.root.appendingPathComponent("escaped.tmp").path))
    }

    @Test(arguments: [
        ExpirationBudget(refresh: .zero), ExpirationBudget(refresh: .seconds(-30)), ExpirationBudget(processing: .seconds(-1)),
    ])
    func aBudgetOfNoTimeIsRefused(budget: ExpirationBudget) async {
        var configuration = Fixture.configuration()
        configuration.budget = budget
        await #expect(throws: LifecycleError.self) { try await LifecycleSimulation(configuration) }
    }

    @Test(arguments: [
        RetryPolicy(backoff: .constant(.seconds(-60))), RetryPolicy(backoff: .exponential(initial: .seconds(-10))),
        RetryPolicy(backoff: .exponential(initial: .seconds(10), factor: 0)),
        RetryPolicy(backoff: .exponential(initial: .seconds(10), factor: -2)),
        RetryPolicy(backoff: .exponential(initial: .seconds(10), maximum: .seconds(-5))),
        RetryPolicy(backoff: .constant(.seconds(60)), maxAttempts: 0),
    ])
    func aRetryPolicyThatCannotMeanAnythingIsRefused(retry: RetryPolicy) async {
        var configuration = Fixture.configuration()
        configuration.retry = retry
        await #expect(throws: LifecycleError.self) { try await LifecycleSimulation(configuration) }
    }

    /// The edges of what a spec may write are policies, not refusals: `factor: 1` (the parser takes 1…1000), a
    /// `maximum` or a `delay` of 0s, `max-attempts: 1`.
    @Test(arguments: [
        RetryPolicy(backoff: .exponential(initial: .seconds(600), factor: 1)),
        RetryPolicy(backoff: .exponential(initial: .seconds(600), maximum: .zero)),
        RetryPolicy(backoff: .exponential(initial: .zero)),
        RetryPolicy(backoff: .constant(.zero)),
        RetryPolicy(backoff: .constant(.seconds(60)), maxAttempts: 1),
    ])
    func aRetryPolicyAtTheEdgeOfWhatASpecMayWriteIsAccepted(retry: RetryPolicy) async throws {
        #expect(retry.problem == nil)
        var configuration = Fixture.configuration()
        configuration.retry = retry
        _ = try await LifecycleSimulation(configuration)
    }

    /// A factor of 1 keeps the first delay; a maximum of 0s makes every retry immediate.
    @Test func aFactorOfOneKeepsTheDelayAndAMaximumOfZeroRetriesAtOnce() throws {
        #expect(try RetryPolicy(backoff: .exponential(initial: .seconds(600), factor: 1)).delay(afterFailures: 4) == .seconds(600))
        #expect(try RetryPolicy(backoff: .exponential(initial: .seconds(600), maximum: .zero)).delay(afterFailures: 3) == .zero)
    }

    /// The spec-reachable case: `retry: {backoff: exponential, delay: 999999999d, factor: 1000}` and failed launches
    /// whose retry requests a `submit` step replaces, so that launches keep coming.
    @Test func repeatedFailuresUnderAHugeBackoffDoNotTrap() async throws {
        var configuration = Fixture.configuration()
        configuration.retry = RetryPolicy(backoff: .exponential(initial: .seconds(86_400 * 999_999_999), factor: 1000))
        let simulation = try await LifecycleSimulation(configuration)
        for hour in 1...6 {
            let at = Fixture.start.addingTimeInterval(Double(hour) * 3600)
            try await simulation.launch(Fixture.refresh, at: at, plan: LaunchPlan(fault: InjectedFault(stage: .write, errorType: "network")))
            try await simulation.submit(Fixture.refresh, earliestBeginDate: at)
        }
        let report = await simulation.finish()
        #expect(report.completed.map(\.rawValue) == Array(repeating: "false", count: 6))
    }
}
