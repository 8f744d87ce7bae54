import Foundation
import Recurrence

/// Why the manual clock refused a request.
public enum ClockError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// `advance(to:)` asked for an instant before the clock's current one.
    case backwards(now: Date, requested: Date)
    /// A start or an advance to an instant outside `ManualClock.supportedRange` (years 0001…9999), or not a number.
    /// The instant is given as seconds since 1970: Foundation traps describing a `Date` that is not a number, and
    /// tools that print an error describe what it holds.
    case outOfRange(secondsSince1970: Double)
    /// `advance(by:)` was given a negative duration.
    case negativeDuration(Duration)
    /// Timers kept scheduling more timers at or before the target: the advance stopped at the bound.
    case tooManyFirings(limit: Int, at: Date)
    /// Work is still scheduled on the clock (the end-of-scenario check).
    case workStillScheduled([ManualClock.PendingTimer])

    public var description: String {
        switch self {
        case .backwards(let now, let requested):
            "the clock is at \(now.rfc3339UTC) and cannot go back to \(requested.rfc3339UTC); order the steps by time"
        case .outOfRange(let seconds):
            "the clock cannot reach \(Date(timeIntervalSince1970: seconds).rfc3339UTC): it runs from 0001-01-01T00:00:00Z up to 9999-12-31T23:59:59Z; give an instant in those years"
        case .negativeDuration(let duration):
            "cannot advance the clock by a negative duration (\(duration)); give a positive one"
        case .tooManyFirings(let limit, let at):
            "more than \(limit) timers fired while advancing to \(at.rfc3339UTC); a timer keeps rescheduling itself"
        case .workStillScheduled(let timers):
            "work is still scheduled on the clock at the end: "
                + timers.map { "\($0.label) at \($0.deadline.rfc3339UTC)" }.joined(separator: ", ")
                + "; advance past it or finish that work"
        }
    }

    /// The description, so that `localizedDescription` gives the message.
    public var errorDescription: String? { description }
}
