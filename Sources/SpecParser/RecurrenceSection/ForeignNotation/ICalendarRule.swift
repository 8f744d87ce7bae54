import Foundation
import Recurrence
import SpecDiagnostics

/// An iCalendar recurrence rule (RFC 5545) as teams paste it into `rule:` — `FREQ=MONTHLY;BYDAY=-1FR;BYHOUR=18`,
/// `RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO`, with or without its `DTSTART;TZID=…:…` line — or as a mapping of its parts
/// (`{freq: daily, byhour: 2}`), read for the rule that selects the same wall times (`ForeignRule`). `init` is nil when
/// the text has no `FREQ=`.
struct ICalendarRule {
    let written: String
    private var parts: [String: String] = [:]
    private var start: LocalDateTime?
    private var startZone: String?
    private var startInUTC = false
    private var otherLines: [String] = []

    /// Common Windows zone names (Outlook's TZIDs) and their IANA names, from CLDR's windowsZones table (territory 001).
    private static let windowsZones = [
        "W. Europe Standard Time": "Europe/Berlin", "Romance Standard Time": "Europe/Paris", "GMT Standard Time": "Europe/London",
        "Central Europe Standard Time": "Europe/Budapest", "Central European Standard Time": "Europe/Warsaw",
        "Eastern Standard Time": "America/New_York", "Central Standard Time": "America/Chicago",
        "Mountain Standard Time": "America/Denver", "Pacific Standard Time": "America/Los_Angeles",
        "AUS Eastern Standard Time": "Australia/Sydney", "Tokyo Standard Time": "Asia/Tokyo", "India Standard Time": "Asia/Kolkata",
        "China Standard Time": "Asia/Shanghai", "Russian Standard Time": "Europe/Moscow",
    ]

    private static let weekdayCodes: [String: Weekday] = [
        "MO": .monday, "TU": .tuesday, "WE": .wednesday, "TH": .thursday, "FR": .friday, "SA": .saturday, "SU": .sunday,
    ]

    init?(_ text: String) {
        written = text
        guard text.uppercased().contains("FREQ=") else { return nil }
        for line in Self.properties(text) {
            let upper = line.uppercased()
            if upper.hasPrefix("DTSTART") {
                readStart(String(line))
            } else if upper.contains("FREQ=") {
                let body = upper.hasPrefix("RRULE:") ? upper.dropFirst(6) : Substring(upper)
                for part in body.split(separator: ";") {
                    let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
                    guard pair.count == 2, parts[pair[0]] == nil else { continue }
                    parts[pair[0]] = pair[1]
                }
            } else {
                otherLines.append(String(line.prefix(while: { $0 != ":" && $0 != ";" })).uppercased())
            }
        }
        guard parts["FREQ"] != nil else { return nil }
    }

