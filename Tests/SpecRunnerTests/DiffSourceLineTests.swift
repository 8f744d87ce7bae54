import Foundation
import SpecParser
import SpecResults
import Testing
@testable import SpecRunner

/// A differing expected instant names the spec line it is written on, so a failure leads straight to the line to
/// change. Berlin springs forward on 2027-03-28 (zoneinfo): 02:30 is skipped that day and is +02:00 on the 29th, so
/// the instants written below with +01:00 on the 29th (01:30Z) are never produced.
@Suite struct DiffSourceLineTests {
    static let text = """
        spec: Written with the winter offset
        schedule: {timezone: Europe/Berlin, rule: daily 02:30, nonexistent: skip, repeated: first}
        window: {after: 2027-03-27T00:00:00+01:00, through: 2027-03-29T12:00:00+02:00}
        expect:
          occurrences:
            - 2027-03-27T02:30:00+01:00
            - {at: 2027-03-29T02:30:00+01:00, key: x}
        cases:
          - name: next on the 29th
            after: 2027-03-28T00:00:00+01:00
            next: [2027-03-29T02:30:00+02:00,
                   2027-03-30T02:30:00+01:00]

        """

    @Test func missingInstantsCarryTheLineTheyAreWrittenOn() throws {
        let file = SpecParser().parse(path: "lines.yaml", bytes: Array(Self.text.utf8))
        #expect(!file.hasErrors, "\(file.diagnostics)")
        let results = SpecRunner().run(TestPlan(specs: file.specs, engines: [.core]))
        #expect(results.map(\.status) == [.failed, .failed])

        let window = results[0].diff
        #expect(window.map(\.kind) == [.same, .unexpected, .missing])
        #expect(window.map(\.expectedLine) == [6, nil, 7])

        let cursor = results[1].diff
        #expect(cursor.map(\.kind) == [.same, .unexpected, .missing])
        #expect(cursor.map(\.expectedLine) == [11, nil, 12])
    }
}
