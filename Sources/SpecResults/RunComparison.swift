import TextRedaction

/// What changed between two runs of the same specs — typically the same suite on two toolchains.
///
/// Tests are matched by their stable id (`file › spec › case › engine`). A regression is a test that fails or
/// errors now and did not before; everything else is reported for people to read.
public struct RunComparison: Sendable, Hashable {
    public var old: RunResult
    public var new: RunResult
    /// Differences in the environment blocks, the time-zone data version first, then `--strict` and the run settings
    /// the caller read from the command lines (`settingChanges`).
    public var environmentChanges: [EnvironmentChange]
    /// Per-test changes, grouped by kind in the order of `Change.Kind.allCases`, each group in the new run's order.
    public var changes: [Change]
    /// The spec files with an error diagnostic (a file, or a document in it, that could not be read) in each run.
    public var invalidBefore: [String]
    public var invalidNow: [String]
    /// Tests matched under another spelling of the same path (`specs/a.yaml` and `/ci/specs/a.yaml`): the two runs
    /// were started from different folders or with different path arguments, and their ids, which hold the path as
    /// given, do not match. Each pair is (old file, new file), with the tests matched by spec, case and engine.
    public var respelledFiles: [PathRespelling]
    /// Removed tests that reappear as added ones under another spelling of their path but could not be matched (their
    /// spec, case and engine are found twice, as in a merge of shards run from two folders, or their names are
    /// masked): added and removed, with the old note to run both from one folder.
    public var unmatchedRespellings: [PathRespelling]
    /// How many added tests with a masked name (`[redacted]`) were not matched to a removed test by name: two specs
    /// masked alike are not known to be one.
    public var maskedUnmatched: Int
    /// Tests OLD had in one file and NEW has in another — a renamed or split spec file — matched by spec name, case
    /// and engine (a spec's name is unique in a run), each pair of files with how many tests moved. They are
    /// compared like tests with one id, and are neither removed nor added; a spec lost in a split stays removed.
    /// Respelled paths of one file are in `respelledFiles`, not here.
    public var movedFiles: [PathRespelling]
    /// How many tests were matched across two files (moved or under another spelling of the path).
    public var matchedAcrossFiles: Int

    public struct PathRespelling: Sendable, Hashable {
        public var old: String
        public var new: String
        /// How many tests of the file appear under both spellings.
        public var tests: Int
    }

    public struct EnvironmentChange: Sendable, Hashable {
        public var field: String
        public var old: String
        public var new: String

        public init(field: String, old: String, new: String) {
            self.field = field
            self.old = old
            self.new = new
        }
    }

    public struct Change: Sendable, Hashable {
        public enum Kind: String, Sendable, Hashable, CaseIterable {
            /// Fails or errors now; passed, deviated, was skipped, did not run or did not exist before.
            case newlyFailing = "newly failing"
            /// Did not run in NEW (`not-run`): the run was interrupted, or stopped early by `--fail-fast` or
            /// `--max-failures`; it ran (or did not exist) in OLD. A regression: nobody knows whether it fails there.
            case newlyNotRun = "did not run"
            /// Passes now; failed or errored before.
            case newlyPassing = "newly passing"
            /// A known deviation now; passed, failed, was skipped or was a fixed deviation before (the engine started
            /// to deviate, or deviates again on this toolchain).
            case newlyDeviating = "newly deviating"
            /// Was a known deviation, now passes (the engine was fixed; remove the annotation).
            case noLongerDeviating = "no longer deviating"
            /// Passed (or was skipped) before and passes now, but its spec now declares a deviation this engine does
            /// not have: an annotation added by hand, or one meant for another toolchain. Remove it; a regression
            /// when NEW ran under `--strict`, where a fixed deviation fails the run.
            case nowFixedDeviation = "now a fixed deviation"
            /// Ran before, and its spec file (or its document) could not be read now, so it did not run: the
            /// file became invalid, or a zone it names left the time-zone data. A regression.
            case notRun = "not run, file invalid"
            /// Skipped now (`skip:` in its spec), and was not before: what it would say is unknown. Listed, not a
            /// regression: the skip is in the spec, for review.
            case newlySkipped = "newly skipped"
            /// Any other change of status (failed → error, a fixed deviation that now passes, skipped → passed, …):
            /// every change of status is listed under some kind.
            case statusChanged = "status changed"
            /// Same status, but the engine produced different instants or dedup keys.
            case changedInstants = "changed instants"
            /// Same status, but a lifecycle scenario's runs differ (planned, actual, key or outcome), or the launches the
            /// system refused, or its schedule changes (when, to what).
            case changedRuns = "changed runs"
            case added
            case removed
        }

