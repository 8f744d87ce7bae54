import Foundation
import Recurrence
import SpecDiagnostics

/// A cron line as teams paste it into `rule:` — `0 2 * * *`, `CRON_TZ=Europe/Berlin 30 2 * * 1-5`, a crontab line with
/// its command, `@daily`, Quartz's `0 0 2 ? * MON-FRI` (seconds first, an optional year last) — read for the rule that
/// selects the same wall times (`ForeignRule`). `init` is nil when the text is no cron line.
struct CronExpression {
    enum Kind { case second, minute, hour, dayOfMonth, month, dayOfWeek }

    /// One field's selection.
    struct Field {
        /// The values selected, sorted; nil for every value (`*`, `?`).
        var values: [Int]?
        /// `L` (the month's last day), `5L` and `6#3` (its last Thursday, its third Friday, under Quartz), and the
        /// forms no rule has (`15W`, `LW`, `L-3`).
        var special: Special?
        /// A weekday written as a number: Quartz (1 = Sunday) and cron (0 = Sunday) count them differently.
        var numeric = false
        /// `*/3`, `2/3`, `1-12/3`: the start and the step, which a stepped rule can say for months.
        var step: (start: Int, step: Int)?
        /// As written.
        var text: String
    }

    enum Special {
        case lastDay
        case weekdayOfMonth(WeekdayOrdinal, Int)
        /// The n-th of several weekdays (`Sat,Sun *-*~07/1`, `Mon..Fri *-*-1..7`): one rule each.
        case weekdaysOfMonth(WeekdayOrdinal, [Int])
        /// What it means, in words, and the rule's day nearest to it (`LW` → the last day).
        case unsupported(String, nearest: DayOfMonth?)
    }

    /// Whose cron: the field order, Sunday's number, and what the scheduler does when the clocks change.
    enum Dialect {
        /// Five fields, Sunday 0 or 7 (cron, cronie, Kubernetes).
        case cron
        /// Seconds first, an optional year last, Sunday 1 (Quartz).
        case quartz
        /// Seconds first, Sunday 0 or 7 (Spring 5.3 and later).
        case spring
        /// `cron(…)`: minutes first, a year last, Sunday 1 (AWS EventBridge).
        case eventBridge
        /// A systemd timer's `OnCalendar=` (`SystemdCalendar`): its weekdays and date must both match.
        case systemd
    }

    /// What runs a five-field line pasted in a tool's own YAML: a cron daemon, or the tool (a CronJob's `schedule`,
    /// GitHub Actions' `- cron:`), whose clock-change behaviour is its own.
    enum Runner { case daemon, kubernetes, githubActions }

    let written: String
    private(set) var dialect = Dialect.cron
    private(set) var runner = Runner.daemon
    /// `CRON_TZ=` or `TZ=` before the fields.
    private(set) var zone: String?
    /// The zone came from `TZ=` (no `CRON_TZ=`): the schedule's zone only where the schedule string holds it (robfig/cron);
    /// on a crontab line cronie schedules by `CRON_TZ=` or the daemon's zone (Vixie cron by the daemon's only), and `TZ=` reaches the command.
    private(set) var zoneFromTZ = false
    /// What follows the five fields of a crontab line.
    private(set) var command: String?
    /// `@reboot`, `at(…)`: what it is instead of a schedule.
    private(set) var event: String?
    /// `rate(15 minutes)`: EventBridge's elapsed-time schedule, in seconds.
    private(set) var rate: Int?
    private(set) var year: String?
    /// A `cron(…)` of five fields, which EventBridge refuses: the six-field form it was read as.
    private(set) var withoutYear: String?
    /// What the reader left out that a rule cannot hold (a systemd time's fraction of a second).
    var leftOut: [String] = []
    private var second = Field(values: [0], text: "0")
    private var minute = Field(text: "*")
    private var hour = Field(text: "*")
    private var dayOfMonth = Field(text: "*")
    private var month = Field(text: "*")
    private var dayOfWeek = Field(text: "*")

    private static let macros = [
        "@yearly": "0 0 1 1 *", "@annually": "0 0 1 1 *", "@monthly": "0 0 1 * *", "@weekly": "0 0 * * 0",
        "@daily": "0 0 * * *", "@midnight": "0 0 * * *", "@hourly": "0 * * * *",
    ]
    static let monthNumbers = ["JAN": 1, "FEB": 2, "MAR": 3, "APR": 4, "MAY": 5, "JUN": 6,
                                       "JUL": 7, "AUG": 8, "SEP": 9, "OCT": 10, "NOV": 11, "DEC": 12]
    static let weekdayNames = ["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"]

