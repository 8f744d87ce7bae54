import Foundation
import SpecDiagnostics
import SpecModel
import SpecResults
import SpecRunner
import TextRedaction

/// The run command's options, checked: every mistake is a `UsageError` before anything runs.
struct RunConfiguration {
    var paths: [String]
    var files: [String]
    /// The spec files named on the command line (`SpecDiscovery.namedFiles`).
    var namedFiles: Set<TreeWalk.FileID> = []
    var strict: Bool
    var quiet: Bool
    /// `--verbose`: passing lifecycle scenarios show their runs.
    var verbose: Bool
    var colorChoice: String
    /// Nil when `--engine` is not given: each spec's own engines run.
    var engines: [EngineName]?
    var jobs: Int
    var timeout: Double?
    var maxFailures: Int?
    var selection: TestSelection
    var listOnly: Bool
    /// What hostile or runaway input may cost (docs/limits.md): `--max-file-size`, `--max-depth`, `--max-nodes`,
    /// `--max-window`, `--max-candidates`, `--allow-outside-fixtures` for reading; `--max-occurrences` for running.
    var limits: RunLimits
    /// What is masked in every report and results file: `--redact`, `--no-default-redaction`.
    var redaction: Redaction
    /// The results file `--last-failed` read, if given.
    var lastFailed: String?
    /// The tests that failed or errored in that file.
    var lastFailedTests: [TestResult] = []
    /// Tests the `--last-failed` file holds as not run (a run stopped early): they are not rerun, and a note says so.
    var lastFailedNotRun = 0
    /// Whether `--engine` was given (else each spec runs on its own engines).
    var engineGiven: Bool { engines != nil }
    /// What reading the `--last-failed` file found suspect, for the run to print as warnings.
    var readWarnings: [String] = []
    /// The results' note on files below the paths named like a spec saved as text (`nightly.yaml.txt`).
    var savedAsTextNote: [String] = []

    init(_ parsed: ParsedArguments, environment: [String: String]) throws(UsageError) {
        strict = parsed.flag("strict")
        quiet = parsed.flag("quiet")
        verbose = parsed.flag("verbose")
        colorChoice = parsed.value("color") ?? "auto"
        listOnly = parsed.flag("list")
        if listOnly, let first = ResultOutputs(parsed).given.first {
            // Accepted, `--list --json l.json` wrote nothing and said nothing (a hostile-input hunt).
            let all = ResultOutputs(parsed).given
            throw UsageError("--list prints the plan and runs nothing, so \(all.count == 1 ? first : ListWording.joined(all)) would write "
                + "no results; leave out --list to run the tests, or \(all.count == 1 ? first : "those options") to list them.")
        }
        engines = switch parsed.value("engine") {
        case "core": [.core]
        case "foundation": [.foundation]
        case "all": [.core, .foundation]
        default: nil
        }
        jobs = try Self.positiveInteger(parsed.value("jobs"), option: "jobs") ?? ProcessInfo.processInfo.activeProcessorCount
        timeout = try Self.timeoutSeconds(parsed.value("timeout") ?? "10")
        limits = try RunLimits(parsed)
        redaction = try RedactionOptions.redaction(parsed)
        let budget = try Self.positiveInteger(parsed.value("max-failures"), option: "max-failures")
        if parsed.flag("fail-fast"), let budget, budget != 1 {
            // Either order quietly meant a budget of 1 (a review): two stops that disagree are a usage error.
            throw UsageError("--fail-fast stops at the first failure and --max-failures \(budget) at failure number \(budget); give one of them.")
        }
        maxFailures = parsed.flag("fail-fast") ? 1 : budget
        var shard: TestSelection.Shard?
        if let text = parsed.value("shard") {
            guard let parsedShard = TestSelection.Shard(parsing: text) else {
                throw UsageError("the value '\(text)' is not allowed for '--shard'; write I/N with 1 ≤ I ≤ N, e.g. --shard 2/4.")
            }
            shard = parsedShard
        }
        var ids: Set<String>?
        // Checked whether or not --last-failed is given, as report, merge and compare check it.
        let maxResultsBytes = try ResultsFile.maxBytes(parsed)
        if let path = parsed.value("last-failed") {
            var warnings: [String] = []
            let previous = try ResultsFile.read(path, maxBytes: maxResultsBytes) { warnings.append($0) }
            readWarnings = warnings.map(redaction.mask)
            // What failed that run: under --strict a fixed deviation did too (its exit status was 1; a rerun that
            // left it out ran nothing and went green, a review).
            lastFailedTests = previous.tests.filter { $0.status.failsRun(strict: previous.strict) }
            lastFailedNotRun = previous.tests.filter { $0.status == .notRun }.count
            ids = Set(lastFailedTests.map(\.id))
            lastFailed = path
        }
        let filter = parsed.value("filter")
        if let filter { try Self.checkFilter(filter) }
        selection = TestSelection(
            filter: filter,
            tags: Set(parsed.all("tag")),
            excludedTags: Set(parsed.all("exclude-tag")),
            ids: ids,
            shard: shard)

        paths = parsed.positionals
        guard !paths.isEmpty else {
            // `specrun --tag c01.yaml`: the option took the spec as its value, and "no spec path given" alone left the
            // reader looking at a path that was there (a review).
            let taken = parsed.values.keys.sorted().lazy.compactMap { name in
                parsed.all(name).first { ["yaml", "yml"].contains(($0 as NSString).pathExtension.lowercased()) }.map { (name, $0) }
            }.first
            throw UsageError("no spec path given" + (taken.map { " ('--\($0.0)' took '\($0.1)' as its value: give the option its own value, then the spec)" } ?? "")
                + ". Name a spec file or a folder, e.g. 'specrun specs/'.")
        }
        let found = try SpecDiscovery.specs(in: paths, stayInside: !limits.allowsLinksOut)
        files = found.files
        namedFiles = SpecDiscovery.namedFiles(in: paths)
        // A spec saved as a text document (`nightly.yaml.txt`) is not read, and told: it must not vanish unseen.
        readWarnings += found.warnings
        savedAsTextNote = found.note
        let folders = SpecDiscovery.folders(in: paths)
        limits.confineFixtures(to: folders)
        // The `--last-failed` file is an input: `--last-failed r.json --json r.json` replaced a whole run's results
        // with the rerun of its failures.
        try ResultOutputs(parsed).checkPaths(
            against: files, specFolders: folders, inputs: lastFailed.map { [$0] } ?? [],
            artifactsFolder: EnvironmentProbe.artifactsFolderName(redaction: redaction))
    }

