import SpecModel
import SpecResults
import SpecRunner
import TextRedaction

/// Which tests of this run a `--last-failed` file's failures are.
///
/// A run masks its results (the default patterns, `--redact`): a test id that holds a secret is archived masked
/// (`Refresh token: [redacted] nightly › …`), and compared as written it matched no id of the rerun, whose ids are
/// not masked until its results are. So an archived id selects each test of this run whose id is the same, or is the
/// same once masked by this run's redaction; a masked id that several tests' ids mask to selects all of them (the
/// secret that told them apart is gone). Results masked with other patterns than this run's match only where the
/// masks agree: rerun with the `--redact` and `--no-default-redaction` of the run that wrote them.
enum LastFailedMatch {
    /// `failed`, each test renamed to the ids of this run it matches: one copy per match, the test as it is when it
    /// matches none (`LastFailedCoverage` and `EmptySelection` then say why). `plan` is this run's plan on its
    /// engines; when a failure matches none of its ids, the plan of `specs` on every engine is tried too, so a failure
    /// of another engine is still told apart from one that is absent.
    static func resolve(_ failed: [TestResult], plan: TestPlan, specs: [Spec], redaction: Redaction) -> [TestResult] {
        let planned = plan.items.map(\.id)
        let plannedSet = Set(planned)
        let wanted = Set(failed.map(\.id))
        // The usual case (an unmasked id, or one without a secret) costs no masking at all.
        guard !wanted.isSubset(of: plannedSet), !redaction.isEmpty else { return failed }
        var matches: [String: [String]] = [:]
        func index(_ ids: [String]) {
            for id in ids {
                let masked = redaction.mask(id)
                if masked != id, wanted.contains(masked) { matches[masked, default: []].append(id) }
            }
        }
        index(planned)
        if failed.contains(where: { !plannedSet.contains($0.id) && matches[$0.id] == nil }) {
            index(TestPlan(specs: specs, engines: EngineName.allCases).items.map(\.id).filter { !plannedSet.contains($0) })
        }
        var resolved: [TestResult] = []
        var seen = Set<String>()
        for test in failed {
            var ids = plannedSet.contains(test.id) ? [test.id] : []
            ids += matches[test.id] ?? []
            if ids.isEmpty { ids = [test.id] }
            for id in ids where seen.insert(id).inserted {
                var copy = test
                copy.id = id
                resolved.append(copy)
            }
        }
        return resolved
    }
}
