import Foundation
import Recurrence
import SpecDiagnostics
import SpecModel
import SpecResults
import TaskHarness

/// Executes a test plan against the engines and the task harness, producing one result per item.
public struct SpecRunner: Sendable {
    public struct Options: Sendable {
        /// Most occurrences one window may hold before its enumeration stops with an error.
        public var occurrenceLimit: Int
        /// Monotonic nanoseconds, injected so library code never reads a clock itself; durations are 0 without it.
        public var monotonicNanoseconds: @Sendable () -> UInt64
        /// Where lifecycle scenarios create their temporary folders (each its own, removed afterwards); nil for the
        /// system's temporary directory.
        public var scenarioFolderParent: URL?
        /// Most bytes an `info-plist` fixture may hold (`--max-file-size`, as for spec files).
        public var fixtureByteLimit: Int
        /// The run's record of the scenario folders it made and has not removed: at its end the run removes those
        /// of scenarios it abandoned (`--timeout`, a signal), which go on until their next step.
        public var scenarioFolders: ScenarioFolderTracker?
        /// `--strict`: a fixed deviation fails the run, and its note on the known-deviations entry is an error, as a
        /// lint warning is (it said `warning` on a run that exited 1 for it).
        public var strict: Bool

        public init(
            occurrenceLimit: Int = 100_000, monotonicNanoseconds: @escaping @Sendable () -> UInt64 = { 0 },
            scenarioFolderParent: URL? = nil, fixtureByteLimit: Int = 10 << 20, scenarioFolders: ScenarioFolderTracker? = nil,
            strict: Bool = false
        ) {
            self.strict = strict
            self.scenarioFolders = scenarioFolders
            self.occurrenceLimit = occurrenceLimit
            self.monotonicNanoseconds = monotonicNanoseconds
            self.scenarioFolderParent = scenarioFolderParent
            self.fixtureByteLimit = fixtureByteLimit
        }
    }

    public var options: Options
    public var engines: EngineCatalog

    public init(options: Options = Options(), engines: EngineCatalog = EngineCatalog()) {
        self.options = options
        self.engines = engines
    }

    public func run(_ plan: TestPlan) -> [TestResult] {
        plan.items.map(run)
    }

    public func run(_ item: PlanItem) -> TestResult {
        let start = options.monotonicNanoseconds()
        // The item's case, taken once: each `item.caseSpec` copies the spec's whole recurrence body out of its box,
        // and the id, the line, the name and the executor asked for it five times for each case's test.
        let caseSpec = item.caseSpec
        var verdict = judge(item, caseSpec: caseSpec)
        let deviationReason = item.engine.flatMap { item.spec.knownDeviations[$0] }
        if deviationReason != nil {
            switch verdict.status {
            case .failed where !verdict.coreFailsToo:
                verdict.status = .knownDeviation
            case .passed:
                verdict.status = .fixedDeviation
                verdict.message = FixedDeviationSiblings.fixedMessage
                // The entry's place, so an annotation lands on the line to remove rather than on the spec's first.
                if let engine = item.engine, let location = item.spec.knownDeviationLocations[engine] {
                    verdict.diagnostics.append(Diagnostic(
                        code: RunDiagnosticCode.fixedDeviation.rawValue, severity: options.strict ? .error : .warning, location: location,
                        message: FixedDeviationSiblings.fixedEntry(engine: engine.rawValue)))
                }
            default:
                break
            }
        }
        let elapsed = Double(options.monotonicNanoseconds() &- start) / 1e9
        // A failure's context explains it; every lifecycle scenario's picture needs it for the UTC under its ticks
        // (without it the picture shows none: a change nobody looked for may fall between its runs).
        let needsContext = verdict.status == .failed || verdict.status == .knownDeviation || verdict.lifecycle != nil
        return TestResult(
            id: item.id(caseName: caseSpec?.name),
            file: item.spec.location.file,
            line: item.line(caseSpec),
            spec: item.spec.name,
            caseName: caseSpec?.name,
            engine: item.engine?.rawValue,
            tags: PlanItem.tags(of: item.spec, caseSpec),
            description: item.spec.description,
            caseDescription: caseSpec?.description,
            status: verdict.status,
            duration: max(0, elapsed),
            timeZone: verdict.timeZone.map(ZoneDisplayName.of),
            message: verdict.message,
            deviationReason: deviationReason,
            expected: verdict.expected,
            actual: verdict.actual,
            diff: verdict.diff,
            diagnostics: verdict.diagnostics,
            zoneContext: needsContext ? zoneContext(for: verdict) : nil,
            lifecycle: verdict.lifecycle
        )
    }

    /// Said of a core failure in a spec that declares a known deviation on core (`deviation-on-core`).
    static let deviationOnCoreNote = "the known deviation declared on core does not excuse it: the core engine gives what the spec "
        + "language defines, so the expectation is wrong by it"

