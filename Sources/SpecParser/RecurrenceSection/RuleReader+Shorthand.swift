import Foundation
import Recurrence
import SpecDiagnostics
import SpecYAML

/// The shorthand string form of a rule: `daily 02:30`, `weekly mon,thu 09:00`, `daily 08:00,20:00`,
/// `every 24h from <instant>` (the map form is the reference; `RuleReader.read`).
extension RuleReader {

    private static let shorthandForms =
        "write a mapping such as {every: day, at: \"02:30\"}, or a shorthand: 'daily 02:30', 'weekly mon,thu 09:00' or 'every 24h from 2027-03-27T02:30:00+01:00'"

    /// `daily 02:30`, `weekly mon,thu 09:00`, `every 24h from <instant>`.
    func readShorthand(_ scalar: Node.Scalar, node: Node) -> Rule? {
        // A block scalar's tokens have no places on its first line (their columns ran past `rule: |`), and a look-alike
        // letter (`dаily`) was offered the word it looks like: both told at the value, before any token is read.
        // (A block of pasted lines, an .ics file's, is told as the foreign rule it is.)
        let block = scalar.style == .literal || scalar.style == .folded
        if (block && foreignRule(scalar.value) == nil) || KeySlip.latinized(scalar.value) != nil,
           reader.reportSlip(node, code: .invalidRule) {
            return nil
        }
        let tokens = Self.tokens(scalar)
        guard let first = tokens.first else {
            // `rule: ""` or `rule: " "`: told as an empty `rule:` is. Returning nil unreported dropped the whole spec from
            // the run with exit 0 (the schema review).
            let shown = scalar.value.isEmpty ? "an empty text" : "a text of blanks only"
            log.report(.emptyValue, at: node, "'rule' must be a mapping such as {every: day, at: \"02:30\"} or a shorthand such as "
                + "'daily 02:30', but it is \(shown)")
            return nil
        }
        let rule: Rule?
        switch (first.text, tokens.count) {
        case ("daily", 2):
            rule = readShorthandTimes(tokens[1], mapForm: "every: day").map { .daily(at: $0) }
        case ("weekly", 3):
            let names = tokens[1].text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            if let empty = names.firstIndex(of: ""), names.contains(where: { !$0.isEmpty }) {
                // `weekly sun, 02:30`, `weekly sun,,wed 08:00`: a comma too many, not a weekday named ''.
                let start = tokens[1].mark.column
                let column = start + names[..<empty].reduce(0) { $0 + $1.count + 1 }
                let meant = ([tokens[0].text, names.filter { !$0.isEmpty }.joined(separator: ",")] + tokens[2...].map(\.text))
                    .joined(separator: " ")
                log.report(.invalidWeekday, at: Mark(line: tokens[1].mark.line, column: max(start, column - 1)), length: 1,
                           "the shorthand's weekdays '\(tokens[1].text)' have a comma with no weekday after it; remove it: did you mean '\(meant)'?")
                return nil
            }
            if let advice = WeekdayNumbers.advice(for: names, format: { $0.joined(separator: ",") }) {
                log.report(.invalidWeekday, at: tokens[1].mark, length: tokens[1].text.count, advice)
                return nil
            }
            var days: [Weekday] = []
            var valid = true
            var column = tokens[1].mark.column
            for name in tokens[1].text.split(separator: ",", omittingEmptySubsequences: false) {
                let mark = Mark(line: tokens[1].mark.line, column: column)
                column += name.count + 1
                var day = Weekday(name: String(name))
                if day == nil {
                    // `weekly lun,jeu 09:00`: weekdays in the author's language, told once, at the first that does not read.
                    if valid, let advice = WeekdayNames.advice(for: names, format: { $0.joined(separator: ",") }) {
                        log.report(.invalidWeekday, at: tokens[1].mark, length: tokens[1].text.count, advice)
                        return nil
                    }
                    day = reader.weekday(String(name), at: mark, length: max(1, name.count))
                }
                guard let day else {
                    valid = false
                    continue
                }
                if !days.contains(day) { days.append(day) }
            }
            let at = readShorthandTimes(tokens[2], mapForm: "every: week, on: [\(days.map(\.name).joined(separator: ", "))]")
            rule = valid ? at.map { .weekly(on: days, at: $0) } : nil
        case ("every", 4) where tokens[2].text == "from":
            let seconds = reader.duration(tokens[1].text, at: tokens[1].mark, length: tokens[1].text.count, field: "interval")
            let from = reader.instant(tokens[3].text, at: tokens[3].mark, length: tokens[3].text.count, field: "from")
            rule = seconds.flatMap { seconds in from.map { .interval(seconds: seconds, from: $0.date) } }
        default:
            let words = ["daily", "weekly", "every"]
            if let foreign = foreignRule(scalar.value) {
                // `0 2 * * *`, `FREQ=MONTHLY;BYDAY=-1FR`: a schedule pasted from cron or iCalendar, told the rule it means.
                log.report(.foreignRule, at: node, foreign.message(written: scalar.value, instantText: instantText))
            } else if let fullWidth = FullWidth.problem(in: scalar.value, advice: Self.shorthandAdvice) {
                // `every day at ０２：３０`: an input method's full-width digits and colon.
                log.report(.invalidRule, at: node, fullWidth)
            } else if first.text == "every", let message = intervalAdvice(tokens.map(\.text), written: scalar.value) {
                // `every 90m`, `every 90 minutes from …`: an interval, written without its start or with its unit in words.
                log.report(.invalidRule, at: node, message)
            } else if let (mapForm, steps) = Self.shorthandSteps(tokens.map(\.text)) {
                // `daily */30 8-17`, `weekly mon,fri 08:00 - 17:30 every 30m`: a range of times, with spaces in it.
                log.report(.invalidRule, at: node,
                           "'\(scalar.value)' is not a rule, and times in steps have no shorthand: write the map form, {\(mapForm), at: \(steps)}")
            } else if first.text == "weekly", tokens.count == 2, Self.shorthandTimes(tokens[1].text) != nil {
                log.report(.invalidRule, at: node,
                           "'\(scalar.value)' is not a rule: the days are missing; write them before the time, e.g. 'weekly sun \(tokens[1].text)' or 'weekly mon,thu \(tokens[1].text)'")
            } else if let phrase = Self.weekdayOfMonthPhrase(tokens.map(\.text)) {
                // `monthly last friday 23:30`, `last friday 23:30`: the n-th weekday has no shorthand.
                log.report(.invalidRule, at: node,
                           "'\(scalar.value)' is not a rule: a weekday of the month has no shorthand; write the map form {every: month, on: \(phrase), at: \"\(tokens.last.map { TimeOfDay(parsing: $0.text) != nil ? $0.text : "23:30" } ?? "23:30")\"}")
            } else if ["biweekly", "bi-weekly", "fortnightly", "fortnight"].contains(first.text.lowercased()) {
                // `biweekly mon 09:00`: not `weekly` (every week); every other week is a stepped map form.
                log.report(.invalidRule, at: node,
                           "'\(scalar.value)' is not a rule: there is no shorthand for every other week; write the map form \(Self.everyOtherWeek(tokens.dropFirst().map(\.text)))")
            } else if let advice = periodWordAdvice(tokens.map(\.text)) {
                // `monthly`, `hourly :15`, `daily`: a period's word, as cron's macros and systemd's shorthands write it.
                log.report(.invalidRule, at: node, "'\(scalar.value)' is not a rule: \(advice)")
            } else if let meant = Self.plainShorthand(tokens.map(\.text)) {
                log.report(.invalidRule, at: node, "'\(scalar.value)' is not a rule; did you mean '\(meant)'? \(Self.shorthandForms)")
            } else if !words.contains(first.text), let suggestion = Suggestion.closest(to: first.text, in: words) {
                log.report(.invalidRule, at: first.mark, length: first.text.count,
                           "'\(scalar.value)' is not a rule: did you mean '\(suggestion)'? \(Self.shorthandForms)")
            } else {
                log.report(.invalidRule, at: node, "'\(scalar.value)' is not a rule; \(Self.shorthandForms)")
            }
            return nil
        }
        guard let rule else { return nil }
        return validated(rule, fields: nil, node: node)
    }

