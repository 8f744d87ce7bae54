import Dispatch
import Foundation
import Recurrence
import SpecDiagnostics
import SpecModel
import SpecResults
import Synchronization
import TaskHarness

/// Runs one lifecycle scenario on the task harness and judges it.
///
/// The scenario gets a fresh `LifecycleSimulation` with its own temporary folder (removed by `finish()`, whatever
/// happened), the steps run in order on its manual clock, and the report is compared with `expect:`. Every
/// invariant of the harness is recorded; any failed expectation or unexpectedly broken invariant fails the test.
struct LifecycleExecutor: Sendable {
    /// Where scenario folders are created; nil for the system's temporary directory.
    var temporaryParent: URL?
    /// The run's record of the scenario folders not yet removed (`SpecRunner.Options.scenarioFolders`).
    var folderTracker: ScenarioFolderTracker?
    /// Most bytes an `info-plist` fixture may hold.
    var fixtureByteLimit = 10 << 20
    /// Most occurrences a catch-up window may hold (`--max-occurrences`).
    var occurrenceLimit = CoreEngine.defaultOccurrenceLimit

    /// The clock's span and the scenario's schedules, for why a `runs` line's `planned` has no run; nil without a schedule.
    static func plannedContext(_ spec: LifecycleSpec, end: Date, changes: [(at: Date, schedule: ScheduleSpec)]) -> LifecycleJudgement.PlannedContext? {
        guard let first = spec.schedule.flatMap({ try? $0.schedule() }) else { return nil }
        let later = changes.compactMap { change in (try? change.schedule.schedule()).map { (from: change.at, schedule: $0) } }
        return LifecycleJudgement.PlannedContext(start: spec.clock.date, startLine: spec.clock.location.line, end: end,
                                                 endLine: spec.steps.last?.location.line,
                                                 endsWithLaunch: spec.steps.last.map { step in
                                                     if case .launch = step.action { true } else { false }
                                                 } ?? false,
                                                 schedules: [(from: spec.clock.date, schedule: first)] + later)
    }

    /// Runs the scenario from synchronous code: the runner's worker threads.
    ///
    /// The simulation is async (an actor over the cooperative pool). A worker thread is not part of that pool, so
    /// it can block on a semaphore until the task ends without starving the pool; nothing sleeps or polls. When the
    /// runner abandons the test (`WorkerCancellation`), the task is cancelled and the scenario stops at its next
    /// step. Do not call this from inside the pool (an async context): use `execute` there.
    func run(_ spec: LifecycleSpec) -> Verdict {
        let outcome = VerdictSlot()
        let done = DispatchSemaphore(value: 0)
        let task = Task {
            outcome.store(await execute(spec))
            done.signal()
        }
        WorkerCancellation.whileRunning(onCancel: { task.cancel() }) { done.wait() }
        return outcome.take()
    }

