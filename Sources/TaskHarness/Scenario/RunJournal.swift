import Synchronization

/// The app side's record of each launch, written from the job's monitor calls and the simulation.
final class RunJournal: Sendable {
    private struct State {
        var records: [Int: JobRunRecord] = [:]
        var active: [String: Int] = [:]
        /// The lowest launch number whose record holds an environment failure, kept as records change: sorting every
        /// record after each launch made 3,000 launches take 10 s (a hostile review's timing).
        var firstFailedLaunch: Int?

        mutating func store(_ record: JobRunRecord) {
            records[record.launch] = record
            if record.environmentFailure != nil { firstFailedLaunch = min(firstFailedLaunch ?? record.launch, record.launch) }
        }
    }

    private let state = Mutex(State())

    func begin(_ record: JobRunRecord) {
        state.withLock { state in
            for (_, outer) in state.active { state.records[outer]?.nestedLaunches.append(record.launch) }
            state.store(record)
            state.active[record.identifier] = record.launch
        }
    }

    func end(launch: Int, identifier: String) {
        state.withLock { state in
            if state.active[identifier] == launch { state.active[identifier] = nil }
        }
    }

    /// The launch currently running for `identifier`.
    func activeLaunch(of identifier: String) -> Int? {
        state.withLock { $0.active[identifier] }
    }

    func update(_ launch: Int, _ change: (inout JobRunRecord) -> Void) {
        state.withLock { state in
            if var record = state.records[launch] {
                change(&record)
                state.store(record)
            }
        }
    }

    func updateActive(_ identifier: String, _ change: (inout JobRunRecord) -> Void) {
        state.withLock { state in
            if let launch = state.active[identifier], var record = state.records[launch] {
                change(&record)
                state.store(record)
            }
        }
    }

    /// The first failure of the machine any launch met (`JobRunRecord.environmentFailure`), by launch number.
    func firstEnvironmentFailure() -> EnvironmentFailure? {
        state.withLock { state in state.firstFailedLaunch.flatMap { state.records[$0]?.environmentFailure } }
    }

    func record(_ launch: Int) -> JobRunRecord? {
        state.withLock { $0.records[launch] }
    }

    /// Every record, in launch order.
    var records: [JobRunRecord] {
        state.withLock { $0.records.values.sorted { $0.launch < $1.launch } }
    }
}
