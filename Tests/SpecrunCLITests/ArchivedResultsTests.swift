import Foundation
import SpecReporters
import SpecResults
@testable import SpecrunCLI
import Testing

/// Results files that earlier specruns wrote (schema version 1) and CI archived: this build reads them, renders
/// them, compares them with its own results, merges them with its own shards and reruns their failures
/// (docs/reports.md, "Results written by other specrun versions"). The documents in `ArchivedResults/` were written
/// by those builds from `ArchivedResults/specs/` and are not edited (`ArchivedResults/README.md` says how).
struct ArchivedResultsTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("ArchivedResults")

    static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// 154871c (2026-11-30 00:42): no `line` on expectations, no `expectedLine`, no `shard`, UTC named `GMT`, an unmet
    /// run named `runs[2]`. b900eb7 (2026-12-01 04:32): no `refusedLaunches` or `expectedInstant`, UTC named
    /// `Etc/UTC`. 4e65985: this writer's shards, to merge with the old ones.
    static let documents = [
        "154871c/results.json", "154871c/shard-1.json", "154871c/shard-2.json",
        "b900eb7/results.json", "b900eb7/shard-1.json", "b900eb7/shard-2.json",
        "4e65985/shard-1.json", "4e65985/shard-2.json",
    ]

    static let oldRuns = ["154871c", "b900eb7"]

    @Test(arguments: documents)
    func everyArchivedDocumentReadsWithoutAWarning(_ name: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.path(name)))
        let reading = try JSONResultsReader.readWithWarnings(data, source: name)
        #expect(reading.warnings.isEmpty)
        #expect(reading.run.schemaVersion == 1)
        #expect(!reading.run.tests.isEmpty)
    }

    /// A field added since an old document was written reads as absent (none, nil), never as a refusal.
    @Test func fieldsAddedSinceReadAsAbsent() throws {
        let oldest = try ResultsFile.read(Self.path("154871c/results.json"))
        #expect(oldest.tests.map(\.status) == [.failed, .failed, .passed, .passed])
        let lifecycle = try #require(oldest.tests[0].lifecycle)
        #expect(lifecycle.expectations.filter { !$0.passed }.map(\.name) == ["completed", "runs[2]"])
        #expect(lifecycle.expectations.allSatisfy { $0.line == nil && $0.expectedInstant == nil })
        #expect(lifecycle.refusedLaunches.isEmpty)
        #expect(oldest.tests[1].diff.allSatisfy { $0.expectedLine == nil })
        #expect(oldest.tests[3].timeZone == "GMT")
        #expect(try ResultsFile.read(Self.path("154871c/shard-1.json")).shard == nil)

        let later = try ResultsFile.read(Self.path("b900eb7/results.json"))
        let checks = try #require(later.tests[0].lifecycle).expectations.filter { !$0.passed }
        #expect(checks.map(\.name) == ["completed", "runs[2].planned"])
        #expect(checks.map(\.line) == [20, 23])
        #expect(checks.allSatisfy { $0.expectedInstant == nil })
        #expect(later.tests[1].diff.compactMap(\.expectedLine) == [16, 17, 18])
        #expect(later.tests[3].timeZone == "Etc/UTC")
        #expect(try ResultsFile.read(Self.path("b900eb7/shard-1.json")).shard == Shard(index: 1, count: 2))
    }

    @Test(arguments: oldRuns)
    func reportRendersEveryFormat(_ commit: String) async throws {
        let scratch = try ScratchSpecFolder()
        defer { scratch.remove() }
        let run = await CommandRun.run("report", Self.path("\(commit)/results.json"), "--html", scratch.path("r.html"),
                                       "--junit", scratch.path("r.xml"), "--tap", scratch.path("r.tap"))
        #expect(run.status == ExitStatus.success, "\(run.err)")
        #expect(run.err.isEmpty, "\(run.err)")
        #expect(run.out.hasSuffix("2 passed, 2 failed; 1 warning\n"))
        #expect(run.out.contains("✘ completed: expected [true, false], actual [true, true]" + (commit == "154871c" ? "\n" : "  (line 20)\n")))
        #expect(run.out.contains("- 2027-03-29T01:30:00Z  2027-03-29 03:30 CEST (+02:00)" + (commit == "154871c" ? "\n" : "  (line 17)\n")))
        // The spec writes keys, so an occurrence produced and not expected shows its key, ready to paste.
        #expect(run.out.contains("+ 2027-03-29T00:30:00Z  2027-03-29 02:30 CEST (+02:00)  key nightly-sync/v1/2027-03-29\n"))

        let junit = try String(contentsOfFile: scratch.path("r.xml"), encoding: .utf8)
        #expect(junit.components(separatedBy: "<failure ").count - 1 == 2)
        #expect(junit.contains("<testsuites name=\"specrun\" tests=\"4\""))
        let tap = try String(contentsOfFile: scratch.path("r.tap"), encoding: .utf8)
        #expect(tap.contains("1..4\n"))
        #expect(tap.components(separatedBy: "\nnot ok ").count - 1 == 2)
        let html = try String(contentsOfFile: scratch.path("r.html"), encoding: .utf8)
        #expect(html.contains("Nightly sync written with the winter offset after the spring change"))
        // The unmet run is ringed in the lifecycle picture, whether the check names the run or its field.
        #expect(html.contains("class=\"unmet\""))
    }

    /// Today's run of the same specs, beside an archived one: nothing changed, so nothing is reported and the exit
    /// status is 0 (UTC, named GMT or Etc/UTC then, is UTC now: zone names are not compared).
    @Test(arguments: oldRuns)
    func compareWithTodaysRunOfTheSameSpecsFindsNoChange(_ commit: String) async throws {
        let scratch = try ScratchSpecFolder()
        defer { scratch.remove() }
        let old = try Self.placed("\(commit)/results.json", in: scratch)
        let now = await CommandRun.run(scratch.path("specs") + "/", "--json", scratch.path("new.json"))
        #expect(now.status == ExitStatus.testFailure, "\(now.err)")
        for (before, after) in [(old, scratch.path("new.json")), (scratch.path("new.json"), old)] {
            let compare = await CommandRun.run("compare", before, after)
            #expect(compare.status == ExitStatus.success, "\(compare.out)\(compare.err)")
            #expect(compare.err.isEmpty, "\(compare.err)")
            #expect(compare.out.hasSuffix("no changes — no regressions\n"), "\(compare.out)")
        }
    }

    @Test(arguments: oldRuns)
    func lastFailedReRunsAnArchivedRunsFailures(_ commit: String) async throws {
        let scratch = try ScratchSpecFolder()
        defer { scratch.remove() }
        let old = try Self.placed("\(commit)/results.json", in: scratch)
        let rerun = await CommandRun.run(scratch.path("specs") + "/", "--last-failed", old)
        #expect(rerun.status == ExitStatus.testFailure)
        #expect(rerun.err.isEmpty, "\(rerun.err)")
        #expect(rerun.out.hasSuffix("0 passed, 2 failed; 1 warning\n"), "\(rerun.out)")
    }

    /// The two halves of an archived sharded run give back that run, and say which shard each was; also for shards
    /// written before results recorded `shard`, whose command line says it.
    @Test(arguments: oldRuns)
    func mergingAnArchivedRunsShardsGivesTheRunBack(_ commit: String) async throws {
        let scratch = try ScratchSpecFolder()
        defer { scratch.remove() }
        let first = Self.path("\(commit)/shard-1.json"), second = Self.path("\(commit)/shard-2.json")
        let run = await CommandRun.run("merge", first, second, "-o", scratch.path("all.json"))
        #expect(run.status == ExitStatus.success, "\(run.err)")
        #expect(run.err.isEmpty, "\(run.err)")
        let merged = try ResultsFile.read(scratch.path("all.json"))
        let whole = try ResultsFile.read(Self.path("\(commit)/results.json"))
        #expect(merged.tests.map(\.id) == whole.tests.map(\.id))
        #expect(merged.tests.map(\.status) == whole.tests.map(\.status))
        #expect(merged.notes == ["merged from 2 results files: \(first) (shard 1/2), \(second) (shard 2/2); "
            + "the environment and command line shown are those of the first listed, \(first)"])
    }

    /// One half alone is not the suite: the merge says which shard is missing and exits 1. An old shard written
    /// before `shard` was recorded was taken for a whole run, and the merge exited 0.
    @Test(arguments: oldRuns)
    func anArchivedShardAloneNamesTheMissingOne(_ commit: String) async throws {
        let scratch = try ScratchSpecFolder()
        defer { scratch.remove() }
        let run = await CommandRun.run("merge", Self.path("\(commit)/shard-2.json"), "-o", scratch.path("all.json"))
        #expect(run.status == ExitStatus.testFailure)
        #expect(run.err == "specrun: warning: shard 1/2 is missing: the merged results hold only part of the suite\n")
    }

    /// A shard of an archived run merged with one this build wrote (a CI cache that kept an old binary for one
    /// shard job): the merge is the whole suite. The old shard was called "a whole run, not a shard; its tests may
    /// repeat those of the shards".
    @Test(arguments: oldRuns)
    func anArchivedShardMergesWithOneOfThisBuild(_ commit: String) async throws {
        let scratch = try ScratchSpecFolder()
        defer { scratch.remove() }
        for (first, second) in [("\(commit)/shard-1.json", "4e65985/shard-2.json"), ("4e65985/shard-1.json", "\(commit)/shard-2.json")] {
            let run = await CommandRun.run("merge", Self.path(first), Self.path(second), "-o", scratch.path("all.json"))
            #expect(run.status == ExitStatus.success, "\(run.err)")
            #expect(run.err.isEmpty, "\(run.err)")
            let merged = try ResultsFile.read(scratch.path("all.json"))
            #expect(merged.tests.map(\.status) == [.failed, .failed, .passed, .passed])
            #expect(merged.notes.first?.contains("\(Self.path(first)) (shard 1/2), \(Self.path(second)) (shard 2/2)") == true)
        }
    }

    /// The other way round: a shard written by a newer specrun, with a field this build does not know. The merge
    /// cannot keep the field, and says so beside the warning that it was ignored (older builds merged today's shards
    /// without their refused launches and shard, without a word or with only "ignored").
    @Test func aNewerShardsUnknownFieldsAreSaidToBeLeftOutOfTheMerge() async throws {
        let scratch = try ScratchSpecFolder()
        defer { scratch.remove() }
        let text = try String(contentsOfFile: Self.path("4e65985/shard-2.json"), encoding: .utf8)
        let newer = try scratch.write("newer.json", text.replacingOccurrences(of: "\"strict\": false", with: "\"strict\": false,\n  \"retries\": 2"))
        let run = await CommandRun.run("merge", Self.path("4e65985/shard-1.json"), newer, "-o", scratch.path("all.json"))
        #expect(run.status == ExitStatus.success)
        #expect(run.err == "specrun: warning: \(newer): a field this specrun does not know was ignored (retries); a newer specrun may "
            + "have written it: read the file with that version to see it\n"
            + "specrun: warning: the merged results leave out what this specrun ignored in \(newer); merge with the specrun that "
            + "wrote it (or a newer one) to keep it\n")
    }

    /// The command line gives an old document's shard only when it is one: a whole run, a merge (whose command line
    /// is its first shard's) and a document that records its shard are left as they are.
    @Test func theCommandLineGivesTheShardOnlyOfAShard() throws {
        let shard = try ResultsFile.read(Self.path("154871c/shard-1.json"))
        #expect(ShardSelection.shardFromCommandLine(of: shard) == Shard(index: 1, count: 2))
        let whole = try ResultsFile.read(Self.path("154871c/results.json"))
        #expect(ShardSelection.shardFromCommandLine(of: whole) == nil)

        var oldMerge = whole
        oldMerge.environment.commandLine = shard.environment.commandLine
        #expect(ShardSelection.shardFromCommandLine(of: oldMerge) == nil)

        var mergeOfOne = shard
        mergeOfOne.notes = ["merged from 1 results file: shard-1.json"]
        #expect(ShardSelection.shardFromCommandLine(of: mergeOfOne) == nil)

        let recorded = try ResultsFile.read(Self.path("b900eb7/shard-1.json"))
        #expect(ShardSelection.shardFromCommandLine(of: recorded) == nil)
    }

    /// Copies the specs into `scratch` and writes there the archived document `name` with the spec paths it holds
    /// (`specs/…`, written from the folder holding `specs/`) made the copy's paths, as a run of the copy writes them.
    /// Returns the document's path.
    static func placed(_ name: String, in scratch: ScratchSpecFolder) throws -> String {
        let specs = scratch.path("specs")
        if !FileManager.default.fileExists(atPath: specs) {
            try FileManager.default.copyItem(atPath: path("specs"), toPath: specs)
        }
        let text = try String(contentsOfFile: path(name), encoding: .utf8)
        let placed = text.replacingOccurrences(of: "\"specs/", with: "\"\(specs)/")
        #expect(placed != text)
        return try scratch.write("old-" + name.replacingOccurrences(of: "/", with: "-"), placed)
    }
}
