import Foundation
import Recurrence
import SpecDiagnostics
import SpecYAML

/// Reads `rule:` in its map form (`{every: day, at: "02:30"}`, `{every: day, at: ["08:00", "20:00"]}`, …,
/// `{interval: 90m, from: …}`) or as a shorthand string (`daily 02:30`, `daily 08:00,20:00`, `weekly mon,thu 09:00`,
/// `every 24h from <instant>`), and validates
/// the result statically with `Rule.problems`.
struct RuleReader {
    let reader: ValueReader
    /// The schedule's zone (a case's own, when it has one), to tell an instant written as `from:` its local date.
    var timeZone: TimeZone? = nil

    var log: DiagnosticLog { reader.log }

    /// The `every:` values and the keys each form allows.
    private static let forms: [(every: String, keys: [String], required: [String], exactlyOne: [String])] =
        SpecKeyCatalog.rule.variants.filter { !$0.onlyShown }.compactMap { form in form.value.map { ($0, form.keys, form.required, form.exactlyOne) } }
    private static let intervalKeys = SpecKeyCatalog.rule.variant(key: "interval", value: nil)!.keys
    static let allKeys = SpecKeyCatalog.rule.keyNames

    /// Words for groups of days that people write as `every:`, and the weekdays they mean.
    private static let dayGroups: [String: String] = [
        "weekday": "monday, tuesday, wednesday, thursday, friday", "weekdays": "monday, tuesday, wednesday, thursday, friday",
        "workday": "monday, tuesday, wednesday, thursday, friday", "workdays": "monday, tuesday, wednesday, thursday, friday",
        "business-day": "monday, tuesday, wednesday, thursday, friday", "weekend": "saturday, sunday",
    ]

    static let advice: [String: String] = [
        "at": "add the wall time, e.g. 'at: \"02:30\"', or several, e.g. 'at: [\"08:00\", \"20:00\"]'",
        "on": "add the weekdays, e.g. 'on: [monday, thursday]'",
        "day": "add the day of the month, 1–31 or last, e.g. 'day: 15', or a weekday of the month, e.g. 'on: last friday'",
        "month": "add the month, 1–12, e.g. 'month: 2'",
        "minute": "add the minute of each hour, 0–59, e.g. 'minute: 15'",
        "from": "add the first instant, e.g. 'from: 2027-03-27T02:30:00+01:00'",
        "interval": "add the elapsed time between occurrences, e.g. 'interval: 90m'",
    ]

    /// `{freq: monthly, byday: -1FR, byhour: 18}`: an iCalendar RRULE's parts written as keys, told once with the rule
    /// they mean instead of an unknown key each.
    private func reportICalendarParts(_ node: Node) -> Bool {
        // Looked at for every rule: no text is built unless a key is `freq` (any case).
        guard case .mapping(let entries, _) = node,
              entries.contains(where: { $0.key.scalar.map { $0.value.utf8.count == 4 && $0.value.lowercased() == "freq" } == true }),
              !entries.contains(where: { $0.key.scalar?.value == "every" })
        else { return false }
        let parts = entries.compactMap { entry -> (key: String, value: String)? in
            guard let key = entry.key.scalar?.value else { return nil }
            switch entry.value {
            case .scalar(let scalar): return (key, scalar.value)
            case .sequence(let items, _): return (key, items.compactMap { $0.scalar?.value }.joined(separator: ","))
            case .mapping: return nil
            }
        }
        guard let recurrence = ICalendarRule(parts: parts) else { return false }
        let written = parts.map { "\($0.key.uppercased())=\($0.value.uppercased())" }.joined(separator: ";")
        log.report(.foreignRule, at: node, inZone(recurrence.translated(instant: wallTimeInstant)).message(written: written, instantText: instantText))
        return true
    }

    /// `{rrule: "FREQ=…"}`, `{cron: "0 2 * * *"}`, `{OnCalendar: "Mon..Fri 09:00"}`, a Kubernetes CronJob's
    /// `{schedule: "0 2 * * *", timeZone: Europe/Berlin}`: the pasted text under a key of its tool's name, beside its
    /// zone or not, told as pasted text is.
    private func reportPastedRule(_ node: Node) -> Bool {
        guard let (value, foreign, written) = pastedRule(node) else { return false }
        log.report(.foreignRule, at: value, foreign.message(written: written, instantText: instantText))
        return true
    }

