import Foundation
import Testing
@testable import TaskHarness

/// The ten bugs teams report most (harness-model.md), each reproduced in a few calls, with what the harness reports.
@Suite struct CommonBugTests {
    let refresh = Fixture.refresh

    @Test func bug1_identifierOrBackgroundModeMissingFromInfoPlist() async throws {
        for gate in [
            StaticGate(permittedIdentifiers: [], backgroundModes: ["fetch"]),
            StaticGate(permittedIdentifiers: [refresh], backgroundModes: ["processing"]),
        ] {
            let simulation = try await LifecycleSimulation(Fixture.configuration(gate: gate))
            let attempt = try await simulation.launch(refresh)
            let report = await simulation.finish()
            let reason = gate.permittedIdentifiers.isEmpty ? "not-permitted" : "background-mode-missing"
            #expect(report.log.prefix(2) == ["register \(refresh) \(reason)", "submit \(refresh) not-permitted"])
            #expect(report.errorCodes == ["not-permitted", "no-pending-request"])
            #expect(attempt.error?.code == .noPendingRequest)
            #expect(report.launches.isEmpty)
        }
    }

    @Test func bug2_registrationAfterLaunchFinished() async throws {
        var configuration = Fixture.configuration()
        configuration.startupRegistrations = []
        let simulation = try await LifecycleSimulation(configuration)
        let result = try await simulation.register(refresh)
        let report = await simulation.finish()
        #expect(throws: SchedulerError.self) { try result.get() }
        #expect(report.errorCodes == ["late-registration"])
        #expect(report.log == ["register \(refresh) late-registration"])
        #expect(report.errors.first?.message == "register \(refresh) came after the app finished launching; register every identifier before launch finishes")
    }

    @Test func bug3_aRelaunchRegistersNoHandlerForAPendingIdentifier() async throws {
        let simulation = try await LifecycleSimulation(Fixture.configuration())
        try await simulation.relaunch(registering: [])
        let attempt = try await simulation.launch(refresh)
        let report = await simulation.finish()
        #expect(attempt.error?.code == .noLaunchHandler)
        #expect(report.errorCodes == ["no-launch-handler"])
        #expect(report.pendingRequests.map(\.identifier) == [refresh])
    }

    @Test func bug4_theSameIdentifierRegisteredTwice() async throws {
        var configuration = Fixture.configuration()
        configuration.startupRegistrations = [refresh, refresh]
        let simulation = try await LifecycleSimulation(configuration)
        let report = await simulation.finish()
        #expect(report.errorCodes == ["duplicate-registration"])
        #expect(report.log.prefix(2) == ["register \(refresh) ok", "register \(refresh) duplicate-registration"])
    }

    @Test(arguments: [SchedulerAvailability.refreshDisabled, .simulator])
    func bug5_unavailableUnhandled(_ availability: SchedulerAvailability) async throws {
        var configuration = Fixture.configuration()
        configuration.availability = availability
        let simulation = try await LifecycleSimulation(configuration)
        let attempt = try await simulation.launch(refresh)
        let report = await simulation.finish()
        #expect(report.log.contains("submit \(refresh) unavailable"))
        #expect(report.errorCodes == ["unavailable", "no-pending-request"])
        #expect(attempt.error?.code == .noPendingRequest)
    }

    @Test func bug6_theNextRequestIsNeverResubmitted() async throws {
        var configuration = Fixture.configuration(schedule: Fixture.nightly)
        configuration.resubmitsAfterLaunch = false
        let simulation = try await LifecycleSimulation(configuration)
        let first = try await simulation.launch(refresh, at: instant("2027-03-29T02:31:00+02:00"))
        let second = try await simulation.launch(refresh, at: instant("2027-03-30T02:31:00+02:00"))
        let report = await simulation.finish()
        #expect(first.record?.completed == .success)
        #expect(second.error?.code == .noPendingRequest)
        #expect(report.launches.count == 1)
    }

