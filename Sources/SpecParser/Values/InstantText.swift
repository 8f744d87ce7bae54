import Foundation
import Recurrence

/// RFC 3339 instants as specs write them: `2027-03-28T03:00:00+02:00`, `2027-03-28T01:00:00.250Z`.
///
/// The offset is required (an instant without one would depend on the machine's zone). `T`, `t` or a
/// single space separate date and time, as RFC 3339 allows.
enum InstantText {
    struct Parsed: Equatable {
        var date: Date
        /// Seconds east of UTC; nil for `Z`.
        var offset: Int?
    }

    enum Problem: Error, Equatable {
        case malformed
        case missingOffset
        case missingSeconds
        /// `2027-03-27`: a date alone.
        case dateOnly
        /// `2027-03-27T00:00:00 +01:00`.
        case spaceBeforeOffset
        /// `+0100`: ISO 8601's basic form, which RFC 3339 does not allow.
        case offsetWithoutColon
        case noSuchDate(year: Int, month: Int, day: Int)
        case timeOutOfRange
        case offsetOutOfRange
        /// `2027-06-01T02:30:00,5+08:00`: ISO 8601's comma before a fraction (usual in French and Russian), where RFC 3339
        /// takes a dot.
        case commaFraction
        /// `+00:53:28`: a historical offset with seconds (local mean time), which RFC 3339 cannot write.
        case offsetWithSeconds(Date)
        /// `0000-06-01T00:00:00Z`: RFC 3339 writes the year 0000, and the spec language's years are 0001…9999.
        case yearZero

        func message(for text: String, field: String) -> String {
            switch self {
            case .malformed:
                "'\(text)' is not an RFC 3339 instant; write '\(field)' like 2027-03-28T03:00:00+02:00 or 2027-03-28T01:00:00Z"
            case .missingOffset:
                "the instant '\(text)' has no offset; add the offset the zone has then (e.g. +02:00) or Z, so the test does not depend on the machine's zone"
            case .missingSeconds:
                Self.withSeconds(text)
                    ?? (text.last.map { $0.isNumber } == true && !text.dropFirst(10).contains(where: { "+-Zz".contains($0) })
                        ? "the instant '\(text)' has no seconds and no offset; write both, e.g. 2027-03-28T03:00:00+02:00 (the offset the zone has then, or Z)"
                        : "the instant '\(text)' has no seconds; write them too, e.g. 2027-03-28T03:00:00+02:00")
            case .dateOnly:
                "'\(text)' is a date without a time; write '\(field)' with its time and offset, e.g. \(text)T00:00:00+01:00 (the offset the zone has then, or Z)"
            case .spaceBeforeOffset:
                "the instant '\(text)' has a space before its offset; write it without: \(text.replacingOccurrences(of: " ", with: "", options: .backwards, range: text.index(text.startIndex, offsetBy: 19)..<text.endIndex))"
            case .offsetWithoutColon:
                "the offset in '\(text)' has no colon; write it as ±HH:MM: \(text.dropLast(2)):\(text.suffix(2))"
            case .noSuchDate(let year, let month, let day):
                month == 2 && day == 29
                    // The second failure review: "check the month and the day" left why to be worked out.
                    ? "the date \(Self.four(year))-02-29 in '\(text)' does not exist: \(Self.four(year)) is not a leap year, so "
                        + "February has 28 days; check the year, or write \(Self.four(year))-02-28 or \(Self.four(year))-03-01"
                    // A day past its month's last (09-31): the month's length, and the last day as the likely meaning (a
                    // review was told only to check, with no date to write).
                    : (1...12).contains(month) && (29...31).contains(day)
                        ? "the date \(Self.four(year))-\(Self.two(month))-\(Self.two(day)) in '\(text)' does not exist: \(Rule.monthNames[month - 1]) "
                            + "has \(CivilDate.daysIn(month: month, year: year)) days; check the month and the day, or, for its last day, write "
                            + "\(Self.four(year))-\(Self.two(month))-\(Self.two(CivilDate.daysIn(month: month, year: year)))"
                        : "the date \(Self.four(year))-\(Self.two(month))-\(Self.two(day)) in '\(text)' does not exist; check the month and the day"
            case .timeOutOfRange:
                Self.isLeapSecond(text)
                    // RFC 3339 allows second 60; POSIX time, Foundation's `Date` and every engine do not count it.
                    ? "'\(text)' is a leap second, which RFC 3339 allows but no engine counts (POSIX time has no second 60); "
                        + "write the second before it (:59) or the next minute's :00"
                    : "the time of day in '\(text)' is out of range; hours are 00–23, minutes and seconds 00–59"
            case .offsetOutOfRange:
                "the offset in '\(text)' is out of range; write it as ±HH:MM with hours 00–23 and minutes 00–59"
            case .commaFraction:
                "the instant '\(text)' has a comma before its fraction of a second; RFC 3339 takes a dot: "
                    + text.replacingOccurrences(of: ",", with: ".")
            case .offsetWithSeconds(let date):
                // Monrovia kept −00:44:30 as its standard time until 1972: not only local mean time has seconds.
                "the offset in '\(text)' has seconds, which an RFC 3339 offset cannot carry (local mean time had such "
                    + "offsets, and Monrovia's −00:44:30 lasted until 1972); write the same instant in UTC: \(date.rfc3339UTC)"
            case .yearZero:
                "'\(text)' is in the year 0000, before the years a spec writes (0001 to 9999); write an instant of the year 0001 or later"
            }
        }

