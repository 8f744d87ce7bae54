import Foundation
import Recurrence
import SpecModel

/// Every occurrence of the generated corpus computed three ways in one run: the core engine, the Foundation
/// engine (`Calendar.nextDate`) and, as an outside reference, python-dateutil's rrule with zoneinfo.
///
/// Each is timed from the spec values (schedules built inside the timing, as the reference builds its rrules) to
/// the occurrences of every window and every cursor case, and divided by the expected occurrences (the oracle's
/// count), so the ratios are ratios of the same computation.
///
/// The core engine and dateutil run the whole corpus. The Foundation engine is far too slow for that (month and
/// year rules cost it tens of milliseconds per occurrence), so it runs a fixed sample of each rule kind — the
/// kind's tests in a seeded shuffled order, until `foundationBudget` has been spent — and its whole-corpus figure
/// is the per-kind figures weighted by the corpus's occurrences of each kind. The core runs every kind in full.
struct EngineBenchmark: BenchmarkSection {
    let name = "engines"
    let summary = "the corpus's occurrences: core vs Foundation vs python-dateutil (goals: core ≥ 50× Foundation, ≥ 7× dateutil)"

    static let kinds = ["day", "week", "month", "year", "hour", "interval", "stepped"]

    /// One test of the corpus: a schedule and either a window or a case's cursor and search count.
    struct Workload {
        var spec: ScheduleSpec
        var overrides: CaseSpec.Overrides
        var window: Window?
        var after: Date
        var searches: Int
        var expected: [Date]

        /// The rule's kind: day, week, month, year, hour, interval, stepped.
        var kind: String {
            switch overrides.rule ?? spec.rule {
            case .daily: "day"
            case .weekly: "week"
            case .monthly: "month"
            case .yearly: "year"
            case .hourly: "hour"
            case .interval: "interval"
            case .stepped: "stepped"
            }
        }

        func schedule() throws -> Schedule {
            try Schedule(
                id: spec.id, version: spec.version, rule: overrides.rule ?? spec.rule,
                timeZone: overrides.timeZone ?? spec.timeZone,
                nonexistent: overrides.nonexistent ?? spec.nonexistent ?? .skip,
                repeated: overrides.repeated ?? spec.repeated ?? .first, searchLimit: spec.limit)
        }

        /// The occurrences `engine` gives; a search error counts as none (the agreement count shows it).
        func run(_ engine: any RecurrenceEngine) -> [Occurrence] {
            do {
                let schedule = try schedule()
                if let window {
                    return try engine.occurrences(in: window, of: schedule, limit: CoreEngine.defaultOccurrenceLimit)
                }
                var results: [Occurrence] = []
                var cursor = after
                for _ in 0..<searches {
                    let next = try engine.next(after: cursor, in: schedule)
                    results.append(next)
                    cursor = next.date
                }
                return results
            } catch {
                return []
            }
        }
    }

    /// What one engine did on a set of workloads.
    private struct Tally {
        var duration: Duration = .zero
        var expected = 0
        var produced = 0
        var agreeing = 0
        var tests = 0

        var nanosecondsPerOccurrence: Double { duration.nanoseconds / Double(max(1, expected)) }
    }

