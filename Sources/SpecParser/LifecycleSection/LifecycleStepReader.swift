import Foundation
import Recurrence
import SpecDiagnostics
import SpecModel
import SpecYAML

/// Reads `steps:`: each step optionally moves the clock (`at:`) and does one action.
///
/// The clock is followed through the steps as they are read, so a step that would send it backwards is reported
/// where it is written instead of failing when the scenario runs.
struct LifecycleStepReader {
    let reader: ValueReader
    /// The declared task identifiers; nil when `task` could not be read (identifiers are then not checked).
    let identifiers: DeclaredTasks?
    /// The job's stages; nil when `job` could not be read (stages named in steps are then not checked).
    let stages: [LifecycleSpec.Stage]?
    /// The manual clock's start; nil when `clock` could not be read.
    let clock: InstantLiteral?
    /// The scenario's schedule as far as it could be read; nil when the scenario has none (`change-schedule` then has
    /// nothing to change).
    var schedule: ScheduleReader.Draft?
    /// The declared tasks, and whether the scenario expects `not-permitted`: an `update-app`'s Info.plist is checked
    /// for slips as the task's is (`LifecycleTaskReader`).
    var tasks: [LifecycleSpec.TaskDeclaration] = []
    var expectsNotPermitted = false
    /// `system: {availability: simulator}`: no `availability` step can change a Simulator.
    var onSimulator = false
    /// The zone and kind of rule in effect, followed through the `change-schedule` steps as they are read.
    private let inEffect = ScheduleInEffect()

    private final class ScheduleInEffect {
        var timeZone: TimeZone?
        var ruleIsCalendar: Bool?
        /// Whether each policy is in effect: a calendar schedule's, kept through a change to an interval rule.
        var nonexistent: Bool?
        var repeated: Bool?
        var started = false
    }

    /// What authors write for `cancel: all` (`All` included).
    /// What an `availability` step takes: the device's setting (the Simulator is the whole scenario's device).
    enum StepAvailability: String, CaseIterable {
        case refreshDisabled = "refresh-disabled"
        case available
    }

    static let cancelAllWords: Set<String> = ["all", "everything", "every", "any", "*", "all-tasks", "all-requests"]

    /// Every key a step may have.
    static let keys = SpecKeyCatalog.step.keyNames
    /// The keys that say what a step does; a step has exactly one (`expire` alone is an action, beside `launch` a detail).
    static let actionKeys = SpecKeyCatalog.stepForms.map(\.key)
    /// What a launch step may say beside `launch`: `expire`, and the keys only a launch has.
    static let launchKeys = SpecKeyCatalog.stepForms.first { $0.key == "launch" }!.keys.filter { $0 != "at" && $0 != "launch" }
    /// The keys that act inside a launch and are never actions of their own (`fail`, `interrupt`, `overlap`).
    static let launchOnlyKeys = launchKeys.filter { !actionKeys.contains($0) }

    /// Whether a step holds `key`, a document key indented under it (reported there, so not also missing).
    static func stepsHold(_ key: String, in node: Node?) -> Bool {
        guard case .sequence(let items, _)? = node else { return false }
        return items.contains { item in item.mapping?.contains { $0.key.scalar?.value == key } ?? false }
    }

    func read(_ node: Node) -> [LifecycleStep]? {
        guard let items = reader.list(node, field: "steps", expected: "a list of steps ([] for none)") else { return nil }
        let errorsBefore = reader.log.errorCount
        var steps: [LifecycleStep] = []
        var now = clock.map { ClockPosition($0, what: Self.clockStart) }
        // Until a step changes the schedule, every instant is read in its zone, where an offset slip may be what puts
        // two steps out of order (a review's retry written `02:14+01:00` in Casablanca's gap, 01:14Z, before 01:45Z):
        // the order error is told with its note. After a change, another zone's offset is no slip.
        var zoneMayHaveChanged = false
        for item in items {
            guard let fields = reader.mapping(item, place: "this step", owner: nil, allowed: Self.keys,
                                              expected: "a mapping, e.g. {at: 2027-03-29T02:31:00+02:00, launch: com.example.app.refresh}",
                                              misplaced: [.documentKeysInStep], item: "step")
            else { continue }
            let at = fields["at"].flatMap { node in durationAt(node) ? nil : reader.clockInstant(node, field: "at") }
            if let at, let current = now {
                if at.date < current.date {
                    reportBackwards(fields["at"]!, at.text, current,
                                    reading: zoneMayHaveChanged ? nil : schedule?.timeZone.flatMap { Self.laterReading(of: at, notBefore: current.date, in: $0) })
                    if !zoneMayHaveChanged { reader.log.reportedOutOfOrder([current.literal, at].compactMap { $0 }) }
                    // A template's `at` merged into several steps is out of order in this one: its merge is the note.
                    reader.log.lastIsAbout(mapping: item.mark)
                } else {
                    now = ClockPosition(at, what: "the time an earlier step moved the clock to")
                }
            }
            guard let action = readAction(fields, item: item) else { continue }
            if case .changeSchedule = action { zoneMayHaveChanged = true }
            if case .advance(let advance) = action {
                now = follow(advance, from: now, node: fields["advance"]!)
            }
            if fields.has("at") && at == nil { continue }
            steps.append(LifecycleStep(at: at, action: action, location: reader.location(item)))
        }
        return reader.log.errorCount == errorsBefore ? steps : nil
    }

