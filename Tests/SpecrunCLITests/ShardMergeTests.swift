import Foundation
import SpecReporters
import SpecResults
@testable import SpecrunCLI
import Testing

/// `specrun merge` of every shard equals one unsharded run, and `--last-failed` reruns exactly the failures.
///
/// Everything runs in-process through `SpecrunCommand.main(arguments:io:)`, on a folder holding the project's example
/// and Foundation specs (several engines, cursor cases, known deviations) plus a file with a deliberate failure, a
/// search that reaches its bound and a skipped spec, so the statuses a shard holds are compared, not only passes.
@Suite(.serialized) struct ShardMergeTests {
    @Test(arguments: [2, 3, 5])
    func mergingEveryShardGivesTheUnshardedRun(shards: Int) async throws {
        let folder = try SpecFolder()
        defer { folder.remove() }
        let whole = try await folder.run(["--json", folder.path("whole.json")], expecting: ExitStatus.testFailure)

        var shardFiles: [String] = []
        var shardIDs: [[String]] = []
        for index in 1...shards {
            let file = folder.path("shard-\(index).json")
            let status = await folder.status(["--shard", "\(index)/\(shards)", "--json", file])
            #expect(status == ExitStatus.success || status == ExitStatus.testFailure)
            shardFiles.append(file)
            shardIDs.append(try ResultsFile.read(file).tests.map(\.id))
        }
        // The shards split the plan: no test twice, none left out. (Ids start with the temporary folder's random
        // name, so which shard holds which test changes from run to run; two shards are never all but empty.)
        #expect(shardIDs.filter { !$0.isEmpty }.count >= 2)
        #expect(shardIDs.flatMap { $0 }.sorted() == whole.tests.map(\.id).sorted())

        let merged = try await folder.merge(shardFiles, into: folder.path("merged.json"))
        #expect(merged.tests.map(\.id) == whole.tests.map(\.id))
        #expect(merged.tests.map(\.status) == whole.tests.map(\.status))
        #expect(merged.tests.map(\.withoutDuration) == whole.tests.map(\.withoutDuration))
        #expect(merged.summary == whole.summary)
        #expect(merged.files == whole.files)
        #expect(merged.diagnostics == whole.diagnostics)
        // The only note says it is a merge, and of what: the environment and its command line are shard 1's.
        #expect(merged.notes == ["merged from \(shards) results files: "
            + shardFiles.enumerated().map { "\($1) (shard \($0 + 1)/\(shards))" }.joined(separator: ", ")
            + "; the environment and command line shown are those of the first listed, \(shardFiles[0])"])
    }

    /// The same shards in another order are the same merge, byte for byte: a glob puts `shard-10` before `shard-2`,
    /// and an artifact download may give any order. (The environment, start time and notes were the first input's.)
    @Test func theOrderOfTheInputsDoesNotChangeTheMerge() async throws {
        let folder = try SpecFolder()
        defer { folder.remove() }
        let files = await folder.writeShards(3)
        let whole = folder.path("whole.json")
        _ = await folder.status(["--json", whole])
        var outputs: [Data] = []
        for (number, order) in [files, files.reversed(), [files[1], files[2], files[0]], [whole] + files, files + [whole]].enumerated() {
            let output = folder.path("merged-\(number).json")
            let io = CapturedIO()
            _ = await SpecrunCommand.main(arguments: ["specrun", "merge"] + order + ["-o", output], io: io.commandIO)
            outputs.append(try Data(contentsOf: URL(fileURLWithPath: output)))
        }
        #expect(outputs[1] == outputs[0])
        #expect(outputs[2] == outputs[0])
        #expect(outputs[4] == outputs[3], "a whole run among shards comes after them, wherever it is given")
        let first = try ResultsFile.read(folder.path("merged-2.json"))
        #expect(first.environment.commandLine.contains("1/3"), "\(first.environment.commandLine)")
    }

    /// Each shard's results record `--shard I/N`; a merge without all of them writes what it has, warns and exits 1.
    @Test func aMergeWithAShardMissingSaysWhichAndExitsOne() async throws {
        let folder = try SpecFolder()
        defer { folder.remove() }
        let files = await folder.writeShards(3)
        for (index, file) in files.enumerated() {
            #expect(try ResultsFile.read(file).shard == Shard(index: index + 1, count: 3))
        }
        let partial = await CommandRun.run(["merge", files[0], files[2], "-o", folder.path("partial.json")])
        #expect(partial.status == ExitStatus.testFailure)
        #expect(partial.err == "specrun: warning: shard 2/3 is missing: the merged results hold only part of the suite\n")
        let merged = try ResultsFile.read(folder.path("partial.json"))
        #expect(merged.notes == ["merged from 2 results files: \(files[0]) (shard 1/3), \(files[2]) (shard 3/3); the environment and "
            + "command line shown are those of the first listed, \(files[0])", "shard 2/3 is missing: the merged results hold only part of the suite"])
        #expect(merged.shard == nil)
        #expect(merged.mergedShards == [Shard(index: 1, count: 3), Shard(index: 3, count: 3)])
        let all = try await folder.merge(files, into: folder.path("all.json"))
        #expect(all.notes.count == 1 && all.mergedShards == nil)

        // The shard that came late, merged with the partial merge: the whole run, exit 0, nothing called missing
        // (it was "a whole run, not a shard", and the old note was carried along).
        let late = await CommandRun.run(["merge", folder.path("partial.json"), files[1], "-o", folder.path("late.json")])
        #expect(late.status == ExitStatus.success, "\(late.err)")
        #expect(late.err.isEmpty, "\(late.err)")
        let whole = try ResultsFile.read(folder.path("late.json"))
        #expect(whole.tests.map(\.id) == all.tests.map(\.id) && whole.mergedShards == nil)
        #expect(!whole.notes.contains { $0.hasSuffix(RunResult.missingShardsNoteEnding) }, "\(whole.notes)")
        #expect(whole.notes.first == "merged from 2 results files: \(folder.path("partial.json")) (shards 1/3, 3/3), \(files[1]) "
            + "(shard 2/3); the environment and command line shown are those of the first listed, \(folder.path("partial.json"))")
    }

    /// A merge is no whole run when a shard was stopped (its tests not run) or when the shards read other spec files
    /// (another commit between them): each is said, and the merge exits 1 (the CI review's merges exited 0, headed ✅).
    /// A shard without a git commit is said to record none, not to be another toolchain ("gitCommit none (not …)").
    /// A shard whose tests were deleted by hand (`tests: []` under its summary's total) merged with exit 0 (a CI
    /// review); one whose summary alone was edited merges whole, and neither is told that fields were ignored.
    @Test(arguments: ["not-run", "other-files", "no-commit", "no-tests", "only-summary"])
    func aMergeThatIsNoWholeRunExitsOne(breakage: String) async throws {
        let folder = try SpecFolder()
        defer { folder.remove() }
        let files = await folder.writeShards(3)
        func edit(_ file: String, _ change: (inout [String: Any]) -> Void) throws {
            var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
            change(&object)
            try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: file))
        }
        switch breakage {
        case "not-run":
            try edit(files[1]) { object in
                var tests = object["tests"] as! [[String: Any]]
                tests[0]["status"] = "not-run"
                object["tests"] = tests
            }
        case "other-files":
            try edit(files[2]) { object in object["files"] = Array((object["files"] as! [String]).dropFirst()) }
        case "no-tests":
            try edit(files[1]) { object in object["tests"] = [[String: Any]]() }
        case "only-summary":
            try edit(files[1]) { object in
                var summary = object["summary"] as! [String: Any]
                summary["failed"] = 3
                object["summary"] = summary
            }
        default:
            try edit(files[0]) { object in
                var environment = object["environment"] as! [String: Any]
                environment["gitCommit"] = "0123456789abcdef0123456789abcdef01234567"
                object["environment"] = environment
            }
        }
        let run = await CommandRun.run(["merge"] + files + ["-o", folder.path("all.json")])
        switch breakage {
        case "not-run":
            #expect(run.status == ExitStatus.testFailure)
            #expect(run.err.contains("specrun: warning: 1 test did not run (a run was stopped before its end): the merged results are not a whole run"), "\(run.err)")
            #expect(run.out.contains(", 1 not run"), "\(run.out)")
        case "other-files":
            #expect(run.status == ExitStatus.testFailure)
            #expect(run.err.contains("specrun: warning: \(files[2]) did not read "), "\(run.err)")
            #expect(run.err.contains(", which other shards of its run read: the shards ran other spec files"), "\(run.err)")
            // Kept in the merged notes: a merge of that merge exits 1 too (the third hunt's exited 0), its job summary is
            // ⚠️ and its HTML banner not green.
            let again = await CommandRun.run(["merge", folder.path("all.json"), "-o", folder.path("again.json"), "--html", folder.path("again.html")],
                                             environment: ["GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": folder.path("summary.md")])
            #expect(again.status == ExitStatus.testFailure, "\(again.err)")
            #expect(again.err.contains(" did not read "), "the carried note says why: \(again.err)")
            let summary = try String(contentsOfFile: folder.path("summary.md"), encoding: .utf8)
            // The folder's suite has failures: ❌ and a red banner then, never ✅ or green.
            #expect(!summary.hasPrefix("### ✅"), "\(summary)")
            let html = try String(contentsOfFile: folder.path("again.html"), encoding: .utf8)
            #expect(!html.contains("<p class=\"closing good\">"))
        case "no-tests", "only-summary":
            #expect(!run.err.contains("leave out what this specrun ignored"), "nothing was ignored: \(run.err)")
            #expect(run.err.contains("the summary was recomputed from the tests"), "\(run.err)")
            if breakage == "no-tests" {
                #expect(run.status == ExitStatus.testFailure)
                #expect(run.err.contains("specrun: warning: \(files[1]) holds 0 tests, but its summary counts "), "\(run.err)")
                #expect(run.err.contains("as the merged results may not hold the whole suite"), "\(run.err)")
            } else {
                #expect(run.status == ExitStatus.success, "\(run.err)")
            }
        default:
            #expect(run.status == ExitStatus.success, "\(run.err)")
            #expect(!run.err.contains("different toolchain"), "\(run.err)")
            #expect(run.err.contains("\(files[1]) records no git commit (no git, or stopped by a signal before git answered)"), "\(run.err)")
        }
    }

    /// Shards of two cuts that read other spec files (a 1/2 run after a spec was deleted, with 2/4 and 4/4 from before)
    /// are told too: the check is over every sharded input, not each cut apart (the third hunt's merge exited 0 with the
    /// deleted file's tests in the 1/2 hash run nowhere).
    @Test func shardsOfTwoCutsThatReadOtherFilesAreTold() async throws {
        let folder = try SpecFolder()
        defer { folder.remove() }
        let quarters = await folder.writeShards(4)
        let half = folder.path("half-1.json")
        _ = await folder.status(["--shard", "1/2", "--json", half])
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: half))) as? [String: Any])
        object["files"] = Array((object["files"] as! [String]).dropLast())
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: half))
        let run = await CommandRun.run(["merge", half, quarters[1], quarters[3], "-o", folder.path("all.json")])
        #expect(run.status == ExitStatus.testFailure, "\(run.err)")
        #expect(run.err.contains("specrun: warning: \(half) did not read "), "\(run.err)")
    }

    /// A merge without a shard compared with a whole run printed "N removed — no regressions", exit 0, and never
    /// showed the note that said the shard was missing: the tests it lacks may fail on NEW's toolchain.
    @Test func comparingWithAMergeThatLacksAShardShowsTheNotesAndExitsOne() async throws {
        let folder = try SpecFolder()
        defer { folder.remove() }
        _ = try await folder.run(["--json", folder.path("whole.json")], expecting: ExitStatus.testFailure)
        var files: [String] = []
        for index in 1...3 {
            files.append(folder.path("shard-\(index).json"))
            _ = await folder.status(["--shard", "\(index)/3", "--json", files.last!])
        }
        let merge = await CommandRun.run(["merge", files[0], files[2], "-o", folder.path("partial.json")])
        #expect(merge.status == ExitStatus.testFailure)
        let missing = "shard 2/3 is missing: the merged results hold only part of the suite"

        let compare = await CommandRun.run(["compare", folder.path("whole.json"), folder.path("partial.json")])
        #expect(compare.status == ExitStatus.testFailure)
        #expect(compare.out.contains("\n  NEW  \(missing)\n  NEW holds only part of the suite: the tests it lacks show as removed, "
            + "and any of them may fail there\n"), "\(compare.out)")
        #expect(compare.out.contains("\nNotes\n  NEW  merged from 2 results files: "), "\(compare.out)")
        #expect(compare.out.hasSuffix(" — NEW holds only part of the suite, so it cannot show that nothing regressed\n"), "\(compare.out)")
        #expect(compare.err == "specrun: warning: \(folder.path("partial.json")) holds only part of the suite (\(missing)), so the comparison "
            + "cannot show that nothing regressed; compare a NEW that ran the whole suite OLD ran (every shard merged, nothing interrupted, the same selection).\n")

        // OLD's notes are shown too; a partial OLD hides nothing (its missing tests come back as added in NEW).
        let reversed = await CommandRun.run(["compare", folder.path("partial.json"), folder.path("whole.json")])
        #expect(reversed.out.contains("\n  OLD  \(missing)\n"), "\(reversed.out)")
        #expect(reversed.err.isEmpty, "\(reversed.err)")
    }

    /// A NEW that ran less than OLD passed the gate with "N removed — no regressions" (the compare review): one
    /// unmerged shard, a narrower `--engine`, a run stopped by `--max-failures`. Each now exits 1 and says why.
    @Test func comparingWithAPartOfTheSuiteExitsOne() async throws {
        let folder = try SpecFolder()
        defer { folder.remove() }
        _ = try await folder.run(["--json", folder.path("whole.json")], expecting: ExitStatus.testFailure)
        _ = await folder.status(["--shard", "2/3", "--json", folder.path("shard.json")])
        _ = await folder.status(["--engine", "core", "--json", folder.path("core.json")])
        _ = await folder.status(["--max-failures", "1", "--json", folder.path("stopped.json")])
        let expectations: [(file: String, says: String)] = [
            ("shard.json", "NEW is shard 2/3 of a sharded run; merge every shard (specrun merge) and compare the merge"),
            ("core.json", "NEW selected other tests than OLD (--engine 'core' instead of (each spec's engines)), and "),
            ("stopped.json", "\nDid not run ("),
        ]
        for (file, says) in expectations {
            let compare = await CommandRun.run(["compare", folder.path("whole.json"), folder.path(file)])
            #expect(compare.status == ExitStatus.testFailure, "\(file): \(compare.out)")
            #expect((compare.out + compare.err).contains(says), "\(file): \(compare.out)\n\(compare.err)")
        }
        // A limit or timeout that differs changes results with no toolchain change: named beside the environment.
        _ = await folder.status(["--max-occurrences", "1", "--timeout", "30", "--allow-outside-fixtures", "--json", folder.path("limited.json")])
        let limited = await CommandRun.run(["compare", folder.path("whole.json"), folder.path("limited.json")])
        for line in ["  --max-occurrences         default → 1\n", "  --allow-outside-fixtures  default → yes\n",
                     "  --timeout                 default → 30\n"] {
            #expect(limited.out.contains(line), "\(limited.out)")
        }
        let same = await CommandRun.run(["compare", folder.path("whole.json"), folder.path("whole.json")])
        #expect(!same.out.contains("--max-occurrences") && !same.out.contains("--timeout"), "\(same.out)")

        // The same selection, whole against whole, still passes; a wider NEW hides nothing.
        #expect(same.status == ExitStatus.success, "\(same.out)")
        let wider = await CommandRun.run(["compare", folder.path("core.json"), folder.path("whole.json")])
        #expect(wider.status == ExitStatus.success, "\(wider.out)")
        #expect(wider.out.hasSuffix(" — no regressions\n"), "\(wider.out)")
    }

    /// A merged document's environment is shard 1's, command line included, and nothing said it was a merge: the
    /// merge's note says so in every report that shows notes (terminal, HTML, JUnit, TAP).
    @Test func aMergedDocumentSaysItIsAMergeInEveryReport() async throws {
        let folder = try SpecFolder()
        defer { folder.remove() }
        var files: [String] = []
        for index in 1...2 {
            files.append(folder.path("shard-\(index).json"))
            _ = await folder.status(["--shard", "\(index)/2", "--json", files.last!])
        }
        let merge = await CommandRun.run(["merge"] + files + ["-o", folder.path("m.json"), "--artifacts", folder.path("art")])
        #expect(merge.status == ExitStatus.success, "\(merge.err)")
        #expect(merge.err.isEmpty, "\(merge.err)")
        let note = "merged from 2 results files: \(files[0]) (shard 1/2), \(files[1]) (shard 2/2); the environment and command line "
            + "shown are those of the first listed, \(files[0])"
        let toolchain = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path("art")).first)
        func artifact(_ name: String) throws -> String {
            try String(contentsOfFile: folder.path("art/\(toolchain)/\(name)"), encoding: .utf8)
        }
        #expect(try artifact("report.txt").contains("\nnote: \(note)\n"))
        #expect(try artifact("report.html").contains("<p class=\"note\">\(note)</p>"))
        #expect(try artifact("junit.xml").contains("<property name=\"notes\" value=\"\(note)\"/>"))
        #expect(try artifact("results.tap").contains("\n# note: \(note)\n"))
        let report = await CommandRun.run("report", folder.path("m.json"))
        #expect(report.out.contains("\nnote: \(note)\n"))
    }

    /// Past ten new notes the merge says how many more there are, in a word that agrees with the number ("1 more
    /// notes" before): one file named in twelve spellings gives eleven notes.
    @Test func oneNotePastTheTenPrintedIsOneMoreNote() async throws {
        let folder = try SpecFolder()
        defer { folder.remove() }
        _ = try await folder.run(["--filter", "Skipped on purpose", "--json", folder.path("one.json")], expecting: ExitStatus.success)
        let spellings = (0..<12).map { folder.root + String(repeating: "/.", count: $0) + "/one.json" }
        let merge = await CommandRun.run(["merge"] + spellings + ["-o", folder.path("m.json")])
        #expect(merge.status == ExitStatus.success)
        let lines = merge.err.split(separator: "\n")
        #expect(lines.count == 11, "\(merge.err)")
        #expect(lines.last == "specrun: warning: 1 more note in \(folder.path("m.json"))")
    }

    /// The merge's closing line counts in words that agree with the number ("1 tests" before).
    @Test func aMergeOfOneTestSaysOneTest() async throws {
        let folder = try SpecFolder()
        defer { folder.remove() }
        _ = try await folder.run(["--filter", "Skipped on purpose", "--json", folder.path("one.json")], expecting: ExitStatus.success)
        let io = CapturedIO()
        let status = await SpecrunCommand.main(
            arguments: ["specrun", "merge", folder.path("one.json"), "-o", folder.path("m.json")], io: io.commandIO)
        #expect(status == ExitStatus.success)
        #expect(io.output == "merged 1 results file into \(folder.path("m.json")): 1 test, 0 passed, 0 failed, 1 skipped\n")
    }

    /// The merge's closing line gives the counts a run's closing line gives (it said only passed and failed, and a
    /// reviewer merging four shards lost the 20 known deviations each shard had reported).
    @Test func aMergeCountsKnownDeviationsAndSkipsAsARunDoes() async throws {
        let folder = try SpecFolder()
        defer { folder.remove() }
        let whole = try await folder.run(["--json", folder.path("whole.json")], expecting: ExitStatus.testFailure)
        let summary = whole.summary
        #expect(summary.knownDeviations > 1 && summary.skipped == 1 && summary.errors == 0)
        let merge = await CommandRun.run(["merge", folder.path("whole.json"), "-o", folder.path("m.json")])
        #expect(merge.out == "merged 1 results file into \(folder.path("m.json")): \(summary.total) tests, "
            + "\(summary.passed) passed, \(summary.failed) failed, 1 skipped, \(summary.knownDeviations) known deviations\n")
    }

    /// One file named twice is read once, and the merge says so (it was silent).
    @Test func aResultsFileNamedTwiceIsMergedOnceWithANote() async throws {
        let folder = try SpecFolder()
        defer { folder.remove() }
        let whole = try await folder.run(["--json", folder.path("whole.json")], expecting: ExitStatus.testFailure)
        let twice = await CommandRun.run(["merge", folder.path("whole.json"), folder.path("./whole.json"), "-o", folder.path("m.json")])
        #expect(twice.status == ExitStatus.success)
        #expect(twice.out.hasPrefix("merged 1 results file into"), "\(twice.out)")
        #expect(twice.err == "specrun: warning: \(folder.path("./whole.json")) is given more than once; it was merged once\n")
        let merged = try ResultsFile.read(folder.path("m.json"))
        #expect(merged.tests.map(\.id) == whole.tests.map(\.id))
        #expect(merged.notes == ["merged from 1 results file: \(folder.path("whole.json"))",
                                 "\(folder.path("./whole.json")) is given more than once; it was merged once"])
    }

    @Test func theWholeRunHoldsEveryStatusTheMergeMustKeep() async throws {
        let folder = try SpecFolder()
        defer { folder.remove() }
        let whole = try await folder.run(["--json", folder.path("whole.json")], expecting: ExitStatus.testFailure)
        let statuses = Set(whole.tests.map(\.status))
        #expect(statuses.isSuperset(of: [.passed, .failed, .skipped, .knownDeviation]))
    }

    /// A misspelled Unicode property is the pattern's own brace: no advice to escape it.
    @Test func aMisspelledPropertyIsNotToldToEscapeItsBrace() async {
        let bad = await CommandRun.run("--filter", "\\p{Cyrilic}", "/no/such/folder")
        #expect(bad.status == ExitStatus.invalidInput)
        #expect(bad.err.hasPrefix(
            "specrun: error: the value '\\p{Cyrilic}' is not allowed for '--filter': it is not a valid regular expression "
                + "(unknown character property 'Cyrilic'); fix it, e.g. --filter 'Berlin.*spring'.\n"), "\(bad.err)")
        let both = await CommandRun.run("--filter", "\\p{Cyrilic} (x", "/no/such/folder")
        #expect(both.err.contains("to match a literal '(', write \\(."), "\(both.err)")
    }

    @Test func aFilterThatIsNotARegularExpressionIsRefusedWithItsReasonBeforeAnyFileIsRead() async {
        let bad = await CommandRun.run("--filter", "Berlin (spring", "/no/such/folder")
        #expect(bad.status == ExitStatus.invalidInput)
        #expect(bad.err.hasPrefix(
            "specrun: error: the value 'Berlin (spring' is not allowed for '--filter': it is not a valid regular expression "
                + "(expected ')'); fix it, e.g. --filter 'Berlin.*spring', or, to match a literal '(', write \\(.\n"), "\(bad.err)")
        #expect(bad.out.isEmpty)
        // No bracket in it: no advice about brackets.
        let noBracket = await CommandRun.run("--filter", "a**", "/no/such/folder")
        #expect(noBracket.err.hasPrefix("specrun: error: the value 'a**' is not allowed for '--filter': it is not a valid regular expression "
            + "(quantifier '*' must appear after expression); fix it, e.g. --filter 'Berlin.*spring'.\n"), "\(noBracket.err)")
    }

    @Test func lastFailedRunsExactlyTheTestsThatFailedOrErred() async throws {
        let folder = try SpecFolder()
        defer { folder.remove() }
        let whole = try await folder.run(["--json", folder.path("whole.json")], expecting: ExitStatus.testFailure)
        let failing = whole.tests.filter { $0.status == .failed || $0.status == .error }.map(\.id)
        #expect(failing.count == 2)

        let again = try await folder.run(
            ["--last-failed", folder.path("whole.json"), "--json", folder.path("again.json")], expecting: ExitStatus.testFailure)
        #expect(again.tests.map(\.id) == failing)
        #expect(again.tests.map(\.withoutDuration) == whole.tests.filter { failing.contains($0.id) }.map(\.withoutDuration))
    }

    /// The folder's run has failures but no error, so the first failure is rewritten as `error` (a test that could not
    /// run) in the results file: `--last-failed` reruns it as it reruns a failure.
    @Test func lastFailedRerunsAnErroredTestToo() async throws {
        let folder = try SpecFolder()
        defer { folder.remove() }
        var whole = try await folder.run(["--json", folder.path("whole.json")], expecting: ExitStatus.testFailure)
        let failing = whole.tests.indices.filter { whole.tests[$0].status == .failed }
        #expect(failing.count == 2)
        whole.tests[failing[0]].status = .error
        try JSONReporter().data(whole).write(to: URL(fileURLWithPath: folder.path("errored.json")))
        let again = try await folder.run(
            ["--last-failed", folder.path("errored.json"), "--json", folder.path("again.json")], expecting: ExitStatus.testFailure)
        #expect(again.tests.map(\.id) == failing.map { whole.tests[$0].id })
    }

    @Test func lastFailedWithNothingFailedRunsNothingAndSaysSo() async throws {
        let folder = try SpecFolder()
        defer { folder.remove() }
        let passing = try await folder.run(["--json", folder.path("passing.json"), "--filter", "examples"], expecting: ExitStatus.success)
        #expect(!passing.tests.isEmpty)
        let io = CapturedIO()
        let status = await SpecrunCommand.main(
            arguments: ["specrun", folder.specs, "--last-failed", folder.path("passing.json")], io: io.commandIO)
        #expect(status == ExitStatus.success)
        #expect(io.error == "specrun: note: no test failed or errored in '\(folder.path("passing.json"))'; nothing to run.\n")
        #expect(io.output.hasSuffix("0 passed, 0 failed\n"))
    }

    /// Exit status 2, as for a usage mistake, but without the pointer to --help: the file is the problem.
    @Test func lastFailedWithAMissingFileIsRefused() async throws {
        let io = CapturedIO()
        let status = await SpecrunCommand.main(arguments: ["specrun", "specs", "--last-failed", "/no/such/results.json"], io: io.commandIO)
        #expect(status == ExitStatus.invalidInput)
        #expect(io.error == """
            specrun: error: cannot read the results file '/no/such/results.json': there is no such file; check the path (a download step that failed?).

            """)
    }
}

/// A temporary folder of specs: copies of specs/examples and specs/foundation, and `mixed.yaml`.
private struct SpecFolder {
    let root: String
    /// The folder given to specrun (test ids start with it).
    var specs: String { root + "/specs" }

    /// A deliberately wrong expectation, a search bound reached where an occurrence is expected (both fail), and a
    /// skipped spec. The wrong instants are the point of the test, so they are not cross-checked.
    static let mixed = """
        spec: Deliberately wrong expectation, so the run has a failure
        schedule:
          timezone: Europe/Berlin
          rule: {every: day, at: "09:00"}
          nonexistent: skip
          repeated: first
        window:
          after: 2027-06-01T00:00:00+02:00
          through: 2027-06-02T00:00:00+02:00
        expect:
          occurrences: [2027-06-01T10:00:00+02:00]
        ---
        spec: A search that reaches its bound, so the run has a second failure
        schedule:
          timezone: Europe/Berlin
          rule: {every: year, month: 2, day: 29, at: "12:00", missing-day: skip}
          nonexistent: skip
          repeated: first
          limit: 2
        cases:
          - name: no leap day within two years
            after: 2097-01-01T00:00:00+01:00
            next: 2104-02-29T12:00:00+01:00
        ---
        spec: Skipped on purpose
        skip: the merge must keep skipped tests too
        schedule:
          timezone: Europe/Berlin
          rule: {every: day, at: "09:00"}
          nonexistent: skip
          repeated: first
        window:
          after: 2027-06-01T00:00:00+02:00
          through: 2027-06-02T00:00:00+02:00
        expect:
          occurrences: [2027-06-01T09:00:00+02:00]

        """

    init() throws {
        root = NSTemporaryDirectory() + "specrun-shard-merge-" + UUID().uuidString
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        let manager = FileManager.default
        try manager.createDirectory(atPath: specs, withIntermediateDirectories: true)
        for folder in ["examples", "foundation"] {
            try manager.copyItem(atPath: repository + "/specs/" + folder, toPath: specs + "/" + folder)
        }
        try Self.mixed.write(toFile: specs + "/mixed.yaml", atomically: true, encoding: .utf8)
    }

    func path(_ name: String) -> String { root + "/" + name }

    func remove() { try? FileManager.default.removeItem(atPath: root) }

    /// Runs every shard of `count` with `--json shard-I.json`; the files, in shard order.
    func writeShards(_ count: Int) async -> [String] {
        var files: [String] = []
        for index in 1...count {
            let file = path("shard-\(index).json")
            _ = await status(["--shard", "\(index)/\(count)", "--json", file])
            files.append(file)
        }
        return files
    }

    /// `specrun SPECS arguments…`; its exit status.
    func status(_ arguments: [String]) async -> Int32 {
        await SpecrunCommand.main(arguments: ["specrun", specs] + arguments, io: CapturedIO().commandIO)
    }

    /// Runs with `arguments` (which must write `--json`), checks the exit status, reads the results back.
    func run(_ arguments: [String], expecting status: Int32, sourceLocation: SourceLocation = #_sourceLocation) async throws -> RunResult {
        let actual = await self.status(arguments)
        #expect(actual == status, sourceLocation: sourceLocation)
        let json = arguments[arguments.firstIndex(of: "--json")! + 1]
        return try ResultsFile.read(json)
    }

    func merge(_ files: [String], into output: String) async throws -> RunResult {
        let io = CapturedIO()
        let status = await SpecrunCommand.main(arguments: ["specrun", "merge"] + files + ["-o", output], io: io.commandIO)
        #expect(status == ExitStatus.success, "\(io.error)")
        return try ResultsFile.read(output)
    }
}

/// Output streams captured in memory, for commands run in-process.
private final class CapturedIO: @unchecked Sendable {
    private let lock = NSLock()
    private var out = ""
    private var err = ""

    var output: String { lock.withLock { out } }
    var error: String { lock.withLock { err } }

    var commandIO: CommandIO {
        CommandIO(
            writeOut: { text in self.lock.withLock { self.out += text } },
            writeError: { text in self.lock.withLock { self.err += text } },
            environment: [:],
            stdoutIsTerminal: false,
            now: { Date(timeIntervalSince1970: 1_800_000_000) },
            monotonicNanoseconds: { 0 })
    }
}

extension TestResult {
    /// The result with its duration zeroed: everything a merge must keep exactly.
    var withoutDuration: TestResult {
        var copy = self
        copy.duration = 0
        return copy
    }
}
