import Foundation
import Recurrence
import SpecModel
import SpecDiagnostics

/// The one expected occurrence out of place in a list that is otherwise in order, and what was likely meant there.
///
/// The order error used to stand on the later of the two lines out of order, which was often the right one: a line
/// written with `Z` and local digits (`2011-12-31T00:00:00Z` for Apia's `+14:00`), or a day early (its own key naming
/// the next day), put the line *after* it out of order. "List the occurrences in order", applied, took three rounds
/// (the black-box review's F5). A line whose removal leaves the list in order is out of place; of the two lines of the
/// pair, the one that read as written digits at the zone's offset, or at its key's date, fits between its neighbours is
/// the one told, with the instant to write.
struct OutOfPlaceOccurrence {
    /// The index of the line out of place, and of the other line of the pair out of order.
    let index: Int
    let other: Int
    /// What was likely meant, with the instant to write (which puts the list in order), when one reading says so.
    let advice: String?
    /// The line's instant, however written, is one another line lists in order: the advice is to remove it, and an
    /// offset note's "if you meant … local time" beside it would lead away (a review applied it and got `1 missing`).
    /// Also set for a skipped wall time told what its policy gives: neither of that night's offsets is the fix.
    var listedElsewhere = false

    /// Nil unless exactly one pair of neighbours is out of order (more than one slip is told pair by pair).
    /// `schedule` (when the schedule is valid) vets each reading: the instant to write must be the rule's occurrence,
    /// keyed as the line is, and the line as written must not be (a line that is right, as Nuuk's midnight keyed the
    /// day before under next-valid-time, is never told to move to its key's date).
    /// `after`: the window's `after`, which bounds the first line as the line before it would (a review's first line,
    /// the wrong next-valid-time instant, left the right second line blamed, and swapping them took three rounds).
    /// `through`: the window's end, past which no instant is offered (a review was offered the occurrence after it as
    /// "the one the list lacks").
    /// `judged`: in a list with several pairs out of order, none next to another, the one pair to judge (the later
    /// line's index), by its own neighbours; advice that moves a line elsewhere in the list is left out there (`place`),
    /// since the rest of the list is out of order too (the fifty-seventh session's review: a swap and a `Z` line, two pairs
    /// apart, were told "list the occurrences in order" twice, and sorting put the `Z` line last).
    static func find(in occurrences: [ExpectedOccurrence], zone: TimeZone?, schedule: Schedule? = nil, after windowAfter: Date? = nil,
                     through windowThrough: Date? = nil, judged: Int? = nil) -> OutOfPlaceOccurrence? {
        let dates = occurrences.map(\.instant.date)
        let descents = dates.indices.dropFirst().filter { dates[$0] < dates[$0 - 1] }
        guard let later = judged ?? (descents.count == 1 ? descents.first : nil), descents.contains(later) else { return nil }
        let earlier = later - 1
        // Removing a line leaves the list in order when its two neighbours are in order.
        func fitsWithout(_ index: Int) -> Bool {
            index == 0 || index == dates.count - 1 || dates[index - 1] <= dates[index + 1]
        }
        // Lines told what their skipped wall time's policy gives: the offset note ("its offset may be what puts the
        // list out of order") would lead away, since neither offset of that night gives the policy's instant.
        var fromGap: Set<Int> = []
        func advice(_ index: Int) -> String? {
            guard let zone else { return nil }
            let before = index > 0 ? dates[index - 1] : windowAfter, after = index + 1 < dates.count ? dates[index + 1] : nil
            let occurrence = occurrences[index]
            func keyed(_ date: Date) -> Bool {
                guard let found = schedule?.occurrence(at: date) else { return false }
                return occurrence.key.map { $0 == "\(found.key)" } ?? true
            }
            // An occurrence outside the window (a date typed `03-25` for `03-30` after the list's last line) is still
            // out of place: the occurrence the list lacks there is offered (a review's took four rounds).
            let outside = (windowAfter.map { dates[index] <= $0 } ?? false) ? "before the window's 'after'"
                : (windowThrough.map { dates[index] > $0 } ?? false) ? "after the window's 'through'" : nil
            func fits(_ date: Date) -> Bool {
                // Between the lines on either side of it as the list stands (the other line of the pair stays), and,
                // when the schedule is known, its occurrence.
                (before.map { $0 < date } ?? true) && (after.map { date < $0 } ?? true) && (windowThrough.map { date <= $0 } ?? true)
                    && (schedule == nil || keyed(date))
            }
            if let schedule, let landed = landed(index, in: occurrences, schedule: schedule, zone: zone) { return landed }
            // The instant another line lists: a copy to remove, unless its offset is a slip whose reading is told first
            // (a review's 01:30-05:00, 06:30Z on the 15th, was the 14th's 01:30 the list lacked), or its key names
            // another occurrence (`~2` on the first reading: a review removed such a line as told and lost the `~2`).
            let written = occurrence.instant.writtenOffset
            let slipped = written.map { $0 != zone.secondsFromGMT(for: dates[index]) } ?? true
            let listed: String? = dates.indices.first(where: { $0 != index && dates[$0] == dates[index] }).map { listedAt in
                let other = occurrences[listedAt].instant
                return "it is the instant line \(other.location.line) lists already"
                    + (other.text == occurrence.instant.text ? "" : ", written \(other.text) there") + ": remove \(occurrence.thisLine)"
            }
            if schedule != nil, keyed(occurrence.instant.date), outside == nil, listed == nil { return nil }
            let inWindow = { (date: Date) in holds(date, after: windowAfter, through: windowThrough) }
            // A skipped wall time, or another gap policy's instant for one: what the schedule's policy gives there.
            // Under `skip` (no instant to offer) only where no other reading says more: the line may be a typo for the
            // occurrence the list lacks there, which `missing` names.
            func gapPolicy(skipped: Bool = false) -> String? {
                guard let schedule, let told = skippedWall(index, in: occurrences, schedule: schedule, zone: zone, fits: fits, inWindow: inWindow, underSkip: skipped)
                        ?? otherPolicysInstant(index, in: occurrences, schedule: schedule, zone: zone, fits: fits, inWindow: inWindow, underSkip: skipped)
                else { return nil }
                fromGap.insert(index)
                return told
            }
            // The line's digits read otherwise: as local time (in place, or where they belong), or at its key's date.
            let byDigits: String? = localDigits(occurrence, zone: zone, fits: fits) ?? keyDate(occurrence, zone: zone, fits: fits)
                ?? schedule.flatMap { localDigitsElsewhere(index, in: occurrences, schedule: $0, zone: zone, inWindow: inWindow) }
            let told = byDigits
                ?? schedule.flatMap { otherReading(index, in: occurrences, schedule: $0, zone: zone, fits: fits, inWindow: inWindow) }
                ?? gapPolicy()
                // "" where the key's occurrence does not fit: no advice, and none of the readings below either.
                ?? schedule.flatMap { keyedElsewhere(occurrence, schedule: $0, zone: zone, fits: fits) }
                ?? (slipped ? nil : listed)
                ?? schedule.flatMap { dropped(occurrence, schedule: $0, zone: zone) }
                ?? (schedule == nil ? nil : dayAway(occurrence.instant, zone: zone, fits: fits))
                ?? listed
                ?? schedule.flatMap { missing(occurrence.instant, between: before,
                                              and: after.map { min($0, windowThrough?.addingTimeInterval(1) ?? $0) } ?? windowThrough?.addingTimeInterval(1),
                                              listed: Set(dates), schedule: $0, zone: zone, fromWindow: index == 0, toWindow: after == nil,
                                              outside: keyed(occurrence.instant.date) ? outside : nil) }
            if told == nil, schedule?.nonexistent == .skip { return gapPolicy(skipped: true) }
            return told?.isEmpty == true ? nil : told
        }
        let candidates = [earlier, later].filter(fitsWithout)
        var told = candidates.map { ($0, advice($0)) }
        // Two lines the wrong way round, each an occurrence of the rule as written: swapped, the list is in order (a
        // review's two lines, told "list the occurrences in order", was the same fix in more words).
        // Only inside the window (a review swapped in an instant past 'through'), and with each key where it is: two
        // instants exchanged between keyed lines are told so (swapping the lines moved the keys too).
        if told.count == 2, told.allSatisfy({ $0.1 == nil }), let schedule,
           let swap = swapAdvice(earlier, later, in: occurrences, schedule: schedule, after: windowAfter, through: windowThrough) {
            told = [(later, swap)]
        }
        let advised = told.filter { $0.1 != nil }
        let chosen = advised.count == 1 ? advised[0] : told.count == 1 ? told[0] : (later, advice(later))
        return OutOfPlaceOccurrence(index: chosen.0, other: chosen.0 == later ? earlier : later, advice: chosen.1,
                                    listedElsewhere: (fromGap.contains(chosen.0) || dates.indices.contains { $0 != chosen.0 && dates[$0] == dates[chosen.0] })
                                        && chosen.1 != nil)
    }

