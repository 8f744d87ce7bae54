import Foundation

/// A catch-up window `(after, through]`: the start excluded, the end included, both fixed before enumeration.
/// A window whose `after` is not before `through` holds nothing.
public struct Window: Sendable, Hashable {
    public let after: Date
    public let through: Date

    public init(after: Date, through: Date) {
        self.after = after
        self.through = through
    }

    public func contains(_ date: Date) -> Bool { date > after && date <= through }

    /// Throws `instantOutOfRange` when a bound lies outside `SupportedInstants.range`.
    func checkSupported() throws(RecurrenceError) {
        try SupportedInstants.check(after, as: "window start")
        try SupportedInstants.check(through, as: "window end")
    }
}
