import Foundation
import Recurrence
import SpecDiagnostics
import SpecModel
import SpecYAML

/// Reads typed values out of YAML nodes, reporting each problem at its place; a nil result means "reported".
///
/// Every field reads its own scalar: nothing is guessed the YAML 1.1 way, so `at: 02:30` is the time 02:30.
struct ValueReader {
    let log: DiagnosticLog
    /// The longest window a spec may declare (`--max-window`).
    var windowLimit: WindowLength = .defaultLimit
    /// The search bound of a schedule that writes no `limit:` (`--max-candidates`).
    var defaultSearchLimit: Int = Schedule.defaultSearchLimit
    /// Which files `task.info-plist` may name (`--allow-outside-fixtures` lifts the spec-tree confinement).
    var fixtureScope: FixtureScope = .specFolder

    // MARK: Mappings and lists

    /// Checks that `node` is a mapping with no duplicate and no unknown keys; unknown keys are reported
    /// (with did-you-mean) but do not stop the known ones from being read. `passedOver` keys are unknown here but
    /// already reported with the mistake they belong to; `homes` names the mapping where an unknown key belongs, if any.
    /// `item` names what the mapping is an item of a list of (`step`): there a key repeated on a line of its own is
    /// most likely the start of the next item, written without its `- `. `suggesting` narrows what an unknown key is
    /// compared with and the keys its message lists (a rule's `every:` form allows fewer keys than all rule forms
    /// together); by default, `allowed`.
    func mapping(
        _ node: Node,
        place: String,
        owner: Node?,
        allowed: [String],
        expected: String,
        misplaced: [MisplacedKeys] = [],
        passedOver: Set<String> = [],
        homes: [String: String] = [:],
        placeholderAdvice: String = "",
        item: String? = nil,
        suggesting: @autoclosure () -> [String]? = nil
    ) -> MappingFields? {
        guard case .mapping(let entries, let mark) = node else {
            if !reportedPlaceholder(node, place: place, expected: expected, advice: placeholderAdvice) {
                wrongKind(node, "\(place) must be \(expected), not \(node.kindDescription)")
            }
            return nil
        }
        var misspelled: Set<String> = []
        var unknownKeys = false
        // Keys written one level off are told once per group, with where they go.
        var misplacedKeys: Set<String> = []
        // A group holds only keys not allowed here: with every key allowed (nearly every mapping) none is found, so the
        // groups are looked through only when a key is not allowed (this function was 2 % of a 10,000-spec run's CPU
        // profile, its own loops over keys most of it).
        let groups = !misplaced.isEmpty && entries.contains(where: { entry in
            if case .scalar(let key) = entry.key { return !allowed.contains(key.value) }
            return false
        }) ? misplaced : []
        for group in groups {
            let found = entries.filter { entry in
                entry.key.scalar.map { group.keys.contains($0.value) && !allowed.contains($0.value) } ?? false
            }
            guard let first = found.first else { continue }
            let parent = group.goInside ? entries.first { $0.key.scalar?.value == group.standsFor } : nil
            if let parent {
                log.keysToMoveInside[parent.key.mark, default: []].formUnion(found.compactMap { $0.key.scalar?.value })
                if case .scalar(let value) = parent.value, value.isNull { log.emptySectionsToFill.insert(parent.value.mark) }
            }
            log.report(.unknownKey, at: first.key, parent.map { group.messageMovingInto($0, found) } ?? group.message(found))
            unknownKeys = true
            misplacedKeys.formUnion(found.compactMap { $0.key.scalar?.value })
            if let standsFor = group.standsFor { misspelled.insert(standsFor) }
        }
        // The allowed keys in order; a dictionary of positions only for big mappings (duplicates are searched).
        var keys: [String] = []
        // Where each kept key's entry is in `entries`: the fields share the mapping's array instead of copying the
        // entries out one by one (each copy a retain of the value node, released again with the loop's own copy).
        var places: [Int] = []
        keys.reserveCapacity(entries.count)
        places.reserveCapacity(entries.count)
        var positions: [String: Int]? = entries.count > MappingFields.searchLimit ? [:] : nil
        // Where a new item was suggested (a repeated key that likely starts it): the diagnostic and the line.
        var newItem: (diagnostic: Int, line: Int)?
        // Allowed keys whose value was reported with the key after it (an instant split at its decimal comma).
        var reportedWithNext: Set<String> = []
        // Keys read as part of an earlier value's mistake (`{on: ［mon, thu］}`), up to this index.
        var passedThrough = -1
        // By index: a loop over the entries copied each whole entry (its key's and its value's storage retained and
        // released) to look at its key.
        for index in entries.indices {
            if index <= passedThrough { continue }
            guard case .scalar(let key) = entries[index].key else {
                let keyNode = entries[index].key
                log.report(.wrongKind, at: keyNode, "a key in \(place) must be a plain name, not \(keyNode.kindDescription)")
                continue
            }
            if misplacedKeys.contains(key.value) { continue }
            // Reported with another mapping's mistake (a window's occurrences, told with the window).
            if passedOver.contains(key.value) && !allowed.contains(key.value) {
                unknownKeys = true
                continue
            }
            let earlier = positions != nil ? positions![key.value] : keys.firstIndex(of: key.value)
            if let earlier {
                let first = entries[places[earlier]].key.mark
                // A key below the first, in its column, is a block mapping's next line: the `- ` may be what is missing.
                let startsItem = item != nil && key.mark.line > first.line && key.mark.column == first.column
                if startsItem, let newItem, first.line < newItem.line {
                    // The new item suggested above would hold this key too: one slip, told once.
                    log.addNote(log.note(at: key.mark, "'\(key.value)' is written twice as well (first on line \(first.line)); "
                                             + "a new \(item!) from line \(newItem.line) would hold this one"), toDiagnostic: newItem.diagnostic)
                    continue
                }
                let advice = startsItem && newItem == nil ? ", or start a new \(item!) here with '- '" : ""
                log.report(.duplicateKey, at: entries[index].key,
                           "'\(key.value)' appears twice in \(place); keep one of them\(advice)",
                           notes: [log.note(at: first, "'\(key.value)' is first written here")])
                if !advice.isEmpty { newItem = (log.diagnostics.count - 1, key.mark.line) }
                continue
            }
            guard allowed.contains(key.value) else {
                if index > 0, let split = instantSplit(entries[index - 1], entries[index], place: place) {
                    reportedWithNext.insert(split)
                    misspelled.insert(split)
                    unknownKeys = true
                    continue
                }
                if index > 0, let through = shorthandSplit(entries, at: index) {
                    reportedWithNext.insert("rule")
                    misspelled.insert("rule")
                    unknownKeys = true
                    passedThrough = through
                    continue
                }
                if index > 0, let split = fullWidthListSplit(entries, at: index) {
                    reportedWithNext.insert(split.field)
                    misspelled.insert(split.field)
                    unknownKeys = true
                    passedThrough = split.through
                    continue
                }
                let message: String
                // Asked for only here: most mappings have no unknown key.
                let candidates = suggesting() ?? allowed
                if let slip = KeySlip.problem(in: key.value, allowed: candidates) {
                    if let meant = slip.meant { misspelled.insert(meant) }
                    let message = "unknown key '\(key.value)' in \(place); \(slip.message)"
                    if let at = slip.at, key.style == .plain {
                        log.report(.unknownKey, at: Mark(line: key.mark.line, column: key.mark.column + at), message)
                    } else {
                        log.report(.unknownKey, at: entries[index].key, message)
                    }
                    unknownKeys = true
                    continue
                } else if let suggestion = KeySynonyms.key(for: key.value, in: candidates) ?? Suggestion.closest(to: key.value, in: candidates) {
                    misspelled.insert(suggestion)
                    message = "unknown key '\(key.value)' in \(place); did you mean '\(suggestion)'?"
                } else if let home = homes[key.value] {
                    message = "unknown key '\(key.value)' in \(place); '\(key.value)' belongs in '\(home)', so write it under '\(home):'"
                } else {
                    message = "unknown key '\(key.value)' in \(place); the keys allowed here are \(candidates.joined(separator: ", "))"
                }
                log.report(.unknownKey, at: entries[index].key, message)
                unknownKeys = true
                continue
            }
            positions?[key.value] = keys.count
            keys.append(key.value)
            places.append(index)
        }
        if !reportedWithNext.isEmpty {
            for index in keys.indices.reversed() where reportedWithNext.contains(keys[index]) {
                keys.remove(at: index)
                places.remove(at: index)
            }
        }
        var fields = MappingFields(
            place: place,
            anchor: owner?.mark ?? mark,
            anchorNode: owner ?? node,
            keys: keys,
            entries: entries,
            places: places,
            misspelled: misspelled)
        fields.hasUnknownKeys = unknownKeys
        return fields
    }

