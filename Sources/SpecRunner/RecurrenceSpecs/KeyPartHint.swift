import Foundation
import Recurrence
import SpecDiagnostics
import SpecResults

/// A key mismatch in the schedule's part of the key (`<id>/v<version>/…`) rather than its date: the keys expected
/// were written for another id or version. The id defaults to the spec file's name, so a spec copied to another file
/// changes every key; the second failure review's `v2` under a version-1 schedule was a plain mismatch.
enum KeyPartHint {
    /// An instant a gap policy moved into the next or the day before, keyed by the day whose wall time did not exist:
    /// the day it falls on keeps no occurrence of its own there (the drop rule). A second incident review expected
    /// Apia's 2011-12-31T02:30+14:00 keyed 12-31 under shift-forward, and was told only the two keys.
    private static func shiftedIntoAnotherDay(_ schedule: Schedule, _ line: DiffLine, expectedDate: Substring) -> String? {
        guard let actual = line.actual, let occurrence = schedule.occurrence(at: Date(timeIntervalSince1970: actual.epochSeconds)),
              case .gap(let policy) = occurrence.resolution, let slot = occurrence.slot else { return nil }
        let local = LocalDateTime(occurrence.date, in: schedule.timeZone)
        guard local.dateString != slot.dateString, expectedDate.hasPrefix(local.dateString) else { return nil }
        let time = TimeOfDay(hour: slot.hour, minute: slot.minute, second: slot.second).map { "\($0)" } ?? "its time"
        let moved = "\(actual.local) is \(slot.dateString)'s \(time) under 'nonexistent: \(policy.rawValue)' (that day's wall time does not exist)"
        // The day it falls on has its own slot at that time: the same instant (Apia's 31st, the drop rule), or another
        // one (Nuuk's 23:30 moved past midnight: the 28th's own 23:30 is that evening; a third review read "the same
        // instant" above a diff listing it).
        var own = LocalDateTime(occurrence.date, in: schedule.timeZone)
        (own.hour, own.minute, own.second) = (slot.hour, slot.minute, slot.second)
        var resolver = WallTimeResolver(timeZone: schedule.timeZone)
        let same = resolver.instants(for: own, nonexistent: schedule.nonexistent, repeated: schedule.repeated).contains { $0.date == occurrence.date }
        guard same else { return moved + ", and is keyed by that day: write \(line.actual?.key ?? "the key produced")" }
        return moved + "; \(local.dateString)'s own \(time) would be the same instant, and a rule gives an instant once, as the earlier "
            + "slot's (docs/recurrence.md#rules), so no occurrence is keyed \(local.dateString) there"
    }

    /// Keys that differ only in the `~N` suffix of a repeated pair: the suffix is the contract's own mark of the later
    /// instance (`~2`), never `~1`, and the earlier keeps the plain key. A review's `~2` written on the earlier 02:30
    /// and `~1` on the later was told only the two keys.
    /// `local` is the produced instant's wall time (`2027-10-31 02:30 CET (+01:00)`). Also a lifecycle run's key.
    /// `repeated`: the schedule's policy, when known. `~2` exists only under `both`: under `first` or `last` a wall time
    /// that happens twice gives one occurrence, keyed with no suffix, whichever instance it is (a second review's `~2`
    /// under `last` was told its -02:00, the later instance, was "the earlier (or only)"). Unknown, the sentence says
    /// what holds under every policy.
    static func pairSuffix(expected: Substring, produced: Substring, local: String, repeated: RepeatedTimePolicy? = nil) -> String? {
        func split(_ part: Substring) -> (base: Substring, suffix: Substring?) {
            guard let tilde = part.lastIndex(of: "~") else { return (part, nil) }
            return (part[..<tilde], part[part.index(after: tilde)...])
        }
        let want = split(expected), got = split(produced)
        guard want.base == got.base, want.suffix != got.suffix, got.suffix == nil || got.suffix == "2" else { return nil }
        let written = want.suffix.map { "~\($0)" }
        if got.suffix == nil, let repeated, repeated != .both {
            // One occurrence a wall time: no key of this schedule ends in a suffix.
            return (written == "~2" ? "a key ends in ~2 only under 'repeated: both', for the later instance of a wall time that happens twice"
                : "\(written ?? "") is no key's suffix")
                + "; under this test's 'repeated: \(repeated.rawValue)' a wall time gives one occurrence, keyed with no suffix, "
                + "as \(local) is"
        }
        let which = got.suffix == nil
            ? (repeated == .both ? "\(local) is the earlier (or only) instance of its wall time, whose key has no suffix"
                : "\(local) keys with no suffix: only the later instance of a wall time that happens twice, under 'repeated: both', has one")
            : "\(local) is the later instance of a wall time that happens twice, whose key ends in ~2 under 'repeated: both'"
        let mark = written.map { $0 == "~2" ? "a key ends in ~2 only for the later of a repeated pair" : "\($0) is no key's suffix: only the later of a repeated pair gets one, ~2" }
            ?? "the key expected has no suffix"
        return mark + "; " + which
    }

