import Testing
@testable import SpecrunCLI

/// `specrun explain`, cross-checked with Python's zoneinfo (tools: a bisection for each offset change, and each
/// policy computed from its definition: next-valid-time = the change's instant, shift-forward = the wall time read
/// with the offset before, shift-backward = read with the offset after, first/last = the two readings of a
/// repeated wall time). The values Python gave are in each test's comment and asserted beside the golden text.
@Suite struct ExplainCommandTests {
    /// Runs `specrun explain` with `arguments`: it succeeds, prints exactly the golden text, and holds each row whose
    /// instants Python gave (the golden could be regenerated from the binary; the rows cannot).
    static func explain(_ arguments: [String], golden: String, rows: [String]) async {
        let run = await CommandRun.run(["explain"] + arguments)
        #expect(run.status == ExitStatus.success)
        GoldenText.check(run.out, against: golden)
        for row in rows {
            #expect(run.out.contains(row), "missing: \(row)")
        }
    }

    /// Python: 2027-03-28T01:00:00Z +01:00 → +02:00 (02:00 CET → 03:00 CEST) and 2027-10-31T01:00:00Z +02:00 →
    /// +01:00 (03:00 CEST → 02:00 CET). 02:30 on 03-28: next-valid-time 2027-03-28T03:00:00+02:00, shift-forward
    /// 2027-03-28T03:30:00+02:00, shift-backward 2027-03-28T01:30:00+01:00. 02:30 on 10-31: first
    /// 2027-10-31T02:30:00+02:00, last 2027-10-31T02:30:00+01:00.
    @Test func berlin2027At0230() async {
        await Self.explain(["Europe/Berlin", "2027", "--at", "02:30"], golden: "explain-berlin-2027-0230.txt", rows: [
            "2027-03-28  gap 1h      2027-03-28T01:00:00Z  02:00 CET (+01:00)   03:00 CEST (+02:00)",
            "2027-10-31  overlap 1h  2027-10-31T01:00:00Z  03:00 CEST (+02:00)  02:00 CET (+01:00)",
            "nonexistent: next-valid-time  2027-03-28T03:00:00+02:00", "nonexistent: shift-forward    2027-03-28T03:30:00+02:00",
            "nonexistent: shift-backward   2027-03-28T01:30:00+01:00", "repeated: first               2027-10-31T02:30:00+02:00",
            "repeated: last                2027-10-31T02:30:00+01:00",
        ])
    }

    /// Python: 2027-04-03T15:00:00Z +11:00 → +10:30 (02:00 → 01:30 on 04-04) and 2027-10-02T15:30:00Z +10:30 →
    /// +11:00 (02:00 → 02:30 on 10-03). 01:45 on 04-04 happens twice: first 2027-04-04T01:45:00+11:00, last
    /// 2027-04-04T01:45:00+10:30; on 10-03 it exists once: 2027-10-03T01:45:00+10:30.
    @Test func lordHowe2027At0145() async {
        await Self.explain(["Australia/Lord_Howe", "2027", "--at", "01:45"], golden: "explain-lord-howe-2027-0145.txt", rows: [
            "2027-04-04  overlap 30m  2027-04-03T15:00:00Z  02:00 (+11:00)  01:30 (+10:30)",
            "2027-10-03  gap 30m      2027-10-02T15:30:00Z  02:00 (+10:30)  02:30 (+11:00)",
            "repeated: first               2027-04-04T01:45:00+11:00", "repeated: last                2027-04-04T01:45:00+10:30",
            "01:45 on 2027-10-03 exists once: 2027-10-03T01:45:00+10:30",
        ])
    }

    /// Python: 02:15 on 2027-10-03 in Lord Howe's 30-minute gap: next-valid-time 2027-10-03T02:30:00+11:00,
    /// shift-forward 2027-10-03T02:45:00+11:00, shift-backward 2027-10-03T01:45:00+10:30.
    @Test func lordHoweGapDayAt0215() async {
        await Self.explain(["Australia/Lord_Howe", "2027-10-03", "--at", "02:15"], golden: "explain-lord-howe-2027-10-03-0215.txt", rows: [
            "nonexistent: next-valid-time  2027-10-03T02:30:00+11:00", "nonexistent: shift-forward    2027-10-03T02:45:00+11:00",
            "nonexistent: shift-backward   2027-10-03T01:45:00+10:30",
        ])
    }

