import SpecYAML
import SpecDiagnostics

/// Keys written one level off: a rule's `every`/`at` straight under `schedule` (no `rule:`), the policies inside
/// `rule`, a window's `expect` inside a case. Each group is told once, at its first key, with where the keys go,
/// instead of as one unknown key each and a missing key besides.
struct MisplacedKeys: Sendable {
    /// The keys of the group, as they would be written in their right place.
    let keys: [String]
    /// The key the group stands for at this place (`rule` for `every` under `schedule`): not reported missing.
    let standsFor: String?
    /// True when the keys go inside `standsFor`: a mapping that already has that key is told to move them under it,
    /// since writing a second `standsFor:` line, as `message` says, would be a duplicate key.
    var goInside = false
    /// The message, given the group's entries as written (in order).
    let message: @Sendable ([Node.Entry]) -> String

    /// A rule's keys written directly in `schedule`.
    static let ruleKeysInSchedule = MisplacedKeys(
        keys: ["every", "at", "on", "day", "month", "missing-day", "minute", "second", "interval", "from"], standsFor: "rule", goInside: true
    ) { entries in
        "\(names(entries)) \(entries.count == 1 ? "belongs" : "belong") inside 'rule'; write rule: {\(flow(entries))}"
    }

    /// A document's sections indented under `schedule` (`cases:` two spaces in): YAML reads them as the schedule's. A
    /// cases review got "unknown key 'cases' in 'schedule'" beside "checks nothing; add 'cases:'", and adding it failed.
    static let documentKeysInSchedule = MisplacedKeys(keys: ["cases", "window", "expect"], standsFor: nil) { entries in
        "\(names(entries)) \(entries.count == 1 ? "is" : "are") indented under 'schedule', so YAML reads \(entries.count == 1 ? "it" : "them") as "
            + "the schedule's; move \(entries.count == 1 ? "it" : "them") left, with the lines under \(entries.count == 1 ? "it" : "them"), "
            + "to the start of the line, where 'schedule:' is"
    }

    /// The policies (and the zone) written inside `rule`.
    static let scheduleKeysInRule = MisplacedKeys(
        keys: ["nonexistent", "repeated", "timezone", "limit", "id", "version"], standsFor: nil
    ) { entries in
        "\(names(entries)) \(entries.count == 1 ? "belongs" : "belong") to 'schedule', beside 'rule', not inside the rule; write \(entries.count == 1 ? "it" : "them") on \(entries.count == 1 ? "a line" : "lines") of \(entries.count == 1 ? "its" : "their") own under 'schedule:', as 'rule:' is"
    }

    /// The schedule's keys indented under `window` (its section ends one line too early): told once here, not also
    /// missing from `schedule` (a newcomer got the two errors unlinked).
    static let scheduleKeysInWindow = MisplacedKeys(
        keys: ["timezone", "rule", "nonexistent", "repeated", "id", "version", "limit"], standsFor: nil
    ) { entries in
        "\(names(entries)) \(entries.count == 1 ? "belongs" : "belong") to 'schedule', not 'window'; move \(entries.count == 1 ? "it" : "them") "
            + "up under 'schedule:', indented like its other keys"
    }

    /// The window's keys indented under `expect` (the window's section ended a line early; a second review round got
    /// "'window' has no 'through'" and "unknown key 'through' in 'expect'", unlinked).
    static let windowKeysInExpect = MisplacedKeys(keys: ["after", "through"], standsFor: nil) { entries in
        "\(names(entries)) \(entries.count == 1 ? "belongs" : "belong") to 'window', not 'expect'; move \(entries.count == 1 ? "it" : "them") "
            + "up under 'window:', indented like its other keys"
    }

    /// The document's sections written without their section key.
    static let sectionKeysInDocument: [MisplacedKeys] = [
        MisplacedKeys(keys: ["timezone", "rule", "nonexistent", "repeated"], standsFor: "schedule", goInside: true) { entries in
            "\(names(entries)) \(entries.count == 1 ? "belongs" : "belong") inside 'schedule'; write a line 'schedule:' and indent \(entries.count == 1 ? "it" : "them") under it"
        },
        MisplacedKeys(keys: ["after", "through"], standsFor: "window", goInside: true) { entries in
            "\(names(entries)) \(entries.count == 1 ? "belongs" : "belong") inside 'window'; write a line 'window:' and indent \(entries.count == 1 ? "it" : "them") under it"
        },
        MisplacedKeys(keys: ["occurrences"], standsFor: "expect", goInside: true) { _ in
            "'occurrences' belongs inside 'expect'; write a line 'expect:' and indent 'occurrences:' under it"
        },
    ]