    /// `caseSpec` is `item.caseSpec`.
    private func judge(_ item: PlanItem, caseSpec: CaseSpec?) -> Verdict {
        if let reason = item.spec.skip ?? caseSpec?.skip {
            return Verdict(status: .skipped, message: reason)
        }
        switch item.spec.body {
        case .recurrence(let recurrence):
            guard let engine = item.engine else { return Verdict(status: .error, message: "no engine chosen") }
            let executor = RecurrenceExecutor(engines: engines, occurrenceLimit: options.occurrenceLimit)
            var verdict = executor.run(recurrence, caseSpec: caseSpec, engine: engine)
            if engine == .core, verdict.status == .failed, item.spec.knownDeviations[.core] != nil {
                // The core's own failure is a failure whatever the spec declares (reports.md: a known deviation is a
                // failure the core does not share); a review's wrong spec passed with exit 0 behind `{core: …}`.
                verdict.coreFailsToo = true
                verdict.message = (verdict.message.map { $0 + "; " } ?? "") + Self.deviationOnCoreNote
                return verdict
            }
            guard engine != .core, verdict.status == .failed else { return verdict }
            // Another engine's failure is read beside the core's verdict of the same test (a few searches, on the
            // failure path only).
            let core = executor.run(recurrence, caseSpec: caseSpec, engine: .core)
            let declared = item.spec.knownDeviations[engine] != nil
            switch core.status {
            case .passed:
                // The spec agrees with the core: a hint on what its lines should be (the core's answers, "write …"
                // another key) was false of them; a foundation block of the corpus said "write dose/v1/2027-03-28T03:00",
                // Foundation's own key, of a line the core passes.
                verdict.message = verdict.messageBeforeHints ?? verdict.message
                // A Foundation failure the core engine does not share, and the spec does not declare, is Foundation's own.
                if engine == .foundation, !declared, let zone = verdict.timeZone {
                    let schedule = try? recurrence.schedule.schedule(overriding: caseSpec?.overrides ?? CaseSpec.Overrides())
                    verdict.message = (verdict.message.map { $0 + "; " } ?? "") + FoundationHint.hint(zone: zone, schedule: schedule, diff: verdict.diff)
                }
            case .failed:
                // Wrong by the spec language: the core's hints are said as the core's, and a declared deviation does
                // not excuse it (`CoreFailureHint`).
                verdict.message = CoreFailureHint.message(verdict, core: core, engine: engine, declared: declared, inCase: caseSpec != nil)
                verdict.coreFailsToo = true
            default:
                break
            }
            return verdict
        case .lifecycle(let scenario):
            return LifecycleExecutor(temporaryParent: options.scenarioFolderParent, folderTracker: options.scenarioFolders,
                                     fixtureByteLimit: options.fixtureByteLimit, occurrenceLimit: options.occurrenceLimit).run(scenario)
        }
    }

    /// The zone's transitions near the instants a failure involves, for timelines: near the occurrences that differ
    /// when there are any (a century's window that is wrong in one month needs the change of that month, not every
    /// change of the century), else near every instant of the test.
    /// A scenario that moved to another zone (`change-schedule`) is told the changes of the zone it ended in: the
    /// first zone's, next to instants read in another, named a change that did not apply.
    private func zoneContext(for verdict: Verdict) -> ZoneContext? {
        let moved = verdict.lifecycle.flatMap { $0.changesZone ? $0.scheduleChanges.last.flatMap { TimeZone(identifier: $0.timeZone) } : nil }
        guard let timeZone = moved ?? verdict.timeZone else { return nil }
        // A scenario's unmet checks' own instants too: a run expected after a change the runs never reached (a
        // lifecycle review's second 02:30 of an autumn night) was told without that change.
        let unmet = verdict.lifecycle?.expectations.filter { !$0.passed }.compactMap(\.expectedInstant) ?? []
        var dates = (ZoneContext.searchedInstants(
            diff: verdict.diff, expected: verdict.expected, actual: verdict.actual, runs: verdict.lifecycle?.runs ?? []) + unmet).map(\.date)
        // And every change while the clock ran, however far from a run (a weekly scenario's spring change, Apia's
        // skipped day, a week from the runs, were not told, a second lifecycle review): its span is searched in steps
        // of the margin's width, up to a thousand (a span of about eight years).
        if let clock = verdict.lifecycle?.clock, clock.end.epochSeconds > clock.start.epochSeconds {
            let step = 2 * ZoneContext.searchMargin
            let count = min(1_000, Int(((clock.end.epochSeconds - clock.start.epochSeconds) / step).rounded(.up)) + 1)
            dates += (0..<count).map { Date(timeIntervalSince1970: min(clock.start.epochSeconds + Double($0) * step, clock.end.epochSeconds)) }
        }
        guard !dates.isEmpty else { return nil }
        return ZoneContext(zone: timeZone, near: dates, margin: ZoneContext.searchMargin,
                           abbreviations: ZoneAbbreviations.system(for: [timeZone.identifier]))
    }
}
