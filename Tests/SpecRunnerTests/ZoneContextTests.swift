import Foundation
import Recurrence
import SpecParser
import SpecResults
import Testing
@testable import SpecRunner

/// A failure explains the zone's changes near what differs, not near every instant of its window. Berlin springs
/// forward on 2027-03-28 at 01:00Z and has no other change until October (zoneinfo); daily 12:00 from 03-26 to 04-05
/// is at +01:00 on the 26th and 27th and at +02:00 from the 28th (instants below from zoneinfo).
@Suite struct ZoneContextTests {
    static func spec(april4: String) -> String {
        """
        spec: Noon in Berlin around the spring change
        schedule: {timezone: Europe/Berlin, rule: daily 12:00, nonexistent: skip, repeated: first}
        window: {after: 2027-03-26T00:00:00+01:00, through: 2027-04-05T23:00:00+02:00}
        expect:
          occurrences: [2027-03-26T12:00:00+01:00, 2027-03-27T12:00:00+01:00, 2027-03-28T12:00:00+02:00,
                        2027-03-29T12:00:00+02:00, 2027-03-30T12:00:00+02:00, 2027-03-31T12:00:00+02:00,
                        2027-04-01T12:00:00+02:00, 2027-04-02T12:00:00+02:00, 2027-04-03T12:00:00+02:00,
                        \(april4), 2027-04-05T12:00:00+02:00]

        """
    }

    static func run(_ text: String) throws -> TestResult {
        let file = SpecParser().parse(path: "noon.yaml", bytes: Array(text.utf8))
        #expect(!file.hasErrors, "\(file.diagnostics)")
        return try #require(SpecRunner().run(TestPlan(specs: file.specs, engines: [.core])).first)
    }

    /// A lifecycle scenario's result: the runner blocks its caller until the scenario's task ends, so it runs on a
    /// thread of its own, never on the test's cooperative pool (there, two such tests at once waited for ever).
    static func runScenario(_ text: String) async throws -> TestResult {
        let file = SpecParser().parse(path: "scenario.yaml", bytes: Array(text.utf8))
        #expect(!file.hasErrors, "\(file.diagnostics)")
        let plan = TestPlan(specs: file.specs, engines: nil)
        let results = await withCheckedContinuation { (continuation: CheckedContinuation<[TestResult], Never>) in
            Thread { continuation.resume(returning: SpecRunner().run(plan)) }.start()
        }
        return try #require(results.first)
    }

    @Test func aDifferenceFarFromTheChangeIsNotExplainedByIt() throws {
        // April 4 written at 13:00 (+02:00): the difference is a week after the change.
        let result = try Self.run(Self.spec(april4: "2027-04-04T13:00:00+02:00"))
        #expect(result.status == .failed)
        #expect(result.zoneContext?.transitions.isEmpty == true, "\(String(describing: result.zoneContext))")
    }

    @Test func aDifferenceNearTheChangeIsExplainedByIt() throws {
        // March 28 written at +01:00 (11:00Z, 13:00 CEST): a day after the change.
        let text = Self.spec(april4: "2027-04-04T12:00:00+02:00")
            .replacingOccurrences(of: "2027-03-28T12:00:00+02:00", with: "2027-03-28T12:00:00+01:00")
        let result = try Self.run(text)
        #expect(result.status == .failed)
        #expect(result.zoneContext?.transitions.map(\.at.utc) == ["2027-03-28T01:00:00Z"])
    }

    /// A scenario whose failure has nothing to do with a change: its job keeps its temporary files after a failed
    /// write. Berlin springs forward at 2027-03-28T01:00Z (zoneinfo); a clock that starts on the 29th at 00:00 +02:00
    /// (22:00Z on the 28th, 21 hours after the change) cannot pass it, though its run at 02:40 is within a day and a
    /// half of it. The claims audit was told "Europe/Berlin springs forward …" above such a failure.
    static func scenario(clock: String) -> String {
        """
        spec: Temporary files after a failed write
        task: {identifier: com.example.app.refresh, kind: refresh}
        job: {items: ["42"], flaws: [keeps-temporary-files]}
        schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: daily 02:30, nonexistent: skip, repeated: first}
        clock: \(clock)
        steps:
          - {at: 2027-03-29T02:40:00+02:00, launch: com.example.app.refresh, fail: {stage: write, error: disk-full}}
        expect:
          temp-files: 0

        """
    }

