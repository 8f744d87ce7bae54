import Foundation
import Recurrence

/// Why an instant this test's own policy resolves a slot to is still missing: the drop rule. A rule with several times
/// a date under `repeated: both` (cronie's `15,45 2 * * *` on an autumn night) resolves 02:45 to its first instant,
/// which comes before the second 02:15 already produced, and a candidate not later than the previous occurrence is
/// dropped. The migration review was told "… is what 'repeated: first' gives, not this test's 'repeated: both'",
/// which sent it further from cronie; the sentence names the rule and the way out (one spec per time).
enum DropRuleHint {
    /// The sentence for the first missing instant that is one of its wall time's own resolutions under this test's
    /// `repeated` policy and was dropped for an occurrence of an earlier time produced after it; nil for any other.
    /// `wayOut`: the closing advice (one spec per time) for a recurrence spec; a lifecycle scenario, whose line is told
    /// what to remove instead, leaves it out.
    /// `found`: a case's results as the rule gives them, named as the `next` to write where the drop is what the app
    /// does (a cases review was told only to write a spec per hour, and its case stayed wrong).
    /// `place`: where a window's spec lists the dropped instant (`line 15`, `item 2 of the list on line 5`), which is to
    /// go where the drop is what the app does (a review was offered only a spec per hour, and the line stayed).
    static func hint(for schedule: Schedule, missing: [Date], local: (Date) -> String, wayOut: Bool = true, found: [String]? = nil,
                     place: (Date) -> String? = { _ in nil }) -> String? {
        guard let drop = dropped(for: schedule, among: missing) else { return nil }
        let why = "\(local(drop.date)) is the \(drop.which) instant 'repeated: both' gives \(drop.time), but it comes before \(local(drop.blocker)), "
            + "produced before it in slot order (date, then time), and a candidate not later than the previous occurrence is dropped "
            + "(docs/recurrence.md#rules)"
        guard wayOut else { return why }
        let remove = found == nil ? place(drop.date).map { "; if the drop is what the app does, remove \($0)" } ?? "" : ""
        return why + remove + "; " + (!drop.hourly ? "to see both instants of each time, write one spec per time"
                : "to see both instants of each hour, write a spec per hour, {every: day, at: \"\(drop.time)\"}, or, for a job that runs "
                    + "each elapsed hour, an interval rule")
            + (found.map { found in "; if the drop is what the app does, write the results as the rule gives them, next: [\(found.joined(separator: ", "))]" } ?? "")
    }

    /// The first of `instants` the drop rule removes from the schedule: which instance of its wall time it is, and the
    /// occurrence of an earlier time, produced after it, that it is not later than. Also the Foundation hint's, where
    /// Foundation keeps such an instant (`explain`, resolving one wall time alone, shows the core giving it).
    static func dropped(for schedule: Schedule, among instants: [Date]) -> (date: Date, which: String, time: TimeOfDay, blocker: Date, hourly: Bool)? {
        // An hourly rule has a time each hour: where a zone repeats more than an hour (Antarctica/Troll's two), its
        // first 02:00 comes before the second 01:00 (a pasted Troll cron was told it "is what 'repeated: first' gives").
        let hourly: (minute: Int, second: Int)? = if case .hourly(let minute, let second) = schedule.rule { (minute, second) } else { nil }
        guard schedule.rule.isCalendarRule, schedule.rule.wallTimes.count > 1 || hourly != nil, schedule.repeated == .both
        else { return nil }
        for date in instants where schedule.occurrence(at: date) == nil {
            let wall = LocalDateTime(date, in: schedule.timeZone)
            guard let time = TimeOfDay(hour: wall.hour, minute: wall.minute, second: wall.second),
                  hourly.map({ $0.minute == wall.minute && $0.second == wall.second }) ?? schedule.rule.wallTimes.contains(time)
            else { continue }
            var resolver = WallTimeResolver(timeZone: schedule.timeZone)
            guard case .overlap(let first, let last, _) = resolver.resolve(wall), date == first || date == last,
                  // The other instant of the pair was produced: the rule selects this date.
                  schedule.occurrence(at: date == first ? last : first) != nil else { continue }
            // The occurrence of an earlier wall time of the same date that came after it.
            let later = (try? schedule.occurrences(in: Window(after: date, through: date.addingTimeInterval(6 * 3600)))) ?? []
            guard let blocker = later.first(where: { occurrence in
                let other = LocalDateTime(occurrence.date, in: schedule.timeZone)
                return other.dateString == wall.dateString && other.wallSeconds < wall.wallSeconds
            }) else { continue }
            return (date, date == first ? "first" : "second", time, blocker.date, hourly != nil)
        }
        return nil
    }

    /// A missing line the drop rule removed for another reason than the pair of `both` (`hint`'s): a gap's policy moved
    /// an earlier time of the date past it (Troll's 02:30 under `shift-forward` is 04:30, so the rule's 04:00 is
    /// dropped), or two times of a gap became one instant. A review was told to write the moved instant in another
    /// line's place and nothing about this line, and the list it made was out of order.
    /// `line`: the line of a missing instant; `inPlace`: a case's one `next`, with the instant its search found, which
    /// is written in its place (removing the line would leave the case nothing to check). `inCase`: the instant is one
    /// item of a case's `next` list, to remove from it (a review removed the line, as told, and with it the whole list).
    static func removedLine(for schedule: Schedule, missing: [Date], line: (Date) -> Int?, local: (Date) -> String,
                            inCase: Bool = false, inPlace: Date? = nil) -> (date: Date, text: String)? {
        guard schedule.repeated != .both || dropped(for: schedule, among: missing) == nil else { return nil }
        for date in missing.prefix(8) {
            guard let drop = schedule.droppedCandidate(at: date) else { continue }
            let todo = inPlace.map { "write \(WallTimeText.instant($0, offset: schedule.timeZone.secondsFromGMT(for: $0))) in its place" }
                ?? (inCase ? "remove \(WallTimeText.instant(date, offset: schedule.timeZone.secondsFromGMT(for: date))) from 'next:'" : "remove the line")
            return (date, (line(date).map { "line \($0): " } ?? "") + "\(local(date)), the rule's \(drop.slotWords(readAt: date, in: schedule.timeZone)), is dropped: "
                + "\(drop.reason(repeated: schedule.repeated, local: local)) "
                + "(docs/recurrence.md#rules); \(todo)")
        }
        return nil
    }
}
