import SpecDiagnostics
@testable import SpecReporters
@testable import SpecResults
import Testing

/// `specrun compare`'s model and text on the fixed run: what counts as a regression, and the two ways a test can go
/// missing from NEW that are not a removal (its file became invalid; the run was started with another path).
struct RunComparisonTests {
    private typealias Fixture = RunResultFixture

    /// The fixed run without its test that did not run (the fixture stops after `--max-failures 1`): a NEW with a
    /// test not run holds only part of the suite, which most comparisons here are not about.
    static let run: RunResult = {
        var run = RunResultFixture.run
        run.tests.removeAll { $0.status == .notRun }
        return run
    }()

    /// `run` as an interrupted run writes it: every test `not-run`, with no instants.
    private func interrupted(_ run: RunResult, saying message: String? = nil) -> RunResult {
        var stopped = run
        stopped.tests = run.tests.map { test in
            var notRun = test
            notRun.status = .notRun
            notRun.actual = []
            notRun.message = message ?? test.message
            return notRun
        }
        return stopped
    }

    private func render(_ comparison: RunComparison) -> String {
        ComparisonReporter(color: false, glyphs: .unicode).render(comparison, oldName: "old.json", newName: "new.json")
    }

    /// The fixture run with every test's path (and so its id) starting with `prefix`.
    private func prefixingPaths(with prefix: String) -> RunResult {
        var run = Self.run
        run.tests = run.tests.map { test in
            var moved = test
            moved.file = prefix + test.file
            moved.id = TestResult.makeID(file: moved.file, spec: test.spec, caseName: test.caseName, engine: test.engine)
            return moved
        }
        return run
    }

    @Test func theSameRunTwiceHasNoChangesAndNoRegression() {
        let comparison = RunComparison(old: Self.run, new: Self.run)
        #expect(comparison.changes.isEmpty)
        #expect(!comparison.regressed)
        #expect(comparison.respelledFiles.isEmpty)
        #expect(render(comparison).hasSuffix("\nno changes — no regressions\n"))
    }

    @Test func aTestThatPassedAndFailsNowIsARegression() {
        var new = Self.run
        let index = new.tests.firstIndex { $0.id == Fixture.nightlyPassed.id }!
        new.tests[index].status = .failed
        new.tests[index].message = "expected 3 occurrences, got 2"
        let comparison = RunComparison(old: Self.run, new: new)
        #expect(comparison.changes.map(\.kind) == [.newlyFailing])
        #expect(comparison.regressed)
        #expect(render(comparison).contains("Newly failing (1)\n  \(Fixture.nightlyPassed.id)  passed → failed  (line \(Fixture.nightlyPassed.line))\n      expected 3 occurrences, got 2\n"))
    }

    /// An annotated deviation that the old toolchain did not have (it was a fixed deviation there, or it failed
    /// before the annotation) is newly deviating: before, such a test vanished from the comparison.
    @Test(arguments: [TestStatus.fixedDeviation, .failed, .passed])
    func aKnownDeviationThatWasNotOneBeforeIsNewlyDeviating(before: TestStatus) {
        var old = Self.run
        let index = old.tests.firstIndex { $0.id == Fixture.autumnKnown.id }!
        old.tests[index].status = before
        let comparison = RunComparison(old: old, new: Self.run)
        #expect(comparison.changes.map(\.kind) == [.newlyDeviating])
        #expect(comparison.changes.first?.new?.id == Fixture.autumnKnown.id)
        #expect(!comparison.regressed)
    }

