import Foundation
import Recurrence
import Testing

/// What an app uses without YAML: keys stored as JSON strings, errors that read well through `localizedDescription`,
/// occurrences that print as one line.
@Suite struct AppFacingAPITests {
    @Test func dedupKeysEncodeAsPlainStrings() throws {
        let keys = [DedupKey("nightly-sync/v1/2027-10-31"), DedupKey("nightly-sync/v1/2027-10-31~2")]
        let json = try JSONEncoder().encode(keys)
        #expect(String(decoding: json, as: UTF8.self) == #"["nightly-sync\/v1\/2027-10-31","nightly-sync\/v1\/2027-10-31~2"]"#)
        #expect(try JSONDecoder().decode([DedupKey].self, from: json) == keys)
    }

    @Test func policiesEncodeAsTheirSpecSpelling() throws {
        let json = try JSONEncoder().encode([NonexistentTimePolicy.nextValidTime, .shiftBackward])
        #expect(String(decoding: json, as: UTF8.self) == #"["next-valid-time","shift-backward"]"#)
        #expect(try JSONDecoder().decode(RepeatedTimePolicy.self, from: Data(#""both""#.utf8)) == .both)
        #expect(try JSONDecoder().decode(MissingDayPolicy.self, from: Data(#""last-day""#.utf8)) == .lastDay)
    }

    @Test func localizedDescriptionIsTheMessage() {
        let error: any Error = RecurrenceError.tooManyOccurrences(limit: 10)
        #expect(error.localizedDescription == "the window holds more than 10 occurrences; narrow the window or raise the limit")
    }

    @Test func missingDayDefaultsToNilWhereNoMonthLacksTheDay() throws {
        let nine = try #require(TimeOfDay(hour: 9, minute: 0))
        #expect(Rule.monthly(day: .last, at: nine) == .monthly(day: .last, at: nine, missingDay: nil))
        #expect(Rule.yearly(month: 7, day: .day(4), at: nine) == .yearly(month: 7, day: .day(4), at: nine, missingDay: nil))
        #expect(Rule.monthly(day: .day(31), at: nine).problems.map(\.field) == ["missing-day"])
    }

    /// docs/recurrence.md: `occurrence(at:)` tells an instant of the schedule from one that is not. Berlin springs
    /// forward at 2027-03-28T01:00:00Z (zoneinfo): 02:30 does not exist that day, so under `.skip` nothing is at
    /// 03:00+02:00 (01:00Z) and under `.nextValidTime` that is the day's occurrence; 02:30+02:00 on the 29th is 00:30Z.
    @Test func anOccurrenceIsFoundAtItsExactInstantOnly() throws {
        func daily(_ nonexistent: NonexistentTimePolicy) throws -> Schedule {
            try Schedule(id: "nightly", rule: .daily(at: try #require(TimeOfDay(hour: 2, minute: 30))),
                         timeZone: try #require(TimeZone(identifier: "Europe/Berlin")), nonexistent: nonexistent, repeated: .first)
        }
        let gapEnd = Date(timeIntervalSince1970: 1_806_195_600)        // 2027-03-28T01:00:00Z
        let nextDay = Date(timeIntervalSince1970: 1_806_280_200)       // 2027-03-29T00:30:00Z
        #expect(try daily(.skip).occurrence(at: gapEnd) == nil)
        #expect(try daily(.nextValidTime).occurrence(at: gapEnd)?.key.description == "nightly/v1/2027-03-28")
        #expect(try daily(.skip).occurrence(at: nextDay)?.key.description == "nightly/v1/2027-03-29")
        #expect(try daily(.skip).occurrence(at: nextDay.addingTimeInterval(60)) == nil)
    }

    /// docs/recurrence.md: a window whose `after` is not before `through` holds nothing, without an error (what an
    /// app sees when the device clock was set back behind its stored last completion).
    @Test(arguments: [(1_806_000_000.0, 1_805_000_000.0), (1_806_000_000.0, 1_806_000_000.0)])
    func aWindowThatEndsBeforeItStartsHoldsNothing(after: Double, through: Double) throws {
        let window = Window(after: Date(timeIntervalSince1970: after), through: Date(timeIntervalSince1970: through))
        let daily = try Schedule(
            id: "d", rule: .daily(at: try #require(TimeOfDay(hour: 2, minute: 30))),
            timeZone: try #require(TimeZone(identifier: "Europe/Berlin")), nonexistent: .skip, repeated: .first)
        let interval = try Schedule(id: "i", interval: 60, from: Date(timeIntervalSince1970: 1_700_000_000))
        #expect(try daily.occurrences(in: window) == [])
        #expect(try interval.occurrences(in: window) == [])
    }

    /// docs/recurrence.md: searches do not look at Swift `Task` cancellation; their bounds end them. A cancelled task
    /// gets the whole answer (12 daily occurrences from 2027-03-01T00:00Z to 2027-03-13T00:00Z, Berlin at +01:00).
    @Test func aCancelledTaskStillGetsTheWholeAnswer() async throws {
        let daily = try Schedule(
            id: "d", rule: .daily(at: try #require(TimeOfDay(hour: 2, minute: 30))),
            timeZone: try #require(TimeZone(identifier: "Europe/Berlin")), nonexistent: .skip, repeated: .first)
        let start = Date(timeIntervalSince1970: 1_803_859_200)   // 2027-03-01T00:00:00Z
        let task = Task { () throws -> (Bool, [Occurrence], Occurrence) in
            withUnsafeCurrentTask { $0?.cancel() }
            let window = Window(after: start, through: start.addingTimeInterval(12 * 86_400))
            return (Task.isCancelled, try daily.occurrences(in: window), try daily.next(after: start))
        }
        let (cancelled, occurrences, next) = try await task.value
        #expect(cancelled)
        #expect(occurrences.count == 12)
        // 2027-03-01 02:30+01:00 is 01:30Z.
        #expect(next.date == Date(timeIntervalSince1970: 1_803_864_600))
    }

    @Test("an occurrence prints as instant, key and resolution", arguments: [
        (Occurrence.Resolution.exact, "exact"), (.gap(.nextValidTime), "gap:next-valid-time"),
        (.gap(.shiftBackward), "gap:shift-backward"), (.overlapFirst, "overlap-first"), (.overlapLast, "overlap-last"),
    ])
    func occurrenceDescription(resolution: Occurrence.Resolution, text: String) {
        // 2027-03-28 03:00+02:00 (Europe/Berlin, just after the spring gap) is 01:00Z.
        let occurrence = Occurrence(
            date: Date(timeIntervalSince1970: 1_806_195_600), key: DedupKey("s/v1/2027-03-28"),
            slot: LocalDateTime(year: 2027, month: 3, day: 28, hour: 2, minute: 30), resolution: resolution)
        #expect("\(occurrence)" == "2027-03-28T01:00:00Z s/v1/2027-03-28 \(text)")
    }
}
