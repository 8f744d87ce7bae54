import Foundation
import Testing

/// Compares a command's whole output with its file in `Golden/`.
///
/// `SPECRUN_UPDATE_GOLDEN=1 swift test --filter SpecrunCLITests` rewrites the files instead; review the diff with
/// `git diff Tests/SpecrunCLITests/Golden` before committing (facts in them are also asserted from Python-derived
/// values in the tests, so a rewrite cannot silently accept a wrong instant).
enum GoldenText {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static func check(_ actual: String, against name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = directory.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["SPECRUN_UPDATE_GOLDEN"] == "1" {
            do {
                try Data(actual.utf8).write(to: url)
            } catch {
                Issue.record("Cannot write Golden/\(name): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            Issue.record("Missing golden file Golden/\(name); run SPECRUN_UPDATE_GOLDEN=1 swift test to create it.", sourceLocation: sourceLocation)
            return
        }
        let expected = String(decoding: data, as: UTF8.self)
        guard actual != expected else { return }
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var difference = "(only in line endings)"
        for index in 0..<max(expectedLines.count, actualLines.count) {
            let lhs = index < expectedLines.count ? String(expectedLines[index]) : "<end of file>"
            let rhs = index < actualLines.count ? String(actualLines[index]) : "<end of file>"
            if lhs != rhs {
                difference = "at line \(index + 1): expected \(lhs.debugDescription), got \(rhs.debugDescription)"
                break
            }
        }
        Issue.record(Comment(rawValue: "Golden/\(name) differs \(difference); if intended, run SPECRUN_UPDATE_GOLDEN=1 swift test and review git diff."),
                     sourceLocation: sourceLocation)
    }
}
