/// The task a launch handler receives, as an adapter sees it: the members of `BGTask` an adapter uses.
///
/// Write an adapter against this protocol instead of `BGTask`, and the same code takes a `BGTask` on a device and a
/// `SimulatedTask` under the harness. On Apple platforms, `BGTask` (and so `BGAppRefreshTask` and `BGProcessingTask`)
/// conforms with an empty extension in the app, because the requirements are its own declarations:
///
/// ```swift
/// import BackgroundTasks
/// import TaskHarness
///
/// extension BGTask: LaunchedTask {}
/// ```
///
/// The protocol does not require `Sendable`, so that `BGTask` conforms whether or not its SDK declares it `Sendable`.
/// An adapter that sends the task into a `Task` asks for `some LaunchedTask & Sendable` (`SimulatedTask` is
/// `Sendable`); see docs/harness.md, "Testing your own adapter".
public protocol LaunchedTask: AnyObject {
    /// The identifier the launch handler was registered for.
    var identifier: String { get }
    /// Called by the system when the task's time is up; it must make the work stop. With none set, the system ends
    /// the task as completed(false) itself.
    var expirationHandler: (() -> Void)? { get set }
    /// Reports the end of the work: exactly once per launch, success only if the work was done.
    func setTaskCompleted(success: Bool)
}
