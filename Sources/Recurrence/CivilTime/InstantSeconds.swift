import Foundation

/// Converts between `Date` and the engine's whole seconds since 1970, clamped to a range every calculation
/// (civil dates, zone offsets) handles: about ±300,000 years, far beyond `Date.distantPast`/`distantFuture`.
enum InstantSeconds {
    static let range = -10_000_000_000_000...10_000_000_000_000

    /// The whole second at or before `date` (NaN counts as the earliest second).
    static func floor(_ date: Date) -> Int {
        clamp(date.timeIntervalSince1970.rounded(.down))
    }

    /// The whole second at or after `date`.
    static func ceiling(_ date: Date) -> Int {
        clamp(date.timeIntervalSince1970.rounded(.up))
    }

    static func date(_ seconds: Int) -> Date {
        Date(timeIntervalSince1970: Double(seconds))
    }

    private static func clamp(_ value: Double) -> Int {
        guard value >= Double(range.lowerBound) else { return range.lowerBound }
        guard value <= Double(range.upperBound) else { return range.upperBound }
        return Int(value)
    }
}
