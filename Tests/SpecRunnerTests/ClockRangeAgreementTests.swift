import Foundation
@testable import SpecParser
import TaskHarness
import Testing

/// The parser refuses a scenario's clock instant the harness could not reach (exit 2 where it is written) by its own
/// copy of the harness's range, as the parser may not import the harness: the two must be the same range.
@Suite struct ClockRangeAgreementTests {
    @Test func theParsersClockRangeIsTheHarnesss() {
        #expect(ValueReader.clockRange == ManualClock.supportedRange)
    }
}
