import SpecDiagnostics

/// Writes `docs/spec-reference.md` from `SpecKeyCatalog`: every key with what it takes, whether it is required,
/// its default and what it means. A test compares the committed page with this text.
///
/// Regenerate with `swift run specrun schema --format markdown > docs/spec-reference.md`.
public struct SpecReferenceWriter: Sendable {
    public init() {}

    public func render() -> String {
        var page = """
            # specrun spec reference

            <!-- Generated from the parser's key catalog (Sources/SpecParser/Catalog/SpecKeyCatalog.swift) by
                 `swift run specrun schema --format markdown > docs/spec-reference.md`. Edit the catalog, not this page:
                 a test fails when the two differ. -->

            Every key a spec file may hold, what it takes, whether it is required, its default and what it means. The
            contract is the spec language (design v1); this page adds what it leaves open, and never takes away. The
            [tutorial](tutorial.md) starts from nothing, the [cookbook](cookbook.md) has a recipe per kind of schedule,
            every diagnostic is in [diagnostics.md](diagnostics.md), and editors can check specs as you type with the
            [JSON Schema](schema.md) generated from the same catalog.

            ## A whole spec

            ```yaml spec
            spec: Nightly sync at 02:30 in Berlin across the spring change
            tags: [dst, europe]
            schedule:
              id: nightly-sync
              timezone: Europe/Berlin
              rule: {every: day, at: "02:30"}
              nonexistent: skip
              repeated: first
            window:
              after: 2027-03-27T00:00:00+01:00
              through: 2027-03-30T12:00:00+02:00
            expect:
              occurrences:
                - 2027-03-27T02:30:00+01:00
                - 2027-03-29T02:30:00+02:00
                - at: 2027-03-30T02:30:00+02:00
                  key: nightly-sync/v1/2027-03-30
            ```

            ## Files and documents

            - `specrun PATH...` reads every `*.yaml` and `*.yml` (any case) below each folder (recursively, sorted by path)
              and each file named directly; a `*.yaml.txt` below a folder (a spec saved as text) is a warning, not read.
            - One YAML document is one spec; separate several with `---`. Empty documents (a trailing `---`) are ignored;
              a file with no spec at all is an error (`empty-file`).
            - A document with an error drops only its own spec: the file's other specs still run (the run then exits 2).
            - Scalars are never typed the YAML 1.1 way: each key reads its own text. `at: 02:30` unquoted is the wall time
              02:30, `yes`, `no` and `on` are words and never booleans, `version: 010` is the number 10. Quoting is always allowed.
              A YAML tag is not read either (`at: !!float 02:30` is 02:30): one other than `!!str` on a text, `!!map`,
              `!!seq` or `!!merge` on `<<` is a warning (`unread-tag`), since PyYAML and other readers apply it.
            - Every mapping is checked: an unknown key is an error with did-you-mean, a key written twice is an error.
            - Limits that keep a hostile file from hanging the run: 10 MiB per file, nesting 64 levels deep,
              100,000 nodes per document with aliases expanded. Anchors and aliases (`&a`, `*a`) work within those limits; a
              mistake in what an alias copies is told where it is written, with a note at each alias that copies it, and an
              alias that names nothing drops its own document only (`unknown-alias`).
            - An anchor belongs to its document: an alias in a later document (after `---`) cannot name it, and is told so
              (`unknown-alias`). Each spec of a file reads the same alone as after the others.
            - YAML's merge key works in every mapping: `<<: *name` copies the keys of the mapping anchored `&name` that the
              mapping does not write itself (its own keys win, wherever they are written); `<<: [*a, *b]` merges several, an
              earlier one's keys winning. A merge is shallow: a key written beside `<<` takes the place of the merged value
              whole (`rule: {at: "03:00"}` beside a merged schedule is the whole rule, and lacks its `every`). Cases that
              share overrides are the usual use
              ([specs/recurrence/cases-sharing-overrides.yaml](../specs/recurrence/cases-sharing-overrides.yaml)). A merged
              key is told, when wrong, where it is written (at its anchor), once, with a note at each `<<` that copies it
              there. Only a plain `<<` (or one tagged `!!merge`) merges: a quoted `"<<"` is an ordinary key (so an unknown one), a `<<` whose value is
              not a mapping or a list of mappings is `wrong-kind`, and two `<<` in one mapping are `duplicate-key` (write
              one list). An anchor name given to a second node is a warning (`reused-anchor`): YAML 1.2 lets an alias copy the
              latest before it, PyYAML refuses the file. Editors that resolve
              merge keys before checking the schema (the Red Hat YAML extension for VS Code, since its 0.7) check the merged
              mapping; others flag `<<` as a key the schema does not list.
            - A document's keys that begin `x-` are the author's own and never read (as docker-compose's are): the place
              for a template that only merges copy (`x-new-york: &new-york {…}`). A merge in a template is checked even
              when nothing uses it.
            - A document with any of \(Self.codeList(SpecKeyCatalog.lifecycleMarkerKeys, last: "or")) is a task lifecycle scenario
              ([below](#lifecycle-scenarios)), unless it has a recurrence spec's `window` or `cases` and no `task`: that is a
              recurrence spec with a stray key, reported as such. Any other is a recurrence spec.

            ## Values

            | kind | written | notes |
            | --- | --- | --- |

            """
        for kind in SpecKeyCatalog.valueKinds {
            page += "| \(kind.kind) | \(kind.written) | \(escape(kind.notes)) |\n"
        }

        page += "\n## Keys of every spec\n\n"
        page += table(SpecKeyCatalog.commonKeys)
        page += """

            ## Recurrence specs

            Beside the keys of every spec, a recurrence spec holds:

            """
        page += "\n" + table(SpecKeyCatalog.recurrenceKeys)
        page += "\n" + constraints(SpecKeyCatalog.recurrenceSpec, nothing: "`nothing-to-check`") + "\n\n"

        page += section(SpecKeyCatalog.schedule, level: 2, example: """
            schedule:
              id: nightly-sync            # default: the file name without extension
              version: 1                  # default 1
              timezone: Europe/Berlin     # required
              rule: {every: day, at: "02:30"}
              nonexistent: skip           # required for calendar rules
              repeated: first             # required for calendar rules
              limit: 10000                # default 10,000
            """)
        page += """
            On an interval rule, `nonexistent` and `repeated` have no effect: writing them is a warning (`unused-key`).

            ### Policies

            For each local date the rule selects, the wall time W in the schedule's zone:

            - exists once: that instant;
            - falls in a gap (offset o1 before, o2 after, transition instant T): `skip` — no occurrence that date;
              `next-valid-time` — T; `shift-forward` — W read with o1 (later by the gap's length: Berlin 02:30 → 03:30+02:00);
              `shift-backward` — W read with o2 (earlier by the gap's length: 02:30 → 01:30+01:00);
            - happens twice: `first` — the earlier instant; `last` — the later; `both` — two occurrences, the later with key suffix `~2`.

            A candidate not later than the previous occurrence is dropped: when two slots resolve to the same instant, the
            occurrence belongs to the earlier slot. So `both` can give one instant: in an overlap longer than the rule's
            step (Antarctica/Troll's two hours under an hourly rule), the first reading of a wall time comes before an
            occurrence already given and is dropped, leaving only its `~2` one. `specrun explain ZONE YEAR --at HH:MM`
            prints what each policy makes of a wall time on the days a zone changes its offset.


            """

        page += "### \(title(SpecKeyCatalog.rule))\n\n" + SpecKeyCatalog.rule.summary + " The map form is the reference:\n\n"
        page += forms(SpecKeyCatalog.ruleForms)
        page += "\n" + table(SpecKeyCatalog.rule.keys)
        page += """

            - A key of another form (`on:` in a daily rule) is an error naming the keys the form allows.
            - A date that never exists (`month: 2, day: 30`; `month: 4, day: 31` without `missing-day: last-day`) is refused
              when the spec is read, as are an empty `on:` list and a zero interval.
            - `on:` in a monthly or yearly rule selects one weekday of the month instead of a day number: `on: last friday`,
              `on: 2nd tuesday`, `{every: year, month: 11, on: fourth thursday, …}`. The dates are the calendar's (the
              last Friday of December 2011 is the 30th, even in Pacific/Apia, which skipped that day: its wall time is then
              in a gap and `nonexistent` decides), and the dedup key is that date. `day` and `on` together are an error. A
              `fifth` weekday is missing in most months and needs `missing-day`: `skip`, or `last-day` for the month's last
              such weekday. There is no shorthand string for it: write the map form.
            - `every: hour` resolves each local hourly slot with the same policies.

            Shorthand strings, for brevity:

            | shorthand | same as |
            | --- | --- |

            """
        for shorthand in SpecKeyCatalog.ruleShorthands {
            page += "| `\(shorthand.shorthand)` | `\(shorthand.mapForm)`\(shorthand.note.map { " (\($0))" } ?? "") |\n"
        }
        page += "\n" + section(SpecKeyCatalog.timeSteps, level: 4, example: """
            rule: {every: week, on: [monday, tuesday, wednesday, thursday, friday], at: {from: "08:00", through: "17:30", every: 30m}}
            # the same as at: ["08:00", "08:30", …, "17:00", "17:30"]; a list may mix steps and times:
            # at: [{from: "08:00", through: "11:00", every: 1h}, "20:00"]
            """).dropLast()
        page += """

            ### Dedup keys

            `<id>/v<version>/<local date>` for daily and coarser rules with one time, `<id>/v<version>/<local date>T<HH:MM>`
            for hourly rules (the hour and the rule's minute, never seconds: one occurrence an hour) and for rules with several
            times a date (the slot's own time, with `:SS` when it has seconds),
            `<id>/v<version>/<instant in UTC, RFC 3339>` for intervals; with `repeated: both` the later occurrence of a repeated
            wall time ends in `~2`.


            """

        page += section(SpecKeyCatalog.window, level: 2, example: """
            window:
              after: 2027-03-27T00:00:00+01:00      # excluded
              through: 2027-03-30T12:00:00+02:00    # included
            """)
        page += section(SpecKeyCatalog.expect, level: 2, example: """
            expect:
              occurrences:
                - 2027-03-27T02:30:00+01:00
                - at: 2027-03-30T02:30:00+02:00     # long form: also checks the dedup key
                  key: nightly-sync/v1/2027-03-30
            """)
        page += section(SpecKeyCatalog.occurrence, level: 3, example: nil)
        page += section(SpecKeyCatalog.testCase, level: 2, example: """
            cases:
              - name: spring gap skipped
                after: 2027-03-28T00:00:00+01:00
                next: 2027-03-29T02:30:00+02:00
              - name: autumn, both, three searches
                repeated: both
                after: 2027-10-31T00:00:00+02:00
                next: [2027-10-31T02:30:00+02:00, 2027-10-31T02:30:00+01:00, 2027-11-01T02:30:00+01:00]
            """)
        page += section(SpecKeyCatalog.knownDeviations, level: 2, example: """
            known-deviations:
              foundation: "Calendar.nextDate skips the day instead of shifting by the gap"
            """)

        page += lifecycle()
        page += """

            ## Lint

            Specs that parse are also linted; lint findings are warnings, errors under `--strict`, and `specrun check` reports
            them without running anything: an instant written with an offset that is not the zone's at that instant
            (`offset-mismatch`), a spec tagged `dst` whose window and cases hold no change of its zone
            (`dst-without-transition`), a spec tagged `control` whose window or cases do hold one
            (`control-with-transition`), two expected occurrences with one key (`duplicate-expected-key`), a key no occurrence
            or scenario run of the schedule can have — another id or version, a date that does not exist, another instant's
            date (`unmatchable-key`) —, two cases making
            the same search (`duplicate-case`), under `repeated: both` an occurrence of a repeated wall time without its
            key (`repeated-without-key`), an expected occurrence outside its window (`outside-window`) or at the instant of
            the one before it (`duplicate-instant`), an `info-plist` that names no file (`missing-fixture`) or a file
            the task harness cannot read as an Info.plist (`invalid-fixture`), a scenario's `expect: {}`, which checks
            nothing of its own (`empty-expect`), and a `timezone` written with an old tzdata
            name (`old-zone-name`: `Europe/Kiev` for `Europe/Kyiv`). [diagnostics.md](diagnostics.md#lint) shows each. In a lifecycle scenario with a
            `schedule`, `offset-mismatch` checks every instant against the schedule's zone: `clock`, each step's `at`,
            `earliest-begin` and `advance` instant, `store.updated-at`, each run's `planned` and `actual`, and a pending
            request's `earliest-begin` (after a `change-schedule` that moves the zone, in the zone in effect then, the offset of
            any zone the scenario takes accepted). A case's cursor (`after`) may be written in the schedule's zone when the
            case overrides `timezone`.

            """
        return page
    }