    func run(_ context: BenchmarkContext) throws -> [Measurement] {
        let manifest = try context.corpus.prepare()
        let workloads = Self.workloads(try context.corpus.specs())
        let expected = workloads.reduce(0) { $0 + $1.expected.count }
        guard expected == manifest.occurrences else {
            throw BenchmarkError("the corpus's specs expect \(expected) occurrences, its manifest \(manifest.occurrences); regenerate it")
        }
        var results = [Measurement(
            name: "corpus", value: Double(manifest.specs), unit: "specs",
            detail: "\(workloads.count) tests (windows and cases), \(expected) expected occurrences, \(manifest.zones) zones, tzdata \(manifest.tzdata)")]

        // The core engine: the whole corpus, best of 7 rounds.
        let rounds = context.rounds(7)
        var core = Tally()
        let coreTiming = Stopwatch.time(rounds: rounds) {
            core = Self.tally(workloads, on: CoreEngine())
        }
        core.duration = coreTiming.best
        results.append(Measurement(
            name: "core engine, whole corpus", value: core.nanosecondsPerOccurrence, unit: "ns/occ",
            detail: "\(core.produced) occurrences produced, \(core.agreeing)/\(core.tests) tests equal the oracle; "
                + "best of \(rounds), median \(String(format: "%.0f", coreTiming.median.nanoseconds / Double(expected))) ns"))

        // Per kind: the core on all of the kind's tests, Foundation on its sample.
        let budget: Duration = context.quick ? .milliseconds(300) : .seconds(3)
        var foundationWeighted = 0.0
        var sampled = Tally()
        for kind in Self.kinds {
            let ofKind = workloads.filter { $0.kind == kind }
            guard !ofKind.isEmpty else { continue }
            var coreKind = Tally()
            let timing = Stopwatch.time(rounds: rounds) { coreKind = Self.tally(ofKind, on: CoreEngine()) }
            coreKind.duration = timing.best
            let foundation = Self.sample(Self.shuffled(ofKind), on: FoundationEngine(), budget: budget)
            foundationWeighted += foundation.nanosecondsPerOccurrence * Double(coreKind.expected)
            sampled.tests += foundation.tests
            sampled.agreeing += foundation.agreeing
            sampled.expected += foundation.expected
            results.append(Measurement(
                name: "  \(kind): core", value: coreKind.nanosecondsPerOccurrence, unit: "ns/occ",
                detail: "\(coreKind.tests) tests, \(coreKind.expected) occurrences, \(coreKind.agreeing) tests equal the oracle"))
            results.append(Measurement(
                name: "  \(kind): foundation", value: foundation.nanosecondsPerOccurrence, unit: "ns/occ",
                detail: "sample of \(foundation.tests) tests, \(foundation.expected) occurrences, \(foundation.agreeing) equal the oracle; "
                    + "\(String(format: "%.0f", foundation.nanosecondsPerOccurrence / coreKind.nanosecondsPerOccurrence))× core"))
        }
        let foundation = foundationWeighted / Double(expected)
        results.append(Measurement(
            name: "foundation engine, whole corpus (weighted by kind)", value: foundation, unit: "ns/occ",
            detail: "from samples of \(sampled.tests) tests (\(sampled.expected) occurrences, \(sampled.agreeing) equal the oracle; "
                + "the rest are Foundation's deviations from the rules), weighted by each kind's share of the corpus's occurrences"))

        // The outside reference, on the whole corpus.
        let reference = try Self.dateutil(corpus: context.corpus.folder, rounds: context.rounds(3))
        results.append(Measurement(
            name: "python-dateutil rrule + zoneinfo, whole corpus", value: reference.nsPerOccurrence, unit: "ns/occ",
            detail: "\(reference.occurrences) occurrences produced, \(reference.agreeing)/\(reference.tests) tests equal the oracle; "
                + "Python \(reference.python), dateutil \(reference.dateutil); best of \(context.rounds(3))"))

        results.append(Measurement(
            name: "ratio foundation / core", value: foundation / core.nanosecondsPerOccurrence, unit: "×",
            detail: "goal ≥ 50"))
        results.append(Measurement(
            name: "ratio dateutil / core", value: reference.nsPerOccurrence / core.nanosecondsPerOccurrence, unit: "×",
            detail: "goal ≥ 7"))
        return results
    }

    private static func tally(_ workloads: [Workload], on engine: any RecurrenceEngine) -> Tally {
        var tally = Tally()
        for workload in workloads {
            let occurrences = workload.run(engine)
            tally.tests += 1
            tally.expected += workload.expected.count
            tally.produced += occurrences.count
            if occurrences.map(\.date) == workload.expected { tally.agreeing += 1 }
        }
        return tally
    }

    /// Runs workloads in order until `budget` is spent (at least one); times only the engine.
    private static func sample(_ workloads: [Workload], on engine: any RecurrenceEngine, budget: Duration) -> Tally {
        let clock = ContinuousClock()
        var tally = Tally()
        for workload in workloads where tally.tests == 0 || tally.duration < budget {
            let start = clock.now
            let occurrences = workload.run(engine)
            tally.duration += clock.now - start
            tally.tests += 1
            tally.expected += workload.expected.count
            tally.produced += occurrences.count
            if occurrences.map(\.date) == workload.expected { tally.agreeing += 1 }
        }
        return tally
    }

    /// A fixed permutation (a seeded Fisher–Yates shuffle), so every run samples the same tests.
    private static func shuffled(_ workloads: [Workload]) -> [Workload] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var result = workloads
        for index in stride(from: result.count - 1, to: 0, by: -1) {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            result.swapAt(index, Int((state >> 33) % UInt64(index + 1)))
        }
        return result
    }

    static func workloads(_ specs: [Spec]) -> [Workload] {
        var workloads: [Workload] = []
        for spec in specs {
            guard case .recurrence(let recurrence) = spec.body else { continue }
            if let window = recurrence.window, case .occurrences(let expected, _) = recurrence.expect {
                workloads.append(Workload(
                    spec: recurrence.schedule, overrides: CaseSpec.Overrides(),
                    window: Window(after: window.after.date, through: window.through.date),
                    after: window.after.date, searches: 0, expected: expected.map(\.instant.date)))
            }
            for caseSpec in recurrence.cases {
                workloads.append(Workload(
                    spec: recurrence.schedule, overrides: caseSpec.overrides, window: nil, after: caseSpec.after.date,
                    searches: caseSpec.next.count, expected: caseSpec.next.map(\.date)))
            }
        }
        return workloads
    }

    /// The figures `bench/reference/dateutil_reference.py --json` prints.
    private struct Reference: Decodable {
        var tests: Int
        var agreeing: Int
        var occurrences: Int
        var nsPerOccurrence: Double
        var python: String
        var dateutil: String
    }

    private static func dateutil(corpus: String, rounds: Int) throws -> Reference {
        let (status, text) = try ChildProcess.output(of: [
            "python3", "bench/reference/dateutil_reference.py", corpus, "--json", "--rounds", String(rounds),
        ])
        guard status.exitCode == 0, let line = text.split(separator: "\n").last else {
            throw BenchmarkError("bench/reference/dateutil_reference.py failed (exit \(status.exitCode)); run it by hand to see why")
        }
        return try JSONDecoder().decode(Reference.self, from: Data(line.utf8))
    }
}
