import Foundation

/// One side effect the outside system performed (an upload, a notification sent).
public struct SideEffect: Sendable, Hashable {
    /// The idempotency key it was performed under.
    public let key: String
    /// What the effect was about (the business run it belongs to); two effects with one subject are a duplicate.
    public let subject: String
    public let identifier: String
    public let performedAt: Date
}
