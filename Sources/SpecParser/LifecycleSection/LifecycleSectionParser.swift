import SpecDiagnostics
import SpecModel
import SpecYAML

/// Reads a task lifecycle scenario: `task`, `job`, `schedule`, `clock`, `app`, `system`, `steps` and `expect`.
///
/// Each mapping's allowed keys come from `SpecKeyCatalog` (`SpecKeyCatalog+Lifecycle.swift`), which also writes the
/// schema and the reference from them.
struct LifecycleSectionParser {
    let reader: ValueReader
    /// The schedule id used when `schedule.id` is not written: the file's name without extension.
    let defaultScheduleID: String
    /// Whether the document's `window` or `cases` was already reported: its `expect: occurrences` is then not told again.
    var recurrenceChecksReported = false

    /// The top-level keys of a lifecycle scenario (besides the keys every spec has).
    static let keys = SpecKeyCatalog.lifecycleKeyNames
    /// Keys that only a lifecycle scenario has: any of them makes a document one (`schedule`, `expect` are shared).
    static let markers = SpecKeyCatalog.lifecycleMarkerKeys

    /// The section each key of a scenario's sections belongs in (`retry` → `app`), for a key written in another
    /// section; keys two sections have (`items`) are left out.
    static let keyHomes: [String: String] = {
        let sections = [("task", SpecKeyCatalog.task), ("job", SpecKeyCatalog.job), ("app", SpecKeyCatalog.app),
                        ("system", SpecKeyCatalog.system), ("expect", SpecKeyCatalog.lifecycleExpect)]
        let pairs = sections.flatMap { name, mapping in mapping.keyNames.map { ($0, name) } }
        let shared = Set(Dictionary(grouping: pairs, by: \.0).filter { $0.value.count > 1 }.keys)
        // A step's action written in a section (`app: {update-app: …}`) is a step; those that are a section's key
        // too (`items`, `availability`) keep that section as their home.
        let sectionKeys = Set(pairs.map(\.0))
        let steps = SpecKeyCatalog.stepForms.map(\.key).filter { !sectionKeys.contains($0) }.map { ($0, "steps") }
        return Dictionary(pairs.filter { !shared.contains($0.0) } + steps, uniquingKeysWith: { first, _ in first })
    }()

    /// `retry.factor` when not written.
    static let defaultBackoffFactor = 2
    /// What `retry.factor` and `retry.max-attempts` may be.
    static let retryCountRange = 1...1000

    /// `retry.backoff`.
    enum BackoffShape: String, CaseIterable {
        case constant
        case exponential
    }

    /// Whether `expect.errors` lists `not-permitted`: the scenario is about an identifier the app does not permit, so
    /// a permitted identifier one slip off a declared one is the bug under test (a typo in the real Info.plist), not
    /// the author's.
    static func expectsNotPermitted(_ expect: Node?) -> Bool {
        let errors = expect?.mapping?.first { $0.key.scalar?.value == "errors" }?.value
        return (errors?.sequence ?? errors.map { [$0] } ?? []).contains { $0.scalar?.value == "not-permitted" }
    }

    /// The schedule id and version that every key of `expect.runs` names (`nightly-sync/v1/2027-03-29`), read from
    /// the nodes as written; nil when there is none or they disagree.
    static func scheduleNamedByExpectedKeys(_ expect: Node?) -> (id: String, version: Int)? {
        guard let runs = expect?.mapping?.first(where: { $0.key.scalar?.value == "runs" })?.value.sequence else { return nil }
        var named: (id: String, version: Int)?
        for run in runs {
            guard let key = run.mapping?.first(where: { $0.key.scalar?.value == "key" })?.value.scalar?.value else { continue }
            let parts = key.split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3, !parts[0].isEmpty, parts[1].first == "v", let version = Int(parts[1].dropFirst()) else { return nil }
            if let named, named.id != parts[0] || named.version != version { return nil }
            named = (String(parts[0]), version)
        }
        return named
    }

