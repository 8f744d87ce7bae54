import Recurrence
import SpecModel

/// Every key of the spec language, in one place: the parser takes its allowed keys from here, `specrun schema`
/// writes the JSON Schema from it, and `docs/spec-reference.md` is generated from it.
///
/// Adding a key here makes the parser accept it (reading its value is then the reader's work), and puts it in
/// the schema and the reference. Lifecycle scenarios register their keys in `SpecKeyCatalog+Lifecycle.swift`.
public enum SpecKeyCatalog {
    // MARK: Documents

    /// The keys every spec may hold, whatever it checks.
    public static let commonKeys: [SpecKey] = [
        SpecKey("spec", .text("text"), .required, example: "Nightly sync across the spring change",
                summary: "The spec's name, unique within the run: reports call each test `spec name` or `spec name › case name`."),
        SpecKey("description", .text("text"),
                summary: "Free text for people; block scalars (`|`, `>-`) are welcome."),
        SpecKey("tags", .list(.text("text"), singleAllowed: true, nonEmpty: false), example: "[dst, europe]",
                summary: "Labels to select specs with `--tag` and `--exclude-tag`; `tags: dst` is one tag."),
        SpecKey("skip", .reason, example: "\"waits for tzdata 2027b\"",
                summary: "Skip the spec and report it as skipped with this reason; `skip: true` is refused: say why."),
        SpecKey("engines", .list(.choice(EngineName.allCases.map(\.rawValue)), singleAllowed: true, nonEmpty: true),
                default: .described("the run's `--engine` choice, else `core`"), example: "[core, foundation]",
                summary: "The engines this spec runs on."),
        SpecKey("known-deviations", .mapping(knownDeviations), example: "{foundation: \"nextDate skips the gap\"}",
                summary: "Engines known to get this spec wrong, each with the reason: a failure there is reported as a known deviation (unless the core engine fails the test too: then it is a failure, the expectation being wrong), and an unexpected pass is reported too."),
    ]

    /// The keys of a recurrence spec beside the common ones.
    public static let recurrenceKeys: [SpecKey] = [
        SpecKey("schedule", .mapping(schedule), .required, summary: "The schedule under test."),
        SpecKey("window", .mapping(window), .alternative("with `expect`, or `cases`"),
                summary: "The window `(after, through]` whose every occurrence `expect` lists."),
        SpecKey("expect", .mapping(expect), .alternative("with `window`"),
                summary: "What the window holds: its occurrences, or the error its search ends with."),
        SpecKey("cases", .list(.mapping(testCase), singleAllowed: false, nonEmpty: false), .alternative("or `window` with `expect`"),
                summary: "Cursor searches (“next after”), each reported as its own test."),
    ]

    /// A recurrence spec: one YAML document that checks a schedule.
    public static let recurrenceSpec = SpecMapping(
        name: "recurrenceSpec",
        summary: "A spec that checks a schedule's occurrences: a window with its expected occurrences, and/or cursor cases.",
        keys: commonKeys + recurrenceKeys,
        constraints: [.atLeastOne(["window", "cases"]), .together("window", "expect")])

    /// `known-deviations:` — one key per engine.
    public static let knownDeviations = SpecMapping(
        name: "knownDeviations",
        summary: "Engine → the reason it deviates.",
        keys: EngineName.allCases.map { engine in
            SpecKey(engine.rawValue, .text("text: the reason"), summary: "Why the `\(engine.rawValue)` engine gets this spec wrong.")
        })

    // MARK: Schedules and rules

