import Foundation
import SpecDiagnostics
import SpecResults

/// Runs plan items on worker threads, keeps results in plan order, and enforces the per-item timeout,
/// the failure budget and an external stop request (a signal).
///
/// A timed-out item is reported as an error and a fresh worker takes its place; the stuck thread's late
/// result is discarded (its work is bounded by the run's limits, so it ends on its own). Items never started
/// when the run stops are reported as `not-run`. An interruption does not wait for running items: they too are
/// reported `not-run`, and their threads' results discarded.
///
/// The failure budget (`--max-failures`, `--fail-fast`) is counted in plan order, so a run stops where `--jobs 1`
/// stops whatever its jobs: at the item whose result makes the budget's count of failures and errors among the
/// items before it, all finished. Items after that one are reported `not-run`, those already running abandoned and
/// those already finished not counted. (Counted as results came in, ten runs of one suite at `--jobs 64` stopped
/// in ten places, with up to 49 failures under `--max-failures 20`: a CI maintainer's determinism review.)
///
/// Workers take items from alternate ends of the plan (from its front only under a failure budget, which must
/// reach its items in order): neighbouring items usually share a file and a zone, and two
/// workers on the same zone contended for its shared data (zone tables, Foundation's zone lock): taking from both
/// ends made a 10,000-spec run about 10 % faster on 2 cores (bench/specrun-bench, section end-to-end). Results
/// stay in plan order.
public struct PlanExecution: Sendable {
    public struct Settings: Sendable {
        /// Worker threads (at least 1).
        public var jobs: Int
        /// Seconds one item may run before it is reported as an error; nil for no limit.
        public var timeout: Double?
        /// Stop starting new items after this many failed or errored items.
        public var maxFailures: Int?
        /// Polled while running: true once the run must stop (SIGINT / SIGTERM).
        public var shouldStop: @Sendable () -> Bool
        /// Called on the coordinating thread with (finished, total) as items complete, at most every 50 ms or so.
        public var progress: @Sendable (Int, Int) -> Void
        /// Called once, on the worker that finished the first item, before that worker starts another: where a test
        /// of the command line stops the process "mid-run". The coordinator's `progress` can come a hundred items
        /// later on a loaded machine, since it is woken by a thread the scheduler may run late.
        public var firstResult: @Sendable () -> Void
        /// Starts a worker thread: 0, or the errno of the system's refusal (`WorkerThread.start`; a test refuses).
        public var startThread: @Sendable (@escaping @Sendable () -> Void) -> Int32

