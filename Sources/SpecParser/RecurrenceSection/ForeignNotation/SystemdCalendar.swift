import Foundation
import Recurrence

/// A systemd timer's `OnCalendar=` calendar event (systemd.time(7)) as teams paste it into `rule:` —
/// `Mon..Fri *-*-* 09:00:00 Europe/Berlin`, `*-*~01 23:30`, `*:0/15`, `OnCalendar=weekly` — read into the fields of a
/// cron expression, whose reading into a rule it shares (`CronExpression(systemd:…)`).
///
/// Without `OnCalendar=` before it, a text is taken for a calendar event only when its date is a pattern (`*-*-*`,
/// `*-*~01`, `*-01/3-01`), its time one (`*:0/15`, `08..18:00`), its weekdays a range (`Mon..Fri`), or a zone ends
/// weekdays, a date or a shorthand (`Sat,Sun 10:00 UTC`, `monthly Europe/Berlin`): a plain `02:30`, `02:30,14:30` or
/// `2027-03-28 02:30` is more likely a spec author's own slip, which the shorthand's messages answer better.
enum SystemdCalendar {
    /// systemd.time(7)'s shorthands, as `systemd-analyze calendar` normalises them (systemd 252).
    private static let shorthands = [
        "minutely": "*-*-* *:*:00", "hourly": "*-*-* *:00:00", "daily": "*-*-* 00:00:00", "monthly": "*-*-01 00:00:00",
        "weekly": "Mon *-*-* 00:00:00", "yearly": "*-01-01 00:00:00", "annually": "*-01-01 00:00:00",
        "quarterly": "*-01,04,07,10-01 00:00:00", "semiannually": "*-01,07-01 00:00:00",
    ]
    /// Monday first: systemd's ranges run Monday to Sunday (`Sun..Sat` is refused).
    private static let weekdayNames = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    private static let fullWeekdayNames = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    /// Whether `written` says it is a calendar event (`OnCalendar=…`), read or not.
    static func isNamed(_ written: String) -> Bool {
        guard let equals = written.firstIndex(of: "=") else { return false }
        return written[..<equals].trimmingCharacters(in: .whitespaces).lowercased() == "oncalendar"
    }

