/// What became of one submitted request.
public enum RequestState: Sendable, Hashable {
    /// Waiting in the system for a launch.
    case pending
    /// A later submit for the same identifier took its place.
    case replaced
    /// The app cancelled it.
    case cancelled
    /// The system launched it; the number is the launch's (1-based, in launch order).
    case launched(Int)
}
