import Foundation
import Recurrence
import SpecDiagnostics
import SpecModel
import SpecResults
import Synchronization
import Testing
@testable import SpecRunner

/// Stopping: an interruption before or during the run, and the failure budget.
@Suite struct PlanExecutionTests {
    /// `count` specs with one case each: daily noon in UTC, searched from midnight (the answer is that noon).
    /// `failing` of them expect 13:00 instead, so they fail.
    static func instant(_ text: String) -> InstantLiteral {
        InstantLiteral(date: ISO8601DateFormatter().date(from: text)!, text: text, writtenOffset: 0,
                       location: SourceLocation(file: "p.yaml", line: 1, column: 1))
    }

    static func plan(_ count: Int, failing: Set<Int> = [], described: Bool = false) throws -> TestPlan {
        let schedule = ScheduleSpec(
            id: "noon", version: 1, timeZone: TimeZone(identifier: "UTC")!,
            rule: .daily(at: TimeOfDay(hour: 12, minute: 0)!), nonexistent: .skip, repeated: .first, limit: 10_000,
            location: SourceLocation(file: "p.yaml", line: 2, column: 1))
        let specs = (0..<count).map { index in
            let after = instant("2027-01-01T00:00:00Z")
            let next = instant(failing.contains(index) ? "2027-01-01T13:00:00Z" : "2027-01-01T12:00:00Z")
            var spec = CaseSpec(name: "noon", location: SourceLocation(file: "p.yaml", line: index * 10 + 5, column: 5), after: after, next: [next])
            if described { spec.description = "the noon case" }
            return Spec(
                name: "Spec \(index)", location: SourceLocation(file: "p.yaml", line: index * 10 + 1, column: 1),
                description: described ? "Why Spec \(index) exists" : nil,
                body: .recurrence(RecurrenceSpec(schedule: schedule, window: nil, expect: nil, cases: [spec])))
        }
        return TestPlan(specs: specs, engines: nil)
    }

    /// The system refusing threads (a low `ulimit -v` or `ulimit -u`) left the run waiting for its workers for ever.
    @Test func threadsTheSystemRefusesEndTheRunWithEveryTestNotRunAndFewerStillRunThePlan() throws {
        let plan = try Self.plan(6)
        let (refusedAll, stop) = PlanExecution(runner: SpecRunner(), settings: .init(jobs: 2, startThread: { _ in EAGAIN })).run(plan)
        #expect(stop == .noThreads(EAGAIN))
        #expect(refusedAll.map(\.status) == Array(repeating: .notRun, count: 6))
        #expect(refusedAll.allSatisfy { $0.message == "no worker thread could be started (Resource temporarily unavailable)" })
        // The second of four threads refused: the one that started runs every test.
        let granted = Atomic<Int>(0)
        let (results, fewer) = PlanExecution(runner: SpecRunner(), settings: .init(jobs: 4, startThread: { body in
            guard granted.add(1, ordering: .relaxed).newValue == 1 else { return EAGAIN }
            return WorkerThread.start(body)
        })).run(plan)
        #expect(fewer == nil)
        #expect(results.map(\.status) == Array(repeating: .passed, count: 6))
    }

