import Foundation
import Testing
@testable import TaskHarness

/// Every end-of-scenario invariant holds for the well-behaved app and fails, by name, for the mistake it guards.
@Suite struct InvariantCheckTests {
    static let allNames = [
        "one-completion-per-launch", "success-implies-commit", "no-success-after-failure-or-expiration",
        "store-changes-together", "old-data-readable-during-fault", "no-temp-files-after-cancel-or-fault",
        "no-success-mark-after-cancel-or-fault", "no-duplicate-items", "no-duplicate-side-effects",
        "interrupted-write-reconciled", "catch-up-nothing-missed", "catch-up-nothing-twice", "no-pending-timers",
        "no-open-transaction-at-suspension", "expiration-honoured", "harness-ran-cleanly",
    ]

    /// A mistake, the scenario that exposes it, and the checks that must fail for it.
    enum Mistake: String, CaseIterable, Sendable {
        case none
        case keepsTemporaryFiles, splitWrite, appendsDuplicates, skipsCompletionCheck, onlyLatestOccurrence, skipsReconciliation
        case launchScopedKeyAcrossInterruption, neverCompletesAndDeadlinePasses, neverCompletesAndScenarioEnds
        case successAfterExpiration, commitAfterReportedFailure, noExpirationHandler

        var failing: Set<String> {
            switch self {
            case .none: []
            case .keepsTemporaryFiles: ["no-temp-files-after-cancel-or-fault"]
            case .splitWrite: ["store-changes-together", "old-data-readable-during-fault"]
            case .appendsDuplicates: ["no-duplicate-items"]
            case .skipsCompletionCheck: ["catch-up-nothing-twice"]
            case .onlyLatestOccurrence: ["catch-up-nothing-missed"]
            // The retry writes the interrupted run again: two launches wrote its occurrence (the rows upserted stay right).
            case .skipsReconciliation: ["interrupted-write-reconciled", "catch-up-nothing-twice"]
            case .launchScopedKeyAcrossInterruption: ["interrupted-write-reconciled", "no-duplicate-side-effects"]
            case .neverCompletesAndDeadlinePasses: ["one-completion-per-launch"]
            case .neverCompletesAndScenarioEnds: ["one-completion-per-launch", "no-pending-timers"]
            case .successAfterExpiration: ["success-implies-commit", "no-success-after-failure-or-expiration"]
            case .commitAfterReportedFailure: ["one-completion-per-launch", "no-success-mark-after-cancel-or-fault", "expiration-honoured"]
            case .noExpirationHandler: ["expiration-honoured"]
            }
        }

        func run() async throws -> LifecycleReport {
            let refresh = Fixture.refresh
            var configuration = Fixture.configuration(schedule: [.skipsCompletionCheck, .onlyLatestOccurrence, .skipsReconciliation].contains(self) ? Fixture.nightly : nil)
            switch self {
            case .keepsTemporaryFiles: configuration.jobFlaws = [.keepsTemporaryFiles]
            case .splitWrite: configuration.jobFlaws = [.splitWrite]
            case .appendsDuplicates: configuration.jobFlaws = [.appendsDuplicates]
            case .skipsCompletionCheck: configuration.jobFlaws = [.skipsCompletionCheck]
            case .onlyLatestOccurrence: configuration.jobFlaws = [.onlyLatestOccurrence]
            case .skipsReconciliation: configuration.jobFlaws = [.skipsReconciliation]
            case .launchScopedKeyAcrossInterruption: configuration.jobFlaws = [.launchScopedSideEffectKey]
            case .neverCompletesAndDeadlinePasses, .neverCompletesAndScenarioEnds: configuration.adapter = .flawed(.neverCompletes)
            case .successAfterExpiration: configuration.adapter = .flawed(.reportsSuccessRegardless)
            case .commitAfterReportedFailure:
                configuration.adapter = .flawed(.completesInExpirationHandler)
                configuration.jobFlaws = [.ignoresCancellation]
            case .noExpirationHandler: configuration.adapter = .flawed(.noExpirationHandler)
            case .none: break
            }
            let simulation = try await LifecycleSimulation(configuration)
            let day1 = instant("2027-03-29T03:00:00+02:00")
            let day2 = instant("2027-03-30T03:00:00+02:00")
            switch self {
            case .none:
                try await simulation.launch(refresh, at: day1, plan: LaunchPlan(expireDuring: .download))
                try await simulation.launch(refresh, at: day1, plan: LaunchPlan(fault: InjectedFault(stage: .write, errorType: "disk-full")))
                try await simulation.launch(refresh, at: day1, plan: LaunchPlan(interrupt: .afterWrite))
                try await simulation.launch(refresh, at: day2)
                try await simulation.launch(refresh, at: day2)
            case .keepsTemporaryFiles:
                try await simulation.launch(refresh, at: day1, plan: LaunchPlan(fault: InjectedFault(stage: .parse, errorType: "bad-data")))
            case .splitWrite:
                try await simulation.launch(refresh, at: day1, plan: LaunchPlan(fault: InjectedFault(stage: .write, errorType: "disk-full")))
            case .appendsDuplicates:
                try await simulation.launch(refresh, at: day1)
                try await simulation.launch(refresh, at: day2)
            case .skipsCompletionCheck:
                try await simulation.launch(refresh, at: day1)
                try await simulation.launch(refresh, at: day2)
            case .onlyLatestOccurrence:
                try await simulation.launch(refresh, at: instant("2027-04-01T03:00:00+02:00"))
            case .skipsReconciliation:
                try await simulation.launch(refresh, at: day1, plan: LaunchPlan(interrupt: .afterWrite))
                try await simulation.launch(refresh, at: day1)
            case .launchScopedKeyAcrossInterruption:
                try await simulation.launch(refresh, at: day1, plan: LaunchPlan(interrupt: .afterWrite))
                try await simulation.launch(refresh, at: day2)
            case .neverCompletesAndDeadlinePasses:
                try await simulation.launch(refresh, at: day1)
                try await simulation.advance(by: .seconds(60))
            case .neverCompletesAndScenarioEnds:
                try await simulation.launch(refresh, at: day1)
            case .successAfterExpiration:
                try await simulation.launch(refresh, at: day1, plan: LaunchPlan(expireDuring: .parse))
            case .commitAfterReportedFailure:
                try await simulation.launch(refresh, at: day1, plan: LaunchPlan(expireDuring: .write))
            case .noExpirationHandler:
                try await simulation.launch(refresh, at: day1, plan: LaunchPlan(expireDuring: .download))
            }
            return await simulation.finish()
        }
    }

