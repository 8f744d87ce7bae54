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
            where !Self.sameOccurrences(earlier.actual, test.actual) {
                found[test.id, default: []].append(EngineDisagreement(first: earlier, second: test))
            }
            seen[base, default: []].append(index)
        }
        return found
    }

    /// Same instants with the same dedup keys: a key that differs at one instant is a disagreement too (the
    /// occurrence is given to another slot, which decides what a job's completion store records).
    private static func sameOccurrences(_ left: [ResultInstant], _ right: [ResultInstant]) -> Bool {
        left.count == right.count && zip(left, right).allSatisfy { $0.epochSeconds == $1.epochSeconds && $0.key == $1.key }
    }

    /// When one engine passes and the other fails: which one the spec agrees with, and what to do about the other
    /// (a newcomer's trial read Foundation's failures as mistakes in the spec: nothing said the core passed); nil when
    /// the failing test's message says it already (the runner's words for a foundation failure the core passes).
    var whoAgrees: String? {
        let pair = [first, second]
        guard let passer = pair.first(where: { $0.status == .passed }), let failer = pair.first(where: { $0.status == .failed }),
              let passing = passer.engine, let failing = failer.engine else { return nil }
        let sentence = EngineAgreement.sentence(passing: passing, failing: failing)
        return failer.message?.contains(sentence) == true ? nil : sentence
    }

    /// A two-column table: each engine's instants in local wall time, differing rows marked. Rows are aligned on
    /// the instants both engines produced, so one instant missing on one side marks that row alone, not every row
    /// after it; the instants between two shared ones are paired in order (a shifted instant stays on one row).
    func lines(glyphs: Glyphs) -> [String] {
        let rows = Self.alignedRows(first.actual, second.actual)
        let text: (ResultInstant?, ResultInstant?) -> String = { instant, other in
            guard let instant else { return "(none)" }
            // The keys are shown only where they are what differs.
            if let other, other.epochSeconds == instant.epochSeconds, other.key != instant.key {
                return instant.local + " " + (instant.key ?? "(no key)")
            }
            return instant.local
        }
        let left = rows.map { text($0.0, $0.1) }
        let right = rows.map { text($0.1, $0.0) }
        let leftTitle = first.engine ?? "engine", rightTitle = second.engine ?? "engine"
        let width = max(leftTitle.count, left.map(\.count).max() ?? 0) + 3
        var lines = ["engines disagree (local wall time in \(second.timeZone ?? first.timeZone ?? "the schedule's zone")):"]
        lines.append("  " + pad(leftTitle, width) + rightTitle)
        for (row, pair) in rows.enumerated() {
            let same = pair.0 != nil && pair.1 != nil && pair.0!.epochSeconds == pair.1!.epochSeconds && pair.0!.key == pair.1!.key
            lines.append((same ? " " : glyphs.notEqual) + " " + pad(left[row], width) + right[row])
        }
        if let whoAgrees { lines.append(whoAgrees) }
        return lines
    }

    /// Both lists (each strictly increasing) merged on equal instants; the unmatched instants between two matched
    /// ones are paired by position, the shorter side padded with nil.
    static func alignedRows(_ left: [ResultInstant], _ right: [ResultInstant]) -> [(ResultInstant?, ResultInstant?)] {
        var rows: [(ResultInstant?, ResultInstant?)] = []
        var pendingLeft: [ResultInstant] = [], pendingRight: [ResultInstant] = []
        func flush() {
            for index in 0..<max(pendingLeft.count, pendingRight.count) {
                rows.append((index < pendingLeft.count ? pendingLeft[index] : nil,
                             index < pendingRight.count ? pendingRight[index] : nil))
            }
            pendingLeft.removeAll()
            pendingRight.removeAll()
        }
        var i = 0, j = 0
        while i < left.count || j < right.count {
            if i < left.count, j < right.count, left[i].epochSeconds == right[j].epochSeconds {
                flush()
                rows.append((left[i], right[j]))
                i += 1
                j += 1
            } else if j >= right.count || (i < left.count && left[i].epochSeconds < right[j].epochSeconds) {
                pendingLeft.append(left[i])
                i += 1
            } else {
                pendingRight.append(right[j])
                j += 1
            }
        }
        flush()
        return rows
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(1, width - text.count))
    }
}
