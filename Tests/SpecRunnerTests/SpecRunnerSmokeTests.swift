import Testing
@testable import SpecRunner

@Test func moduleLoads() {
    #expect(Bool(true))
}