    /// Runs the scenario: setup, steps, `finish()`, judgement.
    func execute(_ spec: LifecycleSpec) async -> Verdict {
        let scheduleZone = spec.schedule?.timeZone
        // A clock written with `Z` (or +00:00) is shown in UTC, named `UTC` as everywhere else (Foundation's zone for
        // an offset of 0 is called GMT: the contract review saw `01:00 GMT (+00:00)`).
        let utc = TimeZone(identifier: "Etc/UTC")!
        let clockOffset = spec.clock.writtenOffset ?? 0
        let displayZone = scheduleZone ?? (clockOffset == 0 ? utc : TimeZone(secondsFromGMT: clockOffset) ?? utc)
        let configuration: LifecycleConfiguration
        let simulation: LifecycleSimulation
        do {
            configuration = try LifecycleConfiguration(
                spec, temporaryParent: temporaryParent, fixtureByteLimit: fixtureByteLimit, occurrenceLimit: occurrenceLimit,
                folderTracker: folderTracker)
            simulation = try await LifecycleSimulation(configuration)
        } catch let error as ScenarioSetupError {
            return Verdict(status: .error, message: error.description, timeZone: scheduleZone)
        } catch LifecycleError.recurrence(let reason, let cause) where spec.schedule != nil {
            // The first request's earliestBeginDate comes from the schedule: name its place, and what to change.
            return Self.firstRequestProblem(reason, cause, schedule: spec.schedule!)
        } catch {
            return Verdict(status: .error, message: "the task harness could not start the scenario: \(error)", timeZone: scheduleZone)
        }

        // Which step raised each lifecycle error (nil: the app's first start, before any step).
        var raisedBy: [Int?] = simulation.scheduler.errors.map { _ in nil }
        // Launch steps the system refused (they are no launch, so `completed` has no entry for them).
        var refusedLaunches: [(step: Int, at: Date, error: SchedulerError?)] = []
        var killedBySteps: [Int: String] = [:]
        // The line of the step that made each launch, by launch number; its step's index; the step that started each
        // process generation after the first.
        var launchLines: [Int: Int] = [:]
        var launchStepIndices: [Int: Int] = [:]
        var startedBySteps: [Int: Int] = [:]
        // The steps that ended, started or changed the app or the device, at the clock's time at each.
        var appEventsMade: [(step: Int, at: Date, name: String, detail: String)] = []
        // The indices in the scheduler's errors of those refused launches' errors (the others are `otherErrors`).
        var refusalIndices: Set<Int> = []
        var stepProblem: String?
        // The machine failed under the scenario (a full disk, a file-size limit): nothing it did after can be judged.
        var machineFailed = false
        // Each change made, at the clock's time at its step: for the results, and the zones the reports show instants in.
        var changesMade: [(step: Int, at: Date, schedule: ScheduleSpec, previousZone: TimeZone)] = []
        let changedSchedules = Dictionary(spec.scheduleChanges.map { ($0.step, $0.schedule) }, uniquingKeysWith: { _, last in last })
        for (index, step) in spec.steps.enumerated() {
            if Task.isCancelled {
                stepProblem = "stopped before step \(index + 1) (\(step.location)): the run abandoned the test"
                break
            }
            let launchesBefore = simulation.scheduler.launches.count
            // Read only before a step that ends the process: every launch's state, at every step, grew with the scenario.
            let unfinishedBefore = Self.endsTheProcess(step.action)
                ? Set(simulation.scheduler.launches.filter { $0.completed == .none }.map(\.number)) : []
            let errorsBefore = raisedBy.count
            let (generationBefore, forceQuitBefore) = (simulation.scheduler.processGeneration, simulation.scheduler.forceQuitAt)
            do {
                try await perform(step, on: simulation, changedSchedule: changedSchedules[index])
            } catch {
                stepProblem = "step \(index + 1) (\(step.location)) could not run: \(error)"
                if case .environment = error as? LifecycleError { machineFailed = true }
            }
            raisedBy += Array(repeating: index, count: simulation.scheduler.errors.count - raisedBy.count)
            for launch in simulation.scheduler.launches.dropFirst(launchesBefore) {
                launchLines[launch.number] = step.location.line
                launchStepIndices[launch.number] = index
            }
            if simulation.scheduler.processGeneration != generationBefore { startedBySteps[simulation.scheduler.processGeneration] = index }
            // A launch left running (its handler returned without completing) that a later step's death ended.
            if !unfinishedBefore.isEmpty {
                for launch in simulation.scheduler.launches where unfinishedBefore.contains(launch.number) && launch.completed == .killed {
                    killedBySteps[launch.number] = "ended by the \(Self.actionName(step.action)) step at line \(step.location.line)"
                }
            }
            // A step that ended a force-quit says so (an `open-app`, a `relaunch`, or a step of the app's code that started
            // it: a review saw a force-quit, then a refresh launch that ran, and nothing between).
            let endedForceQuit = forceQuitBefore != nil && simulation.scheduler.forceQuitAt == nil
            func detail(_ said: String) -> String {
                endedForceQuit ? (said.isEmpty ? "" : said + "; ") + "ended the force-quit" : said
            }
            if let event = Self.appEvent(step.action) {
                appEventsMade.append((index, simulation.clock.now, event.step, detail(event.detail)))
            } else if let name = Self.startsInTheForeground(step.action), simulation.scheduler.processGeneration != generationBefore {
                // A `submit`, `register` or `change-schedule` step that started the app is the user opening it.
                appEventsMade.append((index, simulation.clock.now, name, detail("started the app")))
            } else if case .launch = step.action, simulation.scheduler.processGeneration != generationBefore {
                // The system started the app to deliver the launch: the stores were opened from disk and the start
                // registered anew (a review saw the launch in the runs and nothing saying the process was new).
                appEventsMade.append((index, simulation.clock.now, "launch", detail("started the app in the background")))
            }
            if let schedule = changedSchedules[index] {
                let previous = changesMade.last?.schedule.timeZone ?? displayZone
                changesMade.append((index, simulation.clock.now, schedule, previous))
            }
            if case .launch = step.action, simulation.scheduler.launches.count == launchesBefore {
                // The launch's refusal is the step's last error: a start in the background to deliver it raises its
                // start-up's errors first (a submit's `too-many-pending` was shown as the launch's error).
                let errors = simulation.scheduler.errors
                let error = errorsBefore < errors.count ? errors.last : nil
                if error != nil { refusalIndices.insert(errors.count - 1) }
                refusedLaunches.append((index, error?.at ?? simulation.clock.now, error))
            }
            if stepProblem != nil { break }
        }
        let report = await simulation.finish()
        // A store that could not be read back to check it leaves the checks without their evidence: an error of the
        // test, as a machine failure under a step is.
        if stepProblem == nil, !report.unreadable.isEmpty {
            stepProblem = report.unreadable.joined(separator: "; ")
            machineFailed = true
        }

        // The zones the changes put in effect, each from the clock's time at its step.
        let zoneChanges = changesMade.filter { $0.schedule.timeZone != $0.previousZone }.map {
            (from: $0.at, zone: $0.schedule.timeZone, line: spec.steps[$0.step].location.line)
        }
        let abbreviations = ZoneAbbreviations.system(for: [displayZone.identifier] + zoneChanges.map(\.zone.identifier))
        let scheduleZones = spec.schedule.map { [$0.timeZone] + spec.scheduleChanges.map(\.schedule.timeZone) } ?? []
        let staleRequests = Self.staleRequests(report.runs, spec: spec, changes: changesMade.map { ($0.at, $0.schedule, spec.steps[$0.step].location.line) },
                                               abbreviations: abbreviations)
        let rerunsByVersion = Self.rerunsByVersion(report.runs, spec: spec,
                                                   changes: changesMade.map { ($0.at, $0.schedule, spec.steps[$0.step].location.line) })
        // The setting in effect for the last launch that ran before a step: the process it ran in started under it.
        func resubmitNote(before step: Int?) -> String {
            guard let step, let last = report.launches.last(where: { launch in
                (launchStepIndices[launch.number] ?? Int.max) < step && launch.completed != .none
            }) else { return "" }
            return Self.noResubmitNote(spec, before: step, processStartedAt: last.process == 1 ? nil : startedBySteps[last.process])
        }
        let judgement = LifecycleJudgement(expect: spec.expect, report: report, zone: displayZone, zoneChanges: zoneChanges,
                                           scheduleZones: scheduleZones, abbreviations: abbreviations, killedBySteps: killedBySteps,
                                           staleRequests: staleRequests, rerunsByVersion: rerunsByVersion, launchLines: launchLines,
                                           launchSteps: Self.launchSteps(spec, refused: refusedLaunches),
                                           noPendingNote: resubmitNote(before: spec.steps.count),
                                           clockEnd: (simulation.clock.now, spec.steps.last?.location.line),
                                           plannedContext: Self.plannedContext(spec, end: simulation.clock.now, changes: changesMade.map { ($0.at, $0.schedule) }))
        var verdict = Verdict(status: .passed, timeZone: scheduleZone)
        // The zone in effect after a step: at one instant, a step before a later change is in the zone before it (a
        // review saw a step shown in the zone a later step at the same instant moved to). Steps are in time order.
        func instant(_ date: Date, afterStep step: Int) -> ResultInstant {
            ResultInstant(date, in: changesMade.last { $0.step <= step }?.schedule.timeZone ?? displayZone, abbreviations: abbreviations)
        }
        // Each refused launch at its step's time, for the lifecycle picture (a refused step is no run).
        let refused = refusedLaunches.map { refused -> LifecycleResult.RefusedLaunch in
            let step = spec.steps[refused.step]
            let identifier: String = if case .launch(let identifier, _) = step.action { identifier } else { refused.error?.identifier ?? "" }
            return LifecycleResult.RefusedLaunch(
                at: instant(refused.at, afterStep: refused.step), identifier: identifier, error: refused.error?.code.rawValue,
                earliestBegin: refused.error?.earliestBegin.map(judgement.instant), line: step.location.line)
        }
        // After a failure of the machine the expectations and invariants would describe the machine, not the app (a
        // commit cut short reads as "ended as a failure but left a commit"): the runs so far are kept, the checks left out.
        let changes = changesMade.map { change in
            LifecycleResult.ScheduleChange(
                // In the zone the change put in effect (two changes at one instant: each its own).
                at: ResultInstant(change.at, in: change.schedule.timeZone, abbreviations: abbreviations),
                timeZone: change.schedule.timeZone.identifier, previousTimeZone: change.previousZone.identifier,
                version: change.schedule.version, change: Self.changeSummary(spec.steps[change.step]), line: spec.steps[change.step].location.line)
        }
        // An error's sentence in the scenario's words: the gate's key to change (inline, or an update's), local instants.
        func worded(_ error: SchedulerError, _ step: Int?) -> String {
            let message = GateWording.message(of: error, gate: spec.gate, steps: step.map { spec.steps[...$0] } ?? [])
            let taken = Self.takenLater(error, runs: report.runs, steps: spec.steps,
                                        // Listed as often as raised: a review's second early launch, beside one listed,
                                        // was told only to move the step.
                                        listed: (spec.expect.errors?.value.filter { $0.rawValue == error.code.rawValue }.count ?? 0)
                                            >= report.errorCodes.filter { $0 == error.code.rawValue }.count)
            // The scheduler's "so move the step to or after it" is the advice that fails there (a second message review
            // applied it, told before the note): the note says what moving it does instead.
            let advice = SimulatedScheduler.moveTheStepAdvice
            // Why the floor is a later date's, where the launch's own date has no occurrence under `skip`.
            let skipped = error.code == .launchBeforeEarliestBegin
                ? error.earliestBegin.flatMap { judgement.skippedDateNote(launchAt: error.at, floor: $0) }.map { "; " + $0 } ?? "" : ""
            return judgement.localized(taken.isEmpty || !message.hasSuffix(advice) ? message + taken : String(message.dropLast(advice.count)) + taken)
                + skipped + (error.code == .noPendingRequest ? resubmitNote(before: step) : "")
        }
        let others = report.errors.indices.filter { !refusalIndices.contains($0) }.map { index in
            let error = report.errors[index]
            let step = raisedBy.indices.contains(index) ? raisedBy[index] : nil
            return LifecycleResult.RaisedError(at: judgement.instant(error.at), code: error.code.rawValue, identifier: error.identifier,
                                               line: step.map { spec.steps[$0].location.line }, message: worded(error, step))
        }
        verdict.lifecycle = LifecycleResult(runs: judgement.runs, invariants: machineFailed ? [] : judgement.invariants,
                                            expectations: machineFailed ? [] : judgement.expectations, refusedLaunches: refused,
                                            scheduleChanges: changes, otherErrors: others,
                                            appEvents: appEventsMade.map { event in
                                                LifecycleResult.AppEvent(at: instant(event.at, afterStep: event.step), step: event.name, detail: event.detail,
                                                                         line: spec.steps[event.step].location.line)
                                            },
                                            clock: LifecycleResult.ClockSpan(
                                                start: ResultInstant(spec.clock.date, in: displayZone, abbreviations: abbreviations),
                                                end: instant(simulation.clock.now, afterStep: spec.steps.count - 1)))
        if let stepProblem {
            verdict.status = .error
            verdict.message = judgement.localized(stepProblem)
            return verdict
        }
        verdict.diagnostics += Self.refusedPlans(refusedLaunches, spec: spec, instant: judgement.instant)
        let failed = judgement.failedExpectations
        let broken = judgement.unexpectedlyBroken
        guard !failed.isEmpty || !broken.isEmpty else { return verdict }
        verdict.status = .failed
        var summary: [String] = []
        if !failed.isEmpty {
            summary.append("\(failed.count) expectation\(failed.count == 1 ? "" : "s") not met (\(Self.names(failed.map(\.name))))")
        }
        if !broken.isEmpty {
            summary.append("\(broken.count) invariant\(broken.count == 1 ? "" : "s") broken (\(Self.names(broken.map(\.name))))")
        }
        var lines = [summary.joined(separator: "; ")]
        // The raised errors `errors` lists, matched in order as the check compares them: a refusal is meant only where
        // its own entry lists it (a fifth review's second refusal was told "which 'errors' lists" of step 2's entry).
        let raisedCodes = report.errors.map(\.code.rawValue), expectedCodes = spec.expect.errors?.value.map(\.rawValue) ?? []
        // The same codes in another order: every error is meant, and the check says to reorder (a review moved a step
        // as told of one, and the steps were out of time order).
        let listed = raisedCodes.sorted() == expectedCodes.sorted() ? Set(raisedCodes.indices)
            : Self.listedErrors(raised: raisedCodes, expected: expectedCodes)
        // The errors whose sentence a refused step's line already gives: each is told once (a review counted one
        // refused launch told four times).
        var told: Set<Int> = []
        // Only where `completed` is short of entries (a review read the line beside a `completed` of the right length,
        // whose fault was a kind: `false` for `killed`).
        if failed.contains(where: { $0.name == "completed" }), !refusedLaunches.isEmpty,
           let written = spec.expect.completed?.value, written.count != report.completed.count {
            for refused in refusedLaunches {
                let index = refused.error.flatMap { error in report.errors.lastIndex { $0 == error } }
                // A refusal `errors` lists is meant: how to avoid it ("move the step") was the wrong advice there (a third
                // review listed the error as told, then moved the step as told, and the next launch was refused).
                let meant = index.map(listed.contains) ?? false
                let why = refused.error.map { error in
                    meant ? "\(error.code.rawValue), which 'errors' lists" : "\(error.code.rawValue): \(worded(error, refused.step))"
                } ?? "the system did not launch it"
                if let index, !meant { told.insert(index) }
                lines.append("step \(refused.step + 1) (\(spec.steps[refused.step].location)) launched nothing, so `completed` has no entry for it (\(why))"
                    + (meant ? "; write one entry per launch that ran" : ""))
            }
        }
        // Not beside a launch the clock stopped short of: its broken invariants are the clock's, not a bug to document
        // (a review applied the line alone, and `completed` still failed).
        if !broken.isEmpty, judgement.unfinishedNote().isEmpty {
            // What the spec would write if the scenario documents the bug: every broken invariant (those it lists
            // already too: the list is what passes, applied as written) and, unless the spec lists them already, the
            // defects the harness saw (shown nowhere else).
            var documenting = "broken-invariants: [\(report.failedChecks.map(\.name).joined(separator: ", "))]"
            if spec.expect.defects == nil, !report.defects.isEmpty {
                documenting += " and defects: [\(report.defects.map(\.kind.rawValue).joined(separator: ", "))]"
            }
            lines.append("if this scenario documents the bug, expect it: \(documenting)")
        }
        if failed.contains(where: { $0.name == "errors" }) {
            // The first `errorSentences`, as the reports fold refused launches: 43 sentences filled a screen (a review).
            // An error `errors` lists in its place is as meant: its sentence ("so move the step to or after it") was
            // advice against the spec (a fifth review); one a refused step's line told is not told again.
            let unlisted = report.errors.enumerated().filter { !listed.contains($0.offset) && !told.contains($0.offset) }
            for (index, error) in unlisted.prefix(Self.errorSentences) {
                // An error raised before any step comes from the app's first start, which `clock:` sets: its line is the
                // place to look (a review: "unavailable at the app's first start" named none).
                let place = raisedBy[index].map { "step \($0 + 1) (\(spec.steps[$0].location))" }
                    ?? "the app's first start (clock: \(spec.clock.location))"
                lines.append("\(error.code.rawValue) at \(place): \(worded(error, raisedBy[index]))")
            }
            if unlisted.count > Self.errorSentences {
                lines.append("… and \(unlisted.count - Self.errorSentences) more raised errors (the errors check lists every code)")
            }
        }
        verdict.message = lines.joined(separator: "\n")
        return verdict
    }

