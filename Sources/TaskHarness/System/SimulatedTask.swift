/// The task object a launch handler receives (the harness's `BGTask`): set the expiration handler, then call
/// `setTaskCompleted(success:)` exactly once.
public final class SimulatedTask: Sendable {
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
    public var expirationHandler: (@Sendable () -> Void)? {
        get { scheduler.expirationHandler(ofLaunch: launchNumber) }
        set { scheduler.setExpirationHandler(newValue, ofLaunch: launchNumber) }
    }

    /// Reports the end of the work. Exactly once per launch; a second call, or success after a failure or after
    /// expiration, is recorded as a `Defect`. Calls from a process that has died have no effect.
    public func setTaskCompleted(success: Bool) {
        scheduler.setTaskCompleted(success: success, launch: launchNumber)
    }
}