    /// Reports a required key that is missing, at the key that introduced the mapping.
    func missing(_ key: String, in fields: MappingFields, _ advice: String) {
        guard !fields.misspelled.contains(key), log.keysToMoveInside[fields.anchor]?.contains(key) != true else { return }
        log.report(.missingKey, at: fields.anchor, length: fields.anchorLength,
                   "\(fields.place) has no '\(key)'; \(advice)")
    }

    /// The list keys whose items are free text (log lines), where a comma can be part of one item.
    static let freeTextLists: Set<String> = ["contains", "never"]

    /// `[2027-06-01T02:30:00,5+08:00]`: in a flow list YAML splits an instant at its decimal comma, into an instant
    /// without an offset and a number with it. Reported as the one slip it is; true when it was.
    func reportsInstantSplitAtItsComma(_ items: [Node], field: String) -> Bool {
        for (item, next) in zip(items, items.dropFirst()) {
            // A cheap look first (every expected instant of every spec passes here; a regex literal here once made a
            // 10,000-spec run 3.4 times slower): a head of 19 characters, a tail starting with a digit. Then the instant
            // reader decides: the two joined by a dot read as an instant.
            guard let head = item.scalar, head.style == .plain, head.value.utf8.count == 19,
                  let tail = next.scalar, tail.style == .plain, tail.value.utf8.first.map({ (0x30...0x39).contains($0) }) == true,
                  case .success = InstantText.parse(head.value + "." + tail.value)
            else { continue }
            let meant = head.value + "." + tail.value
            log.report(.invalidInstant, at: item,
                       "'\(head.value)' and '\(tail.value)' in '\(field)' are one instant, split at its decimal comma, which YAML "
                        + "reads as a list's separator; RFC 3339 takes a dot: \(meant)")
            return true
        }
        return false
    }

