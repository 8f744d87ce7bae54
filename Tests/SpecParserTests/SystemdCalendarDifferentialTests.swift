import Foundation
import Recurrence
import SpecModel
@testable import SpecParser
import Testing

/// systemd's own `systemd-analyze calendar` (systemd 252 on the CI machine) is the outside reference for a pasted
/// `OnCalendar=` expression: the rule the `foreign-rule` message tells, under the policies it tells ('nonexistent:
/// skip', 'repeated: first'), gives the same next elapses systemd computes, around daylight-saving changes of every kind
/// (one hour, 30 minutes at Lord Howe, two hours at Troll, at :45 at Chatham, at midnight in Havana).
@Suite struct SystemdCalendarDifferentialTests {
    static let analyze = "/usr/bin/systemd-analyze"

    /// The next `count` elapses after `base` that `systemd-analyze calendar` prints, in UTC.
    static func elapses(_ expression: String, after base: Date, count: Int) throws -> [Date] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: analyze)
        let baseText = base.rfc3339UTC.replacingOccurrences(of: "T", with: " ").replacingOccurrences(of: "Z", with: " UTC")
        process.arguments = ["calendar", "--iterations=\(count)", "--base-time=\(baseText)", expression]
        process.environment = ["TZ": "UTC", "LC_ALL": "C", "SYSTEMD_COLORS": "0", "PATH": "/usr/bin:/bin"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        try #require(process.terminationStatus == 0, "\(text)")
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        // `    Next elapse: Sat 2027-03-27 01:30:00 UTC`, `       Iter. #2: Mon 2027-03-29 00:30:00 UTC`.
        return text.split(separator: "\n").compactMap { line -> Date? in
            guard line.contains("Next elapse:") || line.contains("Iter. #"), line.hasSuffix(" UTC") else { return nil }
            let words = line.split(separator: " ")
            guard words.count >= 4 else { return nil }
            return formatter.date(from: "\(words[words.count - 3]) \(words[words.count - 2])")
        }
    }

    @Test("the rule told for a pasted OnCalendar= expression elapses when systemd does, across every kind of change",
          .enabled(if: FileManager.default.isExecutableFile(atPath: analyze), "needs systemd-analyze (Debian's systemd)"),
          arguments: [
        // Berlin, one hour at 02:00: the spring day has no 02:30 (skipped), the autumn day two (the first kept).
        ("*-*-* 02:30:00 Europe/Berlin", "2027-03-26T00:00:00Z", 5),
        ("*-*-* 02:30:00 Europe/Berlin", "2027-10-29T00:00:00Z", 5),
        ("OnCalendar=hourly Europe/Berlin", "2027-03-27T22:00:00Z", 8),
        ("OnCalendar=hourly Europe/Berlin", "2027-10-30T22:00:00Z", 8),
        ("Mon..Fri 09:00 America/New_York", "2027-03-10T00:00:00Z", 8),
        ("Sun *-*-* 02:00 America/New_York", "2027-03-01T00:00:00Z", 4),
        ("Sun *-*-* 01:30 America/New_York", "2027-10-25T00:00:00Z", 3),
        ("Mon *-*-1..7 04:00 Europe/London", "2027-01-01T00:00:00Z", 6),
        ("Mon *-05~07/1 09:00 Europe/Berlin", "2027-01-01T00:00:00Z", 3),
        ("Mon *-*-29..31 09:00 Europe/Berlin", "2027-01-01T00:00:00Z", 6),
        ("OnCalendar=quarterly Europe/Berlin", "2027-01-01T00:00:00Z", 5),
        ("*-01/3-15 08:00 Europe/Berlin", "2027-01-01T00:00:00Z", 5),
        ("*-01/3-01 00:00 Europe/Berlin", "2027-01-01T00:00:00Z", 5),
        ("*-02-29 12:00 UTC", "2027-01-01T00:00:00Z", 2),
        ("*-*-31 06:00 America/Sao_Paulo", "2027-01-01T00:00:00Z", 5),
        ("*-*-* 02,06,10,14,18,22:30:00 Europe/Berlin", "2027-03-27T00:00:00Z", 8),
        // A repetition of hours: from the evening before the spring day systemd 252 computes nothing ("Resource
        // deadlock avoided", the message's note and docs/migrating.md); in autumn it keeps the first 02:30.
        ("*-*-* 02/4:30:00 Europe/Berlin", "2027-10-30T20:00:00Z", 8),
        // Lord Howe, 30 minutes: 01:30–02:00 happens twice in April, 02:00–02:30 not at all in October.
        ("*-*~01 23:30 Australia/Lord_Howe", "2027-01-01T00:00:00Z", 6),
        ("*-*-* 01:45 Australia/Lord_Howe", "2027-04-02T00:00:00Z", 4),
        ("*-*-* 02:15 Australia/Lord_Howe", "2027-10-01T00:00:00Z", 4),
        // Troll, two hours: 01:00–03:00 is skipped in March and repeated in October.
        ("*-*-* 01:30 Antarctica/Troll", "2027-03-26T00:00:00Z", 4),
        ("*-*-* 02:30 Antarctica/Troll", "2027-10-29T00:00:00Z", 4),
        // Chatham changes at 02:45 (03:45 in April); Havana at midnight.
        ("*-*-* 03:00 Pacific/Chatham", "2027-09-24T00:00:00Z", 4),
        ("*-*-* 03:00 Pacific/Chatham", "2027-04-02T00:00:00Z", 4),
        ("*-*-* 00:30 America/Havana", "2027-03-12T00:00:00Z", 4),
        ("*-*-* 00:30 America/Havana", "2027-11-05T00:00:00Z", 4),
    ])
    func toldRuleElapsesAsSystemdDoes(pasted: String, base: String, count: Int) throws {
        let zone = try #require(TimeZone(identifier: String(pasted.split(separator: " ").last!)))
        let file = SpecFixtures.parse(SpecFixtures.spec(schedule: """
              timezone: \(zone.identifier)
              rule: "\(pasted)"
              nonexistent: skip
              repeated: first
            """))
        // The fixture's case is written for Berlin: in another zone its instants may draw errors of their own.
        let errors = file.diagnostics.filter { $0.severity == .error && $0.code == "foreign-rule" }
        try #require(errors.count == 1, "\(file.diagnostics.map(\.message))")
        let message = errors[0].message
        #expect(message.contains("'nonexistent: skip', 'repeated: first'"), "\(message)")
        let rule = try SteppedRuleReadingTests.rule(try #require(ForeignRuleReadingTests.toldRule(message), "\(message)"))
        let schedule = try Schedule(id: "t", version: 1, rule: rule, timeZone: zone, nonexistent: .skip, repeated: .first)
        let start = SpecFixtures.iso(base)
        let produced = try schedule.occurrences(in: Window(after: start, through: start.addingTimeInterval(6 * 366 * 86_400))).prefix(count).map(\.date)
        let systemd = pasted.hasPrefix("OnCalendar=") ? String(pasted.dropFirst("OnCalendar=".count)) : pasted
        let expected = try Self.elapses(systemd, after: start, count: count)
        #expect(expected.count == count, "systemd-analyze printed \(expected.count) elapses")
        #expect(produced == expected, "\(pasted): \(rule)\n  specrun: \(produced.map(\.rfc3339UTC))\n  systemd: \(expected.map(\.rfc3339UTC))")
    }
}
