import Foundation
import SpecModel
import SpecParser
import Testing

/// The lifecycle readers take their allowed keys from the key catalog: an unknown key in each mapping names the keys
/// allowed there, in the order the readers listed them before the catalog held them (messages and goldens keep it).
@Suite struct LifecycleKeyCatalogTests {
    static func scenario(task: String = "{identifier: com.example.app.refresh, kind: refresh}", extra: String = "",
                         steps: String = "[]", expect: String = "{errors: []}") -> String {
        """
        spec: s
        task: \(task)
        clock: 2027-03-29T00:00:00+02:00
        \(extra)
        steps: \(steps)
        expect: \(expect)

        """
    }

    /// `xyzzy` is far from every key, so the message lists the allowed keys instead of guessing one.
    @Test(arguments: [
        ("top level", scenario(extra: "xyzzy: 1"),
         "this document", "spec, description, tags, skip, engines, known-deviations, task, job, schedule, clock, app, system, steps, expect"),
        ("task", scenario(task: "{identifier: com.example.app.refresh, xyzzy: 1}"),
         "'task'", "identifier, kind, info-plist, permitted, background-modes"),
        ("job", scenario(extra: "job: {xyzzy: 1}"), "'job'", "items, stages, flaws"),
        ("app", scenario(extra: "app: {xyzzy: 1}"), "'app'", "registers, registers-in-background, submits-at-startup, resubmits, adapter, retry, on-schedule-change"),
        ("retry", scenario(extra: "app: {retry: {backoff: constant, delay: 1m, xyzzy: 1}}"), "'retry'",
         "backoff, delay, factor, maximum, max-attempts, attempts-reset"),
        ("system", scenario(extra: "system: {xyzzy: 1}"), "'system'", "availability, expires-after"),
        ("expires-after", scenario(extra: "system: {expires-after: {xyzzy: 1}}"), "'expires-after'", "refresh, processing"),
        ("a step", scenario(steps: "[{xyzzy: 1, launch: com.example.app.refresh}]"), "this step",
         "at, launch, expire, fail, interrupt, overlap, register, submit, earliest-begin, cancel, relaunch, terminate, force-quit, open-app, availability, update-app, advance, items, change-schedule"),
        ("fail", scenario(steps: "[{launch: com.example.app.refresh, fail: {stage: write, error: network, xyzzy: 1}}]"), "'fail'",
         "stage, error"),
        ("overlap", scenario(steps: "[{launch: com.example.app.refresh, overlap: {launch: com.example.app.refresh, during: parse, xyzzy: 1}}]"),
         "'overlap'", "launch, during, expire, fail, interrupt"),
        ("relaunch", scenario(steps: "[{relaunch: {xyzzy: 1}}]"), "'relaunch'", "registers, registers-in-background"),
        ("change-schedule", scenario(extra: "schedule: {timezone: Europe/Berlin, rule: {every: day, at: \"02:30\"}, nonexistent: skip, repeated: first}",
                                     steps: "[{change-schedule: {xyzzy: 1}}]"),
         "'change-schedule'", "timezone, rule, nonexistent, repeated, version, limit"),
        ("expect", scenario(expect: "{xyzzy: 1}"), "'expect'",
         "completed, store, side-effects, temp-files, runs, run-count, log, errors, defects, broken-invariants, pending-requests"),
        ("store", scenario(expect: "{store: {xyzzy: 1}}"), "'store'", "items, commits, updated-at"),
        ("log", scenario(expect: "{log: {xyzzy: 1}}"), "'log'", "contains, never"),
        ("a run", scenario(expect: "{runs: [{key: k, xyzzy: 1}]}"), "this run", "planned, actual, key, outcome"),
    ])
    func anUnknownKeyListsTheKeysOfItsMapping(_ mapping: String, _ text: String, _ place: String, _ keys: String) {
        let diagnostics = SpecFixtures.parse(text).diagnostics
        #expect(diagnostics.map(\.code) == ["unknown-key"], "\(mapping): \(diagnostics.map(\.message))")
        #expect(diagnostics.first?.message == "unknown key 'xyzzy' in \(place); the keys allowed here are \(keys)", "\(mapping)")
    }

    @Test func aStepThatDoesNothingNamesEveryActionOfTheCatalog() {
        let diagnostics = SpecFixtures.parse(Self.scenario(steps: "[{at: 2027-03-29T01:00:00+02:00}]")).diagnostics
        #expect(diagnostics.map(\.message) == [
            "this step does nothing; add one action: launch, expire, register, submit, cancel, relaunch, terminate, force-quit, open-app, availability, update-app, advance, items or change-schedule",
        ])
        #expect(SpecKeyCatalog.stepForms.map(\.key) == ["launch", "expire", "register", "submit", "cancel", "relaunch", "terminate", "force-quit", "open-app", "availability", "update-app", "advance", "items", "change-schedule"])
    }

    @Test func everyMappingHasItsOwnNameInTheSchema() throws {
        let mappings = SpecKeyCatalog.recurrenceMappings + SpecKeyCatalog.lifecycleMappings
        #expect(Set(mappings.map(\.name)).count == mappings.count)
        guard case .object(let members) = SpecSchemaWriter().schema(),
              case .object(let definitions)? = members.first(where: { $0.name == "$defs" })?.value
        else {
            Issue.record("the schema has no $defs")
            return
        }
        #expect(Set(definitions.map(\.name)) == Set(mappings.map(\.name)))
        #expect(definitions.count == mappings.count)
    }

    /// The closed sets the catalog offers are the model's words, so the parser, the schema and the reference agree.
    @Test func wordListsAreTheModelsEnums() {
        func words(_ mapping: SpecMapping, _ key: String) -> [String]? {
            switch mapping[key]?.value {
            case .choice(let words): words
            case .list(.choice(let words), _, _): words
            case .orderedSubset(let words, _): words
            default: nil
            }
        }
        #expect(words(SpecKeyCatalog.task, "kind") == LifecycleSpec.TaskKind.allCases.map(\.rawValue))
        #expect(words(SpecKeyCatalog.job, "stages") == ["download", "parse", "write"])
        #expect(words(SpecKeyCatalog.job, "flaws") == LifecycleSpec.JobFlaw.allCases.map(\.rawValue))
        #expect(words(SpecKeyCatalog.app, "adapter") == LifecycleSpec.Adapter.allCases.map(\.rawValue))
        #expect(words(SpecKeyCatalog.system, "availability") == LifecycleSpec.Availability.allCases.map(\.rawValue))
        #expect(words(SpecKeyCatalog.lifecycleExpect, "completed") == ["true", "false", "killed", "none"])
        #expect(words(SpecKeyCatalog.lifecycleExpect, "errors") == LifecycleExpectation.ErrorCode.allCases.map(\.rawValue))
        #expect(words(SpecKeyCatalog.lifecycleExpect, "defects") == LifecycleExpectation.DefectKind.allCases.map(\.rawValue))
        #expect(words(SpecKeyCatalog.lifecycleExpect, "broken-invariants") == LifecycleExpectation.Invariant.allCases.map(\.rawValue))
        #expect(words(SpecKeyCatalog.run, "outcome") == LifecycleExpectation.RunOutcome.allCases.map(\.rawValue))
        #expect(words(SpecKeyCatalog.fault, "stage") == LifecycleSpec.Stage.allCases.map(\.rawValue))
    }
}
