import Foundation
import SpecDiagnostics
import SpecResults

/// The text `specrun compare` prints: environment differences (time-zone data first), then each kind of change
/// with both statuses and, where the instants moved, both lists side by side.
public struct ComparisonReporter: Sendable {
    public var color: Bool
    public var glyphs: Glyphs

    public init(color: Bool = false, glyphs: Glyphs = .unicode) {
        self.color = color
        self.glyphs = glyphs
    }

    public func render(_ comparison: RunComparison, oldName: String, newName: String) -> String {
        var out = shown("Comparing \(oldName) (\(describe(comparison.old.environment))) with \(newName) (\(describe(comparison.new.environment)))") + "\n"
        // A merge's environment block is its first shard's: shards that ran elsewhere are named only in its notes.
        let mixed = [("NEW", comparison.new), ("OLD", comparison.old)].filter { _, run in
            run.notes.contains { $0.contains(RunResult.otherToolchainNoteMarker) }
        }.map(\.0)
        let mixedNote = mixed.isEmpty ? "" : " (\(mixed.joined(separator: " and ")) merged shards of several toolchains; "
            + "each block is its first shard's, and the notes below name the others)"
        if comparison.environmentChanges.isEmpty {
            out += "\nEnvironment: no differences" + mixedNote + "\n"
        } else {
            out += "\nEnvironment" + mixedNote + "\n"
            let width = comparison.environmentChanges.map(\.field.count).max() ?? 0
            for change in comparison.environmentChanges {
                out += "  " + change.field.padding(toLength: width, withPad: " ", startingAt: 0)
                    + "  " + shown(change.old) + " " + glyphs.arrow + " " + shown(change.new) + "\n"
            }
        }
        out += notes(comparison)
        out += invalidFiles(comparison)
        for kind in RunComparison.Change.Kind.allCases {
            let changes = comparison.changes(kind)
            guard !changes.isEmpty else { continue }
            let regression = comparison.isRegression(kind)
            out += "\n" + paint(title(kind) + " (\(changes.count))", regression ? "1;31" : "1") + "\n"
            var previousMessage: String?
            // Long lists of tests that did not run, were added or removed (an interrupted run, a narrower NEW) show
            // their first entries; failures and every other change are listed whole.
            let cut = Self.foldedKinds.contains(kind) && changes.count > Self.foldedListLength
            for change in cut ? Array(changes.prefix(Self.foldedListLength)) : changes {
                // A message the entry before gave (every test an interrupted run did not run: "the run was
                // interrupted") is given once.
                let message = change.new?.message.map(firstLine)
                out += entry(change, kind, sameMessageAsBefore: message != nil && message == previousMessage, lists: comparison.comparedLists)
                previousMessage = message
            }
            if cut {
                out += "  " + glyphs.ellipsis + " and \(changes.count - Self.foldedListLength) more (the results files list them all)\n"
            }
        }
        out += respellings(comparison)
        out += uncomparedLists(comparison)
        let counts = RunComparison.Change.Kind.allCases.compactMap { kind -> String? in
            let n = comparison.changes(kind).count
            guard n > 0 else { return nil }
            return switch kind {
            case .changedInstants: n == 1 ? "1 test with changed instants" : "\(n) tests with changed instants"
            // The count is of scenarios, each with one or more runs changed: "3 changed runs" read as three runs.
            case .changedRuns: n == 1 ? "1 scenario with changed runs" : "\(n) scenarios with changed runs"
            default: "\(n) \(kind.rawValue)"
            }
        }
        // Tests moved to another file are counted last: "7 removed, 1 moved" tells a spec lost in a split from the rest.
        let moved = comparison.movedFiles.reduce(0) { $0 + $1.tests }
        let among = comparison.incompleteNew.isEmpty ? "" : " among the tests both ran"
        let line = switch (counts.isEmpty, moved > 0) {
        case (true, false): "no changes" + among
        case (true, true): "\(count(moved, "test")) moved, no other changes" + among
        case (false, false): counts.joined(separator: ", ")
        case (false, true): counts.joined(separator: ", ") + ", \(moved) moved"
        }
        out += "\n" + line
        if comparison.regressed {
            out += paint(" — regressed", "1;31")
            if counts.isEmpty && !comparison.newlyInvalidFiles.isEmpty {
                out += paint(" (\(count(comparison.newlyInvalidFiles.count, "spec file")) newly invalid)", "1;31")
            }
            if !comparison.incompleteNew.isEmpty { out += paint("; NEW holds only part of the suite", "1;31") }
        } else if !comparison.incompleteNew.isEmpty {
            out += paint(" — NEW holds only part of the suite, so it cannot show that nothing regressed", "1;31")
        } else {
            out += " — no regressions"
        }
        return out + "\n"
    }

