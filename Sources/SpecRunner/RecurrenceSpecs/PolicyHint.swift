import Foundation
import Recurrence
import SpecDiagnostics
import SpecModel

/// Why a calendar rule's occurrences differ when the spec's own policy is the cause: an instant expected that
/// another `nonexistent`, `repeated` or `missing-day` policy gives, or one produced that only this policy gives. The failure review:
/// a spec expecting `next-valid-time`'s 03:00 under `skip` was told "1 missing" and nothing about the policy, though
/// policies are what the spec language makes authors choose.
///
/// Each sentence is nil when no policy explains the instant (it is no gap's or overlap's, or the rule is an interval,
/// which has no policies). A few searches by the core engine, on the failure path only.
enum PolicyHint {
    /// The sentence for a missing instant another policy gives; nil when none does (the instant is missing for another
    /// reason, which `InstantSlipHint` may name).
    /// `withOwnAnswer`: whether to add what this test's own policies make of the wall time; a lifecycle `runs` line, whose
    /// check says to remove it, leaves it out.
    /// `listed`: the instants the spec lists, with their lines; `keyProduced`: the key produced for a listed instant
    /// expected with another. Where the own policy's instant is listed already (both instances of a pair listed under
    /// `first` or `last`, as `both` gives them), the line is to be removed, not the other written (a second review's
    /// "write that" made a duplicate instant, and "list it" named a line that was there).
    /// `inPlace`: a case whose one `next` is the missing instant, and the occurrence its search found instead. Where this
    /// test's policies give no occurrence for the slot, the line is to be replaced by it, not removed (a first-contact
    /// review removed its case's only `next`, as told, and the case then had nothing to check).
    /// `caseOverrides`: a case's own overrides; where one policy alone gives the instant, the case is told how to check
    /// that policy itself (a cases review's second case, meant to check next-valid-time beside the first's skip, was
    /// told only to write the spec's instant, which made the two cases one).
    static func missingHint(for schedule: Schedule, missing: [Date], local: (Date) -> String, withOwnAnswer: Bool = true,
                            listed: [Date: Int] = [:], keyProduced: (Date) -> String? = { _ in nil }, inPlace: Date? = nil,
                            caseOverrides: CaseSpec.Overrides? = nil) -> String? {
        if case .interval = schedule.rule { return nil }
        // Only an instant this test's own schedule does not give (a missing one that it gives is missing for another
        // reason: outside the window, a chain that skipped it — the second failure review found the sentence there).
        guard let date = missing.first(where: { schedule.occurrence(at: $0) == nil }) else { return nil }
        let explaining = alternatives(of: schedule).filter { $0.schedule.occurrence(at: date) != nil }
        guard !explaining.isEmpty else { return nil }
        // Each by name: the value to write instead. `both` gives the pair's other instant too, which the spec must then
        // list (a third review chose it as told and failed on the other instant).
        let other = explaining.first?.schedule.occurrence(at: date)
        let mine = ownInstants(schedule, other)
        let listedAlready = listed[date].flatMap { line in
            !mine.isEmpty && mine.allSatisfy { listed[$0] != nil } ? (line: line, others: mine.compactMap { listed[$0] }) : nil
        }
        let both = explaining.contains { $0.name == "'repeated: both'" } && explaining.count > 1
            ? (listedAlready.map { " (as 'both' gives it, beside the pair's other instant, which \(lines($0.others)) list\($0.others.count == 1 ? "s" : ""))" }
                ?? " (with 'both', the other instant of the pair is an occurrence too: list it)") : ""
        let answer: String
        if let missingDay = explaining.first(where: { $0.kind == .missingDay }) {
            // A missing day's slot is another day's date: said of the wall time, it read as a day the rule selects. The
            // month (or year) and the two ways out are said instead: the sentence alone named no action (a review's
            // leftover since the fifty-second session).
            answer = withOwnAnswer ? missingDayAnswer(schedule, date: date, slot: missingDay.schedule.occurrence(at: date)?.slot ?? LocalDateTime(date, in: schedule.timeZone),
                                                             other: missingDay.name, line: listed[date]) : ""
        } else if !withOwnAnswer {
            answer = ""
        } else if let listedAlready, let slot = other?.slot, let time = TimeOfDay(hour: slot.hour, minute: slot.minute, second: slot.second) {
            let keys = mine.compactMap { instant in keyProduced(instant).flatMap { key in listed[instant].map { ", and write \(key) on line \($0)" } } }
            // Every other missing line that is the same kind of reading, each beside its own policy's listed one (a review
            // of a `repeated: last` spec listing the first readings too was told one line a round).
            let alike = missing.filter { other in
                guard other != date, schedule.occurrence(at: other) == nil, let line = listed[other], line != listedAlready.line,
                      explaining.contains(where: { $0.schedule.occurrence(at: other) != nil }) else { return false }
                let own = ownInstants(schedule, explaining.first?.schedule.occurrence(at: other))
                return !own.isEmpty && own.allSatisfy { listed[$0] != nil }
            }.compactMap { other in listed[other].map { (line: $0, date: other) } }
            let same = alike.isEmpty ? "" : "; \(lines(alike.map(\.line))), \(ListWording.joined(alike.map { local($0.date) })), "
                + "\(alike.count == 1 ? "is" : "are") the same kind of reading, listed beside this test's own: remove \(alike.count == 1 ? "it" : "them") too"
            answer = "; under this test's policies, \(time) on \(slot.dateString) is \(ListWording.joined(mine.map { written(schedule, $0) })), "
                + "listed already: if the app uses them, remove line \(listedAlready.line)" + keys.joined() + same
        } else {
            answer = ownAnswer(schedule, other, inPlace: inPlace)
        }
        var ownPolicy = ""
        if let caseOverrides, explaining.count == 1, let policy = explaining.first, policy.kind != .missingDay {
            let overridden = policy.kind == .nonexistent ? caseOverrides.nonexistent != nil : caseOverrides.repeated != nil
            let value = String(policy.name.dropFirst().dropLast())
            ownPolicy = overridden ? "; if this case is to check \(policy.name), change the case's own '\(policy.kind.rawValue):' to it"
                : "; if this case is to check \(policy.name), add '\(value)' to the case (a case may set its own policy)"
        }
        return "\(local(date)) is what \(words(explaining.map(\.name))) gives, not this test's \(own(explaining.map(\.kind), schedule))\(both)"
            + answer + ownPolicy
    }

