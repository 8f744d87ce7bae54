import Foundation

/// A request submitted to the scheduler: which task, which kind, and the floor before which it never starts.
public struct TaskRequest: Sendable, Hashable {
    public let identifier: String
    public let kind: TaskKind
    /// A floor, not a time: the system never launches earlier and promises nothing about later. nil = no floor.
    public let earliestBeginDate: Date?

    public init(identifier: String, kind: TaskKind, earliestBeginDate: Date? = nil) {
        self.identifier = identifier
        self.kind = kind
        self.earliestBeginDate = earliestBeginDate
    }
}
