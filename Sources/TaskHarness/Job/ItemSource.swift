/// Where the sync job downloads its items from (a network client in an app; a stub in scenarios).
public protocol ItemSource: Sendable {
    /// Fetches the current batch.
    func fetch() async throws -> ItemBatch
}
