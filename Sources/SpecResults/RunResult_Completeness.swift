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

    /// The notes saying that part of the suite is missing from these results (their tests are not in `tests` at all,
    /// not even as not-run): `specrun compare` cannot tell whether such a NEW regressed.
    public var partialSuiteNotes: [String] {
        notes.filter {
            $0.hasSuffix(Self.missingShardsNoteEnding) || $0.hasSuffix(Self.unreadFilesNoteEnding) || $0.hasSuffix(Self.mixedSelectionsNoteEnding)
                || $0.hasSuffix(Self.otherSpecFilesNoteEnding)
        }
    }

    /// Results that are not a whole run though every test they hold passed: a merge lacking a shard, a merge of shards
    /// that read other spec files (or of such a merge), a run stopped while reading its files. Not green in any report,
    /// and `specrun merge` exits 1 for them (the CI review's merge exited 1 under a ✅, or 0). Shards that selected
    /// differently are noted only (docs/reports.md: the exit status is unchanged), as before.
    public var isIncomplete: Bool {
        (shard == nil && mergedShards != nil)
            || notes.contains { $0.hasSuffix(Self.otherSpecFilesNoteEnding) || $0.hasSuffix(Self.unreadFilesNoteEnding) }
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