    /// Local mean time: Berlin was at +00:53:28 until 1893-03-31T23:06:32Z, then +01:00 (Python: 23:06:31Z is
    /// 23:59:59+00:53:28, 23:06:32Z is 00:06:32+01:00). 00:00 on 04-01: next-valid-time and shift-forward (read with
    /// +00:53:28) 1893-03-31T23:06:32Z = 00:06:32+01:00; shift-backward (read with +01:00) 1893-03-31T23:00:00Z, which
    /// is 23:53:28 LMT. An offset with seconds cannot be written in a spec, so that instant is shown in UTC.
    @Test func berlinLocalMeanTimeEndsAt0000() async {
        await Self.explain(["Europe/Berlin", "1893-04-01", "--at", "00:00"], golden: "explain-berlin-1893-04-01-0000.txt", rows: [
            "1893-04-01  gap 6m32s  1893-03-31T23:06:32Z  00:00 LMT (+00:53:28)  00:06:32 CET (+01:00)",
            "nonexistent: next-valid-time  1893-04-01T00:06:32+01:00", "nonexistent: shift-forward    1893-04-01T00:06:32+01:00",
            "nonexistent: shift-backward   1893-03-31T23:00:00Z       23:53:28 LMT",
        ])
    }

    /// Europe/Amsterdam kept +00:19:32 until 1937-07-01 and +00:20 until 1940 in zoneinfo (Debian's tzdata, with
    /// backzone); the toolchain's ICU data gives it Brussels's history (+01:00 that day). The report says so before
    /// 1970, and not from 1970 on.
    @Test func aDateBefore1970NotesThatZoneDataMayBeAnotherZones() async {
        let old = await CommandRun.run("explain", "Europe/Amsterdam", "1937-07-01")
        #expect(old.out.contains("\nnote: \(ZoneReport.before1970Note)\n"), "\(old.out)")
        #expect(!(await CommandRun.run("explain", "Europe/Amsterdam", "1970")).out.contains("before 1970"))
    }

    /// Python: 2011-04-02T14:00:00Z -10:00 → -11:00 (04:00 → 03:00), 2011-09-24T14:00:00Z -11:00 → -10:00
    /// (03:00 → 04:00), 2011-12-30T10:00:00Z -10:00 → +14:00 (2011-12-30 00:00 → 2011-12-31 00:00: a whole day).
    /// 03:30 on 04-02: first 2011-04-02T03:30:00-10:00, last 2011-04-02T03:30:00-11:00. On 09-24: next-valid-time
    /// 2011-09-24T04:00:00-10:00, shift-forward 2011-09-24T04:30:00-10:00, shift-backward 2011-09-24T02:30:00-11:00.
    /// On 12-30: next-valid-time 2011-12-31T00:00:00+14:00, shift-forward 2011-12-31T03:30:00+14:00,
    /// shift-backward 2011-12-29T03:30:00-10:00. On 12-31 it exists once: 2011-12-31T03:30:00+14:00.
    @Test func apia2011At0330() async {
        await Self.explain(["Pacific/Apia", "2011", "--at", "03:30"], golden: "explain-apia-2011-0330.txt", rows: [
            "2011-04-02  overlap 1h  2011-04-02T14:00:00Z  04:00 (-10:00)  03:00 (-11:00)",
            "2011-09-24  gap 1h      2011-09-24T14:00:00Z  03:00 (-11:00)  04:00 (-10:00)",
            "2011-12-30  gap 24h     2011-12-30T10:00:00Z  00:00 (-10:00)  2011-12-31 00:00 (+14:00)",
            "repeated: first               2011-04-02T03:30:00-10:00", "repeated: last                2011-04-02T03:30:00-11:00",
            "nonexistent: next-valid-time  2011-09-24T04:00:00-10:00", "nonexistent: shift-forward    2011-09-24T04:30:00-10:00",
            "nonexistent: shift-backward   2011-09-24T02:30:00-11:00",
            "nonexistent: next-valid-time  2011-12-31T00:00:00+14:00", "nonexistent: shift-forward    2011-12-31T03:30:00+14:00",
            "nonexistent: shift-backward   2011-12-29T03:30:00-10:00",
            "03:30 on 2011-12-31 exists once: 2011-12-31T03:30:00+14:00",
            // The two shifted instants are the 31st's and the 29th's own 03:30; oracle.py's daily window
            // (2011-12-28 … 2012-01-01) keys the first 2011-12-30 and has no 2011-12-31, and under shift-backward
            // keys the 29th's 2011-12-29 and has no 2011-12-30.
            "2011-12-31T03:30:00+14:00  the same instant as 03:30 on 2011-12-31: a daily rule gives it once, as this day's, and drops 2011-12-31's",
            "2011-12-29T03:30:00-10:00  the same instant as 03:30 on 2011-12-29: a daily rule gives it once, as 2011-12-29's, and drops this day's",
        ])
    }