        public init(
            jobs: Int = 1, timeout: Double? = nil, maxFailures: Int? = nil,
            shouldStop: @escaping @Sendable () -> Bool = { false },
            progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in },
            firstResult: @escaping @Sendable () -> Void = {},
            startThread: @escaping @Sendable (@escaping @Sendable () -> Void) -> Int32 = { WorkerThread.start($0) }
        ) {
            self.startThread = startThread
            self.jobs = max(1, jobs)
            self.timeout = timeout
            self.maxFailures = maxFailures
            self.shouldStop = shouldStop
            self.progress = progress
            self.firstResult = firstResult
        }
    }

    public var runner: SpecRunner
    public var settings: Settings

    public init(runner: SpecRunner, settings: Settings) {
        self.runner = runner
        self.settings = settings
    }

    /// Why the run ended early, if it did.
    public enum Stop: Sendable, Equatable {
        case interrupted
        case failureBudget(Int)
        /// The system refused every worker thread (its errno): nothing could run.
        case noThreads(Int32)
    }

    public func run(_ plan: TestPlan) -> (results: [TestResult], stop: Stop?) {
        let state = SharedState(count: plan.items.count)
        let clock = runner.options.monotonicNanoseconds
        let workers = min(settings.jobs, max(1, plan.items.count))
        // Fewer threads than asked for still run the plan; none at all ends the run with every test not run.
        var refusal: Int32 = 0
        var started = 0
        for _ in 0..<workers {
            refusal = startWorker(plan, state)
            if refusal != 0 { break }
            started += 1
        }
        if started == 0 && !plan.items.isEmpty {
            state.condition.lock()
            state.stopReason = .noThreads(refusal)
            state.condition.unlock()
        }

        var lastReported = -1
        var lastLook = clock()
        state.condition.lock()
        while state.completed < plan.items.count {
            if state.stopReason != .interrupted && settings.shouldStop() {
                state.stopReason = .interrupted
            }
            if state.stopReason == .interrupted {
                state.running.removeAll()
                for thread in state.threads.values { WorkerCancellation.cancel(thread) }
                state.threads.removeAll()
                break
            }
            if state.idleWorkers == state.workers && state.stopReason != nil { break }
            if let timeout = settings.timeout {
                let now = clock()
                state.running = Self.uncharged(state.running, lastLook: lastLook, now: now)
                lastLook = now
                for (index, started) in state.running where Double(now &- started) / 1e9 > timeout {
                    state.running[index] = nil
                    // The thread cannot be stopped from outside; cancelling it asks its search to end (the Foundation
                    // engine checks between calls) or its scenario to stop at the next step, so an abandoned test
                    // gives its core back to the others.
                    if let thread = state.threads.removeValue(forKey: index) { WorkerCancellation.cancel(thread) }
                    state.results[index] = runner.timedOut(plan.items[index], after: timeout, ran: Double(now &- started) / 1e9)
                    state.completed += 1
                    state.countInPlanOrder(maxFailures: settings.maxFailures)
                    state.workers -= 1
                    state.condition.unlock()
                    let refused = startWorker(plan, state)
                    state.condition.lock()
                    // The last worker timed out and no thread replaces it: nothing would ever take the rest.
                    if refused != 0 && state.workers == 0 && state.stopReason == nil { state.stopReason = .noThreads(refused) }
                }
            }
            if case .failureBudget? = state.stopReason, !state.running.isEmpty {
                // Every item still running comes after the budget's last failure in plan order: its result would be
                // discarded, so it is abandoned now rather than waited for.
                for index in state.running.keys where index > (state.budgetCut ?? Int.max) {
                    state.running[index] = nil
                    if let thread = state.threads.removeValue(forKey: index) { WorkerCancellation.cancel(thread) }
                    state.workers -= 1
                }
            }
            if state.completed != lastReported {
                lastReported = state.completed
                let completed = state.completed
                state.condition.unlock()
                settings.progress(completed, plan.items.count)
                state.condition.lock()
                continue
            }
            _ = state.condition.wait(until: Date(timeIntervalSinceNow: 0.05))
        }
        // The workers may finish the last tests before this loop sees them (a busy machine, quick tests): the last
        // count is reported too, so a run reports every count it reached. (A progress-line test on a real terminal
        // printed nothing three times under load: all three of its tests had ended before the first check.)
        if state.completed != lastReported {
            let completed = state.completed
            state.condition.unlock()
            settings.progress(completed, plan.items.count)
            state.condition.lock()
        }
        let stop = state.stopReason
        // Moved out of the shared state, not copied: copying 14,000 results and freeing the state's copies took
        // 18 ms on this thread while the other core had nothing to do (perf of `specrun --jobs 2`, bench corpus).
        let cut = state.budgetCut ?? Int.max
        let results = plan.items.indices.map { index in
            (index <= cut ? state.results[index].take() : nil) ?? runner.notRun(plan.items[index], because: stop)
        }
        state.condition.unlock()
        return (FixedDeviationNote.noted(results, items: plan.items), stop)
    }

    /// The coordinator looks at least every 50 ms; a look more than `stillness` after the last means the process did not
    /// run meanwhile (stopped with Ctrl-Z or SIGSTOP, or throttled), so that time, beyond the usual 50 ms, is not charged
    /// to the tests running: their starts move later by it. Before, a run stopped for a minute and continued timed out
    /// every test that was running.
    static func uncharged(_ running: [Int: UInt64], lastLook: UInt64, now: UInt64, stillness: UInt64 = 1_000_000_000) -> [Int: UInt64] {
        guard now > lastLook, now - lastLook > stillness else { return running }
        let unseen = now - lastLook - 50_000_000
        // Never past now: a test that started after the last look lost at most the time since it started (a start
        // moved past now read as an elapsed time of centuries, the unsigned difference wrapping).
        return running.mapValues { min($0 &+ unseen, max($0, now)) }
    }

    /// Runs the plan from an async context without blocking a thread of the cooperative pool: the coordinator
    /// waits on its own thread. Lifecycle scenarios run their simulation on that pool, so a caller that blocked a
    /// pool thread (one of two, on two cores) could starve them — in-process callers such as tests run many at once.
    public func run(_ plan: TestPlan) async -> (results: [TestResult], stop: Stop?) {
        await withCheckedContinuation { continuation in
            let refused = WorkerThread.start { continuation.resume(returning: self.run(plan)) }
            // No thread for the coordinator: it waits here instead (the workers' own threads decide what runs).
            if refused != 0 { continuation.resume(returning: self.run(plan)) }
        }
    }

    /// Starts one worker; 0, or the errno of the system's refusal (then the worker is not counted).
    private func startWorker(_ plan: TestPlan, _ state: SharedState) -> Int32 {
        state.condition.lock()
        state.workers += 1
        state.started += 1
        let fromBack = settings.maxFailures == nil && state.started % 2 == 0
        state.condition.unlock()
        let runner = self.runner
        let clock = runner.options.monotonicNanoseconds
        let shouldStop = settings.shouldStop
        let maxFailures = settings.maxFailures
        let firstResult = settings.firstResult
        let refused = settings.startThread {
            while true {
                state.condition.lock()
                // Checked here too, not only by the coordinator's poll: once a signal arrives, no item starts.
                if state.stopReason != .interrupted && shouldStop() { state.stopReason = .interrupted }
                guard state.stopReason == nil, state.front < state.back else {
                    state.idleWorkers += 1
                    state.condition.broadcast()
                    state.condition.unlock()
                    return
                }
                let index: Int
                if fromBack {
                    state.back -= 1
                    index = state.back
                } else {
                    index = state.front
                    state.front += 1
                }
                state.running[index] = clock()
                state.threads[index] = Thread.current
                state.condition.unlock()

                let result = runner.run(plan.items[index])

                state.condition.lock()
                // Nil running entry: the coordinator timed this item out and replaced this worker.
                guard state.running.removeValue(forKey: index) != nil else {
                    state.condition.unlock()
                    return
                }
                state.threads[index] = nil
                state.results[index] = result
                state.completed += 1
                let failed = result.status == .failed || result.status == .error
                // Counted here, not only by the coordinator's poll: a fast worker would otherwise start more items first.
                state.countInPlanOrder(maxFailures: maxFailures)
                // The coordinator polls every 50 ms (progress, timeouts): wake it early only for what it must act on
                // at once, a failure (the budget) or the last result — and the first, so progress (and a test's
                // stop point) sees the run under way. A wake-up per result cost two context switches per test
                // (bench/specrun-bench, section end-to-end).
                if failed || state.completed == 1 || state.completed == plan.items.count { state.condition.broadcast() }
                let first = state.completed == 1
                state.condition.unlock()
                if first { firstResult() }
            }
        }
        if refused != 0 {
            state.condition.lock()
            state.workers -= 1
            state.condition.unlock()
        }
        return refused
    }
}

