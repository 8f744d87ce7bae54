import Foundation

/// What one of the seven policies makes of one wall time: a row of the `explain` table.
public struct PolicyOutcome: Sendable, Hashable {
    /// A nonexistent-time or a repeated-time policy.
    public enum Policy: Sendable, Hashable, CustomStringConvertible {
        case nonexistent(NonexistentTimePolicy)
        case repeated(RepeatedTimePolicy)

        /// The seven policies in the order the spec language lists them.
        public static let all: [Policy] =
            NonexistentTimePolicy.allCases.map(Policy.nonexistent) + RepeatedTimePolicy.allCases.map(Policy.repeated)

        /// The policy as specs spell it: `next-valid-time`, `both`.
        public var description: String {
            switch self {
            case .nonexistent(let policy): policy.rawValue
            case .repeated(let policy): policy.rawValue
            }
        }
    }

    /// The policy this row is about.
    public let policy: Policy
    /// True when this policy decides the wall time: a gap policy for a skipped time, a repeated policy for a
    /// repeated one. A wall time that exists once is decided by no policy.
    public let applies: Bool
    /// The instants a schedule with this policy gets for the wall time, with how each was resolved; nil when the
    /// answer depends only on the other kind of policy (a repeated policy for a skipped time, and vice versa).
    public let instants: [(date: Date, resolution: Occurrence.Resolution)]?

    /// A row of the table; `WallTimeResolver.policyOutcomes(for:)` makes them.
    public init(policy: Policy, applies: Bool, instants: [(date: Date, resolution: Occurrence.Resolution)]?) {
        self.policy = policy
        self.applies = applies
        self.instants = instants
    }

    public static func == (lhs: PolicyOutcome, rhs: PolicyOutcome) -> Bool {
        lhs.policy == rhs.policy && lhs.applies == rhs.applies
            && lhs.instants?.map(\.date) == rhs.instants?.map(\.date)
            && lhs.instants?.map(\.resolution) == rhs.instants?.map(\.resolution)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(policy)
        hasher.combine(applies)
        hasher.combine(instants?.map(\.date))
    }
}
