import Foundation
import Recurrence

/// What to write for an instant without an offset (`2027-03-29T08:00:00`) once the spec's zone is known: the
/// offset that zone has at that wall time, both offsets where the wall time happens twice, and where it does not
/// exist, that it does not. Without a zone the message can only give an example offset, which an app team read as
/// the one to write (`e.g. +02:00` for a London instant at +01:00).
enum OffsetlessInstantAdvice {
    /// The message for `text` (an instant that parses once an offset is added) in `zone`; nil for another shape.
    /// `occurrence`: the instant is an expected occurrence (`occurrences`, a case's `next`, a run's `planned`), which
    /// the spec's `nonexistent` policy places in a gap; nil `nonexistent` where no calendar policy is known.
    /// `owner`: whose policy it is, `this spec's` or `this case's` (a case's own `nonexistent:`); `repeated` and
    /// `repeatedOwner` likewise for a wall time that happens twice. `schedule`: the schedule the occurrence is of (the
    /// case's, with its overrides), nil where it could not be read; built only for a repeated wall time.
    /// `cursor`: for a case's `next`, where its search starts (the case's `after` or the result before it): what the
    /// search finds from there is the instant to write (a review's cursor between two readings was offered one before it,
    /// and a skipped day's line was told to go, leaving the case without a `next`).
    /// `listed`: the instants the list's other lines list (a reading listed there is not offered to be listed again).
    /// `keyLine`: a block item's `key:` line (its `at:` the instant): the long form is told as that item's two lines.
    static func message(for written: String, in zone: TimeZone, occurrence: Bool = false, keyable: Bool = false, keyLine: Int? = nil, cursor: Date? = nil,
                        listed: Set<Date> = [], nonexistent: NonexistentTimePolicy? = nil, owner: String = "this spec's",
                        repeated: RepeatedTimePolicy? = nil, repeatedOwner: String = "this spec's",
                        schedule: () -> Schedule? = { nil }) -> String? {
        guard let text = completed(written), case .success(let read) = InstantText.parse(text + "Z") else { return nil }
        let wallSeconds = read.date.timeIntervalSince1970.rounded(.down)
        let local = WallTimeText.local(read.date, offset: 0)
        let name = ZoneDisplayName.of(zone)
        let head = "the instant '\(written)' has no \(text == written ? "" : "seconds and no ")offset"
        var resolver = WallTimeResolver(timeZone: zone)
        switch resolver.resolve(LocalDateTime(wallSeconds: Int(wallSeconds))) {
        case .unique(let date):
            let offset = zone.secondsFromGMT(for: date)
            return "\(head); \(local.date) \(local.time) in \(name) is at \(WallTimeText.offset(offset)): write "
                + "\(spelled(text, date: date.addingTimeInterval(read.date.timeIntervalSince1970 - wallSeconds), offset: offset)) "
                + "(or the same instant in UTC, with Z), so the test does not depend on the machine's zone"
        case .overlap(let first, let last, _):
            let fraction = read.date.timeIntervalSince1970 - wallSeconds
            let firstOffset = zone.secondsFromGMT(for: first), lastOffset = zone.secondsFromGMT(for: last)
            let readings = (first: Reading(date: first.addingTimeInterval(fraction),
                                           text: spelled(text, date: first.addingTimeInterval(fraction), offset: firstOffset)),
                            last: Reading(date: last.addingTimeInterval(fraction),
                                          text: spelled(text, date: last.addingTimeInterval(fraction), offset: lastOffset)))
            let twice = "\(head), and \(local.time) happens twice in \(name) on \(local.date)"
            // An expected occurrence is the reading the spec's own policy gives (a review wrote the first of the two
            // offered under 'repeated: last', and the run failed; under 'both' the schedule may drop one).
            // A case's cursor past a reading its policy gives (a review's cursor between the two): that reading would be
            // `instant-order`'s next; what the search finds from the cursor is the one to write.
            if occurrence, let cursor, let repeated, let built = schedule(), built.rule.isCalendarRule,
               let found = try? built.next(after: cursor) {
                let given = repeated == .first ? [readings.first] : repeated == .last ? [readings.last] : [readings.first, readings.last]
                let passed = given.filter { $0.date <= cursor }
                if !passed.isEmpty {
                    let from = "the case's search from \(WallTimeText.instant(cursor, offset: zone.secondsFromGMT(for: cursor)))"
                    let which = passed.count == 2 ? "both are not after the cursor" : given.count == 1 ? "it is \(passed[0].text), not after the cursor"
                        : "the first, \(passed[0].text), is not after the cursor"
                    let finds = found.date == readings.last.date ? "the second, \(readings.last.text)"
                        : WallTimeText.instant(found.date, offset: zone.secondsFromGMT(for: found.date))
                    return twice + "; under \(repeatedOwner) 'repeated: \(repeated.rawValue)' \(which), and \(from) "
                        + "finds \(finds): write that"
                }
            }
            if occurrence, let repeated, let advice = repeatedAdvice(readings, local: local, repeated: repeated, owner: repeatedOwner,
                                                                     zone: zone, keyable: keyable, keyLine: keyLine, listed: listed, schedule: schedule) {
                return twice + "; " + advice
            }
            return twice + ": write \(readings.first.text) for the first, or \(readings.last.text) for the second"
        case .gap(let transition, let before, let after):
            let (from, to) = sides(of: transition, before: before, after: after)
            let gap = "\(head), and \(local.time) does not exist in \(name) on \(local.date) (the clocks go from \(from) to \(to)); "
            // An expected occurrence is where the spec's own policy puts that wall time (a newcomer wrote the offered first
            // instant after the change under `skip`, and the run failed; under shift-forward it is later still).
            if occurrence, let nonexistent {
                let wall = read.date.timeIntervalSince1970
                let policy = "under \(owner) 'nonexistent: \(nonexistent.rawValue)', "
                switch nonexistent {
                case .skip:
                    // A case's search finds the next occurrence instead: "remove it" left a case with no `next`.
                    if let cursor, let built = schedule(), let found = try? built.next(after: cursor) {
                        return gap + policy + "\(local.time) gives no occurrence that day, and the case's search finds "
                            + "\(WallTimeText.instant(found.date, offset: zone.secondsFromGMT(for: found.date))) instead: write that in the line's place"
                    }
                    return gap + policy + "\(local.time) gives no occurrence that day: if this line is that day's occurrence, remove it"
                case .nextValidTime:
                    return gap + policy + "\(local.time) on \(local.date) is \(WallTimeText.instant(transition, offset: after)): write that"
                case .shiftForward:
                    let date = Date(timeIntervalSince1970: wall - Double(before))
                    return gap + policy + "\(local.time) on \(local.date) is \(WallTimeText.instant(date, offset: after)): write that"
                case .shiftBackward:
                    let date = Date(timeIntervalSince1970: wall - Double(after))
                    return gap + policy + "\(local.time) on \(local.date) is \(WallTimeText.instant(date, offset: before)): write that"
                }
            }
            return gap + "write the instant the spec expects with its offset, e.g. \(WallTimeText.instant(transition, offset: after)), "
                + "the first instant after the change"
        }
    }

