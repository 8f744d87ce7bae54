import Foundation
import Recurrence
@testable import SpecParser
import Testing

/// A black-box tester's report on the advice pasted schedules get: a wrap-round range that suggested another backwards
/// range, `LW` told the wrong way round, a `TZ=` prefix taken for the schedule's zone in a crontab, a warning about
/// repeated hours in zones that repeat none, replies without the policies every other reply names. Each test holds
/// the advice to what the notation and the rule language do.
@Suite struct ForeignRuleAdviceTests {
    /// The one error of a spec in `zone` whose rule is `text`.
    static func error(_ text: String, zone: String) throws -> String {
        let file = SpecFixtures.parse(SpecFixtures.spec(schedule: """
              timezone: \(zone)
              rule: \(text)
              nonexistent: skip
              repeated: first
            """))
        let errors = file.diagnostics.filter { $0.severity == .error }
        try #require(errors.count == 1, "\(errors.map(\.message))")
        return errors[0].message
    }

    /// The values a backwards range `low-high` means, wrapping round the field: `low` to the field's last, then its
    /// first to `high`; weekdays in cron's numbers taken modulo 7 (0 and 7 are both Sunday).
    static func wrapped(_ low: Int, _ high: Int, kind: CronExpression.Kind, quartz: Bool) -> Set<Int> {
        let range = CronExpression.range(of: kind, quartz: quartz)
        let values = Set(low...range.upperBound).union(range.lowerBound...high)
        return kind == .dayOfWeek && !quartz ? Set(values.map { $0 % 7 }) : values
    }

    static func selected(_ field: String, kind: CronExpression.Kind, quartz: Bool) -> Set<Int>? {
        guard let values = CronExpression.field(field, kind, quartz: quartz)?.values else { return nil }
        return kind == .dayOfWeek && !quartz ? Set(values.map { $0 % 7 }) : Set(values)
    }

