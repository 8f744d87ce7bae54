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

    public init(backoff: Backoff, maxAttempts: Int? = nil) {
        self.backoff = backoff
        self.maxAttempts = maxAttempts
    }

    /// The delay after the `failures`-th consecutive failure (1 = the first), or nil once attempts are used up.
    public func delay(afterFailures failures: Int) -> Duration? {
        guard failures >= 1 else { return .zero }
        if let maxAttempts, failures >= maxAttempts { return nil }
        switch backoff {
        case .constant(let delay):
            return delay
        case .exponential(let initial, let factor, let maximum):
            var delay = initial
            // At most 62 doublings fit a Duration; beyond that the maximum (or the last value) holds.
            for _ in 1..<min(failures, 62) {
                if let maximum, delay >= maximum { break }
                delay = delay * factor
            }
            if let maximum { delay = min(delay, maximum) }
            return delay
        }
    }
}
