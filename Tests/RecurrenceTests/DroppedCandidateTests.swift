import Foundation
import Testing
import Recurrence

/// `Schedule.droppedCandidate(at:)`: which slot the drop rule removed, and the earlier slot's occurrence it was not
/// later than. Every instant was derived with Python's zoneinfo, never with the engine: Antarctica/Troll springs
/// forward at 2027-03-28T01:00Z (+00:00 → +02:00), so 02:30 under shift-forward (read at +00:00) is 02:30Z, 04:30
/// (+02:00), and 04:00 (+02:00) is 02:00Z; Berlin falls back at 2027-10-31T01:00Z, its 02:15 is 00:15Z and 01:15Z,
/// its 02:45 00:45Z and 01:45Z.
@Suite("Dropped candidates")
struct DroppedCandidateTests {
    static func instant(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    static func schedule(_ zone: String, _ times: [String], nonexistent: NonexistentTimePolicy, repeated: RepeatedTimePolicy) throws -> Schedule {
        try Schedule(id: "drop", rule: .daily(at: times.map { TimeOfDay(parsing: $0)! }), timeZone: TimeZone(identifier: zone)!,
                     nonexistent: nonexistent, repeated: repeated)
    }

    @Test("a gap's policy moves an earlier time past a later one: the later is dropped, blocked by the moved one")
    func aShiftedTimeDropsALaterOne() throws {
        let troll = try Self.schedule("Antarctica/Troll", ["02:30", "04:00"], nonexistent: .shiftForward, repeated: .first)
        let drop = try #require(troll.droppedCandidate(at: Self.instant("2027-03-28T02:00:00Z")))
        #expect(drop.slot == LocalDateTime(year: 2027, month: 3, day: 28, hour: 4))
        #expect(drop.time == "04:00")
        #expect(drop.blocker.date == Self.instant("2027-03-28T02:30:00Z"))
        #expect(drop.blocker.resolution == .gap(.shiftForward))
        #expect(drop.reason(repeated: .first, local: { $0.rfc3339UTC }) == "02:30 that day, before it in slot order (date, then time), "
            + "is 2027-03-28T02:30:00Z under 'nonexistent: shift-forward', and a candidate not later than the previous occurrence is dropped")
        // Under next-valid-time 02:30 is 03:00 (01:00Z), before 04:00: nothing is dropped.
        let valid = try Self.schedule("Antarctica/Troll", ["02:30", "04:00"], nonexistent: .nextValidTime, repeated: .first)
        #expect(valid.droppedCandidate(at: Self.instant("2027-03-28T02:00:00Z")) == nil)
        #expect(valid.occurrence(at: Self.instant("2027-03-28T02:00:00Z")) != nil)
    }