    @Test("every backwards weekday or month range is told a wrap-round that reads and selects what it meant", arguments: [
        (CronExpression.Kind.dayOfWeek, false, false), (.dayOfWeek, false, true), (.dayOfWeek, true, false), (.dayOfWeek, true, true),
        (.month, false, false), (.month, false, true),
    ])
    func everyBackwardsRangeWrapsRoundToWhatItMeant(kind: CronExpression.Kind, quartz: Bool, named: Bool) throws {
        let range = CronExpression.range(of: kind, quartz: quartz)
        let names = kind == .month ? Array(CronExpression.monthNumbers.sorted { $0.value < $1.value }.map(\.key))
            : CronExpression.weekdayNames
        func written(_ value: Int) -> String? {
            guard named else { return String(value) }
            let index = kind == .month || quartz ? value - 1 : value
            return names.indices.contains(index) ? names[index] : nil
        }
        for low in range { for high in range where high < low {
            guard let lowText = written(low), let highText = written(high) else { continue }
            let field = "\(lowText)-\(highText)"
            let fields = kind == .month ? ["0", "0", "*", field, "*"] : ["0", "0", "*", "*", field]
            let text = quartz ? (["0"] + fields.prefix(2) + (kind == .month ? ["?", field, "*"] : ["?", "*", field])).joined(separator: " ")
                : fields.joined(separator: " ")
            let why = try #require(CronExpression.whyUnreadable(text), "\(text)")
            let suggestion = try #require(why.components(separatedBy: "'").dropLast().last, "\(text): \(why)")
            #expect(why.contains("runs backwards"), "\(text): \(why)")
            #expect(Self.selected(suggestion, kind: kind, quartz: quartz) == Self.wrapped(low, high, kind: kind, quartz: quartz),
                    "\(text): \(why)")
            // A range of one value is the value; no item runs backwards.
            for item in suggestion.split(separator: ",") {
                let bounds = item.split(separator: "-")
                #expect(bounds.count == 1 || bounds[0] != bounds[1], "\(text): \(suggestion)")
                #expect(Self.selected(String(item), kind: kind, quartz: quartz) != nil, "\(text): \(suggestion)")
            }
        } }
    }

    @Test("the tester's backwards ranges are told the range they meant", arguments: [
        ("0 0 * * 7-1", "'0-1'"), ("0 0 * * SAT-SUN", "'SAT,SUN'"), ("0 0 * * 6-0", "'6,0'"), ("0 0 * * 5-1", "'5-6,0-1'"),
        ("0 0 * NOV-FEB *", "'NOV-DEC,JAN-FEB'"), ("0 0 * DEC-JAN *", "'DEC,JAN'"),
    ])
    func testersBackwardsRanges(text: String, told: String) throws {
        let why = try #require(CronExpression.whyUnreadable(text))
        #expect(why.hasSuffix(told), "\(why)")
    }

    @Test("LW is the last day in a month that ends Monday to Friday and the last Friday in one that ends on a weekend")
    func lastWeekdayOfTheMonth() throws {
        let message = try ForeignRuleReadingTests.error(#""0 0 12 LW * ?""#).message
        #expect(message.contains("'day: last' gives it in a month that ends Monday to Friday and 'on: last friday' in one that ends on a weekend"), "\(message)")
        #expect(!message.contains("nearest"), "\(message)")
        // The claim, on 2027's calendar: each month's last weekday is its last day or its last Friday, as it ends.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var endingMondayToThursday: [Int] = []
        for month in 1...12 {
            let last = try #require(calendar.range(of: .day, in: .month, for: calendar.date(from: DateComponents(year: 2027, month: month, day: 1))!)).upperBound - 1
            let lastWeekday = (1...last).reversed().first { day in
                ![1, 7].contains(calendar.component(.weekday, from: calendar.date(from: DateComponents(year: 2027, month: month, day: day))!))
            }!
            let ends = calendar.component(.weekday, from: calendar.date(from: DateComponents(year: 2027, month: month, day: last))!)
            let lastFriday = (1...last).reversed().first { calendar.component(.weekday, from: calendar.date(from: DateComponents(year: 2027, month: month, day: $0))!) == 6 }!
            #expect(lastWeekday == ([1, 7].contains(ends) ? lastFriday : last), "2027-\(month)")
            if (2...5).contains(ends) { endingMondayToThursday.append(month) }
        }
        #expect(endingMondayToThursday == [3, 5, 6, 8, 9, 11])
    }

    @Test("a spec's 'on: last weekday' is told the two rules that give it, not one nearest")
    func lastWeekdayPhrase() throws {
        let message = try ForeignRuleReadingTests.error(#"{every: month, on: last weekday, at: "18:00"}"#).message
        #expect(message.contains("'day: last' gives it in a month that ends Monday to Friday and 'on: last friday' in one that ends on a weekend"), "\(message)")
    }

    @Test("a TZ= prefix is the schedule's zone only where the schedule string holds it")
    func tzPrefixIsNotCronTZ() throws {
        let tz = try ForeignRuleReadingTests.error(#""TZ=Europe/Berlin 30 2 * * *""#).message
        #expect(tz.contains("robfig/cron"), "\(tz)")
        #expect(tz.contains("TZ= only sets the command's environment"), "\(tz)")
        let cronTZ = try ForeignRuleReadingTests.error(#""CRON_TZ=Europe/Berlin 30 2 * * *""#).message
        #expect(cronTZ.contains("Its zone goes in 'timezone: Europe/Berlin'. "), "\(cronTZ)")
        #expect(!cronTZ.contains("robfig"), "\(cronTZ)")
    }

    @Test("a cron daemon in the job's own zone skips a gap of 3 hours or more, as cronie's large jump")
    func largeGapIsSkipped() throws {
        let message = try ForeignRuleReadingTests.error(#""30 2 * * *""#).message
        #expect(message.contains("'nonexistent: next-valid-time' ('skip' for a gap of 3 hours or more)"), "\(message)")
    }

    @Test("a list of '#' items is told it is not read, with one expression per item", arguments: [
        (#""0 0 9 ? * 2#1,2#3""#, "'0 0 9 ? * 2#1' and '0 0 9 ? * 2#3'"),
        (#""0 0 9 ? * MON#1,MON#3""#, "'0 0 9 ? * MON#1' and '0 0 9 ? * MON#3'"),
        (#""0 9 * * MON#1,MON#3""#, "'0 9 * * MON#1' and '0 9 * * MON#3'"),
    ])
    func listOfNthWeekdays(pasted: String, items: String) throws {
        let message = try ForeignRuleReadingTests.error(pasted).message
        #expect(message.contains("a list of '#' items, which is not read"), "\(message)")
        #expect(message.contains(items), "\(message)")
        #expect(!message.contains("1 to 5"), "\(message)")
    }

    @Test("an offset after a weekday's 'L' is told as the offset, not the weekday")
    func offsetAfterLastWeekday() throws {
        let message = try ForeignRuleReadingTests.error(#""0 0 12 ? * 6L-2""#).message
        #expect(message.contains("'-2' after '6L' (the month's last Friday) is not read"), "\(message)")
        #expect(!message.contains("'6L' is not a day of the week"), "\(message)")
    }

    @Test("an RRULE no rule says is told its DTSTART stand-ins without a rule above")
    func standInsWithoutARule() throws {
        let message = try ForeignRuleReadingTests.error(#""FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13""#).message
        #expect(!message.contains("the rule above"), "\(message)")
        #expect(message.contains("this reading used 09:00 for its time of day; write DTSTART's in each spec instead"), "\(message)")
    }

    @Test("BYSETPOS is told the position it picks", arguments: [
        ("-1", "the last of the dates"), ("1", "the first of the dates"), ("2", "the 2nd of the dates"), ("-2", "the 2nd-to-last of the dates"),
    ])
    func setPositionWords(position: String, words: String) throws {
        let message = try ForeignRuleReadingTests.error("\"FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=\(position)\"").message
        #expect(message.contains("BYSETPOS=\(position) selects \(words) each period gives"), "\(message)")
    }

    @Test("times sharing an hour are warned of only in a zone that repeats them", arguments: [
        ("UTC", false), ("Asia/Kolkata", false), ("Europe/Berlin", false), ("America/New_York", false),
    ])
    func businessHoursInZones(zone: String, warned: Bool) throws {
        let message = try Self.error(#""*/30 8-17 * * 1-5""#, zone: zone)
        #expect(message.contains("Some of its times") == warned, "\(message)")
    }

    @Test("times sharing an hour inside a zone's repeated hour are warned of with the zone")
    func repeatedTimesInBerlin() throws {
        let message = try Self.error(#""15,45 2 * * *""#, zone: "Europe/Berlin")
        #expect(message.contains("Some of its times share an hour (02:15, 02:45)"), "\(message)")
        #expect(message.contains("Europe/Berlin repeats"), "\(message)")
    }

    @Test("without a zone the shared-hour warning is conditional")
    func sharedHourWithoutZone() throws {
        let file = SpecFixtures.parse(SpecFixtures.spec(schedule: """
              rule: "15,45 2 * * *"
              nonexistent: skip
              repeated: first
            """))
        let message = try #require(file.diagnostics.first { $0.code == "foreign-rule" }?.message)
        #expect(message.contains("in a zone that repeats these hours"), "\(message)")
    }

    @Test("every reply that gives a rule with wall times names the policies; an interval says it needs none", arguments: [
        (#""30 2 * * * *""#, "An hourly rule needs both policies too: Quartz and Spring skip"),
        (#""0 0 * * * ?""#, "An hourly rule needs both policies too: Quartz and Spring skip"),
        (#""cron(0 * * * ? *)""#, "An hourly rule needs both policies too: EventBridge Scheduler skips"),
        (#""*/15 * * * *""#, "An interval has no wall times, so 'nonexistent' and 'repeated' do not apply to it"),
        (#""rate(15 minutes)""#, "An interval has no wall times, so 'nonexistent' and 'repeated' do not apply to it"),
    ])
    func policiesInEveryReply(pasted: String, told: String) throws {
        let message = try ForeignRuleReadingTests.error(pasted).message
        #expect(message.contains(told), "\(message)")
    }

    /// Troll goes from +02:00 back to +00:00 at 01:00Z on the last Sunday of October: 01:00 to 03:00 happen twice
    /// (zoneinfo: 01:00 is 2027-10-30T23:00Z and 2027-10-31T01:00Z, 02:00 is 2027-10-31T00:00Z and 02:00Z).
    @Test("an hourly rule in a zone that repeats more than an hour is told that 'repeated: both' drops some of it")
    func trollRepeatsTwoHours() throws {
        let message = try Self.error(#""CRON_TZ=Antarctica/Troll 0 * * * *""#, zone: "Antarctica/Troll")
        #expect(message.contains("Antarctica/Troll repeats 2 hours (01:00 to 03:00 on 2027-10-31), longer than the rule's 1-hour step"), "\(message)")
        #expect(message.contains("2027-10-31T00:00:00Z"), "\(message)")
        // The claim, on the engine: under 'repeated: both' the first 02:00 is dropped.
        let troll = TimeZone(identifier: "Antarctica/Troll")!
        let schedule = try Schedule(id: "t", version: 1, rule: .hourly(minute: 0), timeZone: troll, nonexistent: .skip, repeated: .both)
        let from = Date(timeIntervalSince1970: 1_824_930_000)  // 2027-10-30T21:00Z
        let instants = try schedule.occurrences(in: Window(after: from, through: from.addingTimeInterval(6 * 3600))).map { $0.date.timeIntervalSince1970 }
        let firstTwo = 1_824_940_800.0  // 2027-10-31T00:00:00Z
        #expect(!instants.contains(firstTwo), "\(instants.map { Date(timeIntervalSince1970: $0) })")
        #expect(instants.contains(firstTwo - 3600) && instants.contains(firstTwo + 3600) && instants.contains(firstTwo + 7200))
        // Berlin repeats one hour: an hourly rule there loses nothing, and is not told so.
        #expect(!(try Self.error(#""0 * * * *""#, zone: "Europe/Berlin")).contains("longer than the rule's"))
    }
}
