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

    /// Reads `HH:MM` or `HH:MM:SS` (one-digit hours accepted: `9:00`); nil for anything else. `try TimeOfDay(text)`
    /// reads the same texts and says why one is refused.
    public init?(parsing text: String) {
        guard let time = try? TimeOfDay(text) else { return nil }
        self = time
    }

    /// Reads `HH:MM` or `HH:MM:SS` (one-digit hours accepted: `9:00`), or throws why the text is no time of day
    /// (`'25:00' is not a time of day: the hour must be 0…23, not 25; …`).
    public init(_ text: String) throws(TimeOfDayParseError) {
        guard let parts = Self.parts(of: text) else {
            throw TimeOfDayParseError(text: text, reason: Self.syntaxProblem(in: text))
        }
        // Three checks written out: this runs for every time a spec reads, and an array of them would be allocated.
        guard parts.hour <= 23 else { throw TimeOfDayParseError(text: text, reason: .outOfRange(field: .hour, value: parts.hour)) }
        guard parts.minute <= 59 else { throw TimeOfDayParseError(text: text, reason: .outOfRange(field: .minute, value: parts.minute)) }
        guard parts.second <= 59 else { throw TimeOfDayParseError(text: text, reason: .outOfRange(field: .second, value: parts.second)) }
        self.hour = parts.hour
        self.minute = parts.minute
        self.second = parts.second
    }

    /// The numbers of `H:MM`, `HH:MM` or `HH:MM:SS` (ASCII digits only), not yet checked against their ranges; nil
    /// for any other shape. Read on bytes: every spec's `at:` comes through here.
    private static func parts(of text: String) -> (hour: Int, minute: Int, second: Int)? {
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
        return (parts[0], parts[1], parts.count == 3 ? parts[2] : 0)
    }

    /// Why `parts(of:)` refused the text, found on its characters (only ever for a refused text, so never hot).
    private static func syntaxProblem(in text: String) -> TimeOfDayParseError.Reason {
        if text.isEmpty { return .empty }
        if let stray = text.first(where: { !($0 == ":" || ("0"..."9").contains($0) && $0.isASCII) }) {
            return .unexpectedCharacter(stray)
        }
        let pieces = text.split(separator: ":", omittingEmptySubsequences: false)
        if pieces.count == 1 { return .missingMinutes }
        if pieces.count > 3 { return .tooManyParts }
        if pieces[0].isEmpty || pieces[0].count > 2 { return .digitCount(field: .hour, digits: String(pieces[0])) }
        let fields: [TimeOfDayParseError.Field] = [.minute, .second]
        for (field, piece) in zip(fields, pieces.dropFirst()) where piece.count != 2 {
            return .digitCount(field: field, digits: String(piece))
        }
        // parts(of:) refuses exactly the shapes above; TimeOfDayParsingTests holds the two to that on every short text.
        return .tooManyParts
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
    // The magnitude: `abs(Int.min)` traps.
    let digits = String(value.magnitude)
    let padded = String(repeating: "0", count: max(0, width - digits.count)) + digits
    return value < 0 ? "-" + padded : padded
}
