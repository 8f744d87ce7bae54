import Foundation
import Recurrence
import SpecDiagnostics
import SpecModel

/// Warns about an expected occurrence at the same instant as the one listed before it, however either is written
/// (`02:30:00+02:00` and `00:30:00Z` are one instant): occurrences are strictly increasing, so the spec fails with
/// one of the two in its diff as missing. The two occurrences of a repeated wall time differ in offset.
///
/// An instant earlier than the one before it is not linted: the parser refuses it (`instant-order`).
public struct DuplicateInstantLint: SpecLintRule {
    public init() {}

    public func diagnostics(for spec: Spec, in file: SpecFile) -> [Diagnostic] {
        guard case .recurrence(let body) = spec.body, case .occurrences(let occurrences, _) = body.expect else { return [] }
        // Dates compared in place: copying every instant of every spec to find the rare pair was most of this lint's cost.
        return occurrences.indices.dropFirst().filter { occurrences[$0].instant.date == occurrences[$0 - 1].instant.date }.compactMap { index in
            let earlier = occurrences[index - 1].instant, instant = occurrences[index].instant
            // One of the two written with an offset the zone does not have then is the likelier slip (the seeds' hour):
            // removing either line, as the message said, kept the slip (the lint review).
            let zone = body.schedule.timeZone
            let slipped = [earlier, instant].filter { literal in
                literal.writtenOffset.map { $0 != zone.secondsFromGMT(for: literal.date) } ?? false
            }
            let expected = OffsetMismatchLint.ExpectedSlot(schedule: body.schedule, overrides: nil, cursor: nil)
            // A wall time in a gap: its offset-mismatch warning already says what the line stands for, knowing the
            // other line (the policy's instant to write, or to remove it). On this very line that warning is the whole
            // story, told once (the review's r20 was told "remove that line" here beside "write that", and the offset
            // slip three times); on the line before, this warning points at it.
            let told = slipped.count == 1 && expected.map { OffsetMismatchLint.tellsRepeat(slipped[0], in: zone, expected: $0) } ?? false
            if told, slipped[0].location == instant.location, earlier.location != instant.location { return nil }
            // The slipped line may be that very occurrence written in another offset: its warning then says to keep
            // the instant, and done, the two are still one (a docs audit went round twice): remove it.
            let sameOccurrence = slipped.count == 1 && !told
                && expected.map { OffsetMismatchLint.keepsInstant(slipped[0], in: zone, expected: $0) } ?? false
            let advice: String
            // The line to remove or rewrite, when the lint knows it: the warning stands there (the black-box review's
            // F3 and F8: the caret on the right line, told "remove line 26" of the one before it).
            var toFix = instant
            if slipped.count == 1 && sameOccurrence {
                advice = "\(slipped[0].text) on line \(slipped[0].location.line) is this occurrence written with an offset the zone does not "
                    + "have then: remove that line"
            } else if slipped.count == 1 {
                // Its warning says what to write, or, where the wall time meant gives nothing (a skipped day), to
                // remove that line: "correct the offset" was wrong there (the second failure review).
                advice = "\(slipped[0].text) on line \(slipped[0].location.line) is written with an offset the zone does not have then: "
                    + "do what its offset-mismatch warning says rather than removing the other line"
            } else if let told = Self.localDigits(earlier, instant, body: body) {
                advice = told
            } else if let told = Self.oneLocalDigits(index, in: occurrences, body: body) {
                advice = told.advice
                toFix = told.line
            } else if let told = Self.keyedOnce(occurrences[index - 1], occurrences[index], in: occurrences, body: body) {
                advice = told.advice
                toFix = told.line
            } else if let between = Self.unlistedBetween(occurrences, index, body: body) {
                advice = between.advice
                toFix = between.line
            } else if let landed = Self.droppedOnto(instant, key: occurrences[index].key, item: index + 1,
                                                    sharedLine: earlier.location.line == instant.location.line, body: body) {
                advice = landed
            } else {
                // The pair of a repeated wall time is named only where the wall time repeats: on a spring night it
                // explained nothing (the same review).
                let pair = Self.isRepeatedWallTime(instant, body: body) ? " (the two occurrences of a repeated wall time differ in offset)" : ""
                advice = "remove one" + pair
            }
            // An instant and its alias are one text in one place: "listed here" named the place the warning is at (the
            // alias is noted where it copies it, `MergeSites`).
            let copied = earlier.location == instant.location
            let onEarlier = !copied && toFix.location == earlier.location
            let (here, other) = onEarlier ? (earlier, instant) : (instant, earlier)
            return Diagnostic(
                code: LintCode.duplicateInstant.rawValue,
                severity: .warning,
                location: here.location,
                message: (copied ? "\(instant.text) is listed twice, once by an alias that copies it"
                    : "\(here.text) is the same instant as \(other.text) \(onEarlier ? "after" : "before") it")
                    + ": an occurrence happens once, so the spec will fail; \(copied ? "remove the alias" : advice)",
                sourceLine: here.sourceLine,
                length: here.text.count,
                notes: copied ? [] : [Diagnostic.Note(location: other.location, message: "\(other.text) is listed here")])
        }
    }

