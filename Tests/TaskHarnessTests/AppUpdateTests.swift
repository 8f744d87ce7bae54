import Foundation
import Testing
@testable import TaskHarness

/// A new version of the app installed mid-scenario (`LifecycleSimulation.updateApp`): the process ends, each value
/// given holds from the next start, pending requests and stores stay.
@Suite struct AppUpdateTests {
    @Test func anUpdateEndsTheProcessAndKeepsThePendingRequest() async throws {
        let simulation = try await LifecycleSimulation(Fixture.configuration())
        try await simulation.updateApp(AppUpdate())
        #expect(simulation.scheduler.processState == .terminated)
        #expect(simulation.scheduler.pendingRequests.map(\.identifier) == [Fixture.refresh])
        // The update does not start the new version; the launch starts it, in the background, and runs.
        #expect(try await simulation.launch(Fixture.refresh, at: instant("2027-03-29T03:00:00+02:00")).record != nil)
    }

    /// The new Info.plist is what registrations and submits are checked against from the update on; a value not given
    /// keeps the old one.
    @Test func theNewInfoPlistHoldsFromTheUpdate() async throws {
        let gate = StaticGate(permittedIdentifiers: [Fixture.processing], backgroundModes: ["fetch", "processing"])
        let simulation = try await LifecycleSimulation(Fixture.configuration(gate: gate))
        #expect(simulation.scheduler.pendingRequests.isEmpty)   // not permitted: the first start's submit failed
        try await simulation.updateApp(AppUpdate(permittedIdentifiers: [Fixture.refresh]))
        #expect(simulation.scheduler.gate.permittedIdentifiers == [Fixture.refresh])
        #expect(simulation.scheduler.gate.backgroundModes == ["fetch", "processing"])
        try await simulation.openApp()
        #expect(simulation.scheduler.pendingRequests.map(\.identifier) == [Fixture.refresh])
        let report = await simulation.finish()
        #expect(report.log.contains { $0.contains("register \(Fixture.refresh) ok") })
        #expect(report.errorCodes == ["not-permitted"])
    }

    /// A renamed identifier: the new version registers only the new one, and the old request, still pending, has no
    /// handler and holds the refresh slot.
    @Test func aRenamedIdentifierLeavesTheOldRequestWithoutAHandler() async throws {
        let tasks: [LifecycleConfiguration.TaskDefinition] = [.init(identifier: "a.old", kind: .refresh), .init(identifier: "a.new", kind: .refresh)]
        var configuration = Fixture.configuration(tasks: tasks, gate: StaticGate(permittedIdentifiers: ["a.old", "a.new"], backgroundModes: ["fetch"]))
        configuration.startupRegistrations = ["a.old"]
        let simulation = try await LifecycleSimulation(configuration)
        try await simulation.updateApp(AppUpdate(startupRegistrations: ["a.new"]))
        let launch = try await simulation.launch("a.old", at: instant("2027-03-29T03:00:00+02:00"))
        #expect(launch.error?.code == .noLaunchHandler)
        let report = await simulation.finish()
        #expect(report.errorCodes == ["too-many-pending", "no-launch-handler"])
    }

    /// The adapter, the job's flaws and the app's submits are the new version's from its first start.
    @Test func theNewCodeRunsFromTheNextStart() async throws {
        var configuration = Fixture.configuration()
        configuration.adapter = .flawed(.completesInExpirationHandler)
        configuration.resubmitsAfterLaunch = false
        let simulation = try await LifecycleSimulation(configuration)
        try await simulation.launch(Fixture.refresh, at: instant("2027-03-29T01:00:00+02:00"), plan: LaunchPlan(expireDuring: .parse))
        // Without resubmits, nothing is pending after the launch; the new version submits at its start.
        #expect(simulation.scheduler.pendingRequests.isEmpty)
        try await simulation.updateApp(AppUpdate(adapter: .thin, resubmitsAfterLaunch: true))
        try await simulation.openApp()
        try await simulation.launch(Fixture.refresh, at: instant("2027-03-29T02:00:00+02:00"), plan: LaunchPlan(expireDuring: .parse))
        #expect(simulation.scheduler.pendingRequests.map(\.identifier) == [Fixture.refresh])
        let report = await simulation.finish()
        #expect(report.defects.map(\.kind) == [.completedTwice])
        #expect(report.defects.map(\.launch) == [1])
    }

