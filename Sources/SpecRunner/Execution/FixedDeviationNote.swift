import SpecModel
import SpecResults

/// A fixed deviation says to remove the spec's `known-deviations` entry: right when the toolchain fixed the engine,
/// wrong when something else still needs the entry (`FixedDeviationSiblings`, which a merge of shards applies too).
/// What only the run knows is the spec's whole list of cases: the ones it did not run are named here.
enum FixedDeviationNote {
    /// `results` (of `items`, one for one) with every fixed deviation whose spec has cases this run did not run (a
    /// filter, a shard, a skip) naming them, then each told from the tests around it (`FixedDeviationSiblings`).
    static func noted(_ results: [TestResult], items: [PlanItem]) -> [TestResult] {
        guard results.contains(where: { $0.status == .fixedDeviation }) else { return results }
        return FixedDeviationSiblings.noted(othersNotRun(results, items: items))
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
            return missing.isEmpty ? result : FixedDeviationSiblings.casesNotRun(result, missing)
        }
    }
}
