import Foundation
import SpecResults
@testable import SpecrunCLI
import Testing

/// The selection a shard ran, read back from the command line its results record, and the merge's note when two
/// shards selected differently (it merged them with exit 0 and no word).
struct ShardSelectionTests {
    /// Which of OLD's tests a NEW selection may leave out: `compare` counts a removed test as left out only then, so
    /// a spec deleted beside a wider NEW is a removal, not a partial suite (the second compare review).
    @Test func aSelectionSaysWhichTestsItMayLeaveOut() throws {
        func test(_ file: String, engine: String?, tags: [String] = []) -> TestResult {
            TestResult(id: TestResult.makeID(file: file, spec: "s", caseName: nil, engine: engine), file: file, line: 1, spec: "s",
                       engine: engine, tags: tags, status: .passed)
        }
        func selection(_ arguments: String...) throws -> ShardSelection {
            try #require(ShardSelection(commandLine: ["specrun"] + arguments))
        }
        let core = test("specs/a.yaml", engine: "core", tags: ["dst"]), foundation = test("specs/a.yaml", engine: "foundation")
        let lifecycle = test("specs/life/b.yaml", engine: nil, tags: ["lifecycle"])
        #expect(try !selection("--engine", "all", "specs").mayExclude(foundation))
        #expect(try selection("--engine", "core", "specs").mayExclude(foundation))
        #expect(try !selection("--engine", "core", "specs").mayExclude(core))
        #expect(try selection("specs").mayExclude(foundation), "each spec's engines may be core alone")
        #expect(try !selection("specs").mayExclude(lifecycle))
        #expect(try selection("--filter", "life", "specs").mayExclude(core))
        #expect(try !selection("--filter", "life", "specs").mayExclude(lifecycle))
        #expect(try selection("--tag", "lifecycle", "specs").mayExclude(core))
        #expect(try selection("--exclude-tag", "dst", "specs").mayExclude(core))
        #expect(try selection("specs/life").mayExclude(core))
        #expect(try !selection("specs/life").mayExclude(lifecycle))
        #expect(try !selection(".").mayExclude(core))
        #expect(try selection("--last-failed", "r.json", "specs").mayExclude(core))
    }

    /// Spellings of one selection: they must not be named as a difference.
    @Test(arguments: [
        (["specrun", "specs/", "--engine", "all", "--tag", "dst", "--tag", "lifecycle"],
         ["specrun", "run", "--tag=lifecycle", "./specs", "--engine=all", "--tag", "dst", "--shard", "2/4", "--jobs", "8"]),
        (["specrun", "specs", "--redact", "[redacted]", "--json", "a.json"], ["specrun", "specs//", "--artifacts", "art", "-j", "2"]),
    ])
    func oneSelectionSpelledTwoWaysIsTheSame(_ first: [String], _ second: [String]) throws {
        let a = try #require(ShardSelection(commandLine: first))
        let b = try #require(ShardSelection(commandLine: second))
        #expect(a == b)
        #expect(a.differences(from: b).isEmpty)
    }

    @Test func eachOptionThatSelectsIsNamed() throws {
        let first = try #require(ShardSelection(commandLine: ["specrun", "specs", "--engine", "all", "--tag", "dst"]))
        let second = try #require(ShardSelection(commandLine: [
            "specrun", "specs", "more", "--filter", "Berlin", "--exclude-tag", "slow", "--last-failed", "r.json", "--", "--tag",
        ]))
        #expect(first.differences(from: second) == [
            "--engine (each spec's engines) instead of 'all'",
            "--filter 'Berlin' instead of none",
            "--tag none instead of 'dst'",
            "--exclude-tag 'slow' instead of none",
            "--last-failed 'r.json' instead of none",
            "spec paths '--tag', 'more', 'specs' instead of 'specs'",
        ])
    }

    /// A line that is not a run's (edited by hand, a newer option) is not guessed at.
    @Test(arguments: [[String](), ["pytest", "specs"], ["specrun", "specs", "--engine", "quantum"], ["specrun", "--new-option", "specs"]])
    func aLineThatIsNotARunsGivesNoSelection(_ line: [String]) {
        #expect(ShardSelection(commandLine: line) == nil)
    }

    @Test func mergingShardsThatSelectedDifferentlySaysSo() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("specs/a.yaml", ScratchSpecFolder.quickSpec("A"))
        try folder.write("specs/b.yaml", ScratchSpecFolder.quickSpec("B", day: 2))
        let one = await CommandRun.run(folder.path("specs"), "--shard", "1/2", "--engine", "all", "--json", folder.path("s1.json"))
        let two = await CommandRun.run(folder.path("specs"), "--shard", "2/2", "--tag", "nightly", "--json", folder.path("s2.json"))
        #expect(one.status == ExitStatus.success, "\(one.err)")
        // No spec has the tag: refused, so the second shard selects with a filter instead.
        #expect(two.status == ExitStatus.invalidInput)
        let again = await CommandRun.run(folder.path("specs"), "--shard", "2/2", "--filter", "noon", "--json", folder.path("s2.json"))
        #expect(again.status == ExitStatus.success, "\(again.err)")

        // Not a whole run: the tests one selection left out may have run in no shard (a CI review's extra `--tag europe`
        // merged with exit 0 and a green JUnit, 132 tests run nowhere).
        let merge = await CommandRun.run("merge", folder.path("s1.json"), folder.path("s2.json"), "-o", folder.path("m.json"),
                                         "--junit", folder.path("m.xml"))
        #expect(merge.status == ExitStatus.testFailure)
        let junit = try String(contentsOfFile: folder.path("m.xml"), encoding: .utf8)
        #expect(junit.contains(#"<testcase name="incomplete run" classname="specrun merge""#), "\(junit)")
        let note = "\(folder.path("s2.json")) selected other tests than \(folder.path("s1.json")): --engine (each spec's engines) instead of 'all'; "
            + "--filter 'noon' instead of none; the merged results mix two selections, and some tests may have run in no shard"
        #expect(merge.err == "specrun: warning: \(note)\n", "\(merge.err)")
        let merged = try ResultsFile.read(folder.path("m.json"))
        #expect(merged.notes.last == note)

        // The same selection on every shard: no note.
        let three = await CommandRun.run(folder.path("specs"), "--shard", "2/2", "--engine=all", "--json", folder.path("s3.json"))
        #expect(three.status == ExitStatus.success)
        let same = await CommandRun.run("merge", folder.path("s1.json"), folder.path("s3.json"), "-o", folder.path("m2.json"))
        #expect(same.err.isEmpty, "\(same.err)")
    }
}