    /// The one occurrence between the copy and the next line (or the window's end), listed nowhere: the copy stands in
    /// its place, a date typed twice (a `2027-06-02` where `06-03` was meant was told "remove one", and removed, the
    /// spec still failed for the 3rd). Or, where the instant is an occurrence, the one between the line before the first
    /// copy (or the window's start) and that copy: the first copy stands in its place, a date typed as the next line's
    /// (a review's `10-30` for `10-29`, told "remove one" beside the run's "line 14 stands where 10-29 belongs": both
    /// done, 10-30 was lost), where nothing is left out after the last copy. Nil where a copy carries a key, or zero or
    /// several occurrences are unlisted. With the advice, the copy it is about.
    private static func unlistedBetween(_ occurrences: [ExpectedOccurrence], _ index: Int, body: RecurrenceSpec) -> (advice: String, line: InstantLiteral)? {
        guard occurrences[index].key == nil, occurrences[index - 1].key == nil, let schedule = try? body.schedule.schedule() else { return nil }
        let listed = Set(occurrences.map(\.instant.date))
        /// The occurrences in (from, to), or (from, through] of the window when `to` is nil (a few at most), and whether
        /// they are one, listed nowhere.
        func between(after from: Date?, before to: Date?) -> (all: [Occurrence], one: Occurrence?) {
            guard let from, let end = to ?? body.window?.through.date, end > from,
                  let found = try? CoreEngine().occurrences(in: Window(after: from, through: end), of: schedule, limit: 3) else { return ([], nil) }
            let all = found.filter { $0.date < end || to == nil }
            return (all, all.count == 1 && !listed.contains(all[0].date) ? all[0] : nil)
        }
        let copy = occurrences[index].instant, first = occurrences[index - 1].instant
        let next = occurrences.indices.contains(index + 1) ? occurrences[index + 1].instant : nil
        let previous = index >= 2 ? occurrences[index - 2].instant.date : body.window?.after.date
        let later = between(after: copy.date, before: next?.date)
        // The first copy only where nothing is left out after the last one.
        let after = later.one
        let before = after != nil || !later.all.isEmpty || schedule.occurrence(at: copy.date) == nil ? nil : between(after: previous, before: first.date).one
        guard let meant = after ?? before else { return nil }
        let text = WallTimeText.instant(meant.date, offset: schedule.timeZone.secondsFromGMT(for: meant.date))
        if after != nil {
            let place = next.map { "between this line and line \($0.location.line)" } ?? "after this line, in the window"
            return ("the one occurrence \(place), \(text), is listed nowhere: if line \(copy.location.line) means it, write "
                + "\(text) there; else remove line \(copy.location.line)", copy)
        }
        let place = index >= 2 ? "between line \(occurrences[index - 2].lastLine) and this line" : "before this line, in the window"
        return ("the one occurrence \(place), \(text), is listed nowhere: if line \(first.location.line) means it, write "
            + "\(text) there; else remove line \(first.location.line)", first)
    }

    /// An instant a second slot of the rule resolves to as well, which the drop rule removes: Berlin's 02:30 and 02:45
    /// under `next-valid-time` are one 03:00. "Remove one" alone left the author asking where the 02:45 went.
    /// `item`: the line's place in the list, named where the two share a line (a flow list), whose removal would take both.
    private static func droppedOnto(_ instant: InstantLiteral, key: String?, item: Int, sharedLine: Bool, body: RecurrenceSpec) -> String? {
        guard let schedule = try? body.schedule.schedule(), let drop = schedule.droppedCandidate(landingOn: instant.date, key: key) else { return nil }
        let zone = schedule.timeZone
        let local = { (date: Date) in WallTimeText.instant(date, offset: zone.secondsFromGMT(for: date)) }
        return "the rule's \(drop.slotWords(readAt: instant.date, in: zone)) resolves to it too and is dropped: "
            + "\(drop.reason(repeated: schedule.repeated, local: local)) (docs/recurrence.md#rules); remove "
            + (sharedLine ? "item \(item) of the list on line \(instant.location.line)" : "line \(instant.location.line)")
    }

