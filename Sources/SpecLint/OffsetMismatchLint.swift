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
/// instants). A lifecycle scenario's are checked only when it has a `schedule`, against that zone: without one
/// nothing says which zone the author meant.
public struct OffsetMismatchLint: SpecLintRule {
    public static let code = LintCode.offsetMismatch.rawValue

    public init() {}

    public func diagnostics(for spec: Spec, in file: SpecFile) -> [Diagnostic] {
        diagnostics(for: spec)
    }

    public func diagnostics(for spec: Spec) -> [Diagnostic] {
        switch spec.body {
        case .recurrence(let body): diagnostics(for: body)
        case .lifecycle(let body): diagnostics(for: body)
        }
    }

    private func diagnostics(for body: RecurrenceSpec) -> [Diagnostic] {
        let zone = body.schedule.timeZone
        var found: [Diagnostic] = []
        func check(_ instant: InstantLiteral, _ zone: TimeZone) {
            if let diagnostic = diagnostic(for: instant, in: zone) { found.append(diagnostic) }
        }
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
                let expected = ExpectedSlot(schedule: body.schedule, overrides: nil, cursor: nil)
                if let diagnostic = diagnostic(for: occurrences[index].instant, in: zone, expected: expected) { found.append(diagnostic) }
            }
        }
        for testCase in body.cases {
            let caseZone = testCase.overrides.timeZone ?? zone
            check(testCase.after, caseZone)
            for (index, next) in testCase.next.enumerated() {
                guard let written = next.writtenOffset, caseZone.secondsFromGMT(for: next.date) != written else { continue }
                let cursor = index == 0 ? testCase.after.date : testCase.next[index - 1].date
                let expected = ExpectedSlot(schedule: body.schedule, overrides: testCase.overrides, cursor: cursor)
                if let diagnostic = diagnostic(for: next, in: caseZone, expected: expected) { found.append(diagnostic) }
            }
        }
        return found
    }

    /// An instant a calendar rule is expected to give (an expected occurrence, or a case's `next`): when its wall time
    /// falls in a gap, the spec's `nonexistent` policy (a case's own, if it overrides it) decides what the rule gives
    /// that day, and that, not the instant as written with the zone's offset, is the fix that makes the spec pass.
    public struct ExpectedSlot: Sendable {
        /// The schedule as the instant's spec or case runs it.
        let schedule: Schedule
        /// The search's cursor for a case's `next`; nil for a window's occurrence.
        let cursor: Date?

        /// Nil for an interval rule, which has no wall times, or a schedule that does not build.
        public init?(schedule: ScheduleSpec, overrides: CaseSpec.Overrides?, cursor: Date?) {
            guard (overrides?.rule ?? schedule.rule).isCalendarRule,
                  let built = try? schedule.schedule(overriding: overrides ?? CaseSpec.Overrides())
            else { return nil }
            self.schedule = built
            self.cursor = cursor
        }

        /// What the policy makes of `wall` (in the gap), said as the fix: the instant to write, or that there is none;
        /// nil when `instant` itself is an occurrence (a rule at 01:30 gives 01:30+01:00, written 02:30+02:00), so
        /// writing it with the zone's offset is the fix.
        func outcome(of wall: LocalDateTime, time: String, date: String, instant: Date) -> String? {
            if (try? CoreEngine().next(after: instant.addingTimeInterval(-1), in: schedule))?.date == instant { return nil }
            let zone = schedule.timeZone
            var resolver = WallTimeResolver(timeZone: zone)
            let policy = "'nonexistent: \(schedule.nonexistent.rawValue)'"
            guard let resolved = resolver.instants(for: wall, nonexistent: schedule.nonexistent, repeated: schedule.repeated).first else {
                guard let cursor, let next = try? CoreEngine().next(after: cursor, in: schedule) else {
                    return "under \(policy) there is no occurrence that day; remove this instant"
                }
                return "under \(policy) there is no occurrence that day, and the search finds the next one; write "
                    + WallTimeText.instant(next.date, offset: zone.secondsFromGMT(for: next.date))
            }
            return "under \(policy), \(time) on \(date) is "
                + "\(WallTimeText.instant(resolved.date, offset: zone.secondsFromGMT(for: resolved.date))); write that"
        }
    }

    /// Every instant of a scenario with a schedule, in the schedule's zone: the clock's start, each step's `at`,
    /// a submit's `earliest-begin` and an `advance` to an instant, the store's `updated-at`, each run's `planned`
    /// and `actual`, a pending request's `earliest-begin`.
    private func diagnostics(for body: LifecycleSpec) -> [Diagnostic] {
        guard let zone = body.schedule?.timeZone else { return [] }
        var instants = [body.clock]
        for step in body.steps {
            if let at = step.at { instants.append(at) }
            switch step.action {
            case .submit(_, let earliestBegin?): instants.append(earliestBegin)
            case .advance(.to(let target)): instants.append(target)
            default: break
            }
        }
        if let updatedAt = body.expect.storeUpdatedAt { instants.append(updatedAt) }
        for run in body.expect.runs?.value ?? [] {
            instants += [run.planned, run.actual].compactMap { $0 }
        }
        instants += (body.expect.pendingRequests?.value ?? []).compactMap(\.earliestBegin)
        return instants.compactMap { diagnostic(for: $0, in: zone) }
    }

    /// The warning for one instant, or nil when its written offset is the zone's offset then (or it is `Z`).
    /// `expected` is set for an instant a calendar rule is expected to give: a wall time in a gap then gets the fix its
    /// `nonexistent` policy calls for.
    public func diagnostic(for instant: InstantLiteral, in zone: TimeZone, expected: ExpectedSlot? = nil) -> Diagnostic? {
        guard let written = instant.writtenOffset else { return nil }
        let actual = zone.secondsFromGMT(for: instant.date)
        guard actual != written else { return nil }

        let message = "\(instant.text) is written with offset \(WallTimeText.offset(written)), but \(ZoneDisplayName.of(zone)) is at "
            + "\(WallTimeText.offset(actual)) at that instant: it is \(WallTimeText.wallTime(instant.date, in: zone)) there"
        return Diagnostic(
            code: Self.code,
            severity: .warning,
            location: instant.location,
            message: message,
            sourceLine: instant.sourceLine,
            length: instant.text.count,
            notes: [Diagnostic.Note(message: meantInstead(instant, written: written, zone: zone, expected: expected))])
    }

    /// What the author probably meant: the same wall time with the offset the zone has at it.
    private func meantInstead(_ instant: InstantLiteral, written: Int, zone: TimeZone, expected: ExpectedSlot?) -> String {
        let wallSeconds = instant.date.timeIntervalSince1970 + Double(written)
        let local = WallTimeText.local(instant.date, offset: written)
        let stem = String(instant.text.dropLast(6))
        let valid = Self.offsets(near: wallSeconds, in: zone).filter { offset in
            zone.secondsFromGMT(for: Date(timeIntervalSince1970: wallSeconds - Double(offset))) == offset
        }.sorted(by: >)
        // An offset with seconds (local mean time) cannot be written in RFC 3339: such an instant is written in UTC.
        func spelled(at offset: Int) -> String {
            offset % 60 == 0
                ? stem + WallTimeText.offset(offset)
                : WallTimeText.instant(Date(timeIntervalSince1970: wallSeconds - Double(offset)), offset: offset)
                    + " (\(local.time) at \(WallTimeText.offset(offset)), whose seconds an RFC 3339 offset cannot carry)"
        }
        switch valid.count {
        case 0:
            let skipped = "\(local.time) does not exist in \(ZoneDisplayName.of(zone)) on \(local.date) (the clocks skip it); "
            // The instant as written, in the zone's offset, is no occurrence of a rule at that wall time: the message
            // already gives its local time, and the policy says what the rule gives instead.
            if let outcome = expected?.outcome(of: LocalDateTime(wallSeconds: Int(wallSeconds.rounded(.down))), time: local.time,
                                               date: local.date, instant: instant.date) {
                return skipped + outcome
            }
            return skipped
                + "to keep this instant, write it with the zone's offset: \(WallTimeText.instant(instant.date, offset: zone.secondsFromGMT(for: instant.date)))"
        case 1:
            return "if you meant \(local.time) local time, write \(spelled(at: valid[0]))"
        default:
            let choices = valid.map(spelled(at:))
            return "\(local.time) happens twice in \(ZoneDisplayName.of(zone)) on \(local.date): write \(choices[0]) for the first, "
                + "or \(choices[1]) for the second"
        }
    }

    /// Every offset the zone has within 27 hours of a wall time (taken as if it were UTC): the only
    /// offsets that wall time can be read with. A bounded sample, every 15 minutes.
    private static func offsets(near wallSeconds: Double, in zone: TimeZone) -> Set<Int> {
        var offsets: Set<Int> = []
        let step = 900.0
        var t = wallSeconds - 27 * 3600
        while t <= wallSeconds + 27 * 3600 {
            offsets.insert(zone.secondsFromGMT(for: Date(timeIntervalSince1970: t)))
            t += step
        }
        return offsets
    }
}
