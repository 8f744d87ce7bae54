import Foundation
import Testing

/// Compares a rendered report, whole, with its file in `Golden/`.
///
/// `SPECRUN_UPDATE_GOLDEN=1 swift test --filter SpecReportersTests` rewrites the files instead; review the diff
/// with `git diff Tests/SpecReportersTests/Golden` before committing.
enum GoldenFile {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static var updating: Bool { ProcessInfo.processInfo.environment["SPECRUN_UPDATE_GOLDEN"] == "1" }

    static func check(_ actual: String, against name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = directory.appendingPathComponent(name)
        if updating {
            try Data(actual.utf8).write(to: url)
            return
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            Issue.record("Missing golden file Golden/\(name); run SPECRUN_UPDATE_GOLDEN=1 swift test to create it.",
                         sourceLocation: sourceLocation)
            return
        }
        let expected = String(decoding: data, as: UTF8.self)
        if actual != expected {
            let message = "Golden/\(name) differs \(firstDifference(expected, actual)); if the change is intended, "
                + "run SPECRUN_UPDATE_GOLDEN=1 swift test and review git diff."
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        }
    }

    /// `at line 12: expected "…", got "…"`: enough to see the change without a diff tool.
    static func firstDifference(_ expected: String, _ actual: String) -> String {
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(expectedLines.count, actualLines.count) {
            let lhs = index < expectedLines.count ? String(expectedLines[index]) : "<end of file>"
            let rhs = index < actualLines.count ? String(actualLines[index]) : "<end of file>"
            if lhs != rhs { return "at line \(index + 1): expected \(lhs.debugDescription), got \(rhs.debugDescription)" }
        }
        return "(only in line endings)"
    }
}
