import Foundation
import SpecReporters
import SpecResults

/// The machine results a run (or `specrun report`) writes: `--json`, `--junit`, `--html`, `--tap` and
/// `--artifacts DIR` (every format under `DIR/<swift-version>-<os>-<arch>/`). Every file is written atomically.
struct ResultOutputs {
    var json: String?
    var junit: String?
    var html: String?
    var tap: String?
    var artifacts: String?

    static let options: [OptionSpec] = [
        OptionSpec(name: "json", valueName: "FILE", help: "Write the results as JSON (schema: docs/results.schema.json)."),
        OptionSpec(name: "junit", valueName: "FILE", help: "Write JUnit XML for CI dashboards."),
        OptionSpec(name: "html", valueName: "FILE", help: "Write a self-contained HTML report."),
        OptionSpec(name: "tap", valueName: "FILE", help: "Write TAP version 14."),
        OptionSpec(name: "artifacts", valueName: "DIR", help: "Write every format under DIR/<swift-version>-<os>-<arch>/."),
    ]

    init(_ parsed: ParsedArguments) {
        json = parsed.value("json")
        junit = parsed.value("junit")
        html = parsed.value("html")
        tap = parsed.value("tap")
        artifacts = parsed.value("artifacts")
    }

    /// Writes each requested file; returns one message per file that could not be written.
    ///
    /// `midWrite` runs once a file's temporary copy is half written (a test's stop point; nothing otherwise).
    func write(_ run: RunResult, midWrite: @escaping () -> Void = {}) -> [String] {
        var files: [(path: String, contents: () throws -> Data)] = []
        if let json { files.append((json, { try JSONReporter().data(run) })) }
        if let junit { files.append((junit, { Data(JUnitReporter().render(run).utf8) })) }
        if let html { files.append((html, { Data(HTMLReporter().render(run).utf8) })) }
        if let tap { files.append((tap, { Data(TAPReporter().render(run).utf8) })) }
        if let artifacts {
            let folder = (artifacts as NSString).appendingPathComponent(ReportArtifacts.folderName(for: run.environment))
            do {
                for artifact in try ReportArtifacts.files(for: run) {
                    files.append(((folder as NSString).appendingPathComponent(artifact.name), { artifact.contents }))
                }
            } catch {
                return ["cannot render the artifacts: \(error)"]
            }
        }
        var problems: [String] = []
        for file in files {
            do {
                try AtomicFile.write([UInt8](try file.contents()), to: file.path, midWrite: midWrite)
            } catch let error as AtomicFile.WriteError {
                problems.append(error.description)
            } catch {
                problems.append("cannot write '\(file.path)': \(error)")
            }
        }
        return problems
    }
}