    /// The scenario, or nil when a problem was reported.
    func parse(_ fields: MappingFields, specName: String?) -> LifecycleSpec? {
        let errorsBefore = reader.log.errorCount
        let firstDiagnostic = reader.log.diagnostics.count
        var declaration: LifecycleTaskReader.Result?
        if let node = fields["task"] {
            declaration = LifecycleTaskReader(reader: reader, expectsNotPermitted: Self.expectsNotPermitted(fields["expect"]))
                .read(node, owner: fields.keyNode("task")!)
        } else {
            reader.missing("task", in: fields, "add 'task:' with the task's identifier and kind, e.g. 'task: {identifier: com.example.app.refresh, kind: refresh}'")
        }
        // Identifiers the other sections name are checked against the declared tasks; when `task` itself could not
        // be read there is nothing to check them against, and every use would only repeat that one problem.
        let identifiers = declaration.map { DeclaredTasks($0.tasks.map(\.identifier)) }
        let job = fields["job"].map { readJob($0, owner: fields.keyNode("job")!) } ?? LifecycleSpec.Job()
        let scheduleDraft = fields["schedule"].map {
            ScheduleReader(reader: reader).read($0, owner: fields.keyNode("schedule")!, defaultID: defaultScheduleID, optional: true,
                                                keyedAs: Self.scheduleNamedByExpectedKeys(fields["expect"]))
        }
        let schedule = scheduleDraft.map(\.spec)
        // The scenario's instants are read in its schedule's zone, when it has one; without one, an instant without
        // an offset is offered the one every step's `at` is written with, when they agree.
        var stepOffsets: [Int?] = []
        defer {
            if scheduleDraft?.timeZone == nil, let first = stepOffsets.first, let offset = first, stepOffsets.allSatisfy({ $0 == first }) {
                reader.log.adviseOffsets(since: firstDiagnostic, writtenOffset: offset)
            }
            reader.log.adviseOffsets(since: firstDiagnostic, in: scheduleDraft?.timeZone, nonexistent: scheduleDraft?.nonexistent)
        }
        var clock: InstantLiteral?
        if let node = fields["clock"] {
            clock = reader.clockInstant(node, field: "clock")
        } else {
            reader.missing("clock", in: fields, "add the manual clock's start, when the app first starts, e.g. 'clock: 2027-03-29T00:00:00+02:00'")
        }
        let app = fields["app"].map { readApp($0, owner: fields.keyNode("app")!, identifiers: identifiers, hasSchedule: fields.has("schedule")) }
            ?? LifecycleSpec.App()
        let system = fields["system"].map { readSystem($0, owner: fields.keyNode("system")!) } ?? LifecycleSpec.System()

        var steps: [LifecycleStep]?
        if let node = fields["steps"] {
            var stepReader = LifecycleStepReader(reader: reader, identifiers: identifiers, stages: job?.stages, clock: clock, schedule: scheduleDraft)
            // An update's Info.plist is checked for slips as the task's is; a Simulator has no setting to change.
            stepReader.tasks = declaration?.tasks ?? []
            stepReader.expectsNotPermitted = Self.expectsNotPermitted(fields["expect"])
            stepReader.onSimulator = system?.availability == .simulator
            steps = stepReader.read(node)
            stepOffsets = steps?.compactMap(\.at).map(\.writtenOffset) ?? []
        } else {
            reader.missing("steps", in: fields, "add 'steps:' with what the system and the app do, in time order ([] for none), e.g. '- {at: 2027-03-29T02:31:00+02:00, launch: com.example.app.refresh}'")
        }
        var expect: LifecycleExpectation?
        if let node = fields["expect"] {
            var expectReader = LifecycleExpectReader(reader: reader, identifiers: identifiers, occurrencesReported: recurrenceChecksReported)
            // Only from steps read without an error: a step dropped for its mistake would make the count short.
            expectReader.launchesAtMost = reader.log.errorCount != errorsBefore ? nil : steps.map { steps in
                let launches = steps.filter { if case .launch = $0.action { true } else { false } }
                let overlaps = launches.filter { if case .launch(_, let plan) = $0.action { plan.overlap != nil } else { false } }.count
                return (launches.count + overlaps, launches.count, overlaps)
            }
            expect = expectReader.read(node, owner: fields.keyNode("expect")!)
        } else if !LifecycleStepReader.stepsHold("expect", in: fields["steps"]) {
            let subject = specName.map { "'\($0)'" } ?? "this scenario"
            reader.missing("expect", in: fields, "add 'expect:' with what \(subject) must end with, e.g. 'expect: {completed: [true]}' (the harness's invariants are checked as well)")
        }

        guard reader.log.errorCount == errorsBefore,
              let declaration, let job, let clock, let app, let system, let steps, let expect,
              let taskKey = fields.keyNode("task")
        else { return nil }
        if fields.has("schedule") && schedule == .some(nil) { return nil }
        return LifecycleSpec(
            tasks: declaration.tasks, gate: declaration.gate, job: job, schedule: schedule ?? nil, clock: clock, app: app,
            system: system, steps: steps, expect: expect, location: reader.location(taskKey))
    }

