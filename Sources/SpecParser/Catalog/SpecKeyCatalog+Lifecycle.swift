import Recurrence
import SpecModel

/// The keys of task lifecycle scenarios: the lifecycle readers take their allowed keys from here, as the recurrence
/// readers do, and the schema and the reference describe scenarios from the same entries.
///
/// Closed sets of words (stages, kinds, adapters, flaws, error codes, defects, invariants, …) are the model's own
/// `CaseIterable` enums, so a word added there is accepted, offered by the schema and listed by the reference at once.
/// Keys are listed in the order `unknown-key` messages name them. docs/lifecycle.md explains each key at length.
extension SpecKeyCatalog {
    // MARK: Documents

    /// The top-level keys of a lifecycle scenario beside the common ones.
    public static let lifecycleKeys: [SpecKey] = [
        SpecKey("task", .either([.mapping(task), .list(.mapping(task), singleAllowed: false, nonEmpty: true)]), .required,
                example: "{identifier: com.example.app.refresh, kind: refresh}",
                summary: "The app's background task, or a list of tasks when a scenario needs several (an overlap, the pending limits); in at most one of them, the app's Info.plist (the static gate)."),
        SpecKey("job", .mapping(job), default: .described("no items, all stages, no flaws"),
                summary: "What the stubbed source returns and how the reference sync job runs."),
        SpecKey("schedule", .mapping(schedule), default: .described("none: requests have no earliest begin, and each launch is one run"),
                summary: "The schedule that drives each request's earliest begin date and the catch-up at each launch: (last completed run, this launch] is enumerated and every occurrence not in the completion store is due. The same keys as a recurrence spec's `schedule`."),
        SpecKey("clock", .instant, .required, example: "2027-03-29T00:00:00+02:00",
                summary: "The manual clock's start: the app's first start, in the foreground (registering and submitting). The clock never goes backwards and nothing sleeps: a launch takes no clock time."),
        SpecKey("app", .mapping(app), default: .described("a well-written app"),
                summary: "How the simulated app registers, submits, reports and retries."),
        SpecKey("system", .mapping(system), default: .described("background work available, standard budgets"),
                summary: "How the simulated system behaves: whether background work is available, and each launch's deadline."),
        SpecKey("steps", .list(.mapping(step), singleAllowed: false, nonEmpty: false), .required,
                example: "[{at: 2027-03-29T02:31:00+02:00, launch: com.example.app.refresh}]",
                summary: "What happens, in time order: each step an optional `at` and exactly one action; `[]` for nothing but the app's start."),
        SpecKey("expect", .mapping(lifecycleExpect), .required, example: "{completed: [true], errors: []}",
                summary: "What the scenario must end with; the harness's invariants are checked whatever it says."),
    ]

    /// The top-level keys only a lifecycle scenario has: writing any of them makes a document one (`schedule` and
    /// `expect` belong to recurrence specs too).
    public static var lifecycleMarkerKeys: [String] {
        lifecycleKeys.map(\.name).filter { !recurrenceKeyNames.contains($0) }
    }

    public static var lifecycleKeyNames: [String] { lifecycleKeys.map(\.name) }

    /// A task lifecycle scenario: one YAML document with any of `task`, `job`, `clock`, `app`, `system`, `steps`.
    public static let lifecycleScenario = SpecMapping(
        name: "lifecycleScenario",
        summary: "A task lifecycle scenario, run on the task harness: the app's tasks, a job, the manual clock, steps, and what must come of them.",
        keys: commonKeys + lifecycleKeys)

    // MARK: task

    /// The keys that describe the app's one Info.plist: written in at most one task, `info-plist` or the inline lists.
    public static let gateKeyNames = ["info-plist", "permitted", "background-modes"]

