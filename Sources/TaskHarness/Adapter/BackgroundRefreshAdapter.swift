/// The thin adapter of the seeds: the expiration handler cancels the job, the job's outcome becomes
/// `setTaskCompleted(success:)` — once.
///
/// The seeds' version wraps the body in `Task { … }` because a real launch handler must return at once; the
/// harness awaits the handler instead, so a scenario step ends exactly when the work ends. The behaviour is the same.
/// It is written against `LaunchedTask`, so the same code takes a `BGTask` on a device.
public final class BackgroundRefreshAdapter: LaunchHandling {
    private let job: any RefreshJob

    public init(job: any RefreshJob) {
        self.job = job
    }

    public func handle(task: some LaunchedTask) async {
        task.expirationHandler = { [job] in
            job.cancel()
        }
        do {
            try await job.run()
            task.setTaskCompleted(success: true)
        } catch {
            task.setTaskCompleted(success: false)
        }
    }
}
