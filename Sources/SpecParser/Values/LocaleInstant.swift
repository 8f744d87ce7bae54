/// Instants written the way a locale writes dates, read into RFC 3339 for the advice: `2027/06/01 00:00:00+08:00`,
/// `01.06.2027 00:00:00+03:00` (day first, as German and Russian write it), `2027年6月1日 02:30:00+08:00`, with an
/// time without seconds (`02:30`) or an offset written `UTC+8`, `GMT+8` or `+8` (`2027-06-01 02:30 UTC+8`). Asked only about a text that failed to read.
enum LocaleInstant {
    /// The RFC 3339 instant the text means, or nil when it is none of these forms or does not read once rewritten.
    static func meant(_ text: String) -> String? {
        var rest = Substring(text)
        // The date: three numbers and the order they come in.
        func number(maxDigits: Int) -> Int? {
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard (1...maxDigits).contains(digits.count), let value = Int(digits) else { return nil }
            rest = rest.dropFirst(digits.count)
            return value
        }
        func take(_ character: Character) -> Bool {
            guard rest.first == character else { return false }
            rest = rest.dropFirst()
            return true
        }
        guard let first = number(maxDigits: 4) else { return nil }
        let year: Int, month: Int, day: Int
        if rest.first == "年" {
            rest = rest.dropFirst()
            guard let m = number(maxDigits: 2), take("月"), let d = number(maxDigits: 2), take("日") || take("号") else { return nil }
            (year, month, day) = (first, m, d)
        } else if rest.first == "/" || rest.first == "." || rest.first == "-" {
            let separator = rest.first!
            rest = rest.dropFirst()
            guard let second = number(maxDigits: 2), take(separator), let third = number(maxDigits: 4) else { return nil }
            // Year first (`2027/06/01`, `2027.06.01`), or day first with dots (`01.06.2027`); a day-first or month-first
            // date with slashes is left alone: `06/01/2027` is June in the US and January elsewhere.
            if first >= 1000 {
                (year, month, day) = (first, second, third)
            } else if separator == ".", third >= 1000 {
                (year, month, day) = (third, second, first)
            } else {
                return nil
            }
        } else {
            return nil
        }
        // The time: `T` or spaces, then H:MM or H:MM:SS with an optional fraction.
        guard take("T") || rest.first == " " else { return nil }
        rest = rest.drop { $0 == " " }
        guard let hour = number(maxDigits: 2), take(":"), let minute = number(maxDigits: 2) else { return nil }
        var time = two(hour) + ":" + two(minute) + ":"
        if take(":") {
            guard let second = number(maxDigits: 2) else { return nil }
            time += two(second)
            if rest.first == "." {
                let fraction = rest.dropFirst().prefix { $0.isASCII && $0.isNumber }
                guard !fraction.isEmpty else { return nil }
                time += "." + fraction
                rest = rest.dropFirst(fraction.count + 1)
            }
        } else {
            time += "00"
        }
        // The offset: `Z`, `+08:00`, `+0800`, `+8`, each maybe after a space and `UTC` or `GMT`.
        rest = rest.drop { $0 == " " }
        let zone = rest.prefix(3).uppercased()
        if zone == "UTC" || zone == "GMT" {
            rest = rest.dropFirst(3)
            if rest.isEmpty { return complete(year, month, day, time, "Z") }
        }
        if rest == "Z" || rest == "z" { return complete(year, month, day, time, "Z") }
        guard let sign = rest.first, sign == "+" || sign == "-" else { return nil }
        rest = rest.dropFirst()
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        let offsetHours: Int, offsetMinutes: Int
        switch digits.count {
        case 1, 2:
            offsetHours = Int(digits)!
            rest = rest.dropFirst(digits.count)
            if take(":") {
                guard let minutes = number(maxDigits: 2) else { return nil }
                offsetMinutes = minutes
            } else {
                offsetMinutes = 0
            }
        case 4:
            offsetHours = Int(digits.prefix(2))!
            offsetMinutes = Int(digits.suffix(2))!
            rest = rest.dropFirst(4)
        default:
            return nil
        }
        guard rest.isEmpty else { return nil }
        return complete(year, month, day, time, "\(sign)" + two(offsetHours) + ":" + two(offsetMinutes))
    }

    private static func complete(_ year: Int, _ month: Int, _ day: Int, _ time: String, _ offset: String) -> String? {
        guard (1...9999).contains(year) else { return nil }
        let text = "\(year)-" + two(month) + "-" + two(day) + "T" + time + offset
        guard case .success = InstantText.parse(text) else { return nil }
        return text
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
