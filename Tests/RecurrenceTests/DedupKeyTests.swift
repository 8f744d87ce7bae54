import Foundation
import Testing
import Recurrence

/// Dedup keys: `<id>/v<version>/<local date>` (day and coarser), `…T<HH:MM>` (hourly), `…/<UTC instant>`
/// (intervals), `~2` for the later of a repeated pair under `both`. Instants from oracle.py.
@Suite("Dedup keys")
struct DedupKeyTests {
    @Test("the three key forms and the repeat mark")
    func forms() {
        let date = CivilDate(year: 2027, month: 3, day: 30)
        #expect(DedupKey(scheduleID: "nightly-sync", version: 1, date: date).rawValue == "nightly-sync/v1/2027-03-30")
        #expect(DedupKey(scheduleID: "n", version: 12, date: date, isRepeat: true).rawValue == "n/v12/2027-03-30~2")
        #expect(DedupKey(scheduleID: "h", version: 2, date: date, hour: 2, minute: 30).rawValue == "h/v2/2027-03-30T02:30")
        #expect(DedupKey(scheduleID: "h", version: 2, date: date, hour: 2, minute: 30, isRepeat: true).rawValue
            == "h/v2/2027-03-30T02:30~2")
        #expect(DedupKey(scheduleID: "i", version: 1, instant: instant(1_806_111_000)).rawValue
            == "i/v1/2027-03-27T01:30:00Z")
        #expect(DedupKey(scheduleID: "i", version: 1, instant: instant(1_806_111_000).addingTimeInterval(0.25)).rawValue
            == "i/v1/2027-03-27T01:30:00.25Z")
    }

    @Test("years outside 0…9999 keep their digits", arguments: [(800, "0800"), (12345, "12345"), (-5, "-0005")])
    func unusualYears(_ year: Int, _ text: String) {
        #expect(DedupKey(scheduleID: "y", version: 1, date: CivilDate(year: year, month: 1, day: 2)).rawValue
            == "y/v1/\(text)-01-02")
    }

    @Test("Berlin autumn under both: the later 02:30 is ~2, and both keep the slot's date")
    func repeatedPair() throws {
        let schedule = try Schedule(
            id: "nightly-sync", rule: .daily(at: TimeOfDay(hour: 2, minute: 30)!),
            timeZone: TimeZone(identifier: "Europe/Berlin")!, nonexistent: .skip, repeated: .both)
        let occurrences = try schedule.occurrences(in: Window(
            after: instant(1_824_933_600),  // 2027-10-31T00:00:00+02:00
            through: instant(1_825_032_600)))  // 2027-11-01T02:30:00+01:00
        #expect(occurrences.map(\.date) == [
            instant(1_824_942_600),  // 2027-10-31T02:30:00+02:00
            instant(1_824_946_200),  // 2027-10-31T02:30:00+01:00, 3,600 s later
            instant(1_825_032_600),  // 2027-11-01T02:30:00+01:00
        ])
        #expect(occurrences.map(\.key.rawValue) == [
            "nightly-sync/v1/2027-10-31", "nightly-sync/v1/2027-10-31~2", "nightly-sync/v1/2027-11-01",
        ])
        #expect(occurrences.map(\.resolution) == [.overlapFirst, .overlapLast, .exact])
    }

    @Test("Apia 2011-12-30 under shift-forward keeps the Dec 30 key; the Dec 31 slot at the same instant is dropped")
    func apiaDropRule() throws {
        let schedule = try Schedule(
            id: "apia", rule: .daily(at: TimeOfDay(hour: 2, minute: 30)!),
            timeZone: TimeZone(identifier: "Pacific/Apia")!, nonexistent: .shiftForward, repeated: .first)
        let occurrences = try schedule.occurrences(in: Window(
            after: instant(1_325_066_400),  // 2011-12-28T00:00:00-10:00
            through: instant(1_325_368_800)))  // 2012-01-01T12:00:00+14:00
        #expect(occurrences.map(\.date) == [
            instant(1_325_075_400),  // 2011-12-28T02:30:00-10:00
            instant(1_325_161_800),  // 2011-12-29T02:30:00-10:00
            instant(1_325_248_200),  // 2011-12-31T02:30:00+14:00, the Dec 30 slot read with -10:00
            instant(1_325_334_600),  // 2012-01-01T02:30:00+14:00
        ])
        #expect(occurrences.map(\.key.rawValue) == [
            "apia/v1/2011-12-28", "apia/v1/2011-12-29", "apia/v1/2011-12-30", "apia/v1/2012-01-01",
        ])
        #expect(occurrences[2].resolution == .gap(.shiftForward))
        #expect(occurrences[2].slot == LocalDateTime(year: 2011, month: 12, day: 30, hour: 2, minute: 30))
    }

    @Test("the slot a written key ends with: its date, and its time where it has one")
    func slotOfAWrittenKey() {
        let read = { (key: String) in DedupKey.slot(endingKey: key).map { [$0.date, $0.time ?? "-"] } }
        #expect(read("poll/v1/2027-03-28T02:00~2") == ["2027-03-28", "02:00"])
        #expect(read("sync/v1/2027-03-28") == ["2027-03-28", "-"])
        #expect(read("sync/v1/2027-03-28~2") == ["2027-03-28", "-"])
        // An interval's UTC instant, a time with seconds and a date with a letter for a digit name no slot.
        #expect(read("poll/v1/2027-03-28T01:30:00Z") == nil)
        #expect(read("dose/v1/2027-03-28T03:30:15") == nil)
        #expect(read("sync/v1/2027-O3-28") == nil)
        #expect(read("sync/v1/") == nil)
        let written = DedupKey(scheduleID: "d", version: 1, date: CivilDate(year: 2027, month: 3, day: 28), hour: 3, minute: 30, isRepeat: true)
        #expect(read(written.rawValue) == ["2027-03-28", "03:30"])
    }
}
