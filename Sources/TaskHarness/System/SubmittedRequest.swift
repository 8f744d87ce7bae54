import Foundation

/// A request as the scheduler saw it: what was submitted, when, and what became of it.
public struct SubmittedRequest: Sendable, Hashable {
    public let request: TaskRequest
    public let submittedAt: Date
    public internal(set) var state: RequestState
}