    /// One entry of `task:`.
    public static let task = SpecMapping(
        name: "task",
        summary: "A background task the app declares and, in at most one task, the app's Info.plist. With no Info.plist key, every declared identifier is permitted and every background mode the kinds need is present; with only one of the inline lists, the other takes its default.",
        keys: [
            SpecKey("identifier", .identifier, .required, example: "com.example.app.refresh",
                    summary: "The task identifier; each identifier once in the scenario (`duplicate-task`)."),
            SpecKey("kind", .choice(LifecycleSpec.TaskKind.allCases.map(\.rawValue)),
                    default: .described("`\(LifecycleTaskReader.defaultKind.rawValue)`"), example: "refresh",
                    summary: "`refresh` (`BGAppRefreshTask`: needs the background mode `fetch`, at most 1 pending request, a `\(DurationText.text(seconds: LifecycleSpec.System().refreshBudget))` budget) or `processing` (`BGProcessingTask`: needs `processing`, at most 10 pending, a `\(DurationText.text(seconds: LifecycleSpec.System().processingBudget))` budget)."),
            SpecKey("info-plist", .text("path relative to the spec file"), example: "fixtures/Info.plist",
                    summary: "The app's Info.plist (XML or binary), read for `BGTaskSchedulerPermittedIdentifiers` and `UIBackgroundModes`; the path is read from the spec file's folder; a path that names no file is warned about (`missing-fixture`), and so is a file the harness cannot read as an Info.plist (`invalid-fixture`): the scenario cannot run without it."),
            SpecKey("permitted", .list(.text("text"), singleAllowed: true, nonEmpty: false),
                    default: .described("every declared identifier"), example: "[com.example.app.refresh]",
                    summary: "`BGTaskSchedulerPermittedIdentifiers`, written inline; `[]` alone shows a missing identifier."),
            SpecKey("background-modes", .list(.text("text"), singleAllowed: true, nonEmpty: false),
                    default: .described("the modes the declared kinds need"), example: "[fetch]",
                    summary: "`UIBackgroundModes`, written inline (`fetch` for refresh tasks, `processing` for processing tasks); `[]` alone shows a missing mode."),
        ],
        constraints: [.excludes(gateKeyNames[0], Array(gateKeyNames.dropFirst()))])

    // MARK: job

    /// `job:`.
    public static let job = SpecMapping(
        name: "job",
        summary: "What the stubbed source returns and how the reference sync job runs: its stages with cancellation checked between them, `write` one short transaction committing items, cursor and updated-at together.",
        keys: [
            SpecKey("items", .list(.text("text"), singleAllowed: true, nonEmpty: false), default: .described("`[]`"),
                    example: "[\"42\", \"43\"]",
                    summary: "The item identifiers the stubbed source returns, until an `items` step changes them (`[\"42\"]` and `[42]` are the same text). An item is any text, line breaks included: the store keeps each whole."),
            SpecKey("stages", .orderedSubset(LifecycleSpec.Stage.allCases.map(\.rawValue), including: LifecycleSpec.Stage.write.rawValue),
                    default: .described("`[\(LifecycleSpec.Stage.allCases.map(\.rawValue).joined(separator: ", "))]`"),
                    example: "[download, parse, write]",
                    summary: "The job's stages: some of these in this order, each once, always with `write` (`invalid-stages`)."),
            SpecKey("flaws", .list(.choice(LifecycleSpec.JobFlaw.allCases.map(\.rawValue)), singleAllowed: true, nonEmpty: false),
                    default: .described("`[]`"), example: "[long-transaction]",
                    summary: "Known mistakes the job makes, to show what the harness reports: `long-transaction` holds the transaction open from download across the stages, `split-write` commits items and cursor in two transactions, `launch-scoped-side-effect-key` keys the side effect per launch instead of per business run; the others do what they say."),
        ])

    // MARK: app and system

