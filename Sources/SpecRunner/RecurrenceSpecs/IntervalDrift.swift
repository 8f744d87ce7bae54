import Foundation
import Recurrence

/// Why an interval rule missed the wall time its author expected: `interval: 2d` is 48 elapsed hours, and `8h` eight,
/// so across an offset change its occurrences leave the wall times of `from` and its steps (08:00 GMT becomes 09:00
/// BST). An app team's review expected every other day at 08:00 and saw a failure that did not say why; a newcomer's
/// every-8-hours reminder across Lord Howe's 30-minute change, the same.
enum IntervalDrift {
    /// The sentence added to a failure, or nil when the rule is no interval of whole days or of a part of a day (8h,
    /// 90m: the wall times of one day repeat each day) or no missing instant is at one of those wall times under
    /// another offset.
    /// `window`: the spec's (after, through], in which the interval's own instant is named; nil for a case's search.
    /// `written`: the offset a missing line is written with, whose digits are then read too: `02:30:00+02:00` on Berlin's
    /// spring day (02:30 does not exist; it is 01:30 CET) is the author's 02:30 on the wall clock, which the interval
    /// reaches at 03:30 (a review was told nothing, after an offset note's instant).
    static func hint(for schedule: Schedule, missing: [Date], window: (after: Date, through: Date)? = nil,
                     written: (Date) -> Int? = { _ in nil }) -> String? {
        guard case .interval(let seconds, let from) = schedule.rule, seconds >= 60,
              seconds % 86_400 == 0 || 86_400 % seconds == 0 else { return nil }
        let zone = schedule.timeZone
        let fromOffset = zone.secondsFromGMT(for: from)
        let fromWall = WallTimeText.local(from, offset: fromOffset).time
        // The wall times the interval meets each day while the offset is `from`'s.
        let daySeconds = { (date: Date, offset: Int) in ((Int(date.timeIntervalSince1970.rounded(.down)) + offset) % 86_400 + 86_400) % 86_400 }
        let start = daySeconds(from, fromOffset)
        let perDay = seconds < 86_400 ? 86_400 / seconds : 1
        let wallSeconds = Set((0..<perDay).map { (start + $0 * seconds) % 86_400 })
        // Each missing line read at the zone's offset, and at the one it is written with where that differs.
        let readings = missing.flatMap { date -> [(date: Date, read: Int)] in
            let offset = zone.secondsFromGMT(for: date)
            return [(date, offset)] + (written(date).flatMap { $0 != offset ? [(date, $0)] : nil } ?? [])
        }
        for (date, read) in readings {
            guard wallSeconds.contains(daySeconds(date, read)) else { continue }
            let wallTime = WallTimeText.local(date, offset: read).time
            let moved = date.addingTimeInterval(Double(read - fromOffset))
            // The zone's offset then: at the line's instant, read at it; at the interval's, read at the offset written.
            let offset = zone.secondsFromGMT(for: read == zone.secondsFromGMT(for: date) ? date : moved)
            guard offset != fromOffset else { continue }
            let reached = WallTimeText.local(moved, offset: offset).time
            // The interval's own instant, named when it is one: the fix if the app counts elapsed time (a fourth review
            // was offered only a calendar rule, which changes what the spec tests).
            let own = schedule.occurrence(at: moved) != nil && window.map { moved > $0.after && moved <= $0.through } == true
                ? "if the app counts elapsed time, write \(WallTimeText.instant(moved, offset: zone.secondsFromGMT(for: moved))); " : ""
            // In hours, as the model keeps no spelling: "1d = 24 hours" echoed a `1d` an author of `24h` never wrote.
            let elapsed = seconds % 86_400 == 0 ? "\(seconds / 3_600) hours" : Self.duration(seconds)
            return "an interval counts elapsed time (\(elapsed)), so once \(ZoneDisplayName.of(zone)) is at "
                + "\(WallTimeText.offset(offset)) instead of \(WallTimeText.offset(fromOffset)) its occurrences come at \(reached), "
                + "not \(wallTime), on the wall clock; \(own)\(perDay == 1 ? "for \(wallTime) local time" : "to keep its wall times") use a calendar rule"
                + Self.calendarRule(seconds: seconds, from: from, offset: fromOffset, wallTime: fromWall, times: wallSeconds.sorted())
                // Swapped in alone it was refused: a calendar rule meets the wall times a change skips or repeats, and
                // its schedule says what happens to them.
                + ", with the policies a calendar rule needs beside it in the schedule (e.g. nonexistent: shift-forward, repeated: first)"
        }
        return nil
    }

    /// `, e.g. {every: day, at: …}` with the rule's wall times (as times in steps when a day holds more than twelve), or
    /// the day-stepped or hourly rule; nothing when the times are not whole minutes.
    private static func calendarRule(seconds: Int, from: Date, offset: Int, wallTime: String, times: [Int]) -> String {
        if seconds % 86_400 == 0 {
            let days = seconds / 86_400
            return days == 1 ? ", e.g. {every: day, at: \"\(wallTime)\"}"
                : ", e.g. {every: \(days) days, at: \"\(wallTime)\", from: \(WallTimeText.local(from, offset: offset).date)}"
        }
        if seconds == 3_600, times[0] % 60 == 0 { return ", e.g. {every: hour, minute: \(times[0] / 60 % 60)}" }
        guard times.allSatisfy({ $0 % 60 == 0 }) else { return "" }
        if times.count > 12 {
            // Times in steps: every 90 minutes is 16 times a day, which "use a calendar rule" left the author to find
            // (a message review tried an hourly rule, and it failed).
            func time(_ value: Int) -> String { "\"" + Self.two(value / 3_600) + ":" + Self.two(value / 60 % 60) + "\"" }
            return ", e.g. {every: day, at: {from: \(time(times[0])), through: \(time(times[times.count - 1])), every: \(Self.duration(seconds))}}"
        }
        let list = times.map { "\"" + Self.two($0 / 3_600) + ":" + Self.two($0 / 60 % 60) + "\"" }.joined(separator: ", ")
        return ", e.g. {every: day, at: [\(list)]}"
    }

    /// `8h`, `90m`, `45s`, as a spec writes a duration.
    private static func duration(_ seconds: Int) -> String {
        seconds % 3_600 == 0 ? "\(seconds / 3_600)h" : seconds % 60 == 0 ? "\(seconds / 60)m" : "\(seconds)s"
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