    /// Where line `index`, moved to `date`, goes among the others: after the last earlier one (its item's last line), or
    /// before the first.
    /// Only where the other lines are in order: judged apart from a list's other pairs out of order (`judged`), a line
    /// is not sent elsewhere in a list still out of order. (With one pair out of order, the lines besides a candidate
    /// are in order: it is a candidate because removing it leaves its neighbours in order.)
    private static func place(of date: Date, movingLine index: Int, in occurrences: [ExpectedOccurrence]) -> String? {
        let others = occurrences.indices.filter { $0 != index }.map { occurrences[$0].instant.date }
        guard zip(others, others.dropFirst()).allSatisfy({ $0 <= $1 }) else { return nil }
        return occurrences.indices.last(where: { $0 != index && occurrences[$0].instant.date < date }).map { "after line \(occurrences[$0].lastLine)" }
            ?? occurrences.indices.first(where: { $0 != index }).map { "before line \(occurrences[$0].firstLine)" }
    }

    /// `the line`, or for a block item `this item (lines 13–14)`.
    private static func theLine(_ occurrence: ExpectedOccurrence) -> String {
        occurrence.isBlock ? occurrence.thisLine : "the line"
    }

    /// Whether the window `(after, through]` holds `date` (a bound not given holds everything on its side).
    private static func holds(_ date: Date, after: Date?, through: Date?) -> Bool {
        (after.map { date > $0 } ?? true) && (through.map { date <= $0 } ?? true)
    }

