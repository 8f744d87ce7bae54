import Foundation

/// A candidate the drop rule removed: an instant this schedule's own policies give one of its slots, which is not an
/// occurrence because an earlier slot was produced at or after it (slot order is date, then time, and a candidate not
/// later than the previous occurrence is dropped). Troll's two-hour gap under `shift-forward` moves 02:30 to 04:30, so
/// the 04:00 of a rule at 02:30 and 04:00 is dropped that day; under `both`, the first 02:45 of an autumn night comes
/// before the second 02:15; Nuuk's gap before midnight moves 23:30 past the next day's 00:10.
public struct DroppedCandidate: Sendable, Hashable {
    /// The dropped slot (its date and the rule's wall time).
    public let slot: LocalDateTime
    /// The occurrence of an earlier slot (of that date, or of one before it where a gap's policy moved it past
    /// midnight), at or after the dropped instant, that it was not later than.
    public let blocker: Occurrence

    /// The dropped slot's wall time, `04:00`.
    public var time: String { Self.time(slot) }

    /// Whether `key` names this slot (`dose/v1/2027-03-28T03:30`, a rule with several times a date or hourly).
    public func isNamed(byKey key: String) -> Bool {
        DedupKey.slot(endingKey: key).map { $0.date == slot.dateString && $0.time == time } ?? false
    }

    /// The dropped slot as said beside its instant: `04:00 that day` where the instant's local date in `zone` is the
    /// slot's, else `00:20 of 2027-03-14` (a gap's `shift-backward` reads a slot after midnight on the day before; a
    /// black-box review was told "the rule's 00:20 that day" of the 13th's 23:20).
    public func slotWords(readAt date: Date, in zone: TimeZone) -> String {
        Self.timeWords(slot, readAt: date, in: zone)
    }

    /// Any slot as `slotWords` says it: `01:30 that day`, or `23:30 of 2027-03-27`.
    public static func timeWords(_ slot: LocalDateTime, readAt date: Date, in zone: TimeZone) -> String {
        time(slot) + (LocalDateTime(date, in: zone).dateString == slot.dateString ? " that day" : " of \(slot.dateString)")
    }

    /// Why, in words: `02:30 that day, before it in slot order (date, then time), is 2027-03-28 04:30 (+02:00) under
    /// 'nonexistent: shift-forward', and a candidate not later than the previous occurrence is dropped`, each instant as
    /// `local` writes it (`23:30 on 2027-03-27, before it …` for a slot of an earlier date). `repeated` names the policy
    /// of a second reading.
    public func reason(repeated: RepeatedTimePolicy, local: (Date) -> String) -> String {
        let how: String = switch blocker.resolution {
        case .gap(let policy): " under 'nonexistent: \(policy.rawValue)'"
        case .overlapFirst: " (its first reading)"
        case .overlapLast: " (its second reading, under 'repeated: \(repeated.rawValue)')"
        case .exact: ""
        }
        let which = blocker.slot.map { other in
            Self.time(other) + (other.dateString == slot.dateString ? " that day" : " on \(other.dateString)")
        } ?? "an earlier time"
        return "\(which), before it in slot order (date, then time), is "
            + "\(local(blocker.date))\(how), and a candidate not later than the previous occurrence is dropped"
    }

    private static func time(_ slot: LocalDateTime) -> String {
        TimeOfDay(hour: slot.hour, minute: slot.minute, second: slot.second).map { "\($0)" } ?? slot.description
    }
}

extension Schedule {
    /// The slot whose candidate `date` is, when the drop rule removed it; nil for an occurrence, for an instant no slot
    /// of the rule resolves to under this schedule's policies, and for an interval rule. Specrun's failure messages and
    /// order lint ask it; a few resolutions and a search of at most a few days, by the core engine.
    public func droppedCandidate(at date: Date) -> DroppedCandidate? {
        guard date.timeIntervalSince1970.isFinite, occurrence(at: date) == nil else { return nil }
        return droppedSlot(resolvingTo: date)
    }