    /// For a launch refused for want of a request after a run: the app's `resubmits: false` in effect for the last run,
    /// which is why (a fifth review's message said "resubmit after each run" and never named the setting). An
    /// `update-app` holds from the app's next start: the setting is the one written before the process of that run started
    /// (`processStartedAt`, the step that started it; nil: the app's first start), and an update after it that changes it
    /// is said to wait for a start (a second round's `update-app: {resubmits: true}` before the launch, with no start
    /// between, was told nothing).
    static func noResubmitNote(_ spec: LifecycleSpec, before step: Int, processStartedAt start: Int?) -> String {
        func setting(through end: Int) -> (value: Bool, place: String) {
            var value = spec.app.resubmits, place = "the scenario's 'app:'"
            for earlier in spec.steps[..<max(0, min(end, spec.steps.count))] {
                if case .updateApp(let update) = earlier.action, let written = update.resubmits {
                    value = written
                    place = "the update-app step at line \(earlier.location.line)"
                }
            }
            return (value, place)
        }
        let inEffect = setting(through: start ?? 0)
        guard !inEffect.value else { return "" }
        let later = setting(through: step)
        let waiting = later.value
            ? "; \(later.place) sets 'resubmits: true' from the app's next start, and none came before this launch"
            : ""
        // Where the scenario expects no request pending at the end, a resubmitting app leaves one after its last run: said
        // beside the setting (a review wrote 'resubmits: true', as told, and failed on 'pending-requests: []').
        let pending = spec.expect.pendingRequests.flatMap { expected in
            expected.value.isEmpty ? ", and then 'pending-requests' (line \(expected.location.line)) lists the request its last run leaves, "
                + "unless a later step cancels it" : nil
        } ?? ""
        return "; the app does not resubmit after a run ('resubmits: false' in \(inEffect.place)"
            + (waiting.isEmpty ? "; if it does, write 'resubmits: true' there\(pending))" : ")") + waiting
    }

