extension RunResult {
    /// The endings of the notes specrun writes when part of the suite is missing from a results document: shards a
    /// merge did not get (`RunResult.merging`), spec files a run stopped by a signal did not read. One list, so that
    /// the writers and `partialSuiteNotes` cannot drift apart.
    public static let missingShardsNoteEnding = "the merged results hold only part of the suite"
    public static let unreadFilesNoteEnding = "so their tests are missing from these results"
    /// Between two shard labels in a merge's note naming a shard whose toolchain differs from the first's: the merged
    /// environment block is the first shard's, so only the note tells.
    public static let otherToolchainNoteMarker = " ran with a different toolchain than "
    /// A merge of shards that selected different tests (`--engine`, `--filter`, tags, paths): the tests one shard's
    /// selection left out are missing.
    public static let mixedSelectionsNoteEnding = "the merged results mix two selections"
    /// A merge of shards that read other spec files (run on two commits): tests of the files that differ may have run in
    /// no shard.
    public static let otherSpecFilesNoteEnding = "some tests may have run in no shard"
    /// A merge of a results file whose tests disagree in number with the summary it records (tests deleted by hand).
    public static let editedTestsNoteEnding = "the merged results may not hold the whole suite"

    /// The endings of the notes that make results not a whole run, but for missing shards.
    /// (Shards that selected other tests end in `otherSpecFilesNoteEnding`; whole runs of other selections merged
    /// together are only noted, with `mixedSelectionsNoteEnding`.)
    static let notWholeRunNoteEndings = [unreadFilesNoteEnding, otherSpecFilesNoteEnding, editedTestsNoteEnding]

    /// The notes saying that part of the suite is missing from these results (their tests are not in `tests` at all,
    /// not even as not-run): `specrun compare` cannot tell whether such a NEW regressed.
    public var partialSuiteNotes: [String] {
        notes.filter { note in
            note.hasSuffix(Self.missingShardsNoteEnding) || note.hasSuffix(Self.mixedSelectionsNoteEnding)
                || Self.notWholeRunNoteEndings.contains { note.hasSuffix($0) }
        }
    }

    /// Results that are not a whole run though every test they hold passed: a merge lacking a shard, a merge of shards
    /// that read other spec files or selected other tests (or of such a merge), a run stopped while reading its files.
    /// Not green in any report, and `specrun merge` exits 1 for them (the CI review's merge exited 1 under a ✅, or 0;
    /// a merge of shards one of which ran an extra `--tag europe` exited 0 with 132 tests run in no shard).
    public var isIncomplete: Bool {
        (shard == nil && mergedShards != nil)
            || notes.contains { note in Self.notWholeRunNoteEndings.contains { note.hasSuffix($0) } }
    }

    /// The shards a merge lacks, in one sentence for the JUnit error and the TAP `Bail out!` (`shard 4/4 is missing
    /// from these merged results; …`); nil when none is missing.
    public var missingShardsSentence: String? {
        guard shard == nil, let held = mergedShards else { return nil }
        let missing = Shard.missing(from: held)
        guard !missing.isEmpty else { return nil }
        let listed = missing.map(\.description).joined(separator: ", ")
        return (missing.count == 1 ? "shard \(listed) is" : "shards \(listed) are")
            + " missing from these merged results; merge the results files of every shard"
    }

    /// How the note that says a document is a merge starts (`merged from 4 results files: …`).
    public static let mergedNotePrefix = "merged from "

    /// Whether these results are a merge (`specrun merge` wrote them).
    public var isMerge: Bool {
        mergedShards != nil || notes.contains { $0.hasPrefix(Self.mergedNotePrefix) }
    }

    /// Why these results are not a whole run, apart from missing shards (which reports name on their own): tests not
    /// run (a run stopped by a signal, a stopped shard), spec files not read, shards that read other spec files or
    /// selected other tests. One plain sentence each; empty for a whole run. The JUnit and TAP reports turn them into
    /// an error, so that a run that stopped or a merge that exits 1 does not look green (a CI review: `failures="0"
    /// errors="0"`, and `prove` said PASS, for a run stopped by SIGTERM with 8424 tests not run).
    public var notWholeRunReasons: [String] {
        var reasons: [String] = []
        let notRun = tests.filter { $0.status == .notRun }
        // A failure budget stops a run on purpose: said so, not as an interruption (a CI review read "a run was stopped
        // before its end … run them again" of `--fail-fast`).
        let budget = notRun.first?.message.flatMap { $0.contains("--max-failures") ? $0 : nil }
        if !notRun.isEmpty {
            let count = "\(notRun.count) test\(notRun.count == 1 ? "" : "s") of \(tests.count) did not run"
            reasons.append(budget.map { "\(count) (\($0), its tests marked not-run); run without it for the whole suite" }
                ?? "\(count) (a run was stopped before its end, its tests marked not-run); run \(notRun.count == 1 ? "it" : "them") again")
        }
        reasons += notes.filter { note in Self.notWholeRunNoteEndings.contains { note.hasSuffix($0) } }
        return reasons
    }

    /// Each sharded input (`--shard I/N`, any N) that did not read the spec files the others read: the shards ran other
    /// spec files (another commit or checkout between them), and tests of those files may have run in no shard (the CI
    /// review's merge of shards run on two commits exited 0, and compare passed). Whole runs among them are left out.
    static func otherSpecFilesNotes(_ shards: [RunResult], label: (Int) -> String) -> [String] {
        let sharded = shards.indices.filter { shards[$0].heldShards != nil }
        guard sharded.count > 1 else { return [] }
        let union = Set(sharded.flatMap { shards[$0].files })
        return sharded.compactMap { index in
            let missing = union.subtracting(shards[index].files).sorted()
            guard let first = missing.first else { return nil }
            let more = missing.count > 1 ? " and \(missing.count - 1) more" : ""
            return "\(label(index)) did not read \(first)\(more), which other shards of its run read: the shards ran other spec files "
                + "(another commit or checkout, or a shard stopped while reading); run every shard on the same commit, as "
                + otherSpecFilesNoteEnding
        }
    }
}
