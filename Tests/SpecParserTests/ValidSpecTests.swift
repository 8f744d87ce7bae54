import Foundation
import Recurrence
import SpecModel
@testable import SpecParser
import Testing

@Suite struct ValidSpecTests {
    @Test func firstExampleOfTheSpecLanguageParsesIntoItsValues() throws {
        let file = try SpecFixtures.parseExample("nightly-sync-berlin-spring.yaml")
        #expect(file.diagnostics.isEmpty)
        let spec = try #require(file.specs.first)
        #expect(spec.name == "Nightly sync at 02:30 in Berlin across the spring change")
        #expect(spec.tags == ["dst", "europe"])
        #expect(spec.location.line == 1)
        let body = try #require(SpecFixtures.recurrence(file))
        #expect(body.schedule.id == "nightly-sync")
        #expect(body.schedule.version == 1)
        #expect(body.schedule.timeZone.identifier == "Europe/Berlin")
        #expect(body.schedule.rule == .daily(at: TimeOfDay(hour: 2, minute: 30)!))
        #expect(body.schedule.nonexistent == .skip)
        #expect(body.schedule.repeated == .first)
        #expect(body.schedule.limit == 10_000)
        let window = try #require(body.window)
        #expect(window.after.date == SpecFixtures.iso("2027-03-27T00:00:00+01:00"))
        #expect(window.through.date == SpecFixtures.iso("2027-03-30T12:00:00+02:00"))
        guard case .occurrences(let occurrences, _) = body.expect else {
            Issue.record("expected occurrences")
            return
        }
        #expect(occurrences.map(\.instant.date) == [
            SpecFixtures.iso("2027-03-27T02:30:00+01:00"),
            SpecFixtures.iso("2027-03-29T02:30:00+02:00"),
            SpecFixtures.iso("2027-03-30T02:30:00+02:00"),
        ])
        #expect(occurrences.map(\.key) == [nil, nil, "nightly-sync/v1/2027-03-30"])
        #expect(occurrences.map(\.instant.writtenOffset) == [3600, 7200, 7200])
        #expect(occurrences[2].instant.location.line == 18)
        #expect(body.cases.isEmpty)
    }

    @Test func cursorCasesExampleParsesWithItsOverridesAndLists() throws {
        let file = try SpecFixtures.parseExample("berlin-0230-cursor-cases.yaml")
        #expect(file.diagnostics.isEmpty)
        let body = try #require(SpecFixtures.recurrence(file))
        #expect(body.schedule.id == "berlin-0230-cursor-cases")
        #expect(body.window == nil && body.expect == nil)
        #expect(body.cases.map(\.name) == ["spring gap skipped", "spring gap, first valid time", "autumn, both, three searches"])
        #expect(body.cases.map(\.overrides.nonexistent) == [nil, .nextValidTime, nil])
        #expect(body.cases.map(\.overrides.repeated) == [nil, nil, .both])
        #expect(body.cases.map(\.after.date) == [
            SpecFixtures.iso("2027-03-28T00:00:00+01:00"),
            SpecFixtures.iso("2027-03-28T00:00:00+01:00"),
            SpecFixtures.iso("2027-10-31T00:00:00+02:00"),
        ])
        #expect(body.cases[0].next.map(\.date) == [SpecFixtures.iso("2027-03-29T02:30:00+02:00")])
        #expect(body.cases[1].next.map(\.date) == [SpecFixtures.iso("2027-03-28T03:00:00+02:00")])
        #expect(body.cases[2].next.map(\.date) == [
            SpecFixtures.iso("2027-10-31T02:30:00+02:00"),
            SpecFixtures.iso("2027-10-31T02:30:00+01:00"),
            SpecFixtures.iso("2027-11-01T02:30:00+01:00"),
        ])
    }

    @Test(arguments: [
        "nightly-sync-berlin-spring.yaml", "berlin-0230-cursor-cases.yaml", "weekly-new-york-spring.yaml",
        "interval-90m-berlin-spring.yaml", "leap-day-search-bound.yaml",
    ])
    func everyExampleSpecParsesWithoutDiagnostics(name: String) throws {
        let file = try SpecFixtures.parseExample(name)
        #expect(file.diagnostics.isEmpty)
        #expect(file.specs.count == 1)
    }

    /// A case whose name comes from a merged template is placed on its own line, not the template's: the results'
    /// `line` and the plan's order followed the template (reports.md: "a case's own line … sorting by line gives file
    /// order").
    @Test func aCaseNamedByAMergeIsPlacedOnItsOwnLine() throws {
        let file = SpecFixtures.parse("""
            x-chain: &chain {name: chained, repeated: last}
            spec: case lines
            schedule: {timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            cases:
              - {name: first, after: 2027-03-28T00:00:00+01:00, next: 2027-03-29T02:30:00+02:00}
              - {<<: *chain, after: 2027-10-30T00:00:00+02:00, next: 2027-10-31T02:30:00+01:00}

            """)
        let body = try #require(SpecFixtures.recurrence(file))
        #expect(body.cases.map(\.location.line) == [5, 6])
    }

    @Test func exampleFolderHoldsOnlyListedSpecs() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: SpecFixtures.examples.path).filter { $0.hasSuffix(".yaml") }
        #expect(names.count == 5)
    }

    static let ruleForms: [(String, Rule)] = [
        (#"{every: day, at: "02:30"}"#, .daily(at: TimeOfDay(hour: 2, minute: 30)!)),
        ("{every: day, at: 02:30}", .daily(at: TimeOfDay(hour: 2, minute: 30)!)),
        (#"{every: day, at: "09:00:15"}"#, .daily(at: TimeOfDay(hour: 9, minute: 0, second: 15)!)),
        (#"{every: week, on: [monday, thursday], at: "09:00"}"#, .weekly(on: [.monday, .thursday], at: TimeOfDay(hour: 9, minute: 0)!)),
        (#"{every: week, on: [mon, Thu], at: "09:00"}"#, .weekly(on: [.monday, .thursday], at: TimeOfDay(hour: 9, minute: 0)!)),
        (#"{every: month, day: 31, at: "02:30", missing-day: skip}"#, .monthly(day: .day(31), at: TimeOfDay(hour: 2, minute: 30)!, missingDay: .skip)),
        (#"{every: month, day: last, at: "23:00"}"#, .monthly(day: .last, at: TimeOfDay(hour: 23, minute: 0)!, missingDay: nil)),
        (#"{every: month, day: 15, at: "02:30"}"#, .monthly(day: .day(15), at: TimeOfDay(hour: 2, minute: 30)!, missingDay: nil)),
        (#"{every: year, month: 2, day: 29, at: "12:00", missing-day: last-day}"#,
         .yearly(month: 2, day: .day(29), at: TimeOfDay(hour: 12, minute: 0)!, missingDay: .lastDay)),
        (#"{every: year, month: april, day: 31, at: "12:00", missing-day: last-day}"#,
         .yearly(month: 4, day: .day(31), at: TimeOfDay(hour: 12, minute: 0)!, missingDay: .lastDay)),
        (#"{every: month, on: last friday, at: "23:30"}"#, .monthly(day: .weekday(.last, .friday), at: TimeOfDay(hour: 23, minute: 30)!)),
        (#"{every: month, on: 2nd Tue, at: "09:00"}"#, .monthly(day: .weekday(.second, .tuesday), at: TimeOfDay(hour: 9, minute: 0)!)),
        (#"{every: month, on: "fifth monday", at: "09:00", missing-day: last-day}"#,
         .monthly(day: .weekday(.fifth, .monday), at: TimeOfDay(hour: 9, minute: 0)!, missingDay: .lastDay)),
        (#"{every: month, on: first sunday, at: "01:30", missing-day: skip}"#,   // a needless policy, as for day 15
         .monthly(day: .weekday(.first, .sunday), at: TimeOfDay(hour: 1, minute: 30)!, missingDay: .skip)),
        (#"{every: year, month: november, on: fourth thursday, at: "12:00"}"#,
         .yearly(month: 11, day: .weekday(.fourth, .thursday), at: TimeOfDay(hour: 12, minute: 0)!)),
        (#"{every: year, month: 5, on: 5th sun, at: "12:00", missing-day: skip}"#,
         .yearly(month: 5, day: .weekday(.fifth, .sunday), at: TimeOfDay(hour: 12, minute: 0)!, missingDay: .skip)),
        (#"{every: day, at: ["08:00", "20:00"]}"#, .daily(at: [TimeOfDay(hour: 8, minute: 0)!, TimeOfDay(hour: 20, minute: 0)!])),
        ("{every: day, at: [08:00, 20:00:30]}", .daily(at: [TimeOfDay(hour: 8, minute: 0)!, TimeOfDay(hour: 20, minute: 0, second: 30)!])),
        (#"{every: day, at: ["02:30"]}"#, .daily(at: TimeOfDay(hour: 2, minute: 30)!)),   // a list of one is the one time
        ("daily 08:00,20:00", .daily(at: [TimeOfDay(hour: 8, minute: 0)!, TimeOfDay(hour: 20, minute: 0)!])),
        ("weekly sat,sun 02:00,02:30", .weekly(on: [.saturday, .sunday], at: [TimeOfDay(hour: 2, minute: 0)!, TimeOfDay(hour: 2, minute: 30)!])),
        (#"{every: year, month: 3, on: last sunday, at: ["02:15", "02:45"]}"#,
         .yearly(month: 3, day: .weekday(.last, .sunday), at: [TimeOfDay(hour: 2, minute: 15)!, TimeOfDay(hour: 2, minute: 45)!])),
        ("{every: hour, minute: 15}", .hourly(minute: 15, second: 0)),
        ("{every: hour, minute: 0, second: 30}", .hourly(minute: 0, second: 30)),
        ("daily 02:30", .daily(at: TimeOfDay(hour: 2, minute: 30)!)),
        ("weekly mon,thu 09:00", .weekly(on: [.monday, .thursday], at: TimeOfDay(hour: 9, minute: 0)!)),
        (#""weekly mon,thu 09:00""#, .weekly(on: [.monday, .thursday], at: TimeOfDay(hour: 9, minute: 0)!)),
    ]

    @Test(arguments: ruleForms)
    func calendarRuleFormReadsAsItsRule(text: String, rule: Rule) throws {
        let file = SpecFixtures.parse(SpecFixtures.spec(schedule: """
              timezone: Europe/Berlin
              rule: \(text)
              nonexistent: skip
              repeated: first
            """))
        #expect(file.diagnostics.isEmpty, "\(file.diagnostics.map(\.message))")
        #expect(SpecFixtures.recurrence(file)?.schedule.rule == rule)
    }

    @Test(arguments: [
        "{interval: 90m, from: 2027-03-27T02:30:00+01:00}",
        "every 90m from 2027-03-27T02:30:00+01:00",
        "{interval: 1h30m, from: 2027-03-27T01:30:00Z}",
    ])
    func intervalRuleReadsWithoutPolicies(text: String) throws {
        let file = SpecFixtures.parse(SpecFixtures.spec(schedule: """
              timezone: Europe/Berlin
              rule: \(text)
            """))
        #expect(file.diagnostics.isEmpty, "\(file.diagnostics.map(\.message))")
        let schedule = try #require(SpecFixtures.recurrence(file)?.schedule)
        #expect(schedule.rule == .interval(seconds: 5400, from: SpecFixtures.iso("2027-03-27T01:30:00Z")))
        #expect(schedule.nonexistent == nil && schedule.repeated == nil)
    }

    @Test func intervalRuleWithPoliciesWarnsThatTheyHaveNoEffect() {
        let file = SpecFixtures.parse(SpecFixtures.spec(schedule: """
              timezone: Europe/Berlin
              rule: every 24h from 2027-03-27T02:30:00+01:00
              nonexistent: skip
            """))
        #expect(file.specs.count == 1)
        #expect(file.diagnostics.map(\.code) == ["unused-key"])
        #expect(file.diagnostics.map(\.severity) == [.warning])
    }

    @Test func leapDayBoundExampleExpectsTheBoundError() throws {
        let file = try SpecFixtures.parseExample("leap-day-search-bound.yaml")
        let body = try #require(SpecFixtures.recurrence(file))
        #expect(body.schedule.limit == 5)
        #expect(body.cases.map(\.error) == [.noOccurrence, nil])
        #expect(body.cases[0].next.isEmpty)
    }

    @Test func windowExpectingAnErrorParses() throws {
        let file = SpecFixtures.parse("""
            spec: bound
            schedule: {timezone: Europe/Berlin, rule: {every: year, month: 2, day: 29, at: "12:00", missing-day: skip}, nonexistent: skip, repeated: first, limit: 5}
            window: {after: 2097-03-01T00:00:00+01:00, through: 2103-03-01T00:00:00+01:00}
            expect: {error: no-occurrence}

            """)
        #expect(file.diagnostics.isEmpty)
        guard case .error(.noOccurrence, _) = SpecFixtures.recurrence(file)?.expect else {
            Issue.record("expected the error expectation")
            return
        }
    }

    @Test func emptyOccurrenceListIsValid() throws {
        let file = SpecFixtures.parse("""
            spec: none
            schedule: {timezone: Europe/Berlin, rule: daily 02:30, nonexistent: skip, repeated: first}
            window: {after: 2027-03-28T00:00:00+01:00, through: 2027-03-28T12:00:00+02:00}
            expect: {occurrences: []}

            """)
        #expect(file.diagnostics.isEmpty)
        guard case .occurrences(let list, _) = SpecFixtures.recurrence(file)?.expect else {
            Issue.record("expected occurrences")
            return
        }
        #expect(list.isEmpty)
    }

    @Test func commonKeysAndDefaultsAreRead() throws {
        let file = SpecFixtures.parse("""
            spec: everything
            description: |
              Two lines
              of text.
            tags: dst
            skip: "waits for tzdata 2027b"
            engines: [foundation, core, core]
            known-deviations: {foundation: "nextDate skips the gap"}
            schedule:
              id: my-id
              version: 3
              timezone: UTC
              rule: {every: hour, minute: 15}
              nonexistent: shift-forward
              repeated: both
              limit: 50
            cases:
              - name: single
                timezone: America/New_York
                rule: weekly sun 02:30
                after: 2027-03-28T00:00:00Z
                next: 2027-03-28T00:15:00Z

            """, path: "folder/file.name.yaml")
        #expect(file.diagnostics.isEmpty, "\(file.diagnostics.map(\.message))")
        let spec = try #require(file.specs.first)
        #expect(spec.description == "Two lines\nof text.\n")
        #expect(spec.tags == ["dst"])
        #expect(spec.skip == "waits for tzdata 2027b")
        #expect(spec.engines == [.foundation, .core])
        #expect(spec.knownDeviations == [.foundation: "nextDate skips the gap"])
        let body = try #require(SpecFixtures.recurrence(file))
        #expect(body.schedule.id == "my-id" && body.schedule.version == 3 && body.schedule.limit == 50)
        #expect(body.schedule.nonexistent == .shiftForward && body.schedule.repeated == .both)
        #expect(body.schedule.timeZone.secondsFromGMT(for: SpecFixtures.iso("2027-07-01T00:00:00Z")) == 0)
        #expect(body.cases[0].overrides.timeZone?.identifier == "America/New_York")
        #expect(body.cases[0].overrides.rule == .weekly(on: [.sunday], at: TimeOfDay(hour: 2, minute: 30)!))
    }

    @Test func scheduleIDDefaultsToTheFileNameWithoutExtension() {
        #expect(SpecParser.scheduleID(forPath: "specs/dst/nightly-sync.yaml") == "nightly-sync")
        #expect(SpecParser.scheduleID(forPath: "a.b.yml") == "a.b")
        #expect(SpecParser.scheduleID(forPath: "noext") == "noext")
    }

    @Test func severalDocumentsGiveSeveralSpecsInOrder() {
        let one = SpecFixtures.spec(schedule: "  timezone: Europe/Berlin\n  rule: daily 02:30\n  nonexistent: skip\n  repeated: first", name: "one")
        let two = SpecFixtures.spec(schedule: "  timezone: Europe/Berlin\n  rule: daily 02:30\n  nonexistent: skip\n  repeated: first", name: "two")
        let file = SpecFixtures.parse(one + "---\n" + two + "---\n")
        #expect(file.specs.map(\.name) == ["one", "two"])
        #expect(file.specs.map(\.location.line) == [1, 12])
        #expect(file.diagnostics.isEmpty)
    }
}
