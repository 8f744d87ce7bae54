import Foundation
import SpecModel
import SpecParser
import SpecResults
import Testing
@testable import SpecRunner

/// Which tests a run keeps: `--tag` (any of them) and `--shard I/N` (FNV-1a of the stable test id, docs/ci.md).
///
/// Written for mutation testing (docs/testing.md, S1, S1b, S2, S2b, S3): selecting by all tags instead of any, a
/// shard numbering shifted by one, FNV-1 instead of FNV-1a, and Swift's per-process `Hasher` each failed no test —
/// the last one is the dangerous one: every shard of a CI matrix runs in its own process, so a seeded hash would
/// make shards overlap and leave tests out while each process looks consistent by itself.
@Suite struct TestSelectionTests {
    static func plan(_ specs: [(name: String, tags: String)]) throws -> TestPlan {
        let text = specs.map { spec in
            """
            spec: \(spec.name)
            tags: \(spec.tags)
            schedule: {timezone: UTC, rule: {every: day, at: "12:00"}, nonexistent: skip, repeated: first}
            cases:
              - {name: one, after: 2027-01-01T00:00:00Z, next: 2027-01-01T12:00:00Z}

            """
        }.joined(separator: "---\n")
        let file = SpecParser().parse(path: "selection.yaml", bytes: Array(text.utf8))
        try #require(file.diagnostics.isEmpty, "\(file.diagnostics)")
        return TestPlan(specs: file.specs, engines: nil)
    }

    @Test func severalTagsKeepSpecsWithAnyOfThem() throws {
        let plan = try Self.plan([("A", "[dst]"), ("B", "[weekly]"), ("C", "[dst, weekly]"), ("D", "[europe]")])
        let kept = try TestSelection(tags: ["dst", "weekly"]).apply(to: plan)
        #expect(kept.items.map(\.spec.name) == ["A", "B", "C"])
    }

    /// Published FNV-1a 64-bit test vectors ("", "a", "foobar"), and one test id computed in Python
    /// (`h ^= byte; h = h * 0x100000001b3 mod 2**64` over the UTF-8 bytes).
    @Test func theStableHashIsFNV1a() {
        #expect(Shard.stableHash("") == 0xcbf2_9ce4_8422_2325)
        #expect(Shard.stableHash("a") == 0xaf63_dc4c_8601_ec8c)
        #expect(Shard.stableHash("foobar") == 0x8594_4171_f739_67e8)
        #expect(Shard.stableHash("specs/a.yaml › Weekly › case › foundation") == 0xa34e_e681_4f94_c232)
    }

    /// 0xa34ee6814f94c232 % 4 == 2, so the id is in shard 3 of 4 (shard I holds the hashes ≡ I − 1 mod N).
    @Test func aTestIdBelongsToTheShardItsHashNames() {
        let id = "specs/a.yaml › Weekly › case › foundation"
        #expect((1...4).filter { Shard(index: $0, count: 4).contains(id: id) } == [3])
    }

    @Test func theShardsOfARunTogetherHoldEveryTestOnce() throws {
        let plan = try Self.plan((0..<40).map { (name: "Spec \($0)", tags: "[t]") })
        for count in 1...5 {
            let shards = try (1...count).map { index in
                try TestSelection(shard: Shard(index: index, count: count)).apply(to: plan).items.map(\.id)
            }
            #expect(shards.flatMap { $0 }.sorted() == plan.items.map(\.id).sorted(), "\(count) shards")
        }
    }
}
