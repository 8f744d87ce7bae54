import Foundation

/// Starts a thread and says whether it started.
///
/// Foundation's `Thread.start()` gives no answer: when the system refuses a thread (an address-space limit,
/// `ulimit -v`, too small for another 8 MB stack, or a process limit, `ulimit -u`) the body never runs, and a run
/// waited for its workers' results for ever at 0 % CPU. This calls pthread_create and returns its error. The body
/// still sees `Thread.current` (Foundation makes one for any thread), so cancellation works as before.
public enum WorkerThread {
    /// The stack every worker gets: deep YAML nesting (up to `--max-depth 1000`) and the searches need more than the
    /// default of a secondary thread.
    public static let stackSize = 8 << 20

    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    /// Starts `body` on a new detached thread; 0, or the errno of the refusal (`EAGAIN`, `ENOMEM`), and then `body`
    /// never runs.
    public static func start(stackSize: Int = stackSize, _ body: @escaping @Sendable () -> Void) -> Int32 {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        let box = Unmanaged.passRetained(Body(body)).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(&thread, &attributes, { raw in
            Unmanaged<Body>.fromOpaque(raw!).takeRetainedValue().run()
            return nil
        }, box)
        if result != 0 { Unmanaged<Body>.fromOpaque(box).release() }
        return result
    }
}
