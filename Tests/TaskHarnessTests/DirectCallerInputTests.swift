import Foundation
import Testing
@testable import TaskHarness

/// Values an app team's own test code hands the scheduler and the retry policy directly, without the checks
/// `LifecycleSimulation` makes first: each is refused where it is given, with a message naming the value and what
/// to do, instead of being accepted and failing later (or never).
@Suite struct DirectCallerInputTests {
    // MARK: Request floors

    /// A scheduler with the refresh task registered, ready to take a request.
    static func launchingScheduler() throws -> SimulatedScheduler {
        let scheduler = try SimulatedScheduler(gate: Fixture.gate, clock: try ManualClock(start: Fixture.start))
        scheduler.startLaunching()
        try scheduler.register(Fixture.refresh, kind: .refresh) { $0.setTaskCompleted(success: true) }
        return scheduler
    }

    @Test(arguments: HostileInputTests.unreachableInstants)
    func aFloorOutsideTheClocksYearsIsRefusedAtSubmit(floor: String) throws {
        let scheduler = try Self.launchingScheduler()
        #expect(throws: (any Error).self) {
            try scheduler.submit(TaskRequest(identifier: Fixture.refresh, kind: .refresh, earliestBeginDate: HostileInputTests.unreachable[floor]!))
        }
        // Counted, not compared: a failure would describe the requests, and Foundation traps describing a NaN Date.
        #expect(scheduler.pendingRequests.count == 0)
        #expect(scheduler.requests.count == 0)
    }

    /// backoff-without-maximum.yaml's third retry floor, 4767-08-25T00:00:00Z + 10,000 × 366 days (404509161600 s).
    /// Python's datetime stops at 9999, so the date is counted in 400-year Gregorian cycles of 146,097 days:
    /// 3,660,000 days = 25 cycles (10,000 years) + 7,575 days, and datetime(4767,8,25) + timedelta(days=7575) is
    /// 4788-05-21, so the floor is 14788-05-21T00:00:00Z.
    @Test func theFloorErrorNamesTheFloorAndTheClocksYears() throws {
        let scheduler = try Self.launchingScheduler()
        let floor = Date(timeIntervalSince1970: 404_509_161_600)
        let error = #expect(throws: (any Error).self) {
            try scheduler.submit(TaskRequest(identifier: Fixture.refresh, kind: .refresh, earliestBeginDate: floor))
        }
        #expect(error is TaskRequestError)
        #expect(error.map { "\($0)" } == "the earliestBeginDate of com.example.app.refresh, 14788-05-21T00:00:00Z, lies outside the years the clock runs (0001-01-01T00:00:00Z up to 9999-12-31T23:59:59Z), so the task could never launch; give a floor in those years")
    }

    @Test func aFloorThatIsNotANumberIsNamedInSeconds() throws {
        let scheduler = try Self.launchingScheduler()
        let error = #expect(throws: (any Error).self) {
            try scheduler.submit(TaskRequest(identifier: Fixture.refresh, kind: .refresh, earliestBeginDate: HostileInputTests.notANumber))
        }
        #expect(error.map { "\($0)" }?.hasPrefix("the earliestBeginDate of com.example.app.refresh, nan s since 1970, lies outside") == true)
    }

    /// The first and the last second of the clock's years are floors a launch can reach.
    /// (python: datetime(1,1,1,tzinfo=utc).timestamp() and datetime(9999,12,31,23,59,59,tzinfo=utc).timestamp()).
    @Test(arguments: [-62_135_596_800, 253_402_300_799] as [TimeInterval])
    func aFloorAtTheEdgeOfTheClocksYearsIsAccepted(seconds: TimeInterval) throws {
        let scheduler = try Self.launchingScheduler()
        let floor = Date(timeIntervalSince1970: seconds)
        try scheduler.submit(TaskRequest(identifier: Fixture.refresh, kind: .refresh, earliestBeginDate: floor))
        #expect(scheduler.pendingRequests.map(\.earliestBeginDate) == [floor])
    }

    /// The simulated app's retry floor is its own computation, not a caller's input: a backoff grown to
    /// `RetryPolicy.longestDelay` leaves a request past year 9999 pending, which no launch reaches (as in
    /// specs/lifecycle/rules/backoff-without-maximum.yaml), instead of a refused submit.
    @Test func theSimulatedAppsRetryPastTheClocksYearsStaysPending() async throws {
        var configuration = Fixture.configuration()
        configuration.retry = RetryPolicy(backoff: .constant(RetryPolicy.longestDelay))
        let simulation = try await LifecycleSimulation(configuration)
        try await simulation.launch(Fixture.refresh, at: Fixture.start, plan: LaunchPlan(fault: InjectedFault(stage: .download, errorType: "network")))
        let report = await simulation.finish()
        #expect(report.errors.isEmpty)
        let floor = try #require(report.pendingRequests.first?.earliestBeginDate)
        #expect(floor >= ManualClock.supportedRange.upperBound)
        #expect(report.log.filter { $0.hasPrefix("submit ") }.allSatisfy { $0.hasSuffix(" ok") })
    }

    /// A launch at the clock's last second before such a floor is refused, and the message does not tell the author to
    /// move the step to a time no step can have.
    @Test func aLaunchBeforeAFloorPastTheClocksYearsSaysNoStepReachesIt() async throws {
        var configuration = Fixture.configuration()
        configuration.retry = RetryPolicy(backoff: .constant(RetryPolicy.longestDelay))
        let simulation = try await LifecycleSimulation(configuration)
        try await simulation.launch(Fixture.refresh, at: Fixture.start, plan: LaunchPlan(fault: InjectedFault(stage: .download, errorType: "network")))
        let lastSecond = Date(timeIntervalSince1970: 253_402_300_799)  // 9999-12-31T23:59:59Z
        let refused = try await simulation.launch(Fixture.refresh, at: lastSecond)
        #expect(refused.error?.code == .launchBeforeEarliestBegin)
        let message = try #require(refused.error?.message)
        #expect(message.hasPrefix("a launch at 9999-12-31T23:59:59Z is before the request's earliestBeginDate "))
        #expect(message.hasSuffix("; the system never starts a task earlier, so no step can reach it, as the clock ends at 9999-12-31T23:59:59Z; give the retry a maximum delay"))
        // The floor is past the years results hold (their reader refuses such an instant): it is not kept for reports.
        let floor = refused.error?.earliestBegin
        #expect(floor == nil)
    }

    // MARK: Expiration budgets

    @Test(arguments: [
        ExpirationBudget(refresh: .zero), ExpirationBudget(refresh: .seconds(-30)), ExpirationBudget(processing: .seconds(-1)),
        ExpirationBudget(refresh: .zero, processing: .zero), ExpirationBudget(processing: .nanoseconds(-1)),
    ])
    func aSchedulerRefusesABudgetOfNoTime(budget: ExpirationBudget) throws {
        let clock = try ManualClock(start: Fixture.start)
        #expect(throws: (any Error).self) { try SimulatedScheduler(gate: Fixture.gate, clock: clock, budget: budget) }
    }

    @Test func theBudgetErrorNamesEachKindWithoutTime() throws {
        let clock = try ManualClock(start: Fixture.start)
        let error = #expect(throws: (any Error).self) {
            try SimulatedScheduler(gate: Fixture.gate, clock: clock, budget: ExpirationBudget(refresh: .zero, processing: .seconds(-5)))
        }
        #expect(error.map { "\($0)" } == "an expiration budget must be longer than 0 s, not 0.0 seconds for refresh, -5.0 seconds for processing; give each task kind some time before the system expires it")
        #expect(error?.localizedDescription == error.map { "\($0)" })
    }

    /// The shortest budgets a Duration holds are still time: the deadline is the launch's own instant.
    @Test func theShortestBudgetIsAccepted() throws {
        let clock = try ManualClock(start: Fixture.start)
        let budget = ExpirationBudget(refresh: .nanoseconds(1), processing: .nanoseconds(1))
        let scheduler = try SimulatedScheduler(gate: Fixture.gate, clock: clock, budget: budget)
        #expect(scheduler.budget == budget)
    }

    // MARK: Retry policies

    static let invalidPolicies = [
        RetryPolicy(backoff: .constant(.seconds(-60))), RetryPolicy(backoff: .exponential(initial: .seconds(-10))),
        RetryPolicy(backoff: .exponential(initial: .seconds(10), factor: 0)),
        RetryPolicy(backoff: .exponential(initial: .seconds(10), factor: -2)),
        RetryPolicy(backoff: .exponential(initial: .seconds(10), maximum: .seconds(-5))),
        RetryPolicy(backoff: .constant(.seconds(60)), maxAttempts: 0),
        RetryPolicy(backoff: .constant(.seconds(60)), maxAttempts: -3),
    ]

    /// A policy that cannot describe a backoff has no delay to give, after any number of failures: its `problem`
    /// is the error, rather than a negative delay, a nil read as "attempts used up", or a delay that ignores the factor.
    @Test(arguments: invalidPolicies, [0, 1, 2, 5])
    func anInvalidPolicyGivesNoDelay(retry: RetryPolicy, failures: Int) throws {
        let problem = try #require(retry.problem)
        let error = #expect(throws: (any Error).self) { try retry.delay(afterFailures: failures) }
        #expect(error.map { "\($0)" } == problem)
        #expect(error?.localizedDescription == problem)
    }

    /// The vars stay settable: a policy made invalid after it was built is refused the same way.
    @Test func aPolicyMadeInvalidAfterwardsGivesNoDelay() throws {
        var retry = RetryPolicy(backoff: .constant(.seconds(60)))
        #expect(try retry.delay(afterFailures: 1) == .seconds(60))
        retry.backoff = .exponential(initial: .seconds(60), factor: 0)
        #expect(throws: (any Error).self) { try retry.delay(afterFailures: 1) }
    }
}