    /// One change: the test's id and line, both statuses, and what a reader needs to act on it — a new failure
    /// explained as `report` explains it, the instants or runs that differ, a deviation's reason.
    private func entry(_ change: RunComparison.Change, _ kind: RunComparison.Change.Kind, sameMessageAsBefore: Bool,
                       lists: Set<RunComparison.LifecycleList>) -> String {
        let test = (change.new ?? change.old)!
        var out = "  " + shown(change.id).replacingOccurrences(of: " › ", with: glyphs.separator)
        if let old = change.old, let new = change.new, old.status != new.status {
            out += "  " + old.status.rawValue + " " + glyphs.arrow + " " + new.status.rawValue
        } else if change.old == nil, kind != .added {
            out += "  (added) " + test.status.rawValue
        }
        out += "  (line \(test.line))\n"
        switch kind {
        case .newlyFailing where test.status == .fixedDeviation:
            out += "      passes, and its spec declares a deviation (\"" + shown(test.deviationReason ?? "") + "\"), which fails a run under "
                + "--strict: " + annotationAdvice(test) + "\n"
        case .newlyFailing:
            // As the terminal report explains the failure (message, zone changes, occurrences, lifecycle checks),
            // without its first line: the place is on the entry's own line.
            for line in FailureText(glyphs: glyphs).lines(for: test).dropFirst() {
                out += "      " + String(repeating: " ", count: line.indent * 2) + shown(line.text) + "\n"
            }
        case .nowFixedDeviation:
            if let reason = test.deviationReason {
                out += "      passes, and its spec declares a deviation (\"" + shown(reason) + "\"): " + annotationAdvice(test) + "\n"
            }
        case .newlyDeviating:
            if let reason = test.deviationReason { out += "      declared deviation: " + shown(reason) + "\n" }
            if let message = test.message { out += "      " + shown(firstLine(message)) + "\n" }
        case .notRun:
            // OLD's id holds OLD's path: the file to fix is NEW's (a renamed folder, another spelling).
            if let file = change.invalidFileNow { out += "      its file is " + shown(file) + " now, which NEW could not read\n" }
        case .newlyNotRun, .newlySkipped, .statusChanged:
            if let message = test.message, !sameMessageAsBefore { out += "      " + shown(firstLine(message)) + "\n" }
        default:
            break
        }
        if let old = change.old, let new = change.new, kind != .newlyFailing {
            out += instantChanges(old.actual, new.actual)
            if kind == .changedInstants { out += renamedKeys(old, new) }
            if kind == .changedRuns, let before = old.lifecycle, let after = new.lifecycle {
                out += runChanges(before.runs, after.runs)
                if lists.contains(.refusedLaunches) {
                    out += otherChanges("refused launches", before.refusedLaunches.map(refusedText), after.refusedLaunches.map(refusedText))
                }
                if lists.contains(.scheduleChanges) {
                    out += otherChanges("schedule changes", before.scheduleChanges.map(changeText), after.scheduleChanges.map(changeText))
                }
                if lists.contains(.otherErrors) {
                    out += otherChanges("other errors", before.otherErrors.map(errorText), after.otherErrors.map(errorText))
                }
                if lists.contains(.appEvents) {
                    out += otherChanges("app events", before.appEvents.map(eventText), after.appEvents.map(eventText))
                }
            }
        }
        return out
    }

    /// What to do with a fixed deviation's annotation: remove it, unless the expectation may be the deviation or
    /// other cases of the spec still deviate (each format's `FixedDeviationAdvice`).
    private func annotationAdvice(_ test: TestResult) -> String {
        FixedDeviationAdvice.removesEntry(test) ? "remove the annotation" : FixedDeviationAdvice.advice(test)
    }

