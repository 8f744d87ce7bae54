import Foundation
import Recurrence
import SpecDiagnostics
import SpecYAML

/// `every:` with a count (`every: 2 weeks`) and the ways people write one that is not a step: a count in words, a
/// count run into its period (`3days`), every other week, a step of hours, elapsed time (`every: 90m`).
extension RuleReader {
    /// `every: 2 weeks`: a count of 1 or more, of a period that steps (not `hour`). False after reporting.
    func readStepCount(_ step: (count: Int, period: String), text: String, node: Node) -> Bool {
        if step.period == "hour", step.count == 1 {
            log.report(.invalidStep, at: node,
                       "'every: \(text)' is 'every: hour', an hourly rule: write {every: hour, minute: 0} (the minute of each hour)")
            return false
        }
        if step.period == "hour" {
            log.report(.invalidStep, at: node,
                       "an hourly rule cannot step; for every \(step.count) hours write an interval rule, e.g. {interval: \(step.count)h, from: <the first instant>}, or a daily rule with each time, e.g. at: [\"00:00\", \"0\(min(step.count, 9)):00\", …]")
            return false
        }
        if step.count == 0 {
            log.report(.invalidStep, at: node,
                       "'every: \(text)' never comes round: the count of \(step.period)s must be 1 or more, e.g. 'every: 2 \(step.period)s' (or 'every: \(step.period)' for each one)")
            return false
        }
        return true
    }

    /// Words for every other week, and counts written in words (`two weeks`), told with the `every:` to write. True
    /// after reporting.
    func reportStepSlip(_ text: String, node: Node, fields: MappingFields) -> Bool {
        let lowered = text.lowercased()
        let other = ["fortnight", "fortnightly", "biweekly", "bi-weekly", "other week", "every other week", "alternate weeks", "two-weeks"]
        if other.contains(lowered) {
            log.report(.invalidStep, at: node,
                       "there is no 'every: \(text)'; for every other week write 'every: 2 weeks' with the first date, e.g. {every: 2 weeks, on: [monday], at: \"09:00\", from: 2027-01-04}")
            return true
        }
        let numbers = ["one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
                       "ten": 10, "eleven": 11, "twelve": 12, "other": 2, "second": 2, "third": 3]
        let words = lowered.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "-" })
        if words.count == 2, let count = numbers[String(words[0])],
           let step = StepUnit.countAndPeriod("\(count) \(words[1])"), step.period != "hour" {
            log.report(.invalidStep, at: node,
                       "'every: \(text)': write the count in digits, 'every: \(StepUnit(periodOf: Self.sample(step.period))!.text(count: count))'")
            return true
        }
        return false
    }

    /// `3days`, `2-weeks`, `2 Weeks`, a count of 20 digits: a count and a period written another way, told with the
    /// `every:` to write. True after reporting.
    func reportCountSlip(_ text: String, node: Node, fields: MappingFields) -> Bool {
        guard let (digits, separator, word) = Self.countAndWord(text) else { return false }
        let lowered = word.lowercased()
        let period = lowered.hasSuffix("s") ? String(lowered.dropLast()) : lowered
        guard ["day", "week", "month", "year", "hour"].contains(period) else { return false }
        let count = Int(digits)
        // `every: 2Hours`, `every: 99999999999 hours`: an hourly rule, which cannot step, whatever the count's spelling.
        if period == "hour", let count, count <= Rule.longestStep {
            return !readStepCount((count, period), text: text, node: node)
        }
        if period == "hour" {
            log.report(.invalidStep, at: node,
                       "an hourly rule cannot step; for elapsed time write an interval rule, e.g. {interval: 2h, from: <the first instant>}")
            return true
        }
        // `every: 99999999999999999999 weeks`: beyond the longest step (and beyond Int), told as a step too long.
        if count.map({ $0 > Rule.longestStep }) ?? true {
            log.report(.invalidStep, at: node,
                       "the step must be a whole number of \(period)s from 1 to \(Rule.longestStep), not \(digits); e.g. every: 2 \(period)s")
            return true
        }
        guard let count, separator != " " || word != lowered else { return false }
        let meant = "\(count) \(count == 1 ? period : period + "s")"
        let fromNeeded = count > 1 && !fields.has("from") ? ", with 'from:' the first date it selects" : ""
        if separator == " " {
            // `2 Weeks`: as `every: Week`, a did-you-mean.
            log.report(.unknownValue, at: node, "unknown value '\(text)' for 'every'; did you mean '\(meant)'? (allowed: day | week | month | year | hour, or a count and a period, e.g. 'every: 2 weeks')")
        } else {
            log.report(.invalidStep, at: node, "'every: \(text)': write the count and the period apart, 'every: \(meant)'\(fromNeeded)")
        }
        return true
    }

    /// `3days` → (`3`, ``, `days`); `2 Weeks` → (`2`, ` `, `Weeks`); `2-weeks` → (`2`, `-`, `weeks`): digits, at most
    /// one space, tab or hyphen, and a word of letters. Nil for anything else.
    private static func countAndWord(_ text: String) -> (String, String, String)? {
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty else { return nil }
        var rest = text.dropFirst(digits.count)
        var separator = ""
        if let first = rest.first, first == " " || first == "\t" || first == "-" {
            separator = first == "-" ? "-" : " "
            rest = rest.dropFirst()
        }
        guard !rest.isEmpty, rest.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        return (String(digits), separator, String(rest))
    }

    /// Whether `text` starts with a count (`2 wks`, `-2 weeks`, `1.5 weeks`).
    static func leadingCount(_ text: String) -> Bool {
        let unsigned = text.first == "-" || text.first == "+" ? text.dropFirst() : Substring(text)
        return unsigned.first.map { $0.isASCII && $0.isNumber } ?? false
    }

    /// The interval an `every:` of elapsed time means (`90m`, `2 minutes` → `2m`, `half an hour` → `30m`), or nil.
    static func elapsedTime(_ text: String) -> String? {
        if DurationText.seconds(text) != nil { return text }
        // `every: half hour`, `every: PT30M`.
        if let spoken = DurationText.spokenOrISO(text) { return spoken }
        guard let (digits, _, word) = countAndWord(text) else { return nil }
        let units = ["minute": "m", "minutes": "m", "min": "m", "mins": "m", "second": "s", "seconds": "s", "sec": "s", "secs": "s"]
        guard let unit = units[word.lowercased()], DurationText.seconds(digits + unit) != nil else { return nil }
        return digits + unit
    }

    private static func sample(_ period: String) -> Rule {
        let noon = TimeOfDay(hour: 12, minute: 0)!
        switch period {
        case "day": return .daily(at: noon)
        case "week": return .weekly(on: [.monday], at: noon)
        case "month": return .monthly(day: .day(1), at: noon)
        default: return .yearly(month: 1, day: .day(1), at: noon)
        }
    }
}