    /// `app:`.
    public static let app = SpecMapping(
        name: "app",
        summary: "How the simulated app behaves; the defaults are a well-written app.",
        keys: [
            SpecKey("registers", .list(.identifier, singleAllowed: true, nonEmpty: false), default: .described("each declared task once"),
                    example: "[com.example.app.refresh]",
                    summary: "The identifiers the app registers at every start in the foreground (and in the background unless `registers-in-background` says otherwise), in order: `[]` registers nothing (a later `register` step is then late), an identifier twice is a duplicate registration. Each must be a declared task (`unknown-task`)."),
            SpecKey("registers-in-background", .list(.identifier, singleAllowed: true, nonEmpty: false), default: .described("what `registers` says"),
                    example: "[]",
                    summary: "What a start in the background (the system launching the app for a task) registers, when it differs: `[]` is a registration behind a feature flag a cold background start has not read, and every launch that starts the app finds no handler."),
            SpecKey("submits-at-startup", .flag, default: .described("`\(LifecycleSpec.App().submitsAtStartup)`"), example: "false",
                    summary: "At each start, submit a request for each registered task with none pending, whatever `register` returned (so a refused identifier fails `not-permitted`); the earliest begin is the schedule's first occurrence after the last completed run whose dedup key is not completed, or none."),
            SpecKey("resubmits", .flag, default: .described("`\(LifecycleSpec.App().resubmits)`"), example: "false",
                    summary: "Each launch handler first submits a retry request (the launch time plus the retry delay) and, after a completed run, replaces it with a request for the next occurrence; `false`: nothing is submitted after a launch, so a \"periodic\" refresh runs once."),
            SpecKey("adapter", .choice(LifecycleSpec.Adapter.allCases.map(\.rawValue)),
                    default: .described("`\(LifecycleSpec.App().adapter.rawValue)`"), example: "completes-in-expiration-handler",
                    summary: "`thin` is the seeds' adapter (the expiration handler calls `job.cancel()`, the job's result goes to `setTaskCompleted(success:)` once); each other one has the common bug its name says."),
            SpecKey("retry", .mapping(retry), default: .described("none: a retry may begin as soon as the system allows"),
                    example: "{backoff: exponential, delay: 15m, factor: 2, maximum: 1h}",
                    summary: "The backoff of retry requests, on the manual clock."),
            SpecKey("on-schedule-change", .choice(LifecycleSpec.ScheduleChangeResponse.allCases.map(\.rawValue)),
                    default: .described("`\(LifecycleSpec.App().onScheduleChange.rawValue)`"), example: "keep-pending",
                    summary: "What the app does at a `change-schedule` step: `resubmit` submits, for each task the running process registered at its start, a request for the new schedule's first occurrence after the last completed run whose dedup key is not completed yet, replacing the pending one; `keep-pending` keeps the requests computed from the old schedule (the seeds' warning: a stored instant is not the rule)."),
        ])

    /// `app.retry:`.
    public static let retry = SpecMapping(
        name: "retry",
        summary: "The delay before the request after a failed (or killed) launch may begin, on the manual clock; a success resets the count of consecutive failures (`attempts-reset` says when else).",
        keys: [
            SpecKey("backoff", .choice(LifecycleSectionParser.BackoffShape.allCases.map(\.rawValue)), .required, example: "exponential",
                    summary: "`constant`: the same delay after every failure; `exponential`: the delay grows by `factor` per consecutive failure, up to `maximum`."),
            SpecKey("delay", .duration, .required, example: "15m",
                    summary: "The delay after the first failure."),
            SpecKey("factor", .wholeNumber(LifecycleSectionParser.retryCountRange), default: .number(LifecycleSectionParser.defaultBackoffFactor),
                    example: "2", summary: "How much an `exponential` delay grows per consecutive failure; on a `constant` backoff it has no effect (a warning)."),
            SpecKey("maximum", .duration, default: .described("none"), example: "1h",
                    summary: "The longest an `exponential` delay grows to; on a `constant` backoff it has no effect (a warning)."),
            SpecKey("max-attempts", .wholeNumber(LifecycleSectionParser.retryCountRange), default: .described("none: retries never stop"),
                    example: "5", summary: "After this many consecutive failures, the retry waits for the next occurrence instead."),
            SpecKey("attempts-reset", .choice(LifecycleSpec.Retry.AttemptsReset.allCases.map(\.rawValue)), default: .described("`on-success`"),
                    example: "on-new-occurrence",
                    summary: "When the count of consecutive failures starts over: after a success only (`on-success`), or also once the next occurrence is due (`on-new-occurrence`: each occurrence gets its own `max-attempts`). Without `max-attempts` it has no effect (a warning)."),
        ])

    /// `system:`.
    public static let system = SpecMapping(
        name: "system",
        summary: "How the simulated system behaves.",
        keys: [
            SpecKey("availability", .choice(LifecycleSpec.Availability.allCases.map(\.rawValue)),
                    default: .described("`\(LifecycleSpec.System().availability.rawValue)`"), example: "refresh-disabled",
                    summary: "Whether the device lets the app schedule background work: `refresh-disabled` (Background App Refresh is off: refresh submits fail `unavailable`, processing ones work) or `simulator` (every submit fails `unavailable`)."),
            SpecKey("expires-after", .mapping(expiresAfter),
                    default: .described("`{refresh: \(DurationText.text(seconds: LifecycleSpec.System().refreshBudget)), processing: \(DurationText.text(seconds: LifecycleSpec.System().processingBudget))}`"),
                    example: "{refresh: 1m}",
                    summary: "Each launch's deadline: when the clock passes it with the launch not completed, the system expires the task and, still not completed, kills the app (`missing-completion`)."),
        ])

