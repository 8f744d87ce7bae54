import Foundation
import Recurrence
import SpecDiagnostics
import SpecModel
import SpecParser
import SpecResults
import Testing
@testable import SpecRunner

/// How the runner judges a recurrence window: every difference fails it, and a declared known deviation excuses a
/// failure only — never an error (a run that could not reach an answer).
///
/// Daily at 12:00 in UTC, window (2027-01-01T00:00Z, 2027-01-03T00:00Z]: the occurrences are 2027-01-01T12:00Z and
/// 2027-01-02T12:00Z (no zone change in UTC; nothing to cross-check beyond the calendar).
/// Written for mutation testing (docs/testing.md, R3 and R5): a diff that passed with an unexpected occurrence,
/// and an error turned into a known deviation, each failed no test and no spec.
@Suite struct RecurrenceVerdictTests {
    static func spec(expecting occurrences: [String], deviation: Bool = false) throws -> Spec {
        let list = occurrences.map { "    - \($0)\n" }.joined()
        let text = """
            spec: noon
            \(deviation ? "known-deviations: {foundation: \"a reason\"}\n" : "")schedule:
              timezone: UTC
              rule: {every: day, at: "12:00"}
              nonexistent: skip
              repeated: first
            window:
              after: 2027-01-01T00:00:00Z
              through: 2027-01-03T00:00:00Z
            expect:
              occurrences:
            \(list)
            """
        let file = SpecParser().parse(path: "noon.yaml", bytes: Array(text.utf8))
        try #require(file.diagnostics.isEmpty, "\(file.diagnostics)")
        return try #require(file.specs.first)
    }

