import Foundation

/// One launch of a task by the system: what was planned, when it really started, and how it ended.
public struct LaunchRecord: Sendable, Hashable {
    /// 1-based, in the order launches started (a launch nested inside another one comes after it).
    public let number: Int
    public let identifier: String
    public let kind: TaskKind
    /// The process generation the task ran in (1 = the first process of the scenario).
    public let process: Int
    /// The launched request's `earliestBeginDate` (the plan; nil when it had none).
    public let planned: Date?
    /// When the system actually launched it.
    public let actual: Date
    public internal(set) var state: LaunchState
    /// Each `setTaskCompleted(success:)` call the app made, in order (exactly one is correct).
    public internal(set) var completionCalls: [Bool] = []
    /// When the system expired it, if it did.
    public internal(set) var expiredAt: Date?
    /// Whether the launch handler has returned.
    public internal(set) var handlerReturned = false

    /// What a spec's `completed:` compares: `true`, `false`, `killed`, or `none` while nothing ended it.
    public var completed: CompletionValue {
        switch state {
        case .running, .expiring: .none
        case .killed: .killed
        case .completed(let success, _): success ? .success : .failure
        }
    }
}

extension LaunchRecord {
    /// Running or expiring: not completed and not killed.
    var isUnfinished: Bool { state == .running || state == .expiring }
}
