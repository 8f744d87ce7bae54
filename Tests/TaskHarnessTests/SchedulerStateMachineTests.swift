import Foundation
import Synchronization
import Testing
@testable import TaskHarness

/// The scheduler as a table: a starting state, one event, and the outcome harness-model.md prescribes.
@Suite struct SchedulerStateMachineTests {
    /// Where the scheduler is before the event. Unless named otherwise the clock is at `t0`, a refresh request
    /// has its floor at `t0 + 1h`, and launches happen at the floor.
    enum State: String, Sendable, CaseIterable {
        case configured = "configured (no process)"
        case launching = "launching, nothing registered"
        case launched = "launched, nothing registered"
        case registered = "launching, refresh registered"
        case registeredLaunched = "launched, refresh registered, nothing pending"
        case pending = "refresh pending, clock at its floor"
        case pendingBeforeFloor = "refresh pending, clock before its floor"
        case otherRefreshPending = "another refresh pending"
        case tenProcessingPending = "10 processing pending"
        case unpermitted = "launching, identifier not in Info.plist"
        case noFetchMode = "launching, UIBackgroundModes without fetch"
        case refreshDisabled = "Background App Refresh off, refresh registered"
        case simulator = "Simulator, processing registered"
        case relaunchedWithPending = "relaunched without registering, refresh pending"
        case terminatedWithPending = "terminated, refresh pending"
        case running = "refresh running"
        case runningNoHandler = "refresh running, no expiration handler"
        case expiring = "refresh expiring"
        case completedFalse = "refresh completed(false)"
    }

    enum Event: String, Sendable {
        case register, submitRefresh = "submit refresh", submitProcessing = "submit processing", cancel, launch
        case finishLaunching = "finish launching", startLaunching = "start launching", terminate
        case expire, completeTrue = "setTaskCompleted(true)", completeFalse = "setTaskCompleted(false)"
        case completeTwice = "setTaskCompleted(true) twice", expireThenSucceed = "expire, then setTaskCompleted(true)"
        case handlerReturnsWithoutCompleting = "handler returns without completing, deadline passes"
        case suspendWithOpenTransaction = "suspend with a transaction open"
    }

    enum Outcome: Sendable, Hashable, CustomStringConvertible {
        case registered(Bool)
        case error(SchedulerError.Code)
        case pendingRequests(Int)
        case replacedThenPending
        case process(ProcessState)
        case launch(LaunchState)
        case expirationHandlerCalled
        case defects([Defect.Kind])

        var description: String {
            switch self {
            case .registered(let value): "register returns \(value)"
            case .error(let code): "error \(code.rawValue)"
            case .pendingRequests(let count): "\(count) pending"
            case .replacedThenPending: "old request replaced, 1 pending"
            case .process(let state): "process \(state.rawValue)"
            case .launch(let state): "launch \(state)"
            case .expirationHandlerCalled: "expiration handler called"
            case .defects(let kinds): "defects \(kinds.map(\.rawValue))"
            }
        }
    }

    struct Transition: Sendable, CustomTestStringConvertible {
        let state: State
        let event: Event
        let expected: Outcome
        var testDescription: String { "\(state.rawValue) + \(event.rawValue) → \(expected)" }
    }