    /// A note when a test moved to another file and its keys changed only in their schedule id, from the old file's
    /// name to the new one's: a schedule without `id:` takes its file's name, so renaming the file renamed every key
    /// (a review read "1999 tests with changed instants" where no instant changed; an app's stored keys would change).
    private func renamedKeys(_ old: TestResult, _ new: TestResult) -> String {
        func stem(_ file: String) -> String {
            let name = file.split(separator: "/").last.map(String.init) ?? file
            return name.hasSuffix(".yaml") ? String(name.dropLast(5)) : name.hasSuffix(".yml") ? String(name.dropLast(4)) : name
        }
        let (from, to) = (stem(old.file), stem(new.file))
        guard old.file != new.file, from != to, old.actual.count == new.actual.count,
              zip(old.actual, new.actual).allSatisfy({ before, after in
                  guard before.epochSeconds == after.epochSeconds, let a = before.key, let b = after.key else { return false }
                  return a.hasPrefix(from + "/") && b == to + "/" + a.dropFirst(from.count + 1)
              }), old.actual.contains(where: { $0.key != nil }) else { return "" }
        return "      the same instants; only the keys' schedule id changed with the file's name (\(shown(from)) " + glyphs.arrow
            + " \(shown(to))): its schedule has no 'id:', so it takes the file's name; write 'id: \(shown(Self.yamlScalar(from)))' to "
            + "keep the keys\n"
    }