    /// The indices of the raised errors that `expected` lists, each entry matched to the next raised error of its code
    /// in order (as a reader matches the two lists): the rest are the errors the check is about.
    static func listedErrors(raised: [String], expected: [String]) -> Set<Int> {
        var matched: Set<Int> = []
        var next = 0
        for code in expected {
            guard let index = raised[next...].firstIndex(of: code) else { continue }
            matched.insert(index)
            next = index + 1
        }
        return matched
    }

    /// What a launch step writes to end its run without success, and the run's outcome then (`expire: during parse`,
    /// expired; `fail: {…}`, failed; `interrupt: …`, killed); nil for a launch that is let complete.
    static func ending(of plan: LifecycleStep.LaunchPlan) -> (written: String, outcome: String)? {
        if let stage = plan.expireDuring { return ("expire: during \(stage.rawValue)", "expired") }
        if let fault = plan.fault { return ("fail: {stage: \(fault.stage.rawValue), error: \(fault.error)}", "failed") }
        if let checkpoint = plan.interrupt { return ("interrupt: \(checkpoint)", "killed") }
        return nil
    }

    /// A warning at each refused launch step that writes an ending (`expire:`, `fail:`, `interrupt:`): it never took
    /// effect, whether or not the checks pass (a second review round applied every piece of advice to an expiration
    /// scenario whose launch came before its floor, and it passed with nothing expiring).
    static func refusedPlans(_ refused: [(step: Int, at: Date, error: SchedulerError?)], spec: LifecycleSpec,
                             instant: (Date) -> ResultInstant) -> [Diagnostic] {
        refused.compactMap { refusal in
            let step = spec.steps[refusal.step]
            guard case .launch(_, let plan) = step.action, let ending = ending(of: plan), let at = step.at else { return nil }
            let code = refusal.error?.code.rawValue ?? "refused"
            let floor = refusal.error?.earliestBegin.map(instant)
            let move = floor.map { "to test it, move the step to or after \($0.offsetForm) (the earliest begin, \($0.local)); " }
                ?? "to test it, make the launch possible; "
            return Diagnostic(
                code: RunDiagnosticCode.refusedLaunchPlan.rawValue, severity: .warning, location: at.location,
                message: "the system refused this launch (\(code)), so its '\(ending.written)' never took effect: no run was \(ending.outcome); "
                    + move + "if the refusal is what the scenario tests, remove '\(ending.written)'",
                sourceLine: at.sourceLine, length: at.text.count)
        }
    }