    /// What a rule for the period a word names needs (`monthly` → its day and time), for the word alone or followed by a
    /// time (`monthly 02:30`); nil for anything else. Words of the shorthand (`daily`, `weekly`) only alone: with more
    /// words their own messages say what is wrong.
    private func periodWordAdvice(_ words: [String]) -> String? {
        // `monthly last 02:15`, `monthly 15th 08:00`: a day of the month between the word and the time.
        if words.count >= 3, words[0].lowercased() == "monthly", let time = TimeOfDay(parsing: words[words.count - 1]),
           let day = Self.dayOfMonth(words[1..<(words.count - 1)]) {
            let missing = day == "last" || Int(day).map { $0 <= 28 } == true ? "" : ", missing-day: skip"
            return "a month's rule has no shorthand; write the map form {every: month, day: \(day), at: \"\(time)\"\(missing)}"
                + (missing.isEmpty ? "" : " (months without day \(day) are skipped; 'missing-day: last-day' takes their last day instead)")
        }
        guard let word = words.first?.lowercased(), words.count <= 2 else { return nil }
        var time = "00:00"
        if words.count == 2 {
            guard !["daily", "weekly"].contains(word), let read = TimeOfDay(parsing: words[1]) else { return nil }
            time = read.description
        }
        return switch word {
        case "daily" where words.count == 1: "a day's rule needs its wall time, e.g. 'daily 02:30' or {every: day, at: \"02:30\"}"
        case "weekly" where words.count == 1: "a week's rule needs its weekdays and wall time, e.g. 'weekly mon 09:00' or {every: week, on: [monday], at: \"09:00\"}"
        case "monthly": "a month's rule has no shorthand and names its day; write the map form, e.g. {every: month, day: 1, at: \"\(time)\"} (the 1st, as cron's @monthly and systemd's monthly)"
        case "yearly", "annually": "a year's rule has no shorthand and names its month and day; write the map form, e.g. {every: year, month: 1, day: 1, at: \"\(time)\"} (January 1, as cron's @yearly and systemd's yearly)"
        case "quarterly": "write every third month as a stepped rule with its first date, e.g. {every: 3 months, day: 1, at: \"\(time)\", from: 2027-01-01} (January, April, July and October, as systemd's quarterly)"
        case "hourly" where words.count == 1: "an hour's rule names its minute: {every: hour, minute: 0} (as cron's @hourly and systemd's hourly)"
        case "minutely" where words.count == 1: "every minute is an interval from an instant, e.g. 'every 1m from \(exampleInstant)'"
        default: nil
        }
    }