    private static let pastedRuleKeys: Set = ["rrule", "cron", "crontab", "schedule", "expression", "oncalendar", "on-calendar"]
    private static let pastedZoneKeys: Set = ["timezone", "time-zone", "time_zone", "tz", "zone", "cron_tz", "tzid"]

    /// The pasted text's node, its reading and the text as read, for a mapping of one expression key and at most one
    /// zone key; nil for any other node. A CronJob's `schedule` beside `timeZone` is Kubernetes' to run.
    private func pastedRule(_ node: Node, runner: CronExpression.Runner = .daemon) -> (value: Node, foreign: ForeignRule, written: String)? {
        // Looked at for every rule: a rule's own `every` or `interval` ends it before any key is lowercased.
        guard case .mapping(let entries, _) = node, (1...2).contains(entries.count),
              !entries.contains(where: { $0.key.scalar.map { $0.value == "every" || $0.value == "interval" } == true })
        else { return nil }
        let keys = entries.map { $0.key.scalar?.value.lowercased() ?? "" }
        guard let index = keys.firstIndex(where: Self.pastedRuleKeys.contains), let text = entries[index].value.scalar?.value else { return nil }
        let zone = keys.firstIndex(where: Self.pastedZoneKeys.contains).flatMap { entries[$0].value.scalar?.value }
        guard entries.count == 1 || zone != nil else { return nil }
        // systemd's shorthands (`daily`) are its only when it is named: its key says so.
        let written = keys[index].contains("calendar") && !text.lowercased().hasPrefix("oncalendar") ? "OnCalendar=" + text : text
        let cronJob = keys[index] == "schedule" && entries.contains { $0.key.scalar?.value == "timeZone" }
        guard let foreign = foreignRule(written, zone: zone, runner: cronJob ? .kubernetes : runner) else { return nil }
        return (entries[index].value, foreign, written)
    }

    /// GitHub Actions' `on: schedule` pasted as it is, `[{cron: "30 5 * * 1-5"}, {cron: "0 2 * * 0"}]`: each entry told
    /// as a pasted rule, with the zone GitHub reads it in.
    private func reportPastedRuleList(_ node: Node) -> Bool {
        guard case .sequence(let items, _) = node, !items.isEmpty, items.count <= 20 else { return false }
        let github = items.allSatisfy { item in
            guard case .mapping(let entries, _) = item else { return false }
            return entries.contains { $0.key.scalar?.value == "cron" }
        }
        let pasted = items.compactMap { pastedRule($0, runner: github ? .githubActions : .daemon) }
        guard pasted.count == items.count else { return false }
        for (value, var foreign, written) in pasted {
            if items.count > 1 { foreign.notes.insert("Each entry of the list is a schedule of its own: write one spec for each", at: 0) }
            log.report(.foreignRule, at: value, foreign.message(written: written, instantText: instantText))
        }
        return true
    }

