import Dispatch

/// Frees a finished run's values on a background thread, so that the command can return (and the process exit)
/// without taking them apart one by one first.
///
/// A 10,000-spec run holds about a million small objects (specs, plan items, results); freeing them at the end of
/// the command took about a tenth of the run (bench/specrun-bench, section end-to-end). The process exits without
/// waiting for the background thread, and the operating system takes the memory back at once, as compilers do
/// with `-disable-free`; an in-process caller (the tests) still gets the memory back, a moment later.
enum BackgroundRelease {
    /// Takes `value` over and frees it on a background thread.
    static func release<Value: Sendable>(_ value: consuming Value) {
        let box = Box(value)
        DispatchQueue.global(qos: .utility).async { box.empty() }
    }

    private final class Box<Value: Sendable>: @unchecked Sendable {
        private var value: Value?

        init(_ value: consuming Value) {
            self.value = value
        }

        func empty() {
            value = nil
        }
    }
}