    // MARK: Actions

    private func readAction(_ fields: MappingFields, item: Node) -> LifecycleStep.Action? {
        // A misspelled action is already reported (with did-you-mean); guessing what the step meant would only add noise.
        if Self.actionKeys.contains(where: fields.misspelled.contains) { return nil }
        let actions = Self.actionKeys.filter(fields.has)
        // An unknown key in a step with no action is most likely the action, written another way (`run:`, `wait:`):
        // saying also that the step does nothing, or that its `fail` needs a launch, would repeat that one problem.
        if actions.isEmpty && fields.hasUnknownKeys { return nil }
        if fields.has("earliest-begin") && !fields.has("submit") {
            // Beside another action a step cannot take 'submit' too (a step does one thing): the submit is a step of
            // its own, written out, before this one.
            let other = actions.first
            let advice: String
            if let other, let value = fields[other]?.scalar?.value {
                let identifier = identifiers?.contains(value) == true ? value : "<identifier>"
                let at = fields["at"]?.scalar.map { "at: \($0.value), " } ?? ""
                let begin = fields["earliest-begin"]?.scalar?.value ?? "…"
                advice = "a step does one thing, so submit in a step of its own before this one, e.g. - {\(at)submit: \(identifier), earliest-begin: \(begin)}, and remove 'earliest-begin' from this '\(other)'"
            } else {
                advice = "add 'submit: <identifier>' to the step"
            }
            reader.log.report(.missingKey, at: fields.keyNode("earliest-begin")!,
                              "'earliest-begin' belongs to a submit, and this step submits nothing; \(advice)")
            return nil
        }
        if fields.has("launch") {
            for key in actions where key != "launch" && !Self.launchKeys.contains(key) {
                reportTwoActions(fields, "launch", key)
                return nil
            }
            return readLaunch(fields)
        }
        for key in Self.launchOnlyKeys where fields.has(key) {
            reader.log.report(.missingKey, at: fields.keyNode(key)!,
                              "'\(key)' acts inside a launch, and this step launches nothing; add 'launch: <identifier>' to the step")
            return nil
        }
        guard let key = actions.first else {
            reader.log.report(.missingKey, at: item.mark, length: 1,
                              "this step does nothing; add one action: \(Self.actionKeys.dropLast().joined(separator: ", ")) or \(Self.actionKeys.last!)")
            return nil
        }
        if actions.count > 1 {
            reportTwoActions(fields, key, actions[1])
            return nil
        }
        let node = fields[key]!
        switch key {
        case "expire":
            if let text = node.scalar?.value, text.hasPrefix("during ") {
                reader.log.report(.missingKey, at: fields.keyNode("expire")!,
                                  "'expire: \(text)' acts inside a launch, and this step launches nothing; add 'launch: <identifier>', or write 'expire: <identifier>' to expire a launch whose handler returned")
                return nil
            }
            return task(node, field: "expire").map { .expire(identifier: $0) }
        case "register":
            return task(node, field: "register").map { .register(identifier: $0) }
        case "submit":
            let identifier = task(node, field: "submit")
            let floor = fields["earliest-begin"].map { reader.instant($0, field: "earliest-begin") }
            guard let identifier, floor != .some(nil) else { return nil }
            return .submit(identifier: identifier, earliestBegin: floor ?? nil)
        case "cancel":
            if node.scalar?.value == "all" { return .cancelAll }
            if let text = node.scalar?.value, identifiers?.contains(text) != true, Self.cancelAllWords.contains(text.lowercased()) {
                reader.log.report(.unknownTask, at: node, "'\(text)' is not a task of this scenario; to cancel every pending request, write 'cancel: all'")
                return nil
            }
            return task(node, field: "cancel").map { .cancel(identifier: $0) }
        case "relaunch":
            return readRelaunch(node, owner: fields.keyNode("relaunch")!)
        case "terminate":
            guard isEmpty(node) else {
                reader.wrongKind(node, "'terminate' takes no value; write '- terminate: {}' (the process dies and stays dead until a step needs it)")
                return nil
            }
            return .terminate
        case "force-quit", "open-app":
            guard isEmpty(node) else {
                reader.wrongKind(node, key == "force-quit"
                    ? "'force-quit' takes no value; write '- force-quit: {}' (the user swipes the app away; refresh tasks wait until the user opens it)"
                    : "'open-app' takes no value; write '- open-app: {}' (the user opens the app, which starts it when it is not running)")
                return nil
            }
            return key == "force-quit" ? .forceQuit : .openApp
        case "update-app":
            return readUpdateApp(node, owner: fields.keyNode("update-app")!)
        case "availability":
            if node.scalar?.value == LifecycleSpec.Availability.simulator.rawValue {
                reader.log.report(.unknownValue, at: node,
                                  "a device does not turn into the Simulator in a step; set 'system: {availability: simulator}' for the whole scenario, or write 'availability: refresh-disabled' or 'available' here")
                return nil
            }
            // The step's words leave `simulator` out: its error offered it, and writing it was refused.
            guard let setting = reader.choice(node, field: "availability", StepAvailability.self) else { return nil }
            if onSimulator {
                reader.log.report(.conflictingKeys, at: fields.keyNode("availability")!,
                                  "the scenario's device is the Simulator ('system: {availability: simulator}'), which runs no background task whatever its settings; remove this step, or the Simulator from 'system'")
                return nil
            }
            return .setAvailability(setting == .available ? .available : .refreshDisabled)
        case "advance":
            if fields.has("at") {
                reader.log.report(.conflictingKeys, at: fields.keyNode("advance")!,
                                  "a step with 'advance' cannot also have 'at'; write 'advance: <instant>' to move the clock to a time, or put 'at' on the next step")
                return nil
            }
            return readAdvance(node).map { .advance($0) }
        case "items":
            return reader.texts(node, field: "items", expected: "the list of item identifiers the source returns from now on, e.g. [\"42\", \"44\"]")
                .map { .setItems($0) }
        case "change-schedule":
            return readScheduleChange(node, owner: fields.keyNode("change-schedule")!).map { .changeSchedule($0) }
        default:
            return nil
        }
    }

