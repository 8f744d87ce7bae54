import BoundedRegex
import Foundation
import SpecResults

/// What a run selected from its specs, read back from the command line its results record
/// (`environment.commandLine`): `specrun merge` names shards that selected differently.
///
/// The results document has structured fields for `strict` and `shard` only; the engine, the filter, the tags and
/// the spec paths are on the command line alone. So the line is parsed as `specrun` parses it (the same options,
/// `--opt=value`, `--`, repeated `--tag`), never searched as text; a line that does not parse as a run's (written
/// by hand, by another version, or not a run) gives no selection, and nothing is said about it.
struct ShardSelection: Equatable {
    /// `--engine`; nil when not given (each spec's engines).
    var engine: String?
    var filter: String?
    var tags: Set<String>
    var excludedTags: Set<String>
    var lastFailed: String?
    /// The spec paths as the run normalizes them (`specs/` and `./specs` are one path), sorted.
    var paths: [String]

    init?(commandLine: [String]) {
        guard let parsed = Self.parsed(commandLine) else { return nil }
        engine = parsed.value("engine")
        filter = parsed.value("filter")
        tags = Set(parsed.all("tag"))
        excludedTags = Set(parsed.all("exclude-tag"))
        lastFailed = parsed.value("last-failed")
        paths = Array(Set(parsed.positionals.map(SpecDiscovery.normalized))).sorted()
    }

    /// The command line parsed as `specrun` parses a run's; nil when it is not a run's.
    static func parsed(_ commandLine: [String]) -> ParsedArguments? {
        guard commandLine.first == "specrun" else { return nil }
        var arguments = Array(commandLine.dropFirst())
        // `specrun run …` and `specrun …` are one command (SpecrunCommand.main).
        if arguments.first == "run" { arguments.removeFirst() }
        return try? OptionParser(options: RunCommand.options).parse(arguments)
    }

    /// The shard a results document ran, for one written before results recorded `shard` (specrun before 5588b55,
    /// 2026-11-30): its command line's `--shard I/N`, taken only when every test it holds is one that shard runs.
    /// A merged document's command line is its first shard's, so without that check an old merge of four shards
    /// would pass for shard 1/4. Nil for a document that records its shard (that one counts), a whole run, a merge,
    /// and a line that is not a run's.
    static func shardFromCommandLine(of run: RunResult) -> Shard? {
        guard run.shard == nil, !run.notes.contains(where: { $0.hasPrefix(MergeCommand.mergedNotePrefix) }),
              let text = parsed(run.environment.commandLine)?.value("shard"), let shard = Shard(parsing: text),
              run.tests.allSatisfy({ shard.contains(id: $0.id) }) else { return nil }
        return shard
    }

    /// Whether a test of another run may be one this selection leaves out: an engine it does not run (without
    /// `--engine`, each spec's engines, which may be `core` alone), an id the filter misses, tags it does not keep or
    /// excludes, a file outside its spec paths, and any test under `--last-failed`. A test it would keep is not.
    func mayExclude(_ test: TestResult) -> Bool {
        mayExclude(test, filter: compiledFilter)
    }

    /// `mayExclude`, its filter compiled once for every test it is asked about.
    func exclusion() -> (TestResult) -> Bool {
        let regex = compiledFilter
        return { mayExclude($0, filter: regex) }
    }

    /// The filter as `TestSelection` compiles it (composed spelling); `.some(nil)` when it is not a regular expression.
    private var compiledFilter: BoundedRegex?? {
        filter.map { BoundedRegex(ComposedSpelling.composed($0)) }
    }

    private func mayExclude(_ test: TestResult, filter regex: BoundedRegex??) -> Bool {
        if let testEngine = test.engine {
            if let engine, engine != "all", engine != testEngine { return true }
            if engine == nil, testEngine != "core" { return true }
        }
        if let regex {
            guard let regex else { return true }
            // A search stopped at ICU's time limit may have excluded the test: the run that wrote it could not say.
            guard let matched = try? regex.firstMatch(in: ComposedSpelling.composed(test.id)), matched else { return true }
        }
        let testTags = Set(test.tags.map(ComposedSpelling.tagKey))
        if !tags.isEmpty, Set(tags.map(ComposedSpelling.tagKey)).isDisjoint(with: testTags) { return true }
        if !Set(excludedTags.map(ComposedSpelling.tagKey)).isDisjoint(with: testTags) { return true }
        if !paths.isEmpty {
            let file = SpecDiscovery.normalized(test.file)
            if !paths.contains(where: { $0 == "." || file == $0 || file.hasPrefix($0 + "/") }) { return true }
        }
        return lastFailed != nil
    }

    /// What `other` selected differently from this selection, one item per option: `--engine (each spec's engines)
    /// instead of 'all'`.
    func differences(from other: ShardSelection) -> [String] {
        func single(_ value: String?) -> String { value.map { "'\($0)'" } ?? "none" }
        func engineName(_ value: String?) -> String { value.map { "'\($0)'" } ?? "(each spec's engines)" }
        func set(_ values: Set<String>) -> String {
            values.isEmpty ? "none" : values.sorted().map { "'\($0)'" }.joined(separator: ", ")
        }
        var found: [String] = []
        if engine != other.engine { found.append("--engine \(engineName(other.engine)) instead of \(engineName(engine))") }
        if filter != other.filter { found.append("--filter \(single(other.filter)) instead of \(single(filter))") }
        if tags != other.tags { found.append("--tag \(set(other.tags)) instead of \(set(tags))") }
        if excludedTags != other.excludedTags {
            found.append("--exclude-tag \(set(other.excludedTags)) instead of \(set(excludedTags))")
        }
        if lastFailed != other.lastFailed { found.append("--last-failed \(single(other.lastFailed)) instead of \(single(lastFailed))") }
        if paths != other.paths { found.append("spec paths \(set(Set(other.paths))) instead of \(set(Set(paths)))") }
        return found
    }

    /// Notes naming each shard whose selection differs from the first's: its tests are not the same suite's. When
    /// both are shards (`sharded`), the tests one selection left out may have run in no shard, and the note says so
    /// with the ending that makes the merge not a whole run (exit 1; a CI review's shard with an extra `--tag europe`
    /// merged with exit 0 and a green JUnit, 132 tests run nowhere). Whole runs of other paths merged together are
    /// only noted.
    static func notes(for commandLines: [[String]], labels: [String], sharded: [Bool] = []) -> [String] {
        guard let first = commandLines.first.flatMap(ShardSelection.init(commandLine:)) else { return [] }
        return commandLines.enumerated().dropFirst().compactMap { index, line in
            guard let selection = ShardSelection(commandLine: line) else { return nil }
            let differences = first.differences(from: selection)
            guard !differences.isEmpty else { return nil }
            let shards = sharded.count == commandLines.count && sharded[0] && sharded[index]
            return "\(labels[index]) selected other tests than \(labels[0]): \(differences.joined(separator: "; ")); "
                + RunResult.mixedSelectionsNoteEnding + (shards ? ", and " + RunResult.otherSpecFilesNoteEnding : "")
        }
    }
}
