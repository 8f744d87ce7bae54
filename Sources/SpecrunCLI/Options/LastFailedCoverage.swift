import Foundation
import SpecModel
import SpecResults
import SpecRunner
import TextRedaction

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
    /// The spec files this run was given (found in its paths), as test ids spell them.
    var givenFiles: Set<String> = []

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
    init(failed tests: [TestResult], specs: [Spec], plan: TestPlan, selected: TestPlan, files: [String] = []) {
        failed = tests.count
        givenFiles = Set(files)
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
            // Masked ids match this run's ids masked the same way (LastFailedMatch): other patterns, no match.
            let masked = absent.contains { $0.contains(Redaction.mask) }
                ? " Its id is masked ('\(Redaction.mask)'): if this run masks otherwise, give the --redact and "
                    + "--no-default-redaction options of the run that wrote it."
                : ""
            let names = absent.count == 1 ? "its spec, case and engine are" : "their specs, cases and engines are"
            notes.append("\(subject(absent.count)) at all: \(names) in none of the files given — "
                + Self.fileClauses(absent, given: givenFiles) + ". See this run's ids with --list.\(masked)")
        }
        return notes
    }

    /// One clause per file of `ids` (up to three), each with its own cause (`whereTheFileIs`): a review's two files,
    /// one renamed inside and one deleted, were told only the first's.
    static func fileClauses(_ ids: [String], given: Set<String>) -> String {
        var byFile: [(file: String, id: String)] = []
        var seen = Set<String>()
        for id in ids {
            let file = id.components(separatedBy: " › ")[0]
            if seen.insert(file).inserted { byFile.append((file, id)) }
        }
        let clauses = byFile.prefix(3).map { "'\($0.id)', whose file was '\($0.file)'\(whereTheFileIs($0.id, given: given))" }
        return clauses.joined(separator: "; ") + (byFile.count > 3 ? "; and tests of \(byFile.count - 3) more files" : "")
    }

    /// What to do about a failure's file, from whether the path its id holds names a file here: none (renamed,
    /// deleted, or the run started in another folder), or one this run was not given. A failure under another path
    /// that this run was given is found by its spec, case and engine (`LastFailedMatch.relocate`) and never asked about.
    /// `given`: the spec files this run reads; one of them holds no test of the failure's spec, case and engine now,
    /// so its spec or case was renamed (a review was told to add a file it had given, and told so again once added).
    static func whereTheFileIs(_ id: String, given: Set<String>) -> String {
        let parts = id.components(separatedBy: " › ")
        let file = parts[0]
        let spec = parts.count > 1 ? " (spec '\(parts[1])')" : ""
        if given.contains(file) {
            return ", which this run reads, but no test of it has that spec, case and engine now: its spec or case was "
                + "renamed\(spec.isEmpty ? "" : " since" + spec)"
        }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: file, isDirectory: &isFolder), !isFolder.boolValue {
            return ", which this run was not given: add it (as '\(file)'), or its spec or case was renamed"
        }
        return ", which is not here (renamed or deleted, or that run started in another folder): give the file that holds "
            + "that test now\(spec), or run from the folder that run started in, with the same paths; or its spec or case "
            + "was renamed"
    }
}
