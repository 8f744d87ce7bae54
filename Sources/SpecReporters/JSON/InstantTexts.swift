import SpecResults

/// The texts of each instant in a results document checked against its number: `compare` matches instants by
/// `epochSeconds`, the reports show `utc` and `offsetForm`, so a hand edit (docs/toolchains.md shows one) that
/// changes one and not the other made `compare` report what no report showed.
enum InstantTexts {
    /// An instant of a test whose `utc` or `offsetForm` names another instant than its `epochSeconds`.
    struct Mismatch {
        /// `actual[0]`, `diff[2].expected`, `zoneContext.transitions[0].at`, `lifecycle.runs[1].planned`.
        var place: String
        /// `utc` or `offsetForm`.
        var field: String
        var text: String
        var epochSeconds: Double
    }

    /// The first instant of `test` whose texts disagree with its number. A text that is not an RFC 3339 instant
    /// (masked by `--redact`, say) is not checked: there is nothing to compare.
    static func firstMismatch(in test: TestResult) -> Mismatch? {
        var instants: [(String, ResultInstant)] = []
        instants += test.expected.enumerated().map { ("expected[\($0)]", $1) }
        instants += test.actual.enumerated().map { ("actual[\($0)]", $1) }
        for (index, line) in test.diff.enumerated() {
            if let expected = line.expected { instants.append(("diff[\(index)].expected", expected)) }
            if let actual = line.actual { instants.append(("diff[\(index)].actual", actual)) }
        }
        for (index, transition) in (test.zoneContext?.transitions ?? []).enumerated() {
            instants.append(("zoneContext.transitions[\(index)].at", transition.at))
        }
        for (index, run) in (test.lifecycle?.runs ?? []).enumerated() {
            if let planned = run.planned { instants.append(("lifecycle.runs[\(index)].planned", planned)) }
            if let actual = run.actual { instants.append(("lifecycle.runs[\(index)].actual", actual)) }
        }
        for (place, instant) in instants {
            for (field, text) in [("utc", instant.utc), ("offsetForm", instant.offsetForm)] {
                // The texts carry milliseconds at most (ResultInstant(_:in:)): a difference below one is rounding.
                if let seconds = seconds(rfc3339: text), abs(seconds - instant.epochSeconds) >= 0.001 {
                    return Mismatch(place: place, field: field, text: text, epochSeconds: instant.epochSeconds)
                }
            }
        }
        return nil
    }

    /// Seconds since 1970 of `YYYY-MM-DDTHH:MM:SS[.fraction]` followed by `Z` or `±HH:MM[:SS]`; nil for any other text.
    static func seconds(rfc3339 text: String) -> Double? {
        var text = text
        // In place: a big results file holds a million of these texts.
        return text.withUTF8 { seconds(rfc3339: $0) }
    }

    private static func seconds(rfc3339 bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var index = 0
        func number(_ digits: Int) -> Int? {
            guard index + digits <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<index + digits] {
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
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60
        else { return nil }
        var fraction = 0.0
        if expect(".") {
            var scale = 0.1
            let start = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                fraction += Double(bytes[index] - UInt8(ascii: "0")) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        var offset = 0
        if expect("Z") {
            offset = 0
        } else if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            index += 1
            guard let hours = number(2), expect(":"), let minutes = number(2), minutes < 60 else { return nil }
            var seconds = 0
            if expect(":") {
                guard let value = number(2), value < 60 else { return nil }
                seconds = value
            }
            offset = sign * (hours * 3600 + minutes * 60 + seconds)
        } else {
            return nil
        }
        guard index == bytes.count else { return nil }
        let days = WallClock.days(year: year, month: month, day: day)
        return Double(days * 86_400 + hour * 3600 + minute * 60 + second - offset) + fraction
    }

    /// `2027-09-25T14:15:00Z` (milliseconds when there are any): what `utc` would say for `seconds`.
    static func utcText(_ seconds: Double) -> String {
        let clock = WallClock(wallSeconds: seconds)
        let whole = seconds.rounded(.down)
        let milliseconds = Int(((seconds - whole) * 1000).rounded())
        let fraction = milliseconds == 0 || milliseconds == 1000 ? "" : "." + String(String(1000 + milliseconds).dropFirst())
        return "\(clock.isoDate)T\(clock.time):\(WallClock.twoDigits(clock.second))\(fraction)Z"
    }

    /// `1821868500`, or `1821868500.25`: the number as the file writes it.
    static func numberText(_ seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int(seconds)) : String(seconds)
    }
}
