import Foundation
import Recurrence
import SpecDiagnostics
import SpecModel

/// Warns about an expected occurrence's key that no occurrence of the schedule can have, before anything runs.
///
/// Every key starts with its schedule's id and version (`<id>/v<version>/…`, the id being the file's name when
/// `schedule:` writes none) and, after them, names the local date of its slot. A key written for another id or version
/// (a spec copied from another file, `v2` under a version-1 schedule), naming a date that does not exist
/// (`report/v1/2027-04-31`) or not in the form of its rule's keys (`KeyForm`: an hourly key without its time) fails at
/// run time as a key mismatch; `specrun check` said nothing of it (a review's leftover). Told once for each wrong id
/// and version, with the lines that share it.
public struct UnmatchableKeyLint: SpecLintRule {
    public init() {}

    public func diagnostics(for spec: Spec, in file: SpecFile) -> [Diagnostic] {
        guard case .recurrence(let body) = spec.body, case .occurrences(let occurrences, _) = body.expect else { return [] }
        let schedule = body.schedule
        let prefix = "\(schedule.id)/v\(schedule.version)/"
        // Bytes, once per spec and once per key: the lint reads every key of every run (38,859 in the 10,000-spec
        // bench corpus), and reading them as Characters cost a seventh of a run's CPU.
        let prefixBytes = Array(prefix.utf8)
        let form = KeyForm(schedule.rule)
        var found: [Diagnostic] = []
        // Each wrong id and version once, at its first line: a spec copied to another file has every key so.
        var told: [Substring: Int] = [:]
        for index in occurrences.indices {
            guard let key = occurrences[index].key else { continue }
            // The key's own bytes where it has them in one piece (a native string), a copy otherwise.
            func check(_ bytes: UnsafeBufferPointer<UInt8>) -> (prefixed: Bool, problem: String?) {
                guard bytes.starts(with: prefixBytes) else { return (false, nil) }
                return (true, form.problem(UnsafeBufferPointer(rebasing: bytes[prefixBytes.count...])))
            }
            var verdict = key.utf8.withContiguousStorageIfAvailable(check) ?? Array(key.utf8).withUnsafeBufferPointer(check)
            if !verdict.prefixed, key.hasPrefix(prefix) {
                // The same text in another normalization: compared as the engine compares keys.
                verdict = (true, Array(key.dropFirst(prefix.count).utf8).withUnsafeBufferPointer { form.problem($0) })
            }
            if verdict.prefixed {
                guard let problem = verdict.problem else { continue }
                let own = (try? schedule.schedule()).flatMap { $0.occurrence(at: occurrences[index].instant.date) }.map { ": write \($0.key)" } ?? ""
                found.append(diagnostic(occurrences[index], key: key, message: "the key '\(key)' " + problem + own))
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

    private static func listed(_ lines: [Int]) -> String {
        lines.count <= 5 ? lines.map(String.init).joined(separator: ", ") : lines.prefix(4).map(String.init).joined(separator: ", ") + " and \(lines.count - 4) more"
    }
}

/// The form of a schedule's keys after `<id>/v<version>/` (docs/recurrence.md's key forms), checked on bytes: a rule
/// with one time a date keys by the date alone, an hourly rule and a rule with several times by the date and `THH:MM`
/// (several times: `:SS` when the time has seconds), an interval by its instant in UTC; each with `~2` for the later of
/// a repeated pair. A review's hourly key without its time, with seconds, and an interval's key in local time were told
/// only by the run's diff.
struct KeyForm {
    enum Kind { case date, minute, time(seconds: Bool), utcInstant }
    let kind: Kind

    init(_ rule: Rule) {
        switch rule {
        case .interval: kind = .utcInstant
        case .hourly: kind = .minute
        default:
            let times = rule.wallTimes
            kind = times.count > 1 ? .time(seconds: times.contains { $0.second != 0 }) : .date
        }
    }

    /// What is wrong with `rest`, the key after its prefix, or nil: a date that does not exist, or another form.
    /// A part that does not start with a date as written (four digits, two, two) is left to the run.
    func problem(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard bytes.count >= 10, Self.matches(bytes, 0, "dddd-dd-dd") else { return nil }
        func number(_ from: Int, _ count: Int) -> Int { bytes[from..<from + count].reduce(0) { $0 * 10 + Int($1 - 48) } }
        let (year, month, day) = (number(0, 4), number(5, 2), number(8, 2))
        if year < 1 || !(1...12).contains(month) || !(1...CivilDate.daysIn(month: month, year: year)).contains(day) {
            return "names \(String(decoding: bytes[0..<10], as: UTF8.self)), a date that does not exist; a key carries the local date of "
                + "its occurrence's slot"
        }
        var end = bytes.count
        if end >= 12, bytes[end - 2] == UInt8(ascii: "~"), bytes[end - 1] == UInt8(ascii: "2") { end -= 2 }
        let time = end - 10
        switch kind {
        case .date:
            return time == 0 ? nil : "is not in the form of this rule's keys: a rule with one time a date keys each occurrence by its slot's local date alone, with no time"
        case .minute:
            return time == 6 && Self.matches(bytes, 10, "Tdd:dd") ? nil
                : "is not in the form of an hourly rule's keys, which name the slot's local date and its hour and minute (…T02:30), without seconds"
        case .time(let seconds):
            return (time == 6 && Self.matches(bytes, 10, "Tdd:dd")) || (seconds && time == 9 && Self.matches(bytes, 10, "Tdd:dd:dd")) ? nil
                : "is not in the form of this rule's keys: with several times a date, a key names the slot's local date and time (…T08:00"
                    + (seconds ? ", …T08:00:30 for a time with seconds" : "") + ")"
        case .utcInstant:
            // RFC 3339 in UTC, whole seconds or a fraction: `…T00:30:00Z`, `…T00:30:00.5Z`.
            return time >= 10 && Self.matches(bytes, 10, "Tdd:dd:dd") && bytes[end - 1] == UInt8(ascii: "Z") ? nil
                : "is not in the form of an interval rule's keys, which name the occurrence's instant in UTC (…T00:30:00Z), not its local time"
        }
    }

    /// Whether `bytes` from `start` are `pattern`, where `d` is any ASCII digit.
    private static func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ pattern: StaticString) -> Bool {
        let count = pattern.utf8CodeUnitCount
        guard bytes.count >= start + count else { return false }
        return pattern.withUTF8Buffer { expected in
            (0..<count).allSatisfy { index in
                let byte = bytes[start + index]
                return expected[index] == UInt8(ascii: "d") ? (48...57).contains(byte) : byte == expected[index]
            }
        }
    }
}