    /// The day of the month a few words name: `last`, `last day`, `15`, `15th`, `day 15`; nil for anything else.
    static func dayOfMonth(_ words: ArraySlice<String>) -> String? {
        let words = words.map { $0.lowercased() }.filter { $0 != "day" && $0 != "on" && $0 != "the" && $0 != "of" }
        guard words.count == 1, let word = words.first else { return nil }
        if word == "last" { return "last" }
        let digits = word.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, ["", "st", "nd", "rd", "th"].contains(String(word.dropFirst(digits.count))),
              let day = Int(digits), (1...31).contains(day) else { return nil }
        return String(day)
    }

    /// What an interval shorthand needs, nil when the words after `every` are no duration: its start, for `every 90m`
    /// (an example instant in the schedule's zone), or its duration as a number and a unit, for `every 90 minutes from …`.
    private func intervalAdvice(_ words: [String], written: String) -> String? {
        let from = words.firstIndex(of: "from") ?? words.endIndex
        guard from > 1, from == words.endIndex || from == words.count - 2 else { return nil }
        let duration = words[1..<from].joined(separator: " ")
        guard let meant = DurationText.seconds(duration) != nil ? duration : DurationText.meant(duration)
        else { return nil }
        if from == words.endIndex {
            return "'\(written)' is not a rule: an interval counts from an instant; add 'from' and the first occurrence, e.g. 'every \(meant) from \(exampleInstant)'"
        }
        return "'\(written)' is not a rule; did you mean 'every \(meant) from \(words[from + 1])'? (a duration is a number and a unit: 45s, 90m, 24h, 1h30m, 2d)"
    }