    /// A lifecycle scenario's section keys written at the document's top level (`identifier:` without `task:`).
    static let lifecycleSectionKeysInDocument: [MisplacedKeys] = [(section: String, keys: [String])]([
        ("task", SpecKeyCatalog.task.keyNames), ("job", SpecKeyCatalog.job.keyNames), ("app", SpecKeyCatalog.app.keyNames),
        ("system", SpecKeyCatalog.system.keyNames), ("expect", SpecKeyCatalog.lifecycleExpect.keyNames),
    ]).map { section, keys in
        MisplacedKeys(keys: keys, standsFor: section, goInside: true) { entries in
            "\(names(entries)) \(entries.count == 1 ? "belongs" : "belong") inside '\(section)'; indent \(entries.count == 1 ? "it" : "them") under a line '\(section):'"
        }
    }

    /// A document's keys indented under a step (`expect:` under the last step): YAML reads them as the step's.
    /// One setting of the scenario written in a step is most likely meant to change from that step on: it is told the
    /// step that does (a review's `{at: …, system: {availability: refresh-disabled}}` was told only to move it left).
    static let documentKeysInStep = MisplacedKeys(keys: documentKeysOfScenario, standsFor: nil) { entries in
        let indented = "\(names(entries)) \(entries.count == 1 ? "is" : "are") indented under this step, so YAML reads \(entries.count == 1 ? "it" : "them") as the step's; move \(entries.count == 1 ? "it" : "them") left to the start of the line, where the document's keys are"
        guard entries.count == 1, let key = entries[0].key.scalar?.value, let change = midwayChanges[key] else { return indented }
        return "'\(key)' is set for the whole scenario, and a step cannot write it; \(change). If it is the document's '\(key)', move it left to the start of the line, where the document's keys are"
    }

    /// A schedule's keys in `update-app`: a new version's schedule changes in a step of its own. In a scenario without a
    /// schedule there is nothing for a step to change, and the keys are to go (a review added the 'change-schedule' step
    /// offered, then the schedule it asked for, and five rounds on its scenario no longer showed the bug the update fixed).
    static func scheduleKeysInUpdate(scenarioHasSchedule: Bool) -> MisplacedKeys {
        MisplacedKeys(keys: ["schedule", "version", "timezone", "rule", "nonexistent", "repeated", "limit", "id"], standsFor: nil) { entries in
            // `schedule: {version: 2}` is told its own keys.
            let written = entries.count == 1 && entries[0].key.scalar?.value == "schedule" ? entries[0].value.mapping ?? [] : entries
            let changes = "\(names(entries)) \(entries.count == 1 ? "changes" : "change") the schedule, which 'update-app' does not"
            guard scenarioHasSchedule else {
                return changes + ", and this scenario has no 'schedule:' for a step to change; remove \(entries.count == 1 ? "it" : "them") "
                    + "('update-app' changes the app: registers, permitted, background-modes, adapter, flaws, submits-at-startup, resubmits)"
            }
            return changes + "; write a 'change-schedule' step after this one, e.g. - change-schedule: {\(written.isEmpty ? "version: 2" : flow(written))}"
        }
    }

    /// An Info.plist file in `update-app`: the new version's Info.plist is written inline.
    static let infoPlistInUpdate = MisplacedKeys(keys: ["info-plist"], standsFor: nil) { _ in
        "'update-app' takes the new Info.plist's keys inline; write 'permitted: [...]' and 'background-modes: [...]'"
    }

    /// What a step can change of each setting, in words.
    private static let midwayChanges: [String: String] = [
        "system": "to turn Background App Refresh off or on from this step, write 'availability: refresh-disabled' or 'availability: available' in the step",
        "schedule": "to change it from this step, write 'change-schedule:' with what changes, e.g. change-schedule: {timezone: America/New_York}",
        "job": "what the source returns can change from this step: write 'items: [...]' in the step (and the job's flaws with a new version of the app: 'update-app: {flaws: [...]}')",
        "app": "a new version of the app changes it from this step: write 'update-app: {...}' in the step (registers, adapter, resubmits, …)",
        "task": "the declared tasks stay; what the app registers and permits changes with a new version of the app: write 'update-app: {registers: [...], permitted: [...]}' in the step",
        "clock": "to move the clock, write 'at:' on the step or a step 'advance: <duration or instant>'",
    ]

    /// The keys of a scenario's document (`task`, …, `expect`, and the keys every spec has).
    static let documentKeysOfScenario = SpecKeyCatalog.commonKeyNames + SpecKeyCatalog.lifecycleKeyNames

    /// A recurrence spec's checks written in a lifecycle scenario: a document is one or the other.
    static let recurrenceKeysInScenario = MisplacedKeys(keys: ["window", "cases", "after", "through", "occurrences"], standsFor: nil) { entries in
        "\(names(entries)) \(entries.count == 1 ? "checks" : "check") a recurrence rule, and this document is a task lifecycle scenario; move \(entries.count == 1 ? "it" : "them") (with any 'expect: occurrences') to a recurrence spec of its own after a line '---', or check the scenario's runs with 'expect: runs:'"
    }