    /// `schedule:`.
    public static let schedule = SpecMapping(
        name: "schedule",
        summary: "The schedule under test: a rule in a time zone, with what to do with wall times a DST change skips or repeats.",
        keys: [
            SpecKey("id", .text("text"), default: .described("the file's name without its extension"), example: "nightly-sync",
                    summary: "The first part of every dedup key (`nightly-sync/v1/2027-03-30`)."),
            SpecKey("version", .wholeNumber(1...1_000_000), default: .number(1), example: "1",
                    summary: "The rule's version, part of every dedup key (`…/v1/…`): bump it when the rule changes."),
            SpecKey("timezone", .timeZone, .required, example: "Europe/Berlin",
                    summary: "The zone whose wall clock calendar rules follow: an IANA identifier or `UTC`; fixed offsets, abbreviations and the machine's zone are refused."),
            SpecKey("rule", .either([.mapping(rule), .ruleShorthand]), .required, example: "{every: day, at: \"02:30\"}",
                    summary: "Which local slots (or elapsed instants) the schedule selects."),
            SpecKey("nonexistent", .choice(NonexistentTimePolicy.allCases.map(\.rawValue)), .calendarRules, example: "skip",
                    summary: "What a wall time skipped by a forward change (a gap) does: `skip` it, take the `next-valid-time`, or `shift-forward` / `shift-backward` by the gap's length. Foundation's `Calendar.MatchingPolicy`: `.strict`, `.nextTime`, `.nextTimePreservingSmallerComponents`, `.previousTimePreservingSmallerComponents`."),
            SpecKey("repeated", .choice(RepeatedTimePolicy.allCases.map(\.rawValue)), .calendarRules, example: "first",
                    summary: "What a wall time repeated by a backward change (an overlap) does: the `first` instant, the `last`, or `both` (the later keyed `~2`). Foundation's `Calendar.RepeatedTimePolicy`: `.first`, `.last`; `both` is two searches."),
            SpecKey("limit", .wholeNumber(1...10_000_000), default: .number(Schedule.defaultSearchLimit), example: "10000",
                    summary: "The most candidate slots one search considers, counted from the start of its cursor's local date (its local hour for an hourly rule), so a slot of that date at or before the cursor counts, and anew from each occurrence found (a window is searched occurrence by occurrence, so it bounds the gap between two, not the window); a search that reaches it ends with the `no-occurrence` error."),
        ])

    /// `rule:` in its map form; the forms (`every: day`, …, `interval`) are its variants.
    public static let rule = SpecMapping(
        name: "rule",
        summary: "A recurrence rule: a calendar form selected by `every`, or an elapsed-time `interval`.",
        keys: [
            SpecKey("every", .either([.choice(ruleForms.filter { !$0.onlyShown }.compactMap(\.value)), .stepCount]),
                    .alternative("`every` or `interval`"), example: "day",
                    summary: "The calendar form: `day`, `week`, `month`, `year` or `hour`; or a count and a period, `2 weeks`, `3 days`, `2 months`, `1 year` (singular or plural), for a rule that fires only every n-th period, counted from `from`."),
            SpecKey("at", .list(.either([.wallTime, .mapping(timeSteps)]), singleAllowed: true, nonEmpty: true), .alternative("for `every: day | week | month | year`"), example: "\"02:30\"",
                    summary: "The local wall time of each occurrence; `02:30` unquoted is the time, never a number. A list of times, strictly increasing (`[\"08:00\", \"20:00\"]`), gives each selected date one slot per time, in that order; keys then name the slot's time (`…/2027-03-28T08:00`). Times in steps, `{from: \"08:00\", through: \"17:30\", every: 30m}`, are that list written once, alone or as items of the list."),
            SpecKey("on", .either([weeklyDays, .weekdayOfMonth]), .alternative("for `every: week`; `day` or `on` for `every: month | year`"),
                    example: "[monday, thursday]",
                    summary: "The weekdays of a weekly rule (repeats are ignored, an empty list is refused); in a monthly or yearly rule, one weekday of the month instead of `day`: `last friday`, `2nd tuesday`, `fourth thursday`."),
            SpecKey("day", .dayOfMonth, .alternative("`day` or `on` for `every: month | year`"), example: "31",
                    summary: "The day of the month, 1–31, or `last`."),
            SpecKey("month", .month, .alternative("for `every: year`"), example: "2",
                    summary: "The month of a yearly rule: 1–12 or an English month name (`february`, `feb`)."),
            SpecKey("missing-day", .choice(MissingDayPolicy.allCases.map(\.rawValue)),
                    .alternative("for `every: month | year` when the day can be missing"), example: "skip",
                    summary: "What a month or year without the day does: `skip` it, or take the month's `last-day` (for a fifth weekday, the month's last such weekday). Required when the day can be missing: a monthly day above 28, a yearly date its month can lack (February 29 — not January 31, which every year has), a `fifth` weekday. A date its month never has (April 31) takes `last-day` only: under `skip` the rule would never match, and is refused."),
            SpecKey("minute", .wholeNumber(0...59), .alternative("for `every: hour`"), example: "15",
                    summary: "The minute of each local wall-clock hour."),
            SpecKey("second", .wholeNumber(0...59), default: .number(0), example: "0",
                    summary: "The second of each local wall-clock hour (hourly rules only)."),
            SpecKey("interval", .positiveDuration, .alternative("`every` or `interval`"), example: "90m",
                    summary: "The elapsed time between occurrences: `from + k·interval`, no calendar and no DST effect; zero is refused."),
            SpecKey("from", .either([.instant, .localDate]), .alternative("with `interval`; with `every` and a count of 2 or more"),
                    example: "2027-03-27T02:30:00+01:00",
                    summary: "The first instant of an interval rule. In a calendar rule, a local date (`2027-01-04`, no time, no offset) the rule selects: days step from it, weeks from its ISO week (Monday to Sunday), months from its month, years from its year; nothing before it is selected."),
        ],
        constraints: [.exactlyOne(["every", "interval"]), .calendarDates],
        variants: ruleForms)