    /// `change-schedule: {timezone:, rule:, nonexistent:, repeated:, version:, limit:}`: read in the zone in effect.
    private func readScheduleChange(_ node: Node, owner: Node) -> LifecycleStep.ScheduleChange? {
        guard let schedule else {
            reader.log.report(.missingKey, at: owner,
                              "'change-schedule' changes the scenario's schedule, and this scenario has none; add 'schedule:' (the one in effect "
                                + "from the clock's start), e.g. 'schedule: \(ScheduleReader.example)'")
            return nil
        }
        if !inEffect.started {
            inEffect.started = true
            inEffect.timeZone = schedule.timeZone
            inEffect.ruleIsCalendar = schedule.rule?.isCalendarRule
            inEffect.nonexistent = schedule.rule.map { $0.isCalendarRule ? schedule.nonexistent != nil : false }
            inEffect.repeated = schedule.rule.map { $0.isCalendarRule ? schedule.repeated != nil : false }
        }
        guard let fields = reader.mapping(
            node, place: "'change-schedule'", owner: owner, allowed: SpecKeyCatalog.scheduleChange.keyNames,
            expected: "a mapping of what changes, e.g. {timezone: America/New_York}")
        else { return nil }
        let errorsBefore = reader.log.errorCount
        guard !fields.keysInOrder.isEmpty else {
            if fields.hasUnknownKeys { return nil }
            reader.log.report(.emptyValue, at: node,
                              "'change-schedule' changes nothing; write what changes: timezone, rule, nonexistent, repeated, version or limit, "
                                + "e.g. {timezone: America/New_York}")
            return nil
        }
        let read = ScheduleOverridesReader(reader: reader, timeZone: inEffect.timeZone, nonexistentInEffect: inEffect.nonexistent,
                                           repeatedInEffect: inEffect.repeated).read(fields)
        // Policies beside an interval rule do nothing, as in 'schedule' (a warning).
        if (read.overrides.rule?.isCalendarRule ?? inEffect.ruleIsCalendar) == false {
            for key in ["nonexistent", "repeated"] where fields.has(key) {
                reader.log.report(.unusedKey, severity: .warning, at: fields.keyNode(key)!,
                                  "'\(key)' has no effect on an interval rule, which counts elapsed time and never meets a DST change; remove it")
            }
        }
        let version = fields["version"].map { reader.integer($0, field: "version", range: 1...1_000_000, example: "2") }
        inEffect.timeZone = read.timeZone
        if let rule = read.overrides.rule { inEffect.ruleIsCalendar = rule.isCalendarRule } else if fields.has("rule") { inEffect.ruleIsCalendar = nil }
        if fields.has("nonexistent") { inEffect.nonexistent = true }
        if fields.has("repeated") { inEffect.repeated = true }
        guard reader.log.errorCount == errorsBefore, version != .some(nil) else { return nil }
        return LifecycleStep.ScheduleChange(overrides: read.overrides, version: version ?? nil, timeZoneName: read.timeZoneName)
    }

