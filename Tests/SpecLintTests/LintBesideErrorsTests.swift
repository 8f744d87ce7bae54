import SpecDiagnostics
import SpecLint
import SpecModel
import SpecParser
import Testing

/// A spec with an error that leaves what it checks as written is linted too (`SpecFile.specsWithErrors`), so a warning
/// about another line comes in the same round as the error: the black-box reviews' most common extra round. It is never
/// run. Instants were checked with Python's zoneinfo: Europe/Berlin springs forward at 2027-03-28T01:00:00Z and is at
/// +02:00 from then on, so 02:30 on the 29th and 30th is 02:30+02:00.
@Suite struct LintBesideErrorsTests {
    /// Every diagnostic of the file as the CLI lists it (parser's and linter's, in source order), and the file.
    static func check(_ text: String) -> (text: String, file: SpecFile) {
        let file = SpecLinter().lint([SpecParser().parse(path: "nightly.yaml", bytes: Array(text.utf8))])[0]
        return (file.diagnostics.map { DiagnosticRenderer().render($0) + "\n" }.joined(), file)
    }

    static let slipBesideTypo = """
        spec: Berlin nightly
        descripton: the spring change
        schedule: {timezone: Europe/Berlin, rule: daily 02:30, nonexistent: skip, repeated: first}
        window: {after: 2027-03-27T00:00:00+01:00, through: 2027-03-30T12:00:00+02:00}
        expect:
          occurrences:
            - 2027-03-27T02:30:00+01:00
            - 2027-03-29T02:30:00+01:00
            - 2027-03-30T02:30:00+02:00

        """

