import Foundation
import Testing
import Recurrence

/// Several wall times a date (`at: ["08:00", "20:00"]`, `Rule.daily(at: [TimeOfDay])`): the API, its problems, its
/// words, its JSON and the core's slots, keys, drop rule and bound. Every instant below was derived with
/// `tools/oracle/oracle.py next` (Python's zoneinfo), never with the engine; the specs in
/// `specs/recurrence/several-times/` check the same semantics across real DST changes.
@Suite("Several wall times a date")
struct SeveralTimesTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!
    static let newYork = TimeZone(identifier: "America/New_York")!

    static func time(_ text: String) -> TimeOfDay { TimeOfDay(parsing: text)! }
    static func instant(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    @Test("a one-time rule is a list of one: .daily(at: time) is .daily(at: [time])")
    func oneTimeIsAListOfOne() {
        let time = Self.time("02:30")
        #expect(Rule.daily(at: time) == .daily(at: [time]))
        #expect(Rule.weekly(on: [.monday], at: time) == .weekly(on: [.monday], at: [time]))
        #expect(Rule.monthly(day: .last, at: time) == .monthly(day: .last, at: [time], missingDay: nil))
        #expect(Rule.yearly(month: 2, day: .day(29), at: time, missingDay: .skip)
            == .yearly(month: 2, day: .day(29), at: [time], missingDay: .skip))
        #expect(Rule.daily(at: time).wallTimes == [time])
        #expect(Rule.hourly(minute: 15).wallTimes.isEmpty)
    }

    @Test("problems: no time, a time twice, times out of order; each names the list to write")
    func problems() {
        let eight = Self.time("08:00"), twenty = Self.time("20:00")
        #expect(Rule.daily(at: [eight, twenty]).problems.isEmpty)
        #expect(Rule.daily(at: []).problems.map(\.field) == ["at"])
        let repeated = Rule.weekly(on: [.monday], at: [eight, twenty, twenty]).problems
        #expect(repeated.map(\.message) == [
            "'at' lists 20:00 twice; its times must be strictly increasing, each once: write at: [\"08:00\", \"20:00\"]",
        ])
        let reversed = Rule.monthly(day: .day(15), at: [twenty, eight]).problems
        #expect(reversed.map(\.message) == [
            "'at' lists 08:00 after 20:00; its times must be strictly increasing, each once: write at: [\"08:00\", \"20:00\"]",
        ])
        // A time problem and a day problem are both told.
        #expect(Rule.monthly(day: .day(31), at: [twenty, eight]).problems.map(\.field) == ["at", "missing-day"])
        #expect(throws: RecurrenceError.self) {
            try Schedule(id: "x", rule: .daily(at: []), timeZone: Self.berlin, nonexistent: .skip, repeated: .first)
        }
    }

    @Test("summary and description say every time")
    func words() {
        let times = ["06:00", "14:00", "22:00"].map(Self.time)
        #expect(Rule.daily(at: Array(times.prefix(2))).summary == "every day at 06:00 and 14:00")
        #expect(Rule.daily(at: times).summary == "every day at 06:00, 14:00 and 22:00")
        #expect(Rule.weekly(on: [.saturday, .sunday], at: times).summary == "every saturday, sunday at 06:00, 14:00 and 22:00")
        #expect(Rule.daily(at: Array(times.prefix(2))).description == "daily 06:00,14:00")
        #expect(Rule.weekly(on: [.monday, .thursday], at: Array(times.prefix(2))).description == "weekly mon,thu 06:00,14:00")
        #expect(Rule.monthly(day: .last, at: Array(times.prefix(2))).description == "{every: month, day: last, at: [\"06:00\", \"14:00\"]}")
        #expect(Rule.daily(at: Self.time("02:30")).description == "daily 02:30")
        #expect(Rule.monthly(day: .last, at: Self.time("02:30")).description == "{every: month, day: last, at: \"02:30\"}")
    }

    @Test("JSON: one time stays a string, several are a list, and both read back")
    func coding() throws {
        let one = Rule.daily(at: Self.time("02:30"))
        let two = Rule.yearly(month: 3, day: .weekday(.last, .sunday), at: [Self.time("02:15"), Self.time("02:45:30")])
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(one), as: UTF8.self) == #"{"at":"02:30","every":"day"}"#)
        #expect(String(decoding: try encoder.encode(two), as: UTF8.self)
            == #"{"at":["02:15","02:45:30"],"every":"year","month":3,"on":"last sunday"}"#)
        for rule in [one, two] {
            #expect(try JSONDecoder().decode(Rule.self, from: encoder.encode(rule)) == rule)
        }
        let listOfOne = try JSONDecoder().decode(Rule.self, from: Data(#"{"every":"day","at":["02:30"]}"#.utf8))
        #expect(listOfOne == one)
    }

    @Test("JSON refuses an unordered list, an empty one and a number in it, at the field")
    func codingRefusals() {
        for (json, path) in [
            (#"{"every":"day","at":["20:00","08:00"]}"#, "at"),
            (#"{"every":"day","at":[]}"#, "at"),
            (#"{"every":"day","at":["08:00",8]}"#, "at[1]"),
            (#"{"every":"day","at":["08:00","25:00"]}"#, "at[1]"),
        ] {
            do {
                _ = try JSONDecoder().decode(Rule.self, from: Data(json.utf8))
                Issue.record("\(json) was read")
            } catch let error as DecodingError {
                guard case .dataCorrupted(let context) = error else {
                    Issue.record("\(json): \(error)")
                    continue
                }
                #expect(context.debugDescription.hasPrefix(path + ":"), "\(json): \(context.debugDescription)")
            } catch {
                Issue.record("\(json): \(error)")
            }
        }
    }

    /// On both engines: Foundation keys by its result's wall time, with the seconds too (mutation F6 of docs/testing.md's
    /// sixth run). Expected: tools/oracle/oracle.py occurrences --zone Europe/Berlin --rule '{"every":"day","at":["08:00","08:00:30"]}' --id pill.
    @Test("each date gives one slot per time, in order; keys name the date and time, seconds when not zero")
    func slotsAndKeys() throws {
        let schedule = try Schedule(
            id: "pill", rule: .daily(at: [Self.time("08:00"), Self.time("08:00:30")]), timeZone: Self.berlin,
            nonexistent: .skip, repeated: .first)
        var found: [Occurrence] = []
        for engine: any RecurrenceEngine in [CoreEngine(), FoundationEngine()] {
            found = try engine.occurrences(
                in: Window(after: Self.instant("2027-01-09T23:00:00Z"), through: Self.instant("2027-01-11T07:00:00Z")),
                of: schedule, limit: 10)
            #expect(found.map(\.date) == ["2027-01-10T07:00:00Z", "2027-01-10T07:00:30Z", "2027-01-11T07:00:00Z"].map(Self.instant), "\(engine.name)")
            #expect(found.map(\.key.rawValue) == ["pill/v1/2027-01-10T08:00", "pill/v1/2027-01-10T08:00:30", "pill/v1/2027-01-11T08:00"], "\(engine.name)")
        }
        #expect(found.last?.key == DedupKey(
            scheduleID: "pill", version: 1, date: CivilDate(year: 2027, month: 1, day: 11), time: Self.time("08:00")))
        // One time: the key stays the date.
        let one = try Schedule(id: "pill", rule: .daily(at: Self.time("08:00")), timeZone: Self.berlin, nonexistent: .skip, repeated: .first)
        #expect(try CoreEngine().next(after: Self.instant("2027-01-09T23:00:00Z"), in: one).key.rawValue == "pill/v1/2027-01-10")
    }

    @Test("the drop rule runs over slots in nominal order: a shifted earlier slot drops a later one")
    func dropRuleAcrossTimes() throws {
        // Berlin 2027-03-28: 02:30 shifted forward is 01:30Z; 03:10 exists, 01:10Z, not later: dropped.
        let schedule = try Schedule(
            id: "dose", rule: .daily(at: [Self.time("02:30"), Self.time("03:10")]), timeZone: Self.berlin,
            nonexistent: .shiftForward, repeated: .first)
        let engine = CoreEngine()
        let first = try engine.next(after: Self.instant("2027-03-27T23:00:00Z"), in: schedule)
        #expect(first.date == Self.instant("2027-03-28T01:30:00Z"))
        #expect(first.key.rawValue == "dose/v1/2027-03-28T02:30")
        #expect(first.resolution == .gap(.shiftForward))
        #expect(try engine.next(after: first.date, in: schedule).date == Self.instant("2027-03-29T00:30:00Z"))
        // From between the two, the dropped 01:10Z is still not an answer.
        #expect(try engine.next(after: Self.instant("2027-03-28T01:05:00Z"), in: schedule).date == Self.instant("2027-03-28T01:30:00Z"))
    }

    @Test("under both, a repeated time's later instant is keyed ~2 and the next time keeps its own key")
    func bothAcrossTimes() throws {
        let schedule = try Schedule(
            id: "w", rule: .weekly(on: [.sunday], at: [Self.time("01:30"), Self.time("02:30")]), timeZone: Self.newYork,
            nonexistent: .skip, repeated: .both)
        var cursor = Self.instant("2027-11-06T16:00:00Z")
        var found: [String] = []
        for _ in 0..<4 {
            let occurrence = try CoreEngine().next(after: cursor, in: schedule)
            found.append("\(occurrence.date.timeIntervalSince1970) \(occurrence.key)")
            cursor = occurrence.date
        }
        let expected = [("2027-11-07T05:30:00Z", "w/v1/2027-11-07T01:30"), ("2027-11-07T06:30:00Z", "w/v1/2027-11-07T01:30~2"),
                        ("2027-11-07T07:30:00Z", "w/v1/2027-11-07T02:30"), ("2027-11-14T06:30:00Z", "w/v1/2027-11-14T01:30")]
        #expect(found == expected.map { "\(Self.instant($0.0).timeIntervalSince1970) \($0.1)" })
    }

    @Test("the search bound counts each (date, time): two slots in the gap reach a bound of 2, the third is found with 3")
    func boundCountsSlots() throws {
        func schedule(limit: Int) throws -> Schedule {
            try Schedule(id: "b", rule: .daily(at: [Self.time("02:15"), Self.time("02:45")]), timeZone: Self.berlin,
                         nonexistent: .skip, repeated: .first, searchLimit: limit)
        }
        let cursor = Self.instant("2027-03-27T23:00:00Z")
        #expect(throws: RecurrenceError.self) { try CoreEngine().next(after: cursor, in: try schedule(limit: 2)) }
        #expect(try CoreEngine().next(after: cursor, in: try schedule(limit: 3)).date == Self.instant("2027-03-29T00:15:00Z"))
        do {
            _ = try CoreEngine().next(after: cursor, in: try schedule(limit: 2))
        } catch let error as RecurrenceError {
            guard case .searchLimitReached(let rule, let limit, _) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(rule == "every day at 02:15 and 02:45")
            #expect(limit == 2)
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test("a window ends at the bound as next(after:) does when a shifted-back date's finished slots outnumber 128")
    func boundCountsEveryFinishedSlotOfManyTimes() throws {
        // Sao Paulo, 2018-11-04: 00:00 at -03:00 becomes 01:00 at -02:00. 120 times, every 30 s from 00:00 to 00:59:30,
        // are all in the gap; shift-backward puts each on 11-03 at 23:xx (02:00:00Z … 02:59:30Z). next(after:) from
        // the k-th counts 11-03's 120 slots and the k - 1 before it, so a bound of 200 ends the window; a bound of 300
        // gives all 120. A walk that kept only 128 finished slots never reached 200 (mutation S10 of docs/testing.md's
        // sixth run). Expected: tools/oracle/oracle.py occurrences --zone America/Sao_Paulo --rule <the 120 times>
        // --nonexistent shift-backward --after 2018-11-03T12:00:00Z --through 2018-11-04T12:00:00Z --limit 200 / 300.
        let times = (0..<120).map { TimeOfDay(hour: 0, minute: $0 / 2, second: $0 % 2 * 30)! }
        func schedule(limit: Int) throws -> Schedule {
            try Schedule(id: "s", rule: .daily(at: times), timeZone: TimeZone(identifier: "America/Sao_Paulo")!,
                         nonexistent: .shiftBackward, repeated: .first, searchLimit: limit)
        }
        let window = Window(after: Self.instant("2018-11-03T12:00:00Z"), through: Self.instant("2018-11-04T12:00:00Z"))
        #expect(throws: RecurrenceError.self) { try CoreEngine().occurrences(in: window, of: try schedule(limit: 200), limit: 1000) }
        let all = try CoreEngine().occurrences(in: window, of: try schedule(limit: 300), limit: 1000)
        #expect(all.count == 120)
        #expect(all.first?.date == Self.instant("2018-11-04T02:00:00Z"))
        #expect(all.last?.date == Self.instant("2018-11-04T02:59:30Z"))
        #expect(all.last?.key.rawValue == "s/v1/2018-11-04T00:59:30")
    }

    @Test("a window equals repeated next(after:) for rules with many times a date")
    func windowEqualsSearches() throws {
        // 48 times, every half hour: across Berlin's spring gap and autumn overlap under each policy.
        let times = (0..<48).map { TimeOfDay(hour: $0 / 2, minute: $0 % 2 * 30)! }
        for nonexistent in NonexistentTimePolicy.allCases {
            for repeated in RepeatedTimePolicy.allCases {
                let schedule = try Schedule(id: "h", rule: .daily(at: times), timeZone: Self.berlin,
                                            nonexistent: nonexistent, repeated: repeated)
                for (after, through) in [("2027-03-27T12:00:00Z", "2027-03-29T00:00:00Z"), ("2027-10-30T12:00:00Z", "2027-11-01T00:00:00Z")] {
                    let window = Window(after: Self.instant(after), through: Self.instant(through))
                    let all = try CoreEngine().occurrences(in: window, of: schedule, limit: 1000)
                    var cursor = window.after
                    var searched: [Occurrence] = []
                    while true {
                        let next = try CoreEngine().next(after: cursor, in: schedule)
                        if next.date > window.through { break }
                        searched.append(next)
                        cursor = next.date
                    }
                    #expect(all == searched, "\(nonexistent) \(repeated) \(after)")
                    #expect(zip(all, all.dropFirst()).allSatisfy { $0.date < $1.date })
                }
            }
        }
    }
}
