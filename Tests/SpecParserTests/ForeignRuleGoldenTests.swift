import Foundation
import Testing
@testable import SpecParser

/// What specrun tells each pasted rule of `ForeignRules/pasted.txt` (cron, Quartz, Spring, EventBridge, systemd,
/// iCalendar, shorthands and their typos), compared whole with `ForeignRules/told.txt`. The reading of foreign
/// notations is heuristic — which dialect, where the fields end and a command begins — and a change made for one text
/// moved others unseen (a '#' comment after five fields stopped reading, 4a93e57): here every message it changes is
/// a line of the diff. `SPECRUN_UPDATE_GOLDEN=1 swift test --skip-build --filter ForeignRuleGoldenTests` rewrites
/// told.txt; read its diff before committing. The rules told are checked against their tools elsewhere
/// (ForeignRuleReadingTests, the systemd and dateutil comparisons): this file pins the wording and the choices.
@Suite struct ForeignRuleGoldenTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("ForeignRules")

    @Test func everyPastedRuleIsToldAsBefore() throws {
        let pasted = try String(contentsOf: Self.directory.appendingPathComponent("pasted.txt"), encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
        #expect(pasted.count >= 150)
        let told = pasted.map { text -> String in
            let diagnostics = SteppedRuleReadingTests.parse(text).diagnostics
            let lines = diagnostics.isEmpty ? ["(read as a rule)"]
                : diagnostics.map { "\($0.severity == .error ? "error" : "warning") [\($0.code)]: \($0.message)" }
            return text + "\n" + lines.map { "  " + $0 + "\n" }.joined()
        }.joined(separator: "\n")
        let url = Self.directory.appendingPathComponent("told.txt")
        if ProcessInfo.processInfo.environment["SPECRUN_UPDATE_GOLDEN"] == "1" {
            try told.write(to: url, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        let (old, new) = (expected.components(separatedBy: "\n\n"), told.components(separatedBy: "\n\n"))
        let changed = zip(old, new).filter { $0 != $1 }.prefix(3).map { "was:\n\($0)\nnow:\n\($1)" }
        #expect(told == expected, "ForeignRules/told.txt differs (\(old.count) → \(new.count) entries):\n\(changed.joined(separator: "\n\n"))")
    }
}
