import SpecDiagnostics
import SpecModel
import SpecParser
import Testing

/// `instant-without-offset` for a window's bounds in a span the clocks skip. Each bound alone is offered the first
/// instant after the change; where both are in the same span, the two offered are one instant and the window holds
/// nothing, so `through` carries a note with two windows instead: the bounds with the offset before the change, and
/// the minute before the change through its first instant (a second review round applied the days around the span,
/// offered first, and its occurrences failed; each of these windows passed its own spec), the first written with the
/// offset after the change, which the zone has then (a third round's +01:00 drew offset-mismatch). Instants checked
/// with Python's zoneinfo: Pacific/Apia went from 2011-12-30 00:00 (-10:00) to 2011-12-31 00:00 (+14:00) at
/// 2011-12-30T10:00Z, so 2011-12-30T23:59:00-10:00 is 2011-12-31 23:59 (+14:00); Europe/Berlin went from 02:00
/// (+01:00) to 03:00 (+02:00) on 2027-03-28 at 01:00Z, so 02:10+01:00 is 03:10 CEST.
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

    @Test func aSkippedDaysBoundsAreToldTwoWindows() throws {
        let found = Self.diagnostics(zone: "Pacific/Apia", after: "2011-12-30T00:00:00", through: "2011-12-30T23:59:00")
        try #require(found.count == 2)
        // The change crosses a date: the dates are named (it read "from 00:00 to 00:00").
        #expect(found[0].message.contains("(the clocks go from 2011-12-30 00:00 to 2011-12-31 00:00)"))
        #expect(found[0].notes.isEmpty)
        try #require(found[1].notes.count == 1)
        #expect(found[1].notes[0].message.hasSuffix("write them as the clocks show the same span after the change instead, after: "
            + "2011-12-31T00:00:00+14:00, through: 2011-12-31T23:59:00+14:00 (the wall times read with the offset before the change, "
            + "-10:00, where 'shift-forward' moves them), or around the change, after: 2011-12-29T23:59:00-10:00, through: "
            + "2011-12-31T00:00:00+14:00 (where 'next-valid-time' puts them); then list the occurrences the window holds"))
    }

    @Test func anHourGapsBoundsAreToldTwoWindows() throws {
        let found = Self.diagnostics(zone: "Europe/Berlin", after: "2027-03-28T02:10:00", through: "2027-03-28T02:50:00")
        try #require(found.count == 2)
        #expect(found[0].message.contains("(the clocks go from 02:00 to 03:00)"))
        try #require(found[1].notes.count == 1)
        #expect(found[1].notes[0].message.contains("after: 2027-03-28T03:10:00+02:00, through: 2027-03-28T03:50:00+02:00 (the wall times "
            + "read with the offset before the change, +01:00, where 'shift-forward' moves them), or around the change, after: "
            + "2027-03-28T01:59:00+01:00, through: 2027-03-28T03:00:00+02:00 (where"))
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