    /// `system.expires-after:`.
    public static let expiresAfter = SpecMapping(
        name: "expiresAfter",
        summary: "Each kind's time from launch to expiration; longer than `0s`.",
        keys: [
            SpecKey("refresh", .positiveDuration, default: .described("`\(DurationText.text(seconds: LifecycleSpec.System().refreshBudget))`"),
                    example: "30s", summary: "The budget of a refresh task's launch."),
            SpecKey("processing", .positiveDuration, default: .described("`\(DurationText.text(seconds: LifecycleSpec.System().processingBudget))`"),
                    example: "5m", summary: "The budget of a processing task's launch."),
        ])

    // MARK: steps

    /// One item of `steps:`: `at` and one action, each action with the keys it takes (`stepForms`).
    public static let step = SpecMapping(
        name: "step",
        summary: "One step: `at` moves the clock there first (never backwards: steps are in time order, `instant-order`; without it the step happens at the clock's current time), then exactly one action happens (`conflicting-keys` for two, `missing-key` for none). Identifiers must be declared tasks (`unknown-task`).",
        keys: [
            SpecKey("at", .instant, example: "2027-03-29T02:31:00+02:00",
                    summary: "The instant the step happens; not allowed beside `advance`."),
            SpecKey("launch", .identifier, .alternative("one action"), example: "com.example.app.refresh",
                    summary: "The system launches the task's pending request (starting the app in the background when it is not running); the launch runs to its end before the next step."),
            SpecKey("expire", .either([.checkpoint(afterWrite: false), .identifier]), .alternative("one action, or beside `launch`"),
                    example: "during parse",
                    summary: "Beside `launch`, `during <stage>`: the system expires the task while that stage runs (after its work, before the job checks for cancellation; inside the transaction for `write`). Alone, `<identifier>`: the system expires a launch whose handler returned without completing (`not-running` when none runs)."),
            SpecKey("fail", .mapping(fault), example: "{stage: write, error: disk-full}",
                    summary: "Beside `launch`: one of the job's stages fails with an error type."),
            SpecKey("interrupt", .checkpoint(afterWrite: true), example: "after-write",
                    summary: "Beside `launch`: the process dies `after-write` (after the business write and its side effect, before the completion record) or `during <stage>` (inside the write transaction for `write`: it rolls back)."),
            SpecKey("overlap", .mapping(overlap), example: "{launch: com.example.app.processing, during: parse}",
                    summary: "Beside `launch`: while this launch is in the stage `during`, the system launches another task. At one checkpoint, overlap, expire, fail and interrupt act in that order."),
            SpecKey("register", .identifier, .alternative("one action"), example: "com.example.app.refresh",
                    summary: "The app registers the task now: after its launch finished, so `late-registration` (the app is started in the foreground when it is not running)."),
            SpecKey("submit", .identifier, .alternative("one action"), example: "com.example.app.refresh",
                    summary: "The app submits a request now; it replaces the task's pending request."),
            SpecKey("earliest-begin", .instant, default: .described("none"),
                    example: "2027-03-29T09:00:00+02:00", summary: "Beside `submit`: the request's earliest begin date, a floor (the system never launches it earlier)."),
            SpecKey("cancel", .either([.choice(["all"]), .identifier]), .alternative("one action"), example: "all",
                    summary: "The app cancels its pending request for the task, or `all` of them."),
            SpecKey("relaunch", .either([.nothing, .mapping(relaunch)]), .alternative("one action"), example: "{registers: []}",
                    summary: "The process dies (in-memory state, registrations and handlers gone; pending requests and stores stay) and starts again in the foreground; `relaunch:` with no value is the same as `{}`."),
            SpecKey("terminate", .nothing, .alternative("one action"), example: "{}",
                    summary: "The system ends the process (memory pressure, say); it stays dead until a step needs it, and a launch starts it in the background."),
            SpecKey("force-quit", .nothing, .alternative("one action"), example: "{}",
                    summary: "The user swipes the app away in the app switcher: the process dies, and until the user opens the app again (`open-app`, or any step that starts it in the foreground) the system launches none of its refresh tasks (`app-force-quit`); processing tasks may still run. Pending requests stay."),
            SpecKey("open-app", .nothing, .alternative("one action"), example: "{}",
                    summary: "The user opens the app: it starts in the foreground when it is not running (registering and submitting, as every start does), and comes to the foreground when it is; a force-quit ends."),
            SpecKey("availability", .choice([LifecycleSpec.Availability.refreshDisabled, .available].map(\.rawValue)), .alternative("one action"),
                    example: "refresh-disabled",
                    summary: "The user turns Background App Refresh off (`refresh-disabled`) or on (`available`) in Settings from now on; the app is not told. While it is off, refresh submits fail and pending refresh requests are not launched (`unavailable`); they stay pending. Processing tasks are not affected."),
            SpecKey("update-app", .either([.nothing, .mapping(updateApp)]), .alternative("one action"),
                    example: "{registers: [com.example.app.nightly-refresh], permitted: [com.example.app.nightly-refresh]}",
                    summary: "A new version of the app is installed: the process ends, and what the step writes holds from the next start (which a launch, in the background, or the user opening the app makes); a key not written keeps the old version's. Pending requests and stores stay."),
            SpecKey("advance", .either([.duration, .instant]), .alternative("one action"), example: "31s",
                    summary: "Moves the clock forward by a duration or to an instant, firing what falls due (expiration deadlines)."),
            SpecKey("items", .list(.text("text"), singleAllowed: true, nonEmpty: false), .alternative("one action"),
                    example: "[\"42\", \"44\"]", summary: "The stubbed source returns these items from now on."),
            SpecKey("change-schedule", .mapping(scheduleChange), .alternative("one action"), example: "{timezone: America/New_York}",
                    summary: "The schedule changes from now on (the user moved, the rule got a new version); the app, started in the foreground when it is not running, computes its requests again (`app.on-schedule-change`). Each launch after it catches up with the new schedule."),
        ],
        variants: stepForms,
        variantSelection: .exactlyOne)

