import Foundation
import SpecReporters
import SpecResults
import SpecRunner
@testable import SpecrunCLI
import Testing

/// `--last-failed` reran only the failures in this run's plan and said nothing of the others: the failures of an
/// `--engine all` run, rerun with the default engine, were half left out and looked fixed.
struct LastFailedCoverageTests {
    /// A wrong expectation (the noon occurrence written as 13:00, on purpose), so the spec fails on every engine.
    static let failing = ScratchSpecFolder.quickSpec("Noon").replacingOccurrences(of: "next: 2027-01-01T12:00:00Z", with: "next: 2027-01-01T13:00:00Z")

    private func failedRun(_ folder: ScratchSpecFolder) async throws -> RunResult {
        try folder.write("specs/noon.yaml", Self.failing)
        let run = await CommandRun.run(folder.path("specs"), "--engine", "all", "--json", folder.path("r.json"))
        #expect(run.status == ExitStatus.testFailure, "\(run.err)")
        let results = try ResultsFile.read(folder.path("r.json"))
        #expect(results.tests.map(\.engine) == ["core", "foundation"])
        #expect(results.tests.allSatisfy { $0.status == .failed })
        return results
    }

    @Test func failuresOnAnEngineThisRunDoesNotUseAreNamedWithTheFlagToAdd() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        _ = try await failedRun(folder)
        let results = folder.path("r.json")

