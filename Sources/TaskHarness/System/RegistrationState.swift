/// The registration of one identifier in the current process.
public enum RegistrationState: String, Sendable, Hashable, CaseIterable {
    /// No launch handler registered in this process.
    case unregistered
    /// A launch handler is registered.
    case registered
    /// `register` returned false: the static gate does not permit the identifier (or its background mode).
    case rejected
}