    /// The step forms: each action with the keys it allows, in the order messages list the actions.
    public static let stepForms: [SpecMapping.Variant] = [
        .init(name: "launch", key: "launch", value: nil, keys: ["at", "launch", "expire", "fail", "interrupt", "overlap"], required: ["launch"],
              example: "{at: 2027-03-29T02:31:00+02:00, launch: com.example.app.refresh, expire: during parse}",
              overrides: ["expire": .checkpoint(afterWrite: false)]),
        .init(name: "expire", key: "expire", value: nil, keys: ["at", "expire"], required: ["expire"],
              example: "{at: 2027-03-29T09:00:10+02:00, expire: com.example.app.refresh}", overrides: ["expire": .identifier]),
        .init(name: "register", key: "register", value: nil, keys: ["at", "register"], required: ["register"],
              example: "{at: 2027-03-29T08:05:00+02:00, register: com.example.app.refresh}"),
        .init(name: "submit", key: "submit", value: nil, keys: ["at", "submit", "earliest-begin"], required: ["submit"],
              example: "{submit: com.example.app.refresh, earliest-begin: 2027-03-29T09:00:00+02:00}"),
        .init(name: "cancel", key: "cancel", value: nil, keys: ["at", "cancel"], required: ["cancel"], example: "{cancel: all}"),
        .init(name: "relaunch", key: "relaunch", value: nil, keys: ["at", "relaunch"], required: ["relaunch"],
              example: "{at: 2027-03-29T08:30:00+02:00, relaunch: {registers: []}}"),
        .init(name: "terminate", key: "terminate", value: nil, keys: ["at", "terminate"], required: ["terminate"], example: "{terminate: {}}"),
        .init(name: "force-quit", key: "force-quit", value: nil, keys: ["at", "force-quit"], required: ["force-quit"],
              example: "{at: 2027-06-08T22:00:00+02:00, force-quit: {}}"),
        .init(name: "open-app", key: "open-app", value: nil, keys: ["at", "open-app"], required: ["open-app"],
              example: "{at: 2027-06-09T08:00:00+02:00, open-app: {}}"),
        .init(name: "availability", key: "availability", value: nil, keys: ["at", "availability"], required: ["availability"],
              example: "{at: 2027-06-08T22:00:00+02:00, availability: refresh-disabled}"),
        .init(name: "update-app", key: "update-app", value: nil, keys: ["at", "update-app"], required: ["update-app"],
              example: "{at: 2027-06-08T21:00:00+02:00, update-app: {adapter: thin}}"),
        .init(name: "advance", key: "advance", value: nil, keys: ["advance"], required: ["advance"], example: "{advance: 31s}"),
        .init(name: "items", key: "items", value: nil, keys: ["at", "items"], required: ["items"], example: "{items: [\"42\", \"44\"]}"),
        .init(name: "change-schedule", key: "change-schedule", value: nil, keys: ["at", "change-schedule"], required: ["change-schedule"],
              example: "{at: 2027-03-29T12:00:00+02:00, change-schedule: {timezone: America/New_York}}"),
    ]

