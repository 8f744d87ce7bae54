import Foundation
import Synchronization

/// The abbreviation a zone's people use at an instant (`CEST`, `EDT`, `BST`), when one is known.
///
/// `TimeZone.abbreviation(for:)` answers with ICU's names for one locale, which on Linux are often the
/// generic `GMT+2`. Each English locale knows the names of its own region (en_GB: CEST, BST; en_US: EDT;
/// en_AU: AEDT), so the first specific name among them is taken. The locales are fixed, never the
/// machine's, so the answer is the same on every machine with the same toolchain.
public enum ZoneAbbreviation {
    private static let locales = ["en_US", "en_GB", "en_AU", "en_IN", "en_NZ", "en_ZA"]

    private struct Period: Hashable {
        var zone: String
        var offset: Int
        var daylight: Bool
    }

    /// Names found so far, per zone period: formatters are costly and reports name the same periods often.
    private static let cache = Mutex<[Period: String?]>([:])

    /// The abbreviation, or nil when only a generic `GMT+2` form exists (the offset says the same).
    public static func name(of zone: TimeZone, at date: Date) -> String? {
        // Foundation names the zone read from "UTC" GMT; the spec wrote UTC (GMT alone is refused as a zone).
        if ["UTC", "GMT", "Etc/UTC"].contains(zone.identifier) { return "UTC" }
        let period = Period(zone: zone.identifier, offset: zone.secondsFromGMT(for: date), daylight: zone.isDaylightSavingTime(for: date))
        if let known = cache.withLock({ $0[period] }) { return known }
        let found = lookUp(zone, at: date)
        cache.withLock { $0[period] = found }
        return found
    }

    private static func lookUp(_ zone: TimeZone, at date: Date) -> String? {
        if let name = zone.abbreviation(for: date), isSpecific(name) { return name }
        for identifier in locales {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: identifier)
            formatter.timeZone = zone
            formatter.dateFormat = "zzz"
            let name = formatter.string(from: date)
            if isSpecific(name) { return name }
        }
        return nil
    }

    /// `CEST`, `GMT` (London's winter) are specific; `GMT+2`, `GMT-03:30`, `UTC+1` are not.
    private static func isSpecific(_ name: String) -> Bool {
        guard !name.isEmpty else { return false }
        if name.hasPrefix("GMT") || name.hasPrefix("UTC") { return name.count == 3 }
        return !name.contains("+") && !name.contains("-")
    }
}
