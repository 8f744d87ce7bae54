import Foundation
import SpecDiagnostics
import SpecModel
import SpecLint
import SpecParser

/// Reads and parses spec files, checks names across files, lints, and applies `--strict`.
struct SpecLoader {
    var strict: Bool
    /// How many files are read and parsed at once (`--jobs`); the result does not depend on it.
    var jobs: Int = 1

    struct Loaded {
        var specs: [Spec]
        var diagnostics: [Diagnostic]
    }

    func load(_ paths: [String]) -> Loaded {
        var files = Self.parse(paths, jobs: jobs)
        files = SpecLinter().lint(DuplicateSpecNames.rejecting(in: files))
        var diagnostics = files.flatMap(\.diagnostics)
        if strict {
            diagnostics = diagnostics.map { $0.severity == .warning ? $0.promoted(to: .error) : $0 }
        }
        return Loaded(specs: files.flatMap(\.specs), diagnostics: diagnostics)
    }

    /// Each file read and parsed on its own, on up to `jobs` threads; the result is in the order of `paths`.
    ///
    /// Parsing is most of a big suite's time before the first test runs (bench/specrun-bench, section end-to-end),
    /// and files are independent until names are checked across them, which happens afterwards.
    static func parse(_ paths: [String], jobs: Int) -> [SpecFile] {
        let workers = max(1, min(jobs, paths.count))
        guard workers > 1 else { return paths.map(parse) }
        let slots = ParsedFiles(count: paths.count)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let index = slots.claim() {
                slots.store(parse(paths[index]), at: index)
            }
        }
        return slots.files
    }

    private static func parse(_ path: String) -> SpecFile {
        guard let data = FileManager.default.contents(atPath: path) else {
            return SpecFile(path: path, specs: [], diagnostics: [Diagnostic(
                code: "unreadable-file", location: SourceLocation(file: path, line: 1, column: 1),
                message: "the file cannot be read; check that it exists and that you may read it")])
        }
        return SpecParser().parse(path: path, bytes: [UInt8](data))
    }
}

/// The parsed files of one load, filled by several threads: each claims the next unparsed path under a lock.
private final class ParsedFiles: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private var results: [SpecFile?]

    init(count: Int) {
        results = Array(repeating: nil, count: count)
    }

    func claim() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard next < results.count else { return nil }
        next += 1
        return next - 1
    }

    func store(_ file: SpecFile, at index: Int) {
        lock.lock()
        results[index] = file
        lock.unlock()
    }

    /// Every file; call after every worker has finished.
    var files: [SpecFile] {
        lock.lock()
        defer { lock.unlock() }
        return results.map { $0! }
    }
}
