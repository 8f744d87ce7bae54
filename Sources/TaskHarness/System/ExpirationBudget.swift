/// How long the system lets a launched task run before it expires it (a timer on the manual clock).
///
/// A job takes no clock time by itself, so the budget only matters when a handler returns without calling
/// `setTaskCompleted` and the scenario then advances the clock: at the deadline the system calls the expiration
/// handler and, when the task is still not completed, kills the process.
public struct ExpirationBudget: Sendable, Hashable {
    public var refresh: Duration
    public var processing: Duration

    public init(refresh: Duration = .seconds(30), processing: Duration = .seconds(300)) {
        self.refresh = refresh
        self.processing = processing
    }

    /// Refresh 30 s (Apple's documented limit); processing 5 minutes (Apple says "several minutes").
    public static let standard = ExpirationBudget()

    public func budget(for kind: TaskKind) -> Duration {
        switch kind {
        case .refresh: refresh
        case .processing: processing
        }
    }

    /// Why this budget cannot time a task — a kind given 0 s or less — or nil when it can. (A `Duration` is a whole
    /// number of attoseconds: it is never NaN or infinite.)
    public var problem: String? {
        let empty = TaskKind.allCases.filter { budget(for: $0) <= .zero }
        guard !empty.isEmpty else { return nil }
        let given = empty.map { "\(budget(for: $0)) for \($0.rawValue)" }.joined(separator: ", ")
        return "an expiration budget must be longer than 0 s, not \(given); give each task kind some time before the system expires it"
    }
}
