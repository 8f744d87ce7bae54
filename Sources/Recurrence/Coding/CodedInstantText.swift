import Foundation

/// RFC 3339 text for an interval's `from` that reads back as the very same `Date`: `2027-03-27T01:30:00Z`, with as
/// many fraction digits as that `Date` needs (`2027-03-27T01:30:00.25Z`). Reading also takes an offset
/// (`2027-03-27T02:30:00+01:00`).
///
/// A `Date` is a `Double` count of seconds since 2001-01-01T00:00:00Z. The text is written as whole seconds plus
/// the shortest fraction that, read back as one decimal number of seconds since 2001 and rounded once, is that same
/// `Double`: an interval's keys carry its `from`'s fraction, so a stored schedule must not move it by one bit.
enum CodedInstantText {
    /// 2001-01-01T00:00:00Z (Foundation's reference date) in seconds since 1970.
    private static let referenceDateUnixSeconds = 978_307_200
    /// 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z in seconds since 1970: the years RFC 3339 can write.
    private static let firstUnixSecond = -62_135_596_800
    private static let lastUnixSecond = 253_402_300_799

    /// The text, or nil for an instant that RFC 3339 cannot write (not finite, or outside the years 0001…9999).
    static func string(for date: Date) -> String? {
        let seconds = date.timeIntervalSinceReferenceDate
        // 4e11 s is beyond year 9999 either way; the bound keeps Int(whole) exact.
        guard seconds.isFinite, abs(seconds) < 4e11 else { return nil }
        let whole = seconds.rounded(.down)
        let unixSeconds = Int(whole) + referenceDateUnixSeconds
        guard (firstUnixSecond...lastUnixSecond).contains(unixSeconds) else { return nil }
        // The whole second as every instant is written (`rfc3339UTC`), without its `Z`; the fraction is this type's.
        var text = String(Date(timeIntervalSinceReferenceDate: whole).rfc3339UTC.dropLast())
        if seconds != whole {
            guard let digits = shortestFraction(of: seconds, whole: Int(whole)) else { return nil }
            text += "." + digits
        }
        return text + "Z"
    }

    /// The `Date` a text names; nil unless it is `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)` with every field in range.
    static func date(from text: String) -> Date? {
        let bytes = Array(text.utf8)
        var index = 0
        func number(_ digits: Int) -> Int? {
            guard index + digits <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<(index + digits)] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            index += digits
            return value
        }
        func expect(_ character: Character) -> Bool {
            guard index < bytes.count, bytes[index] == character.asciiValue else { return false }
            index += 1
            return true
        }
        guard let year = number(4), expect("-"), let month = number(2), expect("-"), let day = number(2), expect("T"),
              let hour = number(2), expect(":"), let minute = number(2), expect(":"), let second = number(2),
              (1...9999).contains(year), (1...12).contains(month), (1...CivilDate.daysIn(month: month, year: year)).contains(day),
              (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second)
        else { return nil }
        var fraction = Substring()
        if expect(".") {
            let start = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            // No more places than `string(for:)` ever writes.
            guard index > start, index - start <= maximumFractionDigits else { return nil }
            fraction = Substring(String(decoding: bytes[start..<index], as: UTF8.self))
        }
        var offset = 0
        if expect("Z") {
            offset = 0
        } else if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            index += 1
            guard let hours = number(2), expect(":"), let minutes = number(2), hours <= 23, minutes <= 59 else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        } else {
            return nil
        }
        guard index == bytes.count else { return nil }
        let unixSeconds = CivilDate(year: year, month: month, day: day).daysSinceEpoch * 86_400
            + hour * 3600 + minute * 60 + second - offset
        guard let seconds = referenceSeconds(whole: unixSeconds - referenceDateUnixSeconds, fraction: fraction) else { return nil }
        return Date(timeIntervalSinceReferenceDate: seconds)
    }

    /// `whole + 0.fraction` seconds since 2001, rounded once to a `Double`: the decimal is written out whole and
    /// read by `Double(_:)`, which rounds correctly. Below zero, `-3 + 0.25` is written `-2.75`.
    private static func referenceSeconds(whole: Int, fraction: Substring) -> Double? {
        guard fraction.contains(where: { $0 != "0" }) else { return Double(whole) }
        if whole >= 0 { return Double("\(whole).\(fraction)") }
        return Double("-\(-whole - 1)." + complement(fraction))
    }

    /// The places of 1 − 0.d, for d > 0: nines' complement, then one added at the last place (nothing carries out).
    private static func complement(_ places: Substring) -> String {
        var digits = places.utf8.map { 9 - Int($0 - UInt8(ascii: "0")) }
        var position = digits.count - 1
        while digits[position] == 9 {
            digits[position] = 0
            position -= 1
        }
        digits[position] += 1
        return digits.map(String.init).joined()
    }

    /// Enough for any `Double`: the shortest text of the smallest, 4.9e-324, has 341 places.
    private static let maximumFractionDigits = 400

    /// The fewest fraction places that read back (with `whole`) as exactly `seconds`. Candidates are `seconds`
    /// rounded to 1, 2, … places: below zero the written fraction counts up from `whole` (−0.25 is −1 + 0.75), so
    /// it is the complement of |seconds|'s places.
    private static func shortestFraction(of seconds: Double, whole: Int) -> String? {
        for count in 1...maximumFractionDigits {
            let text = String(format: "%.\(count)f", abs(seconds))
            guard let point = text.firstIndex(of: ".") else { return nil }
            let integral = text[..<point]
            let places = text[text.index(after: point)...]
            let fraction: Substring
            if seconds >= 0 {
                // Rounding up into the next whole second needs more places.
                guard integral == String(whole) else { continue }
                fraction = places
            } else {
                guard integral == String(-whole - 1), places.contains(where: { $0 != "0" }) else { continue }
                fraction = Substring(complement(places))
            }
            if referenceSeconds(whole: whole, fraction: fraction) == seconds { return String(fraction) }
        }
        return nil
    }
}
