import Foundation
import SpecResults
import Testing
@testable import SpecrunCLI
import SpecModel

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

    /// `Double` reads `0x10` as 16 and `1e308` as a timeout of eons; `--timeout` takes decimal seconds up to a day.
    @Test(arguments: [("30", 30.0), ("0.5", 0.5), ("86400", 86_400.0), ("007", 7.0)])
    func aTimeoutIsDecimalSeconds(text: String, seconds: Double) throws {
        #expect(try RunConfiguration.timeoutSeconds(text) == seconds)
    }

    @Test(arguments: ["0x10", "1e3", "1e308", "inf", "nan", "+5", "-1", "0", "0.0", ".5", "5.", "1.2.3", "", "３０", "30s", "86400.5"])
    func aTimeoutThatIsNotDecimalSecondsUpToADayIsRefused(text: String) async throws {
        #expect(throws: UsageError.self) { try RunConfiguration.timeoutSeconds(text) }
        let run = await CommandRun.run("no-such-specs", "--timeout", text)
        #expect(run.status == ExitStatus.invalidInput)
        #expect(run.err.hasPrefix("specrun: error: the value '\(text)' is not allowed for '--timeout'"), "\(run.err)")
        #expect(run.err.contains("e.g. --timeout "), "\(run.err)")
    }

    /// A count past Int is still a whole number: the message says where the numbers end, not "at least 1".
    @Test(arguments: [("99999999999999999999", "from 1 to 9223372036854775807"), ("0", "of at least 1"), ("-5", "of at least 1"),
                      ("ten", "of at least 1")])
    func aCountPastIntIsToldTheLargest(text: String, told: String) {
        #expect(throws: UsageError("the value '\(text)' is not allowed for '--max-failures'; give a whole number \(told).")) {
            _ = try RunConfiguration.positiveInteger(text, option: "max-failures")
        }
    }

    /// A stop by the failure budget is said on stderr and in the results' notes, as a signal's is (a review saw only
    /// a not-run count); `--last-failed` on such results says the tests that did not run are not rerun; and
    /// `--fail-fast` beside another `--max-failures` is a usage error (either order quietly meant 1).
    @Test func aStopForFailuresIsSaidAndItsResultsRerunWithANote() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // UTC noon daily: the first two cases expect 13:00 (wrong on purpose), the third noon.
        let cases = (1...3).map { day in
            "  - {name: day \(day), after: 2027-01-0\(day)T00:00:00Z, next: 2027-01-0\(day)T\(day < 3 ? 13 : 12):00:00Z}"
        }.joined(separator: "\n")
        try FileManager.default.createDirectory(atPath: folder.path + "/specs", withIntermediateDirectories: true)
        try ("spec: Noon\nschedule: {id: noon, timezone: UTC, rule: {every: day, at: \"12:00\"}, nonexistent: skip, repeated: first}\n"
            + "cases:\n" + cases + "\n").write(toFile: folder.path + "/specs/noon.yaml", atomically: true, encoding: .utf8)
        let results = folder.path + "/r.json"
        let run = await CommandRun.run(folder.path + "/specs", "--max-failures", "1", "--json", results, "--quiet", "--jobs", "1")
        #expect(run.status == ExitStatus.testFailure)
        let note = "the run stopped at its first failure (--fail-fast / --max-failures 1), counted in plan order: 2 tests were not run (marked not-run in the results)"
        #expect(run.err.contains("specrun: " + note + "\n"), "\(run.err)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: results))) as? [String: Any])
        #expect(document["notes"] as? [String] == [note])
        let rerun = await CommandRun.run(folder.path + "/specs", "--last-failed", results, "--quiet")
        #expect(rerun.err.contains("also holds 2 tests that did not run (its run stopped early: --max-failures, --fail-fast or a signal); "
            + "--last-failed reruns only its failures: run without it to run those too."), "\(rerun.err)")
        for arguments in [["--fail-fast", "--max-failures", "5"], ["--max-failures", "5", "--fail-fast"]] {
            let both = await CommandRun.run([folder.path + "/specs"] + arguments)
            #expect(both.status == ExitStatus.invalidInput)
            #expect(both.err.hasPrefix("specrun: error: --fail-fast stops at the first failure and --max-failures 5 at failure number 5; give one of them."), "\(both.err)")
        }
        #expect(await CommandRun.run(folder.path + "/specs", "--fail-fast", "--max-failures", "1", "--quiet").status == ExitStatus.testFailure)
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
        let expected = "specrun: error: the results file \(path): shard: the shard \(described) is not one --shard writes "
            + "(I/N with 1 ≤ I ≤ N); give a results file written by `specrun --json` of this version.\n"
        let merge = await CommandRun.run("merge", path, "-o", folder.path + "/all.json")
        #expect(merge.status == ExitStatus.invalidInput)
        #expect(merge.err == expected)
        let report = await CommandRun.run("report", path)
        #expect(report.status == ExitStatus.invalidInput)
        #expect(report.err == expected)
    }

    /// bash leaves `~` alone after `=` and inside quotes; Foundation's URL then put the temporary file (and every
    /// folder on the way) in the real home, and the rename looked in a folder named `~`: folders left in the home,
    /// and a failed write after the whole run. Such a path is now refused before anything runs or is written.
    @Test(arguments: [
        (["specs", "--json=~/r.json"], "the path '~/r.json' (--json) starts with '~', which the shell did not expand (it does not after '=' or inside quotes); write the full path, or --json ~/r.json with a space and no quotes.", "specrun"),
        (["specs", "--artifacts", "~"], "the path '~' (--artifacts) starts with '~', which the shell did not expand (it does not after '=' or inside quotes); write the full path, or --artifacts ~ with a space and no quotes.", "specrun"),
        (["report", "r.json", "--html=~nobody/r.html"], "the path '~nobody/r.html' (--html) starts with '~', which the shell did not expand (it does not after '=' or inside quotes); write the full path, or --html ~nobody/r.html with a space and no quotes.", "specrun report"),
        (["merge", "r.json", "-o", "~/all.json"], "the path '~/all.json' (-o) starts with '~', which the shell did not expand (it does not after '=' or inside quotes); write the full path, or -o ~/all.json with a space and no quotes.", "specrun merge"),
        (["init", "~/starter"], "the path '~/starter' (init DIR) starts with '~', which the shell did not expand (it does not after '=' or inside quotes); write the full path, or ~/starter without quotes.", "specrun init"),
        (["specs", "--json="], "the option '--json' needs a path, not an empty value; e.g. --json results.json.", "specrun"),
        (["report", "r.json", "--artifacts="], "the option '--artifacts' needs a path, not an empty value; e.g. --artifacts results.", "specrun report"),
    ])
    func anOutputPathTheShellDidNotExpandOrLeftEmptyIsRefusedBeforeAnythingIsWritten(
        _ arguments: [String], _ message: String, _ command: String
    ) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        #expect(await CommandRun.run("init", folder.path + "/specs").status == ExitStatus.success)
        _ = await CommandRun.run(folder.path + "/specs", "--quiet", "--json", folder.path + "/r.json")
        let absolute = arguments.map { ["specs", "r.json"].contains($0) ? folder.path + "/" + $0 : $0 }
        let run = await CommandRun.run(absolute)
        #expect(run.status == ExitStatus.invalidInput)
        #expect(run.err == "specrun: error: \(message)\nRun '\(command) --help' for usage.\n")
        #expect(run.out.isEmpty)
    }

    /// A results file or spec path with an unexpanded `~` is read as it is written (a folder named `~`); when it is
    /// not there, the message says why it may not be.
    @Test func aPathToReadWithAnUnexpandedTildeGetsAHintWhenItIsNotThere() async {
        let report = await CommandRun.run("report", "~/no-such-results.json")
        #expect(report.err.contains("cannot read the results file '~/no-such-results.json': there is no such file; check the path (a download step that failed?). "
            + "The shell did not expand its '~' (it does not after '=' or inside quotes): write the full path.\n"))
        let run = await CommandRun.run("~/no-such-specs")
        #expect(run.err.contains("no such file or directory: '~/no-such-specs'. Give a spec file or a folder of specs. "
            + "The shell did not expand its '~' (it does not after '=' or inside quotes): write the full path.\n"))
    }

    /// A command after an option is read as a path (a claims audit's `specrun --color never check FILE` was told only
    /// that no file 'check' exists): the message says the command comes first.
    @Test func aCommandAfterAnOptionIsToldToComeFirst() async {
        let run = await CommandRun.run("--color", "never", "check", "specs/examples")
        #expect(run.status == ExitStatus.invalidInput)
        #expect(run.err.hasPrefix("specrun: error: no such file or directory: 'check'. 'check' is a command, and a command comes "
            + "first, before any option: specrun check [options] …\n"), "\(run.err)")
    }

    @Test(arguments: [("a/b.json", "b.json"), ("b.json", "b.json"), ("a/b/", "b"), ("~/x.json", "x.json"), ("~", "~"), ("/", ""), ("", "")])
    func aTemporaryFileIsNamedAfterTheTextOfThePath(_ path: String, _ name: String) {
        #expect(AtomicFile.lastComponent(path) == name)
    }

    /// A mistyped command was "No such file or directory: 'chek'" (the docs review): a first word near a command that
    /// names no file is asked about the command; another word that names nothing is told the commands too.
    @Test func aFirstWordThatIsNoCommandAndNoFileIsToldTheCommands() async throws {
        let near = await CommandRun.run("chek", "specs")
        #expect(near.status == ExitStatus.invalidInput)
        #expect(near.err.hasPrefix("specrun: error: 'chek' is neither a command nor a file or folder. Did you mean 'specrun check'? "
            + "The commands are run, check, explain, init, schema, report, merge, compare;"), "\(near.err)")
        let far = await CommandRun.run("validate")
        #expect(far.status == ExitStatus.invalidInput)
        #expect(far.err.hasPrefix("specrun: error: no such file or directory: 'validate'. Give a spec file or a folder of specs, "
            + "or one of the commands: run, check"), "\(far.err)")
        // With --help, the help it asked for, after a note that the word is no command (it read as one).
        let help = await CommandRun.run("validate", "--help")
        #expect(help.status == ExitStatus.success)
        #expect(help.err == "specrun: note: 'validate' is not a command (the commands are run, check, explain, init, schema, report, "
            + "merge, compare); the main help follows\n")
        #expect(help.out == (await CommandRun.run("--help")).out)
        // A folder of that name is run, as before (a process of its own, started in the folder's parent).
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("chek/a.yaml", ScratchSpecFolder.quickSpec("A"))
        let run = try SpecrunChild.runToEnd(try SpecrunChild.binary(), ["chek"], in: folder)
        #expect(run.status == ExitStatus.success, "\(run.stderr)")
    }

    /// Short options together, as POSIX tools take them (`-qv`, `-j1`): both were "Unknown option" (the docs review).
    @Test func shortOptionsCanBeWrittenTogether() throws {
        let parser = OptionParser(options: RunCommand.options)
        let cluster = try parser.parse(["-qvj1", "specs"])
        #expect(cluster.flag("quiet") && cluster.flag("verbose"))
        #expect(cluster.value("jobs") == "1")
        #expect(cluster.positionals == ["specs"])
        let attached = try parser.parse(["-j12", "-q", "specs"])
        #expect(attached.value("jobs") == "12" && attached.flag("quiet"))
        #expect(try OptionParser(options: MergeCommand.options).parse(["-oall.json", "a.json"]).value("output") == "all.json")
        // A letter that is no short option leaves the whole argument unknown, as a path written with a dash is.
        #expect(throws: UsageError("unknown option '-qx'.")) { try parser.parse(["-qx", "specs"]) }
        #expect(throws: UsageError("unknown option '-x.yaml'. For a path that starts with '-', write './-x.yaml', or put '--' before it.")) {
            try parser.parse(["-x.yaml"])
        }
    }

    /// The parser's own messages say what to do: a flag given a value, and a path that starts with '-'.
    @Test func aFlagWithAValueAndAPathStartingWithADashSayWhatToWrite() async {
        let flag = await CommandRun.run("check", "--quiet=yes", "specs")
        #expect(flag.err == "specrun: error: the option '--quiet' takes no value; write --quiet alone.\nRun 'specrun check --help' for usage.\n")
        let path = await CommandRun.run("init", "-/.")
        #expect(path.err == "specrun: error: unknown option '-/.'. For a path that starts with '-', write './-/.', or put '--' before it.\n"
            + "Run 'specrun init --help' for usage.\n")
        let file = await CommandRun.run("--x.yaml")
        #expect(file.err == "specrun: error: unknown option '--x.yaml'. For a path that starts with '-', write './--x.yaml', or put '--' before it.\n"
            + "Run 'specrun --help' for usage.\n")
    }

    /// A spec file in the working directory (`specrun n`) with `info-plist: ~/Info.plist`: the lint looked for the
    /// folder `~` beside it, but the scenario read the plist through Foundation's URL, which expands `~` to the home
    /// folder, outside the spec tree. Only the real process shows it: the spec's folder is the working directory.
    @Test func aFixturePathStartingWithTildeIsReadBesideTheSpecNotFromTheHomeFolder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let bug = try String(contentsOf: repository.appendingPathComponent("specs/lifecycle/bugs/01-info-plist-missing-identifier.yaml"), encoding: .utf8)
        let firstSpec = try #require(bug.components(separatedBy: "\n---\n").first)
        #expect(firstSpec.contains("info-plist: ../fixtures/Info-missing-identifier.plist"))
        try folder.write("n", firstSpec.replacingOccurrences(of: "../fixtures/Info-missing-identifier.plist", with: "~/gate.plist"))
        try FileManager.default.createDirectory(atPath: folder.path + "/~", withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: repository.appendingPathComponent("specs/lifecycle/fixtures/Info-missing-identifier.plist").path,
            toPath: folder.path + "/~/gate.plist")
        #expect(try ParentFolderTests.specrun(["n", "--strict"], in: folder.path) == ExitStatus.success)
    }

    /// Reporters turn seconds into whole numbers: an edited instant past Int's range made `specrun report --junit
    /// --html` trap (found by probing every numeric field of a real results file). Such an instant is refused: past
    /// 10^12 by the reader's scan, naming its line and column, and past the years 0001–9999 by `ResultInstant`.
    @Test(arguments: [
        ("tests.0.actual.0.epochSeconds", 1e300, ":1:*: tests[0].actual[0].epochSeconds is 1e+300, beyond any number a run writes (at most 10^12 either way: seconds across 30,000 years); give the results file as `specrun --json` wrote it."),
        ("tests.0.actual.0.epochSeconds", -1e19, ":1:*: tests[0].actual[0].epochSeconds is -1e+19, beyond any number a run writes (at most 10^12 either way: seconds across 30,000 years); give the results file as `specrun --json` wrote it."),
        ("tests.0.actual.0.epochSeconds", 5e11, ": tests[0].actual[0].epochSeconds: 500000000000.0 is outside the years 0001 to 9999 a spec's instants have; give a results file written by `specrun --json` of this version."),
    ])
    func aResultsFileWithANumberNoRunWritesIsRefusedByReport(_ place: String, _ value: Double, _ problem: String) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = try await Self.shardResults("1/1", named: "edited.json", in: folder)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        // `tests.0` and `tests[0]` stand for the first test with actual instants (a lifecycle scenario has none).
        let tests = try #require(document["tests"] as? [[String: Any]])
        let index = try #require(tests.firstIndex { !((($0["actual"] as? [Any]) ?? []).isEmpty) })
        let place = place.replacingOccurrences(of: "tests.0.", with: "tests.\(index).")
        let problem = problem.replacingOccurrences(of: "tests[0]", with: "tests[\(index)]")
        let edited = try #require(Self.setting(value, at: place.split(separator: ".")[...], in: document) as? [String: Any])
        try JSONSerialization.data(withJSONObject: edited).write(to: URL(fileURLWithPath: path))
        let report = await CommandRun.run("report", path, "--junit", folder.path + "/j.xml", "--html", folder.path + "/h.html")
        #expect(report.status == ExitStatus.invalidInput)
        let parts = problem.components(separatedBy: "*")
        let expected = "specrun: error: the results file \(path)" + parts[0]
        #expect(report.err.hasPrefix(expected) && report.err.hasSuffix(parts.last! + "\n"), "\(report.err)")
    }

    /// A duration of 1e19 s trapped JUnit's whole milliseconds: the reader refuses such a file (and JUnit caps the
    /// time it shows at 10^12 s, `JUnitReporterTests`).
    @Test(arguments: [1e19, 1.7976931348623157e308])
    func aHugeDurationIsRefusedRatherThanTrapping(_ duration: Double) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = try await Self.shardResults("1/1", named: "edited.json", in: folder)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let edited = Self.setting(duration, at: "tests.1.duration".split(separator: ".")[...],
                                  in: Self.setting(duration, at: "tests.0.duration".split(separator: ".")[...], in: document))
        try JSONSerialization.data(withJSONObject: edited).write(to: URL(fileURLWithPath: path))
        let report = await CommandRun.run("report", path, "--quiet", "--junit", folder.path + "/j.xml", "--html", folder.path + "/h.html")
        #expect(report.status == ExitStatus.invalidInput)
        #expect(report.err.contains("tests[0].duration is "), "\(report.err)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/j.xml"))
    }

    /// `document` with the value at `place` (keys, and indices as numbers) replaced.
    private static func setting(_ value: Double, at place: ArraySlice<Substring>, in document: Any) -> Any {
        guard let first = place.first else { return value }
        if var object = document as? [String: Any] {
            object[String(first)] = setting(value, at: place.dropFirst(), in: object[String(first)] as Any)
            return object
        }
        if let index = Int(first), var array = document as? [Any], array.indices.contains(index) {
            array[index] = setting(value, at: place.dropFirst(), in: array[index])
            return array
        }
        return document
    }

    /// `--filter '(.*)*X'` ran for ever (ICU backtracks, with no time limit, and SIGTERM only sets a flag); the
    /// same pattern given to `--redact` hung the report. A repeated group that repeats inside is refused.
    @Test(arguments: [
        ("(.*)*X", "(.*)*"), ("(\\w+\\s?)+$", "(\\w+\\s?)+"), ("((a)+)+", "((a)+)+"), ("(a{2,})*", "(a{2,})*"),
        ("(?:[a-z]+-)*x", "(?:[a-z]+-)*"), ("x(.+?)+?", "(.+?)+?"),
    ])
    func aGroupRepeatingARepetitionIsFound(_ pattern: String, _ group: String) {
        #expect(NestedRepetition.find(in: pattern) == group)
    }

    @Test(arguments: ["Berlin.*spring", "(spring|autumn)", "(ab)+", "[(]+.*", "\\(.*\\)*", "(a{2,3})*", "(?>.*)*X", "(.*)*+X",
                      "[]*]+(x)*", "\\Q(.*)*\\E", "[(.*)*]", "(a)(b*)", "(?=.*x)y+"])
    func aPatternWithoutNestedRepetitionIsLeftAlone(_ pattern: String) {
        #expect(NestedRepetition.find(in: pattern) == nil)
    }

    /// What the shape check misses (`(.*a){30}`, `(a|a)*$`: the crash-hunt review's, minutes on one id of forty letters
    /// and a '!') stops at ICU's time limit: a filter is refused naming the id, a redaction masks the text whole and warns.
    @Test func aFilterOrRedactionThatBacktracksPastTheShapeCheckStopsAtTheTimeLimit() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let name = String(repeating: "a", count: 40) + "!"
        try folder.write("a.yaml", """
            spec: \(name)
            schedule:
              timezone: UTC
              rule: {every: day, at: "02:30"}
              nonexistent: skip
              repeated: first
            window: {after: 2027-01-01T00:00:00Z, through: 2027-01-02T00:00:00Z}
            expect:
              occurrences: [2027-01-01T02:30:00Z]
            """)
        for pattern in ["(.*a){30}", "(a|a)*$"] {
            #expect(NestedRepetition.find(in: pattern) == nil)
            let filter = await CommandRun.run(folder.path + "/a.yaml", "--list", "--filter", pattern)
            #expect(filter.status == ExitStatus.invalidInput)
            #expect(filter.err.contains("the value '\(pattern)' is not allowed for '--filter': on the test id '\(folder.path)/a.yaml › \(name) › core' its search reached ICU's time limit"), "\(filter.err)")
        }
        let redact = await CommandRun.run(folder.path + "/a.yaml", "--redact", "(.*a){30}")
        #expect(redact.status == ExitStatus.success)
        #expect(!redact.out.contains(name))
        #expect(redact.err == "specrun: warning: the 1st --redact pattern reached ICU's time limit on a text, as a pattern does "
            + "that backtracks without end; that text and every later one it was tried on are masked whole ('[redacted]'). Repeat "
            + "only one of a group's repetitions (e.g. '.*a' for '(.*a){30}'), or make the group atomic, '(?>…)'.\n")
    }

    @Test func aFilterOrRedactionThatCouldBacktrackForEverIsRefusedBeforeAnythingRuns() async {
        let filter = await CommandRun.run("no-such-specs", "--filter", "(.*)*X")
        #expect(filter.status == ExitStatus.invalidInput)
        #expect(filter.err == "specrun: error: the value '(.*)*X' is not allowed for '--filter': its group '(.*)*' repeats something "
            + "that repeats itself, which can take ICU exponential time (a run that never ends); repeat only one of them "
            + "(e.g. '.*' for '(.*)*'), or make the group atomic, '(?>…)'.\nRun 'specrun --help' for usage.\n")
        // A --redact pattern is not quoted (it often holds the secret): the refusal says where the group is.
        let redact = await CommandRun.run("no-such-specs", "--redact", "(.*)*X")
        #expect(redact.status == ExitStatus.invalidInput)
        #expect(redact.err == "specrun: error: the 1st --redact pattern has a group (characters 1–5 of 6) that repeats something "
            + "that repeats itself, which can take ICU exponential time (a run that never ends); repeat only one of them "
            + "(e.g. '.*' for '(.*)*'), or make the group atomic, '(?>…)'. The pattern is not shown: it often holds the "
            + "secret.\nRun 'specrun --help' for usage.\n")
    }
}