    @Test func anOffsetSlipIsToldBesideATopLevelTypo() {
        let (text, file) = Self.check(Self.slipBesideTypo)
        #expect(text == """
            nightly.yaml:2:1: error: unknown key 'descripton' in this document; did you mean 'description'? [unknown-key]
            descripton: the spring change
            ^~~~~~~~~~
            nightly.yaml:8:7: warning: 2027-03-29T02:30:00+01:00 is written with offset +01:00, but Europe/Berlin is at +02:00 at that instant: it is 2027-03-29 03:30 CEST (+02:00) there [offset-mismatch]
                - 2027-03-29T02:30:00+01:00
                  ^~~~~~~~~~~~~~~~~~~~~~~~~
            note: if you meant 02:30 local time, write 2027-03-29T02:30:00+02:00

            """)
        #expect(file.specs.isEmpty, "a spec with an error never runs")
        #expect(file.specsWithErrors.map(\.name) == ["Berlin nightly"])
    }

    @Test func anOffsetSlipIsToldBesideAnOrderErrorOnAnotherLine() {
        let (text, _) = Self.check("""
            spec: Berlin nightly
            schedule: {timezone: Europe/Berlin, rule: daily 02:30, nonexistent: skip, repeated: first}
            window: {after: 2027-03-27T00:00:00+01:00, through: 2027-03-31T12:00:00+02:00}
            expect:
              occurrences:
                - 2027-03-27T02:30:00+01:00
                - 2027-03-29T02:30:00+01:00
                - 2027-03-31T02:30:00+02:00
                - 2027-03-30T02:30:00+02:00

            """)
        #expect(text.contains("nightly.yaml:7:7: warning: 2027-03-29T02:30:00+01:00 is written with offset +01:00"), "\(text)")
        #expect(text.contains("nightly.yaml:9:7: error: 2027-03-30T02:30:00+02:00 is earlier than 2027-03-31T02:30:00+02:00"), "\(text)")
        #expect(text.components(separatedBy: "warning:").count == 2, "\(text)")
    }

    /// The offset slip of the out-of-order line is the order error's note: not told again as a warning.
    @Test func theErrorsOwnLineIsNotWarnedAgain() {
        let (text, _) = Self.check("""
            spec: Berlin nightly
            schedule: {timezone: Europe/Berlin, rule: daily 02:30, nonexistent: skip, repeated: first}
            window: {after: 2027-03-27T00:00:00+01:00, through: 2027-03-31T12:00:00+02:00}
            expect:
              occurrences:
                - 2027-03-27T02:30:00+01:00
                - 2027-03-31T02:30:00+02:00
                - 2027-03-30T02:30:00+01:00

            """)
        #expect(text.contains("[instant-order]") && text.contains("note: 2027-03-30T02:30:00+01:00 is written with offset +01:00"), "\(text)")
        #expect(!text.contains("warning:"), "\(text)")
    }

    /// An order error's note on the line before it (the offset slip that put its line out of place, beside a swap
    /// above that makes the list's order errors two) is that line's whole story: not warned again.
    @Test func aLineAnErrorsNoteStandsOnIsNotWarnedAgain() {
        let (text, _) = Self.check("""
            spec: Berlin twice a night
            schedule: {timezone: Europe/Berlin, rule: {every: day, at: ["02:00", "02:30"]}, nonexistent: skip, repeated: first}
            window: {after: 2027-04-03T00:00:00+02:00, through: 2027-04-04T12:00:00+02:00}
            expect:
              occurrences:
                - 2027-04-03T02:30:00+02:00
                - 2027-04-03T02:00:00+02:00
                - 2027-04-04T02:00:00+01:00
                - 2027-04-04T02:30:00+02:00

            """)
        // Each pair judged by its own neighbours, the error stands on the slipped line itself, with its note.
        #expect(text.contains("nightly.yaml:8:7: error:") && text.contains("nightly.yaml:8:7: note: 2027-04-04T02:00:00+01:00 is written with offset +01:00"),
                "\(text)")
        #expect(!text.contains("warning:"), "\(text)")
    }

    /// A case whose `next` is before its cursor keeps its spec linted line by line: the other case's offset slip is told.
    /// Not judged together: the case as written spans nothing, so the `dst` tag would be told its spec holds no change
    /// (the change at 2027-03-28T01:00:00Z is between the case's two instants), and the case removed, as told, would
    /// have lost the one search over the change.
    @Test func aCaseOutOfOrderLeavesItsOtherCasesLintedLineByLine() {
        let (text, file) = Self.check("""
            spec: Berlin nightly searches
            tags: [dst]
            schedule: {timezone: Europe/Berlin, rule: daily 02:30, nonexistent: skip, repeated: first}
            cases:
              - name: spring gap skipped
                after: 2027-03-29T02:30:00+02:00
                next: 2027-03-28T00:00:00+01:00
              - name: the day after
                after: 2027-03-29T12:00:00+02:00
                next: 2027-03-30T02:30:00+01:00

            """)
        #expect(text.contains("nightly.yaml:7:11: error: 'next' 2027-03-28T00:00:00+01:00 is not later than the cursor"), "\(text)")
        #expect(text.contains("nightly.yaml:10:11: warning: 2027-03-30T02:30:00+01:00 is written with offset +01:00"), "\(text)")
        #expect(!text.contains("dst-without-transition"), "\(text)")
        #expect(file.specs.isEmpty && file.specsWithErrors.count == 1)
    }

    /// Another item of a flow list on the error's line is warned in the same round, unless the error quotes it (a cases
    /// review's offset slip on a case's first result waited behind its third result's error). zoneinfo: Nuuk springs
    /// forward at 2027-03-28T01:00Z, 22:59 (-02:00) → 00:00 (-01:00) on the 28th; 23:30-02:00 is 01:30Z, 00:30 (-01:00),
    /// and next-valid-time gives 00:00-01:00 for the 27th's skipped 23:30.
    @Test func anotherItemOfTheErrorsFlowListIsWarned() {
        let (text, _) = Self.check("""
            spec: Nuuk late evening
            schedule: {timezone: America/Nuuk, rule: daily 23:30, nonexistent: next-valid-time, repeated: first}
            cases:
              - name: Saturday's slot and Sunday's
                after: 2027-03-27T12:00:00-02:00
                next: [2027-03-27T23:30:00-02:00, 2027-03-28T23:30:00-01:00, 2027-03-28T23:30:00-01:00]

            """)
        #expect(text.contains("nightly.yaml:6:12: warning: 2027-03-27T23:30:00-02:00 is written with offset -02:00"), "\(text)")
        #expect(text.contains("nightly.yaml:6:66: error: 'next' 2027-03-28T23:30:00-01:00 is the same instant as the cursor"), "\(text)")
        // The cursor the error quotes, slipped, is told by the error's note on that item: not warned again.
        let (quoted, _) = Self.check("""
            spec: Berlin nightly
            schedule: {timezone: Europe/Berlin, rule: daily 02:30, nonexistent: skip, repeated: first}
            cases:
              - name: twice
                after: 2027-03-29T00:00:00+02:00
                next: [2027-03-30T02:30:00+01:00, 2027-03-30T02:30:00+01:00]

            """)
        #expect(quoted.contains("[instant-order]") && !quoted.contains("warning:"), "\(quoted)")
    }

    /// Two lines of one instant, out of order (a review's): 2027-03-28T02:30:00+01:00 is 01:30Z, and so is the 03:30
    /// slot's 03:30+02:00, which the 02:30 slot under `shift-forward` takes (the gap is 01:00Z–02:00 local). The order
    /// error on line 9 names line 7 ("line 7 lists this instant already … remove this line"); a warning on line 7 said
    /// to remove that one too, and doing both lost the occurrence. The line an error names is left to the error.
    @Test func aLineAnErrorNamesIsNotWarned() {
        let (text, _) = Self.check("""
            spec: Berlin at two times
            schedule: {timezone: Europe/Berlin, rule: {every: day, at: ["02:30", "03:30"]}, nonexistent: shift-forward, repeated: first}
            window: {after: 2027-03-27T00:00:00+01:00, through: 2027-03-30T00:00:00+02:00}
            expect:
              occurrences:
                - 2027-03-27T02:30:00+01:00
                - 2027-03-28T02:30:00+01:00
                - 2027-03-29T02:30:00+02:00
                - 2027-03-28T03:30:00+02:00

            """)
        #expect(text.contains("nightly.yaml:9:7: error: 2027-03-28T03:30:00+02:00 is earlier than 2027-03-29T02:30:00+02:00 before it; line 7 lists this instant already"),
                "\(text)")
        #expect(!text.contains("warning:"), "\(text)")
    }

    @Test func linesNamedInAMessage() {
        #expect(ListWording.linesNamed(in: "line 17 lists this instant already; remove line 3") == [17, 3])
        #expect(ListWording.linesNamed(in: "the keys on lines 39, 41 and 44 name it; the lines are fine; line x") == [39, 41, 44])
        #expect(ListWording.linesNamed(in: "its pipeline 7 and a deadline") == [7], "a word ending in 'line' before a number reads as one: harmless, a warning left to the next round")
    }

    /// An expected line that does not read (its `T` left out, no offset) is left out of the list, and the other lines
    /// are linted: the 29th's slip is told in the same round as the two errors.
    @Test func aLineThatDoesNotReadLeavesTheOthersLinted() {
        let (text, file) = Self.check("""
            spec: Berlin nightly
            schedule: {timezone: Europe/Berlin, rule: daily 02:30, nonexistent: skip, repeated: first}
            window: {after: 2027-03-26T00:00:00+01:00, through: 2027-03-31T00:00:00+02:00}
            expect:
              occurrences:
                - 2027-03-26T02:30:00+01:00
                - 2027-03-2702:30:00+01:00
                - 2027-03-29T02:30:00+01:00
                - 2027-03-30T02:30:00

            """)
        #expect(text.contains("nightly.yaml:7:7: error: '2027-03-2702:30:00+01:00' is not an RFC 3339 instant"), "\(text)")
        #expect(text.contains("nightly.yaml:8:7: warning: 2027-03-29T02:30:00+01:00 is written with offset +01:00"), "\(text)")
        #expect(text.contains("nightly.yaml:9:7: error: the instant '2027-03-30T02:30:00' has no offset"), "\(text)")
        #expect(file.specs.isEmpty && file.specsWithErrors.count == 1)
    }

    /// A misspelled `version` leaves version 1, which the key's `/v2/` would be told it does not match: a spec whose
    /// error may have defaulted what a lint reads is not linted.
    @Test func aMisspelledScheduleKeyKeepsItsSpecUnlinted() {
        let (text, file) = Self.check("""
            spec: Backup, version 2
            schedule: {id: backup, versoin: 2, timezone: Europe/Berlin, rule: daily 02:30, nonexistent: skip, repeated: first}
            window: {after: 2027-06-01T00:00:00+02:00, through: 2027-06-02T00:00:00+02:00}
            expect:
              occurrences:
                - {at: 2027-06-01T02:30:00+02:00, key: backup/v2/2027-06-01}

            """)
        #expect(text.contains("unknown key 'versoin' in 'schedule'") && !text.contains("warning:"), "\(text)")
        #expect(file.specsWithErrors.isEmpty)
    }

    /// A top-level key a section has (`version:` a level too high) belongs elsewhere, and one with a list or mapping
    /// value may be a section misspelled (`case:`): the spec read without it is not the one its author meant.
    @Test func aTopLevelKeyThatBelongsElsewhereKeepsItsSpecUnlinted() {
        for line in ["version: 2", "versoin: 2", "limt: 10", "tag: [dst]"] {
            let (_, file) = Self.check(Self.slipBesideTypo.replacingOccurrences(of: "descripton: the spring change", with: line))
            #expect(file.hasErrors && file.specsWithErrors.isEmpty, "\(line)")
        }
    }

    static let scenario = """
        spec: An interruption after the write is reconciled on retry
        task: {identifier: com.example.app.refresh, kind: refresh}
        job:
          items: ["42", "43"]
        schedule: {id: nightly-sync, timezone: Europe/Berlin, rule: daily 02:30, nonexistent: skip, repeated: first}
        clock: 2027-03-29T00:00:00+02:00
        steps:
          - at: 2027-03-29T02:40:00+02:00
            launch: com.example.app.refresh
            interrupt: after-write
          - at: 2027-03-29T02:10:00+01:00
            launch: com.example.app.refresh
        expect:
          completed: [killed, true]

        """

    /// A scenario with a top-level typo is read whole too: its step's offset slip (02:10+01:00 is 03:10 CEST, after the
    /// first step's 02:40) is told in the same round.
    @Test func aScenarioIsLintedBesideATopLevelTypo() {
        let (text, file) = Self.check(Self.scenario.replacingOccurrences(of: "task:", with: "descripton: typo\ntask:"))
        #expect(text.contains("nightly.yaml:2:1: error: unknown key 'descripton'"), "\(text)")
        #expect(text.contains("nightly.yaml:12:9: warning: 2027-03-29T02:10:00+01:00 is written with offset +01:00"), "\(text)")
        #expect(file.specs.isEmpty && file.specsWithErrors.count == 1)
    }

    /// A scenario's steps out of order: the step's reading is the error's, and the scenario is not linted (the
    /// scenario parser reads no scenario from steps out of order).
    @Test func aScenarioWithStepsOutOfOrderIsNotLinted() {
        let (text, file) = Self.check(Self.scenario.replacingOccurrences(of: "02:40:00+02:00", with: "03:40:00+02:00"))
        #expect(text.contains("[instant-order]"), "\(text)")
        #expect(file.specsWithErrors.isEmpty && file.specs.isEmpty)
    }
}
