import Foundation
import Recurrence
import SpecDiagnostics

/// A schedule written in another tool's notation — a cron line, an iCalendar RRULE — read for what it means, so a spec
/// that pastes one into `rule:` (the first thing a team porting its schedules tries) is told the rule that says the
/// same thing, or why no rule does and what to write instead. Nothing here is accepted as a rule: the spec language's
/// rules and policies stay the one way to write a schedule, and the message gives the rule to write.
struct ForeignRule {
    /// `a cron expression`, `a Quartz cron expression`, `an iCalendar RRULE`.
    var notation: String
    var meaning: Meaning
    /// What else a porter needs to know: the zone the text named, the parts a rule has no room for (a crontab's
    /// command, COUNT, UNTIL), how the notation treats wall times a daylight-saving change skips or repeats.
    var notes: [String] = []

    enum Meaning {
        /// The rule that selects the same wall times; `approximately` says where it differs when it is only close.
        case rule(Rule, approximately: String?)
        /// No rule says it: why, and what to write instead.
        case none(why: String, instead: String)
        /// A rule says it but is too long for a message: how to write it.
        case advice(String)
        /// Shaped like the notation but not read as it: why (the field that does not read), to correct first.
        case unreadable(String)
    }

    /// The whole message for `written` given as a rule; `instantText` writes an interval's `from` with the schedule's
    /// offset (`2000-01-01T00:00:00+01:00`, not the UTC a rule prints).
    func message(written: String, instantText: (Date) -> String) -> String {
        if case .unreadable(let why) = meaning {
            return "'\(Self.oneLine(written))' is not a valid \(notation.replacingOccurrences(of: "a ", with: "")): \(why); correct it, and specrun tells the rule it means"
        }
        var text = "'\(Self.oneLine(written))' is \(notation), not a rule"
        switch meaning {
        case .rule(let rule, nil):
            text += ": write \(Self.quoted(rule, instantText: instantText))"
        case .rule(let rule, let approximately?):
            text += "; the closest rule is \(Self.quoted(rule, instantText: instantText)) (\(approximately))"
        case .none(let why, let instead):
            text += ", and no rule says the same: \(why); \(instead)"
        case .advice(let advice):
            text += ": \(advice)"
        case .unreadable:
            break
        }
        return ([text] + notes).joined(separator: ". ")
    }

    /// The pasted text on one line: an .ics file's `DTSTART` and `RRULE` lines pasted as a block (`rule: |`) are quoted
    /// with a space between them, not an escaped line break, and without the block's final one.
    static func oneLine(_ written: String) -> String {
        written.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// A rule as a message quotes it: a shorthand in quotes (`'daily 02:00'`), the map form as it is.
    static func quoted(_ rule: Rule, instantText: (Date) -> String = { $0.rfc3339UTC }) -> String {
        var text = rule.description
        if case .interval(_, let from) = rule { text = text.replacingOccurrences(of: from.rfc3339UTC, with: instantText(from)) }
        return text.hasPrefix("{") ? text : "'\(text)'"
    }

    /// `'rule: {…}' and 'rule: {…}'`: the schedules to write one per spec, for a text no single rule says.
    static func onePerSpec(_ rules: [Rule]) -> String {
        let shown = rules.prefix(3).map { "'rule: \($0.description)'" }
        return rules.count > 3 ? shown.joined(separator: ", ") + ", … (\(rules.count) in all)" : ListWording.joined(shown)
    }

    /// Weekdays as a told rule lists them, Monday first (ISO 8601, and an RRULE's default `WKST`): `BYDAY=SA,SU` is
    /// `weekly sat,sun`, where `Weekday`'s own order (Foundation's, Sunday 1) told it `sun,sat`.
    static func mondayFirst(_ days: some Sequence<Weekday>) -> [Weekday] {
        Set(days).sorted { ($0.rawValue + 5) % 7 < ($1.rawValue + 5) % 7 }
    }

    /// The month names a message lists (`January`, …).
    static func monthNames(_ months: [Int]) -> String {
        ListWording.joined(months.map { (1...12).contains($0) ? Rule.monthNames[$0 - 1] : "month \($0)" })
    }

    /// How RFC 5545 reads a wall time a change skips or repeats: the policies that do the same, for the porter to check
    /// against what the spec writes.
    static let rfc5545Changes = "RFC 5545 reads a wall time a daylight-saving change skips with the offset before the gap and a repeated one as its first: 'nonexistent: shift-forward', 'repeated: first'; libraries differ (docs/migrating.md#icalendar-rrule)"
}
