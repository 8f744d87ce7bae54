import Foundation
import Recurrence
import SpecDiagnostics
import SpecModel

/// Warns about an instant written with a numeric offset that is not its zone's offset at that instant
/// (`2027-03-29T02:30:00+01:00` in Europe/Berlin, which is at +02:00 that day). `Z` is always accepted.
///
/// The instant is still absolute and still compared as written; the warning catches the likely slip of
/// writing the winter offset in summer, and names the instant the author probably meant.
///
/// A recurrence spec's instants are checked against the schedule's zone (a case's own `timezone` for its
/// instants), an interval rule's `from` included. A lifecycle scenario's are checked only when it has a `schedule`, against that zone: without one
/// nothing says which zone the author meant.
public struct OffsetMismatchLint: SpecLintRule {
    public static let code = LintCode.offsetMismatch.rawValue

    public init() {}

    public func diagnostics(for spec: Spec, in file: SpecFile) -> [Diagnostic] {
        switch spec.body {
        case .recurrence(let body): diagnostics(for: body, merges: file.mergeSites)
        case .lifecycle(let body): diagnostics(for: body)
        }
    }

    public func diagnostics(for spec: Spec) -> [Diagnostic] {
        diagnostics(for: spec, in: SpecFile(path: "", specs: [], diagnostics: []))
    }

    /// A case's cursor merged from another mapping is read in the case's own zone: the warning, told where the instant
    /// is written, names the case that reads it so, at the case's `<<` (the one nearest its name; the anchor's own
    /// case, in another zone, may be right). `MergeSites.noting` then adds no note of its own.
    private static func namingTheCase(_ diagnostic: Diagnostic, _ testCase: CaseSpec, zone: TimeZone, merges: MergeSites) -> Diagnostic {
        guard let location = diagnostic.location,
              let sites = merges.copies[MergeSites.Position(line: location.line, column: location.column)] else { return diagnostic }
        let name = testCase.location
        guard let site = sites.min(by: { (abs($0.line - name.line), abs($0.column - name.column)) < (abs($1.line - name.line), abs($1.column - name.column)) })
        else { return diagnostic }
        var named = diagnostic
        named.notes.append(Diagnostic.Note(
            location: SourceLocation(file: location.file, line: site.line, column: site.column),
            message: "case '\(testCase.name)' merges this instant here and reads it in \(ZoneDisplayName.of(zone)); "
                + "write it beside this '<<' to give the case its own"))
        return named
    }

    private func diagnostics(for body: RecurrenceSpec, merges: MergeSites = MergeSites()) -> [Diagnostic] {
        let zone = body.schedule.timeZone
        var found: [Diagnostic] = []
        func check(_ instant: InstantLiteral, _ zone: TimeZone) {
            if let diagnostic = diagnostic(for: instant, in: zone) { found.append(diagnostic) }
        }
        if let from = body.schedule.intervalFrom { check(from, zone) }
        if let window = body.window {
            check(window.after, zone)
            check(window.through, zone)
        }
        if case .occurrences(let occurrences, _) = body.expect {
            // Offsets compared in place: copying each occurrence, or even each instant, to compare its offset was 1.3 % of
            // `specrun check`'s profile on the 10,000-spec corpus. An instant is copied only for its warning.
            for index in occurrences.indices {
                guard let written = occurrences[index].instant.writtenOffset,
                      zone.secondsFromGMT(for: occurrences[index].instant.date) != written else { continue }
                var expected = ExpectedSlot(schedule: body.schedule, overrides: nil, cursor: nil)
                expected?.key = occurrences[index].key
                expected?.window = body.window.map { ($0.after.date, $0.through.date) }
                expected?.listedElsewhere = occurrences.indices.contains {
                    $0 != index && occurrences[$0].instant.date == occurrences[index].instant.date
                }
                expected?.otherLines = Set(occurrences.indices.lazy.filter { $0 != index }.map { occurrences[$0].instant.date })
                if let diagnostic = diagnostic(for: occurrences[index].instant, in: zone, expected: expected) { found.append(diagnostic) }
            }
        }
        for testCase in body.cases {
            let caseZone = testCase.overrides.timeZone ?? zone
            // A case in another zone may write its cursor in the schedule's (the app rescheduled before the user
            // moved): the same instant, told as the author saw it, as a lifecycle scenario's instants are after a move.
            let inScheduleZone = testCase.overrides.timeZone != nil && testCase.after.writtenOffset == zone.secondsFromGMT(for: testCase.after.date)
            if !inScheduleZone, let diagnostic = diagnostic(for: testCase.after, in: caseZone) {
                found.append(Self.namingTheCase(diagnostic, testCase, zone: caseZone, merges: merges))
            }
            // Each search's cursor is the result before it, as the run chains them, not the line before as written: a
            // cases review's first result, itself wrong, made the second line's note offer the first's instant (both
            // applied, one instant twice), and a `rule gives neither` where only the written cursor was off.
            var chain: [Date]?
            for (index, next) in testCase.next.enumerated() {
                guard let written = next.writtenOffset, caseZone.secondsFromGMT(for: next.date) != written else { continue }
                var expected = ExpectedSlot(schedule: body.schedule, overrides: testCase.overrides, cursor: testCase.after.date)
                expected?.otherLines = Set(testCase.next.indices.lazy.filter { $0 != index }.map { testCase.next[$0].date })
                if index > 0, let built = expected?.schedule {
                    if chain == nil {
                        let start = Self.localCursor(of: testCase, in: built) ?? testCase.after.date
                        chain = built.searches(testCase.next.count, after: start).map(\.date)
                    }
                    let listed = testCase.next[index - 1].date
                    let result = chain.flatMap { $0.indices.contains(index - 1) ? $0[index - 1] : nil } ?? listed
                    expected?.cursor = result
                    if result != listed {
                        expected?.cursorWords = "the result before it, \(WallTimeText.instant(result, offset: caseZone.secondsFromGMT(for: result))),"
                    }
                }
                if let diagnostic = diagnostic(for: next, in: caseZone, expected: expected) {
                    found.append(Self.namingTheCase(diagnostic, testCase, zone: caseZone, merges: merges))
                }
            }
        }
        return found
    }

