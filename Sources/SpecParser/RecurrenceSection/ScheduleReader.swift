import Foundation
import Recurrence
import SpecModel
import SpecYAML

/// Reads `schedule:`. What it could read is kept even when something else in it is wrong, so cases can
/// still be checked against the parts that are right without repeating the schedule's own errors.
struct ScheduleReader {
    let reader: ValueReader

    /// The schedule as far as it could be read; `spec` is set only when all of it is valid.
    struct Draft {
        var spec: ScheduleSpec?
        var timeZone: TimeZone?
        var rule: Rule?
        var intervalFrom: InstantLiteral?
        var nonexistent: NonexistentTimePolicy?
        var repeated: RepeatedTimePolicy?
    }

    static let keys = SpecKeyCatalog.schedule.keyNames

    // Each choice whole, as a line to paste: a newcomer pasted 'nonexistent: skip | next-valid-time | …' as told.
    static let nonexistentAdvice =
        "calendar rules need it: add one line of 'nonexistent: skip', 'nonexistent: next-valid-time', 'nonexistent: shift-forward' or "
        + "'nonexistent: shift-backward' (what a wall time skipped by a DST change does; 'specrun explain ZONE DATE --at HH:MM' gives each one's instant)"
    static let repeatedAdvice =
        "calendar rules need it: add one line of 'repeated: first', 'repeated: last' or 'repeated: both' (what a wall time repeated by a DST "
        + "change does; 'specrun explain ZONE DATE --at HH:MM' gives each one's instant)"

    /// The example a message gives of a whole schedule.
    static let example = "{timezone: Europe/Berlin, rule: {every: day, at: \"02:30\"}, nonexistent: skip, repeated: first}"

    /// Reads the schedule at `node`; `optional` when the document may leave it out (a lifecycle scenario's).
    /// `keyedAs` is the id and version the document's expected keys name, when it is not the default: a schedule still
    /// to write is offered with them (the contract's scenario expects `nightly-sync/v1/…` under `schedule: ...`, and the
    /// example without its id failed on the key once pasted).
    /// `writtenElsewhere`: the schedule's keys written in another section (a policy indented under `window`), told
    /// there as misplaced; not told missing here too.
    func read(_ node: Node, owner: Node, defaultID: String, optional: Bool = false, keyedAs: (id: String, version: Int)? = nil,
              writtenElsewhere: Set<String> = []) -> Draft {
        var draft = Draft()
        var example = Self.example
        if let keyedAs, keyedAs.id != defaultID || keyedAs.version != 1 {
            let version = keyedAs.version == 1 ? "" : "version: \(keyedAs.version), "
            example = "{id: \(keyedAs.id), \(version)" + example.dropFirst() + " (the expected keys name the schedule '\(keyedAs.id)')"
        }
        guard let fields = reader.mapping(
            node, place: "'schedule'", owner: owner, allowed: Self.keys,
            expected: "a mapping (timezone:, rule:, nonexistent:, repeated:)", misplaced: [.ruleKeysInSchedule, .documentKeysInSchedule],
            placeholderAdvice: ", e.g. \(example)" + (optional ? ", or remove 'schedule' if the scenario needs none" : ""))
        else { return draft }
        let errorsBefore = reader.log.errorCount

        let id = fields["id"].map { reader.text($0, field: "id", expected: "a name for the schedule, e.g. nightly-sync") } ?? defaultID
        let version = fields["version"].map { reader.integer($0, field: "version", range: 1...1_000_000, example: "1") } ?? 1
        let limit = fields["limit"].map {
            reader.integer($0, field: "limit", range: 1...10_000_000, example: "\(Schedule.defaultSearchLimit)")
        } ?? reader.defaultSearchLimit

        if let zoneNode = fields["timezone"] {
            draft.timeZone = reader.timeZone(zoneNode, field: "timezone")
        } else if !writtenElsewhere.contains("timezone") {
            reader.missing("timezone", in: fields, "add 'timezone:' with an IANA identifier, e.g. 'timezone: Europe/Berlin'")
        }
        if let ruleNode = fields["rule"] {
            draft.rule = RuleReader(reader: reader, timeZone: draft.timeZone).read(ruleNode, owner: fields.keyNode("rule")!)
            // An interval rule's `from` as written, for the offset lint: read again from its node, which the rule's
            // reading accepted (so this reports nothing). A shorthand's `from` is inside a string and is not kept.
            if case .interval = draft.rule, let fromNode = ruleNode.mapping?.first(where: { $0.key.scalar?.value == "from" })?.value {
                draft.intervalFrom = reader.instant(fromNode, field: "from")
            }
        } else if !writtenElsewhere.contains("rule") {
            reader.missing("rule", in: fields, "add a rule, e.g. 'rule: {every: day, at: \"02:30\"}'")
        }

        draft.nonexistent = fields["nonexistent"].flatMap { reader.choice($0, field: "nonexistent", NonexistentTimePolicy.self) }
        draft.repeated = fields["repeated"].flatMap { reader.choice($0, field: "repeated", RepeatedTimePolicy.self) }
        let calendar = draft.rule.map(\.isCalendarRule) ?? fields["rule"].map(Self.looksLikeCalendarRule)
        if calendar == true {
            // A policy written inside the rule is already reported there, as misplaced. The rule's keys are looked at
            // only when a policy is missing: a set of them made for every spec was 0.2 % of a 10,000-spec run (perf).
            for (key, advice) in [("nonexistent", Self.nonexistentAdvice), ("repeated", Self.repeatedAdvice)]
            where !fields.has(key) && !writtenElsewhere.contains(key) && !(fields["rule"]?.mapping?.contains { $0.key.scalar?.value == key } ?? false) {
                reader.missing(key, in: fields, advice)
            }
        } else if calendar == false {
            for key in ["nonexistent", "repeated"] where fields.has(key) {
                reader.log.report(.unusedKey, severity: .warning, at: fields.keyNode(key)!,
                                  "'\(key)' has no effect on an interval rule, which counts elapsed time and never meets a DST change; remove it")
            }
        }

        guard reader.log.errorCount == errorsBefore,
              let id, let version, let limit, let timeZone = draft.timeZone, let rule = draft.rule
        else { return draft }
        draft.spec = ScheduleSpec(
            id: id, version: version, timeZone: timeZone, rule: rule,
            nonexistent: rule.isCalendarRule ? draft.nonexistent : nil,
            repeated: rule.isCalendarRule ? draft.repeated : nil,
            limit: limit, location: reader.log.source.location(owner.mark),
            timeZoneName: fields["timezone"].flatMap(reader.zoneName))
        draft.spec?.intervalFrom = draft.intervalFrom
        if let node = fields["limit"] {
            draft.spec?.limitLocation = reader.log.source.location(node.mark)
            draft.spec?.limitSourceLine = reader.log.source.line(node.mark.line, column: node.mark.column)
        }
        return draft
    }

