import Foundation
import Recurrence
import SpecDiagnostics
import SpecModel
import SpecYAML

/// Reads `cases:`: cursor searches with their expected results, each of which may override the
/// schedule's policies, zone and rule.
struct CaseReader {
    let reader: ValueReader
    let schedule: ScheduleReader.Draft

    static let keys = SpecKeyCatalog.testCase.keyNames

    /// The cases, or nil when any of them is invalid (each problem already reported). A case whose only errors are
    /// its results out of order (`instant-order`) is still every line as written: it is kept, so that its spec, which
    /// does not run, is linted (`DocumentParser.Parsed.withErrors`), as an `expect` list out of order is.
    func read(_ node: Node) -> [CaseSpec]? {
        guard let items = reader.list(node, field: "cases", expected: "a list of cases, each with name:, after: and next:") else {
            return nil
        }
        var cases: [CaseSpec] = []
        var valid = true
        var names: [String: Node] = [:]
        for (index, item) in items.enumerated() {
            let diagnosticsBefore = reader.log.diagnostics.count
            let parsed = readCase(item, number: index + 1, names: &names)
            let onlyOrder = reader.log.diagnostics[diagnosticsBefore...].allSatisfy { $0.severity != .error || $0.code == DiagnosticCode.instantOrder.rawValue }
            if let parsed, onlyOrder {
                cases.append(parsed)
            } else {
                valid = false
            }
        }
        return valid ? cases : nil
    }

