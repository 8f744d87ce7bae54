/// What changed between two runs of the same specs — typically the same suite on two toolchains.
///
/// Tests are matched by their stable id (`file › spec › case › engine`). A regression is a test that fails or
/// errors now and did not before; everything else is reported for people to read.
public struct RunComparison: Sendable, Hashable {
    public var old: RunResult
    public var new: RunResult
    /// Differences in the environment blocks, the time-zone data version first.
    public var environmentChanges: [EnvironmentChange]
    /// Per-test changes, grouped by kind in the order of `Change.Kind.allCases`, each group in the new run's order.
    public var changes: [Change]
    /// The spec files with an error diagnostic (a file, or a document in it, that could not be read) in each run.
    public var invalidBefore: [String]
    public var invalidNow: [String]
    /// Removed tests that reappear as added ones under another spelling of the same path (`specs/a.yaml` and
    /// `/ci/specs/a.yaml`): the two runs were started from different folders or with different path arguments,
    /// and their ids, which hold the path as given, do not match. Each pair is (old file, new file).
    public var respelledFiles: [PathRespelling]

    public struct PathRespelling: Sendable, Hashable {
        public var old: String
        public var new: String
        /// How many tests of the file appear under both spellings.
        public var tests: Int
    }

    public struct EnvironmentChange: Sendable, Hashable {
        public var field: String
        public var old: String
        public var new: String
    }

    public struct Change: Sendable, Hashable {
        public enum Kind: String, Sendable, Hashable, CaseIterable {
            /// Fails or errors now; passed, deviated, was skipped or did not exist before.
            case newlyFailing = "newly failing"
            /// Passes now; failed or errored before.
            case newlyPassing = "newly passing"
            /// A known deviation now; passed, failed, was skipped or was a fixed deviation before (the engine started
            /// to deviate, or deviates again on this toolchain).
            case newlyDeviating = "newly deviating"
            /// Was a known deviation, now passes (the engine was fixed; remove the annotation).
            case noLongerDeviating = "no longer deviating"
            /// Passed (or was skipped) before and passes now, but its spec now declares a deviation this engine does
            /// not have: an annotation added by hand, or one meant for another toolchain. Remove it; a regression
            /// when NEW ran under `--strict`, where a fixed deviation fails the run.
            case nowFixedDeviation = "now a fixed deviation"
            /// Ran before, and its spec file (or its document) could not be read now, so it did not run: the
            /// file became invalid, or a zone it names left the time-zone data. A regression.
            case notRun = "not run, file invalid"
            /// Same status, but the engine produced different instants.
            case changedInstants = "changed instants"
            case added
            case removed
        }

        public var kind: Kind
        /// The test as it was (nil when added).
        public var old: TestResult?
        /// The test as it is (nil when removed).
        public var new: TestResult?

        public var id: String { (new ?? old)!.id }
    }

