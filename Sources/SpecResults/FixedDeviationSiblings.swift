/// The advice of a fixed deviation (a test that passed although its spec declares a known deviation for its engine),
/// told from the tests around it, wherever they meet: the run that ran them, and a merge of the shards they ran in.
/// "Remove the entry" is right only when nothing else still needs it:
/// - the core engine fails the same test (`deviation-expected`): the expectation may be the deviation itself (the
///   second failure review expected Foundation's answer for Lord Howe's skipped day and was told to remove the entry);
/// - other cases of the spec still deviate on that engine (`deviation-in-other-cases`): the entry covers them too (a
///   maintenance review added a control case to a deviating spec, removed the entry as told, and failed the run);
/// - other cases of the spec did not run here (`deviation-others-not-run`): whether they deviate is not known.
/// A merge tells each anew: a shard said "remove it" beside a core failure in another shard, and named as not run
/// cases that another shard ran (a hostile review).
public enum FixedDeviationSiblings {
    /// The diagnostic codes a fixed deviation's entry carries (SpecRunner's `RunDiagnosticCode`: results do not import
    /// the runner).
    public static let fixed = "fixed-deviation"
    public static let inOtherCases = "deviation-in-other-cases"
    public static let othersNotRun = "deviation-others-not-run"
    public static let expected = "deviation-expected"
    /// Every code an entry's diagnostic may carry, each told anew by `retold`.
    static let codes: Set<String> = [fixed, inOtherCases, othersNotRun, expected]
    /// The engine whose failure says an expectation may be another engine's deviation (SpecModel's `EngineName.core`).
    static let coreEngine = "core"

    /// A fixed deviation's message and its entry's diagnostic when nothing else needs the entry.
    public static let fixedMessage = "passed although a known deviation is declared: the toolchain fixed it; remove it from known-deviations"
    public static func fixedEntry(engine: String) -> String {
        "'\(engine)' passes now; remove its entry from known-deviations"
    }

    /// `tests` with each fixed deviation's advice told from the others: the core engine failing the same test, other
    /// cases of its spec still deviating on its engine, or cases its `casesNotRun` names that `tests` now hold (a
    /// merge) — then only those still missing are named, and none left tells it to remove the entry.
    public static func noted(_ tests: [TestResult]) -> [TestResult] {
        guard tests.contains(where: { $0.status == .fixedDeviation }) else { return tests }
        struct Place: Hashable { var file: String, spec: String, caseName: String? }
        struct SpecEngine: Hashable { var file: String, spec: String, engine: String? }
        let coreFailed = Set(tests.lazy.filter { $0.engine == coreEngine && $0.status == .failed }
            .map { Place(file: $0.file, spec: $0.spec, caseName: $0.caseName) })
        let stillDeviating = Dictionary(grouping: tests.lazy.filter { $0.status == .knownDeviation },
                                        by: { SpecEngine(file: $0.file, spec: $0.spec, engine: $0.engine) })
        let anyNotRun = tests.contains { $0.status == .fixedDeviation && $0.casesNotRun != nil }
        let ran = anyNotRun
            ? Dictionary(grouping: tests.lazy.filter { ![.skipped, .notRun].contains($0.status) },
                         by: { SpecEngine(file: $0.file, spec: $0.spec, engine: $0.engine) }).mapValues { Set($0.compactMap(\.caseName)) }
            : [:]
        return tests.map { test in
            // A test that carries none of the advice (a hand-made results file) is left as it is.
            guard test.status == .fixedDeviation,
                  test.message == fixedMessage || test.casesNotRun != nil || test.diagnostics.contains(where: { codes.contains($0.code) })
            else { return test }
            let specEngine = SpecEngine(file: test.file, spec: test.spec, engine: test.engine)
            let others = stillDeviating[specEngine]
            if test.engine != coreEngine, coreFailed.contains(Place(file: test.file, spec: test.spec, caseName: test.caseName)) {
                let told = coreFails(test)
                return others.map { keepingTheEntry(told, $0) } ?? told
            }
            if let others { return inOtherCases(test, others) }
            guard let notRun = test.casesNotRun else { return test }
            let done = ran[specEngine] ?? []
            let missing = notRun.filter { !done.contains($0) }
            if missing.isEmpty {
                return retold(test, code: fixed, message: fixedMessage, entry: fixedEntry(engine: test.engine ?? "this engine"))
            }
            return missing == notRun && test.diagnostics.contains(where: { $0.code == othersNotRun }) ? test : casesNotRun(test, missing)
        }
    }

    /// The core engine fails the same test: the expectation may be this engine's deviation.
    private static func coreFails(_ test: TestResult) -> TestResult {
        let engine = test.engine ?? "this engine"
        return retold(test, code: expected,
            message: "passed although a known deviation is declared, while the core engine fails this test: the expectation may be "
                + "\(engine)'s deviation rather than what the spec language defines; check it against the core's difference before "
                + "removing the declaration",
            entry: "'\(engine)' passes, but the core engine fails this test: the expectation may be \(engine)'s deviation; check it "
                + "against the core's difference before removing this entry")
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

    /// Other cases of the spec did not run here (`missing`, by name): remove the entry only if they pass too.
    public static func casesNotRun(_ test: TestResult, _ missing: [String]) -> TestResult {
        let engine = test.engine ?? "this engine"
        let names = quoted(missing)
        let count = missing.count == 1 ? "1 other case of this spec did not run" : "\(missing.count) other cases of this spec did not run"
        var told = retold(test, code: othersNotRun,
            message: "passed although a known deviation is declared, while \(count) here (\(names): a filter, a tag, a shard or "
                + "a skip): the entry covers every case of its spec, so remove it only if they pass on \(engine) too",
            entry: "'\(engine)' passes \(test.caseName.map { "'\($0)'" } ?? "this test"), but \(count) here (\(names): a "
                + "filter, a tag, a shard or a skip); the entry covers every case of its spec: remove it only if they pass on "
                + "\(engine) too (run the whole spec, with any skip lifted)")
        told.casesNotRun = missing
        return told
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

    /// `test` with its message, and its entry's diagnostic (whichever of `codes` it carries), told anew under `code`:
    /// each report's advice follows the code. The cases not run go with the advice that names them (`casesNotRun`).
    public static func retold(_ test: TestResult, code: String, message: String, entry: String) -> TestResult {
        var noted = test
        noted.message = message
        noted.casesNotRun = nil
        noted.diagnostics = test.diagnostics.map { diagnostic in
            guard codes.contains(diagnostic.code) else { return diagnostic }
            var changed = diagnostic
            changed.code = code
            changed.message = entry
            return changed
        }
        return noted
    }
}
