import Foundation
import Recurrence
import SpecDiagnostics
import SpecModel

/// Warns about an expected occurrence's key that no occurrence of the schedule can have, before anything runs.
///
/// Every key starts with its schedule's id and version (`<id>/v<version>/…`, the id being the file's name when
/// `schedule:` writes none) and, after them, names the local date of its slot. A key written for another id or version
/// (a spec copied from another file, `v2` under a version-1 schedule) or naming a date that does not exist
/// (`report/v1/2027-04-31`) fails at run time as a key mismatch; `specrun check` said nothing of it (a review's
/// leftover). Told once for each wrong id and version, with the lines that share it.
public struct UnmatchableKeyLint: SpecLintRule {
    public init() {}

    public func diagnostics(for spec: Spec, in file: SpecFile) -> [Diagnostic] {
        guard case .recurrence(let body) = spec.body, case .occurrences(let occurrences, _) = body.expect else { return [] }
        let schedule = body.schedule
        let prefix = "\(schedule.id)/v\(schedule.version)/"
        var found: [Diagnostic] = []
        // Each wrong id and version once, at its first line: a spec copied to another file has every key so.
        var told: [Substring: Int] = [:]
        for index in occurrences.indices {
            guard let key = occurrences[index].key else { continue }
            if key.hasPrefix(prefix) {
                let rest = key.dropFirst(prefix.count)
                let own = { (try? schedule.schedule()).flatMap { $0.occurrence(at: occurrences[index].instant.date) }.map { ": write \($0.key)" } ?? "" }
                let date = String(rest.prefix(10))
                if Self.looksLikeADate(date), CivilDate(isoDate: date) == nil {
                    found.append(diagnostic(occurrences[index], key: key,
                                            message: "the key '\(key)' names \(date), a date that does not exist; a key carries the local "
                                                + "date of its occurrence's slot" + own()))
                } else if let form = Self.formProblem(String(rest), rule: schedule.rule) {
                    found.append(diagnostic(occurrences[index], key: key, message: "the key '\(key)' " + form + own()))
                }
                continue
            }
            let parts = key.split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false)
            let written = parts.count == 3 && parts[1].hasPrefix("v") && parts[1].dropFirst().allSatisfy(\.isNumber) && parts[1].count > 1
                ? key[..<parts[2].startIndex] : nil
            guard told[written ?? key[...]] == nil else { continue }
            let others = occurrences.indices.filter { $0 > index && occurrences[$0].key.map { other in
                written.map { other.hasPrefix($0) } ?? (other == key)
            } ?? false }
            told[written ?? key[...]] = index
            let lines = others.map { occurrences[$0].keyLine ?? occurrences[$0].instant.location.line }
            let also = lines.isEmpty ? "" : lines.count == 1 ? " (so does the key on line \(lines[0]))" : " (so do the keys on lines \(Self.listed(lines)))"
            let ours = "this spec's schedule is '\(schedule.id)' version \(schedule.version), whose keys all start '\(prefix)'"
            let message: String
            if let written {
                let id = parts[0], version = parts[1].dropFirst()
                let what = id == schedule.id ? "version \(version)" : version == "\(schedule.version)" ? "the schedule '\(id)'" : "the schedule '\(id)' version \(version)"
                message = "the key '\(key)' names \(what)\(also), but \(ours): write \(prefix)\(parts[2])"
                    + (id == schedule.id ? "" : "; the id is 'schedule:'s 'id:', or the file's name when it writes none")
            } else {
                message = "the key '\(key)' does not start with a schedule's id and version\(also); \(ours), then the local date of "
                    + "the occurrence's slot (e.g. \(prefix)2027-03-30)"
            }
            found.append(diagnostic(occurrences[index], key: key, message: message))
        }
        return found
    }

    private func diagnostic(_ occurrence: ExpectedOccurrence, key: String, message: String) -> Diagnostic {
        let instant = occurrence.instant
        guard let line = occurrence.keyLine, let column = occurrence.keyColumn else {
            return Diagnostic(code: LintCode.unmatchableKey.rawValue, severity: .warning, location: instant.location, message: message,
                              sourceLine: instant.sourceLine, length: instant.text.count)
        }
        return Diagnostic(code: LintCode.unmatchableKey.rawValue, severity: .warning,
                          location: SourceLocation(file: instant.location.file, line: line, column: column), message: message,
                          sourceLine: instant.sourceLine(line), length: key.count)
    }

    /// What is wrong with the part of a key after `<id>/v<version>/` for the schedule's rule (docs/recurrence.md's key
    /// forms), or nil when it has the rule's form: a rule with one time a date keys by the date alone, an hourly rule
    /// and a rule with several times by the date and `THH:MM` (several times: `:SS` when the time has seconds), an
    /// interval by its instant in UTC. A review's hourly key without its time, with seconds, and an interval's key in
    /// local time were told only by the run's diff.
    static func formProblem(_ rest: String, rule: Rule) -> String? {
        var part = Substring(rest)
        if part.hasSuffix("~2") { part = part.dropLast(2) }
        let date = part.prefix(10)
        guard looksLikeADate(String(date)) else { return nil }
        let time = part.dropFirst(10)
        func clock(_ text: Substring, seconds: Bool) -> Bool {
            let pattern = seconds ? "Tdd:dd:dd" : "Tdd:dd"
            return text.count == pattern.count && zip(text, pattern).allSatisfy { $1 == "d" ? $0.isASCII && $0.isNumber : $0 == $1 }
        }
        switch rule {
        case .interval:
            // RFC 3339 in UTC, whole seconds or a fraction: `…T00:30:00Z`, `…T00:30:00.5Z`.
            guard time.hasSuffix("Z"), time.count >= 10, clock(time.prefix(9), seconds: true) else {
                return "is not in the form of an interval rule's keys, which name the occurrence's instant in UTC (…T00:30:00Z), not its local time"
            }
            return nil
        case .hourly:
            return clock(time, seconds: false) ? nil
                : "is not in the form of an hourly rule's keys, which name the slot's local date and its hour and minute (…T02:30), without seconds"
        default:
            if rule.wallTimes.count > 1 {
                let withSeconds = rule.wallTimes.contains { $0.second != 0 }
                return clock(time, seconds: false) || (withSeconds && clock(time, seconds: true)) ? nil
                    : "is not in the form of this rule's keys: with several times a date, a key names the slot's local date and time (…T08:00"
                        + (withSeconds ? ", …T08:00:30 for a time with seconds" : "") + ")"
            }
            return time.isEmpty ? nil : "is not in the form of this rule's keys: a rule with one time a date keys each occurrence by its slot's local date alone, with no time"
        }
    }

    /// Four digits, two, two, joined by `-`: a date as written, whether or not it exists.
    private static func looksLikeADate(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.count == 10 && bytes.indices.allSatisfy { index in
            index == 4 || index == 7 ? bytes[index] == UInt8(ascii: "-") : (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index])
        }
    }

    private static func listed(_ lines: [Int]) -> String {
        lines.count <= 5 ? lines.map(String.init).joined(separator: ", ") : lines.prefix(4).map(String.init).joined(separator: ", ") + " and \(lines.count - 4) more"
    }
}
