import SpecParser

/// The files `specrun init` writes: two commented specs that pass, a README, and the schema for editors.
///
/// Every instant below was checked with Python's zoneinfo, not with specrun: Europe/Berlin springs forward at
/// 2027-03-28T01:00:00Z (02:00 CET → 03:00 CEST) and falls back at 2027-10-31T01:00:00Z (03:00 CEST → 02:00 CET).
enum StarterSpecs {
    /// The schema's file name; each spec's first line points editors at it.
    static let schemaName = "spec.schema.json"

    /// File name and contents, in the order they are written and listed.
    static var files: [(name: String, text: String)] {
        [
            ("README.md", readme),
            ("nightly-sync.yaml", nightlySync),
            ("policies.yaml", policies),
            (schemaName, SpecSchemaWriter().render()),
        ]
    }

    static let readme = """
        # Specs

        Each `*.yaml` file here holds specs: what a schedule must do, written down as instants. `specrun` checks
        them against its recurrence core, across every DST change the time-zone data knows.

        | command | what it does |
        | --- | --- |
        | `specrun check FOLDER` | reads and lints every spec without running anything (exit 0 or 2) |
        | `specrun FOLDER` | runs every spec and reports what passed (exit 0, 1 or 2) |
        | `specrun explain Europe/Berlin 2027 --at 02:30` | the zone's changes that year, and what each policy makes of 02:30 |
        | `specrun schema --format markdown` | the reference of every key |

        Start with `nightly-sync.yaml` (a window and every occurrence in it) and `policies.yaml` (one search per
        policy). Copy one, change the zone, the rule and the dates, and write the instants you expect. Write each
        instant with the offset the zone has at it (`+02:00` in Berlin's summer, `+01:00` in its winter) or in UTC
        (`Z`); `specrun explain` shows both sides of each change.

        Editors: with VS Code's YAML extension (or any editor using yaml-language-server), the first line of each
        spec, `# yaml-language-server: $schema=spec.schema.json`, turns on completion and checks as you type.
        Refresh the schema after upgrading specrun: `specrun schema > spec.schema.json`.

        """

    static let nightlySync = """
        # yaml-language-server: $schema=spec.schema.json
        #
        # A daily job at 02:30 in Berlin, across the night the clocks spring forward (2027-03-28: at 02:00 CET they
        # jump to 03:00 CEST, so 02:30 does not exist that night). Run it: specrun <this folder>
        spec: "Starter: nightly sync at 02:30 in Berlin across the spring change"
        description: >-
          The window lists every occurrence the schedule has in it, in order. With 'nonexistent: skip' the
          night without 02:30 has no occurrence at all.
        tags: [dst, starter]
        schedule:
          id: nightly-sync             # the first part of each dedup key (default: this file's name)
          timezone: Europe/Berlin      # an IANA zone; never a fixed offset, never the machine's zone
          rule: {every: day, at: "02:30"}
          nonexistent: skip            # 02:30 skipped by the spring change: skip | next-valid-time | shift-forward | shift-backward
          repeated: first              # 02:30 repeated by the autumn change: first | last | both
        window:                        # (after, through]: 'after' is excluded, 'through' included
          after: 2027-03-27T00:00:00+01:00
          through: 2027-03-30T12:00:00+02:00
        expect:
          occurrences:
            - 2027-03-27T02:30:00+01:00          # Saturday: still winter time, +01:00
            # Sunday 2027-03-28: no 02:30, so no occurrence (skip).
            - 2027-03-29T02:30:00+02:00          # Monday: summer time, +02:00
            - at: 2027-03-30T02:30:00+02:00      # the long form also checks the dedup key
              key: nightly-sync/v1/2027-03-30

        """

    static let policies = """
        # yaml-language-server: $schema=spec.schema.json
        #
        # One search per policy: each case searches from 'after' and expects the next occurrence ('next'); a list
        # chains searches, each result being the cursor of the next. A case may override nonexistent, repeated,
        # timezone or rule. 'specrun explain Europe/Berlin 2027 --at 02:30' prints the same table.
        spec: "Starter: 02:30 in Berlin, one search per policy"
        tags: [dst, starter]
        schedule:
          timezone: Europe/Berlin
          rule: daily 02:30                      # the shorthand of {every: day, at: "02:30"}
          nonexistent: skip
          repeated: first
        cases:
          # Spring, 2027-03-28: the clocks jump from 02:00 CET to 03:00 CEST; 02:30 does not exist.
          - name: spring, skip
            after: 2027-03-28T00:00:00+01:00
            next: 2027-03-29T02:30:00+02:00      # nothing on the 28th: the next 02:30 is Monday's
          - name: spring, next-valid-time
            nonexistent: next-valid-time
            after: 2027-03-28T00:00:00+01:00
            next: 2027-03-28T03:00:00+02:00      # the first instant after the gap
          - name: spring, shift-forward
            nonexistent: shift-forward
            after: 2027-03-28T00:00:00+01:00
            next: 2027-03-28T03:30:00+02:00      # later by the gap's length (1 hour)
          - name: spring, shift-backward
            nonexistent: shift-backward
            after: 2027-03-28T00:00:00+01:00
            next: 2027-03-28T01:30:00+01:00      # earlier by the gap's length
          # Autumn, 2027-10-31: the clocks go back from 03:00 CEST to 02:00 CET; 02:30 happens twice.
          - name: autumn, first
            after: 2027-10-31T00:00:00+02:00
            next: [2027-10-31T02:30:00+02:00, 2027-11-01T02:30:00+01:00]
          - name: autumn, last
            repeated: last
            after: 2027-10-31T00:00:00+02:00
            next: [2027-10-31T02:30:00+01:00, 2027-11-01T02:30:00+01:00]
          - name: autumn, both
            repeated: both                       # two occurrences, one hour apart; the later is keyed ~2
            after: 2027-10-31T00:00:00+02:00
            next: [2027-10-31T02:30:00+02:00, 2027-10-31T02:30:00+01:00, 2027-11-01T02:30:00+01:00]

        """
}