    /// A weekly rule's `on`: one weekday or a list of them.
    static let weeklyDays = SpecValueForm.list(.weekday, singleAllowed: true, nonEmpty: true)

    /// The rule forms: each `every:` value with the keys it allows, and the interval form. (The two forms marked
    /// `onlyShown` are the monthly and yearly forms again, written with `on`, for the reference's table of forms.)
    public static let ruleForms: [SpecMapping.Variant] = [
        .init(name: "daily", key: "every", value: "day", keys: ["every", "at", "from"], required: ["at"],
              example: "{every: day, at: \"02:30\"}", overrides: ["from": .localDate]),
        .init(name: "daily, several times", key: "every", value: "day", keys: ["every", "at", "from"], required: ["at"],
              example: "{every: day, at: [\"08:00\", \"20:00\"]}", overrides: ["from": .localDate], onlyShown: true),
        .init(name: "weekly", key: "every", value: "week", keys: ["every", "on", "at", "from"], required: ["on", "at"],
              example: "{every: week, on: [monday, thursday], at: \"09:00\"}", overrides: ["on": weeklyDays, "from": .localDate]),
        .init(name: "weekly, every other week", key: "every", value: "week", keys: ["every", "on", "at", "from"],
              required: ["on", "at", "from"], example: "{every: 2 weeks, on: [monday], at: \"09:00\", from: 2027-01-04}", onlyShown: true,
              shownValue: "2 weeks"),
        .init(name: "monthly", key: "every", value: "month", keys: ["every", "day", "on", "at", "missing-day", "from"], required: ["at"],
              example: "{every: month, day: 31, at: \"02:30\", missing-day: skip}", overrides: ["on": .weekdayOfMonth, "from": .localDate],
              exactlyOne: ["day", "on"]),
        .init(name: "monthly, a weekday of the month", key: "every", value: "month", keys: ["every", "on", "at", "missing-day", "from"],
              required: ["on", "at"], example: "{every: month, on: last friday, at: \"23:30\"}", onlyShown: true),
        .init(name: "yearly", key: "every", value: "year", keys: ["every", "month", "day", "on", "at", "missing-day", "from"],
              required: ["month", "at"], example: "{every: year, month: 2, day: 29, at: \"12:00\", missing-day: last-day}",
              overrides: ["on": .weekdayOfMonth, "from": .localDate], exactlyOne: ["day", "on"]),
        .init(name: "yearly, a weekday of the month", key: "every", value: "year", keys: ["every", "month", "on", "at", "missing-day", "from"],
              required: ["month", "on", "at"], example: "{every: year, month: 11, on: fourth thursday, at: \"12:00\"}", onlyShown: true),
        .init(name: "hourly", key: "every", value: "hour", keys: ["every", "minute", "second"], required: ["minute"],
              example: "{every: hour, minute: 15}"),
        .init(name: "interval", key: "interval", value: nil, keys: ["interval", "from"], required: ["interval", "from"],
              example: "{interval: 90m, from: 2027-03-27T02:30:00+01:00}", overrides: ["from": .instant]),
    ]

