import Foundation
import Recurrence

/// Why an interval rule of whole days missed the wall time its author expected: `interval: 2d` is 48 elapsed hours,
/// so across an offset change its occurrences leave the wall time of `from` (08:00 GMT becomes 09:00 BST). An app
/// team's review expected every other day at 08:00 and saw a failure that did not say why.
enum IntervalDrift {
    /// The sentence added to a failure, or nil when the rule is no whole-day interval or no missing instant is at
    /// `from`'s wall time under another offset.
    static func hint(for schedule: Schedule, missing: [Date]) -> String? {
        guard case .interval(let seconds, let from) = schedule.rule, seconds % 86_400 == 0 else { return nil }
        let zone = schedule.timeZone
        let fromOffset = zone.secondsFromGMT(for: from)
        let wallTime = WallTimeText.local(from, offset: fromOffset).time
        for date in missing {
            let offset = zone.secondsFromGMT(for: date)
            guard offset != fromOffset, WallTimeText.local(date, offset: offset).time == wallTime else { continue }
            let reached = WallTimeText.local(date.addingTimeInterval(Double(offset - fromOffset)), offset: offset).time
            let days = seconds / 86_400
            return "an interval counts elapsed time (\(days)d = \(days * 24) hours), so once \(ZoneDisplayName.of(zone)) is at "
                + "\(WallTimeText.offset(offset)) instead of \(WallTimeText.offset(fromOffset)) its occurrences come at \(reached), "
                + "not \(wallTime), on the wall clock; for \(wallTime) local time use a calendar rule"
                + (days == 1 ? ", e.g. {every: day, at: \"\(wallTime)\"}"
                    : ", e.g. {every: \(days) days, at: \"\(wallTime)\", from: \(WallTimeText.local(from, offset: fromOffset).date)}")
                // Swapped in alone it was refused: a calendar rule meets the wall times a change skips or repeats, and
                // its schedule says what happens to them.
                + ", with the policies a calendar rule needs beside it in the schedule (e.g. nonexistent: shift-forward, repeated: first)"
        }
        return nil
    }
}
