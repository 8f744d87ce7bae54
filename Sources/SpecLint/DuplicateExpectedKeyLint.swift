import Foundation
import Recurrence
import SpecDiagnostics
import SpecModel

/// Warns about two expected occurrences of one window with the same dedup key: each occurrence has a key of its
/// own (under `repeated: both` the later of a pair ends in `~2`), so one of the two keys is wrong.
///
/// Two occurrences at the same instant are `DuplicateInstantLint`'s.
public struct DuplicateExpectedKeyLint: SpecLintRule {
    public init() {}

    public func diagnostics(for spec: Spec, in file: SpecFile) -> [Diagnostic] {
        guard case .recurrence(let body) = spec.body, case .occurrences(let occurrences, _) = body.expect else { return [] }
        // Positions, not copies of the occurrences; the table is sized once, at the first key (growing it key by key, and
        // copying each occurrence into it, was 0.7 % of `specrun check`'s profile on the 10,000-spec corpus).
        var first: [String: Int] = [:]
        var found: [Diagnostic] = []
        for index in occurrences.indices {
            guard let key = occurrences[index].key else { continue }
            guard let earlierIndex = first[key] else {
                if first.isEmpty { first.reserveCapacity(occurrences.count - index) }
                first[key] = index
                continue
            }
            let occurrence = occurrences[index], earlier = occurrences[earlierIndex]
            // One line written twice (same instant, same key) is `duplicate-instant`'s, which says to remove one: told to
            // correct a key as well, a fourth review did, and the next warning undid it.
            if occurrence.instant.date == earlier.instant.date { continue }
            let told = Self.whichToCorrect(key, earlier: earlier.instant, later: occurrence.instant, schedule: body.schedule)
            // The pair's suffix only where a pair is in play: beside a gap's keys it was an irrelevant clause (a review).
            let pairClause = Self.concernsAPair(key, told.advice, earlier.instant, occurrence.instant, body.schedule)
                ? " (the later of a repeated pair ends in ~2)" : ""
            // The warning stands on the line to correct when the rule knows which it is: on the later line, the right
            // one, with the one to correct named only in a note, the black-box review's Nuuk key was corrected there.
            let (at, other) = told.onEarlier ? (earlier.instant, occurrence.instant) : (occurrence.instant, earlier.instant)
            found.append(Diagnostic(
                code: LintCode.duplicateExpectedKey.rawValue,
                severity: .warning,
                location: at.location,
                message: "the key '\(key)' is " + (told.onEarlier ? "expected again" : "already expected") + " for \(other.text); "
                    + "every occurrence has a key of its own" + pairClause + ", so " + told.advice,
                sourceLine: at.sourceLine,
                length: at.text.count,
                notes: [Diagnostic.Note(location: other.location, message: "'\(key)' is " + (told.onEarlier ? "expected again here" : "first expected here"))]))
        }
        return found
    }

    /// Whether a repeated pair bears on the two lines: a key or the advice names a `~` suffix, or the two instants share
    /// their wall time in the schedule's zone (the two instances of a repeated wall time).
    private static func concernsAPair(_ key: String, _ advice: String, _ earlier: InstantLiteral, _ later: InstantLiteral, _ schedule: ScheduleSpec) -> Bool {
        if key.contains("~") || advice.contains("~") { return true }
        let zone = schedule.timeZone
        func wall(_ instant: InstantLiteral) -> Double { instant.date.timeIntervalSince1970 + Double(zone.secondsFromGMT(for: instant.date)) }
        return wall(earlier) == wall(later)
    }

    /// Which of the two keys to correct, and to what, when the rule gives both instants and one of them the key written
    /// (the lint review: "correct one of the two keys" left the choice to the reader, though the rule knows each key).
    /// `onEarlier` when the line to correct is the first of the two (the warning then stands there).
    private static func whichToCorrect(_ key: String, earlier: InstantLiteral, later: InstantLiteral, schedule: ScheduleSpec)
        -> (advice: String, onEarlier: Bool)
    {
        let fallback = ("correct one of the two keys", false)
        guard let built = try? schedule.schedule() else { return fallback }
        func ruleKey(_ instant: InstantLiteral) -> String? { built.occurrence(at: instant.date)?.key.description }
        let earlierRuleKey = ruleKey(earlier), laterRuleKey = ruleKey(later)
        guard let earlierKey = earlierRuleKey, let laterKey = laterRuleKey else {
            // Neither is an occurrence: which to remove is the reader's choice.
            guard earlierRuleKey != nil || laterRuleKey != nil else { return fallback }
            let stray = earlierRuleKey == nil ? earlier : later
            // One of the two is no occurrence at all: correcting a key cannot make it pass (the failure review: two
            // 02:30s of an autumn night expected under `repeated: first`, told to correct a key).
            let zone = schedule.timeZone
            func wall(_ instant: InstantLiteral) -> Double {
                instant.date.timeIntervalSince1970 + Double(zone.secondsFromGMT(for: instant.date))
            }
            if let repeated = schedule.repeated, repeated != .both, wall(earlier) == wall(later) {
                return ("remove \(stray.text): under 'repeated: \(repeated.rawValue)' a wall time that happens twice is one "
                    + "occurrence, so the rule gives none there (write 'repeated: both' to expect both)", stray == earlier)
            }
            return ("remove \(stray.text), or correct it: the rule gives no occurrence there", stray == earlier)
        }
        if earlierKey == key, laterKey != key {
            return ("correct this one: the rule's key for \(later.text) is '\(laterKey)'", false)
        }
        if laterKey == key, earlierKey != key {
            return ("correct this one: the rule's key for \(earlier.text) is '\(earlierKey)'", true)
        }
        return fallback
    }
}