        public var kind: Kind
        /// The test as it was (nil when added).
        public var old: TestResult?
        /// The test as it is (nil when removed).
        public var new: TestResult?
        /// For a test that did not run because its file is invalid now (`notRun`): the invalid file NEW holds, when
        /// its path is not OLD's (a renamed folder, another spelling), so the entry names the file to fix.
        public var invalidFileNow: String? = nil

        public var id: String { (new ?? old)!.id }
    }

    /// A scenario's lists that results files leave out when empty, and that files written before each was added lack
    /// altogether: a comparison reads one only when both runs hold it in some test (a file that holds it nowhere
    /// may be older than the list, and every scenario with entries would read as changed).
    public enum LifecycleList: String, Sendable, Hashable, CaseIterable {
        case refusedLaunches, scheduleChanges, otherErrors, appEvents

        /// The first build that wrote the list (for the note that names it).
        public var added: String {
            switch self {
            case .refusedLaunches: "2026-12-01 04:32"
            case .scheduleChanges: "2026-12-06 00:25"
            case .otherErrors: "2026-12-06 02:49"
            case .appEvents: "2026-12-06 03:53"
            }
        }

        func holds(_ lifecycle: LifecycleResult) -> Bool {
            switch self {
            case .refusedLaunches: !lifecycle.refusedLaunches.isEmpty
            case .scheduleChanges: !lifecycle.scheduleChanges.isEmpty
            case .otherErrors: !lifecycle.otherErrors.isEmpty
            case .appEvents: !lifecycle.appEvents.isEmpty
            }
        }

        /// How many of the run's scenarios hold some of the list.
        func scenarios(in run: RunResult) -> Int {
            run.tests.count { $0.lifecycle.map(holds) ?? false }
        }
    }

    /// The lists both runs hold in some scenario: the ones compared.
    public var comparedLists: Set<LifecycleList>
    /// The lists one run holds and the other holds nowhere, which were not compared: each with the run that lacks it
    /// (`"OLD"` or `"NEW"`) and how many scenarios of the other hold some.
    public var uncomparedLists: [(list: LifecycleList, lackedBy: String, scenarios: Int)] {
        LifecycleList.allCases.compactMap { list in
            guard !comparedLists.contains(list) else { return nil }
            let inOld = list.scenarios(in: old), inNew = list.scenarios(in: new)
            if inOld == 0 && inNew > 0 { return (list, "OLD", inNew) }
            if inNew == 0 && inOld > 0 { return (list, "NEW", inOld) }
            return nil
        }
    }

    /// How NEW's selection differs from OLD's (`--engine`, `--filter`, tags, spec paths), read from their command
    /// lines by the caller: nil when they agree or cannot be read.
    public var selection: SelectionChange?
    /// OLD's tests missing from NEW that did not come back under another spelling of their path and whose file is
    /// not invalid now: removed, or left out by NEW's selection.
    private var missingIDs: Set<String> = []
    /// The folders tests moved out of, and to (a renamed spec folder): where NEW would hold a test OLD ran.
    private var folderMoves = FolderMoves([])

    /// How NEW selected other tests than OLD: each difference, in words, and the ids of OLD's tests that NEW's
    /// selection may leave out, each judged where NEW would hold it (`missingTests`: a test of a renamed folder under
    /// the folder's new name). A removed test among them is not known to be gone: it may fail there.
    public struct SelectionChange: Sendable, Hashable {
        public var differences: [String]
        public var excludedIDs: Set<String>

        public init(differences: [String], excludedIDs: Set<String>) {
            self.differences = differences
            self.excludedIDs = excludedIDs
        }
    }

