import Testing
@testable import TaskHarness

@Test func moduleLoads() {
    #expect(Bool(true))
}
