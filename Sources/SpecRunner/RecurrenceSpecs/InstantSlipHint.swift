import Foundation
import Recurrence
import SpecModel
import SpecResults
import SpecDiagnostics

/// Why an expected instant is no occurrence of the rule when no policy explains it, for the slips the failure
/// reviews met that "1 missing" left unexplained: an instant written with `Z` whose digits are the rule's wall time
/// (`2027-06-01T02:30:00Z` for 02:30 in Berlin, which is 04:30 there), a date on a weekday a weekly rule does not
/// run on (a Tuesday under a Monday and Thursday rule, hard to see in a column of dates), and a date a month, year
/// or stepped rule does not select (not the last Friday, an off-step week), with the nearest it does.
///
/// Asked on the failure path only, of the first missing instant; the rule is asked with `Schedule.occurrence(at:)`.
enum InstantSlipHint {
    /// `key` is the one the spec expects of the missing instant, if any: it tells the two instants of a repeated wall
    /// time apart.
    /// `produced`: the instants the test produced that no line expects, where known: a slip's instant must be one of
    /// them (a case's hourly `next` was told the UTC digits of an occurrence half a day away, which its search never
    /// reaches: a second review applied it and the diff grew to 11.5 hours).
    /// `listed`: every instant the spec lists, whose dates a `from` offered for a stepped rule must keep.
    static func hint(for schedule: Schedule, missing: InstantLiteral, key: String? = nil, produced: [Date]? = nil, listed: [Date] = [],
                     render: (Date) -> ResultInstant) -> String? {
        guard schedule.occurrence(at: missing.date) == nil else { return nil }
        if let slip = utcSlip(schedule, missing, key: key, render) ?? utcDigitsSlip(schedule, missing, produced: produced, render) { return slip }
        // An offset the zone does not have then is its `offset-mismatch` warning's to explain; read as a moved wall
        // time, another weekday or another date, it was a wrong diagnosis (the hints audit: `02:45+10:30` at Lord Howe
        // was told "03:15 … moved forward by 1 hour"; `2023-03-25T23:00:00-03:00` at Nuuk, "2023-03-26 is a Sunday").
        // `Z` is no such slip: the lint accepts it.
        guard missing.writtenOffset.map({ $0 == schedule.timeZone.secondsFromGMT(for: missing.date) }) ?? true else { return nil }
        return gapLengthSlip(schedule, missing, render) ?? weekdaySlip(schedule, missing, render)
            ?? dateSlip(schedule, missing, listed: listed, render)
    }

    /// The UTC digits of an occurrence written with a local offset: `2023-03-26T01:00:00-02:00` for Nuuk's 22:00 the
    /// evening before, which is 01:00Z (the second hints audit saw it told "22:00 moved forward by 3 hours").
    private static func utcDigitsSlip(_ schedule: Schedule, _ missing: InstantLiteral, produced: [Date]?,
                                      _ render: (Date) -> ResultInstant) -> String? {
        // An interval's instants drift on the wall clock across a change, which its own sentence explains: in London
        // an expected 08:00+01:00 after the change has the digits of 08:00Z by chance.
        guard schedule.rule.isCalendarRule, let offset = missing.writtenOffset, offset != 0 else { return nil }
        let digitsAsUTC = missing.date.addingTimeInterval(Double(offset))
        // At an offset of +00:00 the UTC digits are the local ones: the offset-mismatch warning's "if you meant 00:30
        // local time" says it, and the UTC story beside it read as a second diagnosis (a message review, Dublin in winter).
        guard let occurrence = schedule.occurrence(at: digitsAsUTC), schedule.timeZone.secondsFromGMT(for: occurrence.date) != 0,
              produced.map({ $0.contains(occurrence.date) }) ?? true else { return nil }
        let meant = render(occurrence.date)
        return "\(place(missing))\(missing.text) is the UTC time of the rule's occurrence \(meant.utc) written with a local "
            + "offset; write \(meant.offsetForm)"
    }

