import Foundation

/// A clock that moves only when told to. Filled by the task-harness work (issue 5).
public final class ManualClock: @unchecked Sendable {
    public private(set) var now: Date

    public init(start: Date) {
        now = start
    }
}
