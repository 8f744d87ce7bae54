import Foundation
import Recurrence
import SpecResults

/// Renders instants for results: UTC, the zone's offset form, and local wall time with abbreviation.
///
/// Works from `secondsFromGMT(for:)` and integer calendar arithmetic (`WallTimeText`), so it is fast and
/// never depends on the machine's zone or locale.
struct InstantFormatter: Sendable {
    let timeZone: TimeZone

    func resultInstant(_ date: Date, key: String? = nil) -> ResultInstant {
        let offset = timeZone.secondsFromGMT(for: date)
        let local = WallTimeText.local(date, offset: offset)
        let fraction = Self.fraction(date)
        let seconds = local.time.count == 5 ? ":00" : ""
        let abbreviation = ZoneAbbreviation.name(of: timeZone, at: date).map { " " + $0 } ?? ""
        let offsetText = WallTimeText.offset(offset)
        return ResultInstant(
            utc: date.rfc3339UTC,
            epochSeconds: date.timeIntervalSince1970,
            offsetForm: local.date + "T" + local.time + seconds + fraction + offsetText,
            local: local.date + " " + local.time + fraction + abbreviation + " (" + offsetText + ")",
            key: key)
    }

    /// `.25` for a quarter second; empty for whole seconds.
    static func fraction(_ date: Date) -> String {
        let total = date.timeIntervalSince1970
        let fraction = total - total.rounded(.down)
        guard fraction > 0.000_000_5 else { return "" }
        let text = String(format: "%.6f", fraction).dropFirst(1)
        return String(text.reversed().drop(while: { $0 == "0" }).reversed())
    }
}
