import Testing
@testable import Recurrence

@Test func moduleLoads() {
    #expect(Bool(true))
}
