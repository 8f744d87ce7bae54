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

    /// Whether other cases of the test's spec still deviate on its engine (`deviation-in-other-cases`).
    static func othersDeviate(_ test: TestResult) -> Bool {
        test.diagnostics.contains { $0.code == FixedDeviationSiblings.inOtherCases }
    }

    /// Whether other cases of the test's spec did not run with it (`deviation-others-not-run`).
    static func othersNotRun(_ test: TestResult) -> Bool {
        test.diagnostics.contains { $0.code == FixedDeviationSiblings.othersNotRun }
    }

    /// Whether the advice is to remove the entry, with nothing that holds it back.
    static func removesEntry(_ test: TestResult) -> Bool {
        !coreFails(test) && !othersDeviate(test) && !othersNotRun(test)
    }

    static func advice(_ test: TestResult) -> String {
        if coreFails(test) {
            // Other cases of the spec still deviating keep the entry whatever the check finds (FixedDeviationSiblings).
            let stays = test.message?.hasSuffix("so the entry stays either way") == true
            return "but the core engine fails this test: check the expectation against the core's difference"
                + (stays ? "; other cases of its spec still deviate there, so the entry stays either way" : " before removing it")
        }
        if othersDeviate(test) {
            return "but other cases of its spec still deviate there: move the cases that pass to a spec of their own and keep the entry"
        }
        if othersNotRun(test) {
            return "but other cases of its spec did not run here: remove it only if they pass there too"
        }
        return "remove it from known-deviations"
    }
}
