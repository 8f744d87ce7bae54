import Foundation
import SpecModel
import SpecParser

/// Helpers shared by the parser tests: parsing text, and instants computed independently of the parser.
enum SpecFixtures {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let examples = repositoryRoot.appendingPathComponent("specs/examples")

    static func parse(_ text: String, path: String = "spec.yaml") -> SpecFile {
        SpecParser().parse(path: path, bytes: Array(text.utf8))
    }

    static func parseExample(_ name: String) throws -> SpecFile {
        let data = try Data(contentsOf: examples.appendingPathComponent(name))
        return SpecParser().parse(path: "specs/examples/" + name, bytes: [UInt8](data))
    }

    /// An instant read by Foundation's ISO 8601 formatter, not by the parser under test.
    static func iso(_ text: String) -> Date {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = text.contains(".") ? [.withInternetDateTime, .withFractionalSeconds] : [.withInternetDateTime]
        guard let date = formatter.date(from: text) else { fatalError("bad test instant \(text)") }
        return date
    }

    static func recurrence(_ file: SpecFile, at index: Int = 0) -> RecurrenceSpec? {
        guard index < file.specs.count, case .recurrence(let body) = file.specs[index].body else { return nil }
        return body
    }

    /// A minimal valid spec around a schedule body (indented two spaces), checked by one case.
    static func spec(schedule: String, name: String = "s") -> String {
        """
        spec: \(name)
        schedule:
        \(schedule)
        cases:
          - name: c
            after: 2027-03-28T00:00:00+01:00
            next: 2027-03-29T02:30:00+02:00

        """
    }
}