    /// 2027-01-01 00:00 in the schedule's zone, with its offset: an instant a message can give as an example.
    private var exampleInstant: String {
        wallTimeInstant(LocalDateTime(year: 2027, month: 1, day: 1)).map(instantText) ?? "2027-01-01T00:00:00Z"
    }

    /// `{every: 2 weeks, on: [monday], at: "09:00", from: 2027-01-04}` for `biweekly mon 09:00`'s days and time (an
    /// example's where they do not read), from the first date the rule selects in 2027.
    static func everyOtherWeek(_ words: [String]) -> String {
        let days = words.first.map { $0.split(separator: ",").compactMap { Weekday(name: String($0)) } } ?? []
        let times = words.count > 1 ? shorthandTimes(words[1]) ?? [] : []
        let weekly = Rule.weekly(on: days.isEmpty ? [.monday] : days, at: times.isEmpty ? [TimeOfDay(hour: 9, minute: 0)!] : times)
        let from = Rule.firstSelectedDate(of: weekly, onOrAfter: exampleStart) ?? CivilDate(year: 2027, month: 1, day: 4)
        return Rule.stepped(weekly, every: 2, from: from).description
    }

    /// `02:30`, or `08:00,20:00`: the shorthand's time, or its times joined by commas (each told at its own column).
    /// The shorthand's times; `mapForm` is its rule's map form before `at` (`every: day`), for a message to write.
    private func readShorthandTimes(_ token: (text: String, mark: Mark), mapForm: String) -> [TimeOfDay]? {
        if let time = TimeOfDay(parsing: token.text) { return [time] }
        if let steps = Self.stepsSpelled(token.text) {
            reader.log.report(.invalidTime, at: token.mark, length: token.text.count,
                              "'\(token.text)' is not a wall time, and times in steps have no shorthand: write the map form, {\(mapForm), at: \(steps)}")
            return nil
        }
        var times: [TimeOfDay] = []
        var valid = true
        var column = token.mark.column
        for piece in token.text.split(separator: ",", omittingEmptySubsequences: false) {
            let mark = Mark(line: token.mark.line, column: column)
            column += piece.count + 1
            if piece.isEmpty {
                // `daily 08:00,20:00,` or `daily 08:00,,20:00`: a comma too many, not a time to rewrite.
                let written = token.text.split(separator: ",").joined(separator: ",")
                reader.log.report(.invalidTime, at: Mark(line: mark.line, column: max(token.mark.column, mark.column - 1)),
                                  "the shorthand's times '\(token.text)' have a comma with no time after it; remove it: \(written)")
                valid = false
                continue
            }
            if let time = reader.time(String(piece), at: mark, length: max(1, piece.count), field: "at", quoted: false) {
                times.append(time)
            } else {
                valid = false
            }
        }
        return valid ? times : nil
    }

    /// `08:00,20:00` → its times; nil unless every comma-separated piece is a time.
    private static func shorthandTimes(_ text: String) -> [TimeOfDay]? {
        let times = text.split(separator: ",", omittingEmptySubsequences: false).compactMap { TimeOfDay(parsing: String($0)) }
        return times.count == text.split(separator: ",", omittingEmptySubsequences: false).count ? times : nil
    }

    /// What to type for a rule's text typed in full-width characters, given it in ASCII: `every day at ０２３０` is the
    /// shorthand `daily 02:30`, which its ASCII `every day at 0230` is not.
    static func shorthandAdvice(_ typed: String) -> String {
        let words = typed.split(separator: " ").map { word in
            TimeOfDay(parsing: String(word)) == nil ? TwentyFourHourTime.meant(by: String(word)) ?? String(word) : String(word)
        }
        if let meant = plainShorthand(words) { return "type it in ASCII as the shorthand \(meant)" }
        return FullWidth.typeInASCII(words.joined(separator: " "))
    }

