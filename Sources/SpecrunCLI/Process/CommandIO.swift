import Foundation
import TextRedaction

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
    /// The width of the terminal stderr is attached to, in columns, or nil when it cannot be told (read when the
    /// progress line is drawn, so a resized window is followed).
    public var stderrColumns: @Sendable () -> Int?
    /// What `writeProblem` masks in the messages it prints: `SpecrunCommand.main` sets the redaction the command
    /// line asks for (`RedactionOptions.forMessages`) before a command runs; the default patterns until then.
    public var messageRedaction: Redaction = .standard

    public init(
        writeOut: @escaping @Sendable (String) -> Void,
        writeError: @escaping @Sendable (String) -> Void,
        environment: [String: String],
        stdoutIsTerminal: Bool,
        stderrIsTerminal: Bool = false,
        now: @escaping @Sendable () -> Date,
        monotonicNanoseconds: @escaping @Sendable () -> UInt64,
        stdoutFailure: @escaping @Sendable () -> Int32? = { nil },
        stderrColumns: @escaping @Sendable () -> Int? = { nil }
    ) {
        self.writeOut = writeOut
        self.writeError = writeError
        self.environment = environment
        self.stdoutIsTerminal = stdoutIsTerminal
        self.stderrIsTerminal = stderrIsTerminal
        self.now = now
        self.monotonicNanoseconds = monotonicNanoseconds
        self.stdoutFailure = stdoutFailure
        self.stderrColumns = stderrColumns
    }

    /// The real process: stdout, stderr, the process environment, the system clocks. A stream that cannot be written
    /// (closed, a full disk, a reader gone) never stops the process (`StandardStream`).
    public static var process: CommandIO {
        let environment = ProcessInfo.processInfo.environment
        return CommandIO(
            writeOut: { StandardStream.output.write($0) },
            writeError: { StandardStream.error.write($0) },
            environment: environment,
            stdoutIsTerminal: isatty(STDOUT_FILENO) == 1,
            stderrIsTerminal: isatty(STDERR_FILENO) == 1,
            now: { Date() },
            monotonicNanoseconds: { DispatchTime.now().uptimeNanoseconds },
            stdoutFailure: { StandardStream.output.failure },
            stderrColumns: { terminalColumns(environment: environment) }
        )
    }

    /// The window size of stderr's terminal (`TIOCGWINSZ`), else a positive `COLUMNS`, else nil.
    static func terminalColumns(environment: [String: String]) -> Int? {
        var size = winsize()
        if ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return environment["COLUMNS"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
    }
}