    /// The shorthand strings `rule:` also takes, each with the map form it stands for.
    public static let ruleShorthands: [(shorthand: String, mapForm: String, note: String?)] = [
        ("daily 02:30", "{every: day, at: \"02:30\"}", nil),
        ("daily 08:00,20:00", "{every: day, at: [\"08:00\", \"20:00\"]}", "no spaces in the time list; `weekly mon,thu 08:00,20:00` too"),
        ("weekly mon,thu 09:00", "{every: week, on: [monday, thursday], at: \"09:00\"}", "no spaces in the day list"),
        ("every 24h from 2027-03-27T02:30:00+01:00", "{interval: 24h, from: 2027-03-27T02:30:00+01:00}", nil),
    ]

    // MARK: Windows, expectations, cases

    /// `window:`.
    public static let window = SpecMapping(
        name: "window",
        summary: "The catch-up window `(after, through]`: the start excluded, the end included.",
        keys: [
            SpecKey("after", .instant, .required, example: "2027-03-27T00:00:00+01:00",
                    summary: "The window's start, excluded."),
            SpecKey("through", .instant, .required, example: "2027-03-30T12:00:00+02:00",
                    summary: "The window's end, included; later than `after`."),
        ])

    /// `expect:`.
    public static let expect = SpecMapping(
        name: "expect",
        summary: "What the window holds.",
        keys: [
            SpecKey("occurrences", .list(.either([.instant, .mapping(occurrence)]), singleAllowed: false, nonEmpty: false),
                    .alternative("`occurrences` or `error`"), example: "[2027-03-27T02:30:00+01:00]",
                    summary: "Every occurrence in the window, in strictly increasing order, each inside the window: an instant, or `{at, key}` to check the dedup key too; `[]` for none."),
            SpecKey("error", .choice(ExpectedError.allCases.map(\.rawValue)), .alternative("`occurrences` or `error`"),
                    example: "no-occurrence",
                    summary: "The error the window's search must end with instead: `no-occurrence` (the search bound was reached)."),
        ],
        constraints: [.exactlyOne(["occurrences", "error"])])

    /// One expected occurrence in its long form.
    public static let occurrence = SpecMapping(
        name: "occurrence",
        summary: "An expected occurrence with its dedup key.",
        keys: [
            SpecKey("at", .instant, .required, example: "2027-03-30T02:30:00+02:00", summary: "The occurrence's instant."),
            SpecKey("key", .text("text"), example: "nightly-sync/v1/2027-03-30",
                    summary: "The occurrence's dedup key: `<id>/v<version>/<local date>` (hourly and several times a date `…T<HH:MM>`, intervals the UTC instant), `~2` for the later of a repeated pair."),
        ])

    /// `at: {from: "08:00", through: "17:30", every: 30m}`: wall times in steps.
    public static let timeSteps = SpecMapping(
        name: "time-steps",
        summary: "Wall times in steps, `{from: \"08:00\", through: \"17:30\", every: 30m}`: the list of times from `from` to `through`, `every` apart (cron's `*/30 8-17`), each a slot of its own exactly as if listed.",
        keys: [
            SpecKey("every", .positiveDuration, .required, example: "30m",
                    summary: "The step between two times of the day: `15m`, `30m`, `2h`, `90s`."),
            SpecKey("from", .wallTime, example: "\"08:00\"", summary: "The first time of the day; `00:00` when left out."),
            SpecKey("through", .wallTime, example: "\"17:30\"",
                    summary: "The last time of the day, included, a whole number of steps after `from`; the day's last step when left out. Together 2 to 1,440 times."),
        ])

