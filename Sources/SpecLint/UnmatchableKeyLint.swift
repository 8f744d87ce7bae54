import Foundation
import Recurrence
import SpecDiagnostics
import SpecModel

/// Warns about an expected occurrence's key, or a lifecycle run's, that no occurrence of the schedule can have, before
/// anything runs.
///
/// Every key starts with its schedule's id and version (`<id>/v<version>/…`, the id being the file's name when
/// `schedule:` writes none) and, after them, names the local date of its slot. A key written for another id or version
/// (a spec copied from another file, `v2` under a version-1 schedule), naming a date that does not exist
/// (`report/v1/2027-04-31`) or not in the form of its rule's keys (`KeyForm`: an hourly key without its time) fails at
/// run time as a key mismatch; `specrun check` said nothing of it (a review's leftover). Told once for each wrong id
/// and version, with the lines that share it. A scenario's runs may carry the key of any schedule it has: its own and
/// each `change-schedule` step's (a scenario without a schedule keys its runs by their items, not checked here).
public struct UnmatchableKeyLint: SpecLintRule {
    public init() {}

    /// A key as written, where it is written, and the instant it is expected at (for the key to write instead).
    struct WrittenKey {
        var key: String
        var line: Int?
        var column: Int?
        /// The line of the occurrence (or the run) when the key's own is not known, and the literal that reads lines.
        var instant: InstantLiteral
        var fallback: SourceLocation
        /// Whether `instant` is the occurrence the key names (an expected occurrence's, a run's `planned`), so that
        /// the two can be compared; a run's `actual` or the clock is not.
        var isOccurrence: Bool
    }

    public func diagnostics(for spec: Spec, in file: SpecFile) -> [Diagnostic] {
        switch spec.body {
        case .recurrence(let body):
            guard case .occurrences(let occurrences, _) = body.expect else { return [] }
            let keys = occurrences.compactMap { occurrence in
                occurrence.key.map { WrittenKey(key: $0, line: occurrence.keyLine, column: occurrence.keyColumn,
                                                 instant: occurrence.instant, fallback: occurrence.instant.location, isOccurrence: true) }
            }
            return diagnostics(keys, schedules: [body.schedule], owner: "spec", instants: occurrences.map(\.instant.date))
        case .lifecycle(let body):
            guard let schedule = body.schedule, let runs = body.expect.runs?.value else { return [] }
            let keys = runs.compactMap { run in
                run.key.map { WrittenKey(key: $0, line: run.keyLocation?.line, column: run.keyLocation?.column,
                                         instant: run.planned ?? run.actual ?? body.clock, fallback: run.location, isOccurrence: run.planned != nil) }
            }
            // A run's planned instant is listed again by a retry of its occurrence: no line is told to go.
            return diagnostics(keys, schedules: [schedule] + body.scheduleChanges.map(\.schedule), owner: "scenario", instants: [])
        }
    }

