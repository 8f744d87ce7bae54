import Foundation
import SpecDiagnostics
import SpecModel
import SpecParser
import SpecResults
@testable import SpecRunner
import TaskHarness
import Testing

/// Lifecycle scenarios through the executor: a failed expectation and a broken invariant each fail with a message
/// that says which; every invariant is recorded; each scenario's folder is removed; scenarios run side by side.
@Suite struct LifecycleExecutorTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The failed expectations of a scenario's run, by name, with what was found.
    static func failures(_ text: String) async throws -> [String: String] {
        let (_, body) = try scenario(text)
        let checks = try #require(await LifecycleExecutor().execute(body).lifecycle).expectations.filter { !$0.passed }
        return Dictionary(checks.map { ($0.name, $0.actual) }, uniquingKeysWith: { first, _ in first })
    }

    /// A scenario parsed from YAML (the parser's diagnostics must be empty: the test is about running).
    static func scenario(_ text: String, path: String = "scenario.yaml") throws -> (Spec, LifecycleSpec) {
        let file = SpecParser().parse(path: path, bytes: Array(text.utf8))
        #expect(file.diagnostics.isEmpty, "\(file.diagnostics.map(\.message))")
        let spec = try #require(file.specs.first)
        guard case .lifecycle(let body) = spec.body else { throw ScenarioMissing() }
        return (spec, body)
    }

    struct ScenarioMissing: Error {}

    /// A folder for scenario folders, so a test can see that nothing stays behind.
    static func emptyFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-executor-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func contents(_ url: URL) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? ["<unreadable>"]
    }

    static let exampleText = """
        spec: Expiration during parse leaves no trace
        task: {identifier: com.example.app.refresh, kind: refresh}
        job: {items: ["42", "43"]}
        schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
        clock: 2027-03-29T00:00:00+02:00
        steps:
          - {at: 2027-03-29T02:31:00+02:00, launch: com.example.app.refresh, expire: during parse}
          - {at: 2027-03-30T04:00:00+02:00, launch: com.example.app.refresh, fail: {stage: write, error: disk-full}}
          - {at: 2027-03-31T04:00:00+02:00, launch: com.example.app.refresh, interrupt: after-write}
          - {at: 2027-03-31T05:00:00+02:00, launch: com.example.app.refresh}
        expect:
          completed: [false, false, killed, true]
          store: {items: ["42", "43"], commits: COMMITS}
          side-effects: 1
          temp-files: 0
          runs:
            - {planned: 2027-03-29T02:30:00+02:00, actual: 2027-03-29T02:31:00+02:00, key: nightly-sync/v1/2027-03-29}
          log: {contains: ["register com.example.app.refresh ok"], never: ["Bearer ", "token="]}
          errors: []

        """

    /// The runner cancels an abandoned scenario's task (`WorkerCancellation`): it stops before its next step, and its
    /// folder is still removed.
    @Test func aCancelledScenarioStopsBeforeItsNextStepAndCleansUp() async throws {
        let folder = try Self.emptyFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (_, body) = try Self.scenario(Self.exampleText.replacingOccurrences(of: "COMMITS", with: "1"))
        let verdict = await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await LifecycleExecutor(temporaryParent: folder).execute(body)
        }.value
        #expect(verdict.status == .error)
        #expect(verdict.message == "stopped before step 1 (scenario.yaml:7:5): the run abandoned the test")
        #expect(Self.contents(folder).isEmpty)
    }

    @Test func theExamplePassesAndRecordsEveryInvariantAndEveryExpectation() async throws {
        let folder = try Self.emptyFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (_, body) = try Self.scenario(Self.exampleText.replacingOccurrences(of: "COMMITS", with: "1"))
        let verdict = await LifecycleExecutor(temporaryParent: folder).execute(body)
        #expect(verdict.status == .passed, "\(verdict.message ?? "")")
        #expect(verdict.message == nil)
        #expect(verdict.timeZone?.identifier == "Europe/Berlin")
        let lifecycle = try #require(verdict.lifecycle)
        #expect(lifecycle.invariants.map(\.name) == LifecycleExpectation.Invariant.allCases.map(\.rawValue))
        #expect(lifecycle.invariants.allSatisfy { $0.passed })
        #expect(lifecycle.expectations.map(\.name) == [
            "completed", "store.items", "store.commits", "side-effects", "temp-files", "runs[1]", "log.contains", "log.never",
            "log.never", "errors",
        ])
        #expect(lifecycle.expectations.allSatisfy { $0.passed })
        // 1 + 2 + 3 + 3 due occurrences over the four launches (expected values derived in the spec's comments).
        #expect(lifecycle.runs.count == 9)
        // Python: 2027-03-29T02:30+02:00 is 00:30Z, epoch 1806280200; 02:31 is 1806280260 (CEST).
        let first = try #require(lifecycle.runs.first)
        #expect(first.key == "nightly-sync/v1/2027-03-29")
        #expect(first.outcome == "expired")
        #expect(first.planned?.epochSeconds == 1_806_280_200)
        #expect(first.planned?.utc == "2027-03-29T00:30:00Z")
        #expect(first.planned?.offsetForm == "2027-03-29T02:30:00+02:00")
        #expect(first.planned?.local == "2027-03-29 02:30 CEST (+02:00)")
        #expect(first.actual?.epochSeconds == 1_806_280_260)
        #expect(first.actual?.utc == "2027-03-29T00:31:00Z")
        #expect(first.actual?.local == "2027-03-29 02:31 CEST (+02:00)")
        #expect(lifecycle.runs.map(\.outcome) == ["expired", "failed", "failed", "killed", "killed", "killed", "completed", "completed", "completed"])
        #expect(Self.contents(folder).isEmpty)
    }

    @Test func aFailedExpectationFailsTheScenarioAndSaysWhich() async throws {
        let folder = try Self.emptyFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (_, body) = try Self.scenario(Self.exampleText.replacingOccurrences(of: "COMMITS", with: "2"))
        let verdict = await LifecycleExecutor(temporaryParent: folder).execute(body)
        #expect(verdict.status == .failed)
        #expect(verdict.message == "1 expectation not met (store.commits)")
        let failed = verdict.lifecycle?.expectations.filter { !$0.passed }
        // Line 13 of the example is `store: {items: […], commits: 2}`: where to look.
        #expect(failed?.map { [$0.name, $0.expected, "\($0.passed)", "\($0.line ?? 0)"] } == [["store.commits", "2", "false", "13"]])
        // The count first, then each launch's commit (aStoreCommitsCountThatDiffersTellsEachLaunchsCommit).
        #expect(failed?.first?.actual.hasPrefix("1; committed: launch 3 (line ") == true, "\(failed?.first?.actual ?? "")")
        #expect(verdict.lifecycle?.invariants.allSatisfy { $0.passed } == true)
        #expect(Self.contents(folder).isEmpty)
    }

    static let successRegardless = """
        spec: Success reported although the write failed
        task: {identifier: com.example.app.refresh, kind: refresh}
        app: {adapter: reports-success-regardless}
        clock: 2027-03-29T08:00:00+02:00
        steps:
          - {at: 2027-03-29T09:00:00+02:00, launch: com.example.app.refresh, fail: {stage: write, error: disk-full}}
        expect:
          completed: [true]
        BROKEN
        """

    @Test func aBrokenInvariantFailsTheScenarioEvenWhenTheSpecDoesNotAskAndSaysWhich() async throws {
        let (_, body) = try Self.scenario(Self.successRegardless.replacingOccurrences(of: "BROKEN", with: ""))
        let verdict = await LifecycleExecutor().execute(body)
        #expect(verdict.status == .failed)
        // Success after the job failed is also the defect harness-model.md names (the contract review).
        #expect(verdict.message == """
            2 invariants broken (success-implies-commit, no-success-after-failure-or-expiration)
            if this scenario documents the bug, expect it: broken-invariants: [success-implies-commit, no-success-after-failure-or-expiration] and defects: [success-after-failure]
            """)
        let broken = verdict.lifecycle?.invariants.filter { !$0.passed }
        #expect(broken == [
            LifecycleResult.InvariantCheck(
                name: "success-implies-commit", passed: false, detail: "launch #1 com.example.app.refresh reported success but its job did not commit"),
            LifecycleResult.InvariantCheck(
                name: "no-success-after-failure-or-expiration", passed: false,
                detail: "success-after-failure (com.example.app.refresh launch #1): success was reported after the job failed (write: disk-full); "
                    + "report the job's real outcome: false"),
        ])
        #expect(verdict.lifecycle?.expectations.allSatisfy { $0.passed } == true)
        #expect(verdict.timeZone == nil)
    }

    /// A QA author who did not list the invariant never saw the defect's name, which `defects:` needs: the failure
    /// names both, as the spec would write them.
    /// An adapter that completes in the expiration handler too: one launch completes twice (`completed-twice`).
    static let expirationRacesCompletion = """
        spec: Expiration races completion
        task: {identifier: com.example.app.refresh, kind: refresh}
        app: {adapter: completes-in-expiration-handler}
        clock: 2027-03-29T08:00:00+02:00
        steps:
          - {at: 2027-03-29T09:00:00+02:00, launch: com.example.app.refresh, expire: during parse}
        expect:
          completed: [false]

        """

    @Test func aBrokenInvariantNamesTheDefectsTheSpecWouldList() async throws {
        let (_, body) = try Self.scenario(Self.expirationRacesCompletion)
        let verdict = await LifecycleExecutor().execute(body)
        #expect(verdict.status == .failed)
        #expect(verdict.message == """
            1 invariant broken (one-completion-per-launch)
            if this scenario documents the bug, expect it: broken-invariants: [one-completion-per-launch] and defects: [completed-twice]
            """)
    }

    /// Errors are compared in the order they were raised; the same errors in another order read alike, so the
    /// failure says what differs.
    @Test func errorsInAnotherOrderSaySo() async throws {
        let (_, body) = try Self.scenario("""
            spec: Not permitted
            task: {identifier: com.example.app.refresh, kind: refresh, permitted: []}
            clock: 2027-03-29T08:00:00+02:00
            steps:
              - {at: 2027-03-29T09:00:00+02:00, launch: com.example.app.refresh}
            expect:
              errors: [no-pending-request, not-permitted]
            """)
        let verdict = await LifecycleExecutor().execute(body)
        let failed = verdict.lifecycle?.expectations.filter { !$0.passed }
        #expect(failed?.map(\.actual) == [
            "[not-permitted, no-pending-request] (the same errors in another order: they are compared in the order they were raised)",
        ])
        #expect(LifecycleJudgement.orderNote(["a", "b"], ["a", "b"], "errors").isEmpty)
        #expect(LifecycleJudgement.orderNote(["a", "b"], ["a", "c"], "errors").isEmpty)
    }

    @Test func anInvariantTheSpecListsAsBrokenPassesAndSaysItWasExpected() async throws {
        let (_, body) = try Self.scenario(Self.successRegardless.replacingOccurrences(
            of: "BROKEN", with: "  broken-invariants: [success-implies-commit, no-success-after-failure-or-expiration]"))
        let verdict = await LifecycleExecutor().execute(body)
        #expect(verdict.status == .passed, "\(verdict.message ?? "")")
        let broken = try #require(verdict.lifecycle?.invariants.first { !$0.passed })
        #expect(broken.detail?.hasSuffix("(expected: the spec lists it in broken-invariants)") == true)
    }

    /// Unmet checks are listed in the spec's line order, as the reader goes down the file (a review's `run-count` at
    /// line 35 came after `side-effects` at line 37), and a `run-count` written above `runs` points down at the check
    /// that adds its left-out run. zoneinfo: New York falls back at 2027-11-07T06:00Z, so 01:30 happens at 05:30Z (EDT)
    /// and 06:30Z (EST); the launch at 11-08 09:00 EST catches up 11-06, both 01:30s of 11-07 and 11-08.
    @Test func unmetChecksAreListedInTheSpecsLineOrder() async throws {
        let text = """
            spec: ny
            task: {identifier: com.example.app.refresh, kind: refresh}
            job: {items: ["r1"]}
            schedule: {id: ny-sync, timezone: America/New_York, rule: {every: day, at: "01:30"}, nonexistent: skip, repeated: both}
            clock: 2027-11-05T00:00:00-04:00
            steps:
              - {at: 2027-11-05T01:31:00-04:00, launch: com.example.app.refresh}
              - {at: 2027-11-08T09:00:00-05:00, launch: com.example.app.refresh}
            expect:
              completed: [true, true]
              run-count: 4
              runs:
                - {planned: 2027-11-05T01:30:00-04:00, actual: 2027-11-05T01:31:00-04:00, key: ny-sync/v1/2027-11-05}
                - {planned: 2027-11-06T01:30:00-04:00, actual: 2027-11-08T09:00:00-05:00, key: ny-sync/v1/2027-11-06}
                - {planned: 2027-11-07T01:30:00-05:00, actual: 2027-11-08T09:00:00-05:00, key: ny-sync/v1/2027-11-07~2}
                - {planned: 2027-11-08T01:30:00-05:00, actual: 2027-11-08T09:00:00-05:00, key: ny-sync/v1/2027-11-08}
              side-effects: 3
              store: {items: ["r1"], commits: 2}

            """
        let (_, body) = try Self.scenario(text)
        let verdict = await LifecycleExecutor().execute(body)
        let unmet = verdict.lifecycle?.expectations.filter { !$0.passed } ?? []
        #expect(unmet.map(\.name) == ["run-count", "runs", "side-effects"], "\(unmet)")
        #expect(unmet.map(\.line) == [11, 15, 17], "\(unmet)")
        #expect(unmet.first?.actual.hasSuffix("leaves out the scenario's run 3, which the runs check below adds") == true, "\(unmet)")
        #expect(verdict.message == "3 expectations not met (run-count, runs, side-effects)", "\(verdict.message ?? "")")
    }

    /// A launch step meant to expire its run, written before its request's floor, is refused: the `runs` line of the
    /// expired run names that step to move (to the line's own launch time), not the line to remove, and the refusal
    /// keeps its "move the step" advice, since moved it leaves the occurrence due for the later launch. A newcomer
    /// applied "remove line 16" and the old "would leave that launch nothing due" advice, and an expiration scenario
    /// passed with nothing expiring. zoneinfo: Berlin is at +02:00 on 2027-03-29; the floor is 02:30 CEST (00:30Z).
    @Test func anExpiringLaunchRefusedBeforeItsFloorIsTheStepToMove() async throws {
        let text = """
            spec: expired then completed
            task: {identifier: com.example.app.refresh, kind: refresh}
            job: {items: ["42"]}
            schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            clock: 2027-03-28T12:00:00+02:00
            steps:
              - {at: STEP, launch: com.example.app.refresh, expire: during parse}
              - {at: 2027-03-29T03:00:00+02:00, launch: com.example.app.refresh}
            expect:
              completed: [false, true]
              runs:
                - {planned: 2027-03-29T02:30:00+02:00, actual: 2027-03-29T02:31:00+02:00, key: nightly-sync/v1/2027-03-29, outcome: expired}
                - {planned: 2027-03-29T02:30:00+02:00, actual: 2027-03-29T03:00:00+02:00, key: nightly-sync/v1/2027-03-29, outcome: completed}
              run-count: 2

            """
        let (_, early) = try Self.scenario(text.replacingOccurrences(of: "STEP", with: "2027-03-29T02:00:00+02:00"))
        let verdict = await LifecycleExecutor().execute(early)
        let runs = try #require(verdict.lifecycle?.expectations.first { $0.name == "runs" })
        #expect(runs.actual == "runs[1] is none of its runs: the launch step meant to end this run as expired (line 7, 'expire: during parse') was "
            + "refused (launch-before-earliest-begin: the request's earliest begin was 2027-03-29 02:30 CEST (+02:00)), so no run was expired; "
            + "move that step to 2027-03-29T02:31:00+02:00, this line's actual, rather than remove this line", "\(runs.actual)")
        #expect(verdict.message?.contains("the system never starts a task earlier, so move the step to or after it)") == true,
                "\(verdict.message ?? "")")
        #expect(verdict.message?.contains("nothing due") == false, "\(verdict.message ?? "")")
        let (_, moved) = try Self.scenario(text.replacingOccurrences(of: "STEP", with: "2027-03-29T02:31:00+02:00"))
        let applied = await LifecycleExecutor().execute(moved)
        #expect(applied.status == .passed, "\(applied.message ?? "")")
        #expect(applied.diagnostics.isEmpty)
        // Written without outcomes (the contract's own form), the line is read so too: a second review round was told
        // "a dedup key runs once; remove line 14", applied every piece of advice, and the scenario passed with nothing
        // expiring — which the step's warning now says, pass or fail.
        let (_, bare) = try Self.scenario(text.replacingOccurrences(of: "STEP", with: "2027-03-29T02:00:00+02:00")
            .replacingOccurrences(of: ", outcome: expired}", with: "}").replacingOccurrences(of: ", outcome: completed}", with: "}"))
        let told = await LifecycleExecutor().execute(bare)
        #expect(told.lifecycle?.expectations.first { $0.name == "runs" }?.actual.hasPrefix("runs[1] is none of its runs: the launch step "
            + "meant to end this run as expired (line 7, 'expire: during parse') was refused") == true, "\(told.lifecycle?.expectations ?? [])")
        let vacuous = text.replacingOccurrences(of: "STEP", with: "2027-03-29T02:00:00+02:00")
            .replacingOccurrences(of: "  completed: [false, true]\n", with: "  completed: [true]\n  errors: [launch-before-earliest-begin]\n")
            .replacingOccurrences(of: "    - {planned: 2027-03-29T02:30:00+02:00, actual: 2027-03-29T02:31:00+02:00, key: nightly-sync/v1/2027-03-29, outcome: expired}\n", with: "")
            .replacingOccurrences(of: "run-count: 2", with: "run-count: 1")
        let (_, emptied) = try Self.scenario(vacuous)
        let passed = await LifecycleExecutor().execute(emptied)
        #expect(passed.status == .passed, "\(passed.message ?? "")")
        #expect(passed.diagnostics.map(\.code) == ["refused-launch-plan"])
        #expect(passed.diagnostics.first?.message == "the system refused this launch (launch-before-earliest-begin), so its 'expire: during "
            + "parse' never took effect: no run was expired; to test it, move the step to or after 2027-03-29T02:30:00+02:00 (the earliest "
            + "begin, 2027-03-29 02:30 CEST (+02:00)); if the refusal is what the scenario tests, remove 'expire: during parse'")
        #expect(passed.diagnostics.first?.location?.line == 7)
    }

    /// A commit and a side effect made for a date an earlier run completed under another version say so, with the
    /// change that raised it (the forty-sixth and forty-seventh sessions' leftover: a count after `version: 2` had no
    /// reason). zoneinfo: Berlin is at +02:00 on 2027-03-29; 02:30 ran at 02:31, and 04:00 of the same date under v2
    /// is another key.
    @Test func aCountAfterARaisedVersionNamesTheDateRunAgain() async throws {
        let text = """
            spec: version
            task: {identifier: com.example.app.refresh, kind: refresh}
            schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            clock: 2027-03-29T00:00:00+02:00
            steps:
              - {at: 2027-03-29T02:31:00+02:00, launch: com.example.app.refresh}
              - {at: 2027-03-29T03:00:00+02:00, change-schedule: {rule: {every: day, at: "04:00"}, version: 2}}
              - {at: 2027-03-29T04:01:00+02:00, launch: com.example.app.refresh}
            expect:
              side-effects: 1
              store: {commits: 1}

            """
        let (_, body) = try Self.scenario(text)
        let verdict = await LifecycleExecutor().execute(body)
        let checks = verdict.lifecycle?.expectations ?? []
        let again = "2027-03-29 ran before as nightly-sync/v1/2027-03-29 (run 1): the change at line 7 set version 2, a new key for every date"
        #expect(checks.first { $0.name == "side-effects" }?.actual == "2; launch 1 (line 6) performed nightly-sync/v1/2027-03-29; "
            + "launch 2 (line 8) performed nightly-sync/v2/2027-03-29 (\(again))", "\(checks)")
        #expect(checks.first { $0.name == "store.commits" }?.actual == "2; committed: launch 1 (line 6); launch 2 (line 8): \(again)",
                "\(checks)")
    }

    @Test func anInvariantListedAsBrokenThatHoldsFailsTheScenario() async throws {
        let text = Self.successRegardless
            .replacingOccurrences(of: "app: {adapter: reports-success-regardless}\n", with: "")
            .replacingOccurrences(of: ", fail: {stage: write, error: disk-full}", with: "")
            .replacingOccurrences(of: "BROKEN", with: "  broken-invariants: [success-implies-commit]")
        let (_, body) = try Self.scenario(text)
        let verdict = await LifecycleExecutor().execute(body)
        #expect(verdict.status == .failed)
        #expect(verdict.message == "1 expectation not met (broken-invariants)")
        #expect(verdict.lifecycle?.expectations.first { !$0.passed } == LifecycleResult.ExpectationCheck(
            name: "broken-invariants", expected: "[success-implies-commit]", actual: "[]", passed: false, line: 8))
    }

    /// harness-model.md's table names a launch with no pending request `no-launch-handler`; specrun names it
    /// `no-pending-request`. A spec that wrote the table's word is told which it was (the contract review). A clock
    /// written with `Z` and no schedule shows its times as UTC, named `UTC` (Foundation's zone for 0 is `GMT`).
    @Test func theContractsLaunchCodeIsToldApartAndAZClockReadsUTC() async throws {
        let (_, body) = try Self.scenario("""
            spec: Launch with nothing pending
            task: {identifier: com.example.app.refresh, kind: refresh}
            clock: 2027-01-01T00:00:00Z
            steps:
              - {at: 2027-01-01T00:30:00Z, cancel: com.example.app.refresh}
              - {at: 2027-01-01T01:00:00Z, launch: com.example.app.refresh}
            expect:
              errors: [no-launch-handler]
            """)
        let verdict = await LifecycleExecutor().execute(body)
        #expect(verdict.status == .failed)
        let errors = try #require(verdict.lifecycle?.expectations.first { $0.name == "errors" })
        #expect(errors.actual == "[no-pending-request]; no-pending-request is a launch with no pending request (the system has nothing "
            + "to launch), no-launch-handler one whose request is pending but no handler is registered in this process: "
            + "harness-model.md's table names both no-launch-handler, specrun tells them apart")
        #expect(verdict.lifecycle?.refusedLaunches.first?.at.local == "2027-01-01 01:00 UTC (+00:00)")
        #expect(LifecycleJudgement.launchCodeNote(["no-pending-request"], ["no-pending-request"]).isEmpty)
    }

    /// A `log.contains` that found nothing names the nearest lines first (most words in common, a word that starts
    /// another counting half), then, when none shares half its words, the log's first dozen (the second failure review's line was past them).
    @Test func aLogTextNotFoundNamesTheNearestLines() async throws {
        let text = """
            spec: Network fault
            task: {identifier: com.example.app.refresh, kind: refresh}
            clock: 2027-03-29T08:00:00+02:00
            steps:
              - {at: 2027-03-29T09:00:00+02:00, launch: com.example.app.refresh, fail: {stage: download, error: network}}
            expect:
              completed: [false]
              log: {contains: ["download com.example.app.refresh network-error"]}
            """
        let (_, body) = try Self.scenario(text)
        let verdict = await LifecycleExecutor().execute(body)
        let check = try #require(verdict.lifecycle?.expectations.first { $0.name == "log.contains" })
        #expect(!check.passed)
        #expect(check.actual.hasPrefix("no line contains it; nearest: \"download com.example.app.refresh network\" (log line "), "\(check.actual)")
        // A near line sharing half the words or more is the answer: the log's lines are not listed after it.
        #expect(check.actual.hasSuffix("(log line 5); the log has 5 lines"), "\(check.actual)")
        // One word in five in common: the nearest lines are named, and the log follows.
        let (_, far) = try Self.scenario(text.replacingOccurrences(of: "download com.example.app.refresh network-error",
                                                                          with: "download took too long today"))
        let farCheck = try #require(await LifecycleExecutor().execute(far).lifecycle?.expectations.first { $0.name == "log.contains" })
        #expect(farCheck.actual.contains("; the log: \"register com.example.app.refresh ok\""), "\(farCheck.actual)")
    }

    /// A `store.updated-at` written in another offset than the scenario's is read in its zone, as runs are: `Z`
    /// written for the local digits (the second failure review) stood beside the same digits unexplained. The launch
    /// at 08:15+02:00 commits 06:15Z; 08:15Z is 10:15 at +02:00.
    @Test func anUpdatedAtWrittenInAnotherOffsetIsReadInTheScenariosZone() async throws {
        let (_, body) = try Self.scenario("""
            spec: Updated at
            task: {identifier: com.example.app.refresh, kind: refresh}
            clock: 2027-03-29T08:00:00+02:00
            steps:
              - {at: 2027-03-29T08:15:00+02:00, launch: com.example.app.refresh}
            expect:
              store: {updated-at: 2027-03-29T08:15:00Z}
            """)
        let verdict = await LifecycleExecutor().execute(body)
        let check = try #require(verdict.lifecycle?.expectations.first { $0.name == "store.updated-at" })
        #expect(check.expected == "2027-03-29T08:15:00Z = 2027-03-29 10:15 (+02:00)")
        #expect(check.actual == "2027-03-29T08:15:00+02:00")
    }

    /// One `runs:` line per launch, where a launch ran two due occurrences (catch-up, one run each): a `runs` check says
    /// why the runs outnumber the launches (the second failure review saw only `runs[N]` checks fail). Berlin is on
    /// CEST (+02:00) from 2027-03-28; the 02:30 runs of the 29th and the 30th are both due at the launch on the 30th,
    /// those of the 31st and of April 1 at the launch on April 1.
    /// Two overlapping launches of a scheduled job: the inner one writes the night's occurrence during the outer's
    /// download, and the outer finds it complete. Its run says so (`already complete`); both read `completed` with one
    /// key, which looked like a duplicate run (a QA newcomer's trial). Adelaide is at +09:30 in July (zoneinfo).
    @Test func aRunThatFoundItsOccurrenceCompleteSaysSo() async throws {
        let (_, body) = try Self.scenario("""
            spec: Overlap
            task:
              - {identifier: com.example.app.refresh, kind: refresh}
              - {identifier: com.example.app.bulk, kind: processing}
            job: {items: ["m1"]}
            schedule: {id: tides, timezone: Australia/Adelaide, rule: {every: day, at: "03:00"}, nonexistent: skip, repeated: first}
            clock: 2027-07-14T12:00:00+09:30
            steps:
              - {at: 2027-07-15T03:05:00+09:30, launch: com.example.app.refresh, overlap: {launch: com.example.app.bulk, during: download}}
            expect:
              completed: [true, true]
              side-effects: 1
            """)
        let verdict = await LifecycleExecutor().execute(body)
        #expect(verdict.status == .passed, "\(verdict.message ?? "")")
        let runs = try #require(verdict.lifecycle?.runs)
        #expect(runs.map(\.key) == ["tides/v1/2027-07-15", "tides/v1/2027-07-15"])
        #expect(runs.map(\.outcome) == ["completed", "completed"])
        #expect(runs.map(\.reason) == ["already complete", nil])
    }

    /// A renamed identifier (the adoption review's incident 1): the relaunch's start-up submit of the new identifier
    /// fails `too-many-pending` (the old request holds the one refresh slot), and the launch of the old one after a
    /// start in the background is refused `no-launch-handler`. The refused launch names its own error, not the start's
    /// (it showed `too-many-pending`), and the start-up errors are kept in `otherErrors` with their steps' lines.
    @Test func aRefusedLaunchNamesItsOwnErrorAndTheOthersAreKept() async throws {
        let (_, body) = try Self.scenario("""
            spec: Renamed identifier
            task:
              - {identifier: com.example.app.sync, kind: refresh}
              - {identifier: com.example.app.nightly-refresh, kind: refresh}
            app: {registers: [com.example.app.sync]}
            clock: 2027-06-08T20:00:00+02:00
            steps:
              - {at: 2027-06-08T22:00:00+02:00, relaunch: {registers: [com.example.app.nightly-refresh]}}
              - {at: 2027-06-08T22:10:00+02:00, terminate: {}}
              - {at: 2027-06-09T02:31:00+02:00, launch: com.example.app.sync}
            expect:
              completed: []
              errors: [too-many-pending, too-many-pending, no-launch-handler]
            """)
        let verdict = await LifecycleExecutor().execute(body)
        #expect(verdict.status == .passed, "\(verdict.message ?? "")")
        let lifecycle = try #require(verdict.lifecycle)
        #expect(lifecycle.refusedLaunches.map(\.error) == ["no-launch-handler"])
        #expect(lifecycle.otherErrors.map(\.code) == ["too-many-pending", "too-many-pending"])
        #expect(lifecycle.otherErrors.map(\.identifier) == ["com.example.app.nightly-refresh", "com.example.app.nightly-refresh"])
        #expect(lifecycle.otherErrors.map(\.line) == [8, 10])
        #expect(lifecycle.otherErrors.map(\.at.offsetForm) == ["2027-06-08T22:00:00+02:00", "2027-06-09T02:31:00+02:00"])
        #expect(lifecycle.otherErrors.first?.message.contains("would be pending") == true)
        // Written and read back whole.
        let decoded = try JSONDecoder().decode(LifecycleResult.self, from: JSONEncoder().encode(lifecycle))
        #expect(decoded.otherErrors == lifecycle.otherErrors)
    }

    /// A `submit`, `register` or `change-schedule` step that starts the app is the user opening it, and ends a
    /// force-quit: the steps the report lists say so (a review saw a force-quit, then a refresh launch that ran, and
    /// nothing between). A step in a running app starts nothing and is not listed.
    @Test func aStepThatStartsTheAppIsListedWithTheForceQuitItEnds() async throws {
        let (_, body) = try Self.scenario("""
            spec: Started by a step
            task: {identifier: com.example.app.refresh, kind: refresh}
            clock: 2027-06-08T20:00:00+02:00
            steps:
              - {at: 2027-06-08T21:00:00+02:00, submit: com.example.app.refresh}
              - {at: 2027-06-08T22:00:00+02:00, force-quit: {}}
              - {at: 2027-06-09T03:00:00+02:00, register: com.example.app.refresh}
              - {at: 2027-06-09T03:01:00+02:00, launch: com.example.app.refresh}
              - {at: 2027-06-09T04:00:00+02:00, terminate: {}}
              - {at: 2027-06-09T05:00:00+02:00, submit: com.example.app.refresh}
              - {at: 2027-06-09T06:00:00+02:00, force-quit: {}}
              - {at: 2027-06-09T06:10:00+02:00, relaunch: {registers: [com.example.app.refresh]}}
              - {at: 2027-06-09T06:20:00+02:00, open-app: {}}
            expect:
              completed: [true]
              errors: [late-registration]
            """)
        let verdict = await LifecycleExecutor().execute(body)
        #expect(verdict.status == .passed, "\(verdict.message ?? "")")
        let lifecycle = try #require(verdict.lifecycle)
        // The relaunch ends the second force-quit and says so beside what it set; the open-app after it ends none.
        #expect(lifecycle.appEvents.map(\.step) == ["force-quit", "register", "terminate", "submit", "force-quit", "relaunch", "open-app"])
        #expect(lifecycle.appEvents.map(\.detail) == ["", "started the app; ended the force-quit", "", "started the app", "",
                                                      "registers: [com.example.app.refresh]; ended the force-quit", ""])
        #expect(lifecycle.appEvents.map(\.line) == [6, 7, 9, 10, 11, 12, 13])
    }

    /// After a move, `catch-up-nothing-missed` counts occurrences by key: Paris's 09:00 of 06-14 and New York's share
    /// the date's key, and the two keyed runs read "all 3 occurrence(s)" (a first incident review). Paris is at +02:00
    /// and New York at -04:00 in June 2027 (zoneinfo): 09:01 EDT of 06-15 is 13:01Z.
    @Test func theCatchUpInvariantCountsADateOnceAcrossAMove() async throws {
        let (_, body) = try Self.scenario("""
            spec: Flight
            task: {identifier: com.example.app.reminder, kind: refresh}
            job: {items: ["r1"]}
            schedule: {id: reminder, timezone: Europe/Paris, rule: {every: day, at: "09:00"}, nonexistent: skip, repeated: first}
            clock: 2027-06-14T08:00:00+02:00
            steps:
              - {at: 2027-06-14T09:01:00+02:00, launch: com.example.app.reminder}
              - {at: 2027-06-14T18:00:00-04:00, change-schedule: {timezone: America/New_York}}
              - {at: 2027-06-15T09:01:00-04:00, launch: com.example.app.reminder}
            expect:
              completed: [true, true]
            """)
        let verdict = await LifecycleExecutor().execute(body)
        #expect(verdict.status == .passed, "\(verdict.message ?? "")")
        let check = try #require(verdict.lifecycle?.invariants.first { $0.name == "catch-up-nothing-missed" })
        #expect(check.passed)
        #expect(check.detail?.hasPrefix("all 2 occurrence(s) up to the last completed run") == true, "\(check.detail ?? "")")
    }

    /// A pending request's floor that differs is told the retry rule that set it, as a launch refused before it is (a
    /// lifecycle review). zoneinfo: 02:31 CEST on 2027-10-31 is 00:31Z; an hour later, 01:31Z, is the second 02:31,
    /// at +01:00, after Berlin falls back at 01:00Z.
    @Test func aRetrysFloorThatDiffersIsToldTheRuleThatSetIt() async throws {
        let (_, body) = try Self.scenario("""
            spec: A retry across the autumn change
            task: {identifier: com.example.app.refresh, kind: refresh}
            job: {items: ["a"]}
            app: {retry: {backoff: constant, delay: 1h}}
            schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            clock: 2027-10-30T12:00:00+02:00
            steps:
              - {at: 2027-10-31T02:31:00+02:00, launch: com.example.app.refresh, fail: {stage: download, error: network}}
            expect:
              pending-requests:
                - {identifier: com.example.app.refresh, earliest-begin: 2027-10-31T03:31:00+01:00}
            """)
        let verdict = await LifecycleExecutor().execute(body)
        let check = try #require(verdict.lifecycle?.expectations.first { $0.name.hasSuffix("earliest-begin") })
        #expect(check.actual == "2027-10-31T02:31:00+01:00 (the app's retry after 1 failed attempt, 1h after its launch at "
            + "2027-10-31 02:31 CEST (+02:00) [2027-10-31T00:31:00Z], as retry's constant backoff gives)")
    }

    /// A floor that is met is shown as the instant alone: the retry rule's reason is said only where it explains a
    /// difference (mutation run 18's J8). zoneinfo as above: an hour after 02:31 CEST is 02:31 CET on the same night.
    @Test func aRetrysFloorThatIsMetIsShownWithoutItsReason() async throws {
        let (_, body) = try Self.scenario("""
            spec: A retry across the autumn change
            task: {identifier: com.example.app.refresh, kind: refresh}
            job: {items: ["a"]}
            app: {retry: {backoff: constant, delay: 1h}}
            schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            clock: 2027-10-30T12:00:00+02:00
            steps:
              - {at: 2027-10-31T02:31:00+02:00, launch: com.example.app.refresh, fail: {stage: download, error: network}}
            expect:
              pending-requests:
                - {identifier: com.example.app.refresh, earliest-begin: 2027-10-31T02:31:00+01:00}
            """)
        let verdict = await LifecycleExecutor().execute(body)
        let check = try #require(verdict.lifecycle?.expectations.first { $0.name.hasSuffix("earliest-begin") })
        #expect(check.passed)
        #expect(check.actual == "2027-10-31T02:31:00+01:00")
    }

    /// One commit per run expected where a launch catches up several: the count is told where the runs came from (a
    /// lifecycle review read four nights caught up after the phone was off as four commits). Each launch commits once.
    @Test func aCommitCountOfOnePerRunIsToldThatALaunchWritesItsCatchUpOnce() async throws {
        let (_, body) = try Self.scenario("""
            spec: Catch-up after the phone was off
            task: {identifier: com.example.app.refresh, kind: refresh}
            job: {items: ["a"]}
            schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            clock: 2027-06-01T00:00:00+02:00
            steps:
              - {at: 2027-06-01T02:31:00+02:00, launch: com.example.app.refresh}
              - {at: 2027-06-05T09:00:00+02:00, launch: com.example.app.refresh}
            expect:
              store: {items: ["a"], commits: 5}
            """)
        let verdict = await LifecycleExecutor().execute(body)
        let check = try #require(verdict.lifecycle?.expectations.first { $0.name == "store.commits" })
        // Launch by launch: the second wrote its four occurrences in one commit (a count of launches read from the runs'
        // times took an overlap for the launch it overlapped: a fifth review's "came from 1 launch", of two).
        #expect(check.actual == "2; committed: launch 1 (line 7); launch 2 (line 8): one commit for its 4 occurrences", "\(check.actual)")
    }

    /// A `runs` line whose `planned` no run has is told why, as a recurrence spec's missing instant is (a lifecycle
    /// review: "none of its runs" and "add the step that makes the run", where no step can). zoneinfo: Berlin skips
    /// 02:00–03:00 on 2027-03-28 (01:00Z), so 02:30 under skip gives no run and 03:00 CEST is next-valid-time's; New
    /// York repeats 01:00–02:00 on 2027-11-07 (06:00Z), so 01:30-05:00 is the second 01:30, not `first`'s; 03:00 CEST
    /// on 03-28 is 01:00Z, before a clock at 03:05 CEST (01:05Z); New York's 02:30-05:00 on 2027-03-14 is 07:30Z, run
    /// #3's 03:30 EDT, whose key names 03:30.
    @Test(arguments: [
        ("""
         schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
         clock: 2027-03-27T00:00:00+01:00
         steps:
           - {at: 2027-03-27T02:31:00+01:00, launch: com.example.app.refresh}
           - {at: 2027-03-29T02:31:00+02:00, launch: com.example.app.refresh}
         expect:
           runs:
             - {planned: 2027-03-27T02:30:00+01:00, actual: 2027-03-27T02:31:00+01:00, key: nightly-sync/v1/2027-03-27}
             - {planned: 2027-03-28T03:00:00+02:00, actual: 2027-03-29T02:31:00+02:00, key: nightly-sync/v1/2027-03-28}
             - {planned: 2027-03-29T02:30:00+02:00, actual: 2027-03-29T02:31:00+02:00, key: nightly-sync/v1/2027-03-29}
         """, "runs", "2027-03-28 03:00 CEST (+02:00) is what 'nonexistent: next-valid-time' gives, not this test's 'nonexistent: skip'; remove line 11"),
        ("""
         schedule: {id: ny-sync, timezone: America/New_York, rule: {every: day, at: "01:30"}, nonexistent: skip, repeated: first}
         clock: 2027-11-05T12:00:00-04:00
         steps:
           - {at: 2027-11-06T01:31:00-04:00, launch: com.example.app.refresh}
           - {at: 2027-11-07T09:00:00-05:00, launch: com.example.app.refresh}
         expect:
           runs:
             - {planned: 2027-11-06T01:30:00-04:00, actual: 2027-11-06T01:31:00-04:00}
             - {planned: 2027-11-07T01:30:00-04:00, actual: 2027-11-07T09:00:00-05:00}
             - {planned: 2027-11-07T01:30:00-05:00, actual: 2027-11-07T09:00:00-05:00}
         """, "runs[3]", "no run: the scenario has 2 runs; 2027-11-07 01:30 EST (-05:00) is what 'repeated: last' or 'repeated: both' gives, "
            + "not this test's 'repeated: first' (with 'both', the other instant of the pair is an occurrence too: list it); remove this line"),
        ("""
         schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: next-valid-time, repeated: first}
         clock: 2027-03-28T03:05:00+02:00
         steps:
           - {at: 2027-03-29T02:31:00+02:00, launch: com.example.app.refresh}
         expect:
           runs:
             - {planned: 2027-03-28T03:00:00+02:00, actual: 2027-03-29T02:31:00+02:00}
         """, "runs[1].planned", "2027-03-29T02:30:00+02:00 (its actual as expected); 2027-03-28 03:00 CEST (+02:00) is not after the scenario's clock "
            + "start, 2027-03-28 03:05 CEST (+02:00) (line 4): a launch catches up only the occurrences after it"),
        ("""
         schedule: {id: ny, timezone: America/New_York, rule: {every: hour, minute: 30}, nonexistent: skip, repeated: first}
         clock: 2027-03-14T00:00:00-05:00
         steps:
           - {at: 2027-03-14T00:31:00-05:00, launch: com.example.app.refresh}
           - {at: 2027-03-14T04:00:00-04:00, launch: com.example.app.refresh}
         expect:
           runs:
             - {planned: 2027-03-14T00:30:00-05:00, key: ny/v1/2027-03-14T00:30}
             - {planned: 2027-03-14T01:30:00-05:00, key: ny/v1/2027-03-14T01:30}
             - {planned: 2027-03-14T02:30:00-05:00, key: ny/v1/2027-03-14T02:30}
             - {planned: 2027-03-14T03:30:00-04:00, key: ny/v1/2027-03-14T03:30}
         """, "runs", "runs[3] matches none of its runs, and the lines after it are its runs 3 on; its planned instant is run #3's, whose key "
            + "is ny/v1/2027-03-14T03:30, not ny/v1/2027-03-14T02:30; remove line 12"),
    ])
    func aRunsLineWhosePlannedNoRunHasIsToldWhy(_ scenario: String, _ check: String, _ told: String) async throws {
        try await Self.expectRunsLine(scenario, check, told)
    }

    /// The second review of those sentences: a line after the last run at a run's own instant with another key (02:15
    /// and 02:45 under next-valid-time are both 03:00 CEST, 01:00Z, in Berlin's gap; the earlier slot keeps the run),
    /// and a line for an instant an earlier schedule gives (03:30 CEST is 02:30 shifted forward, but `skip` is in
    /// effect from the change at line 7 on).
    @Test(arguments: [
        ("""
         schedule: {id: med, timezone: Europe/Berlin, rule: {every: day, at: ["02:15", "02:45"]}, nonexistent: next-valid-time, repeated: first}
         clock: 2027-03-27T12:00:00+01:00
         steps:
           - {at: 2027-03-28T04:00:00+02:00, launch: com.example.app.refresh}
         expect:
           runs:
             - {planned: 2027-03-28T03:00:00+02:00, key: med/v1/2027-03-28T02:15}
             - {planned: 2027-03-28T03:00:00+02:00, key: med/v1/2027-03-28T02:45}
         """, "runs[2]", "no run: the scenario has 1 run; its planned instant is run #1's, whose key is med/v1/2027-03-28T02:15, "
            + "not med/v1/2027-03-28T02:45; remove this line"),
        ("""
         schedule: {id: nightly, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: shift-forward, repeated: first}
         clock: 2027-03-26T12:00:00+01:00
         steps:
           - {at: 2027-03-27T02:31:00+01:00, launch: com.example.app.refresh}
           - {at: 2027-03-27T12:00:00+01:00, change-schedule: {version: 2, nonexistent: skip}}
           - {at: 2027-03-29T09:00:00+02:00, launch: com.example.app.refresh}
         expect:
           runs:
             - {planned: 2027-03-27T02:30:00+01:00, key: nightly/v1/2027-03-27}
             - {planned: 2027-03-28T03:30:00+02:00, key: nightly/v2/2027-03-28}
             - {planned: 2027-03-29T02:30:00+02:00, key: nightly/v2/2027-03-29}
         """, "runs", "2027-03-28 03:30 CEST (+02:00) is what 'nonexistent: shift-forward' gives, not this test's 'nonexistent: skip'; remove line 12"),
    ])
    func aRunsLineAtAnotherRunsInstantOrAnEarlierSchedulesIsToldWhy(_ scenario: String, _ check: String, _ told: String) async throws {
        try await Self.expectRunsLine(scenario, check, told)
    }

    /// A `runs` line at the edges of the clock (mutation run 18's J1, J2 and E2 survived them): an occurrence at the
    /// clock's start itself is not after it, so no launch catches it up; one at the last step's own instant, a step that
    /// is no launch, is told so (a launch there would run it: `aRunPlannedAtOrAfterTheScenariosEndIsToldNoLaunchCame`); a line after
    /// the last of two steps names the last one's line. zoneinfo: Berlin is at +02:00 in June.
    @Test(arguments: [
        ("""
         schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
         clock: 2027-06-01T02:30:00+02:00
         steps:
           - {at: 2027-06-02T02:31:00+02:00, launch: com.example.app.refresh}
         expect:
           runs:
             - {planned: 2027-06-01T02:30:00+02:00}
             - {planned: 2027-06-02T02:30:00+02:00}
         """, "runs", "runs[1] is none of its runs, and the lines after it are its runs 1 on; 2027-06-01 02:30 CEST (+02:00) is not after "
            + "the scenario's clock start, 2027-06-01 02:30 CEST (+02:00) (line 4): a launch catches up only the occurrences after it; remove line 9"),
        ("""
         schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
         clock: 2027-06-01T00:00:00+02:00
         steps:
           - {at: 2027-06-01T02:31:00+02:00, launch: com.example.app.refresh}
           - {at: 2027-06-02T02:30:00+02:00, terminate: {}}
         expect:
           runs:
             - {planned: 2027-06-01T02:30:00+02:00}
             - {planned: 2027-06-02T02:30:00+02:00}
         """, "runs[2]", "no run: the scenario has 1 run; 2027-06-02 02:30 CEST (+02:00) is the time of the scenario's last step (line 7), "
            + "which is no launch: no launch came at or after it; remove this line"),
        ("""
         schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
         clock: 2027-06-01T00:00:00+02:00
         steps:
           - {at: 2027-06-01T02:31:00+02:00, launch: com.example.app.refresh}
           - {at: 2027-06-01T12:00:00+02:00, terminate: {}}
         expect:
           runs:
             - {planned: 2027-06-01T02:30:00+02:00}
             - {planned: 2027-06-02T02:30:00+02:00}
         """, "runs[2]", "no run: the scenario has 1 run; 2027-06-02 02:30 CEST (+02:00) is after the scenario's last step, 2027-06-01 12:00 "
            + "CEST (+02:00) (line 7): no launch came after it; remove this line"),
    ])
    func aRunsLineAtTheClocksEdgesIsToldWhy(_ scenario: String, _ check: String, _ told: String) async throws {
        try await Self.expectRunsLine(scenario, check, told)
    }

    /// The step a line at the last step's instant is told to add does make the run: a launch at 02:30 itself runs
    /// 02:30's occurrence (so "after the last step" is strictly after it).
    @Test func aLaunchAtAnOccurrencesOwnInstantRunsIt() async throws {
        let (_, body) = try Self.scenario("""
            spec: At the instant
            task: {identifier: com.example.app.refresh, kind: refresh}
            schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            clock: 2027-06-01T00:00:00+02:00
            steps:
              - {at: 2027-06-01T02:30:00+02:00, launch: com.example.app.refresh}
            expect:
              runs:
                - {planned: 2027-06-01T02:30:00+02:00, actual: 2027-06-01T02:30:00+02:00}
            """)
        let verdict = await LifecycleExecutor().execute(body)
        #expect(verdict.status == .passed, "\(verdict.message ?? "")")
    }

    /// A line written twice is not told that its run has another key (mutation run 18's J6: "whose key is K, not K").
    @Test func aRunsLineWrittenTwiceIsNotToldItsKeyDiffers() async throws {
        let (_, body) = try Self.scenario("""
            spec: Twice
            task: {identifier: com.example.app.refresh, kind: refresh}
            schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            clock: 2027-06-01T00:00:00+02:00
            steps:
              - {at: 2027-06-01T02:31:00+02:00, launch: com.example.app.refresh}
            expect:
              runs:
                - {planned: 2027-06-01T02:30:00+02:00, key: nightly-sync/v1/2027-06-01}
                - {planned: 2027-06-01T02:30:00+02:00, key: nightly-sync/v1/2027-06-01}
            """)
        let verdict = await LifecycleExecutor().execute(body)
        let check = try #require(verdict.lifecycle?.expectations.first { $0.name == "runs[2]" && !$0.passed }, "\(verdict)")
        #expect(!check.actual.contains("whose key is"), "\(check.actual)")
        #expect(check.actual.hasPrefix("no run: the scenario has 1 run; remove this line"), "\(check.actual)")
    }

    static func expectRunsLine(_ scenario: String, _ check: String, _ told: String) async throws {
        let (_, body) = try Self.scenario("spec: Why\ntask: {identifier: com.example.app.refresh, kind: refresh}\n" + scenario)
        let verdict = await LifecycleExecutor().execute(body)
        let actual = try #require(verdict.lifecycle?.expectations.first { $0.name == check && !$0.passed }, "\(verdict)").actual
        #expect(actual.hasSuffix(told), "\(actual)")
    }

    /// A run left out of `runs` is told the line to add and, when `run-count` would then be fewer than the lines, the
    /// count to write with it (a third review pasted the line and the spec became invalid). zoneinfo: Berlin repeats
    /// 02:00–03:00 on 2027-10-31 (01:00Z), so under `both` 02:30 is 00:30Z (+02:00) and 01:30Z (+01:00).
    /// Berlin's autumn night under `both`, a launch at 08:00 CET, and only the second 02:30's run listed (line 10).
    static func bothNightListingItsSecondRun(runCount: Int) -> String {
        """
        spec: Both
        task: {identifier: com.example.app.refresh, kind: refresh}
        schedule: {id: nightly, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: both}
        clock: 2027-10-30T12:00:00+02:00
        steps:
          - {at: 2027-10-31T08:00:00+01:00, launch: com.example.app.refresh}
        expect:
          completed: [true]
          runs:
            - {planned: 2027-10-31T02:30:00+01:00, actual: 2027-10-31T08:00:00+01:00, key: nightly/v1/2027-10-31~2}
          run-count: \(runCount)
        """
    }

    @Test func aRunLeftOutIsToldItsLineAndTheCountToWriteWithIt() async throws {
        let (_, body) = try Self.scenario(Self.bothNightListingItsSecondRun(runCount: 1))
        let verdict = await LifecycleExecutor().execute(body)
        let message = try #require(verdict.lifecycle?.expectations.first { $0.name == "runs" }).actual
        #expect(message.contains("its run 1 is not listed, and runs[1] on are its runs 2 on; add '- {planned: 2027-10-31T02:30:00+02:00, "
            + "actual: 2027-10-31T08:00:00+01:00, key: nightly/v1/2027-10-31, outcome: completed}' before line 10, and change 'run-count: 1' "
            + "(line 11) to 'run-count: 2'"),
                "\(message)")
    }

    /// The run-count is raised with the lines to add only when they would outnumber it, and by the number of runs left
    /// out: a count already equal to the lines then listed is left alone, and two runs left out raise it by two (mutation
    /// run 17's J1 and J2 survived `<=` for `<` and one run counted whatever the number: the one case pinned left out one
    /// run under a count one short). zoneinfo: Berlin repeats 02:00–03:00 on 2027-10-31 (01:00Z), so under `both` 02:30
    /// is 00:30Z (+02:00) and 01:30Z (+01:00); 2027-11-01 02:30 is 01:30Z (+01:00).
    @Test func aRunCountIsRaisedOnlyWhenTheLinesWouldOutnumberIt() async throws {
        func message(_ text: String) async throws -> String {
            let (_, body) = try Self.scenario(text)
            let verdict = await LifecycleExecutor().execute(body)
            return try #require(verdict.lifecycle?.expectations.first { $0.name == "runs" }).actual
        }
        let equal = try await message(Self.bothNightListingItsSecondRun(runCount: 2))
        #expect(equal.contains("its run 1 is not listed"), "\(equal)")
        #expect(equal.hasSuffix("outcome: completed}' before line 10"), "\(equal)")
        #expect(!equal.contains("'run-count:"), "\(equal)")
        let two = try await message("""
            spec: Both
            task: {identifier: com.example.app.refresh, kind: refresh}
            schedule: {id: nightly, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: both}
            clock: 2027-10-30T12:00:00+02:00
            steps:
              - {at: 2027-10-31T08:00:00+01:00, launch: com.example.app.refresh}
              - {at: 2027-11-01T08:00:00+01:00, launch: com.example.app.refresh}
            expect:
              completed: [true, true]
              runs:
                - {planned: 2027-11-01T02:30:00+01:00, actual: 2027-11-01T08:00:00+01:00, key: nightly/v1/2027-11-01}
              run-count: 1
            """)
        #expect(two.contains("its runs 1 and 2 are not listed, and runs[1] on are its runs 3 on"), "\(two)")
        #expect(two.hasSuffix("outcome: completed}' before line 11, and change 'run-count: 1' (line 12) to 'run-count: 3'"), "\(two)")
    }

    /// A launch whose catch-up threw had no "nothing due", even when its adapter reported success regardless (so the run
    /// shows no failure) and its request came from the schedule before a change: its run gets no stale-request reason.
    /// The sixteenth mutation run's L1 stayed open: a floor recorded for every launch without due occurrences differs only
    /// for such a run (no failure, no kill, no note). The new schedule's `limit: 1` makes the catch-up search fail: its
    /// window starts at the first run's launch, 2027-03-29T00:31Z, 20:31 EDT of 03-28 in New York, whose 02:30 that
    /// day is not later than it, so the one slot allowed is spent. zoneinfo: Berlin's 02:30 of 2027-03-30 is 00:30Z
    /// (+02:00 since 03-28), 20:30 EDT of 03-29, no New York occurrence.
    @Test func aLaunchWhoseCatchUpThrewIsNotToldItHadNothingDue() async throws {
        let (_, body) = try Self.scenario("""
            spec: Kept and failed
            task: {identifier: com.example.app.refresh, kind: refresh}
            job: {items: ["42"]}
            app: {on-schedule-change: keep-pending, adapter: reports-success-regardless}
            schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            clock: 2027-03-29T00:00:00+02:00
            steps:
              - {at: 2027-03-29T02:31:00+02:00, launch: com.example.app.refresh}
              - {at: 2027-03-29T12:00:00+02:00, change-schedule: {timezone: America/New_York, limit: 1}}
              - {at: 2027-03-30T02:31:00+02:00, launch: com.example.app.refresh}
            expect:
              completed: [true, true]
              log: {contains: ["catch-up com.example.app.refresh search-limit-reached"]}
            """)
        let verdict = await LifecycleExecutor().execute(body)
        let lifecycle = try #require(verdict.lifecycle)
        let checked = lifecycle.expectations.filter { ["completed", "log.contains"].contains($0.name) }
        #expect(checked.count == 2 && checked.allSatisfy { $0.passed }, "\(lifecycle.expectations)")
        #expect(lifecycle.runs.count == 2)
        #expect(lifecycle.runs.map(\.reason) == [nil, nil], "\(lifecycle.runs.map(\.reason))")
    }

    /// A launch with nothing due whose request the app kept from the schedule before a change says so in its run's
    /// reason, with that instant in the old schedule's zone (an incident review saw a wake-up at 03:01 New York time
    /// after a flight from Paris, and nothing linking it to the move). zoneinfo: Berlin's 02:30 of 2027-03-30 is
    /// 00:30Z (+02:00 since 03-28), 20:30 EDT of 03-29 in New York. A change of wall time alone names no zone; an app
    /// that computes its request again is launched at the new schedule's occurrence and needs no such reason.
    @Test func aLaunchForARequestKeptAcrossAChangeSaysSo() async throws {
        let scenario = """
            spec: Kept
            task: {identifier: com.example.app.refresh, kind: refresh}
            job: {items: ["42"]}
            app: {on-schedule-change: keep-pending}
            schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            clock: 2027-03-29T00:00:00+02:00
            steps:
              - {at: 2027-03-29T02:31:00+02:00, launch: com.example.app.refresh}
              - {at: 2027-03-29T12:00:00+02:00, change-schedule: CHANGE}
              - {at: 2027-03-30T02:31:00+02:00, launch: com.example.app.refresh}
            expect:
              completed: [true, true]
            """
        func reasons(_ change: String) async throws -> [String?] {
            let (_, body) = try Self.scenario(scenario.replacingOccurrences(of: "CHANGE", with: change))
            let verdict = await LifecycleExecutor().execute(body)
            #expect(verdict.status == .passed, "\(verdict.message ?? "")")
            return try #require(verdict.lifecycle).runs.map(\.reason)
        }
        #expect(try await reasons("{timezone: America/New_York}") == [nil, "nothing due: its request was for 2027-03-30 02:30 CEST (+02:00), "
            + "an occurrence of the Europe/Berlin schedule before the change at line 9, which the app kept (on-schedule-change: keep-pending)"])
        // The wall time moved to 04:00 (same version: 03-29's key is completed, 03-30's 04:00 is not due yet): the
        // request for 02:30 is no occurrence of it; the zone is the same.
        #expect(try await reasons("{rule: {every: day, at: \"04:00\"}}") == [nil, "nothing due: its request was for "
            + "2027-03-30 02:30 CEST (+02:00), an occurrence of the schedule before the change at line 9, which the app kept "
            + "(on-schedule-change: keep-pending)"])
    }

    /// An `open-app` that ends a force-quit, a step with no detail of its own, says only that: `ended the force-quit`,
    /// not `; ended the force-quit` (mutation run 15's E2 survived the separator kept for an empty detail: every step
    /// pinned that ended a force-quit had a detail before it).
    @Test func anOpenAppThatEndsAForceQuitSaysOnlyThat() async throws {
        let (_, body) = try Self.scenario("""
            spec: Opened after a force-quit
            task: {identifier: com.example.app.refresh, kind: refresh}
            clock: 2027-06-08T20:00:00+02:00
            steps:
              - {at: 2027-06-08T21:00:00+02:00, force-quit: {}}
              - {at: 2027-06-08T22:00:00+02:00, open-app: {}}
              - {at: 2027-06-08T23:00:00+02:00, open-app: {}}
            expect:
              completed: []
            """)
        let verdict = await LifecycleExecutor().execute(body)
        #expect(verdict.status == .passed, "\(verdict.message ?? "")")
        let lifecycle = try #require(verdict.lifecycle)
        #expect(lifecycle.appEvents.map(\.step) == ["force-quit", "open-app", "open-app"])
        #expect(lifecycle.appEvents.map(\.detail) == ["", "ended the force-quit", ""], "\(lifecycle.appEvents.map(\.detail))")
    }

    /// A `launch` the system delivers to an app that is not running starts the app in the background: the steps the
    /// report lists say so, whether the launch then runs or is refused (a review saw the launch in the runs, or the
    /// refusal, and nothing saying the process was new). A launch into a running or suspended app starts nothing.
    @Test func aLaunchThatStartsTheAppInTheBackgroundIsListed() async throws {
        let (_, body) = try Self.scenario("""
            spec: Started in the background
            task: {identifier: com.example.app.refresh, kind: refresh}
            app: {registers-in-background: []}
            clock: 2027-06-08T20:00:00+02:00
            steps:
              - {at: 2027-06-08T21:00:00+02:00, launch: com.example.app.refresh}
              - {at: 2027-06-08T22:00:00+02:00, terminate: {}}
              - {at: 2027-06-09T02:31:00+02:00, launch: com.example.app.refresh}
              - {at: 2027-06-09T02:32:00+02:00, launch: com.example.app.refresh}
              - {at: 2027-06-09T04:00:00+02:00, update-app: {registers-in-background: [com.example.app.refresh]}}
              - {at: 2027-06-09T05:00:00+02:00, launch: com.example.app.refresh}
              - {at: 2027-06-09T05:01:00+02:00, launch: com.example.app.refresh}
            expect:
              completed: [true, true, true]
              errors: [no-launch-handler, no-launch-handler]
            """)
        let verdict = await LifecycleExecutor().execute(body)
        #expect(verdict.status == .passed, "\(verdict.message ?? "")")
        let lifecycle = try #require(verdict.lifecycle)
        // 21:00 runs in the app started in the foreground at the clock's start; 02:31 starts it and is refused, and
        // 02:32 finds that process still there; the update ends it, so 05:00 starts the new build, and 05:01 finds it.
        #expect(lifecycle.appEvents.map(\.step) == ["terminate", "launch", "update-app", "launch"])
        #expect(lifecycle.appEvents.map(\.detail) == ["", "started the app in the background",
                                                      "registers-in-background: [com.example.app.refresh]",
                                                      "started the app in the background"])
        #expect(lifecycle.appEvents.map(\.line) == [7, 8, 10, 11])
        #expect(lifecycle.refusedLaunches.map(\.line) == [8, 9])
    }

    /// Steps at one instant as two moves: each step's time is shown in the zone in effect after it, as each schedule
    /// change is — a step before the second move in the first move's zone (a review saw the first move's step and the
    /// launch after it in the second move's zone). zoneinfo: 00:31Z is 20:31 EDT (-04:00) the day before, 09:31 JST.
    @Test func stepsAtOneInstantAsSeveralMovesAreEachInTheZoneAfterThem() async throws {
        let (_, body) = try Self.scenario("""
            spec: Two moves at one instant
            task:
              - {identifier: com.example.app.refresh, kind: refresh}
              - {identifier: com.example.app.processing, kind: processing}
            job: {items: ["42"]}
            schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            clock: 2027-06-08T20:00:00+02:00
            steps:
              - {at: 2027-06-08T22:00:00+02:00, force-quit: {}}
              - {at: 2027-06-09T02:31:00+02:00, change-schedule: {timezone: America/New_York}}
              - {at: 2027-06-09T02:31:00+02:00, launch: com.example.app.processing}
              - {at: 2027-06-09T02:31:00+02:00, change-schedule: {timezone: Asia/Tokyo}}
              - {at: 2027-06-09T02:31:00+02:00, launch: com.example.app.refresh}
            expect:
              completed: []
              errors: [launch-before-earliest-begin, launch-before-earliest-begin]
            """)
        let verdict = await LifecycleExecutor().execute(body)
        #expect(verdict.status == .passed, "\(verdict.message ?? "")")
        let lifecycle = try #require(verdict.lifecycle)
        #expect(lifecycle.appEvents.map(\.at.offsetForm) == ["2027-06-08T22:00:00+02:00", "2027-06-08T20:31:00-04:00"])
        #expect(lifecycle.scheduleChanges.map(\.at.offsetForm) == ["2027-06-08T20:31:00-04:00", "2027-06-09T09:31:00+09:00"])
        #expect(lifecycle.refusedLaunches.map(\.at.offsetForm) == ["2027-06-08T20:31:00-04:00", "2027-06-09T09:31:00+09:00"])
    }

    /// After an update that wrote the Info.plist, a gate refusal names that step's key and line (it said "add it to the
    /// Info.plist", which the spec does not have); a launch still running when a step ends the process says that step.
    @Test func anUpdatesGateAndAStepsDeathAreNamed() async throws {
        let (_, body) = try Self.scenario("""
            spec: Update
            task: {identifier: com.example.app.refresh, kind: refresh}
            app: {adapter: never-completes}
            clock: 2027-06-08T20:00:00+02:00
            steps:
              - {at: 2027-06-08T21:00:00+02:00, launch: com.example.app.refresh}
              - {at: 2027-06-08T21:00:05+02:00, update-app: {background-modes: [processing]}}
              - {at: 2027-06-09T08:00:00+02:00, submit: com.example.app.refresh}
            expect:
              completed: [killed]
              errors: [not-permitted]
            """)
        let verdict = await LifecycleExecutor().execute(body)
        #expect(verdict.status == .passed, "\(verdict.message ?? "")")
        let lifecycle = try #require(verdict.lifecycle)
        #expect(lifecycle.runs.map(\.reason) == ["ended by the update-app step at line 7"])
        // The update ended the process; the submit after it started the app in the foreground, which the steps list too.
        #expect(lifecycle.appEvents.map(\.step) == ["update-app", "submit"])
        #expect(lifecycle.appEvents.map(\.detail) == ["background-modes: [processing]", "started the app"])
        #expect(lifecycle.appEvents.map(\.line) == [7, 8])
        #expect(lifecycle.appEvents.map(\.at.offsetForm) == ["2027-06-08T21:00:05+02:00", "2027-06-09T08:00:00+02:00"])
        #expect(lifecycle.otherErrors.map(\.message) == [
            "'background-modes:' of the update-app step at line 7 (the app's UIBackgroundModes in Info.plist) lacks 'fetch', which a refresh task needs; add it to that 'background-modes:'",
        ])
    }

    /// A killed run says why its process died, as a failed one says its stage and error (an adoption review read
    /// `killed` alone): the step's interruption, work after the expiration, or the deadline passed.
    @Test func aKilledRunSaysWhyItsProcessDied() async throws {
        let (_, body) = try Self.scenario("""
            spec: Deaths
            task: {identifier: com.example.app.refresh, kind: refresh}
            job: {items: ["42"]}
            clock: 2027-06-08T20:00:00+02:00
            steps:
              - {at: 2027-06-08T21:00:00+02:00, launch: com.example.app.refresh, interrupt: during parse}
              - {at: 2027-06-08T22:00:00+02:00, launch: com.example.app.refresh}
            expect:
              completed: [killed, true]
            """)
        let verdict = await LifecycleExecutor().execute(body)
        #expect(verdict.status == .passed, "\(verdict.message ?? "")")
        #expect(verdict.lifecycle?.runs.map(\.reason) == ["interrupted during parse", nil])

        let (_, ignored) = try Self.scenario("""
            spec: Ignored
            task: {identifier: com.example.app.refresh, kind: refresh}
            job: {items: ["42"], flaws: [long-transaction]}
            app: {adapter: ignores-expiration}
            clock: 2027-06-08T20:00:00+02:00
            steps:
              - {at: 2027-06-08T21:00:00+02:00, launch: com.example.app.refresh, expire: during parse}
            expect:
              completed: [killed]
              defects: [work-after-expiration, open-transaction-at-suspension]
            """)
        let ignoredVerdict = await LifecycleExecutor().execute(ignored)
        #expect(ignoredVerdict.lifecycle?.runs.map(\.reason) == ["it worked on after its expiration, and the system suspended and ended the process"],
                "\(ignoredVerdict.message ?? "")")

        // One process: the launch a nested launch's interruption ended says so, not "the process died during the launch".
        let (_, nested) = try Self.scenario("""
            spec: Nested
            task:
              - {identifier: com.example.app.refresh, kind: refresh}
              - {identifier: com.example.app.processing, kind: processing}
            job: {items: ["42"]}
            clock: 2027-06-08T20:00:00+02:00
            steps:
              - at: 2027-06-08T21:00:00+02:00
                launch: com.example.app.refresh
                overlap: {launch: com.example.app.processing, during: download, interrupt: during write}
            expect:
              completed: [killed, killed]
            """)
        let nestedVerdict = await LifecycleExecutor().execute(nested)
        #expect(nestedVerdict.status == .passed, "\(nestedVerdict.message ?? "")")
        #expect(nestedVerdict.lifecycle?.runs.map(\.reason) == [
            "the process died when the overlapping com.example.app.processing launch was interrupted during write",
            "interrupted during write",
        ])
        // The same for a nested launch that worked on after its expiration.
        let (_, expired) = try Self.scenario("""
            spec: Nested expiry
            task:
              - {identifier: com.example.app.refresh, kind: refresh}
              - {identifier: com.example.app.processing, kind: processing}
            job: {items: ["42"]}
            app: {adapter: ignores-expiration}
            clock: 2027-06-08T20:00:00+02:00
            steps:
              - at: 2027-06-08T21:00:00+02:00
                launch: com.example.app.refresh
                overlap: {launch: com.example.app.processing, during: download, expire: during parse}
            expect:
              completed: [killed, killed]
            """)
        #expect(await LifecycleExecutor().execute(expired).lifecycle?.runs.first?.reason
            == "the process died when the overlapping com.example.app.processing launch worked on after its expiration")
        // Two launches of one process, neither nested in the other: the one killed when the other missed its deadline
        // says so, not "the process died during the launch" (a review of background starts). The clock is at +02:00 (no
        // schedule: no zone abbreviation).
        let (_, side) = try Self.scenario("""
            spec: Side by side
            task:
              - {identifier: com.example.app.refresh, kind: refresh}
              - {identifier: com.example.app.processing, kind: processing}
            job: {items: ["42"]}
            app: {adapter: never-completes}
            clock: 2027-06-08T20:00:00+02:00
            steps:
              - {at: 2027-06-08T21:00:00+02:00, terminate: {}}
              - {at: 2027-06-09T03:00:00+02:00, launch: com.example.app.processing}
              - {at: 2027-06-09T03:01:00+02:00, launch: com.example.app.refresh}
              - advance: 10m
            expect:
              completed: [killed, killed]
              defects: [missing-completion]
              broken-invariants: [one-completion-per-launch]
            """)
        let sideVerdict = await LifecycleExecutor().execute(side)
        #expect(sideVerdict.status == .passed, "\(sideVerdict.message ?? "")")
        #expect(sideVerdict.lifecycle?.runs.map(\.reason) == [
            "the process died when its com.example.app.refresh launch of 2027-06-09 03:01 (+02:00) passed its expiration deadline without setTaskCompleted",
            "the expiration deadline passed without setTaskCompleted",
        ], "\(sideVerdict.lifecycle?.runs.map(\.reason) ?? [])")
    }

    /// The outer launch works on after its expiration with its long transaction open; a nested launch ran (and failed
    /// database-busy) before: the open transaction at the suspension is the outer launch's, not the nested one's,
    /// which had ended (a review read "com.example.app.processing launch #2").
    @Test func anOpenTransactionAtSuspensionIsTheLaunchInFlights() async throws {
        let (_, body) = try Self.scenario("""
            spec: Outer in flight
            task:
              - {identifier: com.example.app.refresh, kind: refresh}
              - {identifier: com.example.app.processing, kind: processing}
            app: {adapter: ignores-expiration}
            job: {items: ["42"], flaws: [long-transaction]}
            clock: 2027-03-01T00:00:00+01:00
            steps:
              - at: 2027-03-01T02:40:00+01:00
                launch: com.example.app.refresh
                expire: during download
                overlap: {launch: com.example.app.processing, during: download}
            expect:
              completed: [killed, false]
              defects: [work-after-expiration, open-transaction-at-suspension]
            """)
        let verdict = await LifecycleExecutor().execute(body)
        let detail = verdict.lifecycle?.invariants.first { $0.name == "no-open-transaction-at-suspension" }?.detail ?? ""
        #expect(detail.contains("(com.example.app.refresh launch #1)"), "\(detail)")
    }

    /// With max-attempts and no schedule the app leaves no request after its last attempt: the refusal says the app
    /// gave up, not "submit (or resubmit after each run) a request", which it does already (a maintenance review).
    @Test func aRefusalAfterTheLastAttemptSaysTheAppGaveUp() async throws {
        let (_, body) = try Self.scenario("""
            spec: Gave up
            task: {identifier: com.example.app.refresh, kind: refresh}
            app: {retry: {backoff: constant, delay: 15m, max-attempts: 2}}
            clock: 2027-06-08T20:00:00+02:00
            steps:
              - {at: 2027-06-08T21:00:00+02:00, launch: com.example.app.refresh, fail: {stage: download, error: network}}
              - {at: 2027-06-08T21:15:00+02:00, launch: com.example.app.refresh, fail: {stage: download, error: network}}
              - {at: 2027-06-08T21:30:00+02:00, launch: com.example.app.refresh}
            expect:
              completed: [false, false, true]
            """)
        let verdict = await LifecycleExecutor().execute(body)
        let message = verdict.message ?? ""
        #expect(message.contains("has no pending request, so the system cannot launch it: the app gave up after 2 failed attempts in a row "
            + "(retry max-attempts: 2), and with no schedule there is no next occurrence to wait for, so it submitted no request; "
            + "expect no-pending-request here, or raise max-attempts to at least 3, or give the scenario a schedule"), "\(message)")
        #expect(!message.contains("resubmit after each run"), "\(message)")

        // A second refusal: raising the maximum to what the first names lets the first run, and it may fail too.
        let (_, twice) = try Self.scenario("""
            spec: Gave up twice
            task: {identifier: com.example.app.refresh, kind: refresh}
            app: {retry: {backoff: constant, delay: 15m, max-attempts: 1}}
            clock: 2027-06-08T20:00:00+02:00
            steps:
              - {at: 2027-06-08T21:00:00+02:00, launch: com.example.app.refresh, fail: {stage: download, error: network}}
              - {at: 2027-06-08T21:15:00+02:00, launch: com.example.app.refresh, interrupt: during download}
              - {at: 2027-06-08T21:30:00+02:00, launch: com.example.app.refresh}
            expect:
              completed: [false, killed, true]
            """)
        let twiceMessage = await LifecycleExecutor().execute(twice).message ?? ""
        #expect(twiceMessage.contains("raise max-attempts to at least 2, or give the scenario a schedule (or more: the launch refused "
            + "before this one would run then, and each that fails counts too)"), "\(twiceMessage)")

        // With a schedule, the app waits for the next occurrence: a launch before it says why the floor is there.
        let (_, scheduled) = try Self.scenario("""
            spec: Gave up, scheduled
            task: {identifier: com.example.app.refresh, kind: refresh}
            schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            app: {retry: {backoff: constant, delay: 15m, max-attempts: 1}}
            clock: 2027-06-08T20:00:00+02:00
            steps:
              - {at: 2027-06-09T02:31:00+02:00, launch: com.example.app.refresh, fail: {stage: download, error: network}}
              - {at: 2027-06-09T02:46:00+02:00, launch: com.example.app.refresh}
            expect:
              completed: [false, true]
            """)
        let scheduledMessage = await LifecycleExecutor().execute(scheduled).message ?? ""
        #expect(scheduledMessage.contains("(the app gave up retrying after 1 failed attempt, as retry max-attempts is 1, and waits for the "
            + "schedule's next occurrence); the system never starts a task earlier"), "\(scheduledMessage)")

        // A success in between submits again: the reason is forgotten, and a later refusal says how the request was lost
        // (the cancel step; before the forty-fourth session, the usual "resubmit after each run").
        let (_, recovered) = try Self.scenario("""
            spec: Recovered
            task: {identifier: com.example.app.refresh, kind: refresh}
            app: {retry: {backoff: constant, delay: 15m, max-attempts: 2}}
            clock: 2027-06-08T20:00:00+02:00
            steps:
              - {at: 2027-06-08T21:00:00+02:00, launch: com.example.app.refresh, fail: {stage: download, error: network}}
              - {at: 2027-06-08T21:15:00+02:00, launch: com.example.app.refresh}
              - {at: 2027-06-08T21:30:00+02:00, cancel: com.example.app.refresh}
              - {at: 2027-06-08T21:45:00+02:00, launch: com.example.app.refresh}
            expect:
              completed: [false, true, true]
            """)
        let recoveredMessage = await LifecycleExecutor().execute(recovered).message ?? ""
        #expect(recoveredMessage.contains("has no pending request, so the system cannot launch it: its request was cancelled at "
            + "2027-06-08 21:30 (+02:00) [2027-06-08T19:30:00Z]; a request is pending only once a submit is accepted")
            && !recoveredMessage.contains("gave up"), "\(recoveredMessage)")
    }

    @Test func oneRunListedPerLaunchIsToldThatCatchUpRunsEachOccurrence() async throws {
        let (_, body) = try Self.scenario("""
            spec: Catch-up
            task: {identifier: com.example.app.refresh, kind: refresh}
            schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            clock: 2027-03-29T00:00:00+02:00
            steps:
              - {at: 2027-03-30T04:00:00+02:00, launch: com.example.app.refresh}
              - {at: 2027-04-01T04:00:00+02:00, launch: com.example.app.refresh}
            expect:
              runs:
                - {actual: 2027-03-30T04:00:00+02:00, key: nightly-sync/v1/2027-03-30}
                - {actual: 2027-04-01T04:00:00+02:00, key: nightly-sync/v1/2027-04-01}
            """)
        let verdict = await LifecycleExecutor().execute(body)
        let check = try #require(verdict.lifecycle?.expectations.first { $0.name == "runs" })
        #expect(check.actual == "a launch runs each occurrence due since the last completion as a run of its own (catch-up): the launch at "
            + "2027-03-30T04:00:00+02:00 ran 2, so the scenario has 4 runs; list each, as the runs table shows them")
    }

    @Test func anUnlistedLifecycleErrorFailsWithTheStepThatRaisedItAndWhatToDo() async throws {
        let (_, body) = try Self.scenario("""
            spec: Too early
            task: {identifier: com.example.app.refresh, kind: refresh}
            schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            clock: 2027-03-29T00:00:00+02:00
            steps:
              - {at: 2027-03-29T02:29:00+02:00, launch: com.example.app.refresh}
            expect:
              completed: []

            """, path: "too-early.yaml")
        let verdict = await LifecycleExecutor().execute(body)
        #expect(verdict.status == .failed)
        // The harness writes instants in UTC; the report reads them in the schedule's zone, as its runs table does.
        #expect(verdict.message == "1 expectation not met (errors)\n"
            + "launch-before-earliest-begin at step 1 (too-early.yaml:6:5): a launch at 2027-03-29 02:29 CEST (+02:00) [2027-03-29T00:29:00Z] "
            + "is before the request's earliestBeginDate 2027-03-29 02:30 CEST (+02:00) [2027-03-29T00:30:00Z]; the system never starts a "
            + "task earlier, so move the step to or after it")
        #expect(verdict.lifecycle?.expectations.first { !$0.passed } == LifecycleResult.ExpectationCheck(
            name: "errors", expected: "[] (not written: none may be raised)", actual: "[launch-before-earliest-begin]; every error the "
                + "steps raise is listed, in order: list one a step is meant to raise, or change that step", passed: false))
    }

    /// In UTC the harness's instants are already as the zone shows them: they are left as written, for a schedule in
    /// `UTC` or `Etc/UTC` (the zone specrun keeps for both) as for a scenario without a schedule. The schedule's
    /// spelling was missed: "a launch at 2027-03-29 02:29 UTC (+00:00) [2027-03-29T02:29:00Z]".
    @Test(arguments: ["UTC", "Etc/UTC"])
    func inUTCTheHarnesssInstantsAreLeftAsWritten(_ zone: String) async throws {
        let (_, body) = try Self.scenario("""
            spec: Too early in UTC
            task: {identifier: com.example.app.refresh, kind: refresh}
            schedule: {id: nightly-sync, timezone: \(zone), rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            clock: 2027-03-29T00:00:00Z
            steps:
              - {at: 2027-03-29T02:29:00Z, launch: com.example.app.refresh}
            expect:
              completed: []

            """, path: "too-early.yaml")
        let verdict = await LifecycleExecutor().execute(body)
        #expect(verdict.status == .failed)
        #expect(verdict.message == "1 expectation not met (errors)\n"
            + "launch-before-earliest-begin at step 1 (too-early.yaml:6:5): a launch at 2027-03-29T02:29:00Z "
            + "is before the request's earliestBeginDate 2027-03-29T02:30:00Z; the system never starts a "
            + "task earlier, so move the step to or after it")
    }

    /// `completed` counts launches; a launch step the system refused is none, and the failure names it.
    @Test func aCompletedListCountingARefusedLaunchStepNamesThatStep() async throws {
        let (_, body) = try Self.scenario("""
            spec: Refused
            task: {identifier: com.example.app.refresh, kind: refresh}
            schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            clock: 2027-03-29T00:00:00+02:00
            steps:
              - {at: 2027-03-29T02:29:00+02:00, launch: com.example.app.refresh}
              - {at: 2027-03-29T02:31:00+02:00, launch: com.example.app.refresh}
            expect:
              completed: [false, true]
              errors: [launch-before-earliest-begin]

            """, path: "refused.yaml")
        let verdict = await LifecycleExecutor().execute(body)
        #expect(verdict.status == .failed)
        // `errors` lists the refusal, so it is meant: not told how to avoid it (moved to 02:30 it would take the 02:31
        // launch's run, a third review found), but to write one entry per launch that ran.
        #expect(verdict.message == "1 expectation not met (completed)\n"
            + "step 1 (refused.yaml:6:5) launched nothing, so `completed` has no entry for it (launch-before-earliest-begin, which 'errors' "
            + "lists); write one entry per launch that ran", "\(verdict.message ?? "")")
        // The refused step is kept for the lifecycle picture: its time, error, floor and line (zoneinfo: 02:29 CEST is
        // 00:29Z on 2027-03-29, the floor 02:30 CEST is 00:30Z).
        let refused = try #require(verdict.lifecycle?.refusedLaunches)
        #expect(refused.count == 1)
        #expect(refused.first?.at.utc == "2027-03-29T00:29:00Z")
        #expect(refused.first?.at.local == "2027-03-29 02:29 CEST (+02:00)")
        #expect(refused.first?.earliestBegin?.utc == "2027-03-29T00:30:00Z")
        #expect(refused.first?.error == "launch-before-earliest-begin")
        #expect(refused.first?.identifier == "com.example.app.refresh")
        #expect(refused.first?.line == 6)
        #expect(verdict.lifecycle?.runs.count == 1)
    }

    /// A `runs[N]` field that differs keeps the instant the spec writes (read in the zone), so the picture can draw it.
    @Test func aDifferingRunInstantKeepsTheWrittenInstant() async throws {
        let (_, body) = try Self.scenario(Self.oneNightlyRun(expecting: "{planned: 2027-03-29T02:30:00+02:00, actual: 2027-03-29T02:41:00+02:00}"))
        let verdict = await LifecycleExecutor().execute(body)
        #expect(verdict.status == .failed)
        let check = try #require(verdict.lifecycle?.expectations.first { $0.name == "runs[1].actual" })
        // 02:41 CEST on 2027-03-29 is 00:41Z (zoneinfo).
        #expect(check.expectedInstant?.utc == "2027-03-29T00:41:00Z")
        #expect(check.expectedInstant?.local == "2027-03-29 02:41 CEST (+02:00)")
        #expect(verdict.lifecycle?.expectations.allSatisfy { $0.name == "runs[1].actual" || $0.expectedInstant == nil } == true)
    }

    /// A `runs[N]` past the scenario's last run ("no run"), a differing `store.updated-at` and a differing
    /// `pending-requests[…].earliest-begin` also keep the instant the spec writes, so the picture can draw them; met
    /// ones keep none. Instants from zoneinfo: Berlin is at +02:00 from 2027-03-28.
    @Test func aMissingRunAnUpdatedAtAndAnEarliestBeginKeepTheWrittenInstant() async throws {
        let (_, body) = try Self.scenario(Self.oneNightlyRun(expecting: "{planned: 2027-03-29T02:30:00+02:00}", then: """
                - {planned: 2027-03-30T02:30:00+02:00, actual: 2027-03-30T02:35:00+02:00}
                - {planned: 2027-03-31T02:30:00+02:00}
              store: {updated-at: 2027-03-29T02:00:00+02:00}
              pending-requests:
                - {identifier: com.example.app.refresh, earliest-begin: 2027-03-30T02:00:00+02:00}
            """))
        let verdict = await LifecycleExecutor().execute(body)
        #expect(verdict.status == .failed)
        let checks = verdict.lifecycle?.expectations ?? []
        func utc(_ name: String) -> String? { checks.first { $0.name == name }?.expectedInstant?.utc }
        #expect(utc("runs[2]") == "2027-03-30T00:35:00Z")      // the actual, when written
        #expect(utc("runs[3]") == "2027-03-31T00:30:00Z")      // else the planned
        #expect(utc("store.updated-at") == "2027-03-29T00:00:00Z")
        #expect(utc("pending-requests[com.example.app.refresh].earliest-begin") == "2027-03-30T00:00:00Z")
        #expect(checks.first { $0.name == "runs[1]" }?.passed == true && utc("runs[1]") == nil)
        #expect(checks.first { $0.name == "store.updated-at" }?.expectedInstant?.local == "2027-03-29 02:00 CEST (+02:00)")
    }

    /// Three nightly launches at 02:31 in Berlin (+02:00 from 2027-03-28, zoneinfo), each running that night's 02:30,
    /// with `runs` listed as given (the first on line 11).
    static func threeNightlyRuns(listing runs: [String]) -> String {
        nightlyRuns(named: "Three nightly runs", launchDays: [29, 30, 31], listing: runs)
    }

    /// Runs are compared by position: one run left out of the list, or one listed too many, failed every later line,
    /// and nothing said why. A check named `runs` now says so first, the missing run written as a spec writes it.
    @Test func aRunLeftOutOfTheListOrListedTooManyIsNamed() async throws {
        let second = "{planned: 2027-03-30T02:30:00+02:00, key: nightly-sync/v1/2027-03-30}"
        let third = "{planned: 2027-03-31T02:30:00+02:00, key: nightly-sync/v1/2027-03-31}"
        let (_, leftOut) = try Self.scenario(Self.threeNightlyRuns(listing: [second, third]))
        let missing = await LifecycleExecutor().execute(leftOut)
        let shift = missing.lifecycle?.expectations.first { !$0.passed }
        #expect(shift?.name == "runs")
        #expect(shift?.actual == "its run 1 is not listed, and runs[1] on are its runs 2 on; add '- {planned: 2027-03-29T02:30:00+02:00, "
            + "actual: 2027-03-29T02:31:00+02:00, key: nightly-sync/v1/2027-03-29, outcome: completed}' before line 11")
        // The shift is the one failure: the lines after it are compared with the runs they match (a QA review counted six).
        #expect(missing.lifecycle?.expectations.filter { !$0.passed }.map(\.name) == ["runs"])
        #expect(missing.lifecycle?.expectations.filter { $0.name.hasPrefix("runs[") }.allSatisfy(\.passed) == true)
        // Two left out together: both named, both to add (the hunt: every later field failed, unexplained).
        let (_, twoLeftOut) = try Self.scenario(Self.threeNightlyRuns(listing: [third]))
        #expect(await LifecycleExecutor().execute(twoLeftOut).lifecycle?.expectations.first { !$0.passed }?.actual
            == "its runs 1 and 2 are not listed, and runs[1] on are its runs 3 on; add '- {planned: 2027-03-29T02:30:00+02:00, "
            + "actual: 2027-03-29T02:31:00+02:00, key: nightly-sync/v1/2027-03-29, outcome: completed}' and '- {planned: "
            + "2027-03-30T02:30:00+02:00, actual: 2027-03-30T02:31:00+02:00, key: nightly-sync/v1/2027-03-30, outcome: completed}' "
            + "before line 11")
        // A run that is none of the scenario's, before two that are.
        let stray = "{planned: 2027-03-28T03:00:00+02:00}"
        let first = "{planned: 2027-03-29T02:30:00+02:00}"
        let (_, extra) = try Self.scenario(Self.threeNightlyRuns(listing: [stray, first, second]))
        let tooMany = await LifecycleExecutor().execute(extra)
        #expect(tooMany.lifecycle?.expectations.first { !$0.passed }?.actual
            == "runs[1] is none of its runs, and the lines after it are its runs 1 on; 2027-03-28 03:00 CEST (+02:00) is not after the "
                + "scenario's clock start, 2027-03-29 00:00 CEST (+02:00) (line 4): a launch catches up only the occurrences after it; remove line 11")
        #expect(tooMany.lifecycle?.expectations.filter { !$0.passed }.map(\.name) == ["runs"])
        // A list in step with the scenario gets no such check.
        let (_, inStep) = try Self.scenario(Self.threeNightlyRuns(listing: [first, second, third]))
        let passing = await LifecycleExecutor().execute(inStep)
        #expect(passing.status == .passed)
        #expect(passing.lifecycle?.expectations.contains { $0.name == "runs" } == false)
    }

    /// After a move to another zone, a run's instant written with its wall time at the old zone's offset is told the
    /// zone then and the instant to write (a message review wrote Berlin's +02:00 on New York's 02:30; nothing said so).
    /// zoneinfo: New York's 02:30 on 2027-03-30 is 06:30Z (-04:00); 02:30+02:00 is 00:30Z, 20:30 EDT the day before.
    @Test func aRunsWallTimeAtTheOldZonesOffsetIsToldTheZoneThen() async throws {
        let (_, body) = try Self.scenario("""
            spec: Moved
            task: {identifier: com.example.app.refresh, kind: refresh}
            schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            clock: 2027-03-29T00:00:00+02:00
            steps:
              - {at: 2027-03-29T02:31:00+02:00, launch: com.example.app.refresh}
              - {at: 2027-03-29T12:00:00+02:00, change-schedule: {timezone: America/New_York}}
              - {at: 2027-03-30T09:00:00-04:00, launch: com.example.app.refresh}
            expect:
              runs:
                - {planned: 2027-03-29T02:30:00+02:00}
                - {planned: 2027-03-30T02:30:00+02:00}
            """)
        let check = try #require(await LifecycleExecutor().execute(body).lifecycle).expectations.first { !$0.passed }
        #expect(check?.name == "runs[2].planned")
        #expect(check?.actual.hasSuffix("; +02:00 is Europe/Berlin's offset; after the move the schedule is in America/New_York, where "
            + "02:30 on 2027-03-30 is 2027-03-30T02:30:00-04:00: write that") == true, "\(check?.actual ?? "")")
    }

    /// The note says whose offset the written one is only when it is that zone's: a run before the move written with
    /// New York's offset is told the schedule is still in Berlin; an offset neither zone has is told as such.
    /// zoneinfo: on 2027-03-29 at 00:30Z Berlin is at +02:00 and New York at -04:00; on 2027-03-30 at 06:30Z New York is
    /// at -04:00 and Berlin at +02:00, neither at +05:00.
    @Test func theOffsetOfAnotherZoneIsNamedOnlyWhenItIsThatZones() async throws {
        let (_, body) = try Self.scenario("""
            spec: Moved
            task: {identifier: com.example.app.refresh, kind: refresh}
            schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            clock: 2027-03-29T00:00:00+02:00
            steps:
              - {at: 2027-03-29T02:31:00+02:00, launch: com.example.app.refresh}
              - {at: 2027-03-29T12:00:00+02:00, change-schedule: {timezone: America/New_York}}
              - {at: 2027-03-30T09:00:00-04:00, launch: com.example.app.refresh}
            expect:
              runs:
                - {planned: 2027-03-29T02:30:00-04:00}
                - {planned: 2027-03-30T02:30:00+05:00}
            """)
        let checks = try #require(await LifecycleExecutor().execute(body).lifecycle).expectations.filter { !$0.passed }
        let first = checks.first { $0.name == "runs[1].planned" }, second = checks.first { $0.name == "runs[2].planned" }
        #expect(first?.actual.hasSuffix("; -04:00 is America/New_York's offset; before the move the schedule is in Europe/Berlin, where "
            + "02:30 on 2027-03-29 is 2027-03-29T02:30:00+02:00: write that") == true, "\(first?.actual ?? "")")
        #expect(second?.actual.hasSuffix("; America/New_York, the schedule's zone after the move, is not at +05:00 then: there 02:30 on "
            + "2027-03-30 is 2027-03-30T02:30:00-04:00: write that") == true, "\(second?.actual ?? "")")
    }

    /// A pending request's `earliest-begin` written with `Z` whose digits are the floor's wall time is told the slip, as
    /// a run's instants are (a fourth review's Sydney floor got no hint). zoneinfo: Sydney is at +11:00 on 2027-10-04
    /// (daylight time from 2027-10-03); 02:30 there is 2027-10-03T15:30Z.
    @Test func anEarliestBeginWrittenWithZIsToldTheSlip() async throws {
        let (_, body) = try Self.scenario("""
            spec: Sydney
            task: {identifier: com.example.app.refresh, kind: refresh}
            schedule: {id: nightly-sync, timezone: Australia/Sydney, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            clock: 2027-10-03T12:00:00+11:00
            steps: []
            expect:
              pending-requests: [{identifier: com.example.app.refresh, earliest-begin: 2027-10-04T02:30:00Z}]
            """)
        let check = try #require(await LifecycleExecutor().execute(body).lifecycle).expectations.first { !$0.passed }
        #expect(check?.actual.hasSuffix("; 2027-10-04T02:30:00Z is UTC ('Z'), and its digits are the local wall time of the instant found: "
            + "write 2027-10-04T02:30:00+11:00") == true, "\(check?.actual ?? "")")
    }

    /// A `run-count` larger than the runs listed names the runs past the last line, which nothing else checks (a fourth
    /// review left the autumn `~2` run out and was told only "expected 2, actual 3"). zoneinfo: Berlin falls back at
    /// 2027-10-31T01:00Z; 02:30 is 00:30Z (+02:00) and 01:30Z (+01:00); 09:00 CET is 08:00Z.
    @Test func aRunCountPastTheListedRunsNamesThem() async throws {
        let (_, body) = try Self.scenario("""
            spec: Autumn
            task: {identifier: com.example.app.refresh, kind: refresh}
            schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: both}
            clock: 2027-10-30T12:00:00+02:00
            steps:
              - {at: 2027-10-31T09:00:00+01:00, launch: com.example.app.refresh}
            expect:
              runs:
                - {planned: 2027-10-31T02:30:00+02:00, key: nightly-sync/v1/2027-10-31}
              run-count: 1
            """)
        let check = try #require(await LifecycleExecutor().execute(body).lifecycle).expectations.first { $0.name == "run-count" }
        #expect(check?.passed == false)
        #expect(check?.actual == "2; runs lists 1, and the scenario's run 2 is {planned: 2027-10-31T02:30:00+01:00, actual: "
            + "2027-10-31T09:00:00+01:00, key: nightly-sync/v1/2027-10-31~2, outcome: completed}", "\(check?.actual ?? "")")
    }

    /// A run left out in the middle of `runs` is the one `run-count` names, not the last run (listed): the runs check
    /// tells the line to add, and run-count points there. zoneinfo: Berlin falls back at 2027-10-31T01:00Z, so 02:30
    /// happens at 00:30Z (+02:00) and at 01:30Z (+01:00); the next night's 02:30 is +01:00.
    @Test func aRunCountBesideARunLeftOutInTheMiddleNamesThatRun() async throws {
        let (_, body) = try Self.scenario("""
            spec: Autumn
            task: {identifier: com.example.app.refresh, kind: refresh}
            schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: both}
            clock: 2027-10-30T12:00:00+02:00
            steps:
              - {at: 2027-10-31T09:00:00+01:00, launch: com.example.app.refresh}
              - {at: 2027-11-01T02:45:00+01:00, launch: com.example.app.refresh}
            expect:
              runs:
                - {planned: 2027-10-31T02:30:00+02:00, key: nightly-sync/v1/2027-10-31}
                - {planned: 2027-11-01T02:30:00+01:00, key: nightly-sync/v1/2027-11-01}
              run-count: 2
            """)
        let checks = try #require(await LifecycleExecutor().execute(body).lifecycle).expectations
        let runs = checks.first { $0.name == "runs" }
        #expect(runs?.actual.hasPrefix("its run 2 is not listed") == true, "\(runs?.actual ?? "")")
        let count = checks.first { $0.name == "run-count" }
        #expect(count?.actual == "3; runs lists 2 and leaves out the scenario's run 2, which the runs check above adds", "\(count?.actual ?? "")")
    }

    /// A `store.commits` that differs says which launch committed and why each other did not: an expiration, a fault,
    /// and a retry that found its run key in the store (the contract's lifecycle example, harness-model.md's rules:
    /// launch 3 commits and dies after its write; launch 4 reconciles).
    @Test func aStoreCommitsCountThatDiffersTellsEachLaunchsCommit() async throws {
        let (_, body) = try Self.scenario("""
            spec: Commits
            task: {identifier: com.example.app.refresh, kind: refresh, permitted: [com.example.app.refresh], background-modes: [fetch]}
            job: {items: ["42", "43"]}
            schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            clock: 2027-03-29T00:00:00+02:00
            steps:
              - {at: 2027-03-29T02:31:00+02:00, launch: com.example.app.refresh, expire: during parse}
              - {at: 2027-03-30T04:00:00+02:00, launch: com.example.app.refresh, fail: {stage: write, error: disk-full}}
              - {at: 2027-03-31T04:00:00+02:00, launch: com.example.app.refresh, interrupt: after-write}
              - {at: 2027-03-31T05:00:00+02:00, launch: com.example.app.refresh}
            expect:
              store: {commits: 2}
            """)
        let check = try #require(await LifecycleExecutor().execute(body).lifecycle).expectations.first { $0.name == "store.commits" }
        #expect(check?.passed == false)
        #expect(check?.actual == "1; committed: launch 3 (line 9): one commit for its 3 occurrences; interrupted after its write, which stands; no commit from launch 1 (line 7): expired during parse; launch 2 (line 8): "
            + "failed at write: disk-full; launch 4 (line 10): the store held its run key nightly-sync/v1/2027-03-31 from an earlier "
            + "attempt: it reconciled, no second write", "\(check?.actual ?? "")")
        // A retry the next night records the interrupted night, written already, and writes the new one: one commit
        // per launch, not per run (a fifth review expected three).
        let (_, retry) = try Self.scenario("""
            spec: Retry next night
            task: {identifier: com.example.app.refresh, kind: refresh}
            schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            clock: 2027-03-29T00:00:00+02:00
            steps:
              - {at: 2027-03-29T02:40:00+02:00, launch: com.example.app.refresh, interrupt: after-write}
              - {at: 2027-03-30T04:00:00+02:00, launch: com.example.app.refresh}
            expect:
              store: {commits: 3}
              side-effects: 3
            """)
        let retryChecks = try #require(await LifecycleExecutor().execute(retry).lifecycle).expectations
        let retried = retryChecks.first { $0.name == "store.commits" }
        #expect(retried?.actual == "2; committed: launch 1 (line 6): interrupted after its write, which stands; launch 2 (line 7): nightly-sync/v1/2027-03-29, which an earlier attempt "
            + "wrote, recorded without a write", "\(retried?.actual ?? "")")
        // Its side effects: one per run key; the retry asks again for the interrupted attempt's, which the outside
        // system ignores (harness-model.md: business idempotency), then for its own (the new night's).
        let effects = retryChecks.first { $0.name == "side-effects" }
        #expect(effects?.actual == "2; launch 1 (line 6) performed nightly-sync/v1/2027-03-29; launch 2 (line 7) asked again for "
            + "nightly-sync/v1/2027-03-29, an earlier attempt's, which the outside system ignores (a repeated key); launch 2 (line 7) performed "
            + "nightly-sync/v1/2027-03-30",
                "\(effects?.actual ?? "")")
    }

    /// A launch step written with `Z` for its local digits is named where a run's `actual` differs by that slip, and a
    /// run missing because its launch step was written with the summer offset after the autumn change (and refused) is
    /// told that step, not "remove this line" (a fifth review's m39 and m44). zoneinfo: Berlin is at +02:00 on
    /// 2027-03-29 (02:30Z is 04:30 CEST) and at +01:00 on 2027-11-01 (02:45+02:00 is 00:45Z, 01:45 CET, before 02:30).
    @Test func aLaunchStepsOffsetSlipIsNamedWhereTheRunDiffers() async throws {
        let (_, zulu) = try Self.scenario("""
            spec: Z step
            task: {identifier: com.example.app.refresh, kind: refresh}
            schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            clock: 2027-03-29T00:00:00+02:00
            steps:
              - {at: 2027-03-29T02:30:00Z, launch: com.example.app.refresh}
            expect:
              runs:
                - {planned: 2027-03-29T02:30:00+02:00, actual: 2027-03-29T02:30:00+02:00}
            """)
        let actual = try #require(await LifecycleExecutor().execute(zulu).lifecycle).expectations.first { !$0.passed }
        #expect(actual?.name == "runs[1].actual")
        #expect(actual?.actual.hasSuffix("; the launch at line 6 is written 2027-03-29T02:30:00Z, which is 2027-03-29 04:30 CEST (+02:00); "
            + "if it means 02:30 local time, write 2027-03-29T02:30:00+02:00 there") == true, "\(actual?.actual ?? "")")
        let (_, summer) = try Self.scenario("""
            spec: Summer offset in November
            task: {identifier: com.example.app.refresh, kind: refresh}
            schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            clock: 2027-10-31T12:00:00+01:00
            steps:
              - {at: 2027-11-01T02:45:00+02:00, launch: com.example.app.refresh}
            expect:
              errors: [launch-before-earliest-begin]
              runs:
                - {planned: 2027-11-01T02:30:00+01:00, actual: 2027-11-01T02:45:00+01:00}
            """)
        let missing = try #require(await LifecycleExecutor().execute(summer).lifecycle).expectations.first { !$0.passed }
        #expect(missing?.name == "runs[1]")
        #expect(missing?.actual == "no run: the scenario has 0 runs; the launch at line 6 is written 2027-11-01T02:45:00+02:00, which is "
            + "2027-11-01 01:45 CET (+01:00), and the system refused it (launch-before-earliest-begin); if it means 02:45 local time, write "
            + "2027-11-01T02:45:00+01:00 there (see its offset-mismatch warning)", "\(missing?.actual ?? "")")
        // After a move, the offset of the zone before is one `offset-mismatch` accepts (any zone the scenario takes): no
        // warning to point at (a review read the pointer and found none). zoneinfo: New York is at -04:00 on 2027-03-30,
        // so 02:31+02:00 (00:31Z) is 03-29 20:31 EDT, before the request's earliest begin, 02:30 EDT on 03-30.
        let (_, moved) = try Self.scenario("""
            spec: Step after the move with Berlin's offset
            task: {identifier: com.example.app.refresh, kind: refresh}
            schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            clock: 2027-03-29T00:00:00+02:00
            steps:
              - {at: 2027-03-29T02:31:00+02:00, launch: com.example.app.refresh}
              - {at: 2027-03-29T12:00:00+02:00, change-schedule: {timezone: America/New_York}}
              - {at: 2027-03-30T02:31:00+02:00, launch: com.example.app.refresh}
            expect:
              runs:
                - {planned: 2027-03-29T02:30:00+02:00, actual: 2027-03-29T02:31:00+02:00}
                - {planned: 2027-03-30T02:30:00-04:00, actual: 2027-03-30T02:31:00-04:00}
            """)
        let unwarned = try #require(await LifecycleExecutor().execute(moved).lifecycle).expectations.first { !$0.passed }
        #expect(unwarned?.actual.contains("if it means 02:31 local time, write 2027-03-30T02:31:00-04:00 there") == true, "\(unwarned?.actual ?? "")")
        #expect(unwarned?.actual.contains("offset-mismatch") == false, "\(unwarned?.actual ?? "")")
    }

    /// A run a later launch made, because the launch step meant for it was refused, is told that step (written a minute
    /// before its floor, or with `Z` for its local digits), and one step's slip is told once for the runs it moved (a
    /// second review round). zoneinfo: Berlin is at +02:00 from 2027-03-28; New York at -04:00 (2027-03-30T02:31Z is
    /// 03-29 22:31 EDT); Berlin falls back at 2027-10-31T01:00Z, so 09:00+02:00 that morning is 08:00 CET.
    @Test func aLateRunIsToldTheRefusedStepMeantForIt() async throws {
        func runs(_ steps: String, zone: String = "Europe/Berlin", clock: String = "2027-03-29T00:00:00+02:00", expect: String) async throws -> [String: String] {
            let (_, body) = try Self.scenario("""
                spec: Late
                task: {identifier: com.example.app.refresh, kind: refresh}
                schedule: {id: nightly-sync, timezone: \(zone), rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
                clock: \(clock)
                steps:
                \(steps)
                expect:
                  errors: [launch-before-earliest-begin]
                  runs:
                \(expect)
                """)
            let checks = try #require(await LifecycleExecutor().execute(body).lifecycle).expectations.filter { !$0.passed }
            return Dictionary(checks.map { ($0.name, $0.actual) }, uniquingKeysWith: { first, _ in first })
        }
        let early = try await runs("""
              - {at: 2027-03-29T02:31:00+02:00, launch: com.example.app.refresh}
              - {at: 2027-03-30T02:29:00+02:00, launch: com.example.app.refresh}
              - {at: 2027-03-31T02:31:00+02:00, launch: com.example.app.refresh}
            """, expect: """
                - {planned: 2027-03-29T02:30:00+02:00, actual: 2027-03-29T02:31:00+02:00}
                - {planned: 2027-03-30T02:30:00+02:00, actual: 2027-03-30T02:31:00+02:00}
            """)
        #expect(early["runs[2].actual"] == "2027-03-31T02:31:00+02:00 (its planned as expected); the launch at line 7, at 2027-03-30 02:29 CEST "
            + "(+02:00), was refused (launch-before-earliest-begin: the request's earliest begin was 2027-03-30 02:30 CEST (+02:00)), so a later "
            + "launch ran this occurrence; a launch step at 2027-03-30T02:31:00+02:00 would run it then", "\(early)")
        let zulu = try await runs("""
              - {at: 2027-03-29T02:31:00-04:00, launch: com.example.app.refresh}
              - {at: 2027-03-30T02:31:00Z, launch: com.example.app.refresh}
              - {at: 2027-03-31T02:31:00-04:00, launch: com.example.app.refresh}
            """, zone: "America/New_York", clock: "2027-03-29T00:00:00-04:00", expect: """
                - {planned: 2027-03-29T02:30:00-04:00, actual: 2027-03-29T02:31:00-04:00}
                - {planned: 2027-03-30T02:30:00-04:00, actual: 2027-03-30T02:31:00-04:00}
            """)
        #expect(zulu["runs[2].actual"] == "2027-03-31T02:31:00-04:00 (its planned as expected); the launch at line 7 is written 2027-03-30T02:31:00Z, "
            + "which is 2027-03-29 22:31 EDT (-04:00), and the system refused it (launch-before-earliest-begin); if it means 02:31 local time, "
            + "write 2027-03-30T02:31:00-04:00 there", "\(zulu)")
        // One launch catching up two nights with its step written at the summer offset: told at the first run only.
        let (_, autumn) = try Self.scenario("""
            spec: Autumn
            task: {identifier: com.example.app.refresh, kind: refresh}
            schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            clock: 2027-10-29T12:00:00+02:00
            steps:
              - {at: 2027-10-31T09:00:00+02:00, launch: com.example.app.refresh}
            expect:
              runs:
                - {planned: 2027-10-30T02:30:00+02:00, actual: 2027-10-31T09:00:00+01:00}
                - {planned: 2027-10-31T02:30:00+02:00, actual: 2027-10-31T09:00:00+01:00}
            """)
        let checks = try #require(await LifecycleExecutor().execute(autumn).lifecycle).expectations
        #expect(checks.first { $0.name == "runs[1].actual" }?.actual.contains("the launch at line 6 is written 2027-10-31T09:00:00+02:00, which "
            + "is 2027-10-31 08:00 CET (+01:00); if it means 09:00 local time, write 2027-10-31T09:00:00+01:00 there") == true, "\(checks)")
        #expect(checks.first { $0.name == "runs[2].actual" }?.actual.hasSuffix("; the launch step's slip told at runs[1].actual") == true, "\(checks)")
    }

    /// The zone-reading branches of a refused launch's note that the review's files did not reach, each predicted with
    /// zoneinfo before it was run: digits that read before the earliest begin in the zone too (Berlin: 02:29+03:00 is
    /// 23:29Z on 03-29, and 02:29 CEST on 03-30 is 00:29Z, before the 02:30 CEST floor, 00:30Z); a wall time the zone
    /// repeats (Antarctica/Troll falls back from 03:00+02:00 to 01:00+00:00 at 2027-10-31T01:00Z: 02:10+01:00 is 01:10Z,
    /// refused before the 02:00+00:00 floor, and 02:10 happens at 00:10Z and 02:10Z; the second is the one at or after
    /// the floor); and the offset of a zone the scenario moves to later (Asia/Tokyo's +09:00 before a move from Dublin:
    /// 02:40+09:00 is 17:40Z on 03-13, and 02:40 on 03-14 in Dublin is 02:40Z, after the 02:30Z floor).
    @Test func aRefusedLaunchsZoneReadingCoversEveryBranch() async throws {
        let failures = Self.failures
        let berlin = try await failures("""
            spec: Foreign offset, before the floor both ways
            task: {identifier: com.example.app.refresh, kind: refresh}
            schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            clock: 2027-03-29T12:00:00+02:00
            steps:
              - {at: 2027-03-30T02:29:00+03:00, launch: com.example.app.refresh}
              - {at: 2027-03-30T02:40:00+02:00, launch: com.example.app.refresh}
            expect:
              errors: [launch-before-earliest-begin]
              runs:
                - {planned: 2027-03-30T02:30:00+02:00, actual: 2027-03-30T02:29:00+03:00}
            """)
        #expect(berlin["runs[1].actual"]?.hasSuffix("no launch can run it at 2027-03-30T02:29:00+03:00: that is before the request's "
            + "earliest begin, 2027-03-30 02:30 CEST (+02:00), its planned instant; +03:00 is not the offset of Europe/Berlin, the "
            + "schedule's zone, then: there 02:29 on 2027-03-30 is 2027-03-30T02:29:00+02:00, before that too; write the actual found, "
            + "or a launch step at or after 2027-03-30T02:30:00+02:00 and its time here") == true, "\(berlin)")
        let troll = try await failures("""
            spec: Foreign offset in a 2-hour overlap
            task: {identifier: com.example.app.refresh, kind: refresh}
            schedule: {id: troll, timezone: Antarctica/Troll, rule: {every: day, at: "02:00"}, nonexistent: skip, repeated: last}
            clock: 2027-10-30T12:00:00+02:00
            steps:
              - {at: 2027-10-31T02:10:00+01:00, launch: com.example.app.refresh}
              - {at: 2027-10-31T02:20:00+00:00, launch: com.example.app.refresh}
            expect:
              errors: [launch-before-earliest-begin]
              runs:
                - {planned: 2027-10-31T02:00:00+00:00, actual: 2027-10-31T02:10:00+01:00}
            """)
        #expect(troll["runs[1].actual"]?.hasSuffix("+01:00 is not the offset of Antarctica/Troll, the schedule's zone, then: there 02:10 "
            + "on 2027-10-31 happens twice, 2027-10-31T02:10:00+02:00 and 2027-10-31T02:10:00+00:00: write 2027-10-31T02:10:00+00:00 "
            + "here, and move the launch at line 6 to that time") == true, "\(troll)")
        let tokyo = try await failures("""
            spec: The offset of the zone moved to later
            task: {identifier: com.example.app.refresh, kind: refresh}
            schedule: {id: nightly, timezone: Europe/Dublin, rule: {every: day, at: "02:30"}, nonexistent: shift-forward, repeated: first}
            clock: 2027-03-13T12:00:00+00:00
            steps:
              - {at: 2027-03-14T02:40:00+09:00, launch: com.example.app.refresh}
              - {at: 2027-03-14T02:45:00+00:00, launch: com.example.app.refresh}
              - {at: 2027-03-14T12:00:00+00:00, change-schedule: {timezone: Asia/Tokyo}}
            expect:
              errors: [launch-before-earliest-begin]
              runs:
                - {planned: 2027-03-14T02:30:00+00:00, actual: 2027-03-14T02:40:00+09:00}
            """)
        #expect(tokyo["runs[1].actual"]?.hasSuffix("+09:00 is Asia/Tokyo's offset, but the schedule is in Europe/Dublin then (before the "
            + "change at line 8), where 02:40 on 2027-03-14 is 2027-03-14T02:40:00+00:00: write that here, and move the launch at "
            + "line 6 to that time") == true, "\(tokyo)")
    }

    /// A run's `actual` that no launch could have had — before the request's earliest begin, or before the occurrence's
    /// planned instant — is not offered as a launch step to write: the system would refuse that step too (a black-box
    /// review's m20 was told "a launch step at 01:30 would run it then" beside the refusal of a launch at 01:30). Where
    /// the `actual` is written with an offset the schedule's zone in effect does not have, the digits read in that zone
    /// are told, with the step to move (its m18, after a move from Dublin to New York, applied the old hint and was
    /// refused again). zoneinfo: Antarctica/Troll falls back from 03:00+02:00 to 01:00+00:00 at 2027-10-31T01:00Z, so
    /// the second 02:00 is 02:00Z and 01:30+00:00 (01:30Z) is before it; Europe/Dublin is at +00:00 in March 2027 until
    /// 03-28; New York springs forward at 2027-03-14T07:00Z (02:00 EST → 03:00 EDT): 02:30 shifted forward is 03:30 EDT
    /// (07:30Z), 03:31+00:00 is 03-13 22:31 EST, and 03:31 on 03-14 in New York is 03:31 EDT (07:31Z).
    @Test func aLateRunIsNotToldAStepTheSystemWouldRefuse() async throws {
        let failures = Self.failures
        let troll = try await failures("""
            spec: Troll 2-hour overlap, a launch between the two 02:00s leaves the second
            task: {identifier: com.example.app.refresh, kind: refresh}
            schedule: {id: troll, timezone: Antarctica/Troll, rule: {every: day, at: "02:00"}, nonexistent: skip, repeated: both}
            clock: 2027-10-30T12:00:00+02:00
            steps:
              - {at: 2027-10-31T02:30:00+02:00, launch: com.example.app.refresh}
              - {at: 2027-10-31T01:30:00+00:00, launch: com.example.app.refresh}
              - {at: 2027-10-31T02:05:00+00:00, launch: com.example.app.refresh}
            expect:
              errors: [launch-before-earliest-begin]
              runs:
                - {planned: 2027-10-31T02:00:00+02:00, actual: 2027-10-31T02:30:00+02:00, key: troll/v1/2027-10-31}
                - {planned: 2027-10-31T02:00:00+00:00, actual: 2027-10-31T01:30:00+00:00, key: troll/v1/2027-10-31~2}
            """)
        #expect(troll["runs[2].actual"] == "2027-10-31T02:05:00+00:00 (its planned and key as expected); the launch at line 7, at "
            + "2027-10-31 01:30 (+00:00), was refused (launch-before-earliest-begin: the request's earliest begin was 2027-10-31 02:00 "
            + "(+00:00)), so a later launch ran this occurrence; no launch can run it at 2027-10-31T01:30:00+00:00: that is before the "
            + "request's earliest begin, 2027-10-31 02:00 (+00:00), its planned instant; write the actual found, or a launch step at or "
            + "after 2027-10-31T02:00:00+00:00 and its time here", "\(troll)")
        #expect(troll["runs[2].actual"]?.contains("would run it then") == false)
        // After a move to New York, `actual` written with Dublin's +00:00: New York's reading of its digits is the fix.
        func dublin(_ third: String, _ fourth: String) -> String {
            """
            spec: Dublin user moves to New York the day before New York's spring change
            task: {identifier: com.example.app.refresh, kind: refresh}
            schedule: {id: nightly, timezone: Europe/Dublin, rule: {every: day, at: "02:30"}, nonexistent: shift-forward, repeated: first}
            clock: 2027-03-12T12:00:00+00:00
            steps:
              - {at: 2027-03-13T02:35:00+00:00, launch: com.example.app.refresh}
              - {at: 2027-03-13T12:00:00+00:00, change-schedule: {timezone: America/New_York}}
              - {at: \(third), launch: com.example.app.refresh}
              - {at: \(fourth), launch: com.example.app.refresh}
            expect:
              errors: [launch-before-earliest-begin]
              runs:
                - {planned: 2027-03-13T02:30:00+00:00, actual: 2027-03-13T02:35:00+00:00, key: nightly/v1/2027-03-13}
                - {planned: 2027-03-14T03:30:00-04:00, actual: 2027-03-14T03:31:00+00:00, key: nightly/v1/2027-03-14}
            """
        }
        let late = try await failures(dublin("2027-03-14T03:29:00+00:00", "2027-03-14T03:30:00-04:00"))
        #expect(late["runs[2].actual"] == "2027-03-14T03:30:00-04:00 (its planned and key as expected); the launch at line 8, at "
            + "2027-03-13 22:29 EST (-05:00), was refused (launch-before-earliest-begin: the request's earliest begin was 2027-03-14 03:30 "
            + "EDT (-04:00)), so a later launch ran this occurrence; no launch can run it at 2027-03-14T03:31:00+00:00: that is before the "
            + "request's earliest begin, 2027-03-14 03:30 EDT (-04:00), its planned instant; +00:00 is Europe/Dublin's offset, and after "
            + "the change at line 7 the schedule is in America/New_York, where 03:31 on 2027-03-14 is 2027-03-14T03:31:00-04:00: write "
            + "that here, and move the launch at line 9, which ran it, to that time", "\(late)")
        // The reviewer's own file: both launches refused, so the run is missing; the step at the line's `actual` is told.
        let missing = try await failures(dublin("2027-03-14T03:29:00+00:00", "2027-03-14T03:31:00+00:00"))
        #expect(missing["runs[2]"] == "no run: the scenario has 1 run; the launch at line 9 was refused (launch-before-earliest-begin: the "
            + "request's earliest begin was 2027-03-14 03:30 EDT (-04:00)), so it made no run; +00:00 is Europe/Dublin's offset, and after "
            + "the change at line 7 the schedule is in America/New_York, where 03:31 on 2027-03-14 is 2027-03-14T03:31:00-04:00: write "
            + "that here and at line 9", "\(missing)")
        // Without a move, an offset Berlin does not have: its digits read in Berlin (zoneinfo: 02:31+03:00 is 23:31Z on
        // 03-29, 01:31 CEST, before the 02:30 CEST floor, 00:30Z; 02:31 CEST on 03-30 is 00:31Z).
        let berlin = try await failures("""
            spec: Foreign offset
            task: {identifier: com.example.app.refresh, kind: refresh}
            schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            clock: 2027-03-29T00:00:00+02:00
            steps:
              - {at: 2027-03-29T02:31:00+02:00, launch: com.example.app.refresh}
              - {at: 2027-03-30T02:31:00+03:00, launch: com.example.app.refresh}
            expect:
              errors: [launch-before-earliest-begin]
              runs:
                - {actual: 2027-03-29T02:31:00+02:00}
                - {actual: 2027-03-30T02:31:00+03:00}
            """)
        #expect(berlin["runs[2]"] == "no run: the scenario has 1 run; the launch at line 7 was refused (launch-before-earliest-begin: the "
            + "request's earliest begin was 2027-03-30 02:30 CEST (+02:00)), so it made no run; +03:00 is not the offset of Europe/Berlin, "
            + "the schedule's zone, then: there 02:31 on 2027-03-30 is 2027-03-30T02:31:00+02:00: write that here and at line 7", "\(berlin)")
        // Both applied as told (the line's `actual` and the step at line 9 at New York's 03:31) pass.
        let fixed = dublin("2027-03-14T03:29:00+00:00", "2027-03-14T03:31:00-04:00")
            .replacingOccurrences(of: "actual: 2027-03-14T03:31:00+00:00", with: "actual: 2027-03-14T03:31:00-04:00")
        #expect(try await failures(fixed).isEmpty)
    }

    /// A `runs` line for an instant this scenario's own `repeated: both` resolves a slot to, which the drop rule removes,
    /// is told the drop rule, as a recurrence spec's missing instant is (`DropRuleHint`), not that another policy gives it:
    /// `both` gives the first reading too (a black-box review's p20 was told "is what 'repeated: first' gives, not this
    /// test's 'repeated: both'"). zoneinfo: Antarctica/Troll falls back from 03:00+02:00 to 01:00+00:00 at
    /// 2027-10-31T01:00Z, so the first 02:30 (+02:00) is 00:30Z, before the second 01:30 (+00:00), 01:30Z, which the
    /// 01:30 slot produced before the 02:30 slot's.
    @Test func aRunsLineTheDropRuleRemovesIsToldTheDropRule() async throws {
        let text = """
            # Troll falls back 2 hours (03:00 +02:00 -> 01:00 +00:00 at 01:00Z): hourly slots 01:30 and 02:30 each happen twice.
            # In time order: 01:30+02 (23:30Z), 02:30+02 (00:30Z), 01:30+00 (01:30Z), 02:30+00 (02:30Z).
            spec: Troll hourly at :30 with repeated both runs all four instants of the 2-hour overlap
            task: {identifier: com.example.app.refresh, kind: refresh}
            schedule: {id: troll, timezone: Antarctica/Troll, rule: {every: hour, minute: 30}, nonexistent: skip, repeated: both}
            clock: 2027-10-30T23:00:00+02:00
            steps:
              - {at: 2027-10-31T03:10:00+00:00, launch: com.example.app.refresh}
            expect:
              completed: [true]
              runs:
                - {planned: 2027-10-30T23:30:00+02:00, key: troll/v1/2027-10-30T23:30}
                - {planned: 2027-10-31T00:30:00+02:00, key: troll/v1/2027-10-31T00:30}
                - {planned: 2027-10-31T01:30:00+02:00, key: troll/v1/2027-10-31T01:30}
                - {planned: 2027-10-31T02:30:00+02:00, key: troll/v1/2027-10-31T02:30}
                - {planned: 2027-10-31T01:30:00+00:00, key: troll/v1/2027-10-31T01:30~2}
                - {planned: 2027-10-31T02:30:00+00:00, key: troll/v1/2027-10-31T02:30~2}
              run-count: 6
            """
        let (_, body) = try Self.scenario(text)
        let failed = try #require(await LifecycleExecutor().execute(body).lifecycle).expectations.filter { !$0.passed }
        #expect(failed.first { $0.name == "runs" }?.actual == "runs[4] is none of its runs, and the lines after it are its runs 4 on; "
            + "2027-10-31 02:30 (+02:00) is the first instant 'repeated: both' gives 02:30, but it comes before 2027-10-31 01:30 (+00:00), "
            + "produced before it in slot order (date, then time), and a candidate not later than the previous occurrence is dropped "
            + "(docs/recurrence.md#rules); remove line 15, and change 'run-count: 6' (line 18) to 'run-count: 5'",
            "\(failed)")
        // Applied as told, it passes.
        let applied = text.replacingOccurrences(of: "    - {planned: 2027-10-31T02:30:00+02:00, key: troll/v1/2027-10-31T02:30}\n", with: "")
            .replacingOccurrences(of: "run-count: 6", with: "run-count: 5")
        let (_, fixed) = try Self.scenario(applied)
        #expect(try #require(await LifecycleExecutor().execute(fixed).lifecycle).expectations.allSatisfy(\.passed))
    }

    /// A pending request's floor that is the retry request a launch handler submitted, with no `retry:` policy, is told
    /// so: its earliest begin is that launch's time (docs/lifecycle.md's `resubmits`), and the launch did not complete, so
    /// nothing replaced it (a black-box review's m29 expected the next night and was told no reason, where a backoff's
    /// floor is). zoneinfo: Antarctica/Troll springs forward from 01:00+00:00 to 03:00+02:00 at 2027-03-28T01:00Z, so
    /// 03:05+02:00 is 01:05Z, the launch's own time.
    @Test func aRetryRequestsFloorWithoutARetryPolicyIsToldItsLaunch() async throws {
        let (_, body) = try Self.scenario("""
            # Troll springs forward 2 hours on 2027-03-28 at 01:00Z (01:00 +00:00 -> 03:00 +02:00). 02:00 does not exist;
            # next-valid-time gives 03:00+02:00. The first launch is expired during parse; its retry request's floor is its
            # own launch time (no retry policy), so the system launches again at 03:10.
            spec: Troll 2-hour gap, expired launch, then the relaunch runs the night
            tags: [lifecycle, expiration, troll]
            task: {identifier: com.example.app.refresh, kind: refresh}
            job: {items: ["t"]}
            schedule: {id: troll, timezone: Antarctica/Troll, rule: {every: day, at: "02:00"}, nonexistent: next-valid-time, repeated: first}
            clock: 2027-03-27T12:00:00Z
            steps:
              - {at: 2027-03-28T03:05:00+02:00, launch: com.example.app.refresh, expire: during parse}
            expect:
              completed: [false]
              pending-requests: [{identifier: com.example.app.refresh, earliest-begin: 2027-03-29T02:00:00+02:00}]
            """)
        let check = try #require(await LifecycleExecutor().execute(body).lifecycle?.expectations.first { !$0.passed })
        #expect(check.name == "pending-requests[com.example.app.refresh].earliest-begin")
        #expect(check.actual == "2027-03-28T03:05:00+02:00 (the retry request the app's launch handler submitted at launch 1 (line 11), "
            + "at 2027-03-28 03:05 (+02:00): without 'retry:' in the scenario's 'app:' its earliest begin is the launch time ('resubmits' "
            + "in docs/lifecycle.md), and the launch expired during parse, so no request for the next occurrence replaced it)", "\(check.actual)")
    }

    /// A `~2` key expected under `repeated: last` is told that only `both` keys a pair's later instance with it (a
    /// second round's recurrence review found the pair note false under `last`; the lifecycle note asks the same hint
    /// with the scenario's policy). zoneinfo: Berlin falls back at 2027-10-31T01:00Z; 02:30+01:00 is the later 02:30.
    @Test func aPairSuffixUnderRepeatedLastIsToldItsPolicy() async throws {
        let (_, body) = try Self.scenario("""
            spec: Autumn last
            task: {identifier: com.example.app.refresh, kind: refresh}
            schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: last}
            clock: 2027-10-30T12:00:00+02:00
            steps:
              - {at: 2027-10-31T09:00:00+01:00, launch: com.example.app.refresh}
            expect:
              runs:
                - {planned: 2027-10-31T02:30:00+01:00, key: nightly-sync/v1/2027-10-31~2}
            """)
        let check = try #require(await LifecycleExecutor().execute(body).lifecycle).expectations.first { !$0.passed }
        #expect(check?.actual == "nightly-sync/v1/2027-10-31 (a key ends in ~2 only under 'repeated: both', for the later instance of a wall "
            + "time that happens twice; under this test's 'repeated: last' a wall time gives one occurrence, keyed with no suffix, as "
            + "2027-10-31 02:30 CET (+01:00) is) (its planned as expected)", "\(check?.actual ?? "")")
    }

    /// A launch refused on a night whose only wall time `skip` leaves out is told why the floor is the next day's (a
    /// lifecycle review's step on Berlin's spring night was told the floor and not why). zoneinfo: Berlin springs
    /// forward at 2027-03-28T01:00Z, 02:00 CET → 03:00 CEST, so 02:30 does not exist that night; the next 02:30 is
    /// 2027-03-29T02:30+02:00 (00:30Z). Under next-valid-time the night's occurrence is 03:00+02:00 and the launch runs it.
    @Test func aLaunchOnANightSkipLeavesWithoutAnOccurrenceIsToldWhy() async throws {
        let text = """
            spec: Spring night
            task: {identifier: com.example.app.refresh, kind: refresh}
            schedule: {id: sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            clock: 2027-03-27T12:00:00+01:00
            steps:
              - {at: 2027-03-28T03:45:00+02:00, launch: com.example.app.refresh}
            expect:
              completed: [true]
            """
        let verdict = await LifecycleExecutor().execute(try Self.scenario(text).1)
        let lines = (verdict.message ?? "").split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("step 1 (scenario.yaml:6:5) launched nothing") && $0.hasSuffix("earliestBeginDate 2027-03-29 "
            + "02:30 CEST (+02:00) [2027-03-29T00:30:00Z]; the system never starts a task earlier, so move the step to or after it; 02:30 on "
            + "2027-03-28 does not exist in Europe/Berlin (the clocks skip it), and under 'nonexistent: skip' that date has no occurrence, so "
            + "the request waits for a later date's)") }, "\(lines)")
        // Under next-valid-time the night has its occurrence, 03:00 CEST, and the launch at 03:45 runs it.
        let valid = await LifecycleExecutor().execute(try Self.scenario(text.replacingOccurrences(of: "nonexistent: skip", with: "nonexistent: next-valid-time")).1)
        #expect(valid.status == .passed, "\(valid.message ?? "")")
        // A launch on the day before, refused before the same floor, is not told of that day: its 02:30 exists.
        let before = await LifecycleExecutor().execute(try Self.scenario(text.replacingOccurrences(of: "2027-03-28T03:45:00+02:00", with: "2027-03-27T12:30:00+01:00")).1)
        #expect(before.message?.contains("earliestBeginDate 2027-03-29 02:30 CEST (+02:00)") == true, "\(before.message ?? "")")
        #expect(before.message?.contains("does not exist") == false, "\(before.message ?? "")")
        // A fortnightly Sunday rule whose steps include 03-28 (from 03-14, a Sunday) is told it too; its floor is 04-11's
        // 02:30, CEST (Python's calendar, zoneinfo).
        let fortnightly = await LifecycleExecutor().execute(try Self.scenario(text.replacingOccurrences(
            of: "rule: {every: day, at: \"02:30\"}", with: "rule: {every: 2 weeks, on: [sunday], at: \"02:30\", from: 2027-03-14}")).1)
        #expect(fortnightly.message?.contains("earliestBeginDate 2027-04-11 02:30 CEST (+02:00)") == true, "\(fortnightly.message ?? "")")
        #expect(fortnightly.message?.contains("02:30 on 2027-03-28 does not exist in Europe/Berlin") == true, "\(fortnightly.message ?? "")")
    }

    /// Two refusals of one code where `errors` lists one: the list's entry is the first's (errors are compared in
    /// order), so only the first is "which 'errors' lists"; the second is told its error once, and the missing run is
    /// told the refused step, not a step to add (a fifth review's m35: the retry floor after three failures is 1h).
    @Test func aSecondRefusalOfTheCodeErrorsListsOnceIsToldAsUnlisted() async throws {
        let (_, body) = try Self.scenario("""
            spec: Backoff
            task: {identifier: com.example.app.refresh, kind: refresh}
            app:
              retry: {backoff: exponential, delay: 15m, factor: 2, maximum: 1h}
            clock: 2027-03-29T07:00:00+02:00
            steps:
              - {at: 2027-03-29T08:00:00+02:00, launch: com.example.app.refresh, fail: {stage: download, error: network}}
              - {at: 2027-03-29T08:14:59+02:00, launch: com.example.app.refresh}
              - {at: 2027-03-29T08:15:00+02:00, launch: com.example.app.refresh, fail: {stage: download, error: network}}
              - {at: 2027-03-29T08:45:00+02:00, launch: com.example.app.refresh, fail: {stage: download, error: network}}
              - {at: 2027-03-29T09:15:00+02:00, launch: com.example.app.refresh}
            expect:
              completed: [false, false, false, true]
              errors: [launch-before-earliest-begin]
              runs:
                - {actual: 2027-03-29T08:00:00+02:00, outcome: failed}
                - {planned: 2027-03-29T08:15:00+02:00, actual: 2027-03-29T08:15:00+02:00, outcome: failed}
                - {planned: 2027-03-29T08:45:00+02:00, actual: 2027-03-29T08:45:00+02:00, outcome: failed}
                - {planned: 2027-03-29T09:15:00+02:00, actual: 2027-03-29T09:15:00+02:00, outcome: completed}
            """)
        let verdict = await LifecycleExecutor().execute(body)
        let lines = (verdict.message ?? "").split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("step 2 (scenario.yaml:8:5) launched nothing") && $0.hasSuffix("(launch-before-earliest-begin, which 'errors' lists); write one entry per launch that ran") },
                "\(lines)")
        let fifth = lines.first { $0.hasPrefix("step 5 (scenario.yaml:11:5) launched nothing") }
        #expect(fifth?.contains("(launch-before-earliest-begin: a launch at 2027-03-29 09:15 (+02:00)") == true, "\(lines)")
        // Each refusal told once: no separate error sentence repeats step 5's, none advises moving step 2.
        #expect(!lines.contains { $0.hasPrefix("launch-before-earliest-begin at step") }, "\(lines)")
        let run = verdict.lifecycle?.expectations.first { $0.name == "runs[4]" }
        #expect(run?.actual == "no run: the scenario has 3 runs; the launch at line 11 was refused (launch-before-earliest-begin: the request's "
            + "earliest begin was 2027-03-29 09:45 (+02:00)), so it made no run", "\(run?.actual ?? "")")
    }

    /// An app that does not resubmit is named where a launch finds no request and where a request is expected pending
    /// (a fifth review's m32 and m24: "submit (or resubmit after each run) a request" never named the setting).
    @Test func anAppThatDoesNotResubmitIsNamed() async throws {
        let neverText = """
            spec: Never resubmitted
            task: {identifier: com.example.app.refresh, kind: refresh}
            schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            app: {resubmits: false}
            clock: 2027-03-29T00:00:00+02:00
            steps:
              - {at: 2027-03-29T02:31:00+02:00, launch: com.example.app.refresh}
              - {at: 2027-03-30T02:31:00+02:00, launch: com.example.app.refresh}
            expect:
              completed: [true, true]
              pending-requests: [com.example.app.refresh]
            """
        let verdict = await LifecycleExecutor().execute(try Self.scenario(neverText).1)
        #expect(verdict.message?.contains("submit (or resubmit after each run) a request; the app does not resubmit after a run "
            + "('resubmits: false' in the scenario's 'app:'; if it does, write 'resubmits: true' there))") == true, "\(verdict.message ?? "")")
        // An update that turns it on holds from the app's next start: with none before the launch, both are said (a
        // second review round's update-app was not named, and its setting dropped).
        let (_, updated) = try Self.scenario("""
            spec: Updated too late
            task: {identifier: com.example.app.refresh, kind: refresh}
            schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            app: {resubmits: false}
            clock: 2027-03-29T00:00:00+02:00
            steps:
              - {at: 2027-03-29T02:31:00+02:00, launch: com.example.app.refresh}
              - {at: 2027-03-29T12:00:00+02:00, update-app: {resubmits: true}}
              - {at: 2027-03-30T02:31:00+02:00, launch: com.example.app.refresh}
            expect:
              completed: [true, true]
            """)
        let late = await LifecycleExecutor().execute(updated)
        #expect(late.message?.contains("; the app does not resubmit after a run ('resubmits: false' in the scenario's 'app:'); the update-app "
            + "step at line 8 sets 'resubmits: true' from the app's next start, and none came before this launch)") == true, "\(late.message ?? "")")
        let pending = verdict.lifecycle?.expectations.first { $0.name == "pending-requests" }
        #expect(pending?.actual == "[]; the app does not resubmit after a run ('resubmits: false' in the scenario's 'app:'; if it does, write "
            + "'resubmits: true' there)", "\(pending?.actual ?? "")")
        // Expected with no request pending at the end, the setting's sentence says that a resubmitting app leaves one (a
        // review wrote 'resubmits: true', as told, and failed on 'pending-requests: []'); applied, the scenario passes.
        let noneText = neverText.replacingOccurrences(of: "pending-requests: [com.example.app.refresh]", with: "pending-requests: []")
        let none = await LifecycleExecutor().execute(try Self.scenario(noneText).1)
        #expect(none.message?.contains("if it does, write 'resubmits: true' there, and then 'pending-requests' (line 11) lists the request its "
            + "last run leaves, unless a later step cancels it)") == true, "\(none.message ?? "")")
        let applied = noneText.replacingOccurrences(of: "app: {resubmits: false}", with: "app: {resubmits: true}")
            .replacingOccurrences(of: "pending-requests: []", with: "pending-requests: [com.example.app.refresh]")
        #expect(try await Self.failures(applied).isEmpty)
    }

    /// A request's floor expected at an occurrence a run completed is told so (a fifth review's move west expected New
    /// York's 02:30 of the date Berlin had run). zoneinfo: 2027-03-29 02:30 EDT is 06:30Z; 06:00 EDT is 10:00Z.
    @Test func aFloorExpectedAtACompletedOccurrenceIsToldItsRun() async throws {
        let (_, body) = try Self.scenario("""
            spec: Move west
            task: {identifier: com.example.app.refresh, kind: refresh}
            schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            clock: 2027-03-29T00:00:00+02:00
            steps:
              - {at: 2027-03-29T02:31:00+02:00, launch: com.example.app.refresh}
              - at: 2027-03-29T06:00:00-04:00
                change-schedule: {timezone: America/New_York}
            expect:
              pending-requests: [{identifier: com.example.app.refresh, earliest-begin: 2027-03-29T02:30:00-04:00}]
            """)
        let check = try #require(await LifecycleExecutor().execute(body).lifecycle).expectations.first { !$0.passed }
        #expect(check?.actual == "2027-03-30T02:30:00-04:00 (nightly-sync/v1/2027-03-29, the key of the occurrence expected, was completed "
            + "by run #1: the app asks for the next occurrence not yet run)", "\(check?.actual ?? "")")
        // Read in New York, the zone in effect when the request was asked for: no Berlin reading beside it.
        #expect(check?.expected == "2027-03-29T02:30:00-04:00", "\(check?.expected ?? "")")
        // With a new version too, that occurrence's key is new and after the last run: it is the floor, said by the rule
        // that gives it, in New York's time (a second review round read it in Berlin's, with no reason).
        let (_, versioned) = try Self.scenario("""
            spec: Move west with a version
            task: {identifier: com.example.app.refresh, kind: refresh}
            schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            clock: 2027-03-29T00:00:00+02:00
            steps:
              - {at: 2027-03-29T02:31:00+02:00, launch: com.example.app.refresh}
              - at: 2027-03-29T06:00:00-04:00
                change-schedule: {timezone: America/New_York, version: 2}
            expect:
              pending-requests: [{identifier: com.example.app.refresh, earliest-begin: 2027-03-30T02:30:00-04:00}]
            """)
        let floor = try #require(await LifecycleExecutor().execute(versioned).lifecycle).expectations.first { !$0.passed }
        #expect(floor?.actual == "2027-03-29T02:30:00-04:00 (the app asks for the schedule's first occurrence after the last completed run, "
            + "run #1 at 2027-03-29 02:31 CEST (+02:00), whose key is not completed: 2027-03-29 02:30 EDT (-04:00), keyed nightly-sync/v2/2027-03-29)",
                "\(floor?.actual ?? "")")
    }

    /// A floor only the schedule before a change gives is told so, each request's check at its own line (a review's
    /// two requests, swapped, were both pointed at the first line, and the refresh request's floor, asked for at the
    /// app's start and not since — the background process that met the change registered only the processing task —
    /// had no reason). zoneinfo: Berlin is +02:00 and New York -04:00 in June; 2027-06-09 02:30 +02:00 is 2027-06-08
    /// 20:30 -04:00; the run of 06-09 completed that key, so the processing request waits for 06-10 02:30 -04:00.
    @Test func aFloorOfTheScheduleBeforeAChangeIsToldSoAtItsOwnLine() async throws {
        let (_, body) = try Self.scenario("""
            spec: A change while the app runs in the background resubmits only what that process registered
            task:
              - {identifier: com.example.app.refresh, kind: refresh}
              - {identifier: com.example.app.processing, kind: processing}
            app: {registers-in-background: [com.example.app.processing]}
            schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            clock: 2027-06-08T20:00:00+02:00
            steps:
              - {at: 2027-06-08T22:00:00+02:00, terminate: {}}
              - {at: 2027-06-09T02:31:00+02:00, launch: com.example.app.processing}
              - {at: 2027-06-09T03:00:00+02:00, change-schedule: {timezone: America/New_York}}
            expect:
              pending-requests:
                - {identifier: com.example.app.refresh, earliest-begin: 2027-06-10T02:30:00-04:00}
                - {identifier: com.example.app.processing, earliest-begin: 2027-06-09T02:30:00+02:00}
            """)
        let failed = try #require(await LifecycleExecutor().execute(body).lifecycle).expectations.filter { !$0.passed }
        let refresh = failed.first { $0.name == "pending-requests[com.example.app.refresh].earliest-begin" }
        #expect(refresh?.line == 14, "\(failed.map { ($0.name, $0.line) })")
        #expect(failed.first { $0.name == "pending-requests[com.example.app.processing].earliest-begin" }?.line == 15)
        #expect(refresh?.actual == "2027-06-08T20:30:00-04:00 (2027-06-09 02:30 CEST (+02:00) in Europe/Berlin, keyed nightly-sync/v1/2027-06-09, "
            + "is an occurrence of the schedule before the change at line 11, not of the schedule after it: the request was asked for before "
            + "that change and not again since)", "\(refresh?.actual ?? "")")
    }

    /// An overlap, which shares its line with the launch step that started it, is named as the overlap, and commits and
    /// side effects are told launch by launch (a fifth review's second round: "the 3 completed runs came from 1 launch"
    /// was false of two launches at one instant, and a side-effects count named no launch that made none).
    @Test func commitsAndSideEffectsNameAnOverlapAndTheLaunchesThatMadeNone() async throws {
        let (_, body) = try Self.scenario("""
            spec: Overlap
            task:
              - {identifier: com.example.app.refresh, kind: refresh}
              - {identifier: com.example.app.processing, kind: processing}
            schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            clock: 2027-03-01T00:00:00+01:00
            steps:
              - {at: 2027-03-01T02:40:00+01:00, launch: com.example.app.refresh, interrupt: after-write}
              - at: 2027-03-02T02:40:00+01:00
                launch: com.example.app.refresh
                overlap: {launch: com.example.app.processing, during: download, fail: {stage: write, error: disk-full}}
            expect:
              store: {commits: 3}
              side-effects: 3
            """)
        let checks = try #require(await LifecycleExecutor().execute(body).lifecycle).expectations
        #expect(checks.first { $0.name == "store.commits" }?.actual == "2; committed: launch 1 (line 8): interrupted after its write, which "
            + "stands; launch 2 (line 9); no commit from launch 3 (the overlap at line 9): failed at write: disk-full", "\(checks)")
        let effects = try #require(checks.first { $0.name == "side-effects" }?.actual)
        #expect(effects.hasPrefix("2; launch 1 (line 8) performed nightly-sync/v1/2027-03-01; "), "\(effects)")
        // The overlap reconciled the first night (asking again for its key) before its own write failed.
        #expect(effects.hasSuffix("launch 3 (the overlap at line 9) asked again for nightly-sync/v1/2027-03-01, an earlier attempt's, "
            + "which the outside system ignores (a repeated key)"), "\(effects)")
        // A launch that asked for none is named with why.
        let (_, failed) = try Self.scenario("""
            spec: Network
            task: {identifier: com.example.app.refresh, kind: refresh}
            clock: 2027-03-29T07:00:00+02:00
            steps:
              - {at: 2027-03-29T08:00:00+02:00, launch: com.example.app.refresh, fail: {stage: download, error: network}}
              - {at: 2027-03-29T09:00:00+02:00, launch: com.example.app.refresh}
            expect:
              side-effects: 2
            """)
        let none = try #require(await LifecycleExecutor().execute(failed).lifecycle).expectations.first { $0.name == "side-effects" }?.actual
        #expect(none?.hasPrefix("1; no side effect from launch 1 (line 5): failed at download: network; launch 2 (line 6) performed ") == true,
                "\(none ?? "")")
    }

    /// A second review round's findings on `completed` and `errors`: a kind that differs is told what ended the launch, an
    /// entry past the list's end what that launch did; a refusal beside a `completed` of the right length gets no
    /// "launched nothing" line; errors listed in another order get no "move the step" (moved as told, the steps were
    /// out of time order); a launch the clock stopped short of gets no "document the bug" line, and one expired is
    /// "still expiring".
    @Test func completedAndErrorsAreToldWhatTheLaunchesDid() async throws {
        let killedText = """
            spec: Killed
            task: {identifier: com.example.app.refresh, kind: refresh}
            schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            clock: 2027-06-08T20:00:00+02:00
            steps:
              - {at: 2027-06-09T02:31:00+02:00, launch: com.example.app.refresh, interrupt: during write}
              - {at: 2027-06-09T02:31:00+02:00, force-quit: {}}
              - {at: 2027-06-10T02:31:00+02:00, launch: com.example.app.refresh}
              - {at: 2027-06-10T08:00:00+02:00, open-app: {}}
              - {at: 2027-06-11T02:31:00+02:00, launch: com.example.app.refresh}
            expect:
              completed: [false, true]
              errors: [app-force-quit]
            """
        let (_, killed) = try Self.scenario(killedText)
        let verdict = await LifecycleExecutor().execute(killed)
        #expect(verdict.lifecycle?.expectations.first { $0.name == "completed" }?.actual
            == "[killed, true]; launch 1 (line 6) was killed (interrupted during write)", "\(verdict.lifecycle?.expectations ?? [])")
        #expect(verdict.message == "1 expectation not met (completed)", "\(verdict.message ?? "")")
        let (_, extra) = try Self.scenario(killedText.replacingOccurrences(of: "completed: [false, true]", with: "completed: [killed]"))
        #expect(await LifecycleExecutor().execute(extra).lifecycle?.expectations.first { $0.name == "completed" }?.actual
            == "[killed, true]; launch 2 (line 10), which no entry stands for, called setTaskCompleted(success: true)")
        // Both refusals listed, in another order: no step is told to move.
        let (_, swapped) = try Self.scenario("""
            spec: Swapped
            task: {identifier: com.example.app.refresh, kind: refresh}
            schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            clock: 2027-06-08T20:00:00+02:00
            steps:
              - {at: 2027-06-08T21:00:00+02:00, launch: com.example.app.refresh}
              - {at: 2027-06-08T22:00:00+02:00, force-quit: {}}
              - {at: 2027-06-09T02:31:00+02:00, launch: com.example.app.refresh}
              - {at: 2027-06-09T08:00:00+02:00, open-app: {}}
              - {at: 2027-06-10T02:31:00+02:00, launch: com.example.app.refresh}
            expect:
              completed: [true]
              errors: [app-force-quit, launch-before-earliest-begin]
            """)
        let reordered = await LifecycleExecutor().execute(swapped)
        #expect(reordered.message == "1 expectation not met (errors)", "\(reordered.message ?? "")")
        // Expired by a step, then left: still expiring, and no "if this scenario documents the bug" line.
        let (_, expiring) = try Self.scenario("""
            spec: Expiring
            task: {identifier: com.example.app.refresh, kind: refresh}
            app: {adapter: never-completes}
            clock: 2027-03-29T08:00:00+02:00
            steps:
              - {at: 2027-03-29T09:00:00+02:00, launch: com.example.app.refresh}
              - {at: 2027-03-29T09:00:10+02:00, expire: com.example.app.refresh}
              - advance: 5s
            expect:
              completed: [killed]
            """)
        let short = await LifecycleExecutor().execute(expiring)
        #expect(short.message?.contains("if this scenario documents the bug") == false, "\(short.message ?? "")")
        #expect(short.lifecycle?.expectations.first { $0.name == "completed" }?.actual.hasPrefix("[none]; launch 1 (line 6) was still expiring "
            + "(the system expired it at 2027-03-29 09:00:10 (+02:00)) when the clock stopped at 2027-03-29 09:00:15 (+02:00) (line 8)") == true,
                "\(short.lifecycle?.expectations ?? [])")
    }

    /// A launch still running at the end, its expiration deadline ahead, is told the clock stopped short of it (a fifth
    /// review's `advance: 29s` before the 30 s deadline of harness-model.md's refresh task, told only `none`).
    @Test func aLaunchStillRunningAtTheEndIsToldItsDeadline() async throws {
        let (_, body) = try Self.scenario("""
            spec: Short of the deadline
            task: {identifier: com.example.app.refresh, kind: refresh}
            app: {adapter: never-completes}
            clock: 2027-03-29T08:00:00+02:00
            steps:
              - {at: 2027-03-29T09:00:00+02:00, launch: com.example.app.refresh}
              - advance: 29s
            expect:
              completed: [killed]
              broken-invariants: [one-completion-per-launch, no-pending-timers]
              defects: []
            """)
        let check = try #require(await LifecycleExecutor().execute(body).lifecycle).expectations.first { $0.name == "completed" }
        #expect(check?.actual == "[none]; launch 1 (line 6) was still running when the clock stopped at 2027-03-29 09:00:29 (+02:00) (line 7); the "
            + "system ends it at its expiration deadline, 2027-03-29 09:00:30 (+02:00), which the clock did not reach", "\(check?.actual ?? "")")
    }

    /// A launch the system ended as false at its expiration (no expiration handler) is told so where `completed`
    /// expected `true`, and a run's outcome that differs is told what ended it (a fifth review's m12, m18 and m38).
    @Test func aCompletedOrOutcomeThatDiffersIsToldWhatEndedTheLaunch() async throws {
        let (_, body) = try Self.scenario("""
            spec: No expiration handler
            task: {identifier: com.example.app.refresh, kind: refresh}
            app: {adapter: no-expiration-handler}
            clock: 2027-03-29T08:00:00+02:00
            steps:
              - {at: 2027-03-29T09:00:00+02:00, launch: com.example.app.refresh, expire: during parse}
            expect:
              completed: [true]
              runs:
                - {outcome: failed}
              defects: [work-after-expiration, open-transaction-at-suspension]
              broken-invariants: [expiration-honoured, no-open-transaction-at-suspension]
            """)
        let checks = try #require(await LifecycleExecutor().execute(body).lifecycle).expectations.filter { !$0.passed }
        #expect(checks.first { $0.name == "completed" }?.actual == "[false]; launch 1 (line 6) was ended as false by the system at its expiration, "
            + "2027-03-29 09:00 (+02:00): the app set no expiration handler", "\(checks)")
        let outcome = checks.first { $0.name == "runs[1].outcome" }?.actual
        #expect(outcome?.hasPrefix("expired (") == true, "\(checks)")
    }

    /// A line too many whose key an earlier run completed is told so, and the `run-count` its removal leaves wrong is
    /// named with it (a message review expected New York's 02:30 of a date Berlin had run, removed the line as told, and
    /// run-count still failed). zoneinfo: New York's 02:30 on 2027-03-29 is 06:30Z, before the move at 10:00Z; the
    /// launch at 09:00 EDT on 03-30 (13:00Z) catches up 03-30's 02:30 EDT (06:30Z) alone, 03-29's key being done.
    @Test func aLineTooManyWithACompletedKeyIsToldSoWithItsRunCount() async throws {
        let (_, body) = try Self.scenario("""
            spec: Moved
            task: {identifier: com.example.app.refresh, kind: refresh}
            schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            clock: 2027-03-29T00:00:00+02:00
            steps:
              - {at: 2027-03-29T02:31:00+02:00, launch: com.example.app.refresh}
              - {at: 2027-03-29T12:00:00+02:00, change-schedule: {timezone: America/New_York}}
              - {at: 2027-03-30T09:00:00-04:00, launch: com.example.app.refresh}
            expect:
              runs:
                - {planned: 2027-03-29T02:30:00+02:00, key: nightly-sync/v1/2027-03-29}
                - {planned: 2027-03-29T02:30:00-04:00, key: nightly-sync/v1/2027-03-29}
                - {planned: 2027-03-30T02:30:00-04:00, key: nightly-sync/v1/2027-03-30}
              run-count: 3
            """)
        let checks = try #require(await LifecycleExecutor().execute(body).lifecycle).expectations.filter { !$0.passed }
        #expect(checks.map(\.name) == ["runs", "run-count"])
        #expect(checks.first?.actual == "runs[2] is none of its runs, and the lines after it are its runs 2 on; its key is run #1's, which "
            + "completed it: a dedup key runs once; remove line 12, and change 'run-count: 3' (line 14) to 'run-count: 2'", "\(checks)")
    }

    /// A line too many keyed like a run that failed is not told that run completed its key: a failed run leaves its key
    /// due (mutation run 19's J3: "its key is run #1's, which completed it" of a run that failed). zoneinfo: Berlin is at
    /// +02:00 from 2027-03-28, so 02:30 on 03-29 is 00:30Z and 03:30 is 01:30Z, no occurrence of the 02:30 rule.
    @Test func aLineTooManyKeyedLikeAFailedRunIsNotToldItsKeyIsDone() async throws {
        let (_, body) = try Self.scenario("""
            spec: Failed
            task: {identifier: com.example.app.refresh, kind: refresh}
            schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            clock: 2027-03-29T00:00:00+02:00
            steps:
              - {at: 2027-03-29T02:31:00+02:00, launch: com.example.app.refresh, fail: {stage: download, error: network}}
            expect:
              runs:
                - {planned: 2027-03-29T03:30:00+02:00, key: nightly-sync/v1/2027-03-29}
                - {planned: 2027-03-29T02:30:00+02:00, key: nightly-sync/v1/2027-03-29, outcome: failed}
            """)
        let checks = try #require(await LifecycleExecutor().execute(body).lifecycle).expectations.filter { !$0.passed }
        #expect(checks.map(\.name) == ["runs"])
        #expect(checks.first?.actual.hasPrefix("runs[1] is none of its runs, and the lines after it are its runs 1 on; ") == true, "\(checks)")
        #expect(checks.first?.actual.contains("completed it") == false, "\(checks)")
    }

    /// A line the list would have one too many, beside a `run-count` that already counts the scenario's runs, is not
    /// told to change it: the runs listed may be the first of them (mutation run 19's J5: "(and 'run-count: 3' …)" of
    /// `run-count: 3`). zoneinfo: Berlin is at +02:00 from 2027-03-28, so 02:30 on 03-29, 03-30 and 03-31 is 00:30Z;
    /// 03:30 on 03-29 (01:30Z) is no occurrence.
    @Test func aLineTooManyBesideARunCountThatIsRightIsNotToldToChangeIt() async throws {
        let (_, body) = try Self.scenario(Self.nightlyRuns(named: "Count", launchDays: [29, 30, 31], listing: [
            "{planned: 2027-03-29T02:30:00+02:00}", "{planned: 2027-03-29T03:30:00+02:00}", "{planned: 2027-03-30T02:30:00+02:00}",
        ], then: "  run-count: 3"))
        let checks = try #require(await LifecycleExecutor().execute(body).lifecycle).expectations.filter { !$0.passed }
        #expect(checks.map(\.name) == ["runs"])
        #expect(checks.first?.actual.hasPrefix("runs[2] is none of its runs, and the lines after it are its runs 2 on; ") == true, "\(checks)")
        #expect(checks.first?.actual.contains("run-count") == false, "\(checks)")
    }

    /// A `runs` line planned at or after the scenario's end is told no launch came then: after the last step, or at it
    /// when that step is no launch (it kept "add the step that makes the run", which a review found no reason in).
    /// Berlin is at +02:00 from 2027-03-28 (zoneinfo): 02:30 on 03-30 and 03-31 are 00:30Z.
    @Test func aRunPlannedAtOrAfterTheScenariosEndIsToldNoLaunchCame() async throws {
        func told(_ last: String, planned: String) async throws -> String? {
            let (_, body) = try Self.scenario("""
                spec: End
                task: {identifier: com.example.app.refresh, kind: refresh}
                schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
                clock: 2027-03-29T00:00:00+02:00
                steps:
                  - {at: 2027-03-29T02:31:00+02:00, launch: com.example.app.refresh}
                  - \(last)
                expect:
                  runs:
                    - {planned: 2027-03-29T02:30:00+02:00}
                    - {planned: \(planned)}
                """)
            return await LifecycleExecutor().execute(body).lifecycle?.expectations.first { !$0.passed }?.actual
        }
        #expect(try await told("{advance: 2027-03-30T02:30:00+02:00}", planned: "2027-03-30T02:30:00+02:00")
            == "no run: the scenario has 1 run; 2027-03-30 02:30 CEST (+02:00) is the time of the scenario's last step (line 7), which is "
                + "no launch: no launch came at or after it; remove this line")
        #expect(try await told("{advance: 2027-03-30T02:30:00+02:00}", planned: "2027-03-31T02:30:00+02:00")
            == "no run: the scenario has 1 run; 2027-03-31 02:30 CEST (+02:00) is after the scenario's last step, 2027-03-30 02:30 CEST "
                + "(+02:00) (line 7): no launch came after it; remove this line")
        // A last step that is a launch, at a time that is no occurrence, is a launch all the same: the line is not told that
        // no launch came there (mutation run 19's J2). zoneinfo: 03:00 CEST on 03-30 is 01:00Z; the launch catches up
        // 02:30 (00:30Z), and 03:00 is no occurrence of the 02:30 rule.
        let atLaunch = try await told("{at: 2027-03-30T03:00:00+02:00, launch: com.example.app.refresh}", planned: "2027-03-30T03:00:00+02:00")
        #expect(atLaunch?.hasPrefix("2027-03-30T02:30:00+02:00") == true, "\(atLaunch ?? "")")
        #expect(atLaunch?.contains("no launch") == false, "\(atLaunch ?? "")")
        // A launch at that instant runs it: the list is met.
        #expect(try await told("{at: 2027-03-30T02:30:00+02:00, launch: com.example.app.refresh}", planned: "2027-03-30T02:30:00+02:00") == nil)
    }

    /// One launch at 02:31 of the nightly 02:30 sync in Berlin (+02:00 since 2027-03-28), with one listed run (line 9)
    /// and `then`, more lines of `expect` (indented two spaces) after it.
    static func oneNightlyRun(expecting run: String, then more: String = "") -> String {
        nightlyRuns(named: "One nightly run", launchDays: [29], listing: [run], then: more)
    }

    /// A launch at 02:31 on each of `launchDays` of March 2027 of the nightly 02:30 sync in Berlin, `runs` listed.
    static func nightlyRuns(named name: String, launchDays: [Int], listing runs: [String], then more: String = "") -> String {
        """
        spec: \(name)
        task: {identifier: com.example.app.refresh, kind: refresh}
        schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
        clock: 2027-03-29T00:00:00+02:00
        steps:
        \(launchDays.map { "  - {at: 2027-03-\($0)T02:31:00+02:00, launch: com.example.app.refresh}" }.joined(separator: "\n"))
        expect:
          runs:
        \(runs.map { "    - " + $0 }.joined(separator: "\n"))
        \(more)
        """
    }

    /// A `runs` line that differs in one field shows that field only: the instant found as a spec writes one, the
    /// expected one also read in the zone when its offset is not the zone's that day.
    @Test func aRunsLineThatDiffersShowsOnlyTheFieldsThatDiffer() async throws {
        let (_, body) = try Self.scenario(Self.oneNightlyRun(
            expecting: "{planned: 2027-03-29T02:30:00+01:00, actual: 2027-03-29T02:31:00+02:00, key: nightly-sync/v1/2027-03-29}"))
        let verdict = await LifecycleExecutor().execute(body)
        #expect(verdict.status == .failed)
        #expect(verdict.lifecycle?.expectations.filter { !$0.passed } == [LifecycleResult.ExpectationCheck(
            name: "runs[1].planned", expected: "2027-03-29T02:30:00+01:00 = 2027-03-29 03:30 CEST (+02:00)",
            actual: "2027-03-29T02:30:00+02:00 (its actual and key as expected)", passed: false, line: 9,
            // 02:30+01:00 is 01:30Z, 03:30 CEST (zoneinfo).
            expectedInstant: ResultInstant(utc: "2027-03-29T01:30:00Z", epochSeconds: 1_806_283_800,
                                           offsetForm: "2027-03-29T03:30:00+02:00", local: "2027-03-29 03:30 CEST (+02:00)"))])
    }

    /// Each differing field is its own check, named by the key the spec writes (`actual`, never another word for it).
    @Test func aRunsLineThatDiffersInTwoFieldsNamesEachByItsKey() async throws {
        let (_, body) = try Self.scenario(Self.oneNightlyRun(
            expecting: "{planned: 2027-03-29T02:30:00+02:00, actual: 2027-03-29T02:45:00+02:00, outcome: failed}"))
        let verdict = await LifecycleExecutor().execute(body)
        #expect(verdict.message == "2 expectations not met (runs[1].actual, runs[1].outcome)")
        #expect(verdict.lifecycle?.expectations.filter { !$0.passed } == [
            LifecycleResult.ExpectationCheck(name: "runs[1].actual", expected: "2027-03-29T02:45:00+02:00",
                                             actual: "2027-03-29T02:31:00+02:00", passed: false, line: 9,
                                             expectedInstant: ResultInstant(  // 02:45 CEST is 00:45Z (zoneinfo)
                                                 utc: "2027-03-29T00:45:00Z", epochSeconds: 1_806_281_100,
                                                 offsetForm: "2027-03-29T02:45:00+02:00", local: "2027-03-29 02:45 CEST (+02:00)")),
            LifecycleResult.ExpectationCheck(name: "runs[1].outcome", expected: "failed",
                                             actual: "completed (its planned as expected)", passed: false, line: 9),
        ])
    }

    @Test func aScheduleWithNoOccurrenceWithinItsLimitIsAnErrorAtTheSchedule() async throws {
        // Clock at 12:00 on the 29th: that day's 02:30 is behind it, and `limit: 1` allows no second slot.
        let (_, body) = try Self.scenario("""
            spec: Limit of one
            task: {identifier: com.example.app.refresh, kind: refresh}
            schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, limit: 1, nonexistent: skip, repeated: first}
            clock: 2027-03-29T12:00:00+02:00
            steps: []
            expect: {completed: []}

            """, path: "limit.yaml")
        let verdict = await LifecycleExecutor().execute(body)
        #expect(verdict.status == .error)
        #expect(verdict.message == "the schedule gives no occurrence after the clock's start, so the first request cannot be submitted (its search bound; see below)")
        // Told at `limit: 1` (line 3, column 95: the value), the setting to change, in the spec's words.
        let diagnostic = try #require(verdict.diagnostics.first)
        #expect(diagnostic.code == "schedule-search-at-start" && diagnostic.severity == .error)
        #expect(diagnostic.location == SourceLocation(file: "limit.yaml", line: 3, column: 95))
        #expect(diagnostic.message.hasPrefix("no occurrence of every day at 02:30 within 1 candidate slot after the clock's start, "), "\(diagnostic.message)")
        #expect(diagnostic.message.hasSuffix("; raise 'limit:' (1 now)"), "\(diagnostic.message)")
        #expect(!diagnostic.message.contains("Swift"))
        #expect(diagnostic.sourceLine?.hasPrefix("schedule: {id: nightly-sync,") == true)
    }

    @Test func aScheduleWithNoOccurrenceWithinTheDefaultBoundIsAnErrorAtTheScheduleSayingToAddALimit() async throws {
        // No `limit:` written: the bound is the run's --max-candidates (1 here). The clock at 12:00: the one slot is
        // that day's 02:30, already behind it.
        let file = SpecParser(defaultSearchLimit: 1).parse(path: "default.yaml", bytes: Array("""
            spec: Default bound
            task: {identifier: com.example.app.refresh, kind: refresh}
            schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            clock: 2027-03-29T12:00:00+02:00
            steps: []
            expect: {completed: []}

            """.utf8))
        #expect(file.diagnostics.isEmpty, "\(file.diagnostics.map(\.message))")
        guard case .lifecycle(let body)? = file.specs.first?.body else { Issue.record("no scenario"); return }
        let verdict = await LifecycleExecutor().execute(body)
        #expect(verdict.status == .error)
        let diagnostic = try #require(verdict.diagnostics.first)
        #expect(diagnostic.location == SourceLocation(file: "default.yaml", line: 3, column: 1))
        #expect(diagnostic.message.hasSuffix("; add 'limit:' to the schedule with a larger bound (the default, 1, comes from --max-candidates)"), "\(diagnostic.message)")
        #expect(diagnostic.sourceLine == nil)
    }

    @Test func theSearchBoundAtTheClocksStartNamesItAsTheSchedulesWallTime() async throws {
        // 2027-03-30 00:30 CEST is 2027-03-29T22:30:00Z (zoneinfo): the bound counts from the 30th, the local date,
        // whose 00:15 is already behind the clock; UTC would name the 29th.
        let (_, body) = try Self.scenario("""
            spec: Limit of one after midnight
            task: {identifier: com.example.app.refresh, kind: refresh}
            schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "00:15"}, limit: 1, nonexistent: skip, repeated: first}
            clock: 2027-03-30T00:30:00+02:00
            steps: []
            expect: {completed: []}

            """, path: "midnight.yaml")
        let verdict = await LifecycleExecutor().execute(body)
        #expect(verdict.status == .error)
        #expect(verdict.diagnostics.first?.message == "no occurrence of every day at 00:15 within 1 candidate slot after the clock's start, "
            + "2027-03-30 00:30 CEST (+02:00) (the search bound, which counts slots from the start of that local date, or of its local hour for an hourly rule); raise 'limit:' (1 now)")
    }

    /// The schedule offered in place of the contract's `schedule: ...`, pasted as it is, makes the contract's scenario
    /// pass: its expected key names the schedule `nightly-sync`, which the offered schedule did not (it failed on
    /// `runs[1].key`, found by a docs audit).
    @Test func theScheduleOfferedForThePlaceholderMakesTheContractsScenarioPass() async throws {
        let corpus = Self.repositoryRoot.appendingPathComponent("Tests/SpecParserTests/Invalid/lifecycle-schedule-placeholder-keyed.yaml")
        let text = try String(contentsOf: corpus, encoding: .utf8)
        let refused = SpecParser().parse(path: "contract.yaml", bytes: Array(text.utf8))
        let message = try #require(refused.diagnostics.first?.message)
        let start = try #require(message.range(of: "e.g. ")).upperBound
        let end = try #require(message.range(of: " (the expected keys")).lowerBound
        let offered = String(message[start..<end])
        #expect(offered.hasPrefix("{id: nightly-sync, "), "\(offered)")
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("schedule: ...") })
        let (_, body) = try Self.scenario(text.replacingOccurrences(of: line, with: "schedule: " + offered))
        let verdict = await LifecycleExecutor().execute(body)
        #expect(verdict.status == .passed, "\(verdict.message ?? "")")
    }

    @Test func runsAreTheScenariosFirstRunsInOrderAndAMissingOneSaysSo() async throws {
        let (_, body) = try Self.scenario("""
            spec: Runs
            task: {identifier: com.example.app.refresh, kind: refresh}
            clock: 2027-03-29T08:00:00+02:00
            steps:
              - {at: 2027-03-29T09:00:00+02:00, launch: com.example.app.refresh}
            expect:
              runs:
                - {actual: 2027-03-29T07:00:00Z, outcome: completed}
                - {actual: 2027-03-29T10:00:00+02:00}

            """)
        let verdict = await LifecycleExecutor().execute(body)
        #expect(verdict.status == .failed)
        #expect(verdict.lifecycle?.expectations.prefix(2).map(\.self) == [
            // 07:00Z is 09:00+02:00: instants compare as instants, and results show the clock's offset.
            LifecycleResult.ExpectationCheck(name: "runs[1]", expected: "actual 2027-03-29T07:00:00Z, outcome completed",
                                             actual: "actual 2027-03-29T09:00:00+02:00, outcome completed", passed: true, line: 8),
            // The instant the missing run was expected at, for the picture: 10:00+02:00 is 08:00Z (zoneinfo).
            // Written as the spec writes the line ("expected actual …, actual no run" said "actual" twice).
            LifecycleResult.ExpectationCheck(name: "runs[2]", expected: "{actual: 2027-03-29T10:00:00+02:00}",
                                             actual: "no run: the scenario has 1 run; remove this line, or add the step that makes the run",
                                             passed: false, line: 9,
                                             expectedInstant: ResultInstant(utc: "2027-03-29T08:00:00Z", epochSeconds: 1_806_307_200,
                                                                            offsetForm: "2027-03-29T10:00:00+02:00",
                                                                            local: "2027-03-29 10:00 (+02:00)")),
        ])
    }

    /// A failed `errors` check explains the first 40 raised errors and counts the rest: 43 sentences filled a screen
    /// (the docs review).
    @Test func aFailedErrorsCheckExplainsTheFirstFortyErrors() async throws {
        let steps = (0..<45).map { String(format: "  - {at: 2027-03-29T09:%02d:00+02:00, submit: com.example.app.refresh}", $0) }
        let (_, body) = try Self.scenario("""
            spec: Many refusals
            task: {identifier: com.example.app.refresh, kind: refresh, permitted: []}
            clock: 2027-03-29T08:00:00+02:00
            steps:
            \(steps.joined(separator: "\n"))
            expect: {errors: []}

            """)
        let verdict = await LifecycleExecutor().execute(body)
        #expect(verdict.status == .failed)
        let lines = verdict.message?.split(separator: "\n").map(String.init) ?? []
        let raised = try #require(verdict.lifecycle?.expectations.first { $0.name == "errors" }?.actual)
        let count = raised.components(separatedBy: "not-permitted").count - 1
        #expect(count == 46, "\(raised)")   // the first start's registration, then each of the 45 submits
        #expect(lines.filter { $0.hasPrefix("not-permitted at ") }.count == 40, "\(lines)")
        #expect(lines.last == "… and 6 more raised errors (the errors check lists every code)", "\(lines.last ?? "")")
    }

    /// A scenario that lists its static gate inline is told to add a refused identifier or mode to its own list, which
    /// stands for the app's Info.plist; one that reads an Info.plist is told to add it there. A refusal at the app's
    /// first start names the line of `clock:`, which sets that start (it named no line).
    @Test(arguments: [
        ("permitted: []", "not-permitted at the app's first start (clock: scenario.yaml:3:8): com.example.app.refresh is not in 'permitted:' (the app's "
            + "BGTaskSchedulerPermittedIdentifiers in Info.plist); add it to 'permitted:'"),
        ("background-modes: [processing]", "not-permitted at the app's first start (clock: scenario.yaml:3:8): 'background-modes:' (the app's "
            + "UIBackgroundModes in Info.plist) lacks 'fetch', which a refresh task needs; add it to 'background-modes:'"),
    ])
    func aRefusalByAnInlineGateNamesTheKeyOfTheScenario(_ gate: String, _ line: String) async throws {
        let (_, body) = try Self.scenario("""
            spec: Inline gate
            task: {identifier: com.example.app.refresh, kind: refresh, \(gate)}
            clock: 2027-03-29T08:00:00+02:00
            steps: []
            expect: {completed: []}

            """)
        let verdict = await LifecycleExecutor().execute(body)
        #expect(verdict.status == .failed)
        #expect(verdict.message?.split(separator: "\n").map(String.init).contains(line) == true, "\(verdict.message ?? "")")
        #expect(verdict.message?.contains("Info.plist;") == false)
    }

    @Test func aRefusalByAnInfoPlistSaysToAddItToTheInfoPlist() async throws {
        let folder = try Self.emptyFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let plist = try PropertyListSerialization.data(
            fromPropertyList: ["BGTaskSchedulerPermittedIdentifiers": [String](), "UIBackgroundModes": ["fetch"]], format: .xml, options: 0)
        try plist.write(to: folder.appendingPathComponent("Info.plist"))
        let (_, body) = try Self.scenario("""
            spec: Info.plist gate
            task: {identifier: com.example.app.refresh, kind: refresh, info-plist: Info.plist}
            clock: 2027-03-29T08:00:00+02:00
            steps: []
            expect: {completed: []}

            """, path: folder.appendingPathComponent("spec.yaml").path)
        let verdict = await LifecycleExecutor(temporaryParent: folder).execute(body)
        #expect(verdict.status == .failed)
        #expect(verdict.message?.contains("not-permitted at the app's first start (clock: \(folder.path)/spec.yaml:3:8): "
            + "com.example.app.refresh is not in "
            + "BGTaskSchedulerPermittedIdentifiers; add it to the Info.plist") == true, "\(verdict.message ?? "")")
    }

    /// A launch with no handler because the gate refused the registration says which refusal, and what to change: an
    /// update that dropped `fetch` from an identifier still permitted was told "permit it" (a second incident review),
    /// which changes nothing. An inline gate's update names its key and line; an Info.plist's refusal names its key.
    @Test func aLaunchWithoutAHandlerTheGateRefusedSaysWhichRefusal() async throws {
        let text = """
            spec: Update drops fetch
            task: {identifier: com.example.app.refresh, kind: refresh, permitted: [com.example.app.refresh], background-modes: [fetch]}
            clock: 2027-06-08T20:00:00+02:00
            steps:
              - {at: 2027-06-08T21:00:00+02:00, update-app: {background-modes: [processing]}}
              - {at: 2027-06-09T02:31:00+02:00, launch: com.example.app.refresh}
            expect:
              completed: []
              errors: [no-launch-handler]
            """
        let verdict = await LifecycleExecutor().execute(try Self.scenario(text).1)
        #expect(verdict.status == .passed, "\(verdict.message ?? "")")
        #expect(try #require(verdict.lifecycle).otherErrors.isEmpty)
        // Without the error listed, the failure shows the message.
        let failing = try Self.scenario(text.replacingOccurrences(of: "\n  errors: [no-launch-handler]", with: "")).1
        let told = await LifecycleExecutor().execute(failing)
        #expect(told.message?.contains("the system launched com.example.app.refresh but this process registered no launch handler for it; "
            + "its registration was refused: 'background-modes:' of the update-app step at line 5 (the app's UIBackgroundModes in "
            + "Info.plist) lacks 'fetch', which a refresh task needs; add it to that 'background-modes:'") == true, "\(told.message ?? "")")
        #expect(told.message?.contains("permit it") == false)
    }

    /// The scheduler's own words for a registration its Info.plist gate refused (a scenario reading an Info.plist file):
    /// the key and the fix, per refusal.
    @Test func aRefusedRegistrationIsToldItsRefusalByTheScheduler() {
        #expect(StaticGate.refusalSentence(.identifierNotPermitted, identifier: "com.example.app.refresh")
            == "com.example.app.refresh is not in BGTaskSchedulerPermittedIdentifiers; add it to the Info.plist")
        #expect(StaticGate.refusalSentence(.backgroundModeMissing("processing"), identifier: "com.example.app.db")
            == "UIBackgroundModes lacks 'processing', which a processing task needs; add it to the Info.plist")
    }

    /// A launch refused for want of a request says how the request was lost: a cancel, then a submit refused while
    /// Background App Refresh was off (a second incident review's app cancels and submits at every start, and was told
    /// only to submit). An accepted submit forgets both. Berlin is at +02:00 in June (zoneinfo).
    @Test func aLaunchWithNoRequestSaysHowTheRequestWasLost() async throws {
        let text = """
            spec: Lost
            task: {identifier: com.example.app.refresh, kind: refresh}
            clock: 2027-06-08T20:00:00+02:00
            steps:
              - {at: 2027-06-08T22:00:00+02:00, availability: refresh-disabled}
              - {at: 2027-06-09T08:00:01+02:00, cancel: com.example.app.refresh}
              - {at: 2027-06-09T08:00:02+02:00, submit: com.example.app.refresh}
              - {at: 2027-06-09T12:00:00+02:00, availability: available}
              - {at: 2027-06-10T02:31:00+02:00, launch: com.example.app.refresh}
              - {at: 2027-06-10T08:00:00+02:00, submit: com.example.app.refresh}
              - {at: 2027-06-10T09:00:00+02:00, launch: com.example.app.refresh}
            expect:
              completed: [true]
              errors: [unavailable, no-pending-request]
            """
        let (_, body) = try Self.scenario(text)
        let verdict = await LifecycleExecutor().execute(body)
        #expect(verdict.status == .passed, "\(verdict.message ?? "")")
        let refusals = try #require(verdict.lifecycle).refusedLaunches
        #expect(refusals.map(\.error) == ["no-pending-request"])
        let failing = try Self.scenario(text.replacingOccurrences(of: "errors: [unavailable, no-pending-request]", with: "errors: []")).1
        let message = await LifecycleExecutor().execute(failing).message ?? ""
        #expect(message.contains("com.example.app.refresh has no pending request, so the system cannot launch it: its request was "
            + "cancelled at 2027-06-09 08:00:01 (+02:00) [2027-06-09T06:00:01Z], and the submit at 2027-06-09 08:00:02 (+02:00) "
            + "[2027-06-09T06:00:02Z] was refused (unavailable); a request is pending only once a submit is accepted"), "\(message)")
        // The accepted submit at step 6 forgot both: the launch after it ran.
        #expect(!message.contains("no-pending-request at step 7"), "\(message)")
    }

    /// A launch before a retry's floor says how the app came to it: the failures in a row, the delay and the launch it
    /// counts from (a second incident review asked why 03:16: an exponential backoff of 15 minutes doubled after the
    /// second failure, from 02:46). Berlin is at +02:00 in June (zoneinfo), so 02:46 is 00:46Z.
    @Test func aLaunchBeforeARetrysFloorSaysHowTheAppCameToIt() async throws {
        let text = """
            spec: Backoff
            task: {identifier: com.example.app.refresh, kind: refresh}
            schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            app:
              retry: BACKOFF
            clock: 2027-06-08T20:00:00+02:00
            steps:
              - {at: 2027-06-09T02:31:00+02:00, launch: com.example.app.refresh, fail: {stage: download, error: http-503}}
              - {at: 2027-06-09T02:46:00+02:00, launch: com.example.app.refresh, fail: {stage: download, error: http-503}}
              - {at: 2027-06-09T03:01:00+02:00, launch: com.example.app.refresh}
            expect:
              completed: [false, false, true]
            """
        func message(_ backoff: String) async throws -> String {
            let (_, body) = try Self.scenario(text.replacingOccurrences(of: "BACKOFF", with: backoff))
            return await LifecycleExecutor().execute(body).message ?? ""
        }
        let exponential = try await message("{backoff: exponential, delay: 15m, factor: 2, max-attempts: 3}")
        #expect(exponential.contains("before the request's earliestBeginDate 2027-06-09 03:16 CEST (+02:00) [2027-06-09T01:16:00Z] (the "
            + "app's retry after 2 failed attempts in a row, 30m after its launch at 2027-06-09 02:46 CEST (+02:00) [2027-06-09T00:46:00Z], "
            + "as retry's exponential backoff gives)"), "\(exponential)")
        // A constant delay longer than the steps' spacing: the second launch is already refused, after the first failure.
        let constant = try await message("{backoff: constant, delay: 1h}")
        #expect(constant.contains("(the app's retry after 1 failed attempt, 1h after its launch at 2027-06-09 02:31 CEST (+02:00) "
            + "[2027-06-09T00:31:00Z], as retry's constant backoff gives)"), "\(constant)")
    }

    @Test func anUnreadableInfoPlistIsAnErrorAtTheKeysPlace() async throws {
        let folder = try Self.emptyFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("not a plist".utf8).write(to: folder.appendingPathComponent("Info.plist"))
        let path = folder.appendingPathComponent("spec.yaml").path
        let (_, body) = try Self.scenario("""
            spec: Bad plist
            task: {identifier: com.example.app.refresh, info-plist: Info.plist}
            clock: 2027-03-29T08:00:00+02:00
            steps: []
            expect: {errors: []}

            """, path: path)
        let verdict = await LifecycleExecutor(temporaryParent: folder).execute(body)
        #expect(verdict.status == .error)
        #expect(verdict.message == "\(path):2:57: the Info.plist 'Info.plist' cannot be used: not a property list (XML or binary); export it with plutil")
        #expect(Self.contents(folder) == ["Info.plist"])
    }

    /// The runner's synchronous path (the semaphore bridge on worker threads), several scenarios at once: each passes
    /// or fails on its own, results carry the zone and the lifecycle, and no scenario folder stays behind.
    @Test func scenariosRunSideBySideOnWorkerThreadsWithoutSharingState() async throws {
        let passing = Self.exampleText.replacingOccurrences(of: "COMMITS", with: "1")
        let failing = Self.exampleText.replacingOccurrences(of: "COMMITS", with: "2")
        var specs: [Spec] = []
        for index in 0..<6 {
            let text = (index % 3 == 2 ? failing : passing).replacingOccurrences(of: "leaves no trace", with: "leaves no trace \(index)")
            specs.append(try Self.scenario(text, path: "parallel.yaml").0)
        }
        let plan = TestPlan(specs: specs, engines: nil)
        let folder = try Self.emptyFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let runner = SpecRunner(options: .init(scenarioFolderParent: folder))
        let execution = PlanExecution(runner: runner, settings: .init(jobs: 3))
        // PlanExecution blocks its caller, so it runs on a thread of its own, never on the test's cooperative pool.
        let results = await withCheckedContinuation { (continuation: CheckedContinuation<[TestResult], Never>) in
            Thread { continuation.resume(returning: execution.run(plan).results) }.start()
        }
        #expect(results.map(\.status) == [.passed, .passed, .failed, .passed, .passed, .failed])
        #expect(results.allSatisfy { $0.timeZone == "Europe/Berlin" && $0.lifecycle?.invariants.count == 16 })
        #expect(results[2].message == "1 expectation not met (store.commits)")
        #expect(results[2].zoneContext?.zone == "Europe/Berlin")
        #expect(Self.contents(folder).isEmpty)
    }

    /// Every word the harness uses has its spec word (the executor maps spec → harness by exhaustive switches).
    @Test func theSpecLanguageKnowsEveryWordOfTheHarness() async throws {
        #expect(Set(TaskKind.allCases.map(\.rawValue)) == Set(LifecycleSpec.TaskKind.allCases.map(\.rawValue)))
        #expect(Set(JobStage.allCases.map(\.rawValue)) == Set(LifecycleSpec.Stage.allCases.map(\.rawValue)))
        #expect(Set(SyncJob.Flaw.allCases.map(\.rawValue)) == Set(LifecycleSpec.JobFlaw.allCases.map(\.rawValue)))
        #expect(Set(FlawedRefreshAdapter.Flaw.allCases.map(\.rawValue) + ["thin"]) == Set(LifecycleSpec.Adapter.allCases.map(\.rawValue)))
        #expect(Set(SchedulerAvailability.allCases.map(\.rawValue)) == Set(LifecycleSpec.Availability.allCases.map(\.rawValue)))
        #expect(Set(CompletionValue.allCases.map(\.rawValue)) == Set(LifecycleExpectation.Completion.allCases.map(\.rawValue)))
        #expect(Set(SchedulerError.Code.allCases.map(\.rawValue)) == Set(LifecycleExpectation.ErrorCode.allCases.map(\.rawValue)))
        #expect(Set(Defect.Kind.allCases.map(\.rawValue)) == Set(LifecycleExpectation.DefectKind.allCases.map(\.rawValue)))
        let simulation = try await LifecycleSimulation(LifecycleConfiguration(
            tasks: [.init(identifier: "a", kind: .refresh)], gate: StaticGate(permittedIdentifiers: ["a"], backgroundModes: ["fetch"]),
            clockStart: Date(timeIntervalSince1970: 0)))
        let names = await simulation.finish().checks.map(\.name)
        #expect(names == LifecycleExpectation.Invariant.allCases.map(\.rawValue))
    }

    /// A launch whose handler returned without completing is still running when a step ends the process: its run says
    /// which step ended it, for each of the four steps docs/lifecycle.md names (force-quit, terminate, relaunch,
    /// update-app). Mutation A4 (force-quit left out of the steps that end the process) gave "the process died during
    /// the launch" for the force-quit, and no test noticed.
    @Test(arguments: ["force-quit", "terminate", "relaunch", "update-app"])
    func aLaunchStillRunningWhenAStepEndsTheProcessNamesThatStep(step: String) async throws {
        let (_, body) = try Self.scenario("""
            spec: Ended by a step
            task: {identifier: com.example.app.refresh, kind: refresh}
            app: {adapter: never-completes}
            clock: 2027-06-08T20:00:00+02:00
            steps:
              - {at: 2027-06-08T21:00:00+02:00, launch: com.example.app.refresh}
              - {at: 2027-06-08T21:00:05+02:00, \(step): {}}
            expect:
              completed: [killed]
            """)
        let verdict = await LifecycleExecutor().execute(body)
        let lifecycle = try #require(verdict.lifecycle)
        #expect(lifecycle.runs.map(\.outcome) == ["killed"])
        #expect(lifecycle.runs.map(\.reason) == ["ended by the \(step) step at line 7"])
    }

    /// A step at the very instant of a `change-schedule` is shown in the zone that change put in effect: the change
    /// holds from its step on, and reports show each instant in the zone in effect at it (docs/lifecycle.md). Berlin's
    /// 12:00 CEST on 2027-03-29 is 10:00Z, 06:00 EDT in New York (on EDT since 2027-03-14, zoneinfo). Mutation A9 (a
    /// change in effect only after its own instant) showed the terminate at +02:00.
    @Test func aStepAtTheInstantOfAScheduleChangeIsShownInTheNewZone() async throws {
        let (_, body) = try Self.scenario("""
            spec: Moved
            task: {identifier: com.example.app.refresh, kind: refresh}
            schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            clock: 2027-03-29T00:00:00+02:00
            steps:
              - {at: 2027-03-29T12:00:00+02:00, change-schedule: {timezone: America/New_York}}
              - {terminate: {}}
            expect:
              side-effects: 0
            """)
        let verdict = await LifecycleExecutor().execute(body)
        #expect(verdict.status == .passed, "\(verdict.message ?? "")")
        let lifecycle = try #require(verdict.lifecycle)
        #expect(lifecycle.appEvents.map(\.step) == ["terminate"])
        #expect(lifecycle.appEvents.map(\.at.offsetForm) == ["2027-03-29T06:00:00-04:00"])
    }

    /// The outer launch froze 03-01 and 03-02; the nested processing launch reconciled 03-01 (recording #1's write) and
    /// failed on 03-02, so the outer wrote 03-02 alone. Its 03-01 run wrote nothing: another launch recorded it first,
    /// which docs/lifecycle.md says ends in `already complete` — here for part of the window, where the test above
    /// finds the whole window complete (mutation A13, only a whole window noted, left this run's reason empty).
    @Test func aRunWhoseOccurrenceAnOverlapRecordedWithinItsWindowSaysSo() async throws {
        let (_, body) = try Self.scenario("""
            spec: Part of the window
            task:
              - {identifier: com.example.app.refresh, kind: refresh}
              - {identifier: com.example.app.processing, kind: processing}
            job: {items: ["42"]}
            schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            clock: 2027-03-01T00:00:00+01:00
            steps:
              - {at: 2027-03-01T02:40:00+01:00, launch: com.example.app.refresh, interrupt: after-write}
              - at: 2027-03-02T02:40:00+01:00
                launch: com.example.app.refresh
                overlap: {launch: com.example.app.processing, during: download, fail: {stage: write, error: disk-full}}
            expect:
              completed: [killed, true, false]
              side-effects: 2
            """)
        let verdict = await LifecycleExecutor().execute(body)
        #expect(verdict.status == .passed, "\(verdict.message ?? "")")
        let runs = try #require(verdict.lifecycle?.runs)
        // Launch #2's run of 03-01 (completed, written by #1 and recorded by #3), and no other.
        let found = runs.filter { $0.reason == "already complete" }
        #expect(found.map(\.key) == ["nightly-sync/v1/2027-03-01"])
        #expect(found.map(\.outcome) == ["completed"])
        #expect(found.map { $0.actual?.offsetForm } == ["2027-03-02T02:40:00+01:00"])
    }

    /// Three runs left out together are named as one shift, as one and two are (the shift is looked for up to three
    /// runs later): a launch on 03-29 runs that night's 02:30, one on 04-01 catches up 03-30, 03-31 and 04-01 (Berlin at
    /// +02:00 throughout, zoneinfo), and only 04-01's run is listed. Mutation A22 (looked for up to two) left the line
    /// compared with run 1, unexplained.
    @Test func threeRunsLeftOutTogetherAreNamed() async throws {
        let (_, body) = try Self.scenario("""
            spec: Three left out
            task: {identifier: com.example.app.refresh, kind: refresh}
            schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            clock: 2027-03-29T00:00:00+02:00
            steps:
              - {at: 2027-03-29T02:31:00+02:00, launch: com.example.app.refresh}
              - {at: 2027-04-01T02:31:00+02:00, launch: com.example.app.refresh}
            expect:
              runs:
                - {planned: 2027-04-01T02:30:00+02:00, key: nightly-sync/v1/2027-04-01}
            """)
        let verdict = await LifecycleExecutor().execute(body)
        #expect(verdict.lifecycle?.expectations.filter { !$0.passed }.map(\.name) == ["runs"])
        #expect(verdict.lifecycle?.expectations.first { !$0.passed }?.actual
            == "its runs 1, 2 and 3 are not listed, and runs[1] on are its runs 4 on; add '- {planned: 2027-03-29T02:30:00+02:00, "
            + "actual: 2027-03-29T02:31:00+02:00, key: nightly-sync/v1/2027-03-29, outcome: completed}', '- {planned: "
            + "2027-03-30T02:30:00+02:00, actual: 2027-04-01T02:31:00+02:00, key: nightly-sync/v1/2027-03-30, outcome: completed}' "
            + "and '- {planned: 2027-03-31T02:30:00+02:00, actual: 2027-04-01T02:31:00+02:00, key: nightly-sync/v1/2027-03-31, "
            + "outcome: completed}' before line 10")
    }

    /// A version raised between an interrupted write and its retry makes the retry a new business run: the write is not
    /// reconciled, and `interrupted-write-reconciled` holds and says why in its detail (docs/lifecycle.md: "ran under the
    /// changed schedule … a new version is a new business key"). Mutation A23 (the two reasons swapped) said the retry
    /// "ran another input".
    @Test func aWriteNotRetriedAcrossAVersionChangeSaysTheScheduleChanged() async throws {
        let (_, body) = try Self.scenario("""
            spec: Version raised
            task: {identifier: com.example.app.refresh, kind: refresh}
            job: {items: ["42"]}
            schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            clock: 2027-03-29T00:00:00+02:00
            steps:
              - {at: 2027-03-29T02:40:00+02:00, launch: com.example.app.refresh, interrupt: after-write}
              - {at: 2027-03-29T03:00:00+02:00, change-schedule: {version: 2}}
              - {at: 2027-03-29T03:10:00+02:00, launch: com.example.app.refresh}
            expect:
              completed: [killed, true]
              side-effects: 2
            """)
        let verdict = await LifecycleExecutor().execute(body)
        #expect(verdict.status == .passed, "\(verdict.message ?? "")")
        let check = try #require(verdict.lifecycle?.invariants.first { $0.name == "interrupted-write-reconciled" })
        #expect(check.passed)
        let detail = check.detail ?? ""
        #expect(detail.contains("launch #2 ran under the changed schedule"), "\(detail)")
        #expect(detail.contains("a new version is a new business key"), "\(detail)")
        #expect(!detail.contains("ran another input"), "\(detail)")
    }

    /// Which change a stale request's reason names, and when there is none: the latest change whose schedule before it
    /// gives the request's instant (a change of policy, then the flight: the flight's line; the flight, then a new wall
    /// time in New York: the flight's line), a change at the launch's own instant counts, a request the new schedule
    /// gives too (New York's 20:30 is Berlin's 02:30: 00:30Z) is no stale one, and an app that resubmits, whose resubmit
    /// was refused, did not keep it. Mutation run 16's E1, E2, E3, E4 and E5 survived: one change, an hour before the
    /// launch, under keep-pending, was pinned. zoneinfo: Berlin's 02:30 of 2027-03-30 is 00:30Z (+02:00 since 03-28),
    /// 20:30 EDT of 03-29 in New York.
    /// A run's instant written with `Z` whose digits are the run's local wall time, and a key that differs only in a
    /// repeated pair's `~2`, are each told what they are, as a recurrence spec's failure tells them (a message review:
    /// the lifecycle form said nothing). zoneinfo: Berlin is at +02:00 on 2027-03-29, so 02:31 local is 00:31Z and
    /// 02:31Z is 04:31 CEST; it falls back at 2027-10-31T01:00Z, so 02:30 is 00:30Z (+02:00) and 01:30Z (+01:00), and
    /// 09:00 CET is 08:00Z.
    @Test func aRunsZSlipAndAPairSuffixAreToldWhatTheyAre() async throws {
        let (_, zSlip) = try Self.scenario("""
            spec: Z
            task: {identifier: com.example.app.refresh, kind: refresh}
            schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            clock: 2027-03-29T00:00:00+02:00
            steps:
              - {at: 2027-03-29T02:31:00+02:00, launch: com.example.app.refresh}
            expect:
              completed: [true]
              runs:
                - {planned: 2027-03-29T02:30:00Z, actual: 2027-03-29T02:31:00Z}
            """)
        let checks = try #require(await LifecycleExecutor().execute(zSlip).lifecycle).expectations.filter { !$0.passed }
        #expect(checks.map(\.name) == ["runs[1].planned", "runs[1].actual"])
        #expect(checks.first?.actual.hasSuffix("; 2027-03-29T02:30:00Z is UTC ('Z'), and its digits are the local wall time of the instant found: "
            + "write 2027-03-29T02:30:00+02:00") == true, "\(checks)")
        #expect(checks.last?.actual.hasSuffix("; 2027-03-29T02:31:00Z is UTC ('Z'), and its digits are the local wall time of the instant found: "
            + "write 2027-03-29T02:31:00+02:00") == true, "\(checks)")
        let (_, pair) = try Self.scenario("""
            spec: Pair
            task: {identifier: com.example.app.refresh, kind: refresh}
            schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: both}
            clock: 2027-10-30T12:00:00+02:00
            steps:
              - {at: 2027-10-31T09:00:00+01:00, launch: com.example.app.refresh}
            expect:
              completed: [true]
              runs:
                - {planned: 2027-10-31T02:30:00+02:00, key: nightly-sync/v1/2027-10-31}
                - {planned: 2027-10-31T02:30:00+01:00, key: nightly-sync/v1/2027-10-31}
            """)
        let key = try #require(await LifecycleExecutor().execute(pair).lifecycle).expectations.first { !$0.passed }
        #expect(key?.name == "runs[2].key")
        #expect(key?.actual == "nightly-sync/v1/2027-10-31~2 (the key expected has no suffix; 2027-10-31 02:30 CET (+01:00) is the later "
            + "instance of a wall time that happens twice, whose key ends in ~2 under 'repeated: both') (its planned as expected)", "\(key?.actual ?? "")")
    }

    /// A launch refused before its floor, whose occurrence a later launch ran, is told that moving it would leave that
    /// launch nothing due, and how to write a launch meant to come too early (a message review moved the step as told
    /// and the next launch was refused instead). Berlin is at +01:00 on 2027-03-27 (zoneinfo): 02:30 is 01:30Z, the
    /// launches at 02:00 and 03:00 are 01:00Z and 02:00Z. Without the later launch nothing is added, nor when `errors`
    /// lists the refusal already (`aCompletedListCountingARefusedLaunchStepNamesThatStep`).
    @Test func aRefusedLaunchWhoseOccurrenceALaterLaunchRanIsToldWhatMovingItDoes() async throws {
        func message(_ steps: String, completed: String = "[true, true]") async throws -> String {
            let (_, body) = try Self.scenario("""
                spec: Early
                task: {identifier: com.example.app.refresh, kind: refresh}
                schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
                clock: 2027-03-27T00:00:00+01:00
                steps:
                \(steps)
                expect:
                  completed: \(completed)
                """)
            let verdict = await LifecycleExecutor().execute(body)
            #expect(verdict.status == .failed)
            return verdict.message ?? ""
        }
        let told = try await message("""
              - {at: 2027-03-27T02:00:00+01:00, launch: com.example.app.refresh}
              - {at: 2027-03-27T03:00:00+01:00, launch: com.example.app.refresh}
            """)
        #expect(told.contains("the system never starts a task earlier; the launch at 2027-03-27 03:00 CET (+01:00) [2027-03-27T02:00:00Z] "
            + "(line 7) ran that occurrence, so this one moved to or after the floor would leave that launch nothing due: if this launch "
            + "is meant to come too early, list launch-before-earliest-begin in 'errors'"), "\(told)")
        #expect(!told.contains("move the step to or after it"), "\(told)")
        let alone = try await message("""
              - {at: 2027-03-27T02:00:00+01:00, launch: com.example.app.refresh}
            """, completed: "[true]")
        #expect(alone.contains("so move the step to or after it"), "\(alone)")
        #expect(!alone.contains("ran that occurrence"), "\(alone)")
        // A later launch that caught up another day too keeps it due once this one moves: the move is the fix (a third
        // review's: a launch on 03-29 at 03:00 CEST runs 03-27's 02:30 and 03-29's, 03-28's not existing under skip).
        let twoDays = try await message("""
              - {at: 2027-03-27T02:00:00+01:00, launch: com.example.app.refresh}
              - {at: 2027-03-29T03:00:00+02:00, launch: com.example.app.refresh}
            """)
        #expect(twoDays.contains("so move the step to or after it"), "\(twoDays)")
        #expect(!twoDays.contains("ran that occurrence"), "\(twoDays)")
        // Listed once and raised twice, the refusals are told how to write a launch meant to come too early (a second
        // review round's second early launch was told only to move the step). 03-29 02:30 is +02:00 (00:30Z).
        let (_, twice) = try Self.scenario("""
            spec: Early twice
            task: {identifier: com.example.app.refresh, kind: refresh}
            schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            clock: 2027-03-27T00:00:00+01:00
            steps:
              - {at: 2027-03-27T02:00:00+01:00, launch: com.example.app.refresh}
              - {at: 2027-03-27T03:00:00+01:00, launch: com.example.app.refresh}
              - {at: 2027-03-29T02:00:00+02:00, launch: com.example.app.refresh}
              - {at: 2027-03-29T03:00:00+02:00, launch: com.example.app.refresh}
            expect:
              completed: [true, true]
              errors: [launch-before-earliest-begin]
            """)
        let twiceMessage = await LifecycleExecutor().execute(twice).message ?? ""
        #expect(twiceMessage.contains("(line 9) ran that occurrence, so this one moved to or after the floor would leave that launch nothing "
            + "due: if this launch is meant to come too early, list launch-before-earliest-begin in 'errors'"), "\(twiceMessage)")
    }

    /// A run of a date an earlier run completed under another version says so, naming the change that set its version
    /// (a lifecycle review saw a day run twice after a time moved later with a new version, and nothing named the
    /// version). Berlin is at +02:00 on 03-29 and 03-30 (zoneinfo): 02:30 is 00:30Z, 04:00 is 02:00Z. The version
    /// raised alone leaves 03-29's new key before the last completion (nothing runs twice), and the time moved alone
    /// keeps 03-29's key (the launch at 04:01 is refused); a later change that keeps the version is not named.
    @Test func aRunOfADateAnotherVersionRanNamesTheVersionChange() async throws {
        func reasons(_ changes: String, completed: String, errors: String) async throws -> [String?] {
            let (_, body) = try Self.scenario("""
                spec: Version
                task: {identifier: com.example.app.refresh, kind: refresh}
                schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
                clock: 2027-03-29T00:00:00+02:00
                steps:
                  - {at: 2027-03-29T02:31:00+02:00, launch: com.example.app.refresh}
                \(changes)
                  - {at: 2027-03-29T04:01:00+02:00, launch: com.example.app.refresh}
                  - {at: 2027-03-30T04:01:00+02:00, launch: com.example.app.refresh}
                expect:
                  completed: \(completed)
                  errors: \(errors)
                """)
            let verdict = await LifecycleExecutor().execute(body)
            #expect(verdict.status == .passed, "\(verdict.message ?? "")")
            return try #require(verdict.lifecycle).runs.map(\.reason)
        }
        let again = "2027-03-29 ran before as nightly-sync/v1/2027-03-29 (run 1): the change at line 7 set version 2, a new key for every date"
        #expect(try await reasons("""
              - {at: 2027-03-29T03:00:00+02:00, change-schedule: {rule: {every: day, at: "04:00"}, version: 2}}
            """, completed: "[true, true, true]", errors: "[]") == [nil, again, nil])
        #expect(try await reasons("""
              - {at: 2027-03-29T03:00:00+02:00, change-schedule: {version: 2}}
              - {at: 2027-03-29T03:30:00+02:00, change-schedule: {rule: {every: day, at: "04:00"}}}
            """, completed: "[true, true, true]", errors: "[]") == [nil, again, nil])
        #expect(try await reasons("""
              - {at: 2027-03-29T03:00:00+02:00, change-schedule: {version: 2}}
            """, completed: "[true, true]", errors: "[launch-before-earliest-begin]") == [nil, nil])
        #expect(try await reasons("""
              - {at: 2027-03-29T03:00:00+02:00, change-schedule: {rule: {every: day, at: "04:00"}}}
            """, completed: "[true, true]", errors: "[launch-before-earliest-begin]") == [nil, nil])
    }

    /// A run of a date whose run under the old version failed is not told the date ran before: a failed run leaves its
    /// date due under any key (mutation run 19's E3 named the version change as the cause). zoneinfo: Berlin is at
    /// +02:00 from 2027-03-28, so 02:30 on 03-29 is 00:30Z; the launch at 09:00 CEST (07:00Z) runs it under v2.
    @Test func aRunOfADateWhoseEarlierRunFailedIsNotToldItRanBefore() async throws {
        let (_, body) = try Self.scenario("""
            spec: Version after a failure
            task: {identifier: com.example.app.refresh, kind: refresh}
            schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            clock: 2027-03-29T00:00:00+02:00
            steps:
              - {at: 2027-03-29T02:31:00+02:00, launch: com.example.app.refresh, fail: {stage: download, error: network}}
              - {at: 2027-03-29T03:00:00+02:00, change-schedule: {version: 2}}
              - {at: 2027-03-29T09:00:00+02:00, launch: com.example.app.refresh}
            expect:
              completed: [false, true]
            """)
        let verdict = await LifecycleExecutor().execute(body)
        #expect(verdict.status == .passed, "\(verdict.message ?? "")")
        let runs = try #require(verdict.lifecycle).runs
        #expect(runs.map(\.key) == ["nightly-sync/v1/2027-03-29", "nightly-sync/v2/2027-03-29"], "\(runs)")
        #expect(runs.last?.reason == nil, "\(runs)")
    }

    @Test func aStaleRequestNamesTheLatestChangeWhoseScheduleGaveIt() async throws {
        func reasons(_ app: String, _ steps: String) async throws -> [String?] {
            let (_, body) = try Self.scenario("""
                spec: Kept
                task: {identifier: com.example.app.refresh, kind: refresh}
                job: {items: ["42"]}
                app: {on-schedule-change: \(app)}
                schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
                clock: 2027-03-29T00:00:00+02:00
                steps:
                  - {at: 2027-03-29T02:31:00+02:00, launch: com.example.app.refresh}
                \(steps)
                  - {at: 2027-03-30T02:31:00+02:00, launch: com.example.app.refresh}
                expect:
                  completed: [true, true]
                  errors: \(app == "resubmit" ? "[unavailable]" : "[]")
                """)
            let verdict = await LifecycleExecutor().execute(body)
            #expect(verdict.status == .passed, "\(verdict.message ?? "")")
            return try #require(verdict.lifecycle).runs.map(\.reason)
        }
        let stale = "nothing due: its request was for 2027-03-30 02:30 CEST (+02:00), an occurrence of the Europe/Berlin schedule before the change at line "
        let kept = ", which the app kept (on-schedule-change: keep-pending)"
        #expect(try await reasons("keep-pending", """
              - {at: 2027-03-29T12:00:00+02:00, change-schedule: {nonexistent: shift-forward}}
              - {at: 2027-03-29T13:00:00+02:00, change-schedule: {timezone: America/New_York}}
            """) == [nil, stale + "10" + kept])
        #expect(try await reasons("keep-pending", """
              - {at: 2027-03-29T12:00:00+02:00, change-schedule: {timezone: America/New_York}}
              - {at: 2027-03-29T13:00:00+02:00, change-schedule: {rule: {every: day, at: "04:00"}}}
            """) == [nil, stale + "9" + kept])
        #expect(try await reasons("keep-pending", """
              - {at: 2027-03-30T02:31:00+02:00, change-schedule: {timezone: America/New_York}}
            """) == [nil, stale + "9" + kept])
        #expect(try await reasons("keep-pending", """
              - {at: 2027-03-29T12:00:00+02:00, change-schedule: {timezone: America/New_York, rule: {every: day, at: "20:30"}}}
            """) == [nil, nil])
        #expect(try await reasons("resubmit", """
              - {at: 2027-03-29T11:00:00+02:00, availability: refresh-disabled}
              - {at: 2027-03-29T12:00:00+02:00, change-schedule: {timezone: America/New_York}}
              - {at: 2027-03-29T13:00:00+02:00, availability: available}
            """) == [nil, stale + "10"])
    }

    /// A retry's delay of an hour and a minute is written `1h1m` (mutation run 16's L2 survived the minutes left out
    /// when they are exactly one: the delays pinned were 15m, 30m and 1h). Berlin is at +02:00 in June (zoneinfo), so
    /// 02:31 is 00:31Z and the floor 03:32.
    @Test func aRetryFloorOfAnHourAndAMinuteIsWrittenSo() async throws {
        let (_, body) = try Self.scenario("""
            spec: Backoff
            task: {identifier: com.example.app.refresh, kind: refresh}
            schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            app:
              retry: {backoff: constant, delay: 61m}
            clock: 2027-06-08T20:00:00+02:00
            steps:
              - {at: 2027-06-09T02:31:00+02:00, launch: com.example.app.refresh, fail: {stage: download, error: http-503}}
              - {at: 2027-06-09T03:01:00+02:00, launch: com.example.app.refresh}
            expect:
              completed: [false]
            """)
        let message = await LifecycleExecutor().execute(body).message ?? ""
        #expect(message.contains("(the app's retry after 1 failed attempt, 1h1m after its launch at 2027-06-09 02:31 CEST (+02:00) "
            + "[2027-06-09T00:31:00Z], as retry's constant backoff gives)"), "\(message)")
    }

    /// How a request was lost is said only while it is so: a submit accepted since forgets the cancel and the refused
    /// submit (a later loss, the app submitting nothing after a run, gets the usual sentence), a submit refused while a
    /// request stayed pending lost nothing, and `cancel: all` is a cancel too. Mutation run 16's S1, S2, S3 and S5
    /// survived: only a loss told before an accepted submit, by a `cancel:` of one identifier, was pinned. Berlin is at
    /// +02:00 in June (zoneinfo).
    @Test func aLaunchIsToldHowItsRequestWasLostOnlyWhileItIsSo() async throws {
        func message(_ steps: String, _ completed: String) async throws -> String {
            let (_, body) = try Self.scenario("""
                spec: Lost
                task: {identifier: com.example.app.refresh, kind: refresh}
                app: {resubmits: false}
                clock: 2027-06-08T20:00:00+02:00
                steps:
                \(steps)
                expect:
                  completed: \(completed)
                """)
            return await LifecycleExecutor().execute(body).message ?? ""
        }
        let usual = "com.example.app.refresh has no pending request, so the system cannot launch it; submit (or resubmit after each run) a request"
        let forgotten = try await message("""
              - {at: 2027-06-08T22:00:00+02:00, availability: refresh-disabled}
              - {at: 2027-06-09T08:00:01+02:00, cancel: com.example.app.refresh}
              - {at: 2027-06-09T08:00:02+02:00, submit: com.example.app.refresh}
              - {at: 2027-06-09T12:00:00+02:00, availability: available}
              - {at: 2027-06-10T08:00:00+02:00, submit: com.example.app.refresh}
              - {at: 2027-06-10T09:00:00+02:00, launch: com.example.app.refresh}
              - {at: 2027-06-11T09:00:00+02:00, launch: com.example.app.refresh}
            """, "[true]")
        #expect(forgotten.contains("no-pending-request at step 7") && forgotten.contains(usual), "\(forgotten)")
        let refusedWhilePending = try await message("""
              - {at: 2027-06-08T22:00:00+02:00, availability: refresh-disabled}
              - {at: 2027-06-08T22:30:00+02:00, submit: com.example.app.refresh}
              - {at: 2027-06-09T00:00:00+02:00, availability: available}
              - {at: 2027-06-09T02:31:00+02:00, launch: com.example.app.refresh}
              - {at: 2027-06-10T02:31:00+02:00, launch: com.example.app.refresh}
            """, "[true]")
        #expect(refusedWhilePending.contains("no-pending-request at step 5") && refusedWhilePending.contains(usual), "\(refusedWhilePending)")
        let cancelledAll = try await message("""
              - {at: 2027-06-08T21:30:00+02:00, cancel: all}
              - {at: 2027-06-09T02:31:00+02:00, launch: com.example.app.refresh}
            """, "[]")
        #expect(cancelledAll.contains("com.example.app.refresh has no pending request, so the system cannot launch it: its request was cancelled "
            + "at 2027-06-08 21:30 (+02:00) [2027-06-08T19:30:00Z]; a request is pending only once a submit is accepted"), "\(cancelledAll)")
    }
}
