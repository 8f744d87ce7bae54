import SpecModel
import SpecResults

/// A fixed deviation says to remove the spec's `known-deviations` entry: right when the toolchain fixed the engine,
/// wrong when the spec's expectation is the deviation itself — then the core engine fails the same test. The second
/// failure review expected Foundation's answer (Lord Howe's skipped day) and `--engine all` told it to remove the
/// declaration, which would not have helped.
enum FixedDeviationNote {
    /// `results` (of `items`, one for one) with every fixed deviation whose core test failed saying so, every other one
    /// whose spec still deviates in other cases on the same engine saying that (`FixedDeviationSiblings`), and every
    /// other one whose spec has cases this run did not run (a filter, a shard, a skip) saying to remove the entry only
    /// if those pass too.
    static func noted(_ results: [TestResult], items: [PlanItem]) -> [TestResult] {
        guard results.contains(where: { $0.status == .fixedDeviation }) else { return results }
        struct Place: Hashable { var file: String, spec: String, caseName: String? }
        let coreFailed = Set(results.lazy.filter { $0.engine == EngineName.core.rawValue && $0.status == .failed }
            .map { Place(file: $0.file, spec: $0.spec, caseName: $0.caseName) })
        let checked = results.map { result in
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
        return othersNotRun(FixedDeviationSiblings.noted(checked), items: items)
    }

    /// A fixed deviation that still says "remove it" while other cases of its spec did not run here: whether they
    /// deviate is not known, and the entry covers them too (a review's `--filter`, `--shard` and `skip:` each said
    /// "remove it" beside a case that still deviates).
    private static func othersNotRun(_ results: [TestResult], items: [PlanItem]) -> [TestResult] {
        guard items.count == results.count else { return results }
        struct SpecEngine: Hashable { var file: String, spec: String, engine: String? }
        let ran = Dictionary(grouping: results.lazy.filter { ![.skipped, .notRun].contains($0.status) },
                             by: { SpecEngine(file: $0.file, spec: $0.spec, engine: $0.engine) }).mapValues { Set($0.map(\.caseName)) }
        return zip(results, items).map { result, item in
            guard result.status == .fixedDeviation,
                  result.diagnostics.contains(where: { $0.code == RunDiagnosticCode.fixedDeviation.rawValue }),
                  case .recurrence(let body) = item.spec.body, body.cases.count > 1 else { return result }
            let done = ran[SpecEngine(file: result.file, spec: result.spec, engine: result.engine)] ?? []
            let missing = body.cases.map(\.name).filter { $0 != result.caseName && !done.contains($0) }
            guard !missing.isEmpty else { return result }
            let engine = result.engine ?? "this engine"
            let names = FixedDeviationSiblings.quoted(missing)
            let count = missing.count == 1 ? "1 other case of this spec did not run" : "\(missing.count) other cases of this spec did not run"
            return FixedDeviationSiblings.retold(result, code: RunDiagnosticCode.deviationOthersNotRun.rawValue,
                message: "passed although a known deviation is declared, while \(count) here (\(names): a filter, a tag, a shard or "
                    + "a skip): the entry covers every case of its spec, so remove it only if they pass on \(engine) too",
                entry: "'\(engine)' passes \(result.caseName.map { "'\($0)'" } ?? "this test"), but \(count) here (\(names): a "
                    + "filter, a tag, a shard or a skip); the entry covers every case of its spec: remove it only if they pass on "
                    + "\(engine) too (run the whole spec, with any skip lifted)")
        }
    }
}