    static let table: [Transition] = [
        .init(state: .configured, event: .register, expected: .error(.processNotRunning)),
        .init(state: .configured, event: .startLaunching, expected: .process(.launching)),
        .init(state: .launching, event: .register, expected: .registered(true)),
        .init(state: .launching, event: .finishLaunching, expected: .process(.launched)),
        .init(state: .launched, event: .register, expected: .error(.lateRegistration)),
        .init(state: .registered, event: .register, expected: .error(.duplicateRegistration)),
        .init(state: .unpermitted, event: .register, expected: .registered(false)),
        .init(state: .noFetchMode, event: .register, expected: .registered(false)),
        .init(state: .unpermitted, event: .submitRefresh, expected: .error(.notPermitted)),
        .init(state: .noFetchMode, event: .submitRefresh, expected: .error(.notPermitted)),
        .init(state: .launched, event: .submitRefresh, expected: .error(.notRegistered)),
        .init(state: .registeredLaunched, event: .submitRefresh, expected: .pendingRequests(1)),
        .init(state: .pending, event: .submitRefresh, expected: .replacedThenPending),
        .init(state: .otherRefreshPending, event: .submitRefresh, expected: .error(.tooManyPending)),
        .init(state: .tenProcessingPending, event: .submitProcessing, expected: .error(.tooManyPending)),
        .init(state: .tenProcessingPending, event: .submitRefresh, expected: .pendingRequests(11)),
        .init(state: .refreshDisabled, event: .submitRefresh, expected: .error(.unavailable)),
        .init(state: .refreshDisabled, event: .submitProcessing, expected: .pendingRequests(1)),
        .init(state: .simulator, event: .submitProcessing, expected: .error(.unavailable)),
        .init(state: .pending, event: .cancel, expected: .pendingRequests(0)),
        .init(state: .pending, event: .launch, expected: .launch(.completed(success: true, bySystem: false))),
        .init(state: .pendingBeforeFloor, event: .launch, expected: .error(.launchBeforeEarliestBegin)),
        .init(state: .registeredLaunched, event: .launch, expected: .error(.noPendingRequest)),
        .init(state: .relaunchedWithPending, event: .launch, expected: .error(.noLaunchHandler)),
        .init(state: .terminatedWithPending, event: .launch, expected: .error(.noLaunchHandler)),
        .init(state: .pending, event: .terminate, expected: .process(.terminated)),
        .init(state: .running, event: .expire, expected: .expirationHandlerCalled),
        .init(state: .runningNoHandler, event: .expire, expected: .launch(.completed(success: false, bySystem: true))),
        .init(state: .running, event: .completeTrue, expected: .launch(.completed(success: true, bySystem: false))),
        .init(state: .running, event: .completeFalse, expected: .launch(.completed(success: false, bySystem: false))),
        .init(state: .running, event: .completeTwice, expected: .defects([.completedTwice])),
        .init(state: .completedFalse, event: .completeTrue, expected: .defects([.completedTwice, .successAfterFailure])),
        .init(state: .running, event: .expireThenSucceed, expected: .defects([.successAfterExpiration])),
        .init(state: .expiring, event: .expire, expected: .error(.notRunning)),
        .init(state: .running, event: .terminate, expected: .launch(.killed)),
        .init(state: .running, event: .handlerReturnsWithoutCompleting, expected: .defects([.missingCompletion])),
        .init(state: .registeredLaunched, event: .suspendWithOpenTransaction, expected: .defects([.openTransactionAtSuspension])),
    ]

    @Test(arguments: table)
    func transition(_ row: Transition) async throws {
        #expect(try await Self.apply(row.event, in: row.state) == row.expected)
    }

    @Test func everyStateAppearsInTheTable() {
        #expect(Set(Self.table.map(\.state)) == Set(State.allCases))
    }

    // MARK: Building a state and applying an event

    static let t0 = instant("2027-03-29T00:00:00Z")
    static let floor = t0.addingTimeInterval(3600)
    static let refresh = Fixture.refresh

