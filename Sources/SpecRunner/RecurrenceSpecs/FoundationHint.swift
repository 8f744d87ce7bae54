import Foundation
import Recurrence
import SpecModel
import SpecResults

/// Why the Foundation engine failed a spec the core engine passes: the difference is Foundation's own answer
/// (`Calendar.nextDate`), which the core's policy sentences do not name (they would read it as another policy's).
/// An incident review saw `occurrences differ: 1 missing` for Lord Howe and nothing leading to `explain --engine all`
/// or to `known-deviations`. Asked on the Foundation engine's failure path only, with the core's verdict at hand.
///
/// It begins with `EngineAgreement`'s sentence, the words the engines' table of `--engine all` uses, which then does not
/// repeat it (a review read "the difference is Foundation's own" and, eight lines on, "the difference is foundation's").
enum FoundationHint {
    /// The sentence, with the `explain` command for the wall time that differs: the slot (its date and time in the
    /// rule) of the first expected occurrence Foundation missed or keyed otherwise — the core gives every expected one
    /// —, else the wall time of the first instant only Foundation gave. Its instant's local date and time were not the
    /// slot (a second review: Nuuk's 23:30 of 03-27, moved past midnight, was sent to 03-28 at the rule's first time,
    /// where explain showed both engines agreeing).
    ///
    /// `explain` compares how the engines resolve one wall time on one date. Where they resolve it alike under the
    /// spec's policies, the difference is in Foundation's search of the rule (a weekday of the month, an hour repeated
    /// in an overlap): the command is not offered, since it would show the engines agreeing (the hints audit ran 1,100
    /// such commands: 410 lacked `--at` and failed, about 960 showed no difference).
    static func hint(zone: TimeZone, schedule: Schedule?, diff: [DiffLine]) -> String {
        let differing = diff.filter { $0.kind != .same }
        let said = EngineAgreement.sentence(passing: EngineName.core.rawValue, failing: EngineName.foundation.rawValue)
        // An interval rule has no wall time to explain: its instants are elapsed time from `from`.
        guard let schedule, schedule.rule.isCalendarRule, let slot = slot(of: differing, in: schedule),
              let time = TimeOfDay(hour: slot.hour, minute: slot.minute, second: slot.second) else { return said }
        let date = CivilDate(year: slot.year, month: slot.month, day: slot.day).isoText
        // An instant only Foundation gives that the core's drop rule removes (Troll's hourly `both`: the first 02:30,
        // 00:30Z, comes before the second 01:30, 01:30Z): `explain`, resolving 02:30 alone, shows the core giving it, so
        // the command contradicted the run (a second review, N4). The run's reason is said instead.
        let unexpected = differing.filter { $0.kind == .unexpected }.compactMap { $0.actual.map { Date(timeIntervalSince1970: $0.epochSeconds) } }
        if let drop = DropRuleHint.dropped(for: schedule, among: unexpected) {
            func local(_ instant: Date) -> String {
                diff.lazy.compactMap(\.actual).first { $0.epochSeconds == instant.timeIntervalSince1970 }?.local
                    ?? WallTimeText.instant(instant, offset: schedule.timeZone.secondsFromGMT(for: instant))
            }
            return said + "; core drops \(local(drop.date)), the \(drop.which) instant 'repeated: both' gives \(drop.time): it comes before "
                + "\(local(drop.blocker)), produced before it in slot order (date, then time), and a candidate not later than the previous "
                + "occurrence is dropped (docs/recurrence.md#rules); foundation keeps it (`explain`, which resolves one wall time alone, "
                + "would show core giving it)"
        }
        guard resolvedAlike(slot, time: time, schedule: schedule) else {
            // Short: where both engines ran, the report's note under the engines' table says to declare a known difference.
            return said + "; `specrun explain \(zone.identifier) \(date) --at \(time) --engine all` shows both engines' answers"
        }
        if differing.allSatisfy({ $0.kind == .keyMismatch }) {
            let slots = differing.count == 1 ? "the rule's slot \(time) on \(date)" : "the rule's slots (the first: \(time) on \(date))"
            return said + "; foundation gives the same instant\(differing.count == 1 ? "" : "s"), keyed by the wall time it found rather than by "
                + "\(slots), as app code built on Calendar's answer would key \(differing.count == 1 ? "it" : "them")"
        }
        // The fault docs/toolchains.md measured: `weekdayOrdinal: -1` finds nothing (a message review read "found no
        // occurrence" on a correct `on: last friday` spec as a search that ran out).
        if Self.asksLastWeekday(schedule.rule) {
            return said + "; foundation's nextDate finds no date for a month's last weekday (weekdayOrdinal -1) on this toolchain "
                + "(docs/toolchains.md#known-deviations, specs/foundation/last-weekday-ordinal.yaml)"
        }
        return said + "; it lies in foundation's search of this rule (both engines resolve \(time) on \(date) alike under this spec's policies, "
            + "so `explain --engine all` would not show it)"
    }

