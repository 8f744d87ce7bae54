import SpecDiagnostics
import SpecResults

/// `specrun compare`'s matching, in process, on generated results at two sizes: a spec name found in every file of
/// both runs (or masked alike) across a renamed folder, and as many invalid files. Matching was quadratic in both
/// (the same name in 20,000 files took 76 s; 8,000 invalid files across a renamed folder 62 s): the time per file
/// should stay flat when the size doubles. Reading the files is left out (`report` of one file measures that).
struct CompareBenchmark: BenchmarkSection {
    let name = "compare"
    let summary = "compare's matching of N files of one spec name and N invalid files, across a renamed folder, at two sizes (goal: flat per file)"

    func run(_ context: BenchmarkContext) throws -> [Measurement] {
        var results: [Measurement] = []
        for (label, name) in [("one spec name in every file", { (_: Int) in "Same name" }),
                              ("names masked alike", { (_: Int) in "Sync token=[redacted]" })] {
            var perFile: [Double] = []
            for count in context.quick ? [500, 1_000] : [10_000, 20_000] {
                let old = Self.results(count, under: "specs", name: name, invalid: false)
                let new = Self.results(count, under: "suite", name: name, invalid: false)
                let timing = Stopwatch.time(rounds: context.rounds(3)) { _ = RunComparison(old: old, new: new).fails }
                perFile.append(timing.best.nanoseconds / 1000 / Double(count))
                results.append(Measurement(
                    name: "\(label), \(count) files", value: perFile.last!, unit: "µs/file",
                    detail: "best \(String(format: "%.2f", timing.best.nanoseconds / 1e9)) s, median "
                        + "\(String(format: "%.2f", timing.median.nanoseconds / 1e9)) s"
                        + (perFile.count == 2 ? "; twice the files: \(String(format: "%.2f", perFile[1] / perFile[0]))× per file" : "")))
            }
        }
        var perFile: [Double] = []
        for count in context.quick ? [500, 1_000] : [8_000, 16_000] {
            let old = Self.results(count, under: "specs", name: { "Spec \($0)" }, invalid: true)
            let new = Self.results(count, under: "suite", name: { "Spec \($0)" }, invalid: true)
            let timing = Stopwatch.time(rounds: context.rounds(3)) { _ = RunComparison(old: old, new: new).newlyInvalidFiles }
            perFile.append(timing.best.nanoseconds / 1000 / Double(count))
            results.append(Measurement(
                name: "invalid files, renamed folder, \(count) + \(count)", value: perFile.last!, unit: "µs/file",
                detail: "best \(String(format: "%.2f", timing.best.nanoseconds / 1e9)) s"
                    + (perFile.count == 2 ? "; twice the files: \(String(format: "%.2f", perFile[1] / perFile[0]))× per file" : "")))
        }
        return results
    }

    /// `count` passing tests, one per file `folder/fN.yaml`, with `name(N)` as the spec's name; with `invalid`, as
    /// many files `folder/badN.yaml` with two errors each.
    static func results(_ count: Int, under folder: String, name: (Int) -> String, invalid: Bool) -> RunResult {
        let environment = Environment(os: "Linux", osVersion: "bench", architecture: "x86_64", swiftVersion: "6.3.1",
                                      foundation: "bench", tzdataVersion: "2025b", zones: ["UTC"], specrunVersion: "bench",
                                      gitCommit: nil, startTime: "2027-01-01T00:00:00Z", commandLine: ["specrun", folder])
        let tests = (0..<count).map { index in
            let file = "\(folder)/f\(index).yaml"
            return TestResult(id: TestResult.makeID(file: file, spec: name(index), caseName: nil, engine: "core"), file: file, line: 1,
                              spec: name(index), engine: "core", status: .passed, timeZone: "UTC")
        }
        let diagnostics = invalid ? (0..<count).flatMap { index in
            ["missing-key", "unknown-key"].enumerated().map { line, code in
                Diagnostic(code: code, location: SourceLocation(file: "\(folder)/bad\(index).yaml", line: line + 2, column: 1),
                           message: "a \(code) error")
            }
        } : []
        return RunResult(environment: environment, files: tests.map(\.file), diagnostics: diagnostics, tests: tests)
    }
}
