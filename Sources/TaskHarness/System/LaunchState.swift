/// Where a launched task is: running → expiring → completed(success) | killed.
public enum LaunchState: Sendable, Hashable {
    case running
    /// The expiration handler was called; the task has not been completed yet.
    case expiring
    /// Ended by the first `setTaskCompleted` (`bySystem` when the system ended it: no expiration handler).
    case completed(success: Bool, bySystem: Bool)
    /// The process died before the task was completed.
    case killed
}
