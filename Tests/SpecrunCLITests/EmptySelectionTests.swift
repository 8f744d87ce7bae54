import Foundation
@testable import SpecrunCLI
import Testing

/// A selection that leaves nothing of a plan that had tests is a command-line error (exit 2) naming why, not
/// "0 passed, 0 failed" and exit 0: a typo in `--tag` or a rerun from another folder would keep CI green for ever.
struct EmptySelectionTests {
    /// Two passing specs tagged `dst` and `weekly`, and one failing spec tagged `dst`.
    private func folder() throws -> ScratchSpecFolder {
        let folder = try ScratchSpecFolder()
        try folder.write("a.yaml", "tags: [dst]\n" + ScratchSpecFolder.quickSpec("A", day: 1))
        try folder.write("b.yaml", "tags: [weekly]\n" + ScratchSpecFolder.quickSpec("B", day: 2))
        try folder.write("c.yaml", "tags: [dst]\n" + ScratchSpecFolder.quickSpec("C", day: 3)
            .replacingOccurrences(of: "next: 2027-01-03T12:00:00Z", with: "next: 2027-01-03T13:00:00Z"))
        return folder
    }

    @Test func aTagNoSpecHasIsRefusedWithTheNearestTag() async throws {
        let folder = try folder()
        defer { folder.remove() }
        let run = await CommandRun.run(folder.path, "--tag", "dts")
        #expect(run.status == ExitStatus.invalidInput)
        #expect(run.err.hasPrefix("specrun: error: no spec has the tag 'dts'; did you mean 'dst'? Tags in these specs: dst, weekly.\n"), "\(run.err)")
        #expect(run.out.isEmpty)
        let listed = await CommandRun.run(folder.path, "--list", "--tag", "dts")
        #expect(listed.status == ExitStatus.invalidInput)
    }

    @Test func aFilterMatchingNoIdIsRefusedWithAnId() async throws {
        let folder = try folder()
        defer { folder.remove() }
        let run = await CommandRun.run(folder.path, "--filter", "Berlin")
        #expect(run.status == ExitStatus.invalidInput)
        #expect(run.err.hasPrefix("specrun: error: --filter 'Berlin' matches no test id; ids read like '\(folder.path("a.yaml")) › A › noon › core'."), "\(run.err)")
    }

