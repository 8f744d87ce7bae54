import Foundation
import Recurrence
import SpecResults

extension ResultInstant {
    /// `date` as results show it in `zone`: `2027-03-28T01:00:00Z`, `2027-03-28T03:00:00+02:00`,
    /// `2027-03-28 03:00 CEST (+02:00)` (seconds and milliseconds only when not zero).
    ///
    /// The abbreviation comes from `abbreviations` (the TZif files); without one the local text shows only the offset.
    public init(_ date: Date, in zone: TimeZone, abbreviations: ZoneAbbreviations = .none, key: String? = nil) {
        let seconds = date.timeIntervalSince1970
        let offset = zone.secondsFromGMT(for: date)
        let whole = seconds.rounded(.down)
        let milliseconds = Int(((seconds - whole) * 1000).rounded())
        let abbreviation = abbreviations.abbreviation(zone: zone.identifier, at: date, offset: offset)
        var abbreviationBytes = 0..<0
        if milliseconds == 0, abs(whole) < 1e12,
           let texts = ResultInstantText.texts(seconds: Int(whole), offset: offset, abbreviation: abbreviation, abbreviationBytes: &abbreviationBytes) {
            self.init(writtenUTC: texts.utc, epochSeconds: seconds, offsetForm: texts.offsetForm, local: texts.local,
                      abbreviation: abbreviationBytes, key: key)
            return
        }
        self.init(general: seconds, offset: offset, abbreviation: abbreviation, key: key)
    }

    /// Every case, by concatenation (the fast path above covers whole seconds in years 1000–9999).
    init(general seconds: Double, offset: Int, abbreviation: String?, key: String?) {
        let whole = seconds.rounded(.down)
        let milliseconds = Int(((seconds - whole) * 1000).rounded())
        let fraction = milliseconds == 0 ? "" : "." + String(String(1000 + milliseconds).dropFirst())
        let utcClock = WallClock(wallSeconds: whole)
        let wall = WallClock(wallSeconds: whole + Double(offset))
        let offsetText = Self.offsetText(offset)
        self.init(
            utc: "\(utcClock.isoDate)T\(utcClock.time):\(WallClock.twoDigits(utcClock.second))\(fraction)Z",
            epochSeconds: seconds,
            offsetForm: "\(wall.isoDate)T\(wall.time):\(WallClock.twoDigits(wall.second))\(fraction)\(offsetText)",
            local: "\(wall.isoDate) " + (fraction.isEmpty ? wall.timeWithSeconds : wall.time + ":" + WallClock.twoDigits(wall.second) + fraction)
                + (abbreviation.map { " \($0)" } ?? "") + " (\(offsetText))",
            key: key
        )
    }
}

extension ZoneContext {
    /// The offset changes of `zone` within `margin` of any of `dates` (by default a day and a half either side),
    /// each with its offsets, wall readings and abbreviations: what the HTML timeline needs.
    ///
    /// Foundation reports every change, DST or not (Asia/Almaty 2024, Pacific/Apia 2011). Each search is bounded
    /// by the margin and always moves forward.
    public init(
        zone: TimeZone, near dates: some Sequence<Date>, margin: TimeInterval = 36 * 3600,
        abbreviations: ZoneAbbreviations = .none
    ) {
        var found = Set<Date>()
        for date in dates {
            var cursor = date.addingTimeInterval(-margin)
            let end = date.addingTimeInterval(margin)
            while let next = zone.nextDaylightSavingTimeTransition(after: cursor), next <= end, next > cursor {
                found.insert(next)
                cursor = next
            }
        }
        let transitions = found.sorted().map { at -> Transition in
            let before = zone.secondsFromGMT(for: at.addingTimeInterval(-1))
            let after = zone.secondsFromGMT(for: at)
            let seconds = at.timeIntervalSince1970.rounded(.down)
            return Transition(
                at: ResultInstant(at, in: zone, abbreviations: abbreviations),
                offsetBefore: before, offsetAfter: after,
                localBefore: WallClock(wallSeconds: seconds + Double(before)).timeWithSeconds,
                localAfter: WallClock(wallSeconds: seconds + Double(after)).timeWithSeconds,
                abbreviationBefore: abbreviations.abbreviation(zone: zone.identifier, at: at.addingTimeInterval(-1), offset: before),
                abbreviationAfter: abbreviations.abbreviation(zone: zone.identifier, at: at, offset: after)
            )
        }
        self.init(zone: ZoneDisplayName.of(zone), transitions: transitions)
    }
}