        let rerun = await CommandRun.run(folder.path("specs"), "--last-failed", results)
        #expect(rerun.status == ExitStatus.testFailure)
        #expect(rerun.out.contains("Noon › noon › core"))
        #expect(!rerun.out.contains("› foundation"))
        #expect(rerun.err == "specrun: note: 1 of the 2 tests that failed in '\(results)' is not in this run: it ran on engine foundation, "
            + "which this run does not use (without --engine, each spec runs on the engines it lists, else core); add --engine all to rerun it.\n")

        let all = await CommandRun.run(folder.path("specs"), "--last-failed", results, "--engine", "all")
        #expect(all.status == ExitStatus.testFailure)
        #expect(all.err.isEmpty, "\(all.err)")

        let core = await CommandRun.run(folder.path("specs"), "--last-failed", results, "--engine", "core")
        #expect(core.err == "specrun: note: 1 of the 2 tests that failed in '\(results)' is not in this run: it ran on engine foundation, "
            + "which this run does not use; add --engine all to rerun it.\n")

        let filtered = await CommandRun.run(folder.path("specs"), "--last-failed", results, "--engine", "all", "--filter", "core$")
        #expect(filtered.err == "specrun: note: 1 of the 2 tests that failed in '\(results)' is not in this run: --filter left it out; "
            + "drop that option to rerun it.\n")
    }

    /// Only the Foundation test failed: the default engine leaves nothing to run, and the refusal says why (it
    /// blamed the path the ids were written with).
    @Test func whenOnlyAnotherEnginesFailuresAreThereTheRefusalNamesTheEngine() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        var results = try await failedRun(folder)
        results.tests[0].status = .passed
        try JSONReporter().data(results).write(to: URL(fileURLWithPath: folder.path("foundation.json")))
        let rerun = await CommandRun.run(folder.path("specs"), "--last-failed", folder.path("foundation.json"))
        #expect(rerun.status == ExitStatus.invalidInput)
        #expect(rerun.err == "specrun: error: the test that failed in '\(folder.path("foundation.json"))' is not in this run: it ran on engine "
            + "foundation, which this run does not use (without --engine, each spec runs on the engines it lists, else core); "
            + "add --engine all to rerun it.\nRun 'specrun --help' for usage.\n")
    }

    @Test func failuresOfFilesNotGivenAreCounted() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        _ = try await failedRun(folder)
        try folder.write("specs/other.yaml", ScratchSpecFolder.quickSpec("Other", day: 2))
        let failing = ScratchSpecFolder.quickSpec("Elsewhere", day: 3).replacingOccurrences(of: "12:00:00Z", with: "13:00:00Z")
        try folder.write("elsewhere/e.yaml", failing)
        let run = await CommandRun.run(folder.path("specs"), folder.path("elsewhere"), "--engine", "all", "--json", folder.path("both.json"))
        #expect(run.status == ExitStatus.testFailure)
        let rerun = await CommandRun.run(folder.path("specs"), "--engine", "all", "--last-failed", folder.path("both.json"))
        #expect(rerun.status == ExitStatus.testFailure)
        #expect(rerun.err == "specrun: note: 2 of the 4 tests that failed in '\(folder.path("both.json"))' are not in this run at all: "
            + "their specs, cases and engines are in none of the files given — '\(folder.path("elsewhere/e.yaml")) › Elsewhere › noon › "
            + "core', whose file was '\(folder.path("elsewhere/e.yaml"))', which this run was not given: add it (as "
            + "'\(folder.path("elsewhere/e.yaml"))'), or its spec or case was renamed. See this run's ids with --list.\n", "\(rerun.err)")
    }

    /// The note names every option that selects (`--filter`, `--tag`, `--exclude-tag`, `--shard`) the run was given,
    /// and only those: a failure another shard holds is left out by `--shard`, and dropping `--filter` would not
    /// bring it back.
    @Test(arguments: [
        (TestSelection(shard: Shard(index: 1, count: 2)), "--shard left it out; drop that option"),
        (TestSelection(filter: "noon", tags: ["dst"], shard: Shard(index: 2, count: 4)), "--filter, --tag, --shard left it out; drop those options"),
        (TestSelection(excludedTags: ["slow"]), "--exclude-tag left it out; drop that option"),
    ])
    func theOptionsThatLeftAFailureOutAreNamed(selection: TestSelection, named: String) {
        var coverage = LastFailedCoverage(failed: [], specs: [], plan: TestPlan(items: []), selected: TestPlan(items: []))
        coverage.failed = 2
        coverage.deselected = ["specs/a.yaml › A › noon › core"]
        #expect(coverage.notes(path: "r.json", selection: selection, engineGiven: false) == [
            "1 of the 2 tests that failed in 'r.json' is not in this run: \(named) to rerun it.",
        ])
    }

    /// A masked failure that is nowhere in this run may be masked otherwise than this run masks: the note said only
    /// "its file was not given", where the refusal of a whole selection named the redaction options (a review).
    @Test func aMaskedFailureNotFoundIsToldTheRedactionOptions() {
        var coverage = LastFailedCoverage(failed: [], specs: [], plan: TestPlan(specs: [], engines: nil), selected: TestPlan(specs: [], engines: nil))
        coverage.failed = 2
        coverage.absent = ["gone/a.yaml › Sync token=[redacted] › core"]
        let notes = coverage.notes(path: "r.json", selection: TestSelection(), engineGiven: false)
        #expect(notes == ["1 of the 2 tests that failed in 'r.json' is not in this run at all: its spec, case and engine are in none of "
            + "the files given — 'gone/a.yaml › Sync token=[redacted] › core', whose file was 'gone/a.yaml', which is not here "
            + "(renamed or deleted, or that run started in another folder): give the file that holds that test now (spec 'Sync "
            + "token=[redacted]'), or run from the folder that run started in, with the same paths; or its spec or case was renamed. "
            + "See this run's ids with --list. Its id is masked ('[redacted]'): if this run masks otherwise, give the --redact and "
            + "--no-default-redaction options of the run that wrote it."])
    }

    /// A second review renamed a spec inside a file the rerun was given, and was told to add that file, then told so
    /// again once it had: a file this run reads is said to hold no such test now.
    @Test func aFailureWhoseSpecWasRenamedInAFileGivenIsToldSo() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        _ = try await failedRun(folder)
        try folder.write("specs/other.yaml", Self.failing.replacingOccurrences(of: "Noon", with: "Other"))
        let run = await CommandRun.run(folder.path("specs"), "--json", folder.path("both.json"))
        #expect(run.status == ExitStatus.testFailure)
        try folder.write("specs/other.yaml", Self.failing.replacingOccurrences(of: "Noon", with: "Other renamed"))
        let rerun = await CommandRun.run(folder.path("specs"), "--last-failed", folder.path("both.json"))
        #expect(rerun.err.contains("whose file was '\(folder.path("specs/other.yaml"))', which this run reads, but no test of it has "
            + "that spec, case and engine now: its spec or case was renamed since (spec 'Other'). See this run's ids with --list."),
                "\(rerun.err)")
        // Two files, two causes, one clause each (a third review was told only the first's).
        try FileManager.default.removeItem(atPath: folder.path("specs/noon.yaml"))
        try folder.write("specs/kept.yaml", ScratchSpecFolder.quickSpec("Kept", day: 2))
        let both = await CommandRun.run(folder.path("specs"), "--last-failed", folder.path("both.json"))
        #expect(both.err.contains("whose file was '\(folder.path("specs/noon.yaml"))', which is not here (renamed or deleted"), "\(both.err)")
        #expect(both.err.contains("whose file was '\(folder.path("specs/other.yaml"))', which this run reads"), "\(both.err)")
    }

    /// A failure's file path that is a folder now (`a.yaml` became a folder of that name) names no file to add: the note
    /// says the file is not here, as for a deleted one; a file that is there and was not given is told to be added
    /// (mutation B18 told the folder "add it (as '…/a.yaml')", which would run the folder's specs, not the test).
    @Test func aFailuresPathThatIsAFolderNowIsNotAFileToAdd() throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("specs/a.yaml/inside.yaml", "spec: x\n")
        try folder.write("specs/b.yaml", "spec: y\n")
        let inFolder = LastFailedCoverage.whereTheFileIs(folder.path("specs/a.yaml") + " › Noon › core", given: [])
        #expect(inFolder.hasPrefix(", which is not here (renamed or deleted"), "\(inFolder)")
        let file = LastFailedCoverage.whereTheFileIs(folder.path("specs/b.yaml") + " › Noon › core", given: [])
        #expect(file == ", which this run was not given: add it (as '\(folder.path("specs/b.yaml"))'), or its spec or case was renamed", "\(file)")
    }
}
