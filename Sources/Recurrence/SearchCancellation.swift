import Foundation

/// How a long search notices that its thread was cancelled (`Thread.cancel()`), and ends with
/// `RecurrenceError.stopped` instead of running on: specrun cancels the thread of a test past `--timeout`.
///
/// Reading the flag costs a thread-local lookup, so hot loops check it once every `stride` steps.
enum SearchCancellation {
    /// Occurrences between two checks in loops whose step takes nanoseconds (the core engine's windows).
    static let stride = 1 << 16

    /// Throws `.stopped(after:)` when the current thread was cancelled.
    static func check(after cursor: Date) throws(RecurrenceError) {
        if Thread.current.isCancelled { throw .stopped(after: cursor) }
    }

    /// `check(after:)` once every `stride` steps of a hot loop: `found` is how many results the loop has so far.
    @inline(__always)
    static func check(found: Int, after cursor: @autoclosure () -> Date) throws(RecurrenceError) {
        if found % stride == stride - 1 { try check(after: cursor()) }
    }
}