    /// A name as a YAML scalar to paste: bare when it reads as itself, else in double quotes (`id: "a: b"`; a review
    /// pasted `id: a: b`, `id: #night` and `id: null` and got three errors).
    static func yamlScalar(_ text: String) -> String {
        let plain = text.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0) }
            && text.first.map { $0.isLetter || $0.isNumber || $0 == "_" } == true
            && !["null", "true", "false", "yes", "no", "on", "off", "y", "n", "~"].contains(text.lowercased())
        guard !plain else { return text }
        return "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    private func firstLine(_ text: String) -> String {
        String(text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
    }

    /// The produced instants (with their keys) only one run has: `was` lists OLD's, `now` NEW's. A test that did not
    /// run in one of them produced none there, which says nothing about its instants, so nothing is listed.
    private func instantChanges(_ old: [ResultInstant], _ new: [ResultInstant]) -> String {
        guard !old.isEmpty, !new.isEmpty else { return "" }
        let oldKeys = Set(RunComparison.instantsAndKeys(old)), newKeys = Set(RunComparison.instantsAndKeys(new))
        let gone = old.filter { !newKeys.contains(RunComparison.InstantAndKey($0)) }
        let came = new.filter { !oldKeys.contains(RunComparison.InstantAndKey($0)) }
        guard !gone.isEmpty || !came.isEmpty else {
            return sameEntries("instants", verb: "produced", old.map { shown(text(of: $0)) }, new.map { shown(text(of: $0)) })
        }
        return instants("was", gone, of: old.count) + instants("now", came, of: new.count)
    }

    /// What changed when both sides hold the same entries (a test's instants with their keys, a scenario's runs or
    /// other lists): some another number of times, or in another order. The heading alone said "changed instants"
    /// or "changed runs" with nothing under it (two reviews). `verb` says how the entries came: `produced`, `listed`.
    private func sameEntries(_ what: String, verb: String, _ old: [String], _ new: [String]) -> String {
        guard old != new else { return "" }
        let before = old.reduce(into: [String: Int]()) { $0[$1, default: 0] += 1 }
        let after = new.reduce(into: [String: Int]()) { $0[$1, default: 0] += 1 }
        var seen = Set<String>()
        let recounted = (new + old).filter { before[$0] != after[$0] && seen.insert($0).inserted }
        if !recounted.isEmpty {
            let listed = recounted.prefix(6).map { "\($0) " + times(before[$0] ?? 0) + " " + glyphs.arrow + " " + times(after[$0] ?? 0) }
            let more = recounted.count > 6 ? ", " + glyphs.ellipsis + " \(recounted.count - 6) more" : ""
            return "      the same \(what), some \(verb) another number of times (\(old.count) " + glyphs.arrow + " \(new.count) in all): "
                + listed.joined(separator: ", ") + more + "\n"
        }
        let differs = old.indices.filter { old[$0] != new[$0] }
        guard let first = differs.first else { return "" }
        return "      the same \(what) in another order (\(differs.count) of \(old.count) in other places): the \(ordinal(first + 1)) was "
            + old[first] + ", now " + new[first] + "\n"
    }

    private func times(_ n: Int) -> String { n == 1 ? "once" : n == 2 ? "twice" : "\(n) times" }

    private func ordinal(_ n: Int) -> String {
        let suffix = (11...13).contains(n % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][n % 10] ?? "th"
        return "\(n)\(suffix)"
    }

    /// An instant as the `was`/`now` lists show it: local time, UTC and key.
    private func text(of instant: ResultInstant) -> String {
        "\(instant.local) [\(instant.utc)]" + (instant.key.map { " key " + $0 } ?? "")
    }

    /// The runs only one side has, as `planned → actual key outcome`.
    private func runChanges(_ old: [LifecycleResult.Run], _ new: [LifecycleResult.Run]) -> String {
        func text(_ run: LifecycleResult.Run) -> String {
            let planned = run.planned.map { shown($0.local) } ?? "unplanned"
            let actual = run.actual.map { shown($0.local) } ?? "never"
            return planned + " " + glyphs.arrow + " " + actual + (run.key.map { " " + shown($0) } ?? "") + " " + shown(run.outcome)
        }
        let oldTexts = old.map(text), newTexts = new.map(text)
        let gone = oldTexts.filter { !newTexts.contains($0) }, came = newTexts.filter { !oldTexts.contains($0) }
        guard !gone.isEmpty || !came.isEmpty else { return sameEntries("runs", verb: "listed", oldTexts, newTexts) }
        func listed(_ label: String, _ runs: [String], of total: Int) -> String {
            let more = runs.count > 6 ? ", " + glyphs.ellipsis + " \(runs.count - 6) more" : ""
            return "      \(label) (\(runs.count) of \(total) runs): " + (runs.isEmpty ? "none" : runs.prefix(6).joined(separator: "; ")) + more + "\n"
        }
        return listed("runs was", gone, of: old.count) + listed("runs now", came, of: new.count)
    }

    private func refusedText(_ launch: LifecycleResult.RefusedLaunch) -> String {
        shown(launch.at.local) + " " + shown(launch.identifier) + " " + shown(launch.error ?? "not launched")
    }

    private func changeText(_ change: LifecycleResult.ScheduleChange) -> String {
        shown(change.at.local) + " " + shown(change.change)
    }

    private func errorText(_ error: LifecycleResult.RaisedError) -> String {
        shown(error.at.local) + " " + shown(error.identifier) + " " + shown(error.code)
    }

    private func eventText(_ event: LifecycleResult.AppEvent) -> String {
        shown(event.at.local) + " " + shown(event.step) + (event.detail.isEmpty ? "" : " " + shown(event.detail))
    }

    /// Entries of a scenario's list (refused launches, schedule changes, other errors, app events) only one side has,
    /// when the lists differ.
    private func otherChanges(_ what: String, _ old: [String], _ new: [String]) -> String {
        guard old != new else { return "" }
        let gone = old.filter { !new.contains($0) }, came = new.filter { !old.contains($0) }
        guard !gone.isEmpty || !came.isEmpty else { return sameEntries(what, verb: "listed", old, new) }
        func listed(_ label: String, _ entries: [String]) -> String {
            let more = entries.count > 6 ? ", " + glyphs.ellipsis + " \(entries.count - 6) more" : ""
            return "      \(what) \(label): " + entries.prefix(6).joined(separator: "; ") + more + "\n"
        }
        // Only the entries that differ are listed: "was: none" beside entries kept in both read as "OLD had none"
        // (a claims audit's older file held four app events and one fewer than NEW's).
        if gone.isEmpty { return listed("added", came) }
        if came.isEmpty { return listed("removed", gone) }
        return listed("was", gone) + listed("now", came)
    }

    /// Lists that show their first entries only.
    static let foldedKinds: Set<RunComparison.Change.Kind> = [.newlyNotRun, .added, .removed]
    static let foldedListLength = 20

    /// Both documents' notes (how each was put together: a merge, shards missing or from other toolchains, an
    /// interrupted run), NEW's first, then why NEW holds only part of the suite when no note of its says so (one
    /// shard, a narrower selection, tests not run); a note saying NEW lacks part of the suite is marked, since its
    /// missing tests show as removed and may hide regressions.
    private func notes(_ comparison: RunComparison) -> String {
        let old = comparison.old.notes
        let new = comparison.new.notes + comparison.incompleteNew.filter { !comparison.new.notes.contains($0) }
        guard !old.isEmpty || !new.isEmpty else { return "" }
        let incomplete = Set(comparison.incompleteNew)
        var out = "\n" + paint("Notes", incomplete.isEmpty ? "1" : "1;31") + "\n"
        for note in new {
            let line = "  NEW  " + shown(note)
            out += (incomplete.contains(note) ? paint(line, "31") : line) + "\n"
        }
        for note in old {
            out += "  OLD  " + shown(note) + "\n"
        }
        if !incomplete.isEmpty {
            // Said where they are listed: the tests an interrupted NEW did not run are under "Did not run", not removed
            // (a CI review read "show as removed" above an empty "Removed").
            let removed = comparison.changes.contains { $0.kind == .removed }
            let notRun = comparison.changes.contains { $0.kind == .newlyNotRun }
            let listed = switch (removed, notRun) {
            case (true, true): "the tests it lacks show as removed, those it did not run under \"Did not run\""
            case (false, true): "the tests it did not run show under \"Did not run\""
            case (true, false): "the tests it lacks show as removed"
            case (false, false): "the tests it lacks are in neither document"
            }
            out += paint("  NEW holds only part of the suite: \(listed), and any of them may fail there", "31") + "\n"
        }
        return out
    }

    /// The files NEW could not read, each with its first error, and those OLD could not read: a test in such a file
    /// did not run, so it shows as "not run" rather than as a pass or a failure.
    private func invalidFiles(_ comparison: RunComparison) -> String {
        guard !comparison.invalidNow.isEmpty || !comparison.invalidBefore.isEmpty else { return "" }
        let now = comparison.invalidNow, nowSet = Set(now)
        let newly = Set(comparison.newlyInvalidFiles)
        let errorsNow = firstErrors(in: comparison.new), errorsBefore = firstErrors(in: comparison.old)
        var out = "\n" + paint("Invalid spec files: \(count(now.count, "file")) in NEW, \(comparison.invalidBefore.count) in OLD"
            + (newly.isEmpty ? "" : " (\(newly.count) newly invalid: a regression)"), now.isEmpty ? "1" : "1;31") + "\n"
        // A file OLD had under another path (a renamed folder) is one file, listed once with its old path.
        let elsewhere = comparison.invalidElsewhereBefore, listed = Set(elsewhere.values)
        for file in now {
            out += (newly.contains(file) ? "  newly   " : "  now     ") + shown(firstError(of: file, errorsNow))
                + (elsewhere[file].map { " (invalid in OLD too, as " + shown($0) + ")" } ?? "") + "\n"
        }
        for file in comparison.invalidBefore where !nowSet.contains(file) && !listed.contains(file) {
            out += "  before  " + shown(firstError(of: file, errorsBefore)) + "\n"
        }
        return out
    }

    /// Each file's first error in `run`, read in one pass (a search of every diagnostic for each file took seconds
    /// for thousands of invalid files).
    private func firstErrors(in run: RunResult) -> [String: Diagnostic] {
        var first: [String: Diagnostic] = [:]
        for diagnostic in run.diagnostics where diagnostic.severity == .error {
            guard let file = diagnostic.location?.file, first[file] == nil else { continue }
            first[file] = diagnostic
        }
        return first
    }

    /// `file:line:column: message` of the file's first error, or the file alone.
    private func firstError(of file: String, _ errors: [String: Diagnostic]) -> String {
        let first = errors[file]
        let place = first?.location.map { "\($0.file):\($0.line):\($0.column)" } ?? file
        return place + (first.map { ": " + $0.message } ?? "")
    }

    /// A note for each scenario list one run holds and the other holds nowhere: an older specrun did not write it, or
    /// no scenario had any, and either way it was not compared.
    private func uncomparedLists(_ comparison: RunComparison) -> String {
        comparison.uncomparedLists.map { list, lackedBy, scenarios in
            let other = lackedBy == "OLD" ? "NEW" : "OLD"
            let words = switch list {
            case .refusedLaunches: "refused launch"
            case .scheduleChanges: "schedule change"
            case .otherErrors: "other lifecycle error"
            case .appEvents: "app or device step (app event)"
            }
            return "\nNote: \(lackedBy) holds no \(words) in any scenario (`\(list.rawValue)`: a specrun before \(list.added) "
                + "did not write them, or none happened), so they were not compared; \(other) has some in "
                + "\(count(scenarios, "scenario")).\n"
        }.joined()
    }

    /// A note when tests of OLD are in NEW under another spelling of their file's path, and the files tests moved
    /// between (a rename, a split): each was matched by spec, case and engine and compared.
    private func respellings(_ comparison: RunComparison) -> String {
        var out = ""
        let pairs = comparison.respelledFiles
        if !pairs.isEmpty {
            let tests = pairs.reduce(0) { $0 + $1.tests }
            out += "\nNote: \(count(tests, "test")) ran under another spelling of \(pairs.count == 1 ? "its file's path" : "their files' paths") "
                + "(test ids hold each path as given on the command line); they were matched by spec, case and engine and "
                + "compared. Run both from the same folder with the same path arguments for ids that match.\n"
            out += filePairs(pairs)
        }
        let unmatched = comparison.unmatchedRespellings
        if !unmatched.isEmpty {
            let tests = unmatched.reduce(0) { $0 + $1.tests }
            out += "\nNote: \(count(tests, "removed test")) came back as added under another path and could not be matched (a spec, "
                + "case and engine found twice, as in a merge of shards run from two folders, or a masked name); test ids hold each "
                + "file's path as given on the command line, so run both from the same folder with the same path arguments to "
                + "compare them.\n"
            out += filePairs(unmatched)
        }
        if comparison.maskedUnmatched > 0 {
            let n = comparison.maskedUnmatched
            out += "\nNote: \(count(n, "added test")) with a masked name ([redacted]) may be \(n == 1 ? "a test" : "tests") listed "
                + "above as removed or not run, in another file now; names masked alike are not matched, as two specs may mask to one name.\n"
        }
        let moved = comparison.movedFiles
        if !moved.isEmpty {
            let tests = moved.reduce(0) { $0 + $1.tests }
            out += "\nMoved to another file (\(count(tests, "test"))): matched by spec, case and engine, and compared; "
                + "not listed as removed or added\n"
            out += filePairs(moved)
        }
        return out
    }

    /// Pairs of files, the first three with their test counts.
    private func filePairs(_ pairs: [RunComparison.PathRespelling]) -> String {
        var out = ""
        for pair in pairs.prefix(3) {
            out += "  " + shown(pair.old) + " " + glyphs.arrow + " " + shown(pair.new) + " (\(count(pair.tests, "test")))\n"
        }
        if pairs.count > 3 { out += "  " + glyphs.ellipsis + " \(count(pairs.count - 3, "more file"))\n" }
        return out
    }

    /// A text read from a results file (ids, paths, messages, the environment), which may come from other hands:
    /// its control characters made visible so it cannot drive the terminal.
    private func shown(_ text: String) -> String { ControlCharacters.visible(text) }

    private func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    private func title(_ kind: RunComparison.Change.Kind) -> String {
        kind.rawValue.prefix(1).uppercased() + kind.rawValue.dropFirst()
    }

    /// `was (2 of 31): 2027-03-28 03:00 CEST (+02:00) [2027-03-28T01:00:00Z] key …`: the instants only this side
    /// produced, out of all it produced.
    private func instants(_ label: String, _ instants: [ResultInstant], of total: Int) -> String {
        let listed = instants.prefix(6).map { shown(text(of: $0)) }
        let more = instants.count > 6 ? ", " + glyphs.ellipsis + " \(instants.count - 6) more" : ""
        return "      \(label) (\(instants.count) of \(total)): " + (listed.isEmpty ? "none" : listed.joined(separator: ", ")) + more + "\n"
    }

    private func describe(_ environment: Environment) -> String {
        "Swift \(environment.swiftVersion), tzdata \(environment.tzdataVersion)"
    }

    private func paint(_ text: String, _ code: String) -> String {
        color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