    private func readCase(_ node: Node, number: Int, names: inout [String: Node]) -> CaseSpec? {
        let firstDiagnostic = reader.log.diagnostics.count
        // The zone a case's instants are read in: its own `timezone` when written (nil when it cannot be read), else
        // the schedule's.
        var zoneOfCase = schedule.timeZone
        var policyOfCase = schedule.nonexistent
        var policyOwner = "this spec's"
        var repeatedOfCase = schedule.repeated
        var repeatedOwner = "this spec's"
        // The case's overrides once read; nil before, or when one of them could not be read: the schedule it searches
        // is then unknown.
        var overridesOfCase: CaseSpec.Overrides?
        defer {
            reader.log.adviseOffsets(since: firstDiagnostic, in: zoneOfCase, nonexistent: policyOfCase, policyOwner: policyOwner,
                                     repeated: repeatedOfCase, repeatedOwner: repeatedOwner,
                                     schedule: { [schedule] in
                                         overridesOfCase.flatMap { overrides in
                                             schedule.spec.flatMap { $0.boundedSchedule(overriding: overrides) }
                                         }
                                     })
        }
        let label = node.mapping?.first(where: { $0.key.scalar?.value == "name" })?.value.scalar?.value
        let place = label.map { "case '\($0)'" } ?? "case \(number)"
        if let entries = node.mapping, let window = entries.first(where: { $0.key.scalar?.value == "window" }) {
            // A window written in a case, as a spec has one: it was told as three errors (no 'after', an unknown key,
            // 'expect' in a case), none saying that a case is no window. Told once, with both ways to write it.
            let start = window.value.mapping?.first { $0.key.scalar?.value == "after" }?.value.scalar?.value
            let expected = entries.first { $0.key.scalar?.value == "expect" }.map { MisplacedKeys.instantTexts(in: $0.value) } ?? []
            let example = "'after: \(start ?? "2027-03-28T00:00:00+01:00")' with 'next: "
                + (expected.isEmpty ? "2027-03-29T02:30:00+02:00'" : "[\(expected.joined(separator: ", "))]'")
            // A case that has its search already (a template with a window merged into it) is told to drop the window,
            // not offered an example instant unrelated to its own.
            let hasSearch = entries.contains { $0.key.scalar?.value == "after" } && entries.contains { $0.key.scalar?.value == "next" }
            let instead = hasSearch ? "or remove 'window' from the case: its 'after:' and 'next:' are its search" : "or write the case as \(example)"
            reader.log.report(.unknownKey, at: window.key,
                              "\(place) has a 'window', and a case is one search, from its 'after:' to what its 'next:' says the search finds (a "
                              + "list: one search after another); a window is the spec's, beside 'schedule:', with its own 'expect: occurrences:'. "
                              + "Move the window and its expectation out of 'cases' to a spec of their own, \(instead)")
            return nil
        }
        guard let fields = reader.mapping(
            node, place: place, owner: nil, allowed: Self.keys,
            expected: "a mapping with name:, after: and next:", misplaced: [.expectationInCase], item: "case")
        else { return nil }

        var name: String?
        if let nameNode = fields["name"] {
            name = reader.text(nameNode, field: "name", expected: "the case's name, e.g. spring gap skipped")
            if let name {
                if let first = names[name], first.mark == nameNode.mark, let key = fields.keyNode("name"), !reader.log.copiedKeys.contains(key.mark),
                   let alias = reader.log.aliasCopies[node.mark]?.first {
                    // A case copied whole by an alias (`- *c1`): there is no '<<' to write a name beside.
                    reader.log.report(.duplicateCaseName, at: nameNode,
                                      "the case named '\(name)' is copied whole by the alias on line \(alias.line), which repeats its name and its "
                                          + "search; write that case out with a name of its own, or merge this one into it with '<<: *' and "
                                          + "its anchor, and a name beside")
                } else if let first = names[name], first.mark == nameNode.mark {
                    // One name merged into several cases (`x-ny: &ny {name: …}`): told once, with the merges as notes
                    // (`MergeSites`), not as "two cases" with the first one "here", at the same place.
                    reader.log.report(.duplicateCaseName, at: nameNode,
                                      "cases take the name '\(name)' from one merged mapping; give each case its own name beside its '<<', "
                                          + "so each is reported on its own")
                } else if let first = names[name] {
                    reader.log.report(.duplicateCaseName, at: nameNode,
                                      "two cases are named '\(name)'; give each case its own name, so each is reported on its own",
                                      notes: [reader.log.note(at: first.mark, "the first case named '\(name)' is here")])
                } else {
                    names[name] = nameNode
                }
            }
        } else {
            reader.missing("name", in: fields, "add 'name:' saying what the case checks, e.g. 'name: spring gap skipped'")
        }

        let after = fields["after"].flatMap { reader.searchBound($0, field: "after") }
        if !fields.has("after") {
            // The example in the schedule's zone (a second review round's Nuuk spec was offered +01:00, which Nuuk never has).
            reader.missing("after", in: fields, "add the search cursor, e.g. 'after: \(Self.exampleCursor(in: schedule.timeZone))'")
        }

        // The overrides first: a case's `next` is told what the case's own search finds.
        let calendar = schedule.rule?.isCalendarRule
        let read = ScheduleOverridesReader(reader: reader, timeZone: zoneOfCase, nonexistentInEffect: calendar, repeatedInEffect: calendar).read(fields)
        let overrides = read.overrides
        zoneOfCase = read.timeZone
        if let own = overrides.nonexistent {
            policyOfCase = own
            policyOwner = "this case's"
        } else if fields.has("nonexistent") {
            // Written and refused (told already): the case's policy is not known, so it is not the spec's either.
            policyOfCase = nil
        }
        if let own = overrides.repeated {
            repeatedOfCase = own
            repeatedOwner = "this case's"
        } else if fields.has("repeated") || (fields.has("rule") && overrides.rule == nil) {
            // A case's rule that could not be read may be an interval, which repeats no wall time.
            repeatedOfCase = nil
        }
        let refused = fields.has("rule") && overrides.rule == nil || fields.has("nonexistent") && overrides.nonexistent == nil
            || fields.has("repeated") && overrides.repeated == nil || fields.has("timezone") && overrides.timeZone == nil
            || fields.has("limit") && overrides.limit == nil
        overridesOfCase = refused ? nil : overrides

        var next: [InstantLiteral] = []
        var error: ExpectedError?
        switch (fields["next"], fields["error"]) {
        case (.some, .some):
            reader.log.report(.conflictingKeys, at: fields.keyNode("error")!,
                              "\(place) has both 'next' and 'error'; keep 'next' for the expected instants or 'error: no-occurrence' for a search that finds nothing")
        case (.some(let nextNode), nil):
            // The schedule the case searches, with its overrides (none where one could not be read): a result listed
            // twice is told the one after it.
            next = readNext(nextNode, after: after, schedule: overridesOfCase.flatMap { overrides in schedule.spec?.boundedSchedule(overriding: overrides) }) ?? []
        case (nil, .some(let errorNode)):
            error = reader.choice(errorNode, field: "error", ExpectedError.self)
        case (nil, nil):
            reader.missing("next", in: fields, "add the result you expect the search from 'after' to find, e.g. 'next: "
                           + "\(Self.exampleNext(after: after, in: zoneOfCase))' (or a list), or 'error: no-occurrence'")
        }

        let description = fields["description"].flatMap { reader.text($0, field: "description", expected: "a text") }
        let tags = fields["tags"].flatMap(reader.tags) ?? []
        let skip = fields["skip"].flatMap { reader.skipReason($0, what: "the case") }

        guard let name, let after, !next.isEmpty || error != nil else { return nil }
        var parsed = CaseSpec(
            // A name merged from a template is written at the template, above the case: the case's own line is where
            // the case is (its place in the results and the plan followed the template's line).
            name: name, location: reader.log.source.location(fields.keyNode("name").map(\.mark).flatMap { $0 >= node.mark ? $0 : nil } ?? node.mark),
            after: after, next: next, error: error, overrides: overrides,
            timeZoneName: read.timeZoneName)
        parsed.description = description
        parsed.tags = tags
        parsed.skip = skip
        return parsed
    }