    private func readLaunch(_ fields: MappingFields) -> LifecycleStep.Action? {
        let identifier = task(fields["launch"]!, field: "launch")
        let plan = readPlan(fields)
        guard let identifier, let plan else { return nil }
        if let overlap = plan.overlap, overlap.identifier == identifier {
            let place = fields["overlap"]?.mapping?.first { $0.key.scalar?.value == "launch" }?.value ?? fields["overlap"]!
            reader.log.report(.overlapWithItself, at: place,
                              "'\(identifier)' is the task this step launches; an overlap launches another task while this one runs (the system does not start a task again while it runs), so name another declared task")
            return nil
        }
        return .launch(identifier: identifier, plan: plan)
    }

    /// `expire`, `fail`, `interrupt` and `overlap` of a launch (or of an overlapping launch, without `overlap`).
    private func readPlan(_ fields: MappingFields) -> LifecycleStep.LaunchPlan? {
        let errorsBefore = reader.log.errorCount
        var plan = LifecycleStep.LaunchPlan()
        if let node = fields["expire"], let point = checkpoint(node, field: "expire", allowAfterWrite: false),
           case .during(let stage) = point {
            plan.expireDuring = stage
        }
        if let node = fields["fail"] {
            plan.fault = readFault(node, owner: fields.keyNode("fail")!)
        }
        if let node = fields["interrupt"] {
            plan.interrupt = checkpoint(node, field: "interrupt", allowAfterWrite: true)
        }
        if let node = fields["overlap"] {
            plan.overlap = readOverlap(node, owner: fields.keyNode("overlap")!)
        }
        if let fault = plan.fault, let interrupt = plan.interrupt {
            reportUnreachable(fault: fault, interrupt: interrupt, fields)
        }
        if reader.log.errorCount == errorsBefore {
            reportNeverReached(plan, fields)
        }
        return reader.log.errorCount == errorsBefore ? plan : nil
    }

    /// An `expire` or `overlap` in a stage after the one where the job fails or the process dies: it would never
    /// happen, and the spec would pass without it (a black-box review's `interrupt: during download` with `expire:
    /// during parse` passed, no expiration run). At one checkpoint the overlap and the expiration act first, so only a
    /// stage strictly before theirs ends them; what an expiration leaves depends on the adapter, and is not judged.
    private func reportNeverReached(_ plan: LifecycleStep.LaunchPlan, _ fields: MappingFields) {
        var enders: [(stage: LifecycleSpec.Stage, how: String)] = []
        if let fault = plan.fault { enders.append((fault.stage, "the job fails at \(fault.stage.rawValue) first ('fail') and stops there")) }
        if case .during(let stage) = plan.interrupt {
            enders.append((stage, "the process dies during \(stage.rawValue) first ('interrupt: \(fields["interrupt"]?.scalar?.value ?? "")')"))
        }
        let reached = [("expire", plan.expireDuring), ("overlap", plan.overlap?.during)]
        for (key, stage) in reached {
            guard let stage, let ender = enders.filter({ $0.stage < stage }).min(by: { $0.stage < $1.stage }),
                  let place = fields.keyNode(key) else { continue }
            let what = key == "expire" ? "'expire: during \(stage.rawValue)'" : "this 'overlap' during \(stage.rawValue)"
            reader.log.report(.conflictingKeys, at: place,
                              "\(what) would never happen: \(ender.how); keep one of them, or put the other in a launch of its own")
            return
        }
    }

