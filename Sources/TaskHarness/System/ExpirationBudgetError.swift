import Foundation

/// An expiration budget that gives a task kind no time, refused by `SimulatedScheduler` where it is given.
public struct ExpirationBudgetError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    public let budget: ExpirationBudget
    /// The budget's `problem`.
    public let description: String

    init?(_ budget: ExpirationBudget) {
        guard let problem = budget.problem else { return nil }
        self.budget = budget
        self.description = problem
    }

    /// The description, so that `localizedDescription` gives the message.
    public var errorDescription: String? { description }
}
