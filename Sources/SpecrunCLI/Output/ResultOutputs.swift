import Foundation
import SpecReporters
import SpecResults
import SpecModel

/// The machine results a run (or `specrun report`) writes: `--json`, `--junit`, `--html`, `--tap` and
/// `--artifacts DIR` (every format under `DIR/<swift-version>-<os>-<arch>/`). Every file is written atomically.
struct ResultOutputs {
    var json: String?
    var junit: String?
    var html: String?
    var tap: String?
    var artifacts: String?
    /// How the command line names the JSON file, for messages (`merge` takes it as `-o`).
    var jsonOption = "--json"

    static let options: [OptionSpec] = [
        OptionSpec(name: "json", valueName: "FILE", help: "Write the results as JSON (schema: docs/results.schema.json)."),
        OptionSpec(name: "junit", valueName: "FILE", help: "Write JUnit XML for CI dashboards."),
        OptionSpec(name: "html", valueName: "FILE", help: "Write a self-contained HTML report."),
        OptionSpec(name: "tap", valueName: "FILE", help: "Write TAP version 13 (as Perl's prove and tappy read it)."),
        OptionSpec(name: "artifacts", valueName: "DIR", help: "Write every format under DIR/<swift-version>-<os>-<arch>/."),
    ]

    /// Whether any results file is asked for.
    var writesAny: Bool { [json, junit, html, tap, artifacts].contains { $0 != nil } }

    /// The options given that write results, as the command line spells them (`--json`, `--artifacts`).
    var given: [String] {
        [(jsonOption, json), ("--junit", junit), ("--html", html), ("--tap", tap), ("--artifacts", artifacts)]
            .compactMap { $0.1 == nil ? nil : $0.0 }
    }

    init(_ parsed: ParsedArguments) {
        json = parsed.value("json")
        junit = parsed.value("junit")
        html = parsed.value("html")
        tap = parsed.value("tap")
        artifacts = parsed.value("artifacts")
    }

