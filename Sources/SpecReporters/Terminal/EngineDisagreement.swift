import SpecResults

/// Where two engines ran the same spec or case and produced different instants: found after the run, shown side
/// by side with local wall times (`--engine all`).
struct EngineDisagreement: Sendable {
    var first: TestResult
    var second: TestResult

    /// Disagreements keyed by the id of the test after which they are shown (the later engine of each pair).
    static func find(in run: RunResult) -> [String: [EngineDisagreement]] {
        // A run on one engine has nothing to compare; the report of a 10,000-spec run spent most of its time here.
        var engines = Set<String>()
        for index in run.tests.indices {
            if let engine = run.tests[index].engine { engines.insert(engine) }
        }
        guard engines.count > 1 else { return [:] }
        var seen: [String: [Int]] = [:]
        var found: [String: [EngineDisagreement]] = [:]
        for (index, test) in run.tests.enumerated() {
            guard let engine = test.engine, test.status != .skipped, test.status != .notRun, test.status != .error else { continue }
            // The id without its last " › engine", cut on UTF-8 (cutting Characters walked the whole id).
            let base = String(decoding: test.id.utf8.dropLast(engine.utf8.count + " › ".utf8.count), as: UTF8.self)
            for earlier in seen[base, default: []].map({ run.tests[$0] })
            where earlier.actual.map(\.epochSeconds) != test.actual.map(\.epochSeconds) {
                found[test.id, default: []].append(EngineDisagreement(first: earlier, second: test))
            }
            seen[base, default: []].append(index)
        }
        return found
    }

    /// A two-column table: each engine's instants in local wall time, differing rows marked.
    func lines(glyphs: Glyphs) -> [String] {
        let left = first.actual.map(\.local)
        let right = second.actual.map(\.local)
        let leftTitle = first.engine ?? "engine", rightTitle = second.engine ?? "engine"
        let width = max(leftTitle.count, left.map(\.count).max() ?? 0) + 3
        var lines = ["engines disagree (local wall time in \(second.timeZone ?? first.timeZone ?? "the schedule's zone")):"]
        lines.append("  " + pad(leftTitle, width) + rightTitle)
        for row in 0..<max(left.count, right.count) {
            let l = row < left.count ? left[row] : "(none)"
            let r = row < right.count ? right[row] : "(none)"
            let mark = l == r ? " " : glyphs.notEqual
            lines.append(mark + " " + pad(l, width) + r)
        }
        return lines
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(1, width - text.count))
    }
}
