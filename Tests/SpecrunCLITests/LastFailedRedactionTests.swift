import Foundation
import SpecResults
@testable import SpecrunCLI
import Testing

/// `--last-failed` reads results that their run masked (the default): a test id holding a secret is archived masked,
/// and compared as written it matched no id of the rerun, which then blamed the paths (a black-box review).
struct LastFailedRedactionTests {
    /// Results masked by their run (the default) hold masked ids: `--last-failed` compares this run's ids masked
    /// the same way, so it reruns the failures instead of saying they are not in the run.
    @Test func lastFailedMatchesItsOwnMaskedIds() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("spec/sub/a.yaml", """
            spec: "Refresh token: rotates nightly"
            schedule: {timezone: UTC, rule: {every: day, at: "12:00"}, nonexistent: skip, repeated: first}
            cases:
              - {name: "Bearer 2a tokens", after: 2027-01-01T00:00:00Z, next: 2027-01-01T13:00:00Z}
              - {name: "Bearer 2b tokens", after: 2027-01-02T00:00:00Z, next: 2027-01-02T13:00:00Z}
              - {name: "passes", after: 2027-01-03T00:00:00Z, next: 2027-01-03T12:00:00Z}

            """)
        // The first run left one of the two alike cases out (a filter): its failure's id is masked, and the second alike
        // case, which the filter left out, would have been numbered `#2` (the numbers come from the whole plan).
        let first = await CommandRun.run(folder.path("spec"), "--filter", "2a|passes", "--json", folder.path("r.json"))
        #expect(first.status == ExitStatus.testFailure, "\(first.err)")
        let archived = try ResultsFile.read(folder.path("r.json"))
        #expect(archived.tests.filter { $0.status == .failed }.map(\.id) == [folder.path("spec/sub/a.yaml") + " › Refresh token: [redacted] nightly › Bearer [redacted] tokens › core"])

        let rerun = await CommandRun.run(folder.path("spec"), "--last-failed", folder.path("r.json"))
        #expect(rerun.status == ExitStatus.testFailure, "\(rerun.err)")
        // Told apart only by their order in the plan, which reordered specs would change: said (a hostile review's
        // swapped specs reran the passing one).
        #expect(rerun.err == "specrun: note: the test that failed in '\(folder.path("r.json"))', '\(folder.path("spec/sub/a.yaml")) › "
            + "Refresh token: [redacted] nightly › Bearer [redacted] tokens › core', is one of 2 tests whose names are masked alike, "
            + "told apart only by their order in the plan; the test rerun as it is on line 4, where it failed (after two such specs "
            + "swap places, the other one is there). To run one by its own name: --filter '<unmasked name>' without --last-failed "
            + "(a filter reads names unmasked; the number is not in them).\n", "\(rerun.err)")
        // The case that failed moved down a line (a comment above it): the rerun warns that it may be another one.
        let moved = try String(contentsOfFile: folder.path("spec/sub/a.yaml"), encoding: .utf8)
        try folder.write("spec/sub/a.yaml", moved.replacingOccurrences(of: "cases:\n", with: "cases:\n  # a comment\n"))
        let shifted = await CommandRun.run(folder.path("spec"), "--last-failed", folder.path("r.json"))
        #expect(shifted.err.hasPrefix("specrun: warning: the test that failed in "), "\(shifted.err)")
        #expect(shifted.err.contains("it failed on line 4, and the test rerun as it is on line 5 now: if those specs were reordered, "
            + "it is another one."), "\(shifted.err)")
        try folder.write("spec/sub/a.yaml", moved)
        // The one that failed reran, not its alike neighbour.
        #expect(rerun.out.hasSuffix("0 passed, 1 failed\n"), "\(rerun.out)")
        #expect(!rerun.out.contains("passes") && !rerun.out.contains("#2"), "\(rerun.out)")

        // Sharded three ways and merged, the run is the unsharded run: each shard numbers the alike cases as the
        // whole plan does (2a unnumbered, 2b `#2`), so no two shards write one id for different tests.
        let whole = await CommandRun.run(folder.path("spec"), "--json", folder.path("whole.json"))
        #expect(whole.status == ExitStatus.testFailure, "\(whole.err)")
        var shards: [String] = []
        for index in 1...3 {
            let shard = await CommandRun.run(folder.path("spec"), "--shard", "\(index)/3", "--json", folder.path("s\(index).json"))
            #expect(shard.status != ExitStatus.invalidInput, "\(shard.err)")
            shards.append(folder.path("s\(index).json"))
        }
        let merge = await CommandRun.run(["merge"] + shards + ["-o", folder.path("merged.json")])
        #expect(merge.status == ExitStatus.success, "\(merge.err)")
        #expect(merge.err.isEmpty, "\(merge.err)")
        let wholeIDs = try ResultsFile.read(folder.path("whole.json")).tests.map(\.id)
        let alike = folder.path("spec/sub/a.yaml") + " › Refresh token: [redacted] nightly › Bearer [redacted] tokens › core"
        #expect(wholeIDs.filter { $0.contains("Bearer") } == [alike, alike + " #2"])
        #expect(try ResultsFile.read(folder.path("merged.json")).tests.map(\.id).sorted() == wholeIDs.sorted())
        let listed = await CommandRun.run(folder.path("spec"), "--list")
        #expect(listed.out.split(separator: "\n").map(String.init) == wholeIDs, "\(listed.out)")
        // Its own results rerun both failures, each once.
        let again = await CommandRun.run(folder.path("spec"), "--last-failed", folder.path("whole.json"))
        #expect(again.out.hasSuffix("0 passed, 2 failed\n"), "\(again.out)")

        // Read with other patterns, the masked ids match nothing: the refusal says the ids are masked.
        let other = await CommandRun.run(folder.path("spec"), "--last-failed", folder.path("r.json"), "--no-default-redaction")
        #expect(other.status == ExitStatus.invalidInput, "\(other.err)")
        #expect(other.err.contains("the ids in it are masked"), "\(other.err)")
    }

    /// A masked failure whose masked id is one test's of the rerun is that test, told apart by nothing but its own
    /// name: nothing is said of names masked alike (mutation B17 said it was "one of 1 tests whose names are masked
    /// alike, told apart only by their order in the plan").
    @Test func aMaskedFailureWhoseMaskedIdIsUniqueRerunsWithoutANote() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("spec/a.yaml", """
            spec: "Refresh token: rotates nightly"
            schedule: {timezone: UTC, rule: {every: day, at: "12:00"}, nonexistent: skip, repeated: first}
            cases:
              - {name: "Bearer 2a tokens", after: 2027-01-01T00:00:00Z, next: 2027-01-01T13:00:00Z}
              - {name: "passes", after: 2027-01-03T00:00:00Z, next: 2027-01-03T12:00:00Z}

            """)
        let first = await CommandRun.run(folder.path("spec"), "--json", folder.path("r.json"))
        #expect(first.status == ExitStatus.testFailure, "\(first.err)")
        let archived = try ResultsFile.read(folder.path("r.json"))
        #expect(archived.tests.filter { $0.status == .failed }.map(\.id) == [folder.path("spec/a.yaml") + " › Refresh token: [redacted] nightly › Bearer [redacted] tokens › core"])
        let rerun = await CommandRun.run(folder.path("spec"), "--last-failed", folder.path("r.json"))
        #expect(rerun.status == ExitStatus.testFailure, "\(rerun.err)")
        #expect(rerun.err.isEmpty, "\(rerun.err)")
        #expect(rerun.out.hasSuffix("0 passed, 1 failed\n"), "\(rerun.out)")
    }
}
