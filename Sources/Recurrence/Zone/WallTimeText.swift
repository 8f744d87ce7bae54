import Foundation


/// Writes instants as a zone shows them: `2027-03-29 03:30 CEST (+02:00)` and `2027-03-29T02:30:00+02:00`.
///
/// Works from the offset alone (integer calendar arithmetic), never from the machine's zone or locale.
public enum WallTimeText {
    /// `45s`, `30m`, `1h30m`, `48h` (2 days): a length of time as spec durations are written; `0s` and negative
    /// lengths as seconds. One writer for rule summaries, `explain`'s gaps and the harness's retry delays.
    public static func duration(_ seconds: Int) -> String {
        guard seconds > 0 else { return "\(seconds)s" }
        var text = ""
        if seconds >= 3600 { text += "\(seconds / 3600)h" }
        if seconds % 3600 >= 60 { text += "\(seconds % 3600 / 60)m" }
        if seconds % 60 != 0 { text += "\(seconds % 60)s" }
        return text
    }

    /// `+02:00`, `-03:30`, `+00:00` (with `:SS` for historical offsets that have seconds).
    public static func offset(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let magnitude = abs(seconds)
        var text = sign + two(magnitude / 3600) + ":" + two(magnitude % 3600 / 60)
        if magnitude % 60 != 0 { text += ":" + two(magnitude % 60) }
        return text
    }

    /// `2027-03-28T03:00:00+02:00`: `date` as a spec writes it at `offset`; in UTC (`1893-03-31T23:06:32Z`) when the
    /// offset has seconds (local mean time, `+00:53:28`), which an RFC 3339 offset cannot carry.
    public static func instant(_ date: Date, offset: Int) -> String {
        guard offset % 60 == 0, SupportedInstants.hasCalendarDate(date) else { return date.rfc3339UTC }
        let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + offset
        let secondOfDay = ((seconds % 86_400) + 86_400) % 86_400
        let day = local(date, offset: offset).date
        var text = day + "T" + two(secondOfDay / 3600) + ":" + two(secondOfDay % 3600 / 60) + ":" + two(secondOfDay % 60)
        let utc = date.rfc3339UTC
        if let dot = utc.firstIndex(of: ".") { text += utc[dot..<utc.index(before: utc.endIndex)] }
        return text + self.offset(offset)
    }

    /// The local date and time of `date` at `offset`: `("2027-03-29", "03:30")`, seconds shown only when not zero, with
    /// their fraction when there is one (`03:29:59.999`: a lint reading `02:29:59.999+01:00` kept it in its advice).
    public static func local(_ date: Date, offset: Int) -> (date: String, time: String) {
        guard SupportedInstants.hasCalendarDate(date) else { return (SupportedInstants.secondsText(date), "") }
        let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + offset
        let days = Int((Double(seconds) / 86_400).rounded(.down))
        let secondOfDay = seconds - days * 86_400
        let civil = CivilDate(daysSinceEpoch: days)
        var time = two(secondOfDay / 3600) + ":" + two(secondOfDay % 3600 / 60)
        let fraction = date.fractionText
        if secondOfDay % 60 != 0 || !fraction.isEmpty { time += ":" + two(secondOfDay % 60) + fraction }
        return (four(civil.year) + "-" + two(civil.month) + "-" + two(civil.day), time)
    }

    /// `2027-03-29 03:30 CEST (+02:00)`: the wall time in `zone`, its abbreviation when it has one, its offset.
    public static func wallTime(_ date: Date, in zone: TimeZone) -> String {
        let offset = zone.secondsFromGMT(for: date)
        let local = local(date, offset: offset)
        let abbreviation = ZoneAbbreviations.system(zone: zone.identifier, at: date, offset: offset).map { " " + $0 } ?? ""
        return "\(local.date) \(local.time)\(abbreviation) (\(self.offset(offset)))"
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    private static func four(_ value: Int) -> String {
        let digits = String(abs(value))
        return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
