import Foundation
import Synchronization

/// The first stopping signal received (0 until one arrives), set from the signal handler.
private let receivedSignal = Atomic<Int32>(0)
/// When the first signal came (CLOCK_MONOTONIC, nanoseconds; 0 until then).
private let firstSignalAt = Atomic<Int64>(0)
/// How many stopping signals the handler has run for (any thread): a test stop point waits for its signal's.
private let handledSignals = Atomic<Int>(0)
/// A later signal within this many nanoseconds of the first is the same request (see `SignalTrap`).
private let repeatWindow = Atomic<Int64>(SignalTrap.defaultRepeatWindow)

/// Turns SIGINT, SIGTERM and the other stopping signals (`stopping`) into a flag the run polls: no new specs start, results are written for what
/// finished (the rest marked not-run), and the process exits 130 / 143.
///
/// A second signal ends the process at once with 128 + its number, saying so on stderr: the way out when writing
/// results takes too long. Results files are written atomically, so even then no half-written file is left.
/// A signal within 100 ms of the first is not a second one: GNU `timeout` (and a shell's job control) signals the
/// child and then its whole process group, so specrun gets the same signal twice within microseconds, and counting
/// that as "stop at once" lost every results file of a run stopped by `timeout`. A person pressing Ctrl-C twice is
/// slower than that. `SPECRUN_TEST_SIGNAL_REPEAT_MS` changes the window, for tests only (docs/limits.md).
enum SignalTrap {
    static let defaultRepeatWindow: Int64 = 100_000_000
    static let repeatWindowVariable = "SPECRUN_TEST_SIGNAL_REPEAT_MS"

    /// The signals that stop a run with its results written, by name. Beyond SIGINT and SIGTERM, every signal whose
    /// default action ends the process and that reaches a CI job or a terminal session: a closed terminal or SSH
    /// session (SIGHUP), Ctrl-\\ (SIGQUIT: the Swift runtime printed a crash report and the run went on), a CPU-time
    /// limit's warning (SIGXCPU, before its SIGKILL), and the signals a supervisor may be set to send (SIGUSR1,
    /// SIGUSR2, SIGALRM). Each ended the run with no results file before.
    static let stopping: [(number: Int32, name: String)] = [
        (SIGHUP, "SIGHUP"), (SIGINT, "SIGINT"), (SIGQUIT, "SIGQUIT"), (SIGUSR1, "SIGUSR1"), (SIGUSR2, "SIGUSR2"),
        (SIGALRM, "SIGALRM"), (SIGTERM, "SIGTERM"), (SIGXCPU, "SIGXCPU"),
    ]

    static func install(environment: [String: String] = [:]) {
        if let window = repeatWindowNanoseconds(in: environment) { repeatWindow.store(window, ordering: .relaxed) }
        for trapped in stopping { signal(trapped.number, handle) }
    }

    /// `SIGTERM` for 15; the number for a signal not trapped.
    static func name(of signal: Int32) -> String {
        stopping.first { $0.number == signal }?.name ?? "signal \(signal)"
    }

    /// The repeat window `environment` sets (`SPECRUN_TEST_SIGNAL_REPEAT_MS`, 0 to 3,600,000 ms), in nanoseconds;
    /// nil when the variable is not set or not such a number (the default stands). Apart from `install`, so that a
    /// test can read it without putting its own process's signal handlers in place.
    static func repeatWindowNanoseconds(in environment: [String: String]) -> Int64? {
        guard let text = environment[repeatWindowVariable], let milliseconds = Int64(text), (0...3_600_000).contains(milliseconds)
        else { return nil }
        return milliseconds * 1_000_000
    }

    /// How many stopping signals have been handled so far.
    static var handledCount: Int { handledSignals.load(ordering: .relaxed) }

    /// The signal received so far, if any.
    static var received: Int32? {
        let value = receivedSignal.load(ordering: .relaxed)
        return value == 0 ? nil : value
    }

    /// 128 + the signal, as a shell reports a process the signal ended: 130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP.
    static func exitStatus(for signal: Int32) -> Int32 {
        128 + signal
    }
}

/// What a second signal prints before the process ends: a constant, written with write(2) (async-signal-safe).
private let stoppedAtOnce: StaticString =
    "specrun: a second signal stopped the run at once; results files not yet written were not written (none is left half-written)\n"

/// Only async-signal-safe work here: clock_gettime, atomics, write(2), and `_exit` on a second signal.
private func handle(_ number: Int32) {
    // Counted as the handler returns, never when it ends the process: a stop point waiting for this signal then spins
    // until `_exit`, and cannot rename a file into place first.
    defer { handledSignals.add(1, ordering: .relaxed) }
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    let now = max(1, Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec))
    // The time is set before the flag: a signal arriving in between finds the time and counts as a repeat.
    let (first, _) = firstSignalAt.compareExchange(expected: 0, desired: now, ordering: .relaxed)
    if first {
        receivedSignal.store(number, ordering: .relaxed)
        return
    }
    // Past a soft CPU-time limit the kernel sends SIGXCPU again every CPU-second: a repeat is the same request, or a
    // big run's results (seconds of CPU to write) were lost to its own limit's reminders.
    if number == SIGXCPU && receivedSignal.load(ordering: .relaxed) == SIGXCPU { return }
    if now - firstSignalAt.load(ordering: .relaxed) < repeatWindow.load(ordering: .relaxed) { return }
    _ = write(2, stoppedAtOnce.utf8Start, stoppedAtOnce.utf8CodeUnitCount)
    _exit(128 + number)
}
