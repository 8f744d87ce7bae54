/// How long to wait before retrying after consecutive failures: the next request's `earliestBeginDate` is the
/// failed launch's time plus this delay, on the manual clock (nothing sleeps).
public struct RetryPolicy: Sendable, Hashable {
    /// The shape of the delays.
    public enum Backoff: Sendable, Hashable {
        /// The same delay after every failure.
        case constant(Duration)
        /// `initial`, then multiplied by `factor` after each further failure, never above `maximum` when given.
        case exponential(initial: Duration, factor: Int = 2, maximum: Duration? = nil)
    }

    public var backoff: Backoff
    /// After this many consecutive failures no retry is requested (nil: never give up).
    public var maxAttempts: Int?
    /// Whether the count of consecutive failures also starts over once the next occurrence is due (each occurrence
    /// gets its own `maxAttempts`); false: only a success starts it over.
    public var resetsOnNewOccurrence: Bool

    /// An exponential delay never exceeds this: 10,000 years of 366 days (3,660,000 days), more than any manual clock can
    /// reach, so a retry that far out never comes, and the delay still fits a `Duration`.
    public static let longestDelay = Duration.seconds(10_000 * 366 * 86_400)

    public init(backoff: Backoff, maxAttempts: Int? = nil, resetsOnNewOccurrence: Bool = false) {
        self.backoff = backoff
        self.maxAttempts = maxAttempts
        self.resetsOnNewOccurrence = resetsOnNewOccurrence
    }

    /// Why this policy cannot describe a backoff — a negative delay or maximum, a factor below 1, `maxAttempts` below
    /// 1 — or nil when it can.
    public var problem: String? {
        if let maxAttempts, maxAttempts < 1 { return "a retry policy's maxAttempts must be at least 1, not \(maxAttempts)" }
        switch backoff {
        case .constant(let delay):
            if delay < .zero { return "a retry delay cannot be negative (\(delay)); give 0 s or more" }
        case .exponential(let initial, let factor, let maximum):
            if initial < .zero { return "a retry delay cannot be negative (\(initial)); give 0 s or more" }
            if factor < 1 { return "an exponential backoff's factor must be at least 1, not \(factor)" }
            if let maximum, maximum < .zero { return "a retry maximum cannot be negative (\(maximum)); give 0 s or more" }
        }
        return nil
    }

    /// The delay after the `failures`-th consecutive failure (1 = the first), or nil once attempts are used up; with
    /// no failure (`failures` 0 or less) nothing is waited for: `.zero`.
    ///
    /// A policy whose `problem` is not nil has no delays, and throws `RetryPolicyError` (with that problem) instead
    /// of answering: a negative delay, or a nil that reads as "attempts used up", would be an answer made up from
    /// nonsense. The check is made here, each time, because `backoff` and `maxAttempts` stay settable.
    public func delay(afterFailures failures: Int) throws(RetryPolicyError) -> Duration? {
        if let error = RetryPolicyError(self) { throw error }
        guard failures >= 1 else { return .zero }
        if let maxAttempts, failures >= maxAttempts { return nil }
        switch backoff {
        case .constant(let delay):
            return delay
        case .exponential(let initial, let factor, let maximum):
            var delay = initial
            // Growth past `longestDelay` stops there, before a Duration overflows: a delay that large never ends
            // on any clock, which is what an ever-growing backoff means (holding the last value instead would
            // schedule a retry the policy never asked for).
            for _ in 1..<min(failures, 62) {
                if let maximum, delay >= maximum { break }
                guard factor > 1, delay > .zero else { break }
                guard delay <= Self.longestDelay / factor else {
                    delay = Self.longestDelay
                    break
                }
                delay = delay * factor
            }
            if let maximum { delay = min(delay, maximum) }
            return min(delay, Self.longestDelay)
        }
    }
}
