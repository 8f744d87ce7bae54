/// Which engine a spec agrees with when one engine passes a test and the other fails it, in one wording for the two
/// places that say it: the runner's message of a foundation failure the core passes (every report shows it, a run on
/// foundation alone too) and the note under the engines' table (`--engine all`), which leaves it out when the failing
/// test's message already says it (a review read both in one block, eight lines apart, spelled "Foundation" and
/// "foundation"). The engines are named as the run names them, so the sentence spells them as its table does.
public enum EngineAgreement {
    /// When core is the engine that fails, the spec most likely expects what Foundation does rather than what the spec
    /// language says (core is its reference): a message review declared the deviation on core, as the sentence then
    /// advised, and a wrong spec passed with exit 0.
    public static func sentence(passing: String, failing: String) -> String {
        if failing == "core" {
            return "\(passing) passes this test and core does not: core gives what the spec language defines, so the spec most "
                + "likely expects \(passing)'s own behaviour; check its instants against the contract ('specrun explain' gives each "
                + "policy's instant for a wall time) rather than declaring a known deviation on core"
        }
        return "\(passing) passes this test and \(failing) does not: the spec agrees with \(passing), so the difference is "
            + "\(failing)'s; if it is expected (a known fault of this toolchain, docs/toolchains.md#known-deviations), declare it "
            + "under 'known-deviations:'"
    }
}
