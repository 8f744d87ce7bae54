import Foundation
import Recurrence
import SpecModel
import SpecYAML

/// Reads the recurrence part of a spec: `schedule`, `window`, `expect` and `cases`.
struct RecurrenceSectionParser {
    let reader: ValueReader
    /// The schedule id used when `schedule.id` is not written: the file's name without extension.
    let defaultScheduleID: String

    /// The top-level keys this section owns.
    static let keys = SpecKeyCatalog.recurrenceKeyNames

    /// The recurrence body, or nil when a problem was reported.
    func parse(_ fields: MappingFields, specName: String?) -> RecurrenceSpec? {
        guard let scheduleNode = fields["schedule"] else {
            reader.missing("schedule", in: fields,
                           "add 'schedule:' with timezone:, rule:, nonexistent: and repeated: (or 'task:' for a lifecycle scenario)")
            return nil
        }
        let firstDiagnostic = reader.log.diagnostics.count
        // The schedule's keys indented under `window` (a newcomer's `repeated:` one line too low), told there once.
        // Only where `schedule` lacks them: one merged into both from a template is the window's to remove.
        let scheduleKeys = Set(scheduleNode.mapping?.compactMap { $0.key.scalar?.value } ?? [])
        let inWindow = Set(fields["window"]?.mapping?.compactMap { $0.key.scalar?.value }.filter(MisplacedKeys.scheduleKeysInWindow.keys.contains) ?? [])
        let movable = !inWindow.isEmpty && inWindow.isDisjoint(with: scheduleKeys) && scheduleNode.mapping != nil
        let draft = ScheduleReader(reader: reader).read(scheduleNode, owner: fields.keyNode("schedule")!, defaultID: defaultScheduleID,
                                                        writtenElsewhere: movable ? inWindow : [])

        // The window's keys indented under `expect` (its section ended a line early), likewise.
        let windowKeys = Set(fields["window"]?.mapping?.compactMap { $0.key.scalar?.value } ?? [])
        let inExpect = Set(fields["expect"]?.mapping?.compactMap { $0.key.scalar?.value }.filter(MisplacedKeys.windowKeysInExpect.keys.contains) ?? [])
        let windowMovable = !inExpect.isEmpty && inExpect.isDisjoint(with: windowKeys) && fields["window"]?.mapping != nil
        let window = fields["window"].flatMap { readWindow($0, owner: fields.keyNode("window")!, scheduleKeysMovable: movable,
                                                           writtenElsewhere: windowMovable ? inExpect : []) }
        let expect = fields["expect"].flatMap { readExpect($0, owner: fields.keyNode("expect")!, schedule: draft, windowKeysMovable: windowMovable,
                                                           window: window.map { ($0.after.date, $0.through.date) }) }
        let cases = fields["cases"].flatMap { CaseReader(reader: reader, schedule: draft).read($0) }
        reader.log.adviseOffsets(since: firstDiagnostic, in: draft.timeZone, nonexistent: draft.nonexistent, repeated: draft.repeated,
                                 schedule: { draft.spec.flatMap { $0.boundedSchedule() } })

        let subject = specName.map { "'\($0)'" } ?? "this spec"
        // A section indented under `schedule` is told there (`documentKeysInSchedule`), not as a spec checking nothing.
        let indentedUnderSchedule = scheduleNode.mapping?.contains { entry in
            entry.key.scalar.map { MisplacedKeys.documentKeysInSchedule.keys.contains($0.value) } ?? false
        } ?? false
        switch (fields.mentions("window"), fields.mentions("expect")) {
        case (true, false) where fields.has("window"):
            reader.log.report(.missingKey, at: fields.keyNode("window")!,
                              "the spec has a 'window' but no 'expect'; add 'expect:' with the 'occurrences:' the window holds ([] for none)")
        case (false, true) where fields.has("expect"):
            reader.log.report(.missingKey, at: fields.keyNode("expect")!,
                              "the spec has an 'expect' but no 'window'; add 'window:' with 'after:' and 'through:'")
        case (false, false) where !fields.mentions("cases") && !indentedUnderSchedule:
            let anchor = fields.keyNode("spec")
            reader.log.report(.nothingToCheck, at: anchor?.mark ?? fields.anchor, length: anchor?.underlineLength ?? fields.anchorLength,
                              "\(subject) checks nothing; add 'window:' with 'expect:', or 'cases:' with the searches to check")
        case (false, false) where cases?.isEmpty == true:
            // `cases: []` and no window: the spec ran as zero tests and passed (the schema review).
            reader.log.report(.nothingToCheck, at: fields["cases"]!,
                              "\(subject) checks nothing: 'cases' lists no case and there is no window; add a case such as "
                                  + "{name: first night, after: <instant>, next: <instant>}, or 'window:' with 'expect:'")
        default:
            break
        }

        guard let schedule = draft.spec else { return nil }
        if fields.has("window") && window == nil { return nil }
        if fields.has("expect") && expect == nil { return nil }
        if fields.has("cases") && cases == nil { return nil }
        return RecurrenceSpec(schedule: schedule, window: window, expect: expect, cases: cases ?? [])
    }

