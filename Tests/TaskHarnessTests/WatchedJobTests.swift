import Foundation
import Testing
@testable import TaskHarness

/// The watch on the job an app's own adapter receives: the harness's side of "return when the work has ended".
@Suite struct WatchedJobTests {
    /// A job that stops in its download until `resume` opens; `reached` opens when it gets there.
    static func heldInDownload(_ bench: JobBench) -> (job: SyncJob, reached: Gate, resume: Gate) {
        let reached = Gate()
        let resume = Gate()
        let job = bench.job(monitor: ScriptedMonitor { point in
            guard point == .during(.download) else { return }
            reached.open()
            await resume.wait()
        })
        return (job, reached, resume)
    }

    @Test func aRunStillGoingWhenTheHandlerReturnsIsAProblem() async throws {
        let bench = try JobBench(items: ["42"])
        defer { bench.close() }
        let (job, reached, resume) = Self.heldInDownload(bench)
        let problems = HarnessProblems()
        let watched = WatchedJob(job, identifier: Fixture.refresh, problems: problems)
        watched.beginHandling(launch: 3)
        let run = Task { try await watched.run() }
        await reached.wait()                 // the job is held in its download
        watched.endHandling()                // the adapter returned meanwhile
        resume.open()
        try await run.value
        #expect(problems.all == [
            "the app's adapter returned from handle(task:) for launch 3 of \(Fixture.refresh) while its job was still running; await the work it starts before returning",
        ])
    }

    /// Launches of one task may overlap: while the outer launch's handler still runs (and awaits its job), an inner
    /// launch's handler that returns leaves nothing behind of its own. Only the last handler to return answers for
    /// the runs still going.
    @Test func anInnerLaunchReturningWhileTheOuterOnesJobRunsIsNoProblem() async throws {
        let bench = try JobBench(items: ["42"])
        defer { bench.close() }
        let (job, reached, resume) = Self.heldInDownload(bench)
        let problems = HarnessProblems()
        let watched = WatchedJob(job, identifier: Fixture.refresh, problems: problems)
        watched.beginHandling(launch: 1)
        let run = Task { try await watched.run() }
        await reached.wait()                 // the outer launch's job is held in its download
        watched.beginHandling(launch: 2)
        watched.endHandling()                // the inner launch's handler returns
        #expect(problems.all == [])
        resume.open()
        try await run.value
        watched.endHandling()                // the outer one returns once its job has ended
        #expect(problems.all == [])
    }

    /// An app's expiration handler may stop the work through the job it was given (`work.cancel()`, as the thin
    /// adapter does) rather than by cancelling a `Task`: the watch passes that on to the job.
    @Test func cancellingTheWatchedJobStopsTheJob() async throws {
        let bench = try JobBench(items: ["42"])
        defer { bench.close() }
        let (job, reached, resume) = Self.heldInDownload(bench)
        let watched = WatchedJob(job, identifier: Fixture.refresh, problems: HarnessProblems())
        watched.beginHandling(launch: 1)
        let run = Task { try await watched.run() }
        await reached.wait()                 // the job is held in its download
        watched.cancel()
        resume.open()
        await #expect(throws: CancellationError.self) { try await run.value }
        watched.endHandling()
        #expect(try bench.committed().commits == 0)
    }

    @Test func aRunThatEndsBeforeTheHandlerReturnsIsNoProblem() async throws {
        let bench = try JobBench(items: ["42"])
        defer { bench.close() }
        let problems = HarnessProblems()
        let watched = WatchedJob(bench.job(), identifier: Fixture.refresh, problems: problems)
        watched.beginHandling(launch: 1)
        try await watched.run()
        watched.endHandling()
        #expect(problems.all == [])
    }

    @Test func aRunBegunAfterTheHandlerReturnedIsRefused() async throws {
        let bench = try JobBench(items: ["42"])
        defer { bench.close() }
        let problems = HarnessProblems()
        let watched = WatchedJob(bench.job(), identifier: Fixture.refresh, problems: problems)
        watched.beginHandling(launch: 1)
        watched.endHandling()
        await #expect(throws: CancellationError.self) { try await watched.run() }
        #expect(try bench.committed().commits == 0)
        #expect(problems.all == [
            "the app's adapter for \(Fixture.refresh) started its job after handle(task:) had returned; await the work it starts before returning",
        ])
    }
}
