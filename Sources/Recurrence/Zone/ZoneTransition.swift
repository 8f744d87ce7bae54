import Foundation

/// One change of a zone's offset from UTC, as the toolchain's zone data describes it.
public struct ZoneTransition: Sendable, Hashable, CustomStringConvertible {
    /// The first instant with the new offset.
    public let date: Date
    /// The offset (seconds east of UTC) in force just before `date`.
    public let offsetBefore: Int
    /// The offset in force from `date` on.
    public let offsetAfter: Int

    public init(date: Date, offsetBefore: Int, offsetAfter: Int) {
        self.date = date
        self.offsetBefore = offsetBefore
        self.offsetAfter = offsetAfter
    }

    /// Positive for a forward change (a gap of that many seconds), negative for a backward one (an overlap).
    public var change: Int { offsetAfter - offsetBefore }

    /// `2027-03-28T01:00:00Z +01:00 → +02:00`.
    public var description: String {
        "\(date.rfc3339UTC) \(Self.offsetText(offsetBefore)) → \(Self.offsetText(offsetAfter))"
    }

    /// The offset changes of `zone` at instants in `[from, through]`, in order.
    ///
    /// Only offset changes are reported (a change of the zone's name or DST flag alone moves no wall time).
    /// Fails with `TooMany` when the range holds more than `limit` changes (a limit below 0 is 0): ask for a shorter
    /// range. A bound that is not a number (NaN) makes no range: no changes.
    public static func transitions(
        of zone: TimeZone, from: Date, through: Date, limit: Int = 10_000
    ) throws(TooMany) -> [ZoneTransition] {
        guard !from.timeIntervalSince1970.isNaN, !through.timeIntervalSince1970.isNaN else { return [] }
        let limit = max(0, limit)
        let start = InstantSeconds.ceiling(from)
        let end = InstantSeconds.floor(through)
        guard start <= end else { return [] }
        var table = ZoneOffsetTable(zone: zone, start: start - 1)
        let (changes, truncated) = table.transitions(from: start, through: end, limit: limit)
        if truncated { throw TooMany(zone: ZoneDisplayName.of(zone), limit: limit) }
        return changes.map {
            ZoneTransition(date: Date(timeIntervalSince1970: Double($0.instant)), offsetBefore: $0.offsetBefore, offsetAfter: $0.offsetAfter)
        }
    }

    /// A range asked of `transitions(of:from:through:limit:)` that holds more changes than its limit.
    public struct TooMany: Error, Sendable, Hashable, CustomStringConvertible {
        public let zone: String
        public let limit: Int

        public init(zone: String, limit: Int) {
            self.zone = zone
            self.limit = limit
        }

        public var description: String {
            "\(zone) changes its offset more than \(limit) times in the range; ask for a shorter range"
        }
    }

    /// `+05:45`, `-03:30`, and `+00:19:32` for local mean times with seconds.
    static func offsetText(_ offset: Int) -> String {
        let magnitude = abs(offset)
        var text = (offset < 0 ? "-" : "+") + pad(magnitude / 3600) + ":" + pad(magnitude % 3600 / 60)
        if magnitude % 60 != 0 { text += ":" + pad(magnitude % 60) }
        return text
    }
}
