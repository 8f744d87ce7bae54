import Foundation

/// One long lifecycle scenario through the `specrun` binary: hourly launches of a scheduled refresh task, each
/// catching up its one occurrence, at two lengths. The time per launch should not grow with the scenario's length
/// (a run journal that sorted every record after each launch made 3,000 launches take 10 s and 6,000 take 30 s).
struct LifecycleBenchmark: BenchmarkSection {
    let name = "lifecycle"
    let summary = "a lifecycle scenario of N hourly launches, at two lengths (goal: the time per launch stays flat)"

    func run(_ context: BenchmarkContext) throws -> [Measurement] {
        let binary = try EndToEndBenchmark.specrunBinary()
        let folder = NSTemporaryDirectory() + "specrun-bench-lifecycle-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var results: [Measurement] = []
        for launches in context.quick ? [100, 400] : [1500, 6000] {
            let spec = folder + "/launches-\(launches).yaml"
            try Self.scenario(launches: launches).write(toFile: spec, atomically: true, encoding: .utf8)
            var statuses: [ChildProcess.Status] = []
            for _ in 0..<context.rounds(3) {
                let status = try ChildProcess.run([binary, spec, "--quiet", "--timeout", "600"], output: folder + "/report.txt")
                guard status.exitCode == 0 else {
                    throw BenchmarkError("specrun exited \(status.exitCode) on \(launches) launches; run \(binary) \(spec) to see why")
                }
                statuses.append(status)
            }
            let best = statuses.map(\.wall).min() ?? .zero
            results.append(Measurement(
                name: "\(launches) hourly launches", value: best.seconds * 1000 / Double(launches), unit: "ms/launch",
                detail: "\(String(format: "%.2f", best.seconds)) s wall, peak \(Int(Double(statuses.map(\.peakMemory).max() ?? 0) / 1_048_576)) MB; "
                    + "best of \(statuses.count)"))
        }
        return results
    }

    /// Hourly launches at minute 31 from 2027-03-29T00:31Z, each running that hour's 00:30 occurrence (UTC).
    static func scenario(launches: Int) -> String {
        let formatter = ISO8601DateFormatter()
        let start = Date(timeIntervalSince1970: 1_806_278_400)  // 2027-03-29T00:00:00Z
        var lines = [
            "spec: \(launches) hourly launches", "task: {identifier: com.example.app.refresh, kind: refresh}",
            "schedule: {id: hourly, timezone: UTC, rule: {every: hour, minute: 30}, nonexistent: skip, repeated: first}",
            "clock: 2027-03-29T00:00:00Z", "steps:",
        ]
        for index in 0..<launches {
            let at = formatter.string(from: start.addingTimeInterval(Double(index) * 3600 + 31 * 60))
            lines.append("  - {at: \(at), launch: com.example.app.refresh}")
        }
        lines.append("expect: {run-count: \(launches), errors: []}")
        return lines.joined(separator: "\n") + "\n"
    }
}