    /// A test that passed and is a fixed deviation now (its spec gained a deviation this engine does not have) is
    /// listed with the reason to remove: an app team's review saw it vanish from the comparison. It fails the
    /// comparison only when NEW ran under `--strict`, where it failed that run.
    @Test(arguments: [false, true])
    func aPassThatIsAFixedDeviationNowIsListed(strict: Bool) {
        var old = Self.run
        let index = old.tests.firstIndex { $0.id == Fixture.firstValidFixed.id }!
        old.tests[index].status = .passed
        old.tests[index].deviationReason = nil
        var new = Self.run
        new.strict = strict
        let comparison = RunComparison(old: old, new: new)
        // Under `--strict` a fixed deviation fails its run: newly failing.
        #expect(comparison.changes.map(\.kind) == [strict ? .newlyFailing : .nowFixedDeviation])
        #expect(comparison.regressed == strict)
        let text = render(comparison)
        let reason = Fixture.firstValidFixed.deviationReason!
        #expect(text.contains((strict ? "Newly failing" : "Now a fixed deviation") + " (1)\n  \(Fixture.firstValidFixed.id)  passed → fixed-deviation  (line \(Fixture.firstValidFixed.line))\n"
            + (strict ? "      passes, and its spec declares a deviation (\"\(reason)\"), which fails a run under --strict: remove the annotation\n"
                : "      passes, and its spec declares a deviation (\"\(reason)\"): remove the annotation\n")), "\(text)")
        #expect(text.hasSuffix(strict ? "1 newly failing — regressed\n" : "1 now a fixed deviation — no regressions\n"))
    }

    /// A zone renamed in a newer tzdata makes its specs `unknown time zone`: their file is invalid, its tests do not
    /// run, and before this rule they showed as "removed" and the comparison passed.
    @Test func testsWhoseFileIsInvalidNowDidNotRunAndThatIsARegression() {
        var new = Self.run
        new.tests.removeAll { $0.file == Fixture.berlinSpring }
        let unknownZone = Diagnostic(
            code: "unknown-zone", location: SourceLocation(file: Fixture.berlinSpring, line: 3, column: 13),
            message: "unknown time zone 'Europe/Berlin'")
        new.diagnostics.append(unknownZone)
        let comparison = RunComparison(old: Self.run, new: new)
        let gone = Self.run.tests.filter { $0.file == Fixture.berlinSpring }
        #expect(gone.count == 5)
        #expect(comparison.changes.map(\.kind) == Array(repeating: .notRun, count: gone.count))
        #expect(comparison.changes.compactMap(\.old?.id) == gone.map(\.id))
        #expect(comparison.regressed)
        #expect(comparison.invalidNow == [Fixture.typo, Fixture.berlinSpring])
        #expect(comparison.invalidBefore == [Fixture.typo])
        let text = render(comparison)
        #expect(text.contains("""
            Invalid spec files: 2 files in NEW, 1 in OLD (1 newly invalid: a regression)
              now     specs/invalid/typo.yaml:4:3: unknown key 'timezon' in schedule; did you mean 'timezone'?
              newly   specs/recurrence/berlin-spring.yaml:3:13: unknown time zone 'Europe/Berlin'

            Not run, file invalid (5)
            """), "\(text)")
        #expect(text.hasSuffix("\n5 not run, file invalid — regressed\n"))
    }

    /// The same tests gone without an error in their file: the file was deleted or renamed, nothing regressed.
    @Test func testsGoneWithoutAnErrorInTheirFileAreRemoved() {
        var new = Self.run
        new.tests.removeAll { $0.file == Fixture.berlinSpring }
        let comparison = RunComparison(old: Self.run, new: new)
        #expect(Set(comparison.changes.map(\.kind)) == [.removed])
        #expect(!comparison.regressed)
        #expect(comparison.respelledFiles.isEmpty)
    }

    /// An interrupted NEW lists the tests it did not run under "Did not run", not as removed: the note says where they
    /// are ("show as removed" stood above an empty "Removed", a CI review).
    @Test func anInterruptedNewSaysItsTestsAreUnderDidNotRun() {
        let comparison = RunComparison(old: Self.run, new: interrupted(Self.run))
        let text = render(comparison)
        #expect(text.contains("  NEW holds only part of the suite: the tests it did not run show under \"Did not run\", and any of them "
            + "may fail there\n"), "\(text)")
        #expect(!text.contains("show as removed"), "\(text)")
    }

    /// A NEW merged without a shard lacks tests that may fail there: the comparison shows both documents' notes and
    /// fails rather than say "no regressions" about tests it never saw.
    @Test func aNewThatLacksPartOfTheSuiteShowsItsNotesAndFails() {
        var new = Self.run
        new.tests.removeAll { $0.file == Fixture.berlinSpring }
        new.notes = ["shards 2/4, 4/4 are missing: " + RunResult.missingShardsNoteEnding]
        var old = Self.run
        old.notes = ["shard-2.json ran with a different toolchain than shard-1.json: tzdataVersion 2025a (not 2025b)"]
        let comparison = RunComparison(old: old, new: new)
        #expect(!comparison.regressed)
        #expect(comparison.incompleteNew == new.notes)
        #expect(comparison.fails)
        let text = render(comparison)
        #expect(text.contains("""

            Notes
              NEW  shards 2/4, 4/4 are missing: the merged results hold only part of the suite
              OLD  shard-2.json ran with a different toolchain than shard-1.json: tzdataVersion 2025a (not 2025b)
              NEW holds only part of the suite: the tests it lacks show as removed, and any of them may fail there

            """), "\(text)")
        #expect(text.hasSuffix("\n5 removed — NEW holds only part of the suite, so it cannot show that nothing regressed\n"), "\(text)")

        // The other way round nothing is hidden: OLD's missing tests come back as added, a failing one as newly failing.
        let reversed = RunComparison(old: new, new: old)
        #expect(reversed.incompleteNew.isEmpty)
        #expect(reversed.changes(.newlyFailing).map(\.id) == [Fixture.firstValidFailed.id])
        #expect(reversed.fails == reversed.regressed)
        #expect(render(reversed).hasSuffix(" — regressed\n"))
    }

    /// A NEW stopped by a signal while it read its spec files lacks their tests the same way as a merge that lacks a
    /// shard: it cannot show that nothing regressed. Another note of NEW's does not count.
    @Test func aNewThatDidNotReadAllItsSpecFilesFails() {
        var new = Self.run
        new.tests.removeAll { $0.file == Fixture.berlinSpring }
        let unread = "the run was stopped while spec files were read: 1 of 2 were not read (\(Fixture.berlinSpring)), "
            + RunResult.unreadFilesNoteEnding
        new.notes = [unread, "shard-2.json ran with a different toolchain than shard-1.json: tzdataVersion 2025a (not 2025b)"]
        let comparison = RunComparison(old: Self.run, new: new)
        #expect(!comparison.regressed)
        #expect(comparison.incompleteNew == [unread])
        #expect(comparison.fails)
    }

    /// `specrun specs/` in the checkout and `specrun .` in specs/: every id differs by its path's prefix.
    @Test func aRunStartedWithOtherPathsIsNamedAsSuch() {
        let comparison = RunComparison(old: Self.run, new: prefixingPaths(with: "/ci/checkout/"))
        #expect(comparison.respelledFiles.map(\.old) == [Fixture.catchUp, Fixture.berlinSpring, Fixture.edgeCases])
        #expect(comparison.respelledFiles.map(\.new) == comparison.respelledFiles.map { "/ci/checkout/" + $0.old })
        #expect(comparison.respelledFiles.map(\.tests).reduce(0, +) == Self.run.tests.count)
        let text = render(comparison)
        #expect(text.contains("\nNote: \(Self.run.tests.count) tests ran under another spelling of their files' paths (test ids hold each "
            + "path as given on the command line); they were matched by spec, case and engine and compared. Run both from the same "
            + "folder with the same path arguments for ids that match.\n"
            + "  specs/lifecycle/catch-up.yaml → /ci/checkout/specs/lifecycle/catch-up.yaml (2 tests)\n"), "\(text)")
        // Matched, they are compared: nothing changed, nothing added or removed.
        #expect(comparison.changes.isEmpty && comparison.matchedAcrossFiles == Self.run.tests.count && comparison.movedFiles.isEmpty)
        #expect(text.hasSuffix("\nno changes — no regressions\n"), "\(text)")
        // A changed instant under the other spelling is listed (a maintenance review: two team members' runs from two
        // folders read "1188 added, 1188 removed" and showed no change).
        var changed = prefixingPaths(with: "/ci/checkout/")
        let index = changed.tests.firstIndex { $0.spec == Fixture.nightlyPassed.spec && $0.caseName == Fixture.nightlyPassed.caseName
            && $0.engine == Fixture.nightlyPassed.engine }!
        changed.tests[index].actual[0].epochSeconds += 3600
        #expect(RunComparison(old: Self.run, new: changed).changes.map(\.kind) == [.changedInstants])
    }

    /// A renamed or split spec file: its tests are matched by spec name, case and engine (unique in a run), compared,
    /// and listed as moved; a spec lost on the way stays removed, so it no longer hides among "N added, N removed"
    /// (a maintenance review).
    @Test func testsMovedToAnotherFileAreMatchedAndALostOneStaysRemoved() {
        var new = Self.run
        let lost = new.tests.first { $0.file == Fixture.berlinSpring }!
        new.tests.removeAll { $0.id == lost.id }
        new.tests = new.tests.map { test in
            guard test.file == Fixture.berlinSpring else { return test }
            var moved = test
            moved.file = "specs/berlin/spring.yaml"
            moved.id = TestResult.makeID(file: moved.file, spec: test.spec, caseName: test.caseName, engine: test.engine)
            return moved
        }
        let movedCount = Self.run.tests.filter { $0.file == Fixture.berlinSpring }.count - 1
        let comparison = RunComparison(old: Self.run, new: new)
        #expect(comparison.changes.map(\.kind) == [.removed])
        #expect(comparison.changes.first?.old?.id == lost.id)
        #expect(comparison.movedFiles.map { [$0.old, $0.new, String($0.tests)] } == [[Fixture.berlinSpring, "specs/berlin/spring.yaml", String(movedCount)]])
        let text = render(comparison)
        #expect(text.contains("\nMoved to another file (\(movedCount) test\(movedCount == 1 ? "" : "s")): matched by spec, case and engine, and "
            + "compared; not listed as removed or added\n  \(Fixture.berlinSpring) → specs/berlin/spring.yaml"), "\(text)")
        #expect(text.hasSuffix("\n1 removed, \(movedCount) moved — no regressions\n"), "\(text)")

        // Two added tests of one spec, case and engine (a copy) match nothing: both added, the old one removed.
        var copied = new
        copied.tests += new.tests.filter { $0.file == "specs/berlin/spring.yaml" }.map { test in
            var copy = test
            copy.file = "specs/berlin/copy.yaml"
            copy.id = TestResult.makeID(file: copy.file, spec: test.spec, caseName: test.caseName, engine: test.engine)
            return copy
        }
        let ambiguous = RunComparison(old: Self.run, new: copied)
        #expect(ambiguous.movedFiles.isEmpty && ambiguous.changes.filter { $0.old == nil }.count == 2 * movedCount, "\(ambiguous.changes.map(\.kind))")
    }

    /// Every change of status is listed under some kind, and exactly the ones a CI gate must stop at are
    /// regressions: a test failing in NEW that did not fail in OLD, or not run in NEW (the compare review: an
    /// interrupted NEW in which nothing ran, failed → skipped, passed → skipped and fixed → passed went unlisted or
    /// passed the gate).
    @Test func everyChangeOfStatusIsListedAndOnlyFailuresAndTestsNotRunRegress() {
        let statuses: [TestStatus] = [.passed, .failed, .error, .skipped, .knownDeviation, .fixedDeviation, .notRun]
        for before in statuses {
            for after in statuses where after != before {
                var old = Self.run, new = Self.run
                let index = old.tests.firstIndex { $0.id == Fixture.nightlyPassed.id }!
                old.tests[index].status = before
                new.tests[index].status = after
                let comparison = RunComparison(old: old, new: new)
                #expect(comparison.changes.count == 1, "\(before) → \(after): \(comparison.changes.map(\.kind))")
                // A failure not seen in OLD, or any test NEW did not run (nobody knows what it does there).
                let gate = (after.isFailure && !before.isFailure) || after == .notRun
                #expect(comparison.regressed == gate, "\(before) → \(after): \(comparison.changes.map(\.kind))")
                #expect(render(comparison).contains("\(before.rawValue) → \(after.rawValue)"), "\(before) → \(after)")
            }
        }
    }

    /// A NEW interrupted before any test ran (every test `not-run`) regressed: it showed 1,886 "changed instants"
    /// with `now: none` and "no regressions" (the compare review).
    @Test func aNewInWhichNothingRanRegressed() {
        let new = interrupted(Self.run, saying: "not run: the run was interrupted (SIGTERM)")
        let comparison = RunComparison(old: Self.run, new: new)
        #expect(comparison.regressed)
        #expect(comparison.changes(.changedInstants).isEmpty)
        let notRunBefore = Self.run.tests.filter { $0.status == .notRun }.count
        #expect(comparison.changes(.newlyNotRun).count == Self.run.tests.count - notRunBefore)
        let text = render(comparison)
        #expect(text.contains("Did not run ("), "\(text)")
        #expect(!text.contains("now (0 of"), "a test that did not run produced no instants to compare: \(text)")
        // One message for the whole run of tests that give the same one, not one per test.
        #expect(text.components(separatedBy: "not run: the run was interrupted (SIGTERM)").count == 2, "\(text)")
        #expect(text.hasSuffix("— regressed; NEW holds only part of the suite\n"), "\(text)")
    }

    /// An interrupted run of 1,971 tests printed 1,979 lines: tests not run, added or removed show their first 20.
    @Test func longListsOfTestsNotRunShowTheirFirstTwenty() {
        var old = Self.run
        old.tests = (1...25).map { index in
            var test = Fixture.nightlyPassed
            test.spec = "Nightly \(index)"
            test.id = TestResult.makeID(file: test.file, spec: test.spec, caseName: nil, engine: test.engine)
            return test
        }
        let text = render(RunComparison(old: old, new: interrupted(old)))
        #expect(text.contains("Did not run (25)\n"), "\(text)")
        #expect(text.contains("Nightly 20 › core  passed → not-run") && !text.contains("Nightly 21 › core"), "\(text)")
        #expect(text.contains("  … and 5 more (the results files list them all)\n"), "\(text)")
    }

    /// A test NEW has and OLD had not, which NEW did not run (a spec file added, the run interrupted before it): what
    /// it does is unknown, so it is not merely "added".
    @Test func anAddedTestThatDidNotRunRegressed() {
        var new = Self.run
        var added = Fixture.nightlyPassed
        added.spec = "A spec added since OLD"
        added.id = TestResult.makeID(file: added.file, spec: added.spec, caseName: nil, engine: added.engine)
        added.status = .notRun
        added.actual = []
        new.tests.append(added)
        let comparison = RunComparison(old: Self.run, new: new)
        #expect(comparison.changes.map(\.kind) == [.newlyNotRun])
        #expect(comparison.regressed)
        #expect(render(comparison).contains("  (added) not-run  (line 1)\n"), "\(render(comparison))")
    }

    /// Same status, other dedup keys (a Foundation toolchain changing its keys) or other lifecycle runs: listed,
    /// with only what differs.
    @Test func changedKeysAndRunsAreListed() {
        var keys = Self.run
        let nightly = keys.tests.firstIndex { $0.id == Fixture.nightlyPassed.id }!
        keys.tests[nightly].actual[1].key = "nightly-sync/v2/2027-03-29"
        let keyComparison = RunComparison(old: Self.run, new: keys)
        #expect(keyComparison.changes.map(\.kind) == [.changedInstants])
        let keyText = render(keyComparison)
        #expect(keyText.contains("was (1 of 3): "), "\(keyText)")
        #expect(keyText.contains("key nightly-sync/v2/2027-03-29"), "\(keyText)")

        var runs = Self.run
        let expiration = runs.tests.firstIndex { $0.id == Fixture.expirationPassed.id }!
        runs.tests[expiration].lifecycle!.runs[0].outcome = "completed"
        let runComparison = RunComparison(old: Self.run, new: runs)
        #expect(runComparison.changes.map(\.kind) == [.changedRuns])
        let runText = render(runComparison)
        #expect(runText.contains("runs was (1 of 1 runs): unplanned → 2027-03-29 02:31"), "\(runText)")
        #expect(runText.contains(" expired\n") && runText.contains(" completed\n"), "\(runText)")
        #expect(!runComparison.regressed)
        #expect(runText.hasSuffix("\n1 scenario with changed runs — no regressions\n"), "\(runText)")
    }

    /// A scenario whose runs are the same entries another number of times, or in another order: the entry said
    /// "changed runs" with nothing under it (a hostile review; instants said so already).
    @Test func runsRepeatedOrReorderedAreSaidToBe() {
        var twice = Self.run
        let expiration = twice.tests.firstIndex { $0.id == Fixture.expirationPassed.id }!
        let run = twice.tests[expiration].lifecycle!.runs[0]
        twice.tests[expiration].lifecycle!.runs = [run, run]
        let more = render(RunComparison(old: Self.run, new: twice))
        #expect(more.contains("      the same runs, some listed another number of times (1 → 2 in all): unplanned → 2027-03-29 02:31"),
                "\(more)")
        #expect(more.contains(" expired once → twice\n"), "\(more)")
        var other = run
        other.outcome = "completed"
        var first = Self.run, second = Self.run
        first.tests[expiration].lifecycle!.runs = [run, other]
        second.tests[expiration].lifecycle!.runs = [other, run]
        let order = render(RunComparison(old: first, new: second))
        #expect(order.contains("      the same runs in another order (2 of 2 in other places): the 1st was unplanned → 2027-03-29 02:31"),
                "\(order)")
    }

    /// A scenario whose runs are the same but whose schedule moved elsewhere, or whose refused launch came at another
    /// minute, changed: both read "no changes" (a CI maintainer's review).
    @Test func changedScheduleChangesAndRefusedLaunchesAreListed() {
        let instant = Fixture.berlin("2027-03-29T10:00:00Z", "2027-03-29T06:00:00-04:00", "EDT")
        func moved(to zone: String) -> RunResult {
            var run = Self.run
            let index = run.tests.firstIndex { $0.id == Fixture.expirationPassed.id }!
            run.tests[index].lifecycle!.scheduleChanges = [.init(
                at: instant, timeZone: zone, previousTimeZone: "Europe/Berlin", version: 1, change: "timezone: \(zone)", line: 25)]
            return run
        }
        let comparison = RunComparison(old: moved(to: "America/New_York"), new: moved(to: "America/Toronto"))
        #expect(comparison.changes.map(\.kind) == [.changedRuns])
        let text = render(comparison)
        #expect(text.contains("schedule changes was: 2027-03-29 06:00 EDT (-04:00) timezone: America/New_York\n"), "\(text)")
        #expect(text.contains("schedule changes now: 2027-03-29 06:00 EDT (-04:00) timezone: America/Toronto\n"), "\(text)")
        #expect(!text.contains("runs was"), "\(text)")

        var refused = Self.run
        let catchUp = refused.tests.firstIndex { $0.id == Fixture.catchUpFailed.id }!
        refused.tests[catchUp].lifecycle!.refusedLaunches[0].at = Fixture.berlin("2027-03-29T00:21:00Z", "2027-03-29T02:21:00+02:00", "CEST")
        let refusedComparison = RunComparison(old: Self.run, new: refused)
        #expect(refusedComparison.changes.map(\.kind) == [.changedRuns])
        #expect(render(refusedComparison).contains("refused launches now: 2027-03-29 02:21 CEST (+02:00) com.example.app.refresh launch-before-earliest-begin"))
    }

    /// Another error raised, or a step of the app or the device at another time, changed the scenario; the code and
    /// the step are compared, not the message or the line.
    @Test func changedOtherErrorsAndAppEventsAreListed() {
        let at = Fixture.berlin("2027-03-29T06:30:00Z", "2027-03-29T08:30:00+02:00", "CEST")
        func with(code: String, event: String, line: Int = 9, message: String = "2 refresh requests would be pending") -> RunResult {
            var run = Self.run
            let index = run.tests.firstIndex { $0.id == Fixture.expirationPassed.id }!
            run.tests[index].lifecycle!.otherErrors = [.init(at: at, code: code, identifier: "com.example.app.refresh", line: line, message: message)]
            run.tests[index].lifecycle!.appEvents = [.init(at: at, step: event, detail: "", line: line)]
            return run
        }
        let same = RunComparison(old: with(code: "too-many-pending", event: "relaunch"),
                                 new: with(code: "too-many-pending", event: "relaunch", line: 14, message: "reworded"))
        #expect(same.changes.isEmpty)
        #expect(same.comparedLists == [.refusedLaunches, .otherErrors, .appEvents])

        let errors = RunComparison(old: with(code: "too-many-pending", event: "relaunch"), new: with(code: "not-permitted", event: "relaunch"))
        #expect(errors.changes.map(\.kind) == [.changedRuns])
        let errorText = render(errors)
        #expect(errorText.contains("other errors was: 2027-03-29 08:30 CEST (+02:00) com.example.app.refresh too-many-pending\n"), "\(errorText)")
        #expect(errorText.contains("other errors now: 2027-03-29 08:30 CEST (+02:00) com.example.app.refresh not-permitted\n"), "\(errorText)")
        #expect(!errorText.contains("app events"), "\(errorText)")

        let events = RunComparison(old: with(code: "too-many-pending", event: "relaunch"), new: with(code: "too-many-pending", event: "force-quit"))
        #expect(events.changes.map(\.kind) == [.changedRuns])
        #expect(render(events).contains("app events now: 2027-03-29 08:30 CEST (+02:00) force-quit\n"), "\(render(events))")
    }

    /// Only the entries that differ are listed, so a list that gained or lost entries says "added" or "removed": a
    /// claims audit read "app events was: none" beside four events both files held as "OLD had none".
    @Test func entriesOnlyOneSideHasAreAddedOrRemoved() {
        let at = Fixture.berlin("2027-03-29T06:30:00Z", "2027-03-29T08:30:00+02:00", "CEST")
        let later = Fixture.berlin("2027-03-29T07:30:00Z", "2027-03-29T09:30:00+02:00", "CEST")
        func with(_ events: [(LifecycleResult.AppEvent)]) -> RunResult {
            var run = Self.run
            let index = run.tests.firstIndex { $0.id == Fixture.expirationPassed.id }!
            run.tests[index].lifecycle!.appEvents = events
            return run
        }
        let kept = LifecycleResult.AppEvent(at: at, step: "terminate", line: 9)
        let started = LifecycleResult.AppEvent(at: later, step: "launch", detail: "started the app in the background", line: 10)
        let added = render(RunComparison(old: with([kept]), new: with([kept, started])))
        #expect(added.contains("app events added: 2027-03-29 09:30 CEST (+02:00) launch started the app in the background\n"), "\(added)")
        #expect(!added.contains("app events was"), "\(added)")
        let removed = render(RunComparison(old: with([kept, started]), new: with([kept])))
        #expect(removed.contains("app events removed: 2027-03-29 09:30 CEST (+02:00) launch started the app in the background\n"), "\(removed)")
        #expect(!removed.contains("app events now"), "\(removed)")
    }

    /// A list one file holds in no scenario may be one an older specrun did not write: every scenario with entries
    /// would read as changed, so it is not compared, and a note says so and how many scenarios hold some.
    @Test func aListOneRunHoldsNowhereIsNotComparedAndNoted() {
        var new = Self.run
        let index = new.tests.firstIndex { $0.id == Fixture.expirationPassed.id }!
        let at = Fixture.berlin("2027-03-29T06:30:00Z", "2027-03-29T08:30:00+02:00", "CEST")
        new.tests[index].lifecycle!.otherErrors = [.init(at: at, code: "too-many-pending", identifier: "com.example.app.refresh", line: 9, message: "m")]
        let comparison = RunComparison(old: Self.run, new: new)
        #expect(comparison.changes.isEmpty)
        #expect(!comparison.comparedLists.contains(.otherErrors))
        #expect(comparison.uncomparedLists.map(\.list) == [.otherErrors])
        let text = render(comparison)
        #expect(text.contains("\nNote: OLD holds no other lifecycle error in any scenario (`otherErrors`: a specrun before 2026-12-06 02:49 "
            + "did not write them, or none happened), so they were not compared; NEW has some in 1 scenario.\n"), "\(text)")
        #expect(render(RunComparison(old: new, new: Self.run)).contains("Note: NEW holds no other lifecycle error"))
        #expect(!render(RunComparison(old: new, new: new)).contains("Note:"))
    }

    /// One shard compared with a whole run, or a NEW that selected fewer tests than OLD, cannot show that nothing
    /// regressed; a selection difference that leaves nothing out is only named.
    @Test func aNewShardOrNarrowerSelectionIsIncomplete() {
        var shard = Self.run
        shard.shard = Shard(index: 2, count: 3)
        shard.tests.removeFirst(2)
        let shardComparison = RunComparison(old: Self.run, new: shard)
        #expect(shardComparison.fails)
        #expect(shardComparison.incompleteNew.contains { $0.hasPrefix("NEW is shard 2/3") })

        var filtered = shard
        filtered.shard = nil
        let left = Set(Self.run.tests.prefix(2).map(\.id))
        let narrower = RunComparison(old: Self.run, new: filtered,
                                     selection: .init(differences: ["--engine 'core' instead of 'all'"], excludedIDs: left))
        #expect(narrower.fails)
        #expect(narrower.incompleteNew.contains { $0.contains("--engine 'core' instead of 'all'") && $0.hasSuffix("2 tests OLD ran are not in it") })

        let wider = RunComparison(old: Self.run, new: Self.run,
                                  selection: .init(differences: ["--engine 'all' instead of 'core'"], excludedIDs: []))
        #expect(!wider.fails)
        // A wider NEW from which a spec was deleted: its tests are removed, not left out by the selection (the second
        // review: a deleted spec beside `--engine all` against `core` failed the comparison).
        let deleted = RunComparison(old: Self.run, new: filtered,
                                    selection: .init(differences: ["--engine 'all' instead of 'core'"], excludedIDs: []))
        #expect(!deleted.fails, "\(deleted.incompleteNew)")
    }

    /// A merge lacking a shard is judged by the shards it holds, as one shard is: against a whole run it is partial
    /// (by its note), against the same shards it is a like-for-like comparison. A merge written before results
    /// recorded `mergedShards` is partial by its note whatever OLD holds.
    @Test func aPartialMergeIsJudgedByTheShardsItHolds() {
        var partial = Self.run
        partial.mergedShards = [Shard(index: 1, count: 3), Shard(index: 2, count: 3)]
        partial.notes = ["shard 3/3 is missing: " + RunResult.missingShardsNoteEnding]
        #expect(RunComparison(old: Self.run, new: partial).incompleteNew == partial.notes)
        #expect(!RunComparison(old: partial, new: partial).fails)
        var other = partial
        other.mergedShards = [Shard(index: 1, count: 3)]
        #expect(RunComparison(old: other, new: partial).incompleteNew == partial.notes)
        var older = partial
        older.mergedShards = nil
        #expect(RunComparison(old: older, new: older).incompleteNew == partial.notes)
    }

    /// A NEW whose tests did not run fails even when OLD did not run them either: two interrupted runs compared, or
    /// an interrupted run with itself, said "no regressions" (the second review).
    @Test func aNewWithTestsNotRunFailsWhateverOldDid() {
        let stopped = interrupted(Self.run)
        let comparison = RunComparison(old: stopped, new: stopped)
        #expect(comparison.changes.isEmpty)
        #expect(comparison.fails)
        #expect(comparison.incompleteNew.contains("NEW did not run \(Self.run.tests.count) of its \(Self.run.tests.count) tests (the run was interrupted or stopped early)"))
        #expect(render(comparison).hasSuffix("no changes among the tests both ran — NEW holds only part of the suite, so it cannot show that nothing regressed\n"),
                "\(render(comparison))")
    }

    /// Under `--strict` a fixed deviation fails its run: a known deviation fixed in a strict NEW, or the same fixed
    /// deviation in a NEW that is strict where OLD was not, is newly failing (both passed the gate).
    @Test func aFixedDeviationInAStrictNewIsNewlyFailing() {
        var old = Self.run
        let index = old.tests.firstIndex { $0.id == Fixture.firstValidFixed.id }!
        old.tests[index].status = .knownDeviation
        var strictNew = Self.run
        strictNew.strict = true
        let fixedNow = RunComparison(old: old, new: strictNew)
        #expect(fixedNow.changes(.newlyFailing).map(\.id) == [Fixture.firstValidFixed.id])
        #expect(fixedNow.regressed)

        var lenient = Self.run
        lenient.strict = false
        let strictOnlyNow = RunComparison(old: lenient, new: strictNew)
        #expect(strictOnlyNow.changes(.newlyFailing).map(\.id) == [Fixture.firstValidFixed.id])
        #expect(strictOnlyNow.regressed)
        #expect(!RunComparison(old: strictNew, new: lenient).regressed)
    }

    /// A spec file NEW could not read and OLD could (under `--strict`, a lint warning; the run exits 2) is a
    /// regression even when its tests ran and passed (the second review: "no changes — no regressions").
    @Test func aNewlyInvalidFileRegressed() {
        var new = Self.run
        var strictLint = Fixture.offsetWarning
        strictLint.severity = .error
        new.diagnostics.append(strictLint)
        let comparison = RunComparison(old: Self.run, new: new)
        #expect(comparison.changes.isEmpty)
        #expect(comparison.newlyInvalidFiles == [Fixture.berlinSpring])
        #expect(comparison.regressed)
        let text = render(comparison)
        #expect(text.contains("(1 newly invalid: a regression)"), "\(text)")
        #expect(text.hasSuffix("no changes — regressed (1 spec file newly invalid)\n"), "\(text)")
    }

    /// `--strict` decides whether a fixed deviation fails a run, so a difference is named with the environment's.
    @Test func aStrictDifferenceIsNamed() {
        var new = Self.run
        new.strict = !Self.run.strict
        let comparison = RunComparison(old: Self.run, new: new)
        #expect(comparison.environmentChanges.map(\.field) == ["--strict"])
        #expect(render(comparison).contains("--strict"))
    }

    /// A run started with another path, where one document of a file is invalid now: the file's tests that ran
    /// under the new spelling are not "not run, file invalid" (the compare review counted 12 such tests twice).
    @Test func testsThatCameBackUnderAnotherPathAreNotCountedAsNotRun() {
        var new = prefixingPaths(with: "/ci/checkout/")
        var invalidDocument = Fixture.typoDiagnostic
        invalidDocument.location = SourceLocation(file: "/ci/checkout/" + Fixture.berlinSpring, line: 40, column: 3)
        new.diagnostics.append(invalidDocument)
        let comparison = RunComparison(old: Self.run, new: new)
        #expect(comparison.changes(.notRun).isEmpty, "\(comparison.changes(.notRun).map(\.id))")
        #expect(comparison.invalidNow.contains("/ci/checkout/" + Fixture.berlinSpring))
        // The file itself is newly invalid, a regression of its own (its run exited 2).
        #expect(comparison.newlyInvalidFiles == ["/ci/checkout/" + Fixture.berlinSpring])
    }

    /// A merge's environment block is its first shard's: "no differences" next to a note naming a shard on other
    /// tzdata read as none (the compare review); the line says the notes name other toolchains.
    @Test func aMergeOfSeveralToolchainsSaysItsEnvironmentIsTheFirstShards() throws {
        var second = Self.run
        second.environment.tzdataVersion = "2026a"
        let merged = try RunResult.merging([Self.run, second], labels: ["shard-1.json", "shard-2.json"])
        let text = render(RunComparison(old: Self.run, new: merged))
        #expect(text.contains("\nEnvironment: no differences (NEW merged shards of several toolchains; each block is its first "
            + "shard's, and the notes below name the others)\n"), "\(text)")
        #expect(text.contains("  NEW  shard-2.json ran with a different toolchain than shard-1.json: "), "\(text)")
    }

    /// Counts agree with their nouns: "1 changed instants" and "… 1 more files" were printed.
    @Test func oneChangedInstantAndOneMoreFileAreSingular() {
        var new = Self.run
        let index = new.tests.firstIndex { $0.id == Fixture.nightlyPassed.id }!
        new.tests[index].actual[0].epochSeconds += 3600
        let comparison = RunComparison(old: Self.run, new: new)
        #expect(comparison.changes.map(\.kind) == [.changedInstants])
        #expect(render(comparison).hasSuffix("\n1 test with changed instants — no regressions\n"), "\(render(comparison))")

        // Four files came back under another path: three are listed, then "1 more file".
        var old = Self.run
        old.tests += Self.run.tests.filter { $0.file == Fixture.catchUp }.map { test in
            var copy = test
            copy.file = "specs/lifecycle/copy/catch-up.yaml"
            copy.id = TestResult.makeID(file: copy.file, spec: test.spec, caseName: test.caseName, engine: test.engine)
            return copy
        }
        // Each test of `run` under another spelling of its path, as a checkout in `/ci/checkout` runs it.
        func underCheckout(_ run: RunResult) -> RunResult {
            var moved = run
            moved.tests = run.tests.map { test in
                var copy = test
                copy.file = "/ci/checkout/" + test.file
                copy.id = TestResult.makeID(file: copy.file, spec: test.spec, caseName: test.caseName, engine: test.engine)
                return copy
            }
            return moved
        }
        let moved = underCheckout(old)
        // The copy's specs are named as the originals': each of those is found twice, so no name matches them; but the
        // folder the other files' tests moved to (`/ci/checkout`) holds each under the same id, so they are matched by
        // their path, and all four files say they ran under another spelling.
        let four = RunComparison(old: old, new: moved)
        #expect(four.respelledFiles.count == 4 && four.unmatchedRespellings.isEmpty, "\(four.respelledFiles) \(four.unmatchedRespellings)")
        #expect(render(four).contains("ran under another spelling of their files' paths"), "\(render(four))")
        // With no test named once to tell where the folder went, the twice-named ones are left to the older note.
        let twice = Self.run.tests.filter { $0.file == Fixture.catchUp }
        var onlyTwice = old
        onlyTwice.tests = twice + old.tests.filter { $0.file == "specs/lifecycle/copy/catch-up.yaml" }
        var onlyTwiceMoved = moved
        onlyTwiceMoved.tests = moved.tests.filter { $0.file.hasSuffix("catch-up.yaml") }
        let unmatched = RunComparison(old: onlyTwice, new: onlyTwiceMoved)
        #expect(unmatched.respelledFiles.isEmpty && unmatched.unmatchedRespellings.count == 2, "\(unmatched.unmatchedRespellings)")
        #expect(render(unmatched).contains("\nNote: 4 removed tests came back as added under another path and could not be matched (a "
            + "spec, case and engine found twice, as in a merge of shards run from two folders, or a masked name);"), "\(render(unmatched))")

        // Renamed, the copy's specs match: four files under another path, three listed, then "1 more file".
        var renamed = old
        renamed.tests = old.tests.map { test in
            guard test.file == "specs/lifecycle/copy/catch-up.yaml" else { return test }
            var copy = test
            copy.spec = test.spec + " (copy)"
            copy.id = TestResult.makeID(file: copy.file, spec: copy.spec, caseName: test.caseName, engine: test.engine)
            return copy
        }
        let matched = RunComparison(old: renamed, new: underCheckout(renamed))
        #expect(matched.respelledFiles.count == 4 && matched.changes.isEmpty, "\(matched.respelledFiles)")
        #expect(render(matched).contains("  … 1 more file\n"), "\(render(matched))")
    }

    /// A test of the fixture run in the folder `specs/` was renamed to, `specs4/`.
    private func inSpecs4(_ test: TestResult) -> TestResult {
        var copy = test
        copy.file = test.file.replacingOccurrences(of: "specs/", with: "specs4/")
        copy.id = TestResult.makeID(file: copy.file, spec: test.spec, caseName: test.caseName, engine: test.engine)
        return copy
    }

    /// The fixture run with `specs/` renamed `specs4/`, holding only the tests `keep` keeps there.
    private func renamedFolder(keeping keep: (TestResult) -> Bool = { _ in true }) -> RunResult {
        var new = Self.run
        new.tests = Self.run.tests.map(inSpecs4).filter(keep)
        return new
    }

    /// A renamed spec folder with one file deleted: NEW's other spec paths say where the folder went, not why the
    /// file's tests are gone, so they are removed and NEW is not "part of the suite" (a review got exit 1 and advice
    /// to use "the same selection", which a renamed folder cannot follow). The missing tests are judged where NEW
    /// would hold them, under `specs4/`, which NEW's spec paths keep.
    @Test func aTestMissingFromARenamedFolderIsRemovedNotLeftOutBySelection() {
        let new = renamedFolder { $0.file != "specs4/recurrence/edge-cases.yaml" }
        let paths = ["spec paths 'specs4' instead of 'specs'"]
        let outsideSpecs4 = { (test: TestResult) in !test.file.hasPrefix("specs4/") }
        let comparison = RunComparison(old: Self.run, new: new, selectionDifferences: paths, mayExclude: outsideSpecs4)
        #expect(comparison.missingTests.map(\.test.id) == Self.run.tests.filter { $0.file == Fixture.edgeCases }.map(\.id))
        #expect(comparison.missingTests.allSatisfy { $0.placements.map(\.file) == ["specs4/recurrence/edge-cases.yaml"] })
        #expect(comparison.incompleteNew.isEmpty, "\(comparison.incompleteNew)")
        #expect(!comparison.fails)
        #expect(comparison.changes.allSatisfy { $0.kind == .removed } && comparison.changes.allSatisfy { $0.old?.file == Fixture.edgeCases })
        // Without the move, the same selection difference leaves NEW partial.
        var narrower = Self.run
        narrower.tests.removeAll { $0.file == Fixture.edgeCases }
        #expect(!RunComparison(old: Self.run, new: narrower, selectionDifferences: paths, mayExclude: outsideSpecs4).incompleteNew.isEmpty)
    }

    /// The review's most serious finding: `specrun moved/ --tag europe` (or `--filter Berlin`, or `specrun
    /// moved/recurrence`) against `specrun specs/` read "505 removed, 682 moved — no regressions", because every test
    /// missing from a renamed folder counted as removed. The tests NEW's tags, filter or paths leave out where NEW
    /// would hold them are left out, as without the rename.
    @Test func aNarrowerSelectionOfARenamedFolderHoldsOnlyPartOfTheSuite() {
        let selections: [(String, (TestResult) -> Bool)] = [
            ("--tag 'europe' instead of none", { !$0.tags.contains("europe") }),
            ("--filter 'Nightly' instead of none", { !$0.id.contains("Nightly") }),
            ("spec paths 'specs4/recurrence' instead of 'specs'", { !$0.file.hasPrefix("specs4/recurrence/") }),
        ]
        for (difference, mayExclude) in selections {
            let new = renamedFolder { !mayExclude($0) }
            let left = Self.run.tests.count - new.tests.count
            #expect(left > 0 && !new.tests.isEmpty)
            let comparison = RunComparison(old: Self.run, new: new, selectionDifferences: [difference], mayExclude: mayExclude)
            #expect(comparison.fails, "\(difference)")
            #expect(comparison.incompleteNew == ["NEW selected other tests than OLD (\(difference)), and \(left) tests OLD ran are not in it"],
                    "\(comparison.incompleteNew)")
            #expect(render(comparison).hasSuffix("\(left) removed, \(new.tests.count) moved — NEW holds only part of the suite, so it cannot "
                + "show that nothing regressed\n"), "\(render(comparison))")
        }
    }

    /// A diagnostic of the fixture run moved to `file`.
    private func error(_ diagnostic: Diagnostic, in file: String) -> Diagnostic {
        var moved = diagnostic
        moved.location?.file = file
        moved.severity = .error
        return moved
    }

    /// The review's reproduction: a file invalid in both runs, its folder renamed between them, read "newly invalid"
    /// and the comparison regressed. A file's errors are matched as its tests are: across a renamed folder, and to the
    /// file its tests moved to, one old file to one new one; a test whose file in the renamed folder is invalid now
    /// did not run.
    @Test func aFileInvalidInBothRunsIsMatchedAcrossARenamedFolder() {
        var renamed = renamedFolder()
        renamed.diagnostics = [error(Fixture.typoDiagnostic, in: "specs4/invalid/typo.yaml")]
        let comparison = RunComparison(old: Self.run, new: renamed)
        #expect(comparison.newlyInvalidFiles.isEmpty && !comparison.regressed && !comparison.fails)
        let text = render(comparison)
        #expect(text.contains("""
            Invalid spec files: 1 file in NEW, 1 in OLD
              now     specs4/invalid/typo.yaml:4:3: unknown key 'timezon' in schedule; did you mean 'timezone'? (invalid in OLD too, as specs/invalid/typo.yaml)

            """), "\(text)")
        #expect(comparison.invalidElsewhereBefore == ["specs4/invalid/typo.yaml": "specs/invalid/typo.yaml"])
        // Under another spelling of its path, too: one file, listed once.
        var respelled = Self.run
        respelled.diagnostics = Self.run.diagnostics.map { diagnostic in
            diagnostic.location?.file == "specs/invalid/typo.yaml" ? error(diagnostic, in: "/ci/specs/invalid/typo.yaml") : diagnostic
        }
        let spelled = RunComparison(old: Self.run, new: respelled)
        #expect(spelled.invalidElsewhereBefore == ["/ci/specs/invalid/typo.yaml": "specs/invalid/typo.yaml"] && spelled.newlyInvalidFiles.isEmpty)
        #expect(!render(spelled).contains("  before  "), "\(render(spelled))")
        #expect(text.hasSuffix("\n9 tests moved, no other changes — no regressions\n"), "\(text)")

        // A file renamed whose valid tests moved, with its invalid document: the same file.
        var old = Self.run
        old.diagnostics.append(error(Fixture.offsetWarning, in: Fixture.berlinSpring))
        var split = Self.run
        split.tests = Self.run.tests.map { test in
            guard test.file == Fixture.berlinSpring else { return test }
            var moved = test
            moved.file = "specs/berlin/spring.yaml"
            moved.id = TestResult.makeID(file: moved.file, spec: test.spec, caseName: test.caseName, engine: test.engine)
            return moved
        }
        split.diagnostics.append(error(Fixture.offsetWarning, in: "specs/berlin/spring.yaml"))
        #expect(RunComparison(old: old, new: split).newlyInvalidFiles.isEmpty)
        // Copied into two folders, two files of NEW would be one of OLD: neither is matched, both are newly invalid.
        var twice = renamedFolder()
        twice.tests += Self.run.tests.filter { $0.file == Fixture.catchUp }.map { test in
            var copy = test
            copy.file = "specs5/lifecycle/catch-up.yaml"
            copy.spec += " (copy)"
            copy.id = TestResult.makeID(file: copy.file, spec: copy.spec, caseName: test.caseName, engine: test.engine)
            return copy
        }
        twice.tests = twice.tests.filter { $0.file != "specs4/lifecycle/catch-up.yaml" }
        twice.tests += Self.run.tests.filter { $0.file == Fixture.catchUp }.map { test in
            var copy = test
            copy.file = "specs5/lifecycle/catch-up.yaml"
            copy.id = TestResult.makeID(file: copy.file, spec: test.spec, caseName: test.caseName, engine: test.engine)
            return copy
        }
        twice.diagnostics = [error(Fixture.typoDiagnostic, in: "specs4/invalid/typo.yaml"), error(Fixture.typoDiagnostic, in: "specs5/invalid/typo.yaml")]
        #expect(RunComparison(old: Self.run, new: twice).newlyInvalidFiles == ["specs4/invalid/typo.yaml", "specs5/invalid/typo.yaml"])
        // A file of the renamed folder that is invalid now: its tests did not run, as under its old path.
        var broken = renamedFolder { $0.file != "specs4/recurrence/berlin-spring.yaml" }
        broken.diagnostics = [error(Fixture.typoDiagnostic, in: "specs4/invalid/typo.yaml"), error(Fixture.offsetWarning, in: "specs4/recurrence/berlin-spring.yaml")]
        let notRun = RunComparison(old: Self.run, new: broken)
        #expect(notRun.changes.map(\.kind) == Array(repeating: .notRun, count: 5), "\(notRun.changes.map(\.kind))")
        #expect(notRun.newlyInvalidFiles == ["specs4/recurrence/berlin-spring.yaml"] && notRun.regressed)
        // Each entry holds OLD's id, and names the file to fix: NEW's (a review read OLD's path as the one to fix).
        #expect(notRun.changes.allSatisfy { $0.invalidFileNow == "specs4/recurrence/berlin-spring.yaml" })
        #expect(render(notRun).contains("\(Fixture.berlinSpring) › ") && render(notRun).contains(
            "\n      its file is specs4/recurrence/berlin-spring.yaml now, which NEW could not read\n"), "\(render(notRun))")
        // Under its own path, the entry needs no such line.
        var inPlace = Self.run
        inPlace.tests.removeAll { $0.file == Fixture.berlinSpring }
        inPlace.diagnostics.append(error(Fixture.offsetWarning, in: Fixture.berlinSpring))
        let here = RunComparison(old: Self.run, new: inPlace)
        #expect(here.changes.map(\.kind) == Array(repeating: .notRun, count: 5) && here.changes.allSatisfy { $0.invalidFileNow == nil })
        #expect(!render(here).contains("its file is"))
    }

    /// A test whose file is invalid now under another spelling of its path (`/ci/specs/…` for `specs/…`, no folder
    /// renamed: the other files kept their paths) did not run, and its entry names that spelling as the file to fix;
    /// it is no removed test. Only the renamed folder's path was pinned (mutation run 15's C1 survived the spelling
    /// left out of the search).
    @Test func aTestWhoseFileIsInvalidUnderAnotherSpellingDidNotRun() {
        var respelled = Self.run
        respelled.tests.removeAll { $0.file == Fixture.berlinSpring }
        respelled.diagnostics.append(error(Fixture.offsetWarning, in: "/ci/" + Fixture.berlinSpring))
        let comparison = RunComparison(old: Self.run, new: respelled)
        #expect(comparison.changes.map(\.kind) == Array(repeating: .notRun, count: 5), "\(comparison.changes.map(\.kind))")
        #expect(comparison.changes.allSatisfy { $0.invalidFileNow == "/ci/" + Fixture.berlinSpring })
        #expect(render(comparison).contains("\n      its file is /ci/\(Fixture.berlinSpring) now, which NEW could not read\n"),
                "\(render(comparison))")
    }

    /// `count` tests in as many files under `folder`, each named by `name`, and as many invalid files with two errors
    /// each.
    private func manyFiles(_ count: Int, under folder: String, name: (Int) -> String) -> RunResult {
        var run = Self.run
        let one = Self.run.tests.first { $0.id == Fixture.nightlyPassed.id }!
        run.tests = (0..<count).map { index in
            var copy = one
            copy.file = "\(folder)/f\(index).yaml"
            copy.spec = name(index)
            copy.id = TestResult.makeID(file: copy.file, spec: copy.spec, caseName: one.caseName, engine: one.engine)
            return copy
        }
        run.diagnostics = (0..<count).flatMap { index in
            [error(Fixture.typoDiagnostic, in: "\(folder)/bad\(index).yaml"), error(Fixture.offsetWarning, in: "\(folder)/bad\(index).yaml")]
        }
        return run
    }

    /// Many files of one spec name (or masked alike) and many invalid files, matched the ways the dictionary lookups
    /// that replaced a quadratic scan must match them. How fast is `specrun-bench --section compare`'s question
    /// (docs/performance.md), not a test's.
    @Test func manyFilesOfOneNameAndManyInvalidFilesMatchAsTheyShould() {
        let count = 300
        let old = manyFiles(count, under: "specs", name: { "Spec \($0)" })
        let masked = manyFiles(count, under: "specs", name: { _ in "Sync token=[redacted]" })
        let same = manyFiles(count, under: "specs", name: { _ in "Same name" })
        let cases: [(old: RunResult, new: RunResult, newlyInvalid: Int, moved: Int, respelled: Int)] = [
            (old, old, 0, 0, 0),
            // A renamed folder: every test moved, every invalid file matched.
            (old, manyFiles(count, under: "suite", name: { "Spec \($0)" }), 0, count, 0),
            // Names masked alike or found in every file match nothing, nor do the invalid files.
            (masked, manyFiles(count, under: "suite", name: { _ in "Sync token=[redacted]" }), count, 0, 0),
            (same, manyFiles(count, under: "suite", name: { _ in "Same name" }), count, 0, 0),
            // Under another spelling of each path, each file is its own.
            (same, manyFiles(count, under: "/ci/specs", name: { _ in "Same name" }), 0, 0, count),
        ]
        for (old, new, newlyInvalid, moved, respelled) in cases {
            let comparison = RunComparison(old: old, new: new)
            #expect(comparison.newlyInvalidFiles.count == newlyInvalid)
            #expect(comparison.movedFiles.count == moved && comparison.unmatchedRespellings.count == respelled)
            _ = render(comparison)
            _ = comparison.fails
        }
    }

    /// The lookups that replaced a scan of every path find the first path a scan finds: another spelling of the same
    /// file, one ending with the other at a folder boundary, either without a leading `./`. Every pair the former
    /// test matched (the shorter path, without `./`, ending the longer) still matches.
    @Test func pathLookupsFindWhatAScanFinds() {
        func trimmed(_ path: String) -> String { path.hasPrefix("./") ? String(path.dropFirst(2)) : path }
        func ends(_ path: String, with ending: String) -> Bool { path == ending || path.hasSuffix("/" + ending) }
        func scanned(_ a: String, _ b: String) -> Bool { a != b && (ends(b, with: trimmed(a)) || ends(a, with: trimmed(b))) }
        func former(_ a: String, _ b: String) -> Bool {
            let (short, long) = a.count <= b.count ? (a, b) : (b, a)
            return long != short && ends(long, with: trimmed(short))
        }
        let paths = ["specs/a.yaml", "./specs/a.yaml", "/ci/specs/a.yaml", "a.yaml", "other-specs/a.yaml", "specs/b/a.yaml",
                     "b/a.yaml", "./a.yaml", "/a.yaml", "specs/a.yml", "ci/specs/a.yaml", "/ci/other/a.yaml"]
        for rotation in paths.indices {
            let listed = Array(paths[rotation...] + paths[..<rotation])
            let index = PathSpellings(listed)
            for query in paths + ["x/specs/a.yaml", "s/a.yaml", "./b/a.yaml"] {
                #expect(index.firstPath(true, otherSpellingOf: query) == listed.first { scanned(query, $0) }, "\(query) in \(listed)")
                for other in paths {
                    #expect(RunComparison.sameFile(query, other) == scanned(query, other), "\(query), \(other)")
                    #expect(!former(query, other) || scanned(query, other), "\(query), \(other)")
                }
            }
        }
    }

    /// A test whose instants changed only in how many times one was produced, or in their order, was listed under
    /// "Changed instants" with nothing under it (a review): the entry says what changed.
    @Test func instantsRepeatedOrReorderedAreSaidToBe() {
        let index = Self.run.tests.firstIndex { $0.id == Fixture.nightlyPassed.id }!
        let instants = Self.run.tests[index].actual
        #expect(instants.count >= 2)
        var repeated = Self.run, reordered = Self.run
        repeated.tests[index].actual = [instants[0]] + instants
        reordered.tests[index].actual = [instants[1], instants[0]] + instants.dropFirst(2)
        func line(_ instant: ResultInstant) -> String {
            "\(instant.local) [\(instant.utc)]" + (instant.key.map { " key " + $0 } ?? "")
        }
        let more = RunComparison(old: Self.run, new: repeated)
        #expect(more.changes.map(\.kind) == [.changedInstants])
        #expect(render(more).contains("(line \(Fixture.nightlyPassed.line))\n      the same instants, some produced another number of times "
            + "(\(instants.count) → \(instants.count + 1) in all): \(line(instants[0])) once → twice\n"), "\(render(more))")
        #expect(render(RunComparison(old: repeated, new: Self.run)).contains(": \(line(instants[0])) twice → once\n"))
        let order = RunComparison(old: Self.run, new: reordered)
        #expect(order.changes.map(\.kind) == [.changedInstants])
        #expect(render(order).contains("(line \(Fixture.nightlyPassed.line))\n      the same instants in another order (2 of \(instants.count) in "
            + "other places): the 1st was \(line(instants[0])), now \(line(instants[1]))\n"), "\(render(order))")
    }

    /// A file renamed whose schedule has no `id:`: its keys take the file's name, so every key changed and no instant
    /// did; the entry says so and how to keep them (a review read "1999 tests with changed instants").
    @Test func keysRenamedWithTheirFileAreSaidToBe() {
        func keyed(_ file: String, _ stem: String) -> RunResult {
            var run = Self.run
            let index = run.tests.firstIndex { $0.id == Fixture.nightlyPassed.id }!
            run.tests[index].file = file
            run.tests[index].id = TestResult.makeID(file: file, spec: Fixture.nightlyPassed.spec, caseName: nil, engine: "core")
            run.tests[index].actual = run.tests[index].actual.map { instant in
                var copy = instant
                copy.key = "\(stem)/v1/" + copy.utc.prefix(10)
                return copy
            }
            return run
        }
        let comparison = RunComparison(old: keyed("specs/nightly.yaml", "nightly"), new: keyed("specs/sync.yaml", "sync"))
        #expect(comparison.changes.map(\.kind) == [.changedInstants])
        #expect(render(comparison).contains("      the same instants; only the keys' schedule id changed with the file's name (nightly → sync): "
            + "its schedule has no 'id:', so it takes the file's name; write 'id: nightly' to keep the keys\n"), "\(render(comparison))")
        // A name that YAML would read otherwise is quoted, so the advice pastes as it is.
        #expect(ComparisonReporter.yamlScalar("berlin-seeds") == "berlin-seeds")
        #expect(ComparisonReporter.yamlScalar("a: b") == "\"a: b\"")
        #expect(ComparisonReporter.yamlScalar("#night") == "\"#night\"")
        #expect(ComparisonReporter.yamlScalar("null") == "\"null\"")
        #expect(ComparisonReporter.yamlScalar("[x]") == "\"[x]\"")
        #expect(ComparisonReporter.yamlScalar("say \"hi\"") == "\"say \\\"hi\\\"\"")
        // Keys that changed otherwise say nothing of the kind.
        #expect(!render(RunComparison(old: keyed("specs/nightly.yaml", "nightly"), new: keyed("specs/sync.yaml", "other")))
            .contains("only the keys' schedule id"))
    }

    /// Names masked alike are not matched: a spec deleted in OLD's file and another added in NEW's, both masking to
    /// `Refresh token: [redacted] nightly`, were shown as one moved test (a review); a note says added ones may be moved.
    @Test func maskedNamesAreNotMatchedAcrossFiles() {
        var old = Self.run, new = Self.run
        func masked(_ test: TestResult, file: String) -> TestResult {
            var copy = test
            copy.file = file
            copy.spec = "Refresh token: [redacted] nightly"
            copy.id = TestResult.makeID(file: file, spec: copy.spec, caseName: test.caseName, engine: test.engine)
            return copy
        }
        let one = Self.run.tests.first { $0.id == Fixture.nightlyPassed.id }!
        old.tests.append(masked(one, file: "specs/f1.yaml"))
        new.tests.append(masked(one, file: "specs/f2.yaml"))
        let comparison = RunComparison(old: old, new: new)
        #expect(comparison.movedFiles.isEmpty && comparison.maskedUnmatched == 1)
        #expect(comparison.changes.map(\.kind).sorted { $0.rawValue < $1.rawValue } == [.added, .removed])
        #expect(render(comparison).contains("\nNote: 1 added test with a masked name ([redacted]) may be a test listed above as "
            + "removed or not run, in another file now; names masked alike are not matched, as two specs may mask to one name.\n"),
            "\(render(comparison))")
        // A masked test whose file is invalid now is listed as not run, not removed: the note says so (it said "a
        // removed one" where none was listed).
        var invalid = new
        invalid.diagnostics.append(error(Fixture.offsetWarning, in: "specs/f1.yaml"))
        let notRun = RunComparison(old: old, new: invalid)
        #expect(notRun.changes.map(\.kind).sorted { $0.rawValue < $1.rawValue } == [.added, .notRun] && notRun.maskedUnmatched == 1)
        #expect(render(notRun).contains("may be a test listed above as removed or not run"), "\(render(notRun))")
    }

    /// A path that merely ends with the same letters is another file.
    @Test func aPathEndingWithTheSameLettersIsNotTheSameFile() {
        let other = RunComparison(old: Self.run, new: prefixingPaths(with: "other-"))
        #expect(other.respelledFiles.isEmpty)
        // It is a move: the same specs in other files.
        #expect(other.movedFiles.count == 3 && other.changes.isEmpty)
    }

    /// A name found twice on each side matches nothing, as a masked one does, but it is no masked name: the note about
    /// masked names counts only added tests whose name holds the mask (docs/toolchains.md, added and removed tests).
    /// Mutation B2 (the mask condition dropped) counted both copies here as masked.
    @Test func aNameFoundTwiceIsNotCountedAsAMaskedOne() {
        var old = Self.run, new = Self.run
        func copy(_ test: TestResult, file: String) -> TestResult {
            var copy = test
            copy.file = file
            copy.spec = "Weekly digest"
            copy.id = TestResult.makeID(file: file, spec: copy.spec, caseName: test.caseName, engine: test.engine)
            return copy
        }
        let one = Self.run.tests.first { $0.id == Fixture.nightlyPassed.id }!
        old.tests += [copy(one, file: "specs/f1.yaml"), copy(one, file: "specs/f2.yaml")]
        new.tests += [copy(one, file: "specs/g1.yaml"), copy(one, file: "specs/g2.yaml")]
        let comparison = RunComparison(old: old, new: new)
        #expect(comparison.movedFiles.isEmpty && comparison.maskedUnmatched == 0)
        #expect(comparison.changes.map(\.kind) == [.added, .added, .removed, .removed])
        #expect(!render(comparison).contains("with a masked name"), "\(render(comparison))")
    }

    /// A folder split in two (`specs` → `specs4` and `specs5`, known from tests matched by name) gives a file of the old
    /// folder two places: a masked test found under the same id in both is not known to be either, so it is matched to
    /// neither (the path match holds only "where the renamed folder gives one path"). Mutation B6 took the first.
    @Test func aMaskedTestOfAFolderSplitInTwoIsNotMatchedToEitherHalf() {
        let one = Self.run.tests.first { $0.id == Fixture.nightlyPassed.id }!
        func masked(in folder: String) -> TestResult {
            var copy = one
            copy.file = folder + "/masked/m.yaml"
            copy.spec = "Refresh token: [redacted] nightly"
            copy.id = TestResult.makeID(file: copy.file, spec: copy.spec, caseName: one.caseName, engine: one.engine)
            return copy
        }
        var old = Self.run
        old.tests.append(masked(in: "specs"))
        var new = renamedFolder()
        new.tests = new.tests.map { test in
            guard test.file == "specs4/lifecycle/catch-up.yaml" else { return test }
            var moved = test
            moved.file = "specs5/lifecycle/catch-up.yaml"
            moved.id = TestResult.makeID(file: moved.file, spec: test.spec, caseName: test.caseName, engine: test.engine)
            return moved
        }
        new.tests += [masked(in: "specs4"), masked(in: "specs5")]
        let comparison = RunComparison(old: old, new: new)
        #expect(Set(comparison.movedFiles.map(\.new)).isSuperset(of: ["specs5/lifecycle/catch-up.yaml"]))
        #expect(!comparison.movedFiles.contains { $0.old == "specs/masked/m.yaml" }, "\(comparison.movedFiles)")
        #expect(comparison.changes.map(\.kind) == [.added, .added, .removed], "\(comparison.changes.map(\.kind))")
        #expect(comparison.maskedUnmatched == 2)
    }

    /// What an app or device step set is compared with the step (docs/toolchains.md: app events "when, which step,
    /// what it set"): the same step setting another availability changed the scenario. Mutation B8 compared the step
    /// alone and read "no changes".
    @Test func anAppEventThatSetSomethingElseChangedTheScenario() {
        let at = Fixture.berlin("2027-03-29T06:30:00Z", "2027-03-29T08:30:00+02:00", "CEST")
        func with(detail: String) -> RunResult {
            var run = Self.run
            let index = run.tests.firstIndex { $0.id == Fixture.expirationPassed.id }!
            run.tests[index].lifecycle!.appEvents = [.init(at: at, step: "availability", detail: detail, line: 9)]
            return run
        }
        #expect(RunComparison(old: with(detail: "available"), new: with(detail: "available")).changes.isEmpty)
        let comparison = RunComparison(old: with(detail: "available"), new: with(detail: "refresh-disabled"))
        #expect(comparison.changes.map(\.kind) == [.changedRuns])
        #expect(render(comparison).contains("app events now: 2027-03-29 08:30 CEST (+02:00) availability refresh-disabled\n"),
                "\(render(comparison))")
    }

    /// A NEW that holds only part of the suite cannot say there are no other changes, only none among the tests both
    /// ran: the closing line after tests moved to a renamed folder says so as the line without moves does (mutation B9
    /// dropped it there and read "9 tests moved, no other changes" over a merge missing two shards).
    @Test func movedTestsInAPartialNewSayNoOtherChangesAmongTheTestsBothRan() {
        var new = renamedFolder()
        new.notes = ["shards 2/4, 4/4 are missing: " + RunResult.missingShardsNoteEnding]
        let comparison = RunComparison(old: Self.run, new: new)
        #expect(comparison.changes.isEmpty && comparison.fails)
        #expect(render(comparison).hasSuffix("\n\(Self.run.tests.count) tests moved, no other changes among the tests both ran — NEW holds only "
            + "part of the suite, so it cannot show that nothing regressed\n"), "\(render(comparison))")
        // A complete NEW says no other changes.
        #expect(render(RunComparison(old: Self.run, new: renamedFolder())).hasSuffix("\n\(Self.run.tests.count) tests moved, no other changes — no regressions\n"))
    }
}