    /// The shorthand an English phrasing of one means, without its filler words: `daily at 02:30`, `every day at
    /// 02:30` → `daily 02:30`; `weekly on mon,thu at 09:00` → `weekly mon,thu 09:00`. Nil when it is no such phrasing.
    static func plainShorthand(_ words: [String]) -> String? {
        let original = words.map { $0.lowercased() }
        // `daily 08:00, 20:00`: a time list written with spaces after its commas is one word of the shorthand.
        var words: [String] = []
        for word in original {
            // `weekly sun, mon, 02:30`: the days' list ends at a comma before the time, which is a word of its own.
            let daysBeforeTime = words.last.map { $0.hasSuffix(",") && shorthandTimes(String($0.dropLast())) == nil } == true
                && shorthandTimes(word) != nil
            if daysBeforeTime {
                words[words.count - 1].removeLast()
                words.append(word)
            } else if let last = words.last, last.hasSuffix(",") || word.hasPrefix(",") {
                words[words.count - 1] = last + word
            } else {
                words.append(word)
            }
        }
        if words.count >= 2, words[0] == "every", ["day", "week"].contains(words[1]) {
            words.replaceSubrange(0...1, with: [words[1] == "day" ? "daily" : "weekly"])
        }
        let kept = words.filter { !["at", "on"].contains($0) }
        guard kept != original else { return nil }
        let shaped = switch (kept.first, kept.count) {
        case ("daily", 2): shorthandTimes(kept[1]) != nil
        case ("weekly", 3): shorthandTimes(kept[2]) != nil
        default: false
        }
        return shaped ? kept.joined(separator: " ") : nil
    }

    /// The map form before `at` and the steps, for `daily` or `weekly <days>` followed by a range of times written with
    /// spaces (`*/30 8-17`, `08:00 - 17:30 every 30m`); nil for any other words.
    static func shorthandSteps(_ words: [String]) -> (mapForm: String, steps: String)? {
        guard let period = words.first?.lowercased(), period == "daily" || period == "weekly" else { return nil }
        let rest = words.dropFirst(period == "daily" ? 1 : 2)
        guard rest.count > 1, let steps = stepsSpelled(rest.joined(separator: " ")) else { return nil }
        if period == "daily" { return ("every: day", steps) }
        let days = words[1].split(separator: ",").compactMap { Weekday(name: String($0)) }
        return ("every: week, on: [\((days.isEmpty ? [.monday] : days).map(\.name).joined(separator: ", "))]", steps)
    }

    /// `last friday`, when two neighbouring words are a weekday of the month (`monthly last friday 23:30`).
    static func weekdayOfMonthPhrase(_ words: [String]) -> String? {
        guard words.count >= 2 else { return nil }
        for index in 0..<(words.count - 1) {
            if let day = DayOfMonth(weekdayPhrase: words[index] + " " + words[index + 1]) { return day.description }
        }
        return nil
    }

    /// Whitespace-separated words with their columns (quoted scalars start one column after the quote).
    static func tokens(_ scalar: Node.Scalar) -> [(text: String, mark: Mark)] {
        // A block scalar's text starts on the line below its `|` or `>`, at an indentation the node does not keep: its
        // tokens are placed at the indicator (their columns on its line pointed past the end of `rule: |-`).
        if scalar.style == .literal || scalar.style == .folded {
            return scalar.value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map { (String($0), scalar.mark) }
        }
        let start = scalar.mark.column + (scalar.style == .singleQuoted || scalar.style == .doubleQuoted ? 1 : 0)
        var tokens: [(String, Mark)] = []
        var current = ""
        var currentStart = 0
        for (offset, character) in scalar.value.enumerated() {
            if character == " " || character == "\t" {
                if !current.isEmpty { tokens.append((current, Mark(line: scalar.mark.line, column: start + currentStart))) }
                current = ""
            } else {
                if current.isEmpty { currentStart = offset }
                current.append(character)
            }
        }
        if !current.isEmpty { tokens.append((current, Mark(line: scalar.mark.line, column: start + currentStart))) }
        return tokens
    }
}
