import Foundation
import Recurrence
import SpecModel
@testable import SpecParser
import Testing

/// A cron line, a Quartz or EventBridge expression or an iCalendar RRULE pasted into `rule:`: one `foreign-rule` error
/// naming the rule that means the same (written here by hand from the notation's documentation), which applied as
/// written reads to that rule; a text no rule says is told why, with what to write instead.
@Suite struct ForeignRuleReadingTests {
    static func time(_ hour: Int, _ minute: Int = 0, _ second: Int = 0) -> TimeOfDay { TimeOfDay(hour: hour, minute: minute, second: second)! }

    /// The one error of a Berlin schedule whose rule is `text`, and its code.
    static func error(_ text: String) throws -> (message: String, code: String) {
        let errors = SteppedRuleReadingTests.parse(text).diagnostics.filter { $0.severity == .error }
        try #require(errors.count == 1, "\(errors.map(\.message))")
        return (errors[0].message, errors[0].code)
    }

    static let weekdays: [Weekday] = [.monday, .tuesday, .wednesday, .thursday, .friday]

    /// The wall times from `from` through `through` minutes into the day, `every` minutes apart, listed one by one.
    static func steps(from: Int, through: Int, every: Int) -> [TimeOfDay] {
        stride(from: from, through: through, by: every).map { time($0 / 60, $0 % 60) }
    }

    /// The rule text after ": write " in a message (`daily 02:30` or `{every: …}`), nil when it tells none.
    static func toldRule(_ message: String) -> String? {
        guard let written = message.range(of: ": write ").map({ String(message[$0.upperBound...]) }) else { return nil }
        if written.hasPrefix("'") { return String(written.dropFirst().prefix { $0 != "'" }) }
        // The map form up to its closing brace: times in steps nest a mapping inside it.
        var depth = 0
        for index in written.indices {
            if written[index] == "{" { depth += 1 }
            if written[index] == "}" { depth -= 1 }
            if depth == 0 { return String(written[...index]) }
        }
        return nil
    }

