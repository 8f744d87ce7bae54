import SpecDiagnostics
import SpecModel
import SpecParser
import Testing

/// `instant-without-offset` for a window's bounds in a span the clocks skip. Each bound alone is offered the first
/// instant after the change; where both are in the same span, the two offered are one instant and the window holds
/// nothing, so `through` carries a note with the days around the span instead. Instants checked with Python's
/// zoneinfo: Pacific/Apia went from 2011-12-30 00:00 (-10:00) to 2011-12-31 00:00 (+14:00) at 2011-12-30T10:00Z, so
/// 2011-12-29T00:00:00-10:00 and 2011-12-31T23:59:00+14:00 exist; Europe/Berlin went from 02:00 (+01:00) to 03:00
/// (+02:00) on 2027-03-28, so 2027-03-27T02:10:00+01:00 and 2027-03-29T02:50:00+02:00 exist.
@Suite struct OffsetlessWindowBoundsTests {
    static func diagnostics(zone: String, after: String, through: String) -> [Diagnostic] {
        let text = """
            spec: a window in a skipped span
            schedule: {id: d, timezone: \(zone), rule: {every: day, at: "09:00"}, nonexistent: next-valid-time, repeated: first}
            window: {after: \(after), through: \(through)}
            expect:
              occurrences: []
            """
        return SpecParser().parse(path: "spec.yaml", bytes: Array(text.utf8)).diagnostics
    }

    @Test func aSkippedDaysBoundsAreToldTheDaysAroundIt() throws {
        let found = Self.diagnostics(zone: "Pacific/Apia", after: "2011-12-30T00:00:00", through: "2011-12-30T23:59:00")
        try #require(found.count == 2)
        // The change crosses a date: the dates are named (it read "from 00:00 to 00:00").
        #expect(found[0].message.contains("(the clocks go from 2011-12-30 00:00 to 2011-12-31 00:00)"))
        #expect(found[0].notes.isEmpty)
        try #require(found[1].notes.count == 1)
        #expect(found[1].notes[0].message.hasSuffix("so each is the first instant after the change and the window between them "
            + "holds nothing; to check the skipped span, take the day before it and the day after: "
            + "after: 2011-12-29T00:00:00-10:00, through: 2011-12-31T23:59:00+14:00"))
    }

    @Test func anHourGapsBoundsAreToldTheDaysAroundIt() throws {
        let found = Self.diagnostics(zone: "Europe/Berlin", after: "2027-03-28T02:10:00", through: "2027-03-28T02:50:00")
        try #require(found.count == 2)
        #expect(found[0].message.contains("(the clocks go from 02:00 to 03:00)"))
        try #require(found[1].notes.count == 1)
        #expect(found[1].notes[0].message.hasSuffix("after: 2027-03-27T02:10:00+01:00, through: 2027-03-29T02:50:00+02:00"))
    }

    /// A bound that exists leaves the other bound's advice alone: the window is not empty.
    @Test func oneBoundInTheGapHasNoNote() {
        let found = Self.diagnostics(zone: "Europe/Berlin", after: "2027-03-28T02:10:00", through: "2027-03-28T12:00:00+02:00")
        #expect(found.count == 1)
        #expect(found.allSatisfy { $0.notes.isEmpty })
    }

    /// Bounds in two different changes' gaps are two windows' worth of time apart: no note.
    @Test func boundsInTwoChangesGapsHaveNoNote() {
        let found = Self.diagnostics(zone: "Europe/Berlin", after: "2027-03-28T02:10:00", through: "2028-03-26T02:10:00")
        #expect(found.count == 2)
        #expect(found.allSatisfy { $0.notes.isEmpty })
    }
}