    // MARK: job

    private func readJob(_ node: Node, owner: Node) -> LifecycleSpec.Job? {
        guard let fields = reader.mapping(node, place: "'job'", owner: owner, allowed: SpecKeyCatalog.job.keyNames,
                                          expected: "a mapping (items:, stages:)", homes: Self.keyHomes)
        else { return nil }
        var job = LifecycleSpec.Job()
        var valid = true
        if let items = fields["items"] {
            if let list = reader.texts(items, field: "items", expected: "a list of item identifiers, e.g. [\"42\", \"43\"]") {
                job.items = list
            } else {
                valid = false
            }
        }
        if let stagesNode = fields["stages"] {
            if let stages = readStages(stagesNode) { job.stages = stages } else { valid = false }
        }
        if let flaws = fields["flaws"] {
            if let list = reader.choices(flaws, field: "flaws", LifecycleSpec.JobFlaw.self) { job.flaws = list } else { valid = false }
        }
        return valid ? job : nil
    }

    /// Stages in the order download, parse, write, each once, always with `write`.
    private func readStages(_ node: Node) -> [LifecycleSpec.Stage]? {
        guard let stages = reader.choices(node, field: "stages", LifecycleSpec.Stage.self) else { return nil }
        let ordered = zip(stages, stages.dropFirst()).allSatisfy { $0 < $1 }
        guard ordered, stages.contains(.write) else {
            let written = stages.map(\.rawValue).joined(separator: ", ")
            let problem = !ordered ? "are not in the order download, parse, write, each at most once" : "do not include write, the business write every run commits"
            reader.log.report(.invalidStages, at: node,
                              "the stages [\(written)] \(problem); list some of download, parse, write in that order, with write")
            return nil
        }
        return stages
    }

    // MARK: app

    private func readApp(_ node: Node, owner: Node, identifiers: DeclaredTasks?, hasSchedule: Bool = true) -> LifecycleSpec.App? {
        guard let fields = reader.mapping(node, place: "'app'", owner: owner, allowed: SpecKeyCatalog.app.keyNames,
                                          expected: "a mapping (registers:, submits-at-startup:, resubmits:, adapter:, retry:)", homes: Self.keyHomes)
        else { return nil }
        let errorsBefore = reader.log.errorCount
        var app = LifecycleSpec.App()
        if let node = fields["registers"] {
            app.registers = reader.declaredTasks(node, field: "registers", declared: identifiers)
        }
        if let node = fields["registers-in-background"] {
            app.registersInBackground = reader.declaredTasks(node, field: "registers-in-background", declared: identifiers)
        }
        if let node = fields["submits-at-startup"], let flag = reader.flag(node, field: "submits-at-startup") {
            app.submitsAtStartup = flag
        }
        if let node = fields["resubmits"], let flag = reader.flag(node, field: "resubmits") {
            app.resubmits = flag
        }
        if let node = fields["adapter"], let adapter = reader.choice(node, field: "adapter", LifecycleSpec.Adapter.self) {
            app.adapter = adapter
        }
        if let node = fields["retry"] {
            app.retry = readRetry(node, owner: fields.keyNode("retry")!, hasSchedule: hasSchedule)
        }
        if let node = fields["on-schedule-change"],
           let response = reader.choice(node, field: "on-schedule-change", LifecycleSpec.ScheduleChangeResponse.self) {
            app.onScheduleChange = response
        }
        return reader.log.errorCount == errorsBefore ? app : nil
    }