    /// The cursor a case's `Z` 'after' means where the run's error names it the slip: the case's first result is not
    /// later than it, and its digits read as the zone's local time are a cursor from which the case's searches find
    /// that result (`CaseReader.localDigitsCursor`). The chain of searches the other results' notes read from starts
    /// there: from the UTC 'after', a later line was told the instant after its own (a third cases review's leftover:
    /// both applied, the case failed). Nil otherwise.
    static func localCursor(of testCase: CaseSpec, in built: Schedule) -> Date? {
        guard let first = testCase.next.first, first.date <= testCase.after.date, testCase.next.count <= 16 else { return nil }
        // As the error reads it: a result at the cursor itself is found by the first search only.
        return testCase.after.localReading(in: built, finding: first.date, searches: first.date == testCase.after.date ? 1 : testCase.next.count)
    }

    /// An instant the schedule is expected to give (an expected occurrence, a case's `next`, a scenario run's
    /// `planned`). Whether the instant as written, or as the author probably meant it, is one of the rule's occurrences
    /// decides the fix: an instant written right in another offset (`08:00:00+00:00`, as Python's `isoformat()` writes
    /// UTC, for a rule at 09:00 in Berlin) is kept with the zone's offset, not moved to 08:00 local time. For a calendar
    /// rule whose wall time falls in a gap, the spec's `nonexistent` policy (a case's own, if it overrides it) decides
    /// what the rule gives that day, and that, not the instant as written with the zone's offset, is the fix.
    public struct ExpectedSlot: Sendable {
        /// The schedule as the instant's spec or case runs it.
        let schedule: Schedule
        /// The search's cursor for a case's `next`; nil for a window's occurrence.
        var cursor: Date?
        /// The cursor in words: the line before, or the search's result before it where that line is not the result.
        var cursorWords = "the instant before it"
        /// Whether the rule has wall times (not an interval rule), so that a policy decides a gap's instant.
        let hasWallTimes: Bool
        /// A long-form occurrence's key: under `repeated: both`, `~2` names the later of a repeated pair.
        var key: String?
        /// Another expected occurrence is this same instant: keeping it with the zone's offset would list one
        /// occurrence twice (Apia's skipped 2011-12-30: 02:30+14:00 written for it is the 29th's 02:30-10:00).
        var listedElsewhere = false
        /// The instants the window's other lines (or the case's other results) list: a policy's instant one of them lists
        /// is not offered to be written (a review's extra line on New York's skipped 02:30 was told to write 03:00-04:00,
        /// which another line listed).
        var otherLines: Set<Date> = []
        /// A window occurrence's window, `(after, through]`: an instant outside it is not offered to be kept (a review was
        /// told to keep an instant past `through`, beside `outside-window`'s warning on the same line).
        var window: (after: Date, through: Date)?

        /// Nil for a schedule that does not build.
        public init?(schedule: ScheduleSpec, overrides: CaseSpec.Overrides?, cursor: Date?) {
            guard let built = try? schedule.schedule(overriding: overrides ?? CaseSpec.Overrides()) else { return nil }
            self.schedule = built
            self.cursor = cursor
            hasWallTimes = (overrides?.rule ?? schedule.rule).isCalendarRule
        }

        /// An interval rule's occurrence nearest `instant` (the earlier of two as near), within the window for a window's
        /// occurrence; nil for a calendar rule or a case's search (its cursor decides).
        func nearestInterval(to instant: Date) -> Date? {
            guard cursor == nil, case .interval(let seconds, _) = schedule.rule else { return nil }
            let candidates = [try? schedule.next(after: instant.addingTimeInterval(-Double(seconds))), try? schedule.next(after: instant)]
                .compactMap { $0?.date }
                .filter { date in window.map { $0.after < date && date <= $0.through } ?? true }
            return candidates.min { abs($0.timeIntervalSince(instant)) < abs($1.timeIntervalSince(instant)) }
        }

