import Foundation

/// Writes the dedup keys of one schedule: the `<id>/v<version>/` prefix once, then each slot's date into a
/// fresh string without formatting machinery (keys are made for every occurrence, so this is on the hot path).
struct DedupKeyWriter: Sendable {
    private let prefix: [UInt8]

    init(scheduleID: String, version: Int) {
        prefix = Array("\(scheduleID)/v\(version)/".utf8)
    }

    /// `<id>/v<version>/YYYY-MM-DD`, with `~2` for the later of a repeated pair.
    func key(date: CivilDate, isRepeat: Bool) -> DedupKey {
        guard Self.writesDigits(date) else {
            return DedupKey(String(decoding: prefix, as: UTF8.self) + Self.dateText(date) + (isRepeat ? "~2" : ""))
        }
        let length = prefix.count + 10 + (isRepeat ? 2 : 0)
        return DedupKey(String(unsafeUninitializedCapacity: length) { buffer in
            var index = copyPrefix(into: buffer)
            writeDate(date, into: buffer, at: &index)
            if isRepeat { writeRepeatMark(into: buffer, at: &index) }
            return index
        })
    }

    /// `<id>/v<version>/YYYY-MM-DDTHH:MM`, with `~2` for the later of a repeated pair.
    func key(date: CivilDate, hour: Int, minute: Int, isRepeat: Bool) -> DedupKey {
        guard Self.writesDigits(date), (0...99).contains(hour), (0...99).contains(minute) else {
            return DedupKey(String(decoding: prefix, as: UTF8.self) + Self.dateText(date) + "T" + pad(hour) + ":"
                + pad(minute) + (isRepeat ? "~2" : ""))
        }
        let length = prefix.count + 16 + (isRepeat ? 2 : 0)
        return DedupKey(String(unsafeUninitializedCapacity: length) { buffer in
            var index = copyPrefix(into: buffer)
            writeDate(date, into: buffer, at: &index)
            buffer[index] = UInt8(ascii: "T")
            index += 1
            writeTwoDigits(hour, into: buffer, at: &index)
            buffer[index] = UInt8(ascii: ":")
            index += 1
            writeTwoDigits(minute, into: buffer, at: &index)
            if isRepeat { writeRepeatMark(into: buffer, at: &index) }
            return index
        })
    }

    /// `<id>/v<version>/YYYY-MM-DDTHH:MM`, or `…THH:MM:SS` when the second is not zero: a slot of a rule with several
    /// wall times a date (its nominal date and time), with `~2` for the later of a repeated pair.
    func key(date: CivilDate, hour: Int, minute: Int, second: Int, isRepeat: Bool) -> DedupKey {
        let minuteKey = key(date: date, hour: hour, minute: minute, isRepeat: false)
        guard second != 0 || isRepeat else { return minuteKey }
        return DedupKey(minuteKey.rawValue + (second == 0 ? "" : ":" + pad(second)) + (isRepeat ? "~2" : ""))
    }

    /// `<id>/v<version>/<instant in UTC, RFC 3339>` for interval rules.
    func key(instant: Date) -> DedupKey {
        // Whole seconds in years 1000–9999 are written byte by byte, as date keys are (concatenating the text cost
        // more than the rest of an interval occurrence); `rfc3339UTC` writes every other instant.
        let total = instant.timeIntervalSince1970
        let seconds = total.rounded(.down)
        if seconds == total, abs(seconds) < 1e12 {
            let whole = Int(seconds)
            let days = whole >= 0 ? whole / 86_400 : -((-whole + 86_399) / 86_400)
            let secondOfDay = whole - days * 86_400
            let date = CivilDate(daysSinceEpoch: days)
            if (1000...9999).contains(date.year) {
                return DedupKey(String(unsafeUninitializedCapacity: prefix.count + 20) { buffer in
                    var index = copyPrefix(into: buffer)
                    writeDate(date, into: buffer, at: &index)
                    buffer[index] = UInt8(ascii: "T")
                    index += 1
                    writeTwoDigits(secondOfDay / 3600, into: buffer, at: &index)
                    buffer[index] = UInt8(ascii: ":")
                    index += 1
                    writeTwoDigits(secondOfDay % 3600 / 60, into: buffer, at: &index)
                    buffer[index] = UInt8(ascii: ":")
                    index += 1
                    writeTwoDigits(secondOfDay % 60, into: buffer, at: &index)
                    buffer[index] = UInt8(ascii: "Z")
                    return index + 1
                })
            }
        }
        return DedupKey(String(decoding: prefix, as: UTF8.self) + instant.rfc3339UTC)
    }

    /// Whether the date's fields fit the byte-by-byte writer (two digits each, four for the year); any other is
    /// written as text, signs and all (`DedupKey`'s initializers take any integers).
    private static func writesDigits(_ date: CivilDate) -> Bool {
        (0...9999).contains(date.year) && (0...99).contains(date.month) && (0...99).contains(date.day)
    }

    private func copyPrefix(into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        for (index, byte) in prefix.enumerated() { buffer[index] = byte }
        return prefix.count
    }

    private func writeDate(_ date: CivilDate, into buffer: UnsafeMutableBufferPointer<UInt8>, at index: inout Int) {
        writeTwoDigits(date.year / 100, into: buffer, at: &index)
        writeTwoDigits(date.year % 100, into: buffer, at: &index)
        buffer[index] = UInt8(ascii: "-")
        index += 1
        writeTwoDigits(date.month, into: buffer, at: &index)
        buffer[index] = UInt8(ascii: "-")
        index += 1
        writeTwoDigits(date.day, into: buffer, at: &index)
    }

    private func writeTwoDigits(_ value: Int, into buffer: UnsafeMutableBufferPointer<UInt8>, at index: inout Int) {
        buffer[index] = UInt8(truncatingIfNeeded: 48 + value / 10)
        buffer[index + 1] = UInt8(truncatingIfNeeded: 48 + value % 10)
        index += 2
    }

    private func writeRepeatMark(into buffer: UnsafeMutableBufferPointer<UInt8>, at index: inout Int) {
        buffer[index] = UInt8(ascii: "~")
        buffer[index + 1] = UInt8(ascii: "2")
        index += 2
    }

    static func dateText(_ date: CivilDate) -> String {
        pad(date.year, width: 4) + "-" + pad(date.month) + "-" + pad(date.day)
    }
}
