import Recurrence

/// The recurrence core's errors in the diagnostics log: a catch-up or resubmit whose search ends without an
/// occurrence says why (`search-limit-reached` for a schedule's `limit`), instead of `unexpected-error`.
extension RecurrenceError: DiagnosticErrorType {
    public var diagnosticType: String {
        switch self {
        case .searchLimitReached: "search-limit-reached"
        case .engineFoundNothing: "no-occurrence"
        case .invalidRule: "invalid-rule"
        case .tooManyOccurrences: "too-many-occurrences"
        case .stopped: "stopped"
        case .instantOutOfRange: "instant-out-of-range"
        }
    }
}
