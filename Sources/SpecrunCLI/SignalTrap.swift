import Foundation
import Synchronization

/// The last SIGINT / SIGTERM received (0 until one arrives), set from the signal handler.
private let receivedSignal = Atomic<Int32>(0)

/// Turns SIGINT and SIGTERM into a flag the run polls: no new specs start, results are written for what
/// finished, and the process exits 130 / 143.
enum SignalTrap {
    static func install() {
        signal(SIGINT) { number in receivedSignal.store(number, ordering: .relaxed) }
        signal(SIGTERM) { number in receivedSignal.store(number, ordering: .relaxed) }
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
