import Synchronization

/// The reference job as an app's own adapter receives it, watched for work the adapter leaves running.
///
/// The harness awaits `handle(task:)`, so a step ends when the adapter's work ends only if the adapter awaits the
/// work it started. An adapter that returns at once, as a device's launch handler may, would leave the job running
/// into the next step; the watch turns that into a harness problem (`harness-ran-cleanly`) instead of a scenario
/// that passes or fails by timing: a run still going when the handler returns is reported (its next checkpoint
/// finds no launch and ends it), and a run that begins after the handler returned is reported and refused.
final class WatchedJob: RefreshJob {
    private struct State {
        /// The launches whose handler is running, innermost last (a launch may overlap another of the same task).
        var launches: [Int] = []
        var running = 0
    }

    private let job: SyncJob
    private let identifier: String
    private let problems: HarnessProblems
    private let state = Mutex(State())

    init(_ job: SyncJob, identifier: String, problems: HarnessProblems) {
        self.job = job
        self.identifier = identifier
        self.problems = problems
    }

    func run() async throws {
        let refused: Bool = state.withLock { state in
            guard !state.launches.isEmpty else { return true }
            state.running += 1
            return false
        }
        if refused {
            problems.append("the app's adapter for \(identifier) started its job after handle(task:) had returned; await the work it starts before returning")
            throw CancellationError()
        }
        defer { state.withLock { $0.running -= 1 } }
        try await job.run()
    }

    func cancel() {
        job.cancel()
    }

    /// The simulation is about to call the adapter for `launch`.
    func beginHandling(launch: Int) {
        state.withLock { $0.launches.append(launch) }
    }

    /// The adapter returned from `handle(task:)` for the launch begun last.
    func endHandling() {
        let (launch, running) = state.withLock { state in
            let launch = state.launches.popLast()
            return (launch, state.launches.isEmpty ? state.running : 0)
        }
        if running > 0, let launch {
            problems.append("the app's adapter returned from handle(task:) for launch \(launch) of \(identifier) while its job was still running; await the work it starts before returning")
        }
    }
}

/// Problems of the harness's own (or of its contract with an app's adapter), kept for `harness-ran-cleanly`.
final class HarnessProblems: Sendable {
    private let list = Mutex<[String]>([])

    func append(_ problem: String) {
        list.withLock { $0.append(problem) }
    }

    var all: [String] {
        list.withLock { $0 }
    }
}