/// The coordination state shared by workers and the coordinator, guarded by `condition`'s lock.
private final class SharedState: @unchecked Sendable {
    let condition = NSCondition()
    /// Items not yet started are `front..<back`; workers take from alternate ends.
    var front = 0
    var back: Int
    var started = 0
    var completed = 0
    /// The first item whose result has not come in: every item before it has finished (or timed out).
    var finishedPrefix = 0
    /// Failed and errored items before `finishedPrefix`.
    var failures = 0
    /// Under a failure budget reached: the item whose result made the count; items after it are reported not run.
    var budgetCut: Int?
    var workers = 0
    var idleWorkers = 0
    var stopReason: PlanExecution.Stop?
    var running: [Int: UInt64] = [:]
    /// The worker thread of each running item, cancelled when the item times out.
    var threads: [Int: Thread] = [:]
    var results: [TestResult?]

    init(count: Int) {
        back = count
        results = Array(repeating: nil, count: count)
    }

    /// Moves `finishedPrefix` over the results that came in, counting their failures and errors; the item that makes
    /// the count `maxFailures` stops the run there (`budgetCut`). Called with the lock held, after each result.
    func countInPlanOrder(maxFailures: Int?) {
        guard let maxFailures, budgetCut == nil else { return }
        while finishedPrefix < results.count, let result = results[finishedPrefix] {
            if result.status == .failed || result.status == .error { failures += 1 }
            if failures >= maxFailures {
                budgetCut = finishedPrefix
                if stopReason == nil { stopReason = .failureBudget(maxFailures) }
                return
            }
            finishedPrefix += 1
        }
    }
}

extension SpecRunner {
    /// `ran`: the seconds it ran before it was abandoned (a little over the limit: it is looked at every 50 ms).
    func timedOut(_ item: PlanItem, after seconds: Double, ran: Double) -> TestResult {
        var result = placeholder(item, status: .error, message: "timed out after \(Self.seconds(seconds)) (--timeout)")
        result.duration = max(seconds, ran)
        let location = item.caseSpec?.location ?? item.spec.location
        result.diagnostics = [Diagnostic(
            code: RunDiagnosticCode.timeout.rawValue, location: location,
            message: "the test ran longer than \(Self.seconds(seconds)) and was abandoned; simplify it, or raise the limit with --timeout (wall time: a loaded machine or many --jobs make every test slower)",
            sourceLine: item.caseSpec == nil ? item.spec.sourceLine : nil)]
        return result
    }

    func notRun(_ item: PlanItem, because stop: PlanExecution.Stop?) -> TestResult {
        // Only the reason: every report puts "not run" before it.
        let reason: String? = switch stop {
        case .interrupted?: "the run was interrupted"
        case .failureBudget(let n)?: "the run stopped after \(n) failure\(n == 1 ? "" : "s") (--max-failures / --fail-fast)"
        case .noThreads(let code)?: "no worker thread could be started (\(String(cString: strerror(code))))"
        case nil: nil
        }
        return placeholder(item, status: .notRun, message: reason)
    }

    func placeholder(_ item: PlanItem, status: TestStatus, message: String?) -> TestResult {
        TestResult(
            id: item.id, file: item.spec.location.file, line: item.line, spec: item.spec.name,
            caseName: item.caseName, engine: item.engine?.rawValue, tags: item.spec.tags, description: item.spec.description,
            caseDescription: item.caseSpec?.description, status: status, message: message)
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