    /// `change-schedule:` of a step.
    public static let scheduleChange = SpecMapping(
        name: "changeSchedule",
        summary: "What changes in the scenario's schedule from this step on; a key not written keeps its value. The schedule's `id` stays: the catch-up anchor (the last completed run) carries over, and a new `version` makes new dedup keys.",
        keys: [
            SpecKey("timezone", .timeZone, example: "America/New_York",
                    summary: "The new zone (the user moved): the rule's wall times and every dedup key's local date are read there from now on."),
            SpecKey("rule", .either([.mapping(rule), .ruleShorthand]), example: "{every: day, at: \"04:00\"}",
                    summary: "The new rule; a change from an interval to a calendar rule must give `nonexistent` and `repeated`."),
            SpecKey("nonexistent", .choice(NonexistentTimePolicy.allCases.map(\.rawValue)), example: "next-valid-time",
                    summary: "The new policy for wall times a forward change skips."),
            SpecKey("repeated", .choice(RepeatedTimePolicy.allCases.map(\.rawValue)), example: "both",
                    summary: "The new policy for wall times a backward change repeats."),
            SpecKey("version", .wholeNumber(1...1_000_000), example: "2",
                    summary: "The rule's new version: dedup keys name it, so the same local date under a new version is a new occurrence."),
            SpecKey("limit", .wholeNumber(1...10_000_000), example: "10000",
                    summary: "The new search bound."),
        ],
        constraints: [.atLeastOne(["timezone", "rule", "nonexistent", "repeated", "version", "limit"])])

    /// `fail:` of a launch.
    public static let fault = SpecMapping(
        name: "fail",
        summary: "A fault injected into a launch: one of the job's stages fails with an error type.",
        keys: [
            SpecKey("stage", .choice(LifecycleSpec.Stage.allCases.map(\.rawValue)), .required, example: "write",
                    summary: "The stage that fails; one of the job's stages (`unknown-value` otherwise)."),
            SpecKey("error", .errorType, .required, example: "disk-full",
                    summary: "The error type it fails with, as the diagnostics log shows it (`invalid-name` otherwise)."),
        ])

    /// `overlap:` of a launch.
    public static let overlap = SpecMapping(
        name: "overlap",
        summary: "Another launch while this one is in a stage, with its own expire, fail and interrupt.",
        keys: [
            SpecKey("launch", .identifier, .required, example: "com.example.app.processing",
                    summary: "The task the system launches meanwhile."),
            SpecKey("during", .choice(LifecycleSpec.Stage.allCases.map(\.rawValue)), .required, example: "parse",
                    summary: "The stage of this launch it happens in; one of the job's stages."),
            SpecKey("expire", .checkpoint(afterWrite: false), example: "during write",
                    summary: "The system expires the overlapping launch while that stage runs."),
            SpecKey("fail", .mapping(fault), example: "{stage: write, error: disk-full}",
                    summary: "A stage of the overlapping launch fails."),
            SpecKey("interrupt", .checkpoint(afterWrite: true), example: "after-write",
                    summary: "The process dies at that point of the overlapping launch."),
        ])

    /// `relaunch:` with a value.
    public static let relaunch = SpecMapping(
        name: "relaunch",
        summary: "What the app does at the new start.",
        keys: [
            SpecKey("registers", .list(.identifier, singleAllowed: true, nonEmpty: false), default: .described("what `app.registers` says"),
                    example: "[]",
                    summary: "Replaces what the app registers at this and every later start; `[]` leaves a pending request with no launch handler."),
            SpecKey("registers-in-background", .list(.identifier, singleAllowed: true, nonEmpty: false),
                    default: .described("unchanged: the list `registers-in-background` set, else what `registers` says"),
                    example: "[]", summary: "Replaces what every later start in the background registers."),
        ])

