import Foundation

/// One instant a schedule selects, with its identity and how its wall time was resolved.
public struct Occurrence: Sendable, Hashable {
    public let date: Date
    public let key: DedupKey
    /// The local slot the rule selected (nil for interval rules, which have no wall time).
    public let slot: LocalDateTime?
    public let resolution: Resolution

    public init(date: Date, key: DedupKey, slot: LocalDateTime?, resolution: Resolution) {
        self.date = date
        self.key = key
        self.slot = slot
        self.resolution = resolution
    }

    /// How the slot's wall time became this instant.
    public enum Resolution: Sendable, Hashable {
        /// The wall time exists once (or the rule is an interval).
        case exact
        /// The wall time fell in a gap and the policy produced this instant.
        case gap(NonexistentTimePolicy)
        /// The wall time happened twice; this is the earlier instant.
        case overlapFirst
        /// The wall time happened twice; this is the later instant.
        case overlapLast
    }
}
