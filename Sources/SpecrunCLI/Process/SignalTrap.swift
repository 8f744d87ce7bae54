import Foundation
import Synchronization

/// The first SIGINT / SIGTERM received (0 until one arrives), set from the signal handler.
private let receivedSignal = Atomic<Int32>(0)

/// Turns SIGINT and SIGTERM into a flag the run polls: no new specs start, results are written for what
/// finished (the rest marked not-run), and the process exits 130 / 143.
///
/// A second signal ends the process at once with 128 + its number: the way out when writing results takes
/// too long. Results files are written atomically, so even then no half-written file is left.
enum SignalTrap {
    static func install() {
        signal(SIGINT, handle)
        signal(SIGTERM, handle)
    }

    /// The signal received so far, if any.
    static var received: Int32? {
        let value = receivedSignal.load(ordering: .relaxed)
        return value == 0 ? nil : value
    }

    static func exitStatus(for signal: Int32) -> Int32 {
        signal == SIGTERM ? ExitStatus.terminated : ExitStatus.interrupted
    }
}

/// Only async-signal-safe work here: an atomic exchange, and `_exit` on the second signal.
private func handle(_ number: Int32) {
    let (exchanged, _) = receivedSignal.compareExchange(expected: 0, desired: number, ordering: .relaxed)
    if !exchanged {
        _exit(128 + number)
    }
}