    /// The rule's slot of the earliest expected instant Foundation missed or keyed otherwise, or the wall time of the
    /// earliest instant only Foundation gave, whichever comes first.
    private static func slot(of differing: [DiffLine], in schedule: Schedule) -> LocalDateTime? {
        // The earliest difference in time: in a chain of searches, an instant Foundation gave early moves every later
        // search, and the first instant it then missed (a message review's 04:30) was not where the engines part.
        let earliest = differing.min { ($0.expected ?? $0.actual)?.epochSeconds ?? 0 < ($1.expected ?? $1.actual)?.epochSeconds ?? 0 }
        if let line = earliest, line.kind != .unexpected, let expected = line.expected {
            return schedule.occurrence(at: Date(timeIntervalSince1970: expected.epochSeconds))?.slot
        }
        guard let actual = earliest?.actual else { return nil }
        let date = Date(timeIntervalSince1970: actual.epochSeconds)
        return LocalDateTime(wallSeconds: Int(actual.epochSeconds.rounded(.down)) + schedule.timeZone.secondsFromGMT(for: date))
    }

    /// Whether Foundation gives a daily rule at `time` the same instants, for the same days, as the core from the day
    /// before the slot's to the day after, under the schedule's policies: what `explain --engine all` compares. The
    /// days count: at Apia's skipped 2011-12-30 both give 2011-12-31T00:00:00+14:00, the core as the 30th's and
    /// Foundation as the 31st's, and explain shows the 30th without an occurrence (the second hints audit).
    private static func resolvedAlike(_ slot: LocalDateTime, time: TimeOfDay, schedule: Schedule) -> Bool {
        let day = 86_400
        let midnight = slot.wallSeconds - (slot.wallSeconds % day + day) % day
        // Wall seconds read as UTC, widened by the largest offsets: every instant of the three local days is inside.
        let window = Window(after: Date(timeIntervalSince1970: Double(midnight - day - 26 * 3_600)),
                            through: Date(timeIntervalSince1970: Double(midnight + 2 * day + 26 * 3_600)))
        guard let daily = try? Schedule(id: "explain", rule: .daily(at: time), timeZone: schedule.timeZone,
                                        nonexistent: schedule.nonexistent, repeated: schedule.repeated),
              let core = try? CoreEngine().occurrences(in: window, of: daily, limit: 16),
              let foundation = try? FoundationEngine().occurrences(in: window, of: daily, limit: 16)
        else { return false }
        return core.elementsEqual(foundation) { $0.date == $1.date && $0.key == $1.key }
    }

    /// Whether the rule asks for a month's last weekday (`on: last friday`), which Foundation is asked as
    /// `weekdayOrdinal: -1`. Not a stepped rule's: the Foundation engine finds its dates by arithmetic and never asks
    /// Calendar that (mutation run 19's F2).
    static func asksLastWeekday(_ rule: Rule) -> Bool {
        switch rule {
        case .monthly(.weekday(.last, _), _, _), .yearly(_, .weekday(.last, _), _, _): true
        default: false
        }
    }
}
