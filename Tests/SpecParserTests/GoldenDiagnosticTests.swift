import Foundation
import SpecDiagnostics
import SpecModel
import SpecParser
import SpecYAML
import Testing

/// Whole rendered text of diagnostics the one-problem corpus cannot show: several problems in one
/// document, problems across files, limits, warnings.
@Suite struct GoldenDiagnosticTests {
    static func render(_ files: [SpecFile]) -> String {
        files.flatMap(\.diagnostics).map { DiagnosticRenderer().render($0) + "\n" }.joined()
    }

    /// The headline ends with the code in brackets, as compilers print a warning's flag, so a reader finds its entry in
    /// docs/diagnostics.md; the start stays `file:line:column: severity: `, which CI tools parse. Notes carry no code.
    @Test func theHeadlineEndsWithTheCodeInBrackets() {
        let diagnostic = Diagnostic(
            code: "unknown-key", location: SourceLocation(file: "a.yaml", line: 2, column: 3), message: "unknown key 'tz'",
            sourceLine: "  tz: UTC", length: 2, notes: [Diagnostic.Note(message: "did you mean 'timezone'?")])
        #expect(DiagnosticRenderer().render(diagnostic) == """
            a.yaml:2:3: error: unknown key 'tz' [unknown-key]
              tz: UTC
              ^~
            note: did you mean 'timezone'?
            """)
        #expect(DiagnosticRenderer().layout(diagnostic).headline.text == "a.yaml:2:3: error: unknown key 'tz' [unknown-key]")
        // In color the code is painted with the message, and the line still starts with the place.
        let painted = DiagnosticRenderer(color: true).render(diagnostic.promoted(to: .error))
        #expect(painted.hasPrefix("\u{1B}[1ma.yaml:2:3:\u{1B}[0m \u{1B}[1;31merror:\u{1B}[0m \u{1B}[1munknown key 'tz' [unknown-key]\u{1B}[0m\n"))
        var warning = diagnostic
        warning.severity = .warning
        #expect(DiagnosticRenderer().render(warning).hasPrefix("a.yaml:2:3: warning: unknown key 'tz' [unknown-key]\n"))
    }

    @Test func independentProblemsInOneDocumentAreAllReported() {
        let file = SpecFixtures.parse("""
            spec: three problems
            schedule:
              timezone: Europe/Berln
              rule: {every: day, at: "02:30"}
              nonexistent: skipp
              repeated: first
            cases:
              - name: one
                after: 2027-03-28T00:00:00
                next: 2027-03-29T02:30:00+02:00

            """)
        #expect(file.specs.isEmpty)
        #expect(Self.render([file]) == """
            spec.yaml:3:13: error: unknown time zone 'Europe/Berln'; did you mean 'Europe/Berlin'? [unknown-time-zone]
              timezone: Europe/Berln
                        ^~~~~~~~~~~~
            spec.yaml:5:16: error: unknown value 'skipp' for 'nonexistent'; did you mean 'skip'? (allowed: skip | next-valid-time | shift-forward | shift-backward) [unknown-value]
              nonexistent: skipp
                           ^~~~~
            spec.yaml:9:12: error: the instant '2027-03-28T00:00:00' has no offset; add the offset the zone has then (e.g. +02:00) or Z, so the test does not depend on the machine's zone [instant-without-offset]
                after: 2027-03-28T00:00:00
                       ^~~~~~~~~~~~~~~~~~~

            """)
    }

    @Test func aRuleThatCannotBeReadDoesNotAlsoCauseComplaintsAboutWhatDependsOnIt() {
        // The misspelled 'cses' is not also reported as "checks nothing"; the broken rule's policies
        // are still required (the rule is a calendar rule), but nothing is said twice.
        let file = SpecFixtures.parse("""
            spec: no cascade
            schedule:
              timezone: Europe/Berlin
              rule: {every: day, at: "2:3"}
              nonexistent: skip
              repeated: first
            cses:
              - name: one

            """)
        #expect(Self.render([file]) == """
            spec.yaml:4:26: error: '2:3' is not a wall time; write 'at' as HH:MM or HH:MM:SS with hours 00–23, e.g. "02:30" [invalid-time]
              rule: {every: day, at: "2:3"}
                                     ^~~~~
            spec.yaml:7:1: error: unknown key 'cses' in this document; did you mean 'cases'? [unknown-key]
            cses:
            ^~~~

            """)
    }

    @Test func aMalformedTaskIdentifierNamesEveryStepThatRepeatsItAndReportsOtherMalformedNames() {
        let file = SpecFixtures.parse("""
            spec: a task identifier written as a path
            task: {identifier: com/example/refresh, kind: refresh}
            clock: 2027-03-29T00:00:00+02:00
            steps:
              - {at: 2027-03-29T08:00:00+02:00, launch: com/example/refresh}
              - {at: 2027-03-30T08:00:00+02:00, launch: com:example:refresh}
              - {at: 2027-03-31T08:00:00+02:00, launch: com/example/refresh}
            expect:
              completed: [true, true, true]

            """)
        #expect(file.specs.isEmpty)
        #expect(Self.render([file]) == """
            spec.yaml:2:20: error: 'com/example/refresh' is not a task identifier; use only ASCII letters (a–z, A–Z), digits, '.', '-' and '_', e.g. com.example.app.refresh [invalid-name]
            task: {identifier: com/example/refresh, kind: refresh}
                               ^~~~~~~~~~~~~~~~~~~
            spec.yaml:5:45: note: 'com/example/refresh' is written here too; rename it here as well
            spec.yaml:7:45: note: 'com/example/refresh' is written here too; rename it here as well
            spec.yaml:6:45: error: 'com:example:refresh' is not a task identifier; use only ASCII letters (a–z, A–Z), digits, '.', '-' and '_', e.g. com.example.app.refresh [invalid-name]
              - {at: 2027-03-30T08:00:00+02:00, launch: com:example:refresh}
                                                        ^~~~~~~~~~~~~~~~~~~

            """)
    }

    @Test func aCaseMissingSeveralKeysNamesEach() {
        let file = SpecFixtures.parse("""
            spec: case keys
            schedule: {timezone: Europe/Berlin, rule: daily 02:30, nonexistent: skip, repeated: first}
            cases:
              - nonexistent: next-valid-time

            """)
        #expect(Self.render([file]) == """
            spec.yaml:4:5: error: case 1 has no 'name'; add 'name:' saying what the case checks, e.g. 'name: spring gap skipped' [missing-key]
              - nonexistent: next-valid-time
                ^
            spec.yaml:4:5: error: case 1 has no 'after'; add the search cursor, e.g. 'after: 2027-03-28T00:00:00+01:00' [missing-key]
              - nonexistent: next-valid-time
                ^
            spec.yaml:4:5: error: case 1 has no 'next'; add the result you expect the search from 'after' to find, e.g. 'next: 2027-03-29T02:30:00+02:00' (or a list), or 'error: no-occurrence' [missing-key]
              - nonexistent: next-valid-time
                ^

            """)
    }

    /// The example `next` is a wall time the zone has once: a day whose wall time happens twice (or not at all) is passed
    /// over (the twentieth mutation run offered the autumn night's second 02:30). zoneinfo: Berlin's 02:30 happens twice
    /// on 2027-10-31 and once, at +01:00, on 11-01.
    @Test func aCaseMissingNextIsOfferedAWallTimeTheZoneHasOnce() {
        let file = SpecFixtures.parse("""
            spec: example next
            schedule: {timezone: Europe/Berlin, rule: daily 02:30, nonexistent: skip, repeated: first}
            cases:
              - name: the night before the autumn change
                after: 2027-10-30T02:30:00+02:00

            """)
        #expect(Self.render([file]).hasPrefix("""
            spec.yaml:4:5: error: case 'the night before the autumn change' has no 'next'; add the result you expect the search from 'after' \
            to find, e.g. 'next: 2027-11-01T02:30:00+01:00' (or a list), or 'error: no-occurrence' [missing-key]
            """))
    }

    @Test func duplicateSpecNamesAcrossFilesPointAtTheSecondWithANoteAtTheFirst() {
        let spec = SpecFixtures.spec(schedule: "  timezone: Europe/Berlin\n  rule: daily 02:30\n  nonexistent: skip\n  repeated: first", name: "Nightly sync")
        let first = SpecFixtures.parse(spec, path: "specs/a.yaml")
        let second = SpecFixtures.parse("# the same name again\n" + spec, path: "specs/b.yaml")
        let checked = DuplicateSpecNames.rejecting(in: [first, second])
        #expect(checked.map(\.specs.count) == [1, 0])
        #expect(Self.render(checked) == """
            specs/b.yaml:2:1: error: the spec name 'Nightly sync' is already used in another file of this run (names are unique across every file run together); give each spec a name of its own, so each is reported on its own [duplicate-spec-name]
            spec: Nightly sync
            ^~~~
            specs/a.yaml:1:1: note: 'Nightly sync' is first used here

            """)
    }

    @Test func aFileOverTheSizeLimitIsRefusedBeforeReading() {
        let file = SpecParser(limits: YAMLLimits(maxBytes: 10)).parse(path: "big.yaml", bytes: Array("spec: a long one\n".utf8))
        #expect(Self.render([file]) == """
            big.yaml:1:1: error: the file is 17 bytes, more than the limit of 10; split it or raise the limit with --max-file-size [file-too-large]
            spec: a long one
            ^

            """)
    }

    @Test func policiesOnAnIntervalRuleAreAWarningAndTheSpecStillRuns() {
        let file = SpecFixtures.parse(SpecFixtures.spec(schedule: """
              timezone: Europe/Berlin
              rule: {interval: 24h, from: 2027-03-27T02:30:00+01:00}
              repeated: both
            """))
        #expect(file.specs.count == 1)
        #expect(Self.render([file]) == """
            spec.yaml:5:3: warning: 'repeated' has no effect on an interval rule, which counts elapsed time and never meets a DST change; remove it [unused-key]
              repeated: both
              ^~~~~~~~

            """)
    }

    /// A case copied with its anchor (`- &berlin` pasted below): the aliases after the copy take it, not the first.
    /// A warning, as ruamel.yaml's `ReusedAnchorWarning` is (PyYAML refuses the file), with a note at the first.
    @Test func anAnchorNameGivenTwiceIsAWarningAtTheSecondWithANoteAtTheFirst() {
        let file = SpecFixtures.parse("""
            spec: s
            schedule: {timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            cases:
              - &berlin {name: spring, after: 2027-03-28T00:00:00+01:00, next: 2027-03-29T02:30:00+02:00}
              - {<<: *berlin, name: copy, after: 2027-03-27T00:00:00+01:00, next: 2027-03-27T02:30:00+01:00}
              - &berlin {name: autumn, after: 2027-10-30T12:00:00+02:00, next: 2027-10-31T02:30:00+02:00}

            """)
        #expect(file.specs.count == 1)
        #expect(Self.render([file]) == """
            spec.yaml:6:5: warning: '&berlin' is given to a second node here (the first is at line 4); no alias below names it (the one above copies line 4's), but PyYAML refuses the file: give one of them a name of its own [reused-anchor]
              - &berlin {name: autumn, after: 2027-10-30T12:00:00+02:00, next: 2027-10-31T02:30:00+02:00}
                ^~~~~~~
            spec.yaml:4:5: note: the first '&berlin' is here

            """)
        // A third node of the name: "each alias below copies this one" was false from the third on, and the third was
        // told its "first" was the second.
        let three = SpecFixtures.parse("x-a: &a {x: 1}\nx-b: &a {x: 2}\nx-c: &a {x: 3}\nspec: s\n")
        let reused = three.diagnostics.filter { $0.code == "reused-anchor" }
        #expect(reused.map(\.message) == ["'&a' is given to 3 nodes (lines 1, 2 and 3); each '*a' copies the latest of them above it, and "
            + "PyYAML refuses the file: give each a name of its own"])
        #expect(reused.first?.notes.map { $0.location?.line ?? 0 } == [1, 3])
    }

    /// A YAML tag is not read (each key reads its own value as written), where PyYAML applies it: `!!float 02:30` is
    /// 150.0 there, `!!int 010` is 8, `!!str` refuses a mapping. A warning at the value, not at the tag, as every
    /// caret under a tagged or anchored scalar now is (`&r bothh` put it under `&r bo`). `!!str` on a scalar is what
    /// specrun reads anyway: no warning.
    @Test func aTagIsAWarningAndACaretSitsUnderTheValueNotItsProperties() {
        let file = SpecFixtures.parse("""
            spec: t
            schedule: !!str
              timezone: !!str Europe/Berlin
              rule: {every: day, at: !!float 02:30}
              nonexistent: skip
              repeated: &r bothh
            cases: [{name: a, after: 2027-03-28T00:00:00+01:00, next: 2027-03-29T02:30:00+02:00}]

            """)
        #expect(Self.render([file]) == """
            spec.yaml:2:11: warning: the tag '!!str' is not read: a mapping is read as one whatever its tag, where PyYAML and other YAML readers apply the tag; remove it [unread-tag]
            schedule: !!str
                      ^~~~~
            spec.yaml:4:34: warning: the tag '!!float' is not read: each key reads its own value as it is written ('02:30' here), where PyYAML and other YAML readers apply the tag; remove it [unread-tag]
              rule: {every: day, at: !!float 02:30}
                                             ^~~~~
            spec.yaml:6:16: error: unknown value 'bothh' for 'repeated'; did you mean 'both'? (allowed: first | last | both) [unknown-value]
              repeated: &r bothh
                           ^~~~~

            """)
    }

    /// A value below its properties (`repeated: &r`, then the value on the next line, a comment between) and a flow
    /// collection after them are told where the value is, not at the anchor (the hostile-input hunt).
    @Test(arguments: [("repeated: &r\n    bothh", "7:5"), ("repeated: !!str # a note\n\n    bothh", "8:5"), ("repeated: &r [both]", "6:16")])
    func aValueBelowOrAfterItsPropertiesIsToldWhereItIs(written: String, place: String) {
        let file = SpecFixtures.parse("spec: s\nschedule:\n  timezone: Europe/Berlin\n  rule: {every: day, at: \"02:30\"}\n  nonexistent: skip\n  "
            + written + "\ncases: [{name: a, after: 2027-03-28T00:00:00+01:00, next: 2027-03-29T02:30:00+02:00}]\n")
        let errors = file.diagnostics.filter { $0.severity == .error }
        #expect(errors.map { "\($0.location!.line):\($0.location!.column)" } == [place], "\(Self.render([file]))")
    }

    /// A tag before nothing leaves the value empty (it was told "unknown value ''"), told where the key's value is.
    @Test func aTagBeforeNothingIsAnEmptyValue() {
        let file = SpecFixtures.parse("spec: s\nschedule:\n  timezone: Europe/Berlin\n  rule: {every: day, at: \"02:30\"}\n  nonexistent: skip\n"
            + "  repeated: !!null\ncases: [{name: a, after: 2027-03-28T00:00:00+01:00, next: 2027-03-29T02:30:00+02:00}]\n")
        #expect(file.diagnostics.map { "\($0.code) \($0.location!.line):\($0.location!.column)" } == ["empty-value 6:13", "unread-tag 6:13"])
    }

    /// `every day at 02:30` is a calendar rule in English, not the interval shorthand `every 24h from …`: only the rule
    /// is reported. Warning that the policies do nothing sent the author in a circle: removed, they were then missing.
    @Test(arguments: ["every day at 02:30", "every 1d at 02:30", "every monday 09:00", "every night", "Every Day at 02:30"])
    func aCalendarRuleWrittenInEnglishLeavesItsPoliciesAlone(_ rule: String) {
        let withPolicies = SpecFixtures.parse(SpecFixtures.spec(schedule: """
              timezone: Europe/Berlin
              rule: "\(rule)"
              nonexistent: skip
              repeated: first
            """))
        #expect(withPolicies.diagnostics.map(\.severity) == [.error], "\(Self.render([withPolicies]))")
        #expect(withPolicies.diagnostics.first?.message.hasPrefix("'\(rule)' is not a rule") == true)
        let withoutPolicies = SpecFixtures.parse(SpecFixtures.spec(schedule: """
              timezone: Europe/Berlin
              rule: "\(rule)"
            """))
        #expect(withoutPolicies.diagnostics.count == 3, "\(Self.render([withoutPolicies]))")
        #expect(withoutPolicies.diagnostics.filter { $0.message.contains("calendar rules need it") }.count == 2)
    }

    /// `every` and a word that is neither a calendar word nor a duration (`every fortnight`) is neither kind of rule:
    /// only the rule is reported, with no word on the policies either way (they are not said to do nothing, as for an
    /// interval rule, nor to be missing, as for a calendar rule).
    @Test func aRuleOfNeitherKindSaysNothingOfItsPolicies() {
        for schedule in ["timezone: Europe/Berlin\n  rule: \"every fortnight\"\n  nonexistent: skip\n  repeated: first",
                         "timezone: Europe/Berlin\n  rule: \"every fortnight\""] {
            let file = SpecFixtures.parse(SpecFixtures.spec(schedule: "  " + schedule))
            #expect(file.diagnostics.map(\.severity) == [.error], "\(Self.render([file]))")
            #expect(file.diagnostics.first?.message.hasPrefix("'every fortnight' is not a rule") == true, "\(Self.render([file]))")
        }
    }

    @Test func aKeyThatIsNotTextIsReported() {
        let file = SpecFixtures.parse("spec: k\n[a, b]: c\nschedule: {timezone: UTC, rule: daily 02:30, nonexistent: skip, repeated: first}\ncases: [{name: c, after: 2027-01-01T00:00:00Z, next: 2027-01-01T02:30:00Z}]\n")
        #expect(Self.render([file]) == """
            spec.yaml:2:1: error: a key in this document must be a plain name, not a list [wrong-kind]
            [a, b]: c
            ^

            """)
    }

    @Test func aRuleFieldOfTheWrongKindNamesTheField() {
        let file = SpecFixtures.parse(SpecFixtures.spec(schedule: """
              timezone: Europe/Berlin
              rule: {every: week, on: {monday: yes}, at: "09:00"}
              nonexistent: skip
              repeated: first
            """))
        #expect(Self.render([file]) == """
            spec.yaml:4:27: error: 'on' must be a list of weekdays, e.g. [monday, thursday], not a mapping [wrong-kind]
              rule: {every: week, on: {monday: yes}, at: "09:00"}
                                      ^

            """)
    }

    @Test func aControlCharacterIsPlacedAtItselfAndNeverReachesTheTerminalRaw() {
        // libyaml's reader gives a byte offset, not a line: the place is counted from it (here line 4, after an ä
        // that takes two bytes). The raw escape in the source line is shown as \u{1B}, the caret under it.
        let file = SpecFixtures.parse("spec: ä\nschedule:\n  timezone: Europe/Berlin\n  id: \"ä\u{1B}[2J\"\n")
        #expect(GoldenDiagnosticTests.render([file]) == """
            spec.yaml:4:9: error: the YAML cannot be read: the control character U+001B is not allowed in YAML \
            (editors often do not show it); delete it, or write it as an escape such as \\u001B inside double quotes \
            if it belongs in a text [yaml-syntax]
              id: "ä\\u{1B}[2J"
                    ^~~~~~

            """)
    }

    @Test func controlCharactersWrittenAsEscapesAreShownAsEscapesInMessages() {
        // A double-quoted "\e" is a real escape character in the value: quoted back in a message it is made visible.
        let file = SpecFixtures.parse("spec: e\nschedule: {timezone: \"Europe/Berln\\e]0;x\\a\"}\n")
        let text = GoldenDiagnosticTests.render([file])
        #expect(text.contains("unknown time zone 'Europe/Berln\\u{1B}]0;x\\u{7}'"))
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }

    /// U+2028 and U+2029 end a line for Python's splitlines() and many editors: refused raw in a file, written as an
    /// escape they reach a name, and are shown as escapes in a message and in the refused file's source line.
    @Test func lineAndParagraphSeparatorsAreShownAsEscapes() {
        let escaped = SpecFixtures.parse("spec: e\nschedule: {timezone: \"Europe/Berln\\u2028x\\u2029\"}\n")
        #expect(GoldenDiagnosticTests.render([escaped]).contains("unknown time zone 'Europe/Berln\\u{2028}x\\u{2029}'"))
        let raw = SpecFixtures.parse("# copied\u{2028}from Word\nspec: e\n")
        let text = GoldenDiagnosticTests.render([raw])
        #expect(text.contains("# copied\\u{2028}from Word"), "\(text)")
        #expect(!text.unicodeScalars.contains { $0.value == 0x2028 || $0.value == 0x2029 })
    }

    @Test func theCaretCountsChineseCharactersAsTheTwoColumnsATerminalGivesThem() {
        // Seven CJK characters before the mistake take fourteen columns: 11 + 14 + 36 = 61 columns before 'nxt'
        // (Python's unicodedata.east_asian_width counts the same), where one per character put the caret seven
        // columns to the left of it.
        let file = SpecFixtures.parse("""
            spec: 夜间同步
            schedule: {timezone: Europe/Berlin, rule: daily 02:30, nonexistent: skip, repeated: first}
            cases:
              - {name: 春季跳过的日子, after: 2027-03-28T00:00:00+01:00, nxt: 2027-03-29T02:30:00+02:00}
            """)
        let caretLine = GoldenDiagnosticTests.render([file]).split(separator: "\n", omittingEmptySubsequences: false)[2]
        #expect(caretLine == String(repeating: " ", count: 61) + "^~~")
        // The HTML report pads its caret with the text itself (hidden), since a browser's CJK glyph is not exactly
        // two monospace columns: the layout gives that text, cut where the caret goes.
        let layout = DiagnosticRenderer().layout(file.diagnostics[0])
        #expect(layout.source?.beforeCaret == "  - {name: 春季跳过的日子, after: 2027-03-28T00:00:00+01:00, ")
        #expect(layout.marks == "^~~")
    }

    /// The marks under a wide text are as wide as the terminal draws it: four CJK characters take eight columns, so
    /// `^` and seven `~` (Python's unicodedata.east_asian_width gives 'W' for each), not `^~~~`.
    @Test func theMarksUnderChineseTextAreAsWideAsTheText() {
        let diagnostic = Diagnostic(
            code: "c", location: SourceLocation(file: "a.yaml", line: 1, column: 7), message: "m",
            sourceLine: "spec: 夜间同步 x", length: 4)
        #expect(DiagnosticRenderer().layout(diagnostic).marks == "^" + String(repeating: "~", count: 7))
        let lines = DiagnosticRenderer().render(diagnostic).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.last.map(String.init) == String(repeating: " ", count: 6) + "^" + String(repeating: "~", count: 7))
    }

    /// Columns count code points, as libyaml does: `été` spelled with combining accents (as macOS writes it) is five
    /// code points in three characters, 👨‍👩‍👧 five in one. Cutting the line at the column counted in characters put
    /// the caret two, and four, columns to the right of the mistake.
    @Test(arguments: ["e\u{301}te\u{301}", "👨‍👩‍👧", "👍🏽"])
    func theCaretFollowsCodePointsUnderCombiningAccentsAndEmojiSequences(name: String) {
        let file = Self.caseWithNextMisspelled(named: name)
        let layout = DiagnosticRenderer().layout(file.diagnostics[0])
        #expect(layout.source?.beforeCaret == "  - {name: \(name), after: 2027-03-28T00:00:00+01:00, ")
        #expect(layout.marks == "^~~")
        let lines = DiagnosticRenderer().render(file.diagnostics[0]).split(separator: "\n", omittingEmptySubsequences: false)
        let width = 11 + DisplayWidth.of(name) + 36
        #expect(lines[2] == String(repeating: " ", count: width) + "^~~", "\(lines)")
    }

    /// Characters that draw nothing (a zero-width space, a right-to-left mark, a byte order mark inside a line, as
    /// text pasted from a chat or a wiki carries them) take no column, and a flag, two regional indicators, takes two
    /// (glibc's `wcwidth`: 0 for each format character, 2 for the pair): counted one each, the caret sat one column
    /// right of the mistake per invisible character, one left per flag.
    @Test(arguments: [("n\u{200B}y", 2), ("\u{200F}Nuit", 4), ("a\u{FEFF}b\u{2060}c", 3), ("🇩🇪 Berlin", 9), ("🇩🇪🇫🇷", 4), ("\u{061C}ab", 2), ("x\u{200D}y", 2)])
    func theCaretSkipsWhatDrawsNothingAndCountsAFlagAsTwoColumns(name: String, columns: Int) {
        let file = Self.caseWithNextMisspelled(named: name)
        let lines = DiagnosticRenderer().render(file.diagnostics[0]).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[2] == String(repeating: " ", count: 11 + columns + 36) + "^~~", "\(lines)")
    }

    /// A right-to-left override or isolate left open in a spec turns the rest of a terminal line around where the
    /// terminal draws bidirectional text: in a message and in a source line it is shown as an escape, as control
    /// characters are, and the caret stays under the mistake.
    @Test func bidirectionalControlsAreShownAsEscapes() {
        let file = Self.caseWithNextMisspelled(named: "Nightly \u{202E}liaf\u{2067}")
        let text = DiagnosticRenderer().render(file.diagnostics[0])
        #expect(!text.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) })
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[1].contains("Nightly \\u{202E}liaf\\u{2067},"))
        #expect(lines[2] == String(repeating: " ", count: 11 + 28 + 36) + "^~~", "\(lines)")
        #expect(ControlCharacters.visible("a\tb") == "a\\u{9}b")
        #expect(ControlCharacters.visible("a\tb", keepingTabs: true) == "a\tb")
    }

    /// A spec whose one case, named `name`, writes `nxt` for `next` (column 11 + the name + 36).
    static func caseWithNextMisspelled(named name: String) -> SpecFile {
        SpecFixtures.parse("""
            spec: s
            schedule: {timezone: Europe/Berlin, rule: daily 02:30, nonexistent: skip, repeated: first}
            cases:
              - {name: \(name), after: 2027-03-28T00:00:00+01:00, nxt: 2027-03-29T02:30:00+02:00}
            """)
    }

    /// A flow mapping runs past 160 code points, where lines were cut: the marked instant was cut off, or the caret
    /// stood alone past the '…'. Lines are shown whole up to 1,000 code points; past that, a mark beyond the cut
    /// shows no source line rather than a caret under nothing.
    @Test func aLongLineIsShownWholeAndAMarkPastTheCutShowsNoLine() {
        let name = String(repeating: "long case name ", count: 8)
        let file = Self.caseWithNextMisspelled(named: name)
        let layout = DiagnosticRenderer().layout(file.diagnostics[0])
        #expect(file.diagnostics[0].location?.column == 168)
        #expect(layout.source?.line == "  - {name: \(name), after: 2027-03-28T00:00:00+01:00, nxt: 2027-03-29T02:30:00+02:00}")
        #expect(layout.source?.beforeCaret.unicodeScalars.count == 167)
        let huge = String(repeating: "x", count: 1_100)
        let far = SpecFixtures.parse("spec: s\nschedule: {timezone: Europe/Berlin, description: \(huge), nxt: 1}\n")
        let unknown = far.diagnostics.first { $0.message.contains("'nxt'") }
        #expect(unknown.map { DiagnosticRenderer().layout($0).source == nil } == true, "\(far.diagnostics)")
        let near = SpecFixtures.parse("spec: s\nschedule: {tmezone: Europe/Berlin, description: \(huge)}\n")
        let cut = near.diagnostics.first { $0.message.contains("'tmezone'") }.flatMap { DiagnosticRenderer().layout($0).source }
        #expect(cut?.line.hasSuffix(" …") == true)
        #expect(cut?.line.unicodeScalars.count == 1_002)
    }

    @Test func colorRenderingKeepsTheSameText() throws {
        let file = SpecFixtures.parse("spec: c\nschedule: {timezone: Europe/Berln}\n")
        let colored = try #require(file.diagnostics.first.map { DiagnosticRenderer(color: true).render($0) })
        let plain = colored.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        #expect(plain == DiagnosticRenderer().render(file.diagnostics[0]))
        #expect(colored != plain)
    }
}

@Suite struct SourceLineTests {
    @Test func windowsLineEndsAndAByteOrderMarkKeepPlacesAndLines() {
        let text = "\u{FEFF}spec: crlf\r\nschedule:\r\n  timezone: Europe/Berln\r\n  rule: daily 02:30\r\n  nonexistent: skip\r\n  repeated: first\r\n"
            + "cases: [{name: c, after: 2027-03-28T00:00:00+01:00, next: 2027-03-29T02:30:00+02:00}]\r\n"
        let file = SpecFixtures.parse(text)
        #expect(GoldenDiagnosticTests.render([file]) == """
            spec.yaml:3:13: error: unknown time zone 'Europe/Berln'; did you mean 'Europe/Berlin'? [unknown-time-zone]
              timezone: Europe/Berln
                        ^~~~~~~~~~~~

            """)
    }
}

/// Messages found confusing in exploratory QA, each with the whole text it must now read as.
extension GoldenDiagnosticTests {
    @Test func placeholdersCopiedFromAnExampleSayWhatGoesInTheirPlace() {
        let file = SpecFixtures.parse("""
            spec: every section still a placeholder
            task: ...
            clock: 2027-03-29T00:00:00+02:00
            steps: ...
            expect: …

            """)
        #expect(Self.render([file]) == """
            spec.yaml:2:7: error: 'task' is '...', a placeholder to fill in; in its place, write a mapping (identifier:, kind:) or a list of them, e.g. {identifier: com.example.app.refresh, kind: refresh} [empty-value]
            task: ...
                  ^~~
            spec.yaml:4:8: error: 'steps' is '...', a placeholder to fill in; in its place, write a list of steps ([] for none) [empty-value]
            steps: ...
                   ^~~
            spec.yaml:5:9: error: 'expect' is '…', a placeholder to fill in; in its place, write a mapping, e.g. {completed: [true], store: {items: ["42"], commits: 1}} [empty-value]
            expect: …
                    ^

            """)
    }
}

extension GoldenDiagnosticTests {
    /// `null` and `~` are on the line: the message says what YAML makes of them, and how to keep the word; an item
    /// written as nothing at all is still "empty".
    @Test func aNullWrittenOutWhereATextIsExpectedSaysYAMLReadsItAsEmptyAndHowToQuoteIt() {
        let file = SpecFixtures.parse("""
            spec: items that YAML reads as nothing
            task: {identifier: com.example.app.refresh, kind: refresh}
            job:
              items:
                - 42
                - null
                - ~
                - NULL
                - "null"
                -
            clock: 2027-03-29T00:00:00+02:00
            steps: []
            expect:
              errors: null
              log: {contains: [Null]}

            """)
        #expect(Self.render([file]) == """
            spec.yaml:6:7: error: 'items' must be a text, but YAML reads a plain null as an empty value; write "null" in quotes if the text is meant [empty-value]
                - null
                  ^~~~
            spec.yaml:7:7: error: 'items' must be a text, but YAML reads a plain ~ as an empty value; write "~" in quotes if the text is meant [empty-value]
                - ~
                  ^
            spec.yaml:8:7: error: 'items' must be a text, but YAML reads a plain NULL as an empty value; write "NULL" in quotes if the text is meant [empty-value]
                - NULL
                  ^~~~
            spec.yaml:10:6: error: 'items' must be a text, but it is empty [empty-value]
                -
                 ^
            spec.yaml:14:11: error: 'errors' is empty (YAML reads a plain null as an empty value); write [] for none, or a list of not-permitted, not-registered, late-registration, duplicate-registration, too-many-pending, unavailable, no-launch-handler, no-pending-request, app-force-quit, launch-before-earliest-begin, not-running, process-not-running [empty-value]
              errors: null
                      ^~~~
            spec.yaml:15:20: error: 'contains' must be a text, but YAML reads a plain Null as an empty value; write "Null" in quotes if the text is meant [empty-value]
              log: {contains: [Null]}
                               ^~~~

            """)
    }
}

extension GoldenDiagnosticTests {
    /// Every duration field says the same of a duration too long, negative, or typed with a minus sign (U+2212).
    @Test func durationsTooLongOrNegativeAreToldAlikeInEveryField() {
        let file = SpecFixtures.parse("""
            spec: durations out of range
            task: {identifier: com.example.app.refresh, kind: refresh}
            clock: 2027-03-29T00:00:00+02:00
            app: {retry: {backoff: exponential, delay: -1m, maximum: 99999999999d}}
            system: {expires-after: {refresh: -30s, processing: 9999999999999999999999999m}}
            steps:
              - advance: −1m
            expect: {errors: []}
            ---
            spec: an interval out of range
            schedule: {timezone: UTC, rule: {interval: -90m, from: 2027-03-27T02:30:00Z}}
            cases: [{name: a, after: 2027-03-28T00:00:00Z, next: 2027-03-29T02:30:00Z}]
            ---
            spec: a shorthand interval out of range
            schedule: {timezone: UTC, rule: every 1000000000d from 2027-03-27T02:30:00Z}
            cases: [{name: a, after: 2027-03-28T00:00:00Z, next: 2027-03-29T02:30:00Z}]

            """)
        #expect(Self.render([file]) == """
            spec.yaml:4:44: error: '-1m' is negative, and a duration cannot be; write 'delay' without the minus sign, e.g. 1m [invalid-duration]
            app: {retry: {backoff: exponential, delay: -1m, maximum: 99999999999d}}
                                                       ^~~
            spec.yaml:4:58: error: '99999999999d' is too long for 'maximum'; write at most 999999999d (about 2.7 million years) [invalid-duration]
            app: {retry: {backoff: exponential, delay: -1m, maximum: 99999999999d}}
                                                                     ^~~~~~~~~~~~
            spec.yaml:5:35: error: '-30s' is negative, and a duration cannot be; write 'refresh' without the minus sign, e.g. 30s [invalid-duration]
            system: {expires-after: {refresh: -30s, processing: 9999999999999999999999999m}}
                                              ^~~~
            spec.yaml:5:53: error: '9999999999999999999999999m' is too long for 'processing'; write at most 999999999d (about 2.7 million years) [invalid-duration]
            system: {expires-after: {refresh: -30s, processing: 9999999999999999999999999m}}
                                                                ^~~~~~~~~~~~~~~~~~~~~~~~~~
            spec.yaml:7:14: error: '−1m' has a '−' (minus sign, U+2212) where a '-' belongs, as word processors replace it; type a plain '-' [invalid-duration]
              - advance: −1m
                         ^~~
            spec.yaml:11:44: error: '-90m' is negative, and a duration cannot be; write 'interval' without the minus sign, e.g. 90m [invalid-duration]
            schedule: {timezone: UTC, rule: {interval: -90m, from: 2027-03-27T02:30:00Z}}
                                                       ^~~~
            spec.yaml:15:39: error: '1000000000d' is too long for 'interval'; write at most 999999999d (about 2.7 million years) [invalid-duration]
            schedule: {timezone: UTC, rule: every 1000000000d from 2027-03-27T02:30:00Z}
                                                  ^~~~~~~~~~~

            """)
    }
}

extension GoldenDiagnosticTests {
    /// A repeated key on a line of its own in a step or a case may be the next item without its `- `; in a mapping
    /// written on one line, or one that is no list item, it is only a repeated key.
    @Test func aRepeatedKeyOfAListItemOnALineOfItsOwnSuggestsANewItem() {
        let file = SpecFixtures.parse("""
            spec: steps
            task: {identifier: com.example.app.refresh, kind: refresh}
            clock: 2027-03-29T00:00:00+02:00
            steps:
              - {at: 2027-03-29T02:31:00+02:00, launch: com.example.app.refresh, at: 2027-03-29T02:32:00+02:00}
              - advance: 1h
                advance: 2h
            expect: {completed: [true]}
            ---
            spec: cases
            schedule:
              timezone: Europe/Berlin
              timezone: Europe/Paris
              rule: daily 02:30
              nonexistent: skip
              repeated: first
            cases:
              - name: spring gap skipped
                after: 2027-03-28T00:00:00+01:00
                next: 2027-03-29T02:30:00+02:00
                name: next day
                after: 2027-03-29T03:00:00+02:00
                next: 2027-03-30T02:30:00+02:00

            """)
        #expect(Self.render([file]) == """
            spec.yaml:5:70: error: 'at' appears twice in this step; keep one of them [duplicate-key]
              - {at: 2027-03-29T02:31:00+02:00, launch: com.example.app.refresh, at: 2027-03-29T02:32:00+02:00}
                                                                                 ^~
            spec.yaml:5:6: note: 'at' is first written here
            spec.yaml:7:5: error: 'advance' appears twice in this step; keep one of them, or start a new step here with '- ' [duplicate-key]
                advance: 2h
                ^~~~~~~
            spec.yaml:6:5: note: 'advance' is first written here
            spec.yaml:13:3: error: 'timezone' appears twice in 'schedule'; keep one of them [duplicate-key]
              timezone: Europe/Paris
              ^~~~~~~~
            spec.yaml:12:3: note: 'timezone' is first written here
            spec.yaml:21:5: error: 'name' appears twice in case 'spring gap skipped'; keep one of them, or start a new case here with '- ' [duplicate-key]
                name: next day
                ^~~~
            spec.yaml:18:5: note: 'name' is first written here
            spec.yaml:22:5: note: 'after' is written twice as well (first on line 19); a new case from line 21 would hold this one
            spec.yaml:23:5: note: 'next' is written twice as well (first on line 20); a new case from line 21 would hold this one

            """)
    }
}

extension GoldenDiagnosticTests {
    /// A word that belongs in another of the lists does not hide the other mistakes of its list: all are told at once.
    @Test func everyMistakeInAListOfWhatTheHarnessReportsIsToldInOneRound() {
        let file = SpecFixtures.parse("""
            spec: lists of what the harness reports
            task: {identifier: com.example.app.refresh, kind: refresh}
            clock: 2027-03-29T00:00:00+02:00
            steps: []
            expect:
              errors: [missing-completion, too-many-pendings, not-permitted]
              defects: [not-registered, completed-twice, completed-twise, one-completion-per-launch]

            """)
        #expect(Self.render([file]) == """
            spec.yaml:6:12: error: 'missing-completion' is a defect, not a lifecycle error; list it under 'defects:' in 'expect' [unknown-value]
              errors: [missing-completion, too-many-pendings, not-permitted]
                       ^~~~~~~~~~~~~~~~~~
            spec.yaml:6:32: error: unknown value 'too-many-pendings' for 'errors'; did you mean 'too-many-pending'? (allowed: not-permitted | not-registered | late-registration | duplicate-registration | too-many-pending | unavailable | no-launch-handler | no-pending-request | app-force-quit | launch-before-earliest-begin | not-running | process-not-running) [unknown-value]
              errors: [missing-completion, too-many-pendings, not-permitted]
                                           ^~~~~~~~~~~~~~~~~
            spec.yaml:7:13: error: 'not-registered' is a lifecycle error, not a defect; list it under 'errors:' in 'expect' [unknown-value]
              defects: [not-registered, completed-twice, completed-twise, one-completion-per-launch]
                        ^~~~~~~~~~~~~~
            spec.yaml:7:46: error: unknown value 'completed-twise' for 'defects'; did you mean 'completed-twice'? (allowed: completed-twice | success-after-failure | success-after-expiration | missing-completion | open-transaction-at-suspension | work-after-expiration) [unknown-value]
              defects: [not-registered, completed-twice, completed-twise, one-completion-per-launch]
                                                         ^~~~~~~~~~~~~~~
            spec.yaml:7:63: error: 'one-completion-per-launch' is an invariant, not a defect; list it under 'broken-invariants:' in 'expect' [unknown-value]
              defects: [not-registered, completed-twice, completed-twise, one-completion-per-launch]
                                                                          ^~~~~~~~~~~~~~~~~~~~~~~~~

            """)
    }
}

extension GoldenDiagnosticTests {
    /// Shortened names get the one name they start; a start that several names share gets none (the list is given).
    @Test func shortenedInvariantNamesAreOfferedTheNameTheyStartWhenOnlyOneDoes() {
        let file = SpecFixtures.parse("""
            spec: shortened names
            task: {identifier: com.example.app.refresh, kind: refresh}
            clock: 2027-03-29T00:00:00+02:00
            steps: []
            expect:
              broken-invariants: [one-completion, no-temp-files]
            ---
            spec: a start two names share
            task: {identifier: com.example.app.refresh, kind: refresh}
            clock: 2027-03-29T00:00:00+02:00
            steps: []
            expect:
              broken-invariants: [no-success]

            """)
        #expect(Self.render([file]) == """
            spec.yaml:6:23: error: unknown values 'one-completion', 'no-temp-files' for 'broken-invariants'; did you mean [one-completion-per-launch, no-temp-files-after-cancel-or-fault]? (allowed: one-completion-per-launch | success-implies-commit | no-success-after-failure-or-expiration | store-changes-together | old-data-readable-during-fault | no-temp-files-after-cancel-or-fault | no-success-mark-after-cancel-or-fault | no-duplicate-items | no-duplicate-side-effects | interrupted-write-reconciled | catch-up-nothing-missed | catch-up-nothing-twice | no-pending-timers | no-open-transaction-at-suspension | expiration-honoured | harness-ran-cleanly) [unknown-value]
              broken-invariants: [one-completion, no-temp-files]
                                  ^~~~~~~~~~~~~~
            spec.yaml:13:23: error: unknown value 'no-success' for 'broken-invariants'; write one of one-completion-per-launch | success-implies-commit | no-success-after-failure-or-expiration | store-changes-together | old-data-readable-during-fault | no-temp-files-after-cancel-or-fault | no-success-mark-after-cancel-or-fault | no-duplicate-items | no-duplicate-side-effects | interrupted-write-reconciled | catch-up-nothing-missed | catch-up-nothing-twice | no-pending-timers | no-open-transaction-at-suspension | expiration-honoured | harness-ran-cleanly [unknown-value]
              broken-invariants: [no-success]
                                  ^~~~~~~~~~

            """)
    }
}
