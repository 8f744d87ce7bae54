import Foundation
import Testing
import Recurrence

/// The cases docs/recurrence.md talks about, checked field by field (the page's own ```swift blocks are compiled,
/// run and compared with its output by DocExampleTests). Expected instants from oracle.py (the same values as the
/// resolver table and specs/recurrence/berlin-seeds.yaml).
@Suite("docs/recurrence.md examples")
struct DocumentationExampleTests {
    @Test("a schedule, next(after:) and a catch-up window")
    func scheduleExample() throws {
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        let schedule = try Schedule(
            id: "nightly-sync", version: 1, rule: .daily(at: TimeOfDay(hour: 2, minute: 30)!), timeZone: berlin,
            nonexistent: .skip, repeated: .first)
        let cursor = instant(1_806_188_400)  // 2027-03-28T00:00:00+01:00
        let next = try schedule.next(after: cursor)
        #expect(next.date == instant(1_806_280_200))  // 2027-03-29T02:30:00+02:00 = 00:30:00Z
        #expect(next.key.rawValue == "nightly-sync/v1/2027-03-29")
        #expect(next.slot == LocalDateTime(year: 2027, month: 3, day: 29, hour: 2, minute: 30))
        #expect(next.resolution == .exact)

        let window = Window(after: cursor, through: instant(1_806_366_600))  // 2027-03-30T02:30:00+02:00
        #expect(try schedule.occurrences(in: window).map(\.key.rawValue)
            == ["nightly-sync/v1/2027-03-29", "nightly-sync/v1/2027-03-30"])
    }

    @Test("the Lord Howe explain table")
    func explainExample() {
        var resolver = WallTimeResolver(timeZone: TimeZone(identifier: "Australia/Lord_Howe")!)
        let local = LocalDateTime(year: 2027, month: 10, day: 3, hour: 2, minute: 15)
        #expect(resolver.resolve(local) == .gap(transition: instant(1_822_491_000), offsetBefore: 37_800, offsetAfter: 39_600))
        let rows = resolver.policyOutcomes(for: local)
        #expect(rows.map(\.description) == ["skip", "next-valid-time", "shift-forward", "shift-backward", "first", "last", "both"])
        #expect(rows.map(\.applies) == [true, true, true, true, false, false, false])
        #expect(rows.map { $0.instants?.map(\.date) } == [
            [], [instant(1_822_491_000)], [instant(1_822_491_900)], [instant(1_822_490_100)], nil, nil, nil,
        ])  // 02:30+11:00, 02:45+11:00, 01:45+10:30
    }

    @Test("a rule summary in an error message")
    func boundExample() throws {
        let leapDay = try Schedule(
            id: "leap", rule: .yearly(month: 2, day: .day(29), at: TimeOfDay(hour: 12, minute: 0)!, missingDay: .skip),
            timeZone: TimeZone(identifier: "UTC")!, nonexistent: .skip, repeated: .first, searchLimit: 5)
        let error = try #require(throws: RecurrenceError.self) { try leapDay.next(after: instant(4_007_836_800)) }
        #expect("\(error)".hasPrefix("no occurrence of every year on February 29 at 12:00 (skipped in years without it) within 5"))
    }
}

extension PolicyOutcome {
    var description: String { policy.description }
}