    /// A lifecycle scenario's keys written in a recurrence spec (a document with `window` or `cases` and no `task`).
    static let scenarioKeysInRecurrenceSpec = MisplacedKeys(keys: SpecKeyCatalog.lifecycleMarkerKeys, standsFor: nil) { entries in
        "\(names(entries)) \(entries.count == 1 ? "belongs" : "belong") to a task lifecycle scenario, and this document is a recurrence spec (it has no 'task'); remove \(entries.count == 1 ? "it" : "them"), or write the scenario as a document of its own after a line '---'"
    }

    /// A recurrence spec's expectation written in a lifecycle scenario's `expect`.
    static let occurrencesInScenarioExpect = MisplacedKeys(keys: ["occurrences"], standsFor: nil) { _ in
        "'occurrences' is what a recurrence spec expects; a scenario checks the runs its schedule drives with 'runs:' (planned, actual, key), and occurrences belong in a recurrence spec of its own after a line '---'"
    }

    /// A window's expectation written in a case, which checks a search with `next`.
    static let expectationInCase = MisplacedKeys(keys: ["expect", "occurrences"], standsFor: "next") { entries in
        // `expect: {error: no-occurrence}`, as a window writes it: the case's `error:` beside its `after:`. It was offered
        // a Berlin instant of the docs' examples, unrelated to the case.
        let errors = entries.compactMap { $0.value.mapping?.first { $0.key.scalar?.value == "error" }?.value.scalar?.value }
        if let error = errors.first, entries.count == 1 {
            return "a case writes its expected error beside its 'after:', not in \(names(entries)) (that is how a window's expectation is written); write 'error: \(error)' in place of '\(entries[0].key.scalar?.value ?? "expect"):'"
        }
        let instants = entries.flatMap { instantTexts(in: $0.value) }
        let example = instants.isEmpty ? "next: <the instant its search finds> (or a list)" : "next: [\(instants.joined(separator: ", "))]"
        return "a case gives what its search finds with 'next:', not \(names(entries)) (that is how a window's expectation is written); write \(example), or 'error: no-occurrence'"
    }

    /// The message when the mapping already has the key the group goes inside (`timezone:` beside `schedule:`): where
    /// to move the keys, since a second `schedule:` line would be a duplicate key.
    func messageMovingInto(_ parent: Node.Entry, _ entries: [Node.Entry]) -> String {
        let section = parent.key.scalar?.value ?? standsFor ?? ""
        let line = parent.key.mark.line
        let one = entries.count == 1
        let lead = "\(Self.names(entries)) \(one ? "belongs" : "belong") inside '\(section)', and '\(section):' is already written at line \(line)"
        let inside = parent.value.mapping ?? []
        if let twice = entries.lazy.compactMap({ entry in
            inside.first { $0.key.scalar?.value == entry.key.scalar?.value }
        }).first, let key = twice.key.scalar?.value {
            return "\(lead) with '\(key)' in it (line \(twice.key.mark.line)); keep one of them: remove this one, or move it there in place of the other"
        }
        switch parent.value {
        case .mapping(_, let mark) where mark.line > line:
            return "\(lead); move \(one ? "it" : "them") there, indented as the keys under it are"
        case .mapping:
            return "\(lead); write \(one ? "it" : "them") inside its braces there: \(section): {…, \(Self.flow(entries))}"
        case .scalar(let scalar) where scalar.isNull:
            return "\(lead), with nothing under it; move \(one ? "it" : "them") there, indented under it"
        default:
            return "\(lead) as \(parent.value.kindDescription), not a mapping; write '\(section)' as a mapping with \(one ? "this key" : "these keys") in it, or remove \(one ? "it" : "them")"
        }
    }

    /// `'every' and 'at'`, `'every', 'at' and 'on'`.
    private static func names(_ entries: [Node.Entry]) -> String {
        ListWording.joined(entries.compactMap { $0.key.scalar.map { "'\($0.value)'" } })
    }

    /// The entries as a flow mapping's body, values as written (`every: day, at: "02:30"`).
    private static func flow(_ entries: [Node.Entry]) -> String {
        entries.map { entry in
            let key = entry.key.scalar?.value ?? ""
            guard let value = entry.value.scalar else { return "\(key): …" }
            switch value.style {
            case .doubleQuoted: return "\(key): \"\(value.value)\""
            case .singleQuoted: return "\(key): '\(value.value)'"
            default: return "\(key): \(value.value)"
            }
        }.joined(separator: ", ")
    }

    /// The instants written in an expectation's value: a list, or `{occurrences: [...]}`.
    static func instantTexts(in node: Node) -> [String] {
        switch node {
        case .scalar(let scalar): scalar.isNull ? [] : [scalar.value]
        case .sequence(let items, _): items.compactMap { $0.scalar?.value }
        case .mapping(let entries, _): entries.first { $0.key.scalar?.value == "occurrences" }.map { instantTexts(in: $0.value) } ?? []
        }
    }
}
