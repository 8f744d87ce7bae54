/// What one fetch from the source returns: the items and the cursor to store with them.
public struct ItemBatch: Sendable, Hashable {
    public let items: [String]
    public let cursor: String

    public init(items: [String], cursor: String) {
        self.items = items
        self.cursor = cursor
    }
}
