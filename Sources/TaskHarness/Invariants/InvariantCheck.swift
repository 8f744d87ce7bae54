/// One end-of-scenario invariant: its name, whether it held, and what was seen.
public struct InvariantCheck: Sendable, Hashable, CustomStringConvertible {
    /// A stable kebab-case name, e.g. `one-completion-per-launch`.
    public let name: String
    public let passed: Bool
    /// What was checked (passed) or what broke it (failed), naming launches and keys.
    public let detail: String

    public init(name: String, passed: Bool, detail: String) {
        self.name = name
        self.passed = passed
        self.detail = detail
    }

    public var description: String { "\(passed ? "ok" : "FAILED") \(name): \(detail)" }
}
