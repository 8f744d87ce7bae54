import Foundation
import SpecModel
import SpecResults
@testable import SpecRunner
import Testing

/// How a scenario's `expect` is judged where the fifth mutation run (docs/testing.md) found nothing that could fail:
/// the long form of `pending-requests` (each request's earliest begin, compared with that task's own request; the
/// identifiers in any order), the note on `defects` raised in another order, and the broken-invariant hint of a spec
/// that lists its defects.
@Suite struct ExpectationJudgementTests {
    /// Two requests pending at the end: the processing task's from 09:00, the refresh task's from 10:00 (Berlin,
    /// +02:00 on 2027-03-29); `PENDING` is the spec's `pending-requests:`.
    static func twoPendingRequests(_ pending: String) -> String {
        """
        spec: Two requests pending
        task:
          - {identifier: com.example.app.refresh, kind: refresh}
          - {identifier: com.example.app.processing, kind: processing}
        app:
          submits-at-startup: false
        clock: 2027-03-29T08:00:00+02:00
        steps:
          - {at: 2027-03-29T08:05:00+02:00, submit: com.example.app.processing, earliest-begin: 2027-03-29T09:00:00+02:00}
          - {at: 2027-03-29T08:10:00+02:00, submit: com.example.app.refresh, earliest-begin: 2027-03-29T10:00:00+02:00}
        expect:
          pending-requests: \(pending)

        """
    }

    static let refresh = "{identifier: com.example.app.refresh, earliest-begin: 2027-03-29T10:00:00+02:00}"
    static let processing = "{identifier: com.example.app.processing, earliest-begin: 2027-03-29T09:00:00+02:00}"

    /// Each request's earliest begin is compared with that task's request, whichever is listed first, and the
    /// identifiers in any order.
    @Test(arguments: [
        "[\(refresh), \(processing)]",
        "[\(processing), \(refresh)]",
        "[com.example.app.refresh, com.example.app.processing]",
        "[com.example.app.processing, com.example.app.refresh]",
    ])
    func eachRequestsEarliestBeginIsItsOwnInAnyOrder(_ pending: String) async throws {
        let (_, body) = try LifecycleExecutorTests.scenario(Self.twoPendingRequests(pending))
        let verdict = await LifecycleExecutor().execute(body)
        #expect(verdict.status == .passed, "\(verdict.message ?? "")")
    }

    /// A written earliest begin that is not the request's fails, named by the task, with both instants in the zone.
    @Test func aWrongEarliestBeginFailsAndSaysWhich() async throws {
        let wrong = Self.refresh.replacingOccurrences(of: "10:00:00", with: "10:30:00")
        let (_, body) = try LifecycleExecutorTests.scenario(Self.twoPendingRequests("[\(Self.processing), \(wrong)]"))
        let verdict = await LifecycleExecutor().execute(body)
        #expect(verdict.status == .failed)
        #expect(verdict.message == "1 expectation not met (pending-requests[com.example.app.refresh].earliest-begin)")
        let failed = verdict.lifecycle?.expectations.filter { !$0.passed }
        #expect(failed?.map(\.name) == ["pending-requests[com.example.app.refresh].earliest-begin"])
        #expect(failed?.first?.expected.hasPrefix("2027-03-29T10:30:00+02:00") == true, "\(failed ?? [])")
        #expect(failed?.first?.actual == "2027-03-29T10:00:00+02:00", "\(failed ?? [])")
    }

