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

    /// `--tag dst` selects a spec tagged `DST`, and `--exclude-tag DST` drops one tagged `dst`: tags in any case.
    @Test func tagsAreSelectedInAnyCase() throws {
        let plan = try Self.plan([("A", "[DST]"), ("B", "[weekly]"), ("C", "[Dst, weekly]")])
        #expect(try TestSelection(tags: ["dst"]).apply(to: plan).items.map(\.spec.name) == ["A", "C"])
        #expect(try TestSelection(excludedTags: ["dst"]).apply(to: plan).items.map(\.spec.name) == ["B"])
    }

    @Test func severalTagsKeepSpecsWithAnyOfThem() throws {
        let plan = try Self.plan([("A", "[dst]"), ("B", "[weekly]"), ("C", "[dst, weekly]"), ("D", "[europe]")])
        let kept = try TestSelection(tags: ["dst", "weekly"]).apply(to: plan)
        #expect(kept.items.map(\.spec.name) == ["A", "B", "C"])
    }

    /// A case's own `tags` add to its spec's, so `--tag` and `--exclude-tag` select cases; its own `skip` skips it
    /// alone, with its reason, while the spec's other cases run (the contract: "optional everywhere: description,
    /// tags, skip"). Berlin 02:30 on 2027-03-27 is CET, +01:00 (zoneinfo).
    @Test func aCasesOwnTagsSelectItAndItsOwnSkipSkipsItAlone() throws {
        let text = """
            spec: cases
            tags: [europe]
            schedule: {timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            cases:
              - {name: plain, after: 2027-03-26T12:00:00+01:00, next: 2027-03-27T02:30:00+01:00}
              - name: tagged
                description: crosses nothing, tagged all the same
                tags: [dst, europe]
                after: 2027-03-26T12:00:00+01:00
                next: 2027-03-27T02:30:00+01:00
              - {name: skipped, tags: dst, skip: "waits for tzdata 2027b", after: 2027-03-26T12:00:00+01:00, next: 2027-03-27T02:30:00+02:00}
            """
        let file = SpecParser().parse(path: "cases.yaml", bytes: Array(text.utf8))
        try #require(file.diagnostics.isEmpty, "\(file.diagnostics)")
        let plan = TestPlan(specs: file.specs, engines: nil)
        #expect(plan.items.map(\.tags) == [["europe"], ["europe", "dst"], ["europe", "dst"]])
        #expect(try TestSelection(tags: ["dst"]).apply(to: plan).items.map(\.caseName) == ["tagged", "skipped"])
        #expect(try TestSelection(excludedTags: ["dst"]).apply(to: plan).items.map(\.caseName) == ["plain"])
        let results = SpecRunner().run(plan)
        #expect(results.map(\.status) == [.passed, .passed, .skipped])
        #expect(results.last?.message == "waits for tzdata 2027b")
        #expect(results.map(\.tags) == [["europe"], ["europe", "dst"], ["europe", "dst"]])
        guard case .recurrence(let recurrence) = try #require(file.specs.first).body else { Issue.record("not a recurrence spec"); return }
        #expect(recurrence.cases[1].description == "crosses nothing, tagged all the same")
        // `skip: true` in a case is refused as it is on a spec: a skipped test says why.
        let refused = SpecParser().parse(path: "cases.yaml", bytes: Array(text.replacingOccurrences(of: "skip: \"waits for tzdata 2027b\"", with: "skip: true").utf8))
        #expect(refused.diagnostics.map(\.message) == [
            "'skip' takes the reason to skip, not 'true'; write e.g. skip: \"waits for tzdata 2027b\", or remove the key to run the case",
        ])
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
