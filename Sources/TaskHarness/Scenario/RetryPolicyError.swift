import Foundation

/// A retry policy that cannot describe a backoff, asked for a delay: it has none to give.
public struct RetryPolicyError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    public let policy: RetryPolicy
    /// The policy's `problem`.
    public let description: String

    init?(_ policy: RetryPolicy) {
        guard let problem = policy.problem else { return nil }
        self.policy = policy
        self.description = problem
    }

    /// The description, so that `localizedDescription` gives the message.
    public var errorDescription: String? { description }
}