    /// Words after `every` that name a calendar period or a weekday, not an elapsed duration.
    static let calendarWords: Set<String> = [
        "hour", "hours", "day", "days", "week", "weeks", "month", "months", "year", "years", "weekday", "weekdays", "night", "morning",
        "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
        "mon", "tue", "wed", "thu", "fri", "sat", "sun",
    ]

    /// Whether a rule that could not be read was meant as a calendar rule, so its policies are still required.
    static func looksLikeCalendarRule(_ node: Node) -> Bool? {
        switch node {
        case .mapping(let entries, _):
            let keys = entries.compactMap { $0.key.scalar?.value }
            // `{every: week, interval: 2}` (iCalendar's INTERVAL) is told at 'interval' and says neither.
            // An RRULE's parts as keys (`{freq: weekly, interval: 2}`) are told as one foreign rule and say neither.
            if keys.contains(where: { $0.lowercased() == "freq" }) { return nil }
            if keys.contains("interval") { return keys.contains("every") ? nil : false }
            // `every: 90m` (`30 minutes`, `half an hour`, `PT30M`) is an interval written with the wrong key: reported
            // as such, it needs no policies.
            if let every = entries.first(where: { $0.key.scalar?.value == "every" })?.value.scalar,
               RuleReader.elapsedTime(every.value) != nil {
                // With `at:` it may be times in steps with `every` one level too high: told there, neither.
                return keys.contains("at") ? nil : false
            }
            return keys.contains("every") ? true : nil
        case .scalar(let scalar):
            let words = scalar.value.lowercased().split(separator: " ").map(String.init)
            guard let first = words.first else { return nil }
            if first == "daily" || first == "weekly" { return true }
            guard first == "every", words.count > 1 else { return nil }
            // `every 24h from …` is the interval shorthand. English such as `every day at 02:30` or `every 1d at
            // 02:30` names a wall time: a calendar rule, whose policies stay required — warning that they do
            // nothing would send the author in a circle once the rule is fixed.
            if words.contains("at") || Self.calendarWords.contains(words[1]) { return true }
            return DurationText.seconds(words[1]) != nil ? false : nil
        case .sequence:
            return nil
        }
    }
}
