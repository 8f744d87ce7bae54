import Foundation
import Recurrence
import SpecDiagnostics
import SpecModel
import SpecYAML

/// Mappings and lists: unknown, duplicate and missing keys, and the keys a flow mapping's comma split off a value it
/// belonged to (an instant's decimal comma, a full-width list, a shorthand's times).
extension ValueReader {
    /// Keys that would leave dates out of a rule, which no spec can write.
    static let exclusionKeys: Set<String> = ["except", "exclude", "excluding", "exclusions", "exceptions", "except-dates", "exdate",
                                             "skip-dates", "holidays", "blackout", "blackout-dates", "not-on"]

    /// The list keys whose items are free text (log lines), where a comma can be part of one item.
    private static let freeTextLists: Set<String> = ["contains", "never"]

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
        ownKeyPrefix: String? = nil,
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
            log.lastIsAbout(mapping: mark)
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
                // The author's own keys (a document's `x-` templates) are not read.
                if let ownKeyPrefix, key.value.hasPrefix(ownKeyPrefix), key.value.count > ownKeyPrefix.count { continue }
                if key.value == "<<" {
                    // What the merge was to bring in is not missing: its value is what to correct.
                    misspelled.formUnion(allowed)
                    unknownKeys = true
                    reportUnmergedKey(entries[index], place: place, among: entries)
                    continue
                }
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
                // A template written inside a section: `x-` keys are the author's own at a document's top only (it was
                // offered 'launch' for 'x-launch', which broke the step).
                let misplacedTemplate = ownKeyPrefix == nil && key.value.hasPrefix(DocumentParser.templateKeyPrefix)
                    && key.value.count > DocumentParser.templateKeyPrefix.count
                // `-at:` below `- at: …` items at the key's column: an item's `-` without its space, read as a key here.
                let gluedItem = key.style == .plain && key.value.hasPrefix("-") && key.value.dropFirst().first?.isLetter == true
                if misplacedTemplate || gluedItem {
                    log.report(.unknownKey, at: entries[index].key, misplacedTemplate
                        ? "unknown key '\(key.value)' in \(place); a key beginning '\(DocumentParser.templateKeyPrefix)' is the author's own, never "
                            + "read, only at a document's top level (beside 'spec:'): move '\(key.value)' and its value there"
                        : "unknown key '\(key.value)' in \(place): it looks like a list item whose '-' has no space after it; write "
                            + "'- \(key.value.dropFirst()): …', indented as the list's other items")
                    log.lastIsAbout(mapping: mark)
                    unknownKeys = true
                    continue
                }
                let message: String
                // Asked for only here: most mappings have no unknown key.
                let candidates = suggesting() ?? allowed
                // `{every: day, "at: 02:30"}`: a key and its value pasted in quotes, one text read as a key without a value
                // (a review was told the keys allowed, `at` among them, beside "'rule' has no 'at'").
                if key.style == .singleQuoted || key.style == .doubleQuoted, entries[index].value.scalar?.isNull == true,
                   let colon = key.value.range(of: ": "), candidates.contains(String(key.value[..<colon.lowerBound])) {
                    let meant = String(key.value[..<colon.lowerBound])
                    misspelled.insert(meant)
                    log.report(.unknownKey, at: entries[index].key, "unknown key '\(key.value)' in \(place): the quotes make '\(meant)' and its "
                        + "value one text, which YAML reads as a key with no value; remove the quotes: \(key.value)")
                    log.lastIsAbout(mapping: mark)
                    unknownKeys = true
                    continue
                }
                if let slip = KeySlip.problem(in: key.value, allowed: candidates) {
                    if let meant = slip.meant { misspelled.insert(meant) }
                    let message = "unknown key '\(key.value)' in \(place); \(slip.message)"
                    if let at = slip.at, key.style == .plain {
                        log.report(.unknownKey, at: Mark(line: key.mark.line, column: key.mark.column + at), message)
                    } else {
                        log.report(.unknownKey, at: entries[index].key, message)
                        log.lastIsAbout(mapping: mark)
                    }
                    unknownKeys = true
                    continue
                } else if Self.exclusionKeys.contains(key.value.lowercased()), candidates.contains("rule") || candidates.contains("every") {
                    // Holidays left out of a rule (RRULE's EXDATE, a scheduler's `except`): not in the spec language, and
                    // told so with what can be checked instead (it was a list of the keys allowed, none of them it).
                    message = "unknown key '\(key.value)' in \(place); a rule cannot leave dates out (holidays and other exclusions are not in "
                        + "the spec language, docs/faq.md): check the days around a left-out date with windows that end before it "
                        + "and start after it, one spec each"
                } else if let suggestion = KeySynonyms.key(for: key.value, in: candidates) ?? Suggestion.closest(to: key.value, in: candidates) {
                    // The key it looks like may be written already (`repeatd:` beside `repeated:`): offered it, the author
                    // got a duplicate key. Another near key not yet written is offered instead, or the line's removal.
                    // A slip merged from a template is corrected there, where the key it looks like is not written: the
                    // mapping's own key then takes the merged one's place (it was told to remove the mapping's own).
                    let written = log.copiedKeys.contains(key.mark) ? nil : entries.first { $0.key.scalar?.value == suggestion }
                    let unwritten = candidates.filter { candidate in !entries.contains { $0.key.scalar?.value == candidate } }
                    if let written, let other = KeySynonyms.key(for: key.value, in: unwritten) ?? Suggestion.closest(to: key.value, in: unwritten) {
                        misspelled.insert(other)
                        message = "unknown key '\(key.value)' in \(place); did you mean '\(other)'? ('\(suggestion)' is the one on line \(written.key.mark.line))"
                    } else if let written {
                        message = "unknown key '\(key.value)' in \(place); it looks like '\(suggestion)', which this mapping has, on line \(written.key.mark.line): remove one of them"
                    } else {
                        misspelled.insert(suggestion)
                        message = "unknown key '\(key.value)' in \(place); did you mean '\(suggestion)'?"
                    }
                } else if let home = homes[key.value], home == "steps" {
                    message = "unknown key '\(key.value)' in \(place); '\(key.value)' is a step's action: write it in a step under 'steps:', "
                        + "e.g. - {at: <instant>, \(key.value): …}"
                } else if let home = homes[key.value] {
                    message = "unknown key '\(key.value)' in \(place); '\(key.value)' belongs in '\(home)', so write it under '\(home):'"
                } else if let near = Suggestion.closest(to: key.value, in: homes.keys.sorted()), let home = homes[near], home != "steps" {
                    // A slip of a key that belongs elsewhere (`versoin: 2` a level too high): the key and where it goes
                    // (a review got the list of the keys allowed here, none of them 'version').
                    message = "unknown key '\(key.value)' in \(place); did you mean '\(near)'? It belongs in '\(home)', so write it under '\(home):'"
                } else {
                    message = "unknown key '\(key.value)' in \(place); the keys allowed here are \(candidates.joined(separator: ", "))"
                }
                // A template kept for merge keys under a name of its own (docker-compose's `x-`, GitLab's `.hidden`).
                let template = ownKeyPrefix != nil && entries[index].value.mapping != nil && !log.mappingAnchors.isEmpty
                    ? "; a mapping kept for merge keys goes under a key beginning '\(ownKeyPrefix!)', which is not read: "
                        + "'\(ownKeyPrefix!)\(Self.templateName(key.value, prefix: ownKeyPrefix!))'"
                    : ""
                log.report(.unknownKey, at: entries[index].key, message + template)
                log.lastIsAbout(mapping: mark)
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

