/// The two kinds of background task: an app refresh (`BGAppRefreshTask`) or a processing task (`BGProcessingTask`).
public enum TaskKind: String, Sendable, Hashable, CaseIterable {
    case refresh
    case processing

    /// The `UIBackgroundModes` entry the kind needs: `fetch` for refresh, `processing` for processing.
    public var backgroundMode: String {
        switch self {
        case .refresh: "fetch"
        case .processing: "processing"
        }
    }

    /// How many requests of this kind may be pending at once (1 refresh, 10 processing).
    public var pendingLimit: Int {
        switch self {
        case .refresh: 1
        case .processing: 10
        }
    }
}
