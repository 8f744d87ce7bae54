import SpecResults

/// The three texts of a `ResultInstant` (`utc`, `offsetForm`, `local`), written byte by byte into one allocation
/// each, for the common case: whole seconds, years 1000–9999 in UTC and in the zone, and an offset of whole minutes.
///
/// Results hold two instants per occurrence (expected and actual), and building them by concatenating small strings
/// was the largest single cost of running a 10,000-spec corpus (bench/specrun-bench, section end-to-end). The texts
/// are the same as the general path's in `ResultInstant(_:in:abbreviations:key:)`, which handles every other case;
/// `ResultInstantTextTests` compares the two.
enum ResultInstantText {
    /// The texts, or nil when the instant is not the common case; `abbreviationBytes` is set to where the
    /// abbreviation is in `local`'s UTF-8 bytes (empty when there is none): every other byte of the texts is one of
    /// `Redaction.numericBytes`, as `ResultInstant.init(writtenUTC:…)` requires. (Set through a parameter: a fourth
    /// element in the returned tuple cost about three reference-counting calls more for each instant rendered.)
    static func texts(seconds: Int, offset: Int, abbreviation: String?, abbreviationBytes: inout Range<Int>)
        -> (utc: String, offsetForm: String, local: String)? {
        guard offset % 60 == 0, abs(offset) < 24 * 3600 else { return nil }
        let utc = WallClock(wallSeconds: Double(seconds))
        let wall = WallClock(wallSeconds: Double(seconds + offset))
        guard (1000...9999).contains(utc.year), (1000...9999).contains(wall.year) else { return nil }

        // 2027-03-28T01:00:00Z
        let utcText = String(unsafeUninitializedCapacity: 20) { buffer in
            var writer = Writer(buffer: buffer)
            writer.dateTime(utc, separator: UInt8(ascii: "T"), seconds: true)
            writer.byte(UInt8(ascii: "Z"))
            return writer.count
        }
        // 2027-03-28T03:00:00+02:00
        let offsetForm = String(unsafeUninitializedCapacity: 25) { buffer in
            var writer = Writer(buffer: buffer)
            writer.dateTime(wall, separator: UInt8(ascii: "T"), seconds: true)
            writer.offset(offset)
            return writer.count
        }
        // 2027-03-28 03:00 CEST (+02:00); seconds only when not zero
        let abbreviationLength = abbreviation.map { $0.utf8.count + 1 } ?? 0
        abbreviationBytes = 0..<0
        let local = String(unsafeUninitializedCapacity: 19 + abbreviationLength + 9) { buffer in
            var writer = Writer(buffer: buffer)
            writer.dateTime(wall, separator: UInt8(ascii: " "), seconds: wall.second != 0)
            if let abbreviation {
                writer.byte(UInt8(ascii: " "))
                let start = writer.count
                for byte in abbreviation.utf8 { writer.byte(byte) }
                abbreviationBytes = start..<writer.count
            }
            writer.byte(UInt8(ascii: " "))
            writer.byte(UInt8(ascii: "("))
            writer.offset(offset)
            writer.byte(UInt8(ascii: ")"))
            return writer.count
        }
        return (utcText, offsetForm, local)
    }

    private struct Writer {
        let buffer: UnsafeMutableBufferPointer<UInt8>
        var count = 0

        // Always inlined: `twoDigits` was a call of its own for each pair of digits, 0.5 % of a 10,000-spec run's CPU
        // profile by itself (three texts of some twenty digits for each of 212,000 instants).
        @inline(__always)
        mutating func byte(_ value: UInt8) {
            buffer[count] = value
            count += 1
        }

        @inline(__always)
        mutating func twoDigits(_ value: Int) {
            byte(UInt8(ascii: "0") + UInt8(value / 10))
            byte(UInt8(ascii: "0") + UInt8(value % 10))
        }

        /// `YYYY-MM-DD`, the separator, `HH:MM`, and `:SS` when asked.
        mutating func dateTime(_ clock: WallClock, separator: UInt8, seconds: Bool) {
            twoDigits(clock.year / 100)
            twoDigits(clock.year % 100)
            byte(UInt8(ascii: "-"))
            twoDigits(clock.month)
            byte(UInt8(ascii: "-"))
            twoDigits(clock.day)
            byte(separator)
            twoDigits(clock.hour)
            byte(UInt8(ascii: ":"))
            twoDigits(clock.minute)
            if seconds {
                byte(UInt8(ascii: ":"))
                twoDigits(clock.second)
            }
        }

        /// `+HH:MM` / `-HH:MM` (whole minutes only).
        mutating func offset(_ seconds: Int) {
            byte(seconds < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
            twoDigits(abs(seconds) / 3600)
            byte(UInt8(ascii: ":"))
            twoDigits(abs(seconds) % 3600 / 60)
        }
    }
}