    /// Refuses, before anything runs, an output that would overwrite one of `specFiles` (`--json s.yaml` replaced
    /// the spec with its own results) or another output (`--json r.json --junit r.json` kept only the JUnit; so did
    /// `--junit art/<folder>/results.json --artifacts art`, whose JSON then replaced it), and an output path that is
    /// empty or starts with a `~` the shell did not expand (`UnexpandedHome`).
    /// `inputs` are the results files the command reads (`merge A.json B.json -o A.json` replaced a shard with the
    /// merge). `artifactsFolder` is the folder `--artifacts DIR` writes in (`ReportArtifacts.folderName`), when known.
    /// Paths are compared as the files they name (links and `..` resolved); devices and pipes may repeat.
    /// `specFolders` are the folders the run searches for specs: an output there named `*.yaml` / `*.yml`
    /// (`--tap specs/new.yaml`) would be read as a spec by the next run, which then failed on it.
    /// A folder that may not be written (a read-only checkout, a CI user who is not its owner) is refused here too,
    /// before the run, rather than after every test has run (`OutputFolderCheck`, `folders`).
    func checkPaths(against specFiles: [String], specFolders: [String] = [], inputs: [String] = [],
                    artifactsFolder: String? = nil, folders: OutputFolderCheck = OutputFolderCheck()) throws(UsageError) {
        let files = [(jsonOption, json), ("--junit", junit), ("--html", html), ("--tap", tap)]
        for (option, path) in files + [("--artifacts", artifacts)] {
            guard let path else { continue }
            guard !path.isEmpty else {
                throw UsageError("the option '\(option)' needs a path, not an empty value; e.g. \(option) \(Self.defaultName(option)).")
            }
            try UnexpandedHome.check(path, option: option)
            if let problem = Self.shapeProblem(path, option: option) {
                throw UsageError.fileProblem("cannot write '\(path)' (\(option)): \(problem).")
            }
            // The artifacts go into DIR/<toolchain>/, which may exist already (a folder of an earlier run).
            let written = option == "--artifacts" ? artifactsFolder.map { (path as NSString).appendingPathComponent($0) } ?? path : path
            if let problem = folders.problem(writing: written, isFolder: option == "--artifacts") {
                throw UsageError.fileProblem("cannot write '\(path)' (\(option)): \(problem).")
            }
        }
        var named = files.compactMap { option, path in path.map { (option: option, path: $0, identity: FileIdentity.of($0)) } }
        // The artifacts are written after the files named one by one, so one of them would replace such a file, or
        // an input (`--last-failed art/<folder>/results.json --artifacts art` replaced the results it reran).
        if let artifacts, let artifactsFolder, !named.isEmpty || !inputs.isEmpty {
            let folder = (artifacts as NSString).appendingPathComponent(artifactsFolder)
            for name in ReportArtifacts.names {
                let path = (folder as NSString).appendingPathComponent(name)
                named.append((option: "--artifacts", path: path, identity: FileIdentity.of(path)))
            }
        }
        guard !named.isEmpty else { return }
        // Only a spec file with an output's name can be that output: a run of 10,000 files resolves none of the rest.
        let names = Set(named.map { ($0.identity as NSString).lastPathComponent })
        let specs = Dictionary(specFiles.filter { names.contains(($0 as NSString).lastPathComponent) }.map { (FileIdentity.of($0), $0) },
                               uniquingKeysWith: { first, _ in first })
        let inputFiles = Dictionary(inputs.map { (FileIdentity.of($0), $0) }, uniquingKeysWith: { first, _ in first })
        for (index, output) in named.enumerated() where !Self.isStream(output.path) {
            if let spec = specs[output.identity] {
                throw UsageError("'\(output.path)' (\(output.option)) is the spec file '\(spec)' this run reads; writing the results there would "
                    + "replace the spec. Name another file, e.g. \(output.option) results/\(Self.defaultName(output.option)).")
            }
            if let folder = Self.specFolder(holding: output.path, among: specFolders) {
                // `new.yaml.txt` is not read, but told in every later run as a spec saved as text, to rename to `.yaml`.
                let what = TreeWalk.isSpecSavedAsText((output.path as NSString).lastPathComponent)
                    ? "named like a spec saved as text in the spec folder '\(folder)' this run reads, so every later run would tell it "
                        + "as a spec to rename" : "a .\((output.path as NSString).pathExtension) file in the spec folder "
                        + "'\(folder)' this run reads, so the next run would read it as a spec and fail on it"
                throw UsageError("'\(output.path)' (\(output.option)) is \(what); write it elsewhere, e.g. "
                    + "\(output.option) results/\(Self.defaultName(output.option)).")
            }
            if let input = inputFiles[output.identity] {
                if output.option == "--artifacts" {
                    throw UsageError("--artifacts '\(artifacts ?? "")' writes '\(output.path)', the results file '\(input)' this command reads; "
                        + "writing there would replace it. Give --artifacts another folder, e.g. --artifacts artifacts-rerun.")
                }
                throw UsageError("'\(output.path)' (\(output.option)) is the results file '\(input)' this command reads; writing there would "
                    + "replace it. Name another file, e.g. \(output.option) results/\(Self.defaultName(output.option)).")
            }
            // `specrun --junit a.yaml b.yaml`, the report's name forgotten: the option takes the first spec as its file,
            // and the run replaced that spec with XML, exit 0 (a review). No report is named like a spec, existing or not.
            if output.option != "--artifacts", ["yaml", "yml"].contains((output.path as NSString).pathExtension.lowercased()) {
                throw UsageError("'\(output.path)' (\(output.option)) is named like a spec file, and writing the results there would "
                    + "replace it; if it is a spec to run, \(output.option) took it as its file name: name the file first, e.g. "
                    + "\(output.option) \(Self.defaultName(output.option)) \(output.path).")
            }
            guard let earlier = named[..<index].first(where: { $0.identity == output.identity }) else { continue }
            if output.option == "--artifacts" {
                if Self.defaultName(earlier.option) == (output.path as NSString).lastPathComponent {
                    // `merge` requires -o: "leave out -o" was advice that could not be followed.
                    let other = "give it a file outside '\(artifacts ?? "")', e.g. \(earlier.option) \(Self.defaultName(earlier.option))"
                    throw UsageError("\(earlier.option) names '\(earlier.path)', which --artifacts writes already; "
                        + (earlier.option == "-o" ? other : "leave out \(earlier.option), or " + other) + ".")
                }
                throw UsageError("\(earlier.option) and --artifacts both name '\(output.path)'; the second would replace the first. "
                    + "Give \(earlier.option) a file outside '\(artifacts ?? "")', e.g. \(earlier.option) results/\(Self.defaultName(earlier.option)).")
            }
            throw UsageError("\(earlier.option) and \(output.option) both name '\(output.path)'; the second would replace the first. "
                + "Give each format its own file, e.g. \(output.option) results/\(Self.defaultName(output.option)).")
        }
    }

