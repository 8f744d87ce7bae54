import Foundation
import Testing
import Recurrence

/// Interval rules: `from + k·interval` for k ≥ 0 — elapsed time, no calendar, no DST effect. Instants from
/// oracle.py (`oracle.py occurrences --rule '{"interval":"90m","from":...}'`).
@Suite("Interval rules")
struct IntervalRuleTests {
    static let from = instant(1_806_111_000)  // 2027-03-27T02:30:00+01:00 = 01:30:00Z

    static func every90Minutes() throws -> Schedule {
        try Schedule(
            id: "iv", rule: .interval(seconds: 5400, from: from), timeZone: TimeZone(identifier: "Europe/Berlin")!,
            nonexistent: .skip, repeated: .first)
    }

    @Test("across Berlin's spring change the instants stay 5,400 s apart; keys are UTC instants")
    func acrossChange() throws {
        let occurrences = try Self.every90Minutes().occurrences(in: Window(
            after: instant(1_806_188_400),  // 2027-03-28T00:00:00+01:00
            through: instant(1_806_206_400)))  // 2027-03-28T06:00:00+02:00
        #expect(occurrences.map(\.date) == [
            instant(1_806_192_000),  // 2027-03-28T01:00:00+01:00
            instant(1_806_197_400),  // 2027-03-28T03:30:00+02:00 (01:30Z: the wall clock jumped, elapsed time did not)
            instant(1_806_202_800),  // 2027-03-28T05:00:00+02:00
        ])
        #expect(occurrences.map(\.key.rawValue) == [
            "iv/v1/2027-03-28T00:00:00Z", "iv/v1/2027-03-28T01:30:00Z", "iv/v1/2027-03-28T03:00:00Z",
        ])
        #expect(occurrences.allSatisfy { $0.slot == nil && $0.resolution == .exact })
    }

    @Test("k starts at 0: a cursor before `from` finds `from` itself, never an earlier instant")
    func nothingBeforeFrom() throws {
        #expect(try Self.every90Minutes().next(after: instant(1_577_836_800)).date == Self.from)  // after 2020-01-01T00:00:00Z
        #expect(try Self.every90Minutes().next(after: Self.from.addingTimeInterval(-0.001)).date == Self.from)
    }

    @Test("the cursor rule holds on exact multiples and with fractional seconds")
    func cursorRule() throws {
        let schedule = try Self.every90Minutes()
        #expect(try schedule.next(after: Self.from).date == Self.from.addingTimeInterval(5400))
        let fractional = try Schedule(
            id: "f", rule: .interval(seconds: 3600, from: Self.from.addingTimeInterval(3600.5)),
            timeZone: TimeZone(identifier: "UTC")!, nonexistent: .skip, repeated: .first)
        let cursor = instant(1_806_118_200).addingTimeInterval(0.5)  // 2027-03-27T03:30:00.5Z, an occurrence
        let first = try fractional.next(after: cursor)
        #expect(first.date == instant(1_806_121_800).addingTimeInterval(0.5))  // 2027-03-27T04:30:00.5Z
        #expect(first.key.rawValue == "f/v1/2027-03-27T04:30:00.5Z")
        #expect(try fractional.next(after: first.date).date == instant(1_806_125_400).addingTimeInterval(0.5))
    }
}
