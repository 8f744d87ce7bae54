/// The task object a launch handler receives (the harness's `BGTask`): set the expiration handler, then call
/// `setTaskCompleted(success:)` exactly once. An adapter written against `LaunchedTask` takes it as it takes a `BGTask`.
public final class SimulatedTask: LaunchedTask, Sendable {
    public let identifier: String
    public let kind: TaskKind
    /// The launch this task belongs to (1-based, in launch order).
    public let launchNumber: Int
    private let scheduler: SimulatedScheduler

    init(identifier: String, kind: TaskKind, launchNumber: Int, scheduler: SimulatedScheduler) {
        self.identifier = identifier
        self.kind = kind
        self.launchNumber = launchNumber
        self.scheduler = scheduler
    }

    /// Called by the system when the task's time is up; it must make the work stop. With none set, the system
    /// ends the task as completed(false) itself.
    ///
    /// Its type is `BGTask`'s, `(() -> Void)?` and not `@Sendable`, so that `SimulatedTask` and `BGTask` conform to
    /// `LaunchedTask` alike. The system calls it from its own queue while the work runs elsewhere; the harness calls
    /// it from the step that expires the task, in the same way.
    public var expirationHandler: (() -> Void)? {
        get { scheduler.expirationHandler(ofLaunch: launchNumber)?.call }
        set { scheduler.setExpirationHandler(newValue.map(ExpirationHandler.init), ofLaunch: launchNumber) }
    }

    /// Reports the end of the work. Exactly once per launch; a second call, or success after a failure or after
    /// expiration, is recorded as a `Defect`. Calls from a process that has died have no effect.
    public func setTaskCompleted(success: Bool) {
        scheduler.setTaskCompleted(success: success, launch: launchNumber)
    }
}