    /// Every `launch` step, with its refusal (none: it launched, or the scenario stopped first).
    static func launchSteps(_ spec: LifecycleSpec, refused: [(step: Int, at: Date, error: SchedulerError?)]) -> [LifecycleJudgement.LaunchStep] {
        spec.steps.indices.compactMap { index in
            let step = spec.steps[index]
            guard case .launch = step.action else { return nil }
            let refusal = refused.first { $0.step == index }.map { refused in
                LifecycleJudgement.LaunchStep.Refusal(at: refused.at, code: refused.error?.code.rawValue ?? "refused", floor: refused.error?.earliestBegin)
            }
            var launch = LifecycleJudgement.LaunchStep(line: step.location.line, at: step.at, refusal: refusal)
            if case .launch(_, let plan) = step.action { launch.ending = ending(of: plan) }
            return launch
        }
    }

    /// One step: the clock first (a launch moves it itself), then the action. Lifecycle errors are kept by the
    /// simulation for `expect.errors`; only a harness problem (the clock sent backwards) throws.
    /// `changedSchedule` is the schedule a `change-schedule` step puts in effect.
    private func perform(_ step: LifecycleStep, on simulation: LifecycleSimulation, changedSchedule: ScheduleSpec? = nil) async throws {
        if let at = step.at {
            try await simulation.advance(to: at.date)
        }
        switch step.action {
        case .launch(let identifier, let plan):
            if let overlap = plan.overlap {
                await simulation.setPlan(LaunchPlan(overlap), forNextLaunchOf: overlap.identifier)
            }
            try await simulation.launch(identifier, plan: LaunchPlan(plan))
        case .expire(let identifier):
            await simulation.expire(identifier)
        case .register(let identifier):
            try await simulation.register(identifier)
        case .submit(let identifier, let earliestBegin):
            try await simulation.submit(identifier, earliestBeginDate: earliestBegin?.date)
        case .cancel(let identifier):
            await simulation.cancel(identifier)
        case .cancelAll:
            await simulation.cancelAll()
        case .relaunch(let registers, let inBackground):
            try await simulation.relaunch(registering: registers, registeringInBackground: inBackground)
        case .terminate:
            await simulation.terminate()
        case .forceQuit:
            try await simulation.forceQuit()
        case .openApp:
            try await simulation.openApp()
        case .setAvailability(let availability):
            try await simulation.setAvailability(SchedulerAvailability(availability))
        case .updateApp(let update):
            try await simulation.updateApp(TaskHarness.AppUpdate(
                startupRegistrations: update.registers, backgroundRegistrations: update.registersInBackground, permittedIdentifiers: update.permitted, backgroundModes: update.backgroundModes,
                adapter: update.adapter.map(LifecycleConfiguration.Adapter.init), jobFlaws: update.flaws.map { Set($0.map(SyncJob.Flaw.init)) },
                submitsAtStartup: update.submitsAtStartup, resubmitsAfterLaunch: update.resubmits))
        case .advance(.by(let seconds)):
            try await simulation.advance(by: .seconds(seconds))
        case .advance(.to(let instant)):
            try await simulation.advance(to: instant.date)
        case .setItems(let items):
            await simulation.setItems(items)
        case .changeSchedule:
            guard let schedule = changedSchedule else { throw ScenarioSetupError(description: "the scenario has no schedule to change") }
            try await simulation.changeSchedule(to: ScheduleOccurrences(try Schedule(schedule), limit: occurrenceLimit))
        }
    }

