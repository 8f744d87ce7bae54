import Foundation
import Recurrence
import SpecDiagnostics
import SpecModel

/// Warns about a spec tagged `dst` whose window and cases' searches hold no offset change of their zone: it claims
/// to check a DST change and checks an ordinary stretch of days instead (often a year or a zone mistyped).
///
/// A spec also tagged `control` is exempt: it checks on purpose that nothing changes (UTC, a zone without DST).
/// A case's search spans from its cursor to its last expected instant; a case that expects an error gives no span.
/// What holds a change is `ChangeCoverage`'s, shared with `control-with-transition`: a change after the span's start
/// and not after its end, or an expected occurrence a change made (a slot's wall time it skipped or repeated).
/// Under `shift-backward` a span reaches a day further, because that policy moves an instant before its change. An
/// expected instant written with an offset its zone does not have at that instant (its `offset-mismatch` warning)
/// was most likely meant as its wall time, so its span reaches that wall time read with the zone's offsets too: a
/// spring day's `02:30+02:00` in Paris is 00:30Z, before the change at 01:00Z, but the search it checks goes past it.
public struct TransitionCoverageLint: SpecLintRule {
    public var judgesLinesTogether: Bool { true }

    /// The tag that claims a DST change, and the tag that exempts a deliberate control.
    public static let dstTag = "dst"
    public static let controlTag = "control"

    /// Whether `spec` has `tag` in any case: `tags: [DST]` claims a DST change as `dst` does (the lint review found the
    /// capitalised tag passed over without a word).
    static func isTagged(_ spec: Spec, _ tag: String) -> Bool {
        // Exact first, and lowercased only at the tag's length: every spec of a run asks this four times.
        spec.tags.contains { $0 == tag || ($0.utf8.count == tag.utf8.count && $0.lowercased() == tag.lowercased()) }
    }

    public init() {}

    public func diagnostics(for spec: Spec, in file: SpecFile) -> [Diagnostic] {
        if case .lifecycle(let scenario) = spec.body { return Self.scenarioDiagnostics(spec, scenario) }
        guard case .recurrence(let body) = spec.body, !Self.isTagged(spec, Self.controlTag) else { return [] }
        // Only a spec or a case that claims a change is looked at: every other spec costs no transition search.
        guard Self.isTagged(spec, Self.dstTag) || body.cases.contains(where: { $0.tags.contains { $0.lowercased() == Self.dstTag } })
        else { return [] }
        var spans: [Span] = []
        if let window = body.window {
            let reach = Self.reach(body.schedule.nonexistent)
            let zone = body.schedule.timeZone
            var expected: [InstantLiteral] = []
            if case .occurrences(let occurrences, _) = body.expect { expected = occurrences.map(\.instant) }
            spans.append(Span(zone: zone, from: window.after.date,
                              through: Self.throughRepeat(of: window.through.date, in: zone).addingTimeInterval(reach),
                              instants: expected, schedule: { body.schedule.boundedSchedule() }))
        }
        spans += body.cases.compactMap { Self.span(of: $0, in: body) }
        guard !spans.isEmpty else { return [] }
        // The spec claims a change when it is tagged dst: one window or case over a change is enough (a control case,
        // an ordinary day, may sit beside the gap day). A case tagged dst itself claims one in its own search.
        guard Self.isTagged(spec, Self.dstTag), !spans.contains(where: { $0.holdsChange }) else { return caseDiagnostics(body) }

        let zones = Array(Set(spans.map { ZoneDisplayName.of($0.zone) })).sorted()
        let searched = spans.count == 1 && body.window != nil
            ? "its window (after \(body.window!.after.text), through \(body.window!.through.text)]"
            : "its window and cases' searches"
        let year = Self.year(of: spans[0].from, in: spans[0].zone)
        if let years = Self.yearsWithoutChange(spans) {
            // Asia/Kolkata: no window near this one could hold a change, and `explain` would list none.
            return [Self.warning(on: spec,
                "'\(spec.name)' is tagged \(Self.dstTag), but \(zones.joined(separator: ", ")) \(zones.count == 1 ? "has" : "have") "
                    + "no offset change at all from \(years.from) to \(years.through); remove the tag, or tag it \(Self.controlTag) "
                    + "if it checks on purpose that nothing changes")]
        }
        // A zone with no change in the span's year (Asia/Tehran since 2022): `explain` of that year lists none, so the
        // year of the nearest change is named instead (a QA newcomer ran the command the warning gave and saw nothing).
        var where_ = "'specrun explain \(zones[0]) \(year)' lists them"
        if let nearest = Self.nearestChange(to: spans[0]), nearest.date == spans[0].from {
            where_ = Self.atTheStart(nearest.date, what: "'after'")
        } else if let nearest = Self.nearestChange(to: spans[0]), Self.year(of: nearest.date, in: spans[0].zone) != year {
            let nearestYear = Self.year(of: nearest.date, in: spans[0].zone)
            where_ = "the nearest is in \(nearestYear), 'specrun explain \(zones[0]) \(nearestYear)'"
                + (nearest.isLast ? ", and \(zones[0]) has none after it up to \(Int(year)! + Self.yearsAround)" : "")
        }
        return [Self.warning(on: spec,
            "'\(spec.name)' is tagged \(Self.dstTag), but \(zones.joined(separator: ", ")) has no offset change in "
                + "\(searched); move it over a change (\(where_)), or remove the tag",
            notes: [Diagnostic.Note(message: "a spec that checks on purpose that nothing changes can be tagged \(Self.controlTag) instead")])]
    }

