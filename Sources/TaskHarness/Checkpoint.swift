/// A point in the job where the harness can act deterministically: expire the task, inject a fault, kill the
/// process, or launch another task.
public enum Checkpoint: Sendable, Hashable, CustomStringConvertible {
    /// While the stage runs: after its work (temporary file written; for `write`, rows written inside the open
    /// transaction) and before the job checks for cancellation and moves on (for `write`, before `COMMIT`).
    case during(JobStage)
    /// After the business write committed and the side effect was performed, before the completion record.
    case afterWrite

    public var description: String {
        switch self {
        case .during(let stage): "during \(stage.rawValue)"
        case .afterWrite: "after-write"
        }
    }
}