    /// The wall clock just before and at `transition`, with their dates where the change skips past midnight (Apia's
    /// 2011-12-30 read "from 00:00 to 00:00").
    private static func sides(of transition: Date, before: Int, after: Int) -> (from: String, to: String) {
        let fromWall = WallTimeText.local(transition, offset: before), toWall = WallTimeText.local(transition, offset: after)
        return fromWall.date == toWall.date ? (fromWall.time, toWall.time)
            : ("\(fromWall.date) \(fromWall.time)", "\(toWall.date) \(toWall.time)")
    }

    /// The change that skips the wall time `written` (an instant without an offset) in `zone`, with the offsets before
    /// and after it; nil where the wall time exists or `written` is of another shape.
    static func skippingChange(for written: String, in zone: TimeZone) -> (transition: Date, before: Int, after: Int)? {
        guard let text = completed(written), case .success(let read) = InstantText.parse(text + "Z") else { return nil }
        var resolver = WallTimeResolver(timeZone: zone)
        guard case .gap(let transition, let before, let after) = resolver.resolve(
            LocalDateTime(wallSeconds: Int(read.date.timeIntervalSince1970.rounded(.down)))) else { return nil }
        return (transition, before, after)
    }

    /// A note for a window whose `after` and `through` are both wall times one change skips (Apia's 2011-12-30): each
    /// offered the first instant after the change, the two are one instant and the window holds nothing (a review
    /// applied both and was told the window's end is not after its start). Offered instead: the bounds read with the
    /// offset before the change, written with the zone's offset after it (the same span as the clocks show it then: what
    /// `shift-forward` moves there; the offset before it drew offset-mismatch, an error under --strict), or the minute
    /// before the change through its first instant (what `next-valid-time` puts there); either way the window holds
    /// other occurrences than none, which are to be listed (a second round applied the days around the span, offered
    /// first, and its occurrences failed).
    static func emptyWindowNote(after: String, through: String, in zone: TimeZone) -> String? {
        guard let start = skippingChange(for: after, in: zone), let end = skippingChange(for: through, in: zone),
              start.transition == end.transition, let afterText = completed(after), let throughText = completed(through),
              start.before % 60 == 0, start.after % 60 == 0 else { return nil }
        let (from, to) = sides(of: start.transition, before: start.before, after: start.after)
        let offset = WallTimeText.offset(start.before)
        func shown(_ text: String) -> String? {
            guard case .success(let read) = InstantText.parse(text + offset) else { return nil }
            return WallTimeText.instant(read.date, offset: start.after)
        }
        guard let shownAfter = shown(afterText), let shownThrough = shown(throughText) else { return nil }
        let minuteBefore = start.transition.addingTimeInterval(-60)
        return "both bounds are wall times the clocks skip (from \(from) to \(to) in "
            + "\(ZoneDisplayName.of(zone))), so written as each error offers they are one instant and the window between them holds nothing; "
            + "write them as the clocks show the same span after the change instead, after: \(shownAfter), through: \(shownThrough) "
            + "(the wall times read with the offset before the change, \(offset), where 'shift-forward' moves them), or around the change, "
            + "after: \(WallTimeText.instant(minuteBefore, offset: start.before)), through: \(WallTimeText.instant(start.transition, offset: start.after)) "
            + "(where 'next-valid-time' puts them); then list the occurrences the window holds"
    }

