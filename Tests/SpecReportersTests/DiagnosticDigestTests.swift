import SpecDiagnostics
import SpecResults
import Testing
@testable import SpecReporters

/// A generated file with one slip in 300 documents printed 300 identical blocks: the terminal tells a problem once
/// and a file's first 50; machine results keep them all.
@Suite struct DiagnosticDigestTests {
    static func zoneTypo(_ file: String, line: Int, zone: String = "Europe/Berln") -> Diagnostic {
        Diagnostic(code: "unknown-time-zone", location: SourceLocation(file: file, line: line, column: 13),
                   message: "unknown time zone '\(zone)'; did you mean 'Europe/Berlin'?", sourceLine: "  timezone: \(zone)",
                   length: zone.count)
    }

    @Test func copiesOfOneDiagnosticAreToldOnceWithTheirLines() {
        let lines = [3, 13, 23, 33, 43, 53, 63, 293]
        let digest = DiagnosticDigest(lines.map { Self.zoneTypo("many.yaml", line: $0) })
        #expect(digest.shown.count == 1)
        #expect(digest.shown[0].location?.line == 3)
        #expect(digest.shown[0].notes.map(\.message) == ["the same at lines 13, 23, 33, 43, 53 … 293 (8 in all)"])
        #expect(digest.left.isEmpty)
    }

    @Test func aFewCopiesAreAllNamed() {
        let digest = DiagnosticDigest([3, 13, 23].map { Self.zoneTypo("a.yaml", line: $0) })
        #expect(digest.shown.map { $0.notes.map(\.message) } == [["the same at lines 13 and 23 (3 in all)"]])
    }

    /// Six copies are the first five and the last, so all of them are named, without a `…` that would say some lines
    /// were left out (mutation B28 shortened a list of six).
    @Test func sixCopiesAreAllNamedWithoutAnEllipsis() {
        let digest = DiagnosticDigest([3, 13, 23, 33, 43, 53, 63].map { Self.zoneTypo("a.yaml", line: $0) })
        #expect(digest.shown.map { $0.notes.map(\.message) } == [["the same at lines 13, 23, 33, 43, 53 and 63 (7 in all)"]])
    }

    /// Two copies on one line (`at: ["25:00", "25:00"]`) are both shown: folded, the second's column was lost.
    @Test func copiesOnTheFirstsLineAreShownApart() {
        var second = Self.zoneTypo("a.yaml", line: 5)
        second.location?.column = 36
        let digest = DiagnosticDigest([Self.zoneTypo("a.yaml", line: 5), second, Self.zoneTypo("a.yaml", line: 9)])
        #expect(digest.shown.map { $0.location?.column } == [13, 36])
        #expect(digest.shown[0].notes.map(\.message) == ["the same at line 9 (2 in all)"])
    }

    /// A copy's message names its own lines ("which this mapping has, on line 16"): numbers aside, it is a copy.
    @Test func numbersInTheMessageDoNotMakeACopyDistinct() {
        let copies = [6, 16, 26].map { line in
            Diagnostic(code: "unknown-key", location: SourceLocation(file: "a.yaml", line: line + 1, column: 3),
                       message: "unknown key 'repeatd' in 'schedule'; it looks like 'repeated', which this mapping has, on line \(line): remove one of them",
                       sourceLine: "  repeatd: first", length: 7)
        }
        let digest = DiagnosticDigest(copies)
        #expect(digest.shown.count == 1)
        #expect(digest.shown[0].message.hasSuffix("on line 6: remove one of them"))
        #expect(digest.shown[0].notes.map(\.message) == ["the same at lines 17 and 27 (3 in all)"])
        // A note of its own (the error limit's) keeps a copy apart.
        var noted = copies[2]
        noted.notes = [Diagnostic.Note(message: "the file's documents from here on are not read after 1000 errors")]
        #expect(DiagnosticDigest(Array(copies.prefix(2)) + [noted]).shown.count == 2)
    }

    /// Only line numbers make no difference: two specs' warnings on one expected line whose notes name each rule's own
    /// instant (03:30 and 03:15) are two (the second hints audit saw the second folded under the first's instant), and
    /// a list of lines (`lines 5, 7 and 9`) still reads as the lines of a copy.
    @Test func numbersOtherThanLinesMakeACopyDistinct() {
        func warning(line: Int, meant: String, listed: String = "line 4") -> Diagnostic {
            var diagnostic = Diagnostic(code: "offset-mismatch", severity: .warning, location: SourceLocation(file: "a.yaml", line: line, column: 7),
                                        message: "2027-03-28T02:00:00+02:00 is written with offset +02:00 (see \(listed))",
                                        sourceLine: "    - 2027-03-28T02:00:00+02:00", length: 25)
            diagnostic.notes = [Diagnostic.Note(message: "its occurrence that day is \(meant); write that")]
            return diagnostic
        }
        let two = DiagnosticDigest([warning(line: 6, meant: "2027-03-28T03:30:00+02:00"), warning(line: 13, meant: "2027-03-28T03:15:00+02:00")])
        #expect(two.shown.count == 2)
        let copies = DiagnosticDigest([warning(line: 6, meant: "2027-03-28T03:30:00+02:00", listed: "lines 5, 7 and 9"),
                                       warning(line: 13, meant: "2027-03-28T03:30:00+02:00", listed: "lines 12, 14 and 16")])
        #expect(copies.shown.count == 1)
        #expect(copies.shown[0].notes.last?.message == "the same at line 13 (2 in all)")
        // A list of numbers that is no list of lines counts, its last item after "and" too (mutation run 18's D3 read
        // every number after ", " or " and " as a line's): a February's days 29 and 30 are not its days 29 and 31.
        let days = DiagnosticDigest([warning(line: 6, meant: "2027-03-28T03:30:00+02:00", listed: "days 29 and 30"),
                                     warning(line: 13, meant: "2027-03-28T03:30:00+02:00", listed: "days 29 and 31")])
        #expect(days.shown.count == 2)
    }

