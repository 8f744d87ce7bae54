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

    private struct Timer {
        let token: TimerToken
        let deadline: Date
        let label: String
        let action: @Sendable () -> Void
    }

    private struct State {
        var now: Date
        var timers: [Timer] = []
        var nextToken = 1
    }

    private let state: Mutex<State>

    /// A clock reading `start` until it is advanced.
    public init(start: Date) {
        state = Mutex(State(now: start))
    }

    public var now: Date { state.withLock { $0.now } }

    /// Runs `action` when the clock reaches `deadline`; a deadline already passed fires on the next advance.
    @discardableResult
    public func schedule(at deadline: Date, label: String, _ action: @escaping @Sendable () -> Void) -> TimerToken {
        state.withLock { state in
            let token = TimerToken(rawValue: state.nextToken)
            state.nextToken += 1
            state.timers.append(Timer(token: token, deadline: deadline, label: label, action: action))
            return token
        }
    }

    /// Removes a timer that has not fired; returns false when it already fired or was cancelled.
    @discardableResult
    public func cancel(_ token: TimerToken) -> Bool {
        state.withLock { state in
            guard let index = state.timers.firstIndex(where: { $0.token == token }) else { return false }
            state.timers.remove(at: index)
            return true
        }
    }

    /// Moves to `target`, firing every timer due at or before it in deadline order.
    public func advance(to target: Date) throws(ClockError) {
        var fired = 0
        while true {
            let due: Timer? = try state.withLock { (state) throws(ClockError) -> Timer? in
                guard target >= state.now else { throw .backwards(now: state.now, requested: target) }
                // The earliest deadline first; among equal deadlines the one scheduled first.
                guard let index = state.timers.indices.filter({ state.timers[$0].deadline <= target })
                    .min(by: { (state.timers[$0].deadline, state.timers[$0].token.rawValue)
                        < (state.timers[$1].deadline, state.timers[$1].token.rawValue) })
                else {
                    state.now = target
                    return nil
                }
                let timer = state.timers.remove(at: index)
                state.now = max(state.now, timer.deadline)
                return timer
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
            state.timers
                .sorted { ($0.deadline, $0.token.rawValue) < ($1.deadline, $1.token.rawValue) }
                .map { PendingTimer(token: $0.token, deadline: $0.deadline, label: $0.label) }
        }
    }

    /// Fails with `workStillScheduled` when any timer is still pending.
    public func checkNoPendingWork() throws(ClockError) {
        let pending = pendingWork
        guard pending.isEmpty else { throw .workStillScheduled(pending) }
    }
}
