import Foundation
import SpecDiagnostics
import SpecModel
import SpecRunner
import SpecResults
import TextRedaction

/// Why `--filter`, `--tag`, `--exclude-tag` or `--last-failed` left nothing of a plan that had tests: a typo in a
/// tag or a run started from another folder would otherwise give "0 passed, 0 failed" and a green CI step for ever.
///
/// A shard left empty is not a problem (a small plan cut into many shards has empty ones), nor is `--last-failed`
/// with a results file where nothing failed; both are left out of the question.
enum EmptySelection {
    /// The error to stop with, or nil when the selection kept a test (`selected`, the plan the run will run) or
    /// there was nothing to select from.
    /// `coverage` says where the `--last-failed` file's failures are (an engine this run does not use, say).
    static func problem(plan: TestPlan, selected: TestPlan, selection: TestSelection, lastFailed: String?,
                        coverage: LastFailedCoverage? = nil, engineGiven: Bool = false) -> UsageError? {
        guard selected.items.isEmpty, !plan.items.isEmpty, selection.ids?.isEmpty != true else { return nil }
        var unsharded = selection
        unsharded.shard = nil
        guard unsharded.filter != nil || !unsharded.tags.isEmpty || !unsharded.excludedTags.isEmpty || unsharded.ids != nil,
              let kept = try? unsharded.apply(to: plan), kept.items.isEmpty
        else { return nil }
        let tags = Set(plan.items.flatMap(\.tags))
        let keys = Set(tags.map(ComposedSpelling.tagKey))
        let unknownTags = selection.tags.filter { !keys.contains(ComposedSpelling.tagKey($0)) }.sorted()
        if !selection.tags.isEmpty, unknownTags.count == selection.tags.count {
            return UsageError(unknownTagsMessage(unknownTags, known: tags))
        }
        if let ids = selection.ids, let path = lastFailed, let coverage, !coverage.otherEngine.isEmpty,
           coverage.absent.isEmpty, ids.isDisjoint(with: plan.items.map(\.id)) {
            let subject = ids.count == 1 ? "the test that failed in '\(path)' is not" : "none of the \(ids.count) tests that failed in '\(path)' is"
            return UsageError("\(subject) in this run: " + coverage.engineReason(engineGiven: engineGiven))
        }
        if let ids = selection.ids, let path = lastFailed, ids.isDisjoint(with: plan.items.map(\.id)) {
            let subject = ids.count == 1 ? "the test that failed in '\(path)' is not" : "none of the \(ids.count) tests that failed in '\(path)' is"
            // Masked ids match this run's ids masked the same way (LastFailedMatch): other patterns, no match.
            let masked = ids.contains { $0.contains(Redaction.mask) }
                ? " If the paths are the same, the ids in it are masked ('\(Redaction.mask)') and this run masks its own "
                    + "otherwise: give the --redact and --no-default-redaction options of the run that wrote it."
                : ""
            // Each file with its cause, so one fix does not lead to a second refusal.
            let clauses = LastFailedCoverage.fileClauses(ids.sorted().map { ControlCharacters.visible($0) }, given: coverage?.givenFiles ?? [])
            return UsageError("\(subject) in this run: test ids hold the path each file was given by — \(clauses). See this run's "
                + "ids with --list.\(masked)")
        }
        if let filter = selection.filter, (try? TestSelection(filter: filter).apply(to: plan))?.items.isEmpty == true {
            // Shown as the report shows ids: a line break in a name would start a line of its own in the message.
            let example = ControlCharacters.visible(plan.items[0].id)
            // Without a UTF-8 locale the report draws an id's '›' as '>', which a pattern copied from it then holds.
            let separator = filter.contains(">") && !plan.items.contains { $0.id.contains(">") }
                ? " Ids separate their parts with '›' (U+203A), which the report shows as '>' where the terminal is not "
                    + "UTF-8; write '›' or '.' there."
                : ""
            // An id shown with escapes (`Tab\u{9}here`) holds the character itself, which a pattern must match.
            let escapes = example.contains("\\u{") ? " A '\\u{9}' there stands for the character itself (a tab), which the pattern must match ('\\t' or '.')." : ""
            return UsageError("--filter '\(filter)' matches no test id; ids read like '\(example)'.\(separator)\(escapes) See them all with --list.")
        }
        // Failures this run plans that --filter, --tag, --exclude-tag or --shard left out: the note's reason and the
        // option to drop, as docs/ci.md promises (a review was told only that the selection leaves nothing).
        if let path = lastFailed, let coverage, !coverage.deselected.isEmpty {
            return UsageError("the selection (\(describe(selection))) leaves no test to run: "
                + coverage.notes(path: path, selection: selection, engineGiven: engineGiven).joined(separator: " "))
        }
        return UsageError("the selection (\(describe(selection))) leaves no test to run of the \(plan.items.count) in these "
            + "files; loosen it, or see the ids and tags with --list.")
    }