        /// `…T23:59:60…`: a time whose hour and minute are in range and whose second is 60.
        private static func isLeapSecond(_ text: String) -> Bool {
            let characters = Array(text)
            guard characters.count >= 19, characters[13] == ":", characters[16] == ":",
                  let hour = Int(String(characters[11...12])), let minute = Int(String(characters[14...15])) else { return false }
            return hour <= 23 && minute <= 59 && String(characters[17...18]) == "60"
        }

        /// The message for `2027-03-29T02:30+02:00` (or `2027-03-29 02:30`) with the author's own instant completed:
        /// `:00` added, and for one without an offset the two ways to write it; nil for another shape.
        private static func withSeconds(_ text: String) -> String? {
            guard let (head, rest) = secondsAdded(text) else { return nil }
            if rest.isEmpty {
                return "the instant '\(text)' has no seconds and no offset; write \(head)Z, or \(head)±HH:MM with the offset the zone has then ('specrun explain ZONE \(head.prefix(10))' shows it)"
            }
            guard let first = rest.first, "+-Zz".contains(first) else { return nil }
            return "the instant '\(text)' has no seconds; write \(head)\(rest)"
        }

        /// `2027-03-29 02:30+02:00` → (`2027-03-29T02:30:00`, `+02:00`): the date and the time up to its minute, with
        /// the `T` and `:00` written, and what follows them; nil for another shape.
        static func secondsAdded(_ text: String) -> (head: String, rest: String)? {
            let characters = Array(text)
            guard characters.count >= 16, "Tt ".contains(characters[10]), characters[13] == ":",
                  characters[11...15].filter(\.isNumber).count == 4
            else { return nil }
            return (String(characters[0..<10]) + "T" + String(characters[11..<16]) + ":00", String(characters[16...]))
        }

        private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        private static func four(_ value: Int) -> String {
            String(repeating: "0", count: max(0, 4 - String(value).count)) + String(value)
        }
    }

    static func parse(_ text: String) -> Result<Parsed, Problem> {
        // Read in place: every expected instant of every spec passes here (bench/specrun-bench, section yaml).
        var text = text
        return text.withUTF8 { parse(bytes: $0) }
    }

    private static func parse(bytes: UnsafeBufferPointer<UInt8>) -> Result<Parsed, Problem> {
        var index = 0

        func digits(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<(index + count)] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            index += count
            return value
        }
        func take(_ characters: StaticString) -> Bool {
            guard index < bytes.count else { return false }
            let byte = bytes[index]
            let choices = UnsafeBufferPointer(start: characters.utf8Start, count: characters.utf8CodeUnitCount)
            guard choices.contains(byte) else { return false }
            index += 1
            return true
        }

