import Foundation
import SpecDiagnostics
import SpecModel
import SpecResults

/// Another engine's failure of a test the core engine fails too: the expectation is wrong by the spec language.
///
/// The failure's hints are sentences of the spec's schedule, asked of the core (`PolicyHint`, `InstantSlipHint`…).
/// Where this engine gives the core's occurrences they are true of it, and its message is the core's word for word
/// (so a report folds it: "the same failure as core above"). Where it gives others, a hint said in its block was a
/// falsehood about it: a review's `--engine all` read, under foundation, "2027-03-28 03:00 (+02:00) is what
/// 'nonexistent: next-valid-time' gives … 02:30 on 2027-03-28 is 2027-03-28T04:30:00+02:00" of a Foundation that
/// gives no occurrence that day. The core's hints are then said as the core's, with what this engine gave instead.
///
/// And the same review's `--engine foundation` run exited 0 on that spec, "1 known deviation": the deviation declared
/// for Foundation hid the author's own mistake, which the core fails. Such a failure is no known deviation.
enum CoreFailureHint {
    /// The message of `verdict` (this engine's failure) knowing the core's failure of the same test, `core`.
    /// `declared`: the spec declares a known deviation for this engine, which the message then says does not apply.
    /// `inCase`: the test is a case, whose expected instants are its searches' results in order.
    static func message(_ verdict: Verdict, core: Verdict, engine: EngineName, declared: Bool, inCase: Bool = false) -> String? {
        let name = engine.rawValue
        if verdict.actual == core.actual, verdict.diff == core.diff {
            // The same occurrences: every sentence of the core's message is true of this engine.
            return verdict.message.map { $0 + (declared ? "; \(name) gives the core's occurrences here and core fails this test too, "
                + "so this is no known deviation: the expectation is wrong by the spec language" : "") }
        }
        guard let base = verdict.messageBeforeHints ?? verdict.message else { return verdict.message }
        let wrong = core.diff.filter { $0.kind == .missing || $0.kind == .keyMismatch }
        let lines = Array(Set(wrong.compactMap(\.expectedLine))).sorted()
        let failing = lines.isEmpty ? "the core engine fails this test too"
            : "line\(lines.count == 1 ? "" : "s") \(ListWording.joined(lines.map(String.init))) fail\(lines.count == 1 ? "s" : "") on core too"
        // The first such line's key (a window's lines have keys; a case's do not).
        let key = wrong.lazy.compactMap { $0.expected?.key }.first
        let said: String
        if core.hints.isEmpty {
            // No sentence of the core's: what the core gives for the line's key, else its summary ("(core: occurrences
            // differ: 1 missing, 1 unexpected)" sent the reader to a block a run on this engine alone does not print).
            // A case's line is its search's result: the core's search of that place.
            let search = inCase ? wrong.lazy.compactMap { line in core.expected.firstIndex { $0.epochSeconds == line.expected?.epochSeconds } }.first : nil
            said = key.flatMap { key in core.actual.first { $0.key == key }.map { " (core gives \($0.local) keyed \(key))" } }
                ?? search.flatMap { index in core.actual.indices.contains(index)
                    ? " (core's search \(index + 1) finds \(core.actual[index].local))" : nil }
                ?? " (core: \(core.messageBeforeHints ?? core.message ?? "it fails"))"
        } else {
            // A hint that begins with the one line named already does not name it again.
            let own = lines.count == 1 ? "line \(lines[0]): " : nil
            said = ": by the spec language (the core engine), "
                + core.hints.map { hint in own.map { hint.hasPrefix($0) ? String(hint.dropFirst($0.count)) : hint } ?? hint }
                    .joined(separator: "; ")
        }
        var text = base + "; " + failing + said
        // What this engine gave instead, for that key.
        if let key {
            text += verdict.actual.first { $0.key == key }.map { "; \(name) gives \($0.local) keyed \(key)" }
                ?? "; \(name) gives no occurrence keyed \(key)"
        }
        return text + (declared ? "; so this is no known deviation: the expectation is wrong by the spec language, whatever \(name) gives" : "")
    }
}
