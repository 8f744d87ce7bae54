import BoundedRegex
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

    /// Why `apply` could not select.
    public enum Problem: Error, Equatable {
        /// `filter` is not a regular expression ICU compiles.
        case invalidFilter
        /// On this id, the search for `filter` reached ICU's time limit (`BoundedRegex`): it backtracks without end.
        case filterTimedOut(id: String)
    }

    /// Fails with a `Problem` when `filter` is not a valid regular expression or backtracks past ICU's time limit.
    public func apply(to plan: TestPlan) throws(Problem) -> TestPlan {
        // ICU matches code points, not canonical equivalents: an NFD `é` (typed from a macOS file name) would miss an
        // NFC id, so the pattern and each id are matched in their composed spelling.
        var regex: BoundedRegex?
        if let filter {
            // A test id is a line of text: a tenth of the default limit (about 10⁷ match steps) is thousands of times
            // what a pattern that does not backtrack needs there, and keeps a run over many ids short.
            guard let compiled = BoundedRegex(ComposedSpelling.composed(filter), timeLimit: BoundedRegex.defaultTimeLimit / 10) else { throw .invalidFilter }
            regex = compiled
        }
        guard regex != nil || !tags.isEmpty || !excludedTags.isEmpty || ids != nil || shard != nil else { return plan }
        var timedOut: String?
        // Tags compared in any case and either Unicode spelling (`ComposedSpelling.tagKey`).
        let wanted = Set(tags.map(ComposedSpelling.tagKey)), unwanted = Set(excludedTags.map(ComposedSpelling.tagKey))
        let items = plan.items.filter { item in
            guard timedOut == nil else { return false }
            if !wanted.isEmpty || !unwanted.isEmpty {
                let itemTags = Set(item.tags.map(ComposedSpelling.tagKey))
                if !wanted.isEmpty, wanted.isDisjoint(with: itemTags) { return false }
                if !unwanted.isDisjoint(with: itemTags) { return false }
            }
            guard regex != nil || ids != nil || shard != nil else { return true }
            let id = item.id
            if let regex {
                do {
                    if try !regex.firstMatch(in: ComposedSpelling.composed(id)) { return false }
                } catch {
                    timedOut = id
                    return false
                }
            }
            if let ids, !ids.contains(id) { return false }
            if let shard, !shard.contains(id: id) { return false }
            return true
        }
        if let timedOut { throw .filterTimedOut(id: timedOut) }
        return TestPlan(items: items)
    }
}