    /// The results of `count` searches from `cursor`, each from the one before, as written with their offsets; nil where
    /// one finds nothing within the bound.
    static func searches(_ count: Int, after cursor: Date, in schedule: Schedule) -> [String]? {
        guard count <= 16 else { return nil }
        let found = schedule.searches(count, after: cursor)
        guard found.count == count else { return nil }
        return found.map { WallTimeText.instant($0.date, offset: schedule.timeZone.secondsFromGMT(for: $0.date)) }
    }

    /// A case whose searches end at their bound, out of order: listed in order they would fail at the bound, a second
    /// round (the fifty-third session's review). The order and the bound that lets every search find its result are said
    /// at once; nil where the case's bound already does, or an item is not what the searches find with a larger one.
    static func boundAdvice(_ items: [Node], after: InstantLiteral?, in schedule: Schedule?) -> String? {
        let written = items.compactMap { $0.scalar.flatMap { try? InstantText.parse($0.value).get().date } }
        guard let after, let schedule, written.count == items.count, items.count <= 16,
              let needed = schedule.searchLimitNeeded(for: items.count, after: after.date), needed.found.map(\.date) == written.sorted()
        else { return nil }
        let list = needed.found.map { WallTimeText.instant($0.date, offset: schedule.timeZone.secondsFromGMT(for: $0.date)) }
        return ", so list them in order, next: [\(list.joined(separator: ", "))]; the searches also need a larger search bound than "
            + "\(schedule.searchLimit == 1 ? "1 candidate slot" : "\(schedule.searchLimit) candidate slots") (docs/recurrence.md#the-search-bound): "
            + "give the case 'limit: \(needed.limit)', the smallest with which each finds its result"
    }

    /// An example cursor, 2027-03-28 at midnight with `zone`'s offset then (noon where midnight is skipped or repeated;
    /// Berlin's +01:00 without a zone).
    static func exampleCursor(in zone: TimeZone?) -> String {
        guard let zone else { return "2027-03-28T00:00:00+01:00" }
        var resolver = WallTimeResolver(timeZone: zone)
        for hour in [0, 12] {
            if case .unique(let date) = resolver.resolve(LocalDateTime(year: 2027, month: 3, day: 28, hour: hour, minute: 0, second: 0)),
               zone.secondsFromGMT(for: date) % 60 == 0 {
                return WallTimeText.instant(date, offset: zone.secondsFromGMT(for: date))
            }
        }
        return "2027-03-28T00:00:00Z"
    }

    /// An example `next`: the cursor's wall time a day later, with the offset the zone has then (a review applied the
    /// fixed `+02:00` example to a Nuuk case, which Nuuk never has, and got an offset warning). Only a format to copy.
    static func exampleNext(after: InstantLiteral?, in zone: TimeZone?) -> String {
        guard let zone, let after else { return "2027-03-29T02:30:00+02:00" }
        var resolver = WallTimeResolver(timeZone: zone)
        let wall = LocalDateTime(after.date, in: zone)
        for days in 1...3 {
            if case .unique(let date) = resolver.resolve(LocalDateTime(wallSeconds: wall.wallSeconds + days * 86_400)),
               zone.secondsFromGMT(for: date) % 60 == 0, date.timeIntervalSince1970.rounded(.down) == date.timeIntervalSince1970 {
                return WallTimeText.instant(date, offset: zone.secondsFromGMT(for: date))
            }
        }
        return exampleCursor(in: zone)
    }

