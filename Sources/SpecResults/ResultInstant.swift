import Foundation

/// An instant as results show it: UTC, and local wall time with offset in the schedule's zone.
///
/// The local text is computed when the run happens, so archived results re-render the same on any machine,
/// without time-zone data.
public struct ResultInstant: Sendable, Hashable, Codable {
    /// RFC 3339 in UTC: `2027-03-29T00:30:00Z`.
    public var utc: String {
        get { texts.utc }
        set { texts = Texts(utc: newValue, offsetForm: texts.offsetForm, local: texts.local) }
    }
    /// Seconds since 1970-01-01T00:00:00Z (for sorting and timelines).
    public var epochSeconds: Double
    /// RFC 3339 with the zone's offset: `2027-03-29T02:30:00+02:00`.
    public var offsetForm: String {
        get { texts.offsetForm }
        set { texts = Texts(utc: texts.utc, offsetForm: newValue, local: texts.local) }
    }
    /// Wall time with abbreviation and offset: `2027-03-29 02:30 CEST (+02:00)`.
    public var local: String {
        get { texts.local }
        set { texts = Texts(utc: texts.utc, offsetForm: texts.offsetForm, local: newValue) }
    }
    /// The dedup key, when known.
    public var key: String?

    /// The three texts of a date, in one shared box: an instant is copied a dozen times on its way into the results
    /// (expected, actual, the diff lines, masking), and each copy of three separate texts retained and released
    /// each of them (5 of the 21 million string retains of a 10,000-spec run; copies of `ResultInstant` and
    /// `DiffLine` were the largest group of those). The box also makes an instant a third of its size.
    private var texts: Texts

    private final class Texts: Sendable {
        let utc: String
        let offsetForm: String
        let local: String
        /// Where the texts come from; for those the run wrote itself (`init(writtenUTC:…)`), where the zone's
        /// abbreviation is in `local`'s UTF-8 bytes. Not a text of its own: no results format shows it.
        let origin: Origin

        init(utc: String, offsetForm: String, local: String, origin: Origin = .elsewhere) {
            self.utc = utc
            self.offsetForm = offsetForm
            self.local = local
            self.origin = origin
        }
    }

    /// Where an instant's texts come from.
    package enum Origin: Sendable, Equatable {
        /// A results file, a caller: anything.
        case elsewhere
        /// The run's writer: apart from the zone's abbreviation at these UTF-8 offsets of `local` (between two
        /// spaces; an empty range when there is none), every byte of the three texts is one of `Redaction.numericBytes`.
        case written(abbreviation: Range<Int>)
    }

    public init(utc: String, epochSeconds: Double, offsetForm: String, local: String, key: String? = nil) {
        self.texts = Texts(utc: utc, offsetForm: offsetForm, local: local)
        self.epochSeconds = epochSeconds
        self.key = key
    }

    /// Texts the run wrote from numbers: `utc` and `offsetForm` hold nothing but `Redaction.numericBytes` (ASCII digits,
    /// `-+:.TZ`), and `local` nothing else (spaces and parentheses too) outside its UTF-8 bytes `abbreviation`, the
    /// zone's abbreviation, which stands between two spaces (an empty range: none). Masking relies on it to pass over these texts without looking at them
    /// (`textsUnmaskable(by:)`); `ResultInstantTextTests` check that the runner's writer keeps to it.
    package init(writtenUTC utc: String, epochSeconds: Double, offsetForm: String, local: String, abbreviation: Range<Int>, key: String?) {
        self.texts = Texts(utc: utc, offsetForm: offsetForm, local: local, origin: .written(abbreviation: abbreviation))
        self.epochSeconds = epochSeconds
        self.key = key
    }

    /// Where the texts come from (`init(writtenUTC:…)`).
    package var origin: Origin { texts.origin }

    /// Equal texts, seconds and key, as the stored properties compared before the box (two instants that share
    /// their box need no text compared).
    public static func == (lhs: ResultInstant, rhs: ResultInstant) -> Bool {
        lhs.epochSeconds == rhs.epochSeconds && lhs.key == rhs.key
            && (lhs.texts === rhs.texts
                || (lhs.utc == rhs.utc && lhs.offsetForm == rhs.offsetForm && lhs.local == rhs.local))
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(utc)
        hasher.combine(epochSeconds)
        hasher.combine(offsetForm)
        hasher.combine(local)
        hasher.combine(key)
    }

    /// The keys in the order of the stored properties before the box, as the synthesized encoding wrote them.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(utc, forKey: .utc)
        try container.encode(epochSeconds, forKey: .epochSeconds)
        try container.encode(offsetForm, forKey: .offsetForm)
        try container.encode(local, forKey: .local)
        try container.encodeIfPresent(key, forKey: .key)
    }

    /// The seconds since 1970 an instant of a spec can have: years 0001 to 9999, a day's margin either side for the
    /// zone's offset.
    public static let epochSecondsRange: ClosedRange<Double> = -62_135_683_200...253_402_387_199

    private enum CodingKeys: String, CodingKey { case utc, epochSeconds, offsetForm, local, key }

    /// Refuses an instant no run writes: an edited `epochSeconds` of 1e19 trapped the reporters, which turn
    /// seconds into whole numbers (JUnit, HTML timelines, wall clocks).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let seconds = try container.decode(Double.self, forKey: .epochSeconds)
        guard Self.epochSecondsRange.contains(seconds) else {
            throw DecodingError.dataCorruptedError(
                forKey: .epochSeconds, in: container,
                debugDescription: "\(seconds) is outside the years 0001 to 9999 a spec's instants have")
        }
        self.init(
            utc: try container.decode(String.self, forKey: .utc), epochSeconds: seconds,
            offsetForm: try container.decode(String.self, forKey: .offsetForm),
            local: try container.decode(String.self, forKey: .local),
            key: try container.decodeIfPresent(String.self, forKey: .key))
    }

    /// The zone's offset from UTC in seconds, read from the end of `offsetForm` (`Z` is 0).
    ///
    /// `nil` when `offsetForm` does not end in `Z` or `±HH:MM`.
    public var offsetSeconds: Int? {
        if offsetForm.hasSuffix("Z") { return 0 }
        let tail = Array(offsetForm.suffix(6))
        guard tail.count == 6, tail[0] == "+" || tail[0] == "-", tail[3] == ":",
              let hours = Int(String(tail[1...2])), let minutes = Int(String(tail[4...5]))
        else { return nil }
        let magnitude = hours * 3600 + minutes * 60
        return tail[0] == "-" ? -magnitude : magnitude
    }

    /// Seconds since 1970 of the local wall time (`epochSeconds + offsetSeconds`): the position on a local-time axis.
    public var wallSeconds: Double? {
        offsetSeconds.map { epochSeconds + Double($0) }
    }

    /// The instant as a `Date`.
    public var date: Date { Date(timeIntervalSince1970: epochSeconds) }

    /// `+02:00`, `-03:30`, `+00:00`; seconds too for the odd historical offset that has them.
    ///
    /// Reporters cannot import Recurrence (whose `WallTimeText.offset` writes the same form), so results keep their own.
    public static func offsetText(_ seconds: Int) -> String {
        let magnitude = abs(seconds)
        var text = (seconds < 0 ? "-" : "+") + WallClock.twoDigits(magnitude / 3600) + ":"
            + WallClock.twoDigits(magnitude % 3600 / 60)
        if magnitude % 60 != 0 { text += ":" + WallClock.twoDigits(magnitude % 60) }
        return text
    }
}
