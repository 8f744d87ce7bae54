/// How a launch ended, in the words of a spec's `expect.completed` list.
public enum CompletionValue: String, Sendable, Hashable, CaseIterable {
    case success = "true"
    case failure = "false"
    case killed
    /// Not ended (yet): no `setTaskCompleted` and no death.
    case none
}
