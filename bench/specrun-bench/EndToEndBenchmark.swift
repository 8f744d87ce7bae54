import Foundation

/// The real `specrun` binary on the generated corpus, as a user runs it: process start, reading and parsing every
/// file, running every test, the terminal report (10,000+ lines, to a file) and, in one variant, the JSON results.
///
/// Each run is a child process, so its peak memory (`ru_maxrss` from `wait4`) is its own. The run must pass:
/// every expectation in the corpus comes from the oracle, so exit status 0 means every test was really checked.
struct EndToEndBenchmark: BenchmarkSection {
    let name = "end-to-end"
    let summary = "the specrun binary on the generated corpus (goals: ≥ 10,000 specs/s on 2 cores, peak memory < 200 MB)"

    func run(_ context: BenchmarkContext) throws -> [Measurement] {
        let manifest = try context.corpus.prepare()
        let binary = try Self.specrunBinary()
        let folder = NSTemporaryDirectory() + "specrun-bench-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let report = folder + "/report.txt"

        let variants: [(label: String, arguments: [String])] = [
            ("--jobs 2, terminal report", ["--jobs", "2"]),
            ("--jobs 2 --json", ["--jobs", "2", "--json", folder + "/results.json"]),
            ("--jobs 1, terminal report", ["--jobs", "1"]),
        ]
        // The machine is shared: what else ran says how far the wall times can be read as "2 cores".
        var results = [Measurement(
            name: "machine", value: Double(ProcessInfo.processInfo.activeProcessorCount), unit: "cores",
            detail: "load average before the runs: \(Self.loadAverage()) (1, 5, 15 min; other processes compete for the cores)")]
        for variant in variants {
            var statuses: [ChildProcess.Status] = []
            for _ in 0..<context.rounds(3) {
                let status = try ChildProcess.run([binary, context.corpus.folder] + variant.arguments, output: report)
                let lastLine = (try? String(contentsOfFile: report, encoding: .utf8))?
                    .split(separator: "\n").last.map(String.init) ?? "(no report)"
                guard status.exitCode == 0, lastLine == "\(manifest.tests) passed, 0 failed" else {
                    throw BenchmarkError("specrun \(variant.label) exited \(status.exitCode) with '\(lastLine)'; "
                        + "every corpus test must pass (run \(binary) \(context.corpus.folder) to see why)")
                }
                statuses.append(status)
            }
            let walls = statuses.map(\.wall).sorted()
            let best = walls[0]
            let median = walls[walls.count / 2]
            let peak = statuses.map(\.peakMemory).max() ?? 0
            let cpu = statuses.map(\.cpu).min() ?? .zero
            results.append(Measurement(
                name: "specrun \(variant.label)", value: Double(manifest.specs) / best.seconds, unit: "specs/s",
                detail: "\(String(format: "%.2f", best.seconds)) s wall (median \(String(format: "%.2f", median.seconds)) s), "
                    + "\(String(format: "%.2f", cpu.seconds)) s CPU, \(manifest.tests) tests; best of \(statuses.count)"))
            results.append(Measurement(
                name: "  peak memory, \(variant.label)", value: Double(peak) / 1_048_576, unit: "MB",
                detail: "maximum resident set size (wait4 ru_maxrss), largest of \(statuses.count) runs"))
        }
        return results
    }

    /// `/proc/loadavg`'s first three fields, or "unknown".
    static func loadAverage() -> String {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "unknown" }
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }

    /// `specrun` from the same build folder as this benchmark (`swift build -c release` builds both).
    static func specrunBinary() throws -> String {
        let bench = (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])).resolvingSymlinksInPath()
        let binary = bench.deletingLastPathComponent().appendingPathComponent("specrun").path
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw BenchmarkError("\(binary) does not exist; build it first with 'swift build -c release --product specrun'")
        }
        return binary
    }
}
