import Foundation
import Recurrence
import SpecDiagnostics
import SpecYAML

/// The day of a monthly or yearly rule — `day: 15`, `day: last`, `on: last friday` — and its `month:`, with the
/// slips people bring from cron, Quartz and plain English (`15W`, `L-3`, `last-friday`, `the last friday of the month`).
extension RuleReader {
    /// `day:` or `on:` (exactly one is written: checked before).
    func readDayOrWeekday(_ fields: MappingFields, every: String) -> DayOfMonth? {
        if let on = fields["on"] { return readWeekdayOfMonth(on, every: every) }
        return fields["day"].flatMap(readDay)
    }

    /// `on: last friday` in a monthly or yearly rule: an ordinal and a weekday, with did-you-mean for either word.
    private func readWeekdayOfMonth(_ node: Node, every: String) -> DayOfMonth? {
        let example = "e.g. 'on: last friday' or 'on: 2nd tuesday'"
        if case .sequence(let items, _) = node {
            // `on: [last friday]`, or a weekly rule's list in a monthly one.
            let texts = items.compactMap { $0.scalar?.value }
            let one = texts.count == 1 && items.count == 1 ? DayOfMonth(weekdayPhrase: texts[0]) : nil
            // `[last friday, 2nd tuesday]`: several weekdays of the month are several rules, not a weekly list.
            let phrases = texts.count == items.count && texts.count > 1 ? texts.compactMap(DayOfMonth.init(weekdayPhrase:)) : []
            if let first = phrases.first {
                log.report(.wrongKind, at: node,
                           "an every: \(every) rule takes one weekday of the month, not \(texts.count); a spec's schedule has one rule, so give each its own spec, or its own case overriding 'rule' (e.g. rule: {every: \(every)\(every == "year" ? ", month: …" : ""), on: \(first), at: …})")
                return nil
            }
            log.report(.wrongKind, at: node, one.map { "an every: \(every) rule takes one weekday of the month, not a list: write 'on: \($0)'" }
                ?? "an every: \(every) rule takes one weekday of the month, not a list, \(example); for weekdays every week write {every: week, on: [\(texts.joined(separator: ", "))], at: …}")
            return nil
        }
        guard let scalar = reader.scalar(node, field: "on", expected: "one weekday of the month, \(example)") else { return nil }
        if let day = DayOfMonth(weekdayPhrase: scalar.value) { return day }
        if reader.reportSlip(node, code: .invalidWeekday) { return nil }
        let words = Self.tokens(scalar)
        let ordinals = WeekdayOrdinal.allCases.map(\.name) + WeekdayOrdinal.allCases.filter { $0 != .last }.map(\.numeral)
        let allowed = "first … fifth, 1st … 5th or last"
        func at(_ word: (text: String, mark: Mark), _ message: String) {
            log.report(.invalidWeekday, at: word.mark, length: max(1, word.text.count), message)
        }
        // `friday`: which one?
        if words.count == 1, let weekday = Weekday(name: words[0].text) {
            log.report(.invalidWeekday, at: node,
                       "'on' in an every: \(every) rule names which \(weekday.name) of the month: write 'on: last \(weekday.name)', 'on: 1st \(weekday.name)' … ('first' … 'fifth' or 'last'); for every \(weekday.name) write {every: week, on: [\(weekday.name)], at: …}")
            return nil
        }
        if words.count == 1, words[0].text.allSatisfy({ $0.isASCII && $0.isNumber }) {
            log.report(.invalidWeekday, at: node, "'on' in an every: \(every) rule takes a weekday of the month, \(example); for day \(words[0].text) of the month write 'day: \(words[0].text)'")
            return nil
        }
        // `last-friday`, `2nd_tuesday`, `lastfriday`: the two words run together.
        if words.count == 1, let joined = Self.splitJoined(words[0].text) {
            log.report(.invalidWeekday, at: node, "'\(scalar.value)' is not a weekday of the month; did you mean '\(joined)'? (the ordinal, a space, the weekday)")
            return nil
        }
        // `the last friday of the month`, `friday last`: filler words, or the two words the other way round.
        let kept = words.filter { !["the", "of", "each", "every", "month", "in", "a"].contains($0.text.lowercased()) }
        // `first day`, `last day of the month`: a day of the month, which `day:` names.
        if kept.count == 2, kept[1].text.lowercased() == "day", let ordinal = WeekdayOrdinal(name: kept[0].text) {
            let day = ordinal == .last ? "last" : String(ordinal.rawValue)
            log.report(.invalidWeekday, at: node,
                       "'\(scalar.value)' is a day of the month, not a weekday of it; write 'day: \(day)' instead of 'on'\(ordinal == .last ? "" : " (for a weekday write e.g. 'on: \(ordinal.name) monday')")")
            return nil
        }
        // `last weekday`, `first business-day` (cron's `LW`, iCalendar's BYSETPOS): no rule; the nearest one is named.
        if kept.count == 2, ["weekday", "weekdays", "workday", "business-day", "businessday", "working-day"].contains(kept[1].text.lowercased()),
           let ordinal = WeekdayOrdinal(name: kept[0].text) {
            // The last business day is the last day when a month ends Monday to Friday, else its last Friday; the first
            // is day 1 or the first Monday: two rules, by month, neither of them "nearest".
            let instead = switch ordinal {
            case .last: "'day: last' gives it in a month that ends Monday to Friday and 'on: last friday' in one that ends on a weekend: write one spec per month the window covers, with the rule for how that month ends"
            case .first: "'day: 1' gives it in a month that starts Monday to Friday and 'on: first monday' in one that starts on a weekend: write one spec per month the window covers, with the rule for how that month starts"
            default: "write one spec per month the window covers, with a 'day:' rule for the date you expect that month"
            }
            log.report(.invalidWeekday, at: node,
                       "'\(scalar.value)' means a business day (Monday to Friday) of the month, which no rule selects; \(instead) (docs/migrating.md#what-specrun-cannot-say-yet)")
            return nil
        }
        if kept.count == 2 {
            let meant = DayOfMonth(weekdayPhrase: kept[0].text + " " + kept[1].text) ?? DayOfMonth(weekdayPhrase: kept[1].text + " " + kept[0].text)
            if let meant, words.count != 2 || DayOfMonth(weekdayPhrase: kept[1].text + " " + kept[0].text) != nil {
                log.report(.invalidWeekday, at: node, "'\(scalar.value)' is not a weekday of the month; did you mean 'on: \(meant)'? (the ordinal, then the weekday)")
                return nil
            }
        }
        guard words.count == 2 else {
            log.report(.invalidWeekday, at: node, "'\(scalar.value)' is not a weekday of the month; write \(allowed) and a weekday, \(example)")
            return nil
        }
        var valid = true
        if WeekdayOrdinal(name: words[0].text) == nil {
            valid = false
            let text = words[0].text.lowercased()
            let digits = text.prefix { $0.isASCII && $0.isNumber }
            if let number = Int(digits), !digits.isEmpty, ["", "st", "nd", "rd", "th"].contains(String(text.dropFirst(digits.count))) {
                if (1...5).contains(number) {
                    let ordinal = WeekdayOrdinal(rawValue: number)!
                    at(words[0], "'\(words[0].text)' is not an ordinal; did you mean '\(ordinal.numeral)'? (write \(allowed))")
                } else {
                    at(words[0], "a month has at most five of each weekday, so there is no '\(words[0].text)' one; write \(allowed)")
                }
            } else if ["sixth", "seventh", "eighth", "ninth", "tenth"].contains(text) {
                at(words[0], "a month has at most five of each weekday, so there is no '\(words[0].text)' one; write \(allowed)")
            } else if ["-1", "final", "lst", "latest"].contains(text) || text.hasPrefix("last") {
                at(words[0], "'\(words[0].text)' is not an ordinal; did you mean 'last'? (write \(allowed))")
            } else if let suggestion = Suggestion.closest(to: text, in: ordinals) {
                at(words[0], "'\(words[0].text)' is not an ordinal; did you mean '\(suggestion)'? (write \(allowed))")
            } else {
                at(words[0], "'\(words[0].text)' is not an ordinal; write \(allowed), \(example)")
            }
        }
        if reader.weekday(words[1].text, at: words[1].mark, length: words[1].text.count) == nil { valid = false }
        if valid {
            // Not reached (both words read, so the phrase does): said plainly rather than trapping.
            log.report(.invalidWeekday, at: node, "'\(scalar.value)' is not a weekday of the month; write \(allowed) and a weekday, \(example)")
        }
        return nil
    }

