import Testing
@testable import SpecParser

@Test func moduleLoads() {
    #expect(Bool(true))
}