    /// Whether a step ends the app's process (and so any launch still running in it).
    static func endsTheProcess(_ action: LifecycleStep.Action) -> Bool {
        switch action {
        case .terminate, .forceQuit, .relaunch, .updateApp: true
        default: false
        }
    }

    /// The step's action as the spec writes it.
    static func actionName(_ action: LifecycleStep.Action) -> String {
        appEvent(action)?.step ?? "step's"
    }

    /// A step that ends, starts or changes the app or the device: its action's word and what it set, as the spec
    /// writes it (`availability`, `refresh-disabled`); nil for the other steps.
    static func appEvent(_ action: LifecycleStep.Action) -> (step: String, detail: String)? {
        func list(_ items: [String]) -> String { "[" + items.joined(separator: ", ") + "]" }
        switch action {
        case .terminate: return ("terminate", "")
        case .forceQuit: return ("force-quit", "")
        case .openApp: return ("open-app", "")
        case .setAvailability(let availability): return ("availability", availability.rawValue)
        case .relaunch(let registers, let inBackground):
            return ("relaunch", [registers.map { "registers: \(list($0))" }, inBackground.map { "registers-in-background: \(list($0))" }]
                .compactMap { $0 }.joined(separator: ", "))
        case .updateApp(let update):
            let written: [String?] = [
                update.registers.map { "registers: \(list($0))" }, update.registersInBackground.map { "registers-in-background: \(list($0))" },
                update.permitted.map { "permitted: \(list($0))" }, update.backgroundModes.map { "background-modes: \(list($0))" },
                update.adapter.map { "adapter: \($0.rawValue)" }, update.flaws.map { "flaws: \(list($0.map(\.rawValue)))" },
                update.submitsAtStartup.map { "submits-at-startup: \($0)" }, update.resubmits.map { "resubmits: \($0)" },
            ]
            return ("update-app", written.compactMap { $0 }.joined(separator: ", "))
        default: return nil
        }
    }

