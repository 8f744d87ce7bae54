import Foundation
import Recurrence
import SpecResults

/// Renders instants for results: UTC, the zone's offset form, and local wall time with abbreviation.
///
/// Works from `secondsFromGMT(for:)` and integer calendar arithmetic, so it is fast and never
/// depends on the machine's zone or locale.
struct InstantFormatter: Sendable {
    let timeZone: TimeZone

    func resultInstant(_ date: Date, key: String? = nil) -> ResultInstant {
        let offset = timeZone.secondsFromGMT(for: date)
        let abbreviation = timeZone.abbreviation(for: date) ?? ""
        let local = InstantFormatter.wallTime(date, offset: offset)
        let offsetText = InstantFormatter.offset(offset)
        let fraction = InstantFormatter.fraction(date)
        return ResultInstant(
            utc: date.rfc3339UTC,
            epochSeconds: date.timeIntervalSince1970,
            offsetForm: local.date + "T" + local.time + fraction + offsetText,
            local: local.date + " " + local.shortTime + fraction + (abbreviation.isEmpty || abbreviation.hasPrefix("GMT") ? "" : " " + abbreviation) + " (" + offsetText + ")",
            key: key
        )
    }

    /// `+02:00`, `-03:30`, `+05:45`, `+00:00`.
    static func offset(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let magnitude = abs(seconds)
        var text = sign + two(magnitude / 3600) + ":" + two(magnitude % 3600 / 60)
        if magnitude % 60 != 0 { text += ":" + two(magnitude % 60) }
        return text
    }

    static func wallTime(_ date: Date, offset: Int) -> (date: String, time: String, shortTime: String) {
        let seconds = Int((date.timeIntervalSince1970).rounded(.down)) + offset
        let days = Int((Double(seconds) / 86_400).rounded(.down))
        let secondOfDay = seconds - days * 86_400
        let civil = CivilDate(daysSinceEpoch: days)
        let hh = two(secondOfDay / 3600), mm = two(secondOfDay % 3600 / 60), ss = two(secondOfDay % 60)
        let dateText = four(civil.year) + "-" + two(civil.month) + "-" + two(civil.day)
        return (dateText, hh + ":" + mm + ":" + ss, secondOfDay % 60 == 0 ? hh + ":" + mm : hh + ":" + mm + ":" + ss)
    }

    static func fraction(_ date: Date) -> String {
        let total = date.timeIntervalSince1970
        let fraction = total - total.rounded(.down)
        guard fraction > 0.000_000_5 else { return "" }
        let text = String(format: "%.6f", fraction).dropFirst(1)
        return String(text.reversed().drop(while: { $0 == "0" }).reversed())
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    private static func four(_ value: Int) -> String {
        let digits = String(abs(value))
        return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