    // MARK: Lifecycle scenarios

    private func lifecycle() -> String {
        let scenario = SpecKeyCatalog.lifecycleScenario
        var text = "## \(title(scenario))\n\n" + scenario.summary + " A document is one when it has any of "
            + Self.codeList(SpecKeyCatalog.lifecycleMarkerKeys, last: "or") + " (`schedule` and `expect` belong to recurrence specs too), "
            + "and not both `window` or `cases` and no `task`. "
            + "Beside the keys of every spec (`engines` and `known-deviations` have no effect on a scenario: a warning), it holds "
            + "the keys below. [lifecycle.md](lifecycle.md) explains each with the harness behind it, and "
            + "[specs/lifecycle/](../specs/lifecycle/) has a scenario for every rule of the harness model.\n\n"
        text += table(SpecKeyCatalog.lifecycleKeys)
        text += """

            The spec language's example (its `fixtures/Info.plist` is read from the spec file's folder, as in
            `specs/lifecycle/`):

            ```yaml lifecycle
            spec: "Reference: expiration during parse leaves no trace"
            task:
              identifier: com.example.app.refresh
              kind: refresh
              info-plist: fixtures/Info.plist
            job:
              items: ["42", "43"]
            schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            clock: 2027-03-29T00:00:00+02:00
            steps:
              - {at: 2027-03-29T02:31:00+02:00, launch: com.example.app.refresh, expire: during parse}
              - {at: 2027-03-30T04:00:00+02:00, launch: com.example.app.refresh, fail: {stage: write, error: disk-full}}
              - {at: 2027-03-31T04:00:00+02:00, launch: com.example.app.refresh, interrupt: after-write}
              - {at: 2027-03-31T05:00:00+02:00, launch: com.example.app.refresh}
            expect:
              completed: [false, false, killed, true]
              store: {items: ["42", "43"], commits: 1}
              side-effects: 1
              temp-files: 0
              runs:
                - {planned: 2027-03-29T02:30:00+02:00, actual: 2027-03-29T02:31:00+02:00, key: nightly-sync/v1/2027-03-29}
              log: {contains: ["register com.example.app.refresh ok"], never: ["Bearer ", "token="]}
              errors: []
            ```


            """
        text += section(SpecKeyCatalog.task, level: 3, more: "task", example: """
            task:
              - {identifier: com.example.app.refresh, kind: refresh, permitted: [com.example.app.refresh], background-modes: [fetch]}
              - {identifier: com.example.app.processing, kind: processing}     # not permitted: its register returns false
            """)
        text += section(SpecKeyCatalog.job, level: 3, more: "job", example: nil)
        text += section(SpecKeyCatalog.app, level: 3, more: "app", example: nil)
        text += section(SpecKeyCatalog.retry, level: 4, example: nil)
        text += section(SpecKeyCatalog.system, level: 3, more: "system", example: nil)
        text += section(SpecKeyCatalog.expiresAfter, level: 4, example: nil)

        let step = SpecKeyCatalog.step
        text += "### \(title(step))\n\n" + step.summary + " " + Self.more("steps") + " The forms:\n\n" + forms(step.variants) + "\n"
            + table(step.keys) + "\n"
        text += section(SpecKeyCatalog.fault, level: 4, example: nil)
        text += section(SpecKeyCatalog.overlap, level: 4, example: nil)
        text += section(SpecKeyCatalog.relaunch, level: 4, example: nil)
        text += section(SpecKeyCatalog.updateApp, level: 4, more: "a-new-version-of-the-app", example: nil)
        text += section(SpecKeyCatalog.scheduleChange, level: 4, more: "changing-the-schedule", example: nil)

        text += section(SpecKeyCatalog.lifecycleExpect, level: 3, more: "expect", example: nil)
        text += section(SpecKeyCatalog.store, level: 4, example: nil)
        text += section(SpecKeyCatalog.log, level: 4, example: nil)
        text += section(SpecKeyCatalog.logText, level: 4, example: """
              log:
                contains:
                  - "register com.example.app.refresh ok"                           # at least one line
                  - {text: "register com.example.app.refresh ok", lines: 2}         # exactly two: a relaunch registers again
            """)
        text += section(SpecKeyCatalog.run, level: 4, more: "how-runs-is-matched", example: """
              runs:
                - {planned: 2027-10-31T02:30:00+02:00, actual: 2027-10-31T09:00:00+01:00, key: nightly-sync/v1/2027-10-31}
                - {planned: 2027-10-31T02:30:00+01:00, actual: 2027-10-31T09:00:00+01:00, key: nightly-sync/v1/2027-10-31~2}
              run-count: 2                 # exactly these: none missed, none twice
            """)
        text += section(SpecKeyCatalog.pendingRequest, level: 4, example: """
              pending-requests:
                - {identifier: com.example.app.refresh, earliest-begin: 2027-03-29T09:45:00+02:00}   # a retry's backoff
            """)
        return text
    }