    /// A fault and an interruption of one launch of which the later never happens: a failed stage ends the job, and
    /// the process is gone after an interruption (at one checkpoint the fault acts first). The spec would run, and
    /// pass or fail, without the one it also describes.
    private func reportUnreachable(fault: LifecycleStep.Fault, interrupt: LifecycleStep.Checkpoint, _ fields: MappingFields) {
        let interruptText = fields["interrupt"]?.scalar?.value ?? ""
        switch interrupt {
        case .afterWrite:
            reader.log.report(.conflictingKeys, at: fields["interrupt"]!,
                              "'interrupt: \(interruptText)' would never happen: the job fails at \(fault.stage.rawValue) first ('fail') and never finishes its write; keep one of them, or put the other in a launch of its own")
        case .during(let stage) where stage >= fault.stage:
            reader.log.report(.conflictingKeys, at: fields["interrupt"]!,
                              "'interrupt: \(interruptText)' would never happen: the job fails at \(fault.stage.rawValue) first ('fail') and stops there; keep one of them, or put the other in a launch of its own")
        case .during(let stage):
            reader.log.report(.conflictingKeys, at: fields.keyNode("fail")!,
                              "this 'fail' at \(fault.stage.rawValue) would never happen: the process dies during \(stage.rawValue) first ('interrupt: \(interruptText)'); keep one of them, or put the other in a launch of its own")
        }
    }

    private func readFault(_ node: Node, owner: Node) -> LifecycleStep.Fault? {
        guard let fields = reader.mapping(node, place: "'fail'", owner: owner, allowed: SpecKeyCatalog.fault.keyNames,
                                          expected: "a mapping, e.g. {stage: write, error: disk-full}")
        else { return nil }
        if !fields.has("stage") {
            reader.missing("stage", in: fields, "add the stage that fails, e.g. 'stage: write' (\(stageList))")
        }
        if !fields.has("error") {
            reader.missing("error", in: fields, "add the error type the stage fails with, e.g. 'error: disk-full'")
        }
        let stage = fields["stage"].flatMap { jobStage($0, field: "stage") }
        let error = fields["error"].flatMap { errorType($0) }
        guard let stage, let error else { return nil }
        return LifecycleStep.Fault(stage: stage, error: error)
    }

    private func readOverlap(_ node: Node, owner: Node) -> LifecycleStep.Overlap? {
        guard let fields = reader.mapping(node, place: "'overlap'", owner: owner, allowed: SpecKeyCatalog.overlap.keyNames,
                                          expected: "a mapping, e.g. {launch: com.example.app.processing, during: parse}")
        else { return nil }
        if !fields.has("launch") {
            reader.missing("launch", in: fields, "add the task the system launches meanwhile, e.g. 'launch: com.example.app.processing'")
        }
        if !fields.has("during") {
            reader.missing("during", in: fields, "add the stage of this launch it happens in, e.g. 'during: parse' (\(stageList))")
        }
        let identifier = fields["launch"].flatMap { task($0, field: "launch") }
        let during = fields["during"].flatMap { jobStage($0, field: "during") }
        let plan = readPlan(fields)
        guard let identifier, let during, let plan else { return nil }
        return LifecycleStep.Overlap(identifier: identifier, during: during, expireDuring: plan.expireDuring, fault: plan.fault, interrupt: plan.interrupt)
    }

    /// `update-app:` — what the new version changes, each key read as `app`, `job` and the task's Info.plist keys read it.
    private func readUpdateApp(_ node: Node, owner: Node) -> LifecycleStep.Action? {
        if isEmpty(node) { return .updateApp(LifecycleStep.AppUpdate()) }
        guard let fields = reader.mapping(node, place: "'update-app'", owner: owner, allowed: SpecKeyCatalog.updateApp.keyNames,
                                          expected: "a mapping (registers:, permitted:, background-modes:, adapter:, flaws:, submits-at-startup:, resubmits:)",
                                          misplaced: [.scheduleKeysInUpdate(scenarioHasSchedule: schedule != nil), .infoPlistInUpdate])
        else { return nil }
        let errorsBefore = reader.log.errorCount
        var update = LifecycleStep.AppUpdate()
        if let node = fields["registers"] { update.registers = reader.declaredTasks(node, field: "registers", declared: identifiers) }
        if let node = fields["registers-in-background"] {
            update.registersInBackground = reader.declaredTasks(node, field: "registers-in-background", declared: identifiers)
        }
        let gateReader = LifecycleTaskReader(reader: reader, expectsNotPermitted: expectsNotPermitted)
        if let node = fields["permitted"] {
            update.permitted = reader.texts(node, field: "permitted", expected: "a list of task identifiers, e.g. [com.example.app.refresh]")
            if let list = update.permitted, gateReader.misspelledIdentifiers(in: node, permitted: list, tasks: tasks) { return nil }
        }
        if let node = fields["background-modes"] {
            update.backgroundModes = reader.texts(node, field: "background-modes", expected: "a list of background modes, e.g. [fetch, processing]")
            if update.backgroundModes != nil, gateReader.misspelledModes(in: node) { return nil }
        }
        if let node = fields["adapter"] { update.adapter = reader.choice(node, field: "adapter", LifecycleSpec.Adapter.self) }
        if let node = fields["flaws"] { update.flaws = reader.choices(node, field: "flaws", LifecycleSpec.JobFlaw.self) }
        if let node = fields["submits-at-startup"] { update.submitsAtStartup = reader.flag(node, field: "submits-at-startup") }
        if let node = fields["resubmits"] { update.resubmits = reader.flag(node, field: "resubmits") }
        return reader.log.errorCount == errorsBefore ? .updateApp(update) : nil
    }