    /// The name a template key `key` is offered after `prefix`: `.ny` → `ny`, `X-ny` → `ny`.
    static func templateName(_ key: String, prefix: String) -> Substring {
        let name = key.drop { $0 == "." || $0 == "_" }
        return name.lowercased().hasPrefix(prefix) ? name.dropFirst(prefix.count) : name
    }

    /// A `<<` key the YAML reader did not merge: quoted (an ordinary key), or naming neither a mapping nor a list of
    /// mappings.
    func reportUnmergedKey(_ entry: Node.Entry, place: String, among entries: [Node.Entry]) {
        guard let key = entry.key.scalar, key.isMergeKey else {
            let how = entry.key.scalar?.tag != nil && entry.key.scalar?.style == .plain ? "without its tag" : "without quotes"
            log.report(.unknownKey, at: entry.key,
                       "unknown key '<<' in \(place); to merge a mapping here (YAML's merge key), write '<<' \(how)")
            return
        }
        let merges = entries.filter { $0.key.scalar?.isMergeKey == true }
        if merges.count > 1 {
            // Told at each later one; the first is where the list goes.
            guard let first = merges.first, first.key.mark != key.mark else { return }
            log.report(.duplicateKey, at: entry.key,
                       "'<<' appears twice in \(place), and neither is merged; merge several mappings with one list, "
                           + "'<<: [*first, *second]' (an earlier mapping's keys win over a later one's)",
                       notes: [log.note(at: first.key.mark, "'<<' is first written here")])
            return
        }
        var wrong = entry.value
        var found = wrong.kindDescription
        if case .sequence(let items, _) = entry.value, let item = items.first(where: { $0.mapping == nil }) {
            wrong = item
            found = "a list holding \(item.kindDescription)"
        }
        let lead = "'<<' merges a mapping into \(place) (YAML's merge key), so its value must be a mapping or a list of mappings, "
            + "usually an alias such as '*defaults' naming a mapping's anchor"
        // An alias's node keeps the mark of what it names, written before it: the mistake is the alias, told here (an
        // alias in the list too: `<<: [*ny, *tz]` was told at the text '&tz' names, a line that is right).
        guard key.mark < wrong.mark else {
            log.report(.wrongKind, at: entry.key, lead + ", and what \(wrong.mark == entry.value.mark ? "the alias here names" : "an alias of its list names") "
                           + "is \(wrong.mark == entry.value.mark ? found : wrong.kindDescription) (written at line \(wrong.mark.line))",
                       notes: [log.note(at: wrong.mark, "the alias names this")])
            return
        }
        var advice = ""
        if let quoted = wrong.scalar, quoted.style != .plain, quoted.value.hasPrefix("*"), log.mappingAnchors.contains(String(quoted.value.dropFirst())) {
            // `<<: "*ny"`: quotes make an alias a text.
            advice = "; in quotes '\(quoted.value)' is a text, not an alias: write \(quoted.value) without the quotes"
        } else if let name = wrong.scalar, name.style == .plain, !name.isNull {
            // Only an anchor written before the merge can be named (one below was offered, and the alias written as told
            // was then refused as naming nothing).
            let anchors = log.mappingAnchors.filter { log.mappingAnchorMarks[$0].map { $0 < wrong.mark } ?? true }
            if anchors.contains(name.value) {
                advice = "; to name the mapping anchored '&\(name.value)', write '*\(name.value)'"
            } else if let below = log.mappingAnchorMarks[name.value] {
                advice = "; the mapping anchored '&\(name.value)' is below (line \(below.line)), and YAML defines an anchor before the "
                    + "aliases that name it: move it above, then write '*\(name.value)'"
            } else if name.value.first?.isLetter == true, let near = Suggestion.closest(to: name.value, in: anchors) {
                advice = "; did you mean '*\(near)', the mapping anchored '&\(near)'?"
            } else if anchors.isEmpty {
                advice = "; no mapping of this document has an anchor: write '&name' before the mapping to merge, and '*name' here"
            } else {
                advice = "; the mappings of this document are anchored \(ListWording.joined(anchors.prefix(5).map { "'&\($0)'" }))"
            }
        }
        log.report(.wrongKind, at: wrong, lead + ", not \(found)\(advice)")
    }