    private func readRetry(_ node: Node, owner: Node, hasSchedule: Bool) -> LifecycleSpec.Retry? {
        guard let fields = reader.mapping(node, place: "'retry'", owner: owner, allowed: SpecKeyCatalog.retry.keyNames,
                                          expected: "a mapping, e.g. {backoff: exponential, delay: 15m, factor: 2, maximum: 1h}")
        else { return nil }
        let shape = fields["backoff"].flatMap { reader.choice($0, field: "backoff", BackoffShape.self) }
        if !fields.has("backoff") {
            reader.missing("backoff", in: fields, "add 'backoff: constant' (the same delay after every failure) or 'backoff: exponential'")
        }
        let delay = fields["delay"].flatMap { reader.duration($0, field: "delay") }
        if !fields.has("delay") {
            reader.missing("delay", in: fields, "add the delay before the first retry, e.g. 'delay: 15m'")
        }
        let factor = fields["factor"].map { reader.integer($0, field: "factor", range: Self.retryCountRange, example: "2") }
        let maximum = fields["maximum"].map { reader.duration($0, field: "maximum") }
        let attempts = fields["max-attempts"].map { reader.integer($0, field: "max-attempts", range: Self.retryCountRange, example: "5") }
        let reset = fields["attempts-reset"].map { reader.choice($0, field: "attempts-reset", LifecycleSpec.Retry.AttemptsReset.self) }
        if shape == .constant {
            for key in ["factor", "maximum"] where fields.has(key) {
                reader.log.report(.unusedKey, severity: .warning, at: fields.keyNode(key)!,
                                  "'\(key)' has no effect on a constant backoff, whose delay never grows; remove it or write 'backoff: exponential'")
            }
        }
        guard let shape, let delay, factor != .some(nil), maximum != .some(nil), attempts != .some(nil), reset != .some(nil) else { return nil }
        let backoff: LifecycleSpec.Retry.Backoff = switch shape {
        case .constant: .constant(delay: delay)
        case .exponential: .exponential(initial: delay, factor: (factor ?? nil) ?? Self.defaultBackoffFactor, maximum: maximum ?? nil)
        }
        var retry = LifecycleSpec.Retry(backoff: backoff, maxAttempts: attempts ?? nil, location: reader.location(owner))
        if let reset = reset ?? nil {
            retry.attemptsReset = reset
            if attempts == nil {
                reader.log.report(.unusedKey, severity: .warning, at: fields.keyNode("attempts-reset")!,
                                  "'attempts-reset' has no effect without 'max-attempts': retries never stop; add 'max-attempts' or remove it")
            } else if reset == .onNewOccurrence, !hasSchedule {
                reader.log.report(.unusedKey, severity: .warning, at: fields.keyNode("attempts-reset")!,
                                  "'attempts-reset: on-new-occurrence' has no effect in a scenario without a 'schedule': there is no occurrence to start the count over; add a 'schedule' or remove it")
            }
        }
        return retry
    }

    // MARK: system

    private func readSystem(_ node: Node, owner: Node) -> LifecycleSpec.System? {
        guard let fields = reader.mapping(node, place: "'system'", owner: owner, allowed: SpecKeyCatalog.system.keyNames,
                                          expected: "a mapping (availability:, expires-after:)", homes: Self.keyHomes)
        else { return nil }
        let errorsBefore = reader.log.errorCount
        var system = LifecycleSpec.System()
        if let node = fields["availability"], let availability = reader.choice(node, field: "availability", LifecycleSpec.Availability.self) {
            system.availability = availability
        }
        if let node = fields["expires-after"],
           let budgets = reader.mapping(node, place: "'expires-after'", owner: fields.keyNode("expires-after"), allowed: SpecKeyCatalog.expiresAfter.keyNames,
                                        expected: "a mapping, e.g. {refresh: 30s, processing: 5m}") {
            if let refresh = budgets["refresh"].flatMap({ positiveDuration($0, field: "refresh") }) { system.refreshBudget = refresh }
            if let processing = budgets["processing"].flatMap({ positiveDuration($0, field: "processing") }) { system.processingBudget = processing }
        }
        return reader.log.errorCount == errorsBefore ? system : nil
    }

    private func positiveDuration(_ node: Node, field: String) -> Int? {
        guard let seconds = reader.duration(node, field: field) else { return nil }
        guard seconds > 0 else {
            reader.log.report(.invalidDuration, at: node, "'\(field)' must be longer than 0s: a task needs some time before it expires")
            return nil
        }
        return seconds
    }
}