    /// Two lines that are not neighbours the wrong way round (two pairs out of order, `earlier` the first pair's upper
    /// line and `later` the second's lower one), which exchanged leave the list in order: told as two neighbours are
    /// (a review's first and last keyed lines, their instants exchanged, were told "list the occurrences in order" twice
    /// and an `unmatchable-key` warning whose fix the next round reversed).
    static func exchanged(in occurrences: [ExpectedOccurrence], schedule: Schedule?, after windowAfter: Date? = nil,
                          through windowThrough: Date? = nil) -> OutOfPlaceOccurrence? {
        let dates = occurrences.map(\.instant.date)
        let descents = dates.indices.dropFirst().filter { dates[$0] < dates[$0 - 1] }
        guard descents.count == 2, let schedule else { return nil }
        let earlier = descents[0] - 1, later = descents[1]
        var swapped = dates
        swapped.swapAt(earlier, later)
        guard zip(swapped, swapped.dropFirst()).allSatisfy({ $0 < $1 }),
              let advice = swapAdvice(earlier, later, in: occurrences, schedule: schedule, after: windowAfter, through: windowThrough)
        else { return nil }
        return OutOfPlaceOccurrence(index: later, other: earlier, advice: advice)
    }

    /// What to do of two lines the wrong way round, each an occurrence of the rule as written, inside the window (a
    /// review swapped in an instant past 'through'), which exchanged put the list in order: swap the lines when each key
    /// is its own instant's, or write each instant on the other line when the keys are where they belong (swapping the
    /// lines moved the keys too). Said on the later line.
    private static func swapAdvice(_ earlier: Int, _ later: Int, in occurrences: [ExpectedOccurrence], schedule: Schedule,
                                   after windowAfter: Date?, through windowThrough: Date?) -> String? {
        let dates = occurrences.map(\.instant.date)
        guard earlier == 0 || dates[earlier - 1] < dates[later], later == dates.count - 1 || dates[earlier] < dates[later + 1],
              holds(dates[earlier], after: windowAfter, through: windowThrough), holds(dates[later], after: windowAfter, through: windowThrough),
              let found = Optional([earlier, later].compactMap({ schedule.occurrence(at: dates[$0]) })), found.count == 2
        else { return nil }
        let keys = [earlier, later].map { occurrences[$0].key }
        let other = occurrences[earlier].instant.location.line
        if zip(keys, found).allSatisfy({ key, occurrence in key.map { $0 == "\(occurrence.key)" } ?? true }) {
            return "the two are listed the wrong way round: swap \(occurrences[later].thisLine) and \(occurrences[earlier].lineName)"
        }
        if keys[0] == "\(found[1].key)", keys[1] == "\(found[0].key)" {
            return "the two instants are the wrong way round for their keys: write \(occurrences[earlier].instant.text) on this line "
                + "and \(occurrences[later].instant.text) on line \(other)"
        }
        return nil
    }

