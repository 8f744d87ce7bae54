/// What handles a launched task: the thin adapter, a flawed one that reproduces a common bug, or an app's own.
///
/// A generic `func handle(task: some LaunchedTask) async` (or `some LaunchedTask & Sendable`) satisfies the
/// requirement, so an adapter written against `LaunchedTask` conforms with an empty extension.
public protocol LaunchHandling: Sendable {
    /// Handles one launch and returns when the work has ended: the harness awaits it, and a step ends when it returns.
    func handle(task: SimulatedTask) async
}
