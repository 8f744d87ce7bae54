/// What a job reports to while it runs: checkpoints where the harness may act, and events it records.
public protocol JobMonitor: Sendable {
    /// Reached a checkpoint; the harness may throw here (an injected fault, `ProcessDeath`) or expire the task.
    func checkpoint(_ point: Checkpoint, identifier: String) async throws
    /// Something the job did, for the record.
    func note(_ event: JobEvent, identifier: String)
}