    /// What this test's `missing-day: skip` makes of the month `last-day` gives `date` in, and the two ways out: `; under
    /// this test's 'missing-day: skip' the rule has no occurrence in April 2027, which lacks its day: if the app runs on
    /// the month's last day instead, write 'missing-day: last-day' in the rule; else remove 2027-04-30T09:00:00+02:00 (line 13)`.
    /// (Skip never gives an instant last-day does not.)
    /// `slot`: the slot `last-day` gives the instant for (its month, where a gap's policy moved the instant past midnight).
    private static func missingDayAnswer(_ schedule: Schedule, date: Date, slot wall: LocalDateTime, other: String, line: Int?) -> String {
        guard missingDay(of: schedule.rule) == .skip else { return "" }
        return "; under this test's 'missing-day: skip' the rule has no occurrence in \(Rule.monthNames[wall.month - 1]) \(wall.year), "
            + "which lacks its day: if the app runs on the month's last day instead, write \(other) in the rule; "
            + "else remove \(written(schedule, date))" + (line.map { " (line \($0))" } ?? "")
    }

    private static func lines(_ numbers: [Int]) -> String {
        "line\(numbers.count == 1 ? "" : "s") \(ListWording.joined(numbers.sorted().map(String.init)))"
    }

    /// The instants this test's own policies give for the slot of `other` (another policy's occurrence).
    private static func ownInstants(_ schedule: Schedule, _ other: Occurrence?) -> [Date] {
        guard let slot = other?.slot else { return [] }
        var resolver = WallTimeResolver(timeZone: schedule.timeZone)
        return resolver.instants(for: slot, nonexistent: schedule.nonexistent, repeated: schedule.repeated)
            .map(\.date).filter { schedule.occurrence(at: $0)?.slot == slot }
    }

    private static func written(_ schedule: Schedule, _ date: Date) -> String {
        WallTimeText.instant(date, offset: schedule.timeZone.secondsFromGMT(for: date))
    }

    /// What this test's own policies make of the slot another policy gives the instant for: the value the spec checks as
    /// written, beside the policy that would give its instant (a fourth review changed the policy under test, as the
    /// sentence invited, and four wrong specs passed; the line's right value was never named).
    private static func ownAnswer(_ schedule: Schedule, _ other: Occurrence?, inPlace: Date?) -> String {
        guard let slot = other?.slot, let time = TimeOfDay(hour: slot.hour, minute: slot.minute, second: slot.second) else { return "" }
        var resolver = WallTimeResolver(timeZone: schedule.timeZone)
        let mine = resolver.instants(for: slot, nonexistent: schedule.nonexistent, repeated: schedule.repeated)
            .map(\.date).filter { schedule.occurrence(at: $0)?.slot == slot }
        let written = mine.map { WallTimeText.instant($0, offset: schedule.timeZone.secondsFromGMT(for: $0)) }
        let said = written.isEmpty
            ? inPlace.map { "gives no occurrence, and the case's search finds \(Self.written(schedule, $0)) instead: if the app uses them, write that in the line's place" }
                ?? "gives no occurrence: if the app uses them, remove the line"
            : "is \(ListWording.joined(written)): if the app uses them, write \(written.count == 1 ? "that" : "those")"
        return "; under this test's policies, \(time) on \(slot.dateString) \(said)"
    }