    /// The scheduler in `state`; for the running states, `inHandler` is what the launch handler does.
    static func apply(_ event: Event, in state: State) async throws -> Outcome {
        let clock = try ManualClock(start: t0)
        let gate: StaticGate = switch state {
        case .unpermitted: StaticGate(permittedIdentifiers: [], backgroundModes: ["fetch"])
        case .noFetchMode: StaticGate(permittedIdentifiers: [refresh], backgroundModes: ["processing"])
        default: StaticGate(
            permittedIdentifiers: [refresh, "com.example.other"] + (0...10).map { "com.example.processing.\($0)" },
            backgroundModes: ["fetch", "processing"])
        }
        let availability: SchedulerAvailability = state == .refreshDisabled ? .refreshDisabled : state == .simulator ? .simulator : .available
        let scheduler = try SimulatedScheduler(gate: gate, availability: availability, clock: clock)
        let handlerCalls = Mutex(0)
        let inHandler: @Sendable (SimulatedTask) async -> Void = { task in
            handlerCalls.withLock { $0 += 1 }
            if state != .runningNoHandler { task.expirationHandler = { handlerCalls.withLock { $0 += 100 } } }
            switch (state, event) {
            case (.running, .expire), (.runningNoHandler, .expire): try? scheduler.expire(task.identifier)
            case (.running, .completeTrue): task.setTaskCompleted(success: true)
            case (.running, .completeFalse): task.setTaskCompleted(success: false)
            case (.running, .completeTwice): task.setTaskCompleted(success: true); task.setTaskCompleted(success: true)
            case (.completedFalse, .completeTrue): task.setTaskCompleted(success: false); task.setTaskCompleted(success: true)
            case (.running, .expireThenSucceed): try? scheduler.expire(task.identifier); task.setTaskCompleted(success: true)
            case (.expiring, .expire): try? scheduler.expire(task.identifier); try? scheduler.expire(task.identifier)
            case (.running, .terminate): scheduler.terminate()
            case (.running, .handlerReturnsWithoutCompleting): break
            default: task.setTaskCompleted(success: true)
            }
        }
        func register(_ id: String, _ kind: TaskKind = .refresh) -> Bool {
            (try? scheduler.register(id, kind: kind, launchHandler: inHandler)) ?? false
        }
        func submit(_ id: String, _ kind: TaskKind = .refresh) {
            try? scheduler.submit(TaskRequest(identifier: id, kind: kind, earliestBeginDate: floor))
        }

        if state != .configured { scheduler.startLaunching() }
        switch state {
        case .configured, .launching, .unpermitted, .noFetchMode:
            break
        case .launched:
            scheduler.finishLaunching()
        case .registered:
            _ = register(refresh)
        case .registeredLaunched:
            _ = register(refresh)
            scheduler.finishLaunching()
        case .pending, .pendingBeforeFloor, .running, .runningNoHandler, .expiring, .completedFalse:
            _ = register(refresh)
            submit(refresh)
            scheduler.finishLaunching()
        case .otherRefreshPending:
            _ = register(refresh)
            _ = register("com.example.other")
            submit("com.example.other")
            scheduler.finishLaunching()
        case .tenProcessingPending:
            _ = register(refresh)
            for index in 0...10 { _ = register("com.example.processing.\(index)", .processing) }
            for index in 0..<10 { submit("com.example.processing.\(index)", .processing) }
            scheduler.finishLaunching()
        case .refreshDisabled:
            _ = register(refresh)
            _ = register("com.example.processing.0", .processing)
            scheduler.finishLaunching()
        case .simulator:
            _ = register("com.example.processing.0", .processing)
            scheduler.finishLaunching()
        case .relaunchedWithPending, .terminatedWithPending:
            _ = register(refresh)
            submit(refresh)
            scheduler.finishLaunching()
            scheduler.terminate()
            if state == .relaunchedWithPending {
                scheduler.startLaunching()
                scheduler.finishLaunching()
            }
        }
        if state != .pendingBeforeFloor { try? clock.advance(to: floor) }

        let running: Set<State> = [.running, .runningNoHandler, .expiring, .completedFalse]
        if running.contains(state) {
            let record = try? await scheduler.launch(refresh)
            switch event {
            case .expire where state == .running:
                return handlerCalls.withLock { $0 } == 101 && record?.state == .expiring ? .expirationHandlerCalled : .launch(record?.state ?? .running)
            case .expire where state == .expiring:
                return scheduler.errors.last.map { .error($0.code) } ?? .launch(record?.state ?? .running)
            case .completeTwice, .expireThenSucceed:
                return .defects(scheduler.defects.map(\.kind))
            case .completeTrue where state == .completedFalse:
                return .defects(scheduler.defects.map(\.kind))
            case .handlerReturnsWithoutCompleting:
                try? clock.advance(by: .seconds(31))
                guard scheduler.processState == .terminated else { return .process(scheduler.processState) }
                return .defects(scheduler.defects.map(\.kind))
            default:
                return .launch(scheduler.launch(number: 1)?.state ?? .running)
            }
        }

        // Made before the `do`, whose errors are all the scheduler's: a request's own refusal is a TaskRequestError.
        let request = try TaskRequest(
            identifier: event == .submitRefresh ? refresh : "com.example.processing.\(state == .tenProcessingPending ? 10 : 0)",
            kind: event == .submitRefresh ? .refresh : .processing, earliestBeginDate: floor)
        do {
            switch event {
            case .register:
                return .registered(try scheduler.register(refresh, kind: .refresh, launchHandler: inHandler))
            case .submitRefresh, .submitProcessing:
                try scheduler.submit(request)
                if state == .pending {
                    let states = scheduler.requests.map(\.state)
                    return states == [.replaced, .pending] ? .replacedThenPending : .pendingRequests(scheduler.pendingRequests.count)
                }
                return .pendingRequests(scheduler.pendingRequests.count)
            case .cancel:
                scheduler.cancel(taskRequestWithIdentifier: refresh)
                return .pendingRequests(scheduler.pendingRequests.count)
            case .launch:
                return .launch(try await scheduler.launch(refresh).state)
            case .finishLaunching:
                scheduler.finishLaunching()
                return .process(scheduler.processState)
            case .startLaunching:
                scheduler.startLaunching()
                return .process(scheduler.processState)
            case .terminate:
                scheduler.terminate()
                // Pending requests live in the system and survive the process.
                return scheduler.pendingRequests.count == 1 ? .process(scheduler.processState) : .pendingRequests(0)
            case .suspendWithOpenTransaction:
                scheduler.setOpenTransactionProbe { ["items.sqlite"] }
                return .defects(scheduler.suspend().map(\.kind))
            default:
                return .process(scheduler.processState)
            }
        } catch {
            return .error(error.code)
        }
    }
}