    /// The launches with nothing due whose request came from the schedule before a change: an app that kept its pending
    /// request (`on-schedule-change: keep-pending`) is woken at the old schedule's instant (an incident review saw a
    /// wake-up at 03:01 after a flight from Paris to New York, and nothing linking it to the move). Its floor is no
    /// occurrence of the schedule in effect at the launch, and one of the schedule a change replaced before it.
    static func staleRequests(_ runs: [RunRecord], spec: LifecycleSpec, changes: [(at: Date, schedule: ScheduleSpec, line: Int)],
                              abbreviations: ZoneAbbreviations) -> [Int: String] {
        guard let first = spec.schedule, !changes.isEmpty else { return [:] }
        // The schedule before each change (before[i] is the one change i replaced) and after the last, built once.
        let specs = [first] + changes.map(\.schedule)
        let built = specs.map { try? $0.schedule() }
        var found: [Int: String] = [:]
        for run in runs {
            guard let floor = run.requestFloor, let inEffect = changes.lastIndex(where: { $0.at <= run.actual }),
                  let current = built[inEffect + 1], current.occurrence(at: floor) == nil else { continue }
            // The latest change whose schedule before it gives the floor.
            guard let change = (0...inEffect).last(where: { built[$0]?.occurrence(at: floor) != nil }) else { continue }
            let shown = ResultInstant(floor, in: specs[change].timeZone, abbreviations: abbreviations).local
            let kept = spec.app.onScheduleChange == .keepPending ? ", which the app kept (on-schedule-change: keep-pending)" : ""
            let zone = specs[change].timeZone == current.timeZone ? "" : ZoneDisplayName.of(specs[change].timeZone) + " "
            found[run.launch] = "nothing due: its request was for \(shown), an occurrence of the \(zone)schedule before the change at "
                + "line \(changes[change].line)\(kept)"
        }
        return found
    }

    /// For a launch refused before its request's floor whose occurrence a later launch of the task ran: moved to the
    /// floor, as the refusal advises, this launch would take that run and leave the later launch nothing due (a message
    /// review moved the step and the next launch was refused instead). Says so, and how a scenario writes a launch that
    /// is meant to come too early.
    /// Nothing when `errors` lists the code already.
    static func takenLater(_ error: SchedulerError, runs: [RunRecord], steps: [LifecycleStep], listed: Bool) -> String {
        // Only when that launch ran nothing else: one that caught up more still has them due once this one moves (a third
        // review's launch two days later, which moving the first one leaves with the second day).
        // Nor when the step ends its run without success (`expire:`, `fail:`, `interrupt:`): moved, it leaves that
        // occurrence due, and the later launch runs it again (a newcomer's expiring launch, moved before its floor).
        let refusedStep = steps.first { step in
            if case .launch(let identifier, _) = step.action { identifier == error.identifier && step.at?.date == error.at } else { false }
        }
        if let refusedStep, case .launch(_, let plan) = refusedStep.action, ending(of: plan) != nil { return "" }
        guard !listed, error.code == .launchBeforeEarliestBegin, let floor = error.earliestBegin,
              let later = runs.first(where: { $0.identifier == error.identifier && $0.planned == floor && $0.actual > error.at }),
              runs.filter({ $0.launch == later.launch }).count == 1
        else { return "" }
        let line = steps.first { step in
            if case .launch(let identifier, _) = step.action { identifier == error.identifier && step.at?.date == later.actual } else { false }
        }?.location.line
        return "; the launch at \(later.actual.rfc3339UTC)\(line.map { " (line \($0))" } ?? "") ran that occurrence, so this one moved "
            + "to or after the floor would leave that launch nothing due: if this launch is meant to come too early, list "
            + "launch-before-earliest-begin in 'errors'"
    }