    /// The rule's wall time moved by another length than the gap it falls in that night: an app that took every
    /// change for one hour wrote 03:15 for Lord Howe's 02:15, whose clocks skip 30 minutes (an incident review read
    /// "1 missing" and had to work the gap's length out from the change's line).
    private static func gapLengthSlip(_ schedule: Schedule, _ missing: InstantLiteral, _ render: (Date) -> ResultInstant) -> String? {
        guard let every = try? Schedule(id: schedule.id, version: schedule.version, rule: schedule.rule, timeZone: schedule.timeZone,
                                        nonexistent: .nextValidTime, repeated: .first, searchLimit: schedule.searchLimit),
              let slots = try? every.occurrences(in: Window(after: missing.date - 4 * 3_600, through: missing.date + 4 * 3_600), limit: 1_000)
        else { return nil }
        var resolver = WallTimeResolver(timeZone: schedule.timeZone)
        let missingWall = Int(missing.date.timeIntervalSince1970.rounded(.down)) + resolver.offset(at: missing.date)
        for occurrence in slots {
            guard case .gap = occurrence.resolution, let slot = occurrence.slot,
                  case .gap(let transition, let before, let after) = resolver.resolve(slot) else { continue }
            // The transition itself is next-valid-time's instant of every wall time in the gap: another policy's, not a
            // wall time moved by a wrong length (a review's 03:00 of Berlin's 02:30 under skip was told "moved forward by
            // 30 minutes, but the clocks skip 1 hour"). Shift-forward's and shift-backward's move by the gap's length.
            guard missing.date != transition else { continue }
            let moved = missingWall - slot.wallSeconds, skipped = after - before
            guard moved != 0, moved % 900 == 0, abs(moved) <= 3 * 3_600, abs(moved) != skipped else { continue }
            let start = Int(transition.timeIntervalSince1970) + before
            // The instant this test's own policy gives that slot, to write (a second review round was told the gap's
            // length alone, and had to work the instant out).
            let own = resolver.instants(for: slot, nonexistent: schedule.nonexistent, repeated: schedule.repeated)
                .map(\.date).first { schedule.occurrence(at: $0)?.slot == slot }
            let outcome = schedule.nonexistent == .skip ? "; under 'nonexistent: skip' there is no occurrence that day"
                : own.map { "; under 'nonexistent: \(schedule.nonexistent.rawValue)' \(clock(slot.wallSeconds)) that night is \(render($0).offsetForm): write that" } ?? ""
            return "\(place(missing))\(render(missing.date).local) is \(clock(slot.wallSeconds)) moved "
                + "\(moved > 0 ? "forward" : "back") by \(spoken(abs(moved))), but the clocks skip \(spoken(skipped)) that night in "
                + "\(ZoneDisplayName.of(schedule.timeZone)) (\(clock(start)) → \(clock(start + skipped)))" + outcome
        }
        return nil
    }

    /// `02:15` of wall seconds.
    private static func clock(_ wall: Int) -> String {
        let minutes = ((wall % 86_400 + 86_400) % 86_400) / 60
        return (minutes / 60 < 10 ? "0" : "") + "\(minutes / 60):" + (minutes % 60 < 10 ? "0" : "") + "\(minutes % 60)"
    }

    /// `1 hour`, `30 minutes`, `1 hour 30 minutes`.
    private static func spoken(_ seconds: Int) -> String {
        let hours = seconds / 3_600, minutes = seconds % 3_600 / 60
        return [hours > 0 ? "\(hours) hour\(hours == 1 ? "" : "s")" : nil, minutes > 0 ? "\(minutes) minute\(minutes == 1 ? "" : "s")" : nil]
            .compactMap { $0 }.joined(separator: " ")
    }

    /// `Z` on the wall time the rule gives that day: the instant read as local time is an occurrence.
    /// The `Z` slip alone (local digits written as UTC), for a line another policy's sentence would otherwise explain:
    /// written with `Z`, the digits are the likelier slip (a third review's 01:30Z copied for a 02:30 slot was told
    /// "03:30 CEST is what 'nonexistent: shift-forward' gives").
    static func utcHint(for schedule: Schedule, missing: InstantLiteral, key: String? = nil, render: (Date) -> ResultInstant) -> String? {
        guard schedule.occurrence(at: missing.date) == nil else { return nil }
        return utcSlip(schedule, missing, key: key, render)
    }

