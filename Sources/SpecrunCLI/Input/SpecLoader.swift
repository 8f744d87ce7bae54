import Foundation
import SpecDiagnostics
import SpecModel
import SpecLint
import SpecParser
import SpecRunner

/// Reads and parses spec files, checks names across files, lints, and applies `--strict`.
struct SpecLoader {
    var strict: Bool
    /// The parser with the run's limits (file size, depth, nodes, window, default search bound).
    var parser = SpecParser()
    /// How many files are read and parsed at once (`--jobs`); the result does not depend on it.
    var jobs: Int = 1
    /// Asked before each file: once it says stop (a signal came), no further file is read. Reading ten thousand
    /// files takes seconds (more in a debug build), longer than a CI runner waits between its signal and SIGKILL.
    var shouldStop: @Sendable () -> Bool = { false }
    /// Called after each file is read (the tests' stop point).
    var fileRead: @Sendable () -> Void = {}
    /// The files named on the command line (`SpecDiscovery.namedFiles`): not refused for a link out of a named folder
    /// that also holds them, as the refusal's own advice ("name it on the command line") promises.
    var namedFiles: Set<TreeWalk.FileID> = []

    struct Loaded {
        var specs: [Spec]
        var diagnostics: [Diagnostic]
        /// The files not read because the run was stopped first, in the order given.
        var unread: [String] = []
        /// The files the specs came from, kept so that they are freed with the rest of the run (`BackgroundRelease`):
        /// freeing them here, on the main thread between reading and running, took 11 ms of a 10,000-spec run
        /// (perf of `specrun --jobs 2`, bench corpus). Their specs share storage with `specs`.
        var files: [SpecFile] = []
    }

    func load(_ paths: [String]) -> Loaded {
        let parser = self.parser
        let shouldStop = self.shouldStop, fileRead = self.fileRead, namedFiles = self.namedFiles
        let links = parser.specTreeLinks()
        let read = Self.parallelMap(paths, jobs: jobs) { path -> SpecFile? in
            guard !shouldStop() else { return nil }
            defer { fileRead() }
            let named = !namedFiles.isEmpty && TreeWalk.FileID.of(path).map(namedFiles.contains) == true
            return Self.read(path, with: parser, links: named ? nil : links)
        }
        let unread = zip(paths, read).filter { $0.1 == nil }.map(\.0)
        var files = read.compactMap { $0 }
        // Names are checked across files, then each file is linted on its own (in parallel too), by one linter: the
        // fixture folders it reads are read once for all the files.
        let linter = SpecLinter(fixtureByteLimit: parser.limits.maxBytes)
        files = Self.parallelMap(DuplicateSpecNames.rejecting(in: files), jobs: jobs) { linter.lint([$0])[0] }
        var diagnostics = files.flatMap(\.diagnostics)
        if strict {
            diagnostics = diagnostics.map { $0.severity == .warning ? $0.promoted(to: .error) : $0 }
        }
        return Loaded(specs: files.flatMap(\.specs), diagnostics: diagnostics, unread: unread, files: files)
    }

    /// `transform` of each element on up to `jobs` threads; the results in the order of `elements`.
    ///
    /// Reading and parsing files is most of a big suite's time before the first test runs
    /// (bench/specrun-bench, section end-to-end), and files are independent until names are checked across them.
    /// Workers take elements from alternate ends, as PlanExecution does: neighbouring files share a zone.
    ///
    /// The calling thread is the first worker when its stack is a worker's (`WorkerThread.stackSize`), and the others
    /// are threads with that stack: parsing recurses once per level of nesting, and under `ulimit -s 128` a file
    /// nested 900 deep (within `--max-depth 1000`) on the calling thread ended specrun with a segmentation fault. The
    /// calling thread is kept when it can: `--jobs 1` parsing on a thread of its own took about 25 % more CPU
    /// (`specrun check` of the bench corpus, 0.94–1.24 → 1.19–1.30 s user; not pinned down — a new thread's allocator
    /// arena is the likely cause). A worker the system refuses is run on the calling thread instead.
    static func parallelMap<Element: Sendable, Result: Sendable>(
        _ elements: [Element], jobs: Int, callerMayWork: Bool = StackLimit.currentThreadHasWorkerStack,
        _ transform: @escaping @Sendable (Element) -> Result
    ) -> [Result] {
        guard !elements.isEmpty else { return [] }
        let workers = max(1, min(jobs, elements.count))
        let slots = Slots<Result>(count: elements.count)
        let finished = DispatchGroup()
        func work(_ worker: Int) -> @Sendable () -> Void {
            {
                while let index = slots.claim(fromBack: worker % 2 == 1) {
                    slots.store(transform(elements[index]), at: index)
                }
                finished.leave()
            }
        }
        for worker in (callerMayWork ? 1 : 0)..<workers {
            finished.enter()
            if WorkerThread.start(work(worker)) != 0 { work(worker)() }
        }
        if callerMayWork {
            finished.enter()
            work(0)()
        }
        finished.wait()
        return slots.results
    }

    /// Reads one file within the size limit (regular files only) and parses it.
    private static func read(_ path: String, with parser: SpecParser, links: SpecTreeLinks?) -> SpecFile {
        // Checked before the file is opened: a diagnostic would print the first line of whatever it is.
        if let reason = links?.reason(path: path) {
            return SpecFile(path: path, specs: [], diagnostics: [Diagnostic(
                code: InputDiagnosticCode.outsideSpecTree.rawValue, location: SourceLocation(file: path, line: 1, column: 1), message: reason)])
        }
        switch SpecFileReader(maxBytes: parser.limits.maxBytes).read(path) {
        case .bytes(let bytes):
            return parser.parse(path: path, bytes: bytes)
        case .tooLarge(let size):
            return parser.fileTooLarge(path: path, byteCount: size)
        case .unreadable(let reason):
            return SpecFile(path: path, specs: [], diagnostics: [Diagnostic(
                code: InputDiagnosticCode.unreadableFile.rawValue, location: SourceLocation(file: path, line: 1, column: 1), message: reason)])
        }
    }
}

/// The results of one parallel map, filled by several threads: each claims the next index under a lock.
private final class Slots<Result: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var front = 0
    private var back: Int
    private var values: [Result?]

    init(count: Int) {
        back = count
        values = Array(repeating: nil, count: count)
    }

    func claim(fromBack: Bool) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard front < back else { return nil }
        if fromBack {
            back -= 1
            return back
        }
        front += 1
        return front - 1
    }

    func store(_ value: Result, at index: Int) {
        lock.lock()
        values[index] = value
        lock.unlock()
    }

    /// Every result; call after every worker has finished.
    var results: [Result] {
        lock.lock()
        defer { lock.unlock() }
        return values.map { $0! }
    }
}
