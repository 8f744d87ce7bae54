import SpecParser

/// The files `specrun init` writes: three commented specs that pass (two of a schedule, one of a background task),
/// a README, and the schema for editors.
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
            ("nightly-refresh-task.yaml", nightlyRefreshTask),
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
        policy). Copy one, give it a `spec:` name of its own, change the zone, the rule and the dates, and write the
        instants you expect. Write each instant with the offset the zone has at it (`+02:00` in Berlin's summer,
        `+01:00` in its winter) or in UTC (`Z`); `specrun explain` shows both sides of each change.

        `nightly-refresh-task.yaml` runs the same schedule as an iOS background task on a simulated device: steps
        launch it, expire it, make it fail or kill its process at given instants, and the spec says what must
        follow (what each launch reported, which occurrences ran, what was committed, how often the outside system
        was called). After every scenario specrun also checks the rules every background task must keep (each
        launch completed exactly once, nothing committed twice, no temporary file left behind).

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

    static let nightlyRefreshTask = """
        # yaml-language-server: $schema=spec.schema.json
        #
        # A background task, not a schedule alone: the nightly sync of nightly-sync.yaml run as an iOS app refresh
        # task (BGAppRefreshTask) on a simulated device, whose clock moves only when a step says so. The system
        # expires the first launch; the second must do the night's work once, and nothing may be left behind.
        #
        # Why the expectations hold (Europe/Berlin springs forward on 2027-03-28, so that night has no 02:30):
        # - clock 2027-03-27T12:00+01:00: the app starts, registers the task and asks for a launch no earlier than
        #   the schedule's next occurrence. 03-28 has no 02:30 ('skip'), so that is 2027-03-29T02:30+02:00.
        # - launch 1 at 02:40: catch-up covers (clock start, 02:40], which holds the 03-29 occurrence. The system
        #   expires the task while it parses: it reports failure, commits nothing and deletes its temporary files.
        # - launch 2 at 03:10: the same occurrence is still due, and this time it completes: one commit, one side
        #   effect, recorded under the occurrence's key. The app then asks for the next night's launch.
        spec: "Starter: nightly refresh task, expired once, then done once"
        tags: [lifecycle, starter]
        task:
          identifier: com.example.app.refresh  # as in the app's BGTaskSchedulerPermittedIdentifiers
          kind: refresh                        # refresh (BGAppRefreshTask) | processing (BGProcessingTask)
        job:
          items: ["42", "43"]                  # what the stubbed download returns
        schedule:                              # sets each request's earliest begin, and the catch-up at each launch
          id: nightly-sync
          timezone: Europe/Berlin
          rule: {every: day, at: "02:30"}
          nonexistent: skip
          repeated: first
        clock: 2027-03-27T12:00:00+01:00       # the simulated clock's start; it never goes back, nothing sleeps
        steps:
          - at: 2027-03-29T02:40:00+02:00
            launch: com.example.app.refresh
            expire: during parse               # the system takes the time back while the job parses
          - at: 2027-03-29T03:10:00+02:00
            launch: com.example.app.refresh
        expect:
          completed: [false, true]             # what each launch passed to setTaskCompleted(success:)
          runs:                                # planned (from the schedule) and actual, with the dedup key
            - {planned: 2027-03-29T02:30:00+02:00, actual: 2027-03-29T02:40:00+02:00, key: nightly-sync/v1/2027-03-29, outcome: expired}
            - {planned: 2027-03-29T02:30:00+02:00, actual: 2027-03-29T03:10:00+02:00, key: nightly-sync/v1/2027-03-29, outcome: completed}
          run-count: 2                         # and no other run
          store: {items: ["42", "43"], commits: 1}
          side-effects: 1                      # the outside system saw the night's work once
          temp-files: 0                        # the expired launch cleaned up after itself
          pending-requests:                    # the next night is asked for: the next occurrence after 03:10
            - {identifier: com.example.app.refresh, earliest-begin: 2027-03-30T02:30:00+02:00}
          log:
            never: ["Bearer ", "token="]       # the diagnostics log never holds a token

        """
}