    /// A line at another key's occurrence, or at a candidate the drop rule removes, whose key names an occurrence of
    /// the schedule within two days of it: that occurrence to write where it fits, else "" (no advice: the line is not a
    /// copy to remove, nor a dropped line). Nil for a line its key names, a line without a key, a line at no occurrence
    /// or dropped candidate, or a key no occurrence near has.
    private static func keyedElsewhere(_ occurrence: ExpectedOccurrence, schedule: Schedule, zone: TimeZone, fits: (Date) -> Bool) -> String? {
        let date = occurrence.instant.date
        // Only a line at an occurrence of another key, or at one the drop rule removes: where the instant is none of the
        // rule's, the readings after this one say more (`no occurrence of the rule; … the list lacks …`).
        guard let key = occurrence.key, let there = schedule.occurrence(at: date).map({ "\($0.key)" }) ?? (schedule.droppedCandidate(at: date).map { _ in "" }),
              there != key else { return nil }
        let near = Window(after: date.addingTimeInterval(-2 * 86_400), through: date.addingTimeInterval(2 * 86_400))
        guard let named = (try? schedule.occurrences(in: near, limit: 10_000))?.first(where: { "\($0.key)" == key }) else { return nil }
        let offset = zone.secondsFromGMT(for: named.date)
        guard fits(named.date), offset % 60 == 0 else { return "" }
        return "its key \(key) names the occurrence at \(WallTimeText.instant(named.date, offset: offset)), "
            + "\(WallTimeText.wallTime(named.date, in: zone)), not this instant: write that, which puts the list in order"
    }

    /// `…T00:00:00Z` whose digits, read as the zone's wall time, fit: the instant at that wall time. A wall time the
    /// zone repeats has two: the one that fits (keyed as the line is, `~2` the later), when only one does (a second
    /// review's `~2` line written with `Z` in Lord Howe's overlap was told "list the occurrences in order", and the
    /// error stood on the right line after it).
    private static func localDigits(_ occurrence: ExpectedOccurrence, zone: TimeZone, fits: (Date) -> Bool) -> String? {
        let instant = occurrence.instant
        guard instant.writtenOffset == nil, instant.text.count > 1 else { return nil }
        var resolver = WallTimeResolver(timeZone: zone)
        let wall = LocalDateTime(wallSeconds: Int(instant.date.timeIntervalSince1970.rounded(.down)))
        let meant: Date, which: String
        switch resolver.resolve(wall) {
        case .unique(let date):
            (meant, which) = (date, "")
        case .overlap(let first, let last, _):
            let fitting = [first, last].filter(fits)
            guard fitting.count == 1 else { return nil }
            (meant, which) = (fitting[0], fitting[0] == last ? " (the later of the two that night" : " (the earlier of the two that night")
        case .gap:
            return nil
        }
        guard meant.timeIntervalSince1970.rounded(.down) == meant.timeIntervalSince1970, fits(meant) else { return nil }
        let offset = zone.secondsFromGMT(for: meant)
        guard offset % 60 == 0 else { return nil }
        let digits = WallTimeText.local(instant.date, offset: 0)
        let told = which.isEmpty ? "" : which + (occurrence.key.map { ", as its key \($0) says)" } ?? ")")
        return "it is UTC ('Z'), which is \(WallTimeText.wallTime(instant.date, in: zone)) in \(ZoneDisplayName.of(zone)); "
            + "if you meant \(digits.time) local time\(told), write \(String(instant.text.dropLast()))\(WallTimeText.offset(offset)), "
            + "which puts the list in order"
    }

    /// `…T02:30:00Z` whose digits, read as the zone's wall time, are an occurrence of the rule the window holds, but
    /// not between this line's neighbours: where it belongs, or the line listing it already. Two slips that interlock
    /// (next-valid-time's 03:00 above a `Z` line whose local reading is the day before) and a `Z` line below its
    /// place were told "list the occurrences in order", which names neither. Only where that reading is the one
    /// occurrence of the rule at those digits (keyed as the line is).
    private static func localDigitsElsewhere(_ index: Int, in occurrences: [ExpectedOccurrence], schedule: Schedule, zone: TimeZone,
                                             inWindow: (Date) -> Bool) -> String? {
        let occurrence = occurrences[index], instant = occurrence.instant
        guard instant.writtenOffset == nil, instant.text.count > 1 else { return nil }
        var resolver = WallTimeResolver(timeZone: zone)
        let meant = resolver.readings(instant.writtenWall).filter { reading in
            inWindow(reading) && schedule.occurrence(at: reading).map { found in occurrence.key.map { $0 == "\(found.key)" } ?? true } == true
        }
        guard meant.count == 1, let date = meant.first else { return nil }
        let offset = zone.secondsFromGMT(for: date)
        guard offset % 60 == 0 else { return nil }
        let text = WallTimeText.instant(date, offset: offset)
        let said = "it is UTC ('Z'), which is \(WallTimeText.wallTime(instant.date, in: zone)) in \(ZoneDisplayName.of(zone)); "
            + "if you meant \(WallTimeText.local(instant.date, offset: 0).time) local time, that is \(text), "
        if let listed = occurrences.indices.first(where: { $0 != index && occurrences[$0].instant.date == date }) {
            return said + "which line \(occurrences[listed].instant.location.line) lists already: remove \(occurrence.thisLine)"
        }
        guard let place = place(of: date, movingLine: index, in: occurrences) else { return nil }
        let line = occurrence.key.map { "{at: \(text), key: \($0)}" }
        return said + "which belongs \(place): write \(line ?? "that") there and remove \(occurrence.thisLine)"
    }

