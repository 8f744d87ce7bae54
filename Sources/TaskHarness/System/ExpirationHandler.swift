/// An app's expiration handler as the scheduler keeps it until the system calls it.
///
/// `BGTask.expirationHandler` is `(() -> Void)?`, not `@Sendable`: the app hands a closure to the system, which
/// calls it later from its own queue. The scheduler keeps the closure as the system does and calls it once, from the
/// step (or the deadline) that expires the task; checking what it captures is left to the app's code, as on a
/// device.
struct ExpirationHandler: @unchecked Sendable {
    let call: () -> Void
}
