import Foundation
import Recurrence
import SpecModel
import TaskHarness

/// Why a lifecycle scenario could not be set up (an unreadable Info.plist, a schedule the core refuses).
struct ScenarioSetupError: Error, CustomStringConvertible {
    let description: String
}

extension LifecycleConfiguration {
    /// The harness configuration a scenario describes; `temporaryParent` is where its scenario folder goes, and an
    /// `info-plist` fixture may hold at most `fixtureByteLimit` bytes, and a catch-up window `occurrenceLimit` occurrences.
    init(_ spec: LifecycleSpec, temporaryParent: URL?, fixtureByteLimit: Int = 10 << 20,
         occurrenceLimit: Int = CoreEngine.defaultOccurrenceLimit,
         folderTracker: ScenarioFolderTracker? = nil) throws(ScenarioSetupError) {
        let tasks = spec.tasks.map { TaskDefinition(identifier: $0.identifier, kind: TaskKind($0.kind)) }
        self.init(
            tasks: tasks,
            gate: try StaticGate(spec.gate, tasks: spec.tasks, byteLimit: fixtureByteLimit),
            clockStart: spec.clock.date,
            availability: SchedulerAvailability(spec.system.availability),
            items: spec.job.items,
            stages: spec.job.stages.map(JobStage.init),
            schedule: try spec.schedule.map { schedule throws(ScenarioSetupError) in ScheduleOccurrences(try Schedule(schedule), limit: occurrenceLimit) },
            retry: spec.app.retry.map(RetryPolicy.init),
            budget: ExpirationBudget(refresh: .seconds(spec.system.refreshBudget), processing: .seconds(spec.system.processingBudget)),
            startupRegistrations: spec.app.registers,
            submitsAtStartup: spec.app.submitsAtStartup,
            resubmitsAfterLaunch: spec.app.resubmits,
            adapter: Adapter(spec.app.adapter),
            jobFlaws: Set(spec.job.flaws.map(SyncJob.Flaw.init)),
            temporaryParent: temporaryParent,
            folderTracker: folderTracker)
        backgroundRegistrations = spec.app.registersInBackground
        onScheduleChange = switch spec.app.onScheduleChange {
        case .resubmit: .resubmit
        case .keepPending: .keepPending
        }
    }
}

extension StaticGate {
    /// The gate a scenario describes; an Info.plist is read now, and a problem names the `info-plist` key's place.
    init(_ gate: LifecycleSpec.Gate, tasks: [LifecycleSpec.TaskDeclaration], byteLimit: Int) throws(ScenarioSetupError) {
        // What a correctly configured app declares: every task's identifier and the mode each kind needs.
        var neededModes: [String] = []
        for mode in tasks.map({ TaskKind($0.kind).backgroundMode }) where !neededModes.contains(mode) { neededModes.append(mode) }
        switch gate {
        case .allDeclared:
            self.init(permittedIdentifiers: tasks.map(\.identifier), backgroundModes: neededModes)
        case .inline(let permitted, let modes, _):
            self.init(permittedIdentifiers: permitted ?? tasks.map(\.identifier), backgroundModes: modes ?? neededModes)
        case .infoPlist(let path, _, let written, let location, _):
            do {
                // `./` first: URL(fileURLWithPath:) expands a leading `~` to the home folder, so `info-plist: ~/x`
                // in a spec file of the working directory read a file outside the spec tree the lint had not found.
                let local = path.hasPrefix("/") ? path : "./" + path
                try self.init(infoPlistAt: URL(fileURLWithPath: local), byteLimit: byteLimit)
            } catch {
                let raise = error.tooLarge ? ", or raise the limit with --max-file-size" : ""
                throw ScenarioSetupError(description: "\(location): the Info.plist '\(written)' cannot be used: \(error.reason)\(raise)")
            }
        }
    }
}

extension Schedule {
    /// The schedule a spec's `schedule:` section describes (the parser already required the policies of calendar rules).
    init(_ spec: ScheduleSpec) throws(ScenarioSetupError) {
        do {
            self = try spec.schedule()
        } catch {
            throw ScenarioSetupError(description: "\(spec.location): the schedule is invalid: \(error)")
        }
    }
}