    /// A sentence about a produced instant, and whether it tells the author to add that instant already (the runner's
    /// "is not listed: add" line beside it would say it twice).
    struct UnexpectedSentence {
        let text: String
        let tellsToAdd: Bool
    }

    /// The sentence for a produced instant only this test's policy gives.
    /// `key` is the produced instant's key, if any.
    /// `inCase`: a case's `next:` lists instants, not keys, so the instant to add is told (a second review was told
    /// "add it, keyed …" of a list that holds no key).
    /// `keyless`: the line and produced key of a listed instant written without its key, or with the key of the instant
    /// told to add (the date and its key are given). Under `both`, the pair's other
    /// instant listed that way is told its key too: a review added the later reading as told and `--strict` then refused
    /// the earlier one's line (`repeated-without-key`).
    /// A line of the pair's other reading whose key is to be given: missing, or the key of the reading told to add.
    struct PairLine {
        let line: Int
        let key: String
        let keyedAsThisOne: Bool
        /// The first and last lines of its item, where a line added before or after it goes.
        var span: (first: Int, last: Int)? = nil
    }

    static func unexpectedHint(for schedule: Schedule, unexpected: [Date], local: (Date) -> String, key: (Date) -> String? = { _ in nil },
                               keyless: (Date, String?) -> PairLine? = { _, _ in nil },
                               inCase: Bool = false) -> UnexpectedSentence? {
        if case .interval = schedule.rule { return nil }
        guard let date = unexpected.first(where: { schedule.occurrence(at: $0) != nil }) else { return nil }
        let all = alternatives(of: schedule)
        let without = all.filter { $0.schedule.occurrence(at: date) == nil }
        guard !without.isEmpty else { return nil }
        // One instance of a wall time that happens twice, under `both`: not "no occurrence under 'first'" alone (true,
        // but a review left the `~2` line out and read nothing about `last`, which gives it too, nor that it was to be
        // added): which instance it is, and its key to list.
        if schedule.repeated == .both, without.allSatisfy({ $0.kind == .repeated }), let occurrence = schedule.occurrence(at: date),
           let slot = occurrence.slot, let time = TimeOfDay(hour: slot.hour, minute: slot.minute, second: slot.second) {
            var resolver = WallTimeResolver(timeZone: schedule.timeZone)
            if case .overlap(let first, let last, _) = resolver.resolve(LocalDateTime(date, in: schedule.timeZone)), date == first || date == last {
                let (which, policy) = date == last ? ("later", "last") : ("earlier", "first")
                let pair = date == last ? first : last
                // Said outside a case only (below): a case's `next` takes no keys.
                let pairLine = key(date) == nil ? nil : keyless(pair, key(date))
                let keyPair = pairLine.map { listed in
                    // A block item (`- at: …` / `key: …`) is named by its first line, where the item to write replaces it.
                    let named = listed.span.map { $0.first == $0.last ? "line \($0.first)" : "the item on line \($0.first)" } ?? "line \(listed.line)"
                    return (listed.keyedAsThisOne ? ", and \(named), at the \(which == "later" ? "earlier" : "later") instance, has this one's key: write it "
                        : ", and give \(named) its key too: ") + "{at: \(written(schedule, pair)), key: \(listed.key)}"
                } ?? ""
                // Beside the pair's line: where the added line goes is known.
                let place = pairLine.map { " \(which == "later" ? "after" : "before") line \(which == "later" ? $0.span?.last ?? $0.line : $0.span?.first ?? $0.line)" } ?? ""
                return UnexpectedSentence(
                    text: "\(local(date)) is the \(which) instance of \(time), a wall time that happens twice that night (the one "
                        + "'repeated: \(policy)' gives); this test's 'repeated: both' gives both, and this one is not listed: "
                        + (inCase ? "add \(written(schedule, date)) to 'next:', in order" : "add it" + place + (key(date).map { ", keyed \($0)" } ?? "") + keyPair),
                    tellsToAdd: true)
            }
        }
        return UnexpectedSentence(text: "\(local(date)) comes from this test's \(own(without.map(\.kind), schedule)); under "
            + "\(named(without, among: all)) this instant is no occurrence", tellsToAdd: false)
    }

