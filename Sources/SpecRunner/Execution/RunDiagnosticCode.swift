/// The stable code of every diagnostic a test gets while it runs (`docs/diagnostics.md` lists each, under "While a
/// test runs"); printed in brackets at the end of the diagnostic's headline.
public enum RunDiagnosticCode: String, Sendable, Hashable, CaseIterable {
    /// A window holds more occurrences than `--max-occurrences`.
    case tooManyOccurrences = "too-many-occurrences"
    /// A test ran longer than `--timeout`.
    case timeout
    /// A lifecycle scenario's schedule gives no occurrence after the clock's start within its search bound: the app's
    /// first request has no earliest begin.
    case scheduleSearchAtStart = "schedule-search-at-start"
    /// A search would start in the year 10000.
    case instantOutOfRange = "instant-out-of-range"
    /// A declared known deviation that passes now.
    case fixedDeviation = "fixed-deviation"
    /// A declared known deviation that passes while the core engine fails the same test: the expectation may be the
    /// deviation's (`FixedDeviationNote`).
    case deviationExpected = "deviation-expected"
    /// A declared known deviation that passes in this case while other cases of its spec still deviate on the same
    /// engine: the entry covers them all, so the passing cases belong in a spec of their own (`FixedDeviationNote`).
    case deviationInOtherCases = "deviation-in-other-cases"
    /// A declared known deviation that passes in this case while other cases of its spec did not run here (a filter,
    /// a shard, a skip): whether they deviate is not known (`FixedDeviationNote`).
    case deviationOthersNotRun = "deviation-others-not-run"
    /// A launch step the system refused that writes how its run ends (`expire:`, `fail:`, `interrupt:`): that never
    /// took effect.
    case refusedLaunchPlan = "refused-launch-plan"
}
