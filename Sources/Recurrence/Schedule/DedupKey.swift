import Foundation

/// The identity of one occurrence: `<id>/v<version>/<local date>` (day and coarser rules with one time),
/// `…/<local date>T<HH:MM>` (hourly; and the slot's time, `HH:MM[:SS]`, for rules with several times a date), `…/<UTC instant>` (intervals); `~2` marks the later of a repeated pair.
public struct DedupKey: Sendable, Hashable, Comparable, CustomStringConvertible, Codable {
    public let rawValue: String

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    public static func < (lhs: DedupKey, rhs: DedupKey) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Reads the key from a single string, as `encode(to:)` writes it (`"nightly-sync/v1/2027-03-29"`).
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Writes the key as a single string, so a stored set of completed keys reads as plain JSON strings.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

extension DedupKey {
    /// `<id>/v<version>/<YYYY-MM-DD>`: the key of a day, week, month or year rule's slot on a local date
    /// (`isRepeat` adds `~2`, the later of a repeated pair under `both`).
    public init(scheduleID: String, version: Int, date: CivilDate, isRepeat: Bool = false) {
        self = DedupKeyWriter(scheduleID: scheduleID, version: version).key(date: date, isRepeat: isRepeat)
    }

    /// `<id>/v<version>/<YYYY-MM-DD>T<HH:MM>`: the key of an hourly rule's slot.
    public init(scheduleID: String, version: Int, date: CivilDate, hour: Int, minute: Int, isRepeat: Bool = false) {
        self = DedupKeyWriter(scheduleID: scheduleID, version: version)
            .key(date: date, hour: hour, minute: minute, isRepeat: isRepeat)
    }

    /// `<id>/v<version>/<YYYY-MM-DD>T<HH:MM>`, or `…T<HH:MM:SS>` when `time` has seconds: the key of a slot of a rule
    /// with several wall times a date (`at: ["08:00", "20:00"]`); a rule with one time keys by the date alone.
    public init(scheduleID: String, version: Int, date: CivilDate, time: TimeOfDay, isRepeat: Bool = false) {
        self = DedupKeyWriter(scheduleID: scheduleID, version: version)
            .key(date: date, hour: time.hour, minute: time.minute, second: time.second, isRepeat: isRepeat)
    }

    /// `<id>/v<version>/<instant in UTC, RFC 3339>`: the key of an interval rule's occurrence.
    public init(scheduleID: String, version: Int, instant: Date) {
        self = DedupKeyWriter(scheduleID: scheduleID, version: version).key(instant: instant)
    }
}

extension DedupKey {
    /// The local date, and the wall time `HH:MM` of a rule with several times a date or an hourly rule, that a key
    /// written as this module writes them ends with: `poll/v1/2027-03-28T02:00~2` → ("2027-03-28", "02:00"),
    /// `sync/v1/2027-03-28` → ("2027-03-28", nil); nil for any other text (an interval's UTC instant, a time with
    /// seconds, a typo). What a spec's author wrote is read so, to say which slot a line names.
    public static func slot(endingKey key: String) -> (date: String, time: String?)? {
        var last = key.split(separator: "/").last.map(String.init) ?? key
        if let tilde = last.firstIndex(of: "~") { last = String(last[..<tilde]) }
        let pieces = last.split(separator: "T", omittingEmptySubsequences: false).map(String.init)
        let date = pieces[0]
        guard date.count == 10, date.split(separator: "-").count == 3, date.allSatisfy({ $0.isNumber || $0 == "-" }) else { return nil }
        if pieces.count == 1 { return (date, nil) }
        guard pieces.count == 2, pieces[1].count == 5, pieces[1].split(separator: ":").count == 2 else { return nil }
        return (date, pieces[1])
    }
}
