import Foundation
import SpecResults
import Testing
@testable import SpecReporters

/// A window with tens of thousands of differences must render quickly and briefly: the text reports cap the
/// differing lines they print; the JSON keeps them all.
@Suite struct LongDiffTests {
    static func instant(_ seconds: Double) -> ResultInstant {
        let clock = WallClock(wallSeconds: seconds)
        let text = "\(clock.isoDate)T\(clock.time):00Z"
        return ResultInstant(utc: text, epochSeconds: seconds, offsetForm: text, local: "\(clock.isoDate) \(clock.time) (+00:00)")
    }

    static let longFailure: TestResult = {
        let unexpected = (0..<5_000).map { DiffLine(kind: .unexpected, expected: nil, actual: instant(1_800_000_000 + Double($0) * 3600)) }
        return TestResult(
            id: "specs/x.yaml › hourly › core", file: "specs/x.yaml", line: 1, spec: "hourly", engine: "core",
            status: .failed, message: "occurrences differ: 5000 unexpected", actual: unexpected.compactMap(\.actual), diff: unexpected)
    }()

    @Test func aHugeDiffIsCappedAndSaysHowManyMore() {
        let lines = FailureText(glyphs: .unicode).diffLines(Self.longFailure.diff)
        #expect(lines.count == 41)
        #expect(lines.last?.text == "  … 4960 more differences not shown (the JSON and HTML reports list them all)")
        #expect(lines.first?.text == "+ 2027-01-15T08:00:00Z  2027-01-15 08:00 (+00:00)")
    }

    @Test func theJSONKeepsEveryDifference() throws {
        let run = RunResult(environment: RunResultFixture.environment, files: ["specs/x.yaml"], diagnostics: [], tests: [Self.longFailure])
        let decoded = try JSONResultsReader.read(try JSONReporter().data(run), source: "memory")
        #expect(decoded.tests[0].diff.count == 5_000)
    }
}