    /// Two lines written with `Z` whose digits are a wall time the schedule gives twice (`repeated: both`): the likelier
    /// slip is local digits written as UTC, on both lines. "Remove one", said first, left the spec failing (a message
    /// review's autumn 02:30 written `…T02:30:00Z` twice): the two instants of that wall time are named instead.
    private static func localDigits(_ earlier: InstantLiteral, _ instant: InstantLiteral, body: RecurrenceSpec) -> String? {
        guard earlier.writtenOffset == nil, instant.writtenOffset == nil, let schedule = try? body.schedule.schedule() else { return nil }
        let zone = schedule.timeZone
        let wall = LocalDateTime(wallSeconds: Int(instant.date.timeIntervalSince1970.rounded(.down)))
        var resolver = WallTimeResolver(timeZone: zone)
        guard case .overlap(let first, let last, _) = resolver.resolve(wall),
              schedule.occurrence(at: first) != nil, schedule.occurrence(at: last) != nil else { return nil }
        func text(_ date: Date) -> String { WallTimeText.instant(date, offset: zone.secondsFromGMT(for: date)) }
        return "both are written with 'Z' (UTC); if they mean \(WallTimeText.local(instant.date, offset: 0).time) local time, which "
            + "happens twice that night, write its two instants: \(text(first)) and \(text(last))"
    }

    /// One of the two written with `Z`, whose digits read as local time are an occurrence no line lists that fits its
    /// place (keyed as the line is): the `Z` line is that slip, to rewrite (a review's Troll `01:00:00Z`, meant for the
    /// first 01:00 at +02:00 beside the keyed second one at 01:00Z, was told "remove one" with the caret on the right
    /// line). With the advice, the `Z` line.
    private static func oneLocalDigits(_ index: Int, in occurrences: [ExpectedOccurrence], body: RecurrenceSpec) -> (advice: String, line: InstantLiteral)? {
        let pair = [index - 1, index].filter { occurrences[$0].instant.writtenOffset == nil }
        guard pair.count == 1, let z = pair.first, let schedule = try? body.schedule.schedule() else { return nil }
        let line = occurrences[z], zone = schedule.timeZone
        let before = z > 0 ? occurrences[z - 1].instant.date : body.window?.after.date
        let after = occurrences.indices.contains(z + 1) ? occurrences[z + 1].instant.date : body.window?.through.date.addingTimeInterval(1)
        let listed = Set(occurrences.map(\.instant.date))
        var resolver = WallTimeResolver(timeZone: zone)
        let readings = resolver.readings(line.instant.writtenWall)
        let meant = readings.filter { date in
            (before.map { $0 < date } ?? true) && (after.map { date < $0 } ?? true) && !listed.contains(date)
                && schedule.occurrence(at: date).map { found in line.key.map { $0 == "\(found.key)" } ?? true } == true
        }
        guard meant.count == 1, let date = meant.first, zone.secondsFromGMT(for: date) % 60 == 0 else { return nil }
        let which = readings.count == 2 ? " (the \(date == readings[0] ? "first" : "second") of the two that night)" : ""
        let text = WallTimeText.instant(date, offset: zone.secondsFromGMT(for: date))
        // Under `both` a repeated wall time's line carries its key (`repeated-without-key`): given whole, as a review's
        // short form drew that warning a round later.
        let whole = readings.count == 2 && schedule.repeated == .both && line.key == nil
            ? schedule.occurrence(at: date).map { "{at: \(text), key: \($0.key)}" } : nil
        return ("\(line.instant.text) on line \(line.instant.location.line) is UTC ('Z'); if its digits "
            + "\(WallTimeText.local(line.instant.date, offset: 0).time) are meant as local time, that is \(text)\(which), which no line "
            + "lists: write \(whole.map { "this line as \($0)" } ?? "that on line \(line.instant.location.line)")", line.instant)
    }

