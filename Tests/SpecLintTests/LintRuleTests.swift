import Foundation
import SpecDiagnostics
@testable import SpecLint
import SpecModel
import SpecParser
import Synchronization
import Testing

/// The lints beyond the offset check, each compared as whole rendered text. Instants were checked with Python's
/// zoneinfo: Europe/Berlin falls back from 03:00 CEST to 02:00 CET on 2027-10-31 (01:00Z), so 02:30 happens at
/// 2027-10-31T02:30:00+02:00 (00:30Z) and again at 2027-10-31T02:30:00+01:00 (01:30Z); it springs forward at
/// 2027-03-28T01:00:00Z and has no other change in 2027.
@Suite struct LintRuleTests {
    static func lint(_ text: String, path: String = "lint.yaml") -> String {
        let file = SpecParser().parse(path: path, bytes: Array(text.utf8))
        precondition(!file.hasErrors && !file.specs.isEmpty, "the lint fixture must parse: \(file.diagnostics)")
        return SpecLinter().diagnostics(for: file).map { DiagnosticRenderer().render($0) + "\n" }.joined()
    }

    // MARK: Fixtures the diagnostics page quotes

    static let juneWindow = """
            spec: Nightly sync in June
            tags: [dst, europe]
            schedule: {timezone: Europe/Berlin, rule: daily 02:30, nonexistent: skip, repeated: first}
            window: {after: 2027-06-01T00:00:00+02:00, through: 2027-06-04T00:00:00+02:00}
            expect:
              occurrences: [2027-06-01T02:30:00+02:00, 2027-06-02T02:30:00+02:00, 2027-06-03T02:30:00+02:00]

            """

    static let duplicateKey = """
            spec: Autumn pair
            schedule: {id: sync, timezone: Europe/Berlin, rule: daily 02:30, nonexistent: skip, repeated: both}
            window: {after: 2027-10-31T00:00:00+02:00, through: 2027-10-31T12:00:00+01:00}
            expect:
              occurrences:
                - {at: 2027-10-31T02:30:00+02:00, key: sync/v1/2027-10-31}
                - {at: 2027-10-31T02:30:00+01:00, key: sync/v1/2027-10-31}

            """

    /// A spec copied from `month-end.yaml` into `lint.yaml`, whose `schedule:` writes no id: its keys now start `lint/v1/`.
    /// Berlin is at +02:00 from April to June 2027 (zoneinfo), so each 09:00+02:00 is its month's last day's slot.
    static let unmatchableKey = """
            spec: Month ends
            schedule: {timezone: Europe/Berlin, rule: {every: month, day: last, at: "09:00"}, nonexistent: skip, repeated: first}
            window: {after: 2027-04-01T00:00:00+02:00, through: 2027-06-30T12:00:00+02:00}
            expect:
              occurrences:
                - {at: 2027-04-30T09:00:00+02:00, key: month-end/v1/2027-04-30}
                - {at: 2027-05-31T09:00:00+02:00, key: month-end/v1/2027-05-31}
                - {at: 2027-06-30T09:00:00+02:00, key: lint/v1/2027-06-31}

            """

    static let duplicateCase = """
            spec: Spring
            schedule: {timezone: Europe/Berlin, rule: daily 02:30, nonexistent: skip, repeated: first}
            cases:
              - name: skipped
                after: 2027-03-28T00:00:00+01:00
                next: 2027-03-29T02:30:00+02:00
              - name: first valid time
                after: 2027-03-27T23:00:00Z
                next: 2027-03-28T03:00:00+02:00
              - name: first valid time, really
                nonexistent: next-valid-time
                after: 2027-03-28T00:00:00+01:00
                next: 2027-03-28T03:00:00+02:00

            """

    static let autumnBoth = """
            spec: Autumn both
            schedule: {id: sync, timezone: Europe/Berlin, rule: daily 02:30, nonexistent: skip, repeated: both}
            window: {after: 2027-10-30T00:00:00+02:00, through: 2027-11-01T12:00:00+01:00}
            expect:
              occurrences:
                - 2027-10-30T02:30:00+02:00
                - {at: 2027-10-31T02:30:00+02:00, key: sync/v1/2027-10-31}
                - 2027-10-31T02:30:00+01:00
                - 2027-11-01T02:30:00+01:00

            """

    static let outsideWindow = """
            spec: Nightly sync from the 27th
            schedule: {timezone: Europe/Berlin, rule: daily 02:30, nonexistent: skip, repeated: first}
            window: {after: 2027-03-27T02:30:00+01:00, through: 2027-03-30T12:00:00+02:00}
            expect:
              occurrences:
                - 2027-03-27T02:30:00+01:00
                - 2027-03-29T02:30:00+02:00
                - 2027-03-30T02:30:00+02:00

            """

    static let duplicateInstant = """
            spec: Nightly sync in June, twice
            schedule: {timezone: Europe/Berlin, rule: daily 02:30, nonexistent: skip, repeated: first}
            window: {after: 2027-06-01T00:00:00+02:00, through: 2027-06-02T12:00:00+02:00}
            expect:
              occurrences:
                - 2027-06-01T02:30:00+02:00
                - 2027-06-01T00:30:00Z
                - 2027-06-02T02:30:00+02:00

            """

    static let missingFixture = """
            spec: Gate from a file that is not there
            task:
              identifier: com.example.app.refresh
              info-plist: fixtures/Missing.plist
            clock: 2027-03-29T00:00:00+02:00
            steps: []
            expect:
              errors: []

            """

    static let oldZoneName = """
            spec: Nightly sync in Kyiv
            schedule: {timezone: Europe/Kiev, rule: daily 02:30, nonexistent: skip, repeated: first}
            cases:
              - name: the New York office
                timezone: US/Eastern
                after: 2027-06-01T00:00:00-04:00
                next: 2027-06-01T02:30:00-04:00

            """

    static let emptyExpect = """
            spec: Launch at 02:31
            task: {identifier: com.example.app.refresh, kind: refresh}
            clock: 2027-03-29T00:00:00+02:00
            steps:
              - {at: 2027-03-29T02:31:00+02:00, launch: com.example.app.refresh}
            expect: {}

            """

    // MARK: empty-expect

