import Foundation
import JSONSchemaTesting
import SpecParser
import SpecYAML
import Testing

/// The spec schema (`specrun schema`) against every spec in `specs/`, specs the parser accepts in every way they
/// can be written, and specs it must refuse. Documents are typed the YAML 1.2 core way, as VS Code's YAML
/// extension types them: `at: 02:30` is a string, `version: 1` a number.
@Suite struct SpecSchemaTests {
    static let validator = JSONSchemaValidator(root: try! JSONValue.parse(SpecSchemaWriter().render()))

    /// Every document of a YAML text, as an editor's validator sees it, with the problems the schema finds.
    static func problems(in text: String) -> [[String]] {
        YAMLReader.read(Array(text.utf8)).documents.map { validator.validate(YAMLCoreSchema.json($0.root)) }
    }

    static var specFiles: [String] {
        let root = SpecFixtures.repositoryRoot.appendingPathComponent("specs")
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        var files: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".yaml") || path.hasSuffix(".yml") { files.append("specs/" + path) }
        }
        return files.sorted()
    }

    /// VS Code's YAML extension validates by draft 7: a keyword of a later draft would be ignored there, and what it
    /// says left unchecked (`dependentRequired` let `window` without `expect` pass; the schema review).
    @Test func theSchemaUsesOnlyDraft7Keywords() throws {
        let json = try JSONSerialization.jsonObject(with: Data(SpecSchemaWriter().render().utf8))
        var keywords: Set<String> = []
        func walk(_ value: Any, underProperties: Bool) {
            if let object = value as? [String: Any] {
                for (key, child) in object {
                    if !underProperties { keywords.insert(key) }
                    walk(child, underProperties: !underProperties && ["properties", "$defs", "patternProperties"].contains(key))
                }
            } else if let array = value as? [Any] {
                array.forEach { walk($0, underProperties: false) }
            }
        }
        walk(json, underProperties: false)
        let laterDrafts: Set<String> = ["dependentRequired", "dependentSchemas", "prefixItems", "unevaluatedProperties",
                                        "unevaluatedItems", "minContains", "maxContains", "$anchor", "$dynamicRef", "$dynamicAnchor"]
        #expect(keywords.intersection(laterDrafts).isEmpty)
        #expect(keywords.contains("allOf") && keywords.contains("if"))
    }

    @Test func theSchemaUsesOnlyKeywordsTheValidatorChecks() {
        #expect(Self.validator.unsupportedKeywords() == [])
        // The walk reaches the whole schema: every key of every mapping has a subschema of its own.
        #expect(Self.validator.subschemaCount() > 200)
        #expect(Self.validator.validate(.null).isEmpty, "an empty document (a trailing ---) is ignored by the parser")
    }

    @Test func thereAreSpecFilesToCheck() {
        #expect(Self.specFiles.count >= 20)
    }

    @Test(arguments: specFiles)
    func everySpecInTheRepositoryIsValidAgainstTheSchema(path: String) throws {
        let text = try String(contentsOf: SpecFixtures.repositoryRoot.appendingPathComponent(path), encoding: .utf8)
        let stream = YAMLReader.read(Array(text.utf8))
        #expect(stream.error == nil)
        #expect(!stream.documents.isEmpty)
        for (index, document) in stream.documents.enumerated() {
            let problems = Self.validator.validate(YAMLCoreSchema.json(document.root))
            #expect(problems.isEmpty, "\(path), document \(index + 1) (line \(document.start.line)): \(problems)")
        }
    }

    /// Each text is a spec the parser accepts; the schema must accept it too, however the scalars are typed.
    @Test(arguments: [
        ("unquoted wall time", "rule: {every: day, at: 02:30}"),
        ("one-digit hour", "rule: {every: day, at: 9:00}"),
        ("seconds in the wall time", "rule: {every: day, at: \"02:30:15\"}"),
        ("shorthand daily", "rule: daily 02:30"),
        ("shorthand weekly", "rule: weekly mon,thu 09:00"),
        ("several times a date", "rule: {every: day, at: [\"02:30\", \"20:00\"]}"),
        ("several times unquoted", "rule: {every: week, on: [sunday], at: [02:30, 08:00]}"),
        ("a list of one time", "rule: {every: month, day: last, at: [\"02:30\"]}"),
        ("shorthand with several times", "rule: daily 02:30,20:00"),
        ("weekly with one day alone, any case", "rule: {every: week, on: Mon, at: \"09:00\"}"),
        ("monthly last day", "rule: {every: month, day: last, at: \"02:30\"}"),
        ("monthly day as quoted digits", "rule: {every: month, day: \"31\", at: \"02:30\", missing-day: skip}"),
        ("yearly with a month name", "rule: {every: year, month: feb, day: 29, at: \"12:00\", missing-day: last-day}"),
        ("hourly", "rule: {every: hour, minute: 15, second: 30}"),
        ("version and limit as numbers", "version: 3\n  limit: 500\n  rule: daily 02:30"),
        ("version as quoted digits", "version: \"2\"\n  rule: daily 02:30"),
        ("a name that YAML types as a number", "id: 2027\n  rule: daily 02:30"),
        // The parser splits a shorthand on blanks; the schema's pattern refused blanks around it (the schema review).
        ("a shorthand with blanks around it", "rule: \" daily 02:30 \""),
        ("a weekly shorthand with a tab after it", "rule: \"weekly mon,thu 09:00\\t\""),
    ])
    func specsTheParserAcceptsAreAccepted(_ what: String, _ scheduleLines: String) {
        let text = """
            spec: accepted
            tags: dst
            engines: core
            schedule:
              timezone: Europe/Berlin
              nonexistent: skip
              repeated: first
              \(scheduleLines)
            cases:
              - name: c
                after: 2027-03-28T00:00:00+01:00
                next: 2027-03-29T02:30:00+02:00

            """
        let parsed = SpecFixtures.parse(text)
        #expect(parsed.diagnostics.filter { $0.severity == .error }.isEmpty, "\(what): the parser must accept it: \(parsed.diagnostics)")
        #expect(Self.problems(in: text) == [[]], "\(what)")
    }

    @Test func specsWithoutPoliciesAreAcceptedForIntervalRules() {
        let text = """
            spec: interval
            schedule:
              timezone: Europe/Berlin
              rule: every 90m from 2027-03-27T02:30:00+01:00
            window: {after: 2027-03-28T00:00:00+01:00, through: 2027-03-28t05:00:00.5+02:00}
            expect:
              occurrences:
                - 2027-03-28T01:00:00+01:00
                - {at: 2027-03-28T03:30:00+02:00, key: interval/v1/2027-03-28T01:30:00Z}
                - 2027-03-28 05:00:00+02:00
            ---
            """
        #expect(SpecFixtures.parse(text).diagnostics.isEmpty)
        // The empty document after the last `---` is not kept by the reader (`YAMLStream.documents`).
        #expect(Self.problems(in: text) == [[]])
    }

    // MARK: Lifecycle scenarios

    /// A scenario the parser accepts, using most keys; the edits below make it refused, or accepted in another form.
    static let scenarioBase = """
        spec: scenario
        task: {identifier: com.example.app.refresh, kind: refresh}
        job: {items: ["42"], stages: [download, parse, write]}
        app: {resubmits: true, retry: {backoff: exponential, delay: 15m}}
        system: {availability: available, expires-after: {refresh: 30s}}
        clock: 2027-03-29T00:00:00+02:00
        steps:
          - {at: 2027-03-29T02:31:00+02:00, launch: com.example.app.refresh, expire: during write}
          - {at: 2027-03-29T03:00:00+02:00, submit: com.example.app.refresh, earliest-begin: 2027-03-29T04:00:00+02:00}
          - advance: 1h
        expect:
          completed: [false]
          store: {items: [], commits: 0}
          runs: [{actual: 2027-03-29T02:31:00+02:00, outcome: expired}]
          errors: []

        """

    @Test func theBaseScenarioIsValid() {
        let parsed = SpecFixtures.parse(Self.scenarioBase)
        #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics.map(\.message))")
        #expect(Self.problems(in: Self.scenarioBase) == [[]])
    }

    /// Each edit of `scenarioBase` is a scenario the parser accepts; the schema must accept it too.
    @Test(arguments: [
        ("several tasks, the gate inline in one", "task: {identifier: com.example.app.refresh, kind: refresh}",
         "task:\n  - {identifier: com.example.app.refresh, permitted: [com.example.app.refresh], background-modes: fetch}\n  - {identifier: com.example.app.processing, kind: processing}"),
        // Four launches for four completions: a longer list than the steps launch is refused by the parser.
        ("flags, completions and a count as YAML types them", "  - advance: 1h\nexpect:\n  completed: [false]",
         "  - {at: 2027-03-29T05:00:00+02:00, launch: com.example.app.refresh}\n  - {at: 2027-03-29T06:00:00+02:00, launch: com.example.app.refresh}\n"
            + "  - {at: 2027-03-29T07:00:00+02:00, launch: com.example.app.refresh}\nexpect:\n  completed: [false, true, killed, none]\n  side-effects: 0"),
        ("single words where lists belong", "errors: []", "errors: too-many-pending\n  defects: completed-twice\n  pending-requests: com.example.app.refresh"),
        ("an item and an error type that YAML types as numbers", "  - advance: 1h",
         "  - items: 42\n  - {launch: com.example.app.refresh, fail: {stage: write, error: 404}}"),
        ("expire alone, with an identifier", "  - advance: 1h", "  - expire: com.example.app.refresh"),
        // An editor reads `1e-3` as a float; the parser reads the text, a valid error type (the schema review).
        ("an error type that YAML types as a float", "  - advance: 1h", "  - {launch: com.example.app.refresh, fail: {stage: write, error: 1e-3}}"),
        ("relaunch with no value, {} and registers", "  - advance: 1h",
         "  - relaunch:\n  - relaunch: {}\n  - {relaunch: {registers: []}}"),
        ("terminate with no value and {}", "  - advance: 1h", "  - terminate:\n  - terminate: {}"),
        ("cancel all and advance to an instant", "  - advance: 1h", "  - cancel: all\n  - advance: 2027-03-29T05:00:00+02:00"),
        // An overlap launches another task (its own task is `overlap-with-itself`): the base declares one, so the
        // edit declares the second one too and rewrites everything up to the launch step.
        ("interrupt after the write and an overlap with its own plan",
         "task: {identifier: com.example.app.refresh, kind: refresh}\njob: {items: [\"42\"], stages: [download, parse, write]}\n"
            + "app: {resubmits: true, retry: {backoff: exponential, delay: 15m}}\nsystem: {availability: available, expires-after: {refresh: 30s}}\n"
            + "clock: 2027-03-29T00:00:00+02:00\nsteps:\n  - {at: 2027-03-29T02:31:00+02:00, launch: com.example.app.refresh, expire: during write}",
         "task: [{identifier: com.example.app.refresh, kind: refresh}, {identifier: com.example.app.processing, kind: processing}]\n"
            + "job: {items: [\"42\"], stages: [download, parse, write]}\n"
            + "app: {resubmits: true, retry: {backoff: exponential, delay: 15m}}\nsystem: {availability: available, expires-after: {refresh: 30s}}\n"
            + "clock: 2027-03-29T00:00:00+02:00\nsteps:\n  - {at: 2027-03-29T02:31:00+02:00, launch: com.example.app.refresh, interrupt: after-write, "
            + "overlap: {launch: com.example.app.processing, during: parse, fail: {stage: write, error: disk-full}}}"),
        ("the write stage alone", "stages: [download, parse, write]", "stages: write"),
        ("some stages in order", "stages: [download, parse, write]", "stages: [parse, write]"),
        ("a constant backoff with a factor (a warning)", "backoff: exponential", "backoff: constant, factor: 3"),
        ("a schedule", "clock:",
         "schedule: {timezone: Europe/Berlin, rule: daily 02:30, nonexistent: skip, repeated: first}\nclock:"),
        ("the log, the invariants and the other counts", "errors: []",
         "errors: []\n  log: {contains: register, never: [\"token=\"]}\n  broken-invariants: [expiration-honoured]\n  run-count: 1\n  temp-files: 0"),
        ("the store's update time", "commits: 0}", "commits: 0, updated-at: 2027-03-29T02:31:00+02:00}"),
    ])
    func scenariosTheParserAcceptsAreAccepted(_ what: String, _ find: String, _ replacement: String) {
        #expect(Self.scenarioBase.contains(find), "\(what): the edit must apply")
        let text = Self.scenarioBase.replacingOccurrences(of: find, with: replacement)
        let parsed = SpecFixtures.parse(text)
        #expect(parsed.diagnostics.filter { $0.severity == .error }.isEmpty, "\(what): the parser must accept it: \(parsed.diagnostics.map(\.message))")
        #expect(Self.problems(in: text) == [[]], "\(what)")
    }

    /// Each edit of `scenarioBase` makes a scenario the parser refuses; the schema must refuse it too, at the place.
    @Test(arguments: [
        ("an unknown key in a step", "launch: com.example.app.refresh, expire", "lanch: com.example.app.refresh, expire", "$.steps[0]: unexpected property lanch"),
        ("a step with two actions", "earliest-begin: 2027-03-29T04:00:00+02:00}", "earliest-begin: 2027-03-29T04:00:00+02:00, cancel: all}", "$.steps[1]: matches 0 of the oneOf branches"),
        ("a step that does nothing", "  - advance: 1h", "  - at: 2027-03-29T05:00:00+02:00", "$.steps[2]: matches 0 of the oneOf branches"),
        ("expire during a stage without a launch", "launch: com.example.app.refresh, expire: during write", "expire: during write", "$.steps[0]: matches 0 of the oneOf branches"),
        ("expire with an identifier beside a launch", "expire: during write", "expire: com.example.app.refresh", "$.steps[0]: matches 0 of the oneOf branches"),
        ("advance beside at", "  - advance: 1h", "  - {at: 2027-03-29T05:00:00+02:00, advance: 1h}", "$.steps[2]: matches 0 of the oneOf branches"),
        ("earliest-begin without a submit", "submit: com.example.app.refresh, earliest", "register: com.example.app.refresh, earliest", "$.steps[1]: matches 0 of the oneOf branches"),
        ("fail without a launch", "  - advance: 1h", "  - fail: {stage: write, error: disk-full}", "$.steps[2]: matches 0 of the oneOf branches"),
        ("terminate with a value", "  - advance: 1h", "  - terminate: now", "$.steps[2].terminate"),
        ("an error type with capitals", "expire: during write", "fail: {stage: write, error: DiskFull}", "$.steps[0].fail.error"),
        ("an interrupt that is not a checkpoint", "expire: during write", "interrupt: before-write", "$.steps[0].interrupt"),
        ("an unknown stage", "stages: [download, parse, write]", "stages: [download, parse, wrte]", "$.job.stages"),
        ("stages out of order", "stages: [download, parse, write]", "stages: [parse, download, write]", "$.job.stages"),
        ("a stage twice", "stages: [download, parse, write]", "stages: [download, write, write]", "$.job.stages"),
        ("stages without write", "stages: [download, parse, write]", "stages: [download, parse]", "$.job.stages"),
        ("one stage alone that is not write", "stages: [download, parse, write]", "stages: download", "$.job.stages"),
        ("an unknown adapter", "app: {resubmits", "app: {adapter: thn, resubmits", "$.app.adapter"),
        ("a flag that is not true or false", "resubmits: true", "resubmits: yes", "$.app.resubmits"),
        ("a retry without its delay", ", delay: 15m", "", "$.app.retry: missing required delay"),
        ("a budget that is not a duration", "refresh: 30s", "refresh: 1.5m", "$.system.expires-after.refresh"),
        ("an unknown availability", "availability: available", "availability: off", "$.system.availability"),
        ("an identifier with a space", "task: {identifier: com.example.app.refresh", "task: {identifier: \"com example\"", "$.task"),
        ("an empty task list", "task: {identifier: com.example.app.refresh, kind: refresh}", "task: []", "$.task"),
        ("info-plist beside an inline list", "kind: refresh}", "kind: refresh, info-plist: fixtures/Info.plist, permitted: []}", "$.task"),
        ("an unknown completion", "completed: [false]", "completed: [fals]", "$.expect.completed"),
        ("a count that is not a number", "commits: 0", "commits: none", "$.expect.store.commits"),
        ("a run that compares nothing", "runs: [{actual: 2027-03-29T02:31:00+02:00, outcome: expired}]", "runs: [{}]", "$.expect.runs[0]"),
        ("an unknown invariant", "errors: []", "errors: []\n  broken-invariants: [no-such-invariant]", "$.expect.broken-invariants"),
        ("an unknown lifecycle error", "errors: []", "errors: [not-permited]", "$.expect.errors"),
        ("a clock without an offset", "clock: 2027-03-29T00:00:00+02:00", "clock: 2027-03-29T00:00:00", "$.clock"),
        ("a scenario without a task", "task: {identifier: com.example.app.refresh, kind: refresh}\n", "", "$: missing required task"),
        ("a scenario without a clock", "clock: 2027-03-29T00:00:00+02:00\n", "", "$: missing required clock"),
        ("a recurrence key in a scenario", "clock:", "window: {after: 2027-03-29T00:00:00Z, through: 2027-03-30T00:00:00Z}\nclock:", "$: unexpected property window"),
    ])
    func scenariosTheParserRefusesAreRefused(_ what: String, _ find: String, _ replacement: String, _ expected: String) {
        #expect(Self.scenarioBase.contains(find), "\(what): the edit must apply")
        let text = Self.scenarioBase.replacingOccurrences(of: find, with: replacement)
        let parsed = SpecFixtures.parse(text)
        #expect(parsed.diagnostics.contains { $0.severity == .error }, "\(what): the parser must refuse it")
        let problems = Self.problems(in: text).flatMap { $0 }
        #expect(problems.contains { $0.contains(expected) }, "\(what): \(problems)")
    }

    @Test func aDocumentWithAnyKeyOnlyScenariosHaveIsReadAsAScenario() {
        // The parser's rule: any of task, job, clock, app, system, steps makes a document a scenario.
        for key in SpecKeyCatalog.lifecycleMarkerKeys {
            let problems = Self.problems(in: "spec: s\n\(key): {}\n").flatMap { $0 }
            #expect(problems.contains { $0.contains("$: missing required") }, "\(key): \(problems)")
            #expect(!problems.contains { $0.contains("unexpected property \(key)") }, "\(key): \(problems)")
        }
        #expect(SpecKeyCatalog.lifecycleMarkerKeys == ["task", "job", "clock", "app", "system", "steps"])
    }

    /// The parser's exception: a document with `window` or `cases` and no `task` is a recurrence spec with a stray
    /// key. The schema read it as a scenario and told an editor of every scenario key it lacked and of
    /// `expect.occurrences` as unexpected (found by the docs review); it names the stray key alone now.
    @Test func aRecurrenceSpecWithAStrayScenarioKeyIsReadAsARecurrenceSpec() {
        for key in SpecKeyCatalog.lifecycleMarkerKeys where key != "task" {
            let problems = Self.problems(in: Self.refusedBase + "\(key): {}\n").flatMap { $0 }
            #expect(problems == ["$: unexpected property \(key)"], "\(key): \(problems)")
        }
        // With `task` it is a scenario, as the parser reads it.
        let scenario = Self.problems(in: Self.refusedBase + "task: {}\n").flatMap { $0 }
        #expect(scenario.contains { $0.contains("$: missing required") }, "\(scenario)")
    }

    static let refusedBase = """
        spec: refused
        schedule:
          timezone: Europe/Berlin
          rule: {every: day, at: "02:30"}
          nonexistent: skip
          repeated: first
        cases: [{name: c, after: 2027-03-28T00:00:00+01:00, next: 2027-03-29T02:30:00+02:00}]

        """

    /// Each edit (replace the first text with the second in `refusedBase`) makes a spec the parser refuses; the
    /// schema must refuse it too, with a problem that names the place.
    @Test(arguments: [
        ("an unknown key", "  timezone:", "  timezon:", "unexpected property timezon"),
        ("skip without a reason", "spec: refused\n", "spec: refused\nskip: true\n", "$.skip: expected string or number"),
        ("a wall time out of range", "\"02:30\"}", "\"25:30\"}", "$.schedule.rule"),
        ("an empty list of times", "at: \"02:30\"}", "at: []}", "$.schedule.rule"),
        ("a time out of range in a list", "at: \"02:30\"}", "at: [\"02:30\", \"25:30\"]}", "$.schedule.rule"),
        ("a key of another rule form", "every: day,", "every: day, on: [monday],", "$.schedule.rule"),
        ("a calendar rule without its policies", "  nonexistent: skip\n  repeated: first\n", "", "$.schedule: missing required nonexistent"),
        ("an unknown policy", "repeated: first", "repeated: twice", "$.schedule.repeated: \"twice\" is not one of"),
        ("an instant without an offset", "after: 2027-03-28T00:00:00+01:00", "after: 2027-03-28T00:00:00", "$.cases[0].after"),
        ("a window without expect", "cases:", "window: {after: 2027-03-27T00:00:00Z, through: 2027-03-30T00:00:00Z}\ncases:", "$: missing required expect"),
        ("expect without a window", "cases:", "expect: {occurrences: []}\ncases:", "$: missing required window"),
        ("a case with next and error", "next: 2027-03-29T02:30:00+02:00}", "next: 2027-03-29T02:30:00+02:00, error: no-occurrence}", "oneOf"),
        ("nothing to check", "cases: [{name: c, after: 2027-03-28T00:00:00+01:00, next: 2027-03-29T02:30:00+02:00}]\n", "", "anyOf"),
        ("a version that is not a number", "  timezone:", "  version: one\n  timezone:", "$.schedule.version"),
        ("an empty engine list", "spec: refused\n", "spec: refused\nengines: []\n", "$.engines"),
        ("an interval of 1.5h", "rule: {every: day, at: \"02:30\"}", "rule: {interval: 1.5h, from: 2027-03-27T00:00:00Z}", "$.schedule.rule"),
        ("a name that is empty", "spec: refused", "spec:", "$.spec: expected string"),
        ("a name of blanks only", "spec: refused", "spec: \"  \"", "$.spec"),
        ("a tag of blanks only", "spec: refused\n", "spec: refused\ntags: [dst, \" \"]\n", "$.tags"),
        ("a mapping where a list belongs", "cases: [{name: c, after: 2027-03-28T00:00:00+01:00, next: 2027-03-29T02:30:00+02:00}]",
         "cases: {name: c, after: 2027-03-28T00:00:00+01:00, next: 2027-03-29T02:30:00+02:00}", "$.cases: expected array"),
    ])
    func specsTheParserRefusesAreRefused(_ what: String, _ find: String, _ replacement: String, _ expected: String) {
        #expect(Self.refusedBase.contains(find), "\(what): the edit must apply")
        let text = Self.refusedBase.replacingOccurrences(of: find, with: replacement)
        let parsed = SpecFixtures.parse(text)
        #expect(parsed.diagnostics.contains { $0.severity == .error }, "\(what): the parser must refuse it")
        let problems = Self.problems(in: text).flatMap { $0 }
        #expect(problems.contains { $0.contains(expected) }, "\(what): \(problems)")
    }

    /// Every day of a monthly rule and of each month of a yearly one, with each `missing-day`, in several spellings:
    /// the schema accepts exactly what the parser accepts (1,500 rules, among them `month: 2, day: 30`, `month: apr,
    /// day: 31` without `last-day`, and February 29 without `missing-day`).
    @Test func theSchemaAndTheParserAgreeOnEveryCalendarDate() {
        let days = (1...31).map { "\($0)" } + ["last", "\"31\"", "031"]
        let months = (1...12).map { "\($0)" } + ["feb", "February", "\"02\"", "Apr", "june", "SEP", "nov"]
        let policies = ["", ", missing-day: skip", ", missing-day: last-day"]
        var rules: [String] = []
        for day in days {
            for policy in policies {
                rules.append("{every: month, day: \(day), at: \"02:30\"\(policy)}")
                rules += months.map { "{every: year, month: \($0), day: \(day), at: \"02:30\"\(policy)}" }
            }
        }
        var refusedByBoth = 0
        for rule in rules {
            let text = Self.refusedBase.replacingOccurrences(of: "rule: {every: day, at: \"02:30\"}", with: "rule: \(rule)")
            let parserAccepts = !SpecFixtures.parse(text).diagnostics.contains { $0.severity == .error }
            let problems = Self.problems(in: text).flatMap { $0 }
            #expect(parserAccepts == problems.isEmpty, "\(rule): parser \(parserAccepts ? "accepts" : "refuses"), schema says \(problems)")
            if !parserAccepts && !problems.isEmpty { refusedByBoth += 1 }
        }
        #expect(rules.count > 1_500)
        // Refused by both, so the agreement above is not that of a schema and a parser that accept everything:
        // monthly 29, 30, 31, "31", 031 without missing-day (5); February (4 spellings) 29 without it (4), 30 and the
        // three 31s with any policy (4 × 4 × 3 = 48); the three 31s in the eight spellings of 30-day months without
        // last-day (3 × 8 × 2 = 48).
        #expect(refusedByBoth == 105)
    }

    /// Shorthand rules built from parts each right or wrong: the schema accepts exactly what the parser accepts.
    /// It only counted words before (`daily 25:00`, `weekly mon;thu 09:00`, `every 0s from …` passed an editor).
    @Test func theSchemaAndTheParserAgreeOnShorthands() {
        let times = ["02:30", "9:00", "02:30:15", "02:30,20:00", "02:30,20:00,23:59:59", "24:00", "25:00", "02:60", "02.30",
                     "0230", "02:30,", "02:30,,20:00", "02:30;20:00", "2:5"]
        let days = ["mon", "Mon", "MONDAY", "mon,thu", "sun,sun", "mon;thu", "mo", "lun", "1", "mon,,thu", "thurs", "mon,"]
        let durations = ["90m", "24h", "1h30m", "2d", "0s", "0h0m", "90", "1.5h", "90M", "-1h", "h"]
        let starts = ["2027-03-27T00:00:00Z", "2027-03-27T02:30:00+01:00", "2027-03-27T00:00:00", "2027-03-27", "now"]
        var rules: [String] = []
        rules += times.map { "daily \($0)" }
        rules += days.flatMap { day in ["02:30", "08:00,20:00", "25:00"].map { "weekly \(day) \($0)" } }
        rules += durations.flatMap { duration in starts.map { "every \(duration) from \($0)" } }
        rules += ["daily 02:30 extra", "weekly mon", "every 90m", "DAILY 02:30", "daily", "daily\t02:30", "every 90m since 2027-03-27T00:00:00Z",
                  "weekly  mon  02:30", "every 90m from 2027-03-27T00:00:00Z later"]
        var accepted = 0, refused = 0
        for rule in rules {
            let text = Self.refusedBase.replacingOccurrences(of: "rule: {every: day, at: \"02:30\"}", with: "rule: \"\(rule)\"")
            let parserAccepts = !SpecFixtures.parse(text).diagnostics.contains { $0.severity == .error }
            let problems = Self.problems(in: text).flatMap { $0 }
            #expect(parserAccepts == problems.isEmpty, "\(rule): parser \(parserAccepts ? "accepts" : "refuses"), schema says \(problems)")
            if parserAccepts { accepted += 1 } else { refused += 1 }
        }
        #expect(accepted > 20 && refused > 80, "accepted \(accepted), refused \(refused)")
    }

    /// A document's `x-` keys are the author's own (templates for merge keys), for an editor's schema check and the
    /// parser alike; inside a section they are unknown keys to both.
    @Test func aDocumentsXKeysAreTheAuthorsOwnForTheSchemaAndTheParserAlike() {
        let template = Self.refusedBase + "x-tokyo: &tokyo {timezone: Asia/Tokyo, repeated: both}\n"
        #expect(Self.problems(in: template) == [[]])
        #expect(SpecFixtures.parse(template).diagnostics.isEmpty)
        let inside = Self.refusedBase.replacingOccurrences(of: "  repeated: first\n", with: "  repeated: first\n  x-note: kept\n")
        #expect(Self.problems(in: inside).flatMap { $0 }.contains { $0.contains("unexpected property x-note") })
        #expect(SpecFixtures.parse(inside).hasErrors)
        let bare = Self.refusedBase + "x-: 1\n"
        #expect(!Self.problems(in: bare).flatMap { $0 }.isEmpty == SpecFixtures.parse(bare).hasErrors)
    }

    @Test func theBaseOfTheRefusedSpecsIsValid() {
        #expect(SpecFixtures.parse(Self.refusedBase).diagnostics.isEmpty)
        #expect(Self.problems(in: Self.refusedBase) == [[]])
    }

    @Test func theCommittedSchemaIsTheGeneratedOne() throws {
        let committed = try String(contentsOf: SpecFixtures.repositoryRoot.appendingPathComponent("docs/spec.schema.json"), encoding: .utf8)
        #expect(committed == SpecSchemaWriter().render(),
                "docs/spec.schema.json is stale; regenerate it: swift run specrun schema > docs/spec.schema.json")
    }
}