    /// The runs, by their index in `runs`, of a date an earlier run completed under another version: a version a
    /// `change-schedule` step raised gives every date a new dedup key, so a date caught up before the change runs again
    /// (the key `nightly-sync/v2/2027-03-29` is not `…/v1/2027-03-29`). Said as the run's reason, with the change that
    /// set its version: a lifecycle review saw a day run twice after a time moved later with a new version, and
    /// nothing named the version as the cause.
    static func rerunsByVersion(_ runs: [RunRecord], spec: LifecycleSpec, changes: [(at: Date, schedule: ScheduleSpec, line: Int)]) -> [Int: String] {
        guard let first = spec.schedule, !changes.isEmpty else { return [:] }
        let versions = [first.version] + changes.map(\.schedule.version)
        var completedBefore: [(index: Int, id: Substring, version: Int, rest: Substring, key: String)] = []
        var found: [Int: String] = [:]
        for (index, run) in runs.enumerated() {
            guard let key = run.key, let parts = LifecycleJudgement.keyParts(key) else { continue }
            if let earlier = completedBefore.last(where: { $0.id == parts.id && $0.rest == parts.rest && $0.version != parts.version }),
               // The latest change before this run that put its version in effect.
               let change = changes.indices.last(where: { changes[$0].at <= run.actual && versions[$0 + 1] == parts.version && versions[$0] != parts.version }) {
                found[index] = "\(parts.rest) ran before as \(earlier.key) (run \(earlier.index + 1)): the change at line "
                    + "\(changes[change].line) set version \(parts.version), a new key for every date"
            }
            if run.completed == .success {
                completedBefore.append((index, parts.id, parts.version, parts.rest, key))
            }
        }
        return found
    }

    /// The steps of the app's own code that start it in the foreground when it is not running (the others that start it
    /// are app events of their own, and a `launch` starts it in the background).
    /// Its name as the spec writes it, nil for any other step.
    static func startsInTheForeground(_ action: LifecycleStep.Action) -> String? {
        switch action {
        case .register: "register"
        case .submit: "submit"
        case .changeSchedule: "change-schedule"
        default: nil
        }
    }

    /// What a `change-schedule` step writes (`timezone: America/New_York, version: 2`).
    static func changeSummary(_ step: LifecycleStep) -> String {
        if case .changeSchedule(let change) = step.action { change.summary } else { "" }
    }

    /// How many raised errors a failed `errors` check explains in sentences.
    static let errorSentences = 40

    /// Up to six names, else five and how many more.
    private static func names(_ names: [String]) -> String {
        // Six names are shown whole: "and 1 more" took the room of the name it hid (a fifth review).
        names.count <= 6 ? names.joined(separator: ", ") : names.prefix(5).joined(separator: ", ") + ", and \(names.count - 5) more"
    }
}

/// Hands the verdict from the scenario's task to the waiting worker thread.
private final class VerdictSlot: Sendable {
    private let verdict = Mutex<Verdict?>(nil)

    func store(_ value: Verdict) {
        verdict.withLock { $0 = value }
    }

    /// The stored verdict; called only after the task signalled that it stored one.
    func take() -> Verdict {
        verdict.withLock { $0 } ?? Verdict(status: .error, message: "the scenario ended without a verdict")
    }
}

extension LifecycleExecutor {
    /// Why the first request could not be submitted, at the setting to change: a search bound reached is the
    /// diagnostic `schedule-search-at-start` at `limit:` (or at `schedule:` when the default applies), with the advice
    /// in the spec's words, not Swift's.
    static func firstRequestProblem(_ reason: String, _ cause: RecurrenceError?, schedule: ScheduleSpec) -> Verdict {
        let lead = "the schedule gives no occurrence after the clock's start, so the first request cannot be submitted"
        guard case .searchLimitReached(let rule, let limit, let after)? = cause else {
            return Verdict(status: .error, message: "\(schedule.location): " + lead + ": " + reason, timeZone: schedule.timeZone)
        }
        let slots = limit == 1 ? "1 candidate slot" : "\(limit) candidate slots"
        // Only `limit:` helps: a clock moved nearer the next occurrence still meets the same bound at every catch-up
        // (a review applied that advice, and the launch failed instead).
        let advice = schedule.limitLocation == nil
            ? "add 'limit:' to the schedule with a larger bound (the default, \(limit), comes from --max-candidates)"
            : "raise 'limit:' (\(limit) now)"
        var verdict = Verdict(status: .error, message: lead + " (its search bound; see below)", timeZone: schedule.timeZone)
        verdict.diagnostics = [Diagnostic(
            code: RunDiagnosticCode.scheduleSearchAtStart.rawValue, location: schedule.limitLocation ?? schedule.location,
            message: "no occurrence of \(rule) within \(slots) after the clock's start, \(WallTimeText.wallTime(after, in: schedule.timeZone)) "
                + "(the search bound, which counts slots from the start of that local date, or of its local hour for an "
                + "hourly rule); " + advice,
            sourceLine: schedule.limitLocation == nil ? nil : schedule.limitSourceLine, length: "\(limit)".count)]
        return verdict
    }
}
