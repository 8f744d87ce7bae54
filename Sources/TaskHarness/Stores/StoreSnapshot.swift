import Foundation

/// What the sync store holds at one moment: the items, the cursor, the update time, the commit count.
public struct StoreSnapshot: Sendable, Hashable {
    /// Item identifiers in the order they were first written (a duplicate appears twice).
    public var items: [String]
    /// The source's cursor after the last committed batch.
    public var cursor: String?
    /// When the last commit happened (the manual clock's instant); nil before the first commit.
    public var updatedAt: Date?
    /// How many business writes have committed.
    public var commits: Int
    /// The business key of the last committed write (what a retry reconciles against).
    public var runKey: String?

    public init(items: [String], cursor: String?, updatedAt: Date?, commits: Int, runKey: String?) {
        self.items = items
        self.cursor = cursor
        self.updatedAt = updatedAt
        self.commits = commits
        self.runKey = runKey
    }
}
