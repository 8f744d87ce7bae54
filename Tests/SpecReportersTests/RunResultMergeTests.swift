import SpecDiagnostics
import SpecResults
import Testing

@Suite struct RunResultMergeTests {
    /// Splits the fixture like a sharded run would: alternate tests, each shard knowing only its own files.
    static func halves(of whole: RunResult) -> (RunResult, RunResult) {
        func shard(_ tests: [TestResult], _ diagnostics: [Diagnostic]) -> RunResult {
            let files = Set(tests.map(\.file) + diagnostics.compactMap { $0.location?.file })
            return RunResult(environment: whole.environment, files: files.sorted(), diagnostics: diagnostics,
                             tests: tests, strict: whole.strict)
        }
        let even = whole.tests.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
        let odd = whole.tests.enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        return (shard(odd.reversed(), [whole.diagnostics[1]]), shard(even, [whole.diagnostics[0]]))
    }

    @Test func mergingTwoHalvesGivesTheWholeRun() throws {
        let (first, second) = Self.halves(of: RunResultFixture.run)
        #expect(first.tests.count + second.tests.count == RunResultFixture.run.tests.count)
        #expect(try RunResult.merging([first, second]) == RunResultFixture.run)
        #expect(try RunResult.merging([second, first]) == RunResultFixture.run)
    }