    private func readRelaunch(_ node: Node, owner: Node) -> LifecycleStep.Action? {
        if isEmpty(node) { return .relaunch(registers: nil) }
        guard let fields = reader.mapping(node, place: "'relaunch'", owner: owner, allowed: SpecKeyCatalog.relaunch.keyNames,
                                          expected: "{} or {registers: [...]}")
        else { return nil }
        let registers = fields["registers"].map { reader.declaredTasks($0, field: "registers", declared: identifiers) }
        let inBackground = fields["registers-in-background"].map {
            reader.declaredTasks($0, field: "registers-in-background", declared: identifiers)
        }
        if registers == .some(nil) || inBackground == .some(nil) { return nil }
        return .relaunch(registers: registers ?? nil, registersInBackground: inBackground ?? nil)
    }

    private func readAdvance(_ node: Node) -> LifecycleStep.Advance? {
        guard let scalar = reader.scalar(node, field: "advance", expected: "a duration such as 10m, or an instant with an offset") else { return nil }
        if let seconds = DurationText.seconds(scalar.value) { return .by(seconds: seconds) }
        switch InstantText.parse(scalar.value) {
        // An instant without its offset is one mistake, told as such, not "neither a duration nor an instant".
        case .success, .failure(.missingOffset):
            return reader.clockInstant(node, field: "advance").map { .to($0) }
        case .failure:
            break
        }
        // What a word processor did to the text (`−1m` with a minus sign) is told as in every other duration field.
        if reader.reportSlip(node, code: .invalidDuration) { return nil }
        if let problem = ValueReader.durationProblem(scalar.value, field: "advance") {
            reader.log.report(.invalidDuration, at: node, problem)
            return nil
        }
        if let advice = DurationText.missingUnit(scalar.value) {
            reader.log.report(.invalidDuration, at: node, "'advance': \(advice)")
            return nil
        }
        if let meant = DurationText.meant(scalar.value) {
            reader.log.report(.invalidDuration, at: node,
                              "'\(scalar.value)' is not a duration; did you mean '\(meant)'? (write 'advance' as a number and a unit: d, h, m, s, or as an instant with an offset)")
            return nil
        }
        reader.log.report(.invalidDuration, at: node,
                          "'\(scalar.value)' is neither a duration nor an instant; write 'advance' as a duration (30s, 10m, 1h30m) or an instant with an offset (2027-03-29T03:00:00+02:00)")
        return nil
    }

    // MARK: Values

    /// `at: 15m` (or `+15m`): a step's time written as a delay, which is what `advance` does; true when reported.
    private func durationAt(_ node: Node) -> Bool {
        guard let text = node.scalar?.value else { return false }
        let delay = text.hasPrefix("+") ? String(text.dropFirst()) : text
        guard DurationText.seconds(delay) != nil || DurationText.meant(delay) != nil else { return false }
        reader.log.report(.invalidInstant, at: node,
                          "'at' is the instant the step happens at, and '\(text)' is a delay; to move the clock on by it, write a step of its own '- advance: \(DurationText.meant(delay) ?? delay)' before this one, or give 'at' an instant with an offset")
        return true
    }

    private func task(_ node: Node, field: String) -> String? {
        reader.declaredTask(node, field: field, declared: identifiers)
    }

    private var stageList: String {
        (stages ?? LifecycleSpec.Stage.allCases).map(\.rawValue).joined(separator: ", ")
    }

