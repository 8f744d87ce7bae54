import Foundation
import Synchronization

/// Places where the process stops itself (SIGSTOP) when `SPECRUN_TEST_STOP_AT` names them: for tests only.
///
/// A test that must deliver a signal mid-run, or SIGKILL the process mid-write, waits for the child to be stopped
/// (waitpid with WUNTRACED), sends its signal and then SIGCONT. That makes "mid-run" a fact instead of a guess
/// about timing. The variable names one place or several, comma-separated (`first-result,mid-write`); each stops
/// the process once. Without the variable nothing happens. docs/limits.md documents it.
final class TestStopPoint: Sendable {
    enum Place: String, Sendable, Hashable {
        /// The first spec file has been read (on a reading thread; SIGSTOP stops them all).
        case firstFileRead = "first-file-read"
        /// The first test has finished (on its worker, before the worker starts another; SIGSTOP stops them all).
        case firstResult = "first-result"
        /// Half of the first results file is in its temporary file, not yet renamed over the target.
        case midWrite = "mid-write"
    }

    static let variable = "SPECRUN_TEST_STOP_AT"

    /// The places still to stop at.
    private let pending: Mutex<Set<Place>>

    init(environment: [String: String]) {
        let names = environment[Self.variable]?.split(separator: ",").map(String.init) ?? []
        pending = Mutex(Set(names.compactMap(Place.init(rawValue:))))
    }

    func reached(_ place: Place) {
        guard pending.withLock({ $0.remove(place) != nil }) else { return }
        let handled = SignalTrap.handledCount
        raise(SIGSTOP)
        // The test sends its SIGINT or SIGTERM before SIGCONT, but the kernel may hand it to a thread the scheduler
        // runs later than this one: on a loaded machine the run went on for a hundred tests before the flag was set,
        // and a second signal at mid-write let the file be renamed into place before its handler ended the process.
        // Wait until the handler has run for it (a bounded spin: these places are always resumed after a signal, or
        // killed).
        for _ in 0..<20_000_000 where SignalTrap.handledCount == handled { sched_yield() }
    }
}