        /// Whether `instant` is one of the schedule's occurrences; for a case's `next`, the one its search finds.
        public func isOccurrence(_ instant: Date) -> Bool {
            guard let cursor else { return schedule.occurrence(at: instant) != nil }
            return (try? CoreEngine().next(after: cursor, in: schedule))?.date == instant
        }

        /// Whether the rule has several slots on `wall`'s date (an hourly rule, several times a date): "no occurrence that
        /// day" is false of it when one slot is lost (the review's r20 had 01:30 and 03:30 that day). Asked in UTC, where
        /// every date has its slots.
        func hasSeveralSlots(on wall: LocalDateTime) -> Bool {
            let midnight = Double(wall.wallSeconds - (wall.wallSeconds % 86_400 + 86_400) % 86_400)
            guard let utc = TimeZone(identifier: "UTC"),
                  let anyZone = try? Schedule(id: schedule.id, version: schedule.version, rule: schedule.rule, timeZone: utc,
                                              nonexistent: .nextValidTime, repeated: .first, searchLimit: schedule.searchLimit)
            else { return false }
            let day = Window(after: Date(timeIntervalSince1970: midnight - 1), through: Date(timeIntervalSince1970: midnight + 86_399))
            do throws(RecurrenceError) {
                return try anyZone.occurrences(in: day, limit: 1).count > 1
            } catch .tooManyOccurrences {
                return true
            } catch {
                return false
            }
        }

        /// What the policy makes of `wall` (in the gap), said as the fix: the instant to write, or that there is none;
        /// nil when `instant` itself is an occurrence (a rule at 01:30 gives 01:30+01:00, written 02:30+02:00), so
        /// writing it with the zone's offset is the fix.
        func outcome(of wall: LocalDateTime, time: String, date: String, instant: Date) -> String? {
            if !hasWallTimes || (isOccurrence(instant) && !listedElsewhere) { return nil }
            let zone = schedule.timeZone
            var resolver = WallTimeResolver(timeZone: zone)
            let policy = "'nonexistent: \(schedule.nonexistent.rawValue)'"
            guard let resolved = resolver.instants(for: wall, nonexistent: schedule.nonexistent, repeated: schedule.repeated).first else {
                // The other policies' instants that night: an incident "the job did not run" is fixed by choosing one
                // of them, not by removing the line (a review wrote the bug into its guard as told). Only a policy whose
                // instant would be a new occurrence: that day's, under that policy, and no occurrence of this schedule
                // already. Another slot's own instant is given once, as the earlier slot's, and adds no run: Apia's
                // skipped day read back is the 29th's own, and read forward the 31st's (the 30th's takes it, and the
                // 31st's run is lost: a third review applied it and saw the 31st gone); an hourly rule's 02:30 shifted
                // is the 01:30 or the 03:30 slot's (the review's r20 ran both and got the same two runs as skip).
                let others = NonexistentTimePolicy.allCases.filter { $0 != schedule.nonexistent }.compactMap { other -> String? in
                    guard let instant = resolver.instants(for: wall, nonexistent: other, repeated: schedule.repeated).first?.date,
                          schedule.occurrence(at: instant) == nil,
                          let alternative = try? Schedule(id: schedule.id, version: schedule.version, rule: schedule.rule, timeZone: zone,
                                                          nonexistent: other, repeated: schedule.repeated, searchLimit: schedule.searchLimit),
                          let slot = alternative.occurrence(at: instant)?.slot,
                          (slot.year, slot.month, slot.day) == (wall.year, wall.month, wall.day) else { return nil }
                    return "\(other.rawValue) gives \(WallTimeText.instant(instant, offset: zone.secondsFromGMT(for: instant)))"
                }
                let otherwise = others.isEmpty ? "" : ", or, for a run that night, choose another 'nonexistent' policy: "
                    + others.joined(separator: ", ")
                // A rule with several slots a day loses only this one: the day has its others.
                let none = "under \(policy) there is no occurrence " + (hasSeveralSlots(on: wall) ? "at \(time) that day" : "that day")
                guard let cursor, let next = try? CoreEngine().next(after: cursor, in: schedule) else {
                    return none + "; remove this instant" + otherwise
                }
                return none + ", and the search finds the next one; write "
                    + WallTimeText.instant(next.date, offset: zone.secondsFromGMT(for: next.date)) + otherwise
            }
            let moved = "under \(policy), \(time) on \(date) is \(WallTimeText.instant(resolved.date, offset: zone.secondsFromGMT(for: resolved.date)))"
            // The instant is this wall time's occurrence: for a case, the one its search finds; else one whose slot is
            // the wall time written. Dublin's hourly 01:00 shifted back is 00:00+00:00, the 00:00 slot's own, already
            // listed: "write that" listed it twice (the second hints audit).
            // Asked for a case too: Dublin's hourly 01:00 shifted back, in a case, is 00:00+00:00, the 00:00 slot's own, and
            // was said to be "no occurrence of the rule" (mutation run 18's O6).
            let other = schedule.occurrence(at: resolved.date)?.slot
            let own = cursor != nil ? isOccurrence(resolved.date) : other?.wallSeconds == wall.wallSeconds
            // The policy's instant is the very instant written, which another line lists: the line is that occurrence
            // again, and "write that" kept the duplicate (a fourth review's Troll 01:00+00:00 beside 03:00+02:00).
            if own, listedElsewhere, resolved.date == instant { return moved + ", the instant another line lists already: remove this line" }
            guard !own else {
                return moved + (otherLines.contains(resolved.date) ? ", which another line lists already: remove this line" : "; write that")
            }
            let no = other.map { slot in
                ", which is the rule's occurrence of " + ((slot.year, slot.month, slot.day) == (wall.year, wall.month, wall.day)
                    ? String(slot.description.dropFirst(11)) : slot.description)
            } ?? ", which is no occurrence of the rule"
            if let own = rulesOwn(on: wall, near: resolved.date) { return moved + no + "; " + own }
            // Another slot's instant and none of the rule's own to name: the slot written has no occurrence (a rule gives
            // an instant once). Apia's skipped 2011-12-30 read back is the 29th's 23:30, and the note named no action
            // (a review's F7).
            if other != nil, cursor == nil {
                return moved + no + ", and a rule gives an instant once, so \(time) on \(date) has no occurrence: remove this line"
            }
            return moved + no
        }