    @Test("under both, the first reading of a later time before the second of an earlier one is dropped")
    func aFirstReadingBeforeASecondOne() throws {
        let berlin = try Self.schedule("Europe/Berlin", ["02:15", "02:45"], nonexistent: .skip, repeated: .both)
        let drop = try #require(berlin.droppedCandidate(at: Self.instant("2027-10-31T00:45:00Z")))
        #expect(drop.time == "02:45")
        #expect(drop.blocker.date == Self.instant("2027-10-31T01:15:00Z"))
        #expect(drop.blocker.resolution == .overlapLast)
        #expect(drop.reason(repeated: .both, local: { $0.rfc3339UTC }).hasPrefix("02:15 that day, before it in slot order (date, then time), "
            + "is 2027-10-31T01:15:00Z (its second reading, under 'repeated: both')"))
    }

    /// zoneinfo: America/Nuuk springs forward at 2027-03-28T01:00Z, 03-27 23:00 (-02:00) → 03-28 00:00 (-01:00); 03-27's
    /// 23:30 read with -02:00 (shift-forward) is 01:30Z, 00:30 (-01:00) on the 28th; the 28th's 00:10 is 01:10Z. The
    /// twentieth mutation run found the blocker looked for on the dropped slot's own date only, so this drop was named
    /// by nothing ("gives no occurrence").
    @Test("a gap before midnight moves a time past the next date's earlier one: that one is dropped, blocked by the day before")
    func aShiftPastMidnightDropsTheNextDatesTime() throws {
        let nuuk = try Self.schedule("America/Nuuk", ["00:10", "23:30"], nonexistent: .shiftForward, repeated: .first)
        let drop = try #require(nuuk.droppedCandidate(at: Self.instant("2027-03-28T01:10:00Z")))
        #expect(drop.slot == LocalDateTime(year: 2027, month: 3, day: 28, hour: 0, minute: 10))
        #expect(drop.blocker.date == Self.instant("2027-03-28T01:30:00Z"))
        #expect(drop.blocker.slot == LocalDateTime(year: 2027, month: 3, day: 27, hour: 23, minute: 30))
        #expect(drop.reason(repeated: .first, local: { $0.rfc3339UTC }) == "23:30 on 2027-03-27, before it in slot order (date, then time), "
            + "is 2027-03-28T01:30:00Z under 'nonexistent: shift-forward', and a candidate not later than the previous occurrence is dropped")
        // A rule on Saturdays only (2027-03-27 is a Saturday) has no slot on Sunday the 28th: its 00:10 there is no
        // dropped slot, though Saturday's 23:30 lands after it (Python's calendar; zoneinfo as above).
        let saturdays = try Schedule(id: "drop", rule: .weekly(on: [.saturday], at: [TimeOfDay(hour: 0, minute: 10)!, TimeOfDay(hour: 23, minute: 30)!]),
                                     timeZone: TimeZone(identifier: "America/Nuuk")!, nonexistent: .shiftForward, repeated: .first)
        #expect(saturdays.occurrence(at: Self.instant("2027-03-28T01:30:00Z")) != nil)
        #expect(saturdays.droppedCandidate(at: Self.instant("2027-03-28T01:10:00Z")) == nil)
        // Read on its own date, the slot is "that day"'s.
        #expect(drop.slotWords(readAt: Self.instant("2027-03-28T01:10:00Z"), in: TimeZone(identifier: "America/Nuuk")!) == "00:10 that day")
        // Under next-valid-time 23:30 is the change's end, 01:00Z, before 00:10 (01:10Z): nothing is dropped.
        let valid = try Self.schedule("America/Nuuk", ["00:10", "23:30"], nonexistent: .nextValidTime, repeated: .first)
        #expect(valid.droppedCandidate(at: Self.instant("2027-03-28T01:10:00Z")) == nil)
        #expect(valid.occurrence(at: Self.instant("2027-03-28T01:10:00Z")) != nil)
    }

    /// zoneinfo: Havana springs forward at 2027-03-14T05:00Z, 00:00 CST (-05:00) → 01:00 CDT (-04:00); shift-backward
    /// reads the 14th's 00:20 with -04:00, 04:20Z, 23:20 on the 13th, before the 13th's 23:50 (04:50Z).
    @Test("a slot read back onto the day before is named with its own date")
    func aSlotReadOnTheDayBeforeIsNamedWithItsDate() throws {
        let havana = try Self.schedule("America/Havana", ["00:20", "23:50"], nonexistent: .shiftBackward, repeated: .first)
        let drop = try #require(havana.droppedCandidate(at: Self.instant("2027-03-14T04:20:00Z")))
        #expect(drop.slot == LocalDateTime(year: 2027, month: 3, day: 14, hour: 0, minute: 20))
        #expect(drop.blocker.date == Self.instant("2027-03-14T04:50:00Z"))
        #expect(drop.slotWords(readAt: Self.instant("2027-03-14T04:20:00Z"), in: havana.timeZone) == "00:20 of 2027-03-14")
    }

    @Test("searches chain each from the one before, across a dropped slot, and stop at their count")
    func searchesChain() throws {
        let troll = try Self.schedule("Antarctica/Troll", ["02:30", "04:00"], nonexistent: .shiftForward, repeated: .first)
        // 2027-03-29 02:30 is +02:00 (00:30Z), its 04:00 02:00Z.
        #expect(troll.searches(3, after: Self.instant("2027-03-28T00:00:00Z")).map(\.date)
            == ["2027-03-28T02:30:00Z", "2027-03-29T00:30:00Z", "2027-03-29T02:00:00Z"].map(Self.instant))
        #expect(troll.searches(0, after: Self.instant("2027-03-28T00:00:00Z")).isEmpty)
    }

    @Test("a slot resolving onto an earlier slot's occurrence is found from that occurrence, and only from it")
    func aSlotLandingOnAnOccurrence() throws {
        // Berlin's 02:30 and 02:45 under next-valid-time are both the gap's end, 03:00+02:00 (01:00Z): the 02:45 is dropped.
        let berlin = try Self.schedule("Europe/Berlin", ["02:30", "02:45"], nonexistent: .nextValidTime, repeated: .first)
        let drop = try #require(berlin.droppedCandidate(landingOn: Self.instant("2027-03-28T01:00:00Z")))
        #expect(drop.slot == LocalDateTime(year: 2027, month: 3, day: 28, hour: 2, minute: 45))
        #expect(drop.blocker.slot == LocalDateTime(year: 2027, month: 3, day: 28, hour: 2, minute: 30))
        #expect(drop.blocker.date == Self.instant("2027-03-28T01:00:00Z"))
        // The occurrence is no dropped candidate itself, and another day's occurrence has no second slot on it.
        #expect(berlin.droppedCandidate(at: Self.instant("2027-03-28T01:00:00Z")) == nil)
        #expect(berlin.droppedCandidate(landingOn: Self.instant("2027-03-29T00:45:00Z")) == nil)
        // An instant that is no occurrence has nothing landing on it.
        #expect(berlin.droppedCandidate(landingOn: Self.instant("2027-03-28T01:10:00Z")) == nil)
        // Troll's 02:30 under shift-forward is 02:30Z, 04:30 (+02:00), the 04:30 slot's own instant, which is dropped.
        let troll = try Self.schedule("Antarctica/Troll", ["02:30", "04:30"], nonexistent: .shiftForward, repeated: .first)
        let onto = try #require(troll.droppedCandidate(landingOn: Self.instant("2027-03-28T02:30:00Z")))
        #expect(onto.time == "04:30")
        #expect(onto.blocker.resolution == .gap(.shiftForward))
        // Three times of Berlin's gap under next-valid-time are one 03:00+02:00 (01:00Z): the 02:30 and the 03:00 (the
        // gap's end, an existing wall time) are dropped; a key picks its own.
        let three = try Self.schedule("Europe/Berlin", ["02:00", "02:30", "03:00"], nonexistent: .nextValidTime, repeated: .first)
        let end = Self.instant("2027-03-28T01:00:00Z")
        #expect(three.droppedCandidates(landingOn: end).map(\.time) == ["02:30", "03:00"])
        #expect(three.droppedCandidate(landingOn: end)?.time == "02:30")
        #expect(three.droppedCandidate(landingOn: end, key: "tri/v1/2027-03-28T03:00")?.time == "03:00")
        #expect(three.droppedCandidate(landingOn: end, key: "tri/v1/2027-03-28T04:00")?.time == "02:30")
    }

    @Test("an occurrence, an instant no slot resolves to, and an interval rule have no dropped candidate")
    func nothingDropped() throws {
        let berlin = try Self.schedule("Europe/Berlin", ["02:15", "02:45"], nonexistent: .skip, repeated: .both)
        #expect(berlin.droppedCandidate(at: Self.instant("2027-10-31T01:45:00Z")) == nil)
        #expect(berlin.droppedCandidate(at: Self.instant("2027-10-31T01:50:00Z")) == nil)
        // The rule's 02:45 on a day without a change is an occurrence.
        #expect(berlin.droppedCandidate(at: Self.instant("2027-11-02T01:45:00Z")) == nil)
        let interval = try Schedule(id: "every", interval: 3600, from: Self.instant("2027-03-28T00:00:00Z"))
        #expect(interval.droppedCandidate(at: Self.instant("2027-03-28T00:30:00Z")) == nil)
    }
}
