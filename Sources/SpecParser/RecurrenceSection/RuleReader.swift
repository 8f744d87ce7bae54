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
    /// `missing-day` values that move a missing day forward, a policy specrun does not have.
    static let rollingForward: Set<String> = ["next-day", "next", "first-day", "next-month", "roll-forward", "forward", "following", "first-of-next-month"]

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
            if let (count, period) = DurationText.isoCalendarPeriod(every.value) {
                // `every: P1M`, ISO 8601's month: the calendar unit itself.
                let meant = count == 1 ? period : "\(count) \(period)s"
                log.report(.unknownValue, at: everyNode, "'every: \(every.value)' is ISO 8601's way to write \(count == 1 ? "a \(period)" : meant); write 'every: \(meant)'\(count > 1 && !fields.has("from") ? ", with 'from:' the first date it selects" : "")")
                return nil
            }
            if let duration = Self.elapsedTime(every.value), let at = fields["at"] {
                // `{every: 30m, at: {from: "08:00", through: "17:30"}}`: the step belongs inside `at`.
                let steps = Self.stepsWithEvery(at, duration)
                log.report(.unknownValue, at: everyNode,
                           "'every: \(every.value)' is elapsed time, not a calendar unit; for wall times \(duration) apart write times in steps in a daily or weekly rule: {every: day, at: \(steps)} (or an interval rule, {interval: \(duration), from: <the first instant>}, for elapsed time)")
                return nil
            }
            if let duration = Self.elapsedTime(every.value) {
                log.report(.unknownValue, at: everyNode,
                           "'every' takes a calendar unit (day | week | month | year | hour); for elapsed time write an interval rule: {interval: \(duration), from: <the first instant>}")
                return nil
            }
            // `2 wks`, `-2 weeks`, `1.5 weeks`: a count was meant, so the advice names the counted form too.
            let counted = Self.leadingCount(every.value) ? ", or a count and a period, e.g. 'every: 2 weeks'" : ""
            if reader.reportSlip(everyNode, code: .unknownValue) { return nil }
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
            } else if hourlyAt, key == "at", case .mapping = fields["at"]! {
                // `{every: hour, at: {from: "08:00", through: "17:30", every: 30m}}`: times in steps are a daily rule's.
                log.report(.unknownKey, at: fields.keyNode(key)!,
                           "'at' does not apply to 'every: hour', which runs in every hour of the day; times in steps go in a daily or weekly rule: write {every: day, at: \(Self.stepsWritten(fields["at"]!))} or {every: week, on: […], at: …}")
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
        let missingDay = fields["missing-day"].flatMap { node -> MissingDayPolicy? in
            // Rolling a missing day forward (a February 29 renewal on March 1 in common years) is a policy some
            // systems have and specrun does not: told so, with what can be checked instead, not offered skip as if a
            // spelling.
            if let word = node.scalar?.value.lowercased(), Self.rollingForward.contains(word) {
                // The period without the day is the rule's: a year's February 29, or each short month of a monthly rule
                // (a monthly 31st was told the February advice, which covers March alone).
                let month = form.every == "year" ? fields["month"].flatMap { $0.scalar.flatMap { Int($0.value) } } : nil
                let instead = month.map { "check each year without the day with a spec of its own over that year, e.g. {every: year, month: \($0 % 12 + 1), day: 1, …}" }
                    ?? "check each month without the day with a spec of its own over that month, e.g. {every: year, month: <the next month>, day: 1, …} over a window of that year"
                log.report(.unknownValue, at: node, "'\(node.scalar!.value)' is not a policy specrun has: a missing day is skipped or moved "
                    + "back to the month's last day (write skip | last-day); for an occurrence moved to the next month's first day, "
                    + instead)
                return nil
            }
            return reader.choice(node, field: "missing-day", MissingDayPolicy.self)
        }
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
            place = "\(text) is \(local.isoText) in \(ZoneDisplayName.of(timeZone))"
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
        if case .mapping = node { return readTimeSteps(node, inList: false) }
        guard case .sequence(let items, _) = node else {
            guard let scalar = reader.scalar(node, field: "at", expected: "a wall time, e.g. \"02:30\", or a list of them, e.g. [\"08:00\", \"20:00\"]") else {
                return nil
            }
            if let time = TimeOfDay(parsing: scalar.value) { return [time] }
            if let steps = Self.stepsSpelled(scalar.value) {
                log.report(.invalidTime, at: node, "'\(scalar.value)' is not a wall time; \(steps.hasPrefix("\"") ? "" : "for times in steps ")write at: \(steps)")
                return nil
            }
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
        // Each item's times and how to write it again, for a list whose items are in the wrong order.
        var written: [(times: [TimeOfDay], text: String)] = []
        for item in items {
            let before = times.count
            defer {
                if valid, times.count > before {
                    let own = Array(times[before...])
                    let step = item.mapping.flatMap { pairs in pairs.first { $0.key.scalar?.value == "every" }?.value.scalar?.value }
                    written.append((own, own.count > 1 && step != nil
                        ? "{from: \"\(own[0])\", through: \"\(own[own.count - 1])\", every: \(step!)}" : "\"\(own[0])\""))
                }
            }
            if case .sequence(let inner, _) = item {
                // `at: [["08:00", "09:00"]]`: the list to write is its own times, all of them, one level up.
                let written = items.flatMap { $0.sequence ?? [$0] }.compactMap { $0.scalar.flatMap { TimeOfDay(parsing: $0.value) } }
                let times = written.isEmpty || written.count < inner.count ? "[\"08:00\", \"20:00\"]" : "[" + written.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
                log.report(.wrongKind, at: item, "'at' takes a wall time or a list of them, not a list inside the list; write at: \(times)")
                valid = false
            } else if case .mapping = item {
                if let steps = readTimeSteps(item, inList: true) { times += steps } else { valid = false }
            } else if let text = item.scalar?.value, TimeOfDay(parsing: text) == nil, let steps = Self.stepsSpelled(text) {
                log.report(.invalidTime, at: item, "'\(text)' is not a wall time; \(steps.hasPrefix("\"") ? "" : "for times in steps ")write this item as \(steps)")
                valid = false
            } else if let time = reader.time(item, field: "at") {
                times.append(time)
            } else {
                valid = false
            }
        }
        guard valid else { return nil }
        // `["20:00", {from: "08:00", …}]`: items each in order but not among themselves are told the items reordered,
        // not every time spelled out.
        if written.contains(where: { $0.times.count > 1 }), let slip = zip(times, times.dropFirst()).first(where: { !($0.0 < $0.1) }) {
            let reordered = written.sorted { $0.times[0] < $1.times[0] }
            let flat = reordered.flatMap(\.times)
            if zip(flat, flat.dropFirst()).allSatisfy({ $0.0 < $0.1 }) {
                log.report(.invalidRule, at: node, "'at' lists \(slip.1) after \(slip.0); its times must be strictly increasing, each once: write the items in time order, at: [\(reordered.map(\.text).joined(separator: ", "))]")
                return nil
            }
        }
        return times
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

}