    /// `{at: 2027-06-01T02:30:00,5+08:00}`: in a flow mapping YAML splits an instant at its decimal comma, into the
    /// value of `at` and a key `5+08:00` without a value. Reported as the one slip it is, at the value; the key of
    /// that value when it was. Asked only about an unknown key.
    private func instantSplit(_ previous: Node.Entry, _ entry: Node.Entry, place: String) -> String? {
        guard let field = previous.key.scalar?.value, let head = previous.value.scalar, head.style == .plain,
              head.value.utf8.count == 19, let tail = entry.key.scalar, tail.style == .plain,
              tail.value.utf8.first.map({ (0x30...0x39).contains($0) }) == true, entry.value.scalar?.isNull == true,
              entry.value.scalar?.value.isEmpty == true, case .success = InstantText.parse(head.value + "." + tail.value)
        else { return nil }
        log.report(.invalidInstant, at: previous.value,
                   "'\(head.value)' and '\(tail.value)' in \(place) are one instant, split at its decimal comma, which YAML "
                    + "reads as the mapping's separator; RFC 3339 takes a dot: \(field): \(head.value).\(tail.value)")
        return field
    }

    /// `{every: week, on: ［mon, thu］}`: a list in an input method's full-width brackets, which YAML reads as text, split at
    /// its ASCII commas into `on: ［mon` and keys `thu］` without values. Reported once, at the value, with the list typed
    /// in ASCII; the value's key and the index of the last key that belongs to it, when it was. Asked only about an
    /// unknown key.
    private func fullWidthListSplit(_ entries: [Node.Entry], at index: Int) -> (field: String, through: Int)? {
        let previous = entries[index - 1]
        guard let field = previous.key.scalar?.value, let head = previous.value.scalar, head.style == .plain,
              let open = head.value.unicodeScalars.first, let bracket = FullWidth.punctuation[open],
              bracket.ascii == "[" || bracket.ascii == "{"
        else { return nil }
        let close: Unicode.Scalar = bracket.ascii == "[" ? "]" : "}"
        var last = index
        while last < entries.count {
            guard let key = entries[last].key.scalar, key.style == .plain, entries[last].value.scalar?.isNull == true,
                  entries[last].value.scalar?.value.isEmpty == true
            else { return nil }
            if let end = key.value.unicodeScalars.last, FullWidth.punctuation[end]?.ascii == close { break }
            last += 1
        }
        guard last < entries.count else { return nil }
        let written = ([head.value] + entries[index...last].map { $0.key.scalar!.value }).joined(separator: ", ")
        let typed = FullWidth.ascii(written, punctuationOnly: true) ?? written
        log.report(.wrongKind, at: previous.value,
                   "\(FullWidth.describe(open)), so YAML reads '\(field): \(written)' as the text '\(head.value)' and "
                    + "\(last == index ? "a key" : "keys") after the \(last == index ? "comma" : "commas"); type it in ASCII: \(field): \(typed)")
        return (field, last)
    }