    @Test func aScenarioIsToldOnlyTheChangesWhileItsClockRan() async throws {
        let after = try await Self.runScenario(Self.scenario(clock: "2027-03-29T00:00:00+02:00"))
        #expect(after.status == .failed)
        // The clock: from its start to the end of the last step (the launch runs to its end at the step's instant).
        #expect(after.lifecycle?.clock?.start.offsetForm == "2027-03-29T00:00:00+02:00")
        #expect(after.lifecycle?.clock?.end.offsetForm == "2027-03-29T02:40:00+02:00")
        // The picture keeps the change near the run for its UTC row; the words leave it out.
        #expect(after.zoneContext?.transitions.map(\.at.utc) == ["2027-03-28T01:00:00Z"])
        #expect(after.toldZoneContext == nil)

        // From the 27th at noon (+01:00) the clock passes the change: it is told.
        let across = try await Self.runScenario(Self.scenario(clock: "2027-03-27T12:00:00+01:00"))
        #expect(across.status == .failed)
        #expect(across.toldZoneContext?.transitions.map(\.at.utc) == ["2027-03-28T01:00:00Z"])
    }

    /// A check's expected instant after the last step counts: a retry's floor expected an hour after a failure at 02:31
    /// CEST on Berlin's autumn night lies after the change (01:00Z), which is told, though the clock stopped at 00:31Z
    /// (a lifecycle review). zoneinfo: 02:31 CEST is 00:31Z; 03:31 CET is 02:31Z.
    @Test func aChangeBeforeAnUnmetChecksInstantIsTold() async throws {
        let result = try await Self.runScenario("""
            spec: A retry across the autumn change
            task: {identifier: com.example.app.refresh, kind: refresh}
            job: {items: ["a"]}
            app: {retry: {backoff: constant, delay: 1h}}
            schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: daily 02:30, nonexistent: skip, repeated: first}
            clock: 2027-10-30T12:00:00+02:00
            steps:
              - {at: 2027-10-31T02:31:00+02:00, launch: com.example.app.refresh, fail: {stage: download, error: network}}
            expect:
              completed: [false]
              pending-requests:
                - {identifier: com.example.app.refresh, earliest-begin: 2027-10-31T03:31:00+01:00}

            """)
        #expect(result.status == .failed)
        #expect(result.lifecycle?.clock?.end.utc == "2027-10-31T00:31:00Z")
        #expect(result.toldZoneContext?.transitions.map(\.at.utc) == ["2027-10-31T01:00:00Z"])
    }

    /// A change while the clock ran is told however far it is from the runs: a weekly scenario's runs a week apart
    /// left Berlin's spring change (2027-03-28T01:00Z, zoneinfo) out of the words (a second lifecycle review).
    @Test func aChangeWhileTheClockRanIsToldFarFromTheRuns() async throws {
        let result = try await Self.runScenario("""
            spec: Weekly across the spring change
            task: {identifier: com.example.app.refresh, kind: refresh}
            job: {items: ["a"]}
            schedule: {id: wk, timezone: Europe/Berlin, rule: {every: week, on: [sunday], at: "02:30"}, nonexistent: skip, repeated: first}
            clock: 2027-03-15T12:00:00+01:00
            steps:
              - {at: 2027-04-05T12:00:00+02:00, launch: com.example.app.refresh}
            expect:
              completed: [false]

            """)
        #expect(result.status == .failed)
        #expect(result.toldZoneContext?.transitions.map(\.at.utc) == ["2027-03-28T01:00:00Z"])
    }

