import Foundation
import SpecModel
import SpecResults
import SpecRunner

/// Where the tests that failed in a `--last-failed` file are in this run: a failure left out without a word (the
/// failures of an `--engine all` run, rerun on the default engine) looked as if it had been fixed.
struct LastFailedCoverage {
    /// How many tests failed or errored in the file.
    var failed: Int
    /// Failed tests that this run's engines plan, but `--filter`, `--tag`, `--exclude-tag` or `--shard` left out.
    var deselected: [String] = []
    /// Failed tests that only another engine choice plans (`--engine all`), and the engines they ran on.
    var otherEngine: [String] = []
    var otherEngines: Set<String> = []
    /// Failed tests that these spec files do not plan on any engine: a file not given (or given by another path),
    /// a spec or case renamed, an engine the spec no longer lists.
    var absent: [String] = []

    var isComplete: Bool { deselected.isEmpty && otherEngine.isEmpty && absent.isEmpty }

    /// Why failed tests that only another engine choice plans are not run, and the flag that runs them.
    func engineReason(engineGiven: Bool) -> String {
        let them = otherEngine.count == 1 ? "it" : "them"
        let engines = otherEngines.sorted().joined(separator: ", ")
        let defaultEngines = engineGiven ? "" : " (without --engine, each spec runs on the engines it lists, else core)"
        return "\(otherEngine.count == 1 ? "it" : "they") ran on engine \(engines), which this run does not use\(defaultEngines); "
            + "add --engine all to rerun \(them)."
    }

    /// `plan` is every test of these files on this run's engines, `selected` what the run will run.
    init(failed tests: [TestResult], specs: [Spec], plan: TestPlan, selected: TestPlan) {
        failed = tests.count
        let selectedIDs = Set(selected.items.map(\.id))
        let missing = tests.filter { !selectedIDs.contains($0.id) }
        // Ids are built only when something is missing: for a big suite, building them is most of planning it.
        guard !missing.isEmpty else { return }
        let planned = Set(plan.items.map(\.id))
        var rest: [TestResult] = []
        for test in missing {
            if planned.contains(test.id) { deselected.append(test.id) } else { rest.append(test) }
        }
        guard !rest.isEmpty else { return }
        let anyEngine = Set(TestPlan(specs: specs, engines: EngineName.allCases).items.map(\.id))
        for test in rest {
            if anyEngine.contains(test.id) {
                otherEngine.append(test.id)
                if let engine = test.engine { otherEngines.insert(engine) }
            } else {
                absent.append(test.id)
            }
        }
    }

    /// Why the missing ones are not run and what to add, one note per reason, naming the results file `path`.
    /// `engineGiven`: whether the run chose engines with `--engine`.
    func notes(path: String, selection: TestSelection, engineGiven: Bool) -> [String] {
        func subject(_ count: Int) -> String {
            switch (count, failed) {
            case (1, 1): "the test that failed in '\(path)' is not in this run"
            case (failed, _): "all \(failed) tests that failed in '\(path)' are not in this run"
            default: "\(count) of the \(failed) tests that failed in '\(path)' \(count == 1 ? "is" : "are") not in this run"
            }
        }
        var notes: [String] = []
        if !otherEngine.isEmpty {
            notes.append(subject(otherEngine.count) + ": " + engineReason(engineGiven: engineGiven))
        }
        if !deselected.isEmpty {
            var options: [String] = []
            if selection.filter != nil { options.append("--filter") }
            if !selection.tags.isEmpty { options.append("--tag") }
            if !selection.excludedTags.isEmpty { options.append("--exclude-tag") }
            if selection.shard != nil { options.append("--shard") }
            let named = options.joined(separator: ", ")
            notes.append("\(subject(deselected.count)): \(named) left \(deselected.count == 1 ? "it" : "them") out; "
                + "drop \(options.count == 1 ? "that option" : "those options") to rerun \(deselected.count == 1 ? "it" : "them").")
        }
        if !absent.isEmpty {
            notes.append("\(subject(absent.count)) at all, e.g. '\(absent[0])': its file was not given (or by another path), or its "
                + "spec or case was renamed; see this run's ids with --list.")
        }
        return notes
    }
}