    /// `update-app:` of a step: what the new version of the app changes.
    public static let updateApp = SpecMapping(
        name: "updateApp",
        summary: "What the new version of the app does from its first start on; a key not written keeps the old version's. The update ends the running process; the system keeps the app's pending requests, the device its stores.",
        keys: [
            SpecKey("registers", .list(.identifier, singleAllowed: true, nonEmpty: false), default: .described("the old version's"),
                    example: "[com.example.app.nightly-refresh]", summary: "What the new version registers at every start (a renamed identifier: the old request has no handler any more)."),
            SpecKey("registers-in-background", .list(.identifier, singleAllowed: true, nonEmpty: false), default: .described("the old version's"),
                    example: "[]", summary: "What the new version registers at a start in the background, when it differs."),
            SpecKey("permitted", .list(.text("text"), singleAllowed: true, nonEmpty: false), default: .described("the old version's"),
                    example: "[com.example.app.nightly-refresh]", summary: "The new Info.plist's `BGTaskSchedulerPermittedIdentifiers`."),
            SpecKey("background-modes", .list(.text("text"), singleAllowed: true, nonEmpty: false), default: .described("the old version's"),
                    example: "[fetch, processing]", summary: "The new Info.plist's `UIBackgroundModes`."),
            SpecKey("adapter", .choice(LifecycleSpec.Adapter.allCases.map(\.rawValue)), default: .described("the old version's"),
                    example: "thin", summary: "The new version's adapter (a bug fixed: `thin`)."),
            SpecKey("flaws", .list(.choice(LifecycleSpec.JobFlaw.allCases.map(\.rawValue)), singleAllowed: true, nonEmpty: false),
                    default: .described("the old version's"), example: "[]", summary: "The new version's job flaws (`[]`: all fixed)."),
            SpecKey("submits-at-startup", .flag, default: .described("the old version's"), example: "true",
                    summary: "Whether the new version submits, at each start, a request for each registered task with none pending."),
            SpecKey("resubmits", .flag, default: .described("the old version's"), example: "true",
                    summary: "Whether the new version's launch handler submits the next request."),
        ])

    // MARK: expect

    /// `expect:` of a lifecycle scenario.
    public static let lifecycleExpect = SpecMapping(
        name: "lifecycleExpect",
        summary: "What the scenario must end with. A key written is compared, one not written is not — except `errors`, compared with `[]` when not written. Every invariant of the harness is checked whatever this says.",
        keys: [
            SpecKey("completed", .list(.choice(LifecycleExpectation.Completion.allCases.map(\.rawValue)), singleAllowed: true, nonEmpty: false),
                    example: "[false, killed, true]",
                    summary: "How each launch ended, in launch order (a launch nested in another comes after it): `true` and `false` as `setTaskCompleted(success:)` said (or the system, ending it as false), `killed` (the process died first), `none` (nothing ended it)."),
            SpecKey("store", .mapping(store), example: "{items: [\"42\", \"43\"], commits: 1}",
                    summary: "The committed store."),
            SpecKey("side-effects", .wholeNumber(LifecycleExpectReader.countRange), example: "1",
                    summary: "How many side effects the outside system received (one per business key)."),
            SpecKey("temp-files", .wholeNumber(LifecycleExpectReader.countRange), example: "0",
                    summary: "How many temporary files are left in the scenario's folder."),
            SpecKey("runs", .list(.mapping(run), singleAllowed: false, nonEmpty: false),
                    example: "[{planned: 2027-03-29T02:30:00+02:00, actual: 2027-03-29T02:31:00+02:00, key: nightly-sync/v1/2027-03-29}]",
                    summary: "The scenario's first runs, in order: one per due occurrence of each launch (one per launch without a schedule). Runs after the last one listed are not compared; a listed run beyond the last run fails."),
            SpecKey("run-count", .wholeNumber(LifecycleExpectReader.countRange), example: "2",
                    summary: "How many runs there are in all, to say there are no more than `runs` lists."),
            SpecKey("log", .mapping(log), example: "{never: [\"token=\"]}",
                    summary: "The diagnostics log's lines: `<stage> <identifier> <error type or ok>`."),
            SpecKey("errors", .list(.choice(LifecycleExpectation.ErrorCode.allCases.map(\.rawValue)), singleAllowed: true, nonEmpty: false),
                    default: .described("`[]`: a scenario that raises a lifecycle error it does not list fails"), example: "[late-registration]",
                    summary: "The lifecycle errors raised, in order (a refused step is recorded, never stops the scenario)."),
            SpecKey("defects", .list(.choice(LifecycleExpectation.DefectKind.allCases.map(\.rawValue)), singleAllowed: true, nonEmpty: false),
                    example: "[completed-twice]", summary: "The defects found, in order."),
            SpecKey("broken-invariants", .list(.choice(LifecycleExpectation.Invariant.allCases.map(\.rawValue)), singleAllowed: true, nonEmpty: false),
                    example: "[one-completion-per-launch]",
                    summary: "The invariants the scenario is meant to break, in any order: exactly these must break (a listed one that holds fails too)."),
            SpecKey("pending-requests", .list(.either([.identifier, .mapping(pendingRequest)]), singleAllowed: true, nonEmpty: false),
                    example: "[com.example.app.refresh]",
                    summary: "The requests pending at the end, in any order: each task's identifier, or `{identifier: …, earliest-begin: …}` to check the request's earliest begin too (a retry's backoff, the next occurrence)."),
        ])

