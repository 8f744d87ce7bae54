import Foundation
import Testing
import Recurrence

/// `ZoneTransition.transitions(of:from:through:)`: the zone's offset changes, bounded. Instants from oracle.py's
/// bisection over zoneinfo (`all_transitions`).
@Suite("Zone transitions")
struct ZoneTransitionTests {
    @Test("Apia 2011–2012: the end of DST, the skipped day (-10:00 → +14:00), then DST on the other side")
    func apia() throws {
        let changes = try ZoneTransition.transitions(
            of: TimeZone(identifier: "Pacific/Apia")!,
            from: instant(1_293_840_000),  // 2011-01-01T00:00:00Z
            through: instant(1_356_998_400))  // 2013-01-01T00:00:00Z
        #expect(changes == [
            ZoneTransition(date: instant(1_301_752_800), offsetBefore: -36_000, offsetAfter: -39_600),  // 2011-04-02T14:00:00Z
            ZoneTransition(date: instant(1_316_872_800), offsetBefore: -39_600, offsetAfter: -36_000),  // 2011-09-24T14:00:00Z
            ZoneTransition(date: instant(1_325_239_200), offsetBefore: -36_000, offsetAfter: 50_400),  // 2011-12-30T10:00:00Z
            ZoneTransition(date: instant(1_333_202_400), offsetBefore: 50_400, offsetAfter: 46_800),  // 2012-03-31T14:00:00Z
            ZoneTransition(date: instant(1_348_927_200), offsetBefore: 46_800, offsetAfter: 50_400),  // 2012-09-29T14:00:00Z
        ])
        #expect(changes[2].change == 86_400)
        #expect(changes[2].description == "2011-12-30T10:00:00Z -10:00 → +14:00")
    }

    @Test("Almaty 2024: one change of the base offset, +06:00 → +05:00, and none after")
    func almaty() throws {
        let changes = try ZoneTransition.transitions(
            of: TimeZone(identifier: "Asia/Almaty")!,
            from: instant(1_704_067_200),  // 2024-01-01T00:00:00Z
            through: instant(4_102_444_800))  // 2100-01-01T00:00:00Z
        #expect(changes == [
            ZoneTransition(date: instant(1_709_229_600), offsetBefore: 21_600, offsetAfter: 18_000),  // 2024-02-29T18:00:00Z
        ])
    }

    @Test("the range includes a change exactly at either end")
    func inclusiveRange() throws {
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        let spring = instant(1_806_195_600)  // 2027-03-28T01:00:00Z
        #expect(try ZoneTransition.transitions(of: berlin, from: spring, through: spring).map(\.date) == [spring])
        #expect(try ZoneTransition.transitions(of: berlin, from: spring.addingTimeInterval(1), through: spring) == [])
    }

    @Test("UTC never changes")
    func utc() throws {
        #expect(try ZoneTransition.transitions(
            of: TimeZone(identifier: "UTC")!, from: instant(0), through: instant(4_102_444_800)) == [])
    }

    @Test("a range with more changes than the limit is an error, not a truncated list")
    func bounded() throws {
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        #expect(throws: ZoneTransition.TooMany(zone: "Europe/Berlin", limit: 10)) {
            try ZoneTransition.transitions(of: berlin, from: instant(0), through: Date.distantFuture, limit: 10)
        }
        // 1980–1990: Berlin changed twice a year from 1980 on.
        #expect(try ZoneTransition.transitions(of: berlin, from: instant(315_532_800), through: instant(631_152_000)).count == 20)
    }
}
