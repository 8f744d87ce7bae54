/// The outcome of one test (a spec, a case, on one engine).
public enum TestStatus: String, Sendable, Hashable, Codable, CaseIterable {
    case passed
    /// The spec ran and its expectation did not hold — including a search that reached its bound where
    /// occurrences were expected, or an engine that found nothing: those are answers, and they differ.
    case failed
    /// The spec could not be run to an answer: an invalid schedule, a window with more occurrences than allowed,
    /// a timeout, an engine missing from this build.
    case error
    case skipped
    /// Failed on an engine where the spec declares a known deviation: reported, does not fail the run.
    case knownDeviation = "known-deviation"
    /// Passed where a known deviation was declared: the toolchain fixed it; remove the annotation.
    case fixedDeviation = "fixed-deviation"
    /// Never started (the run was interrupted, or stopped after too many failures).
    case notRun = "not-run"

    /// Whether a reader must act on it: a failure or an error to fix, or a fixed deviation whose annotation should go.
    /// The reports list these first ("Needs attention").
    public var needsAttention: Bool {
        self == .failed || self == .error || self == .fixedDeviation
    }

    /// Whether this status makes the run fail (exit status 1). Fixed deviations fail only under `--strict`.
    public func failsRun(strict: Bool) -> Bool {
        switch self {
        case .failed, .error: true
        case .fixedDeviation: strict
        case .passed, .skipped, .knownDeviation, .notRun: false
        }
    }
}