    /// Refuses a `--filter` that is not a regular expression before any file is read, with the parser's reason.
    static func checkFilter(_ source: String) throws(UsageError) {
        if let group = NestedRepetition.find(in: source) {
            throw UsageError(NestedRepetition.refusal(of: source, group: group, option: "--filter"))
        }
        guard let reason = RegularExpressionSyntax.problem(in: source) else { return }
        let hint = RegularExpressionSyntax.escapeHint(for: source).map { ", or, \($0)" } ?? ""
        throw UsageError("the value '\(source)' is not allowed for '--filter': it is not a valid regular expression (\(reason)); fix it, e.g. --filter 'Berlin.*spring'\(hint).")
    }

    /// The longest `--timeout`: a day. A longer one is a typo or a wish to have none, and neither should run a CI job
    /// for days.
    static let maximumTimeout: Double = 86_400

    /// `--timeout`'s seconds as decimal text (`30`, `0.5`): not `0x10`, `1e3`, `inf` or `+5`, which `Double` reads.
    static func timeoutSeconds(_ text: String) throws(UsageError) -> Double {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let decimal = !text.isEmpty && parts.allSatisfy { part in part.allSatisfy { $0.isASCII && $0.isNumber } }
            && !(parts.first?.isEmpty ?? true) && !(parts.count == 2 && parts[1].isEmpty)
        guard decimal, let seconds = Double(text), seconds > 0 else {
            throw UsageError("the value '\(text)' is not allowed for '--timeout'; give a number of seconds above zero, e.g. --timeout 30.")
        }
        guard seconds <= maximumTimeout else {
            let most = Int(maximumTimeout)
            throw UsageError("the value '\(text)' is not allowed for '--timeout': a test may run at most \(most) s (a day); give a number of seconds up to \(most), e.g. --timeout 600.")
        }
        return seconds
    }

    static func positiveInteger(_ text: String?, option: String) throws(UsageError) -> Int? {
        guard let text else { return nil }
        guard let value = Int(text), value >= 1 else {
            // Digits past Int are a whole number still: say where the numbers end.
            let pastInt = !text.isEmpty && text.allSatisfy { $0.isASCII && $0.isNumber } && text.contains { $0 != "0" }
            throw UsageError("the value '\(text)' is not allowed for '--\(option)'; give a whole number \(pastInt ? "from 1 to \(Int.max)" : "of at least 1").")
        }
        return value
    }
}
