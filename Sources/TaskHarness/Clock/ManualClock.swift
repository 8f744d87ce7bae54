import Foundation
import Recurrence
import Synchronization

/// A clock that moves only when told to, never backwards, firing due timers in order; nothing sleeps.
///
/// A scenario starts it at its `clock:` instant. `advance(to:)` moves `now` to each due timer's deadline in turn
/// (ties in the order they were scheduled), runs the timer's action, and ends at the target. At the end of a
/// scenario `checkNoPendingWork()` fails when something is still scheduled.
public final class ManualClock: TimeSource, Sendable {
    /// A handle to cancel a scheduled timer.
    public struct TimerToken: Sendable, Hashable {
        public let rawValue: Int
    }

    /// One timer still waiting for its deadline.
    public struct PendingTimer: Sendable, Hashable {
        public let token: TimerToken
        public let deadline: Date
        public let label: String
    }

    /// How many timers one advance may fire before it stops with `tooManyFirings`.
    public static let firingLimit = 100_000

    /// The instants the clock can be at: 0001-01-01T00:00:00Z up to, not including, 10000-01-01T00:00:00Z — the
    /// years specs and RFC 3339 write. A start or an advance outside them (or not a number) is `outOfRange`.
    public static let supportedRange: Range<Date> =
        Date(timeIntervalSince1970: -62_135_596_800)..<Date(timeIntervalSince1970: 253_402_300_800)

    private struct Timer {
        let token: TimerToken
        let deadline: Date
        let label: String
        let action: @Sendable () -> Void
    }

    private struct State {
        var now: Date
        var timers = DeadlineQueue<Timer>()
        var nextToken = 1
    }

    private let state: Mutex<State>

    /// A clock reading `start` until it is advanced; `start` must lie in `supportedRange`.
    public init(start: Date) throws(ClockError) {
        guard Self.supportedRange.contains(start) else { throw .outOfRange(secondsSince1970: start.timeIntervalSince1970) }
        state = Mutex(State(now: start))
    }

    public var now: Date { state.withLock { $0.now } }

    /// Runs `action` when the clock reaches `deadline`; a deadline already passed (or not a number) fires on the next
    /// advance, and one past `supportedRange` never fires.
    @discardableResult
    public func schedule(at deadline: Date, label: String, _ action: @escaping @Sendable () -> Void) -> TimerToken {
        state.withLock { state in
            let token = TimerToken(rawValue: state.nextToken)
            state.nextToken += 1
            state.timers.insert(key: deadline.timeIntervalSinceReferenceDate, sequence: token.rawValue,
                                Timer(token: token, deadline: deadline, label: label, action: action))
            return token
        }
    }

    /// Removes a timer that has not fired; returns false when it already fired or was cancelled.
    @discardableResult
    public func cancel(_ token: TimerToken) -> Bool {
        state.withLock { state in state.timers.remove { $0.element.token == token } != nil }
    }

    /// Moves to `target`, firing every timer due at or before it in deadline order.
    public func advance(to target: Date) throws(ClockError) {
        guard Self.supportedRange.contains(target) else { throw .outOfRange(secondsSince1970: target.timeIntervalSince1970) }
        var fired = 0
        while true {
            let due: Timer? = try state.withLock { (state) throws(ClockError) -> Timer? in
                guard target >= state.now else { throw .backwards(now: state.now, requested: target) }
                // The earliest deadline first; among equal deadlines the one scheduled first.
                guard let first = state.timers.first, first.key <= target.timeIntervalSinceReferenceDate else {
                    state.now = target
                    return nil
                }
                _ = state.timers.removeFirst()
                if first.key > state.now.timeIntervalSinceReferenceDate { state.now = first.element.deadline }
                return first.element
            }
            guard let due else { return }
            fired += 1
            guard fired <= Self.firingLimit else { throw .tooManyFirings(limit: Self.firingLimit, at: target) }
            // Outside the lock: an action may schedule or cancel timers, or read `now`.
            due.action()
        }
    }

    /// Moves forward by `duration`, firing due timers in order.
    public func advance(by duration: Duration) throws(ClockError) {
        guard duration >= .zero else { throw .negativeDuration(duration) }
        try advance(to: now.addingTimeInterval(duration.timeInterval))
    }

    /// The timers still scheduled, earliest first.
    public var pendingWork: [PendingTimer] {
        state.withLock { state in
            state.timers.entries
                .sorted { $0.precedes($1) }
                .map { PendingTimer(token: $0.element.token, deadline: $0.element.deadline, label: $0.element.label) }
        }
    }

    /// Fails with `workStillScheduled` when any timer is still pending.
    public func checkNoPendingWork() throws(ClockError) {
        let pending = pendingWork
        guard pending.isEmpty else { throw .workStillScheduled(pending) }
    }
}
