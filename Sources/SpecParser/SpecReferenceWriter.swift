/// Writes `docs/spec-reference.md` from `SpecKeyCatalog`: every key with what it takes, whether it is required,
/// its default and what it means. A test compares the committed page with this text.
///
/// Regenerate with `swift run specrun schema --format markdown > docs/spec-reference.md`.
public struct SpecReferenceWriter: Sendable {
    public init() {}

    public func render() -> String {
        var page = """
            # specrun spec reference

            <!-- Generated from the parser's key catalog (Sources/SpecParser/SpecKeyCatalog.swift) by
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

            - `specrun PATH...` reads every `*.yaml` and `*.yml` below each folder (recursively, sorted by path) and each
              file named directly.
            - One YAML document is one spec; separate several with `---`. Empty documents (a trailing `---`) are ignored;
              a file with no spec at all is an error (`empty-file`).
            - A document with an error drops only its own spec: the file's other specs still run (the run then exits 2).
            - Scalars are never typed the YAML 1.1 way: each key reads its own text. `at: 02:30` unquoted is the wall time
              02:30, `yes`, `no` and `on` are words and never booleans, `version: 010` is the number 10. Quoting is always allowed.
            - Every mapping is checked: an unknown key is an error with did-you-mean, a key written twice is an error.
            - Limits that keep a hostile file from hanging the run: 10 MiB per file, nesting 64 levels deep,
              100,000 nodes per document with aliases expanded. Anchors and aliases (`&a`, `*a`) work within those limits.
            - A document with `task:` is a task lifecycle scenario ([below](#lifecycle-scenarios)); any other is a
              recurrence spec.

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

        page += section(SpecKeyCatalog.schedule, title: "`schedule`", level: 2, example: """
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
            occurrence belongs to the earlier slot. `specrun explain ZONE YEAR --at HH:MM` prints what each policy makes of
            a wall time on the days a zone changes its offset.


            """

        page += "### `rule`\n\n" + SpecKeyCatalog.rule.summary + " The map form is the reference:\n\n"
        page += "| form | keys (required in bold) | example |\n| --- | --- | --- |\n"
        for form in SpecKeyCatalog.ruleForms {
            let keys = form.keys.map { key in
                let written = key == form.key && form.value != nil ? "`\(key): \(form.value!)`" : "`\(key)`"
                return key == form.key || form.required.contains(key) ? "**\(written)**" : written
            }
            page += "| \(form.name) | \(keys.joined(separator: ", ")) | `\(form.example)` |\n"
        }
        page += "\n" + table(SpecKeyCatalog.rule.keys)
        page += """

            - A key of another form (`on:` in a daily rule) is an error naming the keys the form allows.
            - A date that never exists (`month: 2, day: 30`; `month: 4, day: 31` without `missing-day: last-day`) is refused
              when the spec is read, as are an empty `on:` list and a zero interval.
            - `every: hour` resolves each local hourly slot with the same policies.

            Shorthand strings, for brevity:

            | shorthand | same as |
            | --- | --- |

            """
        for shorthand in SpecKeyCatalog.ruleShorthands {
            page += "| `\(shorthand.shorthand)` | `\(shorthand.mapForm)`\(shorthand.note.map { " (\($0))" } ?? "") |\n"
        }
        page += """

            ### Dedup keys

            `<id>/v<version>/<local date>` for daily and coarser rules, `<id>/v<version>/<local date>T<HH:MM>` for hourly rules,
            `<id>/v<version>/<instant in UTC, RFC 3339>` for intervals; with `repeated: both` the later occurrence of a repeated
            wall time ends in `~2`.


            """

        page += section(SpecKeyCatalog.window, title: "`window`", level: 2, example: """
            window:
              after: 2027-03-27T00:00:00+01:00      # excluded
              through: 2027-03-30T12:00:00+02:00    # included
            """)
        page += section(SpecKeyCatalog.expect, title: "`expect`", level: 2, example: """
            expect:
              occurrences:
                - 2027-03-27T02:30:00+01:00
                - at: 2027-03-30T02:30:00+02:00     # long form: also checks the dedup key
                  key: nightly-sync/v1/2027-03-30
            """)
        page += section(SpecKeyCatalog.occurrence, title: "An occurrence in its long form", level: 3, example: nil)
        page += section(SpecKeyCatalog.testCase, title: "`cases`", level: 2, example: """
            cases:
              - name: spring gap skipped
                after: 2027-03-28T00:00:00+01:00
                next: 2027-03-29T02:30:00+02:00
              - name: autumn, both, three searches
                repeated: both
                after: 2027-10-31T00:00:00+02:00
                next: [2027-10-31T02:30:00+02:00, 2027-10-31T02:30:00+01:00, 2027-11-01T02:30:00+01:00]
            """)
        page += section(SpecKeyCatalog.knownDeviations, title: "`known-deviations`", level: 2, example: """
            known-deviations:
              foundation: "Calendar.nextDate skips the day instead of shifting by the gap"
            """)

        page += "## Lifecycle scenarios\n\n" + SpecKeyCatalog.lifecycleScenario.summary + " Beside the keys of every spec:\n\n"
        page += table(SpecKeyCatalog.lifecycleKeys)
        if SpecKeyCatalog.lifecyclePending {
            page += """

                *Pending:* lifecycle scenarios are parsed with the task harness's section parser, which is still arriving;
                until then this page and the schema list their top-level keys but not the keys inside them. The spec
                language's "Task lifecycle scenarios" section and the [cookbook](cookbook.md#lifecycle-faults-and-interruptions)
                show the forms.

                """
        }
        page += """

            ## Lint

            Specs that parse are also linted; lint findings are warnings, errors under `--strict`, and `specrun check` reports
            them without running anything: an instant written with an offset that is not the zone's at that instant
            (`offset-mismatch`), a spec tagged `dst` whose window and cases hold no change of its zone
            (`dst-without-transition`), two expected occurrences with one key (`duplicate-expected-key`), two cases making
            the same search (`duplicate-case`), and under `repeated: both` an occurrence of a repeated wall time without its
            key (`repeated-without-key`). [diagnostics.md](diagnostics.md#lint) shows each.

            """
        return page
    }

    /// A mapping's heading, summary, example, key table and constraints.
    private func section(_ mapping: SpecMapping, title: String, level: Int, example: String?) -> String {
        var text = String(repeating: "#", count: level) + " " + title + "\n\n" + mapping.summary + "\n\n"
        if let example { text += "```yaml\n" + example + "\n```\n\n" }
        text += table(mapping.keys)
        let rules = constraints(mapping, nothing: nil)
        if !rules.isEmpty { text += "\n" + rules + "\n" }
        return text + "\n"
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

    private func anchor(_ mapping: SpecMapping) -> String {
        switch mapping.name {
        case "case": "cases"
        case "knownDeviations": "known-deviations"
        case "occurrence": "an-occurrence-in-its-long-form"
        default: mapping.name.lowercased()
        }
    }

    private func constraints(_ mapping: SpecMapping, nothing: String?) -> String {
        mapping.constraints.map { constraint in
            switch constraint {
            case .together(let first, let second):
                "`\(first)` and `\(second)` come together: one without the other is an error."
            case .atLeastOne(let keys):
                "At least one of \(list(keys)) is required: a spec must check something" + (nothing.map { " (else \($0))" } ?? "") + "."
            case .exactlyOne(let keys):
                "Exactly one of \(list(keys))."
            }
        }.joined(separator: " ")
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
