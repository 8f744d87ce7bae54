/// Durations as specs write them: a number and a unit, larger units first (`45s`, `90m`, `24h`, `1h30m`, `2d`).
///
/// A day is exactly 24 hours here: durations measure elapsed time, never the calendar.
enum DurationText {
    private static let units: [(letter: Character, seconds: Int)] = [("d", 86_400), ("h", 3600), ("m", 60), ("s", 1)]

    /// The duration in seconds, or nil when the text is not a duration.
    static func seconds(_ text: String) -> Int? {
        var total = 0
        var number = ""
        var nextUnit = 0
        var sawPart = false
        for character in text {
            if character.isASCII, character.isNumber {
                number.append(character)
                guard number.count <= 9 else { return nil }
                continue
            }
            guard !number.isEmpty,
                  let position = units[nextUnit...].firstIndex(where: { $0.letter == character }),
                  let value = Int(number)
            else { return nil }
            total += value * units[position].seconds
            nextUnit = position + 1
            number = ""
            sawPart = true
        }
        guard number.isEmpty, sawPart else { return nil }
        return total
    }

    /// The shortest text for a duration, larger units first: 300 → `5m`, 5400 → `1h30m`, 0 → `0s`.
    static func text(seconds: Int) -> String {
        guard seconds > 0 else { return "0s" }
        var rest = seconds
        var text = ""
        for unit in units where rest >= unit.seconds {
            text += "\(rest / unit.seconds)\(unit.letter)"
            rest %= unit.seconds
        }
        return text
    }
}
