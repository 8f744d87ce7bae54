import Foundation

/// One completed key in the completion store: an occurrence's dedup key (or an unscheduled run's key).
public struct CompletionRecord: Sendable, Hashable {
    public let key: String
    public let identifier: String
    /// The occurrence's instant; nil for an unscheduled run.
    public let planned: Date?
    public let completedAt: Date
    /// The run that completed it.
    public let runKey: String
}
