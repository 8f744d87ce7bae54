import Foundation
import Recurrence
import SpecDiagnostics
import SpecModel
import SpecResults

/// Runs one recurrence plan item (a window or a case) on one engine and judges it.
struct RecurrenceExecutor: Sendable {
    let engines: EngineCatalog
    let occurrenceLimit: Int

    /// `caseSpec` is the plan item's case (nil for its window), taken once by the caller: each use of `PlanItem.caseSpec`
    /// copies the spec's body.
    func run(_ recurrence: RecurrenceSpec, caseSpec: CaseSpec?, engine name: EngineName) -> Verdict {
        guard let engine = engines.engine(name) else {
            return Verdict(status: .error, message: "the \(name.rawValue) engine is not available in this build")
        }
        let overrides = caseSpec?.overrides ?? CaseSpec.Overrides()
        let scheduleSpec = recurrence.schedule
        let timeZone = overrides.timeZone ?? scheduleSpec.timeZone
        let abbreviations = ZoneAbbreviations.system(zone: timeZone.identifier)
        // Expected and actual instants are mostly the same dates: render each date once and let both share its
        // texts (formatting was the largest cost of running a big suite; bench/specrun-bench, section end-to-end).
        var rendered: [Date: ResultInstant] = [:]
        func instant(_ date: Date, key: String? = nil) -> ResultInstant {
            var texts: ResultInstant
            if let known = rendered[date] {
                texts = known
            } else {
                texts = ResultInstant(date, in: timeZone, abbreviations: abbreviations)
                rendered[date] = texts
            }
            texts.key = key
            return texts
        }
        // The instant as the spec writes it, for a failure's hint (the failure path only).
        // The instants the expected list writes (a case's `next`s, or a window's occurrences), by date or by place.
        let literals: [InstantLiteral] = if let caseSpec { caseSpec.next }
            else if case .occurrences(let expected, _) = recurrence.expect { expected.map(\.instant) } else { [] }
        func writtenLiteral(_ date: Date) -> InstantLiteral? { literals.first { $0.date == date } }
        func expectedLiteral(at index: Int) -> InstantLiteral? { literals.indices.contains(index) ? literals[index] : nil }
        let schedule: Schedule
        do {
            schedule = try scheduleSpec.schedule(overriding: overrides)
        } catch {
            return Verdict(status: .error, message: "the schedule is invalid: \(error)", timeZone: timeZone)
        }

        let expectedItems: [OccurrenceDiff.Item]
        let expectedError: ExpectedError?
        let outcome: Result<[Occurrence], RecurrenceError>
        // What a search found before it ended in an error: the diff shows them as found, not as missing.
        var foundBeforeError: [Occurrence] = []
        if let caseSpec {
            rendered.reserveCapacity(caseSpec.next.count)
            // By index, reading the two fields in place: each element handed to a closure was a copy of the whole
            // literal (its text, file and source line retained and released).
            expectedItems = caseSpec.next.indices.map { index in
                let date = caseSpec.next[index].date
                return OccurrenceDiff.Item(date: date, instant: instant(date), key: nil, line: caseSpec.next[index].location.line)
            }
            expectedError = caseSpec.error
            outcome = Result { () throws(RecurrenceError) -> [Occurrence] in
                var cursor = caseSpec.after.date
                for _ in 0..<max(1, caseSpec.next.count) {
                    let next = try engine.next(after: cursor, in: schedule)
                    foundBeforeError.append(next)
                    cursor = next.date
                }
                return foundBeforeError
            }
        } else {
            guard let windowSpec = recurrence.window else {
                return Verdict(status: .error, message: "the spec has 'expect' but no 'window'", timeZone: timeZone)
            }
            let window = Window(after: windowSpec.after.date, through: windowSpec.through.date)
            switch recurrence.expect {
            case .occurrences(let expected, _):
                // Sized once: growing the table as the instants came was 0.5 % of a 10,000-spec run's CPU (perf).
                rendered.reserveCapacity(expected.count)
                // By index, reading the fields in place: each element handed to a closure was a copy of the whole
                // occurrence (its text, file, source line and key retained and released: with the copies of the spec's
                // body above, about 1 % of a 10,000-spec run's CPU profile).
                expectedItems = expected.indices.map { index in
                    let date = expected[index].instant.date
                    let key = expected[index].key
                    return OccurrenceDiff.Item(date: date, instant: instant(date, key: key), key: key,
                                               line: expected[index].instant.location.line, keyLine: expected[index].keyLine)
                }
                expectedError = nil
            case .error(let error, _):
                expectedItems = []
                expectedError = error
            case nil:
                expectedItems = []
                expectedError = nil
            }
            outcome = Result { () throws(RecurrenceError) -> [Occurrence] in
                try engine.occurrences(in: window, of: schedule, limit: occurrenceLimit)
            }
            // A window's search that ended at a bound after an occurrence (the error names it, the last one found):
            // what was found is searched again, one `next` at a time up to that occurrence (the failure path only;
            // the window up to it, enumerated, would reach the same bound looking past it).
            if case .failure(let error) = outcome, let lastFound = error.searchStart, lastFound > window.after, lastFound <= window.through {
                var cursor = window.after
                while foundBeforeError.count < occurrenceLimit, let next = try? engine.next(after: cursor, in: schedule), next.date <= lastFound {
                    foundBeforeError.append(next)
                    cursor = next.date
                }
            }
        }

        var verdict = Verdict(status: .passed, timeZone: timeZone)
        verdict.expected = expectedItems.map(\.instant)
        switch outcome {
        case .failure(let error):
            if let expectedError, Self.matches(error, expectedError) {
                verdict.message = nil
                return verdict
            }
            verdict.status = .failed
            let searchStart = caseSpec?.after.date ?? recurrence.window?.after.date
            // The bound that would have found the next occurrence, on the core engine, whose count the message describes.
            let needed = name == .core ? Self.limitNeeded(after: error, scheduleSpec: scheduleSpec, overrides: overrides) : nil
            verdict.message = Self.explain(
                error, inCase: caseSpec != nil, caseHasLimit: caseSpec?.overrides.limit != nil, searchStart: searchStart,
                countStart: Self.countStart(of: schedule.rule, in: timeZone), timesPerDate: schedule.rule.wallTimes.count,
                countsHours: { if case .hourly = schedule.rule { true } else { false } }(),
                needed: needed.map { ($0.limit, instant($0.found).offsetForm) }) { instant($0).local }
            if foundBeforeError.isEmpty {
                verdict.diff = expectedItems.map { DiffLine(kind: .missing, expected: $0.instant, actual: nil, expectedLine: $0.line) }
            } else {
                // The expected ones found are matched, and only those the search never reached are missing.
                let foundItems = foundBeforeError.map {
                    OccurrenceDiff.Item(date: $0.date, instant: instant($0.date, key: $0.key.rawValue), key: $0.key.rawValue)
                }
                verdict.actual = foundItems.map(\.instant)
                verdict.diff = OccurrenceDiff.lines(expected: expectedItems, actual: foundItems)
            }
            if case .tooManyOccurrences(let limit) = error, let window = recurrence.window {
                // A bound of the run, not a difference from the expectation: the window could not be checked.
                verdict.status = .error
                verdict.message = "the window holds more than \(limit) occurrences (--max-occurrences)"
                verdict.diagnostics = [Diagnostic(code: RunDiagnosticCode.tooManyOccurrences.rawValue, location: window.location, message: Self.explain(error))]
            }
            if case .instantOutOfRange(let role, let date) = error {
                // The spec asked for a search no engine can start: nothing was compared, so not a failure. The
                // diagnostic points at the instant written (a later cursor is a result, written nowhere).
                verdict.status = .error
                let written = caseSpec.map { [$0.after] } ?? [recurrence.window?.after, recurrence.window?.through].compactMap { $0 }
                if let literal = written.first(where: { $0.date == date }) {
                    // The parser refuses both ends now (years 0001…9999 as written, and past 9999 in UTC); a library
                    // caller's date can still be either side.
                    let side = date >= SupportedInstants.range.upperBound ? "in the year 10000" : "before 0000-12-30T00:00:00Z (Date.distantPast)"
                    verdict.message = "no search can start from the \(role), which is \(side) (see below)"
                    verdict.diagnostics = [Diagnostic(
                        code: RunDiagnosticCode.instantOutOfRange.rawValue, location: literal.location, message: Self.explain(error),
                        sourceLine: literal.sourceLine, length: literal.text.count)]
                }
            }
            return verdict
        case .success(let occurrences):
            let actualItems = occurrences.map {
                OccurrenceDiff.Item(date: $0.date, instant: instant($0.date, key: $0.key.rawValue), key: $0.key.rawValue)
            }
            verdict.actual = actualItems.map(\.instant)
            if let expectedError {
                verdict.status = .failed
                let found = actualItems.first.map { " but found \($0.instant.offsetForm)" } ?? " but the search ended without it"
                verdict.message = "expected the search to end with '\(expectedError.rawValue)'" + found
                return verdict
            }
            let lines = OccurrenceDiff.lines(expected: expectedItems, actual: actualItems)
            verdict.diff = lines
            if !OccurrenceDiff.isClean(lines) {
                verdict.status = .failed
                verdict.message = "occurrences differ: " + OccurrenceDiff.summary(lines)
                if caseSpec != nil, expectedItems.count > 1, expectedItems.count == actualItems.count,
                   let search = expectedItems.indices.first(where: { expectedItems[$0].date != actualItems[$0].date }) {
                    // A chain of searches read as a set ("1 missing, 1 unexpected", an instant shown as matching) hid
                    // that two searches went wrong: the first that did is named, and where the later ones started.
                    let line = expectedItems[search].line.map { " (line \($0))" } ?? ""
                    let later = expectedItems.count - search - 1
                    verdict.message = "search \(search + 1) of \(expectedItems.count) found \(actualItems[search].instant.local), "
                        + "not \(expectedItems[search].instant.local)\(line)"
                        // Said of the searches after this one: "each search starts after what the one before found"
                        // read oddly under search 1, which has none before it (a message review).
                        + (later == 0 ? "" : later == 1 ? "; search \(search + 2) starts after what this one found"
                            : "; searches \(search + 2) to \(expectedItems.count) each start after what the search before found, "
                                + "beginning with this one's result")
                }
                let missing = lines.compactMap { $0.kind == .missing ? $0.expected?.date : nil }
                let searched = caseSpec == nil ? recurrence.window.map { (after: $0.after.date, through: $0.through.date) } : nil
                if let drift = IntervalDrift.hint(for: schedule, missing: missing, window: searched,
                                                  written: { writtenLiteral($0)?.writtenOffset }) {
                    verdict.message! += "; " + drift
                }
                // An occurrence at the window's `through`, produced and not expected: the window includes it (the
                // failure review; `outside-window` says so of an expected instant, nothing did of a produced one).
                let unexpected = lines.compactMap { $0.kind == .unexpected ? $0.actual?.date : nil }
                // An instant written twice is missing the second time: that is the slip (the next one was meant), not the
                // window's edge the occurrence left over sits on.
                let twice = missing.first { date in expectedItems.filter { $0.date == date }.count > 1 }
                // A copy whose key is an unexpected occurrence's: that occurrence is the line's (a `~2` line written with
                // the first instance's offset), told once here, not also "remove it" and "add it, keyed …" (a review's
                // three instructions for one line).
                var rekeyed: (line: Int, key: String, at: ResultInstant)?
                // A copy in the place of the one produced occurrence between it and the next line (or after it, for the
                // last line), listed nowhere: a date typed twice (`06-02` for `06-03`), told the instant to write there.
                var placed: Set<Double> = []
                // Or the first copy, in the place of the one before it (a date typed as the next line's, `10-30` for
                // `10-29`: the review's r33 was told to "correct the one meant for another occurrence", naming none),
                // where nothing is produced after the last copy and the other copies are the instant (two copies both
                // missing, both wrong, are still told to correct or remove each).
                func inPlaceOf(_ date: Date) -> (line: String, at: ResultInstant)? {
                    guard caseSpec == nil, let first = expectedItems.indices.first(where: { expectedItems[$0].date == date }),
                          let last = expectedItems.indices.last(where: { expectedItems[$0].date == date }) else { return nil }
                    let end = expectedItems.indices.contains(last + 1) ? expectedItems[last + 1].date : nil
                    let start = first > 0 ? expectedItems[first - 1].date : nil
                    let after = actualItems.filter { item in item.date > date && end.map { item.date < $0 } ?? true }
                    let before = actualItems.filter { item in item.date < date && start.map { item.date > $0 } ?? true }
                    let copiesMissing = lines.filter { $0.kind == .missing && $0.expected?.epochSeconds == date.timeIntervalSince1970 }.count
                    // The first copy only where nothing is produced after the last one before the next line.
                    let firstToo = copiesMissing == expectedItems.filter { $0.date == date }.count - 1 && after.isEmpty
                    let places = [(last, after)] + (firstToo ? [(first, before)] : [])
                    let fitting = places.filter { place, between in
                        expectedItems[place].key == nil && expectedItems[place].line != nil && between.count == 1 && unexpected.contains(between[0].date)
                    }
                    guard let (place, between) = fitting.first, let line = expectedItems[place].line else { return nil }
                    // An item of a flow list shares its line: named by its place in the list.
                    let shared = expectedItems.filter { $0.line == line }.count > 1
                    return (shared ? "item \(place + 1) of the list on line \(line)" : "line \(line)", between[0].instant)
                }
                // Where the copies of an instant are written. Items of one flow list share a line: "lines 5 and 5" (a
                // claims audit's Apia spec) named neither.
                func copies(_ date: Date) -> String {
                    let places = expectedItems.indices.filter { expectedItems[$0].date == date }
                    let lines = places.compactMap { expectedItems[$0].line }
                    return Set(lines).count == lines.count
                        ? "lines \(ListWording.joined(lines.map(String.init)))"
                        : "items \(ListWording.joined(places.map { String($0 + 1) })) of the list"
                            + (Set(lines).count == 1 ? " on line \(lines[0])" : "")
                }
                if let twice {
                    for place in expectedItems.indices where expectedItems[place].date == twice {
                        guard rekeyed == nil, let key = expectedItems[place].key, let line = expectedItems[place].line,
                              let produced = lines.first(where: { $0.kind == .unexpected && $0.actual?.key == key })?.actual else { continue }
                        rekeyed = (line, key, produced)
                    }
                }
                if let twice, let rekeyed {
                    // Where the line goes once written: after the lines of earlier instants below it (the `~2` line at the
                    // first reading, above the first reading's own line: told only what to write, a review's list was then
                    // out of order, as the `duplicate-instant` warning beside it says).
                    let at = rekeyed.at.epochSeconds
                    let below = expectedItems.filter { ($0.line ?? 0) > rekeyed.line && $0.date.timeIntervalSince1970 < at }
                    let block = expectedItems.first { $0.line == rekeyed.line }?.isBlock == true
                    let move = below.compactMap(\.span?.last).max().map { " and move the \(block ? "item" : "line") after line \($0)" } ?? ""
                    verdict.message! += "; \(instant(twice).local) is written twice, and an occurrence happens once: line \(rekeyed.line) "
                        + "expects \(rekeyed.key), the key of the occurrence at \(rekeyed.at.local): write \(rekeyed.at.offsetForm) on line \(rekeyed.line)" + move
                } else if let twice {
                    let places = expectedItems.indices.filter { expectedItems[$0].date == twice }
                    // A copy shown missing, written with an offset the zone does not have then, at a wall time that does
                    // not exist: its offset-mismatch warning says what a calendar rule's policy makes of that wall time,
                    // knowing the other line (`OffsetMismatchLint.tellsRepeat`), and the failure points at it. "or
                    // remove it" beside it contradicted "write that" (the review's r20, whose line was next-valid-time's
                    // 03:00). Elsewhere that note does not know of the repeat, and the advice stands.
                    let missingLines = Set(lines.compactMap { $0.kind == .missing && $0.expected?.date == twice ? $0.expectedLine : nil })
                    var resolver = WallTimeResolver(timeZone: timeZone)
                    /// The wall time a copy's digits show, where it is written with an offset the zone does not have then.
                    func slippedWall(_ place: Int) -> LocalDateTime? {
                        guard let written = expectedLiteral(at: place)?.writtenOffset, written != timeZone.secondsFromGMT(for: twice) else { return nil }
                        return LocalDateTime(wallSeconds: Int((twice.timeIntervalSince1970 + Double(written)).rounded(.down)))
                    }
                    // Whichever copy the diff shows missing: the review's r41 wrote 03:30 twice, the first as 02:30+01:00 on
                    // the gap night; the diff matched that one, and "line 16 stands where 04:30 belongs" beside its
                    // warning's "remove this instant" lost 03:30 when both were done.
                    let slippedPlace = caseSpec == nil && schedule.rule.isCalendarRule ? places.first { place in
                        guard let wall = slippedWall(place) else { return false }
                        return resolver.instants(for: wall, nonexistent: .skip, repeated: .first).isEmpty
                    } : nil
                    let slipped = slippedPlace != nil
                    let written = copies(twice)
                    // Each copy written with `Z` whose digits are a wall time the schedule gives twice: the lint names
                    // its two instants, and "or remove it" here contradicted it (a message review's r24, both 02:30s).
                    let utcDigits = !slipped && caseSpec == nil && places.allSatisfy { expectedLiteral(at: $0)?.writtenOffset == nil } && {
                        let wall = LocalDateTime(wallSeconds: Int(twice.timeIntervalSince1970.rounded(.down)))
                        guard case .overlap(let first, let last, _) = resolver.resolve(wall) else { return false }
                        return schedule.occurrence(at: first) != nil && schedule.occurrence(at: last) != nil
                    }()
                    let inPlace = slipped || utcDigits ? nil : inPlaceOf(twice)
                    // Another slot of the rule lands on it and is dropped (two times of one gap under next-valid-time): the
                    // list was written as if each time gave an occurrence, and "correct the one meant for another
                    // occurrence" sent a review looking for one (the fifty-third session's review). The line shown
                    // missing is the one to remove.
                    let landed = slipped || utcDigits || inPlace != nil || places.count != 2 ? nil : schedule.droppedCandidate(landingOn: twice, key: expectedItems[places.last!].key).map { drop in
                        // The last copy, named by its item where copies share a line (a flow list: "line 5" is all of them).
                        let last = places.last!, line = expectedItems[last].line
                        let shared = expectedItems.filter { $0.line == line }.count > 1
                        return ": the rule's \(drop.slotWords(readAt: twice, in: timeZone)) resolves to it too and is dropped: "
                            + drop.reason(repeated: schedule.repeated, local: { instant($0).local })
                            + " (docs/recurrence.md#rules); remove "
                            + (line.map { shared ? "item \(last + 1) of the list on line \($0)" : "line \($0)" } ?? "one of them")
                    }
                    verdict.message! += "; \(instant(twice).local) is written \(places.count == 2 ? "twice" : "\(places.count) times")"
                        + " (\(written)), and an occurrence happens once"
                        + (slipped ? "" : utcDigits ? " (see its duplicate-instant warning: each is written with 'Z')"
                            : inPlace.map { ": \($0.line) stands where \($0.at.local) belongs, which is produced and listed nowhere: "
                                + "write \($0.at.offsetForm) there" }
                            ?? landed
                            ?? ": correct the one meant for another occurrence, or remove it")
                    if let inPlace { placed.insert(inPlace.at.epochSeconds) }
                    // The slipped copy's warning says what to do of it (under `skip`, remove it), and the other copy
                    // stands: named where the diff does not show the slipped one missing (the pointer names it
                    // otherwise), and the occurrences then left unlisted, but for what its policy gives that wall time
                    // (its warning's to offer), told where they go, beside the copy that stands.
                    if let slippedPlace, let wall = slippedWall(slippedPlace), let line = expectedItems[slippedPlace].line {
                        if !missingLines.contains(line) {
                            verdict.message! += "; line \(line) is written with an offset the zone does not have at that instant "
                                + "(see its offset-mismatch warning)"
                        }
                        let kept = places.first { $0 != slippedPlace }.flatMap { expectedItems[$0].line }
                        let given = Set(resolver.instants(for: wall, nonexistent: schedule.nonexistent, repeated: schedule.repeated)
                            .map(\.date.timeIntervalSince1970))
                        let seconds = twice.timeIntervalSince1970
                        let rest = lines.compactMap { line -> DiffLine? in
                            if line.kind == .missing, line.expected?.epochSeconds == seconds { return nil }
                            if line.kind == .unexpected, let actual = line.actual, given.contains(actual.epochSeconds) { return nil }
                            var line = line
                            if line.kind == .same, line.expected?.epochSeconds == seconds { line.expectedLine = kept }
                            return line
                        }
                        if kept != nil, let unlisted = UnlistedHint.window(rest, item: itemLines) {
                            verdict.message! += "; " + unlisted
                            for line in rest where line.kind == .unexpected { line.actual.map { placed.insert($0.epochSeconds) } }
                        }
                    }
                }
                // Each further instant written twice, in one sentence each (a review's two were told one per run).
                if let twice {
                    var seen: Set<Date> = [twice]
                    for date in missing where !seen.contains(date) && expectedItems.filter({ $0.date == date }).count > 1 {
                        seen.insert(date)
                        if let inPlace = inPlaceOf(date) {
                            placed.insert(inPlace.at.epochSeconds)
                            verdict.message! += "; \(instant(date).local) is written twice too (\(copies(date))): \(inPlace.line) "
                                + "stands where \(inPlace.at.local) belongs: write \(inPlace.at.offsetForm) there"
                        } else {
                            verdict.message! += "; \(instant(date).local) is written twice too (\(copies(date)))"
                        }
                    }
                }
                // Only when it is the one unexpected: among 105,180 of a window expected empty, it read as an edge slip.
                if caseSpec == nil, twice == nil, let through = recurrence.window?.through, unexpected == [through.date] {
                    verdict.message! += "; \(instant(through.date).local) is the window's 'through' (line \(through.location.line)), "
                        + "which the window includes: (after, through]"
                }
                // A missing instant another policy gives is said so; else the slip that made it missing, if one is
                // seen (a `Z`, a weekday, a date the rule skips); then an unexpected instant only this test's policy
                // gives (the hints audit: that sentence alone hid the slip of the line beside it).
                // On every engine alike: each sentence is of the spec's schedule (what its rule and policies give, asked
                // of `Schedule.occurrence(at:)`) and of the diff's lines, so two engines that fail alike are told alike (a
                // review's `--engine all` read "is what 'nonexistent: next-valid-time' gives" under core and, of the same
                // line under foundation, a false "moved forward by 30 minutes"; its folding of the same failure broke).
                // They are the core's words: where another engine gives other occurrences than the core, the runner says
                // them as the core's (`CoreFailureHint`), since they are not that engine's behaviour.
                // Foundation's deviations are not read as another policy's: a missing instant the schedule gives, or an
                // unexpected one it does not, is no sentence's.
                let local = { (date: Date) in instant(date).local }
                var hints: [String] = []
                // Asked of the diff by several sentences below: a missing instant's line, the line each expected instant
                // is written on, the key produced at an instant listed under another key, and all said so far.
                let missingLine = { (date: Date) in lines.first { $0.kind == .missing && $0.expected?.date == date } }
                let listed = Dictionary(lines.compactMap { line in line.expected.flatMap { e in line.expectedLine.map { (e.date, $0) } } },
                                        uniquingKeysWith: { first, _ in first })
                let keyProduced = { (date: Date) in
                    lines.first { $0.kind == .keyMismatch && $0.actual?.epochSeconds == date.timeIntervalSince1970 }?.actual?.key
                }
                let toldSoFar = { ([verdict.message ?? ""] + hints).joined(separator: "; ") }
                let firstMissingKey = missing.first.flatMap { missingLine($0)?.expected?.key }
                // The first missing line written with `Z` (each further one is told by the loop below).
                let zSlip = missing.first.flatMap(writtenLiteral).flatMap { literal in
                    InstantSlipHint.utcHint(for: schedule, missing: literal, key: firstMissingKey, render: { instant($0) })
                        ?? InstantSlipHint.conversionHint(for: schedule, missing: literal, unexpected: unexpected, render: { instant($0) })
                }
                var policyTellsToAdd = false
                // The case's own setting explains every line: a cursor written in UTC whose digits were meant as local
                // time (any sentence about the results would build the slip in: a review added the result its UTC cursor
                // found, as told, and the case then checked another night), or its overrides (any other sentence would
                // be of the case's schedule). No other sentence is added.
                let caseSentence = caseSpec.flatMap { caseSpec in
                    Self.cursorZSlip(caseSpec, schedule: schedule, render: { instant($0) })
                        ?? Self.overriddenHint(caseSpec, scheduleSpec: scheduleSpec, missing: missing, found: lines.compactMap(\.actual))
                }
                // A line the drop rule removed (a gap's policy moved an earlier time past it), told beside what the other
                // lines are told: their fix alone left it in the list, out of order. What to write in its place is said
                // there, not also in another policy's sentence about the same line. (`both`'s pair is `DropRuleHint.hint`'s.)
                let removed = caseSentence != nil ? nil : DropRuleHint.removedLine(
                    for: schedule, missing: missing, line: { missingLine($0)?.expectedLine },
                    local: local, inCase: caseSpec != nil, inPlace: caseSpec?.next.count == 1 ? lines.compactMap(\.actual).first.map { Date(timeIntervalSince1970: $0.epochSeconds) } : nil)
                if let caseSentence {
                    hints.append(caseSentence)
                } else if let dropped = DropRuleHint.hint(for: schedule, missing: missing, local: local,
                                                   found: caseSpec == nil ? nil : lines.compactMap { $0.actual?.offsetForm },
                                                   place: { date in
                                                       // An item of a flow list shares its line: named by its place in the list.
                                                       guard let index = expectedItems.lastIndex(where: { $0.date == date }),
                                                             let line = expectedItems[index].line else { return nil }
                                                       return expectedItems.filter({ $0.line == line }).count > 1
                                                           ? "item \(index + 1) of the list on line \(line)" : "line \(line)"
                                                   }) {
                    // Its own policy's instant, dropped: another policy's sentence would lead away from it.
                    hints.append(dropped)
                } else if let zSlip {
                    // Written with `Z`, local digits are the likelier slip than another policy.
                    hints.append(zSlip)
                } else if let policy = PolicyHint.missingHint(
                    for: schedule, missing: missing, local: local,
                    withOwnAnswer: removed.map { removed in missing.first { schedule.occurrence(at: $0) == nil } != removed.date } ?? true,
                    listed: listed, keyProduced: keyProduced,
                    inPlace: caseSpec?.next.count == 1 && unexpected.count == 1 ? unexpected.first : nil, caseOverrides: caseSpec?.overrides) {
                    hints.append(policy)
                } else {
                    var dayOff = false
                    if let first = missing.first, let literal = writtenLiteral(first),
                       let slip = InstantSlipHint.hint(for: schedule, missing: literal, key: firstMissingKey, produced: unexpected,
                                                       listed: expectedItems.map(\.date),
                                                       render: { instant($0) }) {
                        hints.append(InstantSlipHint.weekdaySlips(for: schedule, missing: missing.compactMap(writtenLiteral),
                                                                  render: { instant($0) }) ?? slip)
                    } else if let first = missing.first, let literal = writtenLiteral(first),
                              let slip = InstantSlipHint.dayOffSlip(for: schedule, missing: literal, unexpected: caseSpec.map { caseSpec in
                                  // A case's result is paired with its own search's find: a cases review's second result
                                  // was told to be the first search's find, in its place (the list then out of order).
                                  caseSpec.next.firstIndex { $0.date == literal.date }.flatMap { index in
                                      actualItems.indices.contains(index) && unexpected.contains(actualItems[index].date) ? [actualItems[index].date] : nil
                                  } ?? []
                              } ?? unexpected, inCase: caseSpec != nil, render: { instant($0) }) {
                        // The date is the slip, not the produced instant's policy, whose sentence would lead away from it.
                        hints.append(slip)
                        dayOff = true
                    }
                    // A line whose digits are the produced instant's wall time, written with an offset the zone does not
                    // have then, is an offset slip (its offset-mismatch warning says so): the policy is not the problem,
                    // and "under any other 'nonexistent' policy this instant is no occurrence" beside it was noise (a review).
                    let offsetSlip = missing.first.flatMap(writtenLiteral).map { literal in
                        guard let written = literal.writtenOffset, written != timeZone.secondsFromGMT(for: literal.date) else { return false }
                        let wall = literal.date.timeIntervalSince1970 + Double(written)
                        return unexpected.contains { $0.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: $0)) == wall }
                    } ?? false
                    let producedKey = { (date: Date) in lines.first { $0.kind == .unexpected && $0.actual?.epochSeconds == date.timeIntervalSince1970 }?.actual?.key }
                    // The pair's other reading listed without its key, or keyed as this one (the first reading's line
                    // keyed `~2`: "add it, keyed …~2" alone left two lines keyed `~2`, then `duplicate-expected-key`).
                    let keyless = { (date: Date, unexpectedKey: String?) -> PolicyHint.PairLine? in
                        lines.first { line in
                            line.actual?.epochSeconds == date.timeIntervalSince1970
                                && (line.kind == .same && line.expected?.key == nil
                                    || line.kind == .keyMismatch && unexpectedKey != nil && line.expected?.key == unexpectedKey)
                        }.flatMap { line in
                            line.expectedLine.flatMap { number in
                                line.actual?.key.map { key in
                                    PolicyHint.PairLine(line: number, key: key, keyedAsThisOne: line.kind == .keyMismatch,
                                                        span: expectedItems.first { $0.date.timeIntervalSince1970 == line.expected?.epochSeconds }?.span)
                                }
                            }
                        }
                    }
                    let unexpected = unexpected.filter { $0.timeIntervalSince1970 != rekeyed?.at.epochSeconds && !placed.contains($0.timeIntervalSince1970) }
                    if !offsetSlip, !dayOff, !unexpected.isEmpty, let policy = PolicyHint.unexpectedHint(for: schedule, unexpected: unexpected, local: local, key: producedKey,
                                                                           keyless: keyless, inCase: caseSpec != nil) {
                        hints.append(policy.text)
                        policyTellsToAdd = policy.tellsToAdd
                    }
                }
                if let removed { hints.append(removed.text) }
                // A later missing line another policy gives, when no sentence names it yet: behind an offset slip (its
                // warning's to tell) it was told a round later (a review's Troll weekend, its first reading under `last`).
                // Not a line the drop rule removed (its own sentence says what to do).
                // Only where no policy sentence was said: beside one, its fix and this one's could put the list out of order.
                if caseSentence == nil, !hints.contains(where: { $0.contains(" is what '") }) {
                    let told = toldSoFar()
                    let untold = missing.prefix(8).filter { date in
                        date != removed?.date && missingLine(date)?.expectedLine.map { !UnlistedHint.mentions(told, line: $0) } == true
                            && !told.contains(instant(date).local) && schedule.droppedCandidate(at: date) == nil
                    }
                    if let policy = untold.indices.lazy.compactMap({ start in
                        PolicyHint.missingHint(
                            for: schedule, missing: Array(untold[start...]), local: local, listed: listed, keyProduced: keyProduced)
                    }).first {
                        hints.append(policy)
                    }
                }
                // The lines an expected item spans, from the line of its instant: a block item `- at: …` / `key: …`
                // spans two, and a line added "after line N" goes after the last.
                func itemLines(_ line: Int) -> (first: Int, last: Int) {
                    expectedItems.first { $0.line == line }?.span ?? (line, line)
                }
                // Whether a sentence names an expected line: an item of a flow list (a case's `next: [a, b]`) shares its
                // line with the others, so it is named by its text or its place in the list, not by its line, which the
                // first search's sentence names already (a cases review's `Z` on a second result was told a round later).
                func namesItem(_ date: Date, _ told: String) -> Bool {
                    guard let line = missingLine(date)?.expectedLine ?? writtenLiteral(date)?.location.line else { return false }
                    guard expectedItems.filter({ $0.line == line }).count > 1 else { return UnlistedHint.mentions(told, line: line) }
                    let place = expectedItems.firstIndex { $0.date == date }.map { "item \($0 + 1) of the list on line \(line)" }
                    return writtenLiteral(date).map { told.contains($0.text) } == true || place.map(told.contains) == true
                }
                // Each further missing line written with `Z` whose digits are the rule's wall time, when no sentence names
                // that line yet: told one a round at first (a second review's two `Z` lines), and beside another line's
                // policy sentence a round later still (a review's Troll spec, three slips told one a round).
                if caseSentence == nil {
                    for date in missing.prefix(8) {
                        guard let literal = writtenLiteral(date), literal.writtenOffset == nil,
                              !namesItem(date, toldSoFar()),
                              let slip = InstantSlipHint.utcHint(for: schedule, missing: literal,
                                                                 key: missingLine(date)?.expected?.key,
                                                                 render: { instant($0) }),
                              !hints.contains(where: { $0.contains(slip) }) else { continue }
                        hints.append(slip)
                    }
                    // And each further missing line on a weekday a weekly rule does not run on, beside another line's
                    // sentence (a review's Monday typed for a Sunday, beside next-valid-time's 03:00, was told a round
                    // later, though the diff showed it).
                    for date in missing.prefix(8) where !hints.isEmpty {
                        guard let literal = writtenLiteral(date), !namesItem(date, toldSoFar()), !toldSoFar().contains(instant(date).local),
                              let slip = InstantSlipHint.weekdayHint(for: schedule, missing: literal, render: { instant($0) }),
                              !hints.contains(where: { $0.contains(slip) }) else { continue }
                        hints.append(slip)
                    }
                }
                if hints.isEmpty, let keys = KeyPartHint.hint(for: schedule, diff: lines) { hints.append(keys) }
                // Only unlisted occurrences, no sentence of the rule's: each is the line to add, ready to paste, where it
                // goes (a review's evening dose left out was told only "1 unexpected").
                // Not the window's own `through` (told above). Beside the policy sentence of an occurrence only this test's
                // policy gives, too: it said why the instant comes and not that the line was to be added (a second review
                // removed a duplicate line and was left with that sentence alone).
                // The `both` sentence of a later instance says to add it already (`tellsToAdd`).
                if hints.isEmpty || (missing.isEmpty && !policyTellsToAdd), caseSpec == nil,
                   unexpected != [recurrence.window?.through.date], let unlisted = UnlistedHint.window(lines, item: itemLines) {
                    hints.append(unlisted)
                } else if caseSpec == nil, unexpected != [recurrence.window?.through.date],
                          let left = UnlistedHint.beside(lines, told: toldSoFar(), meant: { line in
                              // A line written with an offset the zone does not have then: its warning gives the wall
                              // time's instant, its partner among the produced ones (a second review's 09:00+01:00 in June).
                              guard let date = line.expected.map({ Date(timeIntervalSince1970: $0.epochSeconds) }),
                                    let written = writtenLiteral(date)?.writtenOffset, written != timeZone.secondsFromGMT(for: date) else { return nil }
                              var resolver = WallTimeResolver(timeZone: timeZone)
                              guard case .unique(let meant) = resolver.resolve(LocalDateTime(wallSeconds: Int((date.timeIntervalSince1970 + Double(written)).rounded(.down))))
                              else { return nil }
                              return meant
                          }, item: itemLines) {
                    // Beside sentences that account for every missing line, an occurrence no sentence names is simply not
                    // listed: told at once (a review's line left out was named only once the other slips were fixed, a
                    // round later, in twelve of its specs).
                    hints.append(left)
                } else if caseSpec != nil, !policyTellsToAdd, caseSentence == nil, let unlisted = UnlistedHint.inCase(
                    lines, isOccurrence: { schedule.occurrence(at: $0) != nil },
                    previous: { date in Self.occurrenceBefore(date, of: schedule, from: lines.compactMap(\.actual).first).map { instant($0.date) } },
                    continues: { dates in
                        guard let last = actualItems.last?.date else { return true }
                        return schedule.searches(dates.count, after: last).map(\.date) == dates
                    }) {
                    hints.append(unlisted)
                }
                // Kept apart too: on another engine whose output differs from the core's, they are the spec language's
                // words, not that engine's behaviour (`CoreFailureHint`).
                verdict.messageBeforeHints = verdict.message
                verdict.hints = hints
                for hint in hints { verdict.message! += "; " + hint }
            }
            return verdict
        }
    }

    /// For a case that overrides the schedule's rule, zone or policies, whose missing lines are all what the spec's schedule finds
    /// from the case's cursor: that it is the spec's schedule's, and what the case's own gives there (a cases review's
    /// case moved to 03:00 kept the 02:30 rule's instant, and was told only "1 missing, 1 unexpected").
    static func overriddenHint(_ caseSpec: CaseSpec, scheduleSpec: ScheduleSpec, missing: [Date], found: [ResultInstant]) -> String? {
        let overrides = caseSpec.overrides
        let keys = [overrides.rule.map { _ in "'rule:'" }, overrides.timeZone.map { _ in "'timezone:'" },
                    overrides.nonexistent.map { _ in "'nonexistent:'" }, overrides.repeated.map { _ in "'repeated:'" }].compactMap { $0 }
        guard !keys.isEmpty, !missing.isEmpty, !found.isEmpty,
              let base = try? scheduleSpec.schedule(overriding: CaseSpec.Overrides(limit: overrides.limit)) else { return nil }
        let results = base.searches(caseSpec.next.count, after: caseSpec.after.date).map(\.date)
        // Each at its own search's place (a third review round's second `next` was the schedule's first result, and
        // removing the overrides, as offered, failed on the first), and the whole list the schedule's: a cases review's
        // second result, a date typo that happened to be the schedule's second, was told the list was the schedule's,
        // and removing the overrides failed on the first result, the case's own policy's.
        guard caseSpec.next.map(\.date) == results, missing.allSatisfy({ date in
            caseSpec.next.indices.contains { index in caseSpec.next[index].date == date && results.indices.contains(index) && results[index] == date }
        }) else { return nil }
        let lines = caseSpec.next.filter { missing.contains($0.date) }.map(\.location.line)
        let named = lines.count == 1 ? "line \(lines[0]) is" : "lines \(ListWording.joined(lines.map(String.init))) are"
        let own = found.map(\.offsetForm)
        return "\(named) what the spec's schedule finds from this case's cursor, but this case's own \(ListWording.joined(keys)) "
            + "\(keys.count == 1 ? "gives" : "give") \(ListWording.joined(own)) there: write \(own.count == 1 ? "that" : "those"), "
            + "or remove the case's \(ListWording.joined(keys)) if the schedule's \(keys.count == 1 ? "is" : "are") the one meant"
    }

    /// A case's `after` written with `Z` whose digits, read as the zone's local time, are a cursor from which the search
    /// finds exactly what `next` lists: the cursor is the slip (a third review's 01:45Z meant New York's 01:45, and the
    /// run told it to add the result its UTC cursor found). The readings of a repeated wall time are each tried.
    static func cursorZSlip(_ caseSpec: CaseSpec, schedule: Schedule, render: (Date) -> ResultInstant) -> String? {
        let after = caseSpec.after
        guard after.writtenOffset == nil, !caseSpec.next.isEmpty else { return nil }
        let zone = schedule.timeZone
        var resolver = WallTimeResolver(timeZone: zone)
        let listed = caseSpec.next.map(\.date)
        func matches(_ found: [Date]) -> Int { zip(found, listed).filter { $0 == $1 }.count }
        let fromUTC = matches(schedule.searches(listed.count, after: after.date).map(\.date))
        let utc = after.writtenWall
        let said = "the case's 'after', \(after.text), is UTC ('Z'), which is \(render(after.date).local) in \(ZoneDisplayName.of(zone)); "
            + "if its digits \(String(format: "%02d:%02d", utc.hour, utc.minute)) are meant as local time, write "
        let readings = resolver.readings(utc).filter { $0 != after.date && zone.secondsFromGMT(for: $0) % 60 == 0 }
        let searched = readings.map { (reading: $0, found: schedule.searches(listed.count, after: $0).map(\.date)) }
        let write = { (reading: Date) in said + "\(WallTimeText.instant(reading, offset: zone.secondsFromGMT(for: reading))) (line \(after.location.line)), " }
        if let exact = searched.first(where: { $0.found == listed }) {
            return write(exact.reading) + "from which the search finds what 'next' lists"
        }
        // From the local reading the searches find the first result and more of the others than from UTC: the cursor is
        // still the likelier slip, and what they find is listed to compare (a third review's Apia cursor, beside a result
        // two days off, was never told its 'Z', and four rounds added results to a list searched from 02:00 local).
        return searched.first { $0.found.first == listed.first && matches($0.found) > fromUTC }.map { near in
            write(near.reading) + "from which the searches find \(ListWording.joined(near.found.map { render($0).offsetForm }))"
        }
    }

    /// The last occurrence before `date`, searched from `start` (a result found before it) a bounded number of steps.
    static func occurrenceBefore(_ date: Date, of schedule: Schedule, from start: ResultInstant?) -> Occurrence? {
        guard let start else { return nil }
        var cursor = Date(timeIntervalSince1970: start.epochSeconds).addingTimeInterval(-1)
        var last: Occurrence?
        for _ in 0..<1_000 {
            guard let next = try? schedule.next(after: cursor), next.date < date else { return last }
            last = next
            cursor = next.date
        }
        return nil
    }

    /// The error in the words of a spec run: which setting or flag raises the bound that was reached. A case
    /// expects the error with its own key (`error: no-occurrence` instead of `next`), a window with `expect:`.
    ///
    /// `local` writes an instant as wall time in the schedule's zone: the bound counts from the cursor's local date,
    /// which UTC can put on another day. A search that began at an occurrence already found, not at `searchStart`
    /// (the instant the spec wrote), says so: the author never wrote that cursor.
    ///
    /// `countStart` writes where the count began for a rule with several times a date (its first time on the cursor's
    /// date, `2027-01-01 08:00`), which can lie before the cursor: the slots counted are not all after it.
    ///
    /// `needed`: the smallest bound whose search finds an occurrence from where this one ended, and that occurrence
    /// (a review raised a case's `limit: 2` by one, as told, and it failed again; it needed 4).
    static func explain(
        _ error: RecurrenceError, inCase: Bool = false, caseHasLimit: Bool = false, searchStart: Date? = nil, countStart: ((Date) -> String)? = nil, timesPerDate: Int = 1,
        countsHours: Bool = false, needed: (limit: Int, found: String)? = nil, local: ((Date) -> String)? = nil
    ) -> String {
        switch error {
        case .tooManyOccurrences(let limit):
            "the window holds more than \(limit) occurrences (the limit); narrow the window, or raise the limit with --max-occurrences"
        case .searchLimitReached(let rule, let limit, let after):
            "no occurrence of \(rule) within \(limit == 1 ? "1 candidate slot" : "\(limit) candidate slots") after "
                + (local?(after) ?? after.rfc3339UTC)
                + Self.boundWords(fromOccurrence: searchStart.map { $0 != after } == true, countStart: countStart.map { $0(after) },
                                  spentByOneDate: limit <= timesPerDate, unit: countsHours ? "local hour" : "local date")
                + "if that is expected, write \(inCase ? "'error: no-occurrence' in the case instead of 'next'" : "'expect: {error: no-occurrence}'"), "
                // A case may have its own bound: raising the schedule's changed every case's (the expressiveness review).
                + (caseHasLimit ? "else raise the case's 'limit:'"
                    : "else raise 'limit:' in the schedule (default: --max-candidates)" + (inCase ? ", or give the case its own 'limit:'" : ""))
                + (needed.map { "; 'limit: \($0.limit)' finds the next occurrence, \($0.found)" } ?? "")
        case .instantOutOfRange(let role, let date) where date >= SupportedInstants.range.upperBound:
            // A spec reaches this only with a negative offset on the last day of 9999 (the parser reads years
            // 0001…9999 as written): say it in the spec's terms, not the Swift API's.
            "the \(role) \(date.rfc3339UTC) is in the year 10000 once its offset is applied; searches start no later than 9999-12-31T23:59:59Z, so write an earlier instant"
        default:
            error.description
        }
    }

    /// How the bound was counted: again from each occurrence found when the search began at one, and for several times
    /// a date from the first time of that date (before the cursor, so a bound of no more slots than times a date ends
    /// a window after a date's last time).
    /// Otherwise the count starts at the start of the cursor's `unit` (its local date, or hour for an hourly rule), so
    /// a slot of that date not after the cursor counts (a review read "within 4 candidate slots after" an occurrence
    /// as four slots after it, and the fourth was the one it expected).
    private static func boundWords(fromOccurrence: Bool, countStart: String?, spentByOneDate: Bool, unit: String = "local date") -> String {
        switch (fromOccurrence, countStart) {
        case (true, let start?):
            ", the last occurrence found (the search bound, counted again from each occurrence found: here from \(start), the first time of its date"
                + (spentByOneDate ? ", so a bound of no more slots than the rule has times a date cannot pass a date's last time); " : "); ")
        case (true, nil):
            ", the last occurrence found (the search bound, counted again from each occurrence found, from the start of its \(unit)); "
        case (false, let start?):
            " (the search bound, counted from \(start), the first time of the cursor's date); "
        case (false, nil):
            " (the search bound, counted from the start of the cursor's \(unit), so a slot of that \(unit == "local hour" ? "hour" : "date") at or before the cursor counts too); "
        }
    }

    /// The smallest search bound, up to ten times the one reached (and at least the default bound, at most 100,000),
    /// whose search from where `error`'s ended finds an occurrence, with that occurrence; nil for another error or none
    /// found. The failure path only: about 35 searches of at most 100,000 slots each at worst (a few tenths of a second).
    static func limitNeeded(after error: RecurrenceError, scheduleSpec: ScheduleSpec, overrides: CaseSpec.Overrides) -> (limit: Int, found: Date)? {
        guard case .searchLimitReached(_, _, let after) = error, let schedule = try? scheduleSpec.schedule(overriding: overrides),
              let needed = schedule.searchLimitNeeded(after: after), let found = needed.found.first else { return nil }
        return (needed.limit, found.date)
    }

    /// For a rule with several times a date, the start of the search bound's count as wall time: the rule's first
    /// time on the cursor's local date (`recurrence.md`, the search bound); nil for any other rule.
    static func countStart(of rule: Rule, in zone: TimeZone) -> ((Date) -> String)? {
        let times = rule.wallTimes
        guard times.count > 1 else { return nil }
        return { cursor in WallTimeText.local(cursor, offset: zone.secondsFromGMT(for: cursor)).date + " \(times[0])" }
    }

    private static func matches(_ error: RecurrenceError, _ expected: ExpectedError) -> Bool {
        switch (error, expected) {
        case (.searchLimitReached, .noOccurrence), (.engineFoundNothing, .noOccurrence): true
        default: false
        }
    }
}

/// What a run of one item concluded, before it becomes a `TestResult`.
struct Verdict: Sendable {
    var status: TestStatus
    var message: String?
    var timeZone: TimeZone?
    var expected: [ResultInstant] = []
    var actual: [ResultInstant] = []
    var diff: [DiffLine] = []
    /// What a lifecycle scenario did and how it was judged.
    var lifecycle: LifecycleResult?
    /// Problems with a place in the spec (a bound reached), rendered with file:line:column.
    var diagnostics: [Diagnostic] = []
    /// A failed diff's message before its hints, and the hints: sentences of the spec's schedule (what its rule and
    /// policies give, asked of the core's `Schedule.occurrence(at:)`) about the lines that differ.
    var messageBeforeHints: String?
    var hints: [String] = []
    /// The core engine fails this test too (another engine's failure): a declared known deviation does not excuse it.
    var coreFailsToo = false
}

private extension RecurrenceError {
    /// The instant the failed search started from: the last occurrence found when it was not the first search.
    var searchStart: Date? {
        switch self {
        case .searchLimitReached(_, _, let after), .engineFoundNothing(_, let after): after
        default: nil
        }
    }
}
