/// Whether the device lets the app schedule background work at all.
public enum SchedulerAvailability: String, Sendable, Hashable, CaseIterable {
    /// Background work can be scheduled.
    case available
    /// Background App Refresh is off: refresh requests fail `unavailable`; processing requests still work.
    case refreshDisabled = "refresh-disabled"
    /// The Simulator: every submit fails `unavailable`.
    case simulator

    func allows(_ kind: TaskKind) -> Bool {
        switch self {
        case .available: true
        case .refreshDisabled: kind == .processing
        case .simulator: false
        }
    }
}
