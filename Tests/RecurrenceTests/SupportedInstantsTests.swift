import Foundation
import Recurrence
import Testing

/// A cursor, a window bound or an interval's `from` outside the years 0001…9999 (or not a number) is refused with an
/// error that names it, on both engines. Before, the core answered for a clamped instant (the next 02:30 after
/// 1e300 s came out in the year 318857), an interval search from a cursor of 1e300 s never ended, and the
/// Foundation engine and an interval `from` of 1e300 s trapped.
@Suite struct SupportedInstantsTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!
    static let engines: [any RecurrenceEngine] = [CoreEngine(), FoundationEngine()]

    static func daily() throws -> Schedule {
        try Schedule(id: "d", rule: .daily(at: TimeOfDay(hour: 2, minute: 30)!), timeZone: berlin,
                     nonexistent: .skip, repeated: .first)
    }

    static func hourly() throws -> Schedule {
        try Schedule(id: "i", interval: 3600, from: Date(timeIntervalSince1970: 0))
    }

    /// What an `instantOutOfRange` names. Compared as text: a NaN `Date` is not equal to itself, and Foundation's
    /// `Date.description` traps on one, so the error (and the `Date` in it) must never reach `#expect`, which
    /// describes the values it is given.
    struct Refusal: Equatable {
        let role: String
        let seconds: String
        init(role: String, seconds: Double) {
            self.role = role
            self.seconds = "\(seconds)"
        }
    }

    /// The refusal `search` ends with; nil when it returns, or throws anything else.
    static func refusal<T>(_ search: () throws -> T) -> Refusal? {
        do {
            _ = try search()
            return nil
        } catch {
            guard case .instantOutOfRange(let role, let date) = error as? RecurrenceError else { return nil }
            return Refusal(role: role, seconds: date.timeIntervalSince1970)
        }
    }

    /// Seconds since 1970: NaN, ±infinity, ±1e300, one second before `Date.distantPast` (0000-12-30T00:00:00Z) and
    /// 10000-01-01T00:00:00Z.
    static let outside: [Double] = [.nan, .infinity, -.infinity, 1e300, -1e300, -62_135_769_601, 253_402_300_800]

    @Test("a cursor outside the years 0001…9999 is refused by both engines", arguments: outside)
    func cursorOutsideIsRefused(seconds: Double) throws {
        let cursor = Date(timeIntervalSince1970: seconds)
        for schedule in [try Self.daily(), try Self.hourly()] {
            for engine in Self.engines {
                let refusal = Self.refusal { try engine.next(after: cursor, in: schedule) }
                #expect(refusal == Refusal(role: "cursor", seconds: seconds), "\(engine.name), \(schedule.rule)")
            }
        }
    }

    @Test("a window bound outside the years 0001…9999 is refused and named", arguments: outside)
    func windowBoundOutsideIsRefused(seconds: Double) throws {
        let outside = Date(timeIntervalSince1970: seconds)
        let inside = Date(timeIntervalSince1970: 1_800_000_000)
        for schedule in [try Self.daily(), try Self.hourly()] {
            for engine in Self.engines {
                let start = Self.refusal {
                    try engine.occurrences(in: Window(after: outside, through: inside), of: schedule, limit: 10)
                }
                #expect(start == Refusal(role: "window start", seconds: seconds), "\(engine.name)")
                let end = Self.refusal {
                    try engine.occurrences(in: Window(after: inside, through: outside), of: schedule, limit: 10)
                }
                #expect(end == Refusal(role: "window end", seconds: seconds), "\(engine.name)")
            }
        }
    }

    @Test("an interval from outside the years 0001…9999 is a rule problem", arguments: outside)
    func intervalFromOutsideIsARuleProblem(seconds: Double) {
        let from = Date(timeIntervalSince1970: seconds)
        #expect(Rule.interval(seconds: 3600, from: from).problems.map(\.field) == ["from"])
        #expect(throws: RecurrenceError.self) { try Schedule(id: "i", interval: 3600, from: from) }
    }

    @Test func theBoundsThemselvesAreSearched() throws {
        #expect(try Self.daily().next(after: .distantPast).date == Date(timeIntervalSince1970: -62_135_769_600 + 5_792))
        // Berlin kept local mean time (+00:53:28, 3,208 s) until 1893, so 02:30 local is 01:36:32Z (9,000 − 3,208
        // = 5,792 s after midnight UTC), on the day of Date.distantPast (0000-12-30) and on 0001-01-01 alike.
        let first = Date(timeIntervalSince1970: -62_135_596_800)
        #expect(try Self.daily().next(after: first).date == Date(timeIntervalSince1970: -62_135_596_800 + 5_792))
        // The last second of 9999 (23:59:59Z, 00:59:59 CET on 10000-01-01): the next 02:30 CET is 01:30Z on
        // 10000-01-01, past the range, which results may be.
        let last = Date(timeIntervalSince1970: 253_402_300_799)
        #expect(try Self.daily().next(after: last).date == Date(timeIntervalSince1970: 253_402_300_800 + 5_400))
        #expect(try Self.hourly().next(after: last).date == Date(timeIntervalSince1970: 253_402_300_800))
        // 02:30 on 0000-12-30, 0000-12-31 and 0001-01-01 (the proleptic Gregorian calendar has a year 0).
        #expect(try Self.daily().occurrences(in: Window(after: .distantPast, through: first.addingTimeInterval(86_400))).count == 3)
        #expect(try Self.daily().occurrences(in: Window(after: .distantFuture, through: .distantFuture)) == [])
    }

    @Test("the refusal says which instant and what to pass instead")
    func theMessageNamesTheInstant() {
        let error = RecurrenceError.instantOutOfRange(role: "cursor", date: Date(timeIntervalSince1970: 1e300))
        #expect(error.description == "the cursor 1e+300 s since 1970 is outside the instants schedules are searched from; pass one from Date.distantPast (0000-12-30T00:00:00Z) up to 9999-12-31T23:59:59Z")
        // Just past the range the instant is still a date, and is written as one.
        let justPast = RecurrenceError.instantOutOfRange(role: "window end", date: Date(timeIntervalSince1970: 253_402_343_999))
        #expect(justPast.description.hasPrefix("the window end 10000-01-01T11:59:59Z is outside"))
        #expect(Rule.interval(seconds: 60, from: Date(timeIntervalSince1970: .nan)).problems.map(\.message)
                == ["'from' must be an instant from Date.distantPast (0000-12-30T00:00:00Z) up to 9999-12-31T23:59:59Z, not nan s since 1970"])
    }

    @Test("instants past any calendar are written as seconds instead of trapping",
          arguments: [Double.nan, .infinity, 1e300, -1e17])
    func farInstantsAreWrittenAsSeconds(seconds: Double) {
        let date = Date(timeIntervalSince1970: seconds)
        #expect(date.rfc3339UTC == "\(seconds) s since 1970")
        #expect(WallTimeText.instant(date, offset: 3600) == "\(seconds) s since 1970")
        #expect(WallTimeText.local(date, offset: 3600).date == "\(seconds) s since 1970")
    }
}