    /// A line a day off with no key to say so (`- 2027-10-02T01:45:00+10:30` for the 3rd): its wall time a day later or
    /// earlier, where exactly one of those instants is the rule's occurrence and fits (a second review's short-form line
    /// was told "list the occurrences in order"; applied, its failure never named the day). Only with the schedule.
    private static func dayAway(_ instant: InstantLiteral, zone: TimeZone, fits: (Date) -> Bool) -> String? {
        let wall = LocalDateTime(instant.date, in: zone)
        var resolver = WallTimeResolver(timeZone: zone)
        let found = [1, -1].flatMap { days -> [(date: Date, days: Int)] in
            let moved = LocalDateTime(wallSeconds: wall.wallSeconds + days * 86_400)
            switch resolver.resolve(moved) {
            case .unique(let date): return [(date, days)]
            case .overlap(let first, let last, _): return [(first, days), (last, days)]
            case .gap: return []
            }
        }.filter { fits($0.date) }
        guard found.count == 1, let meant = found.first else { return nil }
        let offset = zone.secondsFromGMT(for: meant.date)
        guard offset % 60 == 0 else { return nil }
        let local = WallTimeText.local(meant.date, offset: offset)
        return "it is \(WallTimeText.wallTime(instant.date, in: zone)) in \(ZoneDisplayName.of(zone)), no occurrence of the rule; if you meant "
            + "\(local.time) on \(local.date), a day \(meant.days > 0 ? "later" : "earlier"), write \(WallTimeText.instant(meant.date, offset: offset)), "
            + "which puts the list in order"
    }

    /// A line that is the reading of a repeated wall time the schedule's `repeated` policy does not give (the first
    /// 02:30 under `last`), where the reading it gives is listed (remove the line) or fits in its place (write it). The
    /// other lines of that kind are named too: a review's `repeated: last` spec, listing the first readings beside the
    /// second, was told "list the occurrences in order", then one line a round to remove.
    /// `inWindow`: whether the window holds an instant; a reading it does not hold is no line to write (a review wrote
    /// Troll's first 01:00, 23:00Z, before its window's 'after', as told, and got `outside-window`).
    private static func otherReading(_ index: Int, in occurrences: [ExpectedOccurrence], schedule: Schedule, zone: TimeZone,
                                     fits: (Date) -> Bool, inWindow: (Date) -> Bool = { _ in true }) -> String? {
        let dates = occurrences.map(\.instant.date)
        var resolver = WallTimeResolver(timeZone: zone)
        /// Which reading of its wall time `date` is, and the schedule's own occurrences of that slot.
        func reading(_ date: Date) -> (which: String, own: [Date])? {
            guard schedule.repeated != .both, schedule.occurrence(at: date) == nil else { return nil }
            let wall = LocalDateTime(date, in: zone)
            guard case .overlap(let first, let last, _) = resolver.resolve(wall), date == first || date == last else { return nil }
            let own = resolver.instants(for: wall, nonexistent: schedule.nonexistent, repeated: schedule.repeated)
                .map(\.date).filter { $0 != date && schedule.occurrence(at: $0)?.slot == wall }
            return own.isEmpty ? nil : (date == first ? "first" : "second", own)
        }
        guard let this = reading(dates[index]), let own = this.own.first else { return nil }
        let instant = occurrences[index].instant
        let wall = WallTimeText.local(instant.date, offset: zone.secondsFromGMT(for: instant.date))
        let ownText = WallTimeText.instant(own, offset: zone.secondsFromGMT(for: own))
        let todo: String
        if let line = dates.firstIndex(of: own).map({ occurrences[$0].instant.location.line }) {
            todo = "it gives \(ownText), which line \(line) lists: remove \(theLine(occurrences[index]))"
        } else if !inWindow(own) {
            todo = "it gives \(ownText), which the window does not hold: remove \(theLine(occurrences[index]))"
        } else if fits(own) {
            todo = "it gives \(ownText): write that, which puts the list in order"
        } else if let place = place(of: own, movingLine: index, in: occurrences) {
            // The reading it gives belongs elsewhere in the list (the twentieth mutation run: "write that" in place would
            // have left the list out of order, and the line was told only to list them in order).
            // A keyed line is moved whole: the bare instant offered alone dropped its key (the fifty-third session's review).
            let line = occurrences[index].key.map { "{at: \(ownText), key: \($0)}" }
            todo = "it gives \(ownText), which belongs \(place): write \(line ?? "that") there and remove \(occurrences[index].thisLine)"
        } else {
            return nil
        }
        let alike = dates.indices.filter { other in
            other != index && reading(dates[other]).map { $0.own.allSatisfy(dates.contains) } == true
        }.map { occurrences[$0].instant }
        let others = alike.isEmpty ? "" : "; \(alike.count == 1 ? "line" : "lines") \(ListWording.joined(alike.map { "\($0.location.line)" })), "
            + "\(ListWording.joined(alike.map(\.text))), \(alike.count == 1 ? "is" : "are") the same kind of reading, listed beside "
            + "the one the policy gives: remove \(alike.count == 1 ? "it" : "them") too"
        return "it is the \(this.which) \(wall.time) on \(wall.date) in \(ZoneDisplayName.of(zone)), a wall time that happens twice, and "
            + "'repeated: \(schedule.repeated.rawValue)' does not give that reading: \(todo)\(others)"
    }