    /// One instant or a list; each must be later than the cursor before it (a search only finds later instants).
    private func readNext(_ node: Node, after: InstantLiteral?, schedule built: @autoclosure () -> Schedule?) -> [InstantLiteral]? {
        guard let items = reader.list(node, field: "next", singleAllowed: true, expected: "an instant or a list of instants") else {
            return nil
        }
        guard !items.isEmpty else {
            reader.log.report(.emptyValue, at: node,
                              "'next' lists no instant; write the expected instants, or 'error: no-occurrence' for a search that finds nothing")
            return nil
        }
        if reader.reportsInstantSplitAtItsComma(items, field: "next") { return nil }
        var instants: [InstantLiteral] = []
        var cursor = after
        for (index, item) in items.enumerated() {
            guard let instant = reader.instant(item, field: "next") else {
                if let cursor { reader.log.refusedOffsetlessSearched(after: cursor.date) }
                cursor = nil
                continue
            }
            if let previous = cursor, instant.date == previous.date {
                // The cursor itself (an 'after' written at an occurrence, a result listed twice): "list them in order"
                // did not say what to write (the second failure review).
                // A result listed twice cannot be found by an earlier 'after' (each search after the first starts at the
                // result before it): a message review applied that advice and got the same error. The occurrence after
                // it is named when the case's schedule can say it.
                let isAfter = previous.location == after?.location
                // Read before any run, with no --timeout over it: the search is bounded by the default bound at most.
                let built = built()
                let following = built.flatMap { try? $0.next(after: previous.date) }
                let followingText = following.map { WallTimeText.instant($0.date, offset: built!.timeZone.secondsFromGMT(for: $0.date)) }
                // The occurrence after it already the next item: writing it here would list it twice.
                let nextItem = items.indices.contains(index + 1) ? items[index + 1].scalar.flatMap { try? InstantText.parse($0.value).get().date } : nil
                let advice: String
                // An 'after' written with `Z` whose digits, read as local time, find this result: the cursor is the slip (a
                // cases review's 01:00Z meant Berlin's 01:00, and was told to remove its first result).
                if isAfter, let built, let zReading = Self.localDigitsCursor(previous, finding: instant, in: built) {
                    advice = zReading
                } else if let following, following.date == nextItem {
                    advice = "remove this one: the occurrence after it, \(followingText!), is the next item"
                } else {
                    // The earlier 'after' as a value, a minute before this one where the search from there finds it: a
                    // review's case, meant to check the first reading of a repeated 01:30, had no 'after' to write.
                    let minuteBefore = instant.date.addingTimeInterval(-60)
                    let earlier = isAfter ? built.flatMap { schedule -> String? in
                        guard (try? schedule.next(after: minuteBefore))?.date == instant.date else { return nil }
                        let offset = schedule.timeZone.secondsFromGMT(for: minuteBefore)
                        return offset % 60 == 0 ? "'after: \(WallTimeText.instant(minuteBefore, offset: offset))', a minute before it" : nil
                    } : nil
                    advice = "write the occurrence after it" + (followingText.map { " (\($0))" } ?? "")
                        + (isAfter ? ", or, to find this one, \(earlier ?? "an earlier 'after'")" : ", or remove this one if the result before it is the one meant")
                }
                reader.log.report(.instantOrder, at: item,
                                  "'next' \(instant.text) is the same instant as the cursor \(previous.text), "
                                    + (isAfter ? "the case's 'after'" : "the result before it") + "; a search finds only "
                                    + "instants later than its cursor, so it cannot find this one: " + advice)
                reader.log.reportedOutOfOrder([previous, instant])
            } else if let previous = cursor, instant.date < previous.date {
                // What the search finds from the cursor, when the case's schedule can say it: "list them in order" left a
                // `next` before its `after` with nothing to write (a second review).
                let built = built()
                let foundDate = built.flatMap { try? $0.next(after: previous.date) }?.date
                let found = foundDate.map { WallTimeText.instant($0, offset: built!.timeZone.secondsFromGMT(for: $0)) }
                let isAfter = previous.location == after?.location
                let later = items[(index + 1)...].map { $0.scalar.flatMap { try? InstantText.parse($0.value).get().date } }
                // The search's find already an item further on: "write that" listed it twice (a review's two readings of
                // New York's 01:30 listed the wrong way round; its cursor at the second 02:00 of Berlin's overlap).
                let listedAt = foundDate.flatMap { date in later.firstIndex { $0 == date } }.map { index + 2 + $0 }
                // Two results the wrong way round: swapped, each is later than the cursor before it (and, where the
                // schedule can say, the search finds them in that order).
                let beforePrevious = isAfter ? nil : instants.dropLast().last ?? after
                // Only where the schedule says so: beside a schedule that does not read, a review's two results were
                // told to swap, and one was a Sunday its Monday-and-Thursday rule never gives (a date typo).
                let swapFits = !isAfter && (beforePrevious.map { instant.date > $0.date } ?? true)
                    && ((later.first ?? nil).map { previous.date < $0 } ?? true)
                    && (built.map { built in
                        (try? built.next(after: beforePrevious?.date ?? instant.date.addingTimeInterval(-1)))?.date == instant.date
                            && (try? built.next(after: instant.date))?.date == previous.date
                    } ?? false)
                // The same swap from the case's 'after' written with `Z`, whose digits read as local time find this one
                // first: both slips told at once (a review removed a wanted result as told, and the `Z` was never named).
                let swapFromLocalAfter: String? = {
                    guard !isAfter, !swapFits, let built, let after, beforePrevious?.location == after.location,
                          (later.first ?? nil).map({ previous.date < $0 }) ?? true,
                          (try? built.next(after: instant.date))?.date == previous.date,
                          let zReading = Self.localDigitsCursor(after, finding: instant, in: built) else { return nil }
                    return "; the two are listed the wrong way round: list \(instant.text) first, then \(previous.text); and \(zReading)"
                }()
                // An 'after' at the second of a repeated wall time's two instants, where the first finds this result (a
                // review meant the overlap's start, Berlin's first 02:00, and wrote +01:00): that reading is the earlier 'after'.
                // The result itself may be that first reading (Lord Howe's two 01:45s): a minute before it then.
                let earlierAfter: String = {
                    guard isAfter, let built else { return "an earlier 'after'" }
                    let zone = built.timeZone
                    var resolver = WallTimeResolver(timeZone: zone)
                    guard case .overlap(let first, let last, _) = resolver.resolve(LocalDateTime(previous.date, in: zone)), last == previous.date
                    else { return "an earlier 'after'" }
                    let local = WallTimeText.local(first, offset: zone.secondsFromGMT(for: first))
                    for (cursor, words) in [(first, "the first of the two \(local.time)s"), (first.addingTimeInterval(-60), "a minute before the first \(local.time)")]
                    where cursor < instant.date && (try? built.next(after: cursor))?.date == instant.date {
                        return "'after: \(WallTimeText.instant(cursor, offset: zone.secondsFromGMT(for: cursor)))', \(words)"
                    }
                    return "an earlier 'after'"
                }()
                // A result the schedule never gives (dropped under `both`, or no slot of the rule): no 'after' finds it.
                let never = built.map { $0.occurrence(at: instant.date) == nil } ?? false
                // An 'after' written with `Z` whose digits, read as local time, find this result: the cursor is the slip (a
                // third review's Troll 03:00Z meant 03:00 local and was told to write what 05:00 local finds).
                let zReading = isAfter ? built.flatMap { built in
                    Self.localDigitsCursor(previous, finding: instant, in: built) ?? Self.localDigitsCursor(previous, finding: instant, count: items.count, in: built)
                }.map { "; " + $0 } : nil
                // The same swap with this result's offset slipped (Lord Howe's 02:45+10:30 for the gap night's
                // 02:45+11:00): its wall time's reading is the one listed first (a cases review was told to write what the
                // search finds after the other result, and the next round to add this one again).
                let slipSwap: String? = {
                    guard !isAfter, !swapFits, let built, let written = instant.writtenOffset,
                          written != built.timeZone.secondsFromGMT(for: instant.date),
                          (later.first ?? nil).map({ previous.date < $0 }) ?? true else { return nil }
                    var resolver = WallTimeResolver(timeZone: built.timeZone)
                    guard let from = beforePrevious?.date,
                          let meant = resolver.readings(instant.writtenWall).first(where: { meant in
                              meant < previous.date && (try? built.next(after: from))?.date == meant && (try? built.next(after: meant))?.date == previous.date
                          }), built.timeZone.secondsFromGMT(for: meant) % 60 == 0 else { return nil }
                    let text = WallTimeText.instant(meant, offset: built.timeZone.secondsFromGMT(for: meant))
                    return "; the two are listed the wrong way round, and this one is written with an offset \(ZoneDisplayName.of(built.timeZone)) "
                        + "does not have at that instant: list \(text) first, then \(previous.text)"
                }()
                // The result before it written with an offset the zone does not have then, whose wall time read at the
                // zone's offset puts the two in order: that line is the slip (its note says what to write). "From the
                // result before it the search finds …: write that" read the slipped instant as the cursor, and a cases
                // review, doing both, had Apia's list wrong again.
                let cursorSlip: String? = {
                    guard !isAfter, !swapFits, let built, let written = previous.writtenOffset,
                          written != built.timeZone.secondsFromGMT(for: previous.date) else { return nil }
                    var resolver = WallTimeResolver(timeZone: built.timeZone)
                    guard resolver.readings(previous.writtenWall).contains(where: { reading in
                        reading < instant.date && (beforePrevious.map { $0.date < reading } ?? true)
                    }) else { return nil }
                    return "; the result before it is written with an offset \(ZoneDisplayName.of(built.timeZone)) does not have at that instant, "
                        + "and read at its wall time it is earlier than this one: that result is the slip (see the note on it)"
                }()
                let advice: String
                if let zReading {
                    advice = zReading
                } else if let cursorSlip {
                    advice = cursorSlip
                } else if swapFits {
                    advice = "; the two are listed the wrong way round: list \(instant.text) first, then \(previous.text)"
                } else if let swapFromLocalAfter {
                    advice = swapFromLocalAfter
                } else if let slipSwap {
                    advice = slipSwap
                } else if let found, let listedAt {
                    advice = "; from \(isAfter ? "the case's 'after'" : "the result before it") the search finds \(found), which item "
                        + "\(listedAt) of 'next' lists already: remove this one"
                        + (never ? ", which is no occurrence of the case's schedule (no 'after' finds it)" : isAfter ? ", or, to find this one, \(earlierAfter)" : "")
                } else if isAfter, items.count > 1, !never, let built, let list = Self.searches(items.count, after: previous.date, in: built) {
                    // Every result from the cursor: "write that" in the first item's place put the list out of order
                    // where a later item was the cursor's own instant (a third review round, Lord Howe's two 01:45s).
                    advice = "; from the case's 'after' the searches find \(ListWording.joined(list)): write next: [\(list.joined(separator: ", "))], "
                        + "or, to find this one, \(earlierAfter)"
                } else {
                    advice = found.map { found in
                        "; from \(isAfter ? "the case's 'after'" : "the result before it") the search finds \(found): write that"
                            + (never ? " (this one is no occurrence of the case's schedule: no 'after' finds it)"
                                : isAfter ? ", or, to find this one, \(earlierAfter)" : ", or list them in order")
                    } ?? Self.boundAdvice(items, after: after, in: built) ?? ", so list them in order"
                }
                reader.log.report(.instantOrder, at: item,
                                  "'next' \(instant.text) is not later than the cursor \(previous.text) before it; a search only finds later instants"
                                    + advice)
                reader.log.reportedOutOfOrder([previous, instant])
            }
            instants.append(instant)
            cursor = instant
        }
        return instants.count == items.count ? instants : nil
    }