    private static func utcSlip(_ schedule: Schedule, _ missing: InstantLiteral, key: String?, _ render: (Date) -> ResultInstant) -> String? {
        guard missing.writtenOffset == nil else { return nil }
        let zone = schedule.timeZone
        // The digits written, read as wall time: the instants whose offset puts them there (two where it repeats).
        let offsets = Set([-86_400.0, 0, 86_400].map { zone.secondsFromGMT(for: missing.date.addingTimeInterval($0)) })
        let readings = offsets.map { missing.date.addingTimeInterval(-Double($0)) }
            .filter { Double(zone.secondsFromGMT(for: $0)) == missing.date.timeIntervalSince($0) }
            .sorted()
        let occurrences = readings.compactMap { schedule.occurrence(at: $0) }
        guard !occurrences.isEmpty else { return nil }
        let written = render(missing.date)
        let said = "\(place(missing))\(missing.text) is UTC ('Z'), which is \(written.local) in \(ZoneDisplayName.of(zone)); "
        // Under `repeated: both` the digits name two occurrences: the expected key picks one (the hints audit: a `~2`
        // line was told the first, and the spec then held one instant twice); without a key both are named.
        let keyed = occurrences.first { $0.key.rawValue == key }
        // The digits named: "that wall time" after the sentence's own wall time (05:00) read as that one (a review).
        let seconds = (Int(missing.date.timeIntervalSince1970.rounded(.down)) % 86_400 + 86_400) % 86_400
        let meantAsLocal = "if its digits \(clock(seconds))\(seconds % 60 == 0 ? "" : String(format: ":%02d", seconds % 60)) are meant as local time, "
        guard keyed == nil, occurrences.count > 1 else {
            let meant = render((keyed ?? occurrences[0]).date)
            return said + meantAsLocal + "the rule's occurrence then is \(meant.offsetForm) (\(meant.utc))"
        }
        let named = occurrences.map { occurrence -> String in
            let meant = render(occurrence.date)
            return "\(meant.offsetForm) (\(meant.utc), key \(occurrence.key.rawValue))"
        }
        return said + meantAsLocal + "the rule's occurrences then are \(ListWording.joined(named))"
    }

    /// A `Z` line that is an unlisted occurrence converted to UTC with another offset the zone has at another time of
    /// year (Berlin's 02:30 CEST written `01:30Z`, converted with CET's +01:00): the offset that day and the instant to
    /// write. A second review's lines were told nothing but the diff.
    static func conversionHint(for schedule: Schedule, missing: InstantLiteral, unexpected: [Date], render: (Date) -> ResultInstant) -> String? {
        guard missing.writtenOffset == nil, schedule.occurrence(at: missing.date) == nil else { return nil }
        let zone = schedule.timeZone
        for produced in unexpected {
            let offset = zone.secondsFromGMT(for: produced)
            let difference = Int(missing.date.timeIntervalSince(produced).rounded())
            guard difference != 0, abs(difference) <= 3 * 3600 else { continue }
            // The other reading of the same wall time on a night the clocks go back is the `repeated` policy's story,
            // not a conversion's (a black-box review's Berlin 01:30Z, the second 02:30, was told "+02:00 that day").
            guard LocalDateTime(missing.date, in: zone) != LocalDateTime(produced, in: zone) else { continue }
            // The zone's other offsets within half a year either side.
            let others = Set((-6...6).map { zone.secondsFromGMT(for: produced.addingTimeInterval(Double($0) * 30 * 86_400)) })
            guard others.contains(offset - difference) else { continue }
            let meant = render(produced)
            let local = WallTimeText.local(produced, offset: offset)
            // A late time converted with too small an offset lands past midnight (Berlin's 23:30 CEST written 22:30Z,
            // 00:30 the next day): the occurrence's date is named, not "that day" (the twentieth mutation run; such a
            // line was told nothing).
            let day = LocalDateTime(missing.date, in: zone).dateString == local.date ? "that day" : "on \(local.date)"
            return "\(place(missing))\(missing.text) is UTC ('Z'), \(render(missing.date).local) in \(ZoneDisplayName.of(zone)); the rule's "
                + "occurrence \(day) is \(meant.local), \(meant.utc): \(local.time) converted with \(WallTimeText.offset(offset - difference)), the "
                + "zone's offset at another time of year, gives \(missing.text), but on \(local.date) the zone is at \(WallTimeText.offset(offset)): "
                + "write \(meant.utc)"
        }
        return nil
    }

