/// A defect in the app's handling of a task, found while the scenario ran (the app did something wrong,
/// as opposed to a `SchedulerError`, which the system refuses).
public struct Defect: Sendable, Hashable, CustomStringConvertible {
    /// The kinds of defect, with the words reports use.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// `setTaskCompleted` called more than once for one launch.
        case completedTwice = "completed-twice"
        /// `setTaskCompleted(success: true)` after the launch was already reported (or ended) as a failure.
        case successAfterFailure = "success-after-failure"
        /// `setTaskCompleted(success: true)` after the system expired the task (the job was asked to cancel).
        case successAfterExpiration = "success-after-expiration"
        /// A launch whose expiration deadline passed without any `setTaskCompleted`: the system kills the app.
        case missingCompletion = "missing-completion"
        /// A database transaction was still open when the process was suspended.
        case openTransactionAtSuspension = "open-transaction-at-suspension"
        /// The job went on to another stage after the expiration handler ran: expiration ignored.
        case workAfterExpiration = "work-after-expiration"
    }

    public let kind: Kind
    public let identifier: String
    /// The launch it happened in (1-based), when there is one.
    public let launch: Int?
    public let detail: String

    public init(kind: Kind, identifier: String, launch: Int?, detail: String) {
        self.kind = kind
        self.identifier = identifier
        self.launch = launch
        self.detail = detail
    }

    public var description: String {
        "\(kind.rawValue) (\(identifier)\(launch.map { " launch #\($0)" } ?? "")): \(detail)"
    }
}