    /// A fixed deviation in one shard whose spec's other case deviates in another: the shard alone said the other case
    /// did not run (or "remove it"); the merge, where they meet, says the entry must stay (a review's sharded run said
    /// "remove it", and removing it failed the gap day).
    @Test func aFixedDeviationMeetsItsSpecsDeviatingCaseInTheMerge() throws {
        func test(_ caseName: String, _ status: TestStatus, code: String? = nil) -> TestResult {
            let diagnostics = code.map { [Diagnostic(code: $0, severity: .warning, location: SourceLocation(file: "lh.yaml", line: 4, column: 3),
                                                     message: "'foundation' passes '\(caseName)'")] } ?? []
            return TestResult(id: "lh.yaml › Lord Howe › \(caseName) › foundation", file: "lh.yaml", line: 7, spec: "Lord Howe",
                              caseName: caseName, engine: "foundation", status: status, duration: 0,
                              message: status == .fixedDeviation ? "passed although a known deviation is declared" : nil,
                              deviationReason: "skips a day", diagnostics: diagnostics)
        }
        let environment = RunResultFixture.run.environment
        let first = RunResult(environment: environment, files: ["lh.yaml"], diagnostics: [],
                              tests: [test("summer", .fixedDeviation, code: FixedDeviationSiblings.othersNotRun)])
        let second = RunResult(environment: environment, files: ["lh.yaml"], diagnostics: [], tests: [test("the gap day", .knownDeviation)])
        let merged = try RunResult.merging([first, second])
        let fixed = try #require(merged.tests.first { $0.status == .fixedDeviation })
        #expect(fixed.diagnostics.map(\.code) == [FixedDeviationSiblings.inOtherCases])
        #expect(fixed.diagnostics.first?.message.contains("but 1 other case of this spec still deviates on it ('the gap day')") == true,
                "\(fixed.diagnostics)")
        // Without the deviating case, the shard's own advice stays.
        let alone = try RunResult.merging([first])
        #expect(alone.tests.first?.diagnostics.map(\.code) == [FixedDeviationSiblings.othersNotRun])
    }

    /// A hostile review's merges: a shard said "remove it" for a foundation test whose core test failed in another
    /// shard (the whole run says `deviation-expected`), and a shard named as not run a case another shard ran.
    @Test func aMergeTellsAFixedDeviationAnewFromTheCasesItsShardsRan() throws {
        func test(_ caseName: String, _ engine: String, _ status: TestStatus, code: String? = nil, notRun: [String]? = nil) -> TestResult {
            let diagnostics = code.map { [Diagnostic(code: $0, severity: .warning, location: SourceLocation(file: "lh.yaml", line: 4, column: 3),
                                                     message: "'foundation' passes '\(caseName)'")] } ?? []
            var result = TestResult(id: "lh.yaml › Lord Howe › \(caseName) › \(engine)", file: "lh.yaml", line: 7, spec: "Lord Howe",
                                    caseName: caseName, engine: engine, status: status, duration: 0,
                                    message: status == .fixedDeviation ? FixedDeviationSiblings.fixedMessage : nil,
                                    deviationReason: engine == "foundation" ? "skips a day" : nil, diagnostics: diagnostics)
            result.casesNotRun = notRun
            return result
        }
        func run(_ tests: TestResult...) -> RunResult {
            RunResult(environment: RunResultFixture.run.environment, files: ["lh.yaml"], diagnostics: [], tests: tests)
        }
        // The core test of the same case failed in the other shard: check the expectation, do not remove the entry.
        let coreFailed = try RunResult.merging([run(test("gap", "foundation", .fixedDeviation, code: FixedDeviationSiblings.fixed)),
                                                run(test("gap", "core", .failed))])
        let expected = try #require(coreFailed.tests.first { $0.status == .fixedDeviation })
        #expect(expected.diagnostics.map(\.code) == [FixedDeviationSiblings.expected])
        #expect(expected.message?.contains("while the core engine fails this test") == true, "\(expected.message ?? "")")

        // Each shard named the other's case as not run; together only 'gap' is missing.
        let summer = test("summer", "foundation", .fixedDeviation, code: FixedDeviationSiblings.othersNotRun, notRun: ["gap", "winter"])
        let winter = test("winter", "foundation", .fixedDeviation, code: FixedDeviationSiblings.othersNotRun, notRun: ["gap", "summer"])
        let partial = try RunResult.merging([run(summer), run(winter)])
        for fixed in partial.tests {
            #expect(fixed.casesNotRun == ["gap"])
            #expect(fixed.diagnostics.map(\.code) == [FixedDeviationSiblings.othersNotRun])
            #expect(fixed.diagnostics.first?.message.contains("but 1 other case of this spec did not run here ('gap': ") == true,
                    "\(fixed.diagnostics)")
        }
        // With the shard that ran 'gap' and found it fixed too, nothing is missing: remove the entry.
        let gap = test("gap", "foundation", .fixedDeviation, code: FixedDeviationSiblings.othersNotRun, notRun: ["summer", "winter"])
        let whole = try RunResult.merging([run(summer), run(winter), run(gap)])
        for fixed in whole.tests {
            #expect(fixed.casesNotRun == nil)
            #expect(fixed.message == FixedDeviationSiblings.fixedMessage)
            #expect(fixed.diagnostics.map(\.code) == [FixedDeviationSiblings.fixed])
            #expect(fixed.diagnostics.first?.message == FixedDeviationSiblings.fixedEntry(engine: "foundation"))
        }
        // A merge of one shard gives it back as it was.
        #expect(try RunResult.merging([run(summer)]).tests == [summer])
    }

    @Test func mergingOneRunGivesItBack() throws {
        #expect(try RunResult.merging([RunResultFixture.run]) == RunResultFixture.run)
    }

    @Test func mergingNothingIsAnError() {
        #expect(throws: RunResultMergeError.noShards) { try RunResult.merging([]) }
        #expect(RunResultMergeError.noShards.description == "Nothing to merge: give at least one results file.")
    }

    @Test func overlappingShardsKeepEachTestAndDiagnosticOnce() throws {
        let whole = RunResultFixture.run
        #expect(try RunResult.merging([whole, whole]) == whole)
    }

    @Test func aTestThatRanWinsOverNotRun() throws {
        var interrupted = RunResultFixture.run
        interrupted.tests = [RunResultFixture.nightlyPassed]
        interrupted.tests[0].status = .notRun
        var finished = RunResultFixture.run
        finished.tests = [RunResultFixture.nightlyPassed]
        let merged = try RunResult.merging([interrupted, finished])
        #expect(merged.tests.map(\.status) == [.passed])
        #expect(merged.notes.isEmpty)
    }

    /// Two results of one test keep the failure, in either order, and say so: a shard given twice, once passing, once
    /// failing, kept the first given and hid the failure from `compare` (the compare review).
    @Test(arguments: [false, true])
    func conflictingResultsKeepTheFailureAndSaySo(failureFirst: Bool) throws {
        var failing = RunResultFixture.run
        failing.tests = [RunResultFixture.firstValidFailed]
        var passing = failing
        passing.tests[0].status = .passed
        let merged = try RunResult.merging(failureFirst ? [failing, passing] : [passing, failing], labels: ["a.json", "b.json"])
        #expect(merged.tests.map(\.status) == [.failed])
        let statuses = failureFirst ? "(failed) and in b.json (passed); kept a.json's" : "(passed) and in b.json (failed); kept b.json's"
        #expect(merged.notes == [
            "specs/recurrence/berlin-spring.yaml › Berlin 02:30, one search per policy › spring gap, first valid time › "
                + "core is in a.json \(statuses) result",
        ])
    }

    /// One shard under `--strict` makes the merge strict, whatever the order of the inputs (it kept the first's).
    @Test(arguments: [false, true])
    func aStrictShardMakesTheMergeStrict(strictFirst: Bool) throws {
        var strict = RunResultFixture.run
        strict.strict = true
        var lenient = RunResultFixture.run
        lenient.strict = false
        let merged = try RunResult.merging(strictFirst ? [strict, lenient] : [lenient, strict])
        #expect(merged.strict)
        #expect(merged.notes.contains { $0.hasSuffix("the merged result is strict") })
    }

    @Test func shardsFromAnotherToolchainAreNotedAndTheirZonesKept() throws {
        var first = RunResultFixture.run
        first.tests = [RunResultFixture.nightlyPassed]
        var second = first
        second.tests = [RunResultFixture.saoPauloSkipped]
        second.environment.tzdataVersion = "2024a"
        second.environment.zones = ["America/Sao_Paulo"]
        second.environment.startTime = "2026-05-04T08:00:05Z"
        second.environment.commandLine = ["specrun", "--shard", "2/2", "specs/"]
        let merged = try RunResult.merging([first, second])
        #expect(merged.environment.tzdataVersion == "2025b")
        #expect(merged.environment.startTime == first.environment.startTime)
        #expect(merged.environment.zones == ["America/Sao_Paulo", "Europe/Berlin"])
        #expect(merged.notes == ["shard 2 ran with a different toolchain than shard 1: tzdataVersion 2024a (not 2025b)"])
        #expect(merged.tests.map(\.file) == [RunResultFixture.berlinSpring, RunResultFixture.edgeCases])
    }

    /// CI machines that build the same sources in other folders link other build IDs: a merge names a build only when
    /// every shard names the same one, says so otherwise, and does not call it another toolchain.
    @Test func shardsOfOneBuildKeepItAndShardsOfTwoNameNone() throws {
        var first = RunResultFixture.run
        first.tests = [RunResultFixture.nightlyPassed]
        first.environment.specrunBuild = "aaaa"
        var second = first
        second.tests = [RunResultFixture.saoPauloSkipped]
        #expect(try RunResult.merging([first, second]).environment.specrunBuild == "aaaa")
        #expect(try RunResult.merging([first, second]).notes == [])
        second.environment.specrunBuild = "bbbb"
        let merged = try RunResult.merging([first, second])
        #expect(merged.environment.specrunBuild == nil)
        #expect(merged.notes == ["the shards were written by 2 specrun builds (aaaa, bbbb); the merged results name none"])
    }

    /// A shard written before `timezone: UTC` was named `UTC` lists `Etc/UTC`; merged with a newer shard, the zone
    /// was listed twice (`["Etc/UTC", "Europe/Berlin", "UTC"]`). The merged environment names it as a run writes it now.
    @Test func aShardWrittenBeforeTheUTCNameAndANewerOneNameUTCOnce() throws {
        var old = RunResultFixture.run
        old.tests = [RunResultFixture.nightlyPassed]
        old.environment.zones = ["Etc/UTC", "Europe/Berlin"]
        var new = old
        new.tests = [RunResultFixture.saoPauloSkipped]
        new.environment.zones = ["America/Sao_Paulo", "UTC"]
        #expect(try RunResult.merging([old, new]).environment.zones == ["America/Sao_Paulo", "Europe/Berlin", "UTC"])
        #expect(try RunResult.merging([new, old]).environment.zones == ["America/Sao_Paulo", "Europe/Berlin", "UTC"])
        // Old shards alone: the merged document is written now, so it uses today's name too.
        #expect(try RunResult.merging([old]).environment.zones == ["Europe/Berlin", "UTC"])
        #expect(Environment.zoneName("Etc/UTC") == "UTC" && Environment.zoneName("Etc/GMT") == "Etc/GMT")
    }

    /// The fixture cut into `count` shards the way `--shard I/N` would, each recording its shard.
    static func shards(_ count: Int, of whole: RunResult) -> [RunResult] {
        (1...count).map { index in
            var shard = whole
            shard.shard = Shard(index: index, count: count)
            shard.tests = whole.tests.filter { Shard(index: index, count: count).contains(id: $0.id) }
            return shard
        }
    }

    @Test func everyShardMergedNamesNothingMissingAndRecordsNoShard() throws {
        let shards = Self.shards(3, of: RunResultFixture.run)
        #expect(shards.filter { !$0.tests.isEmpty }.count >= 2)
        let merged = try RunResult.merging(shards.reversed())
        #expect(merged.notes.isEmpty)
        #expect(merged.shard == nil)
        #expect(merged.tests == RunResultFixture.run.tests)
        #expect(Shard.missing(from: shards.compactMap(\.shard)).isEmpty)
    }

    /// A shard whose job died before it uploaded: the merge of the rest looks whole unless it says so.
    @Test func missingAndRepeatedShardsAreNamed() throws {
        let shards = Self.shards(4, of: RunResultFixture.run)
        let merged = try RunResult.merging([shards[0], shards[2], shards[0]], labels: ["a.json", "c.json", "a-again.json"])
        #expect(merged.notes == [
            "shard 1/4 is given twice: a.json and a-again.json",
            "shards 2/4, 4/4 are missing: the merged results hold only part of the suite",
        ])
        #expect(Shard.missing(from: [shards[0], shards[2]].compactMap(\.shard)) == [Shard(index: 2, count: 4), Shard(index: 4, count: 4)])
    }

    @Test func shardsOfDifferentCutsAndAWholeRunAreNamed() throws {
        let four = Self.shards(4, of: RunResultFixture.run)
        let two = Self.shards(2, of: RunResultFixture.run)
        let merged = try RunResult.merging([four[0], two[1], RunResultFixture.run], labels: ["q1.json", "h2.json", "all.json"])
        // The whole run holds every test, so no shard is called missing.
        #expect(merged.notes == [
            "the results were cut into different numbers of shards (of 2, of 4); merge the shards of one run",
            "all.json is a whole run, not a shard; its tests may repeat those of the shards",
        ])
        #expect(merged.tests == RunResultFixture.run.tests)
    }

    /// A CI job merges the shards that arrived, then merges that partial merge with the shard that came late: the
    /// second merge is the whole run, says nothing is missing, and its input's old "missing" note is not carried.
    @Test func aPartialMergeMergedWithItsMissingShardIsTheWholeRun() throws {
        let shards = Self.shards(3, of: RunResultFixture.run)
        let partial = try RunResult.merging([shards[0], shards[1]], labels: ["s1.json", "s2.json"])
        #expect(partial.mergedShards == [Shard(index: 1, count: 3), Shard(index: 2, count: 3)])
        #expect(partial.heldShards == partial.mergedShards)
        #expect(partial.notes == ["shard 3/3 is missing: the merged results hold only part of the suite"])

        let whole = try RunResult.merging([partial, shards[2]], labels: ["m12.json", "s3.json"])
        #expect(whole.mergedShards == nil && whole.shard == nil && whole.heldShards == nil)
        #expect(whole.notes.isEmpty)
        #expect(whole.tests == RunResultFixture.run.tests)

        // Given a shard it already holds, the partial merge is named as holding it twice, and 3/3 is still missing.
        let again = try RunResult.merging([partial, shards[1]], labels: ["m12.json", "s2.json"])
        #expect(again.notes == [
            "shard 2/3 is given twice: m12.json and s2.json",
            "shard 3/3 is missing: the merged results hold only part of the suite",
        ])
        #expect(again.mergedShards == partial.mergedShards)
    }

    /// Shards of two cuts hold every test when together they cover every hash: no shard is missing then.
    @Test func shardsOfTwoCutsThatCoverEveryTestMissNothing() throws {
        let three = Self.shards(3, of: RunResultFixture.run)
        let two = Self.shards(2, of: RunResultFixture.run)
        let merged = try RunResult.merging(three + [two[0]], labels: ["t1", "t2", "t3", "h1"])
        #expect(merged.notes == ["the results were cut into different numbers of shards (of 2, of 3); merge the shards of one run"])
        #expect(merged.mergedShards == nil)

        func shard(_ text: String) -> Shard { Shard(parsing: text)! }
        // 1/2 holds the hashes 0 and 2 modulo 4; 2/4 and 4/4 the others.
        #expect(Shard.missing(from: [shard("1/2"), shard("2/4"), shard("4/4")]).isEmpty)
        // 1/3 and 2/3 with 1/2 miss the hashes 5 modulo 6: 3/3 and 2/2 are each missing.
        #expect(Shard.missing(from: [shard("1/3"), shard("2/3"), shard("1/2")]) == [shard("2/2"), shard("3/3")])
        // Counts whose common multiple is past the residue bound are judged per count, and never overflow.
        #expect(Shard.missing(from: [shard("1/\(Int.max)"), shard("1/1000003")], limit: 2) == [shard("2/1000003"), shard("3/1000003")])
        #expect(Shard.missing(from: [shard("1/1"), shard("1/\(Int.max)")]).isEmpty)
    }

    /// The same test in two results files took different times: that is not a conflict worth a note.
    @Test func theSameResultWithAnotherDurationIsNoConflict() throws {
        var slower = RunResultFixture.run
        slower.tests = slower.tests.map { test in
            var test = test
            test.duration += 1.5
            return test
        }
        #expect(try RunResult.merging([RunResultFixture.run, slower]).notes.isEmpty)
    }

    /// A case of the spec that another shard did not run (it was interrupted: `not-run`) is still a case not run: the
    /// fixed deviation keeps naming it, and does not say to remove the entry (mutation B13 read a `not-run` test as
    /// run, and told to remove an entry that may still cover 'gap').
    @Test func aCaseAnotherShardDidNotRunIsStillNamedAsNotRun() throws {
        func test(_ caseName: String, _ status: TestStatus, code: String? = nil, notRun: [String]? = nil) -> TestResult {
            let diagnostics = code.map { [Diagnostic(code: $0, severity: .warning, location: SourceLocation(file: "lh.yaml", line: 4, column: 3),
                                                     message: "'foundation' passes '\(caseName)'")] } ?? []
            var result = TestResult(id: "lh.yaml › Lord Howe › \(caseName) › foundation", file: "lh.yaml", line: 7, spec: "Lord Howe",
                                    caseName: caseName, engine: "foundation", status: status, duration: 0,
                                    message: status == .fixedDeviation ? FixedDeviationSiblings.fixedMessage : nil,
                                    deviationReason: "skips a day", diagnostics: diagnostics)
            result.casesNotRun = notRun
            return result
        }
        func run(_ tests: TestResult...) -> RunResult {
            RunResult(environment: RunResultFixture.run.environment, files: ["lh.yaml"], diagnostics: [], tests: tests)
        }
        let summer = test("summer", .fixedDeviation, code: FixedDeviationSiblings.othersNotRun, notRun: ["gap"])
        let merged = try RunResult.merging([run(summer), run(test("gap", .notRun))])
        let fixed = try #require(merged.tests.first { $0.status == .fixedDeviation })
        #expect(fixed.casesNotRun == ["gap"])
        #expect(fixed.diagnostics.map(\.code) == [FixedDeviationSiblings.othersNotRun], "\(fixed.diagnostics)")
    }
}