/// `expirationHandler` reads back as it was set, as `BGTask`'s does: an adapter may read it to wrap it (its own
/// handler around one a library set) or to clear it. The handler read back is the one the system calls.
@Suite struct ExpirationHandlerReadBackTests {
    @Test func theHandlerReadBackIsTheOneSetAndTheOneTheSystemCalls() async throws {
        let t0 = SchedulerStateMachineTests.t0
        let clock = try ManualClock(start: t0)
        let scheduler = try SimulatedScheduler(
            gate: StaticGate(permittedIdentifiers: [Fixture.refresh], backgroundModes: ["fetch"]), clock: clock)
        let calls = Mutex<[String]>([])
        scheduler.startLaunching()
        _ = try scheduler.register(Fixture.refresh, kind: .refresh) { task in
            #expect(task.expirationHandler == nil)
            task.expirationHandler = { calls.withLock { $0.append("library") } }
            // The app's own handler around the one already set.
            let earlier = task.expirationHandler
            #expect(earlier != nil)
            task.expirationHandler = {
                calls.withLock { $0.append("app") }
                earlier?()
            }
            try? scheduler.expire(task.identifier)
            task.setTaskCompleted(success: false)
        }
        try scheduler.submit(TaskRequest(identifier: Fixture.refresh, kind: .refresh, earliestBeginDate: t0))
        scheduler.finishLaunching()
        _ = try await scheduler.launch(Fixture.refresh)
        #expect(calls.withLock { $0 } == ["app", "library"])
    }
}
