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
        // `H:MM`, `HH:MM` or `HH:MM:SS`, ASCII digits only; read on bytes (every spec's `at:` comes through here).
        var parts: [Int] = []
        var value = 0
        var digits = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: ":") {
                guard digits > 0, parts.count < 2, parts.isEmpty || digits == 2 else { return nil }
                parts.append(value)
                value = 0
                digits = 0
            } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                guard digits < 2 else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                digits += 1
            } else {
                return nil
            }
        }
        // The hour may have one digit or two; the minutes and seconds have exactly two.
        guard digits == 2, !parts.isEmpty else { return nil }
        parts.append(value)
        self.init(hour: parts[0], minute: parts[1], second: parts.count == 3 ? parts[2] : 0)
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