    /// A lifecycle scenario tagged dst whose clock, from its start to its last step, passes no offset change of any
    /// zone its schedule takes (an incident review tagged a June scenario dst and `check` said nothing: the lint
    /// looked at windows and cases only). A scenario without a schedule has no zone to change.
    private static func scenarioDiagnostics(_ spec: Spec, _ scenario: LifecycleSpec) -> [Diagnostic] {
        guard isTagged(spec, dstTag), !isTagged(spec, controlTag), let first = scenario.schedule else { return [] }
        var now = scenario.clock.date, last = scenario.clock
        for step in scenario.steps {
            if let at = step.at, at.date >= now { (now, last) = (at.date, at) }
            switch step.action {
            case .advance(.to(let target)) where target.date >= now: (now, last) = (target.date, target)
            case .advance(.by(let seconds)): now = now.addingTimeInterval(Double(seconds))
            default: break
            }
        }
        var zones = [first.timeZone]
        for change in scenario.scheduleChanges where !zones.contains(change.schedule.timeZone) { zones.append(change.schedule.timeZone) }
        let spans = zones.map { Span(zone: $0, from: scenario.clock.date, through: now, instants: [], schedule: { nil }) }
        guard !spans.contains(where: { $0.holdsChange }) else { return [] }
        let names = ListWording.joined(zones.map { ZoneDisplayName.of($0) }, "or")
        let zone = ZoneDisplayName.of(zones[0])
        var where_ = "'specrun explain \(zone) \(year(of: now, in: zones[0]))' lists them"
        if let nearest = nearestChange(to: spans[0]) {
            where_ = nearest.date == spans[0].from ? atTheStart(nearest.date, what: "clock's start")
                : "the nearest is at \(nearest.date.rfc3339UTC), 'specrun explain \(zone) \(year(of: nearest.date, in: zones[0]))' lists that year's"
        }
        return [warning(on: spec,
            "'\(spec.name)' is tagged \(dstTag), but its scenario, from its clock (\(scenario.clock.text)) to its last step "
                + "(\(now == last.date ? last.text : now.rfc3339UTC)), passes no offset change of \(names); move its clock and steps over a change "
                + "(\(where_)), or remove the tag",
            notes: [Diagnostic.Note(message: "a scenario that checks on purpose that nothing changes can be tagged \(controlTag) instead")])]
    }

