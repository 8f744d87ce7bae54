import Foundation

/// One instant a schedule selects, with its identity and how its wall time was resolved.
public struct Occurrence: Sendable, Hashable, CustomStringConvertible {
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

    /// `2027-03-28T01:00:00Z nightly-sync/v1/2027-03-28 gap:next-valid-time`: the instant in UTC, the key, the
    /// resolution.
    public var description: String { "\(date.rfc3339UTC) \(key) \(resolution)" }

    /// How the slot's wall time became this instant.
    public enum Resolution: Sendable, Hashable, CustomStringConvertible {
        /// The wall time exists once (or the rule is an interval).
        case exact
        /// The wall time fell in a gap and the policy produced this instant.
        case gap(NonexistentTimePolicy)
        /// The wall time happened twice; this is the earlier instant.
        case overlapFirst
        /// The wall time happened twice; this is the later instant.
        case overlapLast

        /// `exact`, `gap:next-valid-time` (the gap policy as specs spell it), `overlap-first`, `overlap-last`.
        public var description: String {
            switch self {
            case .exact: "exact"
            case .gap(let policy): "gap:\(policy.rawValue)"
            case .overlapFirst: "overlap-first"
            case .overlapLast: "overlap-last"
            }
        }
    }
}
