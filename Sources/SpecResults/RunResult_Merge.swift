import SpecDiagnostics

/// Why partial results could not be merged.
public enum RunResultMergeError: Error, Sendable, Hashable, CustomStringConvertible {
    case noShards

    public var description: String {
        switch self {
        case .noShards: "Nothing to merge: give at least one results file."
        }
    }
}

extension RunResult {
    /// Merges partial results (shards of one plan) into one run result.
    ///
    /// - Tests: the union, ordered by file, then line, then id (the plan order). A test id present in several
    ///   shards is kept once: a result that ran wins over `not-run`, a failure (failed, error) over one that is not;
    ///   otherwise the first shard's. A note names each test whose results differ.
    /// - Files: the union, sorted. Diagnostics: deduplicated, ordered by place (file, line, column).
    /// - Environment: the first shard's, with the zones of all shards (`Etc/UTC` of an older shard named `UTC`, as
    ///   a run names it now: `Environment.zoneName`); each shard whose toolchain differs from the
    ///   first (OS, Swift, Foundation, time-zone data, specrun version, commit) is named in `notes`.
    /// - `strict`: true when any shard ran under `--strict` (a shard that differs is noted), so that the merge's
    ///   verdict does not depend on the order of its inputs.
    /// - Shards: when the inputs recorded `--shard I/N` (or are merges of part of the shards: `mergedShards`), a
    ///   shard missing from 1…N, one given twice, inputs cut into different numbers of shards and an input that was a
    ///   whole run are each named in `notes` (`Shard.missing(from:)` says which are missing). The merged result
    ///   records no shard; when shards are missing it records those it holds (`mergedShards`), so that merging it
    ///   again with the missing ones gives the whole run, without its old "missing" note.
    ///
    /// Merging the halves of a run gives the run back: `merging([a, b]) == whole` when `a` and `b` split its tests.
    ///
    /// - Parameter labels: names for the shards in notes (file names); `shard 2` etc. where missing.
    public static func merging(_ shards: [RunResult], labels: [String] = []) throws(RunResultMergeError) -> RunResult {
        guard let first = shards.first else { throw .noShards }
        func label(_ index: Int) -> String { index < labels.count ? labels[index] : "shard \(index + 1)" }

        // A partial merge's "shards … are missing" note is said again below if it is still true.
        var notes = shards.flatMap { shard in
            shard.mergedShards == nil ? shard.notes : shard.notes.filter { !$0.hasSuffix(missingShardsNoteEnding) }
        }
        var environment = first.environment
        // Named as a run writes them now: a shard written before `timezone: UTC` was named `UTC` lists `Etc/UTC`,
        // which beside a newer shard's `UTC` listed one zone twice.
        environment.zones = Array(Set(shards.flatMap(\.environment.zones).map(Environment.zoneName))).sorted()
        notes += otherSpecFilesNotes(shards, label: label)
        for (index, shard) in shards.enumerated().dropFirst() {
            let differences = first.environment.toolchainDifferences(from: shard.environment)
            if !differences.isEmpty {
                notes.append("\(label(index))" + Self.otherToolchainNoteMarker + "\(label(0)): "
                    + differences.joined(separator: "; "))
            }
            if (shard.environment.gitCommit == nil) != (first.environment.gitCommit == nil) {
                // Not another toolchain: a shard stopped by a signal before git answered records none (the CI review's
                // merge said "gitCommit none (not 8b89…)", and compare headlined shards of several toolchains).
                let without = shard.environment.gitCommit == nil ? label(index) : label(0)
                notes.append("\(without) records no git commit (no git, or stopped by a signal before git answered), so "
                    + "whether it ran the same commit as the others is not known")
            }
            if shard.strict != first.strict {
                notes.append("\(label(index)) ran with strict \(shard.strict), \(label(0)) with strict \(first.strict); "
                    + "the merged result is strict")
            }
        }

        // Not a toolchain difference: CI machines that build the same sources in other folders link other build IDs.
        // The merged results name a build only when every shard names the same one.
        let builds = Set(shards.map { $0.environment.specrunBuild ?? "none" })
        if builds.count > 1 {
            environment.specrunBuild = nil
            notes.append("the shards were written by \(builds.count) specrun builds (\(builds.sorted().joined(separator: ", "))); "
                + "the merged results name none")
        }

        let held = shards.map(\.heldShards)
        notes += shardNotes(held, label: label)
        // Held by every input, and some missing: a merge of part of a sharded run.
        let mergedShards = held.contains(nil) ? nil : Array(Set(held.flatMap { $0 ?? [] })).sorted()

        var chosen: [String: (shard: Int, test: TestResult)] = [:]
        var order: [String] = []
        for (index, shard) in shards.enumerated() {
            for test in shard.tests {
                guard let kept = chosen[test.id] else {
                    chosen[test.id] = (index, test)
                    order.append(test.id)
                    continue
                }
                if kept.test.sameOutcome(as: test) { continue }
                if kept.test.status == .notRun, test.status != .notRun {
                    chosen[test.id] = (index, test)
                } else if test.status != .notRun {
                    // Two results of one test: the failure is kept, so a shard given twice cannot hide it.
                    let keepNew = test.status.isFailure && !kept.test.status.isFailure
                    let keptLabel = label(keepNew ? index : kept.shard)
                    notes.append("\(test.id) is in \(label(kept.shard)) (\(kept.test.status.rawValue)) and in "
                        + "\(label(index)) (\(test.status.rawValue)); kept \(keptLabel)'s result")
                    if keepNew { chosen[test.id] = (index, test) }
                }
            }
        }
        // A fixed deviation whose spec's other cases deviate in another shard says so here, where they meet.
        let tests = FixedDeviationSiblings.noted(order.compactMap { chosen[$0]?.test }.sorted { lhs, rhs in
            (lhs.file, lhs.line, lhs.id) < (rhs.file, rhs.line, rhs.id)
        })

        var seen = Set<Diagnostic>()
        let diagnostics = shards.flatMap(\.diagnostics).filter { seen.insert($0).inserted }
        let orderedDiagnostics = diagnostics.enumerated().sorted { lhs, rhs in
            switch (lhs.element.location, rhs.element.location) {
            case let (l?, r?) where l != r: l < r
            case (nil, _?): false
            case (_?, nil): true
            default: lhs.offset < rhs.offset
            }
        }.map(\.element)

        return RunResult(
            environment: environment,
            files: Array(Set(shards.flatMap(\.files))).sorted(),
            diagnostics: orderedDiagnostics,
            tests: tests,
            strict: shards.contains(where: \.strict),
            notes: notes,
            mergedShards: mergedShards.flatMap { Shard.missing(from: $0, limit: 1).isEmpty ? nil : $0 }
        )
    }
}

