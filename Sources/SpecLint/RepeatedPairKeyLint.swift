import Foundation
import Recurrence
import SpecDiagnostics
import SpecModel

/// Warns about an expected occurrence of a repeated wall time written without its key under `repeated: both`.
///
/// `both` gives the two instants of a repeated wall time (an overlap) an identity each — the later one's key ends
/// in `~2` — and that identity is what catch-up runs dedup by. An expectation without the keys checks the instants
/// but not the identities, which is the point of `both`.
public struct RepeatedPairKeyLint: SpecLintRule {
    public init() {}

    public func diagnostics(for spec: Spec, in file: SpecFile) -> [Diagnostic] {
        guard case .recurrence(let body) = spec.body, body.schedule.repeated == .both,
              case .occurrences(let occurrences, _) = body.expect
        else { return [] }
        let schedule = body.schedule
        var resolver = WallTimeResolver(timeZone: schedule.timeZone)
        var found: [Diagnostic] = []
        // What the schedule gives, computed only when a keyless instant is in an overlap: with several times a date,
        // a repeated time's first instant can come before an earlier slot's second one and is dropped (occurrences
        // only increase), and a key written for it would make a spec that fails.
        var produced: [Occurrence]??
        for occurrence in occurrences where occurrence.key == nil {
            let instant = occurrence.instant
            let offset = resolver.offset(at: instant.date)
            let wall = LocalDateTime(wallSeconds: Int(instant.date.timeIntervalSince1970.rounded(.down)) + offset)
            guard case .overlap(let first, let last, _) = resolver.resolve(wall) else { continue }
            // A line another lists the instant of is `duplicate-instant`'s, and one written with an offset the zone does
            // not have then is `offset-mismatch`'s: the long form offered with its text kept the slip (a review's F2).
            // Asked only of a repeated wall time's line (the list's scan per line would cost a long `both` list dearly).
            if instant.writtenOffset.map({ $0 != offset }) == true
                || occurrences.contains(where: { $0.instant.location != instant.location && $0.instant.date == instant.date }) { continue }
            let isLater = Int(instant.date.timeIntervalSince1970.rounded(.down)) != Int(first.timeIntervalSince1970.rounded(.down))
            let key = Self.key(for: wall, schedule: schedule, isRepeat: isLater)
            let local = WallTimeText.local(instant.date, offset: offset)
            if produced == nil { produced = Self.occurrences(of: body) }
            if let list = produced ?? nil, !list.contains(where: { $0.date == instant.date }) {
                // A slot's first instant the schedule drops: several times in one overlap, or an hourly rule where the
                // clocks go back more than an hour (Antarctica/Troll's two, a black-box review: `check` said nothing
                // and the run failed). Only a wall time the rule has (its first instant an occurrence under `first`).
                let hourly = if case .hourly = schedule.rule { true } else { false }
                if !isLater, hourly || schedule.rule.wallTimes.count > 1, Self.ruleHasSlot(at: first, schedule: schedule),
                   let later = list.last(where: { $0.date < last && $0.date > instant.date }) ?? list.first(where: { $0.date > instant.date }) {
                    // The second instant, when the schedule gives it and the spec does not list it: removing the line alone
                    // left it missing, and the run failed again.
                    var note = "remove it from the expected occurrences"
                    let second = list.first(where: { $0.date == last }).flatMap { occurrences.contains(where: { $0.instant.date == last }) ? nil : $0 }
                    if let second {
                        note += ", and list the second \(local.time) after \(WallTimeText.instant(later.date, offset: resolver.offset(at: later.date))): "
                            + "{at: \(WallTimeText.instant(last, offset: resolver.offset(at: last))), key: \(second.key)}"
                    }
                    if !hourly { note += (second == nil ? ", " : "; ") + "or give the times their own specs" }
                    found.append(Diagnostic(
                        code: LintCode.repeatedWithoutKey.rawValue, severity: .warning, location: instant.location,
                        message: "\(instant.text) is the first \(local.time) on \(local.date), a repeated wall time, "
                            + "but the schedule gives no occurrence then: an earlier \(hourly ? "hour's" : "time's") slot already gave "
                            + "\(WallTimeText.instant(later.date, offset: resolver.offset(at: later.date))) (\(later.key)), and occurrences "
                            + "only increase, so this slot's earlier instant is dropped",
                        sourceLine: instant.sourceLine, length: instant.text.count,
                        notes: [Diagnostic.Note(message: note)]))
                }
                continue
            }
            // The other instant of the pair, an occurrence too and not listed: the key alone leaves the spec failing (a
            // third review wrote the `~2` key as told and still had one unexpected occurrence).
            let other = isLater ? first : last
            let pair = "\(instant.text) is the \(isLater ? "second" : "first") \(local.time) on \(local.date), a repeated wall time"
            if let list = produced ?? nil, list.contains(where: { $0.date == other }), !occurrences.contains(where: { $0.instant.date == other }) {
                // What makes the spec fail comes first: a message review applied the long form, told first, and the spec
                // still failed for the instant not listed, told second.
                let otherText = WallTimeText.instant(other, offset: resolver.offset(at: other))
                let otherKey = Self.key(for: wall, schedule: schedule, isRepeat: !isLater)
                let both = isLater ? "{at: \(otherText), key: \(otherKey)}, {at: \(instant.text), key: \(key)}"
                    : "{at: \(instant.text), key: \(key)}, {at: \(otherText), key: \(otherKey)}"
                found.append(Diagnostic(
                    code: LintCode.repeatedWithoutKey.rawValue, severity: .warning, location: instant.location,
                    message: pair + "; under 'repeated: both' the \(isLater ? "first" : "second") \(local.time), \(otherText), is an "
                        + "occurrence too and is not listed, so the spec will fail: list it, or, for one run that night, choose "
                        + "'repeated: \(isLater ? "last" : "first")'",
                    sourceLine: instant.sourceLine, length: instant.text.count,
                    notes: [Diagnostic.Note(message: "each of the two has its own key, which the long form checks: \(both)")]))
                continue
            }
            found.append(Diagnostic(
                code: LintCode.repeatedWithoutKey.rawValue,
                severity: .warning,
                location: instant.location,
                message: pair + ", and under 'repeated: both' each of the two has its own key; check it with the long form",
                sourceLine: instant.sourceLine,
                length: instant.text.count,
                notes: [Diagnostic.Note(message: "write {at: \(instant.text), key: \(key)}")]))
        }
        return found
    }

