extension SpecKeyCatalog {
    /// The top-level keys of a task lifecycle scenario (a document with `task:`), as the spec language names them.
    ///
    /// This is the one place lifecycle keys are registered. Until the lifecycle section parser lands, their values
    /// are `.pending`: the schema accepts anything under them and the reference marks them as pending. When it
    /// lands, describe each key (and its nested mappings) here with its real form, and have the lifecycle parser
    /// take its allowed keys from `lifecycleScenario.keyNames`, as the recurrence readers do.
    public static let lifecycleKeys: [SpecKey] = [
        SpecKey("task", .pending, .required,
                summary: "The background task: `identifier`, `kind` (`refresh` | `processing`), and the static gate (`info-plist:` or inline `permitted:` and `background-modes:`)."),
        SpecKey("job", .pending, summary: "What the stubbed job works on: `items` the source returns, `stages` (default `[download, parse, write]`)."),
        SpecKey("schedule", .pending, summary: "A schedule that drives `earliestBeginDate` and catch-up (the same keys as a recurrence spec's `schedule`)."),
        SpecKey("clock", .pending, summary: "The manual clock's start instant; it never goes backwards and nothing sleeps."),
        SpecKey("steps", .pending, summary: "What happens, in order: each step an `at` instant with a `launch` and its `expire`, `fail` or `interrupt`."),
        SpecKey("expect", .pending, summary: "The end state: `completed` per launch, `store`, `side-effects`, `temp-files`, `runs`, `log`, `errors`."),
    ]

    /// A task lifecycle scenario: one YAML document with `task:`.
    public static let lifecycleScenario = SpecMapping(
        name: "lifecycleScenario",
        summary: "A task lifecycle scenario (a document with `task:`), run against the task harness.",
        keys: commonKeys + lifecycleKeys)

    /// True while some lifecycle key has no definition yet (the schema then accepts any value under it).
    public static var lifecyclePending: Bool {
        lifecycleKeys.contains { key in
            if case .pending = key.value { return true }
            return false
        }
    }
}