    /// The text's properties, one per line or, pasted onto one line, split where `DTSTART`, `RRULE:`, `EXDATE` or
    /// `RDATE` begins: a TZID may hold spaces (Outlook's `W. Europe Standard Time`).
    private static func properties(_ text: String) -> [Substring] {
        var result: [Substring] = []
        for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            var rest = line[...]
            while true {
                let upper = rest.uppercased()
                let starts = [" DTSTART", " RRULE:", " EXDATE", " RDATE", "\tDTSTART", "\tRRULE:"].compactMap { upper.range(of: $0)?.lowerBound }
                guard let cut = starts.min() else { break }
                let offset = upper.distance(from: upper.startIndex, to: cut)
                let index = rest.index(rest.startIndex, offsetBy: offset)
                result.append(rest[..<index])
                rest = rest[rest.index(after: index)...]
            }
            result.append(rest)
        }
        return result.map { $0.drop(while: { $0 == " " || $0 == "\t" }) }.filter { !$0.isEmpty }.flatMap { segment -> [Substring] in
            // A bare rule with blanks around its semicolons stays one property; other blanks separate nothing here.
            segment.uppercased().hasPrefix("DTSTART") ? [segment] : segment.split(whereSeparator: { $0 == " " || $0 == "\t" })
        }
    }

    /// A mapping of an RRULE's parts (`{freq: daily, byhour: 2, byminute: 30}`), as its text.
    init?(parts: [(key: String, value: String)]) {
        guard parts.contains(where: { $0.key.uppercased() == "FREQ" }) else { return nil }
        // `dtstart: 2027-01-04T09:30:00` and `tzid:` (or `dtstart: "TZID=…:…"`) are DTSTART's line, not rule parts.
        let special = ["DTSTART", "TZID"]
        let rule = parts.filter { !special.contains($0.key.uppercased()) }
            .map { "\($0.key.uppercased())=\($0.value.uppercased())" }.joined(separator: ";")
        var line = ""
        if let start = parts.first(where: { $0.key.uppercased() == "DTSTART" })?.value {
            let zone = parts.first(where: { $0.key.uppercased() == "TZID" }).map { ";TZID=\($0.value)" } ?? ""
            line = "DTSTART\(zone):" + start.filter { $0.isNumber || $0 == "Z" || $0 == "z" } + "\n"
        }
        self.init(line + rule)
    }

    /// `DTSTART;TZID=Europe/Berlin:20270104T090000`, `DTSTART:20270104T080000Z`, `DTSTART;VALUE=DATE:20270104`.
    private mutating func readStart(_ line: String) {
        guard let colon = line.lastIndex(of: ":") else { return }
        let parameters = line[..<colon].split(separator: ";").dropFirst()
        for parameter in parameters where parameter.uppercased().hasPrefix("TZID=") {
            startZone = String(parameter.dropFirst(5))
        }
        var value = line[line.index(after: colon)...]
        if value.hasSuffix("Z") || value.hasSuffix("z") {
            startInUTC = true
            value = value.dropLast()
        }
        let digits = value.filter(\.isNumber)
        guard digits.count == 8 || digits.count == 14, let number = Int(digits) else { return }
        let date = digits.count == 8 ? number : number / 1_000_000
        let time = digits.count == 8 ? 0 : number % 1_000_000
        let local = LocalDateTime(year: date / 10_000, month: date / 100 % 100, day: date % 100,
                                  hour: time / 10_000, minute: time / 100 % 100, second: time % 100)
        // A date or time that does not exist is no DTSTART: the message then uses its stand-ins.
        guard (1...9999).contains(local.year), (1...12).contains(local.month),
              (1...CivilDate.daysIn(month: local.month, year: local.year)).contains(local.day),
              local.hour < 24, local.minute < 60, local.second < 60 else { return }
        start = local
    }

    private func numbers(_ key: String) -> [Int]? {
        parts[key].map { $0.split(separator: ",").compactMap { Int($0) } }
    }

    // MARK: - What it means

    /// `parts` with BYSETPOS replaced by the one weekday or day of the month it always picks, each month of a
    /// 400-year cycle (the Gregorian calendar's), and by the one wall time it picks of a date's several; nil when it
    /// picks no such day (`BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1`, the last business day) or the rule is not monthly (or
    /// yearly in one month). RFC 5545 applies BYSETPOS to the period's instants in order, dates times wall times.
    private func setPosition(_ position: Int, in parts: [String: String]) -> TimePosition? {
        let months = parts["BYMONTH"].map { $0.split(separator: ",").map { Int($0) } }
        guard position != 0, abs(position) <= 366 * 24, parts["BYDAY"] != nil || parts["BYMONTHDAY"] != nil,
              parts["FREQ"] == "MONTHLY" && months == nil
                || parts["FREQ"] == "YEARLY" && months?.count == 1 && months?[0].map({ (1...12).contains($0) }) == true
        else { return nil }
        func values(_ key: String, _ fallback: Int?, _ range: ClosedRange<Int>) -> [Int]? {
            Self.listed(key, in: parts, fallback: fallback, range: range)
        }
        guard let hours = values("BYHOUR", start?.hour ?? 9, 0...23), let minutes = values("BYMINUTE", start?.minute ?? 0, 0...59),
              let seconds = values("BYSECOND", start?.second ?? 0, 0...59)
        else { return nil }
        // The instants of a date in order: hours, then minutes, then seconds.
        let times = hours.flatMap { hour in minutes.flatMap { minute in seconds.map { (hour, minute, $0) } } }
        guard !times.isEmpty, times.count <= 144 else { return nil }
        let perDay = times.count
        let time = position > 0 ? times[(position - 1) % perDay] : times[perDay - 1 - (-position - 1) % perDay]
        let datePosition = position > 0 ? (position - 1) / perDay + 1 : -((-position - 1) / perDay + 1)

        var byDay: [(n: Int?, weekday: Weekday)]?
        if let text = parts["BYDAY"] {
            var items: [(n: Int?, weekday: Weekday)] = []
            for item in text.split(separator: ",") {
                guard item.count >= 2, item.count <= 4, let weekday = Self.weekdayCodes[String(item.suffix(2))] else { return nil }
                let number = item.dropLast(2)
                if number.isEmpty { items.append((nil, weekday)); continue }
                guard let n = Int(number.hasPrefix("+") ? number.dropFirst() : number), n != 0, (-5...5).contains(n) else { return nil }
                items.append((n, weekday))
            }
            byDay = items
        }
        var monthDays: [Int]?
        if parts["BYMONTHDAY"] != nil {
            guard let days = values("BYMONTHDAY", nil, -31...31), !days.contains(0) else { return nil }
            monthDays = days
        }
        // The date BYSETPOS picks each month, or nil where there is none; and how many instants the month gives.
        func picked(year: Int, month: Int) -> (day: Int?, instants: Int) {
            let length = CivilDate.daysIn(month: month, year: year)
            let firstWeekday = CivilDate(year: year, month: month, day: 1).weekday.rawValue
            func weekday(_ day: Int) -> Int { (firstWeekday - 1 + day - 1) % 7 + 1 }
            var selected = Set(1...length)
            if let byDay {
                selected = Set(byDay.flatMap { item -> [Int] in
                    let all = (1...length).filter { weekday($0) == item.weekday.rawValue }
                    guard let n = item.n else { return all }
                    let index = n > 0 ? n - 1 : all.count + n
                    return all.indices.contains(index) ? [all[index]] : []
                })
            }
            if let monthDays {
                selected.formIntersection(monthDays.compactMap { day in
                    let resolved = day > 0 ? day : length + 1 + day
                    return (1...length).contains(resolved) ? resolved : nil
                })
            }
            let dates = selected.sorted()
            let index = datePosition > 0 ? datePosition - 1 : dates.count + datePosition
            return (dates.indices.contains(index) ? dates[index] : nil, dates.count * perDay)
        }
        let cycle = (2000..<2400).flatMap { year in (months?[0].map { [$0] } ?? Array(1...12)).map { (year, $0) } }
        let found = cycle.map { picked(year: $0.0, month: $0.1) }
        let seen = found.map(\.day)
        // Past every month's instants (`BYDAY=FR;BYSETPOS=6`: a month has at most five Fridays), nothing at all.
        if seen.allSatisfy({ $0 == nil }) { return .beyond(count: found.map(\.instants).max() ?? 0) }
        var result = parts
        result["BYSETPOS"] = nil
        if parts["BYHOUR"] != nil { result["BYHOUR"] = String(time.0) }
        if parts["BYMINUTE"] != nil { result["BYMINUTE"] = String(time.1) }
        if parts["BYSECOND"] != nil { result["BYSECOND"] = String(time.2) }
        let codes = Self.weekdayCodes.sorted { $0.value.rawValue < $1.value.rawValue }
        for (code, weekday) in codes {
            for ordinal in WeekdayOrdinal.allCases
            where zip(cycle, seen).allSatisfy({ CivilDate.day(of: ordinal, weekday, month: $0.0.1, year: $0.0.0) == $0.1 }) {
                (result["BYDAY"], result["BYMONTHDAY"]) = ("\(ordinal.rawValue)\(code)", nil)
                return .parts(result)
            }
        }
        for day in [-1] + Array(1...31) where zip(cycle, seen).allSatisfy({ item in
            let length = CivilDate.daysIn(month: item.0.1, year: item.0.0)
            return (day == -1 ? length : day <= length ? day : nil) == item.1
        }) {
            (result["BYDAY"], result["BYMONTHDAY"]) = (nil, String(day))
            return .parts(result)
        }
        return nil
    }

    /// The values of a BY list in `parts`, each once and in order (`fallback` alone when the list is absent); nil when
    /// one is not a number in `range`.
    private static func listed(_ key: String, in parts: [String: String], fallback: Int?, range: ClosedRange<Int>) -> [Int]? {
        guard let text = parts[key] else { return fallback.map { [$0] } }
        let numbers = text.split(separator: ",").map { Int($0) }
        guard !numbers.isEmpty, numbers.allSatisfy({ $0.map(range.contains) == true }) else { return nil }
        return Array(Set(numbers.compactMap { $0 })).sorted()
    }

    /// The weekday a week starts on: WKST, Monday by default.
    private static func weekStart(in parts: [String: String]) -> Weekday {
        parts["WKST"].flatMap { weekdayCodes[$0] } ?? .monday
    }

    /// What BYSETPOS picks in a period of one week, day, hour or minute, whose instants are its weekdays and wall times.
    private enum TimePosition {
        /// The parts with BYHOUR, BYMINUTE and BYSECOND narrowed to the one time picked, BYSETPOS gone.
        case parts([String: String])
        /// The position is past the `count` instants each period gives: nothing at all.
        case beyond(count: Int)
    }

    /// BYSETPOS of FREQ=WEEKLY, DAILY, HOURLY, MINUTELY or SECONDLY: each period (a week, a day, an hour, a minute, a
    /// second) gives its instants in order — a week's weekdays from WKST, then hours × minutes × seconds — so the
    /// position picks one of them each period (`FREQ=DAILY;BYHOUR=9,17;BYSETPOS=-1` is 17:00, `FREQ=WEEKLY;BYDAY=MO,FR;
    /// BYSETPOS=-1` Friday). Nil for another FREQ, a week limited by BYMONTH or BYMONTHDAY, or a value out of range.
    private func setPositionInTimes(_ position: Int, in parts: [String: String]) -> TimePosition? {
        let frequency = parts["FREQ"] ?? ""
        guard position != 0, let level = ["WEEKLY": 4, "DAILY": 3, "HOURLY": 2, "MINUTELY": 1, "SECONDLY": 0][frequency] else { return nil }
        // Only the units below the period vary within it: an hour's minutes and seconds, a minute's seconds.
        let keys = [("BYHOUR", start?.hour ?? 9, 0...23), ("BYMINUTE", start?.minute ?? 0, 0...59), ("BYSECOND", start?.second ?? 0, 0...59)]
            .suffix(level)
        var lists: [(key: String, values: [Int])] = []
        // A week holds every weekday once: its days in order from WKST (as days into the week), then its times.
        let weekStart = Self.weekStart(in: parts)
        if level == 4 {
            guard parts["BYMONTH"] == nil, parts["BYMONTHDAY"] == nil else { return nil }
            var days: [Weekday] = [start.map { CivilDate(year: $0.year, month: $0.month, day: $0.day).weekday } ?? .monday]
            if let text = parts["BYDAY"] {
                let codes = text.split(separator: ",").map(String.init)
                guard !codes.isEmpty, codes.allSatisfy({ Self.weekdayCodes[$0] != nil }) else { return nil }
                days = codes.compactMap { Self.weekdayCodes[$0] }
            }
            lists.append(("BYDAY", Array(Set(days.map { ($0.rawValue - weekStart.rawValue + 7) % 7 })).sorted()))
        }
        for (key, fallback, range) in keys {
            guard let list = Self.listed(key, in: parts, fallback: fallback, range: range) else { return nil }
            lists.append((key, list))
        }
        var instants: [[Int]] = [[]]
        for list in lists { instants = instants.flatMap { prefix in list.values.map { prefix + [$0] } } }
        guard instants.count <= 86_400 else { return nil }
        guard abs(position) <= instants.count else { return .beyond(count: instants.count) }
        let picked = instants[position > 0 ? position - 1 : instants.count + position]
        var result = parts
        result["BYSETPOS"] = nil
        for (list, value) in zip(lists, picked) where parts[list.key] != nil {
            if list.key == "BYDAY" {
                let day = (value + weekStart.rawValue - 1) % 7 + 1
                result["BYDAY"] = Self.weekdayCodes.first { $0.value.rawValue == day }?.key
            } else {
                result[list.key] = String(value)
            }
        }
        return .parts(result)
    }

    /// `zone` beside the text in a tool's YAML (`{rrule: …, tzid: …}`), used when no DTSTART names one.
    mutating func place(zone: String?) {
        if startZone == nil { startZone = zone }
    }

    /// The rule that says the same, or why none does; `instant` reads a wall time in the schedule's zone (an
    /// interval's `from`).
    func translated(instant: (LocalDateTime) -> Date?) -> ForeignRule {
        var standIns: [String] = []
        var result = ForeignRule(notation: "an iCalendar RRULE", meaning: meaning(instant: instant, standIns: &standIns))
        if let startZone {
            let zone = startZone.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            result.notes.append(zone.contains("/") || zone == "UTC"
                ? "Its zone goes in 'timezone: \(zone)'"
                : "Its TZID '\(zone)' is a Windows zone name: write the IANA name it stands for in 'timezone:'"
                    + (Self.windowsZones[zone].map { " (\(zone) is \($0))" } ?? ""))
        }
        if let start, case .rule(let rule, _) = result.meaning, !Self.isStepped(rule) {
            // The time too: a rule whose times start earlier in the day (`FREQ=MINUTELY;BYHOUR=22,23,0,1` from 22:00)
            // selects DTSTART's date's early times, which the RRULE does not give.
            result.notes.append("The RRULE gives nothing before its DTSTART (\(start)): start the window there")
        }
        if startInUTC { result.notes.append("A DTSTART in UTC (ending in Z) repeats in UTC: write 'timezone: UTC'") }
        // An RRULE to correct first has no rule above whose stand-ins a note could name.
        var toCorrect = false
        if case .none(_, let instead) = result.meaning, instead.hasPrefix("correct the RRULE first") { toCorrect = true }
        if !standIns.isEmpty, !toCorrect {
            // Only a rule told above has stand-ins "above"; a text no rule says gets specs to write, each needing them.
            if case .none = result.meaning {
                result.notes.append("An RRULE takes what its parts leave out from its DTSTART, which is not given here: this reading used \(ListWording.joined(standIns)); write DTSTART's in each spec instead")
            } else {
                result.notes.append("An RRULE takes what its parts leave out from its DTSTART, which is not given here: the rule above uses \(ListWording.joined(standIns)); write DTSTART's instead")
            }
        }
        if let count = parts["COUNT"] {
            result.notes.append(Int(count) == 0 ? "COUNT=0 gives no instant at all: expect 'occurrences: []'"
                : "A rule has no COUNT: list the \(count) instants in 'expect' and end the window after the last")
        }
        if let until = parts["UNTIL"] { result.notes.append("UNTIL=\(until) is where the window's 'through' goes") }
        let others = otherLines.filter { $0 == "EXDATE" || $0 == "RDATE" }
        if !others.isEmpty { result.notes.append("A rule has no \(ListWording.joined(others)): leave those dates out of 'expect' or add them by hand") }
        // An hourly rule meets the changes too (its minute of the skipped or repeated hour), as cron's does; an interval
        // counts elapsed time and needs no policy.
        if case .rule(let rule, _) = result.meaning, rule.isCalendarRule {
            result.notes.append(ForeignRule.rfc5545Changes)
        }
        return result
    }

    /// `the last`, `the first`, `the 2nd`, `the 3rd-to-last`: what BYSETPOS picks, in words (`-1` was told "the n-th").
    static func positionWords(_ text: String) -> String {
        let positions = text.split(separator: ",").compactMap { Int($0) }
        func ordinal(_ n: Int) -> String {
            let suffix = (11...13).contains(n % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][n % 10] ?? "th"
            return "\(n)\(suffix)"
        }
        let words = positions.map { n in
            switch n {
            case 1: "first"
            case -1: "last"
            case 2...: ordinal(n)
            default: ordinal(-n) + "-to-last"
            }
        }
        return words.isEmpty ? "the n-th" : "the " + ListWording.joined(words)
    }

    private func meaning(instant: (LocalDateTime) -> Date?, standIns: inout [String]) -> ForeignRule.Meaning {
        let frequency = self.parts["FREQ"]!
        var parts = self.parts
        func numbers(_ key: String) -> [Int]? { parts[key].map { $0.split(separator: ",").compactMap { Int($0) } } }
        // INTERVAL as written: one whole number (`+5` reads as 5). Past a million periods it is told here, before
        // its seconds could overflow; digits past Int or not ASCII were dropped and read as 1 (a crash hunt's).
        var interval = 1
        if let text = parts["INTERVAL"] {
            let digits = text.hasPrefix("+") ? String(text.dropFirst()) : text
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                return .none(why: "INTERVAL=\(text) is not a whole number of periods", instead: "correct the RRULE first")
            }
            // A calendar step past a million periods, a sub-daily one past a billion (3.6 × 10¹² s, within an interval's
            // longest), is more than any rule steps.
            let subDaily = ["SECONDLY", "MINUTELY", "HOURLY"].contains(frequency)
            guard let value = Int(digits), value <= (subDaily ? 1_000_000_000 : 1_000_000) else {
                return .none(why: "INTERVAL=\(text) is more periods than a rule steps (1 to \(subDaily ? 1_000_000_000 : Rule.longestStep) for FREQ=\(frequency))",
                             instead: "list the instants it gives in 'expect' under the rule for one period, or correct the RRULE")
            }
            interval = value
        }
        // `BYDAY=FR;BYSETPOS=-1` is the month's last Friday, as `BYDAY=-1FR` says it; `BYMONTHDAY=28,29,30,31;
        // BYSETPOS=-1` its last day; with BYHOUR=9,17 the position counts the times too (the last Friday's 17:00).
        // Of a week, a day, an hour or a minute it picks one of the period's weekdays and times.
        for pick in [setPosition, setPositionInTimes] {
            guard let position = numbers("BYSETPOS"), position.count == 1, parts["BYSETPOS"]?.contains(",") == false,
                  let picked = pick(position[0], parts) else { continue }
            switch picked {
            case .parts(let narrowed):
                parts = narrowed
            case .beyond(let count):
                let months = ["MONTHLY", "YEARLY"].contains(frequency)
                let period = months ? "month" : ["WEEKLY": "week", "DAILY": "day", "HOURLY": "hour", "MINUTELY": "minute", "SECONDLY": "second"][frequency]!
                return .none(why: "BYSETPOS=\(position[0]) picks past the \(count) instant\(count == 1 ? "" : "s") each \(period) gives\(months ? " at most" : ""), so the RRULE gives nothing at all",
                             instead: "correct the RRULE first (BYSETPOS=1 is a period's first instant, -1 its last)")
            }
        }
        if let day = numbers("BYYEARDAY"), day == [1] || day == [-1], frequency == "YEARLY",
           ["BYMONTH", "BYMONTHDAY", "BYDAY"].allSatisfy({ parts[$0] == nil }) {
            // The year's first or last day: January 1, December 31.
            (parts["BYMONTH"], parts["BYMONTHDAY"], parts["BYYEARDAY"]) = day == [1] ? ("1", "1", nil) : ("12", "31", nil)
        }
        for (key, words) in [("BYSETPOS", Self.positionWords(parts["BYSETPOS"] ?? "") + " of the dates each period gives"), ("BYWEEKNO", "weeks of the year by number"),
                             ("BYYEARDAY", "days of the year by number")] where parts[key] != nil {
            return .none(why: "\(key)=\(parts[key]!) selects \(words), which no rule does", instead: "list the instants it gives in 'expect' under the nearest rule, or write one spec per date")
        }
        guard interval > 0, ["SECONDLY", "MINUTELY", "HOURLY", "DAILY", "WEEKLY", "MONTHLY", "YEARLY"].contains(frequency) else {
            return .none(why: "FREQ=\(frequency)\(interval > 0 ? "" : " with INTERVAL=\(interval)") is not RFC 5545's", instead: "correct the RRULE first")
        }

        if ["SECONDLY", "MINUTELY", "HOURLY"].contains(frequency) {
            // Kept to some months, as a day rule kept to them is (it was "runs at times no rule selects").
            if let months = numbers("BYMONTH"), Set(months.filter { (1...12).contains($0) }).count < 12 { return someMonths(months) }
            if parts["BYHOUR"] != nil, interval > 1 || frequency != "HOURLY" {
                return stepsInHours(frequency: frequency, interval: interval, parts: parts, standIns: &standIns)
            }
            if parts["BYHOUR"] == nil, parts["BYMONTHDAY"] == nil, !(frequency == "HOURLY" && interval == 1),
               let text = parts["BYDAY"], Self.byDay(text).allSatisfy({ $0 != nil && $0?.ordinal == nil }) {
                // Steps kept to some weekdays (`FREQ=MINUTELY;INTERVAL=30;BYDAY=SA,SU`) are those days' steps in
                // every hour: the wall times BYHOUR's steps are, where the step divides the day.
                var everyHour = parts
                everyHour["BYHOUR"] = (0..<24).map(String.init).joined(separator: ",")
                return stepsInHours(frequency: frequency, interval: interval, parts: everyHour, standIns: &standIns)
            }
        }

        // The wall times: BYHOUR × BYMINUTE × BYSECOND, each defaulting to DTSTART's.
        // Each list once per value: a long BYSECOND list must not multiply into millions of times.
        let hours = Array(Set(numbers("BYHOUR") ?? start.map { [$0.hour] } ?? [9]))
        let minutes = Array(Set(numbers("BYMINUTE") ?? start.map { [$0.minute] } ?? [0]))
        let seconds = Array(Set(numbers("BYSECOND") ?? start.map { [$0.second] } ?? [0]))
        let subDaily = ["SECONDLY", "MINUTELY", "HOURLY"].contains(frequency)
        if start == nil, parts["BYHOUR"] == nil, !subDaily {
            // Beside its own BYMINUTE only the hour stands in (`BYMINUTE=22,23` is 09:22 and 09:23).
            standIns.append(parts["BYMINUTE"] == nil ? "09:00 for its time of day" : "hour 9 for its hour")
        }
        if start == nil, parts["BYHOUR"] != nil, parts["BYMINUTE"] == nil { standIns.append("minute 0 for its minute") }
        // Before any of them makes a wall time: `FREQ=HOURLY;BYMINUTE=-1,30` trapped making minute -1 (found by the fuzzer).
        if let wrong = Self.timeOutOfRange(["BYHOUR": hours, "BYMINUTE": minutes, "BYSECOND": seconds], in: parts) { return wrong }

        if subDaily && parts["BYHOUR"] == nil || frequency == "HOURLY" && interval > 1 {
            // FREQ=MINUTELY;BYMINUTE=0,30 keeps those minutes of every hour, as FREQ=HOURLY;BYMINUTE=0,30 does.
            let minuteFilter = frequency == "MINUTELY" && interval == 1 && parts["BYSECOND"] == nil
            let restricted = (["BYDAY", "BYMONTHDAY", "BYMONTH"] + (frequency == "HOURLY" ? [] : minuteFilter ? ["BYSECOND"] : ["BYMINUTE", "BYSECOND"]))
                .filter { parts[$0] != nil }
            let oneMinute = minutes.count == 1 && seconds.count == 1
            if frequency == "HOURLY", interval == 1, restricted.isEmpty, oneMinute {
                return .rule(.hourly(minute: minutes[0], second: seconds[0]), approximately: nil)
            }
            let all = minutes.flatMap { minute in seconds.map { minute * 60 + $0 } }.sorted()
            let regular = (frequency == "HOURLY" && interval == 1 || minuteFilter && parts["BYMINUTE"] != nil)
                && CronExpression.regularStep(all, period: 3600) != nil
            // The same minutes of every hour (`FREQ=HOURLY;BYMINUTE=5,20,45`, `BYMINUTE=0,30`), or of some weekdays'
            // hours, are a day's wall times, 24 of each: RFC 5545's instants are the listed wall times, read as a rule
            // reads them (python-dateutil's too: a repeated hour's 02:30 comes once, where an interval gives it twice).
            // Evenly spaced, the message writes them in steps, up to a rule's 1,440; otherwise up to the 144 it lists.
            let plainWeekdays = parts["BYDAY"].map(Self.byDay)?.compactMap { $0?.ordinal == nil ? $0?.weekday : nil }
            let hourMinutes = frequency == "HOURLY" && interval == 1 || minuteFilter && parts["BYMINUTE"] != nil
            if hourMinutes, !oneMinute || !restricted.isEmpty,
               restricted.isEmpty || restricted == ["BYDAY"] && plainWeekdays?.count == parts["BYDAY"]?.split(separator: ",").count,
               all.count * 24 <= (regular ? 1_440 : 144) {
                let times = (0..<24).flatMap { hour in all.map { TimeOfDay(hour: hour, minute: $0 / 60, second: $0 % 60)! } }
                let weekdays = ForeignRule.mondayFirst(plainWeekdays ?? [])
                return .rule(weekdays.isEmpty ? .daily(at: times) : .weekly(on: weekdays, at: times), approximately: nil)
            }
            if minuteFilter, parts["BYMINUTE"] != nil, !regular, restricted.isEmpty {
                // FREQ=MINUTELY;BYMINUTE=16 runs once an hour, at :16 (it was told an interval of a minute); minutes
                // not evenly spaced are no step at all.
                if oneMinute { return .rule(.hourly(minute: minutes[0], second: seconds[0]), approximately: nil) }
                return .none(why: "it runs at several minutes of every hour (BYMINUTE=\(parts["BYMINUTE"]!)), not evenly spaced, and an hourly rule has one minute",
                             instead: "write one spec per minute of the hour, {every: hour, minute: \(minutes.min()!)}, or list the instants in 'expect'")
            }
            guard restricted.isEmpty, frequency != "HOURLY" || oneMinute || regular else {
                let why = restricted.isEmpty
                    ? "it runs at several times of every hour (\(["BYMINUTE", "BYSECOND"].compactMap { key in parts[key].map { "\(key)=\($0)" } }.joined(separator: ";"))), and an hourly rule has one minute and second"
                    : "FREQ=\(frequency) with \(ListWording.joined(restricted)) runs at times no rule selects"
                return .none(why: why, instead: "write one spec per minute of the hour, {every: hour, minute: 0}, or list the instants in 'expect'")
            }
            let step = regular ? CronExpression.regularStep(all, period: 3600)!
                : interval * (frequency == "SECONDLY" ? 1 : frequency == "MINUTELY" ? 60 : 3600)
            var first = start ?? LocalDateTime(year: 2000, month: 1, day: 1)
            // On the listed minutes, not DTSTART's own (DTSTART 09:07 with BYMINUTE=0,30 runs at 09:30, 10:00, …).
            if regular {
                let written = first.minute * 60 + first.second
                if let next = all.first(where: { $0 >= written }) {
                    (first.minute, first.second) = (next / 60, next % 60)
                } else {
                    // Past the hour's last listed minute: the next hour's first (wall seconds carry a day over).
                    first = LocalDateTime(wallSeconds: first.wallSeconds - written + 3600 + all[0])
                }
            }
            if frequency == "HOURLY", !regular, parts["BYMINUTE"] != nil || parts["BYSECOND"] != nil {
                // FREQ=HOURLY;INTERVAL=3;BYMINUTE=56 runs at :56 of DTSTART's hour and every third after it (it was told
                // DTSTART's own minute); a minute before DTSTART's falls in the next period the step reaches.
                let target = minutes[0] * 60 + seconds[0], written = first.minute * 60 + first.second
                first = LocalDateTime(wallSeconds: first.wallSeconds - written + target + (target < written ? interval * 3600 : 0))
            }
            if start == nil { standIns.append("2000-01-01 00:00 for its first instant") }
            let from = startInUTC ? Self.utcDate(first) : instant(first) ?? Self.utcDate(first)
            return .rule(.interval(seconds: step, from: from),
                         approximately: "an interval counts elapsed time; RRULE implementations count FREQ=\(frequency) on the wall clock or in elapsed time, which differ where a daylight-saving change skips or repeats an hour")
        }
        let count = hours.count * minutes.count * seconds.count
        guard count <= 144 else {
            return .advice("it runs \(count) wall times a day, more than a message lists: write them all in the 'at:' of a day or week rule, or an interval rule where the step is regular all day")
        }
        let times = hours.flatMap { hour in minutes.flatMap { minute in seconds.compactMap { TimeOfDay(hour: hour, minute: minute, second: $0) } } }.sorted()

        // The dates.
        let weekdays = parts["BYDAY"].map(Self.byDay)
        if let weekdays, weekdays.contains(where: { $0 == nil }) {
            if let text = parts["BYDAY"], Self.byDayIsRFC5545(text) {
                return .none(why: "BYDAY=\(text) counts a weekday from the period's start or end in a way no rule does (a rule has first … fifth and last of a month)",
                             instead: "write one spec per month the window covers, with a 'day:' rule for the date you expect that month (docs/migrating.md#what-specrun-cannot-say-yet)")
            }
            return .none(why: "BYDAY=\(parts["BYDAY"]!) is not a list of weekdays (MO … SU, with an ordinal such as 2TU or -1FR)", instead: "correct the RRULE first")
        }
        var days = weekdays?.compactMap { $0 } ?? []
        var monthDays = numbers("BYMONTHDAY")
        let months = numbers("BYMONTH")
        if let written = monthDays, days.count == 1, days[0].ordinal == nil,
           let ordinal = Self.weekOfMonth[Set(written)] {
            // One weekday on seven days in a row is its n-th of the month (`BYDAY=SU;BYMONTHDAY=8,…,14`, the second
            // Sunday, the old way of writing the US change; `-1,…,-7` the last): that weekday once a month.
            parts["BYDAY"] = "\(ordinal.rawValue)\(parts["BYDAY"]!)"
            parts["BYMONTHDAY"] = nil
            days = [(ordinal, days[0].weekday)]
            monthDays = nil
        }
        let plainDays = days.allSatisfy { $0.ordinal == nil } ? ForeignRule.mondayFirst(days.map(\.weekday)) : nil
        if let monthDays, !days.isEmpty {
            return .none(why: "BYMONTHDAY=\(monthDays.map(String.init).joined(separator: ",")) with BYDAY=\(parts["BYDAY"]!) selects the dates that are both, which no rule does", instead: "write one spec per date")
        }

        var inner: Rule
        switch frequency {
        case "DAILY", "HOURLY":
            if let months, months.count < 12 { return someMonths(months) }
            if monthDays != nil { return .none(why: "FREQ=\(frequency) with BYMONTHDAY runs on some days of the month only", instead: "write a monthly rule per day") }
            if let plainDays, !days.isEmpty {
                guard interval == 1 else { return .none(why: "FREQ=DAILY;INTERVAL=\(interval) with BYDAY steps days and keeps some weekdays, which no rule does", instead: "write the weekly rule, {every: week, on: […]}, and list the instants") }
                inner = .weekly(on: plainDays, at: times)
            } else if !days.isEmpty {
                return .none(why: "BYDAY=\(parts["BYDAY"]!) has ordinals, which FREQ=\(frequency) does not take", instead: "correct the RRULE first")
            } else {
                inner = .daily(at: times)
            }
        case "WEEKLY":
            if let months, months.count < 12 { return someMonths(months) }
            if monthDays != nil { return .none(why: "FREQ=WEEKLY does not take BYMONTHDAY", instead: "correct the RRULE first") }
            guard let plainDays else { return .none(why: "BYDAY=\(parts["BYDAY"]!) has ordinals, which FREQ=WEEKLY does not take", instead: "correct the RRULE first") }
            let onDays = plainDays.isEmpty ? [start.map { CivilDate(year: $0.year, month: $0.month, day: $0.day).weekday } ?? .monday] : plainDays
            if plainDays.isEmpty, start == nil { standIns.append("monday for its weekday") }
            inner = .weekly(on: onDays, at: times)
        case "MONTHLY", "YEARLY":
            let dayOfMonth: DayOfMonth
            var missingDay: MissingDayPolicy?
            if let monthDays {
                guard monthDays.count == 1, let day = monthDays.first, day == -1 || (1...31).contains(day) else {
                    if monthDays.count == 1 {
                        return .none(why: "BYMONTHDAY=\(parts["BYMONTHDAY"]!) counts from the month's end, and a rule has only its last day",
                                     instead: "write one spec per month the window covers, with a 'day:' rule for the date you expect that month (docs/migrating.md#what-specrun-cannot-say-yet)")
                    }
                    let shown = monthDays.filter { $0 > 0 || $0 == -1 }.prefix(3).map { $0 == -1 ? "{every: month, day: last, …}" : "{every: month, day: \($0), …}" }
                    return .none(why: "BYMONTHDAY=\(parts["BYMONTHDAY"]!) selects several days of the month, and a rule has one",
                                 instead: "write one spec per day: " + ListWording.joined(shown) + (monthDays.contains { $0 < -1 } ? " (a day counted from the end other than -1 has no rule)" : ""))
                }
                dayOfMonth = day == -1 ? .last : .day(day)
                if day > 28 { missingDay = .skip }
            } else if !days.isEmpty {
                guard days.count == 1, let ordinal = days[0].ordinal else {
                    // Every listed weekday of each month (or year: `FREQ=YEARLY;BYDAY=MO` is every Monday) is a
                    // weekly rule; kept to some months, no rule.
                    if let plainDays, interval == 1 {
                        if let months, Set(months.filter { (1...12).contains($0) }).count < 12 { return someMonths(months) }
                        return .rule(.weekly(on: plainDays, at: times), approximately: nil)
                    }
                    return .none(why: "BYDAY=\(parts["BYDAY"]!) selects several weekdays of the \(frequency == "MONTHLY" ? "month" : "year")",
                                 instead: "write one spec per weekday: " + ListWording.joined(days.prefix(3).map { day in
                                     day.ordinal.map { "{every: month, on: \($0) \(day.weekday), …}" } ?? "{every: week, on: [\(day.weekday)], …}" }))
                }
                dayOfMonth = .weekday(ordinal, days[0].weekday)
                if ordinal == .fifth { missingDay = .skip }
            } else {
                dayOfMonth = .day(start?.day ?? 1)
                if start == nil { standIns.append("day 1 for its day of the month") }
                if (start?.day ?? 1) > 28 { missingDay = .skip }
            }
            // A weekday's n-th read from seven month days is the month's, as the days are (below).
            let writtenMonthDays = self.parts["BYMONTHDAY"] != nil
            if frequency == "YEARLY", self.parts["BYMONTH"] == nil, !writtenMonthDays, case .weekday(let ordinal, let weekday) = dayOfMonth {
                // RFC 5545 counts the weekday within the year: its first few are January's, its last December's.
                guard ordinal == .last || ordinal.rawValue <= 4 else {
                    return .none(why: "FREQ=YEARLY with BYDAY=\(parts["BYDAY"]!) and no BYMONTH counts the weekday within the year, which no rule does past the fourth",
                                 instead: "write the date it gives as {every: year, month: …, day: …} for each year the window covers")
                }
                let month = ordinal == .last ? 12 : 1
                if interval == 1 { return checked(.yearly(month: month, day: .weekday(ordinal, weekday), at: times), approximately: nil) }
                inner = .yearly(month: month, day: .weekday(ordinal, weekday), at: times)
            } else if frequency == "YEARLY", months == nil, monthDays != nil || writtenMonthDays {
                // BYMONTHDAY without BYMONTH expands to every month of the year (RFC 5545 §3.3.10; dateutil agrees),
                // not DTSTART's month only.
                guard interval == 1 else {
                    let (day, key) = switch dayOfMonth {
                    case .day(let number): ("day \(number)", "day: \(number)")
                    case .last: ("the last day", "day: last")
                    case .weekday: ("the \(dayOfMonth)", "on: \(dayOfMonth)")
                    }
                    return .none(why: "FREQ=YEARLY;INTERVAL=\(interval) with BYMONTHDAY and no BYMONTH runs on \(day) of every month, in one year of every \(interval), which no rule does",
                                 instead: "write the monthly rule, {every: month, \(key), …}, and list the instants of the years the step reaches")
                }
                inner = .monthly(day: dayOfMonth, at: times, missingDay: missingDay)
            } else if frequency == "YEARLY" || months != nil {
                var months = months ?? [start?.month ?? 1]
                if frequency == "YEARLY", self.parts["BYMONTH"] == nil, start == nil { standIns.append("January for its month") }
                if case .day(let day) = dayOfMonth, Set(months).count > 1, months.allSatisfy((1...12).contains) {
                    // Only the months that have the day run (`BYMONTH=4,10;BYMONTHDAY=31` is October 31 alone).
                    let having = Set(months.filter { day <= Rule.longestMonth[$0 - 1] }).sorted()
                    if having.isEmpty {
                        return .none(why: "\(ForeignRule.monthNames(Set(months).sorted())) have no day \(day), so the RRULE never runs", instead: "correct the RRULE first")
                    }
                    months = having
                }
                guard months.count == 1, let month = months.first, (1...12).contains(month) else {
                    return .none(why: "BYMONTH=\(parts["BYMONTH"]!) names several months", instead: "write one spec per month: {every: year, month: \(months.first ?? 1), …}")
                }
                if frequency == "MONTHLY", interval > 1 {
                    return .none(why: "FREQ=MONTHLY;INTERVAL=\(interval) with BYMONTH keeps one month of a step", instead: "write the yearly rule for that month and check which years the step reaches")
                }
                if case .day(let day) = dayOfMonth {
                    missingDay = month == 2 && day == 29 ? .skip : nil
                    if day > Rule.longestMonth[month - 1] {
                        return .none(why: "\(ForeignRule.monthNames([month])) has no day \(day), so the RRULE never runs", instead: "correct the RRULE first")
                    }
                }
                inner = .yearly(month: month, day: dayOfMonth, at: times, missingDay: missingDay)
            } else {
                inner = .monthly(day: dayOfMonth, at: times, missingDay: missingDay)
            }
        default:
            return .none(why: "FREQ=\(frequency) with BYHOUR is not a rule", instead: "correct the RRULE first")
        }
        guard interval > 1 else { return checked(inner, approximately: nil) }
        // Periods step from DTSTART's: a stepped rule steps from its `from`'s day, ISO week, month or year.
        // Without DTSTART, a weekly rule's stand-in date is the stand-in weekday's (Monday 2027-01-04), not a Friday.
        let anchor = start.map { CivilDate(year: $0.year, month: $0.month, day: $0.day) }
            ?? CivilDate(year: 2027, month: 1, day: frequency == "WEEKLY" && parts["BYDAY"] == nil ? 4 : 1)
        if start == nil { standIns.append("\(anchor.isoText) for its date") }
        // A week starts on WKST (Monday by default): DTSTART's week, and so which weeks the step reaches, is counted
        // from it (`BYDAY=SA,SU;WKST=SA` from a Monday: the Saturday before starts its week, not the one after).
        let weekStart = Self.weekStart(in: parts)
        func daysIntoWeek(_ day: Weekday) -> Int { (day.rawValue - weekStart.rawValue + 7) % 7 }
        let periodStart = switch frequency {
        case "WEEKLY": CivilDate(daysSinceEpoch: anchor.daysSinceEpoch - daysIntoWeek(anchor.weekday))
        case "MONTHLY": CivilDate(year: anchor.year, month: anchor.month, day: 1)
        case "YEARLY": CivilDate(year: anchor.year, month: 1, day: 1)
        default: anchor
        }
        guard let cycle = Rule.firstSelectedDate(of: inner, onOrAfter: periodStart) else {
            return .none(why: "its dates never occur", instead: "correct the RRULE first")
        }
        // The RRULE gives nothing before DTSTART: `from` is the first date on or after it in a period the step reaches
        // (DTSTART a Wednesday, BYDAY=MO, INTERVAL=2: the Monday two weeks after DTSTART's week's, not the one before).
        func period(_ date: CivilDate) -> Int {
            switch frequency {
            case "WEEKLY": (date.daysSinceEpoch - daysIntoWeek(date.weekday)) / 7
            case "MONTHLY": date.year * 12 + date.month
            case "YEARLY": date.year
            default: date.daysSinceEpoch
            }
        }
        var from = cycle
        var candidate = Rule.firstSelectedDate(of: inner, onOrAfter: anchor)
        for _ in 0..<400 {
            guard let date = candidate else { break }
            if (period(date) - period(cycle)) % interval == 0 {
                from = date
                break
            }
            candidate = Rule.firstSelectedDate(of: inner, onOrAfter: CivilDate(daysSinceEpoch: date.daysSinceEpoch + 1))
        }
        if frequency == "WEEKLY", weekStart != .monday, case .weekly(let onDays, let times) = inner, onDays.count > 1,
           // Only the days from WKST up to Sunday change period (Sunday under WKST=SU); the split matters when the
           // rule has some of them and some other days (MO,FR share a week whichever day starts it).
           Set(onDays.map { daysIntoWeek($0) < daysIntoWeek(.monday) }).count == 2 {
            // Its weeks start on WKST, a stepped rule's on Monday: each weekday alone steps the same either way, from
            // its first date on or after DTSTART in a period the step reaches (periods counted from DTSTART's week).
            // In the RRULE's own week order, from WKST: the first spec is the first weekday of its week.
            let rules = onDays.sorted { daysIntoWeek($0) < daysIntoWeek($1) }.map { day -> Rule in
                var date = periodStart.daysSinceEpoch + daysIntoWeek(day)
                if date < anchor.daysSinceEpoch { date += 7 * interval }
                return .stepped(.weekly(on: [day], at: times), every: interval, from: CivilDate(daysSinceEpoch: date))
            }
            return .none(why: "its weeks start on WKST=\(parts["WKST"] ?? "") and a stepped rule's on Monday, so its weekdays fall in other periods",
                         instead: "write one spec per weekday, each stepping on its own: " + ForeignRule.onePerSpec(rules))
        }
        return checked(.stepped(inner, every: interval, from: from), approximately: nil)
    }

    private func checked(_ rule: Rule, approximately: String?) -> ForeignRule.Meaning {
        if let problem = rule.problems.first { return .none(why: problem.message, instead: "correct the RRULE first") }
        return .rule(rule, approximately: approximately)
    }

    /// `FREQ=MINUTELY;INTERVAL=30;BYHOUR=8,…,17` (SECONDLY, or HOURLY with an INTERVAL): the steps on DTSTART's grid kept
    /// in those hours. Where the step divides the day these are the same wall times every day (RFC 5545 counts the
    /// steps on, and python-dateutil walks, the wall clock): a daily rule, or a weekly one with BYDAY, whose times
    /// the message writes in steps (cron's `*/30 8-17 * * 1-5`).
    private func stepsInHours(frequency: String, interval: Int, parts: [String: String], standIns: inout [String]) -> ForeignRule.Meaning {
        let unit = frequency == "SECONDLY" ? 1 : frequency == "MINUTELY" ? 60 : 3600
        let step = interval * unit
        func values(_ key: String) -> Set<Int>? { parts[key].map { Set($0.split(separator: ",").compactMap { Int($0) }) } }
        let hours = values("BYHOUR")!
        let minutes = values("BYMINUTE")
        let seconds = values("BYSECOND")
        var lists = ["BYHOUR": Array(hours)]
        lists["BYMINUTE"] = minutes.map(Array.init)
        lists["BYSECOND"] = seconds.map(Array.init)
        if let wrong = Self.timeOutOfRange(lists, in: parts) { return wrong }
        let others = ["BYMONTHDAY", "BYMONTH"].filter { parts[$0] != nil }
        let days = parts["BYDAY"].map(Self.byDay) ?? []
        let weekdays = days.compactMap { $0 }.filter { $0.ordinal == nil }.map(\.weekday)
        guard others.isEmpty, weekdays.count == days.count, 86_400 % step == 0 else {
            let why = 86_400 % step != 0
                ? "its steps of \(interval) \(frequency == "SECONDLY" ? "second" : frequency == "MINUTELY" ? "minute" : "hour")s do not divide the day, so the wall times change from day to day"
                : "FREQ=\(frequency) with BYHOUR and \(ListWording.joined(others.isEmpty ? ["BYDAY=\(parts["BYDAY"] ?? "")"] : others)) runs at times no rule selects"
            return .none(why: why, instead: "list the instants it gives in 'expect' under the nearest rule")
        }
        let anchor = start.map { $0.hour * 3600 + $0.minute * 60 + $0.second } ?? 0
        if start == nil { standIns.append("00:00 for the first of its steps") }
        // RFC 5545's table: BYHOUR limits each of these; BYMINUTE limits MINUTELY and SECONDLY and expands HOURLY;
        // BYSECOND limits SECONDLY and expands the other two.
        var found = Set<Int>()
        for time in stride(from: anchor % step, to: 86_400, by: step) where hours.contains(time / 3600) {
            let (minute, second) = (time % 3600 / 60, time % 60)
            if frequency != "HOURLY", let minutes, !minutes.contains(minute) { continue }
            if frequency == "SECONDLY", let seconds, !seconds.contains(second) { continue }
            let minuteChoices = frequency == "HOURLY" ? minutes.map(Array.init) ?? [minute] : [minute]
            let secondChoices = frequency != "SECONDLY" ? seconds.map(Array.init) ?? [second] : [second]
            for minute in minuteChoices {
                for second in secondChoices { found.insert(time / 3600 * 3600 + minute * 60 + second) }
            }
        }
        guard !found.isEmpty else { return .none(why: "its steps never fall in the hours and minutes it lists", instead: "correct the RRULE first") }
        guard found.count <= 1_440 else {
            return .advice("it runs \(found.count) wall times a day, more than a rule's 1,440 (one a minute): write an interval rule, {interval: …, from: …}, for the nearest elapsed time")
        }
        let times = found.sorted().map { TimeOfDay(hour: $0 / 3600, minute: $0 % 3600 / 60, second: $0 % 60)! }
        return .rule(weekdays.isEmpty ? .daily(at: times) : .weekly(on: ForeignRule.mondayFirst(weekdays), at: times), approximately: nil)
    }

    /// Seven days in a row of a month that hold each weekday's n-th once: days 1…7 its first, 22…28 its fourth,
    /// 29…31 its fifth (where the month has one), the last seven its last.
    private static let weekOfMonth: [Set<Int>: WeekdayOrdinal] = [
        Set(1...7): .first, Set(8...14): .second, Set(15...21): .third, Set(22...28): .fourth, Set(29...31): .fifth,
        Set(-7...(-1)): .last,
    ]

    /// A BYHOUR, BYMINUTE or BYSECOND that holds no number or one out of its range, told by name and value.
    private static func timeOutOfRange(_ lists: [String: [Int]], in parts: [String: String]) -> ForeignRule.Meaning? {
        for (key, range) in [("BYHOUR", 0...23), ("BYMINUTE", 0...59), ("BYSECOND", 0...59)] {
            guard let values = lists[key], values.isEmpty || !values.allSatisfy(range.contains) else { continue }
            let wrong = values.filter { !range.contains($0) }.sorted().map(String.init)
            return .none(why: wrong.isEmpty ? "\(key)=\(parts[key] ?? "") holds no number"
                            : "\(key)=\(parts[key] ?? "") holds \(ListWording.joined(wrong)), out of \(range.lowerBound) to \(range.upperBound)",
                         instead: "correct the RRULE first")
        }
        return nil
    }

    private func someMonths(_ months: [Int]) -> ForeignRule.Meaning {
        .none(why: "it runs on every day or weekday of some months only (\(ForeignRule.monthNames(months)))",
              instead: "write the rule for every month with a window inside those months")
    }

    /// `MO`, `2TU`, `-1FR`, `+3WE`: a weekday and its ordinal in the month (nil for none); nil for anything else.
    private static func byDay(_ text: String) -> [(ordinal: WeekdayOrdinal?, weekday: Weekday)?] {
        text.split(separator: ",").map { item in
            guard item.count >= 2, let weekday = weekdayCodes[String(item.suffix(2))] else { return nil }
            let number = item.dropLast(2)
            if number.isEmpty { return (nil, weekday) }
            guard let n = Int(number.hasPrefix("+") ? number.dropFirst() : number), let ordinal = WeekdayOrdinal(rawValue: n) else {
                return nil
            }
            return (ordinal, weekday)
        }
    }

    /// `-2FR`, `20MO`, `+53SU`: a BYDAY RFC 5545 allows (ordinals 1…53 either way) that a rule may not say.
    private static func byDayIsRFC5545(_ text: String) -> Bool {
        text.split(separator: ",").allSatisfy { item in
            guard item.count >= 2, weekdayCodes[String(item.suffix(2))] != nil else { return false }
            let number = item.dropLast(2)
            guard !number.isEmpty else { return true }
            return Int(number.hasPrefix("+") ? number.dropFirst() : number).map { (1...53).contains(abs($0)) } ?? false
        }
    }

    private static func isStepped(_ rule: Rule) -> Bool {
        if case .stepped = rule { return true }
        return false
    }

    private static func utcDate(_ time: LocalDateTime) -> Date {
        Date(timeIntervalSince1970: Double(time.wallSeconds))
    }
}