        /// The rule's own instant where the wall time written is not the rule's (02:00 for a rule at 02:30): its
        /// instant is no occurrence of it, and "write that" sent the hints audit to a second failure. For a case, what
        /// its search finds; else the occurrence the line's key names, or that day's (the two nearest, of a rule with
        /// more): `its occurrence that day is …; write that`. Nil when there is none to name; `thatDay`: for a case,
        /// also when its search finds an instant on another date than `wall`'s (its cursor is then the slip, which the
        /// run's diff shows, not the offset).
        /// `within`: for a case, only a find that close to `date` (a cursor further away is the slip).
        func rulesOwn(on wall: LocalDateTime, near date: Date, thatDay sameDate: Bool = false, within: TimeInterval? = nil) -> String? {
            var rules: [Date] = []
            var named = "the search finds "
            if let cursor {
                rules = (try? CoreEngine().next(after: cursor, in: schedule)).map { [$0.date] } ?? []
                if let within, let found = rules.first, abs(found.timeIntervalSince(date)) > within { return nil }
                // Another result of the case lists it (a result left out before it): written here too, it would be
                // listed twice (a cases review's gap night, the 28th, missing before the 29th).
                if let found = rules.first, otherLines.contains(found) { return nil }
                let zone = schedule.timeZone
                if sameDate, let found = rules.first {
                    let local = LocalDateTime(wallSeconds: Int(found.timeIntervalSince1970.rounded(.down)) + zone.secondsFromGMT(for: found))
                    guard (local.year, local.month, local.day) == (wall.year, wall.month, wall.day) else { return nil }
                }
            } else {
                let day = Window(after: date - 2 * 86_400, through: date + 2 * 86_400)
                // Not one outside the window, nor one another line lists: a review's Dublin hourly 01:30, skipped, was told
                // to write 02:30+01:00, the line below it, and then to remove one of the two.
                let ofTheDay = ((try? schedule.occurrences(in: day, limit: 1_000)) ?? []).filter { occurrence in
                    occurrence.slot.map { ($0.year, $0.month, $0.day) == (wall.year, wall.month, wall.day) } ?? false
                        && (window.map { occurrence.date > $0.after && occurrence.date <= $0.through } ?? true)
                }
                let thatDay = ofTheDay.filter { !otherLines.contains($0.date) }
                if key == nil, thatDay.isEmpty, !ofTheDay.isEmpty, !otherLines.isEmpty {
                    return "every occurrence of the rule that day the window holds is listed by another line: remove this line"
                }
                let unlisted = thatDay.count < ofTheDay.count ? " that no other line lists" : ""
                if let key, let keyed = thatDay.first(where: { $0.key.rawValue == key }) {
                    rules = [keyed.date]
                    named = "its occurrence keyed \(key) is "
                } else if thatDay.count > 3 {
                    rules = [thatDay.last { $0.date < date }, thatDay.first { $0.date > date }].compactMap { $0?.date }
                    named = "its occurrences nearest it\(unlisted) are "
                } else {
                    rules = thatDay.map(\.date)
                    named = rules.count == 1 ? "its occurrence that day\(unlisted) is " : "its occurrences that day\(unlisted) are "
                }
            }
            guard !rules.isEmpty else { return nil }
            let zone = schedule.timeZone
            let written = rules.map { WallTimeText.instant($0, offset: zone.secondsFromGMT(for: $0)) }
            return named + ListWording.joined(written) + "; write \(written.count == 1 ? "that" : "the one meant")"
        }
    }

