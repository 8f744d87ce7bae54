/// The identity of one occurrence: `<id>/v<version>/<local date>` (day and coarser rules),
/// `…/<local date>T<HH:MM>` (hourly), `…/<UTC instant>` (intervals); `~2` marks the later of a repeated pair.
public struct DedupKey: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let rawValue: String

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    public static func < (lhs: DedupKey, rhs: DedupKey) -> Bool { lhs.rawValue < rhs.rawValue }
}