    public init(old: RunResult, new: RunResult) {
        self.old = old
        self.new = new
        environmentChanges = Self.environmentChanges(old.environment, new.environment)
        let oldByID = Dictionary(old.tests.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let newIDs = Set(new.tests.map(\.id))
        var found: [Change] = []
        for test in new.tests {
            guard let before = oldByID[test.id] else {
                found.append(Change(kind: test.status.isFailure ? .newlyFailing : .added, old: nil, new: test))
                continue
            }
            if let kind = Self.kind(from: before, to: test) {
                found.append(Change(kind: kind, old: before, new: test))
            }
        }
        invalidBefore = Self.invalidFiles(old)
        invalidNow = Self.invalidFiles(new)
        let invalid = Set(invalidNow)
        for test in old.tests where !newIDs.contains(test.id) {
            let notRun = invalid.contains(test.file) || invalidNow.contains { Self.sameFile(test.file, $0) }
            found.append(Change(kind: notRun ? .notRun : .removed, old: test, new: nil))
        }
        respelledFiles = Self.respellings(removed: found.filter { $0.kind == .removed }.compactMap(\.old),
                                          added: new.tests.filter { oldByID[$0.id] == nil })
        let order = Dictionary(uniqueKeysWithValues: Change.Kind.allCases.enumerated().map { ($1, $0) })
        changes = found.enumerated().sorted { (order[$0.element.kind]!, $0.offset) < (order[$1.element.kind]!, $1.offset) }.map(\.element)
    }

    /// True when a test fails now that did not fail before, or did not run because its file is invalid now, or is
    /// a new fixed deviation in a NEW run under `--strict`: `specrun compare` exits 1.
    public var regressed: Bool { changes.contains { isRegression($0.kind) } }

    /// Whether changes of this kind make `compare` exit 1: a test failing or not run now, and a fixed deviation
    /// that is new in a NEW run under `--strict` (where it failed that run).
    public func isRegression(_ kind: Change.Kind) -> Bool {
        kind == .newlyFailing || kind == .notRun || (kind == .nowFixedDeviation && new.strict)
    }

    /// NEW's notes saying that part of its suite is missing (a shard the merge did not get, spec files a stopped run
    /// did not read). Those tests show as removed, and any of them may fail on NEW's toolchain, so such a comparison
    /// cannot show that nothing regressed.
    public var incompleteNew: [String] { new.partialSuiteNotes }

    /// Whether `specrun compare` exits 1: a regression, or a NEW that holds only part of the suite (docs/ci.md).
    public var fails: Bool { regressed || !incompleteNew.isEmpty }

    public func changes(_ kind: Change.Kind) -> [Change] { changes.filter { $0.kind == kind } }

    private static func kind(from old: TestResult, to new: TestResult) -> Change.Kind? {
        switch (old.status.isFailure, new.status.isFailure) {
        case (false, true): return .newlyFailing
        case (true, false) where new.status == .passed || new.status == .fixedDeviation: return .newlyPassing
        default: break
        }
        // A deviation the old toolchain did not have — it passed, fixed an annotated deviation (a spec annotated for
        // a newer toolchain, run on an older one) or failed before the annotation — is news on this upgrade.
        if old.status != .knownDeviation && new.status == .knownDeviation { return .newlyDeviating }
        if old.status == .knownDeviation && (new.status == .fixedDeviation || new.status == .passed) { return .noLongerDeviating }
        if old.status != .fixedDeviation && new.status == .fixedDeviation { return .nowFixedDeviation }
        if old.actual.map(\.epochSeconds) != new.actual.map(\.epochSeconds) && !(old.actual.isEmpty && new.actual.isEmpty) {
            return .changedInstants
        }
        return nil
    }

    private static func invalidFiles(_ run: RunResult) -> [String] {
        var seen = Set<String>()
        return run.diagnostics.compactMap { diagnostic in
            guard diagnostic.severity == .error, let file = diagnostic.location?.file, seen.insert(file).inserted else { return nil }
            return file
        }
    }

    /// Pairs of files whose tests match by spec, case and engine, one path ending with the other at a folder boundary.
    private static func respellings(removed: [TestResult], added: [TestResult]) -> [PathRespelling] {
        guard !removed.isEmpty, !added.isEmpty else { return [] }
        func rest(_ test: TestResult) -> [String?] { [test.spec, test.caseName, test.engine] }
        var addedByRest: [[String?]: [String]] = [:]
        for test in added { addedByRest[rest(test), default: []].append(test.file) }
        var counts: [PathRespelling: Int] = [:]
        var order: [PathRespelling] = []
        for test in removed {
            guard let file = addedByRest[rest(test)]?.first(where: { sameFile(test.file, $0) }) else { continue }
            let pair = PathRespelling(old: test.file, new: file, tests: 0)
            if counts[pair] == nil { order.append(pair) }
            counts[pair, default: 0] += 1
        }
        return order.map { PathRespelling(old: $0.old, new: $0.new, tests: counts[$0]!) }
    }

    /// Two spellings of one file's path: one ends with the other at a folder boundary (`./` aside).
    private static func sameFile(_ a: String, _ b: String) -> Bool {
        let (short, long) = a.count <= b.count ? (a, b) : (b, a)
        let trimmed = short.hasPrefix("./") ? String(short.dropFirst(2)) : short
        return long != short && (long.hasSuffix("/" + trimmed) || long == trimmed)
    }

    private static func environmentChanges(_ old: Environment, _ new: Environment) -> [EnvironmentChange] {
        let fields: [(String, (Environment) -> String)] = [
            ("time-zone data", \.tzdataVersion),
            ("Swift compiler", \.swiftVersion),
            ("Foundation", \.foundation),
            ("OS", { "\($0.os) \($0.osVersion)" }),
            ("architecture", \.architecture),
            ("specrun", \.specrunVersion),
            ("specrun build", { $0.specrunBuild ?? "none" }),
            ("spec commit", { $0.gitCommit ?? "none" }),
        ]
        return fields.compactMap { name, value in
            value(old) == value(new) ? nil : EnvironmentChange(field: name, old: value(old), new: value(new))
        }
    }
}

extension TestStatus {
    /// Failed or errored: the statuses that fail a run whatever `--strict` says.
    public var isFailure: Bool { self == .failed || self == .error }
}
