/// The result of a launch step: the launch as it ended, or the lifecycle error the system raised instead.
public enum LaunchAttempt: Sendable, Hashable {
    case launched(LaunchRecord)
    case refused(SchedulerError)

    /// The launch, when there was one.
    public var record: LaunchRecord? {
        if case .launched(let record) = self { record } else { nil }
    }

    /// The error, when the system refused.
    public var error: SchedulerError? {
        if case .refused(let error) = self { error } else { nil }
    }
}
