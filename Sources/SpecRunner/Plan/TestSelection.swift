import Foundation
import SpecModel
import SpecResults

/// Which plan items a run keeps: by id pattern, tags, a shard of the plan, or a set of ids.
public struct TestSelection: Sendable {
    /// A regular expression searched in each stable id (`file › spec › case › engine`).
    public var filter: String?
    /// Keep items whose spec or case has at least one of these tags (none: keep all).
    public var tags: Set<String>
    /// Drop items whose spec or case has any of these tags.
    public var excludedTags: Set<String>
    /// Keep only these ids (from `--last-failed`).
    public var ids: Set<String>?
    public var shard: Shard?

    /// Shard `index` of `count` (1-based); the results of a sharded run record it, so a merge can tell a missing shard.
    public typealias Shard = SpecResults.Shard

    public init(filter: String? = nil, tags: Set<String> = [], excludedTags: Set<String> = [], ids: Set<String>? = nil, shard: Shard? = nil) {
        self.filter = filter
        self.tags = tags
        self.excludedTags = excludedTags
        self.ids = ids
        self.shard = shard
    }

    /// Fails when `filter` is not a valid regular expression.
    public func apply(to plan: TestPlan) throws -> TestPlan {
        // ICU matches code points, not canonical equivalents: an NFD `é` (typed from a macOS file name) would miss an
        // NFC id, so the pattern and each id are matched in their composed spelling.
        let regex = try filter.map { try NSRegularExpression(pattern: ComposedSpelling.composed($0)) }
        guard regex != nil || !tags.isEmpty || !excludedTags.isEmpty || ids != nil || shard != nil else { return plan }
        let items = plan.items.filter { item in
            if !tags.isEmpty || !excludedTags.isEmpty {
                let itemTags = item.tags
                if !tags.isEmpty, tags.isDisjoint(with: itemTags) { return false }
                if !excludedTags.isDisjoint(with: itemTags) { return false }
            }
            guard regex != nil || ids != nil || shard != nil else { return true }
            let id = item.id
            if let regex {
                let text = ComposedSpelling.composed(id)
                if regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) == nil { return false }
            }
            if let ids, !ids.contains(id) { return false }
            if let shard, !shard.contains(id: id) { return false }
            return true
        }
        return TestPlan(items: items)
    }
}