    /// An instant a gap policy moved a slot onto, keyed by another slot of the same date that would give the same
    /// instant (several times a day: 02:00, 02:30 and 03:00 under `next-valid-time` all give 03:00 on a spring night):
    /// the earliest slot's, as a rule gives an instant once. A message review keyed it by 03:00 and was told only the
    /// two keys.
    private static func movedOntoAnotherSlot(_ schedule: Schedule, _ line: DiffLine, expected: Substring) -> String? {
        guard let actual = line.actual, let produced = actual.key, schedule.rule.wallTimes.count > 1,
              let occurrence = schedule.occurrence(at: Date(timeIntervalSince1970: actual.epochSeconds)),
              case .gap(let policy) = occurrence.resolution, let slot = occurrence.slot,
              let time = TimeOfDay(hour: slot.hour, minute: slot.minute, second: slot.second) else { return nil }
        // The expected key names another time of the same date.
        guard expected.hasPrefix(slot.dateString + "T"), expected != produced.split(separator: "/").last ?? "" else { return nil }
        let moved = "\(actual.local) is the \(time) slot's occurrence: \(time) does not exist on \(slot.dateString) and 'nonexistent: "
            + "\(policy.rawValue)' moves it there"
        // A slot of the rule at the time the key names, giving the same instant: dropped, as the later slot's.
        let named = expected.dropFirst(slot.dateString.count + 1).split(separator: ":").compactMap { Int($0) }
        var own = slot
        if named.count >= 2 { (own.hour, own.minute, own.second) = (named[0], named[1], named.count > 2 ? named[2] : 0) }
        var resolver = WallTimeResolver(timeZone: schedule.timeZone)
        let sameInstant = named.count >= 2 && schedule.rule.wallTimes.contains { $0.hour == own.hour && $0.minute == own.minute && $0.second == own.second }
            && resolver.instants(for: own, nonexistent: schedule.nonexistent, repeated: schedule.repeated).contains { $0.date == occurrence.date }
        return moved + (sameInstant
            ? "; a rule gives an instant once, as the earliest slot's (docs/recurrence.md#rules), so the slot the key expected names has none"
            : "; a key names the slot's wall time, not the instant's") + ": write \(produced)"
    }

    /// The `YYYY-MM-DD` a key's date part starts with, when that date does not exist (`2027-04-31`, `2027-02-29`).
    private static func impossibleDate(_ part: Substring) -> String? {
        let fields = part.prefix(10).split(separator: "-", omittingEmptySubsequences: false)
        guard part.count >= 10, fields.count == 3, fields.map(\.count) == [4, 2, 2],
              let year = Int(fields[0]), let month = Int(fields[1]), let day = Int(fields[2]), (1...12).contains(month), day >= 1
        else { return nil }
        return day > CivilDate.daysIn(month: month, year: year) ? String(part.prefix(10)) : nil
    }

