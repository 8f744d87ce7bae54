internal import CThreadDefaults
import Foundation
import SpecRunner

/// The stacks of specrun's threads, made sure of before any thread starts.
///
/// Under a low stack limit (`ulimit -s 100`) every thread that does not choose its own stack gets that much:
/// libdispatch's, which run the commands' async code, and the main thread. A debug build's run of `specs/` then
/// ended in a segmentation fault in the Swift runtime (no results, no message) below about 128 KB, and `report` below
/// about 80 KB. specrun's own workers and readers choose their stacks (`WorkerThread`); the others get, when the limit
/// gave them less than `minimum`, the 8 MB Linux gives by default — threads' stacks are memory the process maps, which
/// `ulimit -s` does not bound — and the main thread's soft limit is raised as far as the hard limit allows.
public enum StackLimit {
    /// Below this, a thread started without a stack size of its own is given `WorkerThread.stackSize` instead.
    public static let minimum = 1 << 20

    /// The stack size to give threads that do not choose one, for the size they would get; nil to leave it.
    public static func raisedThreadStack(current: Int) -> Int? {
        current < minimum ? WorkerThread.stackSize : nil
    }

    /// Whether the calling thread's stack is as large as a worker's, so that it may parse as one does.
    public static var currentThreadHasWorkerStack: Bool {
        specrun_current_thread_stack_size() >= WorkerThread.stackSize
    }

    /// Raises the default stack of new threads and the main thread's soft limit. Call before any thread starts:
    /// glibc gives the default to threads created after the call.
    public static func prepareProcess() {
        if let raised = raisedThreadStack(current: specrun_default_thread_stack_size()) {
            _ = specrun_set_default_thread_stack_size(raised)
        }
        SoftLimit.raise(__rlimit_resource_t(RLIMIT_STACK.rawValue), toward: WorkerThread.stackSize)
    }
}
