import Foundation
import Recurrence
import SpecModel
import SpecResults

/// Why an expected instant is no occurrence of the rule when no policy explains it, for the two slips the failure
/// review met that "1 missing" left unexplained: an instant written with `Z` whose digits are the rule's wall time
/// (`2027-06-01T02:30:00Z` for 02:30 in Berlin, which is 04:30 there), and a date on a weekday a weekly rule does not
/// run on (a Tuesday under a Monday and Thursday rule, hard to see in a column of dates).
///
/// Asked on the failure path only, of the first missing instant; the rule is asked with `Schedule.occurrence(at:)`.
enum InstantSlipHint {
    static func hint(for schedule: Schedule, missing: InstantLiteral, render: (Date) -> ResultInstant) -> String? {
        guard schedule.occurrence(at: missing.date) == nil else { return nil }
        return utcSlip(schedule, missing, render) ?? weekdaySlip(schedule, missing, render)
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
        return "\(place(missing))\(missing.text) is UTC ('Z'), which is \(written.local) in \(zone.identifier); "
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
        let names = days.sorted().map { $0.name.prefix(1).uppercased() + $0.name.dropFirst() }
        let list = names.count <= 1 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names.last!
        let name = weekday.name.prefix(1).uppercased() + weekday.name.dropFirst()
        return "\(place(missing))\(date) is a \(name); the rule runs on \(list)"
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
