import SpecResults

/// The human report on stdout.
public struct TerminalReporter: Sendable {
    public init() {}
}
