import Foundation
import Testing
import TextRedaction
@testable import TaskHarness

/// The diagnostics log masks what its alphabet lets through: the second line of defence behind `DiagnosticsEntry`.
@Suite struct DiagnosticsLogRedactionTests {
    /// A JSON Web Token is letters, digits, `-`, `_` and `.`: every character of it is allowed in an identifier.
    static let jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"

    @Test func aTokenTheAlphabetLetsThroughIsMaskedInEveryLineReadOut() {
        let log = DiagnosticsLog()
        log.record(identifier: Self.jwt, stage: "register")
        log.record(identifier: "com.example.app.refresh", stage: "submit")
        #expect(log.entries.first?.identifier == Self.jwt, "entries stay as recorded, for code that inspects fields")
        #expect(log.lines == ["register [redacted] ok", "submit com.example.app.refresh ok"])
        #expect(!log.contains("eyJ"))
        #expect(log.contains("register [redacted]"))
    }

    @Test func theLogTakesTheRedactionItIsGiven() throws {
        let unmasked = DiagnosticsLog(redaction: .none)
        unmasked.record(identifier: Self.jwt, stage: "register")
        #expect(unmasked.lines == ["register \(Self.jwt) ok"])

        let custom = DiagnosticsLog(redaction: Redaction(patterns: [try RedactionPattern(#"com\.example\.(internal)"#)]))
        custom.record(identifier: "com.example.internal.refresh", stage: "launch")
        #expect(custom.lines == ["launch com.example.[redacted].refresh ok"])
    }

    @Test func aScenarioReportCarriesTheMaskedLines() async throws {
        // A task whose identifier is a token: register, submit and launch lines all name it.
        let gate = StaticGate(permittedIdentifiers: [Self.jwt], backgroundModes: ["fetch"])
        let configuration = Fixture.configuration(items: ["42"], tasks: [.init(identifier: Self.jwt, kind: .refresh)], gate: gate)
        let simulation = try await LifecycleSimulation(configuration)
        try await simulation.launch(Self.jwt)
        let report = await simulation.finish()
        #expect(report.log.contains("register [redacted] ok"), "\(report.log)")
        #expect(report.log.contains("launch [redacted] ok"), "\(report.log)")
        #expect(!report.log.contains { $0.contains("eyJ") }, "\(report.log)")
    }
}