    /// This test's own policies of the kinds named: only those the alternatives that matter change.
    private static func own(_ kinds: [Kind], _ schedule: Schedule) -> String {
        Set(kinds).sorted { $0.rawValue < $1.rawValue }.map { kind in
            switch kind {
            case .nonexistent: "'nonexistent: \(schedule.nonexistent.rawValue)'"
            case .repeated: "'repeated: \(schedule.repeated.rawValue)'"
            case .missingDay: "'missing-day: \(missingDay(of: schedule.rule)?.rawValue ?? "")'"
            }
        }.joined(separator: " and ")
    }

    enum Kind: String { case nonexistent, repeated, missingDay = "missing-day" }

    /// The schedule with one policy changed at a time, each named as a spec writes it.
    private static func alternatives(of schedule: Schedule) -> [(name: String, kind: Kind, schedule: Schedule)] {
        func changed(_ nonexistent: NonexistentTimePolicy, _ repeated: RepeatedTimePolicy, rule: Rule? = nil) -> Schedule? {
            try? Schedule(id: schedule.id, version: schedule.version, rule: rule ?? schedule.rule, timeZone: schedule.timeZone,
                          nonexistent: nonexistent, repeated: repeated, searchLimit: schedule.searchLimit)
        }
        let gaps = NonexistentTimePolicy.allCases.filter { $0 != schedule.nonexistent }.compactMap { policy in
            changed(policy, schedule.repeated).map { ("'nonexistent: \(policy.rawValue)'", Kind.nonexistent, $0) }
        }
        let overlaps = RepeatedTimePolicy.allCases.filter { $0 != schedule.repeated }.compactMap { policy in
            changed(schedule.nonexistent, policy).map { ("'repeated: \(policy.rawValue)'", Kind.repeated, $0) }
        }
        // A month's or year's missing day (day 31 in April, February 29 in 2027): the other `missing-day` policy.
        let current = missingDay(of: schedule.rule)
        let missingDays = MissingDayPolicy.allCases.filter { current != nil && $0 != current }
            .compactMap { policy in
                withMissingDay(policy, schedule.rule).flatMap { changed(schedule.nonexistent, schedule.repeated, rule: $0) }
                    .map { ("'missing-day: \(policy.rawValue)'", Kind.missingDay, $0) }
            }
        return gaps + overlaps + missingDays
    }

    /// The rule's `missing-day` policy, when it has one.
    static func missingDay(of rule: Rule) -> MissingDayPolicy? {
        switch rule {
        case .monthly(_, _, let policy), .yearly(_, _, _, let policy): policy
        case .stepped(let inner, _, _): missingDay(of: inner)
        case .daily, .weekly, .hourly, .interval: nil
        }
    }

    /// The rule with another `missing-day` policy (nil for a rule without one).
    private static func withMissingDay(_ policy: MissingDayPolicy, _ rule: Rule) -> Rule? {
        switch rule {
        case .monthly(let day, let times, .some): .monthly(day: day, at: times, missingDay: policy)
        case .yearly(let month, let day, let times, .some): .yearly(month: month, day: day, at: times, missingDay: policy)
        case .stepped(let inner, let every, let from): withMissingDay(policy, inner).map { .stepped($0, every: every, from: from) }
        default: nil
        }
    }

    /// `'a'`, `'a' or 'b'`, `'a', 'b' or 'c'`.
    /// The policies chosen, in words; every other policy of a kind, when there are several, as `any other 'nonexistent'
    /// policy` (the second failure review read three names in a row as noise).
    private static func named(_ chosen: [(name: String, kind: Kind, schedule: Schedule)],
                              among all: [(name: String, kind: Kind, schedule: Schedule)]) -> String {
        var names: [String] = []
        var grouped: Set<Kind> = []
        for alternative in chosen {
            let ofKind = all.filter { $0.kind == alternative.kind }
            if ofKind.count >= 2, chosen.filter({ $0.kind == alternative.kind }).count == ofKind.count {
                if grouped.insert(alternative.kind).inserted { names.append("any other '\(alternative.kind.rawValue)' policy") }
            } else {
                names.append(alternative.name)
            }
        }
        return words(names)
    }

    private static func words(_ names: [String]) -> String { ListWording.joined(names, "or") }
}
