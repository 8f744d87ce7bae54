import Foundation
import Recurrence
import SpecDiagnostics
import SpecYAML

/// A rule written in another tool's notation — a cron line, an iCalendar RRULE (or its parts as keys), a systemd
/// calendar event, pasted alone or in its tool's YAML (`{cron: …, tz: …}`, a Kubernetes CronJob, GitHub Actions'
/// `schedule:` list) — read for the rule it means and told as a `foreign-rule` error with the rule to write. The
/// notations themselves are read in `ForeignNotation/`.
extension RuleReader {
    /// A cron line, an iCalendar RRULE or a systemd calendar event, read for the rule it means; nil for any other text.
    /// `zone` and `runner` come from a tool's YAML around the text (`{schedule: …, timeZone: …}`).
    /// `cronNamed`: pasted under a `cron:` key, so a text that does not read is told why even when it is not shaped
    /// like one.
    func foreignRule(_ text: String, zone: String? = nil, runner: CronExpression.Runner = .daemon, cronNamed: Bool = false) -> ForeignRule? {
        if var cron = CronExpression(text) {
            cron.place(zone: zone, runner: runner)
            // The zone it runs in: the one it names (CRON_TZ=, a CronJob's timeZone), else the spec's.
            let runsIn = cron.zone.flatMap { TimeZone(identifier: $0) } ?? timeZone
            return inZone(cron.translated(instant: wallTimeInstant, timeZone: runsIn))
        }
        if var recurrence = ICalendarRule(text) {
            recurrence.place(zone: zone)
            return inZone(recurrence.translated(instant: wallTimeInstant))
        }
        if var calendar = SystemdCalendar.expression(text) {
            calendar.place(zone: zone, runner: .daemon)
            return inZone(calendar.translated(instant: wallTimeInstant))
        }
        if SystemdCalendar.isNamed(text) {
            // `OnCalendar=*-*-15/20 09:00`: named as systemd's, but not a calendar event this reader (or systemd) takes.
            return ForeignRule(notation: "a systemd calendar event", meaning: .none(
                why: "it does not read as one of systemd.time(7)'s calendar events",
                instead: "run 'systemd-analyze calendar' on it: if systemd takes it, paste the 'Normalized form' it prints"))
        }
        if let why = CronExpression.whyUnreadable(text, named: cronNamed) {
            // `*/0 * * * *`, `61 2 * * *`, `0 2 * *`: a crontab line with a typo, told the field to correct.
            return ForeignRule(notation: "a cron expression", meaning: .unreadable(why))
        }
        return nil
    }

    /// `foreign` with a note when its nearest interval of minutes leaves the wall clock's steps in this schedule's zone:
    /// `*/20` in Australia/Lord_Howe, whose offset moves by 30 minutes (the translation re-audit found every July
    /// instant off by ten minutes, with a caveat that did not name the zone). Offset changes from 2000 to 2100.
    private func inZone(_ foreign: ForeignRule) -> ForeignRule {
        guard let timeZone, case .rule(.interval(let step, let from), _) = foreign.meaning, step < 3600 else { return foreign }
        let changes = (try? ZoneTransition.transitions(of: timeZone, from: Date(timeIntervalSince1970: 946_684_800),
                                                       through: Date(timeIntervalSince1970: 4_102_444_800))) ?? []
        for change in changes {
            let delta = change.change
            if delta % step != 0 {
                var noted = foreign
                noted.notes.append("In \(ZoneDisplayName.of(timeZone)) the offset moves by \(abs(delta) / 60) minutes (at \(change.date.rfc3339UTC)), "
                    + "not a whole number of the interval's \(step / 60)-minute steps: after such a change the interval leaves the wall clock's "
                    + "times; to keep to the wall clock, write times in steps instead, {every: day, at: \(Self.steps(of: step, from: from, in: timeZone))}")
                return noted
            }
        }
        return foreign
    }

    /// `{from: "00:05", every: 20m}`: the steps of the day on the interval's grid, from its first instant's wall time.
    private static func steps(of step: Int, from: Date, in timeZone: TimeZone) -> String {
        let wall = (Int(from.timeIntervalSince1970) + timeZone.secondsFromGMT(for: from)) % 86_400
        let first = TimeOfDay(secondsIntoDay: (wall + 86_400) % 86_400 % step)
        return "{from: \"\(first)\", every: \(DurationText.text(seconds: step))}"
    }

    /// A wall time in the schedule's zone as an instant (its first, where it happens twice; the instant after the gap,
    /// where it does not exist); nil without a zone.
    func wallTimeInstant(_ local: LocalDateTime) -> Date? {
        guard let timeZone else { return nil }
        var resolver = WallTimeResolver(timeZone: timeZone)
        switch resolver.resolve(local) {
        case .unique(let date), .overlap(let date, _, _), .gap(let date, _, _): return date
        }
    }

    /// An instant with the schedule zone's offset there (UTC's without a zone).
    func instantText(_ date: Date) -> String {
        WallTimeText.instant(date, offset: timeZone?.secondsFromGMT(for: date) ?? 0)
    }

    /// `{freq: monthly, byday: -1FR, byhour: 18}`: an iCalendar RRULE's parts written as keys, told once with the rule
    /// they mean instead of an unknown key each.
    func reportICalendarParts(_ node: Node) -> Bool {
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
    func reportPastedRule(_ node: Node) -> Bool {
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
        let cronNamed = ["cron", "crontab"].contains(keys[index]) || cronJob
        guard let foreign = foreignRule(written, zone: zone, runner: cronJob ? .kubernetes : runner, cronNamed: cronNamed) else { return nil }
        return (entries[index].value, foreign, written)
    }

    /// GitHub Actions' `on: schedule` pasted as it is, `[{cron: "30 5 * * 1-5"}, {cron: "0 2 * * 0"}]`: each entry told
    /// as a pasted rule, with the zone GitHub reads it in.
    func reportPastedRuleList(_ node: Node) -> Bool {
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
}