    /// Every instant of a scenario with a schedule, in the schedule's zone: the clock's start, each step's `at`,
    /// a submit's `earliest-begin` and an `advance` to an instant, the store's `updated-at`, each run's `planned`
    /// and `actual`, a pending request's `earliest-begin`. A scenario that changes its schedule (`change-schedule`)
    /// reads each instant in the zone in effect then — a step's by its place, the others by their time — and accepts
    /// the offset of any zone it runs in: an `actual` written in Berlin's offset after the user moved to New York is
    /// the same instant, told as the author saw it.
    private func diagnostics(for body: LifecycleSpec) -> [Diagnostic] {
        guard let first = body.schedule else { return [] }
        let changed = Dictionary(body.scheduleChanges.map { ($0.step, $0.schedule) }, uniquingKeysWith: { _, last in last })
        var inEffect = first
        // Each change and the clock's time at its step.
        var changes: [(from: Date, schedule: ScheduleSpec)] = []
        var now = body.clock.date
        var instants: [(instant: InstantLiteral, schedule: ScheduleSpec)] = [(body.clock, first)]
        // Each step's `at` by its index in `instants`, with the step's position among the steps' instants.
        var stepAt: [Int: Int] = [:]
        var stepDates: [Date] = []
        for (index, step) in body.steps.enumerated() {
            if let at = step.at {
                stepAt[instants.count] = stepDates.count
                stepDates.append(at.date)
                instants.append((at, inEffect))
                now = max(now, at.date)
            }
            switch step.action {
            case .submit(_, let earliestBegin?): instants.append((earliestBegin, inEffect))
            case .advance(.to(let target)):
                instants.append((target, inEffect))
                now = max(now, target.date)
            case .advance(.by(let seconds)): now = now.addingTimeInterval(Double(seconds))
            default: break
            }
            if let schedule = changed[index] {
                inEffect = schedule
                changes.append((now, schedule))
            }
        }
        func schedule(at date: Date) -> ScheduleSpec { changes.last { $0.from <= date }?.schedule ?? first }
        if let updatedAt = body.expect.storeUpdatedAt { instants.append((updatedAt, schedule(at: updatedAt.date))) }
        var planned: Set<Int> = []
        var actual: Set<Int> = []
        for run in body.expect.runs?.value ?? [] {
            if run.planned != nil { planned.insert(instants.count) }
            if run.actual != nil { actual.insert(instants.count + (run.planned != nil ? 1 : 0)) }
            instants += [run.planned, run.actual].compactMap { $0 }.map { ($0, schedule(at: $0.date)) }
        }
        let launches = Set(stepDates)
        instants += (body.expect.pendingRequests?.value ?? []).compactMap(\.earliestBegin).map { ($0, schedule(at: $0.date)) }
        let zones = changes.isEmpty ? [] : [first.timeZone] + changes.map(\.schedule.timeZone)
        return instants.enumerated().compactMap { index, entry in
            if let written = entry.instant.writtenOffset, zones.contains(where: { $0.secondsFromGMT(for: entry.instant.date) == written }) {
                return nil
            }
            // A run's `planned` is an occurrence of the schedule, so its note can tell an occurrence kept from one moved.
            let expected = planned.contains(index) ? ExpectedSlot(schedule: entry.schedule, overrides: nil, cursor: nil) : nil
            guard var found = diagnostic(for: entry.instant, in: entry.schedule.timeZone, expected: expected) else { return nil }
            // After a move the wall time may be meant in the other zone (a New York time written with New York's winter
            // offset, read where Berlin was in effect): each other zone's reading is offered too (a hunt's finding).
            // A step's reading must keep the steps in order: from the clock's start or the step before, to the step
            // after; a run's `actual` is a launch's instant.
            let possible: (Date) -> Bool
            if let position = stepAt[index] {
                let earliest = position > 0 ? stepDates[position - 1] : body.clock.date
                let latest = position + 1 < stepDates.count ? stepDates[position + 1] : .distantFuture
                possible = { (earliest...latest).contains($0) }
            } else if actual.contains(index) {
                possible = { launches.contains($0) }
            } else {
                possible = { _ in true }
            }
            for zone in zones where zone != entry.schedule.timeZone && !found.notes.contains(where: { $0.message.contains(zone.identifier) }) {
                if let note = Self.reading(of: entry.instant, in: zone, possible: possible) { found.notes.append(Diagnostic.Note(message: note)) }
            }
            return found
        }
    }

    /// The warning for one instant, or nil when its written offset is the zone's offset then (or it is `Z`).
    /// `expected` is set for an instant a calendar rule is expected to give: a wall time in a gap then gets the fix its
    /// `nonexistent` policy calls for.
    public func diagnostic(for instant: InstantLiteral, in zone: TimeZone, expected: ExpectedSlot? = nil) -> Diagnostic? {
        guard let written = instant.writtenOffset else { return nil }
        let actual = zone.secondsFromGMT(for: instant.date)
        guard actual != written else { return nil }
        // The instant as the zone writes it (in UTC where the zone's offset has seconds) may be past 9999 or before 0001,
        // which no spec can write (`9999-12-31T23:00:00-13:00` in UTC is 10000-01-01T12:00:00Z): the offset written is
        // the only way to write that instant, and the warning offered the unwritable text as its fix.
        let keptAt = actual % 60 == 0 ? actual : 0
        let keptSeconds = instant.date.timeIntervalSince1970.rounded(.down) + Double(keptAt)
        guard (1...9999).contains(CivilDate(daysSinceEpoch: Int((keptSeconds / 86_400).rounded(.down))).year) else { return nil }

        let message = "\(instant.text) is written with offset \(WallTimeText.offset(written)), but \(ZoneDisplayName.of(zone)) is at "
            + "\(WallTimeText.offset(actual)) at that instant: it is \(WallTimeText.wallTime(instant.date, in: zone)) there"
        return Diagnostic(
            code: Self.code,
            severity: .warning,
            location: instant.location,
            message: message,
            sourceLine: instant.sourceLine,
            length: instant.text.count,
            notes: [Diagnostic.Note(message: meantInstead(instant, written: written, zone: zone, expected: expected))]
                + (instant.date.timeIntervalSince1970 < 0 ? [Diagnostic.Note(message: Self.before1970)] : []))
    }