    /// One item of `cases:`.
    public static let testCase = SpecMapping(
        name: "case",
        summary: "A cursor search: from `after`, each `next` is the expected result of one search; each search starts after what the one before found (its result, not what is written).",
        keys: [
            SpecKey("name", .text("text, unique within the spec"), .required, example: "spring gap skipped",
                    summary: "The case's name in reports (`spec › case`)."),
            SpecKey("after", .instant, .required, example: "2027-03-28T00:00:00+01:00",
                    summary: "The cursor of the first search."),
            SpecKey("next", .list(.instant, singleAllowed: true, nonEmpty: true), .alternative("`next` or `error`"),
                    example: "2027-03-29T02:30:00+02:00",
                    summary: "The expected result of each search; each search starts after the result of the one before, so each must be later than the one before."),
            SpecKey("error", .choice(ExpectedError.allCases.map(\.rawValue)), .alternative("`next` or `error`"),
                    example: "no-occurrence", summary: "The search must end at its bound instead."),
            SpecKey("nonexistent", .choice(NonexistentTimePolicy.allCases.map(\.rawValue)), example: "next-valid-time",
                    summary: "Overrides the schedule's `nonexistent` for this case."),
            SpecKey("repeated", .choice(RepeatedTimePolicy.allCases.map(\.rawValue)), example: "both",
                    summary: "Overrides the schedule's `repeated` for this case."),
            SpecKey("timezone", .timeZone, example: "America/New_York",
                    summary: "Overrides the schedule's `timezone` for this case (its instants are linted against this zone)."),
            SpecKey("rule", .either([.mapping(rule), .ruleShorthand]), example: "{every: hour, minute: 30}",
                    summary: "Overrides the schedule's `rule`; a case that turns an interval schedule into a calendar rule must give its own `nonexistent` and `repeated`."),
            SpecKey("limit", .wholeNumber(1...10_000_000), example: "8",
                    summary: "Overrides the schedule's `limit` (the search bound) for this case's searches: one spec checks a rule within and at its bound."),
            SpecKey("description", .text("text"), summary: "Free text for people about this case."),
            SpecKey("tags", .list(.text("text"), singleAllowed: true, nonEmpty: false), example: "[dst]",
                    summary: "Labels of this case, added to the spec's: `--tag` and `--exclude-tag` select cases by both."),
            SpecKey("skip", .reason, example: "\"waits for tzdata 2027b\"",
                    summary: "Skip this case alone and report it as skipped with this reason; the spec's other cases run."),
        ],
        constraints: [.exactlyOne(["next", "error"])])

    // MARK: Lists the readers use

    /// Every mapping of the recurrence language, in the order the reference presents them.
    public static let recurrenceMappings: [SpecMapping] = [recurrenceSpec, knownDeviations, schedule, rule, timeSteps, window, expect, occurrence, testCase]

    public static var commonKeyNames: [String] { commonKeys.map(\.name) }
    public static var recurrenceKeyNames: [String] { recurrenceKeys.map(\.name) }
}

extension SpecKeyCatalog {
    /// The English month names `month:` accepts (in full, or their first three letters), January first.
    public static let monthNames = [
        "january", "february", "march", "april", "may", "june",
        "july", "august", "september", "october", "november", "december",
    ]

