/// What handles a launched task: the thin adapter, or a flawed one that reproduces a common bug.
public protocol LaunchHandling: Sendable {
    /// Handles one launch and returns when the work has ended.
    func handle(task: SimulatedTask) async
}
