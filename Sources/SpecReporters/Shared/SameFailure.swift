import SpecResults

/// One engine's failure that is another engine's, test for test.
enum SameFailure {
    /// Under `--engine all` both engines often fail a spec the same way (a wrong expectation): the second engine's
    /// line says so instead of printing the same block again (the failure review), in the terminal and in the HTML's
    /// "Needs attention" list (a message review read both rows with the same long text).
    ///
    /// The message is compared too: with the same instants and diff it is the same text on both engines (every hint is
    /// of the spec's schedule and the diff, asked alike of each engine; one that was asked of the core only kept a
    /// review's same failures apart), and where it differs it tells how each search ended (the core's candidate bound,
    /// Foundation finding nothing), which is no same failure.
    static func holds(_ test: TestResult, as other: TestResult) -> Bool {
        test.engine != nil && other.engine != nil && test.engine != other.engine
            && test.file == other.file && test.spec == other.spec && test.caseName == other.caseName
            && test.status == other.status && (test.status == .failed || test.status == .error)
            && test.message == other.message && test.diff == other.diff
            && test.expected == other.expected && test.actual == other.actual && test.lifecycle == other.lifecycle
    }
}