    /// Before 1970 the zone's offset here may be another zone's (Europe/Amsterdam's is Europe/Brussels's in ICU's data,
    /// +00:00 in 1938 where zoneinfo gives +00:20): a historian's right instant was told to take it, with no word why.
    static let before1970 = "before 1970 this toolchain's zone data gives some zones another zone's history (Europe/Amsterdam "
        + "follows Europe/Brussels), where Python's zoneinfo on Debian keeps the zone's own: docs/recurrence.md#zone-data-before-1970"

    /// Whether the warning on `instant` says to keep it as it is ("the rule gives this very instant"): the rule gives
    /// the instant as written and none of the readings of its wall time in the zone's offsets.
    public static func keepsInstant(_ instant: InstantLiteral, in zone: TimeZone, expected: ExpectedSlot) -> Bool {
        guard let written = instant.writtenOffset, expected.isOccurrence(instant.date) else { return false }
        let wallSeconds = instant.date.timeIntervalSince1970 + Double(written)
        return !readings(ofWall: wallSeconds, in: zone).map { Date(timeIntervalSince1970: wallSeconds - Double($0)) }
            .contains(where: expected.isOccurrence)
    }

    /// Whether the warning on `instant`, an expected occurrence that another line lists too, says what to do about that:
    /// a calendar rule's wall time in a gap, whose note tells what the policy makes of it knowing the other line (the
    /// instant to write, or to remove this one). `duplicate-instant` leaves such a line to it: the review's r20 was
    /// told on one line to write 03:00+02:00 (right) and to remove the line (which failed).
    public static func tellsRepeat(_ instant: InstantLiteral, in zone: TimeZone, expected: ExpectedSlot) -> Bool {
        guard let written = instant.writtenOffset, zone.secondsFromGMT(for: instant.date) != written else { return false }
        let wallSeconds = instant.date.timeIntervalSince1970 + Double(written)
        var repeated = expected
        repeated.listedElsewhere = true
        let local = WallTimeText.local(instant.date, offset: written)
        return readings(ofWall: wallSeconds, in: zone).isEmpty
            && OffsetMismatchLint().diagnostic(for: instant, in: zone, expected: repeated) != nil
            && repeated.outcome(of: LocalDateTime(wallSeconds: Int(wallSeconds.rounded(.down))), time: local.time, date: local.date,
                                instant: instant.date) != nil
    }

    /// The offsets the zone reads a wall time with (none in a gap, two in an overlap), largest first.
    private static func readings(ofWall wallSeconds: Double, in zone: TimeZone) -> [Int] {
        offsets(near: wallSeconds, in: zone).filter { offset in
            zone.secondsFromGMT(for: Date(timeIntervalSince1970: wallSeconds - Double(offset))) == offset
        }.sorted(by: >)
    }

    /// The wall time written, read in another zone a scenario's schedule takes: `in America/New_York, a zone the
    /// scenario's schedule takes too, 02:30 local time is 2027-03-29T02:30:00-04:00`; nil where that zone skips it.
    /// `possible`: whether a reading can be the instant meant — for a step, between the steps around it (a reading
    /// outside them puts the steps out of order: a review applied Dublin's reading to a step after the move to New York
    /// and got `instant-order`); for a run's `actual`, a step's instant.
    static func reading(of instant: InstantLiteral, in zone: TimeZone, possible: (Date) -> Bool = { _ in true }) -> String? {
        guard let written = instant.writtenOffset, written % 60 == 0 else { return nil }
        let wallSeconds = instant.date.timeIntervalSince1970 + Double(written)
        let offsets = readings(ofWall: wallSeconds, in: zone).filter { offset in
            offset % 60 == 0 && possible(Date(timeIntervalSince1970: wallSeconds - Double(offset)))
        }
        guard !offsets.isEmpty else { return nil }
        let stem = String(instant.text.dropLast(6))
        let local = WallTimeText.local(instant.date, offset: written)
        return "in \(ZoneDisplayName.of(zone)), a zone the scenario's schedule takes too, \(local.time) local time is "
            + offsets.map { stem + WallTimeText.offset($0) }.joined(separator: " or ")
    }