    /// - Parameter settingChanges: run settings that differ (limits, `--timeout`: they are on the command lines only,
    ///   which the caller reads), listed after the environment's differences.
    /// - Parameter specPathMoves: spec folders NEW ran under another path than OLD (`specs` → `suite`, read from the
    ///   command lines by the caller): a rename learnt even where no test says so by its name (names masked alike,
    ///   a folder of invalid files only).
    public init(old: RunResult, new: RunResult, selection: SelectionChange? = nil, settingChanges: [EnvironmentChange] = [],
                specPathMoves: [(old: String, new: String)] = []) {
        self.old = old
        self.new = new
        self.selection = selection
        environmentChanges = Self.environmentChanges(old, new) + settingChanges
        let compared = Set(LifecycleList.allCases.filter { list in
            [old, new].allSatisfy { run in run.tests.contains { $0.lifecycle.map(list.holds) ?? false } }
        })
        comparedLists = compared
        let oldByID = Dictionary(old.tests.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let newIDs = Set(new.tests.map(\.id))
        invalidBefore = Self.invalidFiles(old)
        invalidNow = Self.invalidFiles(new)
        let invalid = Set(invalidNow)
        var missing = old.tests.filter { !newIDs.contains($0.id) }
        var added = new.tests.filter { oldByID[$0.id] == nil }
        // A test whose spec, case and engine are one removed and one added test's is the same test in another file.
        var matched = Self.matches(removed: missing, added: added)
        // Spec folders renamed on the command line, as the paths of a file in each (FolderMoves reads folders).
        // Only a folder NEW holds under the new name: at least half of OLD's files in it are at the same place under
        // the new name. A path that names a file (`suite/a.yaml`), a part of the folder (`moved/europe`, `q/sub`,
        // though one of its files shares a name with one above it) or another suite that shares a file name is a
        // narrower or other selection, not a rename (a review's `specrun q/sub` against `specrun q` passed).
        let oldFiles = Set(old.tests.map(\.file) + invalidBefore), newFiles = Set(new.tests.map(\.file) + invalidNow)
        let pathPairs = specPathMoves.map { (old: Self.folderPath($0.old), new: Self.folderPath($0.new)) }
            .filter { move in
                guard !move.old.isEmpty, !move.new.isEmpty, move.old != move.new,
                      !move.new.hasPrefix(move.old + "/"), !move.old.hasPrefix(move.new + "/") else { return false }
                let inside = oldFiles.filter { $0.hasPrefix(move.old + "/") }
                let found = inside.count { newFiles.contains(move.new + $0.dropFirst(move.old.count)) }
                return found > 0 && found * 2 >= inside.count
            }
            .map { (old: $0.old + "/_", new: $0.new + "/_") }
        func moved(_ matched: [String: TestResult]) -> (moved: [PathRespelling], respelled: [PathRespelling], moves: FolderMoves) {
            let moved = Self.movedFiles(matched, in: new), respelled = Self.movedFiles(matched, in: new, respelled: true)
            return (moved, respelled, FolderMoves((moved + respelled).map { (old: $0.old, new: $0.new) } + pathPairs))
        }
        var moving = moved(matched)
        // A test of a renamed folder whose id is the same under the folder's new path (a name masked alike or found in
        // several files, which the name match leaves alone) is the same test, matched by its path (a review's
        // masked tests were added and removed across a plain rename).
        let byPath = Self.pathMatches(removed: missing, added: added, matched: matched, moves: moving.moves)
        if !byPath.isEmpty {
            matched.merge(byPath) { first, _ in first }
            moving = moved(matched)
        }
        matchedAcrossFiles = matched.count
        movedFiles = moving.moved
        respelledFiles = moving.respelled
        let moves = moving.moves
        self.folderMoves = moves
        let matchedOld = Set(matched.values.map(\.id))
        missing.removeAll { matchedOld.contains($0.id) }
        added.removeAll { matched[$0.id] != nil }
        unmatchedRespellings = Self.respellings(removed: missing, added: added)
        // Each missing test is listed as removed or, its file invalid now, as not run.
        let removedNames = Set(missing.map { [$0.spec, $0.caseName, $0.engine] })
        maskedUnmatched = added.count { Self.isMasked($0) && removedNames.contains([$0.spec, $0.caseName, $0.engine]) }
        (newlyInvalidFiles, invalidElsewhereBefore) = Self.newlyInvalid(now: invalidNow, before: invalidBefore, moves: moves,
                                                                         movedFiles: movedFiles)
        // A test that ran in NEW under another spelling of its file's path is no test that did not run, even when a
        // document of that file is invalid now.
        let newFileOf = Dictionary(unmatchedRespellings.map { ($0.old, $0.new) }, uniquingKeysWith: { first, _ in first })
        let oldFileOf = Dictionary(unmatchedRespellings.map { ($0.new, $0.old) }, uniquingKeysWith: { first, _ in first })
        let addedPlaces = Set(added.map { [$0.file, $0.spec, $0.caseName, $0.engine] })
        let missingStatus = Dictionary(missing.map { ([$0.file, $0.spec, $0.caseName, $0.engine], $0.status) }, uniquingKeysWith: { first, _ in first })
        var found: [Change] = []
        for test in new.tests {
            guard let before = oldByID[test.id] ?? matched[test.id] else {
                // A test OLD had under another spelling of its path, with this status, is only added.
                let sameAsBefore = oldFileOf[test.file].flatMap { missingStatus[[$0, test.spec, test.caseName, test.engine]] } == test.status
                let kind: Change.Kind = switch test.status {
                case _ where sameAsBefore: .added
                case _ where Self.fails(test, in: new): .newlyFailing
                case .notRun: .newlyNotRun
                case .fixedDeviation: .nowFixedDeviation
                default: .added
                }
                found.append(Change(kind: kind, old: nil, new: test))
                continue
            }
            if let kind = Self.kind(from: before, in: old, to: test, in: new, comparing: compared) {
                found.append(Change(kind: kind, old: before, new: test))
            }
        }
        // A test whose file is invalid now — under its path, another spelling of it, or in the folder its folder was
        // renamed to — did not run.
        let invalidSpellings = PathSpellings(invalidNow)
        var fileInvalidNow: [String: String] = [:]
        for test in missing {
            let cameBack = newFileOf[test.file].map { addedPlaces.contains([$0, test.spec, test.caseName, test.engine]) } ?? false
            // The invalid file that holds the test now: its own path, another spelling of it, or its path under the
            // folder's new name ("" when none is invalid).
            let invalidFile = fileInvalidNow[test.file] ?? {
                let answer = invalid.contains(test.file) ? test.file
                    : invalidSpellings.otherSpelling(of: test.file) ?? moves.newPaths(of: test.file).first(where: invalid.contains) ?? ""
                fileInvalidNow[test.file] = answer
                return answer
            }()
            let notRun = !cameBack && !invalidFile.isEmpty
            found.append(Change(kind: notRun ? .notRun : .removed, old: test, new: nil,
                                invalidFileNow: notRun && invalidFile != test.file ? invalidFile : nil))
            if !cameBack && !notRun { missingIDs.insert(test.id) }
        }
        let order = Dictionary(uniqueKeysWithValues: Change.Kind.allCases.enumerated().map { ($1, $0) })
        changes = found.enumerated().sorted { (order[$0.element.kind]!, $0.offset) < (order[$1.element.kind]!, $1.offset) }.map(\.element)
    }

    /// A comparison whose NEW selected other tests than OLD (`--engine`, `--filter`, tags, spec paths, read from the
    /// command lines by the caller): each test OLD ran that is missing from NEW is judged where NEW would hold it
    /// (`missingTests`), and is left out by NEW's selection when `mayExclude` says so of every such place. So a file
    /// deleted from a renamed folder is removed, while a narrower NEW of the renamed folder (`--tag`, `--filter`,
    /// spec paths that hold only part of it) holds only part of the suite, as it does without the rename.
    public init(old: RunResult, new: RunResult, selectionDifferences: [String], mayExclude: (TestResult) -> Bool,
                settingChanges: [EnvironmentChange] = [], specPathMoves: [(old: String, new: String)] = []) {
        self.init(old: old, new: new, settingChanges: settingChanges, specPathMoves: specPathMoves)
        guard !selectionDifferences.isEmpty else { return }
        let left = missingTests.filter { $0.placements.allSatisfy(mayExclude) }.map(\.test.id)
        selection = SelectionChange(differences: selectionDifferences, excludedIDs: Set(left))
    }

    /// OLD's tests missing from NEW that did not come back under another path and whose file is not invalid now —
    /// removed, or left out by NEW's selection — each with the places NEW would hold it: a test of a folder whose
    /// other tests moved (a renamed spec folder, `specs` → `specs4`) under the folder's new path (several when its
    /// tests moved to several folders), any other test as it is.
    public var missingTests: [(test: TestResult, placements: [TestResult])] {
        old.tests.filter { missingIDs.contains($0.id) }.map { test in
            let files = folderMoves.newPaths(of: test.file)
            guard !files.isEmpty else { return (test, [test]) }
            return (test, files.map { file in
                var placed = test
                placed.file = file
                placed.id = TestResult.makeID(file: file, spec: test.spec, caseName: test.caseName, engine: test.engine)
                return placed
            })
        }
    }

    /// True when a test fails now that did not fail before (a fixed deviation fails a run under `--strict`), did not
    /// run now (interrupted, stopped early, or its file invalid), or a spec file NEW could not read was readable in
    /// OLD (under `--strict` a lint warning makes it so, and the run exits 2): `specrun compare` exits 1.
    public var regressed: Bool { changes.contains { isRegression($0.kind) } || !newlyInvalidFiles.isEmpty }

    /// The spec files with an error in NEW that had none in OLD. A file is matched as tests are: under its path,
    /// another spelling of it, the folder its folder was renamed to, or the file its tests moved to — the last two
    /// one old file to one new one (a file of OLD that would be two files of NEW, or two of OLD one of NEW, matches
    /// nothing).
    public private(set) var newlyInvalidFiles: [String] = []

    /// The files with an error in NEW that OLD had, with an error too, under another path (another spelling, a
    /// renamed folder, the file its tests moved to): NEW's path → OLD's. The text lists them once, as one file.
    public private(set) var invalidElsewhereBefore: [String: String] = [:]

    /// Whether changes of this kind make `compare` exit 1: a test failing or not run now, and a fixed deviation
    /// that is new in a NEW run under `--strict` (where it failed that run).
    public func isRegression(_ kind: Change.Kind) -> Bool {
        kind == .newlyFailing || kind == .newlyNotRun || kind == .notRun || (kind == .nowFixedDeviation && new.strict)
    }

    /// Why NEW holds only part of the suite OLD ran: its notes (a shard the merge did not get, spec files a stopped
    /// run did not read), NEW being one shard of a sharded run, or NEW selecting other tests than OLD when tests OLD
    /// ran are missing from it. Those tests show as removed, and any of them may fail on NEW's toolchain, so such a
    /// comparison cannot show that nothing regressed.
    public var incompleteNew: [String] {
        var reasons = new.partialSuiteNotes
        if let held = new.heldShards, old.heldShards == held {
            // The same shards on both sides (one shard, or a merge that records the shards it holds): like for like.
            reasons.removeAll { $0.hasSuffix(RunResult.missingShardsNoteEnding) }
        } else if let shard = new.shard {
            reasons.append("NEW is shard \(shard) of a sharded run; merge every shard (specrun merge) and compare the merge")
        }
        // OLD's tests missing from NEW that NEW's selection may have left out; a test removed from a spec NEW selected
        // as OLD did is simply removed.
        if let selection {
            let left = missingIDs.intersection(selection.excludedIDs).count
            if left > 0 {
                reasons.append("NEW selected other tests than OLD (\(selection.differences.joined(separator: "; "))), "
                    + "and \(left == 1 ? "1 test" : "\(left) tests") OLD ran \(left == 1 ? "is" : "are") not in it")
            }
        }
        let notRun = new.tests.filter { $0.status == .notRun }.count
        if notRun > 0 {
            reasons.append("NEW did not run \(notRun) of its \(new.tests.count) tests (the run was interrupted or stopped early)")
        }
        return reasons
    }

    /// Whether `specrun compare` exits 1: a regression, or a NEW that holds only part of the suite (docs/ci.md).
    public var fails: Bool { regressed || !incompleteNew.isEmpty }

    public func changes(_ kind: Change.Kind) -> [Change] { changes.filter { $0.kind == kind } }

    /// The kind of a test's change, nil when nothing a reader compares changed. Every change of status has a kind, and
    /// so has a fixed deviation that fails now because NEW ran under `--strict` and OLD did not.
    private static func kind(from old: TestResult, in oldRun: RunResult, to new: TestResult, in newRun: RunResult,
                             comparing lists: Set<LifecycleList>) -> Change.Kind? {
        switch (fails(old, in: oldRun), fails(new, in: newRun)) {
        case (false, true): return .newlyFailing
        case (true, false) where new.status == .passed || new.status == .fixedDeviation: return .newlyPassing
        default: break
        }
        guard old.status == new.status else {
            if new.status == .notRun { return .newlyNotRun }
            // A deviation the old toolchain did not have — it passed, fixed an annotated deviation (a spec annotated for
            // a newer toolchain, run on an older one) or failed before the annotation — is news on this upgrade.
            if new.status == .knownDeviation { return .newlyDeviating }
            if old.status == .knownDeviation && (new.status == .fixedDeviation || new.status == .passed) { return .noLongerDeviating }
            if new.status == .fixedDeviation { return .nowFixedDeviation }
            if new.status == .skipped { return .newlySkipped }
            return .statusChanged
        }
        if instantsAndKeys(old.actual) != instantsAndKeys(new.actual) { return .changedInstants }
        if let before = old.lifecycle, let after = new.lifecycle, lifecycleCompared(before, lists) != lifecycleCompared(after, lists) {
            return .changedRuns
        }
        return nil
    }

    /// Whether the test fails its run: it failed or errored, or is a fixed deviation in a run under `--strict`.
    static func fails(_ test: TestResult, in run: RunResult) -> Bool {
        test.status.isFailure || (test.status == .fixedDeviation && run.strict)
    }

    /// What a comparison reads of produced instants: each one's instant and dedup key (not its texts, which a
    /// writer may spell differently).
    public static func instantsAndKeys(_ instants: [ResultInstant]) -> [InstantAndKey] {
        instants.map(InstantAndKey.init)
    }

    public struct InstantAndKey: Hashable, Sendable {
        public var epochSeconds: Double
        public var key: String?

        public init(_ instant: ResultInstant) {
            epochSeconds = instant.epochSeconds
            key = instant.key
        }
    }

    /// What a comparison reads of a scenario: its runs, and of the lists both runs hold, its refused launches (when,
    /// which error, the floor), schedule changes (when, what they wrote, the zone), other errors (when, which, for
    /// which task) and the app's and device's steps (when, which, what they set): a moved zone or a refused launch
    /// at another minute read "no changes" (a CI maintainer's review). Lines and messages are not compared: an
    /// edit of the spec above a step, or a reworded message, changes no behaviour.
    private static func lifecycleCompared(_ lifecycle: LifecycleResult, _ lists: Set<LifecycleList>) -> [[String?]] {
        var compared = runsCompared(lifecycle.runs)
        if lists.contains(.refusedLaunches) {
            compared += lifecycle.refusedLaunches.map { ["refused", String($0.at.epochSeconds), $0.identifier, $0.error, $0.earliestBegin.map { String($0.epochSeconds) }] }
        }
        if lists.contains(.scheduleChanges) {
            compared += lifecycle.scheduleChanges.map { ["change", String($0.at.epochSeconds), $0.change, $0.timeZone, String($0.version)] }
        }
        if lists.contains(.otherErrors) {
            compared += lifecycle.otherErrors.map { ["error", String($0.at.epochSeconds), $0.code, $0.identifier] }
        }
        if lists.contains(.appEvents) {
            compared += lifecycle.appEvents.map { ["app", String($0.at.epochSeconds), $0.step, $0.detail] }
        }
        return compared
    }

    /// What a comparison reads of a scenario's runs: planned and actual instants, key and outcome.
    private static func runsCompared(_ runs: [LifecycleResult.Run]) -> [[String?]] {
        runs.map { [$0.planned.map { String($0.epochSeconds) }, $0.actual.map { String($0.epochSeconds) }, $0.key, $0.outcome] }
    }

    private static func invalidFiles(_ run: RunResult) -> [String] {
        var seen = Set<String>()
        return run.diagnostics.compactMap { diagnostic in
            guard diagnostic.severity == .error, let file = diagnostic.location?.file, seen.insert(file).inserted else { return nil }
            return file
        }
    }

    /// Removed and added tests that are one test in another file: the same spec name, case and engine, found once
    /// among the removed and once among the added. By NEW's id, OLD's test.
    /// A name holding a mask is not matched: two specs masked alike (`Refresh token: [redacted] nightly`) are not
    /// known to be one (a review saw a deleted spec matched to another).
    private static func matches(removed: [TestResult], added: [TestResult]) -> [String: TestResult] {
        guard !removed.isEmpty, !added.isEmpty else { return [:] }
        func rest(_ test: TestResult) -> [String?] { [test.spec, test.caseName, test.engine] }
        let removedByRest = Dictionary(grouping: removed.filter { !isMasked($0) }, by: rest)
        let addedByRest = Dictionary(grouping: added.filter { !isMasked($0) }, by: rest)
        var matched: [String: TestResult] = [:]
        for (key, news) in addedByRest where news.count == 1 {
            guard let olds = removedByRest[key], olds.count == 1 else { continue }
            matched[news[0].id] = olds[0]
        }
        return matched
    }

    private static func isMasked(_ test: TestResult) -> Bool {
        test.spec.contains(Redaction.mask) || test.caseName?.contains(Redaction.mask) == true
    }

    /// The pairs of files the matched tests moved between, in NEW's order, with counts: other files, or (`respelled`)
    /// other spellings of one file's path.
    /// A spec path as given on a command line, as the folder test ids start with: without `./` or a trailing `/`.
    private static func folderPath(_ path: String) -> String {
        var path = path[...]
        while path.hasPrefix("./") { path = path.dropFirst(2) }
        while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
        return path == "." ? "" : String(path)
    }

    /// Removed tests found in a renamed folder (`moves`) under the same id there, file path aside: NEW's id of each,
    /// with the test as OLD had it. Only tests no other match took, and only where the renamed folder gives one path.
    private static func pathMatches(removed: [TestResult], added: [TestResult], matched: [String: TestResult],
                                    moves: FolderMoves) -> [String: TestResult] {
        guard !moves.isEmpty else { return [:] }
        let takenOld = Set(matched.values.map(\.id))
        let addedIDs = Set(added.lazy.filter { matched[$0.id] == nil }.map(\.id))
        var found: [String: TestResult] = [:]
        for test in removed where !takenOld.contains(test.id) && test.id.hasPrefix(test.file + " › ") {
            let paths = moves.newPaths(of: test.file)
            guard paths.count == 1 else { continue }
            let id = paths[0] + test.id.dropFirst(test.file.count)
            if addedIDs.contains(id), found[id] == nil { found[id] = test }
        }
        return found
    }

    private static func movedFiles(_ matched: [String: TestResult], in new: RunResult, respelled: Bool = false) -> [PathRespelling] {
        var counts: [PathRespelling: Int] = [:]
        var order: [PathRespelling] = []
        for test in new.tests {
            guard let before = matched[test.id], before.file != test.file, sameFile(before.file, test.file) == respelled else { continue }
            let pair = PathRespelling(old: before.file, new: test.file, tests: 0)
            if counts[pair] == nil { order.append(pair) }
            counts[pair, default: 0] += 1
        }
        return order.map { PathRespelling(old: $0.old, new: $0.new, tests: counts[$0]!) }
    }

    /// Pairs of files whose tests match by spec, case and engine, one path ending with the other at a folder boundary:
    /// each removed test with the first added one (in NEW's order) of its spec, case and engine under another spelling
    /// of its path, found by lookups, not by a scan of the added tests of its name (the same name in 20,000 files of
    /// both runs took 76 s).
    private static func respellings(removed: [TestResult], added: [TestResult]) -> [PathRespelling] {
        guard !removed.isEmpty, !added.isEmpty else { return [] }
        func rest(_ test: TestResult) -> [String?] { [test.spec, test.caseName, test.engine] }
        let spellings = PathSpellings(added.map { (key: rest($0), path: $0.file) })
        var counts: [PathRespelling: Int] = [:]
        var order: [PathRespelling] = []
        for test in removed {
            guard let file = spellings.firstPath(rest(test), otherSpellingOf: test.file) else { continue }
            let pair = PathRespelling(old: test.file, new: file, tests: 0)
            if counts[pair] == nil { order.append(pair) }
            counts[pair, default: 0] += 1
        }
        return order.map { PathRespelling(old: $0.old, new: $0.new, tests: counts[$0]!) }
    }

    /// `newlyInvalidFiles`: the files of `now` with no counterpart in `before`, and the counterparts found under
    /// another path (`invalidElsewhereBefore`). Under the same path or another spelling of it a file is one file, as
    /// before; across a renamed folder (`moves`) or a renamed file whose tests moved (`movedFiles`), the file of OLD
    /// and that of NEW are one when each is the other's only candidate, as a test is matched only when its name is
    /// found once on each side.
    private static func newlyInvalid(now: [String], before: [String], moves: FolderMoves, movedFiles: [PathRespelling])
        -> (newly: [String], elsewhere: [String: String]) {
        let beforeSet = Set(before), beforeSpellings = PathSpellings(before)
        var elsewhere: [String: String] = [:]
        let unmatched = now.filter { file in
            guard !beforeSet.contains(file) else { return false }
            guard let spelling = beforeSpellings.otherSpelling(of: file) else { return true }
            elsewhere[file] = spelling
            return false
        }
        guard !unmatched.isEmpty, !moves.isEmpty || !movedFiles.isEmpty else { return (unmatched, elsewhere) }
        let nowSet = Set(now), nowSpellings = PathSpellings(now)
        let unmatchedSet = Set(unmatched)
        let movedTo = Dictionary(grouping: movedFiles, by: \.old)
        var candidates: [String: Set<String>] = [:]
        for file in before where !nowSet.contains(file) && !nowSpellings.containsOtherSpelling(of: file) {
            let targets = Set(moves.newPaths(of: file) + (movedTo[file] ?? []).map(\.new)).intersection(unmatchedSet)
            for target in targets { candidates[target, default: []].insert(file) }
        }
        let oldCandidates = Dictionary(candidates.flatMap { target, files in files.map { ($0, 1) } }, uniquingKeysWith: +)
        let newly = unmatched.filter { file in
            guard let files = candidates[file], files.count == 1, oldCandidates[files.first!] == 1 else { return true }
            elsewhere[file] = files.first!
            return false
        }
        return (newly, elsewhere)
    }

    /// The environment blocks' differences, the time-zone data first, and a difference of `--strict` (it decides
    /// whether a fixed deviation fails a run).
    private static func environmentChanges(_ oldRun: RunResult, _ newRun: RunResult) -> [EnvironmentChange] {
        let old = oldRun.environment, new = newRun.environment
        let fields: [(String, (Environment) -> String)] = [
            ("time-zone data", \.tzdataVersion),
            ("Swift compiler", \.swiftVersion),
            ("Foundation", \.foundation),
            ("OS", { "\($0.os) \($0.osVersion)" }),
            ("architecture", \.architecture),
            ("specrun", \.specrunVersion),
            ("specrun build", { $0.specrunBuild ?? "none" }),
            ("spec commit", { $0.gitCommit ?? "none" }),
        ]
        var changes = fields.compactMap { name, value in
            value(old) == value(new) ? nil : EnvironmentChange(field: name, old: value(old), new: value(new))
        }
        if oldRun.strict != newRun.strict {
            changes.append(EnvironmentChange(field: "--strict", old: oldRun.strict ? "yes" : "no", new: newRun.strict ? "yes" : "no"))
        }
        return changes
    }
}

extension TestStatus {
    /// Failed or errored: the statuses that fail a run whatever `--strict` says.
    public var isFailure: Bool { self == .failed || self == .error }
}
