import SpecResults

/// What a fixed deviation asks of its reader, in every format: remove the `known-deviations` entry — unless the
/// core engine fails the same test (its entry's diagnostic is then `deviation-expected`), when the expectation may
/// be the deviation itself and removing the entry would not help (the second failure review).
enum FixedDeviationAdvice {
    /// Whether the core engine fails the test this fixed deviation's engine passes.
    static func coreFails(_ test: TestResult) -> Bool {
        // SpecRunner's `RunDiagnosticCode.deviationExpected` (reporters read results, not the runner).
        test.diagnostics.contains { $0.code == "deviation-expected" }
    }

    static func advice(_ test: TestResult) -> String {
        coreFails(test)
            ? "but the core engine fails this test: check the expectation against the core's difference before removing it"
            : "remove it from known-deviations"
    }
}