    init?(_ text: String) {
        written = text
        var text = text
        if text.hasPrefix("@Scheduled"), let inner = Self.quoted(after: "cron", in: text) {
            // Spring's `@Scheduled(cron = "0 30 2 * * *", zone = "Europe/Zurich")`: its expression and its zone.
            zone = Self.quoted(after: "zone", in: text)
            text = inner
        }
        var words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init)
        let lowercasedText = text.lowercased()
        if lowercasedText == "@reboot" || lowercasedText.hasPrefix("@reboot ") || lowercasedText.hasPrefix("at(") && lowercasedText.hasSuffix(")") {
            // An event or one invocation: no recurrence at all.
            event = lowercasedText.hasPrefix("@reboot") ? "@reboot runs when the machine starts, an event, not a time"
                : "at(…) is one invocation, not a recurrence"
            dialect = lowercasedText.hasPrefix("at(") ? .eventBridge : .cron
            return
        }
        while let first = words.first, let equals = first.firstIndex(of: "="),
              ["CRON_TZ", "TZ"].contains(first[..<equals].uppercased()) {
            // CRON_TZ= wins over a TZ= beside it: cronie schedules by CRON_TZ whatever TZ says.
            let isTZ = first[..<equals].uppercased() == "TZ"
            if !isTZ || zone == nil || zoneFromTZ {
                zone = String(first[first.index(after: equals)...])
                zoneFromTZ = isTZ
            }
            words.removeFirst()
        }
        let lowered = words.joined(separator: " ").lowercased()
        if lowered.hasPrefix("rate("), lowered.hasSuffix(")") {
            // `rate(15 minutes)`, `rate(1 day)`: EventBridge counts elapsed time (a day is 24 hours).
            let inner = lowered.dropFirst(5).dropLast().split(separator: " ")
            let units = ["minute": 60, "minutes": 60, "hour": 3600, "hours": 3600, "day": 86_400, "days": 86_400]
            guard inner.count == 2, let count = Int(inner[0]), (1...1_000_000).contains(count), let unit = units[String(inner[1])] else { return nil }
            dialect = .eventBridge
            rate = count * unit
            return
        }
        if lowered.hasPrefix("cron("), lowered.hasSuffix(")") {
            let inner = words.joined(separator: " ").dropFirst(5).dropLast().split(separator: " ").map(String.init)
            // Five fields: the year left out, which EventBridge refuses; read with `*` for it, and told.
            guard inner.count == 6 || inner.count == 5, readFields(inner.count == 5 ? inner + ["*"] : inner, dialect: .eventBridge) else { return nil }
            if inner.count == 5 {
                // The form EventBridge takes: one day field `?` too (both `*` it refuses as well).
                let fields = inner[2] == "*" && inner[4] == "*" ? Array(inner.prefix(4)) + ["?"] : inner
                withoutYear = "cron(\(fields.joined(separator: " ")) *)"
            }
            return
        }
        if let first = words.first, first.hasPrefix("@") {
            guard let expanded = Self.macros[first.lowercased()] else { return nil }
            command = words.count > 1 ? words.dropFirst().joined(separator: " ") : nil
            words = expanded.split(separator: " ").map(String.init)
        }
        guard words.count >= 5 else { return nil }
        if words.count >= 6 {
            // Seconds first: Quartz when a day field is `?` (Quartz needs one), else Spring (which does not, and counts
            // Sunday 0 or 7). Quartz may end in a year; anything after the fields is trailing text (`# noon`, a zone).
            let quartz = words[3] == "?" || words[5] == "?"
            if quartz, words.count >= 7, readFields(Array(words.prefix(7)), dialect: .quartz) {
                command = words.count > 7 ? words.dropFirst(7).joined(separator: " ") : nil
                return
            }
            // After Quartz's fields a seventh word of digits and signs is a year that did not read (`0 0 12 * * ? 27`),
            // not trailing text; Spring has no year, so after its six fields any word is trailing text.
            let badYear = quartz && words.count == 7 && words[6].allSatisfy { $0.isNumber || "*,-/".contains($0) }
                && words[6].contains { $0.isNumber || $0 == "*" }
            for dialect in quartz ? [Dialect.quartz, .spring] : [.spring] where !badYear && readFields(Array(words.prefix(6)), dialect: dialect) {
                // `0 0 12 ? * 0`: a `?` and Sunday 0, which Quartz refuses, is Spring's.
                command = words.count > 6 ? words.dropFirst(6).joined(separator: " ") : nil
                if let command, command.contains("/"), !command.contains(" "), TimeZone(identifier: command) != nil {
                    // `0 0 9 * * MON-FRI Europe/Berlin`: the zone it runs in.
                    (zone, self.command) = (command, nil)
                }
                return
            }
            if badYear { return nil }
            // Six fields ending in a year, minutes first: EventBridge without its `cron(…)`. Six fields that read as
            // Quartz's or Spring's but for a last digit past their weekdays (`0 0 12 * * 8`) are a weekday out of range,
            // not the year 8: told as that field.
            let weekdayPastRange = words.count == 6 && (words[5] == "8" || words[5] == "9")
                && zip(words.prefix(5), [Kind.second, .minute, .hour, .dayOfMonth, .month]).allSatisfy { Self.field($0, $1, quartz: true) != nil }
            if words.count == 6, !weekdayPastRange, readFields(words, dialect: .eventBridge) { return }
            // Six words whose last is of cron's digits and signs are six fields, not a crontab line and its command:
            // `0 0 25 * * ?` is Quartz's with an hour 25 (told so by `whyUnreadable`), not `0 0 25 * *` running a
            // command named `?`. (A `#` or `-` alone starts a comment or a command: `0 2 * * * # nightly` reads.)
            if words.count == 6, words[5].allSatisfy({ "0123456789*?/,-#".contains($0) }),
               words[5].contains(where: { $0.isNumber || $0 == "*" || $0 == "?" }) {
                return nil
            }
        }
        guard readFields(Array(words.prefix(5)), dialect: .cron) else { return nil }
        if words.count > 5 { command = words.dropFirst(5).joined(separator: " ") }
    }

    /// A systemd calendar event's fields, read by `SystemdCalendar`, its weekdays in cron's numbers (0 = Sunday).
    init(systemd written: String, second: Field, minute: Field, hour: Field, dayOfMonth: Field, month: Field, dayOfWeek: Field,
         year: String?, zone: String?) {
        self.written = written
        dialect = .systemd
        (self.second, self.minute, self.hour, self.dayOfMonth, self.dayOfWeek, self.year, self.zone) = (second, minute, hour, dayOfMonth, dayOfWeek, year, zone)
        self.month = month
        if self.month.step == nil, let values = month.values { self.month.step = Self.monthStep(values) }
    }

    /// Months evenly spread over the year (`1,4,7,10`): the first and the step, which a stepped rule says.
    static func monthStep(_ months: [Int]) -> (start: Int, step: Int)? {
        regularStep(months.map { $0 - 1 }, period: 12).map { (months[0], $0) }
    }

    /// Read where a tool's YAML put the text: `zone` beside it (a CronJob's `timeZone`), used when the text names none,
    /// and what runs it.
    mutating func place(zone: String?, runner: Runner) {
        if self.zone == nil { self.zone = zone }
        self.runner = runner
    }

    /// The text between the quotes after `key =` (`cron = "0 30 2 * * *"`), nil when there is none.
    private static func quoted(after key: String, in text: String) -> String? {
        guard let keyRange = text.range(of: key + " ") ?? text.range(of: key + "="),
              let open = text[keyRange.upperBound...].firstIndex(of: "\""),
              let close = text[text.index(after: open)...].firstIndex(of: "\"") else { return nil }
        return String(text[text.index(after: open)..<close])
    }

    /// Reads the fields in `dialect`'s order; false when one is no cron field.
    private mutating func readFields(_ words: [String], dialect: Dialect) -> Bool {
        var words = words[...]
        var second = Field(values: [0], text: "0")
        if dialect == .quartz || dialect == .spring {
            guard let field = Self.field(words.removeFirst(), .second) else { return false }
            second = field
        }
        let sundayIsOne = dialect == .quartz || dialect == .eventBridge
        guard let minute = Self.field(words.removeFirst(), .minute), let hour = Self.field(words.removeFirst(), .hour),
              let dayOfMonth = Self.field(words.removeFirst(), .dayOfMonth), let month = Self.field(words.removeFirst(), .month),
              let dayOfWeek = Self.field(words.removeFirst(), .dayOfWeek, quartz: sundayIsOne)
        else { return false }
        var year: String?
        if let written = words.first {
            // Quartz's years are checked (`0 0 12 * * ? 27` is told its year); EventBridge's are taken as written, so
            // a minutes-first line with a mistyped year is still told as EventBridge's, with its year named.
            guard dialect != .spring, dialect == .quartz ? Self.yearFieldReads(written)
                    : written.allSatisfy({ $0.isNumber || "*,-/".contains($0) }) else { return false }
            year = written == "*" ? nil : written
        }
        self.year = year
        // Set only once every field read: a dialect tried first and refused leaves nothing behind.
        (self.second, self.minute, self.hour, self.dayOfMonth, self.month, self.dayOfWeek) = (second, minute, hour, dayOfMonth, month, dayOfWeek)
        self.dialect = dialect
        return true
    }

    /// Quartz's year field: `*`, years from 1970 to 2099 (Quartz's CronExpression range), ranges and steps of them.
    static func yearFieldReads(_ text: String) -> Bool {
        text.split(separator: ",", omittingEmptySubsequences: false).allSatisfy { item in
            let parts = item.split(separator: "/", omittingEmptySubsequences: false)
            guard (1...2).contains(parts.count) else { return false }
            if parts.count == 2 { guard let step = Int(parts[1]), step > 0 else { return false } }
            if parts[0] == "*" { return parts.count == 2 || item == "*" }
            let bounds = parts[0].split(separator: "-", omittingEmptySubsequences: false)
            guard (1...2).contains(bounds.count) else { return false }
            let years = bounds.compactMap { bound in bound.allSatisfy(\.isASCII) ? Int(bound) : nil }
            return years.count == bounds.count && years.allSatisfy { (1970...2099).contains($0) } && years == years.sorted()
        }
    }

    /// One field, or nil when `text` is not one of the kind.
    static func field(_ text: String, _ kind: Kind, quartz: Bool = false) -> Field? {
        let upper = text.uppercased()
        if upper == "*" || upper == "?" && (kind == .dayOfMonth || kind == .dayOfWeek) { return Field(text: text) }
        if kind == .dayOfMonth, let special = dayOfMonthSpecial(upper) { return Field(special: special, text: text) }
        if kind == .dayOfWeek, upper == "L", quartz {
            // Quartz and EventBridge: `L` alone is the week's last day, Saturday (7).
            return Field(values: [7], text: text)
        }
        if kind == .dayOfWeek, upper.count > 1, upper.hasSuffix("L") || upper.contains("#") {
            let parts = upper.hasSuffix("L") ? [String(upper.dropLast())] : upper.split(separator: "#").map(String.init)
            guard let day = weekdayNumber(parts[0], quartz: quartz) else { return nil }
            let ordinal: WeekdayOrdinal?
            if parts.count == 1 { ordinal = .last } else if parts.count == 2, let n = Int(parts[1]) { ordinal = WeekdayOrdinal(rawValue: n) } else { ordinal = nil }
            guard let ordinal, ordinal != .last || parts.count == 1 else { return nil }
            return Field(special: .weekdayOfMonth(ordinal, day), numeric: Int(parts[0]) != nil, text: text)
        }
        let range = Self.range(of: kind, quartz: quartz)
        var values = Set<Int>()
        var numeric = false
        let items = upper.split(separator: ",", omittingEmptySubsequences: false)
        var step: (start: Int, step: Int)?
        for item in items {
            var base = Substring(item)
            var by = 1
            if let slash = item.firstIndex(of: "/") {
                // A step past Int (`*/9223372036854775808`) selects the first value only, as `*/60` and `*/4294967296` do.
                let digits = item[item.index(after: slash)...]
                guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
                let n = Int(digits) ?? .max
                guard n > 0 else { return nil }
                base = item[..<slash]
                by = n
            }
            let bounds: (Int, Int)
            if base == "*" {
                bounds = (range.lowerBound, range.upperBound)
            } else if let dash = base.firstIndex(of: "-"), dash != base.startIndex {
                guard let low = number(String(base[..<dash]), kind, quartz: quartz, numeric: &numeric),
                      let high = number(String(base[base.index(after: dash)...]), kind, quartz: quartz, numeric: &numeric)
                else { return nil }
                bounds = (low, high)
            } else {
                guard let value = number(String(base), kind, quartz: quartz, numeric: &numeric) else { return nil }
                bounds = (value, by > 1 ? range.upperBound : value)
            }
            guard bounds.0 <= bounds.1, range.contains(bounds.0), range.contains(bounds.1) else { return nil }
            values.formUnion(stride(from: bounds.0, through: bounds.1, by: by))
            if items.count == 1, by > 1 { step = (bounds.0, by) }
        }
        if kind == .month, step == nil { step = monthStep(values.sorted()) }
        return Field(values: values.sorted(), numeric: numeric, step: step, text: text)
    }

    /// The values a field of `kind` takes (Quartz and EventBridge count weekdays 1 to 7 from Sunday).
    static func range(of kind: Kind, quartz: Bool) -> ClosedRange<Int> {
        switch kind {
        case .second, .minute: 0...59
        case .hour: 0...23
        case .dayOfMonth: 1...31
        case .month: 1...12
        case .dayOfWeek: quartz ? 1...7 : 0...7
        }
    }

    static func number(_ text: String, _ kind: Kind, quartz: Bool, numeric: inout Bool) -> Int? {
        if let value = Int(text), text.allSatisfy(\.isNumber) {
            numeric = true
            return value
        }
        switch kind {
        case .month: return monthNumbers[text]
        case .dayOfWeek: return weekdayNames.firstIndex(of: text).map { quartz ? $0 + 1 : $0 }
        default: return nil
        }
    }

    private static func weekdayNumber(_ text: String, quartz: Bool) -> Int? {
        var numeric = false
        guard let value = number(text, .dayOfWeek, quartz: quartz, numeric: &numeric) else { return nil }
        return (quartz ? 1...7 : 0...7).contains(value) ? value : nil
    }

    private static func dayOfMonthSpecial(_ text: String) -> Special? {
        // Quartz reads `L-0` as no days before the last: the last day itself.
        if text == "L" || text == "L-0" { return .lastDay }
        if text == "LW" { return .unsupported("the month's last weekday (Monday to Friday)", nearest: .last) }
        if text.hasPrefix("L-"), let n = Int(text.dropFirst(2)), (1...30).contains(n) {
            return .unsupported("\(n) day\(n == 1 ? "" : "s") before the month's last day", nearest: nil)
        }
        if text.hasSuffix("W"), let n = Int(text.dropLast()), (1...31).contains(n) {
            return .unsupported("the weekday (Monday to Friday) nearest the month's day \(n)", nearest: nil)
        }
        return nil
    }

    /// A weekday number of this expression's dialect.
    private func weekday(_ number: Int) -> Weekday {
        dialect == .quartz || dialect == .eventBridge ? Weekday(rawValue: number)! : Weekday(rawValue: number % 7 + 1)!
    }

    private var notation: String {
        switch dialect {
        case .cron: "a cron expression"
        case .quartz: "a Quartz cron expression"
        case .spring: "a Spring cron expression"
        case .eventBridge: "an EventBridge schedule expression"
        case .systemd: "a systemd calendar event"
        }
    }

    /// What the scheduler does when the clocks change, as docs/migrating.md found it.
    private var changes: String {
        switch (dialect, runner) {
        case (.cron, .kubernetes):
            "A Kubernetes CronJob ('schedule' with 'timeZone') skips a wall time in a gap and runs a repeated one on both passes: 'nonexistent: skip', 'repeated: both' (docs/migrating.md#kubernetes-cronjob)"
        case (.cron, .githubActions) where zone == nil:
            "In UTC no wall time is skipped or repeated: any 'nonexistent' and 'repeated' policies give the same instants"
        case (.cron, _):
            "What cron does when the clocks change depends on where its daemon runs: cronie with CRON_TZ and a daemon in UTC is 'nonexistent: skip', 'repeated: both'; a daemon in the job's own zone 'nonexistent: next-valid-time' ('skip' for a gap of 3 hours or more), 'repeated: first' (docs/migrating.md#cron)"
        case (.quartz, _), (.spring, _):
            "Quartz and Spring skip a wall time in a gap ('nonexistent: skip'); what they do with a repeated one is not documented (docs/migrating.md#quartz-and-spring)"
        case (.eventBridge, _):
            "EventBridge Scheduler skips a wall time in a gap and runs a repeated one once: 'nonexistent: skip', 'repeated: first' (docs/migrating.md#aws-eventbridge-scheduler)"
        case (.systemd, _):
            "systemd skips a wall time in a gap and runs a repeated one once, at its first pass: 'nonexistent: skip', 'repeated: first' (as systemd-analyze calendar computes it; docs/migrating.md#systemd-timers)"
        }
    }

    // MARK: - What it means

    /// An interval counts elapsed time: no wall time of it is skipped or repeated, so a spec's policies say nothing for it
    /// (the reader warns of them as unused keys), where every other reply names the ones that match the scheduler.
    static let intervalNeedsNoPolicies = "An interval has no wall times, so 'nonexistent' and 'repeated' do not apply to it: leave them out"

    /// The rule that says the same, or why none does; `instant` reads a wall time in the schedule's zone (an interval's
    /// `from`); `timeZone` is the zone it runs in where that is known (its `CRON_TZ=`, or the spec's `timezone`), for
    /// the times a change repeats there.
    func translated(instant: (LocalDateTime) -> Date?, timeZone: TimeZone? = nil) -> ForeignRule {
        if let event {
            let instead = event.hasPrefix("@reboot") ? "a restart is a lifecycle scenario's 'relaunch' step (docs/lifecycle.md)"
                : "leave it out: a rule checks recurrences"
            return ForeignRule(notation: notation, meaning: .none(why: event, instead: instead))
        }
        if let rate {
            let from = instant(LocalDateTime(year: 2000, month: 1, day: 1)) ?? Date(timeIntervalSince1970: 946_684_800)
            return ForeignRule(notation: notation, meaning: .rule(.interval(seconds: rate, from: from), approximately: nil),
                               notes: ["Its 'from' is the schedule's StartDate, not 2000-01-01: a rate counts elapsed time, a day as 24 hours (docs/migrating.md#aws-eventbridge-scheduler)",
                                       Self.intervalNeedsNoPolicies])
        }
        var result = ForeignRule(notation: notation, meaning: meaning(instant: instant))
        if let year, case .none = result.meaning {
            result.notes.append("It runs in \(year) only: a rule has no year, so keep the window inside it")
        }
        result.notes.append(contentsOf: leftOut)
        if let withoutYear {
            result.notes.append("EventBridge refuses it: its cron(…) has six fields, the year last; the rule reads it as \(withoutYear)")
        }
        if let zone, zoneFromTZ {
            result.notes.append("Its zone goes in 'timezone: \(zone)' where TZ= prefixes the schedule string itself (robfig/cron, and Kubernetes CronJobs before 'timeZone'); from a crontab, cronie schedules by CRON_TZ= or the daemon's own zone (Vixie cron by the daemon's only) and TZ= only sets the command's environment, so write that zone instead (docs/migrating.md#cron)")
        } else if let zone {
            result.notes.append("Its zone goes in 'timezone: \(zone)'")
        } else if runner == .githubActions {
            result.notes.append("A list of 'cron:' entries is GitHub Actions' 'on: schedule', which reads them in UTC unless an entry names its zone: 'timezone: UTC'")
        }
        if let command {
            result.notes.append("The rest of the line ('\(command)') is not part of the schedule\(dialect == .cron ? " (a crontab's user and command)" : ""): a spec checks when it runs")
        }
        if dialect == .cron, runner == .daemon, dayOfMonth.special != nil || dayOfWeek.special != nil {
            // `0 12 * * 1#2`, `0 0 L * *`: read as the libraries that take them read them; a crontab refuses the line.
            result.notes.append("cronie and Vixie cron refuse 'L', 'W' and '#' in a crontab line; this reads them as the cron "
                + "libraries that take them do (Quartz's meaning)")
        }
        if dialect == .quartz, dayOfWeek.numeric {
            result.notes.append("Its weekday numbers are read as Quartz's (1 = Sunday); Spring and cron count 0 = Sunday: write weekdays by name to be sure")
        }
        if case .rule(let rule, _) = result.meaning, !rule.wallTimes.isEmpty {
            result.notes.append(changes)
            let times = rule.wallTimes
            // cronie runs `15,45 2 * * *` four times on an autumn night; one rule under `both` keeps three. Where the zone
            // is known, only the times it repeats are told (08:00 to 17:30 are never repeated in Berlin or Kolkata).
            let drop = "under 'repeated: both' a rule drops an instant that is not later than the one before it"
            let perTime = "where cronie runs every match; to check each time's two runs, write one spec per time (docs/migrating.md#cron)"
            if dialect == .cron, let timeZone {
                if let shared = Self.repeatedTogether(times, in: timeZone) {
                    let (earlier, later) = (shared.earlier, shared.later)
                    let together = shared.period.length == 3600 ? "share an hour (\(earlier), \(later)) that" : "(\(earlier), \(later)) fall in the \(shared.period.lengthText)"
                    result.notes.append("Some of its times \(together) \(ZoneDisplayName.of(timeZone)) repeats (\(shared.period.span)): \(drop) (the first \(later) comes before the second \(earlier)), \(perTime)")
                }
            } else if dialect == .cron, let index = times.indices.dropFirst().first(where: { times[$0].hour == times[$0 - 1].hour }) {
                let (earlier, later) = (times[index - 1], times[index])
                result.notes.append("Some of its times share an hour (\(earlier), \(later)): in a zone that repeats these hours, \(drop) (the first \(later) comes before the second \(earlier)), \(perTime)")
            }
            if dialect == .systemd, hour.text.contains("/") {
                result.notes.append("systemd 252 computes a repetition of hours wrongly on some days, where the rule gives its listed hours: on the first of a month, and on the day the clocks go back, it skips the repetition's first run after midnight when the step does not come back round to it ('*-*-* 1/5:00 UTC': 2027-02-01 06:00, not 01:00), and from the last run before a spring-forward day it computes nothing ('*-*-* 02/4:30:00 Europe/Berlin' from 22:30 on 2027-03-27: 'Resource deadlock avoided'; systemd#13745); listing the hours (01,06,11,16,21:00) avoids all three (docs/migrating.md#systemd-timers)")
            }
        } else if case .rule(.hourly, _) = result.meaning, dialect == .cron, runner == .daemon {
            // cron(8)'s special handling of a change is for jobs at a specific hour: an hour-wildcard job is matched as
            // the clock reads, in a daemon in UTC with CRON_TZ and in a daemon in its own zone alike (`find_jobs`' doWild).
            result.notes.append("An hourly rule needs both policies too: cronie runs an hour-wildcard job at each wall time as it happens (with CRON_TZ and a daemon in UTC, and in a daemon in the job's own zone: cron(8) handles a change specially only for jobs at a specific hour), 'nonexistent: skip', 'repeated: both' (docs/migrating.md#cron)")
        } else if case .rule(.hourly, _) = result.meaning {
            // In UTC (GitHub Actions without a zone) no policy matters, hourly or not; Quartz's, Spring's and
            // EventBridge's hourly rules meet a change as cron's do (they were told no policy at all).
            result.notes.append(runner == .githubActions && zone == nil ? changes : "An hourly rule needs both policies too: " + changes)
        } else if case .rule(.interval, _) = result.meaning {
            result.notes.append(Self.intervalNeedsNoPolicies)
        }
        if case .rule(.hourly(let minute, let second), _) = result.meaning, dialect == .cron, !(runner == .githubActions && zone == nil),
           let timeZone, let shared = Self.repeatedTogether((0..<24).map { TimeOfDay(hour: $0, minute: minute, second: second)! }, in: timeZone) {
            // Antarctica/Troll goes back two hours (+02:00 to +00:00): under `both` the first 02:00 comes after the
            // second 01:00 in slot order and is dropped, where cronie (each wall time as it happens) runs it.
            let period = shared.period
            result.notes.append("\(ZoneDisplayName.of(timeZone)) repeats \(period.lengthText) (\(period.span)), longer than the rule's 1-hour step: under 'repeated: both' a rule drops the occurrences of a repeated period longer than its step (the first \(shared.later), \(period.firstPass(of: shared.later).rfc3339UTC), comes before the second \(shared.earlier), already produced), where cronie runs every one; list the instants you expect in the spec, or write an interval rule ('every 1h from …') if the job runs every elapsed hour (docs/migrating.md#cron)")
        }
        return result
    }

    /// A span of wall time a zone's change repeats: from `start` (the wall time the clocks go back to) for `length`
    /// seconds, and the offset before the change (the first pass's).
    struct RepeatedPeriod {
        var start: LocalDateTime
        var length: Int
        var offsetBefore: Int

        var lengthText: String {
            length % 3600 == 0 ? "\(length / 3600) hour\(length == 3600 ? "" : "s")" : "\(length / 60) minutes"
        }

        /// `01:00 to 03:00 on 2027-10-31`.
        var span: String {
            let startTime = TimeOfDay(hour: start.hour, minute: start.minute, second: start.second)!
            let end = TimeOfDay(secondsIntoDay: (start.hour * 3600 + start.minute * 60 + start.second + length) % 86_400)
            return "\(startTime) to \(end) on " + String(format: "%04d-%02d-%02d", start.year, start.month, start.day)
        }

        /// The first pass of `time` on the period's day, an instant.
        func firstPass(of time: TimeOfDay) -> Date {
            let day = CivilDate(year: start.year, month: start.month, day: start.day).daysSinceEpoch
            return Date(timeIntervalSince1970: Double(day * 86_400 + time.hour * 3600 + time.minute * 60 + time.second - offsetBefore))
        }
    }

    /// The spans `zone` repeats from 2000 to 2100, from the offsets either side of each change that sets the clocks back.
    static func repeatedPeriods(in zone: TimeZone) -> [RepeatedPeriod] {
        let changes = (try? ZoneTransition.transitions(of: zone, from: Date(timeIntervalSince1970: 946_684_800),
                                                       through: Date(timeIntervalSince1970: 4_102_444_800))) ?? []
        return changes.filter { $0.change < 0 }.map { change in
            let wall = Int(change.date.timeIntervalSince1970) + change.offsetAfter
            let date = CivilDate(daysSinceEpoch: Int((Double(wall) / 86_400).rounded(.down)))
            let second = wall - date.daysSinceEpoch * 86_400
            return RepeatedPeriod(start: LocalDateTime(year: date.year, month: date.month, day: date.day, hour: second / 3600,
                                                       minute: second % 3600 / 60, second: second % 60),
                                  length: -change.change, offsetBefore: change.offsetBefore)
        }
    }

    /// Two times one after the other in `times` (a day's, in order) that fall in one span the zone repeats, where a
    /// rule under `repeated: both` drops the later one's first pass; the span on or after 2027 where one is found (the
    /// year this project's examples use), else the first.
    static func repeatedTogether(_ times: [TimeOfDay], in zone: TimeZone) -> (earlier: TimeOfDay, later: TimeOfDay, period: RepeatedPeriod)? {
        var found: (earlier: TimeOfDay, later: TimeOfDay, period: RepeatedPeriod)?
        for period in repeatedPeriods(in: zone) {
            let start = period.start.hour * 3600 + period.start.minute * 60 + period.start.second
            let inside = { (time: TimeOfDay) -> Bool in
                let second = time.hour * 3600 + time.minute * 60 + time.second
                return (start..<start + period.length).contains(second) || (start..<start + period.length).contains(second + 86_400)
            }
            guard let index = times.indices.dropFirst().first(where: { inside(times[$0 - 1]) && inside(times[$0]) }) else { continue }
            found = (times[index - 1], times[index], period)
            if period.start.year >= 2027 { break }
        }
        return found
    }

    private func meaning(instant: (LocalDateTime) -> Date?) -> ForeignRule.Meaning {
        let seconds = second.values ?? Array(0...59)
        let minutes = minute.values ?? Array(0...59)
        let hours = hour.values ?? Array(0...23)
        let everyDay = daysOfMonthAll && weekdaysAll && monthsAll
        let yearCaveat = year.map { "a rule has no year: this one runs every year, where \(dialect == .systemd ? "the calendar event's year" : "the cron's year field") is \($0); end the window before the years it leaves out" }

        if hours.count == 24, everyDay {
            // Every hour of every day: an hourly rule for one minute, an interval for a regular step.
            if minutes.count == 1, seconds.count == 1 {
                return .rule(.hourly(minute: minutes[0], second: seconds[0]), approximately: yearCaveat)
            }
            let all = minutes.flatMap { minute in seconds.map { minute * 60 + $0 } }
            if let step = Self.regularStep(all, period: 3600) {
                // From the first minute of 2000 in the schedule's zone: before any window a porter checks.
                let first = LocalDateTime(year: 2000, month: 1, day: 1, minute: all[0] / 60, second: all[0] % 60)
                let rule = Rule.interval(seconds: step, from: instant(first) ?? Date(timeIntervalSince1970: 946_684_800 + Double(all[0])))
                if dialect == .quartz || dialect == .systemd {
                    // Quartz (quartz#81) and systemd fire each wall time of a repeated hour once: the interval gives both passes.
                    let (name, section) = dialect == .quartz ? ("Quartz fires", "quartz-and-spring") : ("systemd runs", "systemd-timers")
                    return .rule(rule, approximately: "\(name) each wall time of a repeated hour once, where an interval runs through both passes; for that night write one spec per minute of the hour, {every: hour, minute: M} with 'repeated: first' (docs/migrating.md#\(section))")
                }
                return .rule(rule, approximately: "an interval counts elapsed time; while the zone's offset moves by whole steps its instants are the cron's wall times, across a change too (docs/migrating.md#hours-steps-are-wall-times-minute-steps-are-intervals)")
            }
            return .none(why: "it runs at several minutes past every hour (\(minute.text)), and an hourly rule has one minute",
                         instead: "write one spec per minute: " + ForeignRule.onePerSpec(minutes.map { .hourly(minute: $0) }))
        }
        var times: [TimeOfDay] = []
        for hour in hours { for minute in minutes { for second in seconds { times.append(TimeOfDay(hour: hour, minute: minute, second: second)!) } } }
        guard times.count <= 144 else {
            // The days' rule with its first time, to hold them all: or why no rule has those days.
            let listed = "(\(times.prefix(3).map { "\"\($0)\"" }.joined(separator: ", ")), …, \"\(times.last!)\")"
            switch dates(at: [times[0]]) {
            case .success(let rule):
                return .advice("it runs \(times.count) wall times a day, more than a message lists: write them all in the 'at:' of \(ForeignRule.quoted(rule)) \(listed)\(everyDay ? ", or an interval rule where the step is regular all day" : "")")
            case .failure(let refusal):
                return refusal.meaning
            }
        }
        switch dates(at: times) {
        case .success(let rule): return .rule(rule, approximately: yearCaveat)
        case .failure(let refusal): return refusal.meaning
        }
    }

    /// `, in May only`: the months a refusal's days are restricted to, for its reason.
    private var monthsOnly: String {
        monthsAll ? "" : ", in \(ForeignRule.monthNames(month.values ?? [])) only"
    }

    /// Every day of the month: `*`, `?`, `1-31`, `*/1`.
    private var daysOfMonthAll: Bool {
        dayOfMonth.special == nil && (dayOfMonth.values.map { $0.count == 31 } ?? true)
    }

    private var weekdaysAll: Bool {
        dayOfWeek.special == nil && (dayOfWeek.values.map { Set($0.map(weekday)).count == 7 } ?? true)
    }
    private var monthsAll: Bool { month.values.map { $0.count == 12 } ?? true }

    private struct Refusal: Error {
        var meaning: ForeignRule.Meaning
        init(why: String, instead: String) { meaning = .none(why: why, instead: instead) }
    }

    /// The dates: every day, weekdays, a day of the month or a weekday of it, in every month, one month (a yearly
    /// rule) or every n-th month from a month (a stepped rule).
    private func dates(at times: [TimeOfDay]) -> Result<Rule, Refusal> {
        let starred = [dayOfMonth.text, dayOfWeek.text].contains { $0.hasPrefix("*") || $0 == "?" }
        if dialect == .cron, !starred, daysOfMonthAll != weekdaysAll {
            // `0 0 1 * 0-6`: neither field starts with `*`, so either matching is enough, and one matches every day.
            var everyDay = self
            (everyDay.dayOfMonth, everyDay.dayOfWeek) = (Field(text: "*"), Field(text: "*"))
            return everyDay.dates(at: times)
        }
        if !daysOfMonthAll, !weekdaysAll {
            // cron (crontab(5)): when both day fields are restricted — neither starts with `*` — a day matches when
            // either does; a field written `*/2` keeps its star and the two must both match.
            var byDay = self, byWeekday = self
            byDay.dayOfWeek = Field(text: "*")
            byWeekday.dayOfMonth = Field(text: "*")
            let rules = [byDay.dates(at: times), byWeekday.dates(at: times)].compactMap { try? $0.get() }
            let both = "it names both a day of the month (\(dayOfMonth.text)) and a weekday (\(dayOfWeek.text))"
            if dialect == .spring || dialect == .systemd || dialect == .cron && starred {
                // Both must match: Spring always (its `0 0 0 13 * FRI` is each Friday the 13th), cron when a field is
                // starred. Days 1-7, 8-14, 15-21 or 22-28 with one weekday are that weekday's n-th of the month.
                // Days 29-31 hold a month's fifth such weekday, when it has one.
                // Several weekdays are that n-th of each, one rule apiece.
                if let days = dayOfMonth.values, days.count == 7 && days[0] % 7 == 1 && days[0] <= 22 && days[6] == days[0] + 6 || days == [29, 30, 31],
                   dayOfWeek.special == nil, let numbers = dayOfWeek.values,
                   let ordinal = WeekdayOrdinal(rawValue: days[0] / 7 + 1) {
                    var nth = self
                    nth.dayOfMonth = Field(text: "*")
                    let distinct = Array(Set(numbers.map(weekday))).sorted()
                    nth.dayOfWeek = Field(special: distinct.count == 1 ? .weekdayOfMonth(ordinal, numbers[0]) : .weekdaysOfMonth(ordinal, numbers), text: dayOfWeek.text)
                    return nth.dates(at: times)
                }
                let name = dialect == .spring ? "Spring" : dialect == .systemd ? "systemd" : "cron"
                return .failure(Refusal(why: "\(name) runs it on days where both its day of the month (\(dayOfMonth.text)) and its weekday (\(dayOfWeek.text)) match\(monthsOnly), which no rule selects",
                                        instead: "list the dates it gives in 'expect' under a rule for one of the two fields"))
            }
            let why = switch dialect {
            case .cron: "cron runs it on a day when either its day of the month (\(dayOfMonth.text)) or its weekday (\(dayOfWeek.text)) matches"
            case .quartz, .eventBridge: both + ", which \(dialect == .quartz ? "Quartz" : "EventBridge") refuses (one of them must be '?')"
            case .spring, .systemd: both  // handled above
            }
            let months = monthsAll ? "" : ", each in \(ForeignRule.monthNames(month.values ?? [])) only (keep the window inside them)"
            return .failure(Refusal(why: why, instead: rules.count == 2
                ? "write one spec for each: " + ForeignRule.onePerSpec(rules)
                : "write one spec for the days of the month and one for the weekdays\(months)"))
        }
        // Which dates of a month.
        var monthly: DayOfMonth?
        var missingDay: MissingDayPolicy?
        var weekdays: [Weekday]?
        switch (dayOfMonth.special, dayOfWeek.special) {
        case (.lastDay?, _):
            monthly = .last
        case (.unsupported(let words, let nearest)?, _):
            // `LW` is the last day when a month ends Monday to Friday, its last Friday when it ends on a weekend: neither
            // rule alone is "nearest" (2027 has six months of each), so both are named, one spec per month.
            let instead = nearest == .last
                ? "'day: last' gives it in a month that ends Monday to Friday and 'on: last friday' in one that ends on a weekend: write one spec per month the window covers, with the rule for how that month ends ({every: year, month: 3, day: last, …}, {every: year, month: 1, on: last friday, …}) (docs/migrating.md#what-specrun-cannot-say-yet)"
                : "write one spec per month the window covers, with a 'day:' rule for the date you expect that month (docs/migrating.md#what-specrun-cannot-say-yet)"
            return .failure(Refusal(why: "'\(dayOfMonth.text)' is \(words)\(monthsOnly), which no rule selects", instead: instead))
        case (nil, .weekdayOfMonth(let ordinal, let number)?):
            monthly = .weekday(ordinal, weekday(number))
            if ordinal == .fifth { missingDay = .skip }
        case (nil, .weekdaysOfMonth(let ordinal, let numbers)?):
            // One spec per weekday, each the rule the weekday alone gives.
            let rules = numbers.compactMap { number -> Rule? in
                var one = self
                one.dayOfWeek = Field(special: .weekdayOfMonth(ordinal, number), text: dayOfWeek.text)
                return try? one.dates(at: times).get()
            }
            let names = ListWording.joined(numbers.map { "\(ordinal.name) \(weekday($0))" })
            return .failure(Refusal(why: "it runs on the \(names) of the month\(monthsOnly), and a rule names one weekday of the month",
                                    instead: "write one spec for each: " + ForeignRule.onePerSpec(rules)))
        case (.weekdayOfMonth?, _), (.weekdaysOfMonth?, _), (nil, .unsupported?), (nil, .lastDay?):
            // The parser gives neither a weekday of the month in a day-of-month field nor these in a weekday field.
            return .failure(Refusal(why: "its weekday field '\(dayOfWeek.text)' is not one a rule can say", instead: "name the weekdays in 'on:'"))
        case (nil, nil):
            if let days = dayOfMonth.values, !daysOfMonthAll {
                guard days.count == 1 else {
                    // In one month only (`*-05-25..31`), each day is a yearly rule: a monthly one would run every month.
                    let only = month.values.flatMap { $0.count == 1 ? $0[0] : nil }
                    let rules = days.map { day in
                        only.map { Rule.yearly(month: $0, day: .day(day), at: times, missingDay: Self.yearlyMissingDay(.day(day), month: $0, nil)) }
                            ?? Rule.monthly(day: .day(day), at: times, missingDay: day > 28 ? .skip : nil)
                    }
                    return .failure(Refusal(why: "it runs on several days of the month (\(dayOfMonth.text))\(monthsOnly), and a monthly rule has one day", instead: "write one spec per day: " + ForeignRule.onePerSpec(rules)))
                }
                monthly = .day(days[0])
                if days[0] > 28 { missingDay = .skip }
            } else if !weekdaysAll, let values = dayOfWeek.values {
                weekdays = ForeignRule.mondayFirst(values.map(weekday))
            }
        }

        let inner: (Int?) -> Rule = { month in
            if let monthly {
                guard let month else { return .monthly(day: monthly, at: times, missingDay: missingDay) }
                return .yearly(month: month, day: monthly, at: times, missingDay: Self.yearlyMissingDay(monthly, month: month, missingDay))
            }
            if let weekdays { return .weekly(on: weekdays, at: times) }
            return .daily(at: times)
        }
        let rule: Rule
        let months = month.values ?? Array(1...12)
        if months.count == 12 {
            rule = inner(nil)
        } else if monthly == nil {
            let what = weekdays == nil ? "every day" : "on its weekdays"
            return .failure(Refusal(why: "it runs \(what) of some months only (\(ForeignRule.monthNames(months)))",
                                    instead: "write the rule for every month, \(ForeignRule.quoted(inner(nil))), with a window inside those months"))
        } else if months.count == 1 {
            rule = inner(months[0])
            if case .yearly(let month, .day(let day), _, _) = rule, day > Rule.longestMonth[month - 1] {
                return .failure(Refusal(why: "\(ForeignRule.monthNames([month])) has no day \(day), so \(dialect == .systemd ? "the timer" : "the cron") never runs it", instead: "correct the day of the month"))
            }
        } else if let step = month.step, 12 % step.step == 0, step.start <= step.step,
                  let from = Rule.firstSelectedDate(of: inner(nil), onOrAfter: CivilDate(year: 2000, month: step.start, day: 1)),
                  (from.month - step.start) % step.step == 0 {
            rule = .stepped(inner(nil), every: step.step, from: from)
        } else {
            let rules = months.map { inner($0) }
            return .failure(Refusal(why: "it runs in some months only (\(ForeignRule.monthNames(months)))", instead: "write one spec per month: " + ForeignRule.onePerSpec(rules)))
        }
        guard rule.problems.isEmpty else {
            return .failure(Refusal(why: rule.problems[0].message, instead: "correct the cron expression first"))
        }
        return .success(rule)
    }

    /// February 29 is missing in most years, a fifth weekday in some: cron and Quartz skip such a date.
    private static func yearlyMissingDay(_ day: DayOfMonth, month: Int, _ policy: MissingDayPolicy?) -> MissingDayPolicy? {
        switch day {
        case .day(let n): month == 2 && n == 29 ? .skip : nil
        case .last: nil
        case .weekday: policy
        }
    }

    /// The step of `values` (offsets within `period`) when they are evenly spaced from the first and wrap evenly.
    static func regularStep(_ values: [Int], period: Int) -> Int? {
        guard values.count > 1 else { return nil }
        let step = values[1] - values[0]
        guard step > 0, period % step == 0, values[0] < step, values.count == period / step else { return nil }
        return zip(values, values.dropFirst()).allSatisfy { $1 - $0 == step } ? step : nil
    }
}
