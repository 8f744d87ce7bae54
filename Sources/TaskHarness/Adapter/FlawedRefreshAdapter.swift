/// An adapter with one of the common bugs, so a scenario can show what the harness reports for it.
public final class FlawedRefreshAdapter: LaunchHandling {
    /// The bugs this adapter can have.
    public enum Flaw: String, Sendable, Hashable, CaseIterable {
        /// The expiration handler also calls `setTaskCompleted(false)`, racing the job's own report (bug 7).
        case completesInExpirationHandler = "completes-in-expiration-handler"
        /// Reports success whatever the job's outcome (bug 8).
        case reportsSuccessRegardless = "reports-success-regardless"
        /// Reports success first and only then runs the job (bug 8).
        case reportsSuccessBeforeWork = "reports-success-before-work"
        /// Sets no expiration handler: the system ends the task as completed(false) and the job runs on (bug 9).
        case noExpirationHandler = "no-expiration-handler"
        /// The expiration handler does nothing: the job is never told to stop (bug 9).
        case ignoresExpiration = "ignores-expiration"
        /// Never calls `setTaskCompleted`: the system kills the app at the expiration deadline.
        case neverCompletes = "never-completes"
    }

    public let flaw: Flaw
    private let job: any RefreshJob

    public init(job: any RefreshJob, flaw: Flaw) {
        self.job = job
        self.flaw = flaw
    }

    public func handle(task: some LaunchedTask) async {
        switch flaw {
        case .completesInExpirationHandler:
            task.expirationHandler = { [job] in
                job.cancel()
                task.setTaskCompleted(success: false)
            }
        case .noExpirationHandler:
            break
        case .ignoresExpiration:
            task.expirationHandler = {}
        default:
            task.expirationHandler = { [job] in job.cancel() }
        }
        switch flaw {
        case .reportsSuccessRegardless:
            try? await job.run()
            task.setTaskCompleted(success: true)
        case .reportsSuccessBeforeWork:
            task.setTaskCompleted(success: true)
            try? await job.run()
        case .neverCompletes:
            try? await job.run()
        default:
            do {
                try await job.run()
                task.setTaskCompleted(success: true)
            } catch {
                task.setTaskCompleted(success: false)
            }
        }
    }
}
