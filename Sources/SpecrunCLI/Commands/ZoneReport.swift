import Foundation
import Recurrence

/// The text of `specrun explain`: a zone's offset changes in a year or on a date, and what each of the seven
/// policies makes of a wall time on those days, as RFC 3339 instants with the zone's own offsets — by the core
/// engine, and with `withFoundation` also by Foundation's `Calendar`, its differences marked.
struct ZoneReport {
    enum Range {
        case year(Int)
        case date(CivilDate)
    }

    let zone: TimeZone
    let range: Range
    let wallTime: TimeOfDay?
    /// Show what Foundation's engine makes of the wall time beside the core's answers (`--engine all`).
    var withFoundation = false
    /// A line under the heading about the zone's name (an old tzdata name, the `old-zone-name` lint's words).
    var nameNote: String?
    /// Paint the heading and each policy sentence bold, and Foundation's differences (`≠ …`) yellow (`--color`).
    var color = false

    /// `text` in the ANSI style `code` when coloring; escapes go only around whole last cells and whole lines, so the
    /// columns line up as without color.
    private func paint(_ text: String, _ code: String) -> String {
        color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// A change of offset with its local times, as the report shows it.
    struct Change {
        var transition: ZoneTransition
        /// The wall time the clocks reach just before the change (the instant read with the old offset).
        var localBefore: LocalDateTime
        /// The wall time they show at the change (the instant read with the new offset).
        var localAfter: LocalDateTime

        var isGap: Bool { transition.change > 0 }
    }

    func render() throws(ZoneTransition.TooMany) -> String {
        let changes = try self.changes()
        var out = ""
        let name = ZoneDisplayName.of(zone)
        switch range {
        case .year(let year):
            out += paint(changes.isEmpty
                ? "\(name), \(year): no change of the UTC offset; \(steadyOffset()) all year."
                : "\(name), \(year): \(changes.count) change\(changes.count == 1 ? "" : "s") of the UTC offset", "1") + "\n"
        case .date(let date):
            out += paint(changes.isEmpty
                ? "\(name), \(Self.dateText(date)): no change of the UTC offset; \(steadyOffset()) all day."
                : "\(name), \(Self.dateText(date)): \(changes.count) change\(changes.count == 1 ? "" : "s") of the UTC offset", "1") + "\n"
        }
        if let nameNote { out += "note: \(nameNote)\n" }
        if wallRange.start < Self.year1970 { out += "note: \(Self.before1970Note)\n" }
        if !changes.isEmpty {
            out += "\n" + table(changes) + "\n"
            out += "A gap skips the wall times from 'clocks go from' up to 'to'; an overlap repeats those from 'to' up to 'clocks go from'.\n"
        }
        guard let wallTime else {
            if !changes.isEmpty {
                out += "What each policy makes of a wall time on these days: specrun explain \(name) \(rangeArgument) --at HH:MM\n"
            }
            return out
        }
        var resolver = WallTimeResolver(timeZone: zone)
        let days = self.days(for: changes)
        if days.isEmpty, case .year(let year) = range {
            out += "\n\(wallTime) exists once on every day of \(year): no policy applies.\n"
        }
        for day in days {
            out += "\n" + policies(at: wallTime, on: day, resolver: &resolver)
        }
        return out
    }

    /// 1970-01-01 in wall-clock seconds.
    private static let year1970 = 0

    /// Before 1970 tzdata's main files give some zones the history of another zone of the same region (Europe/Amsterdam
    /// has Europe/Brussels's: +00:00 in 1938 where Amsterdam kept +00:20); the toolchain's ICU data is built from them,
    /// and Python's zoneinfo on Debian reads the zones' own (tzdata's `backzone`). A historian's instant from zoneinfo
    /// was told by the lint to write Brussels's offset, and nothing said why.
    static let before1970Note = "before 1970 this toolchain's zone data (ICU's, built from tzdata's main files) gives some zones "
        + "another zone's history (Europe/Amsterdam follows Europe/Brussels), where Python's zoneinfo on Debian keeps the zone's "
        + "own (tzdata's backzone); check instants before 1970 against the data your app runs on"

    private var rangeArgument: String {
        switch range {
        case .year(let year): String(year)
        case .date(let date): Self.dateText(date)
        }
    }

    // MARK: Changes

    /// The local dates the range covers, as wall-clock seconds: `[start, end)`.
    private var wallRange: (start: Int, end: Int) {
        switch range {
        case .year(let year):
            (LocalDateTime(year: year, month: 1, day: 1).wallSeconds, LocalDateTime(year: year + 1, month: 1, day: 1).wallSeconds)
        case .date(let date):
            (LocalDateTime(year: date.year, month: date.month, day: date.day).wallSeconds,
             LocalDateTime(year: date.year, month: date.month, day: date.day).wallSeconds + 86_400)
        }
    }

    /// Every change whose local time before or after falls on a date of the range.
    func changes() throws(ZoneTransition.TooMany) -> [Change] {
        let (start, end) = wallRange
        // Offsets lie within ±26 hours; a wider query keeps every change whose local dates touch the range.
        let margin = 26 * 3600
        let found = try ZoneTransition.transitions(
            of: zone, from: Date(timeIntervalSince1970: Double(start - margin)), through: Date(timeIntervalSince1970: Double(end + margin)))
        return found.compactMap { transition in
            let instant = Int(transition.date.timeIntervalSince1970)
            let before = instant + transition.offsetBefore, after = instant + transition.offsetAfter
            guard (start..<end).contains(before) || (start..<end).contains(after) else { return nil }
            return Change(transition: transition, localBefore: LocalDateTime(wallSeconds: before), localAfter: LocalDateTime(wallSeconds: after))
        }
    }

    /// The offset the zone keeps through a range without changes, with its abbreviation when it has one.
    private func steadyOffset() -> String {
        let middle = Date(timeIntervalSince1970: Double(wallRange.start))
        let offset = zone.secondsFromGMT(for: middle)
        let abbreviation = ZoneAbbreviations.system(zone: zone.identifier, at: middle, offset: offset).map { " (\($0))" } ?? ""
        return WallTimeText.offset(offset) + abbreviation
    }

    private func table(_ changes: [Change]) -> String {
        var rows = [["date", "change", "at (UTC)", "clocks go from", "to"]]
        for change in changes {
            let transition = change.transition
            // The date whose wall times the change skips or repeats: a gap's start, an overlap's first repeated time (Nuuk
            // turns 00:00 of 10-31 back to 23:00 of 10-30, repeating 10-30's 23:00–24:00: the row read 10-31).
            let affected = change.isGap ? change.localBefore : change.localAfter
            let day = CivilDate(year: affected.year, month: affected.month, day: affected.day)
            let length = WallTimeText.duration(abs(transition.change))
            rows.append([
                Self.dateText(day),
                (change.isGap ? "gap " : "overlap ") + length,
                transition.date.rfc3339UTC,
                label(change.localBefore, on: day, at: transition.date.addingTimeInterval(-1), offset: transition.offsetBefore),
                label(change.localAfter, on: day, at: transition.date, offset: transition.offsetAfter),
            ])
        }
        return TextColumns.aligned(rows)
    }

    /// `02:00 CET (+01:00)`; the date is added when the wall time is on another day than the change.
    private func label(_ local: LocalDateTime, on day: CivilDate, at date: Date, offset: Int) -> String {
        let abbreviation = ZoneAbbreviations.system(zone: zone.identifier, at: date, offset: offset).map { " " + $0 } ?? ""
        return Self.wallText(local, on: day) + abbreviation + " (" + WallTimeText.offset(offset) + ")"
    }

    // MARK: Policies

    /// The local dates whose wall time a change can affect: each change's dates before and after, in order.
    private func days(for changes: [Change]) -> [CivilDate] {
        if case .date(let date) = range { return [date] }
        var days: [CivilDate] = []
        for change in changes {
            for local in [change.localBefore, change.localAfter] {
                let day = CivilDate(year: local.year, month: local.month, day: local.day)
                if case .year(let year) = range, day.year != year { continue }
                if !days.contains(day) { days.append(day) }
            }
        }
        // In date order: Nuuk's autumn change turns 10-31 back into 10-30, and 10-31 was shown first.
        return days.sorted()
    }

    private func policies(at time: TimeOfDay, on day: CivilDate, resolver: inout WallTimeResolver) -> String {
        let local = LocalDateTime(year: day.year, month: day.month, day: day.day, hour: time.hour, minute: time.minute, second: time.second)
        let subject = "\(time) on \(Self.dateText(day))"
        switch resolver.resolve(local) {
        case .unique(let date):
            return paint("\(subject) exists once: \(instantText(date)); every policy gives that instant.", "1") + "\n"
                + foundationOnUniqueTime(date, time: time, local: local, resolver: &resolver)
        case .gap(let transition, let before, let after):
            let from = LocalDateTime(wallSeconds: Int(transition.timeIntervalSince1970) + before)
            let to = LocalDateTime(wallSeconds: Int(transition.timeIntervalSince1970) + after)
            return paint("\(subject) does not exist: it falls in the gap from \(Self.wallText(from, on: day)) to \(Self.wallText(to, on: day)) "
                + "(\(WallTimeText.offset(before)) → \(WallTimeText.offset(after))).", "1") + "\n" + rows(for: local, resolver: &resolver, time: time)
        case .overlap(_, _, let transition):
            let before = zone.secondsFromGMT(for: transition.addingTimeInterval(-1)), after = zone.secondsFromGMT(for: transition)
            let from = LocalDateTime(wallSeconds: Int(transition.timeIntervalSince1970) + after)
            let to = LocalDateTime(wallSeconds: Int(transition.timeIntervalSince1970) + before)
            return paint("\(subject) happens twice: it falls in the overlap from \(Self.wallText(from, on: day)) to \(Self.wallText(to, on: day)) "
                + "(\(WallTimeText.offset(before)) → \(WallTimeText.offset(after))).", "1") + "\n" + rows(for: local, resolver: &resolver, time: time)
        }
    }

    /// One row per policy, in the spec language's order; instants are ready to paste into a spec. With Foundation,
    /// a column says, for each policy that decides the wall time, whether Foundation gives the same instants.
    private func rows(for local: LocalDateTime, resolver: inout WallTimeResolver, time: TimeOfDay) -> String {
        var rows: [[String]] = withFoundation ? [["policy", "core", "", "foundation"]] : []
        for outcome in resolver.policyOutcomes(for: local) {
            let policy = Self.label(outcome.policy)
            guard outcome.applies, let instants = outcome.instants else {
                let reason = if case .nonexistent = outcome.policy { "\(time) exists that day" } else { "\(time) is not repeated that day" }
                rows.append([policy, "does not apply (\(reason))"])
                continue
            }
            let foundation = withFoundation
                ? [comparison(core: instants.map(\.date), foundation: foundationAnswer(outcome.policy, time: time, local: local, resolver: &resolver))]
                : []
            if instants.isEmpty {
                rows.append([policy, "no occurrence that day"] + (foundation.isEmpty ? [] : [""] + foundation))
            }
            for (index, instant) in instants.enumerated() {
                let notes = [localLabel(instant.date), index == 1 ? "its key ends in ~2" : nil,
                             collision(instant.date, of: local, time: time, resolver: &resolver)].compactMap { $0 }
                var row = [index == 0 ? policy : "", instantText(instant.date)]
                if !foundation.isEmpty {
                    row += [notes.joined(separator: ", "), index == 0 ? foundation[0] : ""]
                } else if !notes.isEmpty {
                    row.append(notes.joined(separator: ", "))
                }
                rows.append(row)
            }
        }
        return TextColumns.aligned(rows, indent: "  ")
    }

    /// When a policy's instant is the same wall time's instant on the day before or after (Pacific/Apia's skipped
    /// 2011-12-30 shifted to the 29th or the 31st), what a daily rule at that time makes of the two: one occurrence,
    /// the earlier slot's (the drop rule). A window spec copied from the table would otherwise list it twice.
    private func collision(_ date: Date, of local: LocalDateTime, time: TimeOfDay, resolver: inout WallTimeResolver) -> String? {
        let day = CivilDate(year: local.year, month: local.month, day: local.day)
        for step in [-1, 1] {
            let other = CivilDate(daysSinceEpoch: day.daysSinceEpoch + step)
            let neighbour = LocalDateTime(year: other.year, month: other.month, day: other.day,
                                          hour: time.hour, minute: time.minute, second: time.second)
            guard case .unique(let same) = resolver.resolve(neighbour), same == date else { continue }
            let owner = step < 0 ? Self.dateText(other) + "'s" : "this day's"
            let dropped = step < 0 ? "this day's" : Self.dateText(other) + "'s"
            return "the same instant as \(time) on \(Self.dateText(other)): a daily rule gives it once, as \(owner), and drops \(dropped)"
        }
        return nil
    }

    // MARK: Foundation beside the core

    /// What Foundation's engine gives under one policy for the wall time on its day: the occurrences of a daily
    /// rule at that time between the day before's and the day after's (as the core resolves those), so a day
    /// Foundation skips shows as no occurrence, with where its search lands instead.
    struct FoundationAnswer {
        var instants: [Date]
        /// Foundation's next occurrence after the day before's, when none falls on the day.
        var nextInstead: Date?
        /// Foundation's error, when it found nothing.
        var failure: String?
        /// Where Foundation answers otherwise when its search starts at noon the day before rather than at the day
        /// before's occurrence: its answer depends on where its search starts (America/Santiago's 2027-09-05 00:30
        /// under shift-backward: none from the occurrence, 23:30 the day before from noon — a review read this table and
        /// a case's run disagree). The start and what it gives for the day.
        var fromNoon: (start: Date, instants: [Date])?
    }

    private func foundationAnswer(
        _ policy: PolicyOutcome.Policy, time: TimeOfDay, local: LocalDateTime, resolver: inout WallTimeResolver
    ) -> FoundationAnswer {
        var nonexistent = NonexistentTimePolicy.skip, repeated = RepeatedTimePolicy.first
        switch policy {
        case .nonexistent(let value): nonexistent = value
        case .repeated(let value): repeated = value
        }
        let day = 86_400
        // For a wall time that exists once, the neighbours' instants on its far sides: a skipped day after it (Apia's
        // 2011-12-30) read with the offset after its gap (shift-backward) is this day's own instant, and the window
        // ended before it (every row of 2011-12-29 read "≠ no occurrence that day", naming that day's instant as the
        // next). A gap's or overlap's day keeps its neighbours whole: its own instants are theirs under some policy.
        var own: [Date] = []
        if case .unique(let date) = resolver.resolve(local) { own = [date] }
        let before = coreInstants(LocalDateTime(wallSeconds: local.wallSeconds - day), resolver: &resolver)
            .filter { instant in own.allSatisfy { instant < $0 } }.max()
        let after = coreInstants(LocalDateTime(wallSeconds: local.wallSeconds + day), resolver: &resolver)
            .filter { instant in own.allSatisfy { instant > $0 } }.min()
        // Offsets stay within ±26 hours of UTC: without a neighbour (never, in practice), a day and a half is safe.
        // On the last days of 9999 the day after's instant (and so the window's end) can be in the year 10000, where
        // no window ends: the window stops at 9999's last second, and Foundation's answers after it are asked one by
        // one (each row read "the window end … is outside the instants schedules are searched from").
        let end = (after ?? Date(timeIntervalSince1970: Double(local.wallSeconds + 50 * 3600))).addingTimeInterval(-1)
        let latest = SupportedInstants.range.upperBound.addingTimeInterval(-1)
        let window = Window(
            after: before ?? Date(timeIntervalSince1970: Double(local.wallSeconds - 50 * 3600)),
            through: min(end, latest))
        let engine = FoundationEngine()
        do throws(RecurrenceError) {
            let schedule = try Schedule(
                id: "explain", rule: .daily(at: time), timeZone: zone, nonexistent: nonexistent, repeated: repeated)
            var instants = try engine.occurrences(in: window, of: schedule, limit: 4).map(\.date)
            if end > latest {
                var cursor = instants.last ?? window.after
                while instants.count < 4, cursor < SupportedInstants.range.upperBound,
                      let next = try? engine.next(after: cursor, in: schedule).date, next <= end {
                    instants.append(next)
                    cursor = next
                }
            }
            // The same day asked from noon the day before (a case's cursor, often), when that lies after the first search's start.
            var fromNoon: (start: Date, instants: [Date])?
            let noonWall = LocalDateTime(wallSeconds: Int((Double(local.wallSeconds) / Double(day)).rounded(.down)) * day - day + day / 2)
            let noon: Date? = switch resolver.resolve(noonWall) {
            case .unique(let date): date
            case .overlap(let first, _, _): first
            case .gap: nil
            }
            if let noon, noon > window.after, noon < window.through,
               let again = try? engine.occurrences(in: Window(after: noon, through: window.through), of: schedule, limit: 4).map(\.date),
               again != instants.filter({ $0 > noon }) {
                fromNoon = (noon, again)
            }
            guard instants.isEmpty else { return FoundationAnswer(instants: instants, fromNoon: fromNoon) }
            return FoundationAnswer(instants: [], nextInstead: try engine.next(after: window.after, in: schedule).date, fromNoon: fromNoon)
        } catch {
            return FoundationAnswer(instants: [], failure: error.description)
        }
    }

    /// Every instant the core gives the wall time under any policy (one, when it exists once).
    private func coreInstants(_ local: LocalDateTime, resolver: inout WallTimeResolver) -> [Date] {
        if case .unique(let date) = resolver.resolve(local) { return [date] }
        return resolver.policyOutcomes(for: local).flatMap { $0.instants?.map(\.date) ?? [] }
    }

    /// `same`, or `≠ ` and Foundation's instants (`no occurrence that day`, and where its search lands instead).
    private func comparison(core: [Date], foundation: FoundationAnswer) -> String {
        if let failure = foundation.failure { return paint("≠ " + failure, "33") }
        // What a search from noon the day before gives instead, when it differs (Foundation's answer depends on its start).
        let fromNoon = foundation.fromNoon.map { alternative in
            "; searched from \(instantText(alternative.start)): "
                + (alternative.instants.isEmpty ? "no occurrence that day" : alternative.instants.map(instantText).joined(separator: ", "))
        } ?? ""
        if foundation.instants == core { return fromNoon.isEmpty ? "same" : paint("same" + fromNoon, "33") }
        if foundation.instants.isEmpty {
            return paint("≠ no occurrence that day" + (foundation.nextInstead.map { " (next: \(instantText($0)))" } ?? "") + fromNoon, "33")
        }
        // Fewer instants than the core's (`repeated: both` read once by Foundation in Troll's 2-hour overlap): said, as
        // the row's second line is otherwise blank and a review read the one instant without a reason.
        let fewer = foundation.instants.count < core.count
            ? (foundation.instants.count == 1 ? " alone (one instant; the core gives \(core.count))"
                : " (\(foundation.instants.count) instants; the core gives \(core.count))") : ""
        return paint("≠ " + foundation.instants.map(instantText).joined(separator: ", ") + fewer + fromNoon, "33")
    }

    /// For a wall time that exists once: a line saying Foundation agrees under every policy, or a row for each
    /// policy under which it does not. Empty without Foundation.
    private func foundationOnUniqueTime(
        _ date: Date, time: TimeOfDay, local: LocalDateTime, resolver: inout WallTimeResolver
    ) -> String {
        guard withFoundation else { return "" }
        var rows: [[String]] = []
        for policy in PolicyOutcome.Policy.all {
            let answer = foundationAnswer(policy, time: time, local: local, resolver: &resolver)
            if answer.failure == nil && answer.instants == [date] { continue }
            rows.append([Self.label(policy), "foundation " + comparison(core: [date], foundation: answer)])
        }
        return rows.isEmpty ? "  foundation: the same under every policy\n" : TextColumns.aligned(rows, indent: "  ")
    }

    /// `2027-03-28T03:00:00+02:00`: the instant with the zone's offset at it, as a spec writes it (in UTC where the
    /// offset has seconds: a table to paste from holds only what a spec can read).
    private func instantText(_ date: Date) -> String {
        WallTimeText.instant(date, offset: zone.secondsFromGMT(for: date))
    }

    /// `03:00 CEST`; nil where the zone has no abbreviation (the instant's offset already says it all).
    private func localLabel(_ date: Date) -> String? {
        let offset = zone.secondsFromGMT(for: date)
        let time = WallTimeText.local(date, offset: offset).time
        return ZoneAbbreviations.system(zone: zone.identifier, at: date, offset: offset).map { time + " " + $0 }
    }

    // MARK: Text

    /// `nonexistent: next-valid-time`, `repeated: both`: the policy as a spec's schedule writes it.
    static func label(_ policy: PolicyOutcome.Policy) -> String {
        switch policy {
        case .nonexistent(let value): "nonexistent: " + value.rawValue
        case .repeated(let value): "repeated: " + value.rawValue
        }
    }

    static func dateText(_ date: CivilDate) -> String {
        LocalDateTime(year: date.year, month: date.month, day: date.day).dateString
    }

    /// `02:00`, or `2011-12-31 00:00` when the wall time is on another date than `day`.
    static func wallText(_ local: LocalDateTime, on day: CivilDate) -> String {
        let time = two(local.hour) + ":" + two(local.minute) + (local.second == 0 ? "" : ":" + two(local.second))
        return local.year == day.year && local.month == day.month && local.day == day.day ? time : local.dateString + " " + time
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
