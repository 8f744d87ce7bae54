import Foundation
import Recurrence
import SpecDiagnostics
import SpecModel

/// Warns about a spec tagged `control` (a check that nothing changes, docs/faq.md) whose window or cases' searches
/// hold an offset change of their zone: the tag says the opposite of what the spec checks.
///
/// A spec also tagged `dst` is left alone: it claims the change too, and which tag is meant is for its author to say.
/// Only the window `(after, through]` and each case's search, from its cursor to its last expected instant, are looked
/// at, without the reach `dst-without-transition` gives them: a change just outside them is no reason to warn. What
/// holds a change is `ChangeCoverage`'s, as for that lint: a change inside, or an expected occurrence a change made (a
/// slot's wall time it skipped or repeated), which checks the change as surely as the change itself.
public struct ControlWithTransitionLint: SpecLintRule {
    public var judgesLinesTogether: Bool { true }

    public init() {}

    public func diagnostics(for spec: Spec, in file: SpecFile) -> [Diagnostic] {
        guard case .recurrence(let body) = spec.body,
              TransitionCoverageLint.isTagged(spec, TransitionCoverageLint.controlTag),
              !TransitionCoverageLint.isTagged(spec, TransitionCoverageLint.dstTag)
        else { return [] }
        var spans: [(zone: TimeZone, from: Date, through: Date, instants: [InstantLiteral], overrides: CaseSpec.Overrides, what: String)] = []
        if let window = body.window {
            var expected: [InstantLiteral] = []
            if case .occurrences(let occurrences, _) = body.expect { expected = occurrences.map(\.instant) }
            spans.append((body.schedule.timeZone, window.after.date, window.through.date, expected, CaseSpec.Overrides(),
                          "its window (after \(window.after.text), through \(window.through.text)]"))
        }
        for testCase in body.cases {
            guard let last = testCase.next.map(\.date).max() else { continue }
            spans.append((testCase.overrides.timeZone ?? body.schedule.timeZone, testCase.after.date, last, testCase.next,
                          testCase.overrides, "the search of its case '\(testCase.name)'"))
        }
        for span in spans {
            // The window is `(after, through]`: a change at `after` itself is before it.
            guard let found = try? ChangeCoverage.change(in: span.zone, after: span.from, through: span.through, holding: span.instants,
                                                         schedule: { body.schedule.boundedSchedule(overriding: span.overrides) })
            else { continue }
            let what: String
            switch found {
            case .inside(let change):
                what = "\(ZoneDisplayName.of(span.zone)) changes its offset in \(span.what): \(change)"
            case .made(let instant, let occurrence, let change):
                what = "\(span.what) holds \(instant.text), \(ChangeCoverage.madeText(occurrence, by: change, in: span.zone))"
            }
            return [Diagnostic(
                code: LintCode.controlWithTransition.rawValue,
                severity: .warning,
                location: spec.location,
                message: "'\(spec.name)' is tagged \(TransitionCoverageLint.controlTag), a check that nothing changes, but \(what); "
                    + "tag it \(TransitionCoverageLint.dstTag) instead if it checks that change, or move it off the change",
                sourceLine: spec.sourceLine,
                length: "spec".count)]
        }
        return []
    }
}