    /// The first spec of `text` (warnings allowed, no error), run on the core engine.
    static func runOnCore(_ text: String, path: String) throws -> TestResult {
        let file = SpecParser().parse(path: path, bytes: Array(text.utf8))
        try #require(file.diagnostics.allSatisfy { $0.severity != .error }, "\(file.diagnostics)")
        return try run(try #require(file.specs.first), on: .core)
    }

    /// A case expecting another policy's instant is told how to check that policy in the case itself (a cases review's
    /// second case, meant to check next-valid-time beside the first's skip, was told only the spec's instant, which
    /// made the two cases one); applied, it passes. zoneinfo: Berlin's 02:30 does not exist on 2027-03-28, and
    /// next-valid-time gives 03:00+02:00 (01:00Z).
    @Test func aCaseExpectingAnotherPolicysInstantIsToldToSetIt() throws {
        let text = """
            spec: policy
            schedule: {timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            cases:
              - name: first valid time
                after: 2027-03-28T00:00:00+01:00
                next: 2027-03-28T03:00:00+02:00
            """
        let result = try Self.runOnCore(text, path: "policy.yaml")
        #expect(result.message?.hasSuffix("; if this case is to check 'nonexistent: next-valid-time', add 'nonexistent: next-valid-time' to "
            + "the case (a case may set its own policy)") == true, "\(result.message ?? "")")
        let applied = text.replacingOccurrences(of: "    after:", with: "    nonexistent: next-valid-time\n    after:")
        #expect(try Self.runOnCore(applied, path: "policy.yaml").status == .passed)
    }

    /// The two windows the empty-window note offers, applied to the second review round's specs, pass with the
    /// occurrences each holds. zoneinfo: Berlin's 02:30 under shift-forward on 2027-03-28 is 03:30+02:00 (01:30Z),
    /// inside 03:10+02:00 … 03:50+02:00 (01:10Z … 01:50Z); Apia's skipped 10:00 under next-valid-time is
    /// 2011-12-31T00:00:00+14:00 (10:00Z), inside 2011-12-29T23:59:00-10:00 (09:59Z) … 10:00Z.
    @Test func theEmptyWindowNotesWindowsPassWithTheirOccurrences() throws {
        let berlin = try Self.runOnCore("""
            spec: gap
            schedule: {timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: shift-forward, repeated: first}
            window: {after: 2027-03-28T03:10:00+02:00, through: 2027-03-28T03:50:00+02:00}
            expect:
              occurrences: [2027-03-28T03:30:00+02:00]
            """, path: "gap.yaml")
        #expect(berlin.status == .passed, "\(berlin.message ?? "")")
        let apia = try Self.runOnCore("""
            spec: skipped day
            schedule: {timezone: Pacific/Apia, rule: {every: day, at: "10:00"}, nonexistent: next-valid-time, repeated: first}
            window: {after: 2011-12-29T23:59:00-10:00, through: 2011-12-31T00:00:00+14:00}
            expect:
              occurrences: [2011-12-31T00:00:00+14:00]
            """, path: "apia.yaml")
        #expect(apia.status == .passed, "\(apia.message ?? "")")
    }

    /// A case that overrides the rule (or the zone) and keeps the spec's schedule's instant is told so, with what its
    /// own gives (a cases review was told only "1 missing, 1 unexpected"). zoneinfo: Berlin's 02:30 does not exist on
    /// 2027-03-28 (skip: the next is 03-29 02:30+02:00, 00:30Z), and 03:00 that day is +02:00 (01:00Z).
    @Test func aCaseThatOverridesTheRuleAndKeepsTheSchedulesInstantIsToldSo() throws {
        let result = try Self.runOnCore("""
            spec: moved
            schedule: {timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            cases:
              - name: moved to 03:00
                rule: {every: day, at: "03:00"}
                after: 2027-03-28T00:00:00+01:00
                next: 2027-03-29T02:30:00+02:00
            """, path: "moved.yaml")
        #expect(result.message == "occurrences differ: 1 missing, 1 unexpected; line 7 is what the spec's schedule finds from this case's "
            + "cursor, but this case's own 'rule:' gives 2027-03-28T03:00:00+02:00 there: write that, or remove the case's 'rule:' if "
            + "the schedule's is the one meant")
        // A policy the case sets, likewise (a second round's case set shift-forward and kept skip's next day). zoneinfo:
        // Lord Howe's clocks go from 02:00 (+10:30) to 02:30 (+11:00) on 2027-10-03; 02:15 shifted forward is 02:45+11:00.
        let policy = try Self.runOnCore("""
            spec: shifted
            schedule: {timezone: Australia/Lord_Howe, rule: {every: day, at: "02:15"}, nonexistent: skip, repeated: first}
            cases:
              - name: shifted
                nonexistent: shift-forward
                after: 2027-10-02T12:00:00+10:30
                next: 2027-10-04T02:15:00+11:00
            """, path: "shifted.yaml")
        // A line that is the schedule's result of another search is not told to drop the overrides (a third round's
        // second `next`, London's 2027-03-29 01:30, is the schedule's first result; removing them failed on the first).
        // zoneinfo: Troll springs from +00:00 to +02:00 at 2027-03-28T01:00Z; London's 01:30 of 03-28 is skipped, so its
        // first result from 2027-03-27T12:00Z is 2027-03-29T01:30:00+01:00 (00:30Z).
        let moved = try Self.runOnCore("""
            spec: moved
            schedule: {timezone: Europe/London, rule: {every: day, at: "01:30"}, nonexistent: skip, repeated: first}
            cases:
              - name: troll
                timezone: Antarctica/Troll
                rule: {every: day, at: ["01:30", "02:30"]}
                nonexistent: next-valid-time
                after: 2027-03-27T12:00:00+00:00
                next: [2027-03-28T03:00:00+02:00, 2027-03-29T01:30:00+01:00]
            """, path: "moved.yaml")
        #expect(moved.status == .failed)
        #expect(moved.message?.contains("what the spec's schedule finds") == false, "\(moved.message ?? "")")
        #expect(policy.message == "occurrences differ: 1 missing, 1 unexpected; line 7 is what the spec's schedule finds from this case's "
            + "cursor, but this case's own 'nonexistent:' gives 2027-10-03T02:45:00+11:00 there: write that, or remove the case's "
            + "'nonexistent:' if the schedule's is the one meant", "\(policy.message ?? "")")
    }

    /// A case whose `next` leaves out a result its search finds (Apia's skipped 2011-12-30 under next-valid-time, at
    /// the first instant after the change) is told to add it, in order, as a missing `both` reading is; a single
    /// `next` written wrong is not (nothing found matches the list). zoneinfo: Apia went from 2011-12-30 00:00 (-10:00)
    /// to 2011-12-31 00:00 (+14:00) at 10:00Z; the 10:00 of the 31st is 20:00Z on the 30th.
    @Test func aCaseThatLeavesOutAResultIsToldToAddIt() throws {
        let result = try Self.runOnCore("""
            spec: apia
            schedule: {timezone: Pacific/Apia, rule: {every: day, at: "10:00"}, nonexistent: next-valid-time, repeated: first}
            cases:
              - name: skipped day
                after: 2011-12-29T12:00:00-10:00
                next: [2011-12-31T10:00:00+14:00, 2012-01-01T10:00:00+14:00]
            """, path: "apia.yaml")
        #expect(result.message?.hasSuffix("; 2011-12-31 00:00 (+14:00) is not listed: add 2011-12-31T00:00:00+14:00 to 'next:', in order") == true,
                "\(result.message ?? "")")
        let fixed = try Self.runOnCore("""
            spec: apia
            schedule: {timezone: Pacific/Apia, rule: {every: day, at: "10:00"}, nonexistent: next-valid-time, repeated: first}
            cases:
              - name: skipped day
                after: 2011-12-29T12:00:00-10:00
                next: [2011-12-31T00:00:00+14:00, 2011-12-31T10:00:00+14:00, 2012-01-01T10:00:00+14:00]
            """, path: "apia.yaml")
        #expect(fixed.status == .passed, "\(fixed.message ?? "")")
    }

    /// A case that forgets the drop rule in Antarctica/Troll's two-hour overlap is told the rule, and the results the
    /// rule gives as the `next` to write (a cases review was told only to write a spec per hour); a window is not
    /// (its diff lists them). zoneinfo: Troll goes from 03:00+02:00 to 01:00+00:00 at 2027-10-31T01:00Z; hourly under
    /// both from 23:00Z on 10-30 gives 01:00Z (01:00+00:00), drops 00:00Z (02:00+02:00, not later than it), then 02:00Z
    /// and 03:00Z.
    @Test func aCaseThatForgetsTheDropRuleIsToldTheResultsToWrite() throws {
        let result = try Self.runOnCore("""
            spec: troll
            schedule: {timezone: Antarctica/Troll, rule: {every: hour, minute: 0}, nonexistent: skip, repeated: both}
            cases:
              - name: two-hour overlap
                after: 2027-10-31T01:00:00+02:00
                next: [2027-10-31T02:00:00+02:00, 2027-10-31T01:00:00+00:00, 2027-10-31T02:00:00+00:00]
            """, path: "troll.yaml")
        #expect(result.message?.hasSuffix("a candidate not later than the previous occurrence is dropped (docs/recurrence.md#rules); to see "
            + "both instants of each hour, write a spec per hour, {every: day, at: \"02:00\"}, or, for a job that runs each elapsed hour, "
            + "an interval rule; if the drop is what the app does, write the results as the rule gives them, next: "
            + "[2027-10-31T01:00:00+00:00, 2027-10-31T02:00:00+00:00, 2027-10-31T03:00:00+00:00]") == true, "\(result.message ?? "")")
        let window = try Self.runOnCore("""
            spec: troll
            schedule: {timezone: Antarctica/Troll, rule: {every: hour, minute: 0}, nonexistent: skip, repeated: both}
            window: {after: 2027-10-31T01:00:00+02:00, through: 2027-10-31T02:30:00+00:00}
            expect:
              occurrences:
                - {at: 2027-10-31T02:00:00+02:00, key: troll/v1/2027-10-31T02:00}
                - {at: 2027-10-31T01:00:00+00:00, key: troll/v1/2027-10-31T01:00~2}
                - {at: 2027-10-31T02:00:00+00:00, key: troll/v1/2027-10-31T02:00~2}
            """, path: "troll.yaml")
        #expect(window.message?.hasSuffix("or, for a job that runs each elapsed hour, an interval rule") == true, "\(window.message ?? "")")
    }

    static func run(_ spec: Spec, on engine: EngineName, occurrenceLimit: Int = 100_000, strict: Bool = false) throws -> TestResult {
        let plan = TestPlan(specs: [spec], engines: [engine])
        let item = try #require(plan.items.first)
        return SpecRunner(options: .init(occurrenceLimit: occurrenceLimit, strict: strict)).run(item)
    }

    /// A chain of searches that goes wrong at its second: read as a set it was "1 missing, 1 unexpected" with the third
    /// search's result shown as matching (a QA newcomer's report). Berlin falls back at 2027-10-31T01:00Z (zoneinfo):
    /// under `both`, after 02:30 CEST (00:30Z) comes 02:30 CET (01:30Z), not the next day's 02:30 CET (2027-11-01T01:30Z).
    @Test func aChainOfSearchesNamesTheFirstThatWentWrong() throws {
        func run(_ next: String) throws -> TestResult {
            try Self.runOnCore("""
                spec: cursor list
                schedule: {id: c, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: both}
                cases:
                  - name: searches
                    after: 2027-10-30T12:00:00+02:00
                    next: [\(next)]
                """, path: "cursor.yaml")
        }
        let three = try run("2027-10-31T02:30:00+02:00, 2027-11-01T02:30:00+01:00, 2027-11-02T02:30:00+01:00")
        #expect(three.status == .failed)
        #expect(three.message?.hasPrefix("search 2 of 3 found 2027-10-31 02:30 CET (+01:00), not 2027-11-01 02:30 CET (+01:00) (line 6); "
            + "search 3 starts after what this one found; ") == true, "\(three.message ?? "")")
        let four = try run("2027-10-31T02:30:00+02:00, 2027-11-01T02:30:00+01:00, 2027-11-02T02:30:00+01:00, 2027-11-03T02:30:00+01:00")
        #expect(four.message?.contains("(line 6); searches 3 to 4 each start after what the search before found, beginning with this "
            + "one's result") == true, "\(four.message ?? "")")
        // The last search wrong: nothing starts from it.
        let last = try run("2027-10-31T02:30:00+02:00, 2027-11-01T02:30:00+01:00")
        #expect(last.message?.hasPrefix("search 2 of 2 found 2027-10-31 02:30 CET (+01:00), not 2027-11-01 02:30 CET (+01:00) (line 6); 2027-10-31") == true,
                "\(last.message ?? "")")
        // One search keeps the diff's words.
        let one = try run("2027-11-01T02:30:00+01:00")
        #expect(one.message?.hasPrefix("occurrences differ: 1 missing, 1 unexpected") == true)
    }

    /// An interval of whole days counts elapsed time: an author who expected the wall time of `from` after an
    /// offset change is told why it moved. London, every 2d from 2027-03-25T08:00Z (08:00 GMT); BST from
    /// 2027-03-28T01:00Z (zoneinfo), so 08:00 local on the 29th is 07:00Z and the interval gives 08:00Z (09:00 BST).
    /// A 1-day interval is pointed at `every: day`. A calendar rule's failure gets no such sentence.
    @Test(arguments: [(2, "2027-03-29T08:00:00+01:00"), (1, "2027-03-29T08:00:00+01:00")])
    func aWholeDayIntervalThatLeftTheWallTimeSaysWhy(days: Int, expected: String) throws {
        let text = """
            spec: every other day at 08:00
            schedule: {timezone: Europe/London, rule: {interval: \(days)d, from: 2027-03-25T08:00:00Z}}
            window: {after: 2027-03-28T12:00:00Z, through: 2027-03-29T12:00:00Z}
            expect:
              occurrences: [\(expected)]
            """
        let result = try Self.runOnCore(text, path: "interval.yaml")
        #expect(result.status == .failed)
        let sentence = "an interval counts elapsed time (\(days * 24) hours), so once Europe/London is at +01:00 "
            + "instead of +00:00 its occurrences come at 09:00, not 08:00, on the wall clock; if the app counts elapsed time, write "
            + "2027-03-29T09:00:00+01:00; for 08:00 local time use a calendar rule"
            + (days == 1 ? ", e.g. {every: day, at: \"08:00\"}" : ", e.g. {every: \(days) days, at: \"08:00\", from: 2027-03-25}")
            + ", with the policies a calendar rule needs beside it in the schedule (e.g. nonexistent: shift-forward, repeated: first)"
        #expect(result.message == "occurrences differ: 1 missing, 1 unexpected; " + sentence)
        // Applied as written, the spec passes (the rule alone was refused for want of its policies).
        let rule = days == 1 ? "{every: day, at: \"08:00\"}" : "{every: \(days) days, at: \"08:00\", from: 2027-03-25}"
        let applied = try Self.runOnCore(text.replacingOccurrences(
            of: "rule: {interval: \(days)d, from: 2027-03-25T08:00:00Z}}",
            with: "rule: \(rule), nonexistent: shift-forward, repeated: first}"), path: "interval.yaml")
        #expect(applied.status == .passed, "\(applied.message ?? "")")
    }

    /// An interval of a part of a day left its wall times the same way (a newcomer's every-8-hours reminder across Lord
    /// Howe's 30-minute change got no sentence). Lord Howe is at +10:30 until 2027-10-02T15:30Z, then +11:00
    /// (zoneinfo); every 8h from 02:15+10:30 (2027-10-01T15:45Z) gives 2027-10-02T23:45Z, 10:45+11:00, where 10:15 was
    /// expected. London every 12h from 08:00 GMT gives 2027-03-29T08:00Z, 09:00 BST, where 08:00 BST was expected
    /// (mutation I1 of docs/testing.md's sixth run asked this sentence away; a user asked for it back). The interval's own
    /// instant in the window is named too, the fix if the app counts elapsed time (a fourth review was offered only a
    /// calendar rule); the twelve-times test below, whose own instant lies past 'through', is not told one.
    @Test func aSubDayIntervalThatLeftItsWallTimesSaysWhy() throws {
        let text = """
            spec: every 8 hours
            schedule: {timezone: Australia/Lord_Howe, rule: {interval: 8h, from: 2027-10-02T02:15:00+10:30}}
            window: {after: 2027-10-03T06:00:00+11:00, through: 2027-10-03T12:00:00+11:00}
            expect:
              occurrences: [2027-10-03T10:15:00+11:00]
            """
        let result = try Self.runOnCore(text, path: "interval.yaml")
        #expect(result.message == "occurrences differ: 1 missing, 1 unexpected; an interval counts elapsed time (8h), so once "
            + "Australia/Lord_Howe is at +11:00 instead of +10:30 its occurrences come at 10:45, not 10:15, on the wall clock; "
            + "if the app counts elapsed time, write 2027-10-03T10:45:00+11:00; to keep its wall times use a calendar rule, e.g. {every: day, at: [\"02:15\", \"10:15\", \"18:15\"]}, with the "
            + "policies a calendar rule needs beside it in the schedule (e.g. nonexistent: shift-forward, repeated: first)")
        let applied = try Self.runOnCore(text.replacingOccurrences(
            of: "rule: {interval: 8h, from: 2027-10-02T02:15:00+10:30}}",
            with: "rule: {every: day, at: [\"02:15\", \"10:15\", \"18:15\"]}, nonexistent: shift-forward, repeated: first}"), path: "interval.yaml")
        #expect(applied.status == .passed, "\(applied.message ?? "")")
        let london = try Self.runOnCore("""
            spec: every 12 hours
            schedule: {timezone: Europe/London, rule: {interval: 12h, from: 2027-03-25T08:00:00Z}}
            window: {after: 2027-03-28T12:00:00Z, through: 2027-03-29T12:00:00Z}
            expect:
              occurrences: [2027-03-28T21:00:00+01:00, 2027-03-29T08:00:00+01:00]
            """, path: "interval.yaml")
        #expect(london.message?.contains("; an interval counts elapsed time (12h), so once Europe/London is at +01:00 instead of "
            + "+00:00 its occurrences come at 09:00, not 08:00, on the wall clock; if the app counts elapsed time, write "
            + "2027-03-29T09:00:00+01:00; to keep its wall times use a calendar rule, e.g. "
            + "{every: day, at: [\"08:00\", \"20:00\"]}") == true, "\(london.message ?? "")")
    }

    /// The sentence is for an interval that left `from`'s wall times across an offset change only: a 2-day one that
    /// misses a day at the same offset (I2), and a 7-hour one (no day repeats its wall times), fail without it. London
    /// is at +00:00 in January and from 2027-03-28T01:00Z at +01:00 (zoneinfo): every 2d from 2027-01-01T08:00Z gives
    /// 2027-01-05T08:00Z; every 7h from 2027-03-28T00:00Z gives 07:00Z (08:00 BST) and 14:00Z, where 07:00 BST and
    /// 14:00Z were written.
    @Test(arguments: [
        ("2d", "2027-01-01T08:00:00Z", "{after: 2027-01-03T12:00:00Z, through: 2027-01-05T12:00:00Z}", "[2027-01-04T08:00:00Z]"),
        ("7h", "2027-03-28T00:00:00Z", "{after: 2027-03-28T06:00:00Z, through: 2027-03-28T15:00:00Z}",
         "[2027-03-28T07:00:00+01:00, 2027-03-28T14:00:00Z]"),
    ])
    func anIntervalThatDidNotLeaveItsWallTimeAcrossAChangeHasNoSentence(
        interval: String, from: String, window: String, expected: String
    ) throws {
        let text = """
            spec: every other day at 08:00
            schedule: {timezone: Europe/London, rule: {interval: \(interval), from: \(from)}}
            window: \(window)
            expect:
              occurrences: \(expected)
            """
        let result = try Self.runOnCore(text, path: "interval.yaml")
        #expect(result.status == .failed)
        #expect(result.message == "occurrences differ: 1 missing, 1 unexpected")
    }

    @Test func aCalendarRuleFailureHasNoIntervalSentence() throws {
        let spec = try Self.spec(expecting: ["2027-01-01T12:00:00Z", "2027-01-02T13:00:00Z"])
        let result = try Self.run(spec, on: .core)
        #expect(result.message == "occurrences differ: 1 missing, 1 unexpected")
    }

    /// A window ending on 9999-12-31 written with a negative offset ends in the year 10000, past the last instant a
    /// search starts from: the parser refuses it, where `check` sees it (it passed `check` and was an error of the
    /// run, exit 1). A spec made in code can still hold one: the run's error says it in the spec's words, on both
    /// engines (12:00 on 9999-12-30 is listed so the failure cannot come from a wrong expectation).
    @Test(arguments: [EngineName.core, .foundation])
    func aWindowEndingInTheYear10000IsAnErrorThatSaysSo(engine: EngineName) throws {
        let text = """
            spec: the very end
            schedule: {timezone: UTC, rule: {every: day, at: "12:00"}, nonexistent: skip, repeated: first}
            window: {after: 9999-12-30T00:00:00Z, through: 9999-12-31T23:59:59-12:00}
            expect:
              occurrences: [9999-12-30T12:00:00Z, 9999-12-31T12:00:00Z]
            """
        let refused = SpecParser().parse(path: "end.yaml", bytes: Array(text.utf8))
        #expect(refused.specs.isEmpty)
        #expect(refused.diagnostics.map { DiagnosticRenderer(color: false).render($0) } == ["""
            end.yaml:3:48: error: '9999-12-31T23:59:59-12:00' is 10000-01-01T11:59:59Z in UTC, in the year 10000 once its offset is applied; a search ends no later than 9999-12-31T23:59:59Z: write an earlier instant [invalid-instant]
            window: {after: 9999-12-30T00:00:00Z, through: 9999-12-31T23:59:59-12:00}
                                                           ^~~~~~~~~~~~~~~~~~~~~~~~~
            """])
        let file = SpecParser().parse(path: "end.yaml", bytes: Array(text.replacingOccurrences(of: "23:59:59-12:00", with: "23:59:59Z").utf8))
        var spec = try #require(file.specs.first)
        guard case .recurrence(var body) = spec.body else { Issue.record("not a recurrence spec"); return }
        body.window!.through.date += 12 * 3600
        spec.body = .recurrence(body)
        let result = try Self.run(spec, on: engine)
        #expect(result.status == .error)
        #expect(result.message == "no search can start from the window end, which is in the year 10000 (see below)")
        #expect(result.diagnostics.map { DiagnosticRenderer(color: false).render($0) } == ["""
            end.yaml:3:48: error: the window end 10000-01-01T11:59:59Z is in the year 10000 once its offset is applied; searches start no later than 9999-12-31T23:59:59Z, so write an earlier instant [instant-out-of-range]
            window: {after: 9999-12-30T00:00:00Z, through: 9999-12-31T23:59:59Z}
                                                           ^~~~~~~~~~~~~~~~~~~~
            """])
    }

    @Test func theExpectedListPasses() throws {
        let result = try Self.run(Self.spec(expecting: ["2027-01-01T12:00:00Z", "2027-01-02T12:00:00Z"]), on: .core)
        #expect(result.status == .passed)
    }

    @Test func anOccurrenceTheSpecDoesNotListFailsIt() throws {
        let result = try Self.run(Self.spec(expecting: ["2027-01-01T12:00:00Z"]), on: .core)
        #expect(result.status == .failed)
        // The item to add, where (a review's evening dose left out was told only "1 unexpected").
        #expect(result.message == "occurrences differ: 1 unexpected; 2027-01-02 12:00 UTC (+00:00) is not listed: add "
            + "2027-01-02T12:00:00+00:00 to the occurrences listed at line 12, after 2027-01-01T12:00:00+00:00", "\(result.message ?? "")")
        #expect(result.diff.map(\.kind) == [.same, .unexpected])
    }

    @Test func aListedOccurrenceTheEngineDoesNotFindFailsIt() throws {
        let result = try Self.run(
            Self.spec(expecting: ["2027-01-01T12:00:00Z", "2027-01-02T12:00:00Z", "2027-01-02T13:00:00Z"]), on: .core)
        #expect(result.status == .failed)
        #expect(result.message == "occurrences differ: 1 missing")
    }

    /// A declared deviation excuses a failure of its engine's own (`anotherEnginesFailureTheCoreSharesTellsTheCoresHintsAsTheCores`),
    /// not one the core shares: the 2nd's noon left out is wrong by the spec language, whatever engine runs it (a review's
    /// `--engine foundation` run exited 0 on such a spec, "1 known deviation").
    @Test func aKnownDeviationDoesNotExcuseAFailureTheCoreShares() throws {
        let result = try Self.run(Self.spec(expecting: ["2027-01-01T12:00:00Z"], deviation: true), on: .foundation)
        #expect(result.status == .failed)
        #expect(result.deviationReason == "a reason")
    }

    /// Noon in UTC on the 1st and the 2nd: Foundation gets it right, so the declared deviation is fixed, and the test
    /// points at the entry to remove (line 2, the `foundation` key at column 20): where its annotation lands
    /// (`CheckCommandTests.aFixedDeviationIsAnnotatedOnItsKnownDeviationsEntry`).
    @Test func aFixedDeviationPointsAtItsKnownDeviationsEntry() throws {
        let spec = try Self.spec(expecting: ["2027-01-01T12:00:00Z", "2027-01-02T12:00:00Z"], deviation: true)
        let result = try Self.run(spec, on: .foundation)
        #expect(result.status == .fixedDeviation)
        #expect(result.diagnostics == [Diagnostic(
            code: "fixed-deviation", severity: .warning, location: SourceLocation(file: "noon.yaml", line: 2, column: 20),
            message: "'foundation' passes now; remove its entry from known-deviations")])
        // On the engine without a deviation, nothing is added.
        #expect(try Self.run(spec, on: .core).diagnostics.isEmpty)
        // Under --strict it fails the run, so the note is an error, as a lint warning becomes one.
        #expect(try Self.run(spec, on: .foundation, strict: true).diagnostics.map(\.severity) == [.error])
    }

    /// Two occurrences in a window allowed one (`--max-occurrences 1`): the window could not be checked at all.
    @Test func aKnownDeviationDoesNotHideAnError() throws {
        let spec = try Self.spec(expecting: ["2027-01-01T12:00:00Z", "2027-01-02T12:00:00Z"], deviation: true)
        let result = try Self.run(spec, on: .foundation, occurrenceLimit: 1)
        #expect(result.status == .error)
        #expect(result.message == "the window holds more than 1 occurrences (--max-occurrences)")
    }

    /// A rule with several times a date counts the search bound from the first time of the cursor's date, which can
    /// lie before the cursor: from 2027-01-01T12:00Z with limit 1 the one slot counted is 08:00 that day (no
    /// occurrence, it is before the cursor), so 20:00 is never reached. The message names where the count began;
    /// a rule with one time keeps its message (counted from the cursor's date is then no surprise).
    @Test(arguments: [
        ("daily 08:00,20:00", "2027-01-01T20:00:00Z",
         "no occurrence of every day at 08:00 and 20:00 within 1 candidate slot after 2027-01-01 12:00 UTC (+00:00) (the search bound, counted from 2027-01-01 08:00, the first time of the cursor's date); if that is expected, write 'error: no-occurrence' in the case instead of 'next', else raise 'limit:' in the schedule (default: --max-candidates), or give the case its own 'limit:'; 'limit: 2' finds the next occurrence, 2027-01-01T20:00:00+00:00"),
        ("daily 08:00", "2027-01-02T08:00:00Z",
         "no occurrence of every day at 08:00 within 1 candidate slot after 2027-01-01 12:00 UTC (+00:00) (the search bound, counted from the start of the cursor's local date, so a slot of that date at or before the cursor counts too); if that is expected, write 'error: no-occurrence' in the case instead of 'next', else raise 'limit:' in the schedule (default: --max-candidates), or give the case its own 'limit:'; 'limit: 2' finds the next occurrence, 2027-01-02T08:00:00+00:00"),
    ])
    func theBoundOfARuleWithSeveralTimesSaysWhereItsCountBegan(rule: String, next: String, message: String) throws {
        let text = """
            spec: bound
            schedule: {id: b, timezone: UTC, rule: "\(rule)", nonexistent: skip, repeated: first, limit: 1}
            cases:
              - {name: from noon, after: 2027-01-01T12:00:00Z, next: \(next)}
            """
        let result = try Self.runOnCore(text, path: "bound.yaml")
        #expect(result.status == .failed)
        #expect(result.message == message)
    }

    /// A case with its own `limit:` searches within it alone, and its bound's message names the case's `limit:`: told
    /// to raise the schedule's, an author changed every case's bound (the expressiveness review). From
    /// 2027-01-01T12:00Z a daily 08:00 rule's one slot is that day's 08:00, before the cursor; two reach 2027-01-02.
    @Test func aCaseWithItsOwnBoundIsToldToRaiseIt() throws {
        let text = """
            spec: bound
            schedule: {id: b, timezone: UTC, rule: "daily 08:00", nonexistent: skip, repeated: first}
            cases:
              - {name: one slot, after: 2027-01-01T12:00:00Z, limit: 1, next: 2027-01-02T08:00:00Z}
              - {name: two slots, after: 2027-01-01T12:00:00Z, limit: 2, next: 2027-01-02T08:00:00Z}
            """
        let file = SpecParser().parse(path: "bound.yaml", bytes: Array(text.utf8))
        guard case .recurrence(let body) = try #require(file.specs.first).body else { Issue.record("not a recurrence spec"); return }
        #expect(body.cases.map(\.overrides.limit) == [1, 2])
        let result = try Self.runOnCore(text, path: "bound.yaml")
        #expect(result.status == .failed)
        #expect(result.message?.hasSuffix("in the case instead of 'next', else raise the case's 'limit:'; 'limit: 2' finds the next occurrence, "
            + "2027-01-02T08:00:00+00:00") == true, "\(result.message ?? "")")
    }

    /// A window is repeated searches, each counting from the first time of its cursor's date: after 20:00 a bound of 2
    /// slots is spent on that date's 08:00 and 20:00, so a window with `limit:` no larger than the times a date ends
    /// there, and the message says why; with a larger bound it goes on (2027-06-01 is CEST, +02:00, in Berlin).
    @Test(arguments: [
        (2, "no occurrence of every day at 08:00 and 20:00 within 2 candidate slots after 2027-06-01 20:00 CEST (+02:00), the last occurrence found (the search bound, counted again from each occurrence found: here from 2027-06-01 08:00, the first time of its date, so a bound of no more slots than the rule has times a date cannot pass a date's last time); if that is expected, write 'expect: {error: no-occurrence}', else raise 'limit:' in the schedule (default: --max-candidates); 'limit: 3' finds the next occurrence, 2027-06-02T08:00:00+02:00"),
        (3, nil),
    ])
    func aBoundNoLargerThanTheTimesADateEndsAWindowAndSaysWhy(limit: Int, message: String?) throws {
        let text = """
            spec: doses
            schedule: {id: d, timezone: Europe/Berlin, rule: {every: day, at: ["08:00", "20:00"]}, nonexistent: skip, repeated: first, limit: \(limit)}
            window: {after: 2027-06-01T00:00:00+02:00, through: 2027-06-02T23:00:00+02:00}
            expect:
              occurrences: [2027-06-01T08:00:00+02:00, 2027-06-01T20:00:00+02:00, 2027-06-02T08:00:00+02:00, 2027-06-02T20:00:00+02:00]
            """
        let result = try Self.runOnCore(text, path: "doses.yaml")
        #expect(result.status == (message == nil ? .passed : .failed))
        #expect(result.message == message)
    }

    /// What a search found before its bound stopped it is shown as found, and only what it never reached as missing
    /// (all four were listed as "not produced", though the message named the last one found). The same window as
    /// above with `limit: 2`, and a case whose second search reaches the bound.
    @Test func occurrencesFoundBeforeTheBoundAreNotListedAsMissing() throws {
        let window = try Self.runOnCore("""
            spec: doses
            schedule: {id: d, timezone: Europe/Berlin, rule: {every: day, at: ["08:00", "20:00"]}, nonexistent: skip, repeated: first, limit: 2}
            window: {after: 2027-06-01T00:00:00+02:00, through: 2027-06-02T23:00:00+02:00}
            expect:
              occurrences: [2027-06-01T08:00:00+02:00, 2027-06-01T20:00:00+02:00, 2027-06-02T08:00:00+02:00, 2027-06-02T20:00:00+02:00]
            """, path: "doses.yaml")
        #expect(window.status == .failed)
        #expect(window.diff.map(\.kind) == [.same, .same, .missing, .missing])
        #expect(window.actual.map(\.utc) == ["2027-06-01T06:00:00Z", "2027-06-01T18:00:00Z"])
        // 2092 is a leap year, 2096 the fourth year after it; the bound of 4 counts 2092's own slot, so the search
        // from 2092-02-29 ends at 2095 (spec-language.md, bounds; tools/oracle agrees).
        let leap = try Self.runOnCore("""
            spec: leap
            schedule: {id: l, timezone: UTC, rule: {every: year, month: 2, day: 29, at: "12:00", missing-day: skip}, nonexistent: skip, repeated: first, limit: 4}
            cases:
              - {name: two in a row, after: 2090-01-01T00:00:00Z, next: [2092-02-29T12:00:00Z, 2096-02-29T12:00:00Z]}
            """, path: "leap.yaml")
        #expect(leap.status == .failed)
        #expect(leap.diff.map(\.kind) == [.same, .missing])
        // A bound reached by the first search found nothing: every expected instant is missing, as before.
        let none = try Self.runOnCore("""
            spec: leap
            schedule: {id: l, timezone: UTC, rule: {every: year, month: 2, day: 29, at: "12:00", missing-day: skip}, nonexistent: skip, repeated: first, limit: 2}
            window: {after: 2093-01-01T00:00:00Z, through: 2100-01-01T00:00:00Z}
            expect:
              occurrences: [2096-02-29T12:00:00Z]
            """, path: "leap.yaml")
        #expect(none.diff.map(\.kind) == [.missing])
        #expect(none.actual.isEmpty)
    }

    /// Both instances of a repeated wall time listed under `repeated: last`, as `both` gives them: the first is to be
    /// removed and the other keyed with no suffix, not "list it" of a line already listed nor "write that" of an instant
    /// already written (a second review, n12: applied, it made a duplicate instant). zoneinfo: Troll falls back at
    /// 2027-10-31T01:00Z (+02:00 → +00:00); 02:30 is 00:30Z (+02:00) and 02:30Z (+00:00), `last` the latter.
    @Test func bothInstancesListedUnderLastAreToldToRemoveOne() throws {
        let result = try Self.runOnCore("""
            spec: troll
            schedule: {id: tr, timezone: Antarctica/Troll, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: last}
            window: {after: 2027-10-30T12:00:00+02:00, through: 2027-10-31T12:00:00+00:00}
            expect:
              occurrences:
                - {at: 2027-10-31T02:30:00+02:00, key: tr/v1/2027-10-31}
                - {at: 2027-10-31T02:30:00+00:00, key: tr/v1/2027-10-31~2}
            """, path: "troll.yaml")
        #expect(result.message == "occurrences differ: 1 missing, 1 key mismatch; 2027-10-31 02:30 (+02:00) is what 'repeated: first' or "
            + "'repeated: both' gives, not this test's 'repeated: last' (as 'both' gives it, beside the pair's other instant, which line 7 "
            + "lists); under this test's policies, 02:30 on 2027-10-31 is 2027-10-31T02:30:00+00:00, listed already: if the app uses "
            + "them, remove line 6, and write tr/v1/2027-10-31 on line 7", "\(result.message ?? "")")
    }

    /// A key's version told as a version: `v01` is version 1 written with a zero ("or 'version: 01' in the schedule"
    /// changed nothing), and the schedule's version is offered only when no expected key carries the schedule's own
    /// (a template's `version: 3` beside one `v3` line: "or 'version: 1'" failed that line, and the next run advised 3
    /// again; a review). zoneinfo: New York skips 02:00–03:00 on 2027-03-14; shift-forward reads 02:30 at -05:00,
    /// 07:30Z, 03:30 EDT; 2027-03-21 02:30 is -04:00.
    @Test(arguments: [
        ("version: 1", ["- {at: 2027-03-14T03:30:00-04:00, key: tm/v01/2027-03-14}", "- {at: 2027-03-21T02:30:00-04:00, key: tm/v1/2027-03-21}"],
         "the keys expected carry 'v01', and a key writes its version as a plain number: write tm/v1/2027-03-14"),
        ("version: 3", ["- {at: 2027-03-14T03:30:00-04:00, key: tm/v1/2027-03-14}", "- {at: 2027-03-21T02:30:00-04:00, key: tm/v3/2027-03-21}"],
         "the keys expected carry 'v1', this schedule is version 3 (its 'version:', default 1): write v3 in the keys, as the other keys do"),
        ("version: 3", ["- {at: 2027-03-14T03:30:00-04:00, key: tm/v1/2027-03-14}", "- {at: 2027-03-21T02:30:00-04:00, key: tm/v1/2027-03-21}"],
         "the keys expected carry 'v1', this schedule is version 3 (its 'version:', default 1): write v3 in the keys, or 'version: 1' in the schedule"),
    ])
    func aKeysVersionIsToldAsAVersion(version: String, lines: [String], told: String) throws {
        let result = try Self.runOnCore("""
            spec: versions
            schedule: {id: tm, \(version), timezone: America/New_York, rule: {every: week, on: [sunday], at: "02:30"}, nonexistent: shift-forward, repeated: first}
            window: {after: 2027-03-13T00:00:00-05:00, through: 2027-03-22T00:00:00-04:00}
            expect:
              occurrences:
            \(lines.map { "    " + $0 }.joined(separator: "\n"))
            """, path: "versions.yaml")
        #expect(result.status == .failed)
        #expect(result.message?.hasSuffix(told) == true, "\(result.message ?? "")")
    }

    /// A case's only `next` on a wall time its policies skip is told the instant its search finds instead, to write in
    /// its place: "remove the line" left the case with nothing to check (a first-contact review). In a list of two,
    /// removing the line is right: the case then asks for one result. zoneinfo: Berlin skips 02:00–03:00 on 2027-03-28
    /// (01:00Z); next-valid-time's 03:00+02:00 is that instant; 02:30 on 2027-03-29 is +02:00 (00:30Z), on 03-30 too.
    @Test(arguments: [
        ("[2027-03-28T03:00:00+02:00]", "and the case's search finds 2027-03-29T02:30:00+02:00 instead: if the app uses them, write that in the line's place"),
        ("[2027-03-28T03:00:00+02:00, 2027-03-29T02:30:00+02:00]", "if the app uses them, remove the line"),
    ])
    func aCasesOnlyNextInAGapIsToldTheInstantToWriteInItsPlace(next: String, told: String) throws {
        let result = try Self.runOnCore("""
            spec: gap case
            schedule: {id: g, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            cases:
              - name: the spring night
                after: 2027-03-27T12:00:00+01:00
                next: \(next)
            """, path: "case.yaml")
        #expect(result.status == .failed)
        #expect(result.message?.contains("under this test's policies, 02:30 on 2027-03-28 gives no occurrence, \(told)") == true
            || result.message?.contains("under this test's policies, 02:30 on 2027-03-28 gives no occurrence: \(told)") == true,
                "\(result.message ?? "")")
        if next.contains(",") {
            #expect(result.message?.contains("instead") == false, "\(result.message ?? "")")
        }
    }

    /// A failure the spec's own policy explains names it (the failure review: "1 missing" said nothing about the
    /// policy). Berlin's spring gap: 2027-03-28 02:00 CET → 03:00 CEST at 01:00Z, so next-valid-time gives 03:00 CEST
    /// (01:00Z) for 02:30, skip nothing; autumn: 02:30 happens at 00:30Z (CEST) and 01:30Z (CET), `last` the CET one
    /// (zoneinfo). An instant no policy gives (a day the rule has no slot on) gets no such sentence. Foundation, failing
    /// alike, is told alike: the sentence is of the spec's policies (it was told none, and a review's `--engine all` read
    /// two explanations of one line). Each is also told what its own policies make of that wall time, the value to write if
    /// the app uses them (a fourth review changed the policy under test, as invited, and a wrong spec passed).
    @Test(arguments: [
        ("nonexistent: skip, repeated: first", "2027-03-27T12:00:00+01:00", "2027-03-28T12:00:00+02:00", "[2027-03-28T03:00:00+02:00]",
         "occurrences differ: 1 missing; 2027-03-28 03:00 CEST (+02:00) is what 'nonexistent: next-valid-time' gives, not this test's 'nonexistent: skip'"
            + "; under this test's policies, 02:30 on 2027-03-28 gives no occurrence: if the app uses them, remove the line"),
        ("nonexistent: next-valid-time, repeated: first", "2027-03-27T12:00:00+01:00", "2027-03-28T12:00:00+02:00", "[]",
         "occurrences differ: 1 unexpected; 2027-03-28 03:00 CEST (+02:00) comes from this test's 'nonexistent: next-valid-time'; under "
            + "any other 'nonexistent' policy this instant is no occurrence"),
        ("nonexistent: skip, repeated: last", "2027-10-30T12:00:00+02:00", "2027-10-31T12:00:00+01:00", "[2027-10-31T02:30:00+02:00]",
         "occurrences differ: 1 missing, 1 unexpected; 2027-10-31 02:30 CEST (+02:00) is what 'repeated: first' or 'repeated: both' "
            + "gives, not this test's 'repeated: last' (with 'both', the other instant of the pair is an occurrence too: list it); under "
            + "this test's policies, 02:30 on 2027-10-31 is 2027-10-31T02:30:00+01:00: if the app uses them, write that"),
        ("nonexistent: skip, repeated: first", "2027-06-01T12:00:00+02:00", "2027-06-02T12:00:00+02:00", "[2027-06-02T03:30:00+02:00]",
         "occurrences differ: 1 missing, 1 unexpected"),
    ])
    func aFailureThePolicyExplainsNamesIt(policies: String, after: String, through: String, expected: String, message: String) throws {
        let text = """
            spec: nightly
            schedule: {id: n, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, \(policies)}
            window: {after: \(after), through: \(through)}
            expect:
              occurrences: \(expected)
            """
        let result = try Self.runOnCore(text, path: "nightly.yaml")
        #expect(result.status == .failed)
        #expect(result.message == message)
        let file = SpecParser().parse(path: "nightly.yaml", bytes: Array(text.utf8))
        let foundation = try Self.run(try #require(file.specs.first), on: .foundation)
        #expect(foundation.diff == result.diff)
        #expect(foundation.message == message, "\(foundation.message ?? "")")
    }

    /// A missing instant this test's own `repeated: both` gives its wall time, dropped because an earlier time's
    /// occurrence came after it, names the drop rule, not another policy (the migration review: "is what 'repeated:
    /// first' gives" sent it further from cronie's four runs). Berlin falls back at 2027-10-31T01:00Z (zoneinfo):
    /// 02:15 is 00:15Z and 01:15Z, 02:45 is 00:45Z and 01:45Z; the 02:45 slot's 00:45Z is not later than 01:15Z.
    @Test func aDroppedInstantNamesTheDropRule() throws {
        let result = try Self.runOnCore("""
            spec: doses
            schedule: {id: d, timezone: Europe/Berlin, rule: {every: day, at: ["02:15", "02:45"]}, nonexistent: skip, repeated: both}
            window: {after: 2027-10-30T12:00:00+02:00, through: 2027-10-31T12:00:00+01:00}
            expect:
              occurrences: [2027-10-31T02:15:00+02:00, 2027-10-31T02:45:00+02:00, 2027-10-31T02:15:00+01:00, 2027-10-31T02:45:00+01:00]
            """, path: "doses.yaml")
        #expect(result.status == .failed)
        #expect(result.message == "occurrences differ: 1 missing; 2027-10-31 02:45 CEST (+02:00) is the first instant 'repeated: both' gives "
            + "02:45, but it comes before 2027-10-31 02:15 CET (+01:00), produced before it in slot order (date, then time), and a "
            + "candidate not later than the previous occurrence is dropped (docs/recurrence.md#rules); if the drop is what the app "
            + "does, remove item 2 of the list on line 5; to see both instants of each time, write one spec per time")
    }

    /// The same for an hourly rule where a zone repeats two hours: Antarctica/Troll falls back from +02:00 to +00:00 at
    /// 2027-10-31T01:00Z (zoneinfo), so 01:00 is 23:00Z and 01:00Z, 02:00 is 00:00Z and 02:00Z; the 02:00 slot's
    /// 00:00Z is not later than 01:00Z, produced by the 01:00 slot (a pasted Troll cron was told another policy gives it).
    @Test func anHourlyRulesDroppedInstantNamesTheDropRule() throws {
        let result = try Self.runOnCore("""
            spec: troll hourly
            schedule: {id: t, timezone: Antarctica/Troll, rule: {every: hour, minute: 0}, nonexistent: skip, repeated: both}
            window: {after: 2027-10-30T22:30:00Z, through: 2027-10-31T02:30:00Z}
            expect:
              occurrences: [2027-10-30T23:00:00Z, 2027-10-31T00:00:00Z, 2027-10-31T01:00:00Z, 2027-10-31T02:00:00Z]
            """, path: "troll.yaml")
        #expect(result.status == .failed)
        #expect(result.actual.map(\.utc) == ["2027-10-30T23:00:00Z", "2027-10-31T01:00:00Z", "2027-10-31T02:00:00Z"])
        #expect(result.message == "occurrences differ: 1 missing; 2027-10-31 02:00 (+02:00) is the first instant 'repeated: both' gives "
            + "02:00, but it comes before 2027-10-31 01:00 (+00:00), produced before it in slot order (date, then time), and a "
            + "candidate not later than the previous occurrence is dropped (docs/recurrence.md#rules); if the drop is what the app "
            + "does, remove item 2 of the list on line 5; to see both instants of each hour, write a spec per hour, "
            + "{every: day, at: \"02:00\"}, or, for a job that runs each elapsed hour, an interval rule")
    }

    /// An occurrence at the window's `through`, produced and not expected, is said to be included (the failure review:
    /// nothing said the window is (after, through]). 06:00 CEST is 04:00Z (zoneinfo). One before `through` gets no
    /// such sentence, nor does a window whose every occurrence is unexpected (an edge slip is not what it is).
    @Test(arguments: [("2027-06-03T06:00:00+02:00", "[2027-06-02T06:00:00+02:00]", true), ("2027-06-03T07:00:00+02:00", "[2027-06-02T06:00:00+02:00]", false),
                      ("2027-06-03T06:00:00+02:00", "[]", false)])
    func anOccurrenceAtThroughNotExpectedIsSaidToBeIncluded(through: String, expected: String, atThrough: Bool) throws {
        let result = try Self.runOnCore("""
            spec: daily
            schedule: {id: d, timezone: Europe/Berlin, rule: {every: day, at: "06:00"}, nonexistent: skip, repeated: first}
            window: {after: 2027-06-01T06:00:00+02:00, through: \(through)}
            expect:
              occurrences: \(expected)
            """, path: "daily.yaml")
        #expect(result.status == .failed)
        // Short of `through`, the unlisted occurrence is told where to add it; a list expected empty is left alone.
        #expect(result.message == "occurrences differ: \(expected == "[]" ? "2" : "1") unexpected" + (atThrough
            ? "; 2027-06-03 06:00 CEST (+02:00) is the window's 'through' (line 3), which the window includes: (after, through]"
            : expected == "[]" ? "" : "; 2027-06-03 06:00 CEST (+02:00) is not listed: add 2027-06-03T06:00:00+02:00 to the occurrences listed at line 5, after 2027-06-02T06:00:00+02:00"),
                "\(result.message ?? "")")
    }

    /// An instant written twice is said to be (a newcomer's trial: the 16:00 left over sat on the window's `through`, and
    /// the message blamed that edge). Chatham is at +13:45 in January (zoneinfo): 08:00 is 2026-12-31T18:15Z.
    @Test func anInstantWrittenTwiceIsNamedNotTheWindowsEdge() throws {
        let result = try Self.runOnCore("""
            spec: every 8h
            schedule: {id: p, timezone: Pacific/Chatham, rule: {interval: 8h, from: 2027-01-01T00:00:00+13:45}}
            window: {after: 2027-01-01T00:00:00+13:45, through: 2027-01-01T16:00:00+13:45}
            expect:
              occurrences:
                - 2027-01-01T08:00:00+13:45
                - 2027-01-01T08:00:00+13:45
            """, path: "p.yaml")
        #expect(result.status == .failed)
        #expect(result.message == "occurrences differ: 1 missing, 1 unexpected; 2027-01-01 08:00 (+13:45) is written twice "
            + "(lines 6 and 7), and an occurrence happens once: line 7 stands where 2027-01-01 16:00 (+13:45) belongs, which is produced "
            + "and listed nowhere: write 2027-01-01T16:00:00+13:45 there")
    }

    /// An instant written twice, one copy on the gap night's skipped wall time with the offset before the change: that
    /// copy's warning says what to do of it (under `skip`, remove it), whichever copy the diff shows missing, and the
    /// occurrence then left unlisted is told where it goes, beside the copy that stands. The review's r41 was told "line
    /// 16 stands where 04:30 belongs" beside line 15's "remove this instant": both done, 03:30 was lost. zoneinfo:
    /// Berlin springs forward at 2027-03-28T01:00Z; 02:30+01:00 and 03:30+02:00 are both 01:30Z, 04:30+02:00 is 02:30Z.
    @Test func aCopyOnASkippedWallTimeIsTheOneToGo() throws {
        func run(_ lines: String) throws -> String {
            try Self.runOnCore("""
                spec: hourly
                schedule: {id: h, timezone: Europe/Berlin, rule: {every: hour, minute: 30}, nonexistent: skip, repeated: first}
                window: {after: 2027-03-28T01:00:00+01:00, through: 2027-03-28T05:00:00+02:00}
                expect:
                  occurrences:
                \(lines)
                """, path: "h.yaml").message ?? ""
        }
        let first = try run("""
                - 2027-03-28T01:30:00+01:00
                - 2027-03-28T02:30:00+01:00
                - 2027-03-28T03:30:00+02:00
            """)
        #expect(first == "occurrences differ: 1 missing, 1 unexpected; 2027-03-28 03:30 CEST (+02:00) is written twice (lines 7 and 8), and an "
            + "occurrence happens once; line 7 is written with an offset the zone does not have at that instant (see its offset-mismatch "
            + "warning); 2027-03-28 04:30 CEST (+02:00) is not listed: add '- 2027-03-28T04:30:00+02:00' after line 8", "\(first)")
        // The slipped copy second, shown missing: the pointer at its warning is the report's (`pointingFailuresAtWarnings`).
        let second = try run("""
                - 2027-03-28T01:30:00+01:00
                - 2027-03-28T03:30:00+02:00
                - 2027-03-28T02:30:00+01:00
            """)
        #expect(second == "occurrences differ: 1 missing, 1 unexpected; 2027-03-28 03:30 CEST (+02:00) is written twice (lines 7 and 8), and an "
            + "occurrence happens once; 2027-03-28 04:30 CEST (+02:00) is not listed: add '- 2027-03-28T04:30:00+02:00' after line 7", "\(second)")
    }

    /// An instant written twice whose first copy stands where the occurrence before it belongs (a date typed as the
    /// next line's) is told that occurrence, and the other unlisted one where it goes, in one round (the review's r33 was
    /// told to "correct the one meant for another occurrence", naming none). zoneinfo: Berlin is at +02:00 until
    /// 2027-10-31T01:00Z, so 02:30 on 10-28 to 10-31 is 00:30Z; on 11-01 and 11-02 it is +01:00, 01:30Z.
    @Test func aFirstCopyInThePlaceOfTheOccurrenceBeforeItIsToldIt() throws {
        let result = try Self.runOnCore("""
            spec: daily
            schedule: {id: d, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            window: {after: 2027-10-28T00:00:00+02:00, through: 2027-11-02T12:00:00+01:00}
            expect:
              occurrences:
                - 2027-10-28T02:30:00+02:00
                - 2027-10-30T02:30:00+02:00
                - 2027-10-30T02:30:00+02:00
                - 2027-10-31T02:30:00+02:00
                - 2027-11-02T02:30:00+01:00
            """, path: "d.yaml")
        #expect(result.message == "occurrences differ: 1 missing, 2 unexpected; 2027-10-30 02:30 CEST (+02:00) is written twice (lines 7 "
            + "and 8), and an occurrence happens once: line 7 stands where 2027-10-29 02:30 CEST (+02:00) belongs, which is produced and "
            + "listed nowhere: write 2027-10-29T02:30:00+02:00 there; 2027-11-01 02:30 CET (+01:00) is not listed: add "
            + "'- 2027-11-01T02:30:00+01:00' after line 9", "\(result.message ?? "")")
    }

    /// A further missing line on a weekday the weekly rule does not run on is told beside another line's policy
    /// sentence, in the same round (the review's r06 was told it a round later, though the diff showed it). zoneinfo:
    /// Berlin springs forward at 2027-03-28T01:00Z; 02:30 under shift-backward is 00:30Z, 01:30 CET; 2027-04-05 is a
    /// Monday, 04-04 a Sunday (02:30 CEST, 00:30Z); 03-21 a Sunday (02:30 CET, 01:30Z).
    @Test func aWeekdaySlipIsToldBesideAnotherLinesPolicySentence() throws {
        let result = try Self.runOnCore("""
            spec: weekly
            schedule: {id: w, timezone: Europe/Berlin, rule: {every: week, on: [sunday], at: "02:30"}, nonexistent: shift-backward, repeated: first}
            window: {after: 2027-03-15T00:00:00+01:00, through: 2027-04-10T00:00:00+02:00}
            expect:
              occurrences:
                - 2027-03-21T02:30:00+01:00
                - 2027-03-28T03:00:00+02:00
                - 2027-04-05T02:30:00+02:00
            """, path: "w.yaml")
        #expect(result.message == "occurrences differ: 2 missing, 2 unexpected; 2027-03-28 03:00 CEST (+02:00) is what 'nonexistent: "
            + "next-valid-time' gives, not this test's 'nonexistent: shift-backward'; under this test's policies, 02:30 on 2027-03-28 is "
            + "2027-03-28T01:30:00+01:00: if the app uses them, write that; line 8: 2027-04-05 is a Monday; the rule runs on Sunday",
                "\(result.message ?? "")")
    }

    /// Two times of one gap under next-valid-time are one instant, the gap's end, and the later slot is dropped: a list
    /// written as if each gave an occurrence has that instant twice. "Correct the one meant for another occurrence"
    /// sent a review looking for an occurrence there is none of; the drop rule is named, and the copy shown missing is
    /// to go. zoneinfo: Berlin springs forward at 2027-03-28T01:00Z, 02:00 CET → 03:00 CEST, so 02:30 and 02:45 do not
    /// exist that day and the gap's end is 03:00+02:00 (01:00Z); the days around are at +01:00 and +02:00.
    @Test func twoGapTimesWrittenAsOneInstantTwiceAreToldTheDropRule() throws {
        let result = try Self.runOnCore("""
            spec: two gap times
            schedule: {id: d, timezone: Europe/Berlin, rule: {every: day, at: ["02:30", "02:45"]}, nonexistent: next-valid-time, repeated: first}
            window: {after: 2027-03-28T00:00:00+01:00, through: 2027-03-28T12:00:00+02:00}
            expect:
              occurrences:
                - 2027-03-28T03:00:00+02:00
                - 2027-03-28T03:00:00+02:00
            """, path: "d.yaml")
        #expect(result.status == .failed)
        #expect(result.message == "occurrences differ: 1 missing; 2027-03-28 03:00 CEST (+02:00) is written twice (lines 6 and 7), and "
            + "an occurrence happens once: the rule's 02:45 that day resolves to it too and is dropped: 02:30 that day, before it in slot "
            + "order (date, then time), is 2027-03-28 03:00 CEST (+02:00) under 'nonexistent: next-valid-time', and a candidate not later "
            + "than the previous occurrence is dropped (docs/recurrence.md#rules); remove line 7", "\(result.message ?? "")")
        // A later time that exists, at the gap's end itself, is the slot dropped: 02:30 takes 03:00 first.
        let existing = try Self.runOnCore("""
            spec: two gap times
            schedule: {id: d, timezone: Europe/Berlin, rule: {every: day, at: ["02:30", "03:00"]}, nonexistent: next-valid-time, repeated: first}
            window: {after: 2027-03-28T00:00:00+01:00, through: 2027-03-28T12:00:00+02:00}
            expect:
              occurrences: [2027-03-28T03:00:00+02:00, 2027-03-28T03:00:00+02:00]
            """, path: "d.yaml")
        // In a flow list both copies are on line 5: the one to remove is named by its item.
        #expect(existing.message?.contains("the rule's 03:00 that day resolves to it too and is dropped: 02:30 that day") == true,
                "\(existing.message ?? "")")
        #expect(existing.message?.hasSuffix("(docs/recurrence.md#rules); remove item 2 of the list on line 5") == true,
                "\(existing.message ?? "")")
    }

    /// An interval's line written at the wall time of `from` with the offset after the change, a wall time the clocks
    /// skip: its digits are the author's wall clock, and the drift sentence reads them (the run said only "1 missing, 1
    /// unexpected"). zoneinfo as `anIntervalsSkippedWallTimeIsToldItsNearestOccurrence`: the interval gives 03:30+02:00.
    @Test func anIntervalsLineWrittenAtFromsWallTimeIsToldTheDrift() throws {
        let result = try Self.runOnCore("""
            spec: every 24h
            schedule: {id: every24, timezone: Europe/Berlin, rule: {interval: 24h, from: 2027-03-27T02:30:00+01:00}}
            window: {after: 2027-03-28T00:00:00+01:00, through: 2027-03-28T12:00:00+02:00}
            expect:
              occurrences: [2027-03-28T02:30:00+02:00]
            """, path: "every24.yaml")
        #expect(result.message?.contains("an interval counts elapsed time (24 hours), so once Europe/Berlin is at +02:00 instead of +01:00 its "
            + "occurrences come at 03:30, not 02:30, on the wall clock; if the app counts elapsed time, write 2027-03-28T03:30:00+02:00; ") == true,
                "\(result.message ?? "")")
    }

    /// Three slips in one list, told in one round (a review's Troll spec took three): a line at another policy's instant,
    /// a `Z` line whose digits are the rule's wall time, and an occurrence left out. zoneinfo: Troll springs from +00:00 to
    /// +02:00 at 2027-03-28T01:00Z, so 02:00 does not exist that day (next-valid-time: 03:00+02:00, 01:00Z); 02:00 on the
    /// 25th is 02:00Z and on the 31st 00:00Z (+02:00).
    @Test func aPolicySlipAZSlipAndALineLeftOutAreToldInOneRound() throws {
        let result = try Self.runOnCore("""
            spec: troll
            schedule: {id: troll3, timezone: Antarctica/Troll, rule: {every: 3 days, at: "02:00", from: 2027-03-22}, nonexistent: next-valid-time, repeated: first}
            window: {after: 2027-03-21T00:00:00+00:00, through: 2027-04-01T00:00:00+02:00}
            expect:
              occurrences:
                - 2027-03-22T02:00:00+00:00
                - {at: 2027-03-28T02:00:00+00:00, key: troll3/v1/2027-03-28}
                - 2027-03-31T02:00:00Z
            """, path: "troll.yaml")
        let message = result.message ?? ""
        #expect(message.contains("under this test's policies, 02:00 on 2027-03-28 is 2027-03-28T03:00:00+02:00: if the app uses them, write that; "
            + "line 8: 2027-03-31T02:00:00Z is UTC ('Z'), which is 2027-03-31 04:00 (+02:00) in Antarctica/Troll; if its digits 02:00 are meant "
            + "as local time, the rule's occurrence then is 2027-03-31T02:00:00+02:00 (2027-03-31T00:00:00Z); 2027-03-25 02:00 (+00:00) is not "
            + "listed: add '- 2027-03-25T02:00:00+00:00' after line 6"), "\(message)")
    }

    /// Beside a line written with an offset the zone does not have then, whose warning gives the produced occurrence it
    /// means, an occurrence left out is told in the same round; and a later line another policy gives is told too (a
    /// second review's two specs, each a round apart). zoneinfo: Berlin is at +02:00 in June (09:00 is 07:00Z; 09:00+01:00
    /// is 08:00Z, 10:00 CEST). New York falls back at 2027-11-07T06:00Z: 01:30 is 05:30Z (-04:00) and 06:30Z (-05:00);
    /// 2027-11-06 is at -04:00, so 01:30-05:00 that day is 06:30Z, 02:30 EDT.
    @Test func anOffsetSlipsLineLeavesTheOthersToldInTheSameRound() throws {
        let june = try Self.runOnCore("""
            spec: june
            schedule: {id: s, timezone: Europe/Berlin, rule: {every: day, at: "09:00"}, nonexistent: skip, repeated: first}
            window: {after: 2027-06-01T00:00:00+02:00, through: 2027-06-03T12:00:00+02:00}
            expect:
              occurrences:
                - 2027-06-01T09:00:00+01:00
                - 2027-06-02T09:00:00+02:00
            """, path: "june.yaml")
        #expect(june.message == "occurrences differ: 1 missing, 2 unexpected; 2027-06-03 09:00 CEST (+02:00) is not listed: add "
            + "'- 2027-06-03T09:00:00+02:00' after line 7", "\(june.message ?? "")")
        let autumn = try Self.runOnCore("""
            spec: autumn
            schedule: {id: m, timezone: America/New_York, rule: {every: day, at: "01:30"}, nonexistent: skip, repeated: last}
            window: {after: 2027-11-05T12:00:00-04:00, through: 2027-11-07T12:00:00-05:00}
            expect:
              occurrences:
                - 2027-11-06T01:30:00-05:00
                - 2027-11-07T01:30:00-04:00
            """, path: "autumn.yaml")
        #expect(autumn.message?.contains("2027-11-07 01:30 EDT (-04:00) is what 'repeated: first' or 'repeated: both' gives, not this test's "
            + "'repeated: last'") == true, "\(autumn.message ?? "")")
        #expect(autumn.message?.contains("under this test's policies, 01:30 on 2027-11-07 is 2027-11-07T01:30:00-05:00: if the app uses them, "
            + "write that") == true, "\(autumn.message ?? "")")
    }

    /// An occurrence left out, beside a line a policy sentence explains: told at once, not a round later (a review's
    /// missing line was named only once its other slips were fixed, in twelve specs). A slip that names its line without
    /// its fix (a weekday) keeps the produced occurrence as that line's, untold (`aSlipNoPolicyExplainsIsNamed`).
    /// zoneinfo: Berlin falls back at 2027-10-31T01:00Z; 02:30 that night is 00:30Z (+02:00) and 01:30Z (+01:00), and
    /// 2027-11-01's 02:30 is +01:00.
    @Test func anOccurrenceLeftOutIsToldBesideAPolicySentence() throws {
        let result = try Self.runOnCore("""
            spec: left out
            schedule: {id: sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: last}
            window: {after: 2027-10-30T00:00:00+02:00, through: 2027-11-01T12:00:00+01:00}
            expect:
              occurrences:
                - 2027-10-30T02:30:00+02:00
                - 2027-10-31T02:30:00+02:00
            """, path: "left.yaml")
        #expect(result.message?.hasSuffix("under this test's policies, 02:30 on 2027-10-31 is 2027-10-31T02:30:00+01:00: if the app uses them, "
            + "write that; 2027-11-01 02:30 CET (+01:00) is not listed: add '- 2027-11-01T02:30:00+01:00' after line 7") == true,
                "\(result.message ?? "")")
    }

    /// A date typed twice (`06-02` for `06-03`, `06-05` for `06-06`) stands where the one produced occurrence between it
    /// and the next line belongs: each copy is told the instant to write there, in one run (the forty-seventh session's
    /// review left "two day slips told one per run"). Berlin is at +02:00 in June (zoneinfo): 09:00 is 07:00Z.
    @Test func datesTypedTwiceAreEachToldTheOccurrenceInTheirPlace() throws {
        let result = try Self.runOnCore("""
            spec: day slips
            schedule: {id: d, timezone: Europe/Berlin, rule: {every: day, at: "09:00"}, nonexistent: skip, repeated: first}
            window: {after: 2027-06-01T00:00:00+02:00, through: 2027-06-07T00:00:00+02:00}
            expect:
              occurrences:
                - 2027-06-01T09:00:00+02:00
                - 2027-06-02T09:00:00+02:00
                - 2027-06-02T09:00:00+02:00
                - 2027-06-04T09:00:00+02:00
                - 2027-06-05T09:00:00+02:00
                - 2027-06-05T09:00:00+02:00
            """, path: "d.yaml")
        #expect(result.message == "occurrences differ: 2 missing, 2 unexpected; 2027-06-02 09:00 CEST (+02:00) is written twice (lines 7 "
            + "and 8), and an occurrence happens once: line 8 stands where 2027-06-03 09:00 CEST (+02:00) belongs, which is produced and "
            + "listed nowhere: write 2027-06-03T09:00:00+02:00 there; 2027-06-05 09:00 CEST (+02:00) is written twice too (lines 10 and "
            + "11): line 11 stands where 2027-06-06 09:00 CEST (+02:00) belongs: write 2027-06-06T09:00:00+02:00 there", "\(result.message ?? "")")
    }

    /// Written twice in one flow list, the two share a line: they are named by their place in the list ("lines 5 and
    /// 5", a claims audit's Apia spec, named neither). Chatham as above: 08:00 is 2026-12-31T18:15Z.
    @Test func anInstantWrittenTwiceInOneFlowListIsNamedByItsItems() throws {
        let result = try Self.runOnCore("""
            spec: every 8h
            schedule: {id: p, timezone: Pacific/Chatham, rule: {interval: 8h, from: 2027-01-01T00:00:00+13:45}}
            window: {after: 2027-01-01T00:00:00+13:45, through: 2027-01-01T16:00:00+13:45}
            expect:
              occurrences: [2027-01-01T08:00:00+13:45, 2027-01-01T08:00:00+13:45]
            """, path: "p.yaml")
        #expect(result.status == .failed)
        #expect(result.message == "occurrences differ: 1 missing, 1 unexpected; 2027-01-01 08:00 (+13:45) is written twice "
            + "(items 1 and 2 of the list on line 5), and an occurrence happens once: item 2 of the list on line 5 stands where "
            + "2027-01-01 16:00 (+13:45) belongs, which is produced and listed nowhere: write 2027-01-01T16:00:00+13:45 there")
        // Three, two of them on one line: by their items too ("lines 5, 5 and 6" named two alike; mutation run 18's RX1).
        let three = try Self.runOnCore("""
            spec: every 8h
            schedule: {id: p, timezone: Pacific/Chatham, rule: {interval: 8h, from: 2027-01-01T00:00:00+13:45}}
            window: {after: 2027-01-01T00:00:00+13:45, through: 2027-01-01T16:00:00+13:45}
            expect:
              occurrences: [2027-01-01T08:00:00+13:45, 2027-01-01T08:00:00+13:45,
                            2027-01-01T08:00:00+13:45]
            """, path: "p.yaml")
        #expect(three.status == .failed)
        #expect(three.message?.contains("is written 3 times (items 1, 2 and 3 of the list), and an occurrence happens once") == true,
                "\(three.message ?? "")")
    }

    /// The review's r20 under next-valid-time (F5): line 7's 2027-03-28T02:30:00+02:00 is 00:30Z, 01:30 CET, line 6's
    /// instant (zoneinfo: Berlin goes from 02:00 CET to 03:00 CEST at 01:00Z), and its offset-mismatch warning says what
    /// to write there (03:00+02:00, the 02:30 slot's under that policy). "correct the one meant for another occurrence,
    /// or remove it" beside it offered a removal that fails (03:00 is then unexpected): where the repeat is written
    /// with an offset the zone does not have then, the advice is its warning's (the run points at it). Copies in
    /// another offset of the zone's own keep the advice (Chatham, above).
    @Test func anInstantWrittenTwiceThroughAnOffsetSlipLeavesTheAdviceToItsWarning() throws {
        let result = try Self.runOnCore("""
            spec: r20 hourly at 30 across Berlin spring gap
            schedule: {id: hourly, timezone: Europe/Berlin, rule: {every: hour, minute: 30}, nonexistent: next-valid-time, repeated: first}
            window: {after: 2027-03-28T01:00:00+01:00, through: 2027-03-28T04:00:00+02:00}
            expect:
              occurrences:
                - 2027-03-28T01:30:00+01:00
                - 2027-03-28T02:30:00+02:00
                - 2027-03-28T03:30:00+02:00
            """, path: "r20.yaml")
        #expect(result.status == .failed)
        #expect(result.message == "occurrences differ: 1 missing, 1 unexpected; 2027-03-28 01:30 CET (+01:00) is written twice "
            + "(lines 6 and 7), and an occurrence happens once; 2027-03-28 03:00 CEST (+02:00) comes from this test's "
            + "'nonexistent: next-valid-time'; under any other 'nonexistent' policy this instant is no occurrence")
    }

    /// A repeat written in another offset at a wall time that exists keeps the advice: its offset-mismatch warning
    /// knows nothing of the repeat ("the rule gives this very instant; to keep it, …"), and `duplicate-instant` says
    /// to remove the line. zoneinfo: 02:30 CEST on 2027-06-01 is 00:30Z, which 01:30+01:00 is too.
    @Test func anInstantWrittenTwiceAtAWallTimeThatExistsKeepsTheAdvice() throws {
        let result = try Self.runOnCore("""
            spec: Berlin same occurrence twice
            schedule: {timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            window: {after: 2027-05-31T12:00:00+02:00, through: 2027-06-01T12:00:00+02:00}
            expect:
              occurrences:
                - 2027-06-01T02:30:00+02:00
                - 2027-06-01T01:30:00+01:00
            """, path: "twice.yaml")
        #expect(result.status == .failed)
        #expect(result.message == "occurrences differ: 1 missing; 2027-06-01 02:30 CEST (+02:00) is written twice "
            + "(lines 6 and 7), and an occurrence happens once: correct the one meant for another occurrence, or remove it")
    }

    /// A key mismatch that is the only difference names both keys in the message, the line a CI page shows of a
    /// failure ("1 key mismatch" alone said nothing there). Berlin falls back at 2027-10-31T01:00Z (zoneinfo): 02:30
    /// is 00:30Z (CEST, +02:00) and 01:30Z (CET, +01:00); under `both` the later one's key ends in `~2`. Two
    /// mismatches keep the counts alone (the diff lists them).
    @Test(arguments: [
        ("refill/v1/2027-10-31", "refill/v1/2027-10-31",
         "occurrences differ: 1 key mismatch (2027-10-31 02:30 CET (+01:00): key refill/v1/2027-10-31 expected, refill/v1/2027-10-31~2 produced); "
            + "the key expected has no suffix; 2027-10-31 02:30 CET (+01:00) is the later instance of a wall time that happens twice, "
            + "whose key ends in ~2 under 'repeated: both': write refill/v1/2027-10-31~2"),
        ("refill/v1/2027-10-30", "refill/v1/2027-10-31",
         "occurrences differ: 2 key mismatches"),
    ])
    func aLoneKeyMismatchNamesBothKeys(first: String, second: String, message: String) throws {
        let text = """
            spec: refill
            schedule: {id: refill, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: both}
            window: {after: 2027-10-30T12:00:00+02:00, through: 2027-10-31T12:00:00+01:00}
            expect:
              occurrences:
                - {at: 2027-10-31T02:30:00+02:00, key: \(first)}
                - {at: 2027-10-31T02:30:00+01:00, key: \(second)}
            """
        let result = try Self.runOnCore(text, path: "refill.yaml")
        #expect(result.status == .failed)
        #expect(result.message == message)
    }

    /// A missing instant the test's own policy gives is missing for another reason (outside the window, here: the
    /// window opens at it), and no other policy is named for it (the second failure review found the policy sentence
    /// on an ordinary day). Berlin, 2027-03-27 02:30 is CET, +01:00 (zoneinfo).
    @Test func anOrdinaryMissingInstantNamesNoPolicy() throws {
        let result = try Self.runOnCore("""
            spec: nightly
            schedule: {id: n, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            window: {after: 2027-03-27T02:30:00+01:00, through: 2027-03-27T12:00:00+01:00}
            expect:
              occurrences: [2027-03-27T02:30:00+01:00]
            """, path: "nightly.yaml")
        #expect(result.status == .failed)
        #expect(result.message?.contains("gives, not this test's") == false, "\(result.message ?? "")")
    }

    /// Apia's last Friday of December 2011 is the 30th, a day the zone skipped (-10:00 → +14:00 at 10:00Z; zoneinfo):
    /// the nearest selected date says its wall time does not exist, so that under `skip` it gives nothing.
    @Test func aSelectedDateWhoseWallTimeDoesNotExistIsSaidSo() throws {
        let result = try Self.runOnCore("""
            spec: apia
            schedule: {id: a, timezone: Pacific/Apia, rule: {every: month, on: last friday, at: "23:30"}, nonexistent: skip, repeated: first}
            window: {after: 2011-12-01T00:00:00-10:00, through: 2012-01-01T00:00:00+14:00}
            expect:
              occurrences: [2011-12-23T23:30:00-10:00]
            """, path: "apia.yaml")
        #expect(result.message == "occurrences differ: 1 missing; line 5: the rule (every month on its last friday at 23:30) does not select "
            + "2011-12-23; the nearest dates it selects: 2011-11-25 and 2011-12-30 (its wall time does not exist there: no occurrence "
            + "under 'nonexistent: skip')")
    }

    /// A key mismatch in the schedule's part of the key names the id or version the schedule has (the second failure
    /// review: `v2` under a version-1 schedule; the id defaults to the file's name, so a copied spec changes its keys).
    /// Berlin, 2027-06-01 09:00 is CEST, +02:00 (zoneinfo).
    @Test(arguments: [
        ("refill/v2/2027-06-01", "; the keys expected carry 'v2', this schedule is version 1 (its 'version:', default 1): write v1 in the keys, "
            + "or 'version: 2' in the schedule"),
        ("nightly/v1/2027-06-01", "; the keys expected name the schedule 'nightly', this one is 'refill' (its 'id:', else the spec file's "
            + "name without its extension)"),
        ("refill/v1/2027-06-02", ""),
        // Ids that differ by a character that does not show read alike: it is named.
        ("refill\u{200B}/v1/2027-06-01", "; the keys expected name the schedule 'refill\u{200B}', this one is 'refill' (its 'id:', else the "
            + "spec file's name without its extension); the two differ by U+200B, which does not show: delete it where it is"),
    ])
    func aKeyForAnotherIdOrVersionSaysWhichTheScheduleHas(key: String, hint: String) throws {
        let result = try Self.runOnCore("""
            spec: refill
            schedule: {timezone: Europe/Berlin, rule: {every: day, at: "09:00"}, nonexistent: skip, repeated: first}
            window: {after: 2027-06-01T00:00:00+02:00, through: 2027-06-01T12:00:00+02:00}
            expect:
              occurrences: [{at: 2027-06-01T09:00:00+02:00, key: \(key)}]
            """, path: "refill.yaml")
        #expect(result.message == "occurrences differ: 1 key mismatch (2027-06-01 09:00 CEST (+02:00): key \(key) expected, "
            + "refill/v1/2027-06-01 produced)" + hint)
    }

    /// A case's one `next`, an occurrence, with an earlier one its search finds first, is told both ways out (a cases
    /// review's cursor in Berlin's spring gap, meant to find the next day, was told only the gap's policy); each,
    /// applied, passes. zoneinfo: Berlin skips 02:00–03:00 on 2027-03-28 (01:00Z); 02:15+02:00 is 00:15Z, before it;
    /// next-valid-time gives 02:30 that day as 03:00+02:00 (01:00Z); 2027-03-29 02:30 is +02:00 (00:30Z).
    @Test func aCasesNextWithAnEarlierOccurrenceBeforeItIsToldBothWaysOut() throws {
        let text = """
            spec: cursor in gap
            schedule: {timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: next-valid-time, repeated: first}
            cases:
              - name: from inside the gap
                after: 2027-03-28T01:15:00+01:00
                next: 2027-03-29T02:30:00+02:00
            """
        let message = try #require(try Self.runOnCore(text, path: "gap.yaml").message)
        #expect(message.hasSuffix("2027-03-29 02:30 CEST (+02:00) is an occurrence, but not the first after the cursor: the search finds "
            + "2027-03-28 03:00 CEST (+02:00) before it; write 2027-03-28T03:00:00+02:00 in its place, or, to find this one, an 'after' from "
            + "2027-03-28T03:00:00+02:00 up to, not including, this one"), "\(message)")
        // Both ends of the cursors offered (a fourth review's "or later" let a cursor pass the instant).
        for applied in [text.replacingOccurrences(of: "next: 2027-03-29T02:30:00+02:00", with: "next: 2027-03-28T03:00:00+02:00"),
                        text.replacingOccurrences(of: "after: 2027-03-28T01:15:00+01:00", with: "after: 2027-03-28T03:00:00+02:00"),
                        text.replacingOccurrences(of: "after: 2027-03-28T01:15:00+01:00", with: "after: 2027-03-29T02:29:59+02:00")] {
            #expect(try Self.runOnCore(applied, path: "gap.yaml").status == .passed, "\(applied)")
        }
    }

    /// Keys naming several wrong ids are summed up with each id and its lines (a review's summary named the first id
    /// alone, as if one were wrong). Berlin, June 2027 is CEST, +02:00 (zoneinfo).
    @Test func keysNamingSeveralWrongIdsAreEachNamed() throws {
        let result = try Self.runOnCore("""
            spec: refill
            schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            window: {after: 2027-06-01T00:00:00+02:00, through: 2027-06-04T00:00:00+02:00}
            expect:
              occurrences:
                - {at: 2027-06-01T02:30:00+02:00, key: nightly/v1/2027-06-01}
                - {at: 2027-06-02T02:30:00+02:00, key: sync/v1/2027-06-02}
                - {at: 2027-06-03T02:30:00+02:00, key: nightly/v1/2027-06-03}
            """, path: "refill.yaml")
        #expect(result.message == "occurrences differ: 3 key mismatches; the keys expected name the schedules 'nightly' (lines 6 and 8) and "
            + "'sync' (line 7), this one is 'nightly-sync' (its 'id:', else the spec file's name without its extension)", "\(result.message ?? "")")
    }

    /// The hints audit (1,276 generated slips): a policy sentence about the unexpected instant hid the slip of the
    /// missing one beside it; both are said now, the slip first. Berlin springs forward on 2027-03-28 at 01:00Z, so
    /// next-valid-time gives 03:00 CEST for Sunday's 02:30; 2027-03-29 is a Monday (zoneinfo, Python's calendar).
    /// February 29 comes back 4 years later (2028, 2032): the nearest dates reach that far. Weekdays are named in
    /// the order the spec writes them.
    @Test func aSlipIsNamedBesideAPolicySentenceAndNeighboursReachTheNextLeapYear() throws {
        let weekly = try Self.runOnCore("""
            spec: weekly
            schedule: {id: w, timezone: Europe/Berlin, rule: {every: week, on: [wednesday, sunday], at: "02:30"}, nonexistent: next-valid-time, repeated: first}
            window: {after: 2027-03-27T00:00:00+01:00, through: 2027-03-30T00:00:00+02:00}
            expect:
              occurrences: [2027-03-29T02:30:00+02:00]
            """, path: "weekly.yaml")
        #expect(weekly.message == "occurrences differ: 1 missing, 1 unexpected; line 5: 2027-03-29 is a Monday; the rule runs on "
            + "Wednesday and Sunday; 2027-03-28 03:00 CEST (+02:00) comes from this test's 'nonexistent: next-valid-time'; under "
            + "any other 'nonexistent' policy this instant is no occurrence")
        let leap = try Self.runOnCore("""
            spec: leap
            schedule: {id: l, timezone: UTC, rule: {every: year, month: 2, day: 29, at: "12:00", missing-day: skip}, nonexistent: skip, repeated: first}
            window: {after: 2028-01-01T00:00:00Z, through: 2029-01-01T00:00:00Z}
            expect:
              occurrences: [2028-03-01T12:00:00Z]
            """, path: "leap.yaml")
        #expect(leap.message == "occurrences differ: 1 missing, 1 unexpected; line 5: the rule (every year on February 29 at 12:00 "
            + "(skipped in years without it)) does not select 2028-03-01; the nearest dates it selects: 2028-02-29 and 2032-02-29")
    }

    /// An interval's key is its UTC instant with the fraction the `Date` needs (`.25`): `.250` written for it names the
    /// same instant, and the mismatch says so with the key to write (the contract audit, SL-44a). From 00:00:00.250Z
    /// every 90 minutes, 01:30:00.250Z is the second occurrence.
    @Test func anIntervalKeyWithOtherFractionDigitsIsToldTheKeyToWrite() throws {
        let result = try Self.runOnCore("""
            spec: interval
            schedule: {id: iv, timezone: UTC, rule: {interval: 90m, from: 2027-01-01T00:00:00.250Z}}
            window: {after: 2027-01-01T01:00:00Z, through: 2027-01-01T02:00:00Z}
            expect:
              occurrences: [{at: 2027-01-01T01:30:00.250Z, key: iv/v1/2027-01-01T01:30:00.250Z}]
            """, path: "interval.yaml")
        #expect(result.message == "occurrences differ: 1 key mismatch (2027-01-01 01:30:00.250 UTC (+00:00): key "
            + "iv/v1/2027-01-01T01:30:00.250Z expected, iv/v1/2027-01-01T01:30:00.25Z produced); the key expected names the same "
            + "instant in other digits; keys are compared as text, and an interval's key writes its fraction of a second without "
            + "trailing zeros: write iv/v1/2027-01-01T01:30:00.25Z")
    }

    /// A key mismatch points at the line its `key:` is written on, where the fix goes (it pointed at `at:`).
    @Test func aKeyMismatchPointsAtItsKeyLine() throws {
        let result = try Self.runOnCore("""
            spec: refill
            schedule: {id: refill, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: both}
            window: {after: 2027-10-30T12:00:00+02:00, through: 2027-10-31T12:00:00+01:00}
            expect:
              occurrences:
                - at: 2027-10-31T02:30:00+02:00
                  key: refill/v1/2027-10-31
                - at: 2027-10-31T02:30:00+01:00
                  key: refill/v1/2027-10-31
            """, path: "refill.yaml")
        #expect(result.diff.map(\.kind) == [.same, .keyMismatch])
        #expect(result.diff.map(\.expectedLine) == [6, 9])
    }

    /// A failure `missing-day` explains names it, as `nonexistent` and `repeated` are named (the failure review).
    /// Day 31 under `skip` gives nothing in April; `last-day` gives 2027-04-30 09:00 CEST (+02:00). February 29 under
    /// `last-day` gives 2027-02-28 09:00 CET (+01:00), which `skip` does not (zoneinfo for the offsets).
    @Test(arguments: [
        ("{every: month, day: 31, at: \"09:00\", missing-day: skip}", "2027-04-01T00:00:00+02:00", "2027-05-01T00:00:00+02:00",
         "[2027-04-30T09:00:00+02:00]",
         "occurrences differ: 1 missing; 2027-04-30 09:00 CEST (+02:00) is what 'missing-day: last-day' gives, not this test's 'missing-day: skip'; "
            + "under this test's 'missing-day: skip' the rule has no occurrence in April 2027, which lacks its day: if the app runs on the month's "
            + "last day instead, write 'missing-day: last-day' in the rule; else remove 2027-04-30T09:00:00+02:00 (line 5)"),
        ("{every: year, month: 2, day: 29, at: \"09:00\", missing-day: last-day}", "2027-01-01T00:00:00+01:00", "2028-01-01T00:00:00+01:00",
         "[]",
         "occurrences differ: 1 unexpected; 2027-02-28 09:00 CET (+01:00) comes from this test's 'missing-day: last-day'; under 'missing-day: skip' this instant is no occurrence"),
    ])
    func aFailureMissingDayExplainsNamesIt(rule: String, after: String, through: String, expected: String, message: String) throws {
        let result = try Self.runOnCore("""
            spec: month end
            schedule: {id: m, timezone: Europe/Berlin, rule: \(rule), nonexistent: skip, repeated: first}
            window: {after: \(after), through: \(through)}
            expect:
              occurrences: \(expected)
            """, path: "month-end.yaml")
        #expect(result.status == .failed)
        #expect(result.message == message)
    }

    /// A key that names a date that does not exist (April 31, for the month's last day under `missing-day: last-day`, a
    /// first incident review's guard) is told so, with the key to write; a daily rule's key gets no word on last-day.
    /// Berlin is at +02:00 from 2027-03-28 to 10-31 (zoneinfo), so 2027-04-30T02:30:00+02:00 is April 30's 02:30.
    @Test(arguments: [
        ("{every: month, day: 31, at: \"02:30\", missing-day: last-day}",
         "; the key expected names 2027-04-31, a date that does not exist; a key carries the date the rule selected, which under "
            + "'missing-day: last-day' is the month's last day: write report/v1/2027-04-30"),
        ("{every: day, at: \"02:30\"}",
         "; the key expected names 2027-04-31, a date that does not exist; a key carries the date the rule selected: write report/v1/2027-04-30"),
    ])
    func aKeyNamingADateThatDoesNotExistIsToldSo(rule: String, hint: String) throws {
        let result = try Self.runOnCore("""
            spec: month end
            schedule: {id: report, timezone: Europe/Berlin, rule: \(rule), nonexistent: skip, repeated: first}
            window: {after: 2027-04-30T00:00:00+02:00, through: 2027-04-30T12:00:00+02:00}
            expect:
              occurrences: [{at: 2027-04-30T02:30:00+02:00, key: report/v1/2027-04-31}]
            """, path: "month-end.yaml")
        #expect(result.status == .failed)
        #expect(result.message == "occurrences differ: 1 key mismatch (2027-04-30 02:30 CEST (+02:00): key report/v1/2027-04-31 expected, "
            + "report/v1/2027-04-30 produced)" + hint, "\(result.message ?? "")")
    }

    /// At an offset of +00:00 the UTC digits are the local ones: an offset slip there is not also told as UTC digits
    /// written with a local offset (a message review read two diagnoses of one line). zoneinfo: Dublin springs forward
    /// at 2027-03-28T01:00Z; 01:30 does not exist, and read with the offset after (+01:00) it is 00:30Z, 00:30 GMT.
    @Test func anOffsetSlipAtUTCsOwnOffsetIsNotToldAsUTCDigits() throws {
        let result = try Self.runOnCore("""
            spec: dublin
            schedule: {id: dub, timezone: Europe/Dublin, rule: {every: day, at: "01:30"}, nonexistent: shift-backward, repeated: first}
            window: {after: 2027-03-27T12:00:00+00:00, through: 2027-03-28T12:00:00+01:00}
            expect:
              occurrences: [2027-03-28T00:30:00+01:00]
            """, path: "dublin.yaml")
        #expect(result.status == .failed)
        #expect(result.message?.contains("is the UTC time of the rule's occurrence") == false, "\(result.message ?? "")")
        // An offset slip (its warning's), not the policy's: no sentence on the policy beside it (a review read it as noise).
        #expect(result.message == "occurrences differ: 1 missing, 1 unexpected", "\(result.message ?? "")")
    }

    /// Two copies written with `Z` whose digits are a wall time the schedule gives twice are not told "or remove it",
    /// which contradicted their duplicate-instant warning (it names the two instants to write; a message review removed
    /// one and the spec still failed). zoneinfo: Berlin falls back at 2027-10-31T01:00Z; 02:30Z is 03:30 CET.
    @Test func twoUTCCopiesOfARepeatedWallTimeAreSentToTheirWarning() throws {
        let text = """
            spec: Z twice
            schedule: {id: n, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: both}
            window: {after: 2027-10-30T12:00:00+02:00, through: 2027-10-31T12:00:00+01:00}
            expect:
              occurrences:
                - 2027-10-31T02:30:00Z
                - 2027-10-31T02:30:00Z
            """
        let result = try Self.runOnCore(text, path: "z.yaml")
        #expect(result.message?.hasPrefix("occurrences differ: 2 missing, 2 unexpected; 2027-10-31 03:30 CET (+01:00) is written twice (lines 6 "
            + "and 7), and an occurrence happens once (see its duplicate-instant warning: each is written with 'Z'); ") == true,
                "\(result.message ?? "")")
        // Where the warning does not name two instants, the old advice stands (mutation run 19's R2 and R3): under `first`
        // the schedule gives only the first 02:30 (00:30Z), and a copy written 03:30+01:00 (02:30Z, Berlin's offset then)
        // is not written with 'Z'.
        let removeOne = "is written twice (lines 6 and 7), and an occurrence happens once: correct the one meant for another occurrence, or remove it"
        let first = try Self.runOnCore(text.replacingOccurrences(of: "repeated: both", with: "repeated: first"), path: "z.yaml")
        #expect(first.message?.contains(removeOne) == true, "\(first.message ?? "")")
        let oneZ = try Self.runOnCore(text.replacingOccurrences(of: "    - 2027-10-31T02:30:00Z\n    - 2027-10-31T02:30:00Z",
                                                                  with: "    - 2027-10-31T02:30:00Z\n    - 2027-10-31T03:30:00+01:00"), path: "z.yaml")
        #expect(oneZ.message?.contains(removeOne) == true, "\(oneZ.message ?? "")")
    }

    /// Occurrences left out of a list of lines are each told as the `- ` line to add, in the list's form, after the line
    /// before it (a review's evening dose). zoneinfo: London is on BST (+01:00) from 2027-03-28T01:00Z; 20:00 BST is 19:00Z.
    @Test func anUnlistedOccurrenceIsToldTheLineToAdd() throws {
        let result = try Self.runOnCore("""
            spec: doses
            schedule: {id: med, timezone: Europe/London, rule: {every: day, at: ["08:00", "20:00"]}, nonexistent: skip, repeated: first}
            window: {after: 2027-03-28T00:00:00+00:00, through: 2027-03-29T12:00:00+01:00}
            expect:
              occurrences:
                - {at: 2027-03-28T08:00:00+01:00, key: med/v1/2027-03-28T08:00}
                - {at: 2027-03-29T08:00:00+01:00, key: med/v1/2027-03-29T08:00}
            """, path: "doses.yaml")
        #expect(result.message == "occurrences differ: 1 unexpected; 2027-03-28 20:00 BST (+01:00) is not listed: add "
            + "'- {at: 2027-03-28T20:00:00+01:00, key: med/v1/2027-03-28T20:00}' after line 6", "\(result.message ?? "")")
    }

    /// Two lines at one instant, the first keyed for a slot with no occurrence: the line with the produced key is the
    /// occurrence's, and the other is the line too many (a review's diff marked the right line "expected, not produced").
    /// zoneinfo: 02:00 does not exist in Berlin on 2027-03-28 (skipped under `skip`); 03:00 CEST is 01:00Z.
    @Test func ofTwoLinesAtOneInstantTheOneWithTheProducedKeyIsPaired() throws {
        let result = try Self.runOnCore("""
            spec: two slots
            schedule: {id: n, timezone: Europe/Berlin, rule: {every: day, at: ["02:00", "03:00"]}, nonexistent: skip, repeated: first}
            window: {after: 2027-03-28T00:00:00+01:00, through: 2027-03-28T04:00:00+02:00}
            expect:
              occurrences:
                - {at: 2027-03-28T03:00:00+02:00, key: n/v1/2027-03-28T02:00}
                - {at: 2027-03-28T03:00:00+02:00, key: n/v1/2027-03-28T03:00}
            """, path: "two.yaml")
        #expect(result.diff.map(\.kind) == [.same, .missing], "\(result.diff)")
        #expect(result.diff.last?.expectedLine == 6)
        #expect(result.message?.hasPrefix("occurrences differ: 1 missing;") == true, "\(result.message ?? "")")
    }

    /// A rule with one time a date keys by the date alone: a key written with a time is told so (mutation run 19's K2:
    /// nothing was said). zoneinfo: 02:30 does not exist in Berlin on 2027-03-28; shift-forward gives 03:30 CEST (01:30Z).
    @Test func aKeyWithATimeForARuleWithOneTimeADateIsToldTheDateAlone() throws {
        let result = try Self.runOnCore("""
            spec: one time
            schedule: {id: n, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: shift-forward, repeated: first}
            window: {after: 2027-03-27T12:00:00+01:00, through: 2027-03-28T12:00:00+02:00}
            expect:
              occurrences: [{at: 2027-03-28T03:30:00+02:00, key: n/v1/2027-03-28T03:30}]
            """, path: "one.yaml")
        #expect(result.message == "occurrences differ: 1 key mismatch (2027-03-28 03:30 CEST (+02:00): key n/v1/2027-03-28T03:30 expected, "
            + "n/v1/2027-03-28 produced); a rule with one time a date keys each occurrence by its slot's date alone, with no time: write "
            + "n/v1/2027-03-28", "\(result.message ?? "")")
    }

    /// An instant a gap policy moved a slot onto, keyed by a later slot of the same date that gives the same instant, is
    /// told whose occurrence it is (a message review keyed Berlin's spring 03:00 by the 03:00 slot under 02:00, 02:30
    /// and 03:00 with `next-valid-time`, and was told only the keys). zoneinfo: 02:00 and 02:30 do not exist on
    /// 2027-03-28; next-valid-time gives 03:00 CEST (01:00Z), which the 03:00 slot gives too: the 02:00 slot keeps it.
    @Test func anInstantTwoSlotsGiveKeyedByTheLaterIsToldTheEarliestSlotHasIt() throws {
        let result = try Self.runOnCore("""
            spec: three times
            schedule: {id: t, timezone: Europe/Berlin, rule: {every: day, at: ["02:00", "02:30", "03:00"]}, nonexistent: next-valid-time, repeated: first}
            window: {after: 2027-03-28T00:00:00+01:00, through: 2027-03-28T12:00:00+02:00}
            expect:
              occurrences: [{at: 2027-03-28T03:00:00+02:00, key: t/v1/2027-03-28T03:00}]
            """, path: "three.yaml")
        #expect(result.message == "occurrences differ: 1 key mismatch (2027-03-28 03:00 CEST (+02:00): key t/v1/2027-03-28T03:00 expected, "
            + "t/v1/2027-03-28T02:00 produced); 2027-03-28 03:00 CEST (+02:00) is the 02:00 slot's occurrence: 02:00 does not exist on "
            + "2027-03-28 and 'nonexistent: next-valid-time' moves it there; a rule gives an instant once, as the earliest slot's "
            + "(docs/recurrence.md#rules), so the slot the key expected names has none: write t/v1/2027-03-28T02:00", "\(result.message ?? "")")
    }

    /// Keys that differ only in a repeated pair's suffix are told what the suffix marks: the later instance alone ends
    /// in `~2`, the earlier keeps the plain key, and `~1` is no key's suffix (a review wrote `~2` on the earlier 02:30
    /// and `~1` on the later, and was told only the keys). Berlin falls back at 01:00Z on 2027-10-31 (zoneinfo):
    /// 02:30 happens at 00:30Z (+02:00) and at 01:30Z (+01:00).
    @Test(arguments: [
        ("[{at: 2027-10-31T02:30:00+02:00, key: n/v1/2027-10-31~2}, {at: 2027-10-31T02:30:00+01:00, key: n/v1/2027-10-31~2}]",
         "2027-10-31 02:30 CEST (+02:00): key n/v1/2027-10-31~2 expected, n/v1/2027-10-31 produced); a key ends in ~2 only for the "
            + "later of a repeated pair; 2027-10-31 02:30 CEST (+02:00) is the earlier (or only) instance of its wall time, whose key "
            + "has no suffix: write n/v1/2027-10-31"),
        ("[{at: 2027-10-31T02:30:00+02:00, key: n/v1/2027-10-31}, {at: 2027-10-31T02:30:00+01:00, key: n/v1/2027-10-31~1}]",
         "2027-10-31 02:30 CET (+01:00): key n/v1/2027-10-31~1 expected, n/v1/2027-10-31~2 produced); ~1 is no key's suffix: only "
            + "the later of a repeated pair gets one, ~2; 2027-10-31 02:30 CET (+01:00) is the later instance of a wall time that "
            + "happens twice, whose key ends in ~2 under 'repeated: both': write n/v1/2027-10-31~2"),
        // The suffix typed with a hyphen (a newcomer's `-2`): told it is a tilde.
        ("[{at: 2027-10-31T02:30:00+02:00, key: n/v1/2027-10-31}, {at: 2027-10-31T02:30:00+01:00, key: n/v1/2027-10-31-2}]",
         "2027-10-31 02:30 CET (+01:00): key n/v1/2027-10-31-2 expected, n/v1/2027-10-31~2 produced); the later instance of a wall "
            + "time that happens twice is keyed with a tilde, ~2; the key expected writes '-2': write n/v1/2027-10-31~2"),
        // A space before the suffix (a second round's `2027-10-31 ~2`).
        ("[{at: 2027-10-31T02:30:00+02:00, key: n/v1/2027-10-31}, {at: 2027-10-31T02:30:00+01:00, key: \"n/v1/2027-10-31 ~2\"}]",
         "2027-10-31 02:30 CET (+01:00): key n/v1/2027-10-31 ~2 expected, n/v1/2027-10-31~2 produced); the key expected has a space in "
            + "it, which keys do not: write n/v1/2027-10-31~2"),
    ])
    func aKeyDifferingOnlyInThePairSuffixIsToldWhatTheSuffixMarks(occurrences: String, message: String) throws {
        let result = try Self.runOnCore("""
            spec: pair
            schedule: {id: n, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: both}
            window: {after: 2027-10-31T00:00:00+02:00, through: 2027-10-31T12:00:00+01:00}
            expect:
              occurrences: \(occurrences)
            """, path: "pair.yaml")
        #expect(result.status == .failed)
        #expect(result.message == "occurrences differ: 1 key mismatch (" + message, "\(result.message ?? "")")
    }

    /// A key naming February 29 of a year without one, under `missing-day: skip`, is told that the date does not exist
    /// and the key to write, with no word on `last-day` (mutation run 17's K4 survived that clause said under any
    /// `missing-day` policy: only `last-day` and a daily rule were pinned). 2028 is a leap year, so the rule selects
    /// 2028-02-29; 2027 is not. Berlin is at +01:00 that day (zoneinfo): 09:00 is 08:00Z.
    @Test func aKeyNamingAFebruary29ThatDoesNotExistIsNotToldAboutLastDayUnderSkip() throws {
        let result = try Self.runOnCore("""
            spec: leap day
            schedule: {id: leap, timezone: Europe/Berlin, rule: {every: year, month: 2, day: 29, at: "09:00", missing-day: skip}, nonexistent: skip, repeated: first}
            window: {after: 2028-02-28T00:00:00+01:00, through: 2028-03-01T00:00:00+01:00}
            expect:
              occurrences: [{at: 2028-02-29T09:00:00+01:00, key: leap/v1/2027-02-29}]
            """, path: "leap.yaml")
        #expect(result.status == .failed)
        #expect(result.message == "occurrences differ: 1 key mismatch (2028-02-29 09:00 CET (+01:00): key leap/v1/2027-02-29 expected, "
            + "leap/v1/2028-02-29 produced); the key expected names 2027-02-29, a date that does not exist; a key carries the date "
            + "the rule selected: write leap/v1/2028-02-29", "\(result.message ?? "")")
    }

    /// The drop-rule sentence is for a key of the day a gap policy moved an instant into, and only that: an expected key
    /// of the slot's own date with another time (Lord Howe's 02:15 keyed by the instant's 02:45: one date), of a third
    /// date (Apia's 2011-12-29), or of another schedule id gets the key mismatch alone (mutation run 16's K1, K2 and K3
    /// survived each of those guards dropped) — the first since this session told that a key names the slot's wall time,
    /// with no drop-rule sentence (no slot at 02:45 gives that instant). zoneinfo: Lord Howe skips 02:00–02:30 on 2027-10-03 (15:30Z): 02:15 under
    /// shift-forward is 02:45+11:00; Apia's 02:30 of the skipped 2011-12-30 read at -10:00 is 2011-12-31T02:30:00+14:00.
    @Test(arguments: [
        ("Australia/Lord_Howe", "[\"02:15\", \"09:00\"]", "2027-10-02T12:00:00+10:30", "2027-10-03T03:00:00+11:00",
         "{at: 2027-10-03T02:45:00+11:00, key: n/v1/2027-10-03T02:45}",
         "occurrences differ: 1 key mismatch (2027-10-03 02:45 (+11:00): key n/v1/2027-10-03T02:45 expected, n/v1/2027-10-03T02:15 produced); "
            + "2027-10-03 02:45 (+11:00) is the 02:15 slot's occurrence: 02:15 does not exist on 2027-10-03 and 'nonexistent: shift-forward' "
            + "moves it there; a key names the slot's wall time, not the instant's: write n/v1/2027-10-03T02:15"),
        ("Pacific/Apia", "\"02:30\"", "2011-12-30T12:00:00Z", "2011-12-30T13:00:00Z", "{at: 2011-12-31T02:30:00+14:00, key: n/v1/2011-12-29}",
         "occurrences differ: 1 key mismatch (2011-12-31 02:30 (+14:00): key n/v1/2011-12-29 expected, n/v1/2011-12-30 produced)"),
        ("Pacific/Apia", "\"02:30\"", "2011-12-30T12:00:00Z", "2011-12-30T13:00:00Z", "{at: 2011-12-31T02:30:00+14:00, key: m/v1/2011-12-31}",
         "occurrences differ: 1 key mismatch (2011-12-31 02:30 (+14:00): key m/v1/2011-12-31 expected, n/v1/2011-12-30 produced)"),
    ])
    func aKeyMismatchOfNoDayAGapPolicyMovedIntoGetsNoDropRuleSentence(zone: String, times: String, after: String, through: String,
                                                                      occurrence: String, message: String) throws {
        let result = try Self.runOnCore("""
            spec: keys
            schedule: {id: n, timezone: \(zone), rule: {every: day, at: \(times)}, nonexistent: shift-forward, repeated: first}
            window: {after: \(after), through: \(through)}
            expect:
              occurrences: [\(occurrence)]
            """, path: "keys.yaml")
        #expect(result.status == .failed)
        #expect(result.message == message, "\(result.message ?? "")")
    }

    /// A wall time moved by the gap's own length is what another policy gives, never a slip of the gap's length; the
    /// Foundation engine, failing alike, is told that policy too, not the slip (mutation run 16's I1 survived the guard
    /// dropped: the core's policy sentence came first). zoneinfo: Lord Howe skips 02:00–02:30 on 2027-10-03 (15:30Z), so
    /// 02:45+11:00 is 15:45Z, shift-forward's 02:15.
    @Test func aWallTimeMovedByTheGapsOwnLengthIsNoSlipOnFoundationEither() throws {
        let file = SpecParser().parse(path: "gap.yaml", bytes: Array("""
            spec: gap
            schedule: {id: g, timezone: Australia/Lord_Howe, rule: {every: day, at: "02:15"}, nonexistent: skip, repeated: first}
            window: {after: 2027-10-02T12:00:00+10:30, through: 2027-10-03T12:00:00+11:00}
            expect:
              occurrences: [2027-10-03T02:45:00+11:00]
            """.utf8))
        let result = try Self.run(try #require(file.specs.first), on: .foundation)
        #expect(result.status == .failed)
        #expect(result.message == "occurrences differ: 1 missing; 2027-10-03 02:45 (+11:00) is what 'nonexistent: shift-forward' gives, "
            + "not this test's 'nonexistent: skip'; under this test's policies, 02:15 on 2027-10-03 gives no occurrence: if the app uses "
            + "them, remove the line", "\(result.message ?? "")")
    }

    /// The Foundation hint's command names the slot of a key Foundation gave otherwise (the same instant: Berlin's 02:15
    /// slot in the gap is 03:00+02:00 under next-valid-time, 01:00Z, which Foundation keys T03:00), and the slot under
    /// a case's own policy (Lord Howe's 02:15 under the case's shift-forward is 02:45+11:00, 15:45Z; the spec's skip
    /// gives none). Mutation run 16's F1 and F3 survived the key mismatch left out and the case's overrides dropped: the
    /// command lost its `--at`. Where both engines resolve the slot's wall time alike, `explain` would show no
    /// difference: the hints audit ran 960 such commands; a key is then said to be Foundation's wall time's. zoneinfo: Berlin springs forward at 2027-03-28T01:00Z, Lord Howe at 2027-10-02T15:30Z.
    @Test func theFoundationHintNamesTheSlotOfAKeyMismatchAndOfACasesPolicy() throws {
        func run(_ text: String) throws -> TestResult {
            let file = SpecParser().parse(path: "foundation.yaml", bytes: Array(text.utf8))
            try #require(file.diagnostics.allSatisfy { $0.severity != .error }, "\(file.diagnostics)")
            return try Self.run(try #require(file.specs.first), on: .foundation)
        }
        let keyed = try run("""
            spec: two times
            schedule: {id: n, timezone: Europe/Berlin, rule: {every: day, at: ["02:15", "09:00"]}, nonexistent: next-valid-time, repeated: first}
            window: {after: 2027-03-28T00:00:00+01:00, through: 2027-03-28T12:00:00+02:00}
            expect:
              occurrences: [{at: 2027-03-28T03:00:00+02:00, key: n/v1/2027-03-28T02:15}, {at: 2027-03-28T09:00:00+02:00, key: n/v1/2027-03-28T09:00}]
            """)
        #expect(keyed.status == .failed)
        // Both engines resolve 02:15 that night alike (03:00+02:00): explain would show no difference, so the key is said.
        #expect(keyed.message?.hasSuffix("; foundation gives the same instant, keyed by the wall time it found rather than by "
            + "the rule's slot 02:15 on 2027-03-28, as app code built on Calendar's answer would key it") == true, "\(keyed.message ?? "")")
        // The core passes: the core's sentence on the key ("… is the 02:15 slot's occurrence …: write n/v1/2027-03-28T03:00",
        // Foundation's own key) would send the author away from the spec language, declared or not (the corpus's
        // berlin-drop-rule known deviation said it).
        #expect(keyed.message?.contains("write n/v1/2027-03-28T03:00") == false, "\(keyed.message ?? "")")
        let declared = try run("""
            spec: two times
            known-deviations: {foundation: "keys by the wall time found"}
            schedule: {id: n, timezone: Europe/Berlin, rule: {every: day, at: ["02:15", "09:00"]}, nonexistent: next-valid-time, repeated: first}
            window: {after: 2027-03-28T00:00:00+01:00, through: 2027-03-28T12:00:00+02:00}
            expect:
              occurrences: [{at: 2027-03-28T03:00:00+02:00, key: n/v1/2027-03-28T02:15}, {at: 2027-03-28T09:00:00+02:00, key: n/v1/2027-03-28T09:00}]
            """)
        #expect(declared.status == .knownDeviation)
        #expect(declared.message == "occurrences differ: 1 key mismatch (2027-03-28 03:00 CEST (+02:00): key n/v1/2027-03-28T02:15 expected, "
            + "n/v1/2027-03-28T03:00 produced)", "\(declared.message ?? "")")
        let overridden = try run("""
            spec: case policy
            schedule: {id: n, timezone: Australia/Lord_Howe, rule: {every: day, at: "02:15"}, nonexistent: skip, repeated: first}
            cases:
              - name: shifted
                nonexistent: shift-forward
                after: 2027-10-03T00:00:00+10:30
                next: 2027-10-03T02:45:00+11:00
            """)
        #expect(overridden.status == .failed)
        #expect(overridden.message?.hasSuffix("; `specrun explain Australia/Lord_Howe 2027-10-03 --at 02:15 --engine all` shows both engines' answers") == true,
                "\(overridden.message ?? "")")
    }

    /// A key Foundation gave otherwise beside another difference is not said to be the same instant keyed otherwise:
    /// the sentence about keys is for a diff of key mismatches alone (mutation run 18's F4). The Berlin night of the
    /// test above, with an instant only Foundation gave added to its diff (the 09:00 line's).
    @Test func aKeyMismatchBesideAnotherDifferenceIsToldAsFoundationsSearch() throws {
        let file = SpecParser().parse(path: "foundation.yaml", bytes: Array("""
            spec: two times
            schedule: {id: n, timezone: Europe/Berlin, rule: {every: day, at: ["02:15", "09:00"]}, nonexistent: next-valid-time, repeated: first}
            window: {after: 2027-03-28T00:00:00+01:00, through: 2027-03-28T12:00:00+02:00}
            expect:
              occurrences: [{at: 2027-03-28T03:00:00+02:00, key: n/v1/2027-03-28T02:15}, {at: 2027-03-28T09:00:00+02:00, key: n/v1/2027-03-28T09:00}]
            """.utf8))
        let spec = try #require(file.specs.first)
        guard case .recurrence(let recurrence) = spec.body else { Issue.record("not a recurrence spec"); return }
        let schedule = try recurrence.schedule.schedule()
        let keyed = try Self.run(spec, on: .foundation)
        #expect(keyed.diff.filter { $0.kind != .same }.map(\.kind) == [.keyMismatch])
        let other = try #require(keyed.diff.first { $0.kind == .same }?.actual)
        let hint = FoundationHint.hint(zone: schedule.timeZone, schedule: schedule,
                                       diff: keyed.diff + [DiffLine(kind: .unexpected, expected: nil, actual: other)])
        #expect(hint == "core passes this test and foundation does not: the spec agrees with core, so the difference is foundation's; if it "
            + "is expected (a known fault of this toolchain, docs/toolchains.md#known-deviations), declare it under 'known-deviations:'; it "
            + "lies in foundation's search of this rule (both engines resolve 02:15 on 2027-03-28 alike under this spec's policies, so "
            + "`explain --engine all` would not show it)", "\(hint)")
    }

    /// An instant Foundation keeps that the core's drop rule removes is told as the run's reason, not with an `explain`
    /// command, which resolves the wall time alone and shows the core giving it (a second review, N4: Troll's hourly
    /// `both`). zoneinfo: Troll falls back at 2027-10-31T01:00Z (+02:00 → +00:00); in slot order 00:30 is 22:30Z, 01:30
    /// is 23:30Z and 01:30Z, 02:30 is 00:30Z (not later than 01:30Z: dropped) and 02:30Z, 03:30 is 03:30Z.
    @Test func anInstantTheDropRuleRemovesIsToldAsTheCoresRunUnderFoundation() throws {
        let file = SpecParser().parse(path: "troll.yaml", bytes: Array("""
            spec: troll hourly
            schedule: {id: trh, timezone: Antarctica/Troll, rule: {every: hour, minute: 30}, nonexistent: skip, repeated: both}
            window: {after: 2027-10-31T00:00:00+02:00, through: 2027-10-31T04:00:00+00:00}
            expect:
              occurrences:
                - {at: 2027-10-30T22:30:00Z, key: trh/v1/2027-10-31T00:30}
                - {at: 2027-10-30T23:30:00Z, key: trh/v1/2027-10-31T01:30}
                - {at: 2027-10-31T01:30:00Z, key: trh/v1/2027-10-31T01:30~2}
                - {at: 2027-10-31T02:30:00Z, key: trh/v1/2027-10-31T02:30~2}
                - {at: 2027-10-31T03:30:00Z, key: trh/v1/2027-10-31T03:30}
            """.utf8))
        let spec = try #require(file.specs.first)
        #expect(try Self.run(spec, on: .core).status == .passed)
        guard case .recurrence(let recurrence) = spec.body else { Issue.record("not a recurrence spec"); return }
        let schedule = try recurrence.schedule.schedule()
        let core = try Self.run(spec, on: .core)
        // Foundation's answer as the review measured it: the first 02:30 (00:30Z) kept, beside the core's.
        let kept = ResultInstant(Date(timeIntervalSince1970: 1_824_942_600), in: schedule.timeZone, key: "trh/v1/2027-10-31T02:30")
        let hint = FoundationHint.hint(zone: schedule.timeZone, schedule: schedule,
                                       diff: core.diff + [DiffLine(kind: .unexpected, expected: nil, actual: kept)])
        #expect(hint.hasSuffix("; core drops 2027-10-31 02:30 (+02:00), the first instant 'repeated: both' gives 02:30: it comes before "
            + "2027-10-31 01:30 (+00:00), produced before it in slot order (date, then time), and a candidate not later than the previous "
            + "occurrence is dropped (docs/recurrence.md#rules); foundation keeps it (`explain`, which resolves one wall time alone, would "
            + "show core giving it)"), "\(hint)")
        #expect(!hint.contains("specrun explain"), "\(hint)")
    }

    /// A difference in Foundation's search of the rule, not in the wall time, is said so without an `explain` command
    /// (the hints audit: the command lacked `--at` for an instant only Foundation gave, and showed the engines agreeing
    /// for a weekday of the month). zoneinfo: 2027-02-28 is a Sunday, 02:00 there is +01:00; Berlin falls back at
    /// 2027-10-31T01:00Z, so hourly :30 under `first` is 00:30, 01:30, 02:30 (+02:00) and 03:30 (+01:00), and both
    /// engines resolve a daily 02:30 under `first` to the +02:00 one.
    @Test func aDifferenceInFoundationsSearchOfTheRuleOffersNoExplainCommand() throws {
        func run(_ text: String) throws -> TestResult {
            let file = SpecParser().parse(path: "foundation.yaml", bytes: Array(text.utf8))
            try #require(file.diagnostics.allSatisfy { $0.severity != .error }, "\(file.diagnostics)")
            let spec = try #require(file.specs.first)
            #expect(try Self.run(spec, on: .core).status == .passed)
            return try Self.run(spec, on: .foundation)
        }
        let lastSunday = try run("""
            spec: last sunday
            schedule: {id: p, timezone: Europe/Berlin, rule: {every: month, on: last sunday, at: "02:00"}, nonexistent: skip, repeated: first}
            window: {after: 2027-02-01T00:00:00+01:00, through: 2027-03-01T00:00:00+01:00}
            expect:
              occurrences: [2027-02-28T02:00:00+01:00]
            """)
        #expect(lastSunday.status == .failed)
        // A month's last weekday is the fault docs/toolchains.md names (a message review read "found no occurrence" on a
        // correct spec as a search that ran out).
        #expect(lastSunday.message?.hasSuffix("under 'known-deviations:'; foundation's nextDate finds no date for a month's last weekday "
            + "(weekdayOrdinal -1) on this toolchain (docs/toolchains.md#known-deviations, specs/foundation/last-weekday-ordinal.yaml)") == true,
                "\(lastSunday.message ?? "")")
        let hourly = try run("""
            spec: hourly
            schedule: {id: h, timezone: Europe/Berlin, rule: {every: hour, minute: 30}, nonexistent: skip, repeated: first}
            window: {after: 2027-10-31T00:00:00+02:00, through: 2027-10-31T04:00:00+01:00}
            expect:
              occurrences: [2027-10-31T00:30:00+02:00, 2027-10-31T01:30:00+02:00, 2027-10-31T02:30:00+02:00, 2027-10-31T03:30:00+01:00]
            """)
        #expect(hourly.status == .failed)
        #expect(hourly.message?.hasSuffix("(both engines resolve 02:30 on 2027-10-31 alike under this spec's policies, "
            + "so `explain --engine all` would not show it)") == true, "\(hourly.message ?? "")")
    }

    /// In a chain of searches the hint names the earliest difference, where the engines part, not the first instant
    /// Foundation then missed (a message review was told 04:30, where Foundation's extra 02:30 CET came first).
    /// zoneinfo: Berlin falls back at 2027-10-31T01:00Z; hourly :30 under `first` is 01:30 and 02:30 (+02:00), then
    /// 03:30 and 04:30 (+01:00); from a cursor inside the repeated hour Foundation's `.first` answers 02:30 CET.
    @Test func aChainOfSearchesIsHintedAtItsEarliestDifference() throws {
        let file = SpecParser().parse(path: "chain.yaml", bytes: Array("""
            spec: chain
            schedule: {id: h, timezone: Europe/Berlin, rule: {every: hour, minute: 30}, nonexistent: skip, repeated: first}
            cases:
              - name: four searches
                after: 2027-10-31T01:00:00+02:00
                next: [2027-10-31T01:30:00+02:00, 2027-10-31T02:30:00+02:00, 2027-10-31T03:30:00+01:00, 2027-10-31T04:30:00+01:00]
            """.utf8))
        let spec = try #require(file.specs.first)
        #expect(try Self.run(spec, on: .core).status == .passed)
        let foundation = try Self.run(spec, on: .foundation)
        #expect(foundation.message?.hasSuffix("(both engines resolve 02:30 on 2027-10-31 alike under this spec's policies, so `explain "
            + "--engine all` would not show it)") == true, "\(foundation.message ?? "")")
    }

    /// Where the engines give a day's wall time the same instant but for different days, `explain` shows the
    /// difference, so its command is offered (the second hints audit: at Apia's skipped 2011-12-30 both give
    /// 2011-12-31T00:00:00+14:00, the core for the 30th and Foundation for the 31st, and the hint said "alike").
    /// zoneinfo: 2011-12-30 is a Friday that Apia skipped; 10:00Z on the 30th is 2011-12-31 00:00 (+14:00).
    @Test func aDaySkippedWhoseInstantTheEnginesKeyApartOffersTheExplainCommand() throws {
        let file = SpecParser().parse(path: "apia.yaml", bytes: Array("""
            spec: apia
            schedule: {id: w, timezone: Pacific/Apia, rule: {every: week, on: [friday], at: "00:00"}, nonexistent: next-valid-time, repeated: first}
            window: {after: 2011-12-29T12:00:00-10:00, through: 2012-01-01T12:00:00+14:00}
            expect:
              occurrences: [{at: 2011-12-31T00:00:00+14:00, key: w/v1/2011-12-30}]
            """.utf8))
        let spec = try #require(file.specs.first)
        #expect(try Self.run(spec, on: .core).status == .passed)
        let result = try Self.run(spec, on: .foundation)
        #expect(result.status == .failed)
        #expect(result.message?.hasSuffix("; `specrun explain Pacific/Apia 2011-12-30 --at 00:00 --engine all` shows both engines' answers") == true,
                "\(result.message ?? "")")
    }

    /// UTC digits written with a local offset are named (the second hints audit: Nuuk's 22:00 of 2023-03-25 under
    /// next-valid-time is 23:00-02:00, 01:00Z, written `2023-03-26T01:00:00-02:00`, was told "22:00 moved forward by 3
    /// hours"); a weekday or date story is not told of an instant written with an offset the zone does not have then
    /// (`2023-03-25T23:00:00-03:00` is 02:00Z, 2023-03-26 00:00 at -02:00: told it was a Sunday and "moved by 2
    /// hours"). zoneinfo: Nuuk skips 22:00–23:00 on 2023-03-25 (01:00Z).
    @Test(arguments: [
        ("{every: day, at: \"22:00\"}", "2023-03-26T01:00:00-02:00",
         "occurrences differ: 1 missing, 1 unexpected; line 5: 2023-03-26T01:00:00-02:00 is the UTC time of the rule's occurrence "
            + "2023-03-26T01:00:00Z written with a local offset; write 2023-03-25T23:00:00-02:00; 2023-03-25 23:00 (-02:00) comes from this "
            + "test's 'nonexistent: next-valid-time'; under 'nonexistent: skip' or 'nonexistent: shift-backward' this instant is no occurrence"),
        // The produced 23:00 written with the offset before the change: an offset slip, which its warning explains.
        ("{every: week, on: [saturday, monday], at: \"22:00\"}", "2023-03-25T23:00:00-03:00",
         "occurrences differ: 1 missing, 1 unexpected"),
    ])
    func anOffsetSlipIsNotToldAsAnotherSlip(rule: String, expected: String, message: String) throws {
        let result = try Self.runOnCore("""
            spec: nuuk
            schedule: {id: n, timezone: America/Nuuk, rule: \(rule), nonexistent: next-valid-time, repeated: first}
            window: {after: 2023-03-25T12:00:00-03:00, through: 2023-03-26T12:00:00-02:00}
            expect:
              occurrences: [\(expected)]
            """, path: "nuuk.yaml")
        #expect(result.status == .failed)
        #expect(result.message == message, "\(result.message ?? "")")
    }

    /// Nuuk's 23:30 of 2027-03-27 moved past midnight by next-valid-time (zoneinfo: 23:00 -02:00 → 00:00 -01:00 at 01:00Z,
    /// so 2027-03-28T00:00:00-01:00) keeps the 27th's key, and the 28th's own 23:30 is that evening, another instant: the
    /// sentence says the key, not the drop rule (a third review read "the same instant" above a diff listing the 28th's).
    @Test func aKeyOfADayMovedPastMidnightIsToldTheDaySelected() throws {
        let result = try Self.runOnCore("""
            spec: nuuk key
            schedule: {id: nuuk, timezone: America/Nuuk, rule: {every: day, at: "23:30"}, nonexistent: next-valid-time, repeated: first}
            window: {after: 2027-03-27T12:00:00-02:00, through: 2027-03-28T12:00:00-01:00}
            expect:
              occurrences: [{at: 2027-03-28T00:00:00-01:00, key: nuuk/v1/2027-03-28}]
            """, path: "nuuk.yaml")
        #expect(result.status == .failed)
        #expect(result.message?.hasSuffix("; 2027-03-28 00:00 (-01:00) is 2027-03-27's 23:30 under 'nonexistent: next-valid-time' (that day's wall "
            + "time does not exist), and is keyed by that day: write nuuk/v1/2027-03-27") == true, "\(result.message ?? "")")
        #expect(result.message?.contains("same instant") == false)
    }

    /// An instant a gap policy moved into the next day keeps the key of the day whose wall time did not exist, and the
    /// day it falls on has none there: said with the drop rule (a second incident review expected Apia's 31st keyed
    /// 12-31 and read two keys and nothing more). zoneinfo: Apia skips 2011-12-30 (-10:00 until 10:00Z, then +14:00);
    /// its 02:30 read at -10:00 is 12:30Z, 2011-12-31T02:30:00+14:00, the 31st's own 02:30 too.
    @Test func aKeyOfTheDayAGapPolicyMovedIntoIsExplained() throws {
        let result = try Self.runOnCore("""
            spec: apia
            schedule: {id: daily-report, timezone: Pacific/Apia, rule: {every: day, at: "02:30"}, nonexistent: shift-forward, repeated: first}
            window: {after: 2011-12-30T12:00:00Z, through: 2011-12-30T13:00:00Z}
            expect:
              occurrences: [{at: 2011-12-31T02:30:00+14:00, key: daily-report/v1/2011-12-31}]
            """, path: "apia.yaml")
        #expect(result.status == .failed)
        #expect(result.message == "occurrences differ: 1 key mismatch (2011-12-31 02:30 (+14:00): key daily-report/v1/2011-12-31 expected, "
            + "daily-report/v1/2011-12-30 produced); 2011-12-31 02:30 (+14:00) is 2011-12-30's 02:30 under 'nonexistent: shift-forward' "
            + "(that day's wall time does not exist); 2011-12-31's own 02:30 would be the same instant, and a rule gives an instant once, "
            + "as the earlier slot's (docs/recurrence.md#rules), so no occurrence is keyed 2011-12-31 there", "\(result.message ?? "")")
    }

    /// A Foundation failure the core engine passes is said to be Foundation's own, with the `explain` command that shows
    /// both engines that day (an incident review saw "1 missing" and nothing more); a declared deviation and a failure
    /// both engines share are not. zoneinfo: Lord Howe skips 02:00–02:30 on 2027-10-03 (15:30Z), so 02:15 under
    /// shift-forward is 02:45+11:00 (15:45Z); Foundation gives no occurrence that day (toolchains.md).
    @Test func aFoundationFailureTheCoreDoesNotShareIsSaidToBeFoundations() throws {
        let text = """
            spec: thirty minutes
            schedule: {id: n, timezone: Australia/Lord_Howe, rule: {every: day, at: "02:15"}, nonexistent: shift-forward, repeated: first}
            window: {after: 2027-10-02T12:00:00+10:30, through: 2027-10-03T12:00:00+11:00}
            expect:
              occurrences: [OCCURRENCE]
            """
        func run(_ occurrence: String, deviation: Bool = false) throws -> TestResult {
            let written = text.replacingOccurrences(of: "OCCURRENCE", with: occurrence)
                + (deviation ? "\nknown-deviations: {foundation: \"Calendar skips the day\"}\n" : "\n")
            let file = SpecParser().parse(path: "foundation.yaml", bytes: Array(written.utf8))
            try #require(file.diagnostics.allSatisfy { $0.severity != .error }, "\(file.diagnostics)")
            return try Self.run(try #require(file.specs.first), on: .foundation)
        }
        let own = try run("2027-10-03T02:45:00+11:00")
        #expect(own.status == .failed)
        // In the words of the engines' table (`--engine all`), which then does not say it again (a review read both).
        #expect(own.message == "occurrences differ: 1 missing; core passes this test and foundation does not: the spec agrees with core, "
            + "so the difference is foundation's; if it is expected (a known fault of this toolchain, docs/toolchains.md#known-deviations), "
            + "declare it under 'known-deviations:'; `specrun explain Australia/Lord_Howe 2027-10-03 --at 02:15 --engine all` shows both "
            + "engines' answers",
                "\(own.message ?? "")")
        // Declared: a known deviation, its message without the advice to declare it.
        let declared = try run("2027-10-03T02:45:00+11:00", deviation: true)
        #expect(declared.status == .knownDeviation)
        #expect(declared.message == "occurrences differ: 1 missing", "\(declared.message ?? "")")
        // Nuuk's gap crosses midnight (zoneinfo: 2027-03-27 23:00 -02:00 → 2027-03-28 00:00 -01:00 at 01:00Z): 23:30 of
        // 03-27 under shift-forward is 01:30Z, 00:30 of 03-28 local. The command names the slot the rule missed (03-27
        // at 23:30), not the instant's local date and the rule's first time (03-28 at 22:30, where both engines agree).
        let nuuk = SpecParser().parse(path: "nuuk.yaml", bytes: Array("""
            spec: nuuk
            schedule: {id: n, timezone: America/Nuuk, rule: {every: day, at: ["22:30", "23:30"]}, nonexistent: shift-forward, repeated: first}
            window: {after: 2027-03-27T12:00:00-02:00, through: 2027-03-28T12:00:00-01:00}
            expect:
              occurrences: [2027-03-27T22:30:00-02:00, 2027-03-28T00:30:00-01:00]
            """.utf8))
        let midnight = try Self.run(try #require(nuuk.specs.first), on: .foundation)
        #expect(midnight.status == .failed)
        #expect(midnight.message?.hasSuffix("; `specrun explain America/Nuuk 2027-03-27 --at 23:30 --engine all` shows both engines' answers") == true,
                "\(midnight.message ?? "")")
        // Wrong on both engines (the one-hour slip): the core's failure is the one to read, and Foundation's says nothing more.
        let both = try run("2027-10-03T03:15:00+11:00")
        #expect(both.status == .failed)
        #expect(both.message?.contains("passes this test") == false, "\(both.message ?? "")")
    }

    /// Another engine whose occurrences differ from the core's, on a line the core fails too, is not told the core's
    /// policy sentences as its own behaviour (a review's foundation block said "2027-03-28 03:00 (+02:00) is what
    /// 'nonexistent: next-valid-time' gives … 02:30 on 2027-03-28 is 2027-03-28T04:30:00+02:00" of a Foundation that gives
    /// no occurrence that day): they are said as the core's, with what foundation gives. And a known deviation declared
    /// for foundation does not hide the author's mistake (the same review's `--engine foundation` run exited 0).
    /// zoneinfo: Troll springs forward at 2027-03-28T01:00Z (+00:00 → +02:00); 02:30 under shift-forward is read with
    /// +00:00, 02:30Z, 04:30+02:00; next-valid-time gives 03:00+02:00 (01:00Z). Foundation skips the 28th (the corpus's
    /// known deviation, specs/antarctica-troll).
    @Test func anotherEnginesFailureTheCoreSharesTellsTheCoresHintsAsTheCores() throws {
        func run(_ line7: String, deviation: Bool, on engine: EngineName) throws -> TestResult {
            let text = """
                spec: troll
                schedule: {id: troll, timezone: Antarctica/Troll, rule: {every: day, at: "02:30"}, nonexistent: shift-forward, repeated: first}
                window: {after: 2027-03-27T00:00:00+00:00, through: 2027-03-30T00:00:00+02:00}
                expect:
                  occurrences:
                    - {at: 2027-03-27T02:30:00+00:00, key: troll/v1/2027-03-27}
                    - {at: \(line7), key: troll/v1/2027-03-28}
                    - {at: 2027-03-29T02:30:00+02:00, key: troll/v1/2027-03-29}

                """ + (deviation ? "known-deviations: {foundation: \"Calendar skips the day\"}\n" : "")
            let file = SpecParser().parse(path: "troll.yaml", bytes: Array(text.utf8))
            try #require(file.diagnostics.allSatisfy { $0.severity != .error }, "\(file.diagnostics)")
            return try Self.run(try #require(file.specs.first), on: engine)
        }
        let policy = "2027-03-28 03:00 (+02:00) is what 'nonexistent: next-valid-time' gives, not this test's 'nonexistent: shift-forward'; "
            + "under this test's policies, 02:30 on 2027-03-28 is 2027-03-28T04:30:00+02:00: if the app uses them, write that"
        let core = try run("2027-03-28T03:00:00+02:00", deviation: true, on: .core)
        #expect(core.message == "occurrences differ: 1 missing, 1 unexpected; " + policy, "\(core.message ?? "")")
        let attributed = "occurrences differ: 1 missing; line 7 fails on core too: by the spec language (the core engine), " + policy
            + "; foundation gives no occurrence keyed troll/v1/2027-03-28"
        let declared = try run("2027-03-28T03:00:00+02:00", deviation: true, on: .foundation)
        #expect(declared.status == .failed)
        #expect(declared.message == attributed + "; so the declared deviation does not excuse it: the expectation is wrong by the spec language, "
            + "whatever foundation gives", "\(declared.message ?? "")")
        let undeclared = try run("2027-03-28T03:00:00+02:00", deviation: false, on: .foundation)
        #expect(undeclared.status == .failed)
        #expect(undeclared.message == attributed, "\(undeclared.message ?? "")")
        // The line the spec language gives: foundation's own fault, excused as declared.
        #expect(try run("2027-03-28T04:30:00+02:00", deviation: true, on: .foundation).status == .knownDeviation)
        // A hint that names the line already (a `Z` slip: 04:30Z is 06:30+02:00; its digits as local time are the
        // shift-forward occurrence, 02:30Z) is not told "line 7" twice.
        let utc = try run("2027-03-28T04:30:00Z", deviation: false, on: .foundation)
        #expect(utc.message == "occurrences differ: 1 missing; line 7 fails on core too: by the spec language (the core engine), "
            + "2027-03-28T04:30:00Z is UTC ('Z'), which is 2027-03-28 06:30 (+02:00) in Antarctica/Troll; if its digits 04:30 are meant "
            + "as local time, the rule's occurrence then is 2027-03-28T04:30:00+02:00 (2027-03-28T02:30:00Z); foundation gives no "
            + "occurrence keyed troll/v1/2027-03-28", "\(utc.message ?? "")")
        // No sentence of the core's (an offset slip, its warning's: 04:30 written with +00:00, 04:30Z): what the core gives
        // for the line's key, which a run on foundation alone does not print.
        let slip = try run("2027-03-28T04:30:00+00:00", deviation: false, on: .foundation)
        #expect(slip.message == "occurrences differ: 1 missing; line 7 fails on core too (core gives 2027-03-28 04:30 (+02:00) keyed "
            + "troll/v1/2027-03-28, foundation gives no occurrence keyed troll/v1/2027-03-28)", "\(slip.message ?? "")")
    }

    /// A known deviation declared on core excuses no core failure: the core gives what the spec language defines, so
    /// the spec is wrong (the forty-sixth session's review left `{core: …}` a warning whose run exited 0 with the wrong
    /// spec "known deviation"; reports.md defines a known deviation as a failure the core does not share). A core pass
    /// is still a fixed deviation. zoneinfo: 02:30 does not exist in Berlin on 2027-03-28 (01:00Z, +01:00 → +02:00);
    /// next-valid-time gives 03:00 CEST, 01:00Z.
    @Test func aKnownDeviationDeclaredOnCoreExcusesNoCoreFailure() throws {
        func run(_ instant: String) throws -> TestResult {
            let text = """
                spec: kd core
                schedule: {timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: next-valid-time, repeated: first}
                window: {after: 2027-03-28T00:00:00+01:00, through: 2027-03-29T00:00:00+02:00}
                expect:
                  occurrences: [\(instant)]
                known-deviations: {core: "we think so"}

                """
            let file = SpecParser().parse(path: "kd.yaml", bytes: Array(text.utf8))
            try #require(file.diagnostics.allSatisfy { $0.severity != .error }, "\(file.diagnostics)")
            return try Self.run(try #require(file.specs.first), on: .core)
        }
        let wrong = try run("2027-03-28T03:30:00+02:00")
        #expect(wrong.status == .failed)
        #expect(wrong.message?.hasSuffix("; the known deviation declared on core does not excuse it: the core engine gives what the "
            + "spec language defines, so the expectation is wrong by it") == true, "\(wrong.message ?? "")")
        let right = try run("2027-03-28T03:00:00+02:00")
        #expect(right.status == .fixedDeviation)
    }

    /// Another engine's failure beside the core's is told line by line: a line both fail is "on core too", with what
    /// each gives at that line's own instant; a line the core alone fails, or this engine alone, is said so (a second
    /// review read "line 16 fails on core too (core gives 2027-03-28 03:00 (+02:00) …)", the next line's occurrence,
    /// found by a key line 16 had written twice, and "line 18 fails on core too" of a line Foundation passes).
    /// zoneinfo: Troll springs forward at 2027-03-28T01:00Z (+00:00 → +02:00): 02:30 on the 27th is 02:30Z, on the 28th
    /// next-valid-time gives 01:00Z (03:00+02:00), on the 29th 00:30Z. Apia skips 2011-12-30: 02:30 on the 29th is
    /// 12:30Z (-10:00); the 30th's under shift-forward, read with -10:00, is 2011-12-30T12:30Z, 2011-12-31 02:30+14:00,
    /// the 31st's own 02:30 too (the drop rule keeps it as the 30th's). Foundation finds nothing on the skipped slots
    /// (the corpus's known deviations).
    @Test func anotherEnginesFailureBesideTheCoresIsToldLineByLine() throws {
        func run(_ text: String) throws -> (core: TestResult, foundation: TestResult) {
            let file = SpecParser().parse(path: "t.yaml", bytes: Array(text.utf8))
            try #require(file.diagnostics.allSatisfy { $0.severity != .error }, "\(file.diagnostics)")
            let spec = try #require(file.specs.first)
            return (try Self.run(spec, on: .core), try Self.run(spec, on: .foundation))
        }
        let troll = try run("""
            spec: troll
            known-deviations: {foundation: "Calendar skips the day"}
            schedule: {id: tr, timezone: Antarctica/Troll, rule: {every: day, at: "02:30"}, nonexistent: next-valid-time, repeated: first}
            window: {after: 2027-03-27T00:00:00+00:00, through: 2027-03-30T00:00:00+02:00}
            expect:
              occurrences:
                - {at: 2027-03-27T02:30:00+00:00, key: tr/v1/2027-03-28}
                - {at: 2027-03-28T03:00:00+02:00, key: tr/v1/2027-03-28}
                - {at: 2027-03-29T02:30:00+02:00, key: tr/v1/2027-03-29}
            """)
        #expect(troll.core.status == .failed)
        #expect(troll.foundation.status == .failed)
        #expect(troll.foundation.message?.hasPrefix("occurrences differ: 1 missing, 1 key mismatch; line 7 fails on core too (both engines give "
            + "2027-03-27 02:30 (+00:00) keyed tr/v1/2027-03-27); line 8 fails on foundation alone, which the declared deviation may "
            + "cover; so the declared deviation does not excuse it") == true, "\(troll.foundation.message ?? "")")
        let apia = try run("""
            spec: apia
            known-deviations: {foundation: "Calendar finds nothing for the skipped day"}
            schedule: {id: ap, timezone: Pacific/Apia, rule: {every: day, at: "02:30"}, nonexistent: shift-forward, repeated: first}
            window: {after: 2011-12-29T00:00:00-10:00, through: 2012-01-01T00:00:00+14:00}
            expect:
              occurrences:
                - {at: 2011-12-29T02:30:00-10:00, key: ap/v1/2011-12-29}
                - {at: 2011-12-31T02:30:00+14:00, key: ap/v1/2011-12-30}
                - {at: 2011-12-31T02:30:00+14:00, key: ap/v1/2011-12-31}
            """)
        #expect(apia.core.status == .failed)
        #expect(apia.foundation.status == .failed)
        let message = apia.foundation.message ?? ""
        #expect(message.contains("; line 9 fails on core, not on foundation (core gives 2011-12-31 02:30 (+14:00) keyed ap/v1/2011-12-30, "
            + "line 8's); line 8 fails on foundation alone, which the declared deviation may cover; so the declared deviation does not excuse it"), "\(message)")
        #expect(!message.contains("(core: "), "\(message)")
    }

    /// A case's line the core fails with no sentence of its own (an offset slip) is told the core's search result, which
    /// a run on foundation alone does not print ("(core: occurrences differ: …)" sent the reader to a block not there).
    /// zoneinfo: Lord Howe springs forward at 2027-10-02T15:30Z (02:00+10:30 → 02:30+11:00); 02:15 under shift-backward
    /// is read with +11:00, 15:15Z, 01:45+10:30; 01:45+11:00, as written, is 14:45Z (01:15+10:30).
    @Test func aCasesLineTheCoreFailsIsToldTheCoresSearchUnderAnotherEngine() throws {
        let file = SpecParser().parse(path: "lh.yaml", bytes: Array("""
            spec: lh
            schedule: {id: lh, timezone: Australia/Lord_Howe, rule: {every: day, at: "02:15"}, nonexistent: shift-backward, repeated: first}
            cases:
              - name: gap
                after: 2027-10-03T00:00:00+10:30
                next: 2027-10-03T01:45:00+11:00
            """.utf8))
        try #require(file.diagnostics.allSatisfy { $0.severity != .error }, "\(file.diagnostics)")
        let result = try Self.run(try #require(file.specs.first), on: .foundation)
        #expect(result.status == .failed)
        #expect(result.message?.hasPrefix("occurrences differ: 1 missing, 1 unexpected; line 6 fails on core too (core's search 1 finds "
            + "2027-10-03 01:45 (+10:30))") == true, "\(result.message ?? "")")
    }

    /// Where the other engine gives the core's occurrences, the core's sentences are true of it and its message is the
    /// core's word for word (a report folds it: "the same failure as core above"); a known deviation declared for it is
    /// said not to apply. Noon in UTC on the 1st and the 2nd; the 2nd expected at 13:00.
    @Test func anotherEngineGivingTheCoresOccurrencesKeepsTheCoresMessage() throws {
        let expected = ["2027-01-01T12:00:00Z", "2027-01-02T13:00:00Z"]
        let core = try Self.run(Self.spec(expecting: expected, deviation: true), on: .core)
        let foundation = try Self.run(Self.spec(expecting: expected), on: .foundation)
        #expect(foundation.status == .failed)
        #expect(foundation.message == core.message)
        let declared = try Self.run(Self.spec(expecting: expected, deviation: true), on: .foundation)
        #expect(declared.status == .failed)
        #expect(declared.message == (core.message ?? "") + "; foundation gives the core's occurrences here and core fails this test too, "
            + "so the declared deviation does not excuse it: the expectation is wrong by the spec language", "\(declared.message ?? "")")
    }

    /// Two keys of a repeated pair swapped are both named with their lines (a review was told line 22's fix, and a second
    /// run line 24's). zoneinfo: Nuuk falls back at 2027-10-31T01:00Z (-01:00 → -02:00); 23:30 of 2027-10-30 is 00:30Z
    /// (-01:00) and 01:30Z (-02:00).
    @Test func twoSwappedPairKeysAreBothNamed() throws {
        let result = try Self.runOnCore("""
            spec: nuuk
            schedule: {id: n, timezone: America/Nuuk, rule: {every: day, at: "23:30"}, nonexistent: skip, repeated: both}
            window: {after: 2027-10-30T12:00:00-01:00, through: 2027-10-31T12:00:00-02:00}
            expect:
              occurrences:
                - {at: 2027-10-30T23:30:00-01:00, key: n/v1/2027-10-30~2}
                - {at: 2027-10-30T23:30:00-02:00, key: n/v1/2027-10-30}
            """, path: "nuuk.yaml")
        #expect(result.status == .failed)
        #expect(result.message?.hasSuffix("; 2027-10-30 23:30 (-01:00) is the earlier (or only) instance of its wall time, whose key has "
            + "no suffix; line 6: write n/v1/2027-10-30; line 7: write n/v1/2027-10-30~2") == true, "\(result.message ?? "")")
    }

    /// `~2` written under `repeated: last` is told that the suffix exists only under `both`, not that the instance is
    /// "the earlier (or only)": it is the later one (a second review, n10). zoneinfo: Nuuk falls back at
    /// 2027-10-31T01:00Z (-01:00 → -02:00); 23:30 of 2027-10-30 is 00:30Z (-01:00) and 01:30Z (-02:00), `last` the latter.
    @Test func aPairSuffixUnderLastIsToldItExistsOnlyUnderBoth() throws {
        let result = try Self.runOnCore("""
            spec: nuuk
            schedule: {id: nu, timezone: America/Nuuk, rule: {every: day, at: "23:30"}, nonexistent: skip, repeated: last}
            window: {after: 2027-10-30T12:00:00-01:00, through: 2027-10-31T12:00:00-02:00}
            expect:
              occurrences: [{at: 2027-10-30T23:30:00-02:00, key: nu/v1/2027-10-30~2}]
            """, path: "nuuk.yaml")
        #expect(result.message == "occurrences differ: 1 key mismatch (2027-10-30 23:30 (-02:00): key nu/v1/2027-10-30~2 expected, "
            + "nu/v1/2027-10-30 produced); a key ends in ~2 only under 'repeated: both', for the later instance of a wall time that "
            + "happens twice; under this test's 'repeated: last' a wall time gives one occurrence, keyed with no suffix, as "
            + "2027-10-30 23:30 (-02:00) is: write nu/v1/2027-10-30", "\(result.message ?? "")")
        #expect(result.message?.contains("earlier") == false)
    }

    /// Keys written on each other's lines across two slots are told, each line with its key (a second review, N8: the
    /// core said "2 key mismatches" alone). zoneinfo: Troll falls back at 2027-10-31T01:00Z (+02:00 → +00:00); hourly
    /// at :30 under `both`, in slot order: 01:30 at 23:30Z and 01:30Z, 02:30 at 00:30Z (not later than 01:30Z: dropped)
    /// and 02:30Z.
    @Test func keysWrittenOnEachOthersLinesAreEachNamed() throws {
        let text = """
            spec: troll hourly
            schedule: {id: trh, timezone: Antarctica/Troll, rule: {every: hour, minute: 30}, nonexistent: skip, repeated: both}
            window: {after: 2027-10-31T01:00:00+02:00, through: 2027-10-31T03:00:00+00:00}
            expect:
              occurrences:
                - {at: 2027-10-30T23:30:00Z, key: trh/v1/2027-10-31T02:30~2}
                - {at: 2027-10-31T01:30:00Z, key: trh/v1/2027-10-31T01:30~2}
                - {at: 2027-10-31T02:30:00Z, key: trh/v1/2027-10-31T01:30}
            """
        let result = try Self.runOnCore(text, path: "troll.yaml")
        #expect(result.message == "occurrences differ: 2 key mismatches; lines 6 and 8 expect each other's keys: line 6: write "
            + "trh/v1/2027-10-31T01:30; line 8: write trh/v1/2027-10-31T02:30~2", "\(result.message ?? "")")
        let applied = text.replacingOccurrences(of: "23:30:00Z, key: trh/v1/2027-10-31T02:30~2", with: "23:30:00Z, key: trh/v1/2027-10-31T01:30")
            .replacingOccurrences(of: "02:30:00Z, key: trh/v1/2027-10-31T01:30}", with: "02:30:00Z, key: trh/v1/2027-10-31T02:30~2}")
        #expect(try Self.runOnCore(applied, path: "troll.yaml").status == .passed)
    }

    /// Two lines written with `Z` and local digits are each told (a second review, N9: the second was told only on the
    /// next run). zoneinfo: Troll springs forward at 2027-03-28T01:00Z (+00:00 → +02:00): 02:30 on the 28th under
    /// next-valid-time is 01:00Z (03:00+02:00); 03:00Z is 05:00+02:00; 02:30 on the 29th is 00:30Z, and 02:30Z is 04:30+02:00.
    @Test func twoZSlipsAreEachTold() throws {
        let result = try Self.runOnCore("""
            spec: troll
            schedule: {id: tr, timezone: Antarctica/Troll, rule: {every: day, at: "02:30"}, nonexistent: next-valid-time, repeated: first}
            window: {after: 2027-03-27T00:00:00+00:00, through: 2027-03-30T00:00:00+02:00}
            expect:
              occurrences:
                - {at: 2027-03-27T02:30:00+00:00, key: tr/v1/2027-03-27}
                - {at: 2027-03-28T03:00:00Z, key: tr/v1/2027-03-28}
                - {at: 2027-03-29T02:30:00Z, key: tr/v1/2027-03-29}
            """, path: "troll.yaml")
        #expect(result.message == "occurrences differ: 2 missing, 2 unexpected; line 7: 2027-03-28T03:00:00Z is UTC ('Z'), which is "
            + "2027-03-28 05:00 (+02:00) in Antarctica/Troll; if its digits 03:00 are meant as local time, the rule's occurrence then is "
            + "2027-03-28T03:00:00+02:00 (2027-03-28T01:00:00Z); line 8: 2027-03-29T02:30:00Z is UTC ('Z'), which is 2027-03-29 04:30 "
            + "(+02:00) in Antarctica/Troll; if its digits 02:30 are meant as local time, the rule's occurrence then is "
            + "2027-03-29T02:30:00+02:00 (2027-03-29T00:30:00Z)", "\(result.message ?? "")")
    }

    /// The same later instance left out of a case's `next:` is told as the instant to add, since that list holds no
    /// keys (a second review, N11, was told "add it, keyed …"). zoneinfo: Troll falls back at 2027-10-31T01:00Z; 02:30
    /// is 00:30Z (+02:00) and 02:30Z (+00:00); 2027-11-01 02:30 is +00:00.
    @Test func aMissingLaterInstanceInACaseIsToldTheInstantToAdd() throws {
        let text = """
            spec: troll
            schedule: {id: troll, timezone: Antarctica/Troll, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: both}
            cases:
              - name: overlap
                after: 2027-10-31T00:00:00+02:00
                next: [2027-10-31T02:30:00+02:00, 2027-11-01T02:30:00+00:00]
            """
        let result = try Self.runOnCore(text, path: "troll.yaml")
        #expect(result.message?.hasSuffix("this test's 'repeated: both' gives both, and this one is not listed: add 2027-10-31T02:30:00+00:00 "
            + "to 'next:', in order") == true, "\(result.message ?? "")")
        let applied = text.replacingOccurrences(of: "02:30:00+02:00, ", with: "02:30:00+02:00, 2027-10-31T02:30:00+00:00, ")
        #expect(try Self.runOnCore(applied, path: "troll.yaml").status == .passed)
    }

    /// A repeated wall time's later instance left out under `repeated: both` is told which instance it is, that
    /// `last` gives it too, and the key to add it with (a review read only "under 'repeated: first' this instant is no
    /// occurrence"). zoneinfo: Troll falls back at 2027-10-31T01:00Z (+02:00 → +00:00); 02:30 is 00:30Z and 02:30Z.
    @Test func aMissingLaterInstanceUnderBothIsToldToBeAdded() throws {
        let result = try Self.runOnCore("""
            spec: troll
            schedule: {id: troll, timezone: Antarctica/Troll, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: both}
            window: {after: 2027-10-30T12:00:00+02:00, through: 2027-10-31T12:00:00+00:00}
            expect:
              occurrences: [{at: 2027-10-31T02:30:00+02:00, key: troll/v1/2027-10-31}]
            """, path: "troll.yaml")
        #expect(result.message == "occurrences differ: 1 unexpected; 2027-10-31 02:30 (+00:00) is the later instance of 02:30, a wall time "
            + "that happens twice that night (the one 'repeated: last' gives); this test's 'repeated: both' gives both, and this one is not "
            + "listed: add it, keyed troll/v1/2027-10-31~2", "\(result.message ?? "")")
    }

    /// Where the pair's other instant is listed without its key, the sentence gives that line its key too: a review
    /// added the later reading, keyed, as told, and `--strict` then refused the earlier line (`repeated-without-key`
    /// stands on a keyless reading under `both`). Applied as written, every line is keyed and the spec passes.
    /// zoneinfo: Berlin falls back at 2027-10-31T01:00Z; 02:30 is 00:30Z (+02:00) and 01:30Z (+01:00).
    @Test(arguments: [
        ("2027-10-31T02:30:00+02:00", "2027-10-31T02:30:00+01:00", "later", "last", "nightly/v1/2027-10-31~2", "nightly/v1/2027-10-31"),
        ("2027-10-31T02:30:00+01:00", "2027-10-31T02:30:00+02:00", "earlier", "first", "nightly/v1/2027-10-31", "nightly/v1/2027-10-31~2"),
    ])
    func theKeylessReadingOfAPairIsGivenItsKeyToo(listed: String, unlisted: String, which: String, policy: String,
                                                  unlistedKey: String, listedKey: String) throws {
        let text = """
            spec: both readings
            schedule: {id: nightly, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: both}
            window: {after: 2027-10-30T12:00:00+02:00, through: 2027-11-01T00:00:00+01:00}
            expect:
              occurrences:
                - \(listed)
            """
        let result = try Self.runOnCore(text, path: "both.yaml")
        let told = "this one is not listed: add it \(which == "later" ? "after" : "before") line 6, keyed \(unlistedKey), and give line 6 its key "
            + "too: {at: \(listed), key: \(listedKey)}"
        #expect(result.message?.contains("the \(which) instance of 02:30") == true && result.message?.contains("'repeated: \(policy)' gives") == true)
        #expect(result.message?.hasSuffix(told) == true, "\(result.message ?? "")")
        let items = ["{at: \(listed), key: \(listedKey)}", "{at: \(unlisted), key: \(unlistedKey)}"]
        let applied = text.replacingOccurrences(of: "    - \(listed)", with: (which == "later" ? items : items.reversed()).map { "    - " + $0 }.joined(separator: "\n"))
        #expect(try Self.runOnCore(applied, path: "both.yaml").status == .passed, "\(applied)")
    }

    /// The pair's other reading listed with the key of the reading told to add (the first reading's line keyed `~2`,
    /// the later one left out): "add it, keyed …~2" alone left two lines keyed `~2`, and the next round refused them
    /// (`duplicate-expected-key`). Told where the added line goes and the listed line's own key, applied as written, the
    /// spec passes under `--strict`'s keys. zoneinfo: Berlin falls back at 2027-10-31T01:00Z; 02:30 is 00:30Z (+02:00,
    /// key …-31) and 01:30Z (+01:00, key …-31~2).
    @Test(arguments: [
        ("2027-10-31T02:30:00+02:00", "2027-10-31T02:30:00+01:00", "later", "nightly/v1/2027-10-31~2", "nightly/v1/2027-10-31"),
        ("2027-10-31T02:30:00+01:00", "2027-10-31T02:30:00+02:00", "earlier", "nightly/v1/2027-10-31", "nightly/v1/2027-10-31~2"),
    ])
    func aReadingKeyedAsTheUnlistedOneIsGivenItsOwnKey(listed: String, unlisted: String, which: String,
                                                      unlistedKey: String, listedKey: String) throws {
        let text = """
            spec: both readings
            schedule: {id: nightly, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: both}
            window: {after: 2027-10-30T12:00:00+02:00, through: 2027-11-01T00:00:00+01:00}
            expect:
              occurrences:
                - {at: \(listed), key: \(unlistedKey)}
            """
        let result = try Self.runOnCore(text, path: "both.yaml")
        let told = "this one is not listed: add it \(which == "later" ? "after" : "before") line 6, keyed \(unlistedKey), and line 6, at the "
            + "\(which == "later" ? "earlier" : "later") instance, has this one's key: write it {at: \(listed), key: \(listedKey)}"
        #expect(result.message?.hasSuffix(told) == true, "\(result.message ?? "")")
        let items = ["{at: \(listed), key: \(listedKey)}", "{at: \(unlisted), key: \(unlistedKey)}"]
        let applied = text.replacingOccurrences(of: "    - {at: \(listed), key: \(unlistedKey)}",
                                                with: (which == "later" ? items : items.reversed()).map { "    - " + $0 }.joined(separator: "\n"))
        #expect(try Self.runOnCore(applied, path: "both.yaml").status == .passed, "\(applied)")
    }

    /// A line the drop rule removed is told so beside another line's slip (a third review's Troll spec: its 02:30,
    /// moved an hour, was told the two-hour gap's instant to write, and that alone left the 04:00 line after it, out of
    /// order). Both pieces of advice applied, the spec passes; a case whose one `next` was dropped is told the instant its
    /// search finds, in the line's place. zoneinfo: Troll springs forward at 2027-03-28T01:00Z (+00:00 → +02:00);
    /// 02:30 under shift-forward is 02:30Z (04:30+02:00); 04:00+02:00 is 02:00Z, before it.
    @Test func aDroppedLineIsToldBesideAnotherLinesSlip() throws {
        let text = """
            spec: troll several
            schedule: {timezone: Antarctica/Troll, rule: {every: day, at: ["02:30", "04:00"]}, nonexistent: shift-forward, repeated: first}
            window: {after: 2027-03-27T12:00:00+00:00, through: 2027-03-28T12:00:00+02:00}
            expect:
              occurrences:
                - 2027-03-28T03:30:00+02:00
                - 2027-03-28T04:00:00+02:00
            """
        let result = try Self.runOnCore(text, path: "troll.yaml")
        let message = try #require(result.message)
        #expect(message.contains("line 6: 2027-03-28 03:30 (+02:00) is 02:30 moved forward by 1 hour, but the clocks skip 2 hours that night "
            + "in Antarctica/Troll (01:00 → 03:00); under 'nonexistent: shift-forward' 02:30 that night is 2027-03-28T04:30:00+02:00: write that"), "\(message)")
        #expect(message.hasSuffix("line 7: 2027-03-28 04:00 (+02:00), the rule's 04:00 that day, is dropped: 02:30 that day, before it in slot "
            + "order (date, then time), is 2027-03-28 04:30 (+02:00) under 'nonexistent: shift-forward', and a candidate not later than the "
            + "previous occurrence is dropped (docs/recurrence.md#rules); remove the line"), "\(message)")
        let applied = text.replacingOccurrences(of: "    - 2027-03-28T03:30:00+02:00\n    - 2027-03-28T04:00:00+02:00", with: "    - 2027-03-28T04:30:00+02:00")
        #expect(try Self.runOnCore(applied, path: "troll.yaml").status == .passed)

        let inCase = """
            spec: troll case
            schedule: {timezone: Antarctica/Troll, rule: {every: day, at: ["02:30", "04:00"]}, nonexistent: shift-forward, repeated: first}
            cases:
              - name: after the gap
                after: 2027-03-28T03:00:00+02:00
                next: 2027-03-28T04:00:00+02:00
            """
        let caseMessage = try #require(try Self.runOnCore(inCase, path: "troll.yaml").message)
        #expect(caseMessage.hasSuffix("is dropped (docs/recurrence.md#rules); write 2027-03-28T04:30:00+02:00 in its place"), "\(caseMessage)")
        // What to write is said once: not also in another policy's sentence about the same line.
        #expect(!caseMessage.contains("write that in the line's place"), "\(caseMessage)")
        let caseApplied = inCase.replacingOccurrences(of: "next: 2027-03-28T04:00:00+02:00", with: "next: 2027-03-28T04:30:00+02:00")
        #expect(try Self.runOnCore(caseApplied, path: "troll.yaml").status == .passed)

        // In a list, the one item goes, not the line (a fourth review removed the line, as told, and with it the list).
        let inList = inCase.replacingOccurrences(of: "next: 2027-03-28T04:00:00+02:00",
                                                 with: "next: [2027-03-28T04:00:00+02:00, 2027-03-28T04:30:00+02:00, 2027-03-29T02:30:00+02:00]")
        let listMessage = try #require(try Self.runOnCore(inList, path: "troll.yaml").message)
        #expect(listMessage.hasSuffix("is dropped (docs/recurrence.md#rules); remove 2027-03-28T04:00:00+02:00 from 'next:'"), "\(listMessage)")
        let listApplied = inList.replacingOccurrences(of: "2027-03-28T04:00:00+02:00, ", with: "")
        #expect(try Self.runOnCore(listApplied, path: "troll.yaml").status == .passed)
    }

    /// Every missing line that is a reading the spec's `repeated` policy does not give, listed beside the one it gives,
    /// is told to go in one round (a review's `repeated: last` spec listing the first readings was told one line a
    /// round). zoneinfo: Troll falls back at 2027-10-31T01:00Z (+02:00 → +00:00); 01:30 is 23:30Z (10-30) and 01:30Z,
    /// 02:30 is 00:30Z and 02:30Z.
    @Test func everyReadingThePolicyDoesNotGiveIsToldInOneRound() throws {
        let text = """
            spec: troll hourly last in order
            schedule: {id: hourly, timezone: Antarctica/Troll, rule: {every: hour, minute: 30}, nonexistent: skip, repeated: last}
            window: {after: 2027-10-31T00:00:00+02:00, through: 2027-10-31T03:45:00+00:00}
            expect:
              occurrences:
                - 2027-10-31T00:30:00+02:00
                - 2027-10-31T01:30:00+02:00
                - 2027-10-31T02:30:00+02:00
                - 2027-10-31T01:30:00+00:00
                - 2027-10-31T02:30:00+00:00
                - 2027-10-31T03:30:00+00:00
            """
        let message = try #require(try Self.runOnCore(text, path: "troll.yaml").message)
        #expect(message.hasSuffix("listed already: if the app uses them, remove line 7; line 8, 2027-10-31 02:30 (+02:00), is the same kind of "
            + "reading, listed beside this test's own: remove it too"), "\(message)")
        let applied = text.replacingOccurrences(of: "    - 2027-10-31T01:30:00+02:00\n    - 2027-10-31T02:30:00+02:00\n", with: "")
        #expect(try Self.runOnCore(applied, path: "troll.yaml").status == .passed)
    }

    /// A chain's later result that is no occurrence (Berlin's spring shift kept on the next day, 03:30) is told to be
    /// replaced by what the search found, not to have that added (a review: "add 02:30" left 03:30 listed, and the next
    /// search failed on it). zoneinfo: Berlin skips 02:00–03:00 on 2027-03-28 (01:00Z); 02:30 under shift-forward is
    /// 03:30+02:00 (01:30Z); 2027-03-29 02:30 is +02:00 (00:30Z), and 03:30 that day is no occurrence of a daily 02:30.
    @Test func aChainsResultThatIsNoOccurrenceIsToldToBeReplaced() throws {
        let text = """
            spec: berlin shift chain
            schedule: {timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: shift-forward, repeated: first}
            cases:
              - name: chain keeps the shift
                after: 2027-03-27T12:00:00+01:00
                next: [2027-03-28T03:30:00+02:00, 2027-03-29T03:30:00+02:00]
            """
        let message = try #require(try Self.runOnCore(text, path: "berlin.yaml").message)
        #expect(message.hasSuffix("2027-03-29 03:30 CEST (+02:00) is no occurrence of the case's schedule: write 2027-03-29T02:30:00+02:00, "
            + "which the search found, in its place"), "\(message)")
        let applied = text.replacingOccurrences(of: "2027-03-29T03:30:00+02:00", with: "2027-03-29T02:30:00+02:00")
        #expect(try Self.runOnCore(applied, path: "berlin.yaml").status == .passed)
    }

    /// A `Z` line converted to UTC with the zone's offset of another time of year is told the offset that day and the
    /// instant to write (a second review's lines were told only the diff); written as told, the spec passes.
    /// zoneinfo: Berlin is at +02:00 on 2027-03-29 (02:30 is 00:30Z; 01:30Z is 03:30), New York at -04:00 on 2027-03-21
    /// (02:30 is 06:30Z; 07:30Z is 03:30).
    @Test(arguments: [
        ("Europe/Berlin", "2027-03-29T00:00:00+02:00", "2027-03-29T12:00:00+02:00", "2027-03-29T01:30:00Z", "2027-03-29T00:30:00Z",
         "line 5: 2027-03-29T01:30:00Z is UTC ('Z'), 2027-03-29 03:30 CEST (+02:00) in Europe/Berlin; the rule's occurrence that day is "
            + "2027-03-29 02:30 CEST (+02:00), 2027-03-29T00:30:00Z: 02:30 converted with +01:00, the zone's offset at another time of "
            + "year, gives 2027-03-29T01:30:00Z, but on 2027-03-29 the zone is at +02:00: write 2027-03-29T00:30:00Z"),
        ("America/New_York", "2027-03-21T00:00:00-04:00", "2027-03-21T12:00:00-04:00", "2027-03-21T07:30:00Z", "2027-03-21T06:30:00Z",
         "line 5: 2027-03-21T07:30:00Z is UTC ('Z'), 2027-03-21 03:30 EDT (-04:00) in America/New_York; the rule's occurrence that day is "
            + "2027-03-21 02:30 EDT (-04:00), 2027-03-21T06:30:00Z: 02:30 converted with -05:00, the zone's offset at another time of "
            + "year, gives 2027-03-21T07:30:00Z, but on 2027-03-21 the zone is at -04:00: write 2027-03-21T06:30:00Z"),
    ])
    func aZLineConvertedWithAnotherSeasonsOffsetIsToldTheOffsetThatDay(zone: String, after: String, through: String, written: String,
                                                                        meant: String, told: String) throws {
        let text = """
            spec: converted
            schedule: {id: job, timezone: \(zone), rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            window: {after: \(after), through: \(through)}
            expect:
              occurrences: [\(written)]
            """
        let message = try #require(try Self.runOnCore(text, path: "converted.yaml").message)
        #expect(message == "occurrences differ: 1 missing, 1 unexpected; " + told, "\(message)")
        #expect(try Self.runOnCore(text.replacingOccurrences(of: written, with: meant), path: "converted.yaml").status == .passed)
    }

    /// A late time converted with the other season's offset lands past midnight: it is told the occurrence's own date
    /// (the twentieth mutation run: such a line was told nothing). zoneinfo: Berlin is at +02:00 on 2027-04-10; its
    /// 23:30 is 21:30Z, and 22:30Z is 00:30 on 04-11.
    @Test func aLateZLineConvertedPastMidnightIsToldTheOccurrencesDate() throws {
        let text = """
            spec: late
            schedule: {id: job, timezone: Europe/Berlin, rule: {every: day, at: "23:30"}, nonexistent: skip, repeated: first}
            window: {after: 2027-04-10T12:00:00+02:00, through: 2027-04-11T12:00:00+02:00}
            expect:
              occurrences: [2027-04-10T22:30:00Z]
            """
        let message = try #require(try Self.runOnCore(text, path: "late.yaml").message)
        #expect(message == "occurrences differ: 1 missing, 1 unexpected; line 5: 2027-04-10T22:30:00Z is UTC ('Z'), 2027-04-11 00:30 CEST "
            + "(+02:00) in Europe/Berlin; the rule's occurrence on 2027-04-10 is 2027-04-10 23:30 CEST (+02:00), 2027-04-10T21:30:00Z: 23:30 "
            + "converted with +01:00, the zone's offset at another time of year, gives 2027-04-10T22:30:00Z, but on 2027-04-10 the zone is at "
            + "+02:00: write 2027-04-10T21:30:00Z", "\(message)")
        let applied = text.replacingOccurrences(of: "2027-04-10T22:30:00Z", with: "2027-04-10T21:30:00Z")
        #expect(try Self.runOnCore(applied, path: "late.yaml").status == .passed)
    }

    /// A case's `after` written with `Z` whose digits are the local cursor meant is told so, and nothing else that would
    /// build the slip in (a third review was told to add the result its UTC cursor found, and the case passed on another
    /// night). zoneinfo: New York falls back at 2027-11-07T06:00Z; 01:45Z is 2027-11-06 21:45 EDT; 01:45 EDT is 05:45Z,
    /// and the next 01:30 after it is the second, 01:30 EST (06:30Z).
    @Test func aCaseCursorWrittenInUTCWithLocalDigitsIsTold() throws {
        let text = """
            spec: ny cursor
            schedule: {id: job, timezone: America/New_York, rule: {every: day, at: "01:30"}, nonexistent: skip, repeated: both}
            cases:
              - name: after the first 01:45
                after: 2027-11-07T01:45:00Z
                next: [2027-11-07T01:30:00-05:00, 2027-11-08T01:30:00-05:00]
            """
        let message = try #require(try Self.runOnCore(text, path: "ny.yaml").message)
        #expect(message.hasSuffix("search 2 starts after what this one found; the case's 'after', 2027-11-07T01:45:00Z, is UTC ('Z'), which is "
            + "2027-11-06 21:45 EDT (-04:00) in America/New_York; if its digits 01:45 are meant as local time, write 2027-11-07T01:45:00-04:00 "
            + "(line 5), from which the search finds what 'next' lists"), "\(message)")
        let applied = text.replacingOccurrences(of: "after: 2027-11-07T01:45:00Z", with: "after: 2027-11-07T01:45:00-04:00")
        #expect(try Self.runOnCore(applied, path: "ny.yaml").status == .passed)
    }

    /// A cursor written with an offset is not told it is UTC, however its UTC digits read (the twentieth mutation run's
    /// R1: the UTC reading was asked of every cursor). zoneinfo: New York is at -05:00 until 2027-03-14; 20:00-05:00 is
    /// 01:00Z on 03-02, and 01:00-05:00 on 03-02 would find 03-03's 00:30, the line; from the cursor itself the search
    /// finds 03-02's 00:30.
    @Test func aCursorWrittenWithAnOffsetIsNotToldItIsUTC() throws {
        let text = """
            spec: evening cursor
            schedule: {id: job, timezone: America/New_York, rule: {every: day, at: "00:30"}, nonexistent: skip, repeated: first}
            cases:
              - name: evening cursor
                after: 2027-03-01T20:00:00-05:00
                next: 2027-03-03T00:30:00-05:00
            """
        let message = try #require(try Self.runOnCore(text, path: "ny.yaml").message)
        #expect(!message.contains("is UTC ('Z')"), "\(message)")
        #expect(message.hasSuffix("2027-03-03 00:30 EST (-05:00) is an occurrence, but not the first after the cursor: the search finds "
            + "2027-03-02 00:30 EST (-05:00) before it; write 2027-03-02T00:30:00-05:00 in its place, or, to find this one, an 'after' from "
            + "2027-03-02T00:30:00-05:00 up to, not including, this one"), "\(message)")
    }

    /// A case whose own policy drops the line the spec's schedule finds is told the case's sentence alone, not also the
    /// drop rule's "write … in its place" (the twentieth mutation run's R6: both said to write 04:30). zoneinfo: Troll
    /// springs forward at 2027-03-28T01:00Z, 01:00 (+00:00) → 03:00 (+02:00); under skip the day's first occurrence is
    /// 04:00+02:00 (02:00Z); shift-forward moves 02:30 by the two-hour gap to 04:30+02:00 (02:30Z), which drops 04:00.
    @Test func aCaseWhoseOwnPolicyDropsTheLineIsToldTheCasesSentenceAlone() throws {
        let text = """
            spec: shifted
            schedule: {id: job, timezone: Antarctica/Troll, rule: {every: day, at: ["02:30", "04:00"]}, nonexistent: skip, repeated: first}
            cases:
              - name: shifted
                nonexistent: shift-forward
                after: 2027-03-28T00:00:00Z
                next: 2027-03-28T04:00:00+02:00
            """
        let message = try #require(try Self.runOnCore(text, path: "troll.yaml").message)
        #expect(message == "occurrences differ: 1 missing, 1 unexpected; line 7 is what the spec's schedule finds from this case's cursor, "
            + "but this case's own 'nonexistent:' gives 2027-03-28T04:30:00+02:00 there: write that, or remove the case's 'nonexistent:' "
            + "if the schedule's is the one meant", "\(message)")
    }

    /// A case's list partly the spec's schedule's is not told it is the schedule's: a cases review's second result, a
    /// date typo (the 16th for the 15th), happened to be the schedule's second search, and "remove the case's
    /// 'nonexistent:'", as offered, failed on the first result, which only the case's own policy gives. zoneinfo: New
    /// York springs forward at 2027-03-14T07:00Z; under skip the searches from 03-13 noon find 03-15 and 03-16 02:30-04:00,
    /// under next-valid-time 03-14 03:00-04:00 and 03-15 02:30-04:00.
    @Test func aCasePartlyTheSchedulesIsNotToldToDropItsOverride() throws {
        let text = """
            spec: ny
            schedule: {timezone: America/New_York, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            cases:
              - name: gap night runs at 03:00
                nonexistent: next-valid-time
                after: 2027-03-13T12:00:00-05:00
                next: [2027-03-14T03:00:00-04:00, 2027-03-16T02:30:00-04:00]
            """
        let message = try #require(try Self.runOnCore(text, path: "ny.yaml").message)
        #expect(!message.contains("what the spec's schedule finds"), "\(message)")
        #expect(message.contains("2027-03-15 02:30 EDT (-04:00) is not listed: add 2027-03-15T02:30:00-04:00 to 'next:', in order"), "\(message)")
        // The whole list the schedule's: told so.
        let whole = try #require(try Self.runOnCore(text.replacingOccurrences(of: "[2027-03-14T03:00:00-04:00, 2027-03-16T02:30:00-04:00]",
                                                                              with: "[2027-03-15T02:30:00-04:00, 2027-03-16T02:30:00-04:00]"),
                                                    path: "ny.yaml").message)
        #expect(whole.contains("line 7 is what the spec's schedule finds from this case's cursor, but this case's own 'nonexistent:' gives "
            + "2027-03-14T03:00:00-04:00 and 2027-03-15T02:30:00-04:00 there"), "\(whole)")
    }

    /// A case whose gap night is left out before a listed result, and whose last result is no occurrence, is told to
    /// remove that one and add the search's find in order: it was told the last result was "2 days after" the first
    /// search's find and to write that "in its place" (the list then out of order). zoneinfo: Berlin springs forward at
    /// 2027-03-28T01:00Z; shift-forward reads the skipped 02:30 as 03:30+02:00 (01:30Z); the 29th's 02:30 is +02:00;
    /// 2027-03-30T02:30:00+01:00 is 01:30Z, 03:30 there, no occurrence.
    @Test func aCaseResultLeftOutBeforeAListedOneIsAddedInOrder() throws {
        let text = """
            spec: berlin
            schedule: {timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            cases:
              - name: gap night shifted forward
                nonexistent: shift-forward
                after: 2027-03-27T12:00:00+01:00
                next: [2027-03-29T02:30:00+02:00, 2027-03-30T02:30:00+01:00]
            """
        let message = try #require(try Self.runOnCore(text, path: "berlin.yaml").message)
        #expect(!message.contains("days after") && !message.contains("in its place"), "\(message)")
        #expect(message.contains("2027-03-30 03:30 CEST (+02:00) is no occurrence of the case's schedule: remove it, and add "
            + "2027-03-28T03:30:00+02:00, which the search found, to 'next:', in order"), "\(message)")
        let applied = text.replacingOccurrences(of: "[2027-03-29T02:30:00+02:00, 2027-03-30T02:30:00+01:00]",
                                                with: "[2027-03-28T03:30:00+02:00, 2027-03-29T02:30:00+02:00]")
        #expect(try Self.runOnCore(applied, path: "berlin.yaml").status == .passed)
    }

    /// A case's second result written with `Z`, in a flow list whose first result is also wrong, is told its `Z` slip
    /// in the same round: the first search's sentence names the list's line, and the `Z` sentence was left for the
    /// round after. zoneinfo: Berlin is at +02:00 from 2027-03-28T01:00Z; 02:30Z on the 30th is 04:30 there, the rule's
    /// 02:30 that day 00:30Z.
    @Test func aCasesZResultInAFlowListIsToldBesideTheFirstSearch() throws {
        let message = try #require(try Self.runOnCore("""
            spec: berlin
            schedule: {timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            cases:
              - name: after the spring change
                after: 2027-03-28T12:00:00+02:00
                next: [2027-03-29T02:30:00+01:00, 2027-03-30T02:30:00Z]
            """, path: "berlin.yaml").message)
        #expect(message.hasPrefix("search 1 of 2 found 2027-03-29 02:30 CEST (+02:00), not 2027-03-29 03:30 CEST (+02:00) (line 6)"), "\(message)")
        #expect(message.contains("line 6: 2027-03-30T02:30:00Z is UTC ('Z'), which is 2027-03-30 04:30 CEST (+02:00) in Europe/Berlin; if its "
            + "digits 02:30 are meant as local time, the rule's occurrence then is 2027-03-30T02:30:00+02:00"), "\(message)")
    }

    /// A line to add after a block item (`- at: …` with `key: …` below) goes after the item's last line: told "after
    /// line 15", the item's `at`, a review inserted it there and split the item. Inserted where told, the spec passes;
    /// the `both` sentence names such an item by its first line. zoneinfo: Havana falls back at 2027-11-07T05:00Z
    /// (01:00 CDT → 00:00 CST); 00:30 on the 8th is -05:00. Berlin falls back at 2027-10-31T01:00Z.
    @Test func aLineToAddAfterABlockItemGoesAfterItsLastLine() throws {
        let text = """
            spec: havana
            schedule: {id: ledger, timezone: America/Havana, rule: {every: day, at: "00:30"}, nonexistent: skip, repeated: last}
            window: {after: 2027-11-05T12:00:00-04:00, through: 2027-11-08T12:00:00-05:00}
            expect:
              occurrences:
                - at: 2027-11-06T00:30:00-04:00
                  key: ledger/v1/2027-11-06
                - at: 2027-11-07T00:30:00-05:00
                  key: ledger/v1/2027-11-07
            """
        let message = try #require(try Self.runOnCore(text, path: "havana.yaml").message)
        #expect(message.hasSuffix("add '- {at: 2027-11-08T00:30:00-05:00, key: ledger/v1/2027-11-08}' after line 9"), "\(message)")
        let applied = text + "\n    - {at: 2027-11-08T00:30:00-05:00, key: ledger/v1/2027-11-08}"
        #expect(try Self.runOnCore(applied, path: "havana.yaml").status == .passed)

        let both = try #require(try Self.runOnCore("""
            spec: both readings
            schedule: {id: nightly, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: both}
            window: {after: 2027-10-30T12:00:00+02:00, through: 2027-11-01T00:00:00+01:00}
            expect:
              occurrences:
                - at: 2027-10-31T02:30:00+02:00
                  key: nightly/v1/2027-10-31~2
            """, path: "both.yaml").message)
        #expect(both.hasSuffix("add it after line 7, keyed nightly/v1/2027-10-31~2, and the item on line 6, at the earlier instance, has this "
            + "one's key: write it {at: 2027-10-31T02:30:00+02:00, key: nightly/v1/2027-10-31}"), "\(both)")
    }

    /// A `~2` line written at the first reading, above the first reading's own line, is told where it goes once written
    /// (as its `duplicate-instant` warning says), and a line to add after them goes after the last of the two: told
    /// only "write … on line 14" and "add … after line 14", a review's list was out of order. Done as told, it passes.
    /// zoneinfo: Berlin falls back at 2027-10-31T01:00Z; 02:30 is 00:30Z (+02:00) and 01:30Z (+01:00); the 1st's 02:30
    /// is +01:00.
    @Test func aSecondReadingAboveTheFirstIsToldWhereItGoes() throws {
        let text = """
            spec: berlin
            schedule: {id: backup, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: both}
            window: {after: 2027-10-30T00:00:00+02:00, through: 2027-11-01T12:00:00+01:00}
            expect:
              occurrences:
                - {at: 2027-10-30T02:30:00+02:00, key: backup/v1/2027-10-30}
                - {at: 2027-10-31T02:30:00+02:00, key: backup/v1/2027-10-31~2}
                - {at: 2027-10-31T02:30:00+02:00, key: backup/v1/2027-10-31}
            """
        let message = try #require(try Self.runOnCore(text, path: "berlin.yaml").message)
        #expect(message.contains("write 2027-10-31T02:30:00+01:00 on line 7 and move the line after line 8; 2027-11-01 02:30 CET (+01:00) is not "
            + "listed: add '- {at: 2027-11-01T02:30:00+01:00, key: backup/v1/2027-11-01}' after line 8"), "\(message)")
        var lines = text.components(separatedBy: "\n")
        let moved = lines.remove(at: 6).replacingOccurrences(of: "02:30:00+02:00", with: "02:30:00+01:00")
        lines.insert(moved, at: 7)
        lines.append("    - {at: 2027-11-01T02:30:00+01:00, key: backup/v1/2027-11-01}")
        #expect(try Self.runOnCore(lines.joined(separator: "\n"), path: "berlin.yaml").status == .passed, "\(lines)")
    }

    /// Two lines to add at one place are told as one sentence, in order: told apart ("add A after line 7; add B after
    /// line 7") and done in that order, a review listed B before A. Added as told, the spec passes. zoneinfo: Apia's
    /// noon is -10:00 up to 2011-12-29; 2011-12-30 does not exist; 12-31 and 2012-01-01 noon are +14:00.
    @Test func twoLinesToAddAtOnePlaceAreToldInOrder() throws {
        let text = """
            spec: apia noon
            schedule: {timezone: Pacific/Apia, rule: {every: day, at: "12:00"}, nonexistent: skip, repeated: first}
            window: {after: 2011-12-28T00:00:00-10:00, through: 2012-01-01T23:00:00+14:00}
            expect:
              occurrences:
                - 2011-12-28T12:00:00-10:00
                - 2011-12-29T12:00:00-10:00
            """
        let message = try #require(try Self.runOnCore(text, path: "apia.yaml").message)
        #expect(message.hasSuffix("2011-12-31 12:00 (+14:00) and 2012-01-01 12:00 (+14:00) are not listed: add '- 2011-12-31T12:00:00+14:00' then "
            + "'- 2012-01-01T12:00:00+14:00', in that order, after line 7"), "\(message)")
        let applied = text + "\n    - 2011-12-31T12:00:00+14:00\n    - 2012-01-01T12:00:00+14:00"
        #expect(try Self.runOnCore(applied, path: "apia.yaml").status == .passed)
    }

    /// A chain's last result two days off, an occurrence that further searches would not find next, is a value to
    /// replace, not a list shifted by a result left out: it was told to add the search's find, and the next round the
    /// one after that, the wrong value kept. Written in its place as told, the spec passes. zoneinfo: Troll falls back
    /// at 2027-10-31T01:00Z (+02:00 → +00:00); 01:30 under `last` on the 31st is 01:30Z, from then +00:00.
    @Test func aChainsLastResultOffByDaysIsToldToBeReplaced() throws {
        let text = """
            spec: troll
            schedule: {timezone: Antarctica/Troll, rule: {every: day, at: "01:30"}, nonexistent: skip, repeated: last}
            cases:
              - name: last reading, then Monday
                after: 2027-10-29T12:00:00+02:00
                next: [2027-10-30T01:30:00+02:00, 2027-10-31T01:30:00+00:00, 2027-11-03T01:30:00+00:00]
            """
        let message = try #require(try Self.runOnCore(text, path: "troll.yaml").message)
        #expect(message.hasSuffix("2027-11-03 01:30 (+00:00) is an occurrence, but not what its search finds: the search finds 2027-11-01 01:30 "
            + "(+00:00) before it; write 2027-11-01T01:30:00+00:00 in its place"), "\(message)")
        let applied = text.replacingOccurrences(of: "2027-11-03T01:30:00+00:00", with: "2027-11-01T01:30:00+00:00")
        #expect(try Self.runOnCore(applied, path: "troll.yaml").status == .passed)
    }

    /// A `Z` cursor whose local reading finds the first result and more of the others than UTC does is told, with what
    /// the searches find from there, beside a result two days off (a third review's Apia case was never told its `Z`,
    /// and four rounds added results to a list searched from 02:00 local). Both fixed as told, the case passes.
    /// zoneinfo: Apia skipped 2011-12-30; from 2011-12-28 12:00 (-10:00) next-valid-time's 02:30 gives 12-29 02:30-10:00,
    /// the change at 2011-12-31T00:00:00+14:00, then 12-31 02:30+14:00; 12:00Z on the 28th is 02:00 there.
    @Test func aUTCCursorIsToldBesideAResultOffByDays() throws {
        let text = """
            spec: apia
            schedule: {timezone: Pacific/Apia, rule: {every: day, at: "02:30"}, nonexistent: next-valid-time, repeated: first}
            cases:
              - name: local noon cursor on Wednesday
                after: 2011-12-28T12:00:00Z
                next: [2011-12-29T02:30:00-10:00, 2011-12-31T00:00:00+14:00, 2012-01-02T02:30:00+14:00]
            """
        let message = try #require(try Self.runOnCore(text, path: "apia.yaml").message)
        #expect(message.contains("if its digits 12:00 are meant as local time, write 2011-12-28T12:00:00-10:00 (line 5), from which the searches "
            + "find 2011-12-29T02:30:00-10:00, 2011-12-31T00:00:00+14:00 and 2011-12-31T02:30:00+14:00"), "\(message)")
        let cursor = text.replacingOccurrences(of: "after: 2011-12-28T12:00:00Z", with: "after: 2011-12-28T12:00:00-10:00")
        let second = try #require(try Self.runOnCore(cursor, path: "apia.yaml").message)
        #expect(second.hasSuffix("write 2011-12-31T02:30:00+14:00 in its place"), "\(second)")
        let applied = cursor.replacingOccurrences(of: "2012-01-02T02:30:00+14:00", with: "2011-12-31T02:30:00+14:00")
        #expect(try Self.runOnCore(applied, path: "apia.yaml").status == .passed)
    }

    /// A line the drop rule removes because a slot of the day before was moved past midnight is told so (it was told
    /// only that the test's policies give no occurrence there). zoneinfo: Nuuk springs forward at 2027-03-28T01:00Z,
    /// 03-27 23:00 (-02:00) → 03-28 00:00 (-01:00); 03-27's 23:30 under shift-forward is 01:30Z, 00:30 (-01:00) on the
    /// 28th, after the 28th's 00:10 (01:10Z).
    @Test func aLineDroppedByTheDayBeforesShiftedTimeIsToldTheDropRule() throws {
        let text = """
            spec: nuuk
            schedule: {id: nuuk, timezone: America/Nuuk, rule: {every: day, at: ["00:10", "23:30"]}, nonexistent: shift-forward, repeated: first}
            window: {after: 2027-03-27T12:00:00-02:00, through: 2027-03-28T12:00:00-01:00}
            expect:
              occurrences:
                - 2027-03-28T00:10:00-01:00
                - 2027-03-28T00:30:00-01:00
            """
        let message = try #require(try Self.runOnCore(text, path: "nuuk.yaml").message)
        #expect(message.hasSuffix("line 6: 2027-03-28 00:10 (-01:00), the rule's 00:10 that day, is dropped: 23:30 on 2027-03-27, before it "
            + "in slot order (date, then time), is 2027-03-28 00:30 (-01:00) under 'nonexistent: shift-forward', and a candidate not later "
            + "than the previous occurrence is dropped (docs/recurrence.md#rules); remove the line"), "\(message)")
        let applied = text.replacingOccurrences(of: "    - 2027-03-28T00:10:00-01:00\n", with: "")
        #expect(try Self.runOnCore(applied, path: "nuuk.yaml").status == .passed)
    }

    /// A first reading whose own (second) reading is not listed is not told to go with one that is (the twentieth
    /// mutation run's P1: "listed beside this test's own: remove it too" was said of line 7, whose own is missing).
    /// zoneinfo: Berlin falls back at 2027-10-31T01:00Z; 02:15 is 00:15Z and 01:15Z, 02:45 is 00:45Z and 01:45Z.
    @Test func aFirstReadingWhoseOwnIsNotListedIsNotToldToGoWithTheOthers() throws {
        let text = """
            spec: last readings
            schedule: {id: job, timezone: Europe/Berlin, rule: {every: day, at: ["02:15", "02:45"]}, nonexistent: skip, repeated: last}
            window: {after: 2027-10-31T00:00:00+02:00, through: 2027-10-31T03:00:00+01:00}
            expect:
              occurrences:
                - 2027-10-31T02:15:00+02:00
                - 2027-10-31T02:45:00+02:00
                - 2027-10-31T02:15:00+01:00
            """
        let message = try #require(try Self.runOnCore(text, path: "last.yaml").message)
        #expect(message.hasSuffix("under this test's policies, 02:15 on 2027-10-31 is 2027-10-31T02:15:00+01:00, listed already: if the app "
            + "uses them, remove line 6"), "\(message)")
        #expect(!message.contains("same kind of reading"), "\(message)")
    }

    /// A slot after midnight read back onto the day before (`shift-backward`) is named with its own date, not "that
    /// day" (a black-box review was told "the rule's 00:20 that day" of the 13th's 23:20). zoneinfo: Havana springs
    /// forward at 2027-03-14T05:00Z, 00:00 CST (-05:00) → 01:00 CDT (-04:00); the 14th's 00:20 read with -04:00 is
    /// 04:20Z, 23:20 CST on the 13th, before the 13th's 23:50 (04:50Z), so it is dropped.
    @Test func aSlotReadBackOntoTheDayBeforeIsNamedWithItsOwnDate() throws {
        let text = """
            spec: havana
            schedule: {id: dose, timezone: America/Havana, rule: {every: day, at: ["00:20", "23:50"]}, nonexistent: shift-backward, repeated: first}
            window: {after: 2027-03-13T00:00:00-05:00, through: 2027-03-14T23:00:00-04:00}
            expect:
              occurrences:
                - 2027-03-13T00:20:00-05:00
                - 2027-03-13T23:20:00-05:00
                - 2027-03-13T23:50:00-05:00
            """
        let message = try #require(try Self.runOnCore(text, path: "havana.yaml").message)
        #expect(message == "occurrences differ: 1 missing; line 7: 2027-03-13 23:20 CST (-05:00), the rule's 00:20 of 2027-03-14, is dropped: "
            + "23:50 on 2027-03-13, before it in slot order (date, then time), is 2027-03-13 23:50 CST (-05:00), and a candidate not later "
            + "than the previous occurrence is dropped (docs/recurrence.md#rules); remove the line", "\(message)")
        #expect(try Self.runOnCore(text.replacingOccurrences(of: "    - 2027-03-13T23:20:00-05:00\n", with: ""), path: "havana.yaml").status == .passed)
    }

    /// A `Z` line that is the other reading of a wall time the clocks repeat is told the `repeated` policy, not a
    /// conversion with another season's offset (a black-box review: "on 2027-10-31 the zone is at +02:00" of Berlin's
    /// fall-back night). zoneinfo: Berlin falls back at 2027-10-31T01:00Z; 02:30 is 00:30Z (CEST) and 01:30Z (CET).
    @Test func aZLineOnTheOtherReadingOfARepeatedTimeIsToldThePolicy() throws {
        let text = """
            spec: berlin fall
            schedule: {id: s, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            window: {after: 2027-10-30T12:00:00Z, through: 2027-10-31T12:00:00Z}
            expect:
              occurrences: [2027-10-31T01:30:00Z]
            """
        let message = try #require(try Self.runOnCore(text, path: "fall.yaml").message)
        #expect(!message.contains("converted with"), "\(message)")
        #expect(message.hasPrefix("occurrences differ: 1 missing, 1 unexpected; 2027-10-31 02:30 CET (+01:00) is what 'repeated: last' or "
            + "'repeated: both' gives, not this test's 'repeated: first'"), "\(message)")
    }

    /// A chain whose listed results past its last search are not all alike is not told one of them is no occurrence
    /// when it is one (the twentieth mutation run's R4). Berlin's 09:00 every day in March 2027 (CET, +01:00): the
    /// searches find 03-01, 03-02 and 03-03; 03-04 09:00 is an occurrence, 03-05 10:00 is none.
    @Test func aChainWithAnOccurrenceAndANonOccurrenceListedPastItsSearchesIsNotToldTheFirstIsNone() throws {
        let text = """
            spec: chain
            schedule: {id: job, timezone: Europe/Berlin, rule: {every: day, at: "09:00"}, nonexistent: skip, repeated: first}
            cases:
              - name: chain
                after: 2027-03-01T00:00:00+01:00
                next: [2027-03-01T09:00:00+01:00, 2027-03-04T09:00:00+01:00, 2027-03-05T10:00:00+01:00]
            """
        let message = try #require(try Self.runOnCore(text, path: "chain.yaml").message)
        #expect(!message.contains("is no occurrence"), "\(message)")
        #expect(message.hasPrefix("search 2 of 3 found 2027-03-02 09:00 CET (+01:00), not 2027-03-04 09:00 CET (+01:00) (line 6)"), "\(message)")
    }

    /// A line on a date of the periods a stepped rule's `from` skips is told the `from` that counts from it (a third
    /// review applied the 'from' offered first and its list was the other fortnight's); applied, the spec passes.
    /// Python's calendar: 2027-03-14, 03-28 and 04-11 are Sundays a fortnight apart; zoneinfo: 03-28's 02:30 does not exist
    /// in Berlin (skip), 03-14 is +01:00 and 04-11 +02:00.
    @Test func aDateOfTheSkippedPeriodsIsToldTheFromThatCountsFromIt() throws {
        let text = """
            spec: fortnight
            schedule: {id: job, timezone: Europe/Berlin, rule: {every: 2 weeks, on: [sunday], at: "02:30", from: 2027-03-21}, nonexistent: skip, repeated: first}
            window: {after: 2027-03-01T00:00:00+01:00, through: 2027-04-20T00:00:00+02:00}
            expect:
              occurrences: [2027-03-14T02:30:00+01:00, 2027-04-11T02:30:00+02:00]
            """
        let message = try #require(try Self.runOnCore(text, path: "fortnight.yaml").message)
        #expect(message.contains("it is before 'from: 2027-03-21', where the steps start: if the list is right, write 'from: 2027-03-14' "
            + "(the steps then count from it)"), "\(message)")
        #expect(try Self.runOnCore(text.replacingOccurrences(of: "from: 2027-03-21", with: "from: 2027-03-14"), path: "fortnight.yaml").status == .passed)
    }

    /// Two Sundays a week apart under `every: 2 weeks`: no `from` selects both, and offering the skipped one's sent a
    /// review round and round (each `from` left the other line out). Python's calendar: 2027-03-14 and 03-21 are Sundays;
    /// zoneinfo: New York is at -04:00 from 2027-03-14T07:00Z, so 09:00 both days is -04:00.
    @Test func twoDatesNoFromSelectsTogetherAreNotOfferedAFrom() throws {
        let text = """
            spec: biweekly
            schedule: {id: b, timezone: America/New_York, rule: {every: 2 weeks, on: [sunday], at: "09:00", from: 2027-03-14}, nonexistent: skip, repeated: first}
            window: {after: 2027-03-13T00:00:00-05:00, through: 2027-03-22T00:00:00-04:00}
            expect:
              occurrences: [2027-03-14T09:00:00-04:00, 2027-03-21T09:00:00-04:00]
            """
        let message = try #require(try Self.runOnCore(text, path: "biweekly.yaml").message)
        #expect(message.hasSuffix("it is a date of the weeks the steps skip, and no 'from' selects both it and the listed 2027-03-14: one of "
            + "them is a slip"), "\(message)")
    }

    /// The bound `outside-window` offers for the one line outside, written as told, makes the spec pass
    /// (`LintRuleTests.theOneLineOutsideIsToldTheBoundThatHoldsIt`; zoneinfo: Berlin springs forward at 2027-03-28T01:00Z,
    /// so next-valid-time gives that day's 02:30 as 03:00+02:00).
    @Test func theBoundOfferedForALineOutsideTheWindowPasses() throws {
        let result = try Self.runOnCore("""
            spec: through in the gap
            schedule: {id: job, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: next-valid-time, repeated: first}
            window: {after: 2027-03-26T12:00:00+01:00, through: 2027-03-28T03:00:00+02:00}
            expect:
              occurrences: [2027-03-27T02:30:00+01:00, 2027-03-28T03:00:00+02:00]
            """, path: "gap.yaml")
        #expect(result.status == .passed, "\(result.message ?? "")")
    }

    /// A wall time moved by one hour where the clocks skip another length that night (an incident review's app took
    /// every change for one hour): said with the gap's length and edges. zoneinfo: Lord Howe skips 02:00–02:30 on
    /// 2027-10-03 (15:30Z), so 02:15 under shift-forward is 15:45Z, 02:45+11:00, and 03:15+11:00 is 16:15Z; Troll
    /// skips 01:00–03:00 on 2027-03-28 (01:00Z), so 02:30 under shift-forward is 02:30Z, 04:30+02:00, and 03:30+02:00 is
    /// 01:30Z, which no policy gives. Under skip the day has no occurrence, and that is said too.
    @Test(arguments: [
        ("Australia/Lord_Howe", "02:15", "shift-forward", "2027-10-02T12:00:00+10:30", "2027-10-03T12:00:00+11:00", "2027-10-03T03:15:00+11:00",
         "occurrences differ: 1 missing, 1 unexpected; line 5: 2027-10-03 03:15 (+11:00) is 02:15 moved forward by 1 hour, but the clocks "
            + "skip 30 minutes that night in Australia/Lord_Howe (02:00 → 02:30); under 'nonexistent: shift-forward' 02:15 that night is 2027-10-03T02:45:00+11:00: write that; 2027-10-03 02:45 (+11:00) comes from this test's "
            + "'nonexistent: shift-forward'; under any other 'nonexistent' policy this instant is no occurrence"),
        ("Australia/Lord_Howe", "02:15", "skip", "2027-10-02T12:00:00+10:30", "2027-10-03T12:00:00+11:00", "2027-10-03T03:15:00+11:00",
         "occurrences differ: 1 missing; line 5: 2027-10-03 03:15 (+11:00) is 02:15 moved forward by 1 hour, but the clocks "
            + "skip 30 minutes that night in Australia/Lord_Howe (02:00 → 02:30); under 'nonexistent: skip' there is no occurrence that day"),
        ("Antarctica/Troll", "02:30", "shift-forward", "2027-03-27T12:00:00+00:00", "2027-03-28T12:00:00+02:00", "2027-03-28T03:30:00+02:00",
         "occurrences differ: 1 missing, 1 unexpected; line 5: 2027-03-28 03:30 (+02:00) is 02:30 moved forward by 1 hour, but the clocks "
            + "skip 2 hours that night in Antarctica/Troll (01:00 → 03:00); under 'nonexistent: shift-forward' 02:30 that night is 2027-03-28T04:30:00+02:00: write that; 2027-03-28 04:30 (+02:00) comes from this test's "
            + "'nonexistent: shift-forward'; under any other 'nonexistent' policy this instant is no occurrence"),
        // Moved by the gap's own length: the policy sentence alone (shift-forward gives it).
        ("Australia/Lord_Howe", "02:15", "skip", "2027-10-02T12:00:00+10:30", "2027-10-03T12:00:00+11:00", "2027-10-03T02:45:00+11:00",
         "occurrences differ: 1 missing; 2027-10-03 02:45 (+11:00) is what 'nonexistent: shift-forward' gives, not this test's 'nonexistent: skip'"
            + "; under this test's policies, 02:15 on 2027-10-03 gives no occurrence: if the app uses them, remove the line"),
        // Moved by an hour and a half (03:45+11:00 is 16:45Z, zoneinfo): hours and minutes apart. Moved by 65 minutes
        // (03:20+11:00, 16:20Z), no quarter of an hour, or by 3 hours 30 minutes (05:45+11:00, 18:45Z), beyond three
        // hours: no slip of the gap's length, the policy sentence alone (mutation run 16's I6, I2 and I3 survived).
        ("Australia/Lord_Howe", "02:15", "shift-forward", "2027-10-02T12:00:00+10:30", "2027-10-03T12:00:00+11:00", "2027-10-03T03:45:00+11:00",
         "occurrences differ: 1 missing, 1 unexpected; line 5: 2027-10-03 03:45 (+11:00) is 02:15 moved forward by 1 hour 30 minutes, but the "
            + "clocks skip 30 minutes that night in Australia/Lord_Howe (02:00 → 02:30); under 'nonexistent: shift-forward' 02:15 that night is 2027-10-03T02:45:00+11:00: write that; 2027-10-03 02:45 (+11:00) comes from this test's "
            + "'nonexistent: shift-forward'; under any other 'nonexistent' policy this instant is no occurrence"),
        // Written with the offset before the change (02:45+10:30 is 16:15Z, when Lord Howe is at +11:00: 03:15 there):
        // an offset slip its warning explains (a run adds that sentence), not a wall time moved by an hour (the hints audit).
        ("Australia/Lord_Howe", "02:15", "shift-forward", "2027-10-02T12:00:00+10:30", "2027-10-03T12:00:00+11:00", "2027-10-03T02:45:00+10:30",
         "occurrences differ: 1 missing, 1 unexpected"),
        ("Australia/Lord_Howe", "02:15", "shift-forward", "2027-10-02T12:00:00+10:30", "2027-10-03T12:00:00+11:00", "2027-10-03T03:20:00+11:00",
         "occurrences differ: 1 missing, 1 unexpected; 2027-10-03 02:45 (+11:00) comes from this test's 'nonexistent: shift-forward'; "
            + "under any other 'nonexistent' policy this instant is no occurrence"),
        ("Australia/Lord_Howe", "02:15", "shift-forward", "2027-10-02T12:00:00+10:30", "2027-10-03T12:00:00+11:00", "2027-10-03T05:45:00+11:00",
         "occurrences differ: 1 missing, 1 unexpected; 2027-10-03 02:45 (+11:00) comes from this test's 'nonexistent: shift-forward'; "
            + "under any other 'nonexistent' policy this instant is no occurrence"),
    ])
    func aWallTimeMovedByAnotherLengthThanTheGapIsSaidSo(zone: String, time: String, policy: String, after: String, through: String,
                                                         expected: String, message: String) throws {
        let result = try Self.runOnCore("""
            spec: gap length
            schedule: {id: g, timezone: \(zone), rule: {every: day, at: "\(time)"}, nonexistent: \(policy), repeated: first}
            window: {after: \(after), through: \(through)}
            expect:
              occurrences: [\(expected)]
            """, path: "gap-length.yaml")
        #expect(result.status == .failed)
        #expect(result.message == message)
    }

    /// A line written with `Z` whose digits are an occurrence's wall time is told the `Z` slip before another policy's
    /// sentence that happens to give that instant (a third review's 01:30Z, copied for the 02:30 slot, was told "03:30
    /// CEST is what 'nonexistent: shift-forward' gives"). zoneinfo: 01:30Z is 03:30 CEST on 2027-03-28; 01:30 CET is
    /// 00:30Z; 02:30 does not exist and next-valid-time gives 03:00 CEST (01:00Z).
    @Test func aZLineWhoseDigitsAreAnOccurrenceIsToldTheSlipBeforeAPolicy() throws {
        let result = try Self.runOnCore("""
            spec: two times
            schedule: {id: d, timezone: Europe/Berlin, rule: {every: day, at: ["01:30", "02:30"]}, nonexistent: next-valid-time, repeated: first}
            window: {after: 2027-03-28T00:00:00+01:00, through: 2027-03-28T12:00:00+02:00}
            expect:
              occurrences: [2027-03-28T03:00:00+02:00, 2027-03-28T01:30:00Z]
            """, path: "z.yaml")
        #expect(result.message?.contains("line 5: 2027-03-28T01:30:00Z is UTC ('Z'), which is 2027-03-28 03:30 CEST (+02:00) in Europe/Berlin; "
            + "if its digits 01:30 are meant as local time, the rule's occurrence then is 2027-03-28T01:30:00+01:00 (2027-03-28T00:30:00Z)") == true, "\(result.message ?? "")")
        #expect(result.message?.contains("shift-forward") == false, "\(result.message ?? "")")
    }

    /// Under `repeated: both` a `Z` instant's digits read as wall time are two occurrences: the expected key picks one,
    /// and without a key both are named (the hints audit: a `~2` line was told the first, and applied, the spec held one
    /// instant twice). zoneinfo: Berlin falls back at 2027-10-31T01:00Z; 02:30 is 00:30Z (+02:00) and 01:30Z (+01:00).
    @Test(arguments: [
        (", key: n/v1/2027-10-31~2", "if its digits 02:30 are meant as local time, the rule's occurrence then is 2027-10-31T02:30:00+01:00 (2027-10-31T01:30:00Z)"),
        ("", "if its digits 02:30 are meant as local time, the rule's occurrences then are 2027-10-31T02:30:00+02:00 (2027-10-31T00:30:00Z, key n/v1/2027-10-31) and "
            + "2027-10-31T02:30:00+01:00 (2027-10-31T01:30:00Z, key n/v1/2027-10-31~2)"),
    ])
    func aUTCSlipOnARepeatedWallTimeNamesTheOccurrenceItsKeyMeans(key: String, told: String) throws {
        let result = try Self.runOnCore("""
            spec: both
            schedule: {id: n, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: both}
            window: {after: 2027-10-30T12:00:00+02:00, through: 2027-10-31T12:00:00+01:00}
            expect:
              occurrences: [{at: 2027-10-31T02:30:00+02:00, key: n/v1/2027-10-31}, {at: 2027-10-31T02:30:00Z\(key)}]
            """, path: "both.yaml")
        #expect(result.status == .failed)
        // The slip is the whole story: the unexpected 02:30 CET's policy sentence ("comes from this test's 'repeated: both'")
        // is no longer added beside it (a third review read it as an irrelevant closing clause).
        #expect(result.message?.hasSuffix("line 5: 2027-10-31T02:30:00Z is UTC ('Z'), which is 2027-10-31 03:30 CET (+01:00) in "
            + "Europe/Berlin; " + told) == true, "\(result.message ?? "")")
    }

    /// Two slips no policy explains, each named on the first missing instant's line (the failure review): a `Z`
    /// instant whose digits are the rule's wall time (02:30Z is 04:30 CEST in Berlin on 2027-06-01; the rule's 02:30
    /// is 00:30Z), and a Tuesday under a Monday and Thursday rule (2027-03-16, zoneinfo). On every engine: the
    /// expectation is wrong whichever engine runs it. A `Z` instant the rule gives at no reading gets nothing more.
    /// A date a month rule does not select is told the nearest it does (the second failure review).
    @Test(arguments: [
        ("{every: day, at: \"02:30\"}", "2027-06-01T00:00:00Z", "2027-06-02T00:00:00Z", "2027-06-01T02:30:00Z",
         "occurrences differ: 1 missing, 1 unexpected; line 5: 2027-06-01T02:30:00Z is UTC ('Z'), which is 2027-06-01 04:30 CEST (+02:00) "
            + "in Europe/Berlin; if its digits 02:30 are meant as local time, the rule's occurrence then is 2027-06-01T02:30:00+02:00 (2027-06-01T00:30:00Z)"),
        ("{every: day, at: \"02:30\"}", "2027-06-01T00:00:00Z", "2027-06-02T00:00:00Z", "2027-06-01T03:30:00Z",
         "occurrences differ: 1 missing, 1 unexpected"),
        ("{every: week, on: [monday, thursday], at: \"09:00\"}", "2027-03-14T00:00:00+01:00", "2027-03-17T00:00:00+01:00",
         "2027-03-16T09:00:00+01:00",
         "occurrences differ: 1 missing, 1 unexpected; line 5: 2027-03-16 is a Tuesday; the rule runs on Monday and Thursday"),
        // Day 15 of each month, and the 14th expected; Berlin is on CET in November and December (zoneinfo).
        ("{every: month, day: 15, at: \"09:00\"}", "2027-12-01T00:00:00+01:00", "2028-01-01T00:00:00+01:00",
         "2027-12-14T09:00:00+01:00",
         "occurrences differ: 1 missing, 1 unexpected; line 5: the rule (every month on day 15 at 09:00) does not select "
            + "2027-12-14; the nearest dates it selects: 2027-11-15 and 2027-12-15"),
    ])
    func aSlipNoPolicyExplainsIsNamed(rule: String, after: String, through: String, expected: String, message: String) throws {
        let text = """
            spec: slip
            schedule: {id: s, timezone: Europe/Berlin, rule: \(rule), nonexistent: skip, repeated: first}
            window: {after: \(after), through: \(through)}
            expect:
              occurrences: [\(expected)]
            """
        let file = SpecParser().parse(path: "slip.yaml", bytes: Array(text.utf8))
        for engine in [EngineName.core, .foundation] {
            let result = try Self.run(try #require(file.specs.first), on: engine)
            #expect(result.status == .failed)
            #expect(result.message == message, "\(engine)")
        }
    }

    /// A `~2` line written with the first instance's offset is told once what to write there, not also "correct the
    /// one meant for another occurrence, or remove it" and "add it, keyed …~2" (three instructions for one line in the
    /// forty-seventh session's review). zoneinfo: Berlin falls back at 2027-10-31T01:00Z; 02:30 happens at 00:30Z
    /// (+02:00) and 01:30Z (+01:00).
    @Test func aPairLineWrittenWithTheFirstInstancesOffsetIsToldOnce() throws {
        let result = try Self.runOnCore("""
            spec: pair slip
            schedule: {id: n, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: both}
            window: {after: 2027-10-31T00:00:00+02:00, through: 2027-10-31T12:00:00+01:00}
            expect:
              occurrences:
                - {at: 2027-10-31T02:30:00+02:00, key: n/v1/2027-10-31}
                - {at: 2027-10-31T02:30:00+02:00, key: n/v1/2027-10-31~2}
            """, path: "pair.yaml")
        #expect(result.message == "occurrences differ: 1 missing, 1 unexpected; 2027-10-31 02:30 CEST (+02:00) is written twice, and an "
            + "occurrence happens once: line 7 expects n/v1/2027-10-31~2, the key of the occurrence at 2027-10-31 02:30 CET (+01:00): "
            + "write 2027-10-31T02:30:00+01:00 on line 7", "\(result.message ?? "")")
    }

    /// Several lines on weekdays the weekly rule does not run on are told together (a newcomer's two Thursdays under
    /// `on: monday` were told the first alone). zoneinfo/calendar: 2027-03-11 and 03-18 are Thursdays, 03-17 a Wednesday,
    /// 03-08 and 03-15 Mondays; Berlin is at +01:00 until 2027-03-28.
    @Test(arguments: [
        ("2027-03-18T09:00:00+01:00", "lines 6 and 7: 2027-03-11 and 2027-03-18 are Thursdays; the rule runs on Monday"),
        ("2027-03-17T09:00:00+01:00", "lines 6 and 7: 2027-03-11 is a Thursday and 2027-03-17 is a Wednesday; the rule runs on Monday"),
    ])
    func severalLinesOnAnotherWeekdayAreToldTogether(second: String, told: String) throws {
        let result = try Self.runOnCore("""
            spec: weekly
            schedule: {id: w, timezone: Europe/Berlin, rule: {every: week, on: monday, at: "09:00"}, nonexistent: skip, repeated: first}
            window: {after: 2027-03-07T00:00:00+01:00, through: 2027-03-19T00:00:00+01:00}
            expect:
              occurrences:
                - 2027-03-11T09:00:00+01:00
                - \(second)
            """, path: "weekly.yaml")
        #expect(result.message == "occurrences differ: 2 missing, 2 unexpected; " + told, "\(result.message ?? "")")
    }

    /// A day of at most twelve wall times gets the calendar rule of those times (docs/cookbook.md): every 2h is twelve.
    /// London is at +00:00 until 2027-03-28T01:00Z, then +01:00 (zoneinfo); every 2h from 00:00Z gives 02:00Z and 04:00Z
    /// (03:00 and 05:00 BST), none in the window, where 04:00 BST (03:00Z) was expected. Mutation A32 (fewer than twelve)
    /// left the rule out for exactly twelve.
    @Test func anIntervalOfTwelveWallTimesADayIsGivenItsCalendarRule() throws {
        let result = try Self.runOnCore("""
            spec: every 2 hours
            schedule: {timezone: Europe/London, rule: {interval: 2h, from: 2027-03-28T00:00:00Z}}
            window: {after: 2027-03-28T02:30:00Z, through: 2027-03-28T03:30:00Z}
            expect:
              occurrences: [2027-03-28T04:00:00+01:00]
            """, path: "interval.yaml")
        #expect(result.message?.contains("its occurrences come at 05:00, not 04:00, on the wall clock; to keep its wall times use a "
            + "calendar rule, e.g. {every: day, at: [\"00:00\", \"02:00\", \"04:00\", \"06:00\", \"08:00\", \"10:00\", \"12:00\", "
            + "\"14:00\", \"16:00\", \"18:00\", \"20:00\", \"22:00\"]}, with the policies") == true, "\(result.message ?? "")")
    }

    /// A day of more than twelve wall times gets them as times in steps (a message review was told "use a calendar rule"
    /// for every 90 minutes with no example, and its hourly attempt failed). Berlin springs forward at 2027-03-28T01:00Z
    /// (zoneinfo): every 90m from 00:00+01:00 gives 01:30+01:00 (00:30Z), then 02:00Z = 04:00+02:00, where 03:00+02:00
    /// (01:00Z) was expected. Applied as written, with the policies told, the spec passes: 01:30+01:00 and 03:00+02:00.
    @Test func anIntervalOfMoreThanTwelveWallTimesADayIsGivenThemAsTimesInSteps() throws {
        let text = """
            spec: every 90 minutes
            schedule: {timezone: Europe/Berlin, rule: {interval: 90m, from: 2027-03-28T00:00:00+01:00}}
            window: {after: 2027-03-28T00:00:00+01:00, through: 2027-03-28T04:00:00+02:00}
            expect:
              occurrences: [2027-03-28T01:30:00+01:00, 2027-03-28T03:00:00+02:00]
            """
        let result = try Self.runOnCore(text, path: "interval.yaml")
        #expect(result.message?.contains("its occurrences come at 04:00, not 03:00, on the wall clock; if the app counts elapsed time, "
            + "write 2027-03-28T04:00:00+02:00; to keep its wall times use a "
            + "calendar rule, e.g. {every: day, at: {from: \"00:00\", through: \"22:30\", every: 90m}}, with the policies") == true,
                "\(result.message ?? "")")
        let applied = try Self.runOnCore(text.replacingOccurrences(
            of: "rule: {interval: 90m, from: 2027-03-28T00:00:00+01:00}}",
            with: "rule: {every: day, at: {from: \"00:00\", through: \"22:30\", every: 90m}}, nonexistent: shift-forward, repeated: first}"),
            path: "interval.yaml")
        #expect(applied.status == .passed, "\(applied.message ?? "")")
    }

    /// An expected line both engines miss alike is explained alike: the hints describe the spec's schedule and policies,
    /// which do not depend on the engine (a review's `--engine all` read "is what 'nonexistent: next-valid-time' gives"
    /// under core and, for the same line under foundation, a false "02:30 moved forward by 30 minutes"; r04, r06, r21
    /// and r27 had no hint at all under foundation, and so were not folded into "the same failure as core above").
    /// zoneinfo: Berlin springs forward at 2027-03-28T01:00Z (02:00 CET → 03:00 CEST), so 02:30 under next-valid-time is
    /// 03:00+02:00 (01:00Z) and under shift-forward 03:30+02:00 (01:30Z); it falls back at 2027-10-31T01:00Z, so 02:30 is
    /// 00:30Z (+02:00) and 01:30Z (+01:00); Sydney falls back at 2027-04-03T16:00Z (03:00 AEDT → 02:00 AEST), so 02:30 is
    /// 15:30Z (+11:00) and 16:30Z (+10:00); 2027-04-30 02:30 is +02:00 in Berlin.
    @Test(arguments: [
        ("Europe/Berlin", "{every: day, at: \"02:30\"}", "nonexistent: skip, repeated: first",
         "{after: 2027-03-27T12:00:00+01:00, through: 2027-03-29T12:00:00+02:00}", "[2027-03-28T03:00:00+02:00, 2027-03-29T02:30:00+02:00]",
         "occurrences differ: 1 missing; 2027-03-28 03:00 CEST (+02:00) is what 'nonexistent: next-valid-time' gives, not this test's "
            + "'nonexistent: skip'; under this test's policies, 02:30 on 2027-03-28 gives no occurrence: if the app uses them, remove the line"),
        ("Europe/Berlin", "{every: day, at: \"02:30\"}", "nonexistent: shift-forward, repeated: first",
         "{after: 2027-03-27T12:00:00+01:00, through: 2027-03-28T12:00:00+02:00}", "[2027-03-28T03:00:00+02:00]",
         "occurrences differ: 1 missing, 1 unexpected; 2027-03-28 03:00 CEST (+02:00) is what 'nonexistent: next-valid-time' gives, "
            + "not this test's 'nonexistent: shift-forward'; under this test's policies, 02:30 on 2027-03-28 is 2027-03-28T03:30:00+02:00: "
            + "if the app uses them, write that"),
        ("Europe/Berlin", "{every: day, at: \"02:30\"}", "nonexistent: next-valid-time, repeated: first",
         "{after: 2027-03-27T12:00:00+01:00, through: 2027-03-28T12:00:00+02:00}", "[2027-03-28T03:30:00+02:00]",
         "occurrences differ: 1 missing, 1 unexpected; 2027-03-28 03:30 CEST (+02:00) is what 'nonexistent: shift-forward' gives, "
            + "not this test's 'nonexistent: next-valid-time'; under this test's policies, 02:30 on 2027-03-28 is 2027-03-28T03:00:00+02:00: "
            + "if the app uses them, write that"),
        ("Europe/Berlin", "{every: day, at: \"02:30\"}", "nonexistent: skip, repeated: first",
         "{after: 2027-10-30T12:00:00+02:00, through: 2027-10-31T12:00:00+01:00}", "[2027-10-31T02:30:00+01:00]",
         "occurrences differ: 1 missing, 1 unexpected; 2027-10-31 02:30 CET (+01:00) is what 'repeated: last' or 'repeated: both' gives, "
            + "not this test's 'repeated: first' (with 'both', the other instant of the pair is an occurrence too: list it); under this "
            + "test's policies, 02:30 on 2027-10-31 is 2027-10-31T02:30:00+02:00: if the app uses them, write that"),
        ("Australia/Sydney", "{every: day, at: \"02:30\"}", "nonexistent: skip, repeated: first",
         "{after: 2027-04-03T12:00:00+11:00, through: 2027-04-04T12:00:00+10:00}", "[2027-04-04T02:30:00+10:00]",
         "occurrences differ: 1 missing, 1 unexpected; 2027-04-04 02:30 AEST (+10:00) is what 'repeated: last' or 'repeated: both' gives, "
            + "not this test's 'repeated: first' (with 'both', the other instant of the pair is an occurrence too: list it); under this "
            + "test's policies, 02:30 on 2027-04-04 is 2027-04-04T02:30:00+11:00: if the app uses them, write that"),
        ("Europe/Berlin", "{every: month, day: 31, at: \"02:30\", missing-day: skip}", "nonexistent: skip, repeated: first",
         "{after: 2027-04-01T00:00:00+02:00, through: 2027-05-01T00:00:00+02:00}", "[2027-04-30T02:30:00+02:00]",
         "occurrences differ: 1 missing; 2027-04-30 02:30 CEST (+02:00) is what 'missing-day: last-day' gives, not this test's "
            + "'missing-day: skip'; under this test's 'missing-day: skip' the rule has no occurrence in April 2027, which lacks its day: if the "
            + "app runs on the month's last day instead, write 'missing-day: last-day' in the rule; else remove 2027-04-30T02:30:00+02:00 (line 5)"),
    ])
    func anExpectedLineBothEnginesMissAlikeIsExplainedAlike(zone: String, rule: String, policies: String, window: String,
                                                            occurrences: String, message: String) throws {
        let file = SpecParser().parse(path: "alike.yaml", bytes: Array("""
            spec: alike
            schedule: {id: a, timezone: \(zone), rule: \(rule), \(policies)}
            window: \(window)
            expect:
              occurrences: \(occurrences)
            """.utf8))
        try #require(file.diagnostics.allSatisfy { $0.severity != .error }, "\(file.diagnostics)")
        let spec = try #require(file.specs.first)
        let core = try Self.run(spec, on: .core)
        let foundation = try Self.run(spec, on: .foundation)
        // The engines' outcomes are the same: only then must the explanations be.
        try #require(core.status == .failed && foundation.status == .failed && core.diff == foundation.diff && core.actual == foundation.actual)
        #expect(core.message == message, "\(core.message ?? "")")
        #expect(foundation.message == message, "\(foundation.message ?? "")")
    }

    /// A case's own policy, alike on both engines (r21 of the review: foundation's block had no hint). zoneinfo: Berlin
    /// springs forward at 2027-03-28T01:00Z, so 02:30 under next-valid-time is 03:00+02:00 (01:00Z) and 03:30+02:00 (01:30Z)
    /// is shift-forward's.
    @Test func aCaseBothEnginesMissAlikeIsExplainedAlike() throws {
        let file = SpecParser().parse(path: "alike.yaml", bytes: Array("""
            spec: cursor
            schedule: {id: c, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            cases:
              - name: spring gap
                nonexistent: next-valid-time
                after: 2027-03-28T00:00:00+01:00
                next: 2027-03-28T03:30:00+02:00
            """.utf8))
        try #require(file.diagnostics.allSatisfy { $0.severity != .error }, "\(file.diagnostics)")
        let spec = try #require(file.specs.first)
        let core = try Self.run(spec, on: .core)
        let foundation = try Self.run(spec, on: .foundation)
        try #require(core.status == .failed && core.diff == foundation.diff && core.actual == foundation.actual)
        let message = "occurrences differ: 1 missing, 1 unexpected; 2027-03-28 03:30 CEST (+02:00) is what 'nonexistent: shift-forward' "
            + "gives, not this test's 'nonexistent: next-valid-time'; under this test's policies, 02:30 on 2027-03-28 is "
            + "2027-03-28T03:00:00+02:00: if the app uses them, write that; if this case is to check 'nonexistent: shift-forward', "
            + "change the case's own 'nonexistent:' to it"
        #expect(core.message == message, "\(core.message ?? "")")
        #expect(foundation.message == message, "\(foundation.message ?? "")")
    }

    /// The gap-length story ("02:30 moved forward by 30 minutes, but the clocks skip 1 hour") is never told of the
    /// transition instant, which next-valid-time gives exactly: that is another policy's instant, not a mis-sized shift
    /// (the review's r03 under foundation). A quarter-hour past it, no policy's, is still told. zoneinfo: Berlin skips
    /// 02:00–03:00 on 2027-03-28 (01:00Z: 03:00+02:00); Troll skips 01:00–03:00 that night (01:00Z, 01:00 +00:00 → 03:00
    /// +02:00), so next-valid-time gives its 02:30 as 03:00+02:00 (01:00Z) and 03:15+02:00 is 01:15Z.
    @Test(arguments: [
        ("Europe/Berlin", "2027-03-28T03:00:00+02:00", 7_200, nil as String?),
        ("Antarctica/Troll", "2027-03-28T03:00:00+02:00", 7_200, nil),
        ("Antarctica/Troll", "2027-03-28T03:15:00+02:00", 7_200,
         "line 7: 2027-03-28 03:15 (+02:00) is 02:30 moved forward by 45 minutes, but the clocks skip 2 hours that night in "
            + "Antarctica/Troll (01:00 → 03:00); under 'nonexistent: skip' there is no occurrence that day"),
    ])
    func theGapLengthStoryIsNotToldOfTheTransitionInstant(zone: String, written: String, offset: Int, hint: String?) throws {
        let timeZone = try #require(TimeZone(identifier: zone))
        let schedule = try Schedule(id: "g", rule: .daily(at: try #require(TimeOfDay(hour: 2, minute: 30))), timeZone: timeZone,
                                    nonexistent: .skip, repeated: .first)
        let date = try #require(ISO8601DateFormatter().date(from: written))
        let literal = InstantLiteral(date: date, text: written, writtenOffset: offset,
                                     location: SourceLocation(file: "gap.yaml", line: 7, column: 5))
        #expect(InstantSlipHint.hint(for: schedule, missing: literal, render: { ResultInstant($0, in: timeZone) }) == hint)
    }

    /// A case's `next` a day off what its search finds is told the date to write, not the produced instant's policy
    /// (the keys review's leftover); a window's line on a date the rule gives at another time is not a day-off slip,
    /// and a line that is an occurrence (outside the window, say) is not either. zoneinfo: Berlin springs forward at
    /// 2027-03-28T01:00Z (02:00 → 03:00), so under next-valid-time the 28th's 02:30 is 03:00+02:00; the 29th's 02:30
    /// exists (00:30Z) and its 03:00+02:00 (01:00Z) is no occurrence.
    @Test func aCasesNextADayOffIsToldTheDateToWrite() throws {
        let result = try Self.runOnCore("""
            spec: berlin nvt
            schedule: {id: b, timezone: Europe/Berlin, rule: daily 02:30, nonexistent: next-valid-time, repeated: first}
            cases:
              - name: spring day
                after: 2027-03-27T12:00:00+01:00
                next: 2027-03-29T03:00:00+02:00
            """, path: "b.yaml")
        #expect(result.message == "occurrences differ: 1 missing, 1 unexpected; line 6: 2027-03-29 is a day after the date of what the "
            + "search found, 2027-03-28 03:00 CEST (+02:00): write 2027-03-28T03:00:00+02:00", "\(result.message ?? "")")
        let window = try Self.runOnCore("""
            spec: berlin nvt window
            schedule: {id: b, timezone: Europe/Berlin, rule: daily 02:30, nonexistent: next-valid-time, repeated: first}
            window: {after: 2027-03-27T12:00:00+01:00, through: 2027-03-29T12:00:00+02:00}
            expect:
              occurrences:
                - 2027-03-29T02:30:00+02:00
                - 2027-03-29T03:00:00+02:00
            """, path: "w.yaml")
        #expect(window.message?.contains("line 7: 2027-03-29 is a day after the date of the occurrence produced at that wall time, "
            + "2027-03-28 03:00 CEST (+02:00): write 2027-03-28T03:00:00+02:00") == true, "\(window.message ?? "")")
        let outside = try Self.runOnCore("""
            spec: berlin nvt outside
            schedule: {id: b, timezone: Europe/Berlin, rule: daily 02:30, nonexistent: next-valid-time, repeated: first}
            window: {after: 2027-03-28T12:00:00+02:00, through: 2027-03-30T12:00:00+02:00}
            expect:
              occurrences: [2027-03-29T02:30:00+02:00, 2027-03-31T02:30:00+02:00]
            """, path: "o.yaml")
        #expect(outside.message?.contains("days after") == false && outside.message?.contains("a day after") == false, "\(outside.message ?? "")")
    }

    /// A case's hourly `next` whose digits, read as UTC, are an occurrence its search never reaches is not told to write
    /// that occurrence (a second review applied "the UTC time of the rule's occurrence 2027-10-03T03:15:00Z … write
    /// 2027-10-03T14:15:00+11:00" and the diff grew to 11.5 hours): only an instant the test produced is offered.
    /// zoneinfo: Lord Howe springs from +10:30 to +11:00 at 2027-10-02T15:30Z (02:00 → 02:30); the 02:15 slot shifted
    /// forward is 02:45+11:00 (15:45Z), what the search from 01:30+10:30 finds; 03:15+10:30 is 16:45Z.
    @Test func aUTCDigitsSlipOffersOnlyAnInstantTheTestProduced() throws {
        let result = try Self.runOnCore("""
            spec: lord howe hourly
            schedule: {id: lh, timezone: Australia/Lord_Howe, rule: {every: hour, minute: 15}, nonexistent: shift-forward, repeated: first}
            cases:
              - name: believed an hour
                after: 2027-10-03T01:30:00+10:30
                next: [2027-10-03T03:15:00+10:30]
            """, path: "lh.yaml")
        #expect(result.message?.contains("UTC time of the rule's occurrence") == false, "\(result.message ?? "")")
        #expect(result.message?.hasPrefix("occurrences differ: 1 missing, 1 unexpected") == true, "\(result.message ?? "")")
    }

    /// A lone unlisted occurrence only this test's policy gives is told both why it comes and to add it (a second review
    /// removed a duplicate line and was left with the policy sentence alone). zoneinfo: Lord Howe springs from +10:30
    /// to +11:00 at 2027-10-02T15:30Z (02:00 → 02:30), so the 02:15 slot shifted forward is 02:45+11:00 (15:45Z), and
    /// 03:15+11:00 is 16:15Z; the window (15:00Z, 16:20Z] holds both.
    @Test func aLoneUnlistedOccurrenceAPolicyGivesIsToldToBeAdded() throws {
        let result = try Self.runOnCore("""
            spec: lord howe hourly window
            schedule: {id: lh, timezone: Australia/Lord_Howe, rule: {every: hour, minute: 15}, nonexistent: shift-forward, repeated: first}
            window: {after: 2027-10-03T01:30:00+10:30, through: 2027-10-03T03:20:00+11:00}
            expect:
              occurrences: [2027-10-03T03:15:00+11:00]
            """, path: "lh.yaml")
        #expect(result.message?.contains("comes from this test's 'nonexistent: shift-forward'") == true, "\(result.message ?? "")")
        #expect(result.message?.hasSuffix("2027-10-03 02:45 (+11:00) is not listed: add 2027-10-03T02:45:00+11:00 to the occurrences "
            + "listed at line 5, before 2027-10-03T03:15:00+11:00") == true, "\(result.message ?? "")")
    }
}
