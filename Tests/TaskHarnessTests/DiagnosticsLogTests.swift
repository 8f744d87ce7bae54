import Foundation
import Recurrence
import Testing
@testable import TaskHarness

/// The diagnostics log holds identifier, stage and error type — never payloads or tokens.
@Suite struct DiagnosticsLogTests {
    struct LeakyError: Error, CustomStringConvertible {
        var description: String { "GET https://api.example.com/items?token=s3cr3t failed; Authorization: Bearer s3cr3t" }
    }

    struct LeakySource: ItemSource {
        func fetch() async throws -> ItemBatch { throw LeakyError() }
    }

    @Test func aTokenLookingPayloadNeverReachesTheLog() async throws {
        let secrets = ["Bearer s3cr3t", "token=s3cr3t", "s3cr3t"]
        // Token-looking items and a source error whose message carries a token; a fault type written like a token
        // is reduced to the type alphabet (`token_abc`), so not even the `token=` form reaches the log.
        var configuration = Fixture.configuration(items: ["Bearer s3cr3t", "token=s3cr3t"])
        configuration.retry = RetryPolicy(backoff: .constant(.zero))
        let simulation = try await LifecycleSimulation(configuration)
        try await simulation.launch(Fixture.refresh, plan: LaunchPlan(fault: InjectedFault(stage: .parse, errorType: "token=abc")))
        try await simulation.launch(Fixture.refresh)
        let report = await simulation.finish()
        #expect(report.store.items == ["Bearer s3cr3t", "token=s3cr3t"])

        let bench = try JobBench(items: [])
        defer { bench.close() }
        let log = DiagnosticsLog()
        let job = SyncJob(identifier: Fixture.refresh, source: LeakySource(), stores: bench.stores, clock: bench.clock, files: bench.files, log: log)
        await #expect(throws: LeakyError.self) { try await job.run() }
        #expect(log.lines == ["download com.example.app.refresh unexpected-error"])

        for line in report.log + log.lines {
            for secret in secrets + ["Bearer ", "token="] { #expect(!line.contains(secret), "\(line)") }
        }
        #expect(report.log.contains("parse com.example.app.refresh token_abc"))
    }

    @Test func entriesRenderAsStageIdentifierAndErrorType() {
        #expect(DiagnosticsEntry(identifier: "com.example.app.refresh", stage: "register").line == "register com.example.app.refresh ok")
        #expect(DiagnosticsEntry(identifier: "com.example.app.refresh", stage: "write", errorType: "disk-full").line == "write com.example.app.refresh disk-full")
        // Anything outside the alphabets is blanked, so a value that is not an identifier cannot pass through.
        #expect(DiagnosticsEntry(identifier: "com.example app", stage: "Write", errorType: "Bearer x=1").line == "write com.example_app bearer_x_1")
        #expect(DiagnosticsEntry(identifier: "", stage: "", errorType: "").line == "_ _ _")
    }

    @Test func errorTypesNameTheKindOfErrorNeverItsMessage() {
        #expect(DiagnosticsEntry.errorType(of: InjectedFault(stage: .write, errorType: "disk-full")) == "disk-full")
        #expect(DiagnosticsEntry.errorType(of: CancellationError()) == "cancelled")
        #expect(DiagnosticsEntry.errorType(of: SQLiteError(code: 13, operation: "step", message: "database or disk is full")) == "disk-full")
        #expect(DiagnosticsEntry.errorType(of: LeakyError()) == "unexpected-error")
        // A catch-up whose search reaches the schedule's limit says so (it was `unexpected-error`).
        let bound = RecurrenceError.searchLimitReached(rule: "every day at 02:30", limit: 1, after: Date(timeIntervalSince1970: 0))
        #expect(DiagnosticsEntry.errorType(of: bound) == "search-limit-reached")
        #expect(DiagnosticsEntry.errorType(of: RecurrenceError.tooManyOccurrences(limit: 10)) == "too-many-occurrences")
    }

    @Test func aDeadProcessWritesNothing() {
        let log = DiagnosticsLog()
        let process = ProcessLife(generation: 1)
        log.record(identifier: "a", stage: "download", from: process)
        process.end()
        log.record(identifier: "a", stage: "parse", from: process)
        #expect(log.lines == ["download a ok"])
    }
}