    /// A stage that is one of the job's stages (a fault or an expiration in a stage that never runs would never happen).
    private func jobStage(_ node: Node, field: String) -> LifecycleSpec.Stage? {
        if let text = node.scalar?.value.lowercased(), ["commit", "transaction", "completion", "complete"].contains(text) {
            // The commit is the write stage's end, not a stage of its own (a review's `fail: {stage: commit}`).
            reader.log.report(.unknownValue, at: node,
                              "'\(text)' is not a stage of the job (\(stageList)): the commit ends the write stage, and a fault at write happens inside its transaction, before COMMIT; write '\(field): write' (a death after the commit is 'interrupt: after-write')")
            return nil
        }
        guard let stage = reader.choice(node, field: field, LifecycleSpec.Stage.self) else { return nil }
        guard stages?.contains(stage) ?? true else {
            reader.log.report(.unknownValue, at: node,
                              "the job has no \(stage.rawValue) stage (its stages are \(stageList)), so nothing would happen there; name one of its stages or add \(stage.rawValue) to 'job.stages'")
            return nil
        }
        return stage
    }

    /// `after-write` (when allowed) or `during <stage>`, with the stage one of the job's.
    private func checkpoint(_ node: Node, field: String, allowAfterWrite: Bool) -> LifecycleStep.Checkpoint? {
        guard let text = reader.text(node, field: field, expected: allowAfterWrite ? "after-write or during <stage>" : "during <stage>") else { return nil }
        let words = text.split(separator: " ", omittingEmptySubsequences: true)
        if allowAfterWrite, text == "after-write" { return .afterWrite }
        if words.count == 2, words[0] == "during", let stage = LifecycleSpec.Stage(rawValue: String(words[1])) {
            guard stages?.contains(stage) ?? true else {
                reader.log.report(.unknownValue, at: node,
                                  "the job has no \(stage.rawValue) stage (its stages are \(stageList)), so '\(field): \(text)' would never happen; name one of its stages or add \(stage.rawValue) to 'job.stages'")
                return nil
            }
            return .during(stage)
        }
        let forms = (allowAfterWrite ? ["after-write"] : []) + (stages ?? LifecycleSpec.Stage.allCases).map { "during \($0.rawValue)" }
        // The choices pasted whole (`during download | during parse | …`, as a message lists them).
        let listed = text.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        if listed.count > 1, listed.allSatisfy(forms.contains) {
            reader.log.report(.unknownValue, at: node, "'\(text)' lists the choices for '\(field)'; write one of them, e.g. '\(field): \(listed[0])'")
            return nil
        }
        // `expire: parse` names the stage and leaves out 'during'.
        let during = forms.contains("during \(text)") ? "during \(text)" : nil
        if let suggestion = during ?? Suggestion.closest(to: text, in: forms) {
            reader.log.report(.unknownValue, at: node, "unknown value '\(text)' for '\(field)'; did you mean '\(suggestion)'? (allowed: \(forms.joined(separator: " | ")))")
        } else {
            reader.log.report(.unknownValue, at: node, "unknown value '\(text)' for '\(field)'; write one of \(forms.joined(separator: " | "))")
        }
        return nil
    }

    /// An error type as the diagnostics log shows it: lowercase words joined by `-`.
    private func errorType(_ node: Node) -> String? {
        guard let text = reader.text(node, field: "error", expected: "an error type, e.g. disk-full") else { return nil }
        let valid = text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
        guard valid else {
            reader.log.report(.invalidName, at: node,
                              "'\(text)' is not an error type; write lowercase ASCII words (a–z, 0–9) joined by '-', e.g. disk-full or network (the log keeps error types only)")
            return nil
        }
        return text
    }

    private func isEmpty(_ node: Node) -> Bool {
        if let scalar = node.scalar { return scalar.isNull }
        if let entries = node.mapping { return entries.isEmpty }
        return false
    }

    // MARK: The clock

    /// Where the clock is after the steps read so far: the last instant written, plus the durations advanced since.
    private struct ClockPosition {
        var date: Date
        /// The instant as written (`2027-06-01T08:00:00-04:00`).
        var written: String
        /// The written offset (nil for `Z`), so that a sum is shown as the author wrote the instant it starts from.
        var offset: Int?
        /// The durations advanced since `written`, as written (`30m`, `1h`).
        var added: [String] = []
        var what: String

        /// The instant the position was set from, when it is one as written (not a sum): the order-slip note reads its
        /// offset.
        var literal: InstantLiteral?

