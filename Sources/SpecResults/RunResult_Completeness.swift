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

    /// The notes saying that part of the suite is missing from these results (their tests are not in `tests` at all,
    /// not even as not-run): `specrun compare` cannot tell whether such a NEW regressed.
    public var partialSuiteNotes: [String] {
        notes.filter {
            $0.hasSuffix(Self.missingShardsNoteEnding) || $0.hasSuffix(Self.unreadFilesNoteEnding) || $0.hasSuffix(Self.mixedSelectionsNoteEnding)
        }
    }
}
