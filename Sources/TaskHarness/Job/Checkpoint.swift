/// A point in the job where the harness can act deterministically: expire the task, inject a fault, kill the
/// process, or launch another task.
public enum Checkpoint: Sendable, Hashable, CustomStringConvertible {
    /// While the stage runs: after its work (temporary file written; for `write`, rows written inside the open
    /// transaction) and before the job checks for cancellation and moves on (for `write`, before `COMMIT`).
    case during(JobStage)
    /// After the business write committed and the side effect was performed, before the completion record.
    case afterWrite

    /// Reads a spec's form: `after-write`, `during <stage>` (`during download`, `during parse`, `during write`).
    public init?(parsing text: String) {
        let words = text.split(separator: " ", omittingEmptySubsequences: true)
        switch words.count {
        case 1 where words[0] == "after-write":
            self = .afterWrite
        case 2 where words[0] == "during":
            guard let stage = JobStage(rawValue: String(words[1])) else { return nil }
            self = .during(stage)
        default:
            return nil
        }
    }

    public var description: String {
        switch self {
        case .during(let stage): "during \(stage.rawValue)"
        case .afterWrite: "after-write"
        }
    }
}