    /// A warning at each case tagged dst itself whose own search holds no change, though the spec's others do: a
    /// case copied to next year with this year's date of the change (a maintenance review copied Berlin's 2027-03-28
    /// cases to 2028, whose change is on 03-26, tagged each dst, and the lint said nothing).
    private func caseDiagnostics(_ body: RecurrenceSpec) -> [Diagnostic] {
        body.cases.compactMap { testCase -> Diagnostic? in
            let tagged = { (tag: String) in testCase.tags.contains { $0.lowercased() == tag } }
            guard tagged(Self.dstTag), !tagged(Self.controlTag), let span = Self.span(of: testCase, in: body),
                  !span.holdsChange else { return nil }
            let zone = ZoneDisplayName.of(span.zone)
            var where_ = "'specrun explain \(zone) \(Self.year(of: span.from, in: span.zone))' lists them"
            if let nearest = Self.nearestChange(to: span) {
                let year = Self.year(of: nearest.date, in: span.zone)
                where_ = nearest.date == span.from ? Self.atTheStart(nearest.date, what: "cursor")
                    : "the nearest is at \(nearest.date.rfc3339UTC), 'specrun explain \(zone) \(year)' lists that year's"
            }
            let last = testCase.next.last?.text ?? ""
            return Diagnostic(code: LintCode.dstWithoutTransition.rawValue, severity: .warning, location: testCase.after.location,
                              message: "case '\(testCase.name)' is tagged \(Self.dstTag), but \(zone) has no offset change in its search "
                                + "(after \(testCase.after.text), through \(last)); move its cursor and expectations over a change "
                                + "(\(where_)), or remove the tag",
                              sourceLine: testCase.after.sourceLine, length: testCase.after.text.count)
        }
    }

    /// A change at the very start of a span, which `(after, through]` leaves out: every instant of the span has the
    /// offset after it (a review read "move it over a change" of a window from Troll's change and took it as done).
    private static func atTheStart(_ date: Date, what: String) -> String {
        "the nearest is at \(date.rfc3339UTC), its \(what) itself, which (after, through] leaves out: every instant in it has the offset "
            + "after the change; start it before \(date.rfc3339UTC)"
    }

    /// A window's or a search's stretch of a zone, with the instants it expects and the schedule that gives them.
    private struct Span {
        let zone: TimeZone
        let from: Date
        let through: Date
        let instants: [InstantLiteral]
        let schedule: () -> Schedule?

        /// Whether it holds a change as `ChangeCoverage` defines it; more changes than the bound count as one.
        var holdsChange: Bool {
            (try? ChangeCoverage.change(in: zone, after: from, through: through, holding: instants, schedule: schedule) != nil) ?? true
        }
    }

    /// A case's search: from its cursor to the latest reading of its last expectation (nil when it expects an error).
    private static func span(of testCase: CaseSpec, in body: RecurrenceSpec) -> Span? {
        guard let last = testCase.next.last else { return nil }
        let reach = reach(testCase.overrides.nonexistent ?? body.schedule.nonexistent)
        let zone = testCase.overrides.timeZone ?? body.schedule.timeZone
        let end = testCase.next.map { latestReading(of: $0, in: zone) }.max() ?? last.date
        return Span(zone: zone, from: testCase.after.date, through: throughRepeat(of: end, in: zone).addingTimeInterval(reach),
                    instants: testCase.next, schedule: { body.schedule.boundedSchedule(overriding: testCase.overrides) })
    }

    /// `instant`, or the change after it that makes its wall time happen again: the first 02:30 of an autumn night
    /// (`repeated: first`) comes before the change that repeats it, and a search ending there checks that change
    /// (a review was told to move such a case over a change 30 minutes later).
    private static func throughRepeat(of instant: Date, in zone: TimeZone) -> Date {
        let wall = instant.timeIntervalSince1970 + TimeInterval(zone.secondsFromGMT(for: instant))
        guard let changes = try? ZoneTransition.transitions(of: zone, from: instant, through: instant.addingTimeInterval(26 * 3600)) else {
            return instant
        }
        for change in changes where change.change < 0 {
            // The wall time read with the offset after the change is at or after the change: it happens twice.
            if wall - TimeInterval(change.offsetAfter) >= change.date.timeIntervalSince1970 { return change.date }
        }
        return instant
    }

