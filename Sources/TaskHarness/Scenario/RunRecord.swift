import Foundation

/// One planned-versus-actual line of a spec's `runs:`: an occurrence (or an unscheduled run) and the launch that
/// tried it.
public struct RunRecord: Sendable, Hashable {
    public let launch: Int
    public let identifier: String
    /// The occurrence's instant; for an unscheduled run, the request's `earliestBeginDate`.
    public let planned: Date?
    /// When the system launched the task.
    public let actual: Date
    /// The occurrence's dedup key, or the run key of an unscheduled run (nil when the job never got that far).
    public let key: String?
    /// How that launch ended.
    public let completed: CompletionValue
    /// For a launch that ended false: where and why its job threw (`catch-up: search-limit-reached`), when it did.
    public var failure: String?
    /// For a run that succeeded without writing its occurrence: `already complete` (another launch, overlapping this
    /// one, wrote and recorded it first). Two overlapping launches read `completed` with one key, like a duplicate run.
    public var note: String? = nil
    /// For a scheduled launch with nothing due: its request's `earliestBeginDate`, which is no plan (nil otherwise).
    public var requestFloor: Date? = nil
}