    /// What the author probably meant: the same wall time with the offset the zone has at it.
    private func meantInstead(_ instant: InstantLiteral, written: Int, zone: TimeZone, expected: ExpectedSlot?) -> String {
        let wallSeconds = instant.date.timeIntervalSince1970 + Double(written)
        let local = WallTimeText.local(instant.date, offset: written)
        let stem = String(instant.text.dropLast(6))
        let valid = Self.readings(ofWall: wallSeconds, in: zone)
        // An offset with seconds (local mean time) cannot be written in RFC 3339: such an instant is written in UTC.
        func spelled(at offset: Int) -> String {
            offset % 60 == 0
                ? stem + WallTimeText.offset(offset)
                : WallTimeText.instant(Date(timeIntervalSince1970: wallSeconds - Double(offset)), offset: offset)
                    + " (\(local.time) at \(WallTimeText.offset(offset)), whose seconds an RFC 3339 offset cannot carry)"
        }
        // The instant as written with the zone's offset, and in UTC: the same instant, as the zone writes it.
        // (An offset with seconds, local mean time, cannot be written in RFC 3339: only UTC then.)
        let zoneOffset = zone.secondsFromGMT(for: instant.date)
        let kept = WallTimeText.instant(instant.date, offset: zoneOffset)
        let keptInUTC = instant.date.rfc3339UTC
        // `Z` alone where the zone's offset is +00:00 (London in winter), as the zone and UTC then spell it alike.
        let keptText = zoneOffset % 60 != 0 || zoneOffset == 0 ? keptInUTC : "\(kept) (or \(keptInUTC))"
        // Where the zone's offset has seconds, the instant is kept in UTC, which is not the zone's offset.
        let keepWords = zoneOffset % 60 != 0
            ? "write it in UTC (the zone's offset, \(WallTimeText.offset(zoneOffset)), has seconds an RFC 3339 offset cannot carry)"
            : "write it with the zone's offset"
        switch valid.count {
        case 0:
            let skipped = "\(local.time) does not exist in \(ZoneDisplayName.of(zone)) on \(local.date) (the clocks skip it); "
            // The instant as written, in the zone's offset, is no occurrence of a rule at that wall time: the message
            // already gives its local time, and the policy says what the rule gives instead.
            if let outcome = expected?.outcome(of: LocalDateTime(wallSeconds: Int(wallSeconds.rounded(.down))), time: local.time,
                                               date: local.date, instant: instant.date) {
                return skipped + outcome
            }
            // An interval's instant that is none of its occurrences: keeping it kept the slip (a review applied it and the
            // run then said nothing). Elapsed time moves the interval's wall time across the change: its nearest is named.
            if let expected, !expected.hasWallTimes, !expected.isOccurrence(instant.date), let nearest = expected.nearestInterval(to: instant.date) {
                return skipped + "this instant is no occurrence of the interval either, which counts elapsed time: its nearest is "
                    + "\(WallTimeText.instant(nearest, offset: zone.secondsFromGMT(for: nearest))); write that"
            }
            return skipped + "to keep this instant, \(keepWords): \(zoneOffset % 60 != 0 ? keptInUTC : kept)"
        default:
            let choices = valid.map(spelled(at:))
            let meant = valid.map { Date(timeIntervalSince1970: wallSeconds - Double($0)) }
            let keep = "to keep it, \(keepWords): \(keptText)"
            // The instant of a change written with the offset before it (`03:00:00+02:00` for Berlin's autumn change, as
            // `explain` prints "clocks go from 03:00 (+02:00)"): the instant is right, and the note must not move it.
            if zone.secondsFromGMT(for: instant.date.addingTimeInterval(-1)) == written {
                return "this is the instant of the change itself, written with the offset before it; \(keep); "
                    + Self.meantText(local: local, zone: zone, choices: choices)
            }
            guard let expected else {
                // A window bound, a cursor, a scenario's time: nothing says which instant was meant. The likely slip is
                // the zone's offset of the other season, told first. An offset the zone does not have near that date may
                // spell the instant meant, so keeping it is offered too: first for `+00:00`, UTC as Python's
                // `isoformat()` writes it, after the wall time for another zone's offset (a line copied from a Sydney
                // spec into an Adelaide one).
                let meantNote = Self.meantText(local: local, zone: zone, choices: choices)
                guard !Self.offsetsWithinAYear(of: instant.date, in: zone).contains(written) else { return meantNote }
                let foreign = "\(ZoneDisplayName.of(zone)) has no offset \(WallTimeText.offset(written)) within a year of this date"
                return written == 0 ? "\(foreign) (+00:00 is UTC): if you meant this instant, \(keep); \(meantNote)"
                    : "\(foreign): \(meantNote); if you meant this instant, \(keep)"
            }
            let meantOccurrences = meant.map(expected.isOccurrence)
            let writtenIsOccurrence = expected.isOccurrence(instant.date)
                && expected.window.map { $0.after < instant.date && instant.date <= $0.through } ?? true
            // Kept as the zone writes it, an instant another line lists is listed twice (a review's F2): it is to go.
            let listedTwice = "the rule gives this very instant, which another line lists already: remove this line"
            if writtenIsOccurrence, !meantOccurrences.contains(true) {
                return expected.listedElsewhere ? listedTwice : "the rule gives this very instant; \(keep)"
            }
            // Under `both` a long-form key tells which of the pair the line stands for: `~2` the later.
            var given = meantOccurrences
            var reason = expected.cursor == nil ? "under 'repeated: \(expected.schedule.repeated.rawValue)' the rule gives"
                : "the search from \(expected.cursorWords) gives"
            if given.count == 2, !given.contains(false), let key = expected.key {
                given = key.hasSuffix("~2") ? [false, true] : [true, false]
                reason = "its key names"
            }
            let text = Self.meantText(local: local, zone: zone, choices: choices, occurrences: given, reason: reason)
            // Neither the wall time written nor the instant is the rule's (a team that believed Tehran still changed
            // its clocks wrote its 00:30 moved to 01:00+04:30; the note offered 01:00+03:30, and the spec failed again
            // with no word): the rule's own instant that day is the fix.
            if !writtenIsOccurrence, !meantOccurrences.contains(true), expected.hasWallTimes,
               let own = expected.rulesOwn(on: LocalDateTime(wallSeconds: Int(wallSeconds.rounded(.down))), near: instant.date, thatDay: true) {
                // A case's search finds one instant: "the rule gives neither" was false of a rule's occurrence the search
                // from its cursor passes by (a third review's Berlin 03:30+01:00, behind a `Z` cursor).
                let ruleGivesNeither = expected.cursor == nil
                    || ([instant.date] + meant).allSatisfy { expected.schedule.occurrence(at: $0) == nil }
                return ruleGivesNeither ? "\(text), but the rule gives neither that nor this instant: \(own)"
                    : "\(text), but neither that nor this instant is what the search from \(expected.cursorWords) finds: \(own)"
            }
            // A case whose search finds another date first (a case moved to New York, its `next` Berlin's instant for the
            // day after Berlin's change: New York's own 02:30 that day comes first): the wall time's reading alone failed
            // again when applied (a cases review).
            // Only where that find is within two days of the line: a cursor months away is the slip, which the run's diff shows.
            if !writtenIsOccurrence, !meantOccurrences.contains(true), expected.hasWallTimes, expected.cursor != nil,
               let own = expected.rulesOwn(on: LocalDateTime(wallSeconds: Int(wallSeconds.rounded(.down))), near: instant.date, within: 2 * 86_400) {
                return "\(text), but neither that nor this instant is what the search from \(expected.cursorWords) finds: \(own)"
            }
            guard writtenIsOccurrence else { return text }
            if expected.listedElsewhere { return "\(text); this instant as written is one another line lists already" }
            // Both are occurrences (an hourly rule): an offset the zone does not have within a year of that date more
            // likely spells the instant meant (`+00:00` for UTC), so keeping it comes first then.
            return Self.offsetsWithinAYear(of: instant.date, in: zone).contains(written)
                ? "\(text); the rule gives this instant too: \(keep)"
                : "the rule gives this very instant: \(keep); \(text)"
        }
    }