    /// The kinds of scalar the language reads, as the reference's "Values" table explains them.
    public static let valueKinds: [(kind: String, written: String, notes: String)] = [
        ("instant", "`2027-03-28T03:00:00+02:00`, `2027-03-28T01:00:00Z`, `2027-03-28T01:00:00.250Z`",
         "RFC 3339: date, `T` (or `t` or one space), time **with seconds**, optional fraction, and an offset `Z` (or `z`) or `±HH:MM` (required: an instant without one would depend on the machine's zone). `-00:00` reads as `+00:00`. Compared as absolute instants, never as text."),
        ("wall time", "`\"02:30\"`, `02:30`, `\"09:00:15\"`, `9:00`", "`HH:MM` or `HH:MM:SS`, hours 00–23; a one-digit hour reads as its two digits (`9:00` is 09:00)."),
        ("local date", "`2027-01-04`", "`YYYY-MM-DD`, a date in the schedule's zone: no time, no offset (a stepped rule's `from`; an instant there is refused with the date to write)."),
        ("count and period", "`2 weeks`, `3 days`, `2 months`, `1 year`",
         "digits (at least 1), a space, then `day`, `week`, `month` or `year`, singular or plural (`2 week` reads as `2 weeks`); counts of 1 to 1,000. `1 week` is `week`."),
        ("duration", "`45s`, `90m`, `24h`, `1h30m`, `2d`",
         "whole numbers with units `d`, `h`, `m`, `s`, larger units first, each once; never negative, and at most `999999999d` (about 2.7 million years). `1d` is exactly 24 hours: durations are elapsed time."),
        ("weekday", "`monday`, `Mon`, `thu`", "full English name or its first three letters, any case."),
        ("month", "`2`, `february`, `Feb`", "1–12, or an English month name, full or its first three letters, any case."),
        ("day of month", "`1`, `31`, `last`", "1–31, or `last` for the month's last day."),
        ("weekday of month", "`last friday`, `2nd tuesday`, `Fourth Thu`",
         "an ordinal — `first`, `second`, `third`, `fourth`, `fifth` (or `1st` … `5th`) or `last` — then a weekday, separated by a space, any case. A month has four or five of each weekday: a `fifth` one is missing in most months, so it needs `missing-day`."),
        ("time zone", "`Europe/Berlin`, `America/New_York`, `UTC`",
         "an IANA identifier the toolchain knows, or `UTC` / `Etc/UTC` (one zone, named `UTC` in messages, results and reports). Refused, because they cannot follow a place's future DST changes: fixed offsets (`UTC+2`, `GMT+2`, `+02:00`, `Etc/GMT-2`), abbreviations (`PST`, `CEST`, `GMT`) and the machine's zone (`local`); refused too, for one region's rules that tzdata builds define differently: the legacy tzdata names (`CET`, `EST`, `EST5EDT`). Old tzdata names of a place with an area (`Europe/Kiev`, `US/Eastern`) are accepted when the toolchain resolves them, with the lint `old-zone-name` naming the current one; old names without an area (`Japan`) and old names of UTC (`Zulu`) are refused with the zone to write."),
        ("whole number", "`1`, `10000`, `\"1\"`", "digits only (`5`, not `5.0` or `five`), within the key's range."),
        ("text", "`Nightly sync`, `\"02:30 in Berlin\"`", "any scalar, read as written; quote it when it holds `: ` or starts with a character YAML reserves."),
        ("task identifier", "`com.example.app.refresh`",
         "ASCII letters (`a`–`z`, `A`–`Z`), digits, `.`, `-` and `_` (lifecycle scenarios); where a step or a list names a task, one of the scenario's declared tasks, with did-you-mean."),
        ("error type", "`disk-full`, `network`", "lowercase ASCII letters (`a`–`z`), digits and `-`, as the diagnostics log shows it: the log keeps error types, never messages."),
        ("`true` \\| `false`", "`true`, `false`", "exactly these two words (`yes`, `on` and `True` are refused)."),
        ("checkpoint", "`during parse`, `after-write`",
         "a point in a lifecycle job: `during <stage>`, naming one of the job's stages, or (for `interrupt`) `after-write`, after the business write and before the completion record."),
        ("nothing", "`{}`, or no value", "for an action that takes no value: `terminate: {}`."),
    ]
}