    /// A slot the drop rule removed whose candidate is `date`, an occurrence of an earlier slot: two times of one gap
    /// under `next-valid-time` both resolve to the gap's end (Berlin's 02:30 and 02:45 are one 03:00, the 02:45 dropped),
    /// or a gap's policy moves a time onto a later one (Troll's 02:30 under `shift-forward` onto a 04:30). Nil where
    /// `date` is no occurrence or no other slot resolves to it. A list that writes the instant twice is told why once.
    /// `key`: a line's key; the slot it names, where several land on `date`.
    public func droppedCandidate(landingOn date: Date, key: String? = nil) -> DroppedCandidate? {
        let all = droppedCandidates(landingOn: date)
        return key.flatMap { key in all.first { $0.isNamed(byKey: key) } } ?? all.first
    }

    /// Every slot `droppedCandidate(landingOn:)` could name, in slot order: Berlin's 02:15, 02:30 and 02:45 under
    /// `next-valid-time` are one 03:00, and a line keyed for the 02:45 is told of that slot, not the 02:30 (a review's
    /// line was told of another slot than its key's).
    public func droppedCandidates(landingOn date: Date) -> [DroppedCandidate] {
        guard date.timeIntervalSince1970.isFinite, occurrence(at: date) != nil else { return [] }
        return droppedSlots(resolvingTo: date, all: true)
    }

    /// The slot resolving to `date` under this schedule's policies that an earlier slot's occurrence at or after `date`
    /// dropped; an occurrence's own slot is never one (the first occurrence from `date` on is its own).
    private func droppedSlot(resolvingTo date: Date) -> DroppedCandidate? {
        droppedSlots(resolvingTo: date, all: false).first
    }

    /// The first such slot, or with `all` each of them.
    private func droppedSlots(resolvingTo date: Date, all: Bool) -> [DroppedCandidate] {
        guard rule.isCalendarRule else { return [] }
        var found: [DroppedCandidate] = []
        let times: [(hour: Int, minute: Int, second: Int)] = if case .hourly(let minute, let second) = rule {
            (0..<24).map { ($0, minute, second) }
        } else {
            rule.wallTimes.map { ($0.hour, $0.minute, $0.second) }
        }
        var resolver = WallTimeResolver(timeZone: timeZone)
        let day = LocalDateTime(date, in: timeZone)
        // A gap's policy or an overlap's second reading moves an instant less than a day from its slot's wall time.
        for offset in [0, -1, 1] {
            let date0 = LocalDateTime(wallSeconds: day.wallSeconds + offset * 86_400)
            // Only a date the rule selects has slots: with blockers of earlier dates, a wall time on another date would
            // otherwise read as a dropped slot (a Saturday rule's 00:10 on the Sunday after a 23:30 moved past midnight).
            guard rule.selects(CivilDate(year: date0.year, month: date0.month, day: date0.day)) else { continue }
            for time in times {
                let slot = LocalDateTime(year: date0.year, month: date0.month, day: date0.day,
                                         hour: time.hour, minute: time.minute, second: time.second)
                guard resolver.instants(for: slot, nonexistent: nonexistent, repeated: repeated).contains(where: { $0.date == date })
                else { continue }
                if let blocker = earlierSlotProduced(atOrAfter: date, before: slot) {
                    found.append(DroppedCandidate(slot: slot, blocker: blocker))
                    if !all { return found }
                }
            }
        }
        return found.sorted { $0.slot < $1.slot }
    }

    /// The first occurrence from `date` on whose slot is earlier than `slot` (of its date, or of an earlier one).
    private func earlierSlotProduced(atOrAfter date: Date, before slot: LocalDateTime) -> Occurrence? {
        var cursor = date.addingTimeInterval(-1)
        // Slots are produced in order, so the search ends at the first occurrence of a later slot; the bound keeps a
        // rule with a time every minute from searching long.
        for _ in 0..<3_000 {
            guard let next = try? self.next(after: cursor), let found = next.slot else { return nil }
            if found > slot { return nil }
            if found < slot { return next }
            cursor = next.date
        }
        return nil
    }
}