    /// Reports a required key that is missing, at the key that introduced the mapping.
    func missing(_ key: String, in fields: MappingFields, _ advice: String) {
        guard !fields.misspelled.contains(key), log.keysToMoveInside[fields.anchor]?.contains(key) != true else { return }
        log.report(.missingKey, at: fields.anchor, length: fields.anchorLength,
                   "\(fields.place) has no '\(key)'; \(advice)")
    }

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
    func instantSplit(_ previous: Node.Entry, _ entry: Node.Entry, place: String) -> String? {
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
    func fullWidthListSplit(_ entries: [Node.Entry], at index: Int) -> (field: String, through: Int)? {
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
    func shorthandSplit(_ entries: [Node.Entry], at index: Int) -> Int? {
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
        // `-2027-01-01T08:00:00+13:45` under `occurrences:`, or `-dst` above `- europe` under `tags:`: without the space,
        // YAML reads no list item, only one text (taken as one tag, "-dst - europe", where one value is allowed). Log
        // texts are free text, and may start with a dash.
        if case .scalar(let scalar) = node, scalar.style == .plain, scalar.value.utf8.first == UInt8(ascii: "-"),
           !Self.freeTextLists.contains(field), let item = Self.itemWithoutSpace(scalar.value) {
            log.report(.wrongKind, at: node.mark, length: 1,
                       "'\(field)' \(singleAllowed ? "takes" : "must be") \(expected), and this is one text: a list item's '-' needs a space "
                           + "after it; write '- \(item)'")
            return nil
        }
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

    /// The first item of `-a` or `-a -b`, a list written without the space after each `-`.
    static func itemWithoutSpace(_ value: String) -> String? {
        guard value.hasPrefix("-"), let second = value.dropFirst().first, second != " ", second != "-" else { return nil }
        return String(value.dropFirst().prefix { $0 != " " && $0 != "\n" })
    }
}
