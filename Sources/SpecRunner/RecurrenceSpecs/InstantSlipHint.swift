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
    static func hint(for schedule: Schedule, missing: InstantLiteral, render: (Date) -> ResultInstant) -> String? {
        guard schedule.occurrence(at: missing.date) == nil else { return nil }
        return utcSlip(schedule, missing, render) ?? weekdaySlip(schedule, missing, render) ?? dateSlip(schedule, missing, render)
    }

    /// `Z` on the wall time the rule gives that day: the instant read as local time is an occurrence.
    private static func utcSlip(_ schedule: Schedule, _ missing: InstantLiteral, _ render: (Date) -> ResultInstant) -> String? {
        guard missing.writtenOffset == nil else { return nil }
        let zone = schedule.timeZone
        // The digits written, read as wall time: the instants whose offset puts them there (two where it repeats).
        let offsets = Set([-86_400.0, 0, 86_400].map { zone.secondsFromGMT(for: missing.date.addingTimeInterval($0)) })
        let readings = offsets.map { missing.date.addingTimeInterval(-Double($0)) }
            .filter { Double(zone.secondsFromGMT(for: $0)) == missing.date.timeIntervalSince($0) }
            .sorted()
        guard let reading = readings.first(where: { schedule.occurrence(at: $0) != nil }) else { return nil }
        let written = render(missing.date)
        let meant = render(reading)
        return "\(place(missing))\(missing.text) is UTC ('Z'), which is \(written.local) in \(ZoneDisplayName.of(zone)); "
            + "the rule's occurrence at that wall time is \(meant.offsetForm) (\(meant.utc))"
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
    private static func dateSlip(_ schedule: Schedule, _ missing: InstantLiteral, _ render: (Date) -> ResultInstant) -> String? {
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
        return "\(place(missing))the rule (\(schedule.rule.summary)) does not select \(written); the nearest dates it selects: "
            + named.joined(separator: " and ")
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

    private static func place(_ missing: InstantLiteral) -> String {
        "line \(missing.location.line): "
    }
}
