import Foundation
import Testing
@testable import TaskHarness

/// The user force-quits the app from the app switcher (`LifecycleSimulation.forceQuit`): until the user opens it again
/// the system launches none of its refresh tasks; processing tasks may still run (Apple's engineers, developer forums
/// thread 793189). A death by the system (`terminate`) is not one.
@Suite struct ForceQuitTests {
    static let both: [LifecycleConfiguration.TaskDefinition] = [
        .init(identifier: Fixture.refresh, kind: .refresh), .init(identifier: Fixture.processing, kind: .processing),
    ]

    @Test func aRefreshLaunchIsRefusedUntilTheUserOpensTheApp() async throws {
        let simulation = try await LifecycleSimulation(Fixture.configuration())
        try await simulation.advance(to: instant("2027-03-29T01:00:00+02:00"))
        try await simulation.forceQuit()
        let refused = try await simulation.launch(Fixture.refresh, at: instant("2027-03-29T02:00:00+02:00"))
        #expect(refused.error?.code == .appForceQuit)
        // The refusal names when the user force-quit, and the way out.
        #expect(refused.error?.message.contains("force-quit the app at 2027-03-28T23:00:00Z") == true, "\(String(describing: refused.error))")
        #expect(refused.error?.message.contains("open-app") == true)
        // Refused before any start: the system does not start the app for it.
        #expect(simulation.scheduler.processState == .terminated)
        // The request is kept, only not delivered.
        #expect(simulation.scheduler.pendingRequests.map(\.identifier) == [Fixture.refresh])

        try await simulation.openApp()
        #expect(simulation.scheduler.forceQuitAt == nil)
        let launched = try await simulation.launch(Fixture.refresh, at: instant("2027-03-29T03:00:00+02:00"))
        #expect(launched.record != nil)
        let report = await simulation.finish()
        #expect(report.errorCodes == ["app-force-quit"])
        #expect(report.failedChecks.isEmpty, "\(report.failedChecks)")
    }

    /// `terminate` is the system's death: the next launch starts the app in the background as usual.
    @Test func aTerminationIsNoForceQuit() async throws {
        let simulation = try await LifecycleSimulation(Fixture.configuration())
        await simulation.terminate()
        #expect(simulation.scheduler.forceQuitAt == nil)
        let launched = try await simulation.launch(Fixture.refresh, at: instant("2027-03-29T03:00:00+02:00"))
        #expect(launched.record != nil)
    }

    /// A processing task is launched (in the background: not the user's opening), and refresh still waits.
    @Test func aProcessingTaskStillRunsAndDoesNotEndTheForceQuit() async throws {
        let simulation = try await LifecycleSimulation(Fixture.configuration(tasks: Self.both))
        try await simulation.forceQuit()
        let processing = try await simulation.launch(Fixture.processing, at: instant("2027-03-29T03:00:00+02:00"))
        #expect(processing.record != nil)
        #expect(simulation.scheduler.forceQuitAt != nil)
        let refresh = try await simulation.launch(Fixture.refresh, at: instant("2027-03-29T03:10:00+02:00"))
        #expect(refresh.error?.code == .appForceQuit)
        // The process the processing launch started runs on: the refusal says the app's steps in it do not count (a
        // review's submit in that process was read as the user opening the app).
        #expect(refresh.error?.message.hasSuffix("(the process running now was started by the system in the background: the app's own "
            + "steps in it do not open the app)") == true, "\(refresh.error?.message ?? "")")
        // A process that holds no handler for the task: opening the app would not help, and the refusal says so.
        var configuration = Fixture.configuration(tasks: Self.both)
        configuration.backgroundRegistrations = [Fixture.processing]
        let flagged = try await LifecycleSimulation(configuration)
        try await flagged.forceQuit()
        #expect(try await flagged.launch(Fixture.processing, at: instant("2027-03-29T03:00:00+02:00")).record != nil)
        let unhandled = try await flagged.launch(Fixture.refresh, at: instant("2027-03-29T03:10:00+02:00")).error
        #expect(unhandled?.code == .appForceQuit && unhandled?.message.hasSuffix("holds no handler for it: open-app brings that process "
            + "forward without registering it, while a relaunch starts the app anew in the foreground)") == true, "\(unhandled?.message ?? "")")
        // With no process running, the refusal says nothing of one.
        await simulation.terminate()
        let dead = try await simulation.launch(Fixture.refresh, at: instant("2027-03-29T03:20:00+02:00"))
        #expect(dead.error?.code == .appForceQuit && dead.error?.message.contains("process running now") == false)
    }

    /// A start in the foreground is the user's: a relaunch, or a step the app takes while not running. A cancel
    /// cancels without starting the app, so it is not.
    @Test func aStartInTheForegroundEndsTheForceQuit() async throws {
        for start in ["relaunch", "submit", "register"] {
            let simulation = try await LifecycleSimulation(Fixture.configuration())
            try await simulation.forceQuit()
            switch start {
            case "relaunch": try await simulation.relaunch()
            case "submit": try await simulation.submit(Fixture.refresh, earliestBeginDate: nil)
            default: try await simulation.register(Fixture.refresh)
            }
            #expect(simulation.scheduler.forceQuitAt == nil, "\(start)")
        }
        let simulation = try await LifecycleSimulation(Fixture.configuration())
        try await simulation.forceQuit()
        await simulation.cancel(Fixture.refresh)
        #expect(simulation.scheduler.forceQuitAt != nil)
        #expect(simulation.scheduler.processState == .terminated)
    }

    /// The order of a refused launch's errors: nothing pending first, then the force-quit, then the floor.
    @Test func theForceQuitIsToldAfterNothingPendingAndBeforeTheFloor() async throws {
        let simulation = try await LifecycleSimulation(Fixture.configuration())
        try await simulation.submit(Fixture.refresh, earliestBeginDate: instant("2027-03-29T09:00:00+02:00"))
        try await simulation.forceQuit()
        // The floor is ahead too, but the force-quit is why the system would not launch it at all.
        #expect(try await simulation.launch(Fixture.refresh, at: instant("2027-03-29T08:00:00+02:00")).error?.code == .appForceQuit)
        try await simulation.openApp()
        await simulation.cancel(Fixture.refresh)
        try await simulation.forceQuit()
        #expect(try await simulation.launch(Fixture.refresh, at: instant("2027-03-29T10:00:00+02:00")).error?.code == .noPendingRequest)
    }
}
