import Foundation

/// The command's connection to the outside: output streams, environment, terminal facts and the clock.
///
/// Injected so tests run commands in-process and compare whole outputs.
public struct CommandIO: Sendable {
    public var writeOut: @Sendable (String) -> Void
    public var writeError: @Sendable (String) -> Void
    public var environment: [String: String]
    public var stdoutIsTerminal: Bool
    public var stderrIsTerminal: Bool
    /// The wall clock, read only here at the edge (for the results' start time).
    public var now: @Sendable () -> Date
    /// Monotonic nanoseconds for durations.
    public var monotonicNanoseconds: @Sendable () -> UInt64
    /// The `errno` of the first write to stdout that failed (`StandardStream`), or nil.
    public var stdoutFailure: @Sendable () -> Int32?

    public init(
        writeOut: @escaping @Sendable (String) -> Void,
        writeError: @escaping @Sendable (String) -> Void,
        environment: [String: String],
        stdoutIsTerminal: Bool,
        stderrIsTerminal: Bool = false,
        now: @escaping @Sendable () -> Date,
        monotonicNanoseconds: @escaping @Sendable () -> UInt64,
        stdoutFailure: @escaping @Sendable () -> Int32? = { nil }
    ) {
        self.writeOut = writeOut
        self.writeError = writeError
        self.environment = environment
        self.stdoutIsTerminal = stdoutIsTerminal
        self.stderrIsTerminal = stderrIsTerminal
        self.now = now
        self.monotonicNanoseconds = monotonicNanoseconds
        self.stdoutFailure = stdoutFailure
    }

    /// The real process: stdout, stderr, the process environment, the system clocks. A stream that cannot be written
    /// (closed, a full disk, a reader gone) never stops the process (`StandardStream`).
    public static var process: CommandIO {
        CommandIO(
            writeOut: { StandardStream.output.write($0) },
            writeError: { StandardStream.error.write($0) },
            environment: ProcessInfo.processInfo.environment,
            stdoutIsTerminal: isatty(STDOUT_FILENO) == 1,
            stderrIsTerminal: isatty(STDERR_FILENO) == 1,
            now: { Date() },
            monotonicNanoseconds: { DispatchTime.now().uptimeNanoseconds },
            stdoutFailure: { StandardStream.output.failure }
        )
    }
}