    @Test("a pasted expression is told the rule it means, and that rule, applied as written, reads to it", arguments: [
        // cron: minute hour day-of-month month day-of-week (0 or 7 = Sunday); crontab(5).
        (#""0 2 * * *""#, Rule.daily(at: [time(2)])),
        (#""30 2 * * 1-5""#, .weekly(on: weekdays, at: [time(2, 30)])),
        (#""0 8,20 * * *""#, .daily(at: [time(8), time(20)])),
        (#""0 */6 * * *""#, .daily(at: [time(0), time(6), time(12), time(18)])),
        (#""0 9 * * 7""#, .weekly(on: [.sunday], at: [time(9)])),
        (#""15 * * * *""#, .hourly(minute: 15)),
        (#""0 0 31 * *""#, .monthly(day: .day(31), at: [time(0)], missingDay: .skip)),
        (#""0 12 29 2 *""#, .yearly(month: 2, day: .day(29), at: [time(12)], missingDay: .skip)),
        (#""0 3 1 */3 *""#, .stepped(.monthly(day: .day(1), at: [time(3)]), every: 3, from: CivilDate(year: 2000, month: 1, day: 1))),
        (#""@weekly""#, .weekly(on: [.sunday], at: [time(0)])),
        (#""@yearly""#, .yearly(month: 1, day: .day(1), at: [time(0)])),
        (#""CRON_TZ=Europe/Berlin 45 23 * * fri /usr/local/bin/report""#, .weekly(on: [.friday], at: [time(23, 45)])),
        // Quartz: second minute hour day-of-month month day-of-week (1 = Sunday) [year]; Spring: 0 = Sunday.
        (#""0 15 10 ? * 6L""#, .monthly(day: .weekday(.last, .friday), at: [time(10, 15)])),
        (#""0 15 10 ? * 6#3""#, .monthly(day: .weekday(.third, .friday), at: [time(10, 15)])),
        (#""15 30 2 * * ?""#, .daily(at: [time(2, 30, 15)])),
        (#""0 0 12 L * ?""#, .monthly(day: .last, at: [time(12)])),
        (#""0 0 9 ? * 2""#, .weekly(on: [.monday], at: [time(9)])),
        // Spring: no `?` needed, Sunday 0 or 7 (migrating.md's table: Spring's `0 0 9 * * 1` is Quartz's `… ? * 2`).
        (#""0 0 9 * * 1""#, .weekly(on: [.monday], at: [time(9)])),
        (#""0 0 9 * * 0""#, .weekly(on: [.sunday], at: [time(9)])),
        (#""0 0 9 * * 1-5""#, .weekly(on: weekdays, at: [time(9)])),
        (#"'@Scheduled(cron = "0 30 2 * * *", zone = "Europe/Zurich")'"#, .daily(at: [time(2, 30)])),
        // Trailing text after the fields: a comment, a zone.
        (#""0 0 12 * * ? # noon""#, .daily(at: [time(12)])),
        (#""0 0 9 * * MON-FRI Europe/Berlin""#, .weekly(on: weekdays, at: [time(9)])),
        (#""0 0 12 ? * L""#, .weekly(on: [.saturday], at: [time(12)])),
        // cron: both day fields restricted (neither starts with `*`), one of them every day: either matching is enough.
        (#""0 0 1 * 0-6""#, .daily(at: [time(0)])),
        (#""0 0 1-31 * *""#, .daily(at: [time(0)])),
        // EventBridge: minute hour day-of-month month day-of-week (1 = Sunday) year.
        (#""cron(0 10 ? * 3#2 *)""#, .monthly(day: .weekday(.second, .tuesday), at: [time(10)])),
        (#""0 2 * * ? *""#, .daily(at: [time(2)])),
        // iCalendar (RFC 5545).
        (#""FREQ=DAILY;BYHOUR=2;BYMINUTE=30""#, .daily(at: [time(2, 30)])),
        (#""RRULE:FREQ=WEEKLY;BYDAY=MO,TH;BYHOUR=9;BYMINUTE=0""#, .weekly(on: [.monday, .thursday], at: [time(9)])),
        (#""FREQ=MONTHLY;BYDAY=-1FR;BYHOUR=18;BYMINUTE=0""#, .monthly(day: .weekday(.last, .friday), at: [time(18)])),
        (#""FREQ=MONTHLY;BYMONTHDAY=-1;BYHOUR=23;BYMINUTE=30""#, .monthly(day: .last, at: [time(23, 30)])),
        (#""FREQ=MONTHLY;BYMONTHDAY=31;BYHOUR=1;BYMINUTE=0""#, .monthly(day: .day(31), at: [time(1)], missingDay: .skip)),
        (#""FREQ=YEARLY;BYMONTH=11;BYDAY=4TH;BYHOUR=12;BYMINUTE=0""#, .yearly(month: 11, day: .weekday(.fourth, .thursday), at: [time(12)])),
        (#""FREQ=MONTHLY;BYDAY=5FR;BYHOUR=9;BYMINUTE=0""#, .monthly(day: .weekday(.fifth, .friday), at: [time(9)], missingDay: .skip)),
        (#""FREQ=HOURLY;BYMINUTE=15""#, .hourly(minute: 15)),
        (#""DTSTART;TZID=Europe/Berlin:20270104T093000 RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO""#,
         .stepped(.weekly(on: [.monday], at: [time(9, 30)]), every: 2, from: CivilDate(year: 2027, month: 1, day: 4))),
        (#""DTSTART;TZID=Europe/Berlin:20270115T080000 RRULE:FREQ=MONTHLY;INTERVAL=3""#,
         .stepped(.monthly(day: .day(15), at: [time(8)]), every: 3, from: CivilDate(year: 2027, month: 1, day: 15))),
        (#"{freq: daily, byhour: [8, 20], byminute: 0}"#, .daily(at: [time(8), time(20)])),
        // DTSTART as a key; the first date on or after DTSTART in a period the step reaches (DTSTART a Wednesday).
        (#"{freq: weekly, interval: 2, byday: MO, byhour: 9, byminute: 0, dtstart: 2027-01-04}"#,
         .stepped(.weekly(on: [.monday], at: [time(9)]), every: 2, from: CivilDate(year: 2027, month: 1, day: 4))),
        (#""DTSTART;TZID=Europe/Berlin:20270106T090000 RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO""#,
         .stepped(.weekly(on: [.monday], at: [time(9)]), every: 2, from: CivilDate(year: 2027, month: 1, day: 18))),
        // FREQ=YEARLY counts BYDAY within the year: its last Friday is December's, its second Monday January's.
        (#""DTSTART;TZID=Europe/Berlin:20270601T090000 RRULE:FREQ=YEARLY;BYDAY=-1FR""#, .yearly(month: 12, day: .weekday(.last, .friday), at: [time(9)])),
        (#""DTSTART;TZID=Europe/Berlin:20270601T090000 RRULE:FREQ=YEARLY;BYDAY=2MO""#, .yearly(month: 1, day: .weekday(.second, .monday), at: [time(9)])),
        (#""FREQ=MONTHLY;BYDAY=FR;BYSETPOS=-1;BYHOUR=17;BYMINUTE=0""#, .monthly(day: .weekday(.last, .friday), at: [time(17)])),
        // BYSETPOS counts the period's instants, dates then times (RFC 5545 §3.3.10): each row equals python-dateutil's
        // rrule over 2000–2399, every month of the Gregorian cycle.
        (#""FREQ=MONTHLY;BYDAY=FR;BYSETPOS=-1;BYHOUR=9,17;BYMINUTE=0""#, .monthly(day: .weekday(.last, .friday), at: [time(17)])),
        (#""FREQ=MONTHLY;BYDAY=FR;BYHOUR=9,17;BYSETPOS=3;BYMINUTE=0""#, .monthly(day: .weekday(.second, .friday), at: [time(9)])),
        (#""FREQ=MONTHLY;BYDAY=4TH,-1TH;BYSETPOS=1;BYHOUR=9;BYMINUTE=0""#, .monthly(day: .weekday(.fourth, .thursday), at: [time(9)])),
        (#""FREQ=MONTHLY;BYDAY=4TH,-1TH;BYSETPOS=-1;BYHOUR=9;BYMINUTE=0""#, .monthly(day: .weekday(.last, .thursday), at: [time(9)])),
        (#""FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1;BYHOUR=9;BYMINUTE=0""#, .monthly(day: .last, at: [time(9)])),
        (#""FREQ=MONTHLY;BYDAY=FR;BYSETPOS=5;BYHOUR=9;BYMINUTE=0""#, .monthly(day: .weekday(.fifth, .friday), at: [time(9)], missingDay: .skip)),
        (#""FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=28,29;BYSETPOS=-1;BYHOUR=9;BYMINUTE=0""#, .yearly(month: 2, day: .last, at: [time(9)])),
        // FREQ=MINUTELY (SECONDLY, HOURLY with an INTERVAL) limited by BYHOUR: DTSTART's grid in those hours, as
        // python-dateutil gives them on 2027-01-05.
        (#""FREQ=MINUTELY;INTERVAL=30;BYHOUR=8,9,10,11,12,13,14,15,16,17;BYDAY=MO,TU,WE,TH,FR""#,
         .weekly(on: weekdays, at: steps(from: 8 * 60, through: 17 * 60 + 30, every: 30))),
        (#""FREQ=HOURLY;INTERVAL=2;BYHOUR=8,9,10,11,12""#, .daily(at: [time(8), time(10), time(12)])),
        // BYSETPOS of a day, an hour or a minute picks among that period's wall times: each row equals
        // python-dateutil's rrule from 2027-01-01 00:00 over two days.
        (#""FREQ=DAILY;BYHOUR=9,17;BYSETPOS=-1;BYMINUTE=0""#, .daily(at: [time(17)])),
        (#""FREQ=DAILY;BYHOUR=9,17;BYMINUTE=0,30;BYSETPOS=3""#, .daily(at: [time(17)])),
        (#""FREQ=HOURLY;BYHOUR=8,9;BYMINUTE=0,30;BYSETPOS=1""#, .daily(at: [time(8), time(9)])),
        (#""FREQ=HOURLY;BYMINUTE=15,45;BYSETPOS=-1""#, .hourly(minute: 45, second: 0)),
        (#""FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR;BYHOUR=8,12,18;BYSETPOS=2;BYMINUTE=0""#, .weekly(on: weekdays, at: [time(12)])),
        (#""FREQ=MINUTELY;INTERVAL=30;BYHOUR=8,9;BYSETPOS=1""#, .daily(at: steps(from: 8 * 60, through: 9 * 60 + 30, every: 30))),
        // A week's instants are its weekdays from WKST, then its times (dateutil agrees past the first week, which it
        // counts from DTSTART on).
        (#""FREQ=WEEKLY;BYDAY=MO,FR;BYSETPOS=-1;BYHOUR=9;BYMINUTE=0""#, .weekly(on: [.friday], at: [time(9)])),
        (#""FREQ=WEEKLY;BYDAY=MO,SU;BYSETPOS=1;WKST=SU;BYHOUR=9;BYMINUTE=0""#, .weekly(on: [.sunday], at: [time(9)])),
        (#""DTSTART;TZID=Europe/Berlin:20270105T093000 RRULE:FREQ=WEEKLY;BYHOUR=9,17;BYSETPOS=-1""#, .weekly(on: [.tuesday], at: [time(17, 30)])),
        // FREQ=YEARLY with BYMONTHDAY and no BYMONTH is every month's day (it was DTSTART's month only); a differential
        // with dateutil found it.
        (#""DTSTART;TZID=Europe/Berlin:20261116T000000 RRULE:FREQ=YEARLY;BYMONTHDAY=13;BYHOUR=8""#, .monthly(day: .day(13), at: [time(8)])),
        (#""FREQ=YEARLY;BYMONTHDAY=-1;BYHOUR=8;BYMINUTE=0""#, .monthly(day: .last, at: [time(8)])),
        // FREQ=MINUTELY;BYMINUTE=16 runs once an hour (it was told an interval of a minute).
        (#""FREQ=MINUTELY;BYMINUTE=16""#, .hourly(minute: 16, second: 0)),
        (#""DTSTART;TZID=Europe/Berlin:20270104T093000 RRULE:FREQ=MINUTELY;INTERVAL=20;BYHOUR=9,10""#,
         .daily(at: steps(from: 9 * 60 + 10, through: 10 * 60 + 50, every: 20))),
        (#""FREQ=SECONDLY;INTERVAL=30;BYHOUR=9""#, .daily(at: stride(from: 0, to: 3600, by: 30).map { time(9, $0 / 60, $0 % 60) })),
        // BYMINUTE and BYSECOND limit or expand as RFC 5545's table says (the re-review's MINUTELY with BYMINUTE=0).
        (#""FREQ=MINUTELY;BYHOUR=9,10;BYMINUTE=0""#, .daily(at: [time(9), time(10)])),
        (#""FREQ=HOURLY;INTERVAL=2;BYHOUR=8,10,12;BYMINUTE=0,30""#, .daily(at: [time(8), time(8, 30), time(10), time(10, 30), time(12), time(12, 30)])),
        (#""FREQ=SECONDLY;INTERVAL=30;BYHOUR=9;BYMINUTE=5;BYSECOND=30""#, .daily(at: [time(9, 5, 30)])),
        (#"{rrule: "FREQ=DAILY;BYHOUR=2;BYMINUTE=30"}"#, .daily(at: [time(2, 30)])),
        (#""FREQ=YEARLY;BYYEARDAY=-1;BYHOUR=23;BYMINUTE=0""#, .yearly(month: 12, day: .day(31), at: [time(23)])),
        // The thirty-first session's RRULEs one rule says (each equal to python-dateutil's rrule over 2027 in Berlin,
        // both changes included, under 'shift-forward' and 'first'): every listed weekday of a year, the same
        // minutes of every hour, a weekday on seven days in a row of the month, the one listed month with the day.
        (#""FREQ=YEARLY;BYDAY=MO,FR;BYHOUR=2;BYMINUTE=30""#, .weekly(on: [.monday, .friday], at: [time(2, 30)])),
        (#""FREQ=HOURLY;BYMINUTE=5,20,45""#, .daily(at: (0..<24).flatMap { hour in [time(hour, 5), time(hour, 20), time(hour, 45)] })),
        (#""FREQ=MINUTELY;BYMINUTE=0,16""#, .daily(at: (0..<24).flatMap { hour in [time(hour), time(hour, 16)] })),
        (#""FREQ=HOURLY;BYDAY=MO,FR;BYMINUTE=0""#, .weekly(on: [.monday, .friday], at: (0..<24).map { time($0) })),
        // Evenly spaced minutes of every hour too (they were told an interval, which gives a repeated hour's 02:30
        // twice where RFC 5545 and dateutil give it once).
        (#""FREQ=HOURLY;BYMINUTE=0,30""#, .daily(at: steps(from: 0, through: 23 * 60 + 30, every: 30))),
        (#""FREQ=MINUTELY;BYMINUTE=0,30""#, .daily(at: steps(from: 0, through: 23 * 60 + 30, every: 30))),
        (#""FREQ=HOURLY;BYMINUTE=0,5,10,15,20,25,30,35,40,45,50,55""#, .daily(at: steps(from: 0, through: 23 * 60 + 55, every: 5))),
        (#""DTSTART;TZID=Europe/Berlin:20270101T090700 RRULE:FREQ=MINUTELY;BYMINUTE=0,30""#, .daily(at: steps(from: 0, through: 23 * 60 + 30, every: 30))),
        // Steps kept to some weekdays are those days' steps (python-dateutil's, both changes of 2027 in Berlin).
        (#""FREQ=MINUTELY;INTERVAL=30;BYDAY=SA,SU""#, .weekly(on: [.saturday, .sunday], at: steps(from: 0, through: 23 * 60 + 30, every: 30))),
        (#""FREQ=HOURLY;INTERVAL=2;BYDAY=TU;BYMINUTE=45""#, .weekly(on: [.tuesday], at: steps(from: 45, through: 22 * 60 + 45, every: 120))),
        (#""FREQ=MINUTELY;INTERVAL=2;BYDAY=TU;BYMINUTE=0,15,30""#, .weekly(on: [.tuesday], at: steps(from: 0, through: 23 * 60 + 30, every: 30))),
        (#""FREQ=MONTHLY;BYDAY=SU;BYMONTHDAY=-1,-2,-3,-4,-5,-6,-7;BYHOUR=2;BYMINUTE=30""#, .monthly(day: .weekday(.last, .sunday), at: [time(2, 30)])),
        (#""FREQ=YEARLY;BYMONTH=3;BYDAY=SU;BYMONTHDAY=8,9,10,11,12,13,14;BYHOUR=2;BYMINUTE=0""#, .yearly(month: 3, day: .weekday(.second, .sunday), at: [time(2)])),
        (#""FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=29,30,31;BYHOUR=9;BYMINUTE=0""#, .monthly(day: .weekday(.fifth, .friday), at: [time(9)], missingDay: .skip)),
        (#""FREQ=YEARLY;BYDAY=SU;BYMONTHDAY=-1,-2,-3,-4,-5,-6,-7;BYHOUR=9;BYMINUTE=0""#, .monthly(day: .weekday(.last, .sunday), at: [time(9)])),
        (#""FREQ=YEARLY;BYMONTH=4,10;BYMONTHDAY=31;BYHOUR=9;BYMINUTE=0""#, .yearly(month: 10, day: .day(31), at: [time(9)])),
        // Monday and Friday share a week whichever day starts it: WKST=SU changes nothing.
        (#""DTSTART;TZID=Europe/Berlin:20270104T090000 RRULE:FREQ=WEEKLY;INTERVAL=2;WKST=SU;BYDAY=MO,FR""#,
         .stepped(.weekly(on: [.monday, .friday], at: [time(9)]), every: 2, from: CivilDate(year: 2027, month: 1, day: 4))),
        // Outlook's TZID holds spaces: DTSTART's time survives them (the re-audit: it was 09:00, a stand-in).
        (#""DTSTART;TZID=W. Europe Standard Time:20270104T143000 RRULE:FREQ=WEEKLY;BYDAY=MO""#, .weekly(on: [.monday], at: [time(14, 30)])),
        // Spring ANDs its day fields: days 1-7 and one weekday are its first of the month.
        (#""0 0 6 1-7 * MON""#, .monthly(day: .weekday(.first, .monday), at: [time(6)])),
        (#""0 0 12 ? * 0""#, .weekly(on: [.sunday], at: [time(12)])),
        (#""0 0 9 L-0 * ?""#, .monthly(day: .last, at: [time(9)])),
        (#""0 0 9 * * 1 America/New_York""#, .weekly(on: [.monday], at: [time(9)])),
        // cron: months evenly spread over the year, listed, are a stepped rule as their step is.
        (#""0 3 1 1,4,7,10 *""#, .stepped(.monthly(day: .day(1), at: [time(3)]), every: 3, from: CivilDate(year: 2000, month: 1, day: 1))),
        // systemd's OnCalendar= (systemd.time(7)): [weekdays] [year-]month-day [time] [zone]; weekdays and date both match.
        (#""OnCalendar=*-*-* 02:00:00 America/New_York""#, .daily(at: [time(2)])),
        (#""Mon..Fri 09:00""#, .weekly(on: weekdays, at: [time(9)])),
        (#""OnCalendar=weekly""#, .weekly(on: [.monday], at: [time(0)])),
        (#""OnCalendar=quarterly""#, .stepped(.monthly(day: .day(1), at: [time(0)]), every: 3, from: CivilDate(year: 2000, month: 1, day: 1))),
        (#""Mon *-05~07/1 09:00""#, .yearly(month: 5, day: .weekday(.last, .monday), at: [time(9)])),
        (#""*-*~01 23:30 Europe/Berlin""#, .monthly(day: .last, at: [time(23, 30)])),
        (#""Mon *-*-1..7 04:00""#, .monthly(day: .weekday(.first, .monday), at: [time(4)])),
        (#""*-*-* 02/4:30:00""#, .daily(at: [time(2, 30), time(6, 30), time(10, 30), time(14, 30), time(18, 30), time(22, 30)])),
        // Long evenly spaced runs of times are told as times in steps, which read back to the same list.
        (#""*/30 8-17 * * 1-5""#, .weekly(on: weekdays, at: steps(from: 8 * 60, through: 17 * 60 + 30, every: 30))),
        (#""0,30 8-11,14-17 * * *""#, .daily(at: steps(from: 8 * 60, through: 11 * 60 + 30, every: 30) + steps(from: 14 * 60, through: 17 * 60 + 30, every: 30))),
        (#""*/15 * * * 1-5""#, .weekly(on: weekdays, at: steps(from: 0, through: 23 * 60 + 45, every: 15))),
        (#""*-02-29 12:00""#, .yearly(month: 2, day: .day(29), at: [time(12)], missingDay: .skip)),
        (#""OnCalendar=hourly""#, .hourly(minute: 0)),
        (#""OnCalendar = Sat,Sun 10:00 UTC""#, .weekly(on: [.saturday, .sunday], at: [time(10)])),
        (#"{OnCalendar: "monday,wed..fri *-*-* 9:00"}"#, .weekly(on: [.monday, .wednesday, .thursday, .friday], at: [time(9)])),
        // A zone at the end makes weekdays or a shorthand systemd's; days 29-31 on a weekday are its fifth.
        (#""monthly Europe/Berlin""#, .monthly(day: .day(1), at: [time(0)])),
        (#""Wed,Sat 00:30:00 Europe/Berlin""#, .weekly(on: [.wednesday, .saturday], at: [time(0, 30)])),
        (#""Mon *-*-29..31 09:00""#, .monthly(day: .weekday(.fifth, .monday), at: [time(9)], missingDay: .skip)),
    ])
    func pastedExpressionToldItsRule(pasted: String, rule: Rule) throws {
        let (message, code) = try Self.error(pasted)
        #expect(code == "foreign-rule")
        #expect(message.contains(": write \(ForeignRule.quoted(rule))"), "\(message)")
        #expect(try SteppedRuleReadingTests.rule(rule.description) == rule)
    }

    @Test("a minute step of every hour is the nearest interval, from a quarter hour of 2000 in the schedule's zone", arguments: [
        (#""*/15 * * * *""#, "'every 15m from 2000-01-01T00:00:00+01:00'"),
        (#""5/20 * * * *""#, "'every 20m from 2000-01-01T00:05:00+01:00'"),
        (#""FREQ=MINUTELY;INTERVAL=30""#, "'every 30m from 2000-01-01T00:00:00+01:00'"),
        (#""*:0/15""#, "'every 15m from 2000-01-01T00:00:00+01:00' (systemd runs each wall time of a repeated hour once"),
        (#""rate(1 day)""#, "'every 24h from 2000-01-01T00:00:00+01:00'"),
        (#""0 0/15 * * * ?""#, "'every 15m from 2000-01-01T00:00:00+01:00' (Quartz fires each wall time of a repeated hour once"),
    ])
    func minuteStepsAreIntervals(pasted: String, told: String) throws {
        let (message, _) = try Self.error(pasted)
        #expect(message.contains(told), "\(message)")
        let interval = String(told.split(separator: "'")[0])
        if case .interval = try SteppedRuleReadingTests.rule(interval) {} else { Issue.record("\(interval) is no interval rule") }
    }

    @Test("a text no rule says is told why, with what to write instead", arguments: [
        (#""30 4 1,15 * 5""#, "cron runs it on a day when either its day of the month (1,15) or its weekday (5) matches"),
        (#""0 2 1,15 * *""#, #"write one spec per day: 'rule: {every: month, day: 1, at: "02:00"}' and 'rule: {every: month, day: 15, at: "02:00"}'"#),
        (#""*/7 * * * *""#, "it runs at several minutes past every hour (*/7)"),
        (#""0 2 * 12 *""#, "it runs every day of some months only (December)"),
        (#""0 0 12 15W * ?""#, "'15W' is the weekday (Monday to Friday) nearest the month's day 15, which no rule selects"),
        (#""0 0 */2 * 1""#, "cron runs it on days where both its day of the month (*/2) and its weekday (1) match"),
        (#""0 0 12 13 * FRI""#, "Spring runs it on days where both its day of the month (13) and its weekday (FRI) match"),
        (#""DTSTART;TZID=America/New_York:20270103T090000 RRULE:FREQ=WEEKLY;INTERVAL=2;WKST=SU;BYDAY=SU,MO""#,
         #"'rule: {every: 2 weeks, on: [sunday], at: "09:00", from: 2027-01-03}' and 'rule: {every: 2 weeks, on: [monday], at: "09:00", from: 2027-01-04}'"#),
        (#""@reboot""#, "a restart is a lifecycle scenario's 'relaunch' step"),
        (#""FREQ=MONTHLY;BYDAY=-2FR""#, "BYDAY=-2FR counts a weekday from the period's start or end in a way no rule does"),
        (#""FREQ=MONTHLY;BYDAY=1MO,3MO""#, "{every: month, on: first monday, …} and {every: month, on: third monday, …}"),
        (#""FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1""#, "BYSETPOS=-1 selects the last of the dates each period gives, which no rule does"),
        (#""FREQ=DAILY;BYHOUR=9,17;BYSETPOS=3""#, "BYSETPOS=3 picks past the 2 instants each day gives, so the RRULE gives nothing at all"),
        (#""FREQ=WEEKLY;BYDAY=MO,FR;BYSETPOS=3""#, "BYSETPOS=3 picks past the 2 instants each week gives, so the RRULE gives nothing at all"),
        (#""FREQ=MINUTELY;BYMINUTE=0,1,3,7,15,31,40""#, "it runs at several minutes of every hour (BYMINUTE=0,1,3,7,15,31,40), not evenly spaced"),
        // Past every month's instants (dateutil gives nothing); months that lack the day; a value out of range named.
        (#""FREQ=MONTHLY;BYDAY=FR;BYSETPOS=6""#, "BYSETPOS=6 picks past the 5 instants each month gives at most, so the RRULE gives nothing at all"),
        (#""FREQ=YEARLY;BYMONTH=2,6;BYMONTHDAY=31""#, "February and June have no day 31, so the RRULE never runs"),
        (#""FREQ=DAILY;BYHOUR=25""#, "BYHOUR=25 holds 25, out of 0 to 23; correct the RRULE first"),
        (#""FREQ=MINUTELY;BYDAY=MO;BYMINUTE=75""#, "BYMINUTE=75 holds 75, out of 0 to 59"),
        (#""FREQ=YEARLY;BYDAY=MO;BYMONTH=3""#, "it runs on every day or weekday of some months only (March)"),
        (#""FREQ=HOURLY;BYMONTH=10;BYMINUTE=15,20""#, "it runs on every day or weekday of some months only (October)"),
        (#""FREQ=MINUTELY;INTERVAL=7;BYDAY=MO""#, "its steps of 7 minutes do not divide the day"),
        (#""FREQ=YEARLY;INTERVAL=2;BYMONTHDAY=1""#, "runs on day 1 of every month, in one year of every 2, which no rule does; write the monthly rule, {every: month, day: 1, …}"),
        (#""FREQ=YEARLY;INTERVAL=2;BYDAY=SU;BYMONTHDAY=-1,-2,-3,-4,-5,-6,-7""#, "runs on the last sunday of every month, in one year of every 2"),
        // An INTERVAL past Int, or in other digits, was dropped and read as 1 (a crash hunt's): told as written.
        (#""FREQ=WEEKLY;INTERVAL=9223372036854775808;BYDAY=MO""#, "INTERVAL=9223372036854775808 is more periods than a rule steps (1 to 1000 for FREQ=WEEKLY)"),
        (#""FREQ=DAILY;INTERVAL=٣""#, "INTERVAL=٣ is not a whole number of periods"),
        (#""FREQ=MINUTELY;INTERVAL=7;BYHOUR=9""#, "its steps of 7 minutes do not divide the day, so the wall times change from day to day"),
        (#""FREQ=MINUTELY;INTERVAL=15;BYHOUR=9;BYMONTHDAY=1""#, "FREQ=MINUTELY with BYHOUR and BYMONTHDAY runs at times no rule selects"),
        (#""FREQ=MINUTELY;INTERVAL=15;BYHOUR=9;BYMONTH=1""#, "it runs on every day or weekday of some months only (January)"),
        (#""FREQ=MONTHLY;BYDAY=SA,SU;BYSETPOS=1""#, "BYSETPOS=1 selects the first of the dates each period gives, which no rule does"),
        (#""FREQ=MONTHLY;BYDAY=FR;BYSETPOS=1,-1""#, "BYSETPOS=1,-1 selects the first and last of the dates each period gives, which no rule does"),
        (#""FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13;BYSETPOS=1""#, "BYSETPOS=1 selects the first of the dates each period gives, which no rule does"),
        (#""FREQ=MONTHLY;BYMONTHDAY=-2""#, "BYMONTHDAY=-2 counts from the month's end, and a rule has only its last day"),
        (#""*-*~03 10:00""#, "'~03' is 2 days before the month's last day, which no rule selects"),
        (#""Fri *-*-13 13:00""#, "systemd runs it on days where both its day of the month (13) and its weekday (Fri) match"),
        (#""*-*-1,15 9:00""#, "it runs on several days of the month (1,15), and a monthly rule has one day"),
        // The months a refusal's days keep to are named; a year too; a day-by-day rule is given for some months.
        (#""Thursday..Saturday *-02-29""#, "both its day of the month (29) and its weekday (Thursday..Saturday) match, in February only, which no rule selects"),
        (#""*-05~03 01:00""#, "'~03' is 2 days before the month's last day, in May only, which no rule selects"),
        (#""2027-03-* 3:15""#, "it runs every day of some months only (March); write the rule for every month, 'daily 03:15', with a window inside those months. It runs in 2027 only"),
        (#""*-*-1,15 *:*""#, "it runs on several days of the month (1,15), and a monthly rule has one day"),
        // Several weekdays' n-th: one spec per weekday.
        (#""Sat,Sun *-*~07/1 10:00""#, #"it runs on the last sunday and last saturday of the month, and a rule names one weekday of the month; write one spec for each: 'rule: {every: month, on: last sunday, at: "10:00"}' and 'rule: {every: month, on: last saturday, at: "10:00"}'"#),
        (#""Mon,Fri *-*-1..7 08:00""#, "it runs on the first monday and first friday of the month"),
        // Days of one month are yearly rules: a monthly one would run every month.
        // Named as systemd's but not read (a repetition that never repeats, which systemd refuses too).
        (#""OnCalendar=*-*-15/20 09:00""#, "it does not read as one of systemd.time(7)'s calendar events; run 'systemd-analyze calendar' on it"),
        (#""OnCalendar=*-*-* 20/5:00""#, "paste the 'Normalized form' it prints"),
        (#""*-05-25..31 01:00""#, #"(25..31), in May only, and a monthly rule has one day; write one spec per day: 'rule: {every: year, month: 5, day: 25, at: "01:00"}'"#),
    ])
    func unsayableTextToldWhy(pasted: String, told: String) throws {
        let (message, code) = try Self.error(pasted)
        #expect(code == "foreign-rule")
        #expect(message.contains("no rule says the same"), "\(message)")
        #expect(message.contains(told), "\(message)")
    }

    @Test("an RRULE to correct first gets no note on the stand-ins of a rule it does not have", arguments: [
        #""FREQ=DAILY;BYHOUR=25""#, #""FREQ=DAILY;BYMINUTE=x""#, #""FREQ=YEARLY;BYMONTH=2,6;BYMONTHDAY=31""#,
    ])
    func correctFirstHasNoStandIns(pasted: String) throws {
        let (message, _) = try Self.error(pasted)
        #expect(message.hasSuffix("correct the RRULE first"), "\(message)")
    }

    @Test("the notes: the zone, the command, COUNT and UNTIL, and what the scheduler does at a change", arguments: [
        (#""CRON_TZ=America/New_York 0 3 * * 0 /usr/bin/backup.sh""#,
         ["Its zone goes in 'timezone: America/New_York'", "The rest of the line ('/usr/bin/backup.sh') is not part of the schedule (a crontab's user and command)", "(docs/migrating.md#cron)"]),
        (#""DTSTART;TZID=America/New_York:20270106T093000 RRULE:FREQ=DAILY;COUNT=10;UNTIL=20270201T000000Z""#,
         ["'timezone: America/New_York'", "list the 10 instants in 'expect'", "UNTIL=20270201T000000Z is where the window's 'through' goes",
          "'nonexistent: shift-forward', 'repeated: first'"]),
        (#""FREQ=DAILY""#, ["the rule above uses 09:00 for its time of day; write DTSTART's instead"]),
        (#""FREQ=DAILY;BYMINUTE=22,23""#, ["the rule above uses hour 9 for its hour; write DTSTART's instead"]),
        (#""DTSTART;TZID=America/New_York:20270314T023000 RRULE:FREQ=DAILY""#, ["The RRULE gives nothing before its DTSTART (2027-03-14 02:30): start the window there"]),
        (#""DTSTART;TZID=Romance Standard Time:20270104T143000 RRULE:FREQ=DAILY""#, ["Its TZID 'Romance Standard Time' is a Windows zone name: write the IANA name it stands for in 'timezone:' (Romance Standard Time is Europe/Paris)"]),
        (#""0 0 9 * * 1 America/New_York""#, ["Its zone goes in 'timezone: America/New_York'"]),
        // A comment or a command starting with a sign after five fields is trailing text, not a sixth field.
        (#""0 2 * * * # nightly""#, ["The rest of the line ('# nightly') is not part of the schedule"]),
        (#""0 2 * * * - backup""#, ["The rest of the line ('- backup') is not part of the schedule"]),
        (#""cron(0 2 * * ? *)""#, ["'nonexistent: skip', 'repeated: first' (docs/migrating.md#aws-eventbridge-scheduler)"]),
        (#""OnCalendar=Mon..Fri 09:00 Europe/Berlin""#, ["Its zone goes in 'timezone: Europe/Berlin'", "'nonexistent: skip', 'repeated: first' (as systemd-analyze calendar computes it; docs/migrating.md#systemd-timers)"]),
        (#""2027-*-01 06:00""#, ["where the calendar event's year is 2027"]),
        (#""cron(0 9 ? * 2-6)""#, ["write 'weekly mon,tue,wed,thu,fri 09:00'", "EventBridge refuses it: its cron(…) has six fields, the year last; the rule reads it as cron(0 9 ? * 2-6 *)"]),
        (#""cron(30 2 * * *)""#, ["write 'daily 02:30'", "the rule reads it as cron(30 2 * * ? *)"]),
        // Pasted as the tool writes it: a CronJob's two fields, GitHub Actions' list, systemd's key.
        (#"{schedule: "30 2 * * *", timeZone: Australia/Sydney}"#, ["write 'daily 02:30'", "Its zone goes in 'timezone: Australia/Sydney'",
                                                                    "A Kubernetes CronJob ('schedule' with 'timeZone') skips a wall time in a gap and runs a repeated one on both passes: 'nonexistent: skip', 'repeated: both'"]),
        (#"{cron: "0 2 * * *", tz: Europe/Berlin}"#, ["write 'daily 02:00'", "Its zone goes in 'timezone: Europe/Berlin'", "What cron does when the clocks change"]),
        (#"[{cron: "30 5 * * 1-5"}]"#, ["write 'weekly mon,tue,wed,thu,fri 05:30'", "A list of 'cron:' entries is GitHub Actions' 'on: schedule', which reads them in UTC"]),
        (#"{OnCalendar: daily}"#, ["'OnCalendar=daily' is a systemd calendar event, not a rule: write 'daily 00:00'"]),
        // The scheduler a tool's YAML names decides the clock-change note, hourly rules too; a zone key is a TZID.
        (#"{schedule: "0 * * * *", timeZone: Europe/Berlin}"#, ["An hourly rule needs both policies too: A Kubernetes CronJob"]),
        (#"[{cron: "0 * * * *"}]"#, ["'timezone: UTC'. In UTC no wall time is skipped or repeated"]),
        (#"{rrule: "FREQ=DAILY;BYHOUR=2;BYMINUTE=0", tzid: W. Europe Standard Time}"#, ["(W. Europe Standard Time is Europe/Berlin)"]),
        (#""*-*-* 02/4:30:00""#, ["systemd 252 computes a repetition of hours wrongly on some days", "on the first of a month, and on the day the clocks go back",
                                  "('*-*-* 1/5:00 UTC': 2027-02-01 06:00, not 01:00)", "from 22:30 on 2027-03-27: 'Resource deadlock avoided'; systemd#13745"]),
        (#""OnCalendar=*-*-* 02:30:15.5""#, ["write 'daily 02:30:15'", "A rule's times are whole seconds: its .5 of a second is left out"]),
        (#"[{cron: "0 2 * * *"}]"#, ["'timezone: UTC'", "In UTC no wall time is skipped or repeated"]),
        (#""*-02-30 09:00""#, ["February has no day 30, so the timer never runs it"]),
        (#""*-*-01 *:*""#, [#"it runs 1440 wall times a day, more than a message lists: write them all in the 'at:' of {every: month, day: 1, at: "00:00"} ("00:00", "00:01", "00:02", …, "23:59")"#]),
    ])
    func notes(pasted: String, told: [String]) throws {
        let (message, _) = try Self.error(pasted)
        for text in told { #expect(message.contains(text), "\(message)") }
    }

    /// Values that overflowed or multiplied in a first version's arithmetic: an INTERVAL of 19 digits (its seconds), a
    /// `rate(…)` of 19 digits, BYMINUTE × BYSECOND lists of 60 × 60 values each written 50 times (180,000 times a day
    /// before any were refused), a DTSTART on February 30: each told in one message, quickly.
    @Test("hostile numbers are told, never trapped on or multiplied out", arguments: [
        (#""FREQ=HOURLY;INTERVAL=9223372036854775807""#, "is more periods than a rule steps (1 to 1000000000 for FREQ=HOURLY)"),
        (#""rate(9223372036854775807 days)""#, "is not a rule"),
        ("\"FREQ=DAILY;BYHOUR=1;BYMINUTE=\(Array(repeating: (0...59).map(String.init).joined(separator: ","), count: 50).joined(separator: ","));BYSECOND=\((0...59).map(String.init).joined(separator: ","))\"",
         "it runs 3600 wall times a day, more than a message lists"),
        (#""DTSTART;TZID=Europe/Berlin:20270230T093000 RRULE:FREQ=DAILY""#, "the rule above uses 09:00 for its time of day"),
        // A step past the field's span selects its first value, whether or not it fits in Int (2^32, 2^63).
        // The interval told for FREQ=HOURLY;INTERVAL=3 starts on BYMINUTE's minute (it kept DTSTART's), a step on
        // when that minute is before DTSTART's; dateutil's first instants are 14:56 and 17:10.
        (#""DTSTART;TZID=Europe/Berlin:20270201T144200 RRULE:FREQ=HOURLY;INTERVAL=3;BYMINUTE=56""#, "'every 3h from 2027-02-01T14:56:00+01:00'"),
        (#""DTSTART;TZID=Europe/Berlin:20270201T144200 RRULE:FREQ=HOURLY;INTERVAL=3;BYMINUTE=10""#, "'every 3h from 2027-02-01T17:10:00+01:00'"),
        (#""*/4294967296 * * * *""#, "write {every: hour, minute: 0}"),
        (#""*/9223372036854775808 * * * *""#, "write {every: hour, minute: 0}"),
        (#""0 7/99999999999999999999 * * *""#, "write 'daily 07:00'"),
    ])
    func hostileNumbers(pasted: String, told: String) throws {
        let file = SteppedRuleReadingTests.parse(pasted)
        let errors = file.diagnostics.filter { $0.severity == .error }
        try #require(errors.count == 1, "\(errors.map(\.message))")
        #expect(errors[0].message.contains(told), "\(errors[0].message.prefix(300))")
    }

    /// An .ics file's two lines pasted as a block scalar were quoted with `\u{A}` for each line break.
    @Test("a pasted block of lines is quoted on one line")
    func pastedLinesQuotedOnOneLine() throws {
        let file = SpecFixtures.parse(SpecFixtures.spec(schedule: """
              timezone: America/New_York
              rule: |
                DTSTART;TZID=America/New_York:20270104T093000
                RRULE:FREQ=WEEKLY;BYDAY=MO
              nonexistent: shift-forward
              repeated: first
            """))
        let errors = file.diagnostics.filter { $0.code == "foreign-rule" }
        try #require(errors.count == 1, "\(file.diagnostics.map(\.message))")
        #expect(errors[0].message.hasPrefix("'DTSTART;TZID=America/New_York:20270104T093000 RRULE:FREQ=WEEKLY;BYDAY=MO' is an iCalendar RRULE, not a rule: write 'weekly mon 09:30'"),
                "\(errors[0].message)")
    }

    @Test("each entry of a pasted GitHub Actions schedule list is told, once each")
    func eachEntryOfAScheduleListTold() throws {
        let file = SteppedRuleReadingTests.parse(#"[{cron: "30 5 * * 1-5"}, {cron: "0 2 * * 0"}]"#)
        let errors = file.diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.code) == ["foreign-rule", "foreign-rule"], "\(errors.map(\.message))")
        #expect(errors.allSatisfy { $0.message.contains("Each entry of the list is a schedule of its own: write one spec for each") })
        #expect(errors.last?.message.contains("write 'weekly sun 02:00'") == true)
    }

    @Test("a rule list or a key beside a pasted text that is not a zone keeps its own messages", arguments: [
        #"[{every: day, at: "02:00"}]"#, #"{schedule: "0 2 * * *", foo: bar}"#, #"[{cron: "0 2 * * *"}, {every: day}]"#,
    ])
    func notAPastedRule(text: String) {
        let file = SteppedRuleReadingTests.parse(text)
        #expect(!file.diagnostics.contains { $0.code == "foreign-rule" }, "\(file.diagnostics.map(\.message))")
    }

    /// `rule: monthly`, the word cron's macros and systemd's shorthands use, was told only the generic forms.
    @Test("a period's word alone is told what its rule needs, as a rule that reads", arguments: [
        ("monthly", #"{every: month, day: 1, at: "00:00"}"#),
        ("monthly 02:30", #"{every: month, day: 1, at: "02:30"}"#),
        ("yearly", #"{every: year, month: 1, day: 1, at: "00:00"}"#),
        ("quarterly 06:00", #"{every: 3 months, day: 1, at: "06:00", from: 2027-01-01}"#),
        ("hourly", "{every: hour, minute: 0}"),
        ("daily", "'daily 02:30'"),
        ("weekly", "'weekly mon 09:00'"),
        ("minutely", "'every 1m from 2027-01-01T00:00:00+01:00'"),
    ])
    func periodWordAlone(text: String, told: String) throws {
        let (message, code) = try Self.error("\"\(text)\"")
        #expect(code == "invalid-rule")
        #expect(message.contains(told), "\(message)")
        let rule = told.hasPrefix("'") ? String(told.dropFirst().dropLast()) : told
        #expect(throws: Never.self) { try SteppedRuleReadingTests.rule(rule) }
    }

    @Test("a spec rule with a stray freq key is told the key, not read as an RRULE")
    func everyWithFreqIsNoRRULE() throws {
        let (message, code) = try Self.error(#"{every: day, at: "09:00", freq: daily}"#)
        #expect(code == "unknown-key", "\(message)")
    }

    @Test("several times in one hour are told the drop rule and one spec per time", arguments: [#""15,45 2 * * *""#])
    func timesSharingAnHour(pasted: String) throws {
        #expect(try Self.error(pasted).message.contains("Some of its times share an hour (02:15, 02:45)"))
    }

    /// Lord Howe moves its offset by 30 minutes (zoneinfo: +11:00 → +10:30 at 2000-03-25T15:00Z): a 20-minute interval
    /// from :00 then lands on :10, :30, :50 (the re-audit's July instants); a 15-minute one stays on the wall clock's steps.
    @Test("a minute interval that a zone's change knocks off the wall clock names the zone", arguments: [
        ("*/20 * * * *", true), ("*/15 * * * *", false),
    ])
    func intervalOffTheWallClockInLordHowe(cron: String, noted: Bool) throws {
        let file = SpecFixtures.parse(SpecFixtures.spec(schedule: """
              timezone: Australia/Lord_Howe
              rule: "\(cron)"
              nonexistent: skip
              repeated: first
            """))
        let errors = file.diagnostics.filter { $0.severity == .error }
        try #require(errors.count == 1)
        #expect(errors[0].message.contains("In Australia/Lord_Howe the offset moves by 30 minutes (at 2000-03-25T15:00:00Z), not a whole number of the interval's 20-minute steps") == noted,
                "\(errors[0].message)")
        // The times in steps it offers instead read, and stay on the wall clock's :00, :20 and :40.
        if noted {
            let offered = try #require(errors[0].message.components(separatedBy: "write times in steps instead, ").last?.components(separatedBy: " [").first)
            #expect(offered == #"{every: day, at: {from: "00:00", every: 20m}}"#)
            #expect(try SteppedRuleReadingTests.rule(offered) == .daily(at: Self.steps(from: 0, through: 23 * 60 + 40, every: 20)))
        }
    }

    @Test("texts that are no cron line, RRULE or calendar event keep their own messages", arguments: [
        "daily at 02:30", "every 90m", "weekly 09:00", "every day at 2", "monthly last friday 23:30", "2 * every day",
        // What could be systemd's but is more likely a slip: a plain time, a list of times, a plain date and time.
        "02:30", "02:30,14:30", "2027-03-28 02:30", "daily", "mon 09:00",

    ])
    func otherTextsUntouched(text: String) throws {
        let (_, code) = try Self.error("\"\(text)\"")
        #expect(code == "invalid-rule")
    }

    /// A crontab line with a typo was told "is not a rule; write a mapping" (or, under `cron:`, that the rule has no
    /// `every`): the field to correct is named, with what it must be.
    @Test("a cron-shaped text that does not read names its field and what it must be", arguments: [
        (#""*/0 * * * *""#, "its minute field '*/0' is a step of 0, which never moves on: a step is 1 or more"),
        (#"{cron: "*/0 * * * *"}"#, "its minute field '*/0' is a step of 0"),
        (#""1,61 * * * *""#, "in its minute field '1,61', '61' is not a minute, which is 0 to 59"),
        (#""30 24 * * *""#, "its hour field '24' is not an hour, which is 0 to 23"),
        (#""0 9 * * FRI-MON""#, "its day of the week field 'FRI-MON' runs backwards: write what it wraps round to from low to high, 'FRI-SAT,SUN-MON'"),
        (#""0 9 * * 5-1""#, "'5-6,0-1'"),
        (#""0 9 * jam *""#, "its month field 'jam' is not a month, which is 1 to 12 or JAN to DEC"),
        (#""0 2 * *""#, "it has 4 fields, where a cron line has five"),
        (#"{cron: "every night"}"#, "it has 2 fields"),
        (#""0 0 12 ? * 8""#, "its day of the week field '8' (Quartz's 6 fields, seconds first) is not a day of the week, which is 1 to 7 from Sunday"),
        // Quartz's usual daily form has its `?` in the day of the week: read as Quartz too.
        (#""0 0 25 * * ?""#, "its hour field '25' (Quartz's 6 fields, seconds first) is not an hour"),
        // A year field past Quartz's years is not a trailing text; a `?` ending six fields is no crontab command.
        (#""0 0 12 * * ? 27""#, "its year field '27' is not one, whose years are 1970 to 2099"),
        (#""5,20 9-17 * * ? ?""#, "its month field '?' (Quartz's 6 fields, seconds first) is for a day field only (Quartz)"),
        (#""0 9 * * 5#6""#, "after '#' comes the weekday's occurrence in the month, 1 to 5"),
        (#""0 9 1,,15 * *""#, "has an empty item between commas"),
        (#""0 9 * * 1-""#, "its day of the week field '1-' needs a value on each side of '-'"),
        (#""*/x * * * *""#, "has a step that is not a whole number"),
        (#""0 ? * * *""#, "its hour field '?' is for a day field only"),
        (#""0 9 L-40 * *""#, "its day of the month field 'L-40' is not one of Quartz's forms"),
        (#"{schedule: "0 2 * * 8", timeZone: Europe/Berlin}"#, "its day of the week field '8' is not a day of the week, which is 0 to 7 from Sunday"),
    ])
    func unreadableCronNamesItsField(pasted: String, told: String) throws {
        let (message, code) = try Self.error(pasted)
        #expect(code == "foreign-rule")
        #expect(message.hasPrefix("'") && message.contains("is not a valid cron expression: "), "\(message)")
        #expect(message.contains(told), "\(message)")
        #expect(message.hasSuffix("; correct it, and specrun tells the rule it means"), "\(message)")
    }

    /// The rules the exact translations give, compared over 2028 in UTC (no change to blur them) with the dates and
    /// times the cron fields select, read by a matcher written here from crontab(5): a day matches when its month is in
    /// the field's set and its day of the month and weekday are, or, with both restricted, either of them is.
    @Test("an exact cron translation selects the dates and times the cron fields do", arguments: [
        ("30 2 * * 1-5", ["30"], ["2"], nil, nil, Set([1, 2, 3, 4, 5])),
        ("0 */6 * * *", ["0"], ["0", "6", "12", "18"], nil, nil, nil),
        ("0 0 31 * *", ["0"], ["0"], Set([31]), nil, nil),
        ("0 12 29 2 *", ["0"], ["12"], Set([29]), Set([2]), nil),
        ("0 3 1 */3 *", ["0"], ["3"], Set([1]), Set([1, 4, 7, 10]), nil),
        ("@weekly", ["0"], ["0"], nil, nil, Set([0])),
        ("0 0 1 * 0-6", ["0"], ["0"], Set([1]), nil, Set([0, 1, 2, 3, 4, 5, 6])),
    ] as [(String, [String], [String], Set<Int>?, Set<Int>?, Set<Int>?)])
    func cronTranslationMatchesFields(cron: String, minutes: [String], hours: [String], days: Set<Int>?, months: Set<Int>?, weekdays: Set<Int>?) throws {
        let (message, _) = try Self.error("\"\(cron)\"")
        let rule = try SteppedRuleReadingTests.rule(try #require(Self.toldRule(message), "\(message)"))
        let utc = TimeZone(identifier: "UTC")!
        let schedule = try Schedule(id: "t", version: 1, rule: rule, timeZone: utc, nonexistent: .skip, repeated: .first)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        let start = calendar.date(from: DateComponents(year: 2028, month: 1, day: 1))!
        let produced = try schedule.occurrences(in: Window(after: start.addingTimeInterval(-1), through: calendar.date(byAdding: .year, value: 1, to: start)!.addingTimeInterval(-1)))
            .map(\.date)
        var expected: [Date] = []
        var day = start
        while calendar.component(.year, from: day) == 2028 {
            let parts = calendar.dateComponents([.day, .month, .weekday], from: day)
            // crontab(5): with both day fields restricted a day matches when either does.
            let dayMatches = days.map { $0.contains(parts.day!) }, weekdayMatches = weekdays.map { $0.contains(parts.weekday! - 1) }
            let dateMatches = if let dayMatches, let weekdayMatches { dayMatches || weekdayMatches } else { dayMatches ?? weekdayMatches ?? true }
            if months.map({ $0.contains(parts.month!) }) ?? true, dateMatches {
                for hour in hours.map({ Int($0)! }) { for minute in minutes.map({ Int($0)! }) {
                    expected.append(day.addingTimeInterval(Double(hour * 3600 + minute * 60)))
                } }
            }
            day = calendar.date(byAdding: .day, value: 1, to: day)!
        }
        #expect(produced == expected.sorted(), "\(cron): \(rule), \(produced.count) produced, \(expected.count) expected")
    }
}