extension RunResult {
    private static func shardNotes(_ shards: [[Shard]?], label: (Int) -> String) -> [String] {
        let recorded = shards.enumerated().flatMap { index, held in (held ?? []).map { (index, $0) } }
        guard !recorded.isEmpty else { return [] }
        var notes: [String] = []
        let counts = Set(recorded.map(\.1.count)).sorted()
        if counts.count > 1 {
            notes.append("the results were cut into different numbers of shards (" + counts.map { "of \($0)" }.joined(separator: ", ")
                + "); merge the shards of one run")
        }
        for (index, shard) in shards.enumerated() where shard == nil {
            notes.append("\(label(index)) is a whole run, not a shard; its tests may repeat those of the shards")
        }
        var firstLabel: [Shard: Int] = [:]
        for (index, shard) in recorded {
            if let first = firstLabel[shard] {
                notes.append("shard \(shard) is given twice: \(label(first)) and \(label(index))")
            } else {
                firstLabel[shard] = index
            }
        }
        // A whole run among the inputs holds every test, so no shard is missing then.
        let missing = shards.contains(nil) ? [] : Shard.missing(from: recorded.map(\.1), limit: 11)
        if !missing.isEmpty {
            notes.append("\(missing.count == 1 ? "shard" : "shards") \(Shard.listed(missing)) \(missing.count == 1 ? "is" : "are") missing: "
                + missingShardsNoteEnding)
        }
        return notes
    }
}

extension TestResult {
    /// The same result but for the time it took: the same test in two runs takes different times.
    func sameOutcome(as other: TestResult) -> Bool {
        var other = other
        other.duration = duration
        return self == other
    }
}

extension Environment {
    /// The toolchain fields that differ (start time, command line and zones are expected to differ between shards).
    func toolchainDifferences(from other: Environment) -> [String] {
        let fields: [(String, String?, String?)] = [
            ("os", os, other.os), ("osVersion", osVersion, other.osVersion),
            ("architecture", architecture, other.architecture), ("swiftVersion", swiftVersion, other.swiftVersion),
            ("foundation", foundation, other.foundation), ("tzdataVersion", tzdataVersion, other.tzdataVersion),
            ("specrunVersion", specrunVersion, other.specrunVersion), ("gitCommit", gitCommit, other.gitCommit),
        ]
        return fields.compactMap { name, mine, theirs in
            // A commit not recorded is not known to differ (`RunResult.merging` says so apart).
            if name == "gitCommit", mine == nil || theirs == nil { return nil }
            return mine == theirs ? nil : "\(name) \(theirs ?? "none") (not \(mine ?? "none"))"
        }
    }
}
