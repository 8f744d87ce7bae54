import Foundation
import Synchronization

/// A place where the process stops itself (SIGSTOP) when `SPECRUN_TEST_STOP_AT` names it: for tests only.
///
/// A test that must deliver a signal mid-run, or SIGKILL the process mid-write, waits for the child to be stopped
/// (`/proc/PID/stat` state `T`), sends its signal and then SIGCONT. That makes "mid-run" a fact instead of a guess
/// about timing. Without the variable nothing happens. docs/limits.md documents it.
final class TestStopPoint: Sendable {
    enum Place: String, Sendable {
        /// The first test has finished (on the coordinating thread, so workers stop with the process).
        case firstResult = "first-result"
        /// Half of the first results file is in its temporary file, not yet renamed over the target.
        case midWrite = "mid-write"
    }

    static let variable = "SPECRUN_TEST_STOP_AT"

    private let place: Place?
    /// Each place stops the process once.
    private let stopped = Atomic<Bool>(false)

    init(environment: [String: String]) {
        place = environment[Self.variable].flatMap(Place.init(rawValue:))
    }

    func reached(_ here: Place) {
        guard here == place, !stopped.exchange(true, ordering: .relaxed) else { return }
        raise(SIGSTOP)
    }
}
