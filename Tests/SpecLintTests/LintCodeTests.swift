import SpecLint
import SpecResults
import Testing

/// SpecResults cannot import SpecLint, so it restates the codes of the lints a failure can follow from (a failure's
/// message points at their warnings, and `--quiet` keeps them): they must stay SpecLint's.
@Suite struct LintCodeTests {
    @Test func theWarningsAFailurePointsAtAreSpecLintsCodes() {
        #expect(RunResult.failureWarningCodes == [LintCode.offsetMismatch, .outsideWindow, .duplicateExpectedKey, .unmatchableKey].map(\.rawValue))
    }
}