    /// `schedules`: the spec's schedule, then those its steps change it to; a key may name any of them. `instants`:
    /// every expected occurrence's, keyed or not, for `duplicate-instant`'s lines (none for a scenario's runs).
    private func diagnostics(_ keys: [WrittenKey], schedules: [ScheduleSpec], owner: String, instants: [Date]) -> [Diagnostic] {
        guard !keys.isEmpty, let schedule = schedules.first else { return [] }
        // Each prefix once, with the forms of the schedules that key by it (a change of rule may keep the version).
        var prefixes: [(text: String, bytes: [UInt8], forms: [KeyForm], schedules: [ScheduleSpec])] = []
        for each in schedules {
            let prefix = "\(each.id)/v\(each.version)/"
            if let index = prefixes.firstIndex(where: { $0.text == prefix }) {
                prefixes[index].forms.append(KeyForm(each.rule))
                prefixes[index].schedules.append(each)
            } else {
                // Bytes, once per spec and once per key: the lint reads every key of every run (38,859 in the
                // 10,000-spec bench corpus), and reading them as Characters cost a seventh of a run's CPU.
                prefixes.append((prefix, Array(prefix.utf8), [KeyForm(each.rule)], [each]))
            }
        }
        var found: [Diagnostic] = []
        // Each wrong id and version once, at its first line: a spec copied to another file has every key so.
        var told: [Substring: Int] = [:]
        for index in keys.indices {
            let written = keys[index], key = written.key
            // The key's own bytes where it has them in one piece (a native string), a copy otherwise; the prefix it
            // starts with, and what is wrong after it under each form of that prefix (nil: a form it has).
            func check(_ bytes: UnsafeBufferPointer<UInt8>) -> (prefix: Int?, problem: String?) {
                guard let which = prefixes.firstIndex(where: { bytes.starts(with: $0.bytes) }) else { return (nil, nil) }
                let rest = UnsafeBufferPointer(rebasing: bytes[prefixes[which].bytes.count...])
                // The first form's problem, unless another form of the prefix takes the key (no array per key).
                var first: String?
                for (position, form) in prefixes[which].forms.enumerated() {
                    guard let problem = form.problem(rest) else { return (which, nil) }
                    if position == 0 { first = problem }
                }
                return (which, first)
            }
            var verdict = key.utf8.withContiguousStorageIfAvailable(check) ?? Array(key.utf8).withUnsafeBufferPointer(check)
            if verdict.prefix == nil, let which = prefixes.firstIndex(where: { key.hasPrefix($0.text) }) {
                // The same text in another normalization: compared as the engine compares keys.
                verdict = Array(key.utf8).withUnsafeBufferPointer(check)
                verdict.prefix = verdict.prefix ?? which
            }
            if let which = verdict.prefix {
                guard let problem = verdict.problem else {
                    // A line at another line's instant is `duplicate-instant`'s to tell (remove one), not a key to change:
                    // asked only of a key that differs from its instant's date and time.
                    if written.isOccurrence,
                       let message = Self.notItsInstants(written, prefix: prefixes[which].text, forms: prefixes[which].forms,
                                                         schedules: prefixes[which].schedules,
                                                         listedTwice: { instants.lazy.filter { $0 == written.instant.date }.count > 1 },
                                                         listed: { date in instants.contains(date) }) {
                        found.append(diagnostic(written, message: message))
                    }
                    continue
                }
                let own = Self.occurrence(at: written.instant.date, of: prefixes[which].schedules).map { ": write \($0.key)" } ?? ""
                // No occurrence at the line's instant to take the key from: the key written in the rule's form, where
                // that form says it plainly (a review's one-time rule keyed with its time was told the form and no key).
                let inForm = own.isEmpty ? Array(key.utf8).withUnsafeBufferPointer { bytes in
                    prefixes[which].forms.first?.problem(UnsafeBufferPointer(rebasing: bytes[prefixes[which].bytes.count...]),
                                                         prefix: prefixes[which].text)
                } : nil
                found.append(diagnostic(written, message: "the key '\(key)' " + (inForm ?? problem) + own))
                continue
            }
            let parts = key.split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false)
            let idAndVersion = parts.count == 3 && parts[1].hasPrefix("v") && parts[1].dropFirst().allSatisfy(\.isNumber) && parts[1].count > 1
                ? key[..<parts[2].startIndex] : nil
            guard told[idAndVersion ?? key[...]] == nil else { continue }
            let others = keys.indices.filter { other in
                other > index && idAndVersion.map { keys[other].key.hasPrefix($0) } ?? (keys[other].key == key)
            }
            told[idAndVersion ?? key[...]] = index
            let lines = others.map { keys[$0].line ?? keys[$0].fallback.line }
            let also = lines.isEmpty ? "" : lines.count == 1 ? " (so does the key on line \(lines[0]))" : " (so do the keys on lines \(Self.listed(lines)))"
            let versions = prefixes.map { $0.schedules[0].version }
            let ours = versions.count == 1
                ? "this \(owner)'s schedule is '\(schedule.id)' version \(schedule.version), whose keys all start '\(prefixes[0].text)'"
                : "this \(owner)'s schedule is '\(schedule.id)', versions \(ListWording.joined(versions.map(String.init))) "
                    + "as its steps change it, whose keys start \(ListWording.joined(prefixes.map { "'\($0.text)'" }, "or"))"
            let message: String
            if idAndVersion != nil {
                let id = parts[0], version = parts[1].dropFirst()
                let sameVersion = versions.contains { "\($0)" == version }
                let what = id == schedule.id ? "version \(version)" : sameVersion ? "the schedule '\(id)'" : "the schedule '\(id)' version \(version)"
                // The version written when the scenario has it, else the schedule's when it has one only.
                let prefix = sameVersion ? "\(schedule.id)/\(parts[1])/" : versions.count == 1 ? prefixes[0].text : nil
                message = "the key '\(key)' names \(what)\(also), but \(ours)"
                    + (prefix.map { prefix in
                        let key = Self.corrected(rest: parts[2], prefix: prefix, prefixes: prefixes, at: written.instant.date,
                                                 isOccurrence: written.isOccurrence)
                        return ": write \(key)"
                    }
                        ?? ": write the version in effect at the run's launch")
                    + (id == schedule.id ? "" : "; the id is 'schedule:'s 'id:', or the file's name when it writes none")
            } else {
                message = "the key '\(key)' does not start with a schedule's id and version\(also); \(ours), then the local date of "
                    + "the occurrence's slot (e.g. \(prefixes[0].text)2027-03-30)"
            }
            found.append(diagnostic(written, message: message))
        }
        return found
    }

    /// The key to write for `rest` under `prefix`: the key the rule gives the instant where `rest` is not in a form of
    /// that prefix's rules, or, for an expected occurrence, not that key's own rest (its UTC date, a day off), else
    /// `rest` as written (a key with a wrong id, version and `~1`, or a UTC date, was told the id and version, then
    /// the rest in a second round).
    private static func corrected(rest: Substring, prefix: String,
                                  prefixes: [(text: String, bytes: [UInt8], forms: [KeyForm], schedules: [ScheduleSpec])], at instant: Date,
                                  isOccurrence: Bool) -> String {
        guard let which = prefixes.first(where: { $0.text == prefix }),
              isOccurrence || !Array(rest.utf8).withUnsafeBufferPointer({ bytes in which.forms.contains { $0.problem(bytes) == nil } }),
              let own = occurrence(at: instant, of: which.schedules) else { return prefix + rest }
        return "\(own.key)"
    }

    /// The occurrence at `date` of the first of `schedules` that has one, each searched within the default bound.
    private static func occurrence(at date: Date, of schedules: [ScheduleSpec]) -> Occurrence? {
        schedules.lazy.compactMap { $0.boundedSchedule() }.compactMap { $0.occurrence(at: date) }.first
    }

    private func diagnostic(_ written: WrittenKey, message: String) -> Diagnostic {
        guard let line = written.line, let column = written.column else {
            let instant = written.instant
            let onItsLine = written.fallback == instant.location
            return Diagnostic(code: LintCode.unmatchableKey.rawValue, severity: .warning, location: written.fallback, message: message,
                              sourceLine: instant.sourceLine(written.fallback.line), length: onItsLine ? instant.text.count : 1)
        }
        return Diagnostic(code: LintCode.unmatchableKey.rawValue, severity: .warning,
                          location: SourceLocation(file: written.fallback.file, line: line, column: column), message: message,
                          sourceLine: written.instant.sourceLine(line), length: written.key.count)
    }

    /// A key in its rule's form that is not the key of the occurrence at its instant: a key on the instant's UTC
    /// date (Tokyo's 07:00 on 06-01 is 22:00Z on 05-31), or a day off. Only a key that differs from the instant's
    /// own local date and time is searched (a slot moved across midnight keeps its slot's date, and the search says
    /// so), so the lint stays a byte comparison for the keys that agree; told only where the rule gives an occurrence
    /// at the instant, with the key it has. A review's leftover: the run's diff alone told it.
    static func notItsInstants(_ written: WrittenKey, prefix: String, forms: [KeyForm], schedules: [ScheduleSpec],
                               listedTwice: () -> Bool, listed: (Date) -> Bool = { _ in false }) -> String? {
        guard !forms.contains(where: { if case .utcInstant = $0.kind { return true } else { return false } }),
              let zone = schedules.first?.timeZone else { return nil }
        let date = written.instant.date
        let local = LocalDateTime(wallSeconds: Int(date.timeIntervalSince1970.rounded(.down)) + zone.secondsFromGMT(for: date))
        // On the key's own bytes (no copy of a native string): the part after the prefix, without `~2`.
        let prefixCount = prefix.utf8.count
        func named(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            guard bytes.count >= prefixCount else { return false }
            var end = bytes.count
            if end - prefixCount >= 2, bytes[end - 2] == UInt8(ascii: "~"), bytes[end - 1] == UInt8(ascii: "2") { end -= 2 }
            return Self.names(UnsafeBufferPointer(rebasing: bytes[prefixCount..<end]), local)
        }
        let isItsOwn = written.key.utf8.withContiguousStorageIfAvailable(named) ?? Array(written.key.utf8).withUnsafeBufferPointer(named)
        // A key on its instant's own date is its slot's unless a change moved the slot's wall time (Apia's skipped
        // 2011-12-30 under next-valid-time runs at 12-31 00:00, keyed 12-30; a review wrote 12-31): asked only where the
        // zone's offset differs a day before and after the instant, two lookups per key.
        // A key with a time (an hourly rule, several times a date) names its slot's time, which a gap moves within the
        // hours after (or before) the change: Berlin's hourly 02:30 shifted forward is 03:30, keyed T02:30 (the 03:30
        // slot's own instant is the same, given once, as the earlier slot's; a second review wrote T03:30).
        let timed = written.key.utf8.count - prefixCount - (written.key.hasSuffix("~2") ? 2 : 0) > 10
        if isItsOwn {
            if timed {
                // No gap is longer than three hours but Apia's day, which moves a date (told below); a slot it moves lands
                // within the gap's length of the change (after it, or before it under shift-backward). Only a gap moves
                // a slot: an overlap's readings keep its time.
                let reach: TimeInterval = 3 * 3600
                let gap = zone.secondsFromGMT(for: date + reach) - zone.secondsFromGMT(for: date - reach)
                guard gap > 0, zone.secondsFromGMT(for: date + Double(gap)) != zone.secondsFromGMT(for: date - Double(gap)) else { return nil }
            } else {
                // A gap moves a slot by at most its length, so onto another date only an instant that close to midnight:
                // Berlin's 02:30 days, most of a DST corpus's keys, are not searched (the bench corpus's keys near
                // changes cost a tenth of `check` when they were).
                let reach: TimeInterval = 26 * 3600
                let gap = zone.secondsFromGMT(for: date + reach) - zone.secondsFromGMT(for: date - reach)
                let sinceMidnight = local.hour * 3600 + local.minute * 60 + local.second
                guard gap > 0, min(sinceMidnight, 86_400 - sinceMidnight) < gap else { return nil }
            }
        }
        guard !listedTwice() else { return nil }
        guard let occurrence = occurrence(at: date, of: schedules),
              occurrence.key.rawValue != written.key else { return nil }
        let key = written.key, keyDate = String(written.key.dropFirst(prefix.count).prefix(10))
        let utc = LocalDateTime(wallSeconds: Int(date.timeIntervalSince1970.rounded(.down)))
        let instant = WallTimeText.instant(date, offset: zone.secondsFromGMT(for: date))
        if isItsOwn {
            // Only a slot a gap moved to another date: a repeated pair's keys (`~2`) are `duplicate-expected-key`'s and
            // `repeated-without-key`'s to tell.
            guard let slot = occurrence.slot, case .gap(let policy) = occurrence.resolution else { return nil }
            let keyPart = String(written.key.dropFirst(prefix.count)).replacingOccurrences(of: "~2", with: "")
            let slotText = timed ? slot.description : slot.dateString
            guard timed || slot.dateString != keyDate else { return nil }
            return "the key '\(key)' names \(keyPart), the local \(timed ? "date and time" : "date") of \(instant), but that is the "
                + "occurrence of the \(slotText) slot, whose wall time does not exist that day and which 'nonexistent: \(policy.rawValue)' "
                + "moves here; a key carries the local \(timed ? "date and time" : "date") of its occurrence's slot: write \(occurrence.key)"
        }
        if keyDate == utc.dateString, keyDate != local.dateString {
            return "the key '\(key)' names \(keyDate), the date in UTC of \(instant); a key carries the local date of its "
                + "occurrence's slot, \(local.dateString) in \(ZoneDisplayName.of(zone)): write \(occurrence.key)"
        }
        // The occurrence the key names, if the rule gives one (searched around the key's date, in UTC ± 2 days).
        let keyed = Self.day(keyDate).flatMap { midnight -> Date? in
            let around = Window(after: midnight - 2 * 86_400, through: midnight + 3 * 86_400)
            return schedules.lazy.compactMap { try? $0.boundedSchedule()?.occurrences(in: around, limit: 10_000) }
                .compactMap { $0.first { $0.key.rawValue == key } }.first?.date
        }
        // Its instant is not offered where another line lists it already (a review wrote it, and the list then held the
        // instant twice).
        let other = keyed.map { listed($0) ? "" : ", or, if the key is the one meant, its instant, \(WallTimeText.instant($0, offset: zone.secondsFromGMT(for: $0)))" }
            ?? " (the rule gives no occurrence keyed \(key))"
        return "the key '\(key)' is not the key of the occurrence at \(instant), which is \(occurrence.key): write that key\(other)"
    }

    /// Midnight UTC of `yyyy-MM-dd`, nil for another text.
    private static func day(_ text: String) -> Date? {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        return Date(timeIntervalSince1970: Double(LocalDateTime(year: parts[0], month: parts[1], day: parts[2]).wallSeconds))
    }

    /// Whether `rest` (a key after its prefix, without `~2`) is `local`'s date, date and minute, or date and second
    /// (`2027-06-01`, `…T07:00`, `…T07:00:30`), compared as digits: asked of every key that passes its form.
    private static func names(_ rest: UnsafeBufferPointer<UInt8>, _ local: LocalDateTime) -> Bool {
        guard [10, 16, 19].contains(rest.count) else { return false }
        func number(_ from: Int, _ count: Int) -> Int? {
            var value = 0
            for byte in rest[from..<from + count] {
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard number(0, 4) == local.year, number(5, 2) == local.month, number(8, 2) == local.day else { return false }
        guard rest.count > 10 else { return true }
        guard number(11, 2) == local.hour, number(14, 2) == local.minute else { return false }
        return rest.count == 16 || number(17, 2) == local.second
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
    /// `prefix`: the key's id and version (`m28/v1/`), with which a key of this form is written out where the fix is
    /// plain (a time dropped from a one-time rule's key: a review was told the form and no key).
    func problem(_ bytes: UnsafeBufferPointer<UInt8>, prefix: String = "") -> String? {
        guard bytes.count >= 10, Self.matches(bytes, 0, "dddd-dd-dd") else { return nil }
        func number(_ from: Int, _ count: Int) -> Int { bytes[from..<from + count].reduce(0) { $0 * 10 + Int($1 - 48) } }
        let (year, month, day) = (number(0, 4), number(5, 2), number(8, 2))
        if year < 1 || !(1...12).contains(month) || !(1...CivilDate.daysIn(month: month, year: year)).contains(day) {
            return "names \(String(decoding: bytes[0..<10], as: UTF8.self)), a date that does not exist; a key carries the local date of "
                + "its occurrence's slot"
        }
        var end = bytes.count
        if end >= 12, bytes[end - 2] == UInt8(ascii: "~"), bytes[end - 1] == UInt8(ascii: "2") { end -= 2 }
        // `~1` (or `~3`) for a repeated pair: only the later instant carries a suffix, `~2` (a review's `~1` was told
        // "with no time").
        if let tilde = bytes[10..<end].firstIndex(of: UInt8(ascii: "~")) {
            let suffix = String(decoding: bytes[tilde..<end], as: UTF8.self)
            return "ends in '\(suffix)', which no key does: of a repeated wall time's two instants the earlier's key has no "
                + "suffix and the later's ends in '~2'"
        }
        let time = end - 10
        switch kind {
        case .date:
            guard time != 0 else { return nil }
            let fixed = prefix + String(decoding: bytes[0..<10], as: UTF8.self) + (end < bytes.count ? "~2" : "")
            return "is not in the form of this rule's keys: a rule with one time a date keys each occurrence by its slot's local date alone, "
                + "with no time" + (prefix.isEmpty ? "" : ": write \(fixed)")
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
