import Foundation
import Recurrence
import SpecModel

/// What `dst-without-transition` and `control-with-transition` both call a window or a case's search holding an offset
/// change of its zone: one definition, so that what one of them accepts as a change the other takes as one too.
///
/// A span `(after, through]` holds a change at instant t when `after < t <= through`: the instant before t is in it
/// too, so it sees both offsets (a window from the change itself sees only the new one: a black-box review's window
/// from Antarctica/Troll's spring change was taken to hold it, one a second later was told). It holds one too when an
/// occurrence it expects is one a change made: its slot's wall time fell in a gap and its `nonexistent` policy put it
/// there, or happened twice and this is one of its readings. America/Nuuk's 23:30 of 2027-03-27 does not exist, and
/// shift-forward puts it at 2027-03-28T00:30:00-01:00, after the change at 01:00Z: a window from 00:15 checks the
/// change's effect though the change is before it (the review's probe was told to move over a change).
enum ChangeCoverage {
    /// How a span holds a change.
    enum Found {
        /// The zone changes its offset within the span.
        case inside(ZoneTransition)
        /// An expected instant of the span is an occurrence whose slot's wall time the change skipped or repeated.
        case made(InstantLiteral, Occurrence, by: ZoneTransition)
    }

    /// How far from a change an occurrence it made can be: a gap's or an overlap's length, up to the 24 hours of
    /// Pacific/Apia's skipped 2011-12-30 (and of America/Sitka's repeated day of 1867).
    static let reach: TimeInterval = 26 * 3600

    /// The change `(after, through]` holds in `zone`, or, when none is inside it, the first of `instants` inside it
    /// that `schedule` gives from a slot a change skipped or repeated; nil when it holds neither.
    ///
    /// The rule's engine is asked only of an instant within `reach` of a change, and only when no change is inside
    /// the span: an ordinary stretch of days costs one look at the zone's changes, as before.
    static func change(in zone: TimeZone, after: Date, through: Date, holding instants: [InstantLiteral],
                       schedule: () -> Schedule?) throws(ZoneTransition.TooMany) -> Found? {
        guard after < through else { return nil }
        let near = try ZoneTransition.transitions(of: zone, from: after.addingTimeInterval(-reach), through: through.addingTimeInterval(reach))
        if let inside = near.first(where: { $0.date > after && $0.date <= through }) { return .inside(inside) }
        guard !near.isEmpty else { return nil }
        var built: Schedule?? = nil
        for instant in instants where instant.date > after && instant.date <= through
            && near.contains(where: { abs($0.date.timeIntervalSince(instant.date)) <= reach }) {
            if built == nil { built = .some(schedule()) }
            guard let schedule = built ?? nil, schedule.timeZone == zone, let occurrence = schedule.occurrence(at: instant.date),
                  occurrence.resolution != .exact, let slot = occurrence.slot
            else { continue }
            // The change whose gap (or overlap) holds the slot's wall time: [t + before, t + after) for a gap.
            let wall = slot.wallSeconds
            if let change = near.first(where: {
                let t = Int($0.date.timeIntervalSince1970)
                return wall >= t + min($0.offsetBefore, $0.offsetAfter) && wall < t + max($0.offsetBefore, $0.offsetAfter)
            }) {
                return .made(instant, occurrence, by: change)
            }
        }
        return nil
    }

    /// `the rule's 23:30 of 2027-03-27, which America/Nuuk's change 2027-03-28T01:00:00Z -02:00 → -01:00 skips, moved
    /// there by 'nonexistent: shift-forward'`, or `…, which Europe/Berlin's change … repeats: its second reading`.
    static func madeText(_ occurrence: Occurrence, by change: ZoneTransition, in zone: TimeZone) -> String {
        let slot = occurrence.slot.map { String($0.description.split(separator: " ").last ?? "") + " of " + $0.dateString } ?? ""
        let what: String
        switch occurrence.resolution {
        case .gap(let policy): what = "skips, moved there by 'nonexistent: \(policy.rawValue)'"
        case .overlapFirst: what = "repeats: its first reading"
        case .overlapLast: what = "repeats: its second reading"
        case .exact: what = "leaves alone"
        }
        return "the rule's \(slot), which \(ZoneDisplayName.of(zone))'s change \(change) \(what)"
    }
}