    /// `{rule: daily 08:00,20:00, …}`, `{rule: weekly mon,thu 09:00, …}`: a shorthand rule with commas, unquoted inside
    /// a `{…}` mapping, where YAML ends the value at the first comma and reads the rest as keys without values. Told
    /// once, at the rule, with the quoting that keeps it one text; the index of the last key that belongs to it. Asked
    /// only about an unknown key.
    private func shorthandSplit(_ entries: [Node.Entry], at index: Int) -> Int? {
        let previous = entries[index - 1]
        guard previous.key.scalar?.value == "rule", let head = previous.value.scalar, head.style == .plain,
              let firstWord = head.value.split(separator: " ").first,
              ["daily", "weekly", "every"].contains(firstWord.lowercased())
        else { return nil }
        let line = head.mark.line
        func isStray(_ entry: Node.Entry) -> Bool {
            guard let key = entry.key.scalar, key.style == .plain, key.mark.line == line,
                  entry.value.scalar?.isNull == true, entry.value.scalar?.value.isEmpty == true
            else { return false }
            return true
        }
        guard isStray(entries[index]) else { return nil }
        var last = index
        while last + 1 < entries.count, isStray(entries[last + 1]) { last += 1 }
        let written = ([head.value] + entries[index...last].map { $0.key.scalar!.value }).joined(separator: ",")
        let stray = entries[index...last].map { "'\($0.key.scalar!.value)'" }.joined(separator: ", ")
        log.report(.wrongKind, at: previous.value,
                   "inside {…} a comma separates keys, so 'rule: \(written)' reads as 'rule: \(head.value)' and "
                    + "\(last == index ? "a key" : "the keys") \(stray); quote the rule to keep it one text: rule: \"\(written)\"")
        return last
    }

    /// `2027-06-01T02:30:00,000+08:00`: one instant with ISO 8601's decimal comma, which its own reader names, not a
    /// list written without brackets.
    static func hasCommaFraction(_ text: String) -> Bool {
        InstantText.parse(text) == .failure(.commaFraction)
    }

    /// The items of a list; a single scalar counts as a one-item list when `singleAllowed`.
    func list(_ node: Node, field: String, singleAllowed: Bool = false, expected: String) -> [Node]? {
        switch node {
        case .sequence(let items, _):
            return items
        case .scalar(let scalar) where singleAllowed && !scalar.isNull:
            // `tags: dst, europe` would be one tag "dst, europe": a list written without its brackets, not one item.
            // Log text may hold a comma: there one plain value stays one text.
            // Full-width punctuation is not ASCII: most values (every single `next` instant) are, and skip the lookups.
            if scalar.style == .plain, scalar.value.utf8.contains(where: { $0 >= 0x80 }), !Self.freeTextLists.contains(field),
               let first = scalar.value.unicodeScalars.first(where: { FullWidth.punctuation[$0].map { $0.ascii != ":" } ?? false }) {
                // `tags: ［中文，上海］`: an input method's brackets and comma, which YAML reads as one text.
                let typed = (FullWidth.ascii(scalar.value, punctuationOnly: true) ?? scalar.value)
                    .trimmingCharacters(in: CharacterSet(charactersIn: "[]{} "))
                log.report(.wrongKind, at: node,
                           "'\(field)' takes a list, and '\(scalar.value)' is one text: \(FullWidth.describe(first)); type it in ASCII: [\(typed)]")
                return nil
            }
            // The comma byte is looked for first: `String.contains` of a text goes through Foundation (NSString's
            // search), which for every single `next` instant was 0.5 % of a 10,000-spec run's CPU profile. A text
            // without that byte holds no comma.
            if scalar.style == .plain, scalar.value.utf8.contains(UInt8(ascii: ",")), scalar.value.contains(","),
               !Self.freeTextLists.contains(field),
               !Self.hasCommaFraction(scalar.value) {
                let items = scalar.value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                log.report(.wrongKind, at: node,
                           "'\(field)' takes a list, and '\(scalar.value)' without brackets is one text; write [\(items.joined(separator: ", "))]")
                return nil
            }
            return [node]
        default:
            if !reportedPlaceholder(node, place: "'\(field)'", expected: expected) {
                wrongKind(node, "'\(field)' must be \(expected), not \(node.kindDescription)")
            }
            return nil
        }
    }

