/// The replaceable unit of background work the adapter runs (the seeds' protocol).
public protocol RefreshJob: Sendable {
    /// Does the work; throws when it failed or was cancelled.
    func run() async throws
    /// Asks the work to stop at its next cancellation check.
    func cancel()
}