    func read(_ node: Node, owner: Node) -> Rule? {
        if case .scalar(let scalar) = node, !scalar.isNull {
            return readShorthand(scalar, node: node)
        }
        if reportCommaSplitWeekdays(node) || reportCommaSplitTimes(node) || reportICalendarParts(node) || reportPastedRule(node)
            || reportPastedRuleList(node) {
            return nil
        }
        guard let fields = reader.mapping(
            node, place: "'rule'", owner: owner, allowed: Self.allKeys,
            expected: "a mapping such as {every: day, at: \"02:30\"} or a shorthand such as 'daily 02:30'",
            misplaced: [.scheduleKeysInRule], suggesting: Self.formKeys(writtenIn: node))
        else { return nil }

        if fields.has("every"), fields.has("interval") {
            if let count = fields["interval"]?.scalar.flatMap({ Int($0.value) }), count > 1,
               let every = fields["every"]?.scalar?.value, ["day", "week", "month", "year"].contains(every) {
                // `{every: week, interval: 2}`: iCalendar's INTERVAL=2, which a stepped rule says with a count in `every`.
                log.report(.conflictingKeys, at: fields.keyNode("interval")!,
                           "'interval: \(count)' beside 'every: \(every)' counts periods, as iCalendar's INTERVAL does; a rule says that in 'every': write 'every: \(count) \(every)s' and add 'from:' with the first local date it runs (YYYY-MM-DD): periods are counted from it")
                return nil
            }
            log.report(.conflictingKeys, at: fields.keyNode("interval")!,
                       "'rule' has both 'every' and 'interval'; keep 'every' for a calendar rule or 'interval' with 'from' for elapsed time")
            return nil
        }
        if fields.has("interval") || (fields.has("from") && !fields.has("every")) {
            return readInterval(fields)
        }
        guard let everyNode = fields["every"] else {
            reader.missing("every", in: fields, "add 'every: day | week | month | year | hour', or 'interval: 90m' with 'from:' for elapsed time")
            return nil
        }
        guard let every = reader.scalar(everyNode, field: "every", expected: "one of day | week | month | year | hour") else { return nil }
        // `every: day` and the like (nearly every rule) has no count and is no slip: looking for them built the slips'
        // tables for every rule (0.8 % of a 10,000-spec run's profile).
        let isFormWord = Self.forms.contains { $0.every == every.value }
        let step = isFormWord ? nil : StepUnit.countAndPeriod(every.value)
        if let step, !readStepCount(step, text: every.value, node: everyNode) { return nil }
        if step == nil, !isFormWord, reportStepSlip(every.value, node: everyNode, fields: fields) { return nil }
        if step == nil, !isFormWord, reportCountSlip(every.value, node: everyNode, fields: fields) { return nil }
        guard let form = Self.forms.first(where: { $0.every == (step?.period ?? every.value) }) else {
            let names = Self.forms.map(\.every)
            if let days = Self.dayGroups[every.value.lowercased()] {
                log.report(.unknownValue, at: everyNode,
                           "there is no 'every: \(every.value)'; name the days in a weekly rule: {every: week, on: [\(days)]\(fields["at"]?.scalar.map { ", at: \"\($0.value)\"" } ?? "")}")
                return nil
            }
            if ["minute", "minutes", "min", "mins", "second", "seconds"].contains(every.value.lowercased()) {
                // `every: minute`: elapsed time is an interval; an hourly rule runs once an hour.
                log.report(.unknownValue, at: everyNode,
                           "'every' takes a calendar unit (day | week | month | year | hour); for every few minutes write an interval rule, {interval: 15m, from: <the first instant>}, or for one minute of every hour {every: hour, minute: 15}")
                return nil
            }
            if ["quarter", "quarterly", "quarters"].contains(every.value.lowercased()) {
                log.report(.unknownValue, at: everyNode,
                           "'every' has no quarter; every three months is 'every: 3 months' with 'from:', the first local date it runs (months are counted from its month)")
                return nil
            }
            if let duration = Self.elapsedTime(every.value) {
                log.report(.unknownValue, at: everyNode,
                           "'every' takes a calendar unit (day | week | month | year | hour); for elapsed time write an interval rule: {interval: \(duration), from: <the first instant>}")
                return nil
            }
            // `2 wks`, `-2 weeks`, `1.5 weeks`: a count was meant, so the advice names the counted form too.
            let counted = Self.leadingCount(every.value) ? ", or a count and a period, e.g. 'every: 2 weeks'" : ""
            // `daily`, and the period in French, Russian or Chinese (`jour`, `день`, `每天`), before a near spelling.
            if let suggestion = ValueSynonyms.value(for: every.value, in: names) ?? Suggestion.closest(to: every.value, in: names) {
                log.report(.unknownValue, at: everyNode, "unknown value '\(every.value)' for 'every'; did you mean '\(suggestion)'? (allowed: day | week | month | year | hour\(counted))")
            } else {
                log.report(.unknownValue, at: everyNode, "unknown value '\(every.value)' for 'every'; write one of day | week | month | year | hour\(counted)")
            }
            return nil
        }
        var complete = true
        // `at` on an hourly rule is one mistake (the minute written as a wall time), told once with its fix.
        let hourlyAt = form.every == "hour" && fields.has("at")
        for key in fields.keysInOrder where !form.keys.contains(key) {
            if hourlyAt, key == "at", case .sequence(let items, _) = fields["at"]! {
                // `{every: hour, at: ["08:00", "20:00"]}`: several wall times a day are a daily rule's.
                let times = items.compactMap { $0.scalar?.value }
                log.report(.unknownKey, at: fields.keyNode(key)!,
                           "'at' does not apply to 'every: hour'; for several wall times a day write {every: day, at: [\(times.map { "\"\($0)\"" }.joined(separator: ", "))]}")
            } else if hourlyAt, key == "at" {
                log.report(.unknownKey, at: fields.keyNode(key)!,
                           "'at' does not apply to 'every: hour'; an hourly rule takes the minute of each hour: write 'minute: \(Self.minute(in: fields["at"]!))'")
            } else if key == "month", ["day", "week"].contains(form.every) {
                // cron's month field on a daily or weekly line (`0 2 * 12 *`): no rule runs in some months only.
                log.report(.unknownKey, at: fields.keyNode(key)!,
                           "'month' does not apply to 'every: \(form.every)', which runs in every month; for some months only, keep the window inside them (docs/migrating.md#what-specrun-cannot-say-yet)")
            } else {
                log.report(.unknownKey, at: fields.keyNode(key)!,
                           "'\(key)' does not apply to 'every: \(form.every)'; the keys allowed here are \(form.keys.joined(separator: ", "))")
            }
            complete = false
        }
        for key in form.required where !fields.has(key) && !(hourlyAt && key == "minute") {
            reader.missing(key, in: fields, Self.advice[key]!)
            complete = false
        }
        // `day` or `on` (a weekday of the month): one of them.
        if let first = form.exactlyOne.first {
            let written = form.exactlyOne.filter { fields.has($0) }
            if written.isEmpty {
                reader.missing(first, in: fields, Self.advice[first]!)
                complete = false
            } else if written.count > 1 {
                log.report(.conflictingKeys, at: fields.keyNode(written[1])!,
                           "'rule' has both '\(written[0])' and '\(written[1])'; keep 'day' for a day of the month (day: 15, day: last) or 'on' for a weekday of it (on: last friday)")
                complete = false
            }
        }

        // `from`: a stepped rule's first date; required from a count of 2.
        var from: CivilDate?
        var fromInstant: (node: Node, text: String, date: Date?)?
        let fromMissing = step.map { $0.count > 1 } == true && !fields.has("from")
        if let node = fields["from"], form.keys.contains("from") {
            switch readLocalDate(node) {
            case .date(let date): from = date
            case .instant(let text, let date): fromInstant = (node, text, date)
            case nil: break
            }
        }

        let at = form.keys.contains("at") ? fields["at"].flatMap(readTimes) : nil
        let missingDay = fields["missing-day"].flatMap { reader.choice($0, field: "missing-day", MissingDayPolicy.self) }
        if fields.has("missing-day"), missingDay == nil { complete = false }

        let rule: Rule?
        switch form.every {
        case "day":
            rule = at.map { .daily(at: $0) }
        case "week":
            let days = fields["on"].flatMap(readWeekdays)
            rule = days.flatMap { days in at.map { .weekly(on: days, at: $0) } }
        case "month":
            let day = complete ? readDayOrWeekday(fields, every: "month") : nil
            rule = day.flatMap { day in at.map { .monthly(day: day, at: $0, missingDay: missingDay) } }
        case "year":
            let month = fields["month"].flatMap(readMonth)
            let day = complete ? readDayOrWeekday(fields, every: "year") : nil
            if let month, let day, let at {
                rule = .yearly(month: month, day: day, at: at, missingDay: missingDay)
            } else {
                rule = nil
            }
        default:
            let minute = fields["minute"].flatMap { reader.integer($0, field: "minute", range: 0...59, example: "15") }
            let second = fields["second"].map { reader.integer($0, field: "second", range: 0...59, example: "0") } ?? 0
            rule = minute.flatMap { minute in second.map { .hourly(minute: minute, second: $0) } }
        }
        // Told once the rule is read, so the date offered is one it selects.
        if fields.has("from"), form.keys.contains("from"), from == nil { complete = false }
        let inner = rule.flatMap { $0.problems.isEmpty ? $0 : nil }
        if fromMissing {
            let example = inner.flatMap { Rule.firstSelectedDate(of: $0, onOrAfter: Self.exampleStart) }?.isoText ?? Self.exampleFrom(form.every)
            reader.missing("from", in: fields, "a rule every \(every.value) counts its steps from a date: add the first local date it selects, e.g. 'from: \(example)'")
            complete = false
        }
        if let fromInstant {
            reportFromInstant(fromInstant.node, text: fromInstant.text, date: fromInstant.date, inner: inner)
        }
        guard complete, let rule else {
            // The times' order is independent of the other keys' mistakes (`on: last-friday` beside `at: ["20:00",
            // "08:00"]`): told in the same round, as `validated` would have once the rest read.
            if let at, let problem = Rule.daily(at: at).problems.first, let place = fields["at"] {
                log.report(.invalidRule, at: place, problem.message)
            }
            return nil
        }
        if let from {
            return validated(.stepped(rule, every: step?.count ?? 1, from: from), fields: fields, node: node)
        }
        return validated(rule, fields: fields, node: node)
    }

    /// A date each form's example can start from: a Monday (2027-01-04), and the 31st for months (for a rule that
    /// could not be read, which selects no date to offer).
    private static func exampleFrom(_ every: String) -> String {
        every == "month" ? "2027-01-31" : "2027-01-04"
    }

    /// Where the `from` offered for a rule written without one is looked for: its first date on or after this.
    static let exampleStart = CivilDate(year: 2027, month: 1, day: 1)

    /// Whether `inner` (a day, week, month or year rule without problems) selects `date`.
    static func selects(_ inner: Rule, _ date: CivilDate) -> Bool {
        Rule.firstSelectedDate(of: inner, onOrAfter: date) == date
    }

    /// `every: 2 weeks`: a count of 1 or more, of a period that steps (not `hour`). False after reporting.
    private func readStepCount(_ step: (count: Int, period: String), text: String, node: Node) -> Bool {
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
    private func reportStepSlip(_ text: String, node: Node, fields: MappingFields) -> Bool {
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
    private func reportCountSlip(_ text: String, node: Node, fields: MappingFields) -> Bool {
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

    /// The interval an `every:` of elapsed time means (`90m`, `2 minutes` → `2m`), or nil.
    static func elapsedTime(_ text: String) -> String? {
        if DurationText.seconds(text) != nil { return text }
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

    /// A stepped rule's `from`: a local date, `2027-01-04`. An instant (with or without an offset) is told with the
    /// date to write instead.
    private func readLocalDate(_ node: Node) -> LocalDateText? {
        guard let scalar = reader.scalar(node, field: "from", expected: "a local date, e.g. 2027-01-04") else { return nil }
        if let date = CivilDate(isoDate: scalar.value) { return .date(date) }
        let head = String(scalar.value.prefix(10))
        if scalar.value.count > 10, CivilDate(isoDate: head) != nil {
            if case .success(let parsed) = InstantText.parse(scalar.value) { return .instant(scalar.value, parsed.date) }
            return .instant(scalar.value, nil)
        }
        log.report(.invalidDate, at: node,
                   "'\(scalar.value)' is not a date; a calendar rule's 'from' is a local date YYYY-MM-DD that exists, e.g. 'from: 2027-01-04'")
        return nil
    }

    /// What a stepped rule's `from:` holds: a local date, or an instant's text (and the instant, when it has an offset).
    enum LocalDateText {
        case date(CivilDate)
        case instant(String, Date?)
    }

    /// `from: 2027-01-04T23:30:00Z`: told the local date the instant falls on in the schedule's zone (the text's own
    /// date without an offset or a zone), or, when the rule does not select that date, the date it selects instead.
    private func reportFromInstant(_ node: Node, text: String, date: Date?, inner: Rule?) {
        let head = CivilDate(isoDate: String(text.prefix(10)))!
        var local = head
        var place = ""
        if let date, let timeZone {
            let wall = LocalDateTime(date, in: timeZone)
            local = CivilDate(year: wall.year, month: wall.month, day: wall.day)
            place = "\(text) is \(local.isoText) in \(timeZone.identifier)"
        }
        let lead = "a calendar rule's 'from' is a local date in the schedule's zone, without a time or an offset; "
        if let inner, !Self.selects(inner, local), let (selected, within) = Rule.suggestedStepStart(for: inner, around: local) {
            let what = StepUnit(periodOf: inner) == .weeks ? "a \(local.weekday.name.capitalized)" : "a date"
            let said = place.isEmpty ? "\(local.isoText) is \(what)" : "\(place), \(what)"
            log.report(.invalidDate, at: node, lead + "\(said) the rule does not select: write 'from: \(selected.isoText)', \(within)")
            return
        }
        log.report(.invalidDate, at: node, lead + (place.isEmpty ? "" : place + ": ") + "write 'from: \(local.isoText)'")
    }

    /// The keys of the form `node` is written in — the one its `every:` names, or the interval form — which an
    /// unknown key is compared with: `time` in `{every: day, time: …}` is offered `at`, not a key of another form.
    private static func formKeys(writtenIn node: Node) -> [String]? {
        guard case .mapping(let entries, _) = node else { return nil }
        let keys = entries.compactMap { $0.key.scalar?.value }
        if let every = entries.first(where: { $0.key.scalar?.value == "every" })?.value.scalar?.value {
            let period = StepUnit.countAndPeriod(every)?.period ?? every
            return forms.first { $0.every == period }?.keys
        }
        return keys.contains("interval") || keys.contains("from") ? intervalKeys : nil
    }

    /// What an hourly rule's mistaken `at` means (`":30"`, `"00:30"` → `minute: 30`; `"00:30:15"` → `minute: 30,
    /// second: 15`), else an example.
    private static func minute(in node: Node) -> String {
        guard case .scalar(let scalar) = node else { return "15" }
        let parts = scalar.value.split(separator: ":", omittingEmptySubsequences: false)
        func number(_ index: Int) -> Int? {
            guard index < parts.count, (1...2).contains(parts[index].count), parts[index].allSatisfy(\.isASCII),
                  let value = Int(parts[index]), (0...59).contains(value) else { return nil }
            return value
        }
        guard (2...3).contains(parts.count), let minute = number(1) else { return "15" }
        guard parts.count == 3 else { return String(minute) }
        guard let second = number(2) else { return "15" }
        return second == 0 ? String(minute) : "\(minute), second: \(second)"
    }

    private func readInterval(_ fields: MappingFields) -> Rule? {
        var complete = true
        for key in fields.keysInOrder where !Self.intervalKeys.contains(key) {
            log.report(.unknownKey, at: fields.keyNode(key)!,
                       "'\(key)' does not apply to an interval rule; the keys allowed here are \(Self.intervalKeys.joined(separator: ", "))")
            complete = false
        }
        for key in Self.intervalKeys where !fields.has(key) {
            reader.missing(key, in: fields, Self.advice[key]!)
            complete = false
        }
        let seconds = fields["interval"].flatMap { reader.duration($0, field: "interval") }
        let from = fields["from"].flatMap { reader.instant($0, field: "from") }
        guard complete, let seconds, let from else { return nil }
        return validated(.interval(seconds: seconds, from: from.date), fields: fields, node: nil)
    }

    /// Reports the rule's static problems at the field at fault (or at `rule:` when that field is absent).
    func validated(_ rule: Rule, fields: MappingFields?, node: Node?) -> Rule? {
        let problems = rule.problems
        guard !problems.isEmpty else { return rule }
        for problem in problems {
            // A key absent because it was misspelt (`missing_day: skip`) is told once, as the slip: asking to add it
            // too would make the author write it twice.
            if fields?.misspelled.contains(problem.field) == true, fields?.has(problem.field) == false { continue }
            // A missing `missing-day` is best shown at the day (or the weekday of the month) that can be missing.
            let field = problem.field == "missing-day" && fields?.has("missing-day") == false
                ? (fields?.has("on") == true ? "on" : "day") : problem.field
            let code: DiagnosticCode = problem.field == "every" ? .invalidStep : problem.field == "from" && fields?.has("every") == true ? .invalidDate : .invalidRule
            if let place = fields?[field] {
                log.report(code, at: place, problem.message)
            } else if let fields {
                log.report(.invalidRule, at: fields.anchor, length: fields.anchorLength, problem.message)
            } else if let node {
                log.report(.invalidRule, at: node, problem.message)
            }
        }
        return nil
    }

    /// `{every: week, on: mon,thu, at: "09:00"}`, `{every: day, at: 08:00, 20:00}`: in a `{…}` mapping the comma ends
    /// the value, so `thu` or `20:00` reads as a key of its own (without a value). Told once, at `on` or `at`, with the
    /// list to write, instead of as an unknown key 'thu' or '20:00'.
    private func reportCommaSplitWeekdays(_ node: Node) -> Bool {
        reportCommaSplitList(node, key: "on", plainOnly: true, isItem: { Weekday(name: $0) != nil }, separator: ",", item: { $0 })
    }

    private func reportCommaSplitTimes(_ node: Node) -> Bool {
        reportCommaSplitList(node, key: "at", plainOnly: false, isItem: { TimeOfDay(parsing: $0) != nil }, separator: ", ", item: { "\"\($0)\"" })
    }

    /// The check of both: `key`'s value and the value-less keys right after it are items of one list.
    private func reportCommaSplitList(
        _ node: Node, key: String, plainOnly: Bool, isItem: (String) -> Bool, separator: String, item: (String) -> String
    ) -> Bool {
        guard case .mapping(let entries, _) = node,
              let keyIndex = entries.firstIndex(where: { $0.key.scalar?.value == key }),
              keyIndex + 1 < entries.count, entries[keyIndex + 1].value.scalar?.isNull == true,
              let first = entries[keyIndex].value.scalar, !plainOnly || first.style == .plain, isItem(first.value)
        else { return false }
        let stray = entries[(keyIndex + 1)...].prefix { entry in
            entry.value.scalar?.isNull == true && entry.key.scalar.map { isItem($0.value) } == true
        }
        guard !stray.isEmpty else { return false }
        let items = [first.value] + stray.map { $0.key.scalar!.value }
        log.report(.wrongKind, at: entries[keyIndex].value,
                   "inside {…} a comma separates keys, so '\(key): \(items.joined(separator: separator))' reads as '\(key): \(first.value)' and \(stray.count == 1 ? "a key" : "the keys") \(stray.map { "'\($0.key.scalar!.value)'" }.joined(separator: ", ")); write \(key): [\(items.map(item).joined(separator: ", "))]")
        return true
    }

    /// `at:` of a day, week, month or year rule: one wall time, or a list of them (`["08:00", "20:00"]`; their order
    /// is checked with the rule's problems). `"08:00, 20:00"`, one text with commas, is told as the list to write.
    private func readTimes(_ node: Node) -> [TimeOfDay]? {
        guard case .sequence(let items, _) = node else {
            guard let scalar = reader.scalar(node, field: "at", expected: "a wall time, e.g. \"02:30\", or a list of them, e.g. [\"08:00\", \"20:00\"]") else {
                return nil
            }
            if let time = TimeOfDay(parsing: scalar.value) { return [time] }
            // Only for a text that is no time: the common case above never scans for a comma.
            if scalar.value.utf8.contains(UInt8(ascii: ",")) {
                let pieces = scalar.value.split(separator: ",", omittingEmptySubsequences: false)
                    .map { $0.trimmingCharacters(in: .whitespaces) }
                if pieces.count > 1, pieces.allSatisfy({ TimeOfDay(parsing: $0) != nil }) {
                    log.report(.wrongKind, at: node,
                               "'\(scalar.value)' is one text, not \(pieces.count) times; write a list: at: [\(pieces.map { "\"\($0)\"" }.joined(separator: ", "))]")
                    return nil
                }
            }
            return reader.time(node, field: "at").map { [$0] }
        }
        var times: [TimeOfDay] = []
        var valid = true
        for item in items {
            if case .sequence = item {
                log.report(.wrongKind, at: item, "'at' takes a wall time or a list of them, not a list inside the list; write at: [\"08:00\", \"20:00\"]")
                valid = false
            } else if let time = reader.time(item, field: "at") {
                times.append(time)
            } else {
                valid = false
            }
        }
        return valid ? times : nil
    }

    private func readWeekdays(_ node: Node) -> [Weekday]? {
        guard let items = reader.list(node, field: "on", singleAllowed: true, expected: "a list of weekdays, e.g. [monday, thursday]") else {
            return nil
        }
        if let advice = WeekdayNumbers.advice(for: items.compactMap { $0.scalar?.value }, format: { "[\($0.joined(separator: ", "))]" })
            , items.count == items.compactMap(\.scalar).count {
            log.report(.invalidWeekday, at: node, advice)
            return nil
        }

        var days: [Weekday] = []
        var valid = true
        for item in items {
            guard let scalar = reader.scalar(item, field: "on", expected: "a weekday such as monday") else {
                valid = false
                continue
            }
            if Weekday(name: scalar.value) == nil {
                if reader.reportSlip(item, code: .invalidWeekday) {
                    valid = false
                    continue
                }
                // Weekdays in the author's language (`[lun, jeu]`): one list, one message, asked at the first day
                // that does not read.
                let texts = items.compactMap { $0.scalar?.value }
                if valid, texts.count == items.count,
                   let advice = WeekdayNames.advice(for: texts, format: { "[\($0.joined(separator: ", "))]" }) {
                    log.report(.invalidWeekday, at: node, advice)
                    return nil
                }
                // `{every: week, on: last friday}`: a weekday of the month is a monthly or yearly rule's.
                if let phrase = DayOfMonth(weekdayPhrase: scalar.value) {
                    log.report(.invalidWeekday, at: item,
                               "'\(scalar.value)' is a weekday of the month, which only an every: month or every: year rule takes: write {every: month, on: \(phrase), at: …}; a weekly rule names plain weekdays, e.g. on: [\(Self.weekdayName(of: phrase) ?? "friday")]")
                    valid = false
                    continue
                }
            }
            if let days = Self.dayGroups[scalar.value.lowercased()] {
                log.report(.invalidWeekday, at: item, "'\(scalar.value)' is not one weekday; name each: [\(days)]")
                valid = false
                continue
            }
            let words = scalar.value.split(separator: " ")
            if words.count > 1, words.allSatisfy({ Weekday(name: String($0)) != nil }) {
                log.report(.invalidWeekday, at: item,
                           "'\(scalar.value)' is \(words.count) weekdays without the commas between them; write [\(words.joined(separator: ", "))]")
                valid = false
                continue
            }
            guard let day = reader.weekday(scalar.value, at: scalar.mark, length: item.underlineLength) else {
                valid = false
                continue
            }
            if !days.contains(day) { days.append(day) }
        }
        return valid ? days : nil
    }

    /// `day:` or `on:` (exactly one is written: checked before).
    private func readDayOrWeekday(_ fields: MappingFields, every: String) -> DayOfMonth? {
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
            let nearest = ordinal == .last ? "'on: last friday'" : "'on: \(ordinal.name) monday'"
            log.report(.invalidWeekday, at: node,
                       "'\(scalar.value)' means a business day (Monday to Friday) of the month, which no rule selects; \(nearest) is the nearest rule, and a month where it differs needs its own spec (docs/migrating.md#what-specrun-cannot-say-yet)")
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
    private static func weekdayName(of day: DayOfMonth) -> String? {
        if case .weekday(_, let weekday) = day { return weekday.name }
        return nil
    }

    /// `last-friday`, `2nd_tue`, `lastfriday` → `last friday`, `2nd tue`; nil when the text is no such pair.
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
    private func readMonth(_ node: Node) -> Int? {
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