    /// A key's id, version and rest (`nightly-sync`, `v1`, `2027-03-29`); nil for a key of another shape.
    private static func parts(_ key: String?) -> [Substring]? {
        guard let parts = key?.split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false), parts.count == 3 else { return nil }
        return parts
    }

    /// The parts of a diff line's expected key and of its produced key.
    private static func parts(of line: DiffLine) -> (want: [Substring], got: [Substring])? {
        guard let want = parts(line.expected?.key), let got = parts(line.actual?.key) else { return nil }
        return (want, got)
    }

    static func hint(for schedule: Schedule, diff: [DiffLine]) -> String? {
        guard let line = diff.first(where: { $0.kind == .keyMismatch }), let produced = line.actual?.key,
              let (want, got) = parts(of: line) else { return nil }
        if want[0] == got[0], want[1] == got[1], want[2] != got[2], let wanted = fractionTrimmed(want[2]), wanted == fractionTrimmed(got[2]) {
            // An interval's key is its UTC instant with the fraction the `Date` needs (`.25`, not `.250`): the same
            // instant, and keys compare as text (the contract audit).
            return "the key expected names the same instant in other digits; keys are compared as text, and an interval's key "
                + "writes its fraction of a second without trailing zeros: write \(produced)"
        }
        if want[0] == got[0], want[1] == got[1], got[2].hasSuffix("~2"), want[2] != got[2] {
            // `2027-10-31 ~2` (a space) and `2027-10-31~2T02:30` (the suffix before the time): a second round got the diff alone.
            if want[2].filter({ !$0.isWhitespace }) == got[2] {
                return "the key expected has a space in it, which keys do not: write \(produced)"
            }
            if want[2].contains("~2"), want[2].replacingOccurrences(of: "~2", with: "") + "~2" == got[2] {
                return "~2 ends the key, after the slot's time: write \(produced)"
            }
        }
        if want[0] == got[0], want[1] == got[1], got[2].hasSuffix("~2"), want[2].count == got[2].count, want[2].hasSuffix("2"),
           want[2].dropLast(2) == got[2].dropLast(2), let mark = want[2].dropLast().last, mark != "~" {
            // The suffix typed with another mark (`2027-10-31-2`, `_2`, a full-width `～2`): a newcomer got the bare diff.
            return "the later instance of a wall time that happens twice is keyed with a tilde, ~2; the key expected writes "
                + "'\(mark)2': write \(produced)"
        }
        if want[0] == got[0], want[1] == got[1], let local = line.actual?.local,
           let suffix = pairSuffix(expected: want[2], produced: got[2], local: local, repeated: schedule.repeated) {
            // Every other key of the diff that differs in its pair suffix alone is named with its line too: two keys
            // swapped (`~2` on the earlier) were told one line's fix, and a second run the other's (a review).
            let others = diff.filter { other in
                guard other != line, other.kind == .keyMismatch, let (a, b) = parts(of: other), let at = other.actual?.local else { return false }
                return a[0] == b[0] && a[1] == b[1] && pairSuffix(expected: a[2], produced: b[2], local: at, repeated: schedule.repeated) != nil
            }
            guard !others.isEmpty else { return suffix + ": write \(produced)" }
            let fixes = ([line] + others).map { fixed in
                (fixed.expectedLine.map { "line \($0)" } ?? fixed.actual?.local ?? "") + ": write \(fixed.actual?.key ?? "")"
            }
            return suffix + "; " + fixes.joined(separator: "; ")
        }
        // A rule with one time a date keys by the date alone: a time written after it (a key copied from a rule with
        // several, or the instant's own wall time) is told so (mutation run 19's K2).
        if want[0] == got[0], want[1] == got[1], schedule.rule.wallTimes.count == 1, !got[2].contains("T"), want[2].hasPrefix(got[2] + "T") {
            return "a rule with one time a date keys each occurrence by its slot's date alone, with no time: write \(produced)"
        }
        if want[0] == got[0], want[1] == got[1], let moved = movedOntoAnotherSlot(schedule, line, expected: want[2]) { return moved }
        if want[0] == got[0], want[1] == got[1], let shifted = shiftedIntoAnotherDay(schedule, line, expectedDate: want[2]) { return shifted }
        if want[0] == got[0], want[1] == got[1], let date = impossibleDate(want[2]) {
            // April 31 for the month's last day (a review's key under `missing-day: last-day`): no slot has that date.
            let lastDay = PolicyHint.missingDay(of: schedule.rule) == .lastDay
            return "the key expected names \(date), a date that does not exist; a key carries the date the rule selected"
                + (lastDay ? ", which under 'missing-day: last-day' is the month's last day" : "") + ": write \(produced)"
        }
        if let swapped = swappedKeys(diff) { return swapped }
        guard want[2] == got[2] else { return nil }
        if want[0] != got[0], want[1] == got[1] {
            // Two ids that differ only by a character that does not show (a zero-width space pasted with the id) read
            // alike in the message: the character is named.
            func visible(_ text: Substring) -> String {
                String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.properties.generalCategory != .format && !($0.properties.isWhitespace && $0 != " ") }))
            }
            let hidden = visible(want[0]) == visible(got[0])
                ? (want[0] + got[0]).unicodeScalars.first { $0.properties.generalCategory == .format || ($0.properties.isWhitespace && $0 != " ") }
                : nil
            let named = hidden.map { "; the two differ by U+\(String($0.value, radix: 16, uppercase: true)), which does not show: delete it where it is" } ?? ""
            // Every other id the lines name, each with its lines: a summary of the first alone read as if one id were
            // wrong (a review's lines named 'nightly' and 'sync').
            var ids: [(id: Substring, lines: [Int])] = []
            for other in diff where other.kind == .keyMismatch {
                guard let (a, b) = parts(of: other), a[0] != b[0], a[1] == b[1], a[2] == b[2] else { continue }
                if let index = ids.firstIndex(where: { $0.id == a[0] }) {
                    ids[index].lines += other.expectedLine.map { [$0] } ?? []
                } else {
                    ids.append((a[0], other.expectedLine.map { [$0] } ?? []))
                }
            }
            let schedules = ids.count > 1
                ? "the schedules " + ListWording.joined(ids.map { id in
                    "'\(id.id)'" + (id.lines.isEmpty ? "" : " (line\(id.lines.count == 1 ? "" : "s") \(ListWording.joined(id.lines.map(String.init))))")
                })
                : "the schedule '\(want[0])'"
            return "the keys expected name \(schedules), this one is '\(schedule.id)' (its 'id:', else the spec "
                + "file's name without its extension)" + named
        }
        if want[0] == got[0], want[1] != got[1], want[1].hasPrefix("v"), let version = Int(want[1].dropFirst()) {
            // `v01` is version 1 written with a zero: "or 'version: 01' in the schedule" changed nothing (a review).
            if version == schedule.version {
                return "the keys expected carry '\(want[1])', and a key writes its version as a plain number: write \(produced)"
            }
            // The schedule's version is offered only when no key expected carries the schedule's own: with a key of each
            // (a template's `version: 3`, one line still `v1`), changing the schedule fails the other line, and the next
            // run advised changing it back (a review).
            let own = "v\(schedule.version)"
            let schedulesOwn = diff.contains { other in
                guard let parts = parts(other.expected?.key) else { return false }
                return parts[0] == got[0] && parts[1] == own
            }
            return "the keys expected carry '\(want[1])', this schedule is version \(schedule.version) (its 'version:', "
                + "default 1): write v\(schedule.version) in the keys" + (schedulesOwn ? ", as the other keys do" : ", or 'version: \(version)' in the schedule")
        }
        return nil
    }

    /// Keys written on the wrong lines: the keys expected of the mismatched lines are the keys produced there, in
    /// another order (a second review swapped 01:30's and the second 02:30's keys in Troll's hourly overlap and was told
    /// "2 key mismatches" alone). Each line with the key to write.
    private static func swappedKeys(_ diff: [DiffLine]) -> String? {
        let lines = diff.filter { $0.kind == .keyMismatch }
        let expected = lines.compactMap { $0.expected?.key }, produced = lines.compactMap { $0.actual?.key }
        guard lines.count >= 2, lines.count <= 4, expected.count == lines.count, produced.count == lines.count,
              expected.sorted() == produced.sorted(), lines.allSatisfy({ $0.expectedLine != nil }) else { return nil }
        let numbers = lines.compactMap(\.expectedLine).map(String.init)
        return "lines \(ListWording.joined(numbers)) expect each other's keys: "
            + lines.map { "line \($0.expectedLine ?? 0): write \($0.actual?.key ?? "")" }.joined(separator: "; ")
    }

    /// `2027-01-01T01:30:00.250Z` → `2027-01-01T01:30:00.25Z`, `….000Z` → `…Z`: a UTC instant with its fraction's
    /// trailing zeros dropped, so two spellings of one instant compare equal as text; nil for another text.
    private static func fractionTrimmed(_ text: Substring) -> String? {
        guard text.hasSuffix("Z"), text.count >= 20 else { return nil }
        var body = text.dropLast()
        guard let dot = body.firstIndex(of: ".") else { return String(text) }
        guard body[body.index(after: dot)...].allSatisfy(\.isASCII), body[body.index(after: dot)...].allSatisfy(\.isNumber) else { return nil }
        while body.last == "0" { body = body.dropLast() }
        if body.last == "." { body = body.dropLast() }
        return body + "Z"
    }
}