    private func readWindow(_ node: Node, owner: Node, scheduleKeysMovable: Bool, writtenElsewhere: Set<String> = []) -> WindowSpec? {
        guard let fields = reader.mapping(node, place: "'window'", owner: owner, allowed: SpecKeyCatalog.window.keyNames,
                                          expected: "a mapping with after: and through:",
                                          misplaced: scheduleKeysMovable ? [.scheduleKeysInWindow] : [])
        else { return nil }
        let after = fields["after"].flatMap { reader.searchBound($0, field: "after") }
        let through = fields["through"].flatMap { reader.searchBound($0, field: "through") }
        if !fields.has("after"), !writtenElsewhere.contains("after") {
            reader.missing("after", in: fields, "add the instant the window starts after (excluded), e.g. 'after: 2027-03-27T00:00:00+01:00'")
        }
        if !fields.has("through"), !writtenElsewhere.contains("through") {
            reader.missing("through", in: fields, "add the last instant the window includes, e.g. 'through: 2027-03-30T12:00:00+02:00'")
        }
        guard let after, let through else { return nil }
        guard through.date > after.date else {
            reader.log.report(.emptyWindow, at: fields["through"]!,
                              "the window ends at \(through.text), which is not after its start \(after.text); 'through' must be later than 'after'",
                              notes: [reader.log.note(at: fields["after"]!.mark, "the window starts here")])
            return nil
        }
        let limit = reader.windowLimit
        guard limit.admits(after: after.date, through: through.date) else {
            let needed = limit.needed(after: after.date, through: through.date)
            reader.log.report(.windowTooLong, at: fields["through"]!,
                              "the window from \(after.text) through \(through.text) is longer than \(limit) (the limit); narrow it, or raise the limit with --max-window \(needed.flagValue)",
                              notes: [reader.log.note(at: fields["after"]!.mark, "the window starts here")])
            return nil
        }
        return WindowSpec(after: after, through: through, location: reader.log.source.location(owner.mark))
    }

