import Recurrence
import SpecModel

extension ScheduleSpec {
    /// The schedule this describes (with a case's `overrides`), searched no further than the default bound: a lint runs
    /// before any test, with no `--timeout` over it, and a spec's own `limit:` may be ten million candidates. Nil when
    /// it cannot be built.
    func boundedSchedule(overriding overrides: CaseSpec.Overrides = CaseSpec.Overrides()) -> Schedule? {
        var bounded = self
        bounded.limit = min(limit, Schedule.defaultSearchLimit)
        var overrides = overrides
        overrides.limit = overrides.limit.map { min($0, Schedule.defaultSearchLimit) }
        return try? bounded.schedule(overriding: overrides)
    }
}