    /// A line break in a name reached stderr raw in the example id, where it could start a line of its own
    /// ("specrun: all good"); every other control character there was shown.
    @Test func theExampleIdShowsALineBreakInAName() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("a.yaml", ScratchSpecFolder.quickSpec("\"x\\r\\nspecrun: all good\""))
        let run = await CommandRun.run(folder.path, "--filter", "zzz")
        #expect(run.status == ExitStatus.invalidInput)
        #expect(run.err.contains("x\\u{D}\\u{A}specrun: all good"), "\(run.err)")
        #expect(!run.err.contains("\r"))
    }

    /// `--engine` alone emptied the plan (every spec lists another engine), which no selection check saw: a CI step
    /// with the wrong engine said "0 passed, 0 failed" and exit 0 (found by the docs review against docs/ci.md).
    @Test func anEngineNoSpecListsIsRefusedNamingTheEnginesTheyList() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("a.yaml", "engines: [core]\n" + ScratchSpecFolder.quickSpec("A", day: 1))
        try folder.write("b.yaml", "engines: [core]\n" + ScratchSpecFolder.quickSpec("B", day: 2))
        for arguments in [["--engine", "foundation"], ["--engine", "foundation", "--list"]] {
            let run = await CommandRun.run([folder.path] + arguments)
            #expect(run.status == ExitStatus.invalidInput)
            #expect(run.err.hasPrefix("specrun: error: --engine foundation leaves no test to run: every spec in these files lists "
                + "only core in its 'engines:'. Run with --engine core, or add foundation to the specs' 'engines:'.\n"), "\(run.err)")
        }
        // One spec the engine keeps is enough: the others are left out as their `engines:` say.
        try folder.write("c.yaml", ScratchSpecFolder.quickSpec("C", day: 3))
        let kept = await CommandRun.run(folder.path, "--engine", "foundation")
        #expect(kept.status == ExitStatus.success, "\(kept.err)")
        #expect(kept.out.contains("1 passed, 0 failed"), "\(kept.out)")
        #expect(await CommandRun.run(folder.path, "--engine", "core").status == ExitStatus.success)
    }

    @Test func tagsThatExistButExcludeEachOtherAreRefused() async throws {
        let folder = try folder()
        defer { folder.remove() }
        let run = await CommandRun.run(folder.path, "--tag", "weekly", "--exclude-tag", "weekly")
        #expect(run.status == ExitStatus.invalidInput)
        #expect(run.err.hasPrefix("specrun: error: the selection (--tag weekly --exclude-tag weekly) leaves no test to run of the 3 in these files;"), "\(run.err)")
    }

    /// The results file was written by a run started elsewhere: its failed ids name the files by another path. The
    /// failure is found by its spec, case and engine and rerun, with a note; when its spec was renamed too, nothing
    /// matches and the refusal names the path the file recorded.
    @Test func lastFailedFromARunWithOtherPathsNamesThePathItRecorded() async throws {
        let folder = try folder()
        defer { folder.remove() }
        let results = folder.path("results.json")
        #expect(await CommandRun.run(folder.path, "--json", results).status == ExitStatus.testFailure)
        let same = await CommandRun.run(folder.path, "--last-failed", results)
        #expect(same.status == ExitStatus.testFailure)
        #expect(same.out.contains("0 passed, 1 failed"))

        let text = try String(contentsOfFile: results, encoding: .utf8)
        try text.replacingOccurrences(of: folder.path, with: "elsewhere/specs").write(toFile: results, atomically: true, encoding: .utf8)
        let moved = await CommandRun.run(folder.path, "--last-failed", results)
        #expect(moved.status == ExitStatus.testFailure)
        #expect(moved.out.contains("0 passed, 1 failed"), "\(moved.out)")
        #expect(moved.err.hasPrefix("specrun: note: 1 test that failed in '\(results)' is in another file now, found there by its spec, "
            + "case and engine: 'elsewhere/specs/c.yaml' → '\(folder.path("c.yaml"))' (a renamed or split file, or a run "
            + "started from another folder).\n"), "\(moved.err)")
        // Found, but a tag leaves it out: the refusal says so and which option to drop (it said only that the selection
        // leaves nothing).
        let tagged = await CommandRun.run(folder.path, "--last-failed", results, "--tag", "weekly")
        #expect(tagged.status == ExitStatus.invalidInput)
        #expect(tagged.err.contains("specrun: error: the selection (--tag weekly --last-failed) leaves no test to run: the test that "
            + "failed in '\(results)' is not in this run: --tag left it out; drop that option to rerun it."), "\(tagged.err)")

        let renamed = try String(contentsOfFile: results, encoding: .utf8)
        try renamed.replacingOccurrences(of: "\"spec\" : \"C\"", with: "\"spec\" : \"C before\"")
            .replacingOccurrences(of: "\"spec\": \"C\"", with: "\"spec\": \"C before\"")
            .write(toFile: results, atomically: true, encoding: .utf8)
        let gone = await CommandRun.run(folder.path, "--last-failed", results)
        #expect(gone.status == ExitStatus.invalidInput)
        #expect(gone.err.hasPrefix("specrun: error: the test that failed in '\(results)' is not in this run: test ids hold the path "
            + "each file was given by — 'elsewhere/specs/c.yaml › C › noon › core', whose file was 'elsewhere/specs/c.yaml', which is "
            + "not here (renamed or deleted, or that run started in another folder): give the file that holds that test now (spec "
            + "'C'), or run from the folder that run started in, with the same paths; or its spec or case was renamed. See this "
            + "run's ids with --list."), "\(gone.err)")
    }

    /// What stays allowed: a shard left empty, an excluded tag no spec has, and a results file where nothing failed.
    @Test func emptyShardsAndNothingToRerunAreNotErrors() async throws {
        let folder = try folder()
        defer { folder.remove() }
        var statuses: [Int32] = []
        for index in 1...8 {
            statuses.append(await CommandRun.run(folder.path, "--tag", "weekly", "--shard", "\(index)/8").status)
        }
        #expect(statuses.allSatisfy { $0 == ExitStatus.success })
        #expect(await CommandRun.run(folder.path, "--exclude-tag", "nightly").status == ExitStatus.testFailure)

        let passing = try ScratchSpecFolder()
        defer { passing.remove() }
        try passing.write("a.yaml", ScratchSpecFolder.quickSpec("A"))
        let results = passing.path("results.json")
        #expect(await CommandRun.run(passing.path, "--json", results).status == ExitStatus.success)
        let rerun = await CommandRun.run(passing.path, "--last-failed", results)
        #expect(rerun.status == ExitStatus.success)
        #expect(rerun.err.contains("no test failed or errored"))
    }

    /// Tags are compared in any case (docs/reports.md): `--tag WEEKLY` names a tag the specs have, so a selection that
    /// leaves nothing is refused for what it is, not as a tag no spec has (mutation B19 compared tags as written and
    /// offered 'weekly' for 'WEEKLY').
    @Test func aTagWrittenInAnotherCaseIsNoUnknownTag() async throws {
        let folder = try folder()
        defer { folder.remove() }
        let run = await CommandRun.run(folder.path, "--tag", "WEEKLY", "--exclude-tag", "weekly")
        #expect(run.status == ExitStatus.invalidInput)
        #expect(run.err.hasPrefix("specrun: error: the selection (--tag WEEKLY --exclude-tag weekly) leaves no test to run of the 3 in these files;"), "\(run.err)")
    }
}