    /// An 'after' written with `Z` whose digits, read as the zone's local time, are a cursor from which the search finds
    /// `instant` (a third review's Troll 03:00Z meant 03:00 local and was told to write what 05:00 local finds), or, with
    /// `count`, from which the case's `count` searches find it among their results, which are named (a third review's
    /// Almaty cursor was told the searches from the UTC 'after' to write as the list, and, beside it, the local 'after':
    /// both done, the case failed). What to write; nil for a cursor with an offset, or where no reading finds it.
    static func localDigitsCursor(_ after: InstantLiteral, finding instant: InstantLiteral, count: Int = 1, in built: Schedule) -> String? {
        // At most as many searches as the list's advice names (`searches(_:after:in:)`): a long list is not searched here.
        guard count <= 16, let reading = after.localReading(in: built, finding: instant.date, searches: count) else { return nil }
        let zone = built.timeZone
        guard zone.secondsFromGMT(for: reading) % 60 == 0 else { return nil }
        let found = count == 1 ? "the search finds this one" : searches(count, after: reading, in: built).map { "the searches find \(ListWording.joined($0))" }
        guard let found else { return nil }
        return "the case's 'after' is UTC ('Z'), which is \(WallTimeText.wallTime(after.date, in: zone)) in \(ZoneDisplayName.of(zone)); "
            + "if its digits are meant as local time, write 'after: \(WallTimeText.instant(reading, offset: zone.secondsFromGMT(for: reading)))', "
            + "from which \(found)"
    }
}
