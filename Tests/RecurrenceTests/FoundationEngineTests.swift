import Foundation
import Testing
@testable import Recurrence

/// The Foundation engine on the seeds' Berlin script, where this toolchain's Calendar is right.
@Suite struct FoundationEngineTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!

    static func instant(_ text: String) -> Date {
        ISO8601DateFormatter().date(from: text)!
    }

    static func schedule(_ rule: Rule, _ nonexistent: NonexistentTimePolicy, _ repeated: RepeatedTimePolicy, limit: Int = 10_000) throws -> Schedule {
        try Schedule(id: "nightly-sync", version: 1, rule: rule, timeZone: berlin, nonexistent: nonexistent, repeated: repeated, searchLimit: limit)
    }

    static let daily0230 = Rule.daily(at: TimeOfDay(hour: 2, minute: 30)!)

    @Test(arguments: [
        // 02:30 does not exist on 2027-03-28 (02:00 CET → 03:00 CEST at 01:00Z).
        (NonexistentTimePolicy.skip, RepeatedTimePolicy.first, "2027-03-28T00:00:00+01:00", "2027-03-29T02:30:00+02:00"),
        (.nextValidTime, .first, "2027-03-28T00:00:00+01:00", "2027-03-28T03:00:00+02:00"),
        (.shiftForward, .first, "2027-03-28T00:00:00+01:00", "2027-03-28T03:30:00+02:00"),
        // 02:30 happens twice on 2027-10-31 (03:00 CEST → 02:00 CET at 01:00Z): 00:30Z and 01:30Z.
        (.skip, .first, "2027-10-31T00:00:00+02:00", "2027-10-31T02:30:00+02:00"),
        (.skip, .last, "2027-10-31T00:00:00+02:00", "2027-10-31T02:30:00+01:00"),
    ])
    func seedsBerlinScript(nonexistent: NonexistentTimePolicy, repeated: RepeatedTimePolicy, after: String, expected: String) throws {
        let next = try FoundationEngine().next(after: Self.instant(after), in: Self.schedule(Self.daily0230, nonexistent, repeated))
        #expect(next.date == Self.instant(expected))
    }

    /// Foundation's nil ends no window in silence: where `nextDate` finds nothing (this toolchain's `weekdayOrdinal: -1`,
    /// specs/foundation/last-weekday-ordinal.yaml), a window is `engineFoundNothing` as `next(after:)` is, even one the
    /// core finds empty (a black-box differential found such windows passing `occurrences: []`).
    @Test func foundationsNilInAWindowIsReported() throws {
        let schedule = try Self.schedule(.monthly(day: .weekday(.last, .sunday), at: [TimeOfDay(hour: 2, minute: 30)!]), .nextValidTime, .both)
        let window = Window(after: Self.instant("2027-01-01T00:00:00+01:00"), through: Self.instant("2027-01-08T00:00:00+01:00"))
        #expect(try schedule.occurrences(in: window) == [])
        let probe = DateComponents(hour: 2, minute: 30, weekday: 1, weekdayOrdinal: -1)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = Self.berlin
        let answer = calendar.nextDate(after: window.after, matching: probe, matchingPolicy: .nextTime)
        if answer == nil {
            #expect(throws: RecurrenceError.engineFoundNothing(engine: "Foundation", after: window.after)) {
                try FoundationEngine().occurrences(in: window, of: schedule, limit: 10)
            }
        } else {
            // A toolchain that answers -1 finds the 31st, past this window: empty, as the core.
            #expect(try FoundationEngine().occurrences(in: window, of: schedule, limit: 10) == [])
        }
    }

    @Test func bothGivesThePairWithDistinctKeys() throws {
        let schedule = try Self.schedule(Self.daily0230, .skip, .both)
        let window = Window(after: Self.instant("2027-10-31T00:00:00+02:00"), through: Self.instant("2027-11-01T12:00:00+01:00"))
        let occurrences = try FoundationEngine().occurrences(in: window, of: schedule, limit: 10)
        #expect(occurrences.map(\.date) == [
            Self.instant("2027-10-31T00:30:00Z"), Self.instant("2027-10-31T01:30:00Z"), Self.instant("2027-11-01T01:30:00Z"),
        ])
        #expect(occurrences.map(\.key.rawValue) == [
            "nightly-sync/v1/2027-10-31", "nightly-sync/v1/2027-10-31~2", "nightly-sync/v1/2027-11-01",
        ])
    }

    @Test func february29SkipReachesTheBound() throws {
        let rule = Rule.yearly(month: 2, day: .day(29), at: TimeOfDay(hour: 12, minute: 0)!, missingDay: .skip)
        let schedule = try Self.schedule(rule, .skip, .first, limit: 5)
        // From 2097 the next February 29 is in 2104 (2100 is not a leap year): more than 5 years away.
        #expect(throws: RecurrenceError.self) {
            try FoundationEngine().next(after: Self.instant("2097-01-01T00:00:00Z"), in: schedule)
        }
        let found = try FoundationEngine().next(after: Self.instant("2027-01-01T00:00:00Z"), in: Self.schedule(rule, .skip, .first))
        #expect(found.date == Self.instant("2028-02-29T12:00:00+01:00"))
    }

    @Test func monthlyLastDayFollowsMonthLengths() throws {
        let rule = Rule.monthly(day: .day(31), at: TimeOfDay(hour: 9, minute: 0)!, missingDay: .lastDay)
        let window = Window(after: Self.instant("2027-03-31T12:00:00+02:00"), through: Self.instant("2027-06-30T23:00:00+02:00"))
        let dates = try FoundationEngine().occurrences(in: window, of: Self.schedule(rule, .skip, .first), limit: 10).map(\.date)
        #expect(dates == [
            Self.instant("2027-04-30T09:00:00+02:00"), Self.instant("2027-05-31T09:00:00+02:00"), Self.instant("2027-06-30T09:00:00+02:00"),
        ])
    }
}