    /// `expect: {}` checks only the invariants and that no lifecycle error is raised: said, with what could be written.
    @Test func anEmptyExpectationInAScenarioIsReported() {
        #expect(Self.lint(Self.emptyExpect) == """
            lint.yaml:6:1: warning: 'expect' is empty, so 'Launch at 02:31' checks only the harness's invariants and that no lifecycle error is raised; write what the scenario must end with [empty-expect]
            expect: {}
            ^~~~~~
            note: 'expect' can hold completed, store, side-effects, temp-files, runs, run-count, log, errors, defects, broken-invariants, pending-requests; e.g. 'expect: {completed: [true]}', or 'expect: {errors: []}' to check on purpose that no lifecycle error is raised

            """)
    }

    /// Any entry, even one that only states the default (`errors: []`), is a check the author chose.
    @Test func anExpectationWithAnyEntryIsNotReported() {
        for entry in ["{errors: []}", "{completed: [true]}", "{temp-files: 0}", "{log: {never: [token=]}}", "{run-count: 1}"] {
            #expect(Self.lint(Self.emptyExpect.replacingOccurrences(of: "expect: {}", with: "expect: \(entry)")).isEmpty, "\(entry)")
        }
    }

    /// Berlin springs forward at 2027-03-28T01:00:00Z (Python zoneinfo: +01:00 → +02:00), inside this window.
    static let controlOverAChange = """
            spec: Nightly sync, nothing changes
            tags: [control]
            schedule: {timezone: Europe/Berlin, rule: daily 04:00, nonexistent: skip, repeated: first}
            window: {after: 2027-03-27T00:00:00+01:00, through: 2027-03-29T00:00:00+02:00}
            expect:
              occurrences: [2027-03-27T04:00:00+01:00, 2027-03-28T04:00:00+02:00]

            """
    /// The note lists what the parser accepts under a scenario's `expect:` (the lint may not import the parser).
    @Test func theNoteListsTheKeysTheParserAccepts() {
        #expect(EmptyExpectLint.expectationKeys == SpecKeyCatalog.lifecycleExpect.keyNames.filter { $0 != "occurrences" })
    }

    // MARK: dst-without-transition

    @Test func aDSTSpecWhoseWindowHoldsNoChangeIsReported() {
        // 2027-06-01 … 2027-06-04 in Berlin: +02:00 throughout (the changes are in March and October).
        #expect(Self.lint(Self.juneWindow) == """
            lint.yaml:1:1: warning: 'Nightly sync in June' is tagged dst, but Europe/Berlin has no offset change in its window (after 2027-06-01T00:00:00+02:00, through 2027-06-04T00:00:00+02:00]; move it over a change ('specrun explain Europe/Berlin 2027' lists them), or remove the tag [dst-without-transition]
            spec: Nightly sync in June
            ^~~~
            note: a spec that checks on purpose that nothing changes can be tagged control instead

            """)
    }

    /// A zone with no change in the window's year names the year of its nearest change, which `explain` lists: Asia/Tehran
    /// last changed on 2022-09-21 (zoneinfo: +04:30 → +03:30, none after up to 2037), and "'specrun explain Asia/Tehran
    /// 2027' lists them" listed nothing (a QA newcomer's trial).
    @Test func aZoneWithoutAChangeThatYearNamesTheNearestOne() {
        let tehran = Self.juneWindow.replacingOccurrences(of: "Europe/Berlin", with: "Asia/Tehran")
            .replacingOccurrences(of: "+02:00", with: "+03:30")
        #expect(Self.lint(tehran).contains("move it over a change (the nearest is in 2022, 'specrun explain Asia/Tehran 2022', and "
            + "Asia/Tehran has none after it up to 2037), or remove the tag [dst-without-transition]"), "\(Self.lint(tehran))")
        // Europe/Moscow last changed on 2014-10-26 (zoneinfo): from June 2025 that is eleven calendar years back, within
        // the years the "no change at all" message looks at; the warning pointed at 2025, which has none.
        let moscow = Self.juneWindow.replacingOccurrences(of: "Europe/Berlin", with: "Europe/Moscow")
            .replacingOccurrences(of: "+02:00", with: "+03:00").replacingOccurrences(of: "2027", with: "2025")
        #expect(Self.lint(moscow).contains("(the nearest is in 2014, 'specrun explain Europe/Moscow 2014', and Europe/Moscow has none "
            + "after it up to 2035)"), "\(Self.lint(moscow))")
    }

    /// A lifecycle scenario tagged dst whose clock passes no change of any zone its schedule takes is told so (an incident
    /// review's June flight from Paris to New York passed `check` without a word); one whose later zone changes within
    /// it is not. zoneinfo: Paris changes on 2027-03-28 and 2027-10-31 (01:00Z), New York on 2027-03-14 (07:00Z) and
    /// 2027-11-07 (06:00Z); from June the nearest is Paris's March change.
    @Test func aDSTScenarioWhoseClockPassesNoChangeIsReported() {
        let june = """
            spec: The flight
            tags: [lifecycle, dst]
            task: {identifier: com.example.app.reminder, kind: refresh}
            schedule: {id: reminder, timezone: Europe/Paris, rule: {every: day, at: "09:00"}, nonexistent: skip, repeated: first}
            clock: 2027-06-14T08:00:00+02:00
            steps:
              - {at: 2027-06-14T09:01:00+02:00, launch: com.example.app.reminder}
              - {at: 2027-06-14T18:00:00-04:00, change-schedule: {timezone: America/New_York}}
              - advance: 2h
            expect:
              completed: [true]

            """
        #expect(Self.lint(june) == """
            lint.yaml:1:1: warning: 'The flight' is tagged dst, but its scenario, from its clock (2027-06-14T08:00:00+02:00) to its last step (2027-06-15T00:00:00Z), passes no offset change of Europe/Paris or America/New_York; move its clock and steps over a change (the nearest is at 2027-03-28T01:00:00Z, 'specrun explain Europe/Paris 2027' lists that year's), or remove the tag [dst-without-transition]
            spec: The flight
            ^~~~
            note: a scenario that checks on purpose that nothing changes can be tagged control instead

            """)
        // In November: Paris has changed already (10-31), New York changes on 11-07 within the scenario.
        let november = june.replacingOccurrences(of: "2027-06-14T08:00:00+02:00", with: "2027-11-05T08:00:00+01:00")
            .replacingOccurrences(of: "2027-06-14T09:01:00+02:00", with: "2027-11-05T09:01:00+01:00")
            .replacingOccurrences(of: "2027-06-14T18:00:00-04:00", with: "2027-11-06T18:00:00-04:00")
            .replacingOccurrences(of: "advance: 2h", with: "advance: 2d")
        #expect(Self.lint(november).isEmpty, "\(Self.lint(november))")
        #expect(Self.lint(june.replacingOccurrences(of: "[lifecycle, dst]", with: "[lifecycle, dst, control]")).isEmpty)
    }

    /// A scenario's nearest change in the year before its own is listed by the year of that change: a January 2028
    /// scenario in Paris is sent to 'explain Europe/Paris 2027', which lists 2027-10-31, not to 2028, whose first change
    /// is later (mutation run 16's T3 survived the scenario's own year: only a June scenario, its nearest change the
    /// same year's, was pinned). zoneinfo: Paris changes at 2027-10-31T01:00Z (66 days before 2028-01-05T07:00Z) and
    /// 2028-03-26T01:00Z (80 days after).
    @Test func aDSTScenarioIsSentToTheYearOfItsNearestChange() {
        let january = """
            spec: January
            tags: [lifecycle, dst]
            task: {identifier: com.example.app.reminder, kind: refresh}
            schedule: {id: reminder, timezone: Europe/Paris, rule: {every: day, at: "09:00"}, nonexistent: skip, repeated: first}
            clock: 2028-01-05T08:00:00+01:00
            steps:
              - {at: 2028-01-05T09:01:00+01:00, launch: com.example.app.reminder}
            expect:
              completed: [true]

            """
        let told = Self.lint(january)
        #expect(told.contains("from its clock (2028-01-05T08:00:00+01:00) to its last step (2028-01-05T09:01:00+01:00), passes no offset "
            + "change of Europe/Paris; move its clock and steps over a change (the nearest is at 2027-10-31T01:00:00Z, 'specrun explain "
            + "Europe/Paris 2027' lists that year's), or remove the tag [dst-without-transition]"), "\(told)")
    }

    /// Under `both`, one instant of a repeated pair listed without the other: the key alone leaves the spec failing on
    /// the other instant, so a second note says to list it or choose the policy that gives the one listed (a third
    /// review wrote the `~2` key as told and still failed). zoneinfo: Lord Howe turns 02:00 +11:00 back to 01:30 +10:30
    /// at 2027-04-03T15:00Z, so 01:45 is 14:45Z (+11:00) and 15:15Z (+10:30). Both listed: the key note alone.
    @Test func oneInstantOfARepeatedPairListedUnderBothIsToldTheOther() {
        let one = """
            spec: lh both
            schedule: {id: bk, timezone: Australia/Lord_Howe, rule: {every: day, at: "01:45"}, nonexistent: skip, repeated: both}
            window: {after: 2027-04-03T12:00:00+11:00, through: 2027-04-04T12:00:00+10:30}
            expect:
              occurrences: [2027-04-04T01:45:00+10:30]

            """
        // What fails the spec is said first, the keys after (a message review applied the key note, told first, and
        // the spec still failed).
        #expect(Self.lint(one) == """
            lint.yaml:5:17: warning: 2027-04-04T01:45:00+10:30 is the second 01:45 on 2027-04-04, a repeated wall time; under 'repeated: both' the first 01:45, 2027-04-04T01:45:00+11:00, is an occurrence too and is not listed, so the spec will fail: list it, or, for one run that night, choose 'repeated: last' [repeated-without-key]
              occurrences: [2027-04-04T01:45:00+10:30]
                            ^~~~~~~~~~~~~~~~~~~~~~~~~
            note: each of the two has its own key, which the long form checks: {at: 2027-04-04T01:45:00+11:00, key: bk/v1/2027-04-04}, {at: 2027-04-04T01:45:00+10:30, key: bk/v1/2027-04-04~2}

            """, "\(Self.lint(one))")
        let both = one.replacingOccurrences(of: "[2027-04-04T01:45:00+10:30]", with: "[2027-04-04T01:45:00+11:00, 2027-04-04T01:45:00+10:30]")
        #expect(both != one)
        #expect(!Self.lint(both).contains("is not listed"), "\(Self.lint(both))")
        #expect(Self.lint(both).contains("note: write {at: 2027-04-04T01:45:00+11:00, key: bk/v1/2027-04-04}"))
        // The first listed alone is told the second, and 'first' for one run (mutation run 17's R1 survived the other
        // instant always taken as the first: only the second listed alone was pinned).
        let first = one.replacingOccurrences(of: "[2027-04-04T01:45:00+10:30]", with: "[2027-04-04T01:45:00+11:00]")
        #expect(first != one)
        #expect(Self.lint(first).contains("""
            2027-04-04T01:45:00+11:00 is the first 01:45 on 2027-04-04, a repeated wall time; under 'repeated: both' the second 01:45, 2027-04-04T01:45:00+10:30, is an occurrence too and is not listed, so the spec will fail: list it, or, for one run that night, choose 'repeated: first' [repeated-without-key]
            """), "\(Self.lint(first))")
        #expect(Self.lint(first).hasSuffix("""
            note: each of the two has its own key, which the long form checks: {at: 2027-04-04T01:45:00+11:00, key: bk/v1/2027-04-04}, {at: 2027-04-04T01:45:00+10:30, key: bk/v1/2027-04-04~2}

            """), "\(Self.lint(first))")
    }

    /// The other instant of a pair is told only when the schedule gives it: with 01:35 and 01:45 under `both`, the first
    /// 01:45 comes before the second 01:35 and is dropped (occurrences only increase), so the second 01:45 listed alone
    /// is told its key and nothing more (mutation run 17's R2 survived that check dropped: a note to list an instant the
    /// spec would then fail on). zoneinfo: Lord Howe turns 02:00 +11:00 back to 01:30 +10:30 at 2027-04-03T15:00Z, so
    /// 01:35 is 14:35Z and 15:05Z, 01:45 is 14:45Z and 15:15Z.
    @Test func theOtherInstantOfAPairIsToldOnlyWhenTheScheduleGivesIt() {
        let found = Self.lint("""
            spec: lh two times
            schedule: {id: bk, timezone: Australia/Lord_Howe, rule: {every: day, at: ["01:35", "01:45"]}, nonexistent: skip, repeated: both}
            window: {after: 2027-04-03T12:00:00+11:00, through: 2027-04-04T12:00:00+10:30}
            expect:
              occurrences: [2027-04-04T01:45:00+10:30]

            """)
        #expect(found.contains("note: write {at: 2027-04-04T01:45:00+10:30, key: bk/v1/2027-04-04T01:45~2}"), "\(found)")
        #expect(!found.contains("is not listed"), "\(found)")
    }

    /// `tags: [DST]` claims a change as `dst` does (the lint review: passed over without a word); `Control` likewise.
    @Test func theTagsAreReadInAnyCase() {
        let upper = Self.juneWindow.replacingOccurrences(of: "tags: [dst, europe]", with: "tags: [DST, europe]")
        #expect(upper != Self.juneWindow)
        #expect(Self.lint(upper).contains("is tagged dst, but Europe/Berlin has no offset change in its window"))
        #expect(Self.lint(upper.replacingOccurrences(of: "tags: [DST, europe]", with: "tags: [DST, Control]")).isEmpty)
    }

    @Test func casesThatSearchAcrossNoChangeAreReportedAgainstTheirOwnZone() {
        // The case moves the search to New York, whose 2027 spring change is on March 14, not in June.
        #expect(Self.lint("""
            spec: New York in June
            tags: dst
            schedule: {timezone: Europe/Berlin, rule: daily 09:00, nonexistent: skip, repeated: first}
            cases:
              - name: an ordinary day
                timezone: America/New_York
                after: 2027-06-01T00:00:00-04:00
                next: 2027-06-01T09:00:00-04:00

            """) == """
            lint.yaml:1:1: warning: 'New York in June' is tagged dst, but America/New_York has no offset change in its window and cases' searches; move it over a change ('specrun explain America/New_York 2027' lists them), or remove the tag [dst-without-transition]
            spec: New York in June
            ^~~~
            note: a spec that checks on purpose that nothing changes can be tagged control instead

            """)
    }

    /// A case tagged dst itself is held to its own search: copied from 2027 to 2028 with the year bumped, Berlin's
    /// spring case looks at 03-28, but 2028's change is on 03-26 at 01:00Z (zoneinfo). The spec's 2027 case crosses
    /// its change, so the spec's own check passed and nothing was said (a maintenance review). A case without its own
    /// tag (an ordinary day beside them) is not held to one, nor a case tagged control.
    @Test func aCaseTaggedDSTWhoseOwnSearchHoldsNoChangeIsReported() {
        let spec = """
            spec: Berlin springs
            tags: [dst]
            schedule: {timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: next-valid-time, repeated: first}
            cases:
              - name: spring 2027
                after: 2027-03-28T00:00:00+01:00
                next: 2027-03-28T03:00:00+02:00
              - name: spring 2028
                tags: [dst]
                after: 2028-03-28T00:00:00+02:00
                next: 2028-03-28T02:30:00+02:00
              - name: an ordinary day
                after: 2028-06-01T00:00:00+02:00
                next: 2028-06-01T02:30:00+02:00

            """
        #expect(Self.lint(spec) == """
            lint.yaml:10:12: warning: case 'spring 2028' is tagged dst, but Europe/Berlin has no offset change in its search (after 2028-03-28T00:00:00+02:00, through 2028-03-28T02:30:00+02:00); move its cursor and expectations over a change (the nearest is at 2028-03-26T01:00:00Z, 'specrun explain Europe/Berlin 2028' lists that year's), or remove the tag [dst-without-transition]
                after: 2028-03-28T00:00:00+02:00
                       ^~~~~~~~~~~~~~~~~~~~~~~~~

            """, "\(Self.lint(spec))")
        // Over its change (2028-03-26), or tagged control too, or in a spec without the tag but over a change: no warning.
        #expect(Self.lint(spec.replacingOccurrences(of: "2028-03-28T00:00:00+02:00", with: "2028-03-26T00:00:00+01:00")
            .replacingOccurrences(of: "2028-03-28T02:30:00+02:00", with: "2028-03-26T03:00:00+02:00")).isEmpty)
        #expect(Self.lint(spec.replacingOccurrences(of: "    tags: [dst]\n", with: "    tags: [dst, control]\n")).isEmpty)
        // A spec not tagged dst: its case's own tag is still held to its search.
        #expect(Self.lint(spec.replacingOccurrences(of: "tags: [dst]\nschedule", with: "schedule")).contains("case 'spring 2028' is tagged dst"))
        // Tags are compared in any case (docs/reports.md): a case tagged DST in a spec without the tag is held to it
        // too (mutation B26 looked for the lower-case tag only, and said nothing).
        let upper = spec.replacingOccurrences(of: "tags: [dst]\nschedule", with: "schedule")
            .replacingOccurrences(of: "    tags: [dst]\n", with: "    tags: [DST]\n")
        #expect(Self.lint(upper).contains("case 'spring 2028' is tagged dst"), "\(Self.lint(upper))")
    }

    /// The first 02:30 of Berlin's autumn night (00:30Z, `repeated: first`) comes before the change at 01:00Z that
    /// repeats it (zoneinfo): a search ending there checks that change, and was told to move over it (a review). The
    /// night before, whose 02:30 no change repeats, is still told.
    @Test func aSearchEndingAtAWallTimeTheNextChangeRepeatsChecksThatChange() {
        let spec = """
            spec: Berlin autumn first
            tags: [dst]
            schedule: {timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: next-valid-time, repeated: first}
            window: {after: 2027-10-30T12:00:00+02:00, through: 2027-10-31T02:30:00+02:00}
            expect:
              occurrences: [2027-10-31T02:30:00+02:00]
            cases:
              - name: autumn first
                tags: [dst]
                after: 2027-10-31T00:00:00+02:00
                next: 2027-10-31T02:30:00+02:00

            """
        #expect(Self.lint(spec).isEmpty, "\(Self.lint(spec))")
        let dayBefore = spec.replacingOccurrences(of: "2027-10-31T00:00:00+02:00", with: "2027-10-29T00:00:00+02:00")
            .replacingOccurrences(of: "next: 2027-10-31T02:30:00+02:00", with: "next: 2027-10-30T02:30:00+02:00")
        #expect(Self.lint(dayBefore).contains("case 'autumn first' is tagged dst, but Europe/Berlin has no offset change in its search"),
                "\(Self.lint(dayBefore))")
        // 02:00, the first wall time the change repeats (its second reading, 02:00 CET, is the change itself at 01:00Z,
        // zoneinfo): repeated too, so a search ending at its first reading checks the change (mutation B24 held the
        // repeat to wall times read after the change, and told this spec to move over it).
        let atTheChange = spec.replacingOccurrences(of: "02:30", with: "02:00")
        #expect(Self.lint(atTheChange).isEmpty, "\(Self.lint(atTheChange))")
    }

    /// America/Nuuk springs from -02:00 to -01:00 at 2027-03-28T01:00:00Z (zoneinfo), so 23:00–24:00 of the 27th does
    /// not exist: shift-forward reads the 27th's 23:30 with -02:00, 01:30Z, which is 2027-03-28T00:30:00-01:00, after
    /// the change. A window or a search from 00:15 holds that occurrence and so checks the change, though the change is
    /// before it (a black-box review's probe was told to move over a change).
    static let nuukShifted = """
        spec: Nuuk 23:30 shifted
        tags: [dst]
        schedule: {id: p10, timezone: America/Nuuk, rule: {every: day, at: "23:30"}, nonexistent: shift-forward, repeated: first}
        window: {after: 2027-03-28T00:15:00-01:00, through: 2027-03-28T12:00:00-01:00}
        expect:
          occurrences:
            - {at: 2027-03-28T00:30:00-01:00, key: p10/v1/2027-03-27}
        cases:
          - name: cursor 00:15 on the 28th
            after: 2027-03-28T00:15:00-01:00
            next: [2027-03-28T00:30:00-01:00, 2027-03-28T23:30:00-01:00]

        """

    @Test func anOccurrenceAGapMovedPastItsChangeChecksThatChange() {
        #expect(Self.lint(Self.nuukShifted).isEmpty, "\(Self.lint(Self.nuukShifted))")
        // The window alone, and the case alone (tagged dst itself, so held to its own search): each checks the change.
        let windowOnly = Self.nuukShifted.components(separatedBy: "cases:\n")[0]
        #expect(windowOnly != Self.nuukShifted)
        #expect(Self.lint(windowOnly).isEmpty, "\(Self.lint(windowOnly))")
        let caseOnly = Self.nuukShifted.replacingOccurrences(of: """
            window: {after: 2027-03-28T00:15:00-01:00, through: 2027-03-28T12:00:00-01:00}
            expect:
              occurrences:
                - {at: 2027-03-28T00:30:00-01:00, key: p10/v1/2027-03-27}

            """, with: "").replacingOccurrences(of: "    after: 2027", with: "    tags: [dst]\n    after: 2027")
        #expect(caseOnly.contains("    tags: [dst]\n") && !caseOnly.contains("window"))
        #expect(Self.lint(caseOnly).isEmpty, "\(Self.lint(caseOnly))")
        // A rule at 00:30, which exists on the 28th: the same instant, 01:30Z, is its own slot's, moved by nothing, and
        // the window from 00:15 holds no change, so it is told (a test by the distance from the change alone passed it).
        let exact = Self.nuukShifted.replacingOccurrences(of: "\"23:30\"", with: "\"00:30\"")
            .replacingOccurrences(of: "p10/v1/2027-03-27", with: "p10/v1/2027-03-28")
            .replacingOccurrences(of: "2027-03-28T23:30:00-01:00", with: "2027-03-29T00:30:00-01:00")
        #expect(Self.lint(exact).contains("""
            warning: 'Nuuk 23:30 shifted' is tagged dst, but America/Nuuk has no offset change in its window and cases' searches; \
            move it over a change ('specrun explain America/Nuuk 2027' lists them), or remove the tag [dst-without-transition]
            """), "\(Self.lint(exact))")
    }

    /// Pacific/Apia skipped 2011-12-30 (zoneinfo: -10:00 → +14:00 at 2011-12-30T10:00:00Z): shift-forward reads that
    /// day's 02:30 with -10:00, 12:30Z, which is 2011-12-31T02:30:00+14:00. A window from 02:00 on the 31st holds it
    /// (the review's second probe); 2012-01-01T02:30:00+14:00 is the next day's own.
    @Test func anOccurrenceMovedPastApiasSkippedDayChecksThatChange() {
        let apia = """
            spec: Apia 02:30 shifted
            tags: [dst]
            schedule: {id: p11, timezone: Pacific/Apia, rule: {every: day, at: "02:30"}, nonexistent: shift-forward, repeated: first}
            window: {after: 2011-12-31T02:00:00+14:00, through: 2012-01-01T03:00:00+14:00}
            expect:
              occurrences:
                - {at: 2011-12-31T02:30:00+14:00, key: p11/v1/2011-12-30}
                - {at: 2012-01-01T02:30:00+14:00, key: p11/v1/2012-01-01}

            """
        #expect(Self.lint(apia).isEmpty, "\(Self.lint(apia))")
        // From 03:00 on the 31st the window holds only the 1st's own 02:30: told.
        let later = apia.replacingOccurrences(of: "after: 2011-12-31T02:00:00+14:00", with: "after: 2011-12-31T03:00:00+14:00")
            .replacingOccurrences(of: "    - {at: 2011-12-31T02:30:00+14:00, key: p11/v1/2011-12-30}\n", with: "")
        #expect(later != apia)
        #expect(Self.lint(later).contains("is tagged dst, but Pacific/Apia has no offset change in its window"), "\(Self.lint(later))")
    }

    /// Berlin's 02:30 happens twice on 2027-10-31 (zoneinfo: 00:30Z at +02:00, 01:30Z at +01:00, the change at 01:00Z):
    /// under `repeated: last` a window from 02:10 +01:00 (01:10Z) holds the second reading, which the change made.
    @Test func theSecondReadingOfARepeatedWallTimeChecksItsChange() {
        let last = """
            spec: Berlin autumn last
            tags: [dst]
            schedule: {timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: last}
            window: {after: 2027-10-31T02:10:00+01:00, through: 2027-10-31T12:00:00+01:00}
            expect:
              occurrences: [2027-10-31T02:30:00+01:00]

            """
        #expect(Self.lint(last).isEmpty, "\(Self.lint(last))")
        // A rule at 03:30, which happens once, from 03:10: told.
        let once = last.replacingOccurrences(of: "02:30", with: "03:30").replacingOccurrences(of: "02:10", with: "03:10")
        #expect(Self.lint(once).contains("is tagged dst, but Europe/Berlin has no offset change in its window"), "\(Self.lint(once))")
    }

    /// A window is `(after, through]`: a change at instant t is seen in it when the instant before t is in it too,
    /// after < t <= through. Antarctica/Troll goes from +00:00 to +02:00 at 2027-03-28T01:00:00Z (zoneinfo): a window
    /// from that instant (written 2027-03-28T03:00:00+02:00) has +02:00 throughout, and one ending there has both
    /// offsets (a black-box review: a window from the change was taken to hold it, one a second later was told).
    @Test func aChangeAtAWindowsAfterIsOutsideItAndOneAtItsThroughInside() {
        let endsAtTheChange = """
            spec: Troll ends at the change
            tags: [dst]
            schedule: {id: e1, timezone: Antarctica/Troll, rule: {every: day, at: "00:30"}, nonexistent: skip, repeated: first}
            window: {after: 2027-03-26T12:00:00+00:00, through: 2027-03-28T03:00:00+02:00}
            expect:
              occurrences: [2027-03-27T00:30:00+00:00, 2027-03-28T00:30:00+00:00]

            """
        #expect(Self.lint(endsAtTheChange).isEmpty, "\(Self.lint(endsAtTheChange))")
        let endsBefore = endsAtTheChange.replacingOccurrences(of: "2027-03-28T03:00:00+02:00", with: "2027-03-28T00:59:59+00:00")
        #expect(Self.lint(endsBefore).contains("is tagged dst, but Antarctica/Troll has no offset change in its window"), "\(Self.lint(endsBefore))")
        let startsAtTheChange = """
            spec: Troll starts at the change
            tags: [dst]
            schedule: {id: e2, timezone: Antarctica/Troll, rule: {every: day, at: "00:30"}, nonexistent: skip, repeated: first}
            window: {after: 2027-03-28T03:00:00+02:00, through: 2027-03-30T00:00:00+02:00}
            expect:
              occurrences: [2027-03-29T00:30:00+02:00]

            """
        #expect(Self.lint(startsAtTheChange) == """
            lint.yaml:1:1: warning: 'Troll starts at the change' is tagged dst, but Antarctica/Troll has no offset change in its window (after 2027-03-28T03:00:00+02:00, through 2027-03-30T00:00:00+02:00]; move it over a change (the nearest is at 2027-03-28T01:00:00Z, its 'after' itself, which (after, through] leaves out: every instant in it has the offset after the change; start it before 2027-03-28T01:00:00Z), or remove the tag [dst-without-transition]
            spec: Troll starts at the change
            ^~~~
            note: a spec that checks on purpose that nothing changes can be tagged control instead

            """, "\(Self.lint(startsAtTheChange))")
        let startsBefore = startsAtTheChange.replacingOccurrences(of: "2027-03-28T03:00:00+02:00", with: "2027-03-28T00:59:59+00:00")
        #expect(Self.lint(startsBefore).isEmpty, "\(Self.lint(startsBefore))")
        // A case's search from the change is `(after, last next]` too.
        let caseAtTheChange = """
            spec: Troll case at the change
            tags: [dst]
            schedule: {id: e3, timezone: Antarctica/Troll, rule: {every: day, at: "00:30"}, nonexistent: skip, repeated: first}
            cases: [{name: from the change, after: 2027-03-28T03:00:00+02:00, next: 2027-03-29T00:30:00+02:00}]

            """
        #expect(Self.lint(caseAtTheChange).contains("has no offset change in its window and cases' searches"), "\(Self.lint(caseAtTheChange))")
        #expect(Self.lint(caseAtTheChange.replacingOccurrences(of: "2027-03-28T03:00:00+02:00", with: "2027-03-28T00:59:59+00:00")).isEmpty)
        // control-with-transition draws the same line: the window ending at the change holds it, the one from it not.
        let control = { (text: String) in text.replacingOccurrences(of: "tags: [dst]", with: "tags: [control]") }
        #expect(Self.lint(control(endsAtTheChange)).contains("changes its offset in its window (after 2027-03-26T12:00:00+00:00, "
            + "through 2027-03-28T03:00:00+02:00]: 2027-03-28T01:00:00Z +00:00 → +02:00"), "\(Self.lint(control(endsAtTheChange)))")
        #expect(Self.lint(control(startsAtTheChange)).isEmpty, "\(Self.lint(control(startsAtTheChange)))")
        #expect(Self.lint(control(endsBefore)).isEmpty, "\(Self.lint(control(endsBefore)))")
        #expect(!Self.lint(control(startsBefore)).isEmpty)
    }

    /// A schedule in UTC and a case in Etc/UTC are one zone, named UTC once, as specs write it (the message said
    /// "Etc/UTC has no offset change" and suggested 'specrun explain Etc/UTC 2027').
    @Test func utcIsNamedUTCOnceWhicheverSpellingsTheSpecUses() {
        #expect(Self.lint("""
            spec: UTC in June
            tags: dst
            schedule: {timezone: UTC, rule: daily 09:00, nonexistent: skip, repeated: first}
            cases:
              - {name: as the schedule, after: 2027-06-01T00:00:00Z, next: 2027-06-01T09:00:00Z}
              - {name: Etc, timezone: Etc/UTC, after: 2027-06-01T00:00:00Z, next: 2027-06-01T09:00:00Z}

            """) == """
            lint.yaml:1:1: warning: 'UTC in June' is tagged dst, but UTC has no offset change at all from 2017 to 2037; remove the tag, or tag it control if it checks on purpose that nothing changes [dst-without-transition]
            spec: UTC in June
            ^~~~

            """)
    }

    // MARK: control-with-transition

    @Test func aControlSpecWhoseWindowHoldsAChangeIsReported() {
        #expect(Self.lint(Self.controlOverAChange) == """
            lint.yaml:1:1: warning: 'Nightly sync, nothing changes' is tagged control, a check that nothing changes, but Europe/Berlin changes its offset in its window (after 2027-03-27T00:00:00+01:00, through 2027-03-29T00:00:00+02:00]: 2027-03-28T01:00:00Z +01:00 → +02:00; tag it dst instead if it checks that change, or move it off the change [control-with-transition]
            spec: Nightly sync, nothing changes
            ^~~~

            """)
    }

    /// A case's search is looked at too; a spec tagged dst as well, a window without a change, and a change at the
    /// window's `after` (outside `(after, through]`) are not reported.
    @Test func controlSpecsThatHoldNoChangeOrAlsoClaimOneAreQuiet() {
        // The case's search runs from 2027-10-30 to 2027-10-31T04:00+01:00, over Berlin's fall back at 01:00Z.
        #expect(Self.lint("""
            spec: Control case
            tags: [control]
            schedule: {timezone: Europe/Berlin, rule: daily 04:00, nonexistent: skip, repeated: first}
            cases: [{name: autumn, after: 2027-10-30T12:00:00+02:00, next: 2027-10-31T04:00:00+01:00}]

            """).contains("in the search of its case 'autumn': 2027-10-31T01:00:00Z +02:00 → +01:00"))
        #expect(Self.lint(Self.controlOverAChange.replacingOccurrences(of: "tags: [control]", with: "tags: [control, dst]")).isEmpty)
        #expect(Self.lint(Self.controlOverAChange.replacingOccurrences(of: "2027-03-29T00:00:00+02:00", with: "2027-03-28T00:00:00+01:00")
            .replacingOccurrences(of: ", 2027-03-28T04:00:00+02:00", with: "")).isEmpty)
        #expect(Self.lint("""
            spec: Window opens at the change
            tags: [control]
            schedule: {timezone: Europe/Berlin, rule: daily 04:00, nonexistent: skip, repeated: first}
            window: {after: 2027-03-28T01:00:00Z, through: 2027-03-28T12:00:00+02:00}
            expect:
              occurrences: [2027-03-28T04:00:00+02:00]

            """).isEmpty)
    }

    /// The occurrences `dst-without-transition` counts as checking a change are a change to this lint too: a control
    /// spec holding Nuuk's 23:30 of 2027-03-27, which its change at 01:00Z skips (zoneinfo: -02:00 → -01:00) and
    /// shift-forward moves to 2027-03-28T00:30:00-01:00, or Berlin's second 02:30 of 2027-10-31, is told, though the
    /// change is outside its window.
    @Test func aControlSpecHoldingAnOccurrenceAChangeMadeIsReported() {
        let nuuk = Self.nuukShifted.replacingOccurrences(of: "tags: [dst]", with: "tags: [control]")
        #expect(Self.lint(nuuk) == """
            lint.yaml:1:1: warning: 'Nuuk 23:30 shifted' is tagged control, a check that nothing changes, but its window (after 2027-03-28T00:15:00-01:00, through 2027-03-28T12:00:00-01:00] holds 2027-03-28T00:30:00-01:00, the rule's 23:30 of 2027-03-27, which America/Nuuk's change 2027-03-28T01:00:00Z -02:00 → -01:00 skips, moved there by 'nonexistent: shift-forward'; tag it dst instead if it checks that change, or move it off the change [control-with-transition]
            spec: Nuuk 23:30 shifted
            ^~~~

            """, "\(Self.lint(nuuk))")
        // The case alone is told by its search.
        let caseOnly = nuuk.replacingOccurrences(of: "window: {after: 2027-03-28T00:15:00-01:00, through: 2027-03-28T12:00:00-01:00}\n", with: "")
            .replacingOccurrences(of: "expect:\n  occurrences:\n    - {at: 2027-03-28T00:30:00-01:00, key: p10/v1/2027-03-27}\n", with: "")
        #expect(!caseOnly.contains("window"))
        #expect(Self.lint(caseOnly).contains("but the search of its case 'cursor 00:15 on the 28th' holds 2027-03-28T00:30:00-01:00, "
            + "the rule's 23:30 of 2027-03-27"), "\(Self.lint(caseOnly))")
        // The rule at 00:30, its own slot's instant on the 28th: nothing changes in the window, nothing is said.
        let exact = nuuk.replacingOccurrences(of: "\"23:30\"", with: "\"00:30\"")
            .replacingOccurrences(of: "p10/v1/2027-03-27", with: "p10/v1/2027-03-28")
            .replacingOccurrences(of: "2027-03-28T23:30:00-01:00", with: "2027-03-29T00:30:00-01:00")
        #expect(Self.lint(exact).isEmpty, "\(Self.lint(exact))")
        let berlin = """
            spec: Berlin autumn last
            tags: [control]
            schedule: {timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: last}
            window: {after: 2027-10-31T02:10:00+01:00, through: 2027-10-31T12:00:00+01:00}
            expect:
              occurrences: [2027-10-31T02:30:00+01:00]

            """
        #expect(Self.lint(berlin).contains("holds 2027-10-31T02:30:00+01:00, the rule's 02:30 of 2027-10-31, which Europe/Berlin's "
            + "change 2027-10-31T01:00:00Z +02:00 → +01:00 repeats: its second reading; tag it dst"), "\(Self.lint(berlin))")
        // The first reading, 00:30Z, under `repeated: first`, in a window ending there, before the change (which
        // dst-without-transition already counted as reaching it).
        let first = berlin.replacingOccurrences(of: "repeated: last", with: "repeated: first")
            .replacingOccurrences(of: "window: {after: 2027-10-31T02:10:00+01:00, through: 2027-10-31T12:00:00+01:00}",
                                  with: "window: {after: 2027-10-31T00:00:00+02:00, through: 2027-10-31T02:30:00+02:00}")
            .replacingOccurrences(of: "[2027-10-31T02:30:00+01:00]", with: "[2027-10-31T02:30:00+02:00]")
        #expect(Self.lint(first).contains("holds 2027-10-31T02:30:00+02:00, the rule's 02:30 of 2027-10-31, which Europe/Berlin's "
            + "change 2027-10-31T01:00:00Z +02:00 → +01:00 repeats: its first reading; tag it dst"), "\(Self.lint(first))")
    }

    /// Asia/Kolkata has kept +05:30 since 1945 (Python zoneinfo: no offset change from 2016 to 2039): moving the
    /// window "over a change" as the message said cannot be done, and `explain` prints that there is none.
    @Test func aZoneWithoutAnyChangeForYearsIsSaidToHaveNone() {
        #expect(Self.lint("""
            spec: Kolkata nightly
            tags: [dst]
            schedule: {timezone: Asia/Kolkata, rule: daily 02:30, nonexistent: skip, repeated: first}
            window: {after: 2027-01-01T00:00:00+05:30, through: 2027-01-02T00:00:00+05:30}
            expect:
              occurrences: [2027-01-01T02:30:00+05:30]

            """) == """
            lint.yaml:1:1: warning: 'Kolkata nightly' is tagged dst, but Asia/Kolkata has no offset change at all from 2017 to 2037; remove the tag, or tag it control if it checks on purpose that nothing changes [dst-without-transition]
            spec: Kolkata nightly
            ^~~~

            """)
    }

    @Test(arguments: [
        // The window holds Berlin's spring change (2027-03-28T01:00:00Z).
        ("a window across the change", """
            window: {after: 2027-03-27T00:00:00+01:00, through: 2027-03-29T00:00:00+02:00}
            expect: {occurrences: [2027-03-27T02:30:00+01:00]}
            """, "tags: [dst]"),
        // One case searching across the change is enough, whatever the others do.
        ("one case across the change", """
            cases:
              - {name: june, after: 2027-06-01T00:00:00+02:00, next: 2027-06-01T02:30:00+02:00}
              - {name: spring, after: 2027-03-28T00:00:00+01:00, next: 2027-03-29T02:30:00+02:00}
            """, "tags: [dst]"),
        // A deliberate control: nothing changes, on purpose.
        ("a control", """
            cases: [{name: june, after: 2027-06-01T00:00:00+02:00, next: 2027-06-01T02:30:00+02:00}]
            """, "tags: [dst, control]"),
        // Not about DST at all.
        ("no dst tag", """
            cases: [{name: june, after: 2027-06-01T00:00:00+02:00, next: 2027-06-01T02:30:00+02:00}]
            """, "tags: [ordinary]"),
        // A case expecting the bound error has no span to judge.
        ("only an error case", """
            cases: [{name: bound, after: 2027-06-01T00:00:00+02:00, error: no-occurrence}]
            """, "tags: [dst]"),
    ])
    func specsThatCoverAChangeOrDoNotClaimOneAreQuiet(_ what: String, _ body: String, _ tags: String) {
        let text = "spec: quiet\n\(tags)\nschedule: {timezone: Europe/Berlin, rule: daily 02:30, nonexistent: skip, repeated: first}\n"
            + body + "\n"
        #expect(Self.lint(text).isEmpty, "\(what)")
    }

    @Test func anExpectedInstantWrittenWithTheOffsetAfterTheChangeReachesTheChange() {
        // 2027-03-28T02:30:00+02:00 is 00:30Z, before Berlin's change at 01:00Z, and Berlin is at +01:00 then: the
        // author meant the wall time 02:30 (the offset-mismatch warning says so), and the search goes past the change
        // (skip gives 2027-03-29T02:30:00+02:00). Only the offset warning is due, not a dst one.
        let text = """
            spec: Berlin spring night
            tags: [dst]
            schedule: {timezone: Europe/Berlin, rule: daily 02:30, nonexistent: skip, repeated: first}
            cases: [{name: spring, after: 2027-03-27T12:00:00+01:00, next: 2027-03-28T02:30:00+02:00}]

            """
        let warnings = Self.lint(text)
        #expect(warnings.contains("is written with offset +02:00"))
        #expect(!warnings.contains("tagged dst"), "\(warnings)")
        // The same instant written with the offset Berlin has then, 01:30+01:00, means nothing past the change.
        #expect(Self.lint(text.replacingOccurrences(of: "02:30:00+02:00", with: "01:30:00+01:00")).contains("tagged dst"))
    }

    @Test func shiftBackwardReachesTheChangeAfterItsInstant() {
        // Lord Howe springs forward at 02:00 +10:30 on 2027-10-03 (15:30Z on the 2nd); shift-backward reads 02:15
        // with +11:00, which is 01:45 +10:30: before the change that produced it.
        let text = """
            spec: Lord Howe shift-backward
            tags: [dst]
            schedule: {timezone: Australia/Lord_Howe, rule: daily 02:15, nonexistent: shift-backward, repeated: first}
            cases: [{name: gap, after: 2027-10-02T12:00:00+10:30, next: 2027-10-03T01:45:00+10:30}]

            """
        #expect(Self.lint(text).isEmpty)
        #expect(!Self.lint(text.replacingOccurrences(of: "shift-backward,", with: "skip,")
            .replacingOccurrences(of: "next: 2027-10-03T01:45:00+10:30", with: "next: 2027-10-02T02:15:00+10:30")
            .replacingOccurrences(of: "after: 2027-10-02T12:00:00+10:30", with: "after: 2027-10-02T00:00:00+10:30")).isEmpty)
    }

    // MARK: duplicate-expected-key

    @Test func twoOccurrencesWithOneKeyAreReported() {
        #expect(Self.lint(Self.duplicateKey) == """
            lint.yaml:7:12: warning: the key 'sync/v1/2027-10-31' is already expected for 2027-10-31T02:30:00+02:00; every occurrence has a key of its own (the later of a repeated pair ends in ~2), so correct this one: the rule's key for 2027-10-31T02:30:00+01:00 is 'sync/v1/2027-10-31~2' [duplicate-expected-key]
                - {at: 2027-10-31T02:30:00+01:00, key: sync/v1/2027-10-31}
                       ^~~~~~~~~~~~~~~~~~~~~~~~~
            lint.yaml:6:12: note: 'sync/v1/2027-10-31' is first expected here

            """)
        // The key written on the second line is the later's: the first is the one to correct, and the warning stands
        // there, the right line in a note (the black-box review's F8: the caret was on the right line).
        let secondsKey = Self.duplicateKey.replacingOccurrences(of: "key: sync/v1/2027-10-31}", with: "key: sync/v1/2027-10-31~2}")
        #expect(Self.lint(secondsKey) == """
            lint.yaml:6:12: warning: the key 'sync/v1/2027-10-31~2' is expected again for 2027-10-31T02:30:00+01:00; every occurrence has a key of its own (the later of a repeated pair ends in ~2), so correct this one: the rule's key for 2027-10-31T02:30:00+02:00 is 'sync/v1/2027-10-31' [duplicate-expected-key]
                - {at: 2027-10-31T02:30:00+02:00, key: sync/v1/2027-10-31~2}
                       ^~~~~~~~~~~~~~~~~~~~~~~~~
            lint.yaml:7:12: note: 'sync/v1/2027-10-31~2' is expected again here

            """)
        // A stray first line (01:30+02:00, 23:30Z, is no 02:30): the warning stands on it, without the pair's clause (no
        // two instances of one wall time are in play).
        let strayFirst = Self.duplicateKey.replacingOccurrences(of: "- {at: 2027-10-31T02:30:00+02:00", with: "- {at: 2027-10-31T01:30:00+02:00")
        #expect(Self.lint(strayFirst).hasPrefix("lint.yaml:6:12: warning: the key 'sync/v1/2027-10-31' is expected again for "
            + "2027-10-31T02:30:00+01:00; every occurrence has a key of its own, so remove "
            + "2027-10-31T01:30:00+02:00, or correct it: the rule gives no occurrence there [duplicate-expected-key]"))
        // Neither is the rule's: the reader chooses.
        let neither = Self.duplicateKey.replacingOccurrences(of: "key: sync/v1/2027-10-31}", with: "key: sync/v1/2027-11-01}")
        #expect(Self.lint(neither).contains("so correct one of the two keys [duplicate-expected-key]"))
        // Under `repeated: first` the second 02:30 (+01:00, 01:30Z) is no occurrence at all: correcting its key cannot
        // help, and the policy is what to look at (the failure review's mistake).
        let first = Self.duplicateKey.replacingOccurrences(of: "repeated: both", with: "repeated: first")
        #expect(Self.lint(first).contains("so remove 2027-10-31T02:30:00+01:00: under 'repeated: first' a wall time that "
            + "happens twice is one occurrence, so the rule gives none there (write 'repeated: both' to expect both) [duplicate-expected-key]"))
        // A stray instant that is no repeated wall time: removed or corrected, whatever the policy.
        let stray = Self.duplicateKey.replacingOccurrences(of: "- {at: 2027-10-31T02:30:00+01:00", with: "- {at: 2027-10-31T03:30:00+01:00")
        #expect(Self.lint(stray).contains("so remove 2027-10-31T03:30:00+01:00, or correct it: the rule gives no occurrence there [duplicate-expected-key]"))
    }

    /// Two keys of a gap night, no repeated pair among them: the pair's suffix is no part of the story and is not named
    /// (a review read "(the later of a repeated pair ends in ~2)" beside Tehran's spring keys as noise). zoneinfo: Tehran
    /// springs forward at 00:00 on 2022-03-22 (+03:30 → +04:30); shift-backward reads 00:30 with +04:30, which is
    /// 2022-03-21T20:00Z, 23:30+03:30 on the 21st, keyed by the 22nd; the 21st's own 00:30 is 2022-03-20T21:00Z.
    @Test func twoKeysOfAGapNightAreNotToldAboutTheRepeatedPairsSuffix() {
        let text = """
            spec: Tehran gap
            schedule: {id: t, timezone: Asia/Tehran, rule: daily 00:30, nonexistent: shift-backward, repeated: first}
            window: {after: 2022-03-20T12:00:00+03:30, through: 2022-03-22T12:00:00+04:30}
            expect:
              occurrences:
                - {at: 2022-03-21T00:30:00+03:30, key: t/v1/2022-03-21}
                - {at: 2022-03-21T23:30:00+03:30, key: t/v1/2022-03-21}

            """
        #expect(Self.lint(text).contains("every occurrence has a key of its own, so correct this one: the rule's key for "
            + "2022-03-21T23:30:00+03:30 is 't/v1/2022-03-22' [duplicate-expected-key]"), "\(Self.lint(text))")
    }

    // MARK: duplicate-case

    @Test func twoCasesWithTheSameSearchAreReported() {
        // The second cursor is the first one written in UTC: the same instant, so the same search.
        #expect(Self.lint(Self.duplicateCase) == """
            lint.yaml:8:12: warning: case 'first valid time' repeats the search of case 'skipped' (the same cursor and settings) but expects something else, so one of them must fail; remove one, or change its cursor or overrides [duplicate-case]
                after: 2027-03-27T23:00:00Z
                       ^~~~~~~~~~~~~~~~~~~~
            lint.yaml:5:12: note: case 'skipped' searches from here

            """)
    }

    /// A case whose results are the first of another's, from the same search, checks nothing more: both can pass, and
    /// "one of them must fail" was false (a differential review's two passing cases). Either may be written first.
    /// 02:30 CEST on 2027-03-29 and 03-30 are the daily rule's next two after 2027-03-28T00:00+01:00 (zoneinfo: 28th skipped).
    @Test(arguments: [true, false])
    func aCaseExpectingTheFirstResultsOfAnotherIsRedundant(shortFirst: Bool) {
        let short = "  - name: one\n    after: 2027-03-28T00:00:00+01:00\n    next: [2027-03-29T02:30:00+02:00]\n"
        let long = "  - name: two\n    after: 2027-03-28T00:00:00+01:00\n    next: [2027-03-29T02:30:00+02:00, 2027-03-30T02:30:00+02:00]\n"
        let text = """
            spec: Spring
            schedule: {timezone: Europe/Berlin, rule: daily 02:30, nonexistent: skip, repeated: first}
            cases:

            """ + (shortFirst ? short + long : long + short)
        let lint = Self.lint(text)
        #expect(lint.contains("and case 'one' expects only the first result of the other's, so it checks nothing the other "
            + "does not; remove it [duplicate-case]"), "\(lint)")
        #expect(!lint.contains("must fail"))
    }

    // MARK: repeated-without-key

    @Test func aRepeatedWallTimeUnderBothWithoutItsKeyIsReported() {
        // 02:30 on 2027-10-30 and 2027-11-01 exists once; only the pair on the 31st needs keys.
        #expect(Self.lint(Self.autumnBoth) == """
            lint.yaml:8:7: warning: 2027-10-31T02:30:00+01:00 is the second 02:30 on 2027-10-31, a repeated wall time, and under 'repeated: both' each of the two has its own key; check it with the long form [repeated-without-key]
                - 2027-10-31T02:30:00+01:00
                  ^~~~~~~~~~~~~~~~~~~~~~~~~
            note: write {at: 2027-10-31T02:30:00+01:00, key: sync/v1/2027-10-31~2}

            """)
    }

    @Test func hourlyKeysNameTheHourAndAnInstantInUTCIsReadInTheZone() {
        // 01:30Z is 02:30 CET, the second 02:30 of 2027-10-31 in Berlin; the first is keyed by its hourly slot.
        #expect(Self.lint("""
            spec: Hourly both
            schedule: {id: hourly, timezone: Europe/Berlin, rule: {every: hour, minute: 30}, nonexistent: skip, repeated: both}
            window: {after: 2027-10-31T02:00:00+02:00, through: 2027-10-31T02:45:00+01:00}
            expect:
              occurrences: [2027-10-31T00:30:00Z, 2027-10-31T01:30:00Z]

            """) == """
            lint.yaml:5:17: warning: 2027-10-31T00:30:00Z is the first 02:30 on 2027-10-31, a repeated wall time, and under 'repeated: both' each of the two has its own key; check it with the long form [repeated-without-key]
              occurrences: [2027-10-31T00:30:00Z, 2027-10-31T01:30:00Z]
                            ^~~~~~~~~~~~~~~~~~~~
            note: write {at: 2027-10-31T00:30:00Z, key: hourly/v1/2027-10-31T02:30}
            lint.yaml:5:39: warning: 2027-10-31T01:30:00Z is the second 02:30 on 2027-10-31, a repeated wall time, and under 'repeated: both' each of the two has its own key; check it with the long form [repeated-without-key]
              occurrences: [2027-10-31T00:30:00Z, 2027-10-31T01:30:00Z]
                                                  ^~~~~~~~~~~~~~~~~~~~
            note: write {at: 2027-10-31T01:30:00Z, key: hourly/v1/2027-10-31T02:30~2}

            """)
    }

    @Test func severalTimesADateKeysNameTheSlotsTime() {
        // Berlin falls back at 2027-10-31 01:00Z: 02:30 happens at 00:30Z and 01:30Z (zoneinfo); 01:30 +02:00 once.
        #expect(Self.lint("""
            spec: Two times, both
            schedule: {id: month-end, timezone: Europe/Berlin, rule: {every: day, at: ["01:30", "02:30"]}, nonexistent: skip, repeated: both}
            window: {after: 2027-10-31T00:00:00+02:00, through: 2027-10-31T12:00:00+01:00}
            expect:
              occurrences: [2027-10-31T01:30:00+02:00, 2027-10-31T02:30:00+02:00, 2027-10-31T02:30:00+01:00]

            """) == """
            lint.yaml:5:44: warning: 2027-10-31T02:30:00+02:00 is the first 02:30 on 2027-10-31, a repeated wall time, and under 'repeated: both' each of the two has its own key; check it with the long form [repeated-without-key]
              occurrences: [2027-10-31T01:30:00+02:00, 2027-10-31T02:30:00+02:00, 2027-10-31T02:30:00+01:00]
                                                       ^~~~~~~~~~~~~~~~~~~~~~~~~
            note: write {at: 2027-10-31T02:30:00+02:00, key: month-end/v1/2027-10-31T02:30}
            lint.yaml:5:71: warning: 2027-10-31T02:30:00+01:00 is the second 02:30 on 2027-10-31, a repeated wall time, and under 'repeated: both' each of the two has its own key; check it with the long form [repeated-without-key]
              occurrences: [2027-10-31T01:30:00+02:00, 2027-10-31T02:30:00+02:00, 2027-10-31T02:30:00+01:00]
                                                                                  ^~~~~~~~~~~~~~~~~~~~~~~~~
            note: write {at: 2027-10-31T02:30:00+01:00, key: month-end/v1/2027-10-31T02:30~2}

            """)
    }

    /// Two times in one overlap under `both`: New York falls back at 2027-11-07 06:00Z (zoneinfo), so 01:10 is at
    /// 05:10Z and 06:10Z, 01:40 at 05:40Z and 06:40Z. Slots go 01:10 then 01:40; after 01:10's second instant (06:10Z)
    /// 01:40's first (05:40Z) is not later, so the schedule drops it. A black-box review saw the lint suggest a key for
    /// it, which made a spec that fails; it now says why the schedule gives nothing then, and names the second 01:40
    /// (06:40Z), which the schedule gives and the spec does not list.
    @Test func aDroppedInstantIsToldDroppedNotGivenAKey() {
        let text = Self.lint("""
            spec: Two doses, both
            schedule: {id: dose, timezone: America/New_York, rule: {every: day, at: ["01:10", "01:40"]}, nonexistent: skip, repeated: both}
            window: {after: 2027-11-07T00:00:00-04:00, through: 2027-11-07T03:00:00-05:00}
            expect:
              occurrences: [2027-11-07T01:40:00-04:00]

            """)
        #expect(text == """
            lint.yaml:5:17: warning: 2027-11-07T01:40:00-04:00 is the first 01:40 on 2027-11-07, a repeated wall time, but the schedule gives no occurrence then: an earlier time's slot already gave 2027-11-07T01:10:00-05:00 (dose/v1/2027-11-07T01:10~2), and occurrences only increase, so this slot's earlier instant is dropped [repeated-without-key]
              occurrences: [2027-11-07T01:40:00-04:00]
                            ^~~~~~~~~~~~~~~~~~~~~~~~~
            note: remove it from the expected occurrences, and list the second 01:40 after 2027-11-07T01:10:00-05:00: {at: 2027-11-07T01:40:00-05:00, key: dose/v1/2027-11-07T01:40~2}; or give the times their own specs

            """)
    }

    /// An hourly rule drops a slot's first instant the same way where the clocks go back more than an hour. zoneinfo:
    /// Antarctica/Troll goes back from 03:00+02:00 to 01:00+00:00 at 2027-10-31T01:00Z, so 01:00 is at 2027-10-30T23:00Z
    /// and 01:00Z, 02:00 at 00:00Z and 02:00Z; after the 01:00 slot's second instant (01:00Z) the 02:00 slot's first
    /// (00:00Z) is not later, and is dropped. A black-box review listed it without a key, in instant order: `check` said
    /// nothing and the run failed.
    static let trollHourly = """
            spec: Troll hourly, both
            schedule: {id: troll, timezone: Antarctica/Troll, rule: {every: hour, minute: 0}, nonexistent: skip, repeated: both}
            window: {after: 2027-10-30T23:30:00+02:00, through: 2027-10-31T02:30:00+00:00}
            expect:
              occurrences:
                - {at: 2027-10-31T00:00:00+02:00, key: troll/v1/2027-10-31T00:00}
                - {at: 2027-10-31T01:00:00+02:00, key: troll/v1/2027-10-31T01:00}
                - 2027-10-31T02:00:00+02:00
                - {at: 2027-10-31T01:00:00+00:00, key: troll/v1/2027-10-31T01:00~2}
                - {at: 2027-10-31T02:00:00+00:00, key: troll/v1/2027-10-31T02:00~2}

            """

    @Test func anHourlyRulesDroppedInstantIsToldDropped() {
        #expect(Self.lint(Self.trollHourly) == """
            lint.yaml:8:7: warning: 2027-10-31T02:00:00+02:00 is the first 02:00 on 2027-10-31, a repeated wall time, but the schedule gives no occurrence then: an earlier hour's slot already gave 2027-10-31T01:00:00+00:00 (troll/v1/2027-10-31T01:00~2), and occurrences only increase, so this slot's earlier instant is dropped [repeated-without-key]
                - 2027-10-31T02:00:00+02:00
                  ^~~~~~~~~~~~~~~~~~~~~~~~~
            note: remove it from the expected occurrences

            """)
    }

    /// The review's spec listed the dropped first 02:00 in place of the second, which the schedule gives: removing the
    /// line alone left the second missing, so the note names it and where it goes.
    @Test func aDroppedInstantListedInPlaceOfTheSecondIsToldTheSecond() {
        let text = Self.lint(Self.trollHourly.replacingOccurrences(of: "    - {at: 2027-10-31T02:00:00+00:00, key: troll/v1/2027-10-31T02:00~2}\n", with: ""))
        #expect(text.hasSuffix("""
            note: remove it from the expected occurrences, and list the second 02:00 after 2027-10-31T01:00:00+00:00: {at: 2027-10-31T02:00:00+00:00, key: troll/v1/2027-10-31T02:00~2}

            """), "\(text)")
    }

    /// An hourly rule's wall time the rule does not give (02:30 for minute 0) is not told dropped.
    @Test func aWallTimeTheHourlyRuleDoesNotGiveIsNotToldDropped() {
        let text = Self.lint(Self.trollHourly.replacingOccurrences(of: "    - 2027-10-31T02:00:00+02:00\n", with: "    - 2027-10-31T02:30:00+02:00\n"))
        #expect(!text.contains("dropped"), "\(text)")
    }

    @Test func otherPoliciesAndKeyedPairsAreQuiet() {
        let keyed = """
            spec: Keyed
            schedule: {id: sync, timezone: Europe/Berlin, rule: daily 02:30, nonexistent: skip, repeated: both}
            window: {after: 2027-10-31T00:00:00+02:00, through: 2027-10-31T12:00:00+01:00}
            expect:
              occurrences:
                - {at: 2027-10-31T02:30:00+02:00, key: sync/v1/2027-10-31}
                - {at: 2027-10-31T02:30:00+01:00, key: sync/v1/2027-10-31~2}

            """
        #expect(Self.lint(keyed).isEmpty)
        #expect(Self.lint("""
            spec: First
            schedule: {timezone: Europe/Berlin, rule: daily 02:30, nonexistent: skip, repeated: first}
            window: {after: 2027-10-31T00:00:00+02:00, through: 2027-10-31T12:00:00+01:00}
            expect: {occurrences: [2027-10-31T02:30:00+02:00]}

            """).isEmpty)
    }

    // MARK: outside-window

    @Test func anOccurrenceAtTheWindowsExcludedStartIsReported() {
        // The window excludes 'after': 02:30 CET on the 27th (01:30Z, zoneinfo) is its start, not in it.
        #expect(Self.lint(Self.outsideWindow) == """
            lint.yaml:6:7: warning: 2027-03-27T02:30:00+01:00 is outside the window (after 2027-03-27T02:30:00+01:00, through 2027-03-30T12:00:00+02:00], so no engine lists it and the spec will fail; the window excludes 'after' and includes 'through': remove the line, or write 'after: 2027-03-27T02:29:00+01:00', a minute before it, to hold it [outside-window]
                - 2027-03-27T02:30:00+01:00
                  ^~~~~~~~~~~~~~~~~~~~~~~~~

            """)
        #expect(Self.lint(Self.outsideWindow.replacingOccurrences(of: "after: 2027-03-27T02:30:00+01:00", with: "after: 2027-03-27T00:00:00+01:00"))
            .isEmpty)
        // 'through' is included: an occurrence exactly at it is inside.
        #expect(Self.lint(Self.outsideWindow
            .replacingOccurrences(of: "through: 2027-03-30T12:00:00+02:00", with: "through: 2027-03-30T02:30:00+02:00")
            .replacingOccurrences(of: "after: 2027-03-27T02:30:00+01:00", with: "after: 2027-03-27T02:29:59+01:00")).isEmpty)
    }

    /// The one line outside a window that lacks no other occurrence is told the bound that holds it (a third review's
    /// `through` written inside Berlin's gap, 02:45+02:00 = 00:45Z, left out the change's 03:00, 01:00Z under
    /// next-valid-time; "move the window" named no instant). zoneinfo: Berlin springs forward at 2027-03-28T01:00Z.
    @Test func theOneLineOutsideIsToldTheBoundThatHoldsIt() {
        let found = Self.lint("""
            spec: through in the gap
            schedule: {id: job, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: next-valid-time, repeated: first}
            window: {after: 2027-03-26T12:00:00+01:00, through: 2027-03-28T01:45:00+01:00}
            expect:
              occurrences: [2027-03-27T02:30:00+01:00, 2027-03-28T03:00:00+02:00]
            """)
        #expect(found.contains("the window excludes 'after' and includes 'through': remove the line, or write "
            + "'through: 2027-03-28T03:00:00+02:00' to hold it [outside-window]"), "\(found)")
    }

    /// A bound is offered only where it would hold the line and no other occurrence: a line two occurrences before
    /// 'after' (or past 'through') is told to move the window, not a bound that would let the day between in unlisted
    /// (the twentieth mutation run). Berlin's 09:00 in March 2027 is CET, +01:00 (zoneinfo).
    @Test func aLineTwoOccurrencesOutsideIsNotOfferedABound() {
        let before = Self.lint("""
            spec: early line
            schedule: {id: job, timezone: Europe/Berlin, rule: {every: day, at: "09:00"}, nonexistent: skip, repeated: first}
            window: {after: 2027-03-02T12:00:00+01:00, through: 2027-03-04T12:00:00+01:00}
            expect:
              occurrences: [2027-03-01T09:00:00+01:00, 2027-03-03T09:00:00+01:00, 2027-03-04T09:00:00+01:00]
            """)
        #expect(before.contains("remove the line, or move the window to hold it [outside-window]"), "\(before)")
        let after = Self.lint("""
            spec: late line
            schedule: {id: job, timezone: Europe/Berlin, rule: {every: day, at: "09:00"}, nonexistent: skip, repeated: first}
            window: {after: 2027-03-02T12:00:00+01:00, through: 2027-03-04T12:00:00+01:00}
            expect:
              occurrences: [2027-03-03T09:00:00+01:00, 2027-03-04T09:00:00+01:00, 2027-03-06T09:00:00+01:00]
            """)
        #expect(after.contains("remove the line, or move the window to hold it [outside-window]"), "\(after)")
    }

    /// An instant the rule never gives fails inside any window: the advice to move the window could not help (the
    /// failure review: a Friday expected under a Monday and Thursday rule, past `through`). 2027-03-19 is a Friday;
    /// New York is at -04:00 from 2027-03-14 (zoneinfo).
    @Test func anInstantTheRuleNeverGivesIsNotToldToMoveTheWindow() {
        let text = """
            spec: Weekly
            schedule: {timezone: America/New_York, rule: {every: week, on: [monday, thursday], at: "09:00"}, nonexistent: skip, repeated: first}
            window: {after: 2027-03-10T00:00:00-05:00, through: 2027-03-19T00:00:00-04:00}
            expect:
              occurrences: [2027-03-11T09:00:00-05:00, 2027-03-15T09:00:00-04:00, 2027-03-19T09:00:00-04:00]

            """
        // The window's Thursday 2027-03-18 09:00 (-04:00) is listed by no line: the one outside is offered it. The bounds'
        // rule is not said of an instant 9 hours past 'through' (a message review: it explained nothing there).
        #expect(Self.lint(text).contains("and the spec will fail; the rule gives no occurrence at it "
            + "either (Friday 2027-03-19 09:00 -04:00), so no window makes it pass; if it is meant for 2027-03-18T09:00:00-04:00, "
            + "the window's occurrence no line lists, write that [outside-window]"), "\(Self.lint(text))")
        // Thursday the 18th is one: the window is what to move.
        #expect(Self.lint(text.replacingOccurrences(of: "2027-03-19T09:00:00-04:00]", with: "2027-03-18T09:00:00-04:00]")
            .replacingOccurrences(of: "through: 2027-03-19T00:00:00-04:00", with: "through: 2027-03-18T00:00:00-04:00"))
            .contains("and the spec will fail: remove the line, or write 'through: 2027-03-18T09:00:00-04:00' to hold it [outside-window]"))
        // With the Thursday listed and nothing of the window left unlisted, the Friday is told to check the instant.
        #expect(Self.lint(text.replacingOccurrences(of: "2027-03-15T09:00:00-04:00,", with: "2027-03-15T09:00:00-04:00, 2027-03-18T09:00:00-04:00,"))
            .contains("so no window makes it pass: check the instant [outside-window]"))
    }

    /// A line outside the window beside an occurrence of the window no line lists is offered that occurrence, and the
    /// window only when it is not meant (a message review typed 03-31 for 03-30, and moving the window, as told, left
    /// 03-30 unlisted). Berlin is at +02:00 from 2027-03-28 (zoneinfo): 02:30 exists on 03-29, 03-30 and 03-31.
    @Test func aLineOutsideTheWindowIsOfferedTheWindowsUnlistedOccurrence() {
        let text = """
            spec: Daily
            schedule: {timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            window: {after: 2027-03-28T12:00:00+02:00, through: 2027-03-30T12:00:00+02:00}
            expect:
              occurrences: [2027-03-29T02:30:00+02:00, 2027-03-31T02:30:00+02:00]

            """
        #expect(Self.lint(text).contains("and the spec will fail; if it is meant for 2027-03-30T02:30:00+02:00, the window's occurrence "
            + "no line lists, write that; else move the window to hold it [outside-window]"), "\(Self.lint(text))")
        // A line with a key is told the occurrence's key too (a third review wrote the instant and kept 03-31's key).
        let keyed = text.replacingOccurrences(of: "[2027-03-29T02:30:00+02:00, 2027-03-31T02:30:00+02:00]",
                                              with: "[2027-03-29T02:30:00+02:00, {at: 2027-03-31T02:30:00+02:00, key: daily/v1/2027-03-31}]")
        #expect(keyed != text)
        #expect(Self.lint(keyed).contains("write {at: 2027-03-30T02:30:00+02:00, key: lint/v1/2027-03-30}; else move the window"),
                "\(Self.lint(keyed))")
        // Not for the line at 'after' itself, nor where the occurrence would not fit the line's place in the list (a
        // fourth review wrote 06-03, the window's last, in place of the line at 'after', before 06-02: out of order).
        let atAfter = """
            spec: Daily
            schedule: {timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            window: {after: 2027-06-01T02:30:00+02:00, through: 2027-06-03T02:30:00+02:00}
            expect:
              occurrences: [2027-06-01T02:30:00+02:00, 2027-06-02T02:30:00+02:00]

            """
        #expect(Self.lint(atAfter).contains("the window excludes 'after' and includes 'through': remove the line, or move the window to hold it [outside-window]"),
                "\(Self.lint(atAfter))")
    }

    /// Two lines outside the window beside as many of its occurrences no line lists are offered them in order, one
    /// each: the nearest would offer both lines the later one (mutation run 19's W1). zoneinfo: Berlin is at +02:00
    /// from 2027-03-28 to 10-31, so 02:30 on 03-29, 03-30, 03-31, 04-30 and 05-31 is 00:30Z; the lines' 04-30 and
    /// 05-31 are months slipped past 'through'.
    @Test func linesOutsideTheWindowAreOfferedItsUnlistedOccurrencesInOrder() {
        let text = """
            spec: Daily
            schedule: {timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            window: {after: 2027-03-28T12:00:00+02:00, through: 2027-03-31T12:00:00+02:00}
            expect:
              occurrences: [2027-03-29T02:30:00+02:00, 2027-04-30T02:30:00+02:00, 2027-05-31T02:30:00+02:00]

            """
        let told = Self.lint(text)
        #expect(told.contains("warning: 2027-04-30T02:30:00+02:00 is outside the window (after 2027-03-28T12:00:00+02:00, through "
            + "2027-03-31T12:00:00+02:00], so no engine lists it and the spec will fail; if it is meant for 2027-03-30T02:30:00+02:00, "
            + "the window's occurrence no line lists, write that; else move the window to hold it [outside-window]"), "\(told)")
        #expect(told.contains("warning: 2027-05-31T02:30:00+02:00 is outside the window (after 2027-03-28T12:00:00+02:00, through "
            + "2027-03-31T12:00:00+02:00], so no engine lists it and the spec will fail; if it is meant for 2027-03-31T02:30:00+02:00, "
            + "the window's occurrence no line lists, write that; else move the window to hold it [outside-window]"), "\(told)")
    }

    /// The one line outside the window and the window's one occurrence no line lists, which belongs elsewhere in the
    /// list: offered with where it goes (a review sorted a `Z` line meant as local time to the end, and was told only to
    /// remove it or move the window, which never passes). zoneinfo: Berlin springs forward at 2027-03-28T01:00Z; 04:30Z
    /// is 06:30 CEST, past 'through' (04:00Z); 04:30 CEST is 02:30Z, between line 6's 03:30 CEST and line 7's 05:30.
    @Test func theOneLineOutsideIsOfferedTheUnlistedOccurrenceWhereItGoes() {
        let told = Self.lint("""
            spec: Hourly
            schedule: {timezone: Europe/Berlin, rule: {every: hour, minute: 30}, nonexistent: skip, repeated: first}
            window: {after: 2027-03-28T03:00:00+02:00, through: 2027-03-28T06:00:00+02:00}
            expect:
              occurrences:
                - 2027-03-28T03:30:00+02:00
                - 2027-03-28T05:30:00+02:00
                - 2027-03-28T04:30:00Z

            """)
        #expect(told.contains("if it is meant for 2027-03-28T04:30:00+02:00, the window's occurrence no line lists, write that after line 6 "
            + "and remove this line; else move the window to hold it [outside-window]"), "\(told)")
    }

    /// A line written with an offset the zone does not have then, at an instant another line lists: the offset note no
    /// longer offers to keep it with the zone's offset (a duplicate), and `repeated-without-key` no longer offers its long
    /// form with the slip kept (a review's F2). zoneinfo: New York falls back at 2027-11-07T06:00Z; 02:30-04:00 is 06:30Z,
    /// 01:30 EST, the second 01:30 line 7 lists; 02:30 EST is 07:30Z. Berlin in June is at +02:00: 02:30+01:00 is 01:30Z,
    /// 03:30+02:00.
    @Test func aSlippedLineAtAnInstantAnotherListsIsNotOfferedToKeepIt() {
        let newYork = Self.lint("""
            spec: ny
            schedule: {id: hourly, timezone: America/New_York, rule: {every: hour, minute: 30}, nonexistent: skip, repeated: both}
            window: {after: 2027-11-07T01:00:00-04:00, through: 2027-11-07T03:00:00-05:00}
            expect:
              occurrences:
                - {at: 2027-11-07T01:30:00-04:00, key: hourly/v1/2027-11-07T01:30}
                - {at: 2027-11-07T01:30:00-05:00, key: hourly/v1/2027-11-07T01:30~2}
                - 2027-11-07T02:30:00-04:00

            """)
        #expect(newYork.contains("note: if you meant 02:30 local time, write 2027-11-07T02:30:00-05:00; this instant as written is one another "
            + "line lists already\n"), "\(newYork)")
        #expect(!newYork.contains("[repeated-without-key]"), "\(newYork)")
        let berlin = Self.lint("""
            spec: berlin
            schedule: {timezone: Europe/Berlin, rule: {every: day, at: "03:30"}, nonexistent: skip, repeated: first}
            window: {after: 2027-06-01T00:00:00+02:00, through: 2027-06-01T12:00:00+02:00}
            expect:
              occurrences: [2027-06-01T03:30:00+02:00, 2027-06-01T02:30:00+01:00]

            """)
        #expect(berlin.contains("the rule gives this very instant, which another line lists already: remove this line"), "\(berlin)")
    }

    // MARK: duplicate-instant

    /// One copy written with `Z`, whose digits read as local time are the unlisted first reading that fits its place:
    /// that line is told to be rewritten, whole with its key under `both` (a review's was "remove one", with the caret on
    /// the keyed, right line; then the short form drew `repeated-without-key`). zoneinfo: Troll falls back at 2027-10-31T01:00Z (+02:00 → +00:00), so 01:00 is 23:00Z (the 30th) and 01:00Z;
    /// 00:00+02:00 is 22:00Z.
    @Test func aZCopyWhoseLocalReadingIsUnlistedIsToldToBeRewritten() {
        let told = Self.lint("""
            spec: Hourly
            schedule: {id: t, timezone: Antarctica/Troll, rule: {every: hour, minute: 0}, nonexistent: skip, repeated: both}
            window: {after: 2027-10-30T23:30:00+02:00, through: 2027-10-31T01:30:00+00:00}
            expect:
              occurrences:
                - 2027-10-31T00:00:00+02:00
                - 2027-10-31T01:00:00Z
                - {at: 2027-10-31T01:00:00+00:00, key: t/v1/2027-10-31T01:00~2}

            """)
        #expect(told.contains("lint.yaml:7:7: warning: 2027-10-31T01:00:00Z is the same instant as 2027-10-31T01:00:00+00:00 after it: an "
            + "occurrence happens once, so the spec will fail; 2027-10-31T01:00:00Z on line 7 is UTC ('Z'); if its digits 01:00 are meant as "
            + "local time, that is 2027-10-31T01:00:00+02:00 (the first of the two that night), which no line lists: write this line as "
            + "{at: 2027-10-31T01:00:00+02:00, key: t/v1/2027-10-31T01:00} [duplicate-instant]"), "\(told)")
    }

    /// Two lines keyed differently at one instant the schedule gives once are told which line it is and to remove the
    /// other: a message review's 01:30 and 02:30 under `shift-backward` on Berlin's spring night were told "remove one
    /// (the two occurrences of a repeated wall time …)", where no wall time repeats, and removing the first failed.
    /// zoneinfo: 02:30 does not exist on 2027-03-28; read with the offset after (+02:00) it is 00:30Z, the 01:30 CET
    /// slot's instant. The pair's words are kept for a wall time that does repeat (02:30 on 2027-10-31).
    /// A copy whose key names an occurrence outside the window is told to go, not to write that occurrence: a review
    /// wrote the 16th's instant as told and got `outside-window` (the key's date was the slip). zoneinfo: Havana's 00:30
    /// on 2027-03-15 and 03-16 is -04:00 (CDT from 2027-03-14); the window ends 2027-03-15T12:00:00-04:00.
    @Test func aCopyKeyedForAnOccurrenceOutsideTheWindowIsToldToGo() {
        let text = """
            spec: havana
            schedule: {id: ledger, timezone: America/Havana, rule: {every: day, at: "00:30"}, nonexistent: next-valid-time, repeated: first}
            window: {after: 2027-03-14T12:00:00-04:00, through: 2027-03-15T12:00:00-04:00}
            expect:
              occurrences:
                - {at: 2027-03-15T00:30:00-04:00, key: ledger/v1/2027-03-16}
                - {at: 2027-03-15T00:30:00-04:00, key: ledger/v1/2027-03-15}

            """
        #expect(Self.lint(text).contains("ledger/v1/2027-03-16 is the occurrence at 2027-03-16T00:30:00-04:00, after the window's 'through', "
            + "which the window does not hold: remove line 6 [duplicate-instant]"), "\(Self.lint(text))")
    }

    @Test func aDuplicateKeyedByTwoSlotsIsToldWhichSlotHasIt() {
        let text = """
            spec: two times
            schedule: {id: sync, timezone: Europe/Berlin, rule: {every: day, at: ["01:30", "02:30"]}, nonexistent: shift-backward, repeated: first}
            window: {after: 2027-03-28T00:00:00+01:00, through: 2027-03-28T12:00:00+02:00}
            expect:
              occurrences:
                - {at: 2027-03-28T01:30:00+01:00, key: sync/v1/2027-03-28T01:30}
                - {at: 2027-03-28T01:30:00+01:00, key: sync/v1/2027-03-28T02:30}

            """
        #expect(Self.lint(text).contains("so the spec will fail; the schedule gives it once, keyed sync/v1/2027-03-28T01:30 (line 6); a rule "
            + "gives an instant once, as the earlier slot's, so sync/v1/2027-03-28T02:30 has no occurrence there: remove line 7 "
            + "[duplicate-instant]"), "\(Self.lint(text))")
        // Under shift-forward the 02:30 slot has its own occurrence, 03:30+02:00 (read with +01:00, 01:30Z): the copied
        // line is told it, not that the slot has none (a third review found that sentence false).
        #expect(Self.lint(text.replacingOccurrences(of: "shift-backward", with: "shift-forward")).contains("the schedule gives it once, keyed "
            + "sync/v1/2027-03-28T01:30 (line 6); sync/v1/2027-03-28T02:30 is the occurrence at 2027-03-28T03:30:00+02:00: write that on "
            + "line 7 [duplicate-instant]"), "\(Self.lint(text.replacingOccurrences(of: "shift-backward", with: "shift-forward")))")
        // One line copied, key and all, is told to go: the schedule's occurrence keyed so is the line itself, which mutation
        // run 19's D2 told line 7 to write.
        let copied = text.replacingOccurrences(of: "key: sync/v1/2027-03-28T02:30}", with: "key: sync/v1/2027-03-28T01:30}")
        #expect(copied != text)
        // The 02:30 slot, read with +02:00, lands on the 01:30's instant and is dropped: told so, and line 7 to go.
        #expect(Self.lint(copied).contains("so the spec will fail; the rule's 02:30 that day resolves to it too and is dropped: 01:30 that "
            + "day, before it in slot order (date, then time), is 2027-03-28T01:30:00+01:00, and a candidate not later than the previous "
            + "occurrence is dropped (docs/recurrence.md#rules); remove line 7 [duplicate-instant]"), "\(Self.lint(copied))")
        // Under next-valid-time two times of the gap are its end, 03:00+02:00 (01:00Z): written twice, the 02:45 is named.
        let gap = """
            spec: gap
            schedule: {timezone: Europe/Berlin, rule: {every: day, at: ["02:30", "02:45"]}, nonexistent: next-valid-time, repeated: first}
            window: {after: 2027-03-28T00:00:00+01:00, through: 2027-03-28T12:00:00+02:00}
            expect:
              occurrences: [2027-03-28T03:00:00+02:00, 2027-03-28T03:00:00+02:00]

            """
        #expect(Self.lint(gap).contains("so the spec will fail; the rule's 02:45 that day resolves to it too and is dropped: 02:30 that day, "
            + "before it in slot order (date, then time), is 2027-03-28T03:00:00+02:00 under 'nonexistent: next-valid-time', and a candidate "
            + "not later than the previous occurrence is dropped (docs/recurrence.md#rules); remove item 2 of the list on line 5 [duplicate-instant]"),
                "\(Self.lint(gap))")
        // Three times of the gap, the copy keyed for the 03:00: told of its own slot, not the 02:30 (a review's F8).
        let keyed = """
            spec: gap
            schedule: {id: tri, timezone: Europe/Berlin, rule: {every: day, at: ["02:00", "02:30", "03:00"]}, nonexistent: next-valid-time, repeated: first}
            window: {after: 2027-03-28T00:00:00+01:00, through: 2027-03-28T12:00:00+02:00}
            expect:
              occurrences:
                - 2027-03-28T03:00:00+02:00
                - {at: 2027-03-28T03:00:00+02:00, key: tri/v1/2027-03-28T03:00}

            """
        #expect(Self.lint(keyed).contains("so the spec will fail; the rule's 03:00 that day resolves to it too and is dropped: 02:00 that day, "),
                "\(Self.lint(keyed))")
        let autumn = """
            spec: autumn
            schedule: {timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            window: {after: 2027-10-30T12:00:00+02:00, through: 2027-10-31T12:00:00+01:00}
            expect:
              occurrences: [2027-10-31T02:30:00+02:00, 2027-10-31T02:30:00+02:00]

            """
        #expect(Self.lint(autumn).contains("so the spec will fail; remove one (the two occurrences of a repeated wall time differ in offset) "
            + "[duplicate-instant]"), "\(Self.lint(autumn))")
    }

    /// Under `nonexistent: skip` a slot in the gap has no occurrence because skip drops it, not by the drop rule (which
    /// keeps the earlier slot, and 02:00 is the earlier): the black-box review's F3 was told "as the earlier slot's".
    /// zoneinfo: Berlin springs forward at 2027-03-28T01:00Z, 02:00 does not round-trip; 03:00 is 03:00+02:00 (01:00Z).
    @Test func aSkippedSlotListedAtTheNextSlotsInstantIsToldTheGapNotTheDropRule() {
        let text = """
            spec: steps
            schedule: {id: poll, timezone: Europe/Berlin, rule: {every: day, at: {from: "01:00", through: "03:30", every: 30m}}, nonexistent: skip, repeated: first}
            window: {after: 2027-03-28T01:45:00+01:00, through: 2027-03-28T03:10:00+02:00}
            expect:
              occurrences:
                - {at: 2027-03-28T03:00:00+02:00, key: poll/v1/2027-03-28T02:00}
                - {at: 2027-03-28T03:00:00+02:00, key: poll/v1/2027-03-28T03:00}

            """
        let told = Self.lint(text)
        // The warning stands on the line to remove (the first), the right one in a note.
        #expect(told.hasPrefix("lint.yaml:6:12: warning: 2027-03-28T03:00:00+02:00 is the same instant as 2027-03-28T03:00:00+02:00 after it: "),
                "\(told)")
        #expect(told.hasSuffix("lint.yaml:7:12: note: 2027-03-28T03:00:00+02:00 is listed here\n"), "\(told)")
        #expect(told.contains("the schedule gives it once, keyed poll/v1/2027-03-28T03:00 (line 7); 02:00 does not exist on 2027-03-28 in "
            + "Europe/Berlin (the clocks skip it), and 'nonexistent: skip' gives the 02:00 slot no occurrence, so poll/v1/2027-03-28T02:00 has "
            + "none: remove line 6 [duplicate-instant]"), "\(told)")
        #expect(!told.contains("earlier slot's"), "\(told)")
    }

    /// One line written twice (same instant, same key) is told once, by `duplicate-instant`: `duplicate-expected-key`'s
    /// "correct one of the two keys" beside it sent a fourth review round in a loop. zoneinfo: Troll falls back from +02:00
    /// to +00:00 at 2027-10-31T01:00Z, so 01:30 is 23:30Z the day before (+02:00) and 01:30Z (+00:00).
    @Test func aLineWrittenTwiceIsToldOnceToRemoveOne() {
        let told = Self.lint("""
            spec: troll
            schedule: {id: troll, timezone: Antarctica/Troll, rule: {every: day, at: "01:30"}, nonexistent: skip, repeated: both}
            window: {after: 2027-10-30T12:00:00+02:00, through: 2027-10-31T12:00:00+00:00}
            expect:
              occurrences:
                - {at: 2027-10-31T01:30:00+02:00, key: troll/v1/2027-10-31}
                - {at: 2027-10-31T01:30:00+02:00, key: troll/v1/2027-10-31}
                - {at: 2027-10-31T01:30:00+00:00, key: troll/v1/2027-10-31~2}

            """)
        #expect(!told.contains("[duplicate-expected-key]"), "\(told)")
        #expect(told.contains("remove one (the two occurrences of a repeated wall time differ in offset) [duplicate-instant]"), "\(told)")
    }

    /// A copy with no key in the place of the one occurrence between it and the next line, listed nowhere, is told
    /// that occurrence ("remove one", applied, left the spec failing for the date meant). Berlin is at +02:00 in June
    /// (zoneinfo). Two occurrences between them leave the plain advice.
    @Test func aDuplicateInThePlaceOfAnUnlistedOccurrenceIsToldIt() {
        func text(_ last: String) -> String {
            """
            spec: d
            schedule: {timezone: Europe/Berlin, rule: {every: day, at: "09:00"}, nonexistent: skip, repeated: first}
            window: {after: 2027-06-01T00:00:00+02:00, through: 2027-06-06T00:00:00+02:00}
            expect:
              occurrences:
                - 2027-06-02T09:00:00+02:00
                - 2027-06-02T09:00:00+02:00
                - \(last)

            """
        }
        #expect(Self.lint(text("2027-06-04T09:00:00+02:00")).hasPrefix("lint.yaml:7:7: warning: 2027-06-02T09:00:00+02:00 is the same "
            + "instant as 2027-06-02T09:00:00+02:00 before it: an occurrence happens once, so the spec will fail; the one occurrence "
            + "between this line and line 8, 2027-06-03T09:00:00+02:00, is listed nowhere: if line 7 means it, write "
            + "2027-06-03T09:00:00+02:00 there; else remove line 7 [duplicate-instant]"), "\(Self.lint(text("2027-06-04T09:00:00+02:00")))")
        #expect(Self.lint(text("2027-06-05T09:00:00+02:00")).contains("so the spec will fail; remove one [duplicate-instant]"))
    }

    /// The first copy in the place of the one occurrence between the line before it and itself, where nothing is left
    /// out after the last copy: that copy is told the occurrence, as the run's failure tells it (a review's `10-30` for
    /// `10-29` was told "remove one" here and "write 10-29 on line 14" there: both done, 10-30 was lost). Berlin is at
    /// +02:00 in June (zoneinfo).
    @Test func aFirstCopyInThePlaceOfAnUnlistedOccurrenceIsToldIt() {
        let told = Self.lint("""
            spec: d
            schedule: {timezone: Europe/Berlin, rule: {every: day, at: "09:00"}, nonexistent: skip, repeated: first}
            window: {after: 2027-06-01T12:00:00+02:00, through: 2027-06-04T12:00:00+02:00}
            expect:
              occurrences:
                - 2027-06-03T09:00:00+02:00
                - 2027-06-03T09:00:00+02:00
                - 2027-06-04T09:00:00+02:00

            """)
        #expect(told.hasPrefix("lint.yaml:6:7: warning: 2027-06-03T09:00:00+02:00 is the same instant as 2027-06-03T09:00:00+02:00 after it: "
            + "an occurrence happens once, so the spec will fail; the one occurrence before this line, in the window, 2027-06-02T09:00:00+02:00, "
            + "is listed nowhere: if line 6 means it, write 2027-06-02T09:00:00+02:00 there; else remove line 6 [duplicate-instant]"), "\(told)")
    }

    /// A deviation declared on core is warned about at its key: core gives the contract's answers, so the entry once
    /// hid a spec that expects something else (a message review declared one, as the engines' note advised, and a
    /// wrong spec passed). One on foundation is what the key is for. zoneinfo: 02:30 does not exist in Berlin on
    /// 2027-03-28, and 03:00 CEST is next-valid-time's instant, not skip's.
    @Test func aKnownDeviationOnCoreIsWarnedAbout() {
        let text = """
            spec: kd core
            schedule: {timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            window: {after: 2027-03-27T12:00:00+01:00, through: 2027-03-28T12:00:00+02:00}
            expect:
              occurrences: [2027-03-28T03:00:00+02:00]
            known-deviations: {core: "why"}

            """
        #expect(Self.lint(text) == "lint.yaml:6:20: warning: 'kd core' declares a known deviation on core, the engine that gives what the "
            + "spec language defines: a failure there most often means the spec expects something else than the contract (Foundation's "
            + "behaviour, another policy), and the entry does not excuse it: a core failure is reported failed; correct the "
            + "expected instants and remove the entry (to set the spec aside while a fault of the core is fixed, write 'skip:' "
            + "with why) [deviation-on-core]\n", "\(Self.lint(text))")
        #expect(Self.lint(text.replacingOccurrences(of: "{core: ", with: "{foundation: ")).isEmpty)
    }

    /// Two lines written with `Z` whose digits are a wall time the schedule gives twice are told its two instants, not
    /// "remove one", which left the spec failing (a message review wrote the autumn 02:30 as `…T02:30:00Z` twice).
    /// zoneinfo: Berlin falls back at 2027-10-31T01:00Z, so 02:30 is 00:30Z (+02:00) and 01:30Z (+01:00); 02:30Z is
    /// 03:30 CET. Under `first` (one instant) the old advice stands.
    @Test func twoLinesOfLocalDigitsWrittenAsUTCAreToldTheWallTimesTwoInstants() {
        let text = """
            spec: Z twice
            schedule: {timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: both}
            window: {after: 2027-10-30T12:00:00+02:00, through: 2027-10-31T12:00:00+01:00}
            expect:
              occurrences: [2027-10-31T02:30:00Z, 2027-10-31T02:30:00Z]

            """
        #expect(Self.lint(text).contains("an occurrence happens once, so the spec will fail; both are written with 'Z' (UTC); if they mean "
            + "02:30 local time, which happens twice that night, write its two instants: 2027-10-31T02:30:00+02:00 and "
            + "2027-10-31T02:30:00+01:00 [duplicate-instant]"), "\(Self.lint(text))")
        #expect(Self.lint(text.replacingOccurrences(of: "repeated: both", with: "repeated: first"))
            .contains("so the spec will fail; remove one [duplicate-instant]"))
    }

    @Test func oneInstantListedTwiceInTwoSpellingsIsReported() {
        // 02:30 CEST on 2027-06-01 is 00:30Z (zoneinfo): the second line names the first occurrence again.
        #expect(Self.lint(Self.duplicateInstant) == """
            lint.yaml:7:7: warning: 2027-06-01T00:30:00Z is the same instant as 2027-06-01T02:30:00+02:00 before it: an occurrence happens once, so the spec will fail; remove one [duplicate-instant]
                - 2027-06-01T00:30:00Z
                  ^~~~~~~~~~~~~~~~~~~~
            lint.yaml:6:7: note: 2027-06-01T02:30:00+02:00 is listed here

            """)
        #expect(Self.lint(Self.duplicateInstant.replacingOccurrences(of: "    - 2027-06-01T00:30:00Z\n", with: "")).isEmpty)
    }

    /// An instant and its alias are one text in one place: "listed here" named the place the warning was at. The
    /// warning says an alias copies it; the note at the alias comes from the copies' record (`MergeSites`).
    @Test func anInstantListedAgainByItsAliasSaysSo() {
        let text = Self.duplicateInstant.replacingOccurrences(of: "    - 2027-06-01T02:30:00+02:00\n    - 2027-06-01T00:30:00Z\n",
                                                              with: "    - &o 2027-06-01T02:30:00+02:00\n    - *o\n")
        #expect(text != Self.duplicateInstant)
        let told = Self.lint(text)
        #expect(told.contains("warning: 2027-06-01T02:30:00+02:00 is listed twice, once by an alias that copies it: an occurrence happens once, "
            + "so the spec will fail; remove the alias [duplicate-instant]"), "\(told)")
        #expect(!told.contains("is listed here"))
    }

    /// The lint review: a slip of the seeds' kind made a line collide with the next (`02:30:00+00:00` in Dublin on the
    /// spring day is 02:30Z, which the next line names; Dublin is at +01:00 from 01:00Z, zoneinfo), and "remove one"
    /// invited deleting the right line. The slipped one is named instead.
    @Test func aCollisionMadeByAnOffsetSlipNamesTheSlippedLine() {
        let text = """
            spec: Dublin hourly collision
            schedule: {timezone: Europe/Dublin, rule: {every: hour, minute: 30}, nonexistent: skip, repeated: first}
            window: {after: 2027-03-28T01:00:00Z, through: 2027-03-28T03:00:00Z}
            expect:
              occurrences:
                - 2027-03-28T02:30:00+00:00
                - 2027-03-28T02:30:00Z

            """
        #expect(Self.lint(text).contains("""
            lint.yaml:7:7: warning: 2027-03-28T02:30:00Z is the same instant as 2027-03-28T02:30:00+00:00 before it: an occurrence happens once, so the spec will fail; 2027-03-28T02:30:00+00:00 on line 6 is written with an offset the zone does not have then: do what its offset-mismatch warning says rather than removing the other line [duplicate-instant]
            """))
    }

    /// A slipped line that is the very occurrence the other line lists: its offset warning says to keep the instant,
    /// and done, the two were still one (a docs audit went round twice). The duplicate says to remove it. (02:30 in
    /// Berlin on 2027-06-01 is 00:30Z, which 01:30+01:00 is too; zoneinfo.)
    @Test func aSlippedLineThatIsTheSameOccurrenceIsToldToGo() {
        let text = """
            spec: Berlin same occurrence twice
            schedule: {timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            window: {after: 2027-05-31T12:00:00+02:00, through: 2027-06-01T12:00:00+02:00}
            expect:
              occurrences:
                - 2027-06-01T02:30:00+02:00
                - 2027-06-01T01:30:00+01:00

            """
        #expect(Self.lint(text).contains("""
            lint.yaml:7:7: warning: 2027-06-01T01:30:00+01:00 is the same instant as 2027-06-01T02:30:00+02:00 before it: an occurrence happens once, so the spec will fail; 2027-06-01T01:30:00+01:00 on line 7 is this occurrence written with an offset the zone does not have then: remove that line [duplicate-instant]
            """), "\(Self.lint(text))")
    }

    /// The review's r20 under next-valid-time (F5, F7): 2027-03-28T02:30:00+02:00 (00:30Z, 01:30 CET by zoneinfo) repeats
    /// line 6's 01:30+01:00, and its offset-mismatch warning, knowing that, says what the policy makes of 02:30 that night
    /// (03:00+02:00, 01:00Z: Berlin goes from 02:00 CET to 03:00 CEST then). This lint said "remove that line" on the
    /// same line, which fails (03:00 is then unexpected), and told the offset slip a second time: the line's own
    /// warning has said it all, so it says nothing. Under skip the warning says to remove the line, the same.
    @Test(arguments: ["next-valid-time", "skip"])
    func aRepeatWhoseOwnOffsetWarningSaysWhatToDoIsNotToldAgain(_ policy: String) {
        let text = """
            spec: r20 hourly at 30 across Berlin spring gap
            schedule: {id: hourly, timezone: Europe/Berlin, rule: {every: hour, minute: 30}, nonexistent: \(policy), repeated: first}
            window: {after: 2027-03-28T01:00:00+01:00, through: 2027-03-28T04:00:00+02:00}
            expect:
              occurrences:
                - 2027-03-28T01:30:00+01:00
                - 2027-03-28T02:30:00+02:00
                - 2027-03-28T03:30:00+02:00

            """
        let told = Self.lint(text)
        #expect(!told.contains("[duplicate-instant]"), "\(told)")
        #expect(told.components(separatedBy: "[offset-mismatch]").count == 2, "\(told)")
        #expect(told.contains(policy == "skip" ? "; remove this instant, or, "
            : "under 'nonexistent: next-valid-time', 02:30 on 2027-03-28 is 2027-03-28T03:00:00+02:00; write that\n"), "\(told)")
    }

    // MARK: missing-fixture

    @Test func anInfoPlistThatIsNotThereIsReportedAndOneThatIsIsNot() throws {
        #expect(Self.lint(Self.missingFixture) == """
            lint.yaml:4:15: warning: there is no file 'fixtures/Missing.plist' for this spec, so the scenario cannot run; add it, or write the path relative to the spec file's folder (the current folder) [missing-fixture]
              info-plist: fixtures/Missing.plist
                          ^~~~~~~~~~~~~~~~~~~~~~

            """)
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let specPath = root.appendingPathComponent("specs/lifecycle/lint.yaml").path
        let present = Self.missingFixture.replacingOccurrences(of: "fixtures/Missing.plist", with: "fixtures/Info.plist")
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("specs/lifecycle/fixtures/Info.plist").path))
        #expect(Self.lint(present, path: specPath).isEmpty)
        #expect(Self.lint(Self.missingFixture, path: specPath).contains("looked for \(root.path)/specs/lifecycle/fixtures/Missing.plist"))
    }

    /// A folder in the temporary directory holding `specs/lifecycle/fixtures/Info.plist`, removed when the test ends.
    struct FixtureTree: ~Copyable {
        let root: String
        var specFolder: String { root + "/specs/lifecycle" }

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("near-fixture-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: root + "/specs/lifecycle/fixtures", withIntermediateDirectories: true)
            try Data("<plist version=\"1.0\"><dict/></plist>".utf8).write(to: URL(fileURLWithPath: root + "/specs/lifecycle/fixtures/Info.plist"))
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }
    }

    @Test func aFixturePathOneSlipFromAFileIsOfferedThatFile() throws {
        let tree = try FixtureTree()
        let spec = Self.missingFixture.replacingOccurrences(of: "fixtures/Missing.plist", with: "fixture/Info.plist")
        #expect(Self.lint(spec, path: tree.specFolder + "/lint.yaml") == """
            \(tree.specFolder)/lint.yaml:4:15: warning: there is no file 'fixture/Info.plist' for this spec (looked for \(tree.specFolder)/fixture/Info.plist), so the scenario cannot run; did you mean 'fixtures/Info.plist'? [missing-fixture]
              info-plist: fixture/Info.plist
                          ^~~~~~~~~~~~~~~~~~

            """)
    }

    /// A path naming a folder was told "there is no file 'fixtures'" beside the folder (the lint review).
    @Test func aFixturePathNamingAFolderIsToldSoWithAFileInIt() throws {
        let tree = try FixtureTree()
        let spec = Self.missingFixture.replacingOccurrences(of: "fixtures/Missing.plist", with: "fixtures")
        #expect(Self.lint(spec, path: tree.specFolder + "/lint.yaml").hasPrefix("""
            \(tree.specFolder)/lint.yaml:4:15: warning: 'fixtures' is a folder, not a file (looked for \(tree.specFolder)/fixtures), so the scenario cannot run; name the Info.plist file itself, e.g. 'fixtures/Info.plist' [missing-fixture]
            """))
    }

    /// Each missing name is replaced by its nearest spelling in the folder that should hold it; only the folders on the
    /// written path are read, so a file elsewhere in the tree is never offered, nor one reached through a link.
    @Test(arguments: [
        ("fixture/Info.plist", "fixtures/Info.plist"),
        ("fixtures/info.plist", "fixtures/Info.plist"),
        ("Fixture/Info.plst", "fixtures/Info.plist"),
        ("./fixture/Info.plist", "./fixtures/Info.plist"),
        ("../lifecycle/fixture/Info.plist", "../lifecycle/fixtures/Info.plist"),
        ("../lifecycel/fixtures/Info.plist", "../lifecycle/fixtures/Info.plist"),
        ("fixtures/Missing.plist", nil),
        ("Info.plist", nil),
        ("other/Info.plist", nil),
        ("fixtures/Info.plist/Info.plist", nil),
        ("linked/Info.plist", nil),
    ] as [(String, String?)])
    func theNearPathIsLookedForOnlyAlongTheWrittenPath(written: String, near: String?) throws {
        let tree = try FixtureTree()
        try FileManager.default.createDirectory(atPath: tree.specFolder + "/others/deep/fixtures", withIntermediateDirectories: true)
        try Data().write(to: URL(fileURLWithPath: tree.specFolder + "/others/deep/fixtures/Info.plist"))
        try FileManager.default.createSymbolicLink(atPath: tree.specFolder + "/links", withDestinationPath: tree.specFolder + "/fixtures")
        #expect(NearFixturePath(fileManager: .default).suggestion(for: written, from: tree.specFolder) == near)
    }

    /// Lists folders and counts how often each is listed.
    final class CountingFileManager: FileManager, @unchecked Sendable {
        let listings = Mutex<[String: Int]>([:])

        override func contentsOfDirectory(atPath path: String) throws -> [String] {
            listings.withLock { $0[path, default: 0] += 1 }
            return try super.contentsOfDirectory(atPath: path)
        }
    }

    /// Many spec files of one folder missing the same fixture read that folder once: read for each spec, 10,000 of
    /// them listed 10,000 names each (44 s).
    @Test func aFixtureFolderIsReadOncePerLinterHoweverManySpecsMissAFileInIt() throws {
        let tree = try FixtureTree()
        let fileManager = CountingFileManager()
        let lint = MissingFixtureLint(fileManager: fileManager)
        let text = Self.missingFixture.replacingOccurrences(of: "fixtures/Missing.plist", with: "fixture/Info.plist")
        for index in 0..<20 {
            let file = SpecParser().parse(path: tree.specFolder + "/spec\(index).yaml", bytes: Array(text.utf8))
            let warnings = file.specs.flatMap { lint.diagnostics(for: $0, in: file) }
            #expect(warnings.map(\.message) == [
                "there is no file 'fixture/Info.plist' for this spec (looked for \(tree.specFolder)/fixture/Info.plist), so the scenario cannot run; did you mean 'fixtures/Info.plist'?",
            ])
        }
        #expect(fileManager.listings.withLock { $0 } == [tree.specFolder: 1])
    }

    // MARK: old-zone-name

    @Test func anOldZoneNameIsToldItsCurrentNameInTheScheduleAndInACase() {
        #expect(Self.lint(Self.oldZoneName) == """
            lint.yaml:2:22: warning: 'Europe/Kiev' is an old name of Europe/Kyiv (a link in tzdata); write Europe/Kyiv: the instants are the same [old-zone-name]
            schedule: {timezone: Europe/Kiev, rule: daily 02:30, nonexistent: skip, repeated: first}
                                 ^~~~~~~~~~~
            lint.yaml:5:15: warning: 'US/Eastern' is an old name of America/New_York (a link in tzdata); write America/New_York: the instants are the same [old-zone-name]
                timezone: US/Eastern
                          ^~~~~~~~~~

            """)
    }

    @Test func aLifecycleSchedulesOldZoneNameIsToldToo() {
        let text = """
            spec: Catch-up in Saigon
            task: {identifier: com.example.app.refresh}
            schedule:
              timezone: "Asia/Saigon"
              rule: daily 02:30
              nonexistent: skip
              repeated: first
            clock: 2027-03-29T00:00:00+07:00
            steps: []
            expect:
              errors: []

            """
        #expect(Self.lint(text) == """
            lint.yaml:4:13: warning: 'Asia/Saigon' is an old name of Asia/Ho_Chi_Minh (a link in tzdata); write Asia/Ho_Chi_Minh: the instants are the same [old-zone-name]
              timezone: "Asia/Saigon"
                        ^~~~~~~~~~~~~

            """)
    }

    /// A case in another zone may write its cursor in the schedule's zone (the app rescheduled before the user moved):
    /// the same instant, not a slip; its `next` is still read in the case's zone. Berlin is at +02:00 and New York at
    /// -04:00 on 2027-03-29 (zoneinfo): 12:00+02:00 is 06:00 in New York, whose next 02:30 is 2027-03-30T02:30:00-04:00.
    @Test func aCaseInAnotherZoneMayWriteItsCursorInTheSchedulesZone() {
        let text = """
            spec: Moved
            schedule: {timezone: Europe/Berlin, rule: daily 02:30, nonexistent: skip, repeated: first}
            cases:
              - {name: moved, timezone: America/New_York, after: 2027-03-29T12:00:00+02:00, next: 2027-03-30T02:30:00-04:00}
              - {name: slip, timezone: America/New_York, after: 2027-03-29T12:00:00+01:00, next: 2027-03-30T02:30:00+02:00}

            """
        let found = SpecLinter().diagnostics(for: SpecParser().parse(path: "s.yaml", bytes: Array(text.utf8)))
            .filter { $0.code == LintCode.offsetMismatch.rawValue }
        // Only the second case's: an offset neither zone has for its cursor, and Berlin's for its `next`.
        #expect(found.map { $0.location?.line } == [5, 5], "\(found.map(\.message))")
    }

    /// The offset-mismatch warnings of a scenario that runs Berlin's 02:30 at 02:31 on 2027-03-29 and moves to New York
    /// (version 2) at 12:00 Berlin time, with `expect` (its lines indented by two spaces under `expect:`).
    static func offsetWarningsAfterAMove(expect: String) -> [Diagnostic] {
        let text = """
            spec: Moved
            task: {identifier: com.example.app.refresh, kind: refresh}
            schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            clock: 2027-03-29T00:00:00+02:00
            steps:
              - {at: 2027-03-29T02:31:00+02:00, launch: com.example.app.refresh}
              - {at: 2027-03-29T12:00:00+02:00, change-schedule: {timezone: America/New_York, version: 2}}
            expect:
            \(expect)

            """
        return SpecLinter().diagnostics(for: SpecParser().parse(path: "s.yaml", bytes: Array(text.utf8)))
            .filter { $0.code == LintCode.offsetMismatch.rawValue }
    }

    /// After a move, a wall time written with neither zone's offset is offered each zone's reading: a New York 02:30
    /// with New York's winter offset (-05:00) read where Berlin was in effect (zoneinfo: New York is at -04:00 then).
    @Test func anInstantAfterAMoveIsOfferedEachZonesReading() {
        let found = Self.offsetWarningsAfterAMove(expect: "  runs: [{planned: 2027-03-29T02:30:00+02:00}, {planned: 2027-03-29T02:30:00-05:00}]")
        #expect(found.count == 1)
        #expect(found.first?.notes.map(\.message) == [
            "if you meant 02:30 local time, write 2027-03-29T02:30:00+02:00",
            "in America/New_York, a zone the scenario's schedule takes too, 02:30 local time is 2027-03-29T02:30:00-04:00",
        ])
    }

    /// Another zone's reading is offered only where it can be the instant meant: a step's between the steps around it,
    /// a run's `actual` at a launch (a review applied Dublin's reading of a step after the move to New York and got
    /// `instant-order`). zoneinfo: New York is at -05:00 on 2027-03-13 and -04:00 from 03-14 07:00Z; Dublin at +00:00;
    /// so 13:00 on the 13th read in Dublin (13:00Z) is between the change (12:00Z) and the next step (07:29Z on the 14th),
    /// and 03:31 on the 14th read in Dublin (03:31Z) is before the step before it.
    @Test func anotherZonesReadingIsOfferedOnlyWhereItKeepsTheStepsInOrder() {
        let text = """
            spec: Moved
            task: {identifier: com.example.app.refresh, kind: refresh}
            schedule: {id: nightly, timezone: Europe/Dublin, rule: {every: day, at: "02:30"}, nonexistent: shift-forward, repeated: first}
            clock: 2027-03-12T12:00:00+00:00
            steps:
              - {at: 2027-03-13T02:35:00+00:00, launch: com.example.app.refresh}
              - {at: 2027-03-13T12:00:00+00:00, change-schedule: {timezone: America/New_York}}
              - {at: 2027-03-13T13:00:00-04:00, launch: com.example.app.refresh}
              - {at: 2027-03-14T03:29:00-04:00, launch: com.example.app.refresh}
              - {at: 2027-03-14T03:31:00-05:00, launch: com.example.app.refresh}
            expect:
              runs: [{actual: 2027-03-14T03:31:00-05:00}]

            """
        let found = SpecLinter().diagnostics(for: SpecParser().parse(path: "s.yaml", bytes: Array(text.utf8)))
            .filter { $0.code == LintCode.offsetMismatch.rawValue }
        #expect(found.map { $0.location?.line } == [8, 10, 12], "\(found.map(\.message))")
        #expect(found.first?.notes.map(\.message) == [
            "if you meant 13:00 local time, write 2027-03-13T13:00:00-05:00",
            "in Europe/Dublin, a zone the scenario's schedule takes too, 13:00 local time is 2027-03-13T13:00:00+00:00",
        ], "\(found.first?.notes ?? [])")
        #expect(found.dropFirst().map { $0.notes.map(\.message) } == [
            ["if you meant 03:31 local time, write 2027-03-14T03:31:00-04:00"],
            ["if you meant 03:31 local time, write 2027-03-14T03:31:00-04:00"],
        ], "\(found.dropFirst().map(\.notes))")
    }

    /// An instant at the very moment of a `change-schedule` step is read in the schedule that step puts in effect, which
    /// holds from its step on: 05:00 written with New York's winter offset at the move (10:00Z) is compared with New
    /// York's -04:00 (zoneinfo), not Berlin's +02:00 (mutation B23 read it in the schedule before the change).
    @Test func anInstantAtTheMomentOfAScheduleChangeIsReadInTheNewSchedule() {
        let found = Self.offsetWarningsAfterAMove(expect: """
              store: {updated-at: 2027-03-29T05:00:00-05:00}
              runs: [{planned: 2027-03-29T02:30:00+02:00}]
            """)
        #expect(found.count == 1)
        #expect(found.first?.message.hasPrefix("2027-03-29T05:00:00-05:00 is written with offset -05:00, but America/New_York is at -04:00 at that instant") == true,
                "\(found.map(\.message))")
    }

    /// A zone a scenario's `change-schedule` moves to is linted as the schedule's own is.
    @Test func anOldNameInAScheduleChangeIsLinted() {
        let text = """
            spec: Moves to an old name
            task: {identifier: com.example.app.refresh, kind: refresh}
            schedule: {timezone: Europe/Berlin, rule: daily 02:30, nonexistent: skip, repeated: first}
            clock: 2027-03-29T00:00:00+02:00
            steps: [{at: 2027-03-29T12:00:00+02:00, change-schedule: {timezone: US/Eastern}}]
            expect: {errors: []}

            """
        let found = SpecLinter().diagnostics(for: SpecParser().parse(path: "s.yaml", bytes: Array(text.utf8)))
            .filter { $0.code == LintCode.oldZoneName.rawValue }
        #expect(found.map { $0.location?.column } == [69], "\(found.map(\.location))")
    }

    /// tzdata links Iceland's old name to Africa/Abidjan (the same offsets since 1970); the author is told Iceland's own.
    @Test func anOldNameLinkedToAnotherPlacesZoneIsToldItsOwnPlace() {
        let lint = OldZoneNameLint()
        let name = ZoneNameLiteral(text: "Atlantic/Jan_Mayen", location: SourceLocation(file: "s.yaml", line: 3, column: 13), length: 18)
        #expect(lint.diagnostic(for: name)?.message
            == "'Atlantic/Jan_Mayen' is an old name of Europe/Oslo (a link in tzdata, to Europe/Berlin); write Europe/Oslo: the instants are the same since 1970")
    }

    @Test(arguments: ["UTC", "Etc/UTC", "Europe/Kyiv", "America/New_York", "Europe/Vatican", "America/Argentina/Buenos_Aires"])
    func aCurrentNameIsNotLinted(_ zone: String) {
        let text = """
            spec: Current
            schedule: {timezone: \(zone), rule: daily 02:30, nonexistent: skip, repeated: first}
            cases: [{name: c, after: 2027-06-01T00:00:00Z, next: 2027-06-01T02:30:00Z, timezone: \(zone)}]

            """
        #expect(SpecLinter().diagnostics(for: SpecParser().parse(path: "s.yaml", bytes: Array(text.utf8)))
            .filter { $0.code == LintCode.oldZoneName.rawValue }.isEmpty)
    }

    /// Of several near names the nearest is offered, not the first in the folder's order: `Infoo.plist` is one edit
    /// from `Info.plist` and two from `Iffo.plist`, which sorts first.
    @Test func theNearestOfSeveralNearNamesIsOffered() throws {
        let tree = try FixtureTree()
        try Data().write(to: URL(fileURLWithPath: tree.specFolder + "/fixtures/Iffo.plist"))
        #expect(NearFixturePath(fileManager: .default).suggestion(for: "fixtures/Infoo.plist", from: tree.specFolder)
            == "fixtures/Info.plist")
        // Equally near: the name that sorts first, whatever order the folder lists them in.
        try Data().write(to: URL(fileURLWithPath: tree.specFolder + "/fixtures/Infa.plist"))
        #expect(NearFixturePath(fileManager: .default).suggestion(for: "fixtures/Infe.plist", from: tree.specFolder)
            == "fixtures/Infa.plist")
    }

    /// Lists a folder's names backwards: a file system may list them in any order.
    final class BackwardsListingFileManager: FileManager, @unchecked Sendable {
        override func contentsOfDirectory(atPath path: String) throws -> [String] {
            try super.contentsOfDirectory(atPath: path).sorted().reversed()
        }
    }

    /// Past `namesPerFolder` the names compared are the first in sorted order, however the folder lists them: the same
    /// suggestion on every machine (a folder under the limit is compared whole, nearest first, in any order).
    @Test func aFolderCutToItsFirstNamesKeepsTheFirstInSortedOrder() throws {
        let tree = try FixtureTree()
        for name in ["Info2.plist", "Info3.plist"] {
            try Data().write(to: URL(fileURLWithPath: tree.specFolder + "/fixtures/" + name))
        }
        let names = FixtureFolderNames().sortedNames(of: tree.specFolder + "/fixtures", limit: 2, fileManager: BackwardsListingFileManager())
        #expect(names?.names == ["Info.plist", "Info2.plist"])
    }

    // MARK: The lints together

    @Test func theRepositorysSpecsAreLintClean() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let enumerator = FileManager.default.enumerator(atPath: root.appendingPathComponent("specs").path)
        var warnings: [String] = []
        var files = 0
        while let path = enumerator?.nextObject() as? String {
            guard path.hasSuffix(".yaml") else { continue }
            files += 1
            let data = try Data(contentsOf: root.appendingPathComponent("specs/" + path))
            let file = SpecParser().parse(path: "specs/" + path, bytes: [UInt8](data))
            warnings += SpecLinter().diagnostics(for: file).map { DiagnosticRenderer().render($0) }
        }
        #expect(files >= 20)
        #expect(warnings.isEmpty, "\(warnings.joined(separator: "\n"))")
    }

    @Test func everyLintCodeHasItsSectionInTheDiagnosticsPage() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let page = try String(contentsOf: root.appendingPathComponent("docs/diagnostics.md"), encoding: .utf8)
        let missing = LintCode.allCases.map(\.rawValue).filter { !page.contains("### `\($0)`") }
        #expect(missing.isEmpty, "lint codes without a section in docs/diagnostics.md: \(missing)")
    }

    /// The page's example of each code is the whole output of the fixture here, so it cannot go stale.
    @Test(arguments: [
        (LintCode.dstWithoutTransition, juneWindow), (.duplicateExpectedKey, duplicateKey), (.duplicateCase, duplicateCase),
        (.repeatedWithoutKey, autumnBoth), (.outsideWindow, outsideWindow), (.duplicateInstant, duplicateInstant),
        (.missingFixture, missingFixture), (.oldZoneName, oldZoneName), (.emptyExpect, emptyExpect),
        (.controlWithTransition, controlOverAChange), (.unmatchableKey, unmatchableKey),
    ])
    func theDiagnosticsPageQuotesEachLintExactly(_ code: LintCode, _ fixture: String) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let page = try String(contentsOf: root.appendingPathComponent("docs/diagnostics.md"), encoding: .utf8)
        let section = try #require(page.components(separatedBy: "### `\(code.rawValue)`").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```text\n").dropFirst().first?.components(separatedBy: "```").first)
        #expect(block == Self.lint(fixture))
    }

    @Test func everyLintWarnsAndStrictPromotesItToAnError() {
        let text = """
            spec: June
            tags: dst
            schedule: {timezone: Europe/Berlin, rule: daily 02:30, nonexistent: skip, repeated: first}
            cases: [{name: c, after: 2027-06-01T00:00:00+02:00, next: 2027-06-01T02:30:00+02:00}]

            """
        let files = SpecLinter().lint([SpecParser().parse(path: "s.yaml", bytes: Array(text.utf8))])
        #expect(files[0].diagnostics.map(\.severity) == [.warning])
        #expect(files[0].diagnostics.map { $0.promoted(to: .error).severity } == [.error])
    }

    /// Pacific/Apia skipped 2011-12-30 (-10:00 → +14:00 at 2011-12-30T10:00Z, zoneinfo): 02:30+14:00 written for that
    /// day is 2011-12-29T12:30Z, the 29th's 02:30 (-10:00), already listed. "To keep this instant, write it with the
    /// zone's offset" listed one occurrence twice; under `skip` the day gives nothing, so the advice is to remove it
    /// (the second failure review).
    @Test func anInstantOnASkippedDayThatIsAnotherListedOccurrenceIsToldToGo() {
        let text = """
            spec: apia
            schedule: {id: apia, timezone: Pacific/Apia, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            window: {after: 2011-12-29T00:00:00-10:00, through: 2012-01-01T00:00:00+14:00}
            expect:
              occurrences:
                - 2011-12-29T02:30:00-10:00
                - 2011-12-30T02:30:00+14:00
                - 2011-12-31T02:30:00+14:00

            """
        let found = Self.lint(text)
        #expect(found.contains("note: 02:30 does not exist in Pacific/Apia on 2011-12-30 (the clocks skip it); "
            + "under 'nonexistent: skip' there is no occurrence that day; remove this instant"), "\(found)")
        #expect(!found.contains("to keep this instant"))
        // The one other policy that gives the skipped day a run of its own: the change's instant (10:00Z,
        // 2011-12-31T00:00+14:00). shift-backward's 02:30 read at +14:00 is 2011-12-29T12:30Z, the 29th's own occurrence
        // (no run of the 30th), and shift-forward's read at -10:00 is 12:30Z, the 31st's own 02:30+14:00 (the 30th's
        // would take it and the 31st's run be lost: a third review applied it and saw the 31st gone).
        #expect(found.contains("choose another 'nonexistent' policy: next-valid-time gives 2011-12-31T00:00:00+14:00\n"), "\(found)")
    }

    /// A key not in the form of its rule's keys is told with the key the rule gives the line's instant (a review's
    /// hourly key without its time or with seconds, a several-times key without its time, an interval's key in local
    /// time); every form the rules give passes, `~2` included. zoneinfo: Berlin 2027-10-31 02:30 is 00:30Z (+02:00) and
    /// 01:30Z (+01:00); 2027-06-01 is +02:00, so 08:00 is 06:00Z.
    @Test(arguments: [
        ("{every: hour, minute: 30}", "2027-10-31T02:30:00+01:00", "h/v1/2027-10-31", "h/v1/2027-10-31T02:30~2"),
        ("{every: hour, minute: 30}", "2027-10-31T02:30:00+02:00", "h/v1/2027-10-31T02:30:00", "h/v1/2027-10-31T02:30"),
        ("{every: day, at: [\"08:00\", \"20:00\"]}", "2027-06-01T08:00:00+02:00", "h/v1/2027-06-01", "h/v1/2027-06-01T08:00"),
        ("{every: day, at: \"08:00\"}", "2027-06-01T08:00:00+02:00", "h/v1/2027-06-01T08:00", "h/v1/2027-06-01"),
        ("{interval: 1h, from: 2027-06-01T00:00:00+02:00}", "2027-06-01T08:00:00+02:00", "h/v1/2027-06-01T08:00", "h/v1/2027-06-01T06:00:00Z"),
    ])
    func aKeyNotInItsRulesFormIsToldTheRulesKey(rule: String, at: String, key: String, own: String) {
        let policies = rule.contains("interval") ? "" : ", nonexistent: skip, repeated: both"
        func spec(_ key: String) -> String {
            """
            spec: forms
            schedule: {id: h, timezone: Europe/Berlin, rule: \(rule)\(policies)}
            window: {after: \(String(at.prefix(10)))T00:00:00+00:00, through: \(String(at.prefix(10)))T23:00:00+00:00}
            expect:
              occurrences: [{at: \(at), key: \(key)}]
            """
        }
        let found = Self.lint(spec(key), path: "h.yaml")
        #expect(found.contains("the key '\(key)' is not in the form of ") && found.contains(": write \(own) [unmatchable-key]"), "\(found)")
        #expect(!Self.lint(spec(own), path: "h.yaml").contains("unmatchable-key"))
    }

    /// At an instant that is no occurrence, a one-time rule's key written with its time is told the key in the rule's
    /// form (a review was told only the form). zoneinfo: Berlin's 02:30 does not exist on 2027-03-28, and shift-backward
    /// gives 01:30+01:00, so 03:30+02:00 is no occurrence.
    @Test func aKeyNotInItsRulesFormAtNoOccurrenceIsWrittenInTheForm() {
        let found = Self.lint("""
            spec: form
            schedule: {id: m28, timezone: Europe/Berlin, rule: {every: month, day: 28, at: "02:30"}, nonexistent: shift-backward, repeated: first}
            window: {after: 2027-03-01T00:00:00+01:00, through: 2027-03-31T00:00:00+02:00}
            expect:
              occurrences: [{at: 2027-03-28T03:30:00+02:00, key: m28/v1/2027-03-28T02:30}]
            """, path: "m28.yaml")
        #expect(found.contains("the key 'm28/v1/2027-03-28T02:30' is not in the form of this rule's keys: a rule with one time a date keys "
            + "each occurrence by its slot's local date alone, with no time: write m28/v1/2027-03-28 [unmatchable-key]"), "\(found)")
    }

    /// A key with a time names its slot's time, which a gap moves: Berlin's hourly 02:30 shifted forward is 03:30+02:00,
    /// keyed T02:30 (the 03:30 slot's own instant is the same, given once, as the earlier slot's); a second review wrote
    /// T03:30 and `check` said nothing. zoneinfo: Berlin springs forward at 2027-03-28T01:00Z (02:00 → 03:00), so
    /// 03:30+02:00 is 01:30Z and 04:30+02:00 is 02:30Z.
    @Test func aTimedKeyOnItsInstantsOwnTimeWhereAGapMovedTheSlotIsTold() {
        let found = Self.lint("""
            spec: berlin hourly
            schedule: {id: hb, timezone: Europe/Berlin, rule: {every: hour, minute: 30}, nonexistent: shift-forward, repeated: first}
            window: {after: 2027-03-28T01:00:00+01:00, through: 2027-03-28T05:00:00+02:00}
            expect:
              occurrences:
                - {at: 2027-03-28T01:30:00+01:00, key: hb/v1/2027-03-28T01:30}
                - {at: 2027-03-28T03:30:00+02:00, key: hb/v1/2027-03-28T03:30}
                - {at: 2027-03-28T04:30:00+02:00, key: hb/v1/2027-03-28T04:30}
            """, path: "hb.yaml")
        #expect(found == """
            hb.yaml:7:44: warning: the key 'hb/v1/2027-03-28T03:30' names 2027-03-28T03:30, the local date and time of \
            2027-03-28T03:30:00+02:00, but that is the occurrence of the 2027-03-28 02:30 slot, whose wall time does not exist that day \
            and which 'nonexistent: shift-forward' moves here; a key carries the local date and time of its occurrence's slot: write \
            hb/v1/2027-03-28T02:30 [unmatchable-key]
                - {at: 2027-03-28T03:30:00+02:00, key: hb/v1/2027-03-28T03:30}
                                                       ^~~~~~~~~~~~~~~~~~~~~~

            """, "\(found)")
    }

    /// `~1` is no key's suffix: the earlier of a repeated pair has none (a review's `~1` was told "with no time").
    /// zoneinfo: Berlin falls back at 2027-10-31T01:00Z, so 02:30 is 00:30Z (+02:00) and 01:30Z (+01:00).
    @Test func aTildeOneIsToldOnlyTheLaterOfAPairHasASuffix() {
        let found = Self.lint("""
            spec: pair
            schedule: {id: p, timezone: Europe/Berlin, rule: daily 02:30, nonexistent: skip, repeated: both}
            window: {after: 2027-10-30T12:00:00+02:00, through: 2027-10-31T12:00:00+01:00}
            expect:
              occurrences:
                - {at: 2027-10-31T02:30:00+02:00, key: p/v1/2027-10-31~1}
                - {at: 2027-10-31T02:30:00+01:00, key: p/v1/2027-10-31~2}
            """, path: "p.yaml")
        #expect(found.contains("p.yaml:6:44: warning: the key 'p/v1/2027-10-31~1' ends in '~1', which no key does: of a repeated "
            + "wall time's two instants the earlier's key has no suffix and the later's ends in '~2': write p/v1/2027-10-31 [unmatchable-key]"),
                "\(found)")
        #expect(found.components(separatedBy: "[unmatchable-key]").count - 1 == 1, "\(found)")
    }

    /// A key with a wrong id and version that is also out of its rule's form (`~1`, a time on a daily rule's key) is
    /// told the key the rule gives its instant in one round (it was told the id and version, then the suffix).
    /// zoneinfo: Berlin falls back at 2027-10-31T01:00Z, so 02:30+02:00 is the first 02:30 and 02:30+01:00 the second.
    @Test func aWrongIdWithAWrongSuffixIsToldTheWholeKey() {
        func pair(_ first: String, _ second: String) -> String {
            Self.lint("""
                spec: pair
                schedule: {id: p, timezone: Europe/Berlin, rule: daily 02:30, nonexistent: skip, repeated: both}
                window: {after: 2027-10-30T12:00:00+02:00, through: 2027-10-31T12:00:00+01:00}
                expect:
                  occurrences:
                    - {at: 2027-10-31T02:30:00+02:00, key: \(first)}
                    - {at: 2027-10-31T02:30:00+01:00, key: \(second)}
                """, path: "p.yaml")
        }
        let found = pair("q/v2/2027-10-31~1", "p/v1/2027-10-31~2")
        #expect(found.contains("names the schedule 'q' version 2, but this spec's schedule is 'p' version 1, whose keys all start "
            + "'p/v1/': write p/v1/2027-10-31; the id is"), "\(found)")
        #expect(found.components(separatedBy: "[unmatchable-key]").count - 1 == 1, "\(found)")
        let timed = pair("p/v1/2027-10-31", "q/v1/2027-10-31T02:30~2")
        #expect(timed.contains("write p/v1/2027-10-31~2; the id is"), "\(timed)")
        // In the form, but another date than its instant's (a second round's UTC date, told in a second round).
        let dated = pair("q/v1/2027-10-30", "p/v1/2027-10-31~2")
        #expect(dated.contains("write p/v1/2027-10-31; the id is"), "\(dated)")
        #expect(dated.components(separatedBy: "[unmatchable-key]").count - 1 == 1, "\(dated)")
    }

    /// A key no occurrence of the schedule can have is told before anything runs (`check` said nothing; the run's failure
    /// did): a date that does not exist with the key the rule gives that instant, another id once for every line that
    /// shares it, another version; keys of the schedule pass. zoneinfo: Berlin is at +02:00 on 2027-04-30 and 05-30, so
    /// 09:00+02:00 is the 09:00 slot of each (the rule's day 30, skipped in February).
    @Test func aKeyNoOccurrenceOfTheScheduleCanHaveIsToldBeforeTheRun() {
        let found = Self.lint("""
            spec: monthly report
            schedule: {id: report, timezone: Europe/Berlin, rule: {every: month, day: 30, at: "09:00", missing-day: skip}, nonexistent: skip, repeated: first}
            window: {after: 2027-04-01T00:00:00+02:00, through: 2027-08-31T00:00:00+02:00}
            expect:
              occurrences:
                - {at: 2027-04-30T09:00:00+02:00, key: report/v1/2027-04-31}
                - {at: 2027-05-30T09:00:00+02:00, key: repor/v1/2027-05-30}
                - at: 2027-06-30T09:00:00+02:00
                  key: repor/v1/2027-06-30
                - {at: 2027-07-30T09:00:00+02:00, key: report/v2/2027-07-30}
                - {at: 2027-08-30T09:00:00+02:00, key: report/v1/2027-08-30}
            """, path: "report.yaml")
        #expect(found.components(separatedBy: "[unmatchable-key]").count - 1 == 3, "\(found)")
        #expect(found.contains("""
            report.yaml:6:44: warning: the key 'report/v1/2027-04-31' names 2027-04-31, a date that does not exist; a key carries the \
            local date of its occurrence's slot: write report/v1/2027-04-30 [unmatchable-key]
                - {at: 2027-04-30T09:00:00+02:00, key: report/v1/2027-04-31}
                                                       ^~~~~~~~~~~~~~~~~~~~
            """), "\(found)")
        #expect(found.contains("report.yaml:7:44: warning: the key 'repor/v1/2027-05-30' names the schedule 'repor' (so does the key on line 9), "
            + "but this spec's schedule is 'report' version 1, whose keys all start 'report/v1/': write report/v1/2027-05-30; the id is "
            + "'schedule:'s 'id:', or the file's name when it writes none [unmatchable-key]"), "\(found)")
        #expect(found.contains("report.yaml:10:44: warning: the key 'report/v2/2027-07-30' names version 2, but this spec's schedule is "
            + "'report' version 1, whose keys all start 'report/v1/': write report/v1/2027-07-30 [unmatchable-key]"), "\(found)")
        #expect(!found.contains(":9:"), "\(found)")
    }

    /// A key in its rule's form that is not its instant's: on the instant's UTC date (Tokyo's 07:00 is 22:00Z the day
    /// before), or a day off, told with the key the rule gives that instant (the keys review's leftover: the run's diff
    /// alone told it). A slot moved across midnight keeps its slot's date and is not told, nor is a scenario run's
    /// key of its `planned` instant. zoneinfo: Asia/Tokyo is +09:00 all year (2027-06-01T07:00+09:00 is
    /// 2027-05-31T22:00Z); America/Nuuk skips 23:00–24:00 on 2027-03-27 (-02:00 → -01:00 at 01:00Z on the 28th), so the
    /// 27th's 23:30 shifted forward is 2027-03-28T00:30:00-01:00 (01:30Z), keyed by its slot's date, the 27th.
    @Test func aKeyThatIsNotItsInstantsIsToldTheInstantsKey() {
        let found = Self.lint("""
            spec: tokyo morning
            schedule: {id: tk, timezone: Asia/Tokyo, rule: daily 07:00, nonexistent: skip, repeated: first}
            window: {after: 2027-06-01T00:00:00+09:00, through: 2027-06-04T00:00:00+09:00}
            expect:
              occurrences:
                - {at: 2027-06-01T07:00:00+09:00, key: tk/v1/2027-05-31}
                - {at: 2027-06-02T07:00:00+09:00, key: tk/v1/2027-06-02}
                - {at: 2027-06-03T07:00:00+09:00, key: tk/v1/2027-06-04}
            """, path: "tk.yaml")
        #expect(found.components(separatedBy: "[unmatchable-key]").count - 1 == 2, "\(found)")
        #expect(found.contains("""
            tk.yaml:6:44: warning: the key 'tk/v1/2027-05-31' names 2027-05-31, the date in UTC of 2027-06-01T07:00:00+09:00; a key \
            carries the local date of its occurrence's slot, 2027-06-01 in Asia/Tokyo: write tk/v1/2027-06-01 [unmatchable-key]
            """), "\(found)")
        #expect(found.contains("tk.yaml:8:44: warning: the key 'tk/v1/2027-06-04' is not the key of the occurrence at "
            + "2027-06-03T07:00:00+09:00, which is tk/v1/2027-06-03: write that key, or, if the key is the one meant, its instant, "
            + "2027-06-04T07:00:00+09:00 [unmatchable-key]"), "\(found)")
        // The key's own instant is not offered where another line lists it already (a fourth review wrote it, and the
        // list held the instant twice).
        let listed = Self.lint("""
            spec: tokyo morning
            schedule: {id: tk, timezone: Asia/Tokyo, rule: daily 07:00, nonexistent: skip, repeated: first}
            window: {after: 2027-06-01T00:00:00+09:00, through: 2027-06-05T00:00:00+09:00}
            expect:
              occurrences:
                - {at: 2027-06-03T07:00:00+09:00, key: tk/v1/2027-06-04}
                - {at: 2027-06-04T07:00:00+09:00, key: tk/v1/2027-06-04}
            """, path: "tk.yaml")
        #expect(listed.contains("tk.yaml:6:44: warning: the key 'tk/v1/2027-06-04' is not the key of the occurrence at "
            + "2027-06-03T07:00:00+09:00, which is tk/v1/2027-06-03: write that key [unmatchable-key]"), "\(listed)")
        let moved = Self.lint("""
            spec: nuuk late
            schedule: {id: nk, timezone: America/Nuuk, rule: daily 23:30, nonexistent: shift-forward, repeated: first}
            window: {after: 2027-03-27T12:00:00-02:00, through: 2027-03-28T12:00:00-01:00}
            expect:
              occurrences:
                - {at: 2027-03-28T00:30:00-01:00, key: nk/v1/2027-03-27}
            """, path: "nk.yaml")
        #expect(moved.isEmpty, "\(moved)")
        // A key on its instant's own date where a change moved the slot there: Apia skipped 2011-12-30 (zoneinfo:
        // 2011-12-29T23:59:59-10:00 is followed by 2011-12-31T00:00:00+14:00, both around 10:00Z), so the 30th's 02:30
        // under next-valid-time is 2011-12-31T00:00:00+14:00, keyed by its slot's date (a review wrote the 31st).
        let apia = Self.lint("""
            spec: apia
            schedule: {id: apia, timezone: Pacific/Apia, rule: daily 02:30, nonexistent: next-valid-time, repeated: first}
            window: {after: 2011-12-29T12:00:00-10:00, through: 2011-12-31T01:00:00+14:00}
            expect:
              occurrences:
                - {at: 2011-12-31T00:00:00+14:00, key: apia/v1/2011-12-31}
            """, path: "apia.yaml")
        #expect(apia.contains("apia.yaml:6:44: warning: the key 'apia/v1/2011-12-31' names 2011-12-31, the local date of "
            + "2011-12-31T00:00:00+14:00, but that is the occurrence of the 2011-12-30 slot, whose wall time does not exist that day "
            + "and which 'nonexistent: next-valid-time' moves here; a key carries the local date of its occurrence's slot: write "
            + "apia/v1/2011-12-30 [unmatchable-key]"), "\(apia)")
        #expect(Self.lint(apia.isEmpty ? "" : """
            spec: apia
            schedule: {id: apia, timezone: Pacific/Apia, rule: daily 02:30, nonexistent: next-valid-time, repeated: first}
            window: {after: 2011-12-29T12:00:00-10:00, through: 2011-12-31T01:00:00+14:00}
            expect:
              occurrences:
                - {at: 2011-12-31T00:00:00+14:00, key: apia/v1/2011-12-30}
            """, path: "apia.yaml").isEmpty)
        let runs = Self.lint("""
            spec: tokyo runs
            task: {identifier: com.example.app.refresh, kind: refresh, permitted: [com.example.app.refresh], background-modes: [fetch]}
            schedule: {id: tk, timezone: Asia/Tokyo, rule: daily 07:00, nonexistent: skip, repeated: first}
            clock: 2027-06-01T00:00:00+09:00
            steps:
              - {at: 2027-06-01T07:01:00+09:00, launch: com.example.app.refresh}
            expect:
              runs:
                - {planned: 2027-06-01T07:00:00+09:00, key: tk/v1/2027-05-31}
                - {actual: 2027-06-02T07:01:00+09:00, key: tk/v1/2027-06-01}
            """, path: "runs.yaml")
        #expect(runs.components(separatedBy: "[unmatchable-key]").count - 1 == 1, "\(runs)")
        #expect(runs.contains("runs.yaml:9:49: warning: the key 'tk/v1/2027-05-31' names 2027-05-31, the date in UTC of "), "\(runs)")
    }

    /// A lifecycle run's key is checked as an occurrence's: against the scenario's schedule and each schedule its
    /// `change-schedule` steps put in effect (a review's leftover: `check` said nothing, the run's diff told it). A key
    /// of a version the scenario has passes; another version names the versions it has; another id is told the one
    /// to write, with the version written when the scenario has it; a key not in the rule's form is told the key of
    /// its planned instant. A scenario without a schedule keys its runs by their items: not checked. zoneinfo: Berlin
    /// is at +02:00 from 2027-03-28, so 02:30+02:00 on 03-29 is that day's slot.
    @Test func aRunsKeyIsCheckedAgainstEachScheduleOfTheScenario() {
        let scenario = """
            spec: runs keys
            task: {identifier: com.example.app.refresh, kind: refresh, permitted: [com.example.app.refresh], background-modes: [fetch]}
            schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: daily 02:30, nonexistent: skip, repeated: first}
            clock: 2027-03-29T00:00:00+02:00
            steps:
              - {at: 2027-03-29T02:31:00+02:00, launch: com.example.app.refresh}
              - {at: 2027-03-29T03:00:00+02:00, change-schedule: {version: 2}}
            expect:
              runs:
                - {planned: 2027-03-29T02:30:00+02:00, key: nightly-sync/v1/2027-03-29T02:30}
                - {planned: 2027-03-30T02:30:00+02:00, key: nightly-sync/v2/2027-03-30}
                - {planned: 2027-03-31T02:30:00+02:00, key: nightly-sync/v3/2027-03-31}
                - key: sync/v2/2027-04-01
                - {key: nightly-sync/v1/2027-04-02}
            """
        let found = Self.lint(scenario, path: "runs.yaml")
        #expect(found.components(separatedBy: "[unmatchable-key]").count - 1 == 3, "\(found)")
        #expect(found.contains("""
            runs.yaml:10:49: warning: the key 'nightly-sync/v1/2027-03-29T02:30' is not in the form of this rule's keys: a rule with one \
            time a date keys each occurrence by its slot's local date alone, with no time: write nightly-sync/v1/2027-03-29 [unmatchable-key]
                - {planned: 2027-03-29T02:30:00+02:00, key: nightly-sync/v1/2027-03-29T02:30}
                                                            ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
            """), "\(found)")
        #expect(found.contains("runs.yaml:12:49: warning: the key 'nightly-sync/v3/2027-03-31' names version 3, but this scenario's "
            + "schedule is 'nightly-sync', versions 1 and 2 as its steps change it, whose keys start 'nightly-sync/v1/' or "
            + "'nightly-sync/v2/': write the version in effect at the run's launch [unmatchable-key]"), "\(found)")
        #expect(found.contains("""
            runs.yaml:13:12: warning: the key 'sync/v2/2027-04-01' names the schedule 'sync', but this scenario's schedule is \
            'nightly-sync', versions 1 and 2 as its steps change it, whose keys start 'nightly-sync/v1/' or 'nightly-sync/v2/': write \
            nightly-sync/v2/2027-04-01; the id is 'schedule:'s 'id:', or the file's name when it writes none [unmatchable-key]
                - key: sync/v2/2027-04-01
                       ^~~~~~~~~~~~~~~~~~
            """), "\(found)")
        let withoutSchedule = scenario.replacingOccurrences(of: "schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: daily 02:30, nonexistent: skip, repeated: first}\n", with: "")
            .replacingOccurrences(of: "  - {at: 2027-03-29T03:00:00+02:00, change-schedule: {version: 2}}\n", with: "")
        #expect(withoutSchedule != scenario && !Self.lint(withoutSchedule, path: "runs.yaml").contains("unmatchable-key"))
    }
}
