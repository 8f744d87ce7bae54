import Foundation
import Testing
import Recurrence

/// The n-th weekday of a month (`DayOfMonth.weekday`, `on: last friday` in specs): the calendar arithmetic, the
/// phrase, the engines and the JSON. The specs in `specs/recurrence/nth-weekday/` check it across DST changes.
@Suite("The n-th weekday of a month")
struct NthWeekdayTests {
    /// Foundation's Gregorian calendar in UTC, asked independently of `CivilDate`.
    static let utcCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// From 1583: before 1582-10-15 Foundation's Gregorian calendar is Julian, the core's proleptic Gregorian
    /// (specs/foundation/julian-before-1582.yaml).
    @Test("CivilDate.day(of:) is the day Foundation's calendar counts, for months of 1583…2419")
    func dayOfOrdinalMatchesFoundation() throws {
        var mismatches: [String] = []
        for year in stride(from: 1583, through: 2419, by: 4) + [1900, 2000, 2027, 2100] {
            for month in 1...12 {
                // Foundation's own list of each weekday's dates in the month (its weekdays: Sunday = 1).
                var dates: [Int: [Int]] = [:]
                let first = try #require(Self.utcCalendar.date(from: DateComponents(year: year, month: month, day: 1)))
                let length = try #require(Self.utcCalendar.range(of: .day, in: .month, for: first)).count
                for day in 1...length {
                    let date = first.addingTimeInterval(Double(day - 1) * 86_400)
                    dates[Self.utcCalendar.component(.weekday, from: date), default: []].append(day)
                }
                for weekday in Weekday.allCases {
                    let list = dates[weekday.rawValue]!
                    for ordinal in WeekdayOrdinal.allCases {
                        let expected = ordinal == .last ? list.last : (ordinal.rawValue <= list.count ? list[ordinal.rawValue - 1] : nil)
                        let actual = CivilDate.day(of: ordinal, weekday, month: month, year: year)
                        if actual != expected { mismatches.append("\(year)-\(month) \(ordinal) \(weekday): \(String(describing: actual)) vs \(String(describing: expected))") }
                    }
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    @Test("a month has four or five of each weekday; only a fifth can be missing")
    func onlyTheFifthCanBeMissing() {
        for year in 2020...2031 {
            for month in 1...12 {
                for weekday in Weekday.allCases {
                    for ordinal in WeekdayOrdinal.allCases where ordinal != .fifth {
                        #expect(CivilDate.day(of: ordinal, weekday, month: month, year: year) != nil)
                    }
                }
                let fifths = Weekday.allCases.filter { CivilDate.day(of: .fifth, $0, month: month, year: year) != nil }
                #expect(fifths.count == CivilDate.daysIn(month: month, year: year) - 28)
            }
        }
    }

    @Test("the phrase: an ordinal and a weekday, any case, spaces or tabs between", arguments: [
        ("last friday", DayOfMonth.weekday(.last, .friday)),
        ("2nd Tue", .weekday(.second, .tuesday)),
        ("  Fourth\tTHURSDAY ", .weekday(.fourth, .thursday)),
        ("5th sun", .weekday(.fifth, .sunday)),
        ("first monday", .weekday(.first, .monday)),
    ])
    func phraseReads(text: String, day: DayOfMonth) {
        #expect(DayOfMonth(weekdayPhrase: text) == day)
    }

    @Test("not a phrase", arguments: ["friday", "last", "6th monday", "last fryday", "lst friday", "last-friday",
                                      "friday last", "last friday of the month", "-1 friday", "last 5", ""])
    func phraseRefused(text: String) {
        #expect(DayOfMonth(weekdayPhrase: text) == nil)
    }

    /// Australia/Lord_Howe changes by 30 minutes on the first Sunday of April (02:00 → 01:30: 01:30-02:00 twice) and
    /// of October (02:00 → 02:30: 02:00-02:30 skipped). Instants from `tools/oracle/oracle.py occurrences`.
    @Test("the first Sunday in Lord Howe meets the 30-minute overlap and gap, keyed by the slot's date")
    func lordHoweFirstSundays() throws {
        let zone = try #require(TimeZone(identifier: "Australia/Lord_Howe"))
        let overlap = try Schedule(
            id: "lh", rule: .monthly(day: .weekday(.first, .sunday), at: TimeOfDay(hour: 1, minute: 45)!),
            timeZone: zone, nonexistent: .skip, repeated: .both)
        let april = try overlap.occurrences(in: Window(after: Date(timeIntervalSince1970: 1_803_859_200),     // 2027-03-01T00:00Z
                                                       through: Date(timeIntervalSince1970: 1_809_129_600)))  // 2027-05-01T00:00Z
        #expect(april.map(\.date.timeIntervalSince1970) == [1_804_344_300, 1_806_763_500, 1_806_765_300])
        #expect(april.map(\.key.rawValue) == ["lh/v1/2027-03-07", "lh/v1/2027-04-04", "lh/v1/2027-04-04~2"])

        let gap = try Schedule(
            id: "lh", rule: .monthly(day: .weekday(.first, .sunday), at: TimeOfDay(hour: 2, minute: 15)!),
            timeZone: zone, nonexistent: .shiftForward, repeated: .first)
        var cursor = Date(timeIntervalSince1970: 1_819_584_000)   // 2027-08-30T00:00:00Z
        var found: [(Double, String, Occurrence.Resolution)] = []
        for _ in 1...3 {
            let next = try gap.next(after: cursor)
            found.append((next.date.timeIntervalSince1970, next.key.rawValue, next.resolution))
            cursor = next.date
        }
        #expect(found.map(\.0) == [1_820_072_700, 1_822_491_900, 1_825_514_100])
        #expect(found.map(\.1) == ["lh/v1/2027-09-05", "lh/v1/2027-10-03", "lh/v1/2027-11-07"])
        #expect(found[1].2 == .gap(.shiftForward))
    }

    @Test("JSON: 'on' holds the phrase, written in full words, and reads back equal")
    func coding() throws {
        let json = #"{"every": "month", "on": "2nd TUE", "at": "09:00", "missing-day": "skip"}"#
        let rule = try JSONDecoder().decode(Rule.self, from: Data(json.utf8))
        #expect(rule == .monthly(day: .weekday(.second, .tuesday), at: TimeOfDay(hour: 9, minute: 0)!, missingDay: .skip))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let written = String(decoding: try encoder.encode(rule), as: UTF8.self)
        #expect(written == #"{"at":"09:00","every":"month","missing-day":"skip","on":"second tuesday"}"#)
        let yearly = Rule.yearly(month: 11, day: .weekday(.fourth, .thursday), at: TimeOfDay(hour: 12, minute: 0)!)
        #expect(try JSONDecoder().decode(Rule.self, from: encoder.encode(yearly)) == yearly)
        #expect(String(decoding: try encoder.encode(DayOfMonth.weekday(.last, .friday)), as: UTF8.self) == #""last friday""#)
    }

    /// 2027 only: from 2028 on this toolchain's Foundation loses the first Sunday of March and some fourth Sundays of
    /// February, and adds a March 1 under `.nextTime` (specs/foundation/weekday-ordinal-february-march.yaml).
    @Test("the Foundation engine agrees with the core where it can be asked: first…fourth by weekdayOrdinal, a fifth period by period")
    func foundationAgrees() throws {
        let cases: [(String, Rule, NonexistentTimePolicy, RepeatedTimePolicy)] = [
            ("America/New_York", .monthly(day: .weekday(.second, .sunday), at: TimeOfDay(hour: 2, minute: 30)!), .nextValidTime, .first),
            ("America/New_York", .monthly(day: .weekday(.first, .sunday), at: TimeOfDay(hour: 1, minute: 30)!), .skip, .both),
            ("Europe/Berlin", .monthly(day: .weekday(.fifth, .sunday), at: TimeOfDay(hour: 2, minute: 30)!, missingDay: .lastDay), .shiftForward, .last),
            ("Europe/Berlin", .monthly(day: .weekday(.fifth, .monday), at: TimeOfDay(hour: 9, minute: 0)!, missingDay: .skip), .skip, .first),
            ("America/New_York", .yearly(month: 11, day: .weekday(.fourth, .thursday), at: TimeOfDay(hour: 12, minute: 0)!), .skip, .first),
            // February 2027 has four Sundays: last-day gives the 28th, 2027-02-28T08:00Z (tools/oracle/oracle.py); asked of
            // Foundation by weekdayOrdinal 5 it would wait for 2032 (mutation F9 of docs/testing.md's sixth run).
            ("Europe/Berlin", .yearly(month: 2, day: .weekday(.fifth, .sunday), at: TimeOfDay(hour: 9, minute: 0)!, missingDay: .lastDay), .skip, .first),
        ]
        let window = Window(after: Date(timeIntervalSince1970: 1_798_761_600),     // 2027-01-01T00:00Z
                            through: Date(timeIntervalSince1970: 1_830_297_600))   // 2028-01-01T00:00Z
        for (zone, rule, nonexistent, repeated) in cases {
            let schedule = try Schedule(id: "s", rule: rule, timeZone: #require(TimeZone(identifier: zone)), nonexistent: nonexistent, repeated: repeated)
            let core = try CoreEngine().occurrences(in: window, of: schedule, limit: 1000)
            let foundation = try FoundationEngine().occurrences(in: window, of: schedule, limit: 1000)
            #expect(!core.isEmpty, "\(rule)")
            #expect(foundation.map(\.date) == core.map(\.date), "\(rule) in \(zone)")
            #expect(foundation.map(\.key) == core.map(\.key), "\(rule) in \(zone)")
        }
    }
}
