/// A task lifecycle scenario (the task harness). Filled by the task-harness work (issue 5).
public struct LifecycleSpec: Sendable, Hashable {
    public init() {}
}