    /// The weekday of `last friday`: `friday`.
    static func weekdayName(of day: DayOfMonth) -> String? {
        if case .weekday(_, let weekday) = day { return weekday.name }
        return nil
    }

    /// `15W`, `LW`, `L-3`, `last-3`: cron's and Quartz's days no rule selects, with the nearest one and where the
    /// workaround is written down.
    private static func cronDayAdvice(_ text: String) -> String? {
        let upper = text.uppercased()
        let workaround = "(docs/migrating.md#what-specrun-cannot-say-yet)"
        if upper == "LW" { return "; the month's last business day has no rule: 'on: last friday' is the nearest \(workaround)" }
        if upper.hasSuffix("W"), let day = Int(upper.dropLast()), (1...31).contains(day) {
            return "; the business day nearest day \(day) has no rule: write one spec per month with the date it falls on \(workaround)"
        }
        for prefix in ["L-", "LAST-"] where upper.hasPrefix(prefix) {
            if let n = Int(upper.dropFirst(prefix.count)), n > 0 {
                return "; \(n) day\(n == 1 ? "" : "s") before the month's last has no rule: write one spec per month with its date \(workaround)"
            }
        }
        return nil
    }

    /// `last-friday`, `2nd_tue`, `lastfriday` → `last friday`, `2nd tue`; nil when the text is no such pair.
    private static func splitJoined(_ text: String) -> String? {
        let lowered = text.lowercased()
        for ordinal in WeekdayOrdinal.allCases {
            for word in [ordinal.name, ordinal.numeral] where lowered.hasPrefix(word) {
                var rest = lowered.dropFirst(word.count)
                if rest.first == "-" || rest.first == "_" || rest.first == "." { rest = rest.dropFirst() }
                if let weekday = Weekday(name: String(rest)) { return "\(word) \(weekday.name)" }
            }
        }
        return nil
    }

