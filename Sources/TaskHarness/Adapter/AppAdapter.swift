/// An app's own adapter for `LifecycleSimulation`: how to make it around the scenario's job, in every process.
///
/// ```swift
/// extension ReminderAdapter: LaunchHandling {}     // its handle(task: some LaunchedTask & Sendable) async
/// let adapter = AppAdapter("reminders") { job in ReminderAdapter(work: job) }
/// let configuration = LifecycleConfiguration(tasks: tasks, gate: gate, clockStart: start, adapter: .app(adapter))
/// ```
///
/// `make` is called once per identifier in each process, when its first launch comes, with the reference job
/// (`SyncJob`, whose stores the invariants read). The adapter's `handle(task:)` must return when the work it
/// started has ended (await the `Task` it wraps the work in): the harness awaits it, and a step ends when it returns.
/// A handler that returns while its job still runs fails `harness-ran-cleanly`.
public struct AppAdapter: Sendable, Hashable {
    /// A name for reports and test output.
    public let name: String
    let make: @Sendable (any RefreshJob) -> any LaunchHandling
    private let identity = Identity()

    public init(_ name: String, make: @escaping @Sendable (_ job: any RefreshJob) -> any LaunchHandling) {
        self.name = name
        self.make = make
    }

    /// Copies of one `AppAdapter` are equal; two made separately are not, even with one name (closures cannot be
    /// compared).
    public static func == (lhs: AppAdapter, rhs: AppAdapter) -> Bool {
        lhs.identity === rhs.identity
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(identity))
    }

    private final class Identity: Sendable {}
}