    private func readExpect(_ node: Node, owner: Node, schedule: ScheduleReader.Draft, windowKeysMovable: Bool = false,
                            window: (after: Date, through: Date)? = nil) -> Expectation? {
        guard let fields = reader.mapping(node, place: "'expect'", owner: owner, allowed: SpecKeyCatalog.expect.keyNames,
                                          expected: "a mapping with occurrences: (or error: no-occurrence)",
                                          misplaced: windowKeysMovable ? [.windowKeysInExpect] : [])
        else { return nil }
        let location = reader.log.source.location(owner.mark)
        switch (fields["occurrences"], fields["error"]) {
        case (.some, .some):
            reader.log.report(.conflictingKeys, at: fields.keyNode("error")!,
                              "'expect' has both 'occurrences' and 'error'; keep one: the occurrences the window holds, or the error its search ends with")
            return nil
        case (nil, .some(let errorNode)):
            return reader.choice(errorNode, field: "error", ExpectedError.self).map { .error($0, location: location) }
        case (.some(let list), nil):
            return readOccurrences(list, schedule: schedule, window: window).map { .occurrences($0, location: location) }
        case (nil, nil):
            reader.missing("occurrences", in: fields,
                           "add 'occurrences:' listing every occurrence in the window in order ([] for none), or 'error: no-occurrence'")
            return nil
        }
    }

    /// Short form (an instant) or long form (`{at, key}`), in order; nil when the list is no list. An item that does
    /// not read is left out (its error told).
    ///
    /// An instant earlier than the one before it is an error: the spec language defines the list as the window's
    /// occurrences in order. One listed twice, or outside the window, is a lint (SpecLint: `duplicate-instant`,
    /// `outside-window`): a warning, and the spec runs and fails with the instant in its diff.
    /// `window`: its `after`, the bound before the first line (a first line out of place is placed against it), and its
    /// `through`, past which no instant is offered.
    private func readOccurrences(_ node: Node, schedule: ScheduleReader.Draft, window: (after: Date, through: Date)? = nil) -> [ExpectedOccurrence]? {
        guard let items = reader.list(node, field: "occurrences", expected: "a list of instants ([] for none)") else {
            return nil
        }
        if reader.reportsInstantSplitAtItsComma(items, field: "occurrences") { return nil }
        var occurrences: [ExpectedOccurrence] = []
        occurrences.reserveCapacity(items.count)
        var previous: InstantLiteral?
        // Where the `at` of an item is (the item itself in the short form): looked up only for an order error.
        func place(_ item: Node) -> Node {
            item.mapping == nil ? item : (item.mapping!.first { $0.key.scalar?.value == "at" }?.value ?? item)
        }
        // Each pair out of order, with the later line's index among the lines that read.
        var descents: [(previous: InstantLiteral, instant: InstantLiteral, item: Node, index: Int)] = []
        let firstDiagnostic = reader.log.diagnostics.count
        // Only for a list with a diagnostic (a line without an offset among them): a passing spec's list is not copied.
        defer { if reader.log.diagnostics.count > firstDiagnostic { reader.log.listedBeside(occurrences.map(\.instant.date), since: firstDiagnostic) } }
        // The item each read occurrence comes from: a line that does not read leaves the others' places apart.
        var readItems: [Node] = []
        for item in items {
            guard let occurrence = readOccurrence(item) else {
                previous = nil
                continue
            }
            let instant = occurrence.instant
            if let previous, instant.date < previous.date { descents.append((previous, instant, item, occurrences.count)) }
            occurrences.append(occurrence)
            readItems.append(item)
            previous = instant
        }
        // One line out of place among the lines that read (an unreadable line beside them is told its own error, and
        // made the order error generic: the fifty-fifth session's review): the error stands on that line, which is not
        // always the later of the pair (`OutOfPlaceOccurrence`, which judges the lines that read as one list).
        if descents.count == 1, let slip = OutOfPlaceOccurrence.find(in: occurrences, zone: schedule.timeZone, schedule: schedule.spec.flatMap { try? $0.schedule() },
                                                                     after: window?.after, through: window?.through) {
            let instant = occurrences[slip.index].instant, other = occurrences[slip.other].instant
            let relation = slip.index > slip.other ? "earlier than \(other.text) before it" : "later than \(other.text) after it"
            reader.log.report(.instantOrder, at: place(readItems[slip.index]),
                              "\(instant.text) is \(relation); \(slip.advice ?? "list the occurrences in order")")
            if !slip.listedElsewhere { reader.log.reportedOutOfOrder([descents[0].previous, descents[0].instant]) }
            return occurrences
        }
        // Two lines apart the wrong way round: one error, on the later, naming the other line.
        if descents.count == 2, let swap = OutOfPlaceOccurrence.exchanged(in: occurrences, schedule: schedule.spec.flatMap { try? $0.schedule() },
                                                                      after: window?.after, through: window?.through) {
            let instant = occurrences[swap.index].instant, other = occurrences[swap.other].instant
            reader.log.report(.instantOrder, at: place(readItems[swap.index]),
                              "\(instant.text) is earlier than \(other.text) on line \(other.location.line); \(swap.advice ?? "")")
            reader.log.reportedOutOfOrder([other, instant])
            return occurrences
        }
        // Several pairs, none next to another: each judged by its own neighbours (a swap and a `Z` line two pairs apart
        // were told "list the occurrences in order" twice, and sorting put the `Z` line last: the fifty-seventh
        // session's review). Where a pair says nothing more, or pairs touch, each is told to be put in order.
        let apart = zip(descents, descents.dropFirst()).allSatisfy { $1.index - $0.index > 1 }
        let built = apart ? schedule.spec.flatMap { try? $0.schedule() } : nil
        for descent in descents {
            if let built, let slip = OutOfPlaceOccurrence.find(in: occurrences, zone: schedule.timeZone, schedule: built, after: window?.after,
                                                               through: window?.through, judged: descent.index), let advice = slip.advice {
                let instant = occurrences[slip.index].instant, other = occurrences[slip.other].instant
                let relation = slip.index > slip.other ? "earlier than \(other.text) before it" : "later than \(other.text) after it"
                reader.log.report(.instantOrder, at: place(readItems[slip.index]), "\(instant.text) is \(relation); \(advice)")
                if !slip.listedElsewhere { reader.log.reportedOutOfOrder([descent.previous, descent.instant]) }
                continue
            }
            reader.log.report(.instantOrder, at: place(descent.item),
                              "\(descent.instant.text) is earlier than \(descent.previous.text) before it; list the occurrences in order")
            reader.log.reportedOutOfOrder([descent.previous, descent.instant])
        }
        // Out of order, the list is still every line as written, and with a line that does not read, every other line:
        // the spec is not run (its errors are told), but it is linted line by line (`DocumentParser.Parsed.withErrors`),
        // so the warnings of its other lines come in the same round.
        return occurrences
    }