    /// The core's occurrences in the spec's window, or nil when it has no window or the search ends in an error.
    private static func occurrences(of body: RecurrenceSpec) -> [Occurrence]? {
        guard let window = body.window, let schedule = try? body.schedule.schedule() else { return nil }
        return try? CoreEngine().occurrences(in: Window(after: window.after.date, through: window.through.date), of: schedule, limit: 100_000)
    }

    /// Whether the rule has a slot at the wall time whose first instant is `first`: under `repeated: first` that
    /// instant is then an occurrence (no slot's first instant comes before an earlier slot's).
    private static func ruleHasSlot(at first: Date, schedule: ScheduleSpec) -> Bool {
        guard let built = schedule.boundedSchedule(overriding: CaseSpec.Overrides(repeated: .first)) else { return false }
        return built.occurrence(at: first) != nil
    }

    /// The key the slot of a repeated wall time has: the local date (and for hourly rules the hour and minute; for a
    /// rule with several times a date the time, which a repeated wall time's slot has as it is).
    private static func key(for wall: LocalDateTime, schedule: ScheduleSpec, isRepeat: Bool) -> DedupKey {
        let date = CivilDate(year: wall.year, month: wall.month, day: wall.day)
        if case .hourly = schedule.rule {
            return DedupKey(scheduleID: schedule.id, version: schedule.version, date: date, hour: wall.hour, minute: wall.minute, isRepeat: isRepeat)
        }
        if schedule.rule.wallTimes.count > 1, let time = TimeOfDay(hour: wall.hour, minute: wall.minute, second: wall.second) {
            return DedupKey(scheduleID: schedule.id, version: schedule.version, date: date, time: time, isRepeat: isRepeat)
        }
        return DedupKey(scheduleID: schedule.id, version: schedule.version, date: date, isRepeat: isRepeat)
    }
}