    /// The placeholder an example writes where a value is still to be filled in (`schedule: ...`), or nil.
    static func placeholder(_ node: Node) -> String? {
        guard case .scalar(let scalar) = node, scalar.tag == nil,
              scalar.style == .plain || scalar.style == .singleQuoted || scalar.style == .doubleQuoted
        else { return nil }
        let text = scalar.value.trimmingCharacters(in: .whitespaces)
        return text == "..." || text == "…" ? text : nil
    }

    /// Reports a mapping or list written as an example's placeholder (`...`), saying what goes in its place
    /// (`advice` goes on from there, e.g. with an example); true when there was one.
    func reportedPlaceholder(_ node: Node, place: String, expected: String, advice: String = "") -> Bool {
        guard let placeholder = Self.placeholder(node) else { return false }
        log.report(.emptyValue, at: node, "\(place) is '\(placeholder)', a placeholder to fill in; in its place, write \(expected)\(advice)")
        return true
    }

    /// Reports the typographic slip that keeps a value from reading (`TypographicSlip`); true when there was one.
    /// `fullWidthAdvice` says what to type, given the value typed in ASCII (`FullWidth.problem`).
    func reportSlip(_ node: Node, code: DiagnosticCode, fullWidthAdvice: (String) -> String = FullWidth.typeInASCII) -> Bool {
        guard let scalar = node.scalar, let problem = TypographicSlip.problem(in: scalar, fullWidthAdvice: fullWidthAdvice) else { return false }
        log.report(code, at: node, problem)
        return true
    }

    /// Reports a value of the wrong kind; `message` ends "not <its kind>". An empty value is told as such, and a null
    /// written out (`null`, `~`) as what YAML makes of it: the author sees a word on the line, not nothing. Where a
    /// text is expected (`textMeant`), quoting it keeps the word.
    func wrongKind(_ node: Node, _ message: String, textMeant: Bool = false) {
        if case .scalar(let scalar) = node, scalar.isNull {
            // `schedule:` left empty, its keys written unindented below: told once, where they are (`misplaced`).
            if log.emptySectionsToFill.contains(scalar.mark) { return }
            let emptiness = scalar.value.isEmpty ? "but it is empty" : "but YAML reads a plain \(scalar.value) as an empty value"
            let quoting = textMeant && !scalar.value.isEmpty ? "; write \"\(scalar.value)\" in quotes if the text is meant" : ""
            log.report(.emptyValue, at: node, message.replacingOccurrences(of: "not an empty value", with: emptiness) + quoting)
        } else {
            log.report(.wrongKind, at: node, message)
        }
    }

    // MARK: Scalars

    /// The text of a scalar; lists, mappings and empty values are reported.
    func scalar(_ node: Node, field: String, expected: @autoclosure () -> String, textMeant: Bool = false) -> Node.Scalar? {
        guard case .scalar(let scalar) = node, !scalar.isNull else {
            wrongKind(node, "'\(field)' must be \(expected()), not \(node.kindDescription)", textMeant: textMeant)
            return nil
        }
        return scalar
    }

