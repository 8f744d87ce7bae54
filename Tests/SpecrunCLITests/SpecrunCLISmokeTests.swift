import Testing
@testable import SpecrunCLI

@Test func moduleLoads() {
    #expect(Bool(true))
}
