import SpecDiagnostics
import SpecModel
import SpecParser
import Testing

/// What a diagnostic shows of very long text: a 5 MB value quoted in a message printed 10 MB, and an error past the
/// 1000 code points a long line shows was told with no text around it.
@Suite struct LongTextDiagnosticTests {
    static func parse(_ text: String) -> SpecFile {
        SpecParser().parse(path: "long.yaml", bytes: Array(text.utf8))
    }

    @Test func aHugeValueQuotedInAMessageKeepsItsStartAndEnd() throws {
        let file = Self.parse("""
            spec: big
            schedule:
              timezone: Europe/\(String(repeating: "x", count: 100_000))
              rule: daily 02:30
              nonexistent: skip
              repeated: first
            cases:
              - {name: a, after: 2027-06-01T00:00:00Z, next: 2027-06-01T02:30:00Z}
            """)
        let error = try #require(file.diagnostics.first)
        #expect(error.code == "unknown-time-zone")
        #expect(error.message.unicodeScalars.count < 2_100)
        #expect(error.message.hasPrefix("unknown time zone 'Europe/xxx"))
        // "unknown time zone 'Europe/" (26) and "'; write an IANA identifier such as Europe/Berlin or America/New_York"
        // (69) around the 100,000 x: 100,095 code points, of which 1,600 are kept.
        #expect(error.message.contains("x … (98495 characters left out) … x"), "\(error.message.suffix(300))")
        #expect(error.message.hasSuffix("such as Europe/Berlin or America/New_York"))
    }

    /// A one-line list of 80 instants whose 61st has no offset: the error is at column 1337 of 1774.
    @Test func anErrorPastWhatALongLineShowsGetsTheTextAroundIt() throws {
        var instants = (1...31).map { "2027-03-\($0 < 10 ? "0" : "")\($0)T02:30:00Z" } + (1...30).map { "2027-04-\($0 < 10 ? "0" : "")\($0)T02:30:00Z" }
            + (1...19).map { "2027-05-\($0 < 10 ? "0" : "")\($0)T02:30:00Z" }
        instants[60] = "2027-04-30T02:30:00"
        let file = Self.parse("""
            spec: long line
            schedule: {timezone: UTC, rule: daily 02:30, nonexistent: skip, repeated: first}
            window: {after: 2027-02-28T12:00:00Z, through: 2027-05-19T12:00:00Z}
            expect:
              occurrences: [\(instants.joined(separator: ", "))]
            """)
        let error = try #require(file.diagnostics.first)
        #expect(error.location?.column == 1337)
        #expect(error.sourceLine == nil)
        #expect(error.notes.first?.message == "around column 1337 of this 1774-character line, too long to show: "
            + "…4-27T02:30:00Z, 2027-04-28T02:30:00Z, 2027-04-29T02:30:00Z, ▶2027-04-30T02:30:00, 2027-05-01T02:30:00Z, 2027-05-02T02:30:…")
    }
}
