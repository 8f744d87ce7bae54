/// Durations as specs write them: a number and a unit, larger units first (`45s`, `90m`, `24h`, `1h30m`, `2d`).
///
/// A day is exactly 24 hours here: durations measure elapsed time, never the calendar.
enum DurationText {
    private static let units: [(letter: Character, seconds: Int)] = [("d", 86_400), ("h", 3600), ("m", 60), ("s", 1)]

    /// The longest duration a spec may write: 999,999,999 days, far past the years 0001–9999 instants are written in.
    static let longest = 999_999_999 * 86_400
    /// How messages write `longest`.
    static let longestText = "999999999d (about 2.7 million years)"

    /// What a text reads as.
    enum Reading: Equatable {
        case seconds(Int)
        /// Written as a duration, but longer than `longest`.
        case tooLong
        /// A duration with a minus sign; `unsigned` is the text without it.
        case negative(unsigned: String)
        case notADuration
    }

    /// The duration in seconds, or nil when the text is not a duration (or one too long).
    static func seconds(_ text: String) -> Int? {
        if case .seconds(let seconds) = read(text) { return seconds }
        return nil
    }

    /// What `text` reads as: a duration in seconds, one too long or negative, or no duration at all.
    static func read(_ text: String) -> Reading {
        if text.hasPrefix("-") {
            let unsigned = String(text.dropFirst())
            switch read(unsigned) {
            case .seconds, .tooLong: return .negative(unsigned: unsigned)
            case .negative, .notADuration: return .notADuration
            }
        }
        var total = 0
        var tooLong = false
        var numberStart: String.Index?
        var nextUnit = 0
        var sawPart = false
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character.isASCII, character.isNumber {
                if numberStart == nil { numberStart = index }
                index = text.index(after: index)
                continue
            }
            guard let start = numberStart,
                  let position = units[nextUnit...].firstIndex(where: { $0.letter == character })
            else { return .notADuration }
            // Digits past the fifteenth (leading zeros aside) are far past `longest`: no Int is formed from them.
            let digits = text[start..<index].drop { $0 == "0" }
            if digits.count > 15 {
                tooLong = true
            } else if !tooLong {
                let (part, overflow) = (Int(digits) ?? 0).multipliedReportingOverflow(by: units[position].seconds)
                let (sum, overflowAgain) = total.addingReportingOverflow(part)
                if overflow || overflowAgain || sum > longest { tooLong = true } else { total = sum }
            }
            nextUnit = position + 1
            numberStart = nil
            sawPart = true
            index = text.index(after: index)
        }
        guard numberStart == nil, sawPart else { return .notADuration }
        return tooLong ? .tooLong : .seconds(total)
    }

    /// The unit words authors write, by the seconds they stand for (`minutes`, `min`, `hrs`, …).
    private static let unitWords: [String: Int] = [
        "s": 1, "sec": 1, "secs": 1, "second": 1, "seconds": 1,
        "m": 60, "min": 60, "mins": 60, "minute": 60, "minutes": 60,
        "h": 3600, "hr": 3600, "hrs": 3600, "hour": 3600, "hours": 3600,
        "d": 86_400, "day": 86_400, "days": 86_400,
        // In other languages, as authors write them beside a number: French, German, Spanish, Russian, Chinese,
        // Japanese, Korean (`90分`, `1ч30м`, `2 Stunden`).
        "seconde": 1, "secondes": 1, "sekunde": 1, "sekunden": 1, "segundo": 1, "segundos": 1,
        "с": 1, "сек": 1, "секунда": 1, "секунды": 1, "секунд": 1, "秒": 1, "秒钟": 1, "秒鐘": 1, "초": 1,
        "minuten": 60, "minuto": 60, "minutos": 60, "м": 60, "мин": 60, "минута": 60, "минуты": 60, "минут": 60,
        "分": 60, "分钟": 60, "分鐘": 60, "分間": 60, "분": 60,
        "heure": 3600, "heures": 3600, "stunde": 3600, "stunden": 3600, "std": 3600, "hora": 3600, "horas": 3600,
        "ч": 3600, "час": 3600, "часа": 3600, "часов": 3600, "小时": 3600, "小時": 3600, "时": 3600, "時": 3600,
        "時間": 3600, "시간": 3600,
        "jour": 86_400, "jours": 86_400, "tag": 86_400, "tage": 86_400, "día": 86_400, "días": 86_400, "dia": 86_400,
        "dias": 86_400, "д": 86_400, "дн": 86_400, "день": 86_400, "дня": 86_400, "дней": 86_400, "天": 86_400,
        "日": 86_400, "일": 86_400,
    ]

    /// What a duration written another way reads as here: `15 minutes` → `15m`, `1 hour 30 min` → `1h30m`,
    /// `1.5h` or `1,5h` → `1h30m`, `90分` → `90m`, `1ч30м` → `1h30m`, `half an hour` or `PT30M` → `30m`; nil when it
    /// is not such a duration (or already one).
    static func meant(_ text: String) -> String? {
        guard seconds(text) == nil else { return nil }
        if let spoken = spokenOrISO(text) { return spoken }
        var total = 0.0
        var rest = Substring(text.lowercased())
        var parts = 0
        var lastUnit = 0
        while true {
            rest = rest.drop { $0 == " " || $0 == "," }
            if rest.hasPrefix("and ") { rest = rest.dropFirst(4) }
            guard !rest.isEmpty else { break }
            // A decimal comma (`1,5h`, as French, German and Russian write it) reads as the dot; a comma after a
            // number is a list's (`1 hour, 30 minutes`).
            var number = rest.prefix { $0.isASCII && ($0.isNumber || $0 == "." || $0 == ",") }
            while number.last == "," { number = number.dropLast() }
            guard !number.isEmpty, number.count <= 9, let value = Double(String(number.map { $0 == "," ? "." : $0 })) else { return nil }
            rest = rest.dropFirst(number.count).drop { $0 == " " }
            let word = rest.prefix { $0.isLetter }
            guard let unit = unitWords[String(word)] else { return nil }
            rest = rest.dropFirst(word.count)
            total += value * Double(unit)
            lastUnit = unit
            parts += 1
        }
        guard parts > 0, total >= 1, total == total.rounded(), total < 1e9 else { return nil }
        // `90 minutes` → `90m`, `25 hours` → `25h`: one whole number keeps its unit (not `1h30m`, `1d1h`).
        if parts == 1, let letter = units.first(where: { $0.seconds == lastUnit }), total.truncatingRemainder(dividingBy: Double(letter.seconds)) == 0 {
            return "\(Int(total) / letter.seconds)\(letter.letter)"
        }
        return Self.text(seconds: Int(total))
    }

    /// Spoken durations and ISO 8601's (`PT30M`, `P1DT2H`): `half an hour` → `30m`, `PT1H30M` → `1h30m`; nil for
    /// anything else. ISO's years and months (`P1M`) are calendar periods, not elapsed time: nil.
    static func spokenOrISO(_ text: String) -> String? {
        let lowered = text.lowercased().trimmingCharacters(in: .whitespaces)
        let spoken: [String: String] = [
            "half hour": "30m", "half an hour": "30m", "a half hour": "30m", "half-hour": "30m", "½ hour": "30m", "1/2 hour": "30m",
            "quarter hour": "15m", "a quarter hour": "15m", "quarter-hour": "15m", "quarter of an hour": "15m",
            "a quarter of an hour": "15m", "¼ hour": "15m", "1/4 hour": "15m", "three quarters of an hour": "45m",
            "an hour": "1h", "one hour": "1h", "an hour and a half": "1h30m", "one and a half hours": "1h30m",
            "a minute": "1m", "one minute": "1m", "a second": "1s", "one second": "1s", "a day": "1d", "one day": "1d",
        ]
        if let duration = spoken[lowered] { return duration }
        return iso8601(lowered)
    }

    /// (3, `month`) for ISO 8601's `P3M`, (1, `year`) for `P1Y`: periods of the calendar, no fixed elapsed time; nil
    /// for anything else (`PT1M` is a minute).
    static func isoCalendarPeriod(_ text: String) -> (count: Int, period: String)? {
        let lowered = text.lowercased()
        guard lowered.hasPrefix("p"), lowered.count >= 3, lowered.count <= 12,
              let count = Int(lowered.dropFirst().dropLast()), count > 0, lowered.dropFirst().first?.isNumber == true,
              let period = ["m": "month", "y": "year"][String(lowered.last!)]
        else { return nil }
        return (count, period)
    }

    /// `pt30m` → `30m`, `p1dt2h` → `1d2h`, `p2w` → `14d` (lowercased text); nil for anything else.
    private static func iso8601(_ lowered: String) -> String? {
        guard lowered.hasPrefix("p"), lowered.count <= 40 else { return nil }
        var days = 0, hours = 0, minutes = 0, seconds = 0
        var inTime = false
        var number = ""
        var parts = 0
        var timeParts = 0
        for character in lowered.dropFirst() {
            if character.isASCII && character.isNumber {
                number.append(character)
                continue
            }
            if character == "t" {
                guard !inTime, number.isEmpty else { return nil }
                inTime = true
                continue
            }
            guard let value = Int(number), value < 1_000_000_000 else { return nil }
            number = ""
            switch (character, inTime) {
            case ("w", false): days += 7 * value
            case ("d", false): days += value
            case ("h", true): hours = value
            case ("m", true): minutes = value
            case ("s", true): seconds = value
            default: return nil
            }
            parts += 1
            if inTime { timeParts += 1 }
        }
        guard number.isEmpty, parts > 0, !inTime || timeParts > 0 else { return nil }
        let written = [(days, "d"), (hours, "h"), (minutes, "m"), (seconds, "s")].filter { $0.0 > 0 }.map { "\($0.0)\($0.1)" }.joined()
        return written.isEmpty ? nil : (self.seconds(written) != nil ? written : nil)
    }

    /// The advice for a number written without its unit (`900`), nil for anything else.
    static func missingUnit(_ text: String) -> String? {
        guard !text.isEmpty, text.count <= 9, text.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(text), value > 0
        else { return nil }
        return "'\(text)' has no unit; write \(text)s (seconds), \(text)m (minutes) or \(text)h (hours): a number and a unit, d, h, m or s"
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
