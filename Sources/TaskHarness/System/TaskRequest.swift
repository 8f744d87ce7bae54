import Foundation

/// A request submitted to the scheduler: which task, which kind, and the floor before which it never starts.
public struct TaskRequest: Sendable, Hashable {
    public let identifier: String
    public let kind: TaskKind
    /// A floor, not a time: the system never launches earlier and promises nothing about later. nil = no floor.
    public let earliestBeginDate: Date?

    /// A request with no floor: the system may launch it whenever it likes.
    public init(identifier: String, kind: TaskKind) {
        self.init(identifier: identifier, kind: kind, computedFloor: nil)
    }

    /// A request the system never launches before `earliestBeginDate` (nil: no floor).
    ///
    /// The floor must lie in the years the manual clock runs (`ManualClock.supportedRange`, 0001…9999): one outside
    /// them, or not a number, is `floorOutOfRange` here, where it is given, since no launch could ever reach it.
    public init(identifier: String, kind: TaskKind, earliestBeginDate: Date?) throws(TaskRequestError) {
        if let floor = earliestBeginDate, !ManualClock.supportedRange.contains(floor) {
            throw .floorOutOfRange(identifier: identifier, secondsSince1970: floor.timeIntervalSince1970)
        }
        self.init(identifier: identifier, kind: kind, computedFloor: earliestBeginDate)
    }

    /// The simulated app's request, with whatever floor its own code computed. The real system takes any date, and
    /// a retry whose backoff grew to `RetryPolicy.longestDelay` lies past year 9999 on purpose: that request is
    /// pending and never launched, which is how such a backoff ends the retries.
    init(identifier: String, kind: TaskKind, computedFloor: Date?) {
        self.identifier = identifier
        self.kind = kind
        self.earliestBeginDate = computedFloor
    }
}
