import Foundation
import SpecParser
import SpecYAML

/// Reading spec files on one thread: libyaml to `Node` trees (SpecYAML), then to specs (SpecYAML + SpecParser).
struct YAMLParseBenchmark: BenchmarkSection {
    let name = "yaml"
    let summary = "reading the generated corpus on one thread: YAML to nodes, and YAML to specs (MB/s, specs/s)"

    func run(_ context: BenchmarkContext) throws -> [Measurement] {
        let manifest = try context.corpus.prepare()
        let files = try context.corpus.files()
        let bytes = files.reduce(0) { $0 + $1.bytes.count }
        let megabytes = Double(bytes) / 1_000_000
        let rounds = context.rounds(5)

        var documents = 0
        let yaml = Stopwatch.time(rounds: rounds) {
            documents = 0
            for file in files {
                documents += YAMLReader.read(file.bytes).documents.count
            }
        }
        var specs = 0
        var diagnostics = 0
        let parse = Stopwatch.time(rounds: rounds) {
            specs = 0
            diagnostics = 0
            for file in files {
                let parsed = SpecParser().parse(path: file.path, bytes: file.bytes)
                specs += parsed.specs.count
                diagnostics += parsed.diagnostics.count
            }
        }
        guard specs == manifest.specs, diagnostics == 0 else {
            throw BenchmarkError("the corpus read as \(specs) specs with \(diagnostics) diagnostics, not \(manifest.specs) clean specs; regenerate it")
        }
        let corpus = "\(files.count) files, \(String(format: "%.2f", megabytes)) MB, \(specs) specs"
        return [
            Measurement(name: "YAML to nodes (SpecYAML)", value: megabytes / yaml.best.seconds, unit: "MB/s",
                        detail: "\(corpus); \(documents) documents; median \(String(format: "%.1f", megabytes / yaml.median.seconds)) MB/s"),
            Measurement(name: "YAML to specs (SpecYAML + SpecParser)", value: megabytes / parse.best.seconds, unit: "MB/s",
                        detail: "median \(String(format: "%.1f", megabytes / parse.median.seconds)) MB/s"),
            Measurement(name: "YAML to specs (SpecYAML + SpecParser)", value: Double(specs) / parse.best.seconds, unit: "specs/s",
                        detail: "\(String(format: "%.1f", parse.best.seconds * 1e6 / Double(specs))) µs per spec; median \(Int(Double(specs) / parse.median.seconds)) specs/s"),
        ]
    }
}

extension Duration {
    /// The duration in seconds, as a Double.
    var seconds: Double { nanoseconds / 1e9 }
}