    /// A line whose written digits are a wall time the zone skips, at a slot of the rule: what the schedule's
    /// `nonexistent` policy gives for it — listed by another line (remove this one), or fitting in its place or
    /// belonging elsewhere in the list (write it: `policyGives`). Nil where none holds, and under `skip` unless
    /// `underSkip` (asked when no other reading of the line says more: it is then told to go, as the run would tell
    /// it). A review's `02:30+01:00` on the spring night, above the line of next-valid-time's `03:00+02:00`, left the
    /// right line blamed with "list the occurrences in order", and was told to go a round later.
    private static func skippedWall(_ index: Int, in occurrences: [ExpectedOccurrence], schedule: Schedule, zone: TimeZone,
                                    fits: (Date) -> Bool, inWindow: (Date) -> Bool, underSkip: Bool = false) -> String? {
        let instant = occurrences[index].instant
        guard let written = instant.writtenOffset, schedule.occurrence(at: instant.date) == nil else { return nil }
        let wall = instant.writtenWall
        var resolver = WallTimeResolver(timeZone: zone)
        guard case .gap = resolver.resolve(wall) else { return nil }
        // The slot is the rule's when some gap policy gives it an occurrence (under `skip` the rule's slot is still one).
        let anyPolicy = try? Schedule(id: schedule.id, version: schedule.version, rule: schedule.rule, timeZone: zone,
                                      nonexistent: .nextValidTime, repeated: schedule.repeated, searchLimit: schedule.searchLimit)
        let ruleSlot = resolver.instants(for: wall, nonexistent: .nextValidTime, repeated: schedule.repeated)
            .contains { anyPolicy?.occurrence(at: $0.date)?.slot == wall }
        guard ruleSlot else { return nil }
        let own = resolver.instants(for: wall, nonexistent: schedule.nonexistent, repeated: schedule.repeated)
            .map(\.date).filter { schedule.occurrence(at: $0)?.slot == wall }
        let local = WallTimeText.local(instant.date, offset: written)
        let said = "it is written \(local.time) on \(local.date), a wall time \(ZoneDisplayName.of(zone)) skips (the clocks jump over it); "
            + "'nonexistent: \(schedule.nonexistent.rawValue)' "
        return policyGives(own.first, said: said, index, in: occurrences, zone: zone, fits: fits, inWindow: inWindow, underSkip: underSkip)
    }

    /// What the spec's gap policy gives a line's skipped slot (`meant`; nil under `skip`), after `said`: the line to go
    /// where it is listed already (or, with `underSkip`, where nothing is given), the instant to write where it fits
    /// in the line's place or belongs elsewhere in the list, inside the window. Nil otherwise.
    private static func policyGives(_ meant: Date?, said: String, _ index: Int, in occurrences: [ExpectedOccurrence], zone: TimeZone,
                                    fits: (Date) -> Bool, inWindow: (Date) -> Bool, underSkip: Bool) -> String? {
        // Under `skip` the slot has no occurrence: whether the line is to go or another occurrence was meant, the
        // readings after this one say (the one occurrence between its neighbours the list lacks); when none does, `underSkip`.
        guard let meant else { return underSkip ? said + "gives no occurrence for it: remove \(occurrences[index].thisLine)" : nil }
        let offset = zone.secondsFromGMT(for: meant)
        guard offset % 60 == 0 else { return nil }
        let text = WallTimeText.instant(meant, offset: offset)
        if let listed = occurrences.indices.first(where: { $0 != index && occurrences[$0].instant.date == meant }) {
            return said + "gives \(text) for it, which line \(occurrences[listed].instant.location.line) lists already: remove \(occurrences[index].thisLine)"
        }
        if fits(meant) { return said + "gives \(text) for it: write that, which puts the list in order" }
        guard inWindow(meant), let place = place(of: meant, movingLine: index, in: occurrences) else { return nil }
        let line = occurrences[index].key.map { "{at: \(text), key: \($0)}" }
        return said + "gives \(text) for it, which belongs \(place): write \(line ?? "that") there and remove \(occurrences[index].thisLine)"
    }