    /// Defects are compared in the order they were raised; the same two in another order say so.
    /// A dedup key that differs only in its version says so; any other difference does not.
    @Test func aKeyOfAnotherVersionSaysItIsOnlyTheVersion() {
        #expect(LifecycleJudgement.versionNote(expected: "nightly/v1/2027-03-21", actual: "nightly/v2/2027-03-21")
            .hasPrefix(" (only the version differs: the run caught up under v2;"))
        #expect(LifecycleJudgement.versionNote(expected: "nightly/v1/2027-03-21", actual: "nightly/v1/2027-03-22").isEmpty)
        // Another version and another date: not only the version (mutation A30, the dates not compared, said it was).
        #expect(LifecycleJudgement.versionNote(expected: "nightly/v1/2027-03-21", actual: "nightly/v2/2027-03-22").isEmpty)
        #expect(LifecycleJudgement.versionNote(expected: "nightly/v1/2027-03-21", actual: "daily/v2/2027-03-21").isEmpty)
        #expect(LifecycleJudgement.versionNote(expected: "sync/c-2bd2631809bb7bf4", actual: nil).isEmpty)
        // An id may hold '/' and even '/v<N>' (the hunt): only the part before the date is the version.
        #expect(LifecycleJudgement.versionNote(expected: "team/v3/v1/2027-04-01", actual: "team/v2/v1/2027-04-01").isEmpty)
        #expect(LifecycleJudgement.versionNote(expected: "team/v2/v3/2027-04-01", actual: "team/v2/v1/2027-04-01")
            .hasPrefix(" (only the version differs: the run caught up under v1;"))
        #expect(LifecycleJudgement.versionNote(expected: "nightly/v01/2027-03-21", actual: "nightly/v1/2027-03-21").isEmpty)
        #expect(LifecycleJudgement.versionNote(expected: "nightly/v-1/2027-03-21", actual: "nightly/v1/2027-03-21").isEmpty)
        #expect(LifecycleJudgement.versionNote(expected: "nightly/v1/2027-03-21~2", actual: "nightly/v2/2027-03-21~2").isEmpty == false)
    }

    @Test func defectsInAnotherOrderSaySo() async throws {
        let (_, body) = try LifecycleExecutorTests.scenario("""
            spec: Expiration ignored
            task: {identifier: com.example.app.refresh, kind: refresh}
            job:
              items: ["42", "43"]
              flaws: [long-transaction]
            app:
              adapter: ignores-expiration
            clock: 2027-03-29T08:00:00+02:00
            steps:
              - {at: 2027-03-29T09:00:00+02:00, launch: com.example.app.refresh, expire: during parse}
            expect:
              completed: [killed]
              defects: [open-transaction-at-suspension, work-after-expiration]
              broken-invariants: [no-open-transaction-at-suspension, expiration-honoured]

            """)
        let verdict = await LifecycleExecutor().execute(body)
        let failed = verdict.lifecycle?.expectations.filter { !$0.passed }
        #expect(failed?.map(\.name) == ["defects"])
        #expect(failed?.map(\.actual) == [
            "[work-after-expiration, open-transaction-at-suspension] (the same defects in another order: they are compared in the order they were raised)",
        ])
    }

    /// The hint of a broken invariant names the defects only when the spec lists none: listed, they are its own.
    @Test func aBrokenInvariantsHintLeavesOutTheDefectsTheSpecLists() async throws {
        let (_, body) = try LifecycleExecutorTests.scenario(LifecycleExecutorTests.expirationRacesCompletion + "  defects: [completed-twice]\n")
        let verdict = await LifecycleExecutor().execute(body)
        #expect(verdict.status == .failed)
        #expect(verdict.message == """
            1 invariant broken (one-completion-per-launch)
            if this scenario documents the bug, expect it: broken-invariants: [one-completion-per-launch]
            """)
    }

    /// The hint names every broken invariant, those the spec lists too: it is the list that passes when applied as
    /// written (a review's hint named only the missing one, and applying it failed the other way).
    @Test func aBrokenInvariantsHintIsTheWholeListThatPasses() async throws {
        let spec = """
            spec: A split write that faults
            task: {identifier: com.example.app.refresh, kind: refresh}
            job: {items: ["1"], flaws: [split-write]}
            clock: 2027-03-29T08:00:00+02:00
            steps:
              - {at: 2027-03-29T09:00:00+02:00, launch: com.example.app.refresh, fail: {stage: write, error: disk-full}}
            expect:
              completed: [false]

            """
        let (_, listingOne) = try LifecycleExecutorTests.scenario(spec + "  broken-invariants: [store-changes-together]\n")
        let verdict = await LifecycleExecutor().execute(listingOne)
        let hint = try #require(verdict.message?.split(separator: "\n").first { $0.hasPrefix("if this scenario documents the bug") })
        let written = try #require(hint.range(of: "expect it: ").map { String(hint[$0.upperBound...]) })
        #expect(written == "broken-invariants: [store-changes-together, old-data-readable-during-fault]")
        let (_, applied) = try LifecycleExecutorTests.scenario(spec + "  \(written)\n")
        #expect(await LifecycleExecutor().execute(applied).status == .passed)
    }
}
