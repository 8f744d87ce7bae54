import Foundation
import Testing
@testable import TaskHarness

/// The user turns Background App Refresh off or on mid-scenario (`LifecycleSimulation.setAvailability`): while a kind
/// is not allowed its submits fail and its pending requests are not launched (`unavailable`); they stay pending.
@Suite struct AvailabilityChangeTests {
    @Test func aPendingRefreshRequestWaitsWhileRefreshIsOffAndRunsWhenItIsOn() async throws {
        let simulation = try await LifecycleSimulation(Fixture.configuration())
        try await simulation.setAvailability(.refreshDisabled)
        #expect(simulation.scheduler.availability == .refreshDisabled)
        let refused = try await simulation.launch(Fixture.refresh, at: instant("2027-03-29T02:00:00+02:00"))
        #expect(refused.error?.code == .unavailable)
        #expect(refused.error?.message.contains("Background App Refresh is off") == true, "\(String(describing: refused.error))")
        #expect(simulation.scheduler.pendingRequests.map(\.identifier) == [Fixture.refresh])
        // A submit fails while it is off.
        #expect(try await simulation.submit(Fixture.refresh, earliestBeginDate: nil)?.code == .unavailable)

        try await simulation.setAvailability(.available)
        #expect(try await simulation.launch(Fixture.refresh, at: instant("2027-03-29T03:00:00+02:00")).record != nil)
        let report = await simulation.finish()
        #expect(report.errorCodes == ["unavailable", "unavailable"])
    }

    @Test func aProcessingTaskIsNotHeldBack() async throws {
        let simulation = try await LifecycleSimulation(Fixture.configuration(tasks: [.init(identifier: Fixture.processing, kind: .processing)]))
        try await simulation.setAvailability(.refreshDisabled)
        #expect(try await simulation.launch(Fixture.processing, at: instant("2027-03-29T03:00:00+02:00")).record != nil)
    }

    /// Nothing pending is told first; the setting before a force-quit, and both before the floor.
    @Test func theSettingIsToldAfterNothingPendingAndBeforeTheForceQuit() async throws {
        let simulation = try await LifecycleSimulation(Fixture.configuration())
        try await simulation.submit(Fixture.refresh, earliestBeginDate: instant("2027-03-29T09:00:00+02:00"))
        try await simulation.forceQuit()
        try await simulation.setAvailability(.refreshDisabled)
        let both = try await simulation.launch(Fixture.refresh, at: instant("2027-03-29T08:00:00+02:00")).error
        #expect(both?.code == .unavailable)
        // Its advice names the force-quit too: turning refresh on alone would meet `app-force-quit` next.
        #expect(both?.message.hasSuffix("and open the app (open-app): the user's force-quit holds too") == true, "\(String(describing: both))")
        await simulation.cancel(Fixture.refresh)
        #expect(try await simulation.launch(Fixture.refresh, at: instant("2027-03-29T10:00:00+02:00")).error?.code == .noPendingRequest)
    }
}