    /// One of the two instants of a repeated wall time, and the author's text with its offset.
    private struct Reading {
        let date: Date
        let text: String
    }

    /// What `repeated` makes of a repeated wall time written as an expected occurrence: under `first` or `last` the
    /// reading it gives; under `both` the readings that are occurrences of the schedule, with their keys, and why the
    /// other is not (the rule drops an instant not later than the occurrence before it: Antarctica/Troll's hourly
    /// 02:00 on 2027-10-31, whose first instant comes before the 01:00 slot's second). Nil where the schedule, when it
    /// could be read, gives neither reading (a wall time the rule does not have), for the plain advice.
    private static func repeatedAdvice(_ readings: (first: Reading, last: Reading), local: (date: String, time: String),
                                       repeated: RepeatedTimePolicy, owner: String, zone: TimeZone, keyable: Bool = false, keyLine: Int? = nil,
                                       listed: Set<Date> = [], schedule: () -> Schedule?) -> String? {
        /// "write this line as {at: …, key: …}", or for a block item the two lines to write.
        func writeLine(_ at: String, key: String) -> String {
            keyLine.map { "write at: \(at) on this line and key: \(key) on line \($0)" } ?? "write this line as {at: \(at), key: \(key)}"
        }
        let built = schedule()
        // An interval rule (a case's own) has no wall time to repeat.
        if let built, !built.rule.isCalendarRule { return nil }
        let policy = "under \(owner) 'repeated: \(repeated.rawValue)'"
        switch repeated {
        case .first, .last:
            let reading = repeated == .first ? readings.first : readings.last
            // Without the schedule (one not read), the policy's reading, as a gap is told its policy's instant.
            if let built, built.occurrence(at: reading.date) == nil { return nil }
            return policy + ", \(local.time) on \(local.date) is \(reading.text): write that"
        case .both:
            guard let built else { return nil }
            switch (built.occurrence(at: readings.first.date), built.occurrence(at: readings.last.date)) {
            case (let first?, let last?):
                // A reading another line lists already: this line is the other one (a review was told to list the
                // second after it, which the next line listed, and then to remove one of the two).
                switch (listed.contains(readings.first.date), listed.contains(readings.last.date)) {
                case (true, true):
                    return policy + " both are occurrences, and other lines list both already: remove this line"
                case (false, true), (true, false):
                    let (mine, its, other, which) = listed.contains(readings.last.date)
                        ? (readings.first, first.key, readings.last, "the first") : (readings.last, last.key, readings.first, "the second")
                    return policy + " both are occurrences, and another line lists \(other.text) already: "
                        + (keyable ? writeLine(mine.text, key: "\(its)") : "write this line as \(mine.text) (key \(its))") + ", \(which)"
                case (false, false):
                    break
                }
                // Where a key can go, the long form with it: under `both` a line without its key is
                // `repeated-without-key`'s warning next (a second round for the same line).
                // "write A for the first, or B for the second" read as a choice, and one applied failed (a review): both go.
                guard !keyable else {
                    return policy + " both are occurrences, each with its own key, and both are to be listed: "
                        + writeLine(readings.first.text, key: "\(first.key)") + ", the first, and list the second after it, "
                        + "{at: \(readings.last.text), key: \(last.key)}"
                }
                return policy + " both are occurrences, each with its own key, and both are to be listed: write this line as "
                    + "\(readings.first.text) (key \(first.key)), the first, and list the second after it, \(readings.last.text) (key \(last.key))"
            case (nil, nil):
                return nil
            case (let first, let last):
                let keptIsFirst = first != nil
                let kept = (first ?? last)!
                let (keptReading, other) = keptIsFirst ? (readings.first, readings.last) : (readings.last, readings.first)
                var text = policy + ", \(local.time) on \(local.date) gives one occurrence, \(keptReading.text) (key \(kept.key)): "
                    + (keyable ? writeLine(keptReading.text, key: "\(kept.key)") : "write that")
                    + "; the \(keptIsFirst ? "second" : "first") \(local.time), \(other.text), is "
                // The occurrence the schedule gives just before the kept one, later than the other reading: what it is
                // not later than. A few steps at most, within one overlap.
                var before: Occurrence?
                var cursor = other.date
                for _ in 0..<64 {
                    guard let next = try? built.next(after: cursor), next.date < kept.date else { break }
                    before = next
                    cursor = next.date
                }
                if let before {
                    text += "dropped: it is not later than the occurrence before it, "
                        + "\(WallTimeText.instant(before.date, offset: zone.secondsFromGMT(for: before.date))) (\(before.key))"
                } else {
                    text += "no occurrence of the schedule"
                }
                return text
            }
        }
    }