    /// A change anywhere in the clock's span is told, wherever it falls between the instants the span is searched
    /// at (every three days from the start, and its end) and however far from the runs (mutation run 18's R2 and R3
    /// survived the span searched in steps of six days, and short of its end). A weekly Sunday rule under `skip` has
    /// no run on Berlin's spring Sunday; the launch on the clock's first day has nothing due. zoneinfo: Berlin springs
    /// forward at 2027-03-28T01:00Z; the first clock starts 72 hours before it, the second 216 hours before it and
    /// ends 12 hours after it.
    @Test(arguments: [
        ("2027-03-25T02:00:00+01:00", "2027-03-25T02:31:00+01:00", "2027-04-05T12:00:00+02:00"),
        ("2027-03-19T02:00:00+01:00", "2027-03-19T02:31:00+01:00", "2027-03-28T15:00:00+02:00"),
    ])
    func aChangeAnywhereInTheClocksSpanIsTold(clock: String, launch: String, end: String) async throws {
        let result = try await Self.runScenario("""
            spec: A change far from any run
            task: {identifier: com.example.app.refresh, kind: refresh}
            job: {items: ["a"]}
            schedule: {id: wk, timezone: Europe/Berlin, rule: {every: week, on: [sunday], at: "02:30"}, nonexistent: skip, repeated: first}
            clock: \(clock)
            steps:
              - {at: \(launch), launch: com.example.app.refresh}
              - {at: \(end), terminate: {}}
            expect:
              completed: [false]

            """)
        #expect(result.status == .failed)
        #expect(result.lifecycle?.runs.isEmpty == true)
        #expect(result.toldZoneContext?.transitions.map(\.at.utc) == ["2027-03-28T01:00:00Z"])
    }

    /// An unmet check's instant far past the clock's end is searched too (mutation run 18's R1: only the runs and the
    /// clock's span were), and a change at that instant itself is told (its Z3: the span's end left out). zoneinfo:
    /// Berlin's 02:30 on 2027-03-28 under next-valid-time is 03:00 CEST, 01:00Z, the change's own instant; the clock
    /// ends at 02:31 CET on 03-20, more than a week before.
    @Test(arguments: ["2027-03-28T03:00:00+02:00", "2027-03-29T02:30:00+02:00"])
    func aChangeUpToAnUnmetChecksInstantIsToldFarFromTheClock(planned: String) async throws {
        let result = try await Self.runScenario("""
            spec: A run expected after the last step
            task: {identifier: com.example.app.refresh, kind: refresh}
            job: {items: ["a"]}
            schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: daily 02:30, nonexistent: next-valid-time, repeated: first}
            clock: 2027-03-19T12:00:00+01:00
            steps:
              - {at: 2027-03-20T02:31:00+01:00, launch: com.example.app.refresh}
            expect:
              runs:
                - {planned: 2027-03-20T02:30:00+01:00}
                - {planned: \(planned)}

            """)
        #expect(result.status == .failed)
        #expect(result.toldZoneContext?.transitions.map(\.at.utc) == ["2027-03-28T01:00:00Z"])
    }

    /// A recurrence test has no clock: every change of its context is told.
    @Test func aRecurrenceTestIsToldItsWholeContext() throws {
        let text = Self.spec(april4: "2027-04-04T12:00:00+02:00")
            .replacingOccurrences(of: "2027-03-28T12:00:00+02:00", with: "2027-03-28T12:00:00+01:00")
        let result = try Self.run(text)
        #expect(result.toldZoneContext == result.zoneContext)
        #expect(result.toldZoneContext?.transitions.count == 1)
    }

    /// `Environment.zoneName` (what `merge` names an archived zone, in `SpecResults`, which may not import
    /// `Recurrence`) is the writer's rule `ZoneDisplayName.of` for every zone a spec can name, read by its
    /// identifier as results written before the rule did.
    @Test func theMergeZoneNameIsTheWritersDisplayName() {
        let identifiers = TimeZone.knownTimeZoneIdentifiers + ["UTC", "Etc/UTC", "Etc/GMT", "GMT"]
        var checked = 0
        for identifier in identifiers {
            guard let zone = TimeZone(identifier: identifier) else { continue }
            checked += 1
            #expect(Environment.zoneName(zone.identifier) == ZoneDisplayName.of(zone), "\(identifier)")
            #expect(Environment.zoneName(ZoneDisplayName.of(zone)) == ZoneDisplayName.of(zone), "\(identifier)")
        }
        #expect(checked > 300)
    }
}