    /// Several missing lines on weekdays a weekly rule does not run on, told together (a newcomer's two Thursdays under
    /// `on: monday` were told the first alone): `lines 15 and 17: 2027-03-11 and 2027-03-18 are Thursdays; the rule runs
    /// on Monday`. Nil unless the first and at least one more are such slips; the others are left to their own lines.
    static func weekdaySlips(for schedule: Schedule, missing: [InstantLiteral], render: (Date) -> ResultInstant) -> String? {
        guard let days = weekdays(of: schedule.rule) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = schedule.timeZone
        func slipDay(_ literal: InstantLiteral) -> Weekday? {
            guard schedule.occurrence(at: literal.date) == nil,
                  literal.writtenOffset.map({ $0 == schedule.timeZone.secondsFromGMT(for: literal.date) }) ?? false,
                  let weekday = Weekday(rawValue: calendar.component(.weekday, from: literal.date)), !days.contains(weekday) else { return nil }
            return weekday
        }
        let slips = missing.compactMap { literal in slipDay(literal).map { (literal, $0) } }
        guard let first = missing.first, slipDay(first) != nil, slips.count > 1 else { return nil }
        func capitalized(_ day: Weekday) -> String { day.name.prefix(1).uppercased() + day.name.dropFirst() }
        var seen: Set<Weekday> = []
        let list = ListWording.joined(days.filter { seen.insert($0).inserted }.map(capitalized))
        func date(_ literal: InstantLiteral) -> Substring { render(literal.date).local.prefix { $0 != " " } }
        let lines = "lines " + ListWording.joined(slips.map { String($0.0.location.line) })
        if Set(slips.map(\.1)).count == 1 {
            return "\(lines): \(ListWording.joined(slips.map { String(date($0.0)) })) are \(capitalized(slips[0].1))s; the rule runs on \(list)"
        }
        return "\(lines): " + ListWording.joined(slips.map { "\(date($0.0)) is a \(capitalized($0.1))" }) + "; the rule runs on \(list)"
    }

    /// A line on a weekday a weekly rule does not run on, written with the zone's offset (an offset slip is its
    /// warning's), at no occurrence: told beside other lines' sentences.
    static func weekdayHint(for schedule: Schedule, missing: InstantLiteral, render: (Date) -> ResultInstant) -> String? {
        guard schedule.occurrence(at: missing.date) == nil,
              missing.writtenOffset.map({ $0 == schedule.timeZone.secondsFromGMT(for: missing.date) }) ?? false else { return nil }
        return weekdaySlip(schedule, missing, render)
    }

    /// A weekly rule and a date on another weekday.
    private static func weekdaySlip(_ schedule: Schedule, _ missing: InstantLiteral, _ render: (Date) -> ResultInstant) -> String? {
        guard let days = weekdays(of: schedule.rule) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = schedule.timeZone
        guard let weekday = Weekday(rawValue: calendar.component(.weekday, from: missing.date)), !days.contains(weekday) else { return nil }
        let local = render(missing.date).local
        let date = local.prefix { $0 != " " }
        // In the order the spec writes them (the hints audit: `[wednesday, sunday]` was said Sunday first).
        var seen: Set<Weekday> = []
        func capitalized(_ day: Weekday) -> String { day.name.prefix(1).uppercased() + day.name.dropFirst() }
        let list = ListWording.joined(days.filter { seen.insert($0).inserted }.map(capitalized))
        return "\(place(missing))\(date) is a \(capitalized(weekday)); the rule runs on \(list)"
    }

    /// A date the rule does not select, for a rule that skips dates (a month's last Friday, day 31, every other
    /// week or month): the selected dates nearest it, read from the slots of the rule with every gap resolved
    /// (`next-valid-time`), so a selected date whose wall time does not exist is named too, and said so.
    private static func dateSlip(_ schedule: Schedule, _ missing: InstantLiteral, listed: [Date], _ render: (Date) -> ResultInstant) -> String? {
        guard selectsSomeDates(schedule.rule),
              let every = try? Schedule(id: schedule.id, version: schedule.version, rule: schedule.rule, timeZone: schedule.timeZone,
                                        nonexistent: .nextValidTime, repeated: .first, searchLimit: schedule.searchLimit)
        else { return nil }
        // Enough years each side to hold the neighbours (February 29 can be 8 years apart: 2096, 2104).
        let span = Double(yearsToNeighbours(schedule.rule)) * 366 * 86_400
        guard let slots = try? every.occurrences(in: Window(after: missing.date - span, through: missing.date + span), limit: 5_000)
        else { return nil }
        let written = String(render(missing.date).local.prefix { $0 != " " })
        func dateText(_ occurrence: Occurrence) -> String? {
            occurrence.slot.map { CivilDate(year: $0.year, month: $0.month, day: $0.day).isoText }
        }
        guard !slots.contains(where: { dateText($0) == written }) else { return nil }
        let before = slots.last { (dateText($0) ?? "") < written }
        let after = slots.first { (dateText($0) ?? "") > written }
        let named = [before, after].compactMap { slot -> String? in
            guard let slot, let date = dateText(slot) else { return nil }
            // The rule selects the date, but its wall time does not exist there: under this spec's policy it may give
            // nothing (Apia's last Friday of 2011, the skipped 30th).
            if case .gap = slot.resolution {
                return schedule.nonexistent == .skip
                    ? "\(date) (its wall time does not exist there: no occurrence under 'nonexistent: skip')"
                    : "\(date) (its wall time does not exist there: 'nonexistent: \(schedule.nonexistent.rawValue)' gives its instant)"
            }
            return date
        }
        guard !named.isEmpty else { return nil }
        // A date of the periods a stepped rule's `from` skips: the `from` that counts from it (a third review applied the
        // 'from' offered first, for the week of its Monday, and its list's dates were the other fortnight's).
        var step = ""
        if case .stepped(let inner, let every, let from) = schedule.rule, let date = CivilDate(isoDate: written),
           Rule.firstSelectedDate(of: inner, onOrAfter: date) == date, let unit = schedule.rule.stepUnit {
            let why = date < from ? "it is before 'from: \(from.isoText)', where the steps start" : "it is a date of the \(unit.rawValue) the steps skip"
            // A listed date the rule selects now that the new `from` would not: the two cannot both be occurrences, and
            // the offer, applied, only moved the slip to that line (a review's two Sundays a week apart under
            // `every: 2 weeks`, told `from` each round in turn).
            let moved = Rule.stepped(inner, every: every, from: date)
            let lost = listed.compactMap { instant -> String? in
                let local = LocalDateTime(instant, in: schedule.timeZone)
                let day = CivilDate(year: local.year, month: local.month, day: local.day)
                return schedule.rule.selects(day) && !moved.selects(day) ? day.isoText : nil
            }
            step = lost.isEmpty ? "; \(why): if the list is right, write 'from: \(written)' (the steps then count from it)"
                : "; \(why), and no 'from' selects both it and the listed \(ListWording.joined(Array(Set(lost)).sorted())): one of them is a slip"
        }
        return "\(place(missing))the rule (\(schedule.rule.summary)) does not select \(written); the nearest dates it selects: "
            + named.joined(separator: " and ") + step
    }