    /// The same message in another file, or at another source line, or of another severity, is not a copy.
    @Test func onlyTheSameFileMessageLineAndSeverityFold() {
        var warning = Self.zoneTypo("a.yaml", line: 30)
        warning.severity = .warning
        let digest = DiagnosticDigest([
            Self.zoneTypo("a.yaml", line: 3), Self.zoneTypo("b.yaml", line: 3),
            Self.zoneTypo("a.yaml", line: 10, zone: "Europe/Pris"), warning,
        ])
        #expect(digest.shown.count == 4)
        #expect(digest.shown.allSatisfy { $0.notes.isEmpty })
    }

    @Test func pastTheLimitAFilesDiagnosticsAreCountedInOneNoteAfterItsLast() {
        let many = (1...8).map { Self.zoneTypo("a.yaml", line: $0 * 10, zone: "Zone/\($0)") }
        var warning = Self.zoneTypo("a.yaml", line: 100, zone: "Zone/w")
        warning.severity = .warning
        let printed = DiagnosticDigest.printed(many + [warning, Self.zoneTypo("b.yaml", line: 1)], perFile: 5, verboseFlag: "--verbose")
        #expect(printed.map { $0.location?.description }
            == ["a.yaml:10:13", "a.yaml:20:13", "a.yaml:30:13", "a.yaml:40:13", "a.yaml:50:13", "b.yaml:1:13"])
        #expect(printed[4].notes.map(\.message) == ["a.yaml: 3 more errors and 1 more warning are not shown (a file's first 5 problems are); "
            + "correct those above and run again, or add --verbose to see every one"])
        #expect(printed[5].notes.isEmpty)
        #expect(DiagnosticDigest.printed(many, perFile: nil, verboseFlag: "-v") == many)
    }

    /// Past the limit, the error that says where the file was left unread is still shown (a valid spec after a file's
    /// 1,000th error never ran, and nothing on screen said so), and so is a warning a failure points at (`keeping`).
    @Test func whatSaysTheFileWasLeftUnreadAndWhatAFailurePointsAtAreShownPastTheLimit() {
        let many = (1...8).map { Self.zoneTypo("a.yaml", line: $0 * 10, zone: "Zone/\($0)") }
        var unread = Self.zoneTypo("a.yaml", line: 90, zone: "Zone/last")
        unread.notes = [Diagnostic.Note(location: SourceLocation(file: "a.yaml", line: 95, column: 1),
                                        message: Diagnostic.Note.unreadRest + " after 1000 errors; correct the errors above and run again")]
        var pointed = Self.zoneTypo("a.yaml", line: 85, zone: "Zone/pointed")
        pointed.severity = .warning
        let printed = DiagnosticDigest.printed(many + [pointed, unread], perFile: 3, verboseFlag: "--verbose", keeping: { $0 == pointed })
        #expect(printed.map { $0.location?.line } == [10, 20, 30, 85, 90])
        #expect(printed.last?.notes.map(\.message).first?.hasPrefix(Diagnostic.Note.unreadRest) == true)
        #expect(printed.last?.notes.last?.message.hasPrefix("a.yaml: 5 more errors are not shown") == true)
    }

    @Test func theTerminalReportFoldsAndVerbosePrintsEveryOne() {
        let diagnostics = [3, 13, 23].map { Self.zoneTypo("many.yaml", line: $0) }
        let run = RunResult(environment: RunResultFixture.environment, files: ["many.yaml"], diagnostics: diagnostics, tests: [])
        let folded = TerminalReporter().render(run)
        #expect(folded.components(separatedBy: "unknown time zone").count == 2)
        #expect(folded.contains("            ^~~~~~~~~~~~\nnote: the same at lines 13 and 23 (3 in all)\n"))
        let every = TerminalReporter(diagnosticsPerFile: nil).render(run)
        #expect(every.components(separatedBy: "unknown time zone").count == 4)
        #expect(!every.contains("the same at"))
    }
}