    /// The error when `--engine` alone left nothing: every spec of these files lists other engines in its `engines:`
    /// (`--engine foundation` on specs that say `engines: [core]`). The plan is empty, so `problem` does not see it,
    /// and a CI step that picks the wrong engine stayed green with "0 passed, 0 failed".
    static func engineProblem(specs: [Spec], plan: TestPlan, engines: [EngineName]?) -> UsageError? {
        guard let engines, plan.items.isEmpty, !TestPlan(specs: specs, engines: nil).items.isEmpty else { return nil }
        let listed = Set(specs.compactMap(\.engines).joined()).sorted()
        let chosen = engines.map(\.rawValue).joined(separator: ", ")
        let own = listed.map(\.rawValue).joined(separator: ", ")
        let subject = specs.count == 1 ? "the spec in these files lists" : "every spec in these files lists"
        let instead = listed.count == 1 ? "--engine \(listed[0].rawValue)" : "--engine all"
        return UsageError("--engine \(chosen) leaves no test to run: \(subject) only \(own) in its 'engines:'. Run with "
            + "\(instead), or add \(chosen) to the specs' 'engines:'.")
    }

    /// Warnings for each `--exclude-tag` no spec of the plan has: a typo there excludes nothing and says nothing,
    /// where the same typo in `--tag` selects nothing and is an error. A CI job that excludes a tag some repositories
    /// never use is not wrong, so this warns and runs.
    static func unmatchedExclusions(plan: TestPlan, selection: TestSelection) -> [String] {
        // Without --exclude-tag there is nothing to say: the tag set of a 10,000-spec plan took 7 ms on the main
        // thread, between reading and running (perf of `specrun --jobs 2`, bench corpus).
        guard !selection.excludedTags.isEmpty, !plan.items.isEmpty else { return [] }
        let tags = Set(plan.items.flatMap(\.tags))
        let keys = Set(tags.map(ComposedSpelling.tagKey))
        return selection.excludedTags.filter { !keys.contains(ComposedSpelling.tagKey($0)) }.sorted().map { tag in
            let near = nearestTag(to: tag, in: tags).map { " Did you mean '\($0)'?" } ?? ""
            return "--exclude-tag '\(tag)' excludes nothing: no spec in these files has that tag.\(near)"
        }
    }

    private static func unknownTagsMessage(_ unknown: [String], known: Set<String>) -> String {
        let quoted = unknown.map { "'\($0)'" }.joined(separator: ", ")
        let subject = unknown.count == 1 ? "the tag \(quoted)" : "any of the tags \(quoted)"
        var message = "no spec has \(subject)"
        if unknown.count == 1, let near = nearestTag(to: unknown[0], in: known) {
            message += "; did you mean '\(near)'?"
        } else {
            message += "."
        }
        let listed = known.sorted()
        guard !listed.isEmpty else { return message + " These specs have no tags." }
        let more = listed.count > 20 ? " and \(listed.count - 20) more" : ""
        return message + " Tags in these specs: " + listed.prefix(20).joined(separator: ", ") + more + "."
    }

    /// A plausible typo, or the same tag typed without its accents (`ete` for `été`, `елка` for `ёлка`): a keyboard
    /// without them is common, and edit distance alone finds no tag that short two letters off.
    private static func nearestTag(to word: String, in known: Set<String>) -> String? {
        // Chinese typed in the other script (`夏令时间` for a tag `夏令時間`) is the tag meant, before any one character
        // away (`夏時間`, Japanese): compared in Simplified characters (ICU's Hant-Hans), as accents are folded below.
        if word.unicodeScalars.contains(where: \.properties.isIdeographic) {
            let simplified = { (text: String) in text.applyingTransform(StringTransform("Hant-Hans"), reverse: false) ?? text }
            let meant = simplified(word)
            if let same = known.sorted().first(where: { $0 != word && simplified($0) == meant }) { return same }
        }
        if let near = Suggestion.closest(to: word, in: known) { return near }
        let options: String.CompareOptions = [.diacriticInsensitive, .caseInsensitive]
        let folded = word.folding(options: options, locale: nil)
        return known.sorted().first { $0.folding(options: options, locale: nil) == folded }
    }

    private static func describe(_ selection: TestSelection) -> String {
        var parts: [String] = []
        if let filter = selection.filter { parts.append("--filter '\(filter)'") }
        parts += selection.tags.sorted().map { "--tag \($0)" }
        parts += selection.excludedTags.sorted().map { "--exclude-tag \($0)" }
        if selection.ids != nil { parts.append("--last-failed") }
        return parts.joined(separator: " ")
    }
}
