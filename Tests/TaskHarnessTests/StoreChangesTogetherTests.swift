import Foundation
import Testing
@testable import TaskHarness

/// `store-changes-together` (harness-model.md: items, cursor and updated-at change together or not at all), on
/// hand-made records: no flaw of `SyncJob` commits without writing updated-at, so no scenario reaches these.
///
/// Written for mutation testing (docs/testing.md, H16): the check reduced to "updated-at is set" failed no test.
@Suite struct StoreChangesTogetherTests {
    static let before = instant("2027-03-29T02:31:00+02:00")
    static let launchTime = instant("2027-03-30T02:31:00+02:00")

    static func check(after: StoreSnapshot) -> InvariantCheck {
        let launch = LaunchRecord(
            number: 2, identifier: Fixture.refresh, kind: .refresh, process: 1, planned: nil, actual: launchTime,
            state: .completed(success: true, bySystem: false), completionCalls: [true])
        var run = JobRunRecord(launch: 2, identifier: Fixture.refresh, plan: LaunchPlan())
        run.storeBefore = StoreSnapshot(items: ["42"], cursor: "c-1", updatedAt: before, commits: 1, runKey: "k1")
        run.storeAfter = after
        run.expectedCursor = "c-2"
        run.committed = true
        return LifecycleInvariants(
            launches: [launch], runs: [run], duplicateItems: [], sideEffects: [], completions: [], catchUp: nil,
            pendingTimers: [], defects: []
        ).storeChangesTogether()
    }

    @Test func aCommitWithItsOwnCursorAndUpdatedAtHolds() {
        let check = Self.check(after: StoreSnapshot(items: ["42", "43"], cursor: "c-2", updatedAt: Self.launchTime, commits: 2, runKey: "k2"))
        #expect(check.passed)
    }

    @Test func aCommitThatKeepsTheOldUpdatedAtBreaksIt() {
        let check = Self.check(after: StoreSnapshot(items: ["42", "43"], cursor: "c-2", updatedAt: Self.before, commits: 2, runKey: "k2"))
        #expect(!check.passed)
        #expect(check.detail == "launch #2 com.example.app.refresh committed but updated-at is 2027-03-29T00:31:00Z, not the launch's 2027-03-30T00:31:00Z")
    }

    @Test func aCommitThatKeepsTheOldCursorBreaksIt() {
        let check = Self.check(after: StoreSnapshot(items: ["42", "43"], cursor: "c-1", updatedAt: Self.launchTime, commits: 2, runKey: "k2"))
        #expect(!check.passed)
        #expect(check.detail == "launch #2 com.example.app.refresh committed but the cursor is c-1, not the batch's c-2")
    }
}