    // MARK: Parts

    /// The heading each mapping has on the page; its anchor is derived from it, so links and headings agree.
    private func title(_ mapping: SpecMapping) -> String {
        switch mapping.name {
        case SpecKeyCatalog.occurrence.name: "An occurrence in its long form"
        case SpecKeyCatalog.timeSteps.name: "Times in steps"
        case SpecKeyCatalog.testCase.name: "`cases`"
        case SpecKeyCatalog.knownDeviations.name: "`known-deviations`"
        case SpecKeyCatalog.lifecycleScenario.name: "Lifecycle scenarios"
        case SpecKeyCatalog.expiresAfter.name: "`expires-after`"
        case SpecKeyCatalog.scheduleChange.name: "`change-schedule`"
        case SpecKeyCatalog.updateApp.name: "`update-app`"
        case SpecKeyCatalog.step.name: "`steps`"
        case SpecKeyCatalog.lifecycleExpect.name: "`expect` of a lifecycle scenario"
        case SpecKeyCatalog.run.name: "`runs`"
        case SpecKeyCatalog.pendingRequest.name: "A pending request in its long form"
        case SpecKeyCatalog.logText.name: "A log text in its long form"
        default: "`\(mapping.name)`"
        }
    }

    /// The anchor GitHub gives a heading: lowercase, spaces to `-`, punctuation other than `-` and `_` dropped.
    private func anchor(_ mapping: SpecMapping) -> String {
        String(title(mapping).lowercased().compactMap { character -> Character? in
            if character == " " { return "-" }
            return character.isLetter || character.isNumber || character == "-" || character == "_" ? character : nil
        })
    }

