/// Bounds that keep hostile input from hanging the reader or exhausting memory.
public struct YAMLLimits: Sendable, Hashable {
    /// Largest file read, in bytes.
    public var maxBytes: Int
    /// Deepest nesting of sequences and mappings.
    public var maxDepth: Int
    /// Most nodes a document may hold once every alias is expanded.
    public var maxNodes: Int

    public init(maxBytes: Int = 10 * 1024 * 1024, maxDepth: Int = 64, maxNodes: Int = 100_000) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
        self.maxNodes = maxNodes
    }

    public static let `default` = YAMLLimits()
}