    /// A line at the instant another gap policy gives a skipped slot of the rule (next-valid-time's 03:00 under `skip`):
    /// what the schedule's own policy gives there — nothing (remove the line), an instant another line lists (remove
    /// it), or one that fits in its place or belongs elsewhere (write it); nothing only with `underSkip`, as
    /// `skippedWall`. A review's policy line above the right line was told "list the occurrences in order"; swapped as
    /// told, the run then told it to go. Nil where the line is the schedule's own.
    private static func otherPolicysInstant(_ index: Int, in occurrences: [ExpectedOccurrence], schedule: Schedule, zone: TimeZone,
                                            fits: (Date) -> Bool, inWindow: (Date) -> Bool, underSkip: Bool = false) -> String? {
        let date = occurrences[index].instant.date
        guard schedule.occurrence(at: date) == nil else { return nil }
        var resolver = WallTimeResolver(timeZone: zone)
        for policy in NonexistentTimePolicy.allCases where policy != schedule.nonexistent {
            guard let variant = try? Schedule(id: schedule.id, version: schedule.version, rule: schedule.rule, timeZone: zone,
                                              nonexistent: policy, repeated: schedule.repeated, searchLimit: schedule.searchLimit),
                  let found = variant.occurrence(at: date), let slot = found.slot, case .gap = resolver.resolve(slot) else { continue }
            let own = resolver.instants(for: slot, nonexistent: schedule.nonexistent, repeated: schedule.repeated)
                .map(\.date).filter { schedule.occurrence(at: $0)?.slot == slot }
            let time = String(slot.description.dropFirst(11))
            let said = "it is \(WallTimeText.wallTime(date, in: zone)) in \(ZoneDisplayName.of(zone)), what 'nonexistent: \(policy.rawValue)' "
                + "gives for \(time) on \(slot.dateString), a wall time the zone skips; 'nonexistent: \(schedule.nonexistent.rawValue)' "
            return policyGives(own.first, said: said, index, in: occurrences, zone: zone, fits: fits, inWindow: inWindow, underSkip: underSkip)
        }
        return nil
    }

    /// A line at an earlier slot's occurrence that a later slot of the rule resolves to as well, and which the drop rule
    /// removes there: Troll's 03:30 is 01:30Z that day, the 01:30's instant under `shift-forward`, so a list in slot
    /// order puts it after the 02:30's 04:30. A review was told "list the occurrences in order", and then that the line
    /// was written twice. Where another line lists the instant, this one is to go; else it is that earlier slot's
    /// occurrence, to move where it belongs. A line keyed for the earlier slot is not this case.
    private static func landed(_ index: Int, in occurrences: [ExpectedOccurrence], schedule: Schedule, zone: TimeZone) -> String? {
        let occurrence = occurrences[index], date = occurrence.instant.date
        guard let drop = schedule.droppedCandidate(landingOn: date, key: occurrence.key),
              occurrence.key.map(drop.isNamed(byKey:)) ?? true else { return nil }
        let local = { (date: Date) in WallTimeText.instant(date, offset: zone.secondsFromGMT(for: date)) }
        let why = "the rule's \(drop.slotWords(readAt: date, in: zone)) resolves to it and is dropped: "
            + "\(drop.reason(repeated: schedule.repeated, local: local)) (docs/recurrence.md#rules)"
        if let listed = occurrences.indices.first(where: { $0 != index && occurrences[$0].instant.date == date }) {
            return "line \(occurrences[listed].instant.location.line) lists this instant already; \(why): remove \(occurrence.thisLine)"
        }
        guard let place = place(of: date, movingLine: index, in: occurrences) else { return nil }
        let blocker = drop.blocker.slot.map { "the rule's \(DroppedCandidate.timeWords($0, readAt: date, in: zone))" } ?? "an earlier time"
        return "it is the occurrence of \(blocker), which belongs \(place): move it there; \(why)"
    }

