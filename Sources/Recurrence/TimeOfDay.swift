/// A wall-clock time of day (`02:30`, `09:00:15`), independent of any zone.
public struct TimeOfDay: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let hour: Int
    public let minute: Int
    public let second: Int

    /// Returns nil unless 0 ≤ hour ≤ 23, 0 ≤ minute ≤ 59 and 0 ≤ second ≤ 59.
    public init?(hour: Int, minute: Int, second: Int = 0) {
        guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else { return nil }
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// Reads `HH:MM` or `HH:MM:SS` (one-digit hours accepted: `9:00`).
    public init?(parsing text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3,
              parts.allSatisfy({ !$0.isEmpty && $0.count <= 2 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              parts.dropFirst().allSatisfy({ $0.count == 2 }),
              let hour = Int(parts[0]), let minute = Int(parts[1])
        else { return nil }
        let second = parts.count == 3 ? Int(parts[2]) ?? -1 : 0
        self.init(hour: hour, minute: minute, second: second)
    }

    /// Seconds since local midnight.
    public var secondsIntoDay: Int { hour * 3600 + minute * 60 + second }

    /// `HH:MM`, or `HH:MM:SS` when the seconds are not zero.
    public var description: String {
        let base = pad(hour) + ":" + pad(minute)
        return second == 0 ? base : base + ":" + pad(second)
    }

    public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool { lhs.secondsIntoDay < rhs.secondsIntoDay }
}

func pad(_ value: Int, width: Int = 2) -> String {
    let digits = String(abs(value))
    let padded = String(repeating: "0", count: max(0, width - digits.count)) + digits
    return value < 0 ? "-" + padded : padded
}