    /// The message for `written` without a zone, in a document whose other instants are all written with one offset
    /// (`+02:00`, not `Z`): that offset is the one to offer, where `Z` alone moved a lifecycle clock past its first
    /// step (a black-box review). Nil for another shape.
    static func message(for written: String, writtenOffset offset: Int) -> String? {
        guard let text = completed(written), case .success = InstantText.parse(text + "Z") else { return nil }
        return "the instant '\(written)' has no \(text == written ? "" : "seconds and no ")offset; the document's other "
            + "instants are written at \(WallTimeText.offset(offset)): write \(text)\(WallTimeText.offset(offset)) if it is "
            + "at that offset too, or the same instant in UTC, with Z"
    }

    /// `written` with what an instant needs besides its offset: `2027-03-29 08:00` → `2027-03-29T08:00:00`; the text
    /// itself when it has seconds already; nil for another shape.
    static func completed(_ written: String) -> String? {
        if case .success = InstantText.parse(written + "Z") { return written }
        // Without seconds (`2027-03-29 08:00`), as the malformed instant's message completes it; or a space for the `T`.
        let text = InstantText.Problem.secondsAdded(written).flatMap { $0.rest.isEmpty ? $0.head : nil }
            ?? (written.count == 19 && written.dropFirst(10).first == " " ? written.prefix(10) + "T" + written.dropFirst(11) : nil)
        guard let text, case .success = InstantText.parse(text + "Z") else { return nil }
        return text
    }

    /// The author's own text with the offset added; in UTC when the offset has seconds (local mean time).
    private static func spelled(_ text: String, date: Date, offset: Int) -> String {
        offset % 60 == 0 ? text + WallTimeText.offset(offset) : WallTimeText.instant(date, offset: offset)
    }
}
