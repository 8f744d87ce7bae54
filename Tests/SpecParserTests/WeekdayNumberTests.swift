import SpecDiagnostics
import SpecModel
import SpecParser
import Testing

/// Weekdays written as numbers are refused once, with the days under both readings (1 = Monday for ISO 8601 and
/// cron, 1 = Sunday for Foundation's Calendar) in the form the author wrote: a list, the shorthand, or one item.
@Suite struct WeekdayNumberTests {
    private static func messages(rule: String) -> [String] {
        let file = SpecFixtures.parse("""
            spec: w
            schedule:
              timezone: Europe/Berlin
              rule: \(rule)
              nonexistent: skip
              repeated: first
            cases: [{name: a, after: 2027-03-28T00:00:00+01:00, next: 2027-03-29T09:00:00+02:00}]
            """)
        return file.diagnostics.filter { $0.severity == .error }.map(\.message)
    }

    @Test func theShorthandGetsTheShorthandsSpelling() {
        let messages = Self.messages(rule: "weekly 1,7 09:00")
        #expect(messages.count == 1)
        #expect(messages.first?.hasSuffix("write mon,sun if 1 means Monday, or sun,sat if 1 means Sunday") == true, "\(messages)")
    }

    @Test func zeroIsReadOnlyAsCronsSunday() {
        let messages = Self.messages(rule: "{every: week, on: [0, 5], at: \"09:00\"}")
        #expect(messages.count == 1)
        #expect(messages.first?.hasSuffix("write [sun, fri] if 1 means Monday (0 is Sunday in cron)") == true, "\(messages)")
    }

    @Test func oneNumberAmongNamesIsToldAlone() {
        let messages = Self.messages(rule: "{every: week, on: [mon, 3], at: \"09:00\"}")
        #expect(messages == ["'3' is a day number; weekdays are written by name, because 1 is Monday in ISO 8601 and cron but Sunday in Foundation's Calendar: write wed if 1 means Monday, or tue if 1 means Sunday"])
    }

    @Test func aNumberOutsideTheWeekIsNotADayNumber() {
        let messages = Self.messages(rule: "{every: week, on: [8], at: \"09:00\"}")
        #expect(messages == ["'8' is not a weekday; write a full English name (monday … sunday) or mon … sun"])
    }
}