    private func readOccurrence(_ node: Node) -> ExpectedOccurrence? {
        guard case .mapping = node else {
            return reader.instant(node, field: "occurrences").map { ExpectedOccurrence(instant: $0) }
        }
        guard let fields = reader.mapping(node, place: "this occurrence", owner: nil, allowed: SpecKeyCatalog.occurrence.keyNames,
                                          expected: "an instant or {at: …, key: …}")
        else { return nil }
        guard let atNode = fields["at"] else {
            reader.missing("at", in: fields, "add the instant, e.g. 'at: 2027-03-30T02:30:00+02:00'")
            return nil
        }
        let instant = reader.instant(atNode, field: "at")
        // A block item's `key:` on its own line: the long form offered for an `at:` without an offset is its two lines.
        if instant == nil, let keyNode = fields["key"], keyNode.mark.line != atNode.mark.line {
            reader.log.refusedOffsetlessKeyedOnLine(reader.log.source.location(keyNode.mark).line)
        }
        let key = fields["key"].map { reader.text($0, field: "key", expected: "a dedup key, e.g. nightly-sync/v1/2027-03-30") }
        guard let instant else { return nil }
        if let key {
            guard let key, let keyNode = fields["key"] else { return nil }
            let location = reader.log.source.location(keyNode.mark)
            return ExpectedOccurrence(instant: instant, key: key, keyLine: location.line, keyColumn: location.column)
        }
        return ExpectedOccurrence(instant: instant)
    }
}