    /// A start in the background registers `backgroundRegistrations` when set: a registration behind a flag a cold
    /// background start has not read (the adoption review's incident 2). A start in the foreground registers as before.
    @Test func aBackgroundStartRegistersItsOwnList() async throws {
        var configuration = Fixture.configuration()
        configuration.backgroundRegistrations = []
        let simulation = try await LifecycleSimulation(configuration)
        await simulation.terminate()
        #expect(try await simulation.launch(Fixture.refresh, at: instant("2027-03-29T03:00:00+02:00")).error?.code == .noLaunchHandler)
        await simulation.terminate()
        try await simulation.relaunch(registeringInBackground: [Fixture.refresh])
        await simulation.terminate()
        #expect(try await simulation.launch(Fixture.refresh, at: instant("2027-03-29T04:00:00+02:00")).record != nil)
        let report = await simulation.finish()
        // The clock's start, the relaunch and the last background start register; the first background start does not.
        #expect(report.log.filter { $0.contains("register \(Fixture.refresh) ok") }.count == 3)
    }

    /// A handler missing from a process the system started under its own list says why: "register it at every app
    /// launch" alone sent a review to the spec's `registers`, which already held the task. A start in the foreground
    /// (the clock's, a relaunch) adds nothing.
    @Test func aMissingHandlerOfABackgroundStartSaysTheListItRegistered() async throws {
        var configuration = Fixture.configuration()
        configuration.backgroundRegistrations = []
        let simulation = try await LifecycleSimulation(configuration)
        await simulation.terminate()
        let refused = try await simulation.launch(Fixture.refresh, at: instant("2027-03-29T03:00:00+02:00")).error
        #expect(refused?.code == .noLaunchHandler)
        #expect(refused?.message.hasSuffix("register it at every app launch: the system started this process in the background to deliver "
            + "\(Fixture.refresh), and such a start registers only app.registers-in-background (none); open-app brings this same "
            + "process to the foreground without registering again") == true, "\(refused?.message ?? "")")
        await simulation.terminate()
        try await simulation.relaunch(registering: [])
        let other = try await simulation.submit(Fixture.refresh, earliestBeginDate: nil)
        #expect(other?.code == .notRegistered && other?.message.contains("started this process in the background") == false, "\(other?.message ?? "")")
    }

    /// A start's note belongs to its process: a submit that finds no process running (an app's code calling the
    /// scheduler after its process ended) is told to register, without the note of the process that is gone — it
    /// described a start that no longer holds. The simulation always starts a process before a submit, so only the
    /// scheduler can show it (mutation run 15's S3 survived the running check dropped).
    @Test func aStartsNoteIsNotToldOnceItsProcessEnded() throws {
        let scheduler = try SimulatedScheduler(gate: Fixture.gate, clock: try ManualClock(start: Fixture.start))
        let note = "the system started this process in the background"
        scheduler.startLaunching(note: note)
        scheduler.finishLaunching()
        func refusal() throws -> SchedulerError? {
            do {
                try scheduler.submit(TaskRequest(identifier: Fixture.refresh, kind: .refresh, earliestBeginDate: nil))
                return nil
            } catch let error as SchedulerError {
                return error
            }
        }
        let running = try refusal()
        #expect(running?.code == .notRegistered && running?.message.hasSuffix(": " + note) == true, "\(running?.message ?? "")")
        scheduler.terminate()
        let ended = try refusal()
        #expect(ended?.code == .notRegistered && ended?.message.hasSuffix("register it while the app launches, before submitting") == true,
                "\(ended?.message ?? "")")
    }
}
