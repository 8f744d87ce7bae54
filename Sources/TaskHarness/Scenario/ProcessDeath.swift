/// Thrown through a job when the simulated process dies (an `interrupt`, a suspension of work in flight,
/// a watchdog kill): nothing after it in that process has any effect.
public struct ProcessDeath: Error, Sendable, Hashable, DiagnosticErrorType {
    public init() {}

    public var diagnosticType: String { "process-death" }
}