    /// A mapping's heading, summary (with a link to the section of docs/lifecycle.md that says more), example,
    /// key table and constraints.
    private func section(_ mapping: SpecMapping, level: Int, more: String? = nil, example: String?) -> String {
        var text = String(repeating: "#", count: level) + " " + title(mapping) + "\n\n" + mapping.summary
            + (more.map { " " + Self.more($0) } ?? "") + "\n\n"
        if let example { text += "```yaml\n" + example + "\n```\n\n" }
        text += table(mapping.keys)
        let rules = constraints(mapping, nothing: nil)
        if !rules.isEmpty { text += "\n" + rules + "\n" }
        return text + "\n"
    }

    /// The forms of a mapping with variants: each with its keys (the selecting and required ones in bold) and an example.
    private func forms(_ variants: [SpecMapping.Variant]) -> String {
        var text = "| form | keys (required in bold) | example |\n| --- | --- | --- |\n"
        for form in variants {
            let keys = form.keys.compactMap { key -> String? in
                if let first = form.exactlyOne.first, form.exactlyOne.contains(key) {
                    // `day` or `on`: one of them, told once where the first stands.
                    return key == first ? "**" + form.exactlyOne.map { "`\($0)`" }.joined(separator: " or ") + "**" : nil
                }
                let written = key == form.key && form.value != nil ? "`\(key): \(form.shownValue ?? form.value!)`" : "`\(key)`"
                return key == form.key || form.required.contains(key) ? "**\(written)**" : written
            }
            text += "| \(form.name) | \(keys.joined(separator: ", ")) | `\(form.example)` |\n"
        }
        return text
    }