    @Test(arguments: Mistake.allCases)
    func eachMistakeFailsExactlyTheChecksThatGuardAgainstIt(_ mistake: Mistake) async throws {
        let report = try await mistake.run()
        #expect(report.checks.map(\.name) == Self.allNames)
        #expect(Set(report.failedChecks.map(\.name)) == mistake.failing, "\(report.failedChecks)")
        #expect(report.failedChecks.allSatisfy { !$0.detail.isEmpty })
    }

    @Test func theWellBehavedAppAlsoShowsTheExpectedOutcomes() async throws {
        let report = try await Mistake.none.run()
        #expect(report.completed == [.failure, .failure, .killed, .success, .success])
        #expect(report.store.commits == 2)
        #expect(report.sideEffectCount == 1)
        #expect(report.checks.first { $0.name == "interrupted-write-reconciled" }?.detail == "every interrupted write was reconciled once (or none was interrupted)")
    }

    /// Each launch enumerated its own window within the bound; the check must not need more than they did (the
    /// stress run's hourly schedule over twelve years reported the check's own bound as a missed occurrence).
    @Test func nothingMissedIsCheckedWithinTheBoundTheLaunchesMet() async throws {
        let bounded = BoundedOccurrences(listed: Fixture.nightly, bound: 5)
        let simulation = try await LifecycleSimulation(Fixture.configuration(schedule: bounded))
        try await simulation.launch(Fixture.refresh, at: instant("2027-03-31T03:00:00+02:00"))
        try await simulation.launch(Fixture.refresh, at: instant("2027-04-03T03:00:00+02:00"))
        let report = await simulation.finish()
        #expect(report.completed == [.success, .success])
        #expect(report.failedChecks.isEmpty, "\(report.failedChecks)")
        #expect(report.checks.first { $0.name == "catch-up-nothing-missed" }?.detail
            == "all 6 occurrence(s) up to the last completed run (2027-04-03T01:00:00Z) completed")
    }

    @Test func aMissedCompletionIsNamedInTheDetail() async throws {
        let report = try await Mistake.neverCompletesAndDeadlinePasses.run()
        #expect(report.completed == [.killed])
        #expect(report.defects.map(\.kind) == [.missingCompletion])
        #expect(report.failedChecks.map(\.detail) == [
            "launch #1 com.example.app.refresh never called setTaskCompleted; the system killed the app at the expiration deadline",
        ])
    }

    @Test func aScenarioEndingWithWorkScheduledNamesTheTimer() async throws {
        let report = try await Mistake.neverCompletesAndScenarioEnds.run()
        #expect(report.pendingTimers.map(\.label) == ["expiration deadline of com.example.app.refresh launch #1"])
        #expect(report.failedChecks.first { $0.name == "no-pending-timers" }?.detail
            == "expiration deadline of com.example.app.refresh launch #1 is still scheduled at 2027-03-29T01:00:30Z")
    }
}