extension RetryPolicy {
    init(_ retry: LifecycleSpec.Retry) {
        let resets = retry.attemptsReset == .onNewOccurrence
        switch retry.backoff {
        case .constant(let delay):
            self.init(backoff: .constant(.seconds(delay)), maxAttempts: retry.maxAttempts, resetsOnNewOccurrence: resets)
        case .exponential(let initial, let factor, let maximum):
            self.init(backoff: .exponential(initial: .seconds(initial), factor: factor, maximum: maximum.map { .seconds($0) }),
                      maxAttempts: retry.maxAttempts, resetsOnNewOccurrence: resets)
        }
    }
}

extension LaunchPlan {
    /// What a launch step makes happen inside the launch (an overlap's own plan is set separately).
    init(_ plan: LifecycleStep.LaunchPlan) {
        self.init(
            expireDuring: plan.expireDuring.map(JobStage.init),
            fault: plan.fault.map(InjectedFault.init),
            interrupt: plan.interrupt.map(Checkpoint.init),
            overlap: plan.overlap.map { Overlap(identifier: $0.identifier, during: JobStage($0.during)) })
    }

    /// The plan of the launch an `overlap:` starts.
    init(_ overlap: LifecycleStep.Overlap) {
        self.init(
            expireDuring: overlap.expireDuring.map(JobStage.init),
            fault: overlap.fault.map(InjectedFault.init),
            interrupt: overlap.interrupt.map(Checkpoint.init))
    }
}

// The spec's words map onto the harness's types by exhaustive switches, so a word added on one side and not the
// other stops the build (SpecRunnerTests checks the harness → spec direction).

extension TaskKind {
    init(_ kind: LifecycleSpec.TaskKind) {
        switch kind {
        case .refresh: self = .refresh
        case .processing: self = .processing
        }
    }
}

extension JobStage {
    init(_ stage: LifecycleSpec.Stage) {
        switch stage {
        case .download: self = .download
        case .parse: self = .parse
        case .write: self = .write
        }
    }
}

extension Checkpoint {
    init(_ point: LifecycleStep.Checkpoint) {
        switch point {
        case .during(let stage): self = .during(JobStage(stage))
        case .afterWrite: self = .afterWrite
        }
    }
}

extension InjectedFault {
    init(_ fault: LifecycleStep.Fault) {
        self.init(stage: JobStage(fault.stage), errorType: fault.error)
    }
}

extension SchedulerAvailability {
    init(_ availability: LifecycleSpec.Availability) {
        switch availability {
        case .available: self = .available
        case .refreshDisabled: self = .refreshDisabled
        case .simulator: self = .simulator
        }
    }
}

extension LifecycleConfiguration.Adapter {
    init(_ adapter: LifecycleSpec.Adapter) {
        switch adapter {
        case .thin: self = .thin
        case .completesInExpirationHandler: self = .flawed(.completesInExpirationHandler)
        case .reportsSuccessRegardless: self = .flawed(.reportsSuccessRegardless)
        case .reportsSuccessBeforeWork: self = .flawed(.reportsSuccessBeforeWork)
        case .noExpirationHandler: self = .flawed(.noExpirationHandler)
        case .ignoresExpiration: self = .flawed(.ignoresExpiration)
        case .neverCompletes: self = .flawed(.neverCompletes)
        }
    }
}

extension SyncJob.Flaw {
    init(_ flaw: LifecycleSpec.JobFlaw) {
        switch flaw {
        case .ignoresCancellation: self = .ignoresCancellation
        case .longTransaction: self = .longTransaction
        case .splitWrite: self = .splitWrite
        case .keepsTemporaryFiles: self = .keepsTemporaryFiles
        case .launchScopedSideEffectKey: self = .launchScopedSideEffectKey
        case .appendsDuplicates: self = .appendsDuplicates
        case .skipsCompletionCheck: self = .skipsCompletionCheck
        case .onlyLatestOccurrence: self = .onlyLatestOccurrence
        case .skipsReconciliation: self = .skipsReconciliation
        }
    }
}