    private func readDay(_ node: Node) -> DayOfMonth? {
        if node.scalar?.value == "last" { return .last }
        if case .sequence(let items, _) = node, items.count > 1 {
            // `day: [1, 15]` (cron's `1,15`, BYMONTHDAY=1,15): one rule per day.
            let days = items.compactMap { $0.scalar?.value }
            log.report(.wrongKind, at: node, "a rule takes one day of the month, not a list; for several days write one spec per day: "
                + ListWording.joined(days.prefix(3).map { "{every: month, day: \($0), …}" }))
            return nil
        }
        guard let scalar = reader.scalar(node, field: "day", expected: "a day 1–31 or last") else { return nil }
        guard !scalar.value.isEmpty, scalar.value.count <= ValueReader.calendarNumberLength, scalar.value.allSatisfy({ $0.isASCII && $0.isNumber }),
              let day = Int(scalar.value)
        else {
            let meant = ["last-day", "lastday", "last_day", "end", "end-of-month", "-1", "l"].contains(scalar.value.lowercased())
                ? "; for the month's last day write 'day: last'"
                : DayOfMonth(weekdayPhrase: scalar.value).map { "; for the \($0) of the month write 'on: \($0)' instead of 'day'" }
                    ?? Self.cronDayAdvice(scalar.value) ?? ""
            log.report(.invalidNumber, at: node, "'day' must be a day of the month, 1–31, or last; not '\(scalar.value)'\(meant)")
            return nil
        }
        return .day(day)
    }

    private static let monthNames = SpecKeyCatalog.monthNames

    /// A month number 1–12, or its English name (full or three letters).
    func readMonth(_ node: Node) -> Int? {
        if case .sequence(let items, _) = node, !items.isEmpty, items.allSatisfy({ $0.scalar != nil }) {
            // `month: [3, 11]` (cron's `3,11`, BYMONTH=3,11): one rule per month, as for days. It was told only that a
            // list is not a month.
            let months = items.compactMap { $0.scalar?.value }
            log.report(.wrongKind, at: node, months.count == 1
                ? "a rule takes one month, not a list; write 'month: \(months[0])'"
                : "a rule takes one month, not a list; for several months write one spec per month, or one case per month "
                    + "overriding 'rule': " + ListWording.joined(months.prefix(3).map { "{every: year, month: \($0), …}" }))
            return nil
        }
        guard let scalar = reader.scalar(node, field: "month", expected: "a month 1–12") else { return nil }
        let lowered = scalar.value.lowercased()
        if let index = Self.monthNames.firstIndex(where: { $0 == lowered || ($0.prefix(3) == lowered && lowered.count == 3) }) {
            return index + 1
        }
        guard !scalar.value.isEmpty, scalar.value.count <= ValueReader.calendarNumberLength, scalar.value.allSatisfy({ $0.isASCII && $0.isNumber }),
              let month = Int(scalar.value)
        else {
            let suggestion = Suggestion.closest(to: lowered, in: Self.monthNames).map { "; did you mean '\($0)'?" }
                ?? "; write 1–12 or an English month name"
            log.report(.invalidNumber, at: node, "'month' must be a month, not '\(scalar.value)'\(suggestion)")
            return nil
        }
        return month
    }
}