    private func table(_ keys: [SpecKey]) -> String {
        var text = "| key | required | takes | default | meaning |\n| --- | --- | --- | --- | --- |\n"
        for key in keys {
            let required: String = switch key.requirement {
            case .required: "yes"
            case .optional: "no"
            case .calendarRules: "for calendar rules"
            case .alternative(let why): why
            }
            let defaultText: String = switch key.defaultValue {
            case .number(let number): "`\(number)`"
            case .described(let words): words
            case nil: "—"
            }
            text += "| `\(key.name)` | \(escape(required)) | \(escape(takes(key.value))) | \(escape(defaultText)) | \(escape(key.summary)) |\n"
        }
        return text
    }

    /// The "takes" column: mappings link to their section.
    private func takes(_ form: SpecValueForm) -> String {
        switch form {
        case .mapping(let mapping): "mapping ([`\(mapping.name)`](#\(anchor(mapping))))"
        case .list(let item, let single, let nonEmpty):
            "list of \(takes(item))" + (nonEmpty ? " (at least one)" : "") + (single ? ", or one alone" : "")
        case .either(let forms): forms.map(takes).joined(separator: ", or ")
        default: form.summary
        }
    }


    private func constraints(_ mapping: SpecMapping, nothing: String?) -> String {
        mapping.constraints.map { constraint in
            switch constraint {
            case .together(let first, let second):
                "`\(first)` and `\(second)` come together: one without the other is an error."
            case .atLeastOne(let keys):
                "At least one of \(list(keys)) is required" + (nothing.map { ": a spec must check something (else \($0))" } ?? "") + "."
            case .exactlyOne(let keys):
                "Exactly one of \(list(keys))."
            case .excludes(let key, let excluded):
                "`\(key)` rules out \(Self.codeList(excluded, last: "and")): write one or the other (`conflicting-keys`)."
            case .calendarDates:
                "`month`, `day` and `missing-day` must name a date the rule can meet: `month: 2, day: 30` never does, and a "
                    + "day some months or years lack (above 28 monthly; February 29, or day 31 of a 30-day month, yearly; a "
                    + "`fifth` weekday with `on`) needs `missing-day` (only `last-day` for day 31 of a 30-day month) (`invalid-rule`)."
            }
        }.joined(separator: " ")
    }

    /// A link to a section of docs/lifecycle.md.
    private static func more(_ anchor: String) -> String {
        "More in [lifecycle.md](lifecycle.md#\(anchor))."
    }

    /// `a`, `b` and `c` (or `or`).
    private static func codeList(_ words: [String], last: String) -> String {
        ListWording.joined(words.map { "`\($0)`" }, last)
    }

    private func list(_ keys: [String]) -> String {
        keys.map { "`\($0)`" }.joined(separator: ", ")
    }

    /// Table cells: a `|` inside a cell must be escaped.
    private func escape(_ text: String) -> String {
        var out = ""
        var previous: Character?
        for character in text {
            if character == "|", previous != "\\" { out += "\\|" } else { out.append(character) }
            previous = character
        }
        return out
    }
}
