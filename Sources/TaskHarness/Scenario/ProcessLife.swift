import Synchronization

/// One run of the simulated app process, from start to death; what belongs to a dead process stops acting.
///
/// A real process that is killed runs no more code: no cleanup, no log lines, no scheduler calls. The harness
/// simulates a death by unwinding the job with `ProcessDeath`, so everything the job could still touch on the way
/// out (temporary files, the log writer) checks its process's life and does nothing once it has ended.
public final class ProcessLife: Sendable {
    /// 1 for the first process of a scenario, then 2, 3, … for each relaunch.
    public let generation: Int
    private let alive = Atomic<Bool>(true)

    public init(generation: Int) {
        self.generation = generation
    }

    /// Whether the process is still running.
    public var isAlive: Bool { alive.load(ordering: .acquiring) }

    /// Ends the process: from now on its resources stop acting.
    public func end() {
        alive.store(false, ordering: .releasing)
    }
}