    func text(_ node: Node, field: String, expected: String = "a text") -> String? {
        guard let scalar = scalar(node, field: field, expected: expected, textMeant: true) else { return nil }
        guard Self.startsWithText(scalar.value) || !scalar.value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            log.report(.emptyValue, at: node, "'\(field)' is empty; write \(expected)")
            return nil
        }
        return scalar.value
    }

    /// Whether the text starts with a printable ASCII character other than a space: then it is not blank, and the
    /// trimming (which goes through NSString, and showed up in the benchmark's profile) is not needed.
    private static func startsWithText(_ text: String) -> Bool {
        guard let first = text.utf8.first else { return false }
        return first > 0x20 && first < 0x7F
    }

    /// How many characters a whole number's text may have, leading zeros included (the schema's pattern says so too).
    static let wholeNumberLength = 12
    /// How many characters a rule's `day` or `month` number may have, leading zeros included (`031`).
    static let calendarNumberLength = 4

    /// A whole number in `range`, written with digits only (`5`, not `5.0` or `five`).
    func integer(_ node: Node, field: String, range: ClosedRange<Int>, example: String) -> Int? {
        guard let scalar = scalar(node, field: field, expected: "a whole number, e.g. \(example)") else { return nil }
        let text = scalar.value
        guard !text.isEmpty, text.count <= Self.wholeNumberLength, text.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(text) else {
            if reportSlip(node, code: .invalidNumber) { return nil }
            log.report(.invalidNumber, at: node, "'\(field)' must be a whole number, e.g. \(example), not '\(text)'")
            return nil
        }
        guard range.contains(value) else {
            log.report(.invalidNumber, at: node,
                       "'\(field)' must be \(range.lowerBound)…\(range.upperBound), not \(value); write a number in that range, e.g. \(example)")
            return nil
        }
        return value
    }

    /// One of a closed set of words (policies, engines), with did-you-mean.
    func choice<Value: RawRepresentable & CaseIterable>(_ node: Node, field: String, _: Value.Type) -> Value?
    where Value.RawValue == String {
        // The allowed values are spelled out only for a message: most choices are valid (a big suite has thousands).
        func allowed() -> String { Value.allCases.map(\.rawValue).joined(separator: " | ") }
        guard let scalar = scalar(node, field: field, expected: "one of \(allowed())") else { return nil }
        if let value = Value(rawValue: scalar.value) { return value }
        if reportSlip(node, code: .unknownValue) { return nil }
        let names = Value.allCases.map(\.rawValue)
        if let suggestion = Self.meantValue(scalar.value, in: names) {
            log.report(.unknownValue, at: node, "unknown value '\(scalar.value)' for '\(field)'; did you mean '\(suggestion)'? (allowed: \(allowed()))")
        } else {
            log.report(.unknownValue, at: node, "unknown value '\(scalar.value)' for '\(field)'; write one of \(allowed())")
        }
        return nil
    }

    /// The allowed value an unknown word most likely stands for: a synonym, a near spelling, or the one value it is the
    /// first words of (`one-completion` for `one-completion-per-launch`: long names get shortened, which edit distance,
    /// measured against the whole name, does not find).
    static func meantValue(_ word: String, in names: [String]) -> String? {
        if let meant = ValueSynonyms.value(for: word, in: names) ?? Suggestion.closest(to: word, in: names) { return meant }
        let start = word.lowercased() + "-"
        let longer = names.filter { $0.lowercased().hasPrefix(start) }
        return longer.count == 1 ? longer[0] : nil
    }

    /// An RFC 3339 instant with an explicit offset.
    func instant(_ node: Node, field: String) -> InstantLiteral? {
        guard let scalar = scalar(node, field: field, expected: "an instant with an offset, e.g. 2027-03-28T03:00:00+02:00") else { return nil }
        // Parsed once here: every expected instant of every spec passes (it was parsed twice, once to look for a slip).
        switch InstantText.parse(scalar.value) {
        case .success(let parsed):
            return literal(parsed, text: scalar.value, at: scalar.mark)
        case .failure:
            if reportSlip(node, code: .invalidInstant) { return nil }
            return instant(scalar.value, at: scalar.mark, length: node.underlineLength, field: field)
        }
    }

    private func literal(_ parsed: InstantText.Parsed, text: String, at mark: Mark) -> InstantLiteral {
        InstantLiteral(
            date: parsed.date,
            text: text,
            writtenOffset: parsed.offset,
            location: log.source.location(mark),
            line: mark.line, of: log.source.file)
    }

    /// An instant read from part of a scalar (the shorthand rule `every 24h from <instant>`).
    func instant(_ text: String, at mark: Mark, length: @autoclosure () -> Int, field: String) -> InstantLiteral? {
        switch InstantText.parse(text) {
        case .success(let parsed):
            return literal(parsed, text: text, at: mark)
        case .failure(let problem):
            // `2027/06/01 00:00:00+08:00`, `01.06.2027 …`, `2027年6月1日 …`: a date as a locale writes it.
            if problem == .malformed, let meant = LocaleInstant.meant(text) {
                log.report(.invalidInstant, at: mark, length: length(),
                           "'\(text)' is not an RFC 3339 instant; write \(meant)")
                return nil
            }
            let code: DiagnosticCode = problem == .missingOffset ? .instantWithoutOffset : .invalidInstant
            log.report(code, at: mark, length: length(), problem.message(for: text, field: field))
            if problem == .missingOffset { log.refusedOffsetless(text) }
            return nil
        }
    }

    /// A wall time `HH:MM` or `HH:MM:SS`.
    func time(_ node: Node, field: String) -> TimeOfDay? {
        guard let scalar = scalar(node, field: field, expected: "a wall time, e.g. \"02:30\"") else { return nil }
        if TimeOfDay(parsing: scalar.value) == nil,
           reportSlip(node, code: .invalidTime, fullWidthAdvice: { Self.timeAdvice(typed: $0, field: field) }) { return nil }
        return time(scalar.value, at: scalar.mark, length: node.underlineLength, field: field)
    }

    /// What to type for a time typed in full-width characters, given it in ASCII: `０２：３０` is 02:30, and `０２３０`,
    /// whose ASCII `0230` is refused too, is also 02:30.
    static func timeAdvice(typed: String, field: String) -> String {
        if TimeOfDay(parsing: typed) != nil { return FullWidth.typeInASCII(typed) }
        if let meant = TwentyFourHourTime.meant(by: typed) { return "type it in ASCII as HH:MM: \(meant)" }
        return "typed in ASCII it is '\(typed)', which is no wall time either; write '\(field)' as HH:MM or HH:MM:SS with hours 00–23, e.g. 02:30"
    }

    /// `quoted`: whether the time to write is shown in quotes (not in a shorthand rule, where quotes would be part of
    /// the rule's text).
    func time(_ text: String, at mark: Mark, length: @autoclosure () -> Int, field: String, quoted: Bool = true) -> TimeOfDay? {
        if let time = TimeOfDay(parsing: text) { return time }
        // In a shorthand rule (`daily ０２３０`) the time is a word of the rule's text, which no slip check saw.
        if !quoted, let problem = FullWidth.problem(in: text, advice: { Self.timeAdvice(typed: $0, field: field) }) {
            log.report(.invalidTime, at: mark, length: length(), problem)
            return nil
        }
        if let meant = TwentyFourHourTime.meant(by: text) {
            let written = quoted ? "\"\(meant)\"" : meant
            log.report(.invalidTime, at: mark, length: length(),
                       "'\(text)' is not a wall time; write '\(field)' on the 24-hour clock as HH:MM: \(written)")
            return nil
        }
        log.report(.invalidTime, at: mark, length: length(),
                   "'\(text)' is not a wall time; write '\(field)' as HH:MM or HH:MM:SS with hours 00–23, e.g. \(quoted ? "\"02:30\"" : "02:30")")
        return nil
    }

    /// A duration in seconds: `45s`, `90m`, `24h`, `1h30m`, `2d`.
    func duration(_ node: Node, field: String) -> Int? {
        guard let scalar = scalar(node, field: field, expected: "a duration, e.g. 90m or 24h") else { return nil }
        if DurationText.seconds(scalar.value) == nil,
           reportSlip(node, code: .invalidDuration, fullWidthAdvice: { Self.durationAdvice(typed: $0, field: field) }) { return nil }
        return duration(scalar.value, at: scalar.mark, length: node.underlineLength, field: field)
    }

    func duration(_ text: String, at mark: Mark, length: @autoclosure () -> Int, field: String) -> Int? {
        if let seconds = DurationText.seconds(text) { return seconds }
        if let problem = Self.durationProblem(text, field: field) {
            log.report(.invalidDuration, at: mark, length: length(), problem)
            return nil
        }
        if let advice = DurationText.missingUnit(text) {
            log.report(.invalidDuration, at: mark, length: length(), "'\(field)': \(advice)")
            return nil
        }
        if let meant = DurationText.meant(text) {
            log.report(.invalidDuration, at: mark, length: length(),
                       "'\(text)' is not a duration; did you mean '\(meant)'? (write '\(field)' as a number and a unit: d, h, m, s)")
            return nil
        }
        log.report(.invalidDuration, at: mark, length: length(),
                   "'\(text)' is not a duration; write '\(field)' as a number and a unit (d, h, m, s), e.g. 45s, 90m, 24h, 1h30m or 2d")
        return nil
    }

    /// What to type for a duration typed in full-width characters, given it in ASCII: `９０ｍ` is 90m, and `９０分` or
    /// `９０`, refused in ASCII too (`90分`, `90`), are told what reads.
    static func durationAdvice(typed: String, field: String) -> String {
        if DurationText.seconds(typed) != nil { return FullWidth.typeInASCII(typed) }
        if let meant = DurationText.meant(typed) { return "type it in ASCII as a number and a unit: \(meant)" }
        let problem = durationProblem(typed, field: field) ?? DurationText.missingUnit(typed)
            ?? "'\(typed)' is not a duration; write '\(field)' as a number and a unit (d, h, m, s), e.g. 45s, 90m, 24h, 1h30m or 2d"
        return "typed in ASCII, \(problem)"
    }

    /// What is wrong with a text written as a duration that cannot be one (too long, negative); nil for anything else.
    static func durationProblem(_ text: String, field: String) -> String? {
        switch DurationText.read(text) {
        case .tooLong:
            return "'\(text)' is too long for '\(field)'; write at most \(DurationText.longestText)"
        case .negative(let unsigned):
            if field == "advance" {
                return "'\(text)' would turn the clock back, and the clock only moves forward (a duration cannot be negative); "
                    + "write 'advance' as a duration such as \(unsigned), or as a later instant"
            }
            return "'\(text)' is negative, and a duration cannot be; write '\(field)' without the minus sign, e.g. \(unsigned)"
        case .seconds, .notADuration:
            return nil
        }
    }

    /// A weekday: full English name or its first three letters.
    func weekday(_ text: String, at mark: Mark, length: @autoclosure () -> Int) -> Weekday? {
        if let day = Weekday(name: text) { return day }
        if let advice = WeekdayNumbers.advice(for: [text], format: { $0.joined(separator: ",") }) {
            log.report(.invalidWeekday, at: mark, length: length(), advice)
            return nil
        }
        let names = Weekday.allCases.sorted().map(\.name)
        let candidates = names + Weekday.allCases.map(\.abbreviation)
        if let suggestion = Suggestion.closest(to: text, in: candidates) {
            log.report(.invalidWeekday, at: mark, length: length(), "'\(text)' is not a weekday; did you mean '\(suggestion)'?")
        } else {
            log.report(.invalidWeekday, at: mark, length: length(),
                       "'\(text)' is not a weekday; write a full English name (monday … sunday) or mon … sun")
        }
        return nil
    }

    /// A `timezone:` value as written, for the lints about its writing; nil when it is not a scalar (reported by
    /// `timeZone(_:field:)`).
    func zoneName(_ node: Node) -> ZoneNameLiteral? {
        guard case .scalar(let scalar) = node else { return nil }
        return ZoneNameLiteral(
            text: scalar.value, location: log.source.location(scalar.mark), sourceLine: log.source.line(scalar.mark.line),
            length: node.underlineLength)
    }

    /// An IANA time zone that can represent its place's future offset changes.
    func timeZone(_ node: Node, field: String) -> TimeZone? {
        guard let scalar = scalar(node, field: field, expected: "an IANA time zone, e.g. Europe/Berlin") else { return nil }
        let resolution = ZoneName.resolve(scalar.value)
        if case .zone(let zone) = resolution { return zone }
        if reportSlip(node, code: .unknownTimeZone) { return nil }
        switch resolution {
        case .zone(let zone):
            return zone
        case .unknown(let suggestion):
            if let suggestion {
                log.report(.unknownTimeZone, at: node, "unknown time zone '\(scalar.value)'; did you mean '\(suggestion)'?")
            } else {
                log.report(.unknownTimeZone, at: node,
                           "unknown time zone '\(scalar.value)'; write an IANA identifier such as Europe/Berlin or America/New_York")
            }
        case .unsupported(let reason):
            log.report(.unsupportedTimeZone, at: node, reason)
        case .cityWithoutZone(let city, let zone):
            log.report(.unknownTimeZone, at: node, ZoneName.cityWithoutZoneMessage(scalar.value, city: city, zone: zone))
        }
        return nil
    }
}
