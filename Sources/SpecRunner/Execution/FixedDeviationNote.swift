import SpecModel
import SpecResults

/// A fixed deviation says to remove the spec's `known-deviations` entry: right when the toolchain fixed the engine,
/// wrong when the spec's expectation is the deviation itself — then the core engine fails the same test. The second
/// failure review expected Foundation's answer (Lord Howe's skipped day) and `--engine all` told it to remove the
/// declaration, which would not have helped.
enum FixedDeviationNote {
    /// `results` with every fixed deviation whose core test failed saying so, and every other one whose spec still
    /// deviates in other cases on the same engine saying that.
    static func noted(_ results: [TestResult]) -> [TestResult] {
        guard results.contains(where: { $0.status == .fixedDeviation }) else { return results }
        struct Place: Hashable { var file: String, spec: String, caseName: String? }
        let coreFailed = Set(results.lazy.filter { $0.engine == EngineName.core.rawValue && $0.status == .failed }
            .map { Place(file: $0.file, spec: $0.spec, caseName: $0.caseName) })
        struct SpecEngine: Hashable { var file: String, spec: String, engine: String? }
        let stillDeviating = Dictionary(grouping: results.lazy.filter { $0.status == .knownDeviation },
                                        by: { SpecEngine(file: $0.file, spec: $0.spec, engine: $0.engine) })
        return results.map { result in
            guard result.status == .fixedDeviation else { return result }
            guard result.engine != EngineName.core.rawValue,
                  coreFailed.contains(Place(file: result.file, spec: result.spec, caseName: result.caseName)) else {
                let others = stillDeviating[SpecEngine(file: result.file, spec: result.spec, engine: result.engine)] ?? []
                return others.isEmpty ? result : inOtherCases(result, others)
            }
            var noted = result
            let engine = result.engine ?? "this engine"
            noted.message = "passed although a known deviation is declared, while the core engine fails this test: the "
                + "expectation may be \(engine)'s deviation rather than what the spec language defines; check it against the "
                + "core's difference before removing the declaration"
            // The entry's diagnostic says the same, under its own code: each report's advice follows the code.
            noted.diagnostics = result.diagnostics.map { diagnostic in
                guard diagnostic.code == RunDiagnosticCode.fixedDeviation.rawValue else { return diagnostic }
                var changed = diagnostic
                changed.code = RunDiagnosticCode.deviationExpected.rawValue
                changed.message = "'\(engine)' passes, but the core engine fails this test: the expectation may be \(engine)'s "
                    + "deviation; check it against the core's difference before removing this entry"
                return changed
            }
            return noted
        }
    }

    /// A fixed deviation in one case of a spec whose other cases still deviate on the engine: removing the entry, as
    /// a fixed deviation advises, fails those (a maintenance review added a control case to a deviating spec and
    /// was told to remove the entry; doing so failed the run).
    private static func inOtherCases(_ result: TestResult, _ others: [TestResult]) -> TestResult {
        var noted = result
        let engine = result.engine ?? "this engine"
        let names = others.prefix(3).map { "'\($0.caseName ?? $0.spec)'" }.joined(separator: ", ") + (others.count > 3 ? ", …" : "")
        let count = others.count == 1 ? "1 other case of this spec still deviates" : "\(others.count) other cases of this spec still deviate"
        noted.message = "passed although a known deviation is declared, while \(count) on \(engine) (\(names)): the entry covers "
            + "every case of its spec, so move the cases that pass to a spec of their own and keep the entry here"
        noted.diagnostics = result.diagnostics.map { diagnostic in
            guard diagnostic.code == RunDiagnosticCode.fixedDeviation.rawValue else { return diagnostic }
            var changed = diagnostic
            changed.code = RunDiagnosticCode.deviationInOtherCases.rawValue
            changed.message = "'\(engine)' passes \(result.caseName.map { "'\($0)'" } ?? "this test"), but \(count) on it (\(names)): "
                + "the entry covers every case of its spec; move the cases that pass to a spec of their own and keep this entry"
            return changed
        }
        return noted
    }
}