        init(_ instant: InstantLiteral, what: String) {
            (date, written, offset, self.what) = (instant.date, instant.text, instant.writtenOffset, what)
            literal = instant
        }

        /// `2027-06-01T08:00:00-04:00 + 30m + 1h (= 2027-06-01T09:30:00-04:00)`: the sum is worked out for the reader.
        var text: String {
            guard !added.isEmpty else { return written }
            let sum = offset.map { WallTimeText.instant(date, offset: $0) } ?? date.rfc3339UTC
            return ([written] + added).joined(separator: " + ") + " (= \(sum))"
        }
    }

    private func follow(_ advance: LifecycleStep.Advance, from now: ClockPosition?, node: Node) -> ClockPosition? {
        guard var now else { return nil }
        switch advance {
        case .by(let seconds):
            let reached = now.date.addingTimeInterval(TimeInterval(seconds))
            // The harness's clock ends with the year 9999 (`SupportedInstants`): past it the run could only fail, so
            // it is told here, as invalid input (a crash hunt's `advance: 999999999d` was a test error, exit 1).
            guard reached < ValueReader.clockRange.upperBound else {
                // The longest advance from here, in whole seconds: to 9999-12-31T23:59:59Z.
                let most = Int(ValueReader.clockRange.upperBound.timeIntervalSince(now.date).rounded(.up)) - 1
                let advice = most > 0 ? "write a shorter advance (at most \(DurationText.text(seconds: most)) from there)" : "the clock is at its last second already"
                reader.log.report(.invalidDuration, at: node,
                                  "'advance: \(node.scalar?.value ?? "")' takes the clock from \(now.text) past the year 9999, where the scenario's clock ends; \(advice)")
                return nil
            }
            now.date = reached
            now.added.append(node.scalar?.value ?? "")
            now.what = "the time an earlier 'advance' moved the clock to"
            now.literal = nil
            return now
        case .to(let target):
            guard target.date >= now.date else {
                reportBackwards(node, target.text, now, advance: true)
                return now
            }
            return ClockPosition(target, what: "the time an earlier 'advance' moved the clock to")
        }
    }

    /// How a message names the scenario's `clock:`.
    private static let clockStart = "the scenario's clock start"

    /// The later reading of a step's wall time the zone repeats, where the step is written with the first and the later
    /// one is not before the clock: a review's second launch at New York's repeated 01:40, written -04:00 (EDT) where
    /// -05:00 was meant, was told only to put the steps in order, and the reordered scenario failed three rounds on.
    static func laterReading(of at: InstantLiteral, notBefore clock: Date, in zone: TimeZone) -> String? {
        guard let offset = at.writtenOffset else { return nil }
        let wall = LocalDateTime(wallSeconds: Int(at.date.timeIntervalSince1970.rounded(.down)) + offset)
        var resolver = WallTimeResolver(timeZone: zone)
        guard case .overlap(let first, let last, _) = resolver.resolve(wall), at.date == first, last >= clock else { return nil }
        let local = WallTimeText.local(last, offset: zone.secondsFromGMT(for: last))
        return "\(local.time) happens twice on \(local.date) in \(ZoneDisplayName.of(zone)) (the clocks fall back), and this step is "
            + "written with its first reading; if the later one is meant, write \(WallTimeText.instant(last, offset: zone.secondsFromGMT(for: last))), "
            + "which is not before it"
    }

    private func reportBackwards(_ node: Node, _ text: String, _ now: ClockPosition, advance: Bool = false, reading: String? = nil) {
        // Before the clock's start no reordering helps: the clock starts later than the step.
        let advice = advance
            ? "an advance only moves the clock forward, so write a later instant (or a duration)"
            : now.what == Self.clockStart
            ? "the clock never goes backwards, so start it no later than its first step ('clock: \(text)'), or move this step later"
            : "the clock never goes backwards, so put the steps in time order" + (now.literal.map { literal in
                // Which way: a review swapped the steps, and its retry, typed 03:00 for 05:00, then tested nothing.
                ": move this step before the one at line \(literal.location.line), or, if this step's time is the slip, write one not before \(literal.text)"
            } ?? "")
        reader.log.report(.instantOrder, at: node, "\(text) is earlier than \(now.text), \(now.what); \(advice)" + (reading.map { "; " + $0 } ?? ""))
    }

    private func reportTwoActions(_ fields: MappingFields, _ first: String, _ second: String) {
        reader.log.report(.conflictingKeys, at: fields.keyNode(second)!,
                          "a step does one thing, and this one has both '\(first)' and '\(second)'; split it into two steps")
    }
}