        guard let year = digits(4), take("-"), let month = digits(2), take("-"), let day = digits(2) else {
            return .failure(.malformed)
        }
        guard take("Tt ") else { return .failure(index == bytes.count ? .dateOnly : .malformed) }
        guard let hour = digits(2), take(":"), let minute = digits(2) else { return .failure(.malformed) }
        guard take(":") else {
            // `2027-03-28T03:00+02:00` or `2027-03-28T03:00`: a near miss worth naming precisely.
            return .failure(index == bytes.count || "+-Zz".utf8.contains(bytes[index]) ? .missingSeconds : .malformed)
        }
        guard let second = digits(2) else { return .failure(.malformed) }
        var fraction = 0.0
        if index + 1 < bytes.count, bytes[index] == UInt8(ascii: ","), (0x30...0x39).contains(bytes[index + 1]) {
            return .failure(.commaFraction)
        }
        if take(".") {
            var scale = 0.1
            var count = 0
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
                fraction += Double(bytes[index] - 0x30) * scale
                scale /= 10
                count += 1
                index += 1
            }
            guard count > 0 else { return .failure(.malformed) }
        }
        var offset: Int?
        var offsetSeconds: Int?
        if index + 1 < bytes.count, bytes[index] == 0x20, "+-Zz".utf8.contains(bytes[index + 1]) {
            return .failure(.spaceBeforeOffset)
        }
        if index == bytes.count {
            return .failure(.missingOffset)
        } else if take("Zz") {
            offset = nil
        } else if index < bytes.count, bytes[index] == 0x2B || bytes[index] == 0x2D {
            let sign = bytes[index] == 0x2D ? -1 : 1
            index += 1
            guard let hours = digits(2) else { return .failure(.malformed) }
            if index + 2 == bytes.count, digits(2) != nil { return .failure(.offsetWithoutColon) }
            guard take(":"), let minutes = digits(2) else { return .failure(.malformed) }
            guard hours <= 23, minutes <= 59 else { return .failure(.offsetOutOfRange) }
            // `+00:53:28`, as `explain` and the reports show a local-mean-time offset: read to name its UTC form.
            if take(":") {
                guard let seconds = digits(2), index == bytes.count else { return .failure(.malformed) }
                guard seconds <= 59 else { return .failure(.offsetOutOfRange) }
                offsetSeconds = sign * seconds
            }
            offset = sign * (hours * 3600 + minutes * 60)
        } else {
            return .failure(.malformed)
        }
        guard index == bytes.count else { return .failure(.malformed) }

        guard year >= 1 else { return .failure(.yearZero) }
        guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year) else {
            return .failure(.noSuchDate(year: year, month: month, day: day))
        }
        guard hour <= 23, minute <= 59, second <= 59 else { return .failure(.timeOutOfRange) }

        let days = CivilDate(year: year, month: month, day: day).daysSinceEpoch
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - (offset ?? 0) - (offsetSeconds ?? 0)
        // A fraction a Double cannot hold beside so many seconds rounds up into the next second (`9999-12-31T23:59:59.999999Z`
        // read as the year 10000, `…23:59:59.99999999Z` as the next day): the instant keeps to the second it names.
        var interval = Double(seconds) + fraction
        if interval >= Double(seconds + 1) { interval = Double(seconds + 1).nextDown }
        guard offsetSeconds == nil else { return .failure(.offsetWithSeconds(Date(timeIntervalSince1970: interval))) }
        return .success(Parsed(date: Date(timeIntervalSince1970: interval), offset: offset))
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

/// An instant pasted where a date is expected (`specrun explain Europe/Berlin 2027-03-28T01:30Z`): read as specs
/// write instants (RFC 3339, `T`, `t` or a space, a fraction), and also without its seconds, as an instant is often
/// pasted; nil for any other text.
public enum PastedInstant {
    public static func date(_ text: String) -> Date? {
        switch InstantText.parse(text) {
        case .success(let parsed): return parsed.date
        case .failure(.missingSeconds):
            guard let (head, rest) = InstantText.Problem.secondsAdded(text), case .success(let parsed) = InstantText.parse(head + rest)
            else { return nil }
            return parsed.date
        case .failure: return nil
        }
    }
}
