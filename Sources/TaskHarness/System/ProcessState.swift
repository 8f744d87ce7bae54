/// The simulated app process: configured → launching → launched → suspended | terminated.
public enum ProcessState: String, Sendable, Hashable, CaseIterable {
    /// Installed, never started.
    case configured
    /// Started; the registration window is open until launch finishes.
    case launching
    /// Launch finished; registering now is `late-registration`.
    case launched
    /// In the background with no work running.
    case suspended
    /// Dead: registrations, handlers and in-memory state are gone; pending requests survive in the system.
    case terminated

    /// Whether a process exists (and so has registrations).
    public var isRunning: Bool { self == .launching || self == .launched || self == .suspended }
}
