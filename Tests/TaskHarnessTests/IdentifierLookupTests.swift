import Foundation
import Testing
@testable import TaskHarness

/// The gate and the configuration answer register and submit from sets and dictionaries kept beside their lists
/// (a scenario of 8,000 tasks searched the lists 100 million times). These check that the answers are the lists':
/// after a change of a list, for a repeated identifier, for another spelling of the same text, and in the order
/// a scenario's errors and pending requests come out.
@Suite struct IdentifierLookupTests {
    @Test func aGateChangedAfterItWasMadeAnswersFromItsNewLists() {
        var gate = StaticGate(permittedIdentifiers: ["a"], backgroundModes: ["fetch"])
        #expect(gate.refusal(for: "b", kind: .refresh) == .identifierNotPermitted)
        gate.permittedIdentifiers.append("b")
        #expect(gate.refusal(for: "b", kind: .refresh) == nil)
        #expect(gate.refusal(for: "b", kind: .processing) == .backgroundModeMissing("processing"))
        gate.backgroundModes = ["processing"]
        #expect(gate.refusal(for: "b", kind: .processing) == nil)
        #expect(gate.refusal(for: "b", kind: .refresh) == .backgroundModeMissing("fetch"))
        gate.permittedIdentifiers = []
        #expect(gate.refusal(for: "a", kind: .processing) == .identifierNotPermitted)
    }

    /// Swift compares strings by canonical equivalence: `é` written as one scalar or as `e` and a combining accent is
    /// the same identifier, to a list's `contains` and to a set alike.
    @Test func anotherSpellingOfThePermittedTextIsPermitted() {
        let gate = StaticGate(permittedIdentifiers: ["com.example.caf\u{E9}"], backgroundModes: ["fetch"])
        #expect(gate.refusal(for: "com.example.cafe\u{301}", kind: .refresh) == nil)
    }

    /// Equality and hashing are the lists' own, in order.
    @Test func gatesAreEqualWhenTheirListsAre() {
        let one = StaticGate(permittedIdentifiers: ["a", "b"], backgroundModes: ["fetch"])
        var two = StaticGate(permittedIdentifiers: ["a"], backgroundModes: ["fetch"])
        #expect(one != two)
        two.permittedIdentifiers.append("b")
        #expect(one == two)
        #expect(Set([one, two]).count == 1)
        #expect(one != StaticGate(permittedIdentifiers: ["b", "a"], backgroundModes: ["fetch"]))
        #expect(one != StaticGate(permittedIdentifiers: ["a", "b"], backgroundModes: ["processing"]))
    }

    @Test func aTaskDeclaredTwiceHasItsFirstKindAndAChangeOfTasksIsSeen() {
        var configuration = Fixture.configuration(tasks: [
            .init(identifier: "x", kind: .processing), .init(identifier: "x", kind: .refresh),
        ])
        #expect(configuration.kind(of: "x") == .processing)
        #expect(configuration.kind(of: "undeclared") == .refresh)
        configuration.tasks = [.init(identifier: "y", kind: .processing)]
        #expect(configuration.kind(of: "x") == .refresh)
        #expect(configuration.kind(of: "y") == .processing)
        configuration.tasks.append(.init(identifier: "z", kind: .processing))
        #expect(configuration.kind(of: "z") == .processing)
    }

    /// Thirty processing tasks declared out of alphabetical order: the first ten declared are pending, in the order
    /// submitted; the other twenty are refused `too-many-pending`, in declaration order, also after a relaunch.
    @Test func manyTasksKeepTheirDeclarationOrderInErrorsAndPendingRequests() async throws {
        let identifiers = (0..<30).map { "com.example.app.p\(($0 * 7) % 30)" }
        #expect(Set(identifiers).count == 30)
        let gate = StaticGate(permittedIdentifiers: identifiers.reversed(), backgroundModes: ["processing"])
        let simulation = try await LifecycleSimulation(
            Fixture.configuration(tasks: identifiers.map { .init(identifier: $0, kind: .processing) }, gate: gate))
        try await simulation.relaunch()
        let report = await simulation.finish()
        #expect(report.pendingRequests.map(\.identifier) == Array(identifiers.prefix(10)))
        let refused = Array(identifiers.dropFirst(10))
        #expect(report.errors.map(\.code) == Array(repeating: .tooManyPending, count: 40))
        #expect(report.errors.map(\.identifier) == refused + refused)
        #expect(report.log.filter { $0.hasPrefix("register ") }.count == 60)
    }

    /// An identifier the app registers twice at its start (common bug 4) is submitted once: the app submits what
    /// its start registered, each identifier once, in the order first registered.
    @Test func anIdentifierRegisteredTwiceIsSubmittedOnce() async throws {
        var configuration = Fixture.configuration()
        configuration.startupRegistrations = [Fixture.refresh, Fixture.refresh]
        let simulation = try await LifecycleSimulation(configuration)
        let report = await simulation.finish()
        #expect(report.errors.map(\.code) == [.duplicateRegistration])
        #expect(report.log.filter { $0.hasPrefix("submit ") }.count == 1, "\(report.log)")
        #expect(report.pendingRequests.map(\.identifier) == [Fixture.refresh])
    }
}
