import Testing
@testable import SpecReporters

@Test func moduleLoads() {
    #expect(Bool(true))
}
