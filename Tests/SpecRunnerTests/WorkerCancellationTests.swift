import Foundation
import Synchronization
@testable import SpecRunner
import Testing

/// An abandoned test's work is told to stop: the worker thread's flag and the handler the worker registered, whether
/// the cancel comes while the work runs or before it registered.
@Suite struct WorkerCancellationTests {
    final class Flag: Sendable {
        let calls = Atomic(0)
    }

    @Test func aCancelWhileTheWorkRunsCallsItsHandler() {
        let flag = Flag()
        let registered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        let worker = Thread {
            WorkerCancellation.whileRunning(onCancel: { flag.calls.add(1, ordering: .relaxed) }) {
                registered.signal()
                release.wait()
            }
            finished.signal()
        }
        worker.start()
        registered.wait()
        WorkerCancellation.cancel(worker)
        #expect(flag.calls.load(ordering: .relaxed) == 1)
        #expect(worker.isCancelled)
        release.signal()
        finished.wait()
        WorkerCancellation.cancel(worker)  // after the work ended: no handler any more
        #expect(flag.calls.load(ordering: .relaxed) == 1)
    }

    @Test func aCancelBeforeTheWorkRegisteredCallsTheHandlerAtOnce() {
        let flag = Flag()
        let go = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        let worker = Thread {
            go.wait()
            WorkerCancellation.whileRunning(onCancel: { flag.calls.add(1, ordering: .relaxed) }) {}
            finished.signal()
        }
        worker.start()
        WorkerCancellation.cancel(worker)
        go.signal()
        finished.wait()
        #expect(flag.calls.load(ordering: .relaxed) == 1)
    }
}
