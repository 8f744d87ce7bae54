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
                + "so the declared deviation does not excuse it: the expectation is wrong by the spec language" : "") }
        }
        guard let base = verdict.messageBeforeHints ?? verdict.message else { return verdict.message }
        // Lines are compared line by line: "line 16 fails on core too" named a line this engine passes (a second review's
        // Apia spec, the deviation's line beside it), and what the core gave was found by the line's key, which another
        // line had written too (a review's duplicate key read "core gives" the next line's occurrence).
        func failing(_ v: Verdict) -> [Int] {
            Array(Set(v.diff.filter { $0.kind == .missing || $0.kind == .keyMismatch }.compactMap(\.expectedLine))).sorted()
        }
        let coreLines = failing(core), ownLines = failing(verdict)
        let shared = coreLines.filter(ownLines.contains), coreOnly = coreLines.filter { !ownLines.contains($0) }
        let ownOnly = ownLines.filter { !coreLines.contains($0) }
        func lines(_ numbers: [Int]) -> String {
            "line\(numbers.count == 1 ? "" : "s") \(ListWording.joined(numbers.map(String.init)))"
        }
        func fail(_ numbers: [Int]) -> String { numbers.count == 1 ? "fails" : "fail" }
        var groups: [String] = []
        if !shared.isEmpty { groups.append("\(lines(shared)) \(fail(shared)) on core too") }
        if !coreOnly.isEmpty { groups.append("\(lines(coreOnly)) \(fail(coreOnly)) on core, not on \(name)") }
        if groups.isEmpty { groups.append("the core engine fails this test too") }
        let coreSaid = shared + coreOnly
        var text = base + "; " + groups.joined(separator: "; ")
        if core.hints.isEmpty {
            // No sentence of the core's: what the core gives for each line (a case's: its search of that place), and
            // for a line both fail, what this engine gives, once when the two give the same.
            let said = coreSaid.prefix(3).compactMap { number -> String? in
                let given = inCase ? search(core, line: number).map { "core's search \($0.index) finds \($0.local)" }
                    : describe(core, line: number).map { "core gives " + $0 }
                guard let given else { return nil }
                guard !inCase, shared.contains(number), let own = describe(verdict, line: number) else { return given }
                return own == describe(core, line: number) ? "both engines give " + own : given + ", \(name) gives " + own
            }
            if said.count == 1 {
                text += " (" + said[0] + ")"
            } else if !said.isEmpty {
                text += " (" + zip(coreSaid, said).map { "line \($0): \($1)" }.joined(separator: "; ") + ")"
            } else if let summary = core.messageBeforeHints ?? core.message {
                // Else its summary, unless this engine's message says its sentences already (a review read one twice).
                let sentences = summary.split(separator: "; ", maxSplits: 1).dropFirst().first
                if sentences.map({ !base.contains($0) }) ?? true { text += " (core: \(summary))" }
            }
        } else {
            // A hint that begins with the one line named already does not name it again; then what this engine gives
            // for the lines both fail.
            let own = coreSaid.count == 1 ? "line \(coreSaid[0]): " : nil
            text += ": by the spec language (the core engine), "
                + core.hints.map { hint in own.map { hint.hasPrefix($0) ? String(hint.dropFirst($0.count)) : hint } ?? hint }
                    .joined(separator: "; ")
            if !inCase {
                // A line this engine gives as the core does is said so once (a review read each occurrence twice).
                let alike = shared.filter { describe(verdict, line: $0) != nil && describe(verdict, line: $0) == describe(core, line: $0) }
                if !alike.isEmpty { text += "; \(name) gives the core's occurrence\(alike.count == 1 ? "" : "s") for \(lines(alike))" }
                let given = shared.filter { !alike.contains($0) }.prefix(3).compactMap { number in describe(verdict, line: number).map { (number, $0) } }
                if given.count == 1, alike.isEmpty {
                    text += "; \(name) gives " + given[0].1
                } else if !given.isEmpty {
                    text += "; \(name) gives " + given.map { "\($0.1) for line \($0.0)" }.joined(separator: ", ")
                }
            }
        }
        if !ownOnly.isEmpty {
            text += "; \(lines(ownOnly)) \(fail(ownOnly)) on \(name) alone" + (declared ? ", which the declared deviation may cover" : "")
        }
        return text + (declared ? "; so the declared deviation does not excuse it: the expectation is wrong by the spec language, whatever \(name) gives" : "")
    }

    /// What `verdict`'s engine gives for the spec's line `number`, by the line's own instant: the occurrence produced
    /// there with another key; the instant produced once, for another line; else, for an offset's or a day's slip, the
    /// occurrence the line's key names that no line expects; else none. Nil when the line is no failing line.
    private static func describe(_ verdict: Verdict, line number: Int) -> String? {
        guard let line = verdict.diff.first(where: { $0.expectedLine == number && ($0.kind == .missing || $0.kind == .keyMismatch) }),
              let expected = line.expected else { return nil }
        func keyed(_ instant: ResultInstant) -> String { instant.local + (instant.key.map { " keyed \($0)" } ?? "") }
        if line.kind == .keyMismatch, let actual = line.actual { return keyed(actual) }
        if let there = verdict.actual.first(where: { $0.epochSeconds == expected.epochSeconds }) {
            let owner = verdict.diff.first { $0.kind != .missing && $0.kind != .unexpected && $0.actual?.epochSeconds == expected.epochSeconds }?.expectedLine
            return keyed(there) + (owner.map { ", line \($0)'s" } ?? "")
        }
        if let key = expected.key {
            if let unlisted = verdict.diff.first(where: { $0.kind == .unexpected && $0.actual?.key == key })?.actual { return keyed(unlisted) }
            if !verdict.actual.contains(where: { $0.key == key }) { return "no occurrence keyed \(key)" }
        }
        return "no occurrence at \(expected.local)"
    }

    /// A case's line: the index (from 1) of the search whose result it is, and what `verdict`'s engine found there.
    private static func search(_ verdict: Verdict, line number: Int) -> (index: Int, local: String)? {
        guard let line = verdict.diff.first(where: { $0.expectedLine == number && $0.kind == .missing }),
              let index = verdict.expected.firstIndex(where: { $0.epochSeconds == line.expected?.epochSeconds }),
              verdict.actual.indices.contains(index) else { return nil }
        return (index + 1, verdict.actual[index].local)
    }
}
