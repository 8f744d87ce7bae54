/// The stable code of every lint warning (`docs/diagnostics.md` lists each with an example).
///
/// Lints judge specs that parse, and specs read whole beside an error of their own (`SpecFile.specsWithErrors`): what
/// the parser already refuses (expected occurrences out of order) is an error there and never repeated here.
public enum LintCode: String, Sendable, Hashable, CaseIterable {
    /// An instant written with a numeric offset that is not its zone's offset at that instant.
    case offsetMismatch = "offset-mismatch"
    /// A spec tagged `dst` whose window and cases hold no offset change of its zone.
    case dstWithoutTransition = "dst-without-transition"
    /// A spec tagged `control` (and not `dst`) whose window or cases hold an offset change of its zone.
    case controlWithTransition = "control-with-transition"
    /// Two expected occurrences of one window with the same dedup key.
    case duplicateExpectedKey = "duplicate-expected-key"
    /// Two cases of one spec that make the same search.
    case duplicateCase = "duplicate-case"
    /// An occurrence of a repeated wall time expected without its key under `repeated: both`.
    case repeatedWithoutKey = "repeated-without-key"
    /// An expected occurrence outside its spec's window.
    case outsideWindow = "outside-window"
    /// An expected occurrence at the same instant as the one before it.
    case duplicateInstant = "duplicate-instant"
    /// A lifecycle scenario's `info-plist:` that names no file.
    case missingFixture = "missing-fixture"
    /// A lifecycle scenario's `info-plist:` that names a file the task harness cannot read as an Info.plist.
    case invalidFixture = "invalid-fixture"
    /// A lifecycle scenario's `expect: {}`, which checks nothing of its own.
    case emptyExpect = "empty-expect"
    /// A `timezone:` written with one of tzdata's old names (a link, `Europe/Kiev`), not the current one.
    case oldZoneName = "old-zone-name"
    /// `known-deviations: {core: …}`: a deviation declared on the engine that defines the contract's answers.
    case deviationOnCore = "deviation-on-core"
    /// An expected occurrence's key, or a scenario run's, that its occurrence cannot have: another id or version, a
    /// date that does not exist, not its rule's form, or another instant's key.
    case unmatchableKey = "unmatchable-key"
}
