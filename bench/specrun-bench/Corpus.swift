import Foundation
import SpecModel
import SpecParser

/// The generated benchmark corpus: recurrence specs over 100 zones with the oracle's expectations.
///
/// Written by `bench/corpus/generate.py` (deterministic for its seed) the first time a section needs it, then reused;
/// a folder holding another number of specs is refused, never overwritten.
struct Corpus {
    /// The folder holding the spec files and `manifest.json`.
    var folder: String
    /// How many specs the corpus must hold.
    var specCount: Int
    var seed: Int = 2027

    /// The corpus's facts from its manifest (written by the generator).
    struct Manifest: Decodable {
        var specs: Int
        var tests: Int
        var occurrences: Int
        var zones: Int
        var tzdata: String
    }

    /// Generates the corpus when it is missing; returns its manifest.
    func prepare() throws -> Manifest {
        if let manifest = try? readManifest() {
            guard manifest.specs == specCount else {
                throw BenchmarkError("\(folder) holds \(manifest.specs) specs, not \(specCount); pass --specs \(manifest.specs), or another --corpus")
            }
            return manifest
        }
        guard FileManager.default.fileExists(atPath: "bench/corpus/generate.py") else {
            throw BenchmarkError("bench/corpus/generate.py is not in the current folder; run specrun-bench from the package root")
        }
        print("  (generating \(specCount) specs into \(folder) with bench/corpus/generate.py: the oracle takes a while)")
        let status = try ChildProcess.run(
            ["python3", "bench/corpus/generate.py", "--out", folder, "--specs", String(specCount), "--seed", String(seed)],
            output: nil)
        guard status.exitCode == 0 else {
            throw BenchmarkError("bench/corpus/generate.py failed (exit \(status.exitCode)); run it by hand to see why")
        }
        return try readManifest()
    }

    private func readManifest() throws -> Manifest {
        let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/manifest.json"))
        return try JSONDecoder().decode(Manifest.self, from: data)
    }

    /// Every spec file of the corpus, sorted by path, with its bytes.
    func files() throws -> [(path: String, bytes: [UInt8])] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else {
            throw BenchmarkError("cannot list \(folder); delete it and run again to regenerate the corpus")
        }
        let names = enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".yaml") }.sorted()
        return try names.map { name in
            let path = folder + "/" + name
            guard let data = FileManager.default.contents(atPath: path) else {
                throw BenchmarkError("cannot read \(path); delete \(folder) and run again to regenerate the corpus")
            }
            return (path, [UInt8](data))
        }
    }

    /// Every spec of the corpus, parsed; fails when a file has a diagnostic (the corpus must be clean).
    func specs() throws -> [Spec] {
        var specs: [Spec] = []
        for file in try files() {
            let parsed = SpecParser().parse(path: file.path, bytes: file.bytes)
            if let diagnostic = parsed.diagnostics.first {
                throw BenchmarkError("\(file.path) has a diagnostic (\(diagnostic.message)); regenerate the corpus")
            }
            specs += parsed.specs
        }
        return specs
    }
}