    /// "if you meant 02:30 local time, write …", or for a wall time that happens twice, both readings — the one the
    /// policy, the search from a case's cursor or a long-form key gives named (`reason`) when only one of them is (`occurrences`, in order).
    private static func meantText(local: (date: String, time: String), zone: TimeZone, choices: [String],
                                  occurrences: [Bool] = [], reason: String = "") -> String {
        guard choices.count > 1 else { return "if you meant \(local.time) local time, write \(choices[0])" }
        let twice = "\(local.time) happens twice in \(ZoneDisplayName.of(zone)) on \(local.date)"
        if occurrences.count == choices.count, occurrences.filter({ $0 }).count == 1, let given = occurrences.firstIndex(of: true) {
            let other = given == 0 ? 1 : 0
            return "\(twice); \(reason) the \(given == 0 ? "first" : "second"): "
                + "write \(choices[given]) (\(choices[other]) is the \(other == 0 ? "first" : "second"))"
        }
        return "\(twice): write \(choices[0]) for the first, or \(choices[1]) for the second"
    }

    /// Every offset the zone has within about a year of `date`: the other season's offset, the likely slip, is one of
    /// them; `+00:00` in Berlin or another zone's offset is not.
    private static func offsetsWithinAYear(of date: Date, in zone: TimeZone) -> Set<Int> {
        offsets(of: zone, from: date.addingTimeInterval(-400 * 86_400), through: date.addingTimeInterval(400 * 86_400))
    }

    /// Every offset the zone has within 27 hours of a wall time (taken as if it were UTC): the only offsets that wall
    /// time can be read with.
    private static func offsets(near wallSeconds: Double, in zone: TimeZone) -> Set<Int> {
        offsets(of: zone, from: Date(timeIntervalSince1970: wallSeconds - 27 * 3600),
                through: Date(timeIntervalSince1970: wallSeconds + 27 * 3600))
    }

    /// The zone's offset at `from` and after each of its changes up to `through`, read by the core's own transition
    /// walk (`ZoneTransition`): exact, where a sample every 15 minutes could only hope to be.
    private static func offsets(of zone: TimeZone, from: Date, through: Date) -> Set<Int> {
        var offsets: Set<Int> = [zone.secondsFromGMT(for: from)]
        for change in (try? ZoneTransition.transitions(of: zone, from: from, through: through)) ?? [] {
            offsets.insert(change.offsetAfter)
        }
        return offsets
    }
}
