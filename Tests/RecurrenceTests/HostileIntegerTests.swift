import Foundation
@testable import Recurrence
import Testing

/// The public value types take any integers: none of them may trap on one, and the calls an app makes with them
/// answer as `docs/recurrence.md` says (an app team's black-box review found each of these trapping or answering
/// nonsense: `abs(Int.min)` in a stepped rule's message, sums overflowing in `wallSeconds`, negative limits).
@Suite struct HostileIntegerTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!
    static let time = TimeOfDay(hour: 2, minute: 30)!

    @Test("a stepped rule's from in a year no calendar has is an invalid rule, printable", arguments: [Int.min, Int.min + 1, -1, 0, 10_000, Int.max])
    func steppedFromOutOfRange(year: Int) throws {
        let rule = Rule.stepped(.daily(at: [Self.time]), every: 2, from: CivilDate(year: year, month: 1, day: 1))
        #expect(rule.problems.first?.field == "from")
        #expect(!rule.description.isEmpty)
        #expect(!rule.summary.isEmpty)
        #expect(throws: RecurrenceError.self) {
            try Schedule(id: "s", rule: rule, timeZone: Self.berlin, nonexistent: .skip, repeated: .first)
        }
        #expect(CivilDate(year: year, month: 1, day: 1).isoText.hasSuffix("-01-01"))
    }

    @Test("the resolver answers for any wall time without trapping, and as before for real ones")
    func resolverTakesAnyIntegers() {
        var resolver = WallTimeResolver(timeZone: Self.berlin)
        for local in [
            LocalDateTime(year: .max, month: 1, day: 1), LocalDateTime(year: .min, month: 1, day: 1),
            LocalDateTime(year: 2027, month: .max, day: .min, hour: .max, minute: .min, second: .max),
            LocalDateTime(year: 1_000_000_000_000, month: 1, day: 1),
        ] {
            _ = resolver.resolve(local)
            #expect(resolver.policyOutcomes(for: local).count == 7)
            _ = resolver.instants(for: local, nonexistent: .shiftForward, repeated: .both)
        }
        // Rolled over, as wallSeconds always read it: hour 25 of March 27 is 01:00 on March 28 (+01:00).
        let rolled = resolver.resolve(LocalDateTime(year: 2027, month: 3, day: 27, hour: 25))
        #expect(rolled == resolver.resolve(LocalDateTime(year: 2027, month: 3, day: 28, hour: 1)))
        #expect(LocalDateTime(wallSeconds: .min).year < 0)
        #expect(LocalDateTime(wallSeconds: .max).year > 9999)
        _ = CivilDate(daysSinceEpoch: .max).weekday
        _ = CivilDate(daysSinceEpoch: .min).weekday
    }

    @Test("the weekday of a month that is not one is nil")
    func weekdayOfNoMonth() {
        #expect(CivilDate.day(of: .first, .friday, month: 13, year: 2027) == nil)
        #expect(CivilDate.day(of: .last, .friday, month: .max, year: .max) == nil)
        #expect(CivilDate.day(of: .last, .friday, month: 0, year: 2027) == nil)
        #expect(CivilDate.day(of: .last, .friday, month: 12, year: 2027) == 31)
    }

    @Test("a dedup key of any integers writes them as digits, with their signs")
    func dedupKeyOfAnyIntegers() {
        let date = CivilDate(year: 2027, month: 1, day: 1)
        #expect(DedupKey(scheduleID: "a", version: 1, date: date, hour: 123, minute: -5, isRepeat: true).rawValue == "a/v1/2027-01-01T123:-05~2")
        #expect(DedupKey(scheduleID: "a", version: 1, date: CivilDate(year: 2027, month: 100, day: -1)).rawValue == "a/v1/2027-100--01")
        #expect(DedupKey(scheduleID: "a", version: 1, date: CivilDate(year: .min, month: 1, day: 1)).rawValue == "a/v1/\(Int.min)-01-01")
        // Real ones are written as before.
        #expect(DedupKey(scheduleID: "a", version: 1, date: date, hour: 2, minute: 30).rawValue == "a/v1/2027-01-01T02:30")
    }

    @Test("a limit below 0 is 0: any occurrence is one too many, an empty window gives none", arguments: [0, -1, Int.min])
    func limitBelowOne(limit: Int) throws {
        let schedule = try Schedule(id: "s", rule: .daily(at: [Self.time]), timeZone: Self.berlin, nonexistent: .skip, repeated: .first)
        let start = Date(timeIntervalSince1970: 1_798_761_600)  // 2027-01-01T00:00:00Z
        let window = Window(after: start, through: start.addingTimeInterval(4 * 86_400))
        #expect(throws: RecurrenceError.tooManyOccurrences(limit: 0)) { try schedule.occurrences(in: window, limit: limit) }
        #expect(throws: RecurrenceError.tooManyOccurrences(limit: 0)) { try FoundationEngine().occurrences(in: window, of: schedule, limit: limit) }
        let empty = Window(after: start, through: start.addingTimeInterval(3600))
        #expect(try schedule.occurrences(in: empty, limit: limit) == [])
    }

    @Test("transitions: a NaN bound is no range, a limit below 0 is 0")
    func transitionBounds() throws {
        let nan = Date(timeIntervalSince1970: .nan)
        let year = Date(timeIntervalSince1970: 1_798_761_600)
        #expect(try ZoneTransition.transitions(of: Self.berlin, from: nan, through: year).isEmpty)
        #expect(try ZoneTransition.transitions(of: Self.berlin, from: year, through: nan).isEmpty)
        #expect(throws: ZoneTransition.TooMany(zone: "Europe/Berlin", limit: 0)) {
            try ZoneTransition.transitions(of: Self.berlin, from: year, through: year.addingTimeInterval(366 * 86_400), limit: -1)
        }
    }
}