    /// Time the process did not run (a look of the coordinator's more than a second after the last) is not charged to
    /// the tests running; a usual look changes nothing.
    @Test func timeTheProcessWasStoppedIsNotChargedToTheRunningTests() {
        let second: UInt64 = 1_000_000_000
        #expect(PlanExecution.uncharged([0: 5 * second, 3: 7 * second], lastLook: 10 * second, now: 10 * second + 60_000_000)
            == [0: 5 * second, 3: 7 * second])
        #expect(PlanExecution.uncharged([0: 5 * second, 3: 7 * second], lastLook: 10 * second, now: 70 * second)
            == [0: 65 * second - 50_000_000, 3: 67 * second - 50_000_000])
        #expect(PlanExecution.uncharged([0: 5 * second], lastLook: 10 * second, now: 9 * second) == [0: 5 * second])
        // A test that started after the last look is credited at most its own time, never a start past now.
        #expect(PlanExecution.uncharged([0: 12 * second], lastLook: 10 * second, now: 16 * second) == [0: 16 * second])
    }

    /// The spec's and the case's `description:` reach every result, a test that ran and one that did not.
    @Test func resultsCarryTheSpecsAndTheCasesDescriptions() throws {
        let plan = try Self.plan(2, described: true)
        for stop in [false, true] {
            let (results, _) = PlanExecution(runner: SpecRunner(), settings: .init(jobs: 1, shouldStop: { stop })).run(plan)
            #expect(results.map(\.status) == Array(repeating: stop ? .notRun : .passed, count: 2))
            #expect(results.map(\.description) == ["Why Spec 0 exists", "Why Spec 1 exists"])
            #expect(results.map(\.caseDescription) == ["the noon case", "the noon case"])
        }
    }

    @Test func aStopRequestedBeforeTheRunStartsNothingAndMarksEveryTestNotRun() throws {
        let plan = try Self.plan(5)
        let (results, stop) = PlanExecution(runner: SpecRunner(), settings: .init(jobs: 2, shouldStop: { true })).run(plan)
        #expect(stop == .interrupted)
        #expect(results.map(\.status) == Array(repeating: .notRun, count: 5))
        #expect(results.allSatisfy { $0.message == "the run was interrupted" })
        #expect(results.map(\.id) == plan.items.map(\.id))
    }

    @Test func aStopRequestedMidRunKeepsWhatFinishedAndStartsNothingMore() throws {
        let plan = try Self.plan(200)
        let polls = Atomic<Int>(0)
        // As the signal trap does: the flag flips once and stays, here on the sixth look (each worker looks before
        // it starts an item, the coordinator as it polls), so some items finished before it.
        let settings = PlanExecution.Settings(
            jobs: 1, shouldStop: { polls.add(1, ordering: .relaxed).newValue > 5 })
        let (results, stop) = PlanExecution(runner: SpecRunner(), settings: settings).run(plan)
        #expect(stop == .interrupted)
        let passed = results.prefix { $0.status == .passed }.count
        #expect(passed >= 1)
        #expect(passed < 200, "the run stopped before the end")
        #expect(results.dropFirst(passed).allSatisfy { $0.status == .notRun })
    }

    /// The last count is reported even when the workers finished every test before the coordinator looked again: a
    /// progress line on a busy machine showed nothing, because a run of three quick tests ended between two looks.
    /// Here the first report holds the coordinator for half a second while the worker runs all three (milliseconds).
    @Test func theLastCountIsReportedEvenWhenTheWorkersFinishedBeforeTheNextLook() throws {
        let plan = try Self.plan(3)
        let counts = Mutex<[Int]>([])
        let settings = PlanExecution.Settings(jobs: 1, progress: { done, _ in
            let first = counts.withLock { $0.append(done); return $0.count == 1 }
            if first { Thread.sleep(forTimeInterval: 0.5) }
        })
        let (results, _) = PlanExecution(runner: SpecRunner(), settings: settings).run(plan)
        #expect(results.allSatisfy { $0.status == .passed })
        #expect(counts.withLock { $0.last } == 3)
    }

    @Test func theFailureBudgetStopsStartingTestsAndSaysWhy() throws {
        let plan = try Self.plan(10, failing: [1])
        let (results, stop) = PlanExecution(runner: SpecRunner(), settings: .init(jobs: 1, maxFailures: 1)).run(plan)
        #expect(stop == .failureBudget(1))
        #expect(results[0].status == .passed)
        #expect(results[1].status == .failed)
        let notRun = results.filter { $0.status == .notRun }
        #expect(!notRun.isEmpty)
        #expect(notRun.allSatisfy { $0.message == "the run stopped after 1 failure (--max-failures / --fail-fast)" })
        #expect(results.count == 10)
    }

    /// The budget is counted in plan order: with any number of jobs the run stops where `--jobs 1` stops, at the
    /// item that makes the count, with exactly that many failures and every later item not run. (Counted as
    /// results came in, ten runs at `--jobs 64` stopped in ten places, up to 49 failures under `--max-failures 20`.)
    @Test(arguments: [1, 2, 8, 64])
    func theFailureBudgetStopsWhereOneJobStopsWhateverTheJobs(_ jobs: Int) throws {
        let failing: Set<Int> = [2, 5, 9, 40, 41, 77, 120, 121, 122, 180, 199]
        let plan = try Self.plan(200, failing: failing)
        for _ in 0..<5 {
            let (results, stop) = PlanExecution(runner: SpecRunner(), settings: .init(jobs: jobs, maxFailures: 4)).run(plan)
            #expect(stop == .failureBudget(4))
            // The fourth failing item in plan order is 40: everything up to it ran, nothing after it counts.
            #expect(results.map(\.status) == (0..<200).map { $0 > 40 ? .notRun : failing.contains($0) ? .failed : .passed })
            #expect(results.filter { $0.status == .failed }.count == 4)
            #expect(results.map(\.id) == plan.items.map(\.id))
        }
    }

    @Test func withoutAStopEveryTestRunsInPlanOrder() throws {
        let plan = try Self.plan(12, failing: [3, 7])
        let (results, stop) = PlanExecution(runner: SpecRunner(), settings: .init(jobs: 3)).run(plan)
        #expect(stop == nil)
        #expect(results.map(\.id) == plan.items.map(\.id))
        #expect(results.map(\.status) == (0..<12).map { [3, 7].contains($0) ? .failed : .passed })
    }
}