    /// How many years each side of a date hold the rule's selected dates nearest it (a stepped rule's step times its
    /// rule's, at most a century: past the window's occurrence limit nothing is said).
    private static func yearsToNeighbours(_ rule: Rule) -> Int {
        switch rule {
        case .yearly: 9
        case .stepped(let inner, let every, _): min(100, yearsToNeighbours(inner) * every)
        case .daily, .weekly, .monthly, .hourly, .interval: 2
        }
    }

    /// Rules that leave some dates out: a weekly rule is told by its weekdays above, unless stepped.
    private static func selectsSomeDates(_ rule: Rule) -> Bool {
        switch rule {
        case .monthly, .yearly, .stepped: true
        case .daily, .weekly, .hourly, .interval: false
        }
    }

    private static func weekdays(of rule: Rule) -> [Weekday]? {
        switch rule {
        case .weekly(let days, _): days
        case .stepped(let inner, _, _): weekdays(of: inner)
        default: nil
        }
    }

    /// An expected instant a few days off an occurrence the test produced at the same wall time: a case's `next`
    /// written for the day after the change (`2027-03-29T03:00:00+02:00` under next-valid-time, whose 03:00 is the
    /// 28th's), or a window's line on the wrong date. The policy's sentence alone (the keys review's leftover) named
    /// the produced instant's policy, not the date to write. Nil unless the missing instant is no occurrence and its
    /// local wall time is one to three whole days from an unexpected one's; asked after the other slips (a weekday or
    /// a date the rule does not select says more).
    static func dayOffSlip(for schedule: Schedule, missing: InstantLiteral, unexpected: [Date], inCase: Bool,
                           render: (Date) -> ResultInstant) -> String? {
        // An interval's instants keep no wall time: a day off is its `from`'s, which its own sentence tells.
        guard schedule.rule.isCalendarRule, schedule.occurrence(at: missing.date) == nil else { return nil }
        let zone = schedule.timeZone
        func wall(_ date: Date) -> Int { Int(date.timeIntervalSince1970.rounded(.down)) + zone.secondsFromGMT(for: date) }
        let written = wall(missing.date)
        guard let found = unexpected.first(where: { date in
            let apart = written - wall(date)
            return apart != 0 && apart % 86_400 == 0 && abs(apart) <= 3 * 86_400
        }) else { return nil }
        let days = (written - wall(found)) / 86_400
        let produced = render(found), date = String(render(missing.date).local.prefix { $0 != " " })
        let apart = abs(days) == 1 ? "a day" : "\(abs(days)) days"
        return "\(place(missing))\(date) is \(apart) \(days > 0 ? "after" : "before") the date of "
            + (inCase ? "what the search found" : "the occurrence produced at that wall time")
            + ", \(produced.local): write \(produced.offsetForm)"
    }

    private static func place(_ missing: InstantLiteral) -> String {
        "line \(missing.location.line): "
    }
}
