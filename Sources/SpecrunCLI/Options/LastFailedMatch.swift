import SpecModel
import SpecResults
import SpecRunner
import TextRedaction

/// Which tests of this run a `--last-failed` file's failures are.
///
/// A run masks its results (the default patterns, `--redact`): a test id that holds a secret is archived masked
/// (`Refresh token: [redacted] nightly › …`), and compared as written it matched no id of the rerun, whose ids are
/// not masked until its results are. So an archived id selects the test of this run whose id is the same, or is the
/// same once masked and numbered by this run (`MaskedTestIDs`: tests told apart only by a secret are numbered over
/// the whole plan, as in the run that wrote the file). Results masked with other patterns than this run's match only
/// where the masks agree: rerun with the `--redact` and `--no-default-redaction` of the run that wrote them.
enum LastFailedMatch {
    /// `failed`, each test renamed to the ids of this run it matches: one copy per match, the test as it is when it
    /// matches none (`LastFailedCoverage` and `EmptySelection` then say why). `plan` is this run's plan on its
    /// engines; when a failure matches none of its ids, the plan of `specs` on every engine is tried too, so a failure
    /// of another engine is still told apart from one that is absent.
    /// `ids` is this run's plan numbered as its results will be (`MaskedTestIDs`): `… › core #2` is the second test
    /// whose id masks to `… › core`, in this run as in the one that wrote the file.
    /// Masked alike, tests are told apart only by their number, which is their order in the plan: after a file's specs
    /// were reordered, `… #2` is another test (a hostile review reran a passing spec and the failure went unrun; a
    /// line does not tell them apart either: the test now on the failure's line is the other one). Nothing in the
    /// results may tell them apart without telling the secret, so `shared` lists each failure matched among several
    /// tests masked alike, with how many, for a note.
    static func resolve(_ failed: [TestResult], plan: TestPlan, specs: [Spec], redaction: Redaction, ids: MaskedTestIDs)
        -> (tests: [TestResult], shared: [(id: String, count: Int, line: Int, lineNow: Int?)]) {
        let planned = plan.items.map(\.id)
        let plannedSet = Set(planned)
        let wanted = Set(failed.map(\.id))
        // The usual case (an unmasked id, or one without a secret) costs no masking at all.
        guard !wanted.isSubset(of: plannedSet), !redaction.isEmpty else { return (failed, []) }
        var matches: [String: [String]] = [:]
        func index(_ planIDs: [String], numbered: MaskedTestIDs) {
            for id in planIDs {
                // As numbered: results written before ids were numbered and holding one masked id twice were refused
                // when read, and any other id is numbered as it was masked.
                let masked = numbered.maskedID(id, by: redaction)
                if masked != id, wanted.contains(masked) { matches[masked, default: []].append(id) }
            }
        }
        index(planned, numbered: ids)
        if failed.contains(where: { !plannedSet.contains($0.id) && matches[$0.id] == nil }) {
            let all = TestPlan(specs: specs, engines: EngineName.allCases).items.map(\.id)
            index(all.filter { !plannedSet.contains($0) }, numbered: MaskedTestIDs(planIDs: all, redaction: redaction))
        }
        // How many planned tests mask alike, by their masked id without a number.
        var alike: [String: Int] = [:]
        if failed.contains(where: { matches[$0.id] != nil }) {
            for id in planned { if let masked = redaction.masking(id) { alike[masked, default: 0] += 1 } }
        }
        var resolved: [TestResult] = []
        var shared: [(id: String, count: Int, line: Int, lineNow: Int?)] = []
        var lines: [String: Int] = [:]
        var seen = Set<String>()
        for test in failed {
            var ids = plannedSet.contains(test.id) ? [test.id] : []
            let found = matches[test.id] ?? []
            if let first = found.first, let masked = redaction.masking(first), let count = alike[masked], count > 1 {
                // The line it failed on and the line of the test rerun for it: different, the specs may have moved.
                if lines.isEmpty { lines = Dictionary(plan.items.map { ($0.id, $0.line) }, uniquingKeysWith: { first, _ in first }) }
                shared.append((test.id, count, test.line, lines[first]))
            }
            ids += found
            if ids.isEmpty { ids = [test.id] }
            for id in ids where seen.insert(id).inserted {
                var copy = test
                copy.id = id
                resolved.append(copy)
            }
        }
        return (resolved, shared)
    }

    /// `failed` with each test that matches no id of `plan` renamed to the planned test with its spec name, case and
    /// engine, when exactly one has them (a spec's name is unique in a run): its file was renamed or split, or the run
    /// started from another folder. `moved` pairs each such failure's old id with its new one.
    /// A failure whose spec or case name is masked (`[redacted]`) is found by this run's names masked by `redaction`,
    /// when exactly one test's masked names are its own.
    /// `ambiguous` counts each failure left as it was because several tests of this run have its names (masked alike).
    static func relocate(_ failed: [TestResult], plan: TestPlan, redaction: Redaction)
        -> (tests: [TestResult], moved: [(from: String, to: String)], ambiguous: [(id: String, candidates: Int)]) {
        let plannedIDs = Set(plan.items.map(\.id))
        guard failed.contains(where: { !plannedIDs.contains($0.id) }) else { return (failed, [], []) }
        struct Place: Hashable { var spec: String, caseName: String?, engine: String? }
        let masked = failed.contains { $0.spec.contains(Redaction.mask) || $0.caseName?.contains(Redaction.mask) == true }
        var byPlace: [Place: [String]] = [:]
        for item in plan.items {
            byPlace[Place(spec: item.spec.name, caseName: item.caseName, engine: item.engine?.rawValue), default: []].append(item.id)
            guard masked, !redaction.isEmpty else { continue }
            let place = Place(spec: redaction.mask(item.spec.name), caseName: redaction.mask(item.caseName), engine: item.engine?.rawValue)
            // Under its masked names only when they differ from its own: a test is listed once under a place.
            if place.spec != item.spec.name || place.caseName != item.caseName { byPlace[place, default: []].append(item.id) }
        }
        var moved: [(from: String, to: String)] = []
        var ambiguous: [(id: String, candidates: Int)] = []
        var seen = Set<String>()
        let tests = failed.compactMap { test -> TestResult? in
            guard !plannedIDs.contains(test.id),
                  let ids = byPlace[Place(spec: test.spec, caseName: test.caseName, engine: test.engine)], ids.count == 1 else {
                if !plannedIDs.contains(test.id), let ids = byPlace[Place(spec: test.spec, caseName: test.caseName, engine: test.engine)] {
                    ambiguous.append((test.id, ids.count))
                }
                return seen.insert(test.id).inserted ? test : nil
            }
            guard seen.insert(ids[0]).inserted else { return nil }
            moved.append((test.id, ids[0]))
            var copy = test
            copy.id = ids[0]
            return copy
        }
        return (tests, moved, ambiguous)
    }
}