    /// `expect.store:`.
    public static let store = SpecMapping(
        name: "store",
        summary: "The committed store; each key written is compared.",
        keys: [
            SpecKey("items", .list(.text("text"), singleAllowed: true, nonEmpty: false), example: "[\"42\", \"43\"]",
                    summary: "Its items, in the order first written (a duplicate appears twice)."),
            SpecKey("commits", .wholeNumber(LifecycleExpectReader.countRange), example: "1",
                    summary: "How many business writes committed."),
            SpecKey("updated-at", .instant, example: "2027-03-31T05:00:00+02:00",
                    summary: "When the last commit happened (a commit carries its launch's time)."),
        ])

    /// `expect.log:`.
    public static let log = SpecMapping(
        name: "log",
        summary: "Texts the diagnostics log's lines must, or must never, contain (one check per text).",
        keys: [
            SpecKey("contains", .list(.either([.text("text"), .mapping(logText)]), singleAllowed: true, nonEmpty: false),
                    example: "[\"register com.example.app.refresh ok\"]",
                    summary: "Each text appears in some line; `{text: …, lines: N}` for a text exactly N lines contain (a relaunch registers again)."),
            SpecKey("never", .list(.text("text"), singleAllowed: true, nonEmpty: false), example: "[\"Bearer \", \"token=\"]",
                    summary: "No line contains any of these texts (the log keeps identifiers, stages and error types, never tokens or payloads)."),
        ])

    /// The long form of an item of `expect.log.contains:`.
    public static let logText = SpecMapping(
        name: "log text",
        summary: "A text and how many of the log's lines contain it.",
        keys: [
            SpecKey("text", .text("text"), .required, example: "register com.example.app.refresh ok",
                    summary: "The text, as in the short form."),
            SpecKey("lines", .wholeNumber(LifecycleExpectReader.logLineRange), .required, example: "2",
                    summary: "Exactly this many lines contain it (for none, list the text under `never`)."),
        ])

    /// The long form of an item of `expect.pending-requests:`.
    public static let pendingRequest = SpecMapping(
        name: "pending request",
        summary: "A request pending at the end, with its earliest begin.",
        keys: [
            SpecKey("identifier", .identifier, .required, example: "com.example.app.refresh",
                    summary: "The task the request is for."),
            SpecKey("earliest-begin", .instant, .required, example: "2027-03-29T03:10:00+02:00",
                    summary: "The request's `earliestBeginDate`: a retry's launch time plus its backoff, or the schedule's next occurrence."),
        ])

    /// One item of `expect.runs:`.
    public static let run = SpecMapping(
        name: "run",
        summary: "One run as the scenario must have it; only the keys written are compared, instants as absolute instants.",
        keys: [
            SpecKey("planned", .instant, example: "2027-03-29T02:30:00+02:00",
                    summary: "When it was planned: the occurrence, or without a schedule the request's earliest begin."),
            SpecKey("actual", .instant, example: "2027-03-29T02:31:00+02:00", summary: "When the launch ran."),
            SpecKey("key", .text("text"), example: "nightly-sync/v1/2027-03-29",
                    summary: "The occurrence's dedup key, or the run's business key."),
            SpecKey("outcome", .choice(LifecycleExpectation.RunOutcome.allCases.map(\.rawValue)), example: "completed",
                    summary: "What became of its launch: `completed` (success reported), `failed`, `expired` (expired and ended as a failure), `killed`, `unfinished`."),
        ],
        constraints: [.atLeastOne(["planned", "actual", "key", "outcome"])])

    // MARK: Lists

    /// Every mapping of lifecycle scenarios, in the order the reference presents them.
    public static let lifecycleMappings: [SpecMapping] = [
        lifecycleScenario, task, job, app, retry, system, expiresAfter, step, fault, overlap, relaunch, updateApp, scheduleChange, lifecycleExpect, store, log, logText, run, pendingRequest,
    ]
}
