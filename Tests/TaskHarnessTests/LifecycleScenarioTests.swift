import Foundation
import Recurrence
import Testing
@testable import TaskHarness

/// Whole scenarios through `LifecycleSimulation`, the way the spec runner drives it.
@Suite struct LifecycleScenarioTests {
    /// The spec-language example "Expiration during parse leaves no trace", step by step.
    @Test func theSpecLanguageExampleGivesWhatItsExpectBlockSays() async throws {
        let simulation = try await LifecycleSimulation(Fixture.configuration(schedule: Fixture.nightly))
        let refresh = Fixture.refresh
        try await simulation.launch(refresh, at: instant("2027-03-29T02:31:00+02:00"), plan: LaunchPlan(expireDuring: .parse))
        try await simulation.launch(refresh, at: instant("2027-03-30T04:00:00+02:00"), plan: LaunchPlan(fault: InjectedFault(stage: .write, errorType: "disk-full")))
        try await simulation.launch(refresh, at: instant("2027-03-31T04:00:00+02:00"), plan: LaunchPlan(interrupt: .afterWrite))
        try await simulation.launch(refresh, at: instant("2027-03-31T05:00:00+02:00"))
        let report = await simulation.finish()

        #expect(report.completed == [.failure, .failure, .killed, .success])
        #expect(report.store.items == ["42", "43"])
        #expect(report.store.commits == 1)
        #expect(report.sideEffectCount == 1)
        #expect(report.temporaryFiles.isEmpty)
        #expect(report.runs.first == RunRecord(
            launch: 1, identifier: refresh, planned: instant("2027-03-29T02:30:00+02:00"),
            actual: instant("2027-03-29T02:31:00+02:00"), key: "nightly-sync/v1/2027-03-29", completed: .failure,
            failure: "parse: cancelled"))
        #expect(report.log.contains("register com.example.app.refresh ok"))
        #expect(!report.log.contains { $0.contains("Bearer ") || $0.contains("token=") })
        #expect(report.errors.isEmpty)
        #expect(report.failedChecks.isEmpty, "\(report.failedChecks)")
        // The retry covered the three nightly occurrences the earlier launches did not complete.
        #expect(report.completions.map(\.key) == ["nightly-sync/v1/2027-03-29", "nightly-sync/v1/2027-03-30", "nightly-sync/v1/2027-03-31"])
        #expect(report.jobRuns[3].reconciled && !report.jobRuns[3].committed)
        // After the success the next request waits for the next occurrence (2027-04-01T02:30+02:00).
        #expect(try report.pendingRequests == [TaskRequest(identifier: refresh, kind: .refresh, earliestBeginDate: instant("2027-04-01T02:30:00+02:00"))])
        #expect(report.launches.map(\.process) == [1, 1, 1, 2])
    }

    @Test(arguments: JobStage.allCases)
    func expirationDuringAnyStageLeavesNoTrace(_ stage: JobStage) async throws {
        let simulation = try await LifecycleSimulation(Fixture.configuration())
        let attempt = try await simulation.launch(Fixture.refresh, plan: LaunchPlan(expireDuring: stage))
        let report = await simulation.finish()
        #expect(attempt.record?.expiredAt == Fixture.start)
        #expect(report.completed == [.failure])
        #expect(report.store == StoreSnapshot(items: [], cursor: nil, updatedAt: nil, commits: 0, runKey: nil))
        #expect(report.temporaryFiles.isEmpty && report.completions.isEmpty && report.sideEffects.isEmpty)
        #expect(report.log.contains("\(stage.rawValue) com.example.app.refresh cancelled"))
        #expect(report.defects.isEmpty)
        #expect(report.failedChecks.isEmpty, "\(report.failedChecks)")
    }

    @Test func theLogRecordsStagesAndErrorTypesOnly() async throws {
        let simulation = try await LifecycleSimulation(Fixture.configuration())
        try await simulation.launch(Fixture.refresh, plan: LaunchPlan(fault: InjectedFault(stage: .write, errorType: "disk-full")))
        try await simulation.launch(Fixture.refresh)
        let report = await simulation.finish()
        #expect(report.log == [
            "register com.example.app.refresh ok",
            "submit com.example.app.refresh ok",
            "launch com.example.app.refresh ok",
            "submit com.example.app.refresh ok",
            "download com.example.app.refresh ok",
            "parse com.example.app.refresh ok",
            "write com.example.app.refresh disk-full",
            "launch com.example.app.refresh ok",
            "submit com.example.app.refresh ok",
            "download com.example.app.refresh ok",
            "parse com.example.app.refresh ok",
            "write com.example.app.refresh ok",
            "upload com.example.app.refresh ok",
            "complete com.example.app.refresh ok",
            "submit com.example.app.refresh ok",
        ])
    }

    @Test func aLaunchBeforeEarliestBeginDateIsAScenarioError() async throws {
        let simulation = try await LifecycleSimulation(Fixture.configuration(schedule: Fixture.nightly))
        let early = try await simulation.launch(Fixture.refresh, at: instant("2027-03-29T02:29:59+02:00"))
        #expect(early.error?.code == .launchBeforeEarliestBegin)
        #expect(early.error?.message == "a launch at 2027-03-29T00:29:59Z is before the request's earliestBeginDate 2027-03-29T00:30:00Z; the system never starts a task earlier, so move the step to or after it")
        let onTime = try await simulation.launch(Fixture.refresh, at: instant("2027-03-29T02:30:00+02:00"))
        #expect(onTime.record?.completed == .success)
        let report = await simulation.finish()
        #expect(report.errorCodes == ["launch-before-earliest-begin"])
        #expect(report.runs.map(\.planned) == [instant("2027-03-29T02:30:00+02:00")])
        #expect(report.runs.map(\.actual) == [instant("2027-03-29T02:30:00+02:00")])
    }

    @Test func theClockNeverGoesBackwards() async throws {
        let simulation = try await LifecycleSimulation(Fixture.configuration())
        try await simulation.advance(to: instant("2027-03-30T00:00:00+02:00"))
        await #expect(throws: LifecycleError.self) { try await simulation.launch(Fixture.refresh, at: Fixture.start) }
        _ = await simulation.finish()
    }

    @Test func catchUpAfterThreeDaysCoversEveryMissedOccurrenceOnce() async throws {
        let simulation = try await LifecycleSimulation(Fixture.configuration(schedule: Fixture.nightly))
        // No launch for three nights, then one at 09:00 on the fourth day.
        try await simulation.launch(Fixture.refresh, at: instant("2027-04-01T09:00:00+02:00"))
        // The next request waits for 2027-04-02T02:30+02:00; a launch then covers only that night.
        try await simulation.launch(Fixture.refresh, at: instant("2027-04-02T02:45:00+02:00"))
        let report = await simulation.finish()
        #expect(report.runs.map(\.key) == [
            "nightly-sync/v1/2027-03-29", "nightly-sync/v1/2027-03-30", "nightly-sync/v1/2027-03-31", "nightly-sync/v1/2027-04-01",
            "nightly-sync/v1/2027-04-02",
        ])
        #expect(report.runs.map(\.launch) == [1, 1, 1, 1, 2])
        #expect(report.jobRuns[0].window == Window(after: Fixture.start, through: instant("2027-04-01T09:00:00+02:00")))
        #expect(report.jobRuns[1].window == Window(after: instant("2027-04-01T09:00:00+02:00"), through: instant("2027-04-02T02:45:00+02:00")))
        #expect(report.sideEffectCount == 2)
        #expect(report.failedChecks.isEmpty, "\(report.failedChecks)")
    }

    @Test func bothInstantsOfARepeatedHourAreKeyedSeparately() async throws {
        // Europe/Berlin 2027-10-31: 02:30 happens at +02:00 (00:30Z) and again at +01:00 (01:30Z); with
        // `repeated: both` the later one's key gets `~2` (checked with Python zoneinfo, fold=0/1).
        let autumn = ListedOccurrences(scheduleID: "nightly-sync/v1", occurrences: [
            Occurrence(date: instant("2027-10-30T02:30:00+02:00"), key: DedupKey("nightly-sync/v1/2027-10-30"), slot: nil, resolution: .exact),
            Occurrence(date: instant("2027-10-31T02:30:00+02:00"), key: DedupKey("nightly-sync/v1/2027-10-31"), slot: nil, resolution: .overlapFirst),
            Occurrence(date: instant("2027-10-31T02:30:00+01:00"), key: DedupKey("nightly-sync/v1/2027-10-31~2"), slot: nil, resolution: .overlapLast),
            Occurrence(date: instant("2027-11-01T02:30:00+01:00"), key: DedupKey("nightly-sync/v1/2027-11-01"), slot: nil, resolution: .exact),
            Occurrence(date: instant("2027-11-02T02:30:00+01:00"), key: DedupKey("nightly-sync/v1/2027-11-02"), slot: nil, resolution: .exact),
        ])
        var configuration = Fixture.configuration(schedule: autumn)
        configuration.clockStart = instant("2027-10-29T12:00:00+02:00")
        let simulation = try await LifecycleSimulation(configuration)
        // A launch between the two 02:30s covers the first; the next request's floor is the second.
        try await simulation.launch(Fixture.refresh, at: instant("2027-10-31T02:45:00+02:00"))
        try await simulation.launch(Fixture.refresh, at: instant("2027-10-31T02:40:00+01:00"))
        try await simulation.launch(Fixture.refresh, at: instant("2027-11-01T03:00:00+01:00"))
        let report = await simulation.finish()
        #expect(report.completions.map(\.key) == [
            "nightly-sync/v1/2027-10-30", "nightly-sync/v1/2027-10-31", "nightly-sync/v1/2027-10-31~2", "nightly-sync/v1/2027-11-01",
        ])
        #expect(report.launches.map(\.planned) == [
            instant("2027-10-30T02:30:00+02:00"), instant("2027-10-31T02:30:00+01:00"), instant("2027-11-01T02:30:00+01:00"),
        ])
        #expect(report.failedChecks.isEmpty, "\(report.failedChecks)")
    }

    @Test func retriesFollowTheBackoffOnTheManualClock() async throws {
        var configuration = Fixture.configuration()
        configuration.retry = RetryPolicy(backoff: .exponential(initial: .seconds(900), factor: 2, maximum: .seconds(3600)))
        let simulation = try await LifecycleSimulation(configuration)
        let fault = LaunchPlan(fault: InjectedFault(stage: .download, errorType: "network"))
        let t0 = instant("2027-03-29T08:00:00+02:00")
        try await simulation.launch(Fixture.refresh, at: t0, plan: fault)
        // First failure: 15 minutes.
        let early = try await simulation.launch(Fixture.refresh, at: t0.addingTimeInterval(899))
        #expect(early.error?.code == .launchBeforeEarliestBegin)
        try await simulation.launch(Fixture.refresh, at: t0.addingTimeInterval(900), plan: fault)
        // Second consecutive failure: 30 minutes after it; the third 60, then capped at 60.
        #expect(simulation.scheduler.pendingRequests.first?.earliestBeginDate == t0.addingTimeInterval(900 + 1800))
        try await simulation.launch(Fixture.refresh, at: t0.addingTimeInterval(2700), plan: fault)
        #expect(simulation.scheduler.pendingRequests.first?.earliestBeginDate == t0.addingTimeInterval(2700 + 3600))
        try await simulation.launch(Fixture.refresh, at: t0.addingTimeInterval(6300), plan: fault)
        #expect(simulation.scheduler.pendingRequests.first?.earliestBeginDate == t0.addingTimeInterval(6300 + 3600))
        // A success resets the count: the next failure waits 15 minutes again.
        try await simulation.launch(Fixture.refresh, at: t0.addingTimeInterval(9900))
        try await simulation.launch(Fixture.refresh, at: t0.addingTimeInterval(9900), plan: fault)
        #expect(simulation.scheduler.pendingRequests.first?.earliestBeginDate == t0.addingTimeInterval(9900 + 900))
        let report = await simulation.finish()
        #expect(report.completed == [.failure, .failure, .failure, .failure, .success, .failure])
        #expect(report.failedChecks.isEmpty, "\(report.failedChecks)")
    }

    @Test func retryPolicyDelays() throws {
        let exponential = RetryPolicy(backoff: .exponential(initial: .seconds(60), factor: 3, maximum: .seconds(1000)), maxAttempts: 5)
        #expect(try (1...5).map { try exponential.delay(afterFailures: $0) } == [.seconds(60), .seconds(180), .seconds(540), .seconds(1000), nil])
        let constant = RetryPolicy(backoff: .constant(.seconds(30)))
        #expect(try constant.delay(afterFailures: 100) == .seconds(30))
        #expect(try RetryPolicy(backoff: .exponential(initial: .seconds(1))).delay(afterFailures: 200) != nil)
    }

    @Test func itemsChangedBetweenLaunchesAreCommittedWithTheirCursor() async throws {
        let simulation = try await LifecycleSimulation(Fixture.configuration(items: ["42"]))
        try await simulation.launch(Fixture.refresh)
        await simulation.setItems(["42", "43", "44"])
        try await simulation.launch(Fixture.refresh, at: instant("2027-03-29T06:00:00+02:00"))
        let report = await simulation.finish()
        #expect(report.store.items == ["42", "43", "44"])
        #expect(report.store.cursor == StubItemSource.cursor(for: ["42", "43", "44"]))
        #expect(report.store.updatedAt == instant("2027-03-29T06:00:00+02:00"))
        #expect(report.store.commits == 2)
        #expect(report.sideEffectCount == 2)
    }

    /// The download and parse stages pass the items through temporary files: written one a line, an item with a line
    /// break came back as two (and an only item that is empty as none), so the store held what no source returned.
    @Test func itemsWithLineBreaksOrEmptyTextAreStoredWhole() async throws {
        let items = ["password:\n  hunter2", "a\r\nb", "-----BEGIN KEY-----\nAAAA\n-----END KEY-----\n", "", "42"]
        for given in [items, [""], ["\n"]] {
            let simulation = try await LifecycleSimulation(Fixture.configuration(items: given))
            try await simulation.launch(Fixture.refresh)
            let report = await simulation.finish()
            #expect(report.store.items == given)
            #expect(report.store.cursor == StubItemSource.cursor(for: given))
            #expect(report.failedChecks.isEmpty, "\(report.failedChecks)")
        }
    }

    @Test func anExpiredLaunchThatNeverCompletesIsKilledAtItsDeadline() async throws {
        var configuration = Fixture.configuration()
        configuration.adapter = .flawed(.neverCompletes)
        let simulation = try await LifecycleSimulation(configuration)
        try await simulation.launch(Fixture.refresh)
        #expect(simulation.clock.pendingWork.count == 1)
        #expect(await simulation.expire(Fixture.refresh) == nil)
        #expect(await simulation.expire(Fixture.refresh)?.code == .notRunning)
        // Expired early, the launch keeps its deadline: never completing, it is killed when its time is up.
        #expect(simulation.clock.pendingWork.count == 1)
        try await simulation.advance(by: .seconds(29))
        #expect(await simulation.report().launches.first?.state == .expiring)
        try await simulation.advance(by: .seconds(1))
        let report = await simulation.finish()
        #expect(report.completed == [.killed])
        #expect(report.defects.map(\.kind) == [.missingCompletion])
        #expect(report.pendingTimers.isEmpty)
        #expect(report.failedChecks.map(\.detail) == ["launch #1 com.example.app.refresh never called setTaskCompleted; the system killed the app at the expiration deadline"])
    }

    @Test func stagesRunInTheirOrderAndIncludeTheWrite() async throws {
        var configuration = Fixture.configuration()
        configuration.stages = [.download, .write]
        let simulation = try await LifecycleSimulation(configuration)
        try await simulation.launch(Fixture.refresh)
        let report = await simulation.finish()
        #expect(report.store.commits == 1)
        #expect(!report.log.contains { $0.hasPrefix("parse ") })
        for stages in [[JobStage.write, .download], [.download, .parse]] {
            configuration.stages = stages
            await #expect(throws: LifecycleError.self) { try await LifecycleSimulation(configuration) }
        }
    }

    @Test(arguments: [
        ("after-write", Checkpoint.afterWrite), ("during parse", .during(.parse)), ("during  write", .during(.write)),
        ("during", nil), ("after write", nil), ("during unpack", nil), ("", nil),
    ])
    func checkpointsReadTheSpecsForm(text: String, expected: Checkpoint?) {
        #expect(Checkpoint(parsing: text) == expected)
    }

    @Test func finishRemovesTheScenarioFolder() async throws {
        let simulation = try await LifecycleSimulation(Fixture.configuration())
        let root = simulation.folder.root
        #expect(FileManager.default.fileExists(atPath: root.path))
        _ = await simulation.finish()
        #expect(!FileManager.default.fileExists(atPath: root.path))
        await #expect(throws: LifecycleError.self) { try await simulation.launch(Fixture.refresh) }
    }
}
