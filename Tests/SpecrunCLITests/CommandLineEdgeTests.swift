import Foundation
import SpecResults
import Testing
@testable import SpecrunCLI

/// What the command-line fuzzer (fuzz/argv_fuzz.py) found: each input once crashed specrun, hung it, or got an
/// error that did not say what to do. Each must now end in a clear message with exit status 0, 1 or 2.
@Suite(.serialized) struct CommandLineEdgeTests {
    /// A starter folder's results, run as shard `shard` (I/N), written to `name` in `folder`; its path.
    private static func shardResults(_ shard: String, named name: String, in folder: TemporaryFolder) async throws -> String {
        let specs = folder.path + "/specs"
        if !FileManager.default.fileExists(atPath: specs) {
            #expect(await CommandRun.run("init", specs).status == ExitStatus.success)
        }
        let path = folder.path + "/" + name
        let run = await CommandRun.run(specs, "--shard", shard, "--json", path, "--quiet")
        #expect(run.status == ExitStatus.success, "\(run.err)")
        return path
    }

    /// Rewrites the `shard` of the results file at `path`.
    private static func setShard(_ shard: [String: Int], in path: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        var document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        document["shard"] = shard
        try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: path))
    }

    /// `--shard 1/1000000000` is valid; merging two such shards listed a billion missing ones (a hang), not ten.
    @Test func mergingShardsOfAHugeCountNamesTheFirstMissingOnesAtOnce() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let first = try await Self.shardResults("1/1000000000", named: "a.json", in: folder)
        let second = try await Self.shardResults("2/1000000000", named: "b.json", in: folder)
        let merge = await CommandRun.run("merge", first, second, "-o", folder.path + "/all.json")
        #expect(merge.status == ExitStatus.testFailure)
        let listed = (3...12).map { "\($0)/1000000000" }.joined(separator: ", ")
        #expect(merge.err == "specrun: warning: shards \(listed), … are missing: the merged results hold only part of the suite\n")
    }

    /// A results file is JSON anyone can edit: a shard `1/0` or `0/-1` made `specrun merge` trap (a range 1…0).
    @Test(arguments: [["index": 1, "count": 0], ["index": 0, "count": -1], ["index": 0, "count": 2], ["index": 3, "count": 2]])
    func aResultsFileWithAnImpossibleShardIsRefusedByMergeAndReport(_ shard: [String: Int]) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = try await Self.shardResults("1/2", named: "edited.json", in: folder)
        try Self.setShard(shard, in: path)
        let described = "\(shard["index"]!)/\(shard["count"]!)"
        let expected = "specrun: error: The results file \(path): shard: the shard \(described) is not one --shard writes "
            + "(I/N with 1 ≤ I ≤ N); give a results file written by `specrun --json` of this version.\n"
        let merge = await CommandRun.run("merge", path, "-o", folder.path + "/all.json")
        #expect(merge.status == ExitStatus.invalidInput)
        #expect(merge.err == expected + "Run 'specrun merge --help' for usage.\n")
        let report = await CommandRun.run("report", path)
        #expect(report.status == ExitStatus.invalidInput)
        #expect(report.err == expected + "Run 'specrun report --help' for usage.\n")
    }
}
