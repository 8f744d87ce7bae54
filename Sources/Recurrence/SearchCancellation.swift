import Foundation

/// How a long search notices that it was cancelled — its thread (`Thread.cancel()`) or the Swift `Task` it runs in
/// (`Task.cancel()`) — and ends with `RecurrenceError.stopped` instead of running on: specrun cancels the thread of
/// a recurrence test past `--timeout` and the `Task` of a lifecycle scenario past it; an app cancels its own `Task`.
///
/// Reading the flags costs two thread-local lookups, so hot loops check them once every `stride` steps.
enum SearchCancellation {
    /// Occurrences between two checks in loops whose step takes nanoseconds (the core engine's windows).
    static let stride = 1 << 16

    /// Throws `.stopped(after:)` when the current thread, or the `Task` the search runs in, was cancelled.
    static func check(after cursor: Date) throws(RecurrenceError) {
        if Thread.current.isCancelled || Task.isCancelled { throw .stopped(after: cursor) }
    }

    /// `check(after:)` once every `stride` steps of a hot loop: `found` is how many results the loop has so far.
    @inline(__always)
    static func check(found: Int, after cursor: @autoclosure () -> Date) throws(RecurrenceError) {
        if found % stride == stride - 1 { try check(after: cursor()) }
    }
}
