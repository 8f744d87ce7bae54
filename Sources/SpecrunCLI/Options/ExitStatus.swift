/// The exit statuses specrun documents (README, docs/cli.md).
public enum ExitStatus {
    /// Every test passed (known deviations included).
    public static let success: Int32 = 0
    /// A test failed or errored (or, under `--strict`, a known deviation was fixed).
    public static let testFailure: Int32 = 1
    /// A spec file or the command line was invalid; every valid spec still ran.
    public static let invalidInput: Int32 = 2
    /// Stopped by a signal: 128 + its number (`SignalTrap.exitStatus(for:)`), 130 for SIGINT and 143 for SIGTERM.
}