    /// Two lines keyed differently at one instant the schedule gives once: it is the slot whose key it carries, and the
    /// other slot is dropped (a rule gives an instant once, as the earlier slot's). A message review's two times a day
    /// under `shift-backward`, the 02:30 moved onto the 01:30, were told "remove one", and removing the wrong one failed.
    /// With the advice, the line it is about (to remove or rewrite).
    /// `list`: every expected occurrence, to say where the other key's instant goes when the line's own place does not
    /// fit it (a review's `~2` line above the first reading's, told "write that on line 16", then had to swap the two).
    private static func keyedOnce(_ earlier: ExpectedOccurrence, _ later: ExpectedOccurrence, in list: [ExpectedOccurrence], body: RecurrenceSpec)
        -> (advice: String, line: InstantLiteral)?
    {
        guard let first = earlier.key, let second = later.key, first != second, let schedule = try? body.schedule.schedule(),
              let occurrence = schedule.occurrence(at: later.instant.date) else { return nil }
        let key = "\(occurrence.key)"
        let (kept, gone) = key == first ? (earlier, later) : key == second ? (later, earlier) : (nil, nil)
        guard let kept, let gone, let goneKey = gone.key else { return nil }
        let told = "the schedule gives it once, keyed \(key) (line \(kept.instant.location.line))"
        // The other key's own occurrence, near: another instant (a copied line, its instant left unchanged: the third
        // review's shift-forward 02:30 at 03:30+02:00, told "has no occurrence there") or none (dropped onto this one).
        let near = Window(after: later.instant.date.addingTimeInterval(-2 * 86_400), through: later.instant.date.addingTimeInterval(2 * 86_400))
        guard let occurrences = try? CoreEngine().occurrences(in: near, of: schedule, limit: 10_000) else { return nil }
        if let own = occurrences.first(where: { "\($0.key)" == goneKey }) {
            let ownText = WallTimeText.instant(own.date, offset: schedule.timeZone.secondsFromGMT(for: own.date))
            // Outside the window, the other key's occurrence is no line to write (a review wrote it as told and got
            // `outside-window`): the key is the slip, and the line, a copy of one the list holds, is to go.
            if let window = body.window, !(window.after.date < own.date && own.date <= window.through.date) {
                return (told + "; \(goneKey) is the occurrence at \(ownText), \(own.date > window.through.date ? "after the window's 'through'" : "not after the window's 'after'"), "
                    + "which the window does not hold: remove \(gone.lineName)", gone.instant)
            }
            let write = told + "; \(goneKey) is the occurrence at \(ownText): write that on line \(gone.instant.location.line)"
            // Where the line stands, between its neighbours, or else the line after which it goes.
            guard let place = list.firstIndex(where: { $0.instant.location == gone.instant.location }) else { return (write, gone.instant) }
            let fits = (place == 0 || list[place - 1].instant.date < own.date) && (place == list.count - 1 || own.date < list[place + 1].instant.date)
            let others = list.enumerated().filter { $0.offset != place }.map(\.element)
            if !fits, let before = others.last(where: { $0.instant.date < own.date }) {
                return (write + " and move \(gone.isBlock ? "the item" : "the line") after line \(before.lastLine)", gone.instant)
            }
            if !fits, let after = others.first(where: { $0.instant.date > own.date }) {
                return (write + " and move \(gone.isBlock ? "the item" : "the line") before line \(after.firstLine)", gone.instant)
            }
            return (write, gone.instant)
        }
        let remove = ": remove \(gone.lineName)"
        // Why the other key has none here, told only when true: "as the earlier slot's" was said of a 02:00 slot under
        // 'nonexistent: skip', the earlier slot of the two, which has no occurrence because skip drops it (the
        // black-box review's F3).
        let goneSlot = DedupKey.slot(endingKey: goneKey), keptSlot = DedupKey.slot(endingKey: key)
        if let goneSlot, let time = goneSlot.time, body.schedule.nonexistent == .skip {
            var resolver = WallTimeResolver(timeZone: schedule.timeZone)
            let parts = (goneSlot.date + "-" + time).split(whereSeparator: { $0 == "-" || $0 == ":" }).compactMap { Int($0) }
            if parts.count == 5,
               case .gap = resolver.resolve(LocalDateTime(year: parts[0], month: parts[1], day: parts[2], hour: parts[3], minute: parts[4])) {
                return (told + "; \(time) does not exist on \(goneSlot.date) in \(ZoneDisplayName.of(schedule.timeZone)) (the clocks skip it), "
                    + "and 'nonexistent: skip' gives the \(time) slot no occurrence, so \(goneKey) has none" + remove, gone.instant)
            }
        }
        if let goneSlot, let keptSlot, goneSlot.date + (goneSlot.time ?? "") > keptSlot.date + (keptSlot.time ?? ""),
           (goneSlot.time == nil) == (keptSlot.time == nil) {
            return (told + "; a rule gives an instant once, as the earlier slot's, so \(goneKey) has no occurrence there" + remove, gone.instant)
        }
        return (told + "; \(goneKey) has no occurrence there" + remove, gone.instant)
    }

    /// Whether the instant's wall time happens twice in the schedule's zone (an overlap).
    private static func isRepeatedWallTime(_ instant: InstantLiteral, body: RecurrenceSpec) -> Bool {
        var resolver = WallTimeResolver(timeZone: body.schedule.timeZone)
        let wall = LocalDateTime(wallSeconds: Int(instant.date.timeIntervalSince1970.rounded(.down)) + resolver.offset(at: instant.date))
        if case .overlap = resolver.resolve(wall) { return true }
        return false
    }
}