    @Test func bug7_expirationRacingCompletionCallsSetTaskCompletedTwice() async throws {
        var configuration = Fixture.configuration()
        configuration.adapter = .flawed(.completesInExpirationHandler)
        let simulation = try await LifecycleSimulation(configuration)
        try await simulation.launch(refresh, plan: LaunchPlan(expireDuring: .parse))
        let report = await simulation.finish()
        #expect(report.launches.first?.completionCalls == [false, false])
        #expect(report.defects.map(\.kind) == [.completedTwice])
        #expect(report.failedChecks.map(\.name) == ["one-completion-per-launch"])
    }

    @Test func bug8_successReportedRegardlessOfTheResult() async throws {
        var configuration = Fixture.configuration()
        configuration.adapter = .flawed(.reportsSuccessRegardless)
        let simulation = try await LifecycleSimulation(configuration)
        try await simulation.launch(refresh, plan: LaunchPlan(fault: InjectedFault(stage: .write, errorType: "disk-full")))
        let report = await simulation.finish()
        #expect(report.completed == [.success])
        #expect(report.store.commits == 0)
        #expect(report.failedChecks.map(\.name) == ["success-implies-commit", "no-success-after-failure-or-expiration"])
        #expect(report.failedChecks.first?.detail == "launch #1 \(refresh) reported success but its job did not commit")
        // Success after the job's own failure is a defect (harness-model.md: "success after a failure/cancel").
        #expect(report.defects.map(\.kind) == [.successAfterFailure])
        #expect(report.defects.first?.detail == "success was reported after the job failed (write: disk-full); report the job's real outcome: false")
    }

    @Test func bug8_successReportedBeforeTheWorkFinished() async throws {
        var configuration = Fixture.configuration()
        configuration.adapter = .flawed(.reportsSuccessBeforeWork)
        let simulation = try await LifecycleSimulation(configuration)
        try await simulation.launch(refresh)
        let report = await simulation.finish()
        #expect(report.completed == [.success])
        #expect(report.store.commits == 1)
        #expect(report.failedChecks.map(\.detail) == ["launch #1 \(refresh) reported success before its job committed"])
    }

    @Test func bug9_expirationIgnoredLeavesATransactionOpenAtSuspension() async throws {
        var configuration = Fixture.configuration()
        configuration.adapter = .flawed(.ignoresExpiration)
        configuration.jobFlaws = [.longTransaction]
        let simulation = try await LifecycleSimulation(configuration)
        try await simulation.launch(refresh, plan: LaunchPlan(expireDuring: .parse))
        let report = await simulation.finish()
        #expect(report.defects.map(\.kind) == [.workAfterExpiration, .openTransactionAtSuspension])
        #expect(report.completed == [.killed])
        // The death rolled the transaction back: nothing half-written stays.
        #expect(report.store.items.isEmpty && report.store.commits == 0)
        #expect(Set(report.failedChecks.map(\.name)) == ["no-open-transaction-at-suspension", "expiration-honoured"])
    }

    @Test(arguments: [false, true])
    func bug10_overlappingRefreshAndProcessingUploadTwiceWithoutABusinessKey(flawed: Bool) async throws {
        var configuration = Fixture.configuration(tasks: [
            .init(identifier: Fixture.refresh, kind: .refresh), .init(identifier: Fixture.processing, kind: .processing),
        ])
        if flawed { configuration.jobFlaws = [.launchScopedSideEffectKey] }
        let simulation = try await LifecycleSimulation(configuration)
        try await simulation.launch(refresh, plan: LaunchPlan(overlap: .init(identifier: Fixture.processing, during: .parse)))
        let report = await simulation.finish()
        #expect(report.launches.map(\.identifier) == [Fixture.refresh, Fixture.processing])
        #expect(report.completed == [.success, .success])
        #expect(report.jobRuns[0].nestedLaunches == [2])
        #expect(report.store.items == ["42", "43"])
        #expect(report.sideEffectCount == (flawed ? 2 : 1))
        #expect(report.failedChecks.map(\.name) == (flawed ? ["no-duplicate-side-effects"] : []))
    }
}