    /// The change of the span's zone nearest to it within `yearsAround` years, and whether none comes after the span.
    private static func nearestChange(to span: Span) -> (date: Date, isLast: Bool)? {
        // As far as `yearsWithoutChange` looks: a change it found is found here too (Europe/Moscow's of 2014 from a
        // window in June 2025 was in one and not the other, and the warning pointed at 2025, which has none).
        let reach = TimeInterval(yearsAround + 1) * 365.25 * 86_400
        guard let before = try? ZoneTransition.transitions(of: span.zone, from: span.from.addingTimeInterval(-reach), through: span.from),
              let after = try? ZoneTransition.transitions(of: span.zone, from: span.through, through: span.through.addingTimeInterval(reach))
        else { return nil }
        let candidates = [before.last.map { ($0.date, span.from.timeIntervalSince($0.date)) },
                          after.first.map { ($0.date, $0.date.timeIntervalSince(span.through)) }].compactMap { $0 }
        guard let nearest = candidates.min(by: { $0.1 < $1.1 }) else { return nil }
        return (nearest.0, after.isEmpty)
    }

    /// The lint's warning, at the spec's `spec:` key.
    private static func warning(on spec: Spec, _ message: String, notes: [Diagnostic.Note] = []) -> Diagnostic {
        Diagnostic(code: LintCode.dstWithoutTransition.rawValue, severity: .warning, location: spec.location, message: message,
                   sourceLine: spec.sourceLine, length: "spec".count, notes: notes)
    }

    /// How far after a span's end a change can still have made an instant inside it: `shift-backward` reads a
    /// skipped wall time with the offset after the gap, up to a gap's length (24 hours in Pacific/Apia 2011) before
    /// the change itself.
    private static func reach(_ policy: NonexistentTimePolicy?) -> TimeInterval {
        policy == .shiftBackward ? 26 * 3600 : 0
    }

    /// The latest instant an expected instant can stand for: itself, or, written with an offset the zone does not
    /// have at it, its written wall time read with each offset the zone has within a day of it.
    private static func latestReading(of instant: InstantLiteral, in zone: TimeZone) -> Date {
        guard let written = instant.writtenOffset, written != zone.secondsFromGMT(for: instant.date) else { return instant.date }
        let offsets = [-86_400.0, 0, 86_400].map { zone.secondsFromGMT(for: instant.date.addingTimeInterval($0)) }
        return max(instant.date, instant.date.addingTimeInterval(TimeInterval(written - offsets.min()!)))
    }

    /// How many years either side of a span a zone without a change there is looked at for one.
    static let yearsAround = 10

    /// The years (`yearsAround` before the first span's start, after the last one's end) in which none of the spans'
    /// zones changes its offset; nil when one of them does, so a window moved there can hold a change.
    private static func yearsWithoutChange(_ spans: [Span]) -> (from: String, through: String)? {
        // A year more each side than the years named, so that the whole of each named year is looked at.
        let reach = TimeInterval(yearsAround + 1) * 365.25 * 86_400
        guard let start = spans.map(\.from).min(), let end = spans.map(\.through).max() else { return nil }
        for zone in Set(spans.map(\.zone)) {
            guard let changes = try? ZoneTransition.transitions(
                of: zone, from: start.addingTimeInterval(-reach), through: end.addingTimeInterval(reach)), changes.isEmpty
            else { return nil }
        }
        guard let first = Int(year(of: start, in: spans[0].zone)), let last = Int(year(of: end, in: spans[0].zone)) else { return nil }
        return (String(first - yearsAround), String(last + yearsAround))
    }

    /// The local year of an instant in a zone, for the `explain` command the message suggests.
    private static func year(of date: Date, in zone: TimeZone) -> String {
        String(WallTimeText.local(date, offset: zone.secondsFromGMT(for: date)).date.prefix(4))
    }
}
