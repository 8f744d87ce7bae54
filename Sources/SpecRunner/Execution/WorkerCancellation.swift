import Foundation
import Synchronization

/// Stops the work of a test the runner abandoned (a timeout, an interrupt).
///
/// Swift cannot stop a thread from outside. `cancel(_:)` sets the worker thread's flag, which the recurrence
/// engines' searches read, and runs what the worker registered with `whileRunning(onCancel:_:)` — a lifecycle
/// scenario hands its work to a `Task` and cancels it there, so the scenario stops at its next step instead of
/// running to its end beside the tests that replaced it.
enum WorkerCancellation {
    private static let handlers = Mutex<[ObjectIdentifier: @Sendable () -> Void]>([:])

    /// Cancels `thread` and runs its handler, if it registered one.
    static func cancel(_ thread: Thread) {
        thread.cancel()
        let handler = handlers.withLock { $0.removeValue(forKey: ObjectIdentifier(thread)) }
        handler?()
    }

    /// Runs `body` on the current thread with `onCancel` registered for it; a cancel that came before the
    /// registration runs `onCancel` at once.
    static func whileRunning<Result>(onCancel: @escaping @Sendable () -> Void, _ body: () -> Result) -> Result {
        let key = ObjectIdentifier(Thread.current)
        handlers.withLock { $0[key] = onCancel }
        if Thread.current.isCancelled, handlers.withLock({ $0.removeValue(forKey: key) }) != nil { onCancel() }
        defer { handlers.withLock { _ = $0.removeValue(forKey: key) } }
        return body()
    }
}
