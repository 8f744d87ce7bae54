/// A fixed deviation in one case of a spec whose other cases still deviate on the same engine: removing the spec's
/// `known-deviations` entry, as a fixed deviation advises, fails those (a maintenance review added a control case to
/// a deviating spec and was told to remove the entry; doing so failed the run). Said wherever the cases meet: the run
/// that ran them, and a merge of the shards they ran in (a review's sharded run still said "remove it").
public enum FixedDeviationSiblings {
    /// The diagnostic codes a fixed deviation's entry carries (SpecRunner's `RunDiagnosticCode`: results do not import
    /// the runner). `othersNotRun` is the runner's, for cases of the spec this run did not run; a merge that holds a
    /// deviating one says `inOtherCases` instead.
    public static let fixed = "fixed-deviation"
    public static let inOtherCases = "deviation-in-other-cases"
    public static let othersNotRun = "deviation-others-not-run"
    public static let expected = "deviation-expected"

    /// `tests` with each fixed deviation whose entry says "remove it" (or that other cases did not run) saying instead
    /// that other cases of its spec still deviate on its engine, when some of `tests` do.
    public static func noted(_ tests: [TestResult]) -> [TestResult] {
        guard tests.contains(where: { $0.status == .fixedDeviation }) else { return tests }
        struct SpecEngine: Hashable { var file: String, spec: String, engine: String? }
        let stillDeviating = Dictionary(grouping: tests.lazy.filter { $0.status == .knownDeviation },
                                        by: { SpecEngine(file: $0.file, spec: $0.spec, engine: $0.engine) })
        guard !stillDeviating.isEmpty else { return tests }
        return tests.map { test in
            guard test.status == .fixedDeviation,
                  let others = stillDeviating[SpecEngine(file: test.file, spec: test.spec, engine: test.engine)] else { return test }
            if test.diagnostics.contains(where: { $0.code == expected }) { return keepingTheEntry(test, others) }
            guard test.diagnostics.contains(where: { [fixed, othersNotRun].contains($0.code) }) else { return test }
            return inOtherCases(test, others)
        }
    }

    private static func inOtherCases(_ test: TestResult, _ others: [TestResult]) -> TestResult {
        let engine = test.engine ?? "this engine"
        let names = quoted(others.map { $0.caseName ?? "its window" })
        let count = others.count == 1 ? "1 other case of this spec still deviates" : "\(others.count) other cases of this spec still deviate"
        return retold(test, code: inOtherCases,
                      message: "passed although a known deviation is declared, while \(count) on \(engine) (\(names)): the entry "
                        + "covers every case of its spec, so move the cases that pass to a spec of their own and keep the entry here",
                      entry: "'\(engine)' passes \(test.caseName.map { "'\($0)'" } ?? "this test"), but \(count) on it (\(names)): "
                        + "the entry covers every case of its spec; move the cases that pass to a spec of their own and keep this entry")
    }

    /// A `deviation-expected` (the core fails the case: check the expectation before removing the entry) whose spec's
    /// other cases still deviate: the entry stays either way, which its advice did not say (a review).
    private static func keepingTheEntry(_ test: TestResult, _ others: [TestResult]) -> TestResult {
        let names = quoted(others.map { $0.caseName ?? "its window" })
        let clause = "; \(others.count == 1 ? "1 other case of this spec still deviates" : "\(others.count) other cases of this spec still deviate") "
            + "(\(names)), so the entry stays either way"
        var noted = test
        guard !(test.message ?? "").hasSuffix("so the entry stays either way") else { return test }
        noted.message = (test.message ?? "") + clause
        noted.diagnostics = test.diagnostics.map { diagnostic in
            guard diagnostic.code == expected else { return diagnostic }
            var changed = diagnostic
            changed.message += clause
            return changed
        }
        return noted
    }

    /// Up to three names, quoted, then `…`.
    public static func quoted(_ names: [String]) -> String {
        names.prefix(3).map { "'\($0)'" }.joined(separator: ", ") + (names.count > 3 ? ", …" : "")
    }

    /// `test` with its message, and its entry's diagnostic (`fixed-deviation` or `deviation-others-not-run`), told
    /// anew under `code`: each report's advice follows the code.
    public static func retold(_ test: TestResult, code: String, message: String, entry: String) -> TestResult {
        var noted = test
        noted.message = message
        noted.diagnostics = test.diagnostics.map { diagnostic in
            guard [fixed, othersNotRun].contains(diagnostic.code) else { return diagnostic }
            var changed = diagnostic
            changed.code = code
            changed.message = entry
            return changed
        }
        return noted
    }
}
