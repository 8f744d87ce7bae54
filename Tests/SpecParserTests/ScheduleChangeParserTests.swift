import Foundation
import Recurrence
import SpecModel
import Testing
@testable import SpecParser

/// `change-schedule` steps as the parser reads them: what a change keeps, what it warns about, and the schedule each
/// one puts in effect (`LifecycleSpec.scheduleChanges`).
@Suite struct ScheduleChangeParserTests {
    static func scenario(schedule: String = "{id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: \"02:30\"}, nonexistent: skip, repeated: first}",
                         steps: String) -> String {
        """
        spec: s
        task: {identifier: com.example.app.refresh, kind: refresh}
        schedule: \(schedule)
        clock: 2027-03-29T00:00:00+02:00
        steps:
        \(steps)
        expect: {errors: []}

        """
    }

    static func lifecycle(_ file: SpecFile) throws -> LifecycleSpec {
        let spec = try #require(file.specs.first)
        guard case .lifecycle(let body) = spec.body else { Issue.record("not a scenario"); throw CancellationError() }
        return body
    }

    /// Each change applies over the one before: the zone stays through a later version change, the id always.
    @Test func eachChangeAppliesOverTheOneBefore() throws {
        let file = SpecFixtures.parse(Self.scenario(steps: """
              - {at: 2027-03-29T12:00:00+02:00, change-schedule: {timezone: America/New_York}}
              - {at: 2027-03-29T13:00:00+02:00, change-schedule: {version: 3, repeated: both}}
            """))
        #expect(file.diagnostics.isEmpty, "\(file.diagnostics.map(\.message))")
        let changes = try Self.lifecycle(file).scheduleChanges
        #expect(changes.map(\.step) == [0, 1])
        #expect(changes.map(\.schedule.timeZone.identifier) == ["America/New_York", "America/New_York"])
        #expect(changes.map(\.schedule.version) == [1, 3])
        #expect(changes.map(\.schedule.repeated) == [.first, .both])
        #expect(changes.map(\.schedule.id) == ["nightly-sync", "nightly-sync"])
    }

    /// A change to an interval rule keeps the schedule's policies for a change back to a calendar rule (a key not
    /// written keeps its value); an interval schedule changed to a calendar rule must give them.
    @Test func policiesAreKeptThroughAnIntervalRule() throws {
        let back = SpecFixtures.parse(Self.scenario(steps: """
              - {at: 2027-03-29T11:00:00+02:00, change-schedule: {rule: {interval: 6h, from: 2027-03-29T12:00:00+02:00}}}
              - {at: 2027-03-29T19:00:00+02:00, change-schedule: {rule: {every: day, at: "04:00"}}}
            """))
        #expect(back.diagnostics.isEmpty, "\(back.diagnostics.map(\.message))")
        #expect(try Self.lifecycle(back).scheduleChanges.last?.schedule.nonexistent == .skip)

        let fromInterval = SpecFixtures.parse(Self.scenario(
            schedule: "{id: s, timezone: Europe/Berlin, rule: {interval: 6h, from: 2027-03-29T00:00:00+02:00}}",
            steps: "  - {at: 2027-03-29T11:00:00+02:00, change-schedule: {rule: {every: day, at: \"04:00\"}, nonexistent: skip}}"))
        #expect(fromInterval.diagnostics.map(\.message) == [
            "'change-schedule' has no 'repeated'; its rule is a calendar rule, and the schedule has none; " + ScheduleReader.repeatedAdvice,
        ])
    }

    /// A policy beside an interval rule does nothing, as in `schedule:`.
    @Test func aPolicyBesideAnIntervalRuleIsAWarning() {
        let file = SpecFixtures.parse(Self.scenario(steps: """
              - {at: 2027-03-29T11:00:00+02:00, change-schedule: {rule: {interval: 6h, from: 2027-03-29T12:00:00+02:00}, repeated: last}}
            """))
        #expect(file.diagnostics.map(\.code) == ["unused-key"])
        #expect(file.diagnostics.first?.severity == .warning)
        #expect(file.specs.count == 1)
    }

    /// The zone is read as `schedule:` reads it: refused abbreviations, did-you-mean; its name is kept for the lints.
    @Test func theZoneIsReadAsTheScheduleReadsIt() throws {
        let abbreviation = SpecFixtures.parse(Self.scenario(steps: "  - {at: 2027-03-29T11:00:00+02:00, change-schedule: {timezone: EST}}"))
        #expect(abbreviation.diagnostics.map(\.code) == ["unsupported-time-zone"], "\(abbreviation.diagnostics.map(\.code))")
        let old = SpecFixtures.parse(Self.scenario(steps: "  - {at: 2027-03-29T11:00:00+02:00, change-schedule: {timezone: US/Eastern}}"))
        guard case .changeSchedule(let change)? = try Self.lifecycle(old).steps.first?.action else {
            Issue.record("no change read")
            return
        }
        #expect(change.timeZoneName?.text == "US/Eastern")
    }

    /// The policies a change writes hold for the changes after it: an interval schedule changed to a calendar rule with
    /// both policies, then to another time of day, needs neither again (mutation A25, the `nonexistent` written not
    /// kept in effect, refused the second change for want of it).
    @Test func policiesAChangeWritesHoldForTheChangesAfterIt() throws {
        let file = SpecFixtures.parse(Self.scenario(
            schedule: "{id: s, timezone: Europe/Berlin, rule: {interval: 6h, from: 2027-03-29T00:00:00+02:00}}",
            steps: """
              - {at: 2027-03-29T11:00:00+02:00, change-schedule: {rule: {every: day, at: "04:00"}, nonexistent: skip, repeated: first}}
              - {at: 2027-03-29T19:00:00+02:00, change-schedule: {rule: {every: day, at: "05:00"}}}
            """))
        #expect(file.diagnostics.isEmpty, "\(file.diagnostics.map(\.message))")
        #expect(try Self.lifecycle(file).scheduleChanges.map(\.schedule.nonexistent) == [.skip, .skip])
    }
}