    /// Why `path` cannot be the file (or, for `--artifacts`, the folder) `option` writes, whatever the folder allows:
    /// told before the run, where each was told after every test had run, or not at all (a hostile-input hunt).
    /// - a name with U+FFFD: the process reads its arguments with it for bytes that are not UTF-8, so the file would be
    ///   written under another name than the one typed (`out\xffbad.json` became `out\u{FFFD}bad.json`, silently);
    /// - `-`, which is no stdout here: a file named `-` was written;
    /// - a name longer than the file system takes; a folder where a file is named, or a file where a folder is; a
    ///   symbolic link that loops.
    static func shapeProblem(_ path: String, option: String) -> String? {
        let isFolder = option == "--artifacts"
        if path.contains("\u{FFFD}") {
            return "the name holds \u{FFFD} (U+FFFD), which stands for bytes that are not UTF-8, so the file would be written under "
                + "another name than the one typed; name it in UTF-8"
        }
        if path == "-" {
            return "'-' is not stdout here; name a file (e.g. \(option) \(defaultName(option))), or /dev/stdout to print it there"
        }
        if path.utf8.count >= Int(PATH_MAX) || path.split(separator: "/").contains(where: { $0.utf8.count > Int(NAME_MAX) }) {
            return "the name is longer than the file system takes (File name too long: \(NAME_MAX) bytes a name, \(PATH_MAX) a path); "
                + "name a shorter path"
        }
        var info = stat()
        if stat(path, &info) == 0 {
            let type = info.st_mode & S_IFMT
            if isFolder, type != S_IFDIR {
                return "it is a file, and --artifacts names a folder to write its files in; name a folder, e.g. --artifacts results"
            }
            if !isFolder, type == S_IFDIR {
                return "it is a folder; name a file in it, e.g. \(option) \((path as NSString).appendingPathComponent(defaultName(option)))"
            }
        } else if errno == ELOOP {
            return "it is a symbolic link that loops (Too many levels of symbolic links); remove the link, or name another file"
        }
        return nil
    }

    /// The folder among `folders` whose search for specs would find `path` (a `.yaml` / `.yml` name, no hidden
    /// folder or name on the way: discovery skips those), if any.
    private static func specFolder(holding path: String, among folders: [String]) -> String? {
        guard SpecDiscovery.extensions.contains((path as NSString).pathExtension.lowercased())
            || TreeWalk.isSpecSavedAsText((path as NSString).lastPathComponent) else { return nil }
        return folders.first { folder in
            guard let below = FileIdentity.components(of: path, below: folder) else { return false }
            return !below.contains { $0.hasPrefix(".") }
        }
    }

    /// A device or a pipe (`/dev/null`, `/dev/stdout`): outputs may share it.
    private static func isStream(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT != S_IFREG && info.st_mode & S_IFMT != S_IFDIR
    }

    private static func defaultName(_ option: String) -> String {
        switch option {
        case "--json", "-o": "results.json"
        case "--junit": "junit.xml"
        case "--html": "report.html"
        case "--artifacts": "results"
        default: "results.tap"
        }
    }

    /// Writes each requested file; returns one message per file that could not be written.
    ///
    /// `midWrite` runs once, when a file's temporary copy holds its first chunk (a test's stop point; nothing otherwise).
    /// `jobs` threads write the JSON results' tests (`--jobs`; the bytes are the same for any number).
    func write(_ run: RunResult, jobs: Int = 1, midWrite: @escaping () -> Void = {}) -> [String] {
        typealias Emit = ([UInt8]) throws -> Void
        var files: [(path: String, option: String, produce: (Emit) throws -> Void)] = []
        // The JSON results are streamed to the file: a big run's document (100 MB for 10,000 specs) never sits in
        // memory whole.
        if let json { files.append((json, jsonOption, { emit in try JSONReporter(jobs: jobs).write(run, chunks: emit) })) }
        if let junit { files.append((junit, "--junit", { emit in try emit(Array(JUnitReporter().render(run).utf8)) })) }
        if let html { files.append((html, "--html", { emit in try emit(Array(HTMLReporter().render(run).utf8)) })) }
        if let tap { files.append((tap, "--tap", { emit in try emit(Array(TAPReporter().render(run).utf8)) })) }
        if let artifacts {
            // Each artifact is rendered only when its file is written, the JSON streamed: not all five in memory.
            let folder = (artifacts as NSString).appendingPathComponent(ReportArtifacts.folderName(for: run.environment))
            for writer in ReportArtifacts.writers(for: run, jobs: jobs) {
                files.append(((folder as NSString).appendingPathComponent(writer.name), "--artifacts", writer.write))
            }
        }
        var problems: [String] = []
        var unmadeFolders = Set<String>()
        for file in files {
            do {
                try AtomicFile.write(to: file.path, midWrite: midWrite, file.produce)
            } catch {
                // A folder that cannot be made is said once, not once per artifact in it.
                let folder = ParentFolder.of(file.path)
                if error.reason.hasPrefix(AtomicFile.WriteError.folderReasonPrefix) {
                    guard unmadeFolders.insert(folder).inserted else { continue }
                }
                // The option named, as the checks before the run name it.
                problems.append("cannot write '\(error.path)' (\(file.option)): \(error.reason)")
            }
        }
        return problems
    }
}