    /// A line the drop rule removes from the schedule: Troll's 04:00 after the rule's 02:30, which `shift-forward`
    /// moves to 04:30. A review listed both, in the order of their slots, and was offered the next day's 04:00 (outside
    /// its window); the line is to go, since no fix of its digits makes it an occurrence that day.
    private static func dropped(_ occurrence: ExpectedOccurrence, schedule: Schedule, zone: TimeZone) -> String? {
        let instant = occurrence.instant
        guard let drop = schedule.droppedCandidate(at: instant.date) else { return nil }
        let local = { (date: Date) in WallTimeText.instant(date, offset: zone.secondsFromGMT(for: date)) }
        return "it is \(WallTimeText.wallTime(instant.date, in: zone)) in \(ZoneDisplayName.of(zone)), "
            + "the rule's \(drop.slotWords(readAt: instant.date, in: zone)), which the drop rule removes: \(drop.reason(repeated: schedule.repeated, local: local)) "
            + "(docs/recurrence.md#rules); remove \(theLine(occurrence))"
    }

    /// A line no reading places, between two lines with exactly one occurrence of the rule between them that the list
    /// lacks: that occurrence. A review wrote Lord Howe's hourly 02:15, moved by the 30-minute gap to 02:30+11:00, as
    /// `03:15:00+10:30`; its digits at the zone's offset are the next line's instant, which the offset note offered.
    /// The search is a few steps at most: the occurrences between two neighbouring lines.
    private static func missing(_ instant: InstantLiteral, between before: Date?, and after: Date?, listed: Set<Date>,
                                schedule: Schedule, zone: TimeZone, fromWindow: Bool = false, toWindow: Bool = false,
                                outside: String? = nil) -> String? {
        guard let before, let after, before < after else { return nil }
        var found: [Occurrence] = []
        var cursor = before
        for _ in 0..<64 {
            guard let next = try? schedule.next(after: cursor), next.date < after else { break }
            if !listed.contains(next.date) { found.append(next) }
            guard found.count < 2 else { return nil }
            cursor = next.date
        }
        guard found.count == 1, let meant = found.first else { return nil }
        let offset = zone.secondsFromGMT(for: meant.date)
        guard offset % 60 == 0 else { return nil }
        return "it is \(WallTimeText.wallTime(instant.date, in: zone)) in \(ZoneDisplayName.of(zone)), \(outside ?? "no occurrence of the rule"); "
            + "the rule's one occurrence \(fromWindow ? "between the window's 'after' and the line after it" : toWindow ? "between the line before it and the window's 'through'" : "between the lines around it") "
            + "that the list lacks has key \(meant.key); if this line is that one, "
            + "write \(WallTimeText.instant(meant.date, offset: offset)), which puts the list in order"
    }

    /// A key naming a date (`…/2027-10-03`, or `…/2027-10-03T01:45`) other than the instant's local date, where the
    /// instant at the key's date (and the key's time, or the instant's wall time) fits: that instant.
    private static func keyDate(_ occurrence: ExpectedOccurrence, zone: TimeZone, fits: (Date) -> Bool) -> String? {
        guard let key = occurrence.key, let named = DedupKey.slot(endingKey: key) else { return nil }
        let instant = occurrence.instant
        let offset = zone.secondsFromGMT(for: instant.date)
        let local = WallTimeText.local(instant.date, offset: offset)
        guard local.date != named.date, local.time.count == 5 else { return nil }
        let time = named.time ?? local.time
        let parts = (named.date + "-" + time.replacingOccurrences(of: ":", with: "-")).split(separator: "-").compactMap { Int($0) }
        guard parts.count == 5 else { return nil }
        let wall = LocalDateTime(year: parts[0], month: parts[1], day: parts[2], hour: parts[3], minute: parts[4])
        guard wall.dateString == named.date else { return nil }
        var resolver = WallTimeResolver(timeZone: zone)
        guard case .unique(let meant) = resolver.resolve(wall), fits(meant) else { return nil }
        let meantOffset = zone.secondsFromGMT(for: meant)
        // The date the wall time shows must be the key's (a day that does not exist, Apia's 2011-12-30, has none).
        guard meantOffset % 60 == 0, WallTimeText.local(meant, offset: meantOffset).date == named.date else { return nil }
        return "its key \(key) names \(named.date), but it is \(WallTimeText.wallTime(instant.date, in: zone)) in \(ZoneDisplayName.of(zone)); "
            + "if you meant \(time) on \(named.date), write \(WallTimeText.instant(meant, offset: meantOffset)), which puts the list in order"
    }
}