    static func expression(_ written: String) -> CronExpression? {
        var text = written.trimmingCharacters(in: .whitespaces)
        let prefixed = isNamed(text)
        if prefixed, let equals = text.firstIndex(of: "=") {
            text = text[text.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        }
        var words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        var zone: String?
        if words.count > 1, let last = words.last, last.contains("/") || last == "UTC", !last.contains("*"), TimeZone(identifier: last) != nil {
            zone = last
            words.removeLast()
        }
        // `monthly Europe/Berlin`: a shorthand is systemd's when `OnCalendar=` or a zone says so (`daily` alone is a
        // slip in the spec's own shorthand; `daily Europe/Berlin` gets that shorthand's message first).
        var shorthand = false
        if prefixed || zone != nil, words.count == 1, let expanded = shorthands[words[0].lowercased()] {
            words = expanded.split(separator: " ").map(String.init)
            shorthand = true
        }
        guard !words.isEmpty, words.count <= 3 else { return nil }
        var index = 0
        var weekdays: CronExpression.Field?
        var rangedWeekdays = false
        if let days = weekdayField(words[0]) {
            (weekdays, rangedWeekdays) = (days, words[0].contains(".."))
            index += 1
        }
        var date: (year: String?, month: CronExpression.Field, day: CronExpression.Field, fromEnd: [Int]?)?
        var patternDate = false
        if index < words.count, words[index].contains("-") || words[index].contains("~") {
            guard let read = self.date(words[index]) else { return nil }
            date = read
            patternDate = words[index].contains { "*~,./".contains($0) }
            index += 1
        }
        var patternTime = false
        var time = (hour: CronExpression.Field(values: [0], text: "00"), minute: CronExpression.Field(values: [0], text: "00"),
                    second: CronExpression.Field(values: [0], text: "00"), fraction: String?.none)
        if index < words.count, words[index].contains(":") {
            guard let read = self.time(words[index]) else { return nil }
            time = read
            // `*:0/15`, `*:00`, `08..18:00`; not a `,` a list of times in a shorthand has too (`02:30,14:30`).
            patternTime = words[index].contains("*") || words[index].contains("/") || words[index].contains("..")
            index += 1
        }
        guard index == words.count, index > 0 else { return nil }
        // A spec's shorthand never ends in a zone: weekdays, a date or a shorthand before one are systemd's.
        let zoned = zone != nil && (weekdays != nil || date != nil || shorthand)
        guard prefixed || patternDate || patternTime || rangedWeekdays || zoned else { return nil }

        var dayOfMonth = date?.day ?? CronExpression.Field(text: "*")
        var dayOfWeek = weekdays ?? CronExpression.Field(text: "*")
        if let fromEnd = date?.fromEnd {
            // `~01` is the month's last day; `Mon *-05~07/1` (the last seven days, on a Monday) its last Monday.
            let sevenLast = fromEnd == Array(1...7)
            if sevenLast, let days = weekdays?.values, !days.isEmpty {
                // `Sat,Sun *-*~07/1`: the last of each weekday, one rule apiece.
                dayOfMonth = CronExpression.Field(text: "*")
                dayOfWeek = CronExpression.Field(special: days.count == 1 ? .weekdayOfMonth(.last, days[0]) : .weekdaysOfMonth(.last, days),
                                                 text: weekdays!.text)
            } else if fromEnd == [1] {
                dayOfMonth.special = .lastDay
            } else if fromEnd.count == 1 {
                let n = fromEnd[0] - 1
                dayOfMonth.special = .unsupported("\(n) day\(n == 1 ? "" : "s") before the month's last day", nearest: nil)
            } else {
                dayOfMonth.special = .unsupported(sevenLast ? "the month's last seven days" : "days counted back from the month's end", nearest: nil)
            }
        }
        var expression = CronExpression(systemd: written, second: time.second, minute: time.minute, hour: time.hour,
                                        dayOfMonth: dayOfMonth, month: date?.month ?? CronExpression.Field(text: "*"), dayOfWeek: dayOfWeek,
                                        year: date?.year, zone: zone)
        if let fraction = time.fraction {
            expression.leftOut.append("A rule's times are whole seconds: its \(fraction) of a second is left out, so each of systemd's elapses is that much after the rule's instant")
        }
        return expression
    }

    /// `Mon..Fri`, `Sat,Sun`, `monday,wed..fri`: the weekdays in cron's numbers (0 = Sunday); nil for anything else.
    private static func weekdayField(_ text: String) -> CronExpression.Field? {
        guard text.first?.isLetter == true else { return nil }
        var numbers = Set<Int>()
        for item in text.lowercased().split(separator: ",", omittingEmptySubsequences: false) {
            let ends = item.contains("..") ? item.components(separatedBy: "..") : item.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
            guard (1...2).contains(ends.count) else { return nil }
            let indices = ends.compactMap { name in weekdayNames.firstIndex(of: name) ?? fullWeekdayNames.firstIndex(of: name) }
            guard indices.count == ends.count, indices.first! <= indices.last! else { return nil }
            // Monday-first index 0…6 → cron's 1…6, 0.
            numbers.formUnion((indices.first!...indices.last!).map { ($0 + 1) % 7 })
        }
        return CronExpression.Field(values: numbers.sorted(), text: text)
    }

    /// `*-*-*`, `2027-*-01`, `*-02-29`, `03-15`, `*-*~01`, `*-05~07/1`: the year (nil for every year), month and day; a
    /// day counted from the month's end (`~`) as its distances from the end (1 = the last day) in `fromEnd`.
    private static func date(_ text: String) -> (year: String?, month: CronExpression.Field, day: CronExpression.Field, fromEnd: [Int]?)? {
        var fromEnd: [Int]?
        var dayText = "*"
        var parts: [String]
        if let tilde = text.firstIndex(of: "~") {
            parts = text[..<tilde].split(separator: "-", omittingEmptySubsequences: false).map(String.init)
            // `~07/2` counts towards the end: the 7th day from it, then every 2nd day to the last (7, 5, 3, 1).
            let distance = String(text[text.index(after: tilde)...])
            guard var distances = component(distance, in: 1...31)?.values else { return nil }
            let repeated = distance.split(separator: "/")
            if repeated.count == 2, !distance.contains(","), !distance.contains(".."), let by = number(String(repeated[1])) {
                distances = Array(stride(from: distances[0], through: 1, by: -by))
            }
            fromEnd = distances.sorted()
            dayText = "~" + distance
            parts.append("*")
        } else {
            parts = text.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        }
        if parts.count == 2 { parts.insert("*", at: 0) }
        guard parts.count == 3, component(parts[0], in: 1970...2199) != nil,
              let month = component(parts[1], in: 1...12), let day = component(parts[2], in: 1...31) else { return nil }
        return (parts[0] == "*" ? nil : parts[0], month, fromEnd == nil ? day : CronExpression.Field(text: dayText), fromEnd)
    }

    /// `09:00`, `9:30:15`, `*:0/15`, `02/4:30:00`, `02:30:15.5`: the hours, minutes and seconds (00 when left out), and
    /// a fraction of a second (`.5`), which a rule cannot hold.
    private static func time(_ text: String) -> (hour: CronExpression.Field, minute: CronExpression.Field, second: CronExpression.Field, fraction: String?)? {
        var parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        var fraction: String?
        if parts.count == 3, let dot = parts[2].firstIndex(of: "."), parts[2].allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
           parts[2][parts[2].index(after: dot)...].count <= 6, !parts[2][parts[2].index(after: dot)...].isEmpty,
           !parts[2][parts[2].index(after: dot)...].contains(".") {
            // `15.5`: one second with its fraction (systemd takes up to six digits).
            fraction = String(parts[2][dot...])
            parts[2] = String(parts[2][..<dot])
        }
        guard (2...3).contains(parts.count), let hour = component(parts[0], in: 0...23), let minute = component(parts[1], in: 0...59),
              let second = parts.count == 3 ? component(parts[2], in: 0...59) : CronExpression.Field(values: [0], text: "00")
        else { return nil }
        return (hour, minute, second, fraction)
    }

    /// One component: `*`, `5`, `1,15`, `1..7`, `0/15` (from 0 every 15), `1..31/2`; nil for anything else (`*/15`,
    /// a fraction of a second, a value out of `range`).
    private static func component(_ text: String, in range: ClosedRange<Int>) -> CronExpression.Field? {
        if text == "*" { return CronExpression.Field(text: text) }
        var values = Set<Int>()
        let items = text.split(separator: ",", omittingEmptySubsequences: false)
        var step: (start: Int, step: Int)?
        for item in items {
            let slash = item.split(separator: "/", omittingEmptySubsequences: false)
            guard (1...2).contains(slash.count) else { return nil }
            let ends = slash[0].components(separatedBy: "..")
            guard (1...2).contains(ends.count), let low = number(ends[0]), let high = ends.count == 2 ? number(ends[1]) : low,
                  range.contains(low), range.contains(high), low <= high else { return nil }
            var by = 1
            if slash.count == 2 {
                guard let n = number(String(slash[1])), n > 0 else { return nil }
                by = n
                // systemd refuses a repetition that never repeats (`*-*-15/20`, `20/5:00`).
                if ends.count == 1, low + by > range.upperBound { return nil }
            }
            let last = slash.count == 2 && ends.count == 1 ? range.upperBound : high
            values.formUnion(stride(from: low, through: last, by: by))
            if items.count == 1, by > 1 { step = (low, by) }
        }
        return CronExpression.Field(values: values.sorted(), step: step, text: text)
    }

    private static func number(_ text: String) -> Int? {
        guard !text.isEmpty, text.count <= 4, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }
}
