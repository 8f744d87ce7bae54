import SpecModel
import SpecResults

/// A fixed deviation says to remove the spec's `known-deviations` entry: right when the toolchain fixed the engine,
/// wrong when the spec's expectation is the deviation itself — then the core engine fails the same test. The second
/// failure review expected Foundation's answer (Lord Howe's skipped day) and `--engine all` told it to remove the
/// declaration, which would not have helped.
enum FixedDeviationNote {
    /// `results` with every fixed deviation whose core test failed saying so.
    static func noted(_ results: [TestResult]) -> [TestResult] {
        guard results.contains(where: { $0.status == .fixedDeviation }) else { return results }
        struct Place: Hashable { var file: String, spec: String, caseName: String? }
        let coreFailed = Set(results.lazy.filter { $0.engine == EngineName.core.rawValue && $0.status == .failed }
            .map { Place(file: $0.file, spec: $0.spec, caseName: $0.caseName) })
        guard !coreFailed.isEmpty else { return results }
        return results.map { result in
            guard result.status == .fixedDeviation, result.engine != EngineName.core.rawValue,
                  coreFailed.contains(Place(file: result.file, spec: result.spec, caseName: result.caseName)) else { return result }
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
}
