import Foundation
import Recurrence
import SpecDiagnostics
import SpecModel
import SpecParser
import SpecYAML
import Testing

/// The limits the parser applies beyond YAML: the window's length and the default search bound.
@Suite struct ParseLimitsTests {
    static func spec(after: String, through: String, limit: String? = nil) -> String {
        """
        spec: Window
        schedule:
          timezone: UTC
          rule: {every: day, at: "12:00"}
          nonexistent: skip
          repeated: first
        \(limit.map { "  limit: \($0)\n" } ?? "")window:
          after: \(after)
          through: \(through)
        expect:
          occurrences: []

        """
    }

    static func parse(_ text: String, _ parser: SpecParser = SpecParser()) -> SpecFile {
        parser.parse(path: "w.yaml", bytes: Array(text.utf8))
    }

    @Test func aWindowOfExactlyOneHundredYearsIsAccepted() {
        // 2000-01-01T00:00Z + 100 UTC calendar years = 2100-01-01T00:00Z (36,525 days: 25 leap days, 2000 included).
        let file = Self.parse(Self.spec(after: "2000-01-01T00:00:00Z", through: "2100-01-01T00:00:00Z"))
        #expect(file.diagnostics.isEmpty)
        #expect(file.specs.count == 1)
    }

    @Test func oneSecondMoreThanOneHundredYearsIsRefusedAtThroughWithTheLengthThatWouldFit() throws {
        let file = Self.parse(Self.spec(after: "2000-01-01T00:00:00Z", through: "2100-01-01T00:00:01Z"))
        #expect(file.specs.isEmpty)
        let diagnostic = try #require(file.diagnostics.first)
        #expect(file.diagnostics.count == 1)
        #expect(diagnostic.code == "window-too-long")
        #expect(diagnostic.location == SourceLocation(file: "w.yaml", line: 9, column: 12))
        #expect(diagnostic.message == "the window from 2000-01-01T00:00:00Z through 2100-01-01T00:00:01Z is longer than 100 years (the limit); narrow it, or raise the limit with --max-window 101y")
        #expect(diagnostic.notes.first?.location == SourceLocation(file: "w.yaml", line: 8, column: 10))
    }

    @Test func offsetsCountInTheWindowsLength() {
        // 2000-01-01T00:00+01:00 is 1999-12-31T23:00Z; through 2100-01-01T00:00Z is one hour past 100 years.
        let file = Self.parse(Self.spec(after: "2000-01-01T00:00:00+01:00", through: "2100-01-01T00:00:00Z"))
        #expect(file.diagnostics.map(\.code) == ["window-too-long"])
    }

    @Test func aLimitInDaysCountsWholeDays() {
        let parser = SpecParser(windowLimit: WindowLength(count: 30, unit: .days))
        let thirty = Self.parse(Self.spec(after: "2027-01-01T00:00:00Z", through: "2027-01-31T00:00:00Z"), parser)
        #expect(thirty.diagnostics.isEmpty)
        let longer = Self.parse(Self.spec(after: "2027-01-01T00:00:00Z", through: "2027-01-31T00:00:01Z"), parser)
        #expect(longer.diagnostics.map(\.message) == [
            "the window from 2027-01-01T00:00:00Z through 2027-01-31T00:00:01Z is longer than 30 days (the limit); narrow it, or raise the limit with --max-window 31d",
        ])
    }

    @Test func aScheduleWithoutLimitGetsTheParsersDefaultSearchBound() throws {
        let text = Self.spec(after: "2027-01-01T00:00:00Z", through: "2027-01-02T00:00:00Z")
        let file = Self.parse(text, SpecParser(defaultSearchLimit: 42))
        guard case .recurrence(let recurrence)? = file.specs.first?.body else {
            Issue.record("no recurrence spec: \(file.diagnostics.map(\.message))")
            return
        }
        #expect(recurrence.schedule.limit == 42)
        // Without the option, the documented default.
        guard case .recurrence(let plain)? = Self.parse(text).specs.first?.body else {
            Issue.record("no recurrence spec without the option")
            return
        }
        #expect(plain.schedule.limit == Schedule.defaultSearchLimit)
    }

    @Test func aSchedulesOwnLimitWinsOverTheDefault() throws {
        let text = Self.spec(after: "2027-01-01T00:00:00Z", through: "2027-01-02T00:00:00Z", limit: "7")
        guard case .recurrence(let recurrence)? = Self.parse(text, SpecParser(defaultSearchLimit: 42)).specs.first?.body else {
            Issue.record("no recurrence spec")
            return
        }
        #expect(recurrence.schedule.limit == 7)
    }

    @Test(arguments: [
        ("100y", WindowLength(count: 100, unit: .years)),
        ("1y", WindowLength(count: 1, unit: .years)),
        ("36500d", WindowLength(count: 36_500, unit: .days)),
        ("10000y", WindowLength(count: 10_000, unit: .years)),
    ])
    func windowLengthsParse(text: String, expected: WindowLength) {
        #expect(WindowLength(parsing: text) == expected)
        #expect(WindowLength(parsing: text)?.flagValue == text)
    }

    @Test(arguments: ["", "y", "100", "0y", "-1y", "1.5y", "100Y", "10001y", "١٠٠y", "100 y", "100h"])
    func malformedWindowLengthsAreRefused(text: String) {
        #expect(WindowLength(parsing: text) == nil)
    }

    @Test func aFileRefusedBeforeReadingGetsTheReadersMessageAtItsStart() {
        let file = SpecParser(limits: YAMLLimits(maxBytes: 10)).fileTooLarge(path: "big.yaml", byteCount: 11)
        #expect(file.specs.isEmpty)
        #expect(file.diagnostics.map { DiagnosticRenderer().render($0) } == [
            "big.yaml:1:1: error: the file is 11 bytes, more than the limit of 10; split it or raise the limit with --max-file-size [file-too-large]",
        ])
    }
}

/// The window-length limit counts years on the UTC calendar with integer arithmetic; Foundation's Gregorian
/// calendar on UTC is the independent reference here (February 29 plus one year is February 28 in both).
@Suite struct WindowLengthArithmeticTests {
    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    @Test(arguments: [1, 2, 4, 100])
    func yearsAgreeWithTheGregorianCalendarOnUTC(_ years: Int) throws {
        let limit = try #require(WindowLength(parsing: "\(years)y"))
        // Evenly spread instants (a fixed step that is no whole number of days, so times of day vary too): the same
        // samples on every run, so a failure reproduces.
        let samples = (0..<400).map { Date(timeIntervalSince1970: Double(-2_000_000_000 + $0 * 15_000_007)) }
            + [Date(timeIntervalSince1970: 951_782_400), Date(timeIntervalSince1970: 951_868_799)]  // 2000-02-29 00:00 and 23:59:59Z
        for after in samples {
            let end = try #require(Self.utc.date(byAdding: .year, value: years, to: after))
            #expect(limit.admits(after: after, through: end), "\(after) + \(years)y")
            #expect(!limit.admits(after: after, through: end.addingTimeInterval(1)), "\(after) + \(years)y + 1 s")
            #expect(limit.needed(after: after, through: end).count == years)
        }
    }
}