    // MARK: --engine all

    /// The core column is Python's, as in `lordHoweGapDayAt0215`. The Foundation column is what this toolchain's
    /// `Calendar.nextDate` does, as `specs/foundation/lord-howe-30-minute-changes.yaml` records it (a run of that
    /// file on `--engine foundation` fails with exactly these instants): it treats the 30-minute gap as a missing
    /// day and lands on 02:15 the next day (2027-10-04T02:15:00+11:00) under every gap policy but skip.
    @Test func lordHoweGapDayAt0215WithFoundation() async {
        await Self.explain(["Australia/Lord_Howe", "2027-10-03", "--at", "02:15", "--engine", "all"], golden: "explain-lord-howe-2027-10-03-0215-all.txt", rows: [
            "policy                        core                         foundation",
            "nonexistent: skip             no occurrence that day       same",
            "nonexistent: next-valid-time  2027-10-03T02:30:00+11:00    ≠ no occurrence that day (next: 2027-10-04T02:15:00+11:00)",
            "nonexistent: shift-backward   2027-10-03T01:45:00+10:30    ≠ no occurrence that day (next: 2027-10-04T02:15:00+11:00)",
        ])
    }

    /// Foundation's answer depends on where its search starts: America/Santiago skips 00:00–01:00 on 2027-09-05 (zoneinfo:
    /// 04:00Z, -04:00 → -03:00), and under shift-backward 00:30 is 2027-09-04T23:30:00-04:00 (03:30Z). Asked from the
    /// day before's occurrence, as a chain of searches asks, Foundation gives none that day; asked from noon the day
    /// before, as a case's cursor may, the core's instant (a review read this table and its case's run disagree, as
    /// `specs/foundation/` could not tell it; both answers are measured on this toolchain, not derived).
    @Test func aFoundationAnswerThatDependsOnTheSearchStartSaysBoth() async {
        let run = await CommandRun.run("explain", "America/Santiago", "2027-09-05", "--at", "00:30", "--engine", "all")
        #expect(run.status == ExitStatus.success)
        #expect(run.out.contains("  nonexistent: shift-backward   2027-09-04T23:30:00-04:00    ≠ no occurrence that day (next: "
            + "2027-09-06T00:30:00-03:00); searched from 2027-09-04T12:00:00-04:00: 2027-09-04T23:30:00-04:00\n"), "\(run.out)")
        #expect(run.out.contains("  nonexistent: next-valid-time  2027-09-05T01:00:00-03:00    same\n"), "\(run.out)")
    }

    /// `--color`, as `run` and `check` take it (a newcomer's script passed one set of flags to every command, and explain
    /// refused it): always paints the heading and the gap sentence bold and Foundation's differences yellow, with the
    /// columns where they are without color; never paints nothing.
    @Test func colorPaintsHeadingsAndFoundationsDifferences() async {
        let arguments = ["explain", "Australia/Lord_Howe", "2027-10-03", "--at", "02:15", "--engine", "all"]
        let plain = await CommandRun.run(arguments + ["--color", "never"])
        let painted = await CommandRun.run(arguments + ["--color", "always"])
        #expect(plain.status == ExitStatus.success && painted.status == ExitStatus.success)
        #expect(!plain.out.contains("\u{1B}"))
        #expect(painted.out.hasPrefix("\u{1B}[1mAustralia/Lord_Howe, 2027-10-03: 1 change of the UTC offset\u{1B}[0m\n"))
        #expect(painted.out.contains("  nonexistent: next-valid-time  2027-10-03T02:30:00+11:00    "
            + "\u{1B}[33m≠ no occurrence that day (next: 2027-10-04T02:15:00+11:00)\u{1B}[0m\n"))
        #expect(painted.out.replacingOccurrences(of: "\u{1B}[1m", with: "").replacingOccurrences(of: "\u{1B}[33m", with: "")
            .replacingOccurrences(of: "\u{1B}[0m", with: "") == plain.out)
    }

    /// Core (Python): 01:45 on 2027-04-04 is 01:45+11:00 first and 01:45+10:30 last. Foundation answers `.last` with
    /// the first instance in this 30-minute overlap (the deviation `specs/foundation/` records), so `both` is one
    /// instant, said so (a review read the one instant without a reason). On 2027-10-03 01:45 exists once, and
    /// Foundation agrees under every policy.
    @Test func lordHowe2027At0145WithFoundation() async {
        await Self.explain(["Australia/Lord_Howe", "2027", "--at", "01:45", "--engine", "all"], golden: "explain-lord-howe-2027-0145-all.txt", rows: [
            "repeated: first               2027-04-04T01:45:00+11:00                      same\n",
            "repeated: last                2027-04-04T01:45:00+10:30                      ≠ 2027-04-04T01:45:00+11:00\n",
            "repeated: both                2027-04-04T01:45:00+11:00                      ≠ 2027-04-04T01:45:00+11:00 alone (one instant; the core gives 2)\n",
            "01:45 on 2027-10-03 exists once: 2027-10-03T01:45:00+10:30; every policy gives that instant.\n  foundation: the same under every policy\n",
        ])
    }

    /// On the last day of 9999 the day after's 23:30 is in the year 10000 (Python: Kiritimati is at +14:00, Los Angeles
    /// at -08:00, so 9999-12-31T23:30 is 09:30Z and 10000-01-01T07:30Z): every Foundation row read "the window end …
    /// is outside the instants schedules are searched from", an error of explain's own search, shown as a difference.
    @Test(arguments: [("Pacific/Kiritimati", "9999-12-31T23:30:00+14:00"), ("America/Los_Angeles", "9999-12-31T23:30:00-08:00")])
    func theLastDayOf9999AgreesWithFoundation(zone: String, instant: String) async {
        let run = await CommandRun.run("explain", zone, "9999-12-31", "--at", "23:30", "--engine", "all")
        #expect(run.status == ExitStatus.success)
        #expect(run.out.contains("23:30 on 9999-12-31 exists once: \(instant); every policy gives that instant.\n  foundation: the same under every policy\n"),
                "\(run.out)")
        #expect(!run.out.contains("≠"))
    }

    /// Nuuk turns 00:00 of 2027-10-31 (-01:00) back to 23:00 of 10-30 (-02:00) at 01:00Z (zoneinfo): the overlap's row
    /// is dated 10-30, whose 23:00–24:00 it repeats, and the days follow in date order (a second review read the row
    /// dated 10-31 and 10-31's block before 10-30's).
    @Test func anOverlapThatCrossesMidnightIsDatedByTheDayItRepeats() async {
        let run = await CommandRun.run("explain", "America/Nuuk", "2027", "--at", "23:30")
        #expect(run.status == ExitStatus.success)
        #expect(run.out.contains("  2027-10-30  overlap 1h  2027-10-31T01:00:00Z  2027-10-31 00:00 (-01:00)  23:00 (-02:00)\n"), "\(run.out)")
        let days = run.out.split(separator: "\n").filter { $0.hasPrefix("23:30 on ") }.map { String($0.dropFirst(9).prefix(10)) }
        #expect(days == ["2027-03-27", "2027-03-28", "2027-10-30", "2027-10-31"])
    }

    /// The days either side of Apia's skipped 2011-12-30 (zoneinfo: -10:00 until 2011-12-30T10:00Z, then +14:00): each
    /// wall time exists once and Foundation gives it. Every row of 12-29 read "≠ no occurrence that day (next:
    /// 2011-12-29T09:00:00-10:00)" — the skipped day read with the offset after its gap is 12-29's own instant, and the
    /// window explain asks Foundation over ended before it (a second incident review).
    @Test(arguments: [("2011-12-29", "2011-12-29T09:00:00-10:00"), ("2011-12-31", "2011-12-31T09:00:00+14:00")])
    func theDaysBesideApiasSkippedDayAgreeWithFoundation(date: String, instant: String) async {
        let run = await CommandRun.run("explain", "Pacific/Apia", date, "--at", "09:00", "--engine", "all")
        #expect(run.status == ExitStatus.success)
        #expect(run.out.contains("09:00 on \(date) exists once: \(instant); every policy gives that instant.\n  foundation: the same under every policy\n"),
                "\(run.out)")
        #expect(!run.out.contains("≠"))
    }

    /// Berlin's one-hour changes: Foundation gives what the core gives (Python: as in `berlin2027At0230`).
    @Test func berlinAgreesWithFoundation() async {
        let run = await CommandRun.run("explain", "Europe/Berlin", "2027", "--at", "02:30", "--engine", "all")
        #expect(run.status == ExitStatus.success)
        #expect(!run.out.contains("≠"))
        #expect(run.out.contains("nonexistent: next-valid-time  2027-03-28T03:00:00+02:00  03:00 CEST  same\n"))
        #expect(run.out.contains("repeated: last                2027-10-31T02:30:00+01:00  02:30 CET                      same\n"))
    }

    @Test func withoutAYearTheCurrentYearOfTheInjectedClockIsExplained() async {
        let run = await CommandRun.run("explain", "Europe/Berlin")
        #expect(run.out.hasPrefix("Europe/Berlin, 2027: 2 changes of the UTC offset\n"))
        #expect(run.out.hasSuffix("What each policy makes of a wall time on these days: specrun explain Europe/Berlin 2027 --at HH:MM\n"))
    }

    /// An old tzdata name is explained (the toolchain resolves it) with the old-zone-name lint's words under the heading.
    @Test func anOldZoneNameIsExplainedWithANoteNamingTheCurrentOne() async {
        let run = await CommandRun.run("explain", "Europe/Kiev", "2027")
        #expect(run.out.hasPrefix("""
            Europe/Kiev, 2027: 2 changes of the UTC offset
            note: 'Europe/Kiev' is an old name of Europe/Kyiv (a link in tzdata); write Europe/Kyiv: the instants are the same

              date        change      at (UTC)              clocks go from       to

            """))
        #expect(await CommandRun.run("explain", "Asia/Calcutta", "2027").out == """
            Asia/Calcutta, 2027: no change of the UTC offset; +05:30 (IST) all year.
            note: 'Asia/Calcutta' is an old name of Asia/Kolkata (a link in tzdata); write Asia/Kolkata: the instants are the same

            """)
        #expect(!(await CommandRun.run("explain", "Europe/Kyiv", "2027").out.contains("note:")))
        #expect(!(await CommandRun.run("explain", "UTC", "2027").out.contains("note:")))
    }

    @Test func aZoneWithoutChangesSaysItsOffset() async {
        #expect(await CommandRun.run("explain", "Asia/Kolkata", "2027", "--at", "02:30").out == """
            Asia/Kolkata, 2027: no change of the UTC offset; +05:30 (IST) all year.

            02:30 exists once on every day of 2027: no policy applies.

            """)
        #expect(await CommandRun.run("explain", "Europe/Berlin", "2027-06-01", "--at", "02:30").out == """
            Europe/Berlin, 2027-06-01: no change of the UTC offset; +02:00 (CEST) all day.

            02:30 on 2027-06-01 exists once: 2027-06-01T02:30:00+02:00; every policy gives that instant.

            """)
    }

    /// UTC, written either way, is named as specs are told to write it: Foundation keeps the zone as `Etc/UTC` (its
    /// `UTC` is `GMT`), and the heading said `Etc/UTC, 2027: …` for `explain UTC`. Python: UTC and Etc/UTC are at
    /// +00:00, abbreviation UTC, all of 2027; 02:30 on 2027-03-28 is 2027-03-28T02:30:00+00:00.
    @Test(arguments: ["UTC", "Etc/UTC"])
    func utcIsNamedUTCWhicheverSpellingIsGiven(_ name: String) async {
        #expect(await CommandRun.run("explain", name, "2027").out == """
            UTC, 2027: no change of the UTC offset; +00:00 (UTC) all year.

            """)
        #expect(await CommandRun.run("explain", name, "2027-03-28", "--at", "02:30").out == """
            UTC, 2027-03-28: no change of the UTC offset; +00:00 (UTC) all day.

            02:30 on 2027-03-28 exists once: 2027-03-28T02:30:00+00:00; every policy gives that instant.

            """)
    }

    @Test(arguments: [
        (["Europe/Berln"], "unknown time zone 'Europe/Berln'. Did you mean 'Europe/Berlin'?"),
        (["Mars/Olympus_Mons"], "unknown time zone 'Mars/Olympus_Mons'; write an IANA identifier such as Europe/Berlin or America/New_York."),
        (["UTC+2"], "'UTC+2' is a fixed offset: it cannot represent future DST changes; write the IANA identifier of the place whose clock you mean, e.g. Europe/Athens, Africa/Cairo or Africa/Johannesburg."),
        (["Asia/Beijing"], "unknown time zone 'Asia/Beijing'; tzdata names no zone after Beijing: write Asia/Shanghai, whose clock it keeps."),
        (["Europe/Berlin", "2027-02-30"], "the date 2027-02-30 does not exist; check the month and the day."),
        (["Europe/Berlin", "27"], "'27' is outside the years explain covers, 1000 to 9999; write a year like 2027 or a date like 2027-03-28."),
        (["Europe/Berlin", "10000"], "'10000' is outside the years explain covers, 1000 to 9999; write a year like 2027 or a date like 2027-03-28."),
        (["Europe/Berlin", "2027-3-28"], "'2027-3-28' is neither a year nor a date; write a year like 2027 or a date like 2027-03-28."),
        // An instant pasted from a spec: the date and the wall time written apart (an incident review's).
        (["Europe/Berlin", "2027-03-28T02:30"],
         "'2027-03-28T02:30' is a date and a time; write them apart: 2027-03-28 --at 02:30 (the wall time, without an offset: explain reads it in the zone)."),
        // With an offset or Z it is an instant: its wall time in the zone (zoneinfo: 02:30+02:00 is 00:30Z, 01:30 CET in
        // Berlin that night; 01:30Z is 03:30 CEST), and the digits as written too, when they differ (a third review).
        (["Europe/Berlin", "2027-03-28T02:30:00+02:00"],
         "'2027-03-28T02:30:00+02:00' is an instant, 2027-03-28 01:30 in Europe/Berlin; write the local date and wall time apart: "
            + "2027-03-28 --at 01:30; for the wall time as written, 2027-03-28 --at 02:30."),
        (["Europe/Berlin", "2027-03-28T01:30:00Z"],
         "'2027-03-28T01:30:00Z' is an instant, 2027-03-28 03:30 in Europe/Berlin; write the local date and wall time apart: "
            + "2027-03-28 --at 03:30; for the wall time as written, 2027-03-28 --at 01:30."),
        (["Europe/Berlin", "2027-03-28T03:30:00+02:00"],
         "'2027-03-28T03:30:00+02:00' is an instant, 2027-03-28 03:30 in Europe/Berlin; write the local date and wall time apart: "
            + "2027-03-28 --at 03:30."),
        // The same digits a day apart are another date to explain: Apia's 02:30+14:00 written for the skipped 2011-12-30
        // is 12:30Z of the 29th, 02:30 at -10:00 (zoneinfo), so the reading as written is offered too (mutation run 17's X3
        // survived only the wall times compared: every instant pinned kept its date).
        (["Pacific/Apia", "2011-12-30T02:30:00+14:00"],
         "'2011-12-30T02:30:00+14:00' is an instant, 2011-12-29 02:30 in Pacific/Apia; write the local date and wall time apart: "
            + "2011-12-29 --at 02:30; for the wall time as written, 2011-12-30 --at 02:30."),
        // Without seconds, or with a fraction (as interval keys write them), it is an instant too: Foundation's ISO 8601
        // reader took only whole seconds, and both read as the wall time 01:30, 00:30Z (mutation run 17). zoneinfo:
        // 01:30Z and 01:30:00.5Z are 03:30 CEST, and 01:30 IST+01:00 in Dublin is 00:30Z, 00:30 GMT that night.
        (["Europe/Berlin", "2027-03-28T01:30Z"],
         "'2027-03-28T01:30Z' is an instant, 2027-03-28 03:30 in Europe/Berlin; write the local date and wall time apart: "
            + "2027-03-28 --at 03:30; for the wall time as written, 2027-03-28 --at 01:30."),
        (["Europe/Berlin", "2027-03-28T01:30:00.5Z"],
         "'2027-03-28T01:30:00.5Z' is an instant, 2027-03-28 03:30 in Europe/Berlin; write the local date and wall time apart: "
            + "2027-03-28 --at 03:30; for the wall time as written, 2027-03-28 --at 01:30."),
        (["Europe/Dublin", "2027-03-28T01:30+01:00"],
         "'2027-03-28T01:30+01:00' is an instant, 2027-03-28 00:30 in Europe/Dublin; write the local date and wall time apart: "
            + "2027-03-28 --at 00:30; for the wall time as written, 2027-03-28 --at 01:30."),
        (["Europe/Berlin", "2027-03-28 02:30:15"],
         "'2027-03-28 02:30:15' is a date and a time; write them apart: 2027-03-28 --at 02:30:15 (the wall time, without an offset: explain reads it in the zone)."),
        (["Europe/Berlin", "2027-03-28Tnoon"], "'2027-03-28Tnoon' is neither a year nor a date; write a year like 2027 or a date like 2027-03-28."),
        // The separator in lower case is one too; an hour alone, or an hour of one digit, is no wall time to write
        // after --at, and stays "neither" (mutation run 16's X1, X2 and X3 survived: only upper-case T, two parts and
        // two digits each were pinned).
        (["Europe/Berlin", "2027-03-28t02:30"],
         "'2027-03-28t02:30' is a date and a time; write them apart: 2027-03-28 --at 02:30 (the wall time, without an offset: explain reads it in the zone)."),
        (["Europe/Berlin", "2027-03-28T02"], "'2027-03-28T02' is neither a year nor a date; write a year like 2027 or a date like 2027-03-28."),
        (["Europe/Berlin", "2027-03-28T2:30"], "'2027-03-28T2:30' is neither a year nor a date; write a year like 2027 or a date like 2027-03-28."),
        (["Europe/Berlin", "2027", "--at", "25:00"], "'25:00' is not a wall time; write --at as HH:MM or HH:MM:SS with hours 00–23, e.g. --at 02:30."),
        (["Europe/Paris", "2027", "--at", "2h30"], "'2h30' is not a wall time; write --at on the 24-hour clock as HH:MM: --at 02:30."),
        (["Europe/Paris", "2027", "--at", "２：３０"], "'２：３０' is not a wall time; write --at on the 24-hour clock as HH:MM: --at 02:30."),
        (["Europe/Berlin", "2027", "2028"], "give a zone and at most one year or date, not '2028'; e.g. 'specrun explain Europe/Berlin 2027-03-28'."),
        ([], "name a time zone, e.g. 'specrun explain Europe/Berlin 2027'."),
        (["Europe/Berlin", "2027", "--at", "02:30", "--engine", "foundation"],
         "'--engine foundation' is not an engine for explain; use core (the default) or all (core and Foundation side by side)."),
        (["Europe/Berlin", "2027", "--engine", "all"],
         "'--engine all' compares what the engines make of a wall time; add one with --at HH:MM."),
    ])
    func mistakesAreOneSentenceWithExitStatusTwo(_ arguments: [String], _ message: String) async {
        let run = await CommandRun.run(["explain"] + arguments)
        #expect(run.status == ExitStatus.invalidInput)
        #expect(run.out.isEmpty)
        #expect(run.err == "specrun: error: \(message)\nRun 'specrun explain --help' for usage.\n")
    }
}
