import Foundation
import Testing
import Recurrence

/// The search bound: a search that considers `searchLimit` slots without an occurrence ends with a visible error
/// naming the rule and the bound — never a hang, never a silent nothing. Expected instants from oracle.py
/// (`oracle.py next --zone UTC --rule '{"every":"year","month":"2","day":"29",...}' --limit N --after ...`).
@Suite("Search bound")
struct SearchBoundTests {
    static let utc = TimeZone(identifier: "UTC")!
    static let noon = TimeOfDay(hour: 12, minute: 0)!
    static let from2097 = instant(4_007_836_800)  // 2097-01-01T00:00:00Z

    static func leapDay(_ missing: MissingDayPolicy, limit: Int) throws -> Schedule {
        try Schedule(
            id: "leap", rule: .yearly(month: 2, day: .day(29), at: noon, missingDay: missing), timeZone: utc,
            nonexistent: .skip, repeated: .first, searchLimit: limit)
    }

    @Test("February 29 with missing-day skip and limit 5, searched from 2097, ends in the bound (2100 is not leap)")
    func specLanguageExample() throws {
        let schedule = try Self.leapDay(.skip, limit: 5)
        #expect(throws: RecurrenceError.searchLimitReached(
            rule: "every year on February 29 at 12:00 (skipped in years without it)", limit: 5, after: Self.from2097)
        ) {
            try schedule.next(after: Self.from2097)
        }
    }

    @Test("the error names the rule and the bound and says what to do")
    func errorMessage() throws {
        let schedule = try Self.leapDay(.skip, limit: 5)
        let error = try #require(throws: RecurrenceError.self) { try schedule.next(after: Self.from2097) }
        #expect(error.description == "no occurrence of every year on February 29 at 12:00 (skipped in years without it) "
            + "within 5 candidate slots after 2097-01-01T00:00:00Z (the schedule's search bound, which counts slots from the start of the cursor's local date, or of its local hour for an hourly rule; raise its 'limit' (searchLimit in Swift) if this is expected)")
    }

    @Test("with limit 8 the search reaches 2104-02-29T12:00:00Z, the eighth year it considers")
    func largerBoundFindsNextLeapDay() throws {
        #expect(try Self.leapDay(.skip, limit: 8).next(after: Self.from2097).date == instant(4_233_729_600))  // 2104-02-29T12:00:00Z
        #expect(throws: RecurrenceError.self) { try Self.leapDay(.skip, limit: 7).next(after: Self.from2097) }
    }

    @Test("missing-day last-day gives February 28 in 2097, so the bound is never reached")
    func lastDayNeverReachesBound() throws {
        let occurrence = try Self.leapDay(.lastDay, limit: 1).next(after: Self.from2097)
        #expect(occurrence.date == instant(4_012_891_200))  // 2097-02-28T12:00:00Z
        #expect(occurrence.key == DedupKey("leap/v1/2097-02-28"))
    }

    @Test("a window that ends before the bound is reached is empty, not an error")
    func emptyWindowIsNotAnError() throws {
        let schedule = try Self.leapDay(.skip, limit: 5)
        // (2097-03-01, 2099-12-31]: slots 2098 and 2099 are considered, 2100's cannot land inside.
        let window = Window(after: instant(4_012_934_400), through: instant(4_102_358_400))
        #expect(try schedule.occurrences(in: window) == [])
    }

    @Test("a window whose search reaches the bound inside it fails, as repeated next(after:) would")
    func boundInsideWindowFails() throws {
        let schedule = try Self.leapDay(.skip, limit: 5)
        // (2097-01-01, 2104-12-31]: five fruitless years (2097–2101) come before 2104.
        let window = Window(after: Self.from2097, through: instant(4_260_124_800))
        #expect(throws: RecurrenceError.self) { try schedule.occurrences(in: window) }
    }

    @Test("a window with more occurrences than its limit fails with tooManyOccurrences")
    func occurrenceLimit() throws {
        let schedule = try Schedule(
            id: "daily", rule: .daily(at: Self.noon), timeZone: Self.utc, nonexistent: .skip, repeated: .first)
        let week = Window(after: instant(1_806_192_000), through: instant(1_806_796_800))  // 2027-03-28T00:00Z + 7 days
        #expect(try schedule.occurrences(in: week, limit: 7).count == 7)
        #expect(throws: RecurrenceError.tooManyOccurrences(limit: 6)) { try schedule.occurrences(in: week, limit: 6) }
    }

    @Test("a window whose end is not after its start is empty", arguments: [0.0, -1.0, -86_400.0])
    func degenerateWindow(_ length: Double) throws {
        let schedule = try Schedule(
            id: "daily", rule: .daily(at: Self.noon), timeZone: Self.utc, nonexistent: .skip, repeated: .first,
            searchLimit: 1)
        let after = instant(1_806_192_000)
        #expect(try schedule.occurrences(in: Window(after: after, through: after.addingTimeInterval(length))) == [])
    }

    @Test("an hourly rule counts one slot per local hour")
    func hourlyBoundCountsHours() throws {
        // Berlin 2027-03-28: hourly at :30 with skip; 02:30 falls in the gap. From 01:30+01:00 the search
        // considers 01:30 (the cursor's own hour, not later than the cursor), 02:30 (skipped), then 03:30.
        let schedule = { (limit: Int) in
            try Schedule(
                id: "h", rule: .hourly(minute: 30, second: 0), timeZone: TimeZone(identifier: "Europe/Berlin")!,
                nonexistent: .skip, repeated: .first, searchLimit: limit)
        }
        let cursor = instant(1_806_193_800)  // 2027-03-28T01:30:00+01:00
        #expect(try schedule(3).next(after: cursor).date == instant(1_806_197_400))  // 2027-03-28T03:30:00+02:00
        #expect(throws: RecurrenceError.self) { try schedule(2).next(after: cursor) }
    }

    @Test("the smallest bound with which each of a chain of searches finds its result, and those results")
    func searchLimitNeeded() throws {
        // From 2097 with limit 5, 2100 is not leap: the eighth year, 2104, is the first the search reaches.
        let needed = try #require(try Self.leapDay(.skip, limit: 5).searchLimitNeeded(after: Self.from2097))
        #expect(needed.limit == 8)
        #expect(needed.found.map(\.date) == [instant(4_233_729_600)])  // 2104-02-29T12:00:00Z
        // Two searches: from 2104 the next is 2108 (five slots counting 2104 itself), so 8 still does for both.
        let two = try #require(try Self.leapDay(.skip, limit: 5).searchLimitNeeded(for: 2, after: Self.from2097))
        #expect(two.limit == 8)
        #expect(two.found.map(\.date) == [instant(4_233_729_600), instant(4_359_960_000)])  // 2104-, 2108-02-29T12:00:00Z
        // A bound that already finds them needs none.
        #expect(try Self.leapDay(.skip, limit: 8).searchLimitNeeded(for: 2, after: Self.from2097) == nil)
        // Berlin's 02:30 under skip, limit 1: from 2027-03-26 12:00 (+01:00) the 26th's slot counts, then the 27th is
        // found with 2; from its 02:30 the 28th's is skipped (the gap), and the 29th needs 3.
        let berlin = try Schedule(id: "b", rule: .daily(at: [TimeOfDay(hour: 2, minute: 30)!]), timeZone: TimeZone(identifier: "Europe/Berlin")!,
                                  nonexistent: .skip, repeated: .first, searchLimit: 1)
        let chain = try #require(berlin.searchLimitNeeded(for: 2, after: instant(1_806_058_800)))  // 2027-03-26T11:00:00Z
        #expect(chain.limit == 3)
        #expect(chain.found.map(\.date) == [instant(1_806_111_000), instant(1_806_280_200)])  // 2027-03-27T01:30Z, 2027-03-29T00:30Z
    }
}
