import Foundation
import SpecYAML

/// What a YAML syntax error most likely comes from, in the author's words and at the author's mistake.
///
/// libyaml reports where it gave up, which is often the line after the mistake (a missing space after a colon, a
/// non-breaking space), with a message about tokens. The common mistakes are recognised in the lines around that
/// place; anything else keeps libyaml's place and message.
struct SyntaxErrorHint {
    let mark: Mark
    let length: Int
    let message: String
    /// The line as the message says to type it, when the mistake is all on one line and the rest of the file can be
    /// read with it so typed (an input method's full-width punctuation): its number and text.
    var retyped: (number: Int, text: String)?

    /// The hint for a syntax error at `mark` (libyaml's `problem`), whose context began at `contextMark`, if any.
    static func find(problem: String, mark: Mark, contextMark: Mark?, source: SourceText) -> SyntaxErrorHint? {
        let first = max(1, min(contextMark?.line ?? mark.line, mark.line - 1))
        for number in first...mark.line {
            guard let line = source.line(number) else { continue }
            if let hint = oddSpace(in: line, number: number) ?? fullWidthPunctuation(in: line, number: number)
                ?? tabAfterDash(in: line, number: number) ?? gluedColon(in: line, number: number) {
                return hint
            }
        }
        if problem == "could not find expected ':'", let contextMark, let hint = longKey(at: contextMark, source) {
            return hint
        }
        if let hint = directiveOrTag(problem, at: mark, source) ?? surrogateEscape(problem, at: mark, source) { return hint }
        if problem == "could not find expected ':'", let contextMark, let line = source.line(contextMark.line) {
            if let hint = quotedLine(line, at: contextMark) ?? keyWithoutColon(line, at: contextMark) ?? dashWithoutSpace(line, at: contextMark, source)
                ?? itemWithoutDash(line, at: contextMark, source) { return hint }
        }
        if problem == "did not find expected <document start>", let above = previousLine(before: mark.line, source),
           above.hasPrefix("..."), above.dropFirst(3).allSatisfy({ $0 == " " || $0 == "\t" }) {
            // `...` then a bare document: YAML 1.2 takes it, libyaml wants `---` (PyYAML too).
            return SyntaxErrorHint(
                mark: mark, length: 1,
                message: "a document after '...' starts with '---'; add a line '---' above this one")
        }
        if problem == "did not find expected key", let contextMark, let hint = keysBeforeItems(opened: contextMark, item: mark, source) {
            return hint
        }
        if problem == "did not find expected key" || problem == "did not find expected '-' indicator",
           let hint = strayIndent(at: mark, source) { return hint }
        if problem == "did not find expected '-' indicator", let line = source.line(mark.line) {
            return keyBesideDash(line, at: mark, source)
        }
        if problem == "did not find expected ',' or '}'" || problem == "did not find expected ',' or ']'",
           let contextMark, let line = source.line(contextMark.line) {
            let hint = contextMark.line < mark.line ? unclosedFlow(opened: contextMark, errorLine: mark.line, source)
                : crossedClosers(line, opened: contextMark, at: mark)
            if let hint { return hint }
        }
        if problem == "mapping values are not allowed in this context", let line = source.line(mark.line) {
            return keyBesideMarker(line, at: mark) ?? colonInValue(line, at: mark) ?? deeperKey(line, at: mark, previous: previousLine(before: mark.line, source))
        }
        return nil
    }

    /// A space YAML does not take for one: a non-breaking space (word processors and web pages put them after colons)
    /// where YAML needs its own spaces, in the indentation or after `:` or `-`.
    private static func oddSpace(in line: String, number: Int) -> SyntaxErrorHint? {
        let scalars = Array(line.unicodeScalars)
        // A byte order mark opening the file is YAML's own, not a slip.
        for (index, scalar) in scalars.enumerated() where TypographicSlip.invisibleSpaces[scalar] != nil
            && !(number == 1 && index == 0 && scalar == "\u{FEFF}") {
            let inIndentation = scalars[..<index].allSatisfy { $0 == " " || TypographicSlip.invisibleSpaces[$0] != nil }
            let afterIndicator = index > 0 && (scalars[index - 1] == ":" || scalars[index - 1] == "-")
            guard inIndentation || afterIndicator else { continue }
            return SyntaxErrorHint(
                mark: Mark(line: number, column: index + 1), length: 1,
                message: "this line has \(TypographicSlip.named(scalar)) \(inIndentation ? "in its indentation" : "after '\(scalars[index - 1])'"), which looks like a space but is not one to YAML; type an ordinary space instead")
        }
        return nil
    }

    /// `spec：上海每日同步`, `rule: ｛every: day｝`, `{on: [mon，thu]}`: an input method's full-width colon after a key, bracket
    /// opening a value, or comma in a flow collection, where YAML needs its own. libyaml reads it as text and gives up
    /// later, often on the next line. Quoted text and comments are passed over: a name may hold any of these.
    private static func fullWidthPunctuation(in line: String, number: Int) -> SyntaxErrorHint? {
        let scalars = Array(line.unicodeScalars)
        guard scalars.contains(where: { FullWidth.punctuation[$0] != nil }) else { return nil }
        let content = contentStart(scalars)
        var index = content
        // Where the key or value being read starts: after the indentation, a `- `, a `: `, or `{`, `[` or `,` in a flow.
        var tokenStart = index
        var quote: Unicode.Scalar?
        var flowDepth = 0
        while index < scalars.count {
            let scalar = scalars[index]
            defer { index += 1 }
            if let open = quote {
                if scalar == open, !(open == "\"" && scalars[index - 1] == "\\") { quote = nil }
                continue
            }
            let atTokenStart = scalars[tokenStart..<index].allSatisfy { $0 == " " }
            if (scalar == "\"" || scalar == "'") && atTokenStart {
                quote = scalar
            } else if scalar == "#", index == 0 || scalars[index - 1] == " " {
                return nil
            } else if scalar == "[" || scalar == "{" {
                flowDepth += 1
                tokenStart = index + 1
            } else if scalar == "]" || scalar == "}" {
                flowDepth = max(0, flowDepth - 1)
            } else if scalar == ",", flowDepth > 0 {
                tokenStart = index + 1
            } else if scalar == ":", index + 1 == scalars.count || scalars[index + 1] == " " {
                tokenStart = index + 1
            } else if let meant = FullWidth.punctuation[scalar]?.ascii {
                let before = String(String.UnicodeScalarView(scalars[tokenStart..<index])).trimmingCharacters(in: .whitespaces)
                let isKey = !before.isEmpty && before.unicodeScalars.allSatisfy(isKeyCharacter)
                let fits = switch meant {
                case ":": isKey
                case ",": flowDepth > 0
                case "[", "{": atTokenStart
                default: false
                }
                guard fits else { continue }
                let rest = String(String.UnicodeScalarView(scalars[content...]))
                let typed = FullWidth.ascii(rest, punctuationOnly: true) ?? rest
                return SyntaxErrorHint(
                    mark: Mark(line: number, column: index + 1), length: 1,
                    message: "\(FullWidth.describe(scalar)); type it in ASCII: \(typed)",
                    retyped: (number, String(String.UnicodeScalarView(scalars[..<content])) + typed))
            }
        }
        return nil
    }

    /// `-<tab>name: a`: YAML reads the whitespace after a list's `-` as indentation, where it allows no tab.
    private static func tabAfterDash(in line: String, number: Int) -> SyntaxErrorHint? {
        let scalars = Array(line.unicodeScalars)
        var index = 0
        while index < scalars.count, scalars[index] == " " { index += 1 }
        guard index < scalars.count, scalars[index] == "-" else { return nil }
        index += 1
        while index < scalars.count, scalars[index] == " " || scalars[index] == "-" { index += 1 }
        guard index < scalars.count, scalars[index] == "\t" else { return nil }
        return SyntaxErrorHint(
            mark: Mark(line: number, column: index + 1), length: 1,
            message: "this line has a tab after '-', which YAML reads as indentation, where it does not allow tabs; type a space instead")
    }

    /// Where a line's key or value starts: after its indentation and any list items' `- `.
    private static func contentStart(_ scalars: [Unicode.Scalar]) -> Int {
        var index = 0
        while index < scalars.count, scalars[index] == " " { index += 1 }
        while index + 1 < scalars.count, scalars[index] == "-", scalars[index + 1] == " " {
            index += 2
            while index < scalars.count, scalars[index] == " " { index += 1 }
        }
        return index
    }

    /// A character of a spec key: ASCII letters, digits, `-` and `_`.
    private static func isKeyCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_")
    }

    /// `timezone:Europe/Berlin`: without a space after the colon YAML reads key and value as one text.
    private static func gluedColon(in line: String, number: Int) -> SyntaxErrorHint? {
        let scalars = Array(line.unicodeScalars)
        var index = contentStart(scalars)
        let keyStart = index
        guard index < scalars.count, scalars[index].properties.isAlphabetic, scalars[index].isASCII else { return nil }
        while index < scalars.count, isKeyCharacter(scalars[index]) {
            index += 1
        }
        guard index + 1 < scalars.count, scalars[index] == ":",
              !(scalars[index + 1] == " " || scalars[index + 1] == "\t" || scalars[index + 1] == ":" || TypographicSlip.invisibleSpaces[scalars[index + 1]] != nil)
        else { return nil }
        let key = String(String.UnicodeScalarView(scalars[keyStart..<index]))
        let value = String(String.UnicodeScalarView(scalars[(index + 1)...]))
        return SyntaxErrorHint(
            mark: Mark(line: number, column: index + 1), length: 1,
            message: "there is no space after '\(key):', so YAML reads '\(key):\(value)' as one text; write '\(key): \(value)'")
    }

    /// `nonexistent: skip:` or `spec: Nightly sync: Berlin`: a second `: ` on a `key: value` line starts another key.
    private static func colonInValue(_ line: String, at mark: Mark) -> SyntaxErrorHint? {
        let scalars = Array(line.unicodeScalars)
        let colon = mark.column - 1
        guard colon < scalars.count, scalars[colon] == ":" else { return nil }
        let before = String(String.UnicodeScalarView(scalars[..<colon]))
        guard let separator = before.range(of: ": ") else { return nil }
        let key = before[..<separator.lowerBound].trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "- ", with: "")
        let value = before[separator.upperBound...].trimmingCharacters(in: .whitespaces)
        let rest = String(String.UnicodeScalarView(scalars[(colon + 1)...])).trimmingCharacters(in: .whitespaces)
        guard !key.isEmpty, !value.isEmpty, !value.hasPrefix("{"), !value.hasPrefix("[") else { return nil }
        if rest.isEmpty || rest.hasPrefix("#") {
            return SyntaxErrorHint(
                mark: mark, length: 1,
                message: "'\(value):' ends with a colon, which YAML reads as the start of another key; remove the colon, or put the value in quotes")
        }
        // The value exactly as written (a French space before the colon, runs of spaces), up to a comment.
        var whole = String(before[separator.upperBound...].drop { $0 == " " }) + String(String.UnicodeScalarView(scalars[colon...]))
        if let comment = whole.range(of: " #") { whole = String(whole[..<comment.lowerBound]) }
        while whole.hasSuffix(" ") { whole.removeLast() }
        return SyntaxErrorHint(
            mark: mark, length: 1,
            message: "the value of '\(key)' holds ': ', which YAML reads as the start of another key; put the whole value in quotes: \(key): \(quoted(whole))")
    }

    /// `--- spec: Nightly`: a block mapping cannot start on the `---` line.
    private static func keyBesideMarker(_ line: String, at mark: Mark) -> SyntaxErrorHint? {
        guard line.hasPrefix("--- ") else { return nil }
        let rest = line.dropFirst(4).trimmingCharacters(in: .whitespaces)
        guard !rest.isEmpty, !rest.hasPrefix("{"), !rest.hasPrefix("[") else { return nil }
        return SyntaxErrorHint(
            mark: Mark(line: mark.line, column: 5), length: rest.unicodeScalars.count,
            message: "a document's keys start on the line below its '---', not beside it; move '\(rest)' to the next line")
    }

    /// A key past YAML's 1,024 characters (libyaml and PyYAML read none longer): the line was cut where it is shown,
    /// and the colon beyond the cut was told missing.
    private static func longKey(at mark: Mark, _ source: SourceText) -> SyntaxErrorHint? {
        guard let line = source.wholeLine(mark.line) else { return nil }
        let scalars = Array(line.unicodeScalars.dropFirst(mark.column - 1))
        guard scalars.count > 1_024, let colon = scalars.indices.first(where: { scalars[$0] == ":" && ($0 + 1 == scalars.count || scalars[$0 + 1] == " ") }),
              colon > 1_024 else { return nil }
        return SyntaxErrorHint(
            mark: mark, length: 1,
            message: "this key is \(colon) characters long, and YAML reads a key of at most 1024 (libyaml and PyYAML alike); shorten it")
    }

    /// A directive or a tag handle libyaml does not read: its words are about tokens.
    private static func directiveOrTag(_ problem: String, at mark: Mark, _ source: SourceText) -> SyntaxErrorHint? {
        let line = source.line(mark.line) ?? ""
        let word = String(line.prefix { $0 != " " && $0 != "\t" })
        switch problem {
        case "found incompatible YAML document":
            return SyntaxErrorHint(mark: Mark(line: mark.line, column: 1), length: max(1, line.unicodeScalars.count),
                                   message: "'\(line)' names a YAML version the reader does not take (libyaml reads 1.1 and 1.2); "
                                       + "remove the line, specs are YAML 1.2")
        case "found unknown directive name":
            return SyntaxErrorHint(mark: Mark(line: mark.line, column: 1), length: max(1, word.unicodeScalars.count),
                                   message: "'\(word)' is no directive the reader knows (only %YAML and %TAG are); remove the line")
        case "found undefined tag handle":
            return SyntaxErrorHint(mark: mark, length: 1,
                                   message: "this tag's handle is defined by no %TAG line above; remove the tag (each key reads "
                                       + "its own value as written) or define the handle")
        default:
            return nil
        }
    }

    /// `"\ud83d\ude00"`, JSON's way to write 😀: YAML takes no surrogate and writes it `\U0001F600`.
    private static func surrogateEscape(_ problem: String, at mark: Mark, _ source: SourceText) -> SyntaxErrorHint? {
        guard problem == "found invalid Unicode character escape code" else { return nil }
        let line = source.line(mark.line) ?? ""
        let pattern = /\\u([dD][89abAB][0-9a-fA-F]{2})\\u([dD][c-fC-F][0-9a-fA-F]{2})/
        guard let match = line.firstMatch(of: pattern), let high = UInt32(match.1, radix: 16), let low = UInt32(match.2, radix: 16)
        else {
            // Half a pair, or the halves reversed: no character at all.
            guard let half = line.firstMatch(of: /\\u[dD][89a-fA-F][0-9a-fA-F]{2}/) else { return nil }
            return SyntaxErrorHint(mark: mark, length: 1,
                                   message: "'\(half.0)' is half of a surrogate pair (JSON's way to write a character beyond U+FFFF), "
                                       + "which YAML does not take; write the character itself, or \\U and its eight hex digits")
        }
        let code = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
        let hex = String(code, radix: 16, uppercase: true)
        let written = "\\U" + String(repeating: "0", count: 8 - hex.count) + hex
        return SyntaxErrorHint(mark: mark, length: 1,
                               message: "'\(match.0)' is a surrogate pair, JSON's way to write a character beyond U+FFFF; YAML takes "
                                   + "no surrogate: write \(written), or the character itself")
    }

    /// The text in double quotes, or in single quotes when it holds a double quote or a backslash (which double
    /// quotes would make an escape): either way YAML reads back exactly the text.
    static func quoted(_ text: String) -> String {
        guard text.contains("\"") || text.contains("\\") else { return "\"\(text)\"" }
        return "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }

    /// `after:` indented more than the `key: value` line above it: YAML reads it as the rest of that value.
    private static func deeperKey(_ line: String, at mark: Mark, previous: String?) -> SyntaxErrorHint? {
        guard let previous, indentation(of: line) > indentation(of: previous), !previous.hasSuffix(":") else { return nil }
        let key = String(line.unicodeScalars.dropFirst(indentation(of: line)).prefix(mark.column - 1 - indentation(of: line)))
        guard !key.isEmpty, !key.contains(" ") else { return nil }
        return SyntaxErrorHint(
            mark: Mark(line: mark.line, column: indentation(of: line) + 1), length: key.unicodeScalars.count,
            message: "'\(key)' is indented more than the line above it, so YAML reads it as part of that line's value; indent it exactly like the key it belongs beside")
    }

    /// A key indented between two levels (` rule:` with one space, under keys at two): libyaml ends the mapping above
    /// and finds no key at the level it returns to, and said "did not find expected key" with a note at line 1 (a
    /// newcomer). The levels of the lines above it, nearest first, and the one to indent it like.
    private static func strayIndent(at mark: Mark, _ source: SourceText) -> SyntaxErrorHint? {
        guard let line = source.line(mark.line) else { return nil }
        let spaces = line.unicodeScalars.prefix { $0 == " " }.count
        guard spaces == mark.column - 1, spaces > 0 else { return nil }
        func spoken(_ count: Int) -> String { count == 0 ? "none" : "\(count) space\(count == 1 ? "" : "s")" }
        let isItem = line.unicodeScalars.dropFirst(spaces).first == "-"
        // The open levels above: each line less indented than every line between it and here. A list item (`- …`) is
        // no key: its keys stand after its `- ` (a second round's `run-count` under a `runs:` list was offered the
        // items' column, which is no key's).
        var levels: [(spaces: Int, line: Int, key: String?)] = []
        var items: [(spaces: Int, line: Int)] = []
        var lowest = Int.max
        var number = mark.line - 1
        while number >= 1, lowest != 0 {
            if let text = source.line(number) {
                let trimmed = text.trimmingCharacters(in: .whitespaces)
                if !trimmed.isEmpty, !trimmed.hasPrefix("#"), !trimmed.hasPrefix("---") {
                    let indent = text.unicodeScalars.prefix { $0 == " " }.count
                    func key(_ text: Substring) -> String? {
                        let name = text.prefix { $0 != ":" && $0 != " " && $0 != "{" && $0 != "[" && $0 != "\"" && $0 != "'" }
                        let rest = text.dropFirst(name.count)
                        return !name.isEmpty && (rest == ":" || rest.hasPrefix(": ")) ? String(name) : nil
                    }
                    if indent < lowest {
                        lowest = indent
                        if trimmed.hasPrefix("- ") || trimmed == "-" {
                            items.append((indent, number))
                            // A block item's first key stands after its `- `: the level of the keys under it.
                            if let first = key(trimmed.dropFirst(2)) { levels.append((indent + 2, number, first)) }
                        } else {
                            levels.append((indent, number, key(Substring(trimmed))))
                        }
                    }
                }
            }
            number -= 1
        }
        if isItem {
            // A list item between levels: the items above it are its siblings (a second round was offered a key's column
            // too, and the item there was read as a key).
            guard let sibling = items.first, sibling.spaces != spaces, !levels.contains(where: { $0.spaces == spaces }),
                  levels.first.map({ $0.line < sibling.line }) ?? true else { return nil }
            return SyntaxErrorHint(
                mark: mark, length: 1,
                message: "this list item is indented \(spoken(spaces)), and the items above it \(spoken(sibling.spaces)) (line \(sibling.line)); "
                    + "YAML places an item by its indentation alone: indent it \(spoken(sibling.spaces)), as line \(sibling.line)")
        }
        let key = line.unicodeScalars.dropFirst(spaces).prefix { $0 != ":" && $0 != " " }
        let name = key.isEmpty ? "this line" : "'\(String(String.UnicodeScalarView(key)))'"
        func like(_ level: (spaces: Int, line: Int, key: String?)) -> String {
            "\(spoken(level.spaces)), as \(level.key.map { "'\($0)' on " } ?? "")line \(level.line)"
        }
        // A key at a list's `- ` column is `keyBesideDash`'s.
        guard let above = levels.first, !levels.contains(where: { $0.spaces == spaces }), !items.contains(where: { $0.spaces == spaces })
        else { return nil }
        if spaces > above.spaces {
            // Deeper than a key whose value is written on its own line (`store: {…}`): nothing opens under it (a second
            // round's `temp-files` under a flow `store`).
            guard above.key != nil, above.line == mark.line - 1 || previousLine(before: mark.line, source) == source.line(above.line) else { return nil }
            return SyntaxErrorHint(
                mark: mark, length: max(1, key.count),
                message: "\(name) is indented \(spoken(spaces)), more than '\(above.key!)' above it, whose value is written on its line, so "
                    + "nothing opens under it; indent it \(like(above))")
        }
        let outer = levels.dropFirst().first { $0.spaces < spaces }
        return SyntaxErrorHint(
            mark: mark, length: max(1, key.count),
            message: "\(name) is indented \(spoken(spaces)), between the keys above it, indented \(spoken(above.spaces)) (line \(above.line))"
                + (outer.map { " and \(spoken($0.spaces)) (line \($0.line))" } ?? "")
                + "; YAML places a key by its indentation alone: indent it exactly like the keys it belongs with, "
                + like(above) + (outer.map { ", or " + like($0) } ?? ""))
    }

    /// `launch com.example.app.refresh`: a key without its colon. libyaml gives up on the next line; the mistake is here.
    private static func keyWithoutColon(_ line: String, at mark: Mark) -> SyntaxErrorHint? {
        let text = String(String.UnicodeScalarView(line.unicodeScalars.dropFirst(mark.column - 1)))
        let words = text.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard words.count == 2, !text.contains(":"), !text.hasPrefix("#"),
              words[0].unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || $0 == "-" || $0 == "_") })
        else { return nil }
        let value = (words[1].range(of: " #").map { words[1][..<$0.lowerBound] } ?? words[1]).trimmingCharacters(in: .whitespaces)
        return SyntaxErrorHint(
            mark: mark, length: words[0].unicodeScalars.count,
            message: "'\(words[0]) \(value)' has no ':' after '\(words[0])', so YAML cannot read it as a key and its value; write '\(words[0]): \(value)'")
    }

    /// `  "nonexistent: skip"`: a `key: value` line pasted with its quotes (from a chat, a doc's inline code, a JSON
    /// string). YAML reads one quoted text where a key goes, and libyaml gives up on the next line for want of a ':'
    /// (a first-contact review kept libyaml's words).
    private static func quotedLine(_ line: String, at mark: Mark) -> SyntaxErrorHint? {
        let text = String(String.UnicodeScalarView(line.unicodeScalars.dropFirst(mark.column - 1))).trimmingCharacters(in: .whitespaces)
        guard let quote = text.first, quote == "\"" || quote == "'", text.count > 2, text.last == quote else { return nil }
        let inner = String(text.dropFirst().dropLast())
        guard !inner.contains(quote), let colon = inner.range(of: ": "), !inner[..<colon.lowerBound].isEmpty,
              !inner[..<colon.lowerBound].contains(" ")
        else { return nil }
        return SyntaxErrorHint(
            mark: mark, length: text.unicodeScalars.count,
            message: "\(text) is one quoted text where a key goes, so YAML finds no key in it; remove the quotes: \(inner)")
    }

    /// `cases:` written a line early: a key (`repeated: first`) under it, then its list. YAML takes keys or list items under
    /// one key, not both, and libyaml says "did not find expected key" at the first item (a first-contact review kept
    /// libyaml's words). `opened` is where libyaml's mapping began, the first of those keys; `item` the first item.
    private static func keysBeforeItems(opened: Mark, item: Mark, _ source: SourceText) -> SyntaxErrorHint? {
        guard opened.line < item.line, let itemLine = source.line(item.line) else { return nil }
        let spaces = opened.column - 1
        let itemText = itemLine.unicodeScalars.dropFirst(spaces)
        guard itemLine.unicodeScalars.prefix(while: { $0 == " " }).count == spaces, itemText.first == "-",
              itemText.dropFirst().first.map({ $0 == " " }) ?? true else { return nil }
        // The keys at the mapping's level, and the key both stand under.
        var keys: [(line: Int, key: String)] = []
        for number in opened.line..<item.line {
            guard let text = source.line(number), text.unicodeScalars.prefix(while: { $0 == " " }).count == spaces else { continue }
            let key = String(String.UnicodeScalarView(text.unicodeScalars.dropFirst(spaces).prefix { $0 != ":" && $0 != " " }))
            if !key.isEmpty, !key.hasPrefix("#"), text.unicodeScalars.dropFirst(spaces + key.unicodeScalars.count).first == ":" {
                keys.append((number, key))
            }
        }
        guard !keys.isEmpty, let parent = listParent(above: opened.line, spaces: spaces, source) else { return nil }
        // A key after the item at its level: the item is one of the mapping's keys with a stray `- ` (pasted from a
        // list), not the start of a list written a line early (a review moved the keys above, as told, and broke more).
        var next = item.line + 1
        while let text = source.line(next), text.trimmingCharacters(in: .whitespaces).isEmpty || text.trimmingCharacters(in: .whitespaces).hasPrefix("#") {
            next += 1
        }
        if let after = source.line(next), after.unicodeScalars.prefix(while: { $0 == " " }).count == spaces,
           after.unicodeScalars.dropFirst(spaces).first != "-" {
            let entry = String(String.UnicodeScalarView(itemText.dropFirst())).trimmingCharacters(in: .whitespaces)
            let quoted = entry.count > 2 && (entry.first == "\"" || entry.first == "'") && entry.last == entry.first
            let plain = quoted ? String(entry.dropFirst().dropLast()) : entry
            return SyntaxErrorHint(
                mark: item, length: 1,
                message: "the '- ' makes line \(item.line) a list item among the keys of '\(parent.key):', which go on at line \(next), and "
                    + "under one key YAML takes keys or a list, not both; remove the '- '\(quoted ? " and the quotes" : ""): \(plain)")
        }
        let lines = keys.count == 1 ? "line \(keys[0].line)" : "lines \(keys[0].line)–\(keys[keys.count - 1].line)"
        let named = keys.map { "'\($0.key)'" }.joined(separator: ", ")
        let said = "'\(parent.key):' holds \(keys.count == 1 ? "the key" : "the keys") \(named) (\(lines)) and then a list item "
            + "(line \(item.line)) at the same indentation; under one key YAML takes keys or a list, not both"
        let scheduleKeys = MisplacedKeys.scheduleKeysInWindow.keys
        if parent.key == "cases", keys.allSatisfy({ scheduleKeys.contains($0.key) }),
           let schedule = (1..<parent.line).last(where: { source.line($0)?.hasPrefix("schedule:") == true }) {
            // A key the schedule sets already is a case's override out of place; one it lacks is the schedule's own
            // (a case cannot supply a key the schedule must have: the review's second fix failed on `missing-key`).
            let set = keys.filter { key in
                ((schedule + 1)..<parent.line).contains { source.line($0)?.trimmingCharacters(in: .whitespaces).hasPrefix(key.key + ":") == true }
            }
            let them = keys.count == 1 ? "it" : "them"
            if set.count == keys.count {
                return SyntaxErrorHint(
                    mark: Mark(line: keys[0].line, column: opened.column), length: keys[0].key.unicodeScalars.count,
                    message: said + ": 'schedule:' (line \(schedule)) sets \(named) already; to change \(them) for one case, indent "
                        + "\(keys.count == 1 ? "line \(keys[0].line)" : lines) under that case's '- ', like its 'after'; else remove \(them)")
            }
            if set.isEmpty {
                return SyntaxErrorHint(
                    mark: Mark(line: parent.line, column: 1), length: "cases".count,
                    message: said + ": 'cases:' is written a line too early; move \(keys.count == 1 ? "line \(keys[0].line)" : lines) "
                        + "above it, into 'schedule:' (line \(schedule)), indented like its keys")
            }
        }
        return SyntaxErrorHint(
            mark: Mark(line: keys[0].line, column: opened.column), length: keys[0].key.unicodeScalars.count,
            message: said + ": move \(keys.count == 1 ? "line \(keys[0].line)" : lines) above '\(parent.key):', or indent "
                + "\(keys.count == 1 ? "it" : "them") under a list item, like that item's keys")
    }

    /// `    2027-03-29T02:30:00+02:00` between two `    - …` items: a list item without its `- `. libyaml reads it as
    /// the start of a key and gives up on the next line, for want of a colon; the mistake is here.
    private static func itemWithoutDash(_ line: String, at mark: Mark, _ source: SourceText) -> SyntaxErrorHint? {
        let spaces = line.unicodeScalars.prefix { $0 == " " }.count
        let text = String(String.UnicodeScalarView(line.unicodeScalars.dropFirst(spaces)))
            .trimmingCharacters(in: .whitespaces)
        guard spaces == mark.column - 1, !text.isEmpty, !text.hasPrefix("-"), !text.hasPrefix("#"),
              let above = previousLine(before: mark.line, source),
              above.unicodeScalars.prefix(while: { $0 == " " }).count == spaces,
              above.unicodeScalars.dropFirst(spaces).starts(with: "- ".unicodeScalars)
        else { return nil }
        return SyntaxErrorHint(
            mark: mark, length: text.unicodeScalars.count,
            message: "'\(text)' is in the list above but has no '- ', so YAML cannot read it as an item; write '- \(text)'")
    }

    /// `    -2027-01-02T08:00:00+13:45` below `    - 2027-01-01T08:00:00+13:45`: an item's `-` without its space. YAML
    /// reads it as the start of a key and gives up on the next line for want of a colon; the first item alone is a
    /// text value, told by the key that wanted a list (`ValueReader.itemWithoutSpace`).
    private static func dashWithoutSpace(_ line: String, at mark: Mark, _ source: SourceText) -> SyntaxErrorHint? {
        let spaces = line.unicodeScalars.prefix { $0 == " " }.count
        let text = String(String.UnicodeScalarView(line.unicodeScalars.dropFirst(spaces))).trimmingCharacters(in: .whitespaces)
        guard spaces == mark.column - 1, let item = ValueReader.itemWithoutSpace(text),
              let above = previousLine(before: mark.line, source),
              above.unicodeScalars.prefix(while: { $0 == " " }).count == spaces,
              above.unicodeScalars.dropFirst(spaces).starts(with: "- ".unicodeScalars)
        else { return nil }
        return SyntaxErrorHint(
            mark: mark, length: 1,
            message: "'\(text)' is in the list above, but a list item's '-' needs a space after it; write '- \(item)'")
    }

    /// `  launch: …` under `  - at: …`: a key at the column of the list's `- `, without one. YAML wants a new item there;
    /// the author meant either that (a forgotten `- `) or the item above (its keys start after the `- `).
    private static func keyBesideDash(_ line: String, at mark: Mark, _ source: SourceText) -> SyntaxErrorHint? {
        let spaces = line.unicodeScalars.prefix { $0 == " " }.count
        guard spaces == mark.column - 1 else { return nil }
        var number = mark.line - 1
        while number >= 1 {
            guard let above = source.line(number) else { return nil }
            let aboveSpaces = above.unicodeScalars.prefix { $0 == " " }.count
            let rest = above.unicodeScalars.dropFirst(aboveSpaces)
            if aboveSpaces == spaces, rest.first == "-", rest.dropFirst().first == " " {
                let itemColumn = indentation(of: above) + 1
                let key = String(String.UnicodeScalarView(line.unicodeScalars.dropFirst(spaces).prefix { $0 != ":" && $0 != " " }))
                guard !key.isEmpty, line.unicodeScalars.dropFirst(spaces + key.unicodeScalars.count).first == ":" else { return nil }
                if key.count > 1, key.hasPrefix("-"), !key.hasPrefix("--") {
                    // `-at: …`: an item's `-` without its space, not a key beside the dash ("write '- -at: …'" was wrong).
                    return SyntaxErrorHint(
                        mark: mark, length: 1,
                        message: "'\(key):' is a list item's '-' without the space after it; write '- \(key.dropFirst()): …'")
                }
                // A list of steps under `expect:` in a scenario whose `steps:` is above: `expect:` was written a line too
                // early (a second review round applied both fixes below and both failed).
                if let parent = listParent(above: number, spaces: spaces, source), parent.key == "expect",
                   String(rest).contains("launch:") || String(rest).contains("at:"),
                   (1..<parent.line).contains(where: { source.line($0)?.hasPrefix("steps:") == true }) {
                    return SyntaxErrorHint(
                        mark: Mark(line: parent.line, column: 1), length: "expect".count,
                        message: "the list under 'expect:' holds a step (line \(number)): 'expect:' is written a line too early; move the "
                            + "step above 'expect:', into 'steps:', so that 'expect:' holds only the checks")
                }
                return SyntaxErrorHint(
                    mark: mark, length: key.unicodeScalars.count,
                    message: "'\(key)' is at the column of the list's '- ' (column \(mark.column)) but has no '- '; to continue the item above, indent it like that item's keys (column \(itemColumn)); to start a new item, write '- \(key): …'")
            }
            if aboveSpaces < spaces, !rest.isEmpty, rest.first != "#" { return nil }
            number -= 1
        }
        return nil
    }

    /// The key a list at `spaces` belongs to: the nearest line above `item` indented less, when it is `key:` alone.
    private static func listParent(above item: Int, spaces: Int, _ source: SourceText) -> (key: String, line: Int)? {
        var number = item - 1
        while number >= 1, let text = source.line(number) {
            let indent = text.unicodeScalars.prefix { $0 == " " }.count
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if !trimmed.isEmpty, !trimmed.hasPrefix("#"), indent < spaces || (indent == spaces && !trimmed.hasPrefix("-")) {
                return trimmed.hasSuffix(":") ? (String(trimmed.dropLast()), number) : nil
            }
            number -= 1
        }
        return nil
    }

    /// `rule: {every: day, at: "02:15"` with the next key below it: a `{` or `[` that is not closed before a line that
    /// cannot be part of it. libyaml reads on and gives up there, with a message about a missing ','; the mistake is the
    /// closing bracket. A mapping or list written over several lines goes on indented deeper than its key, so the line
    /// where libyaml gave up being a key beside it (or a document marker, or the end) says the bracket was meant to
    /// close on the last line above.
    private static func unclosedFlow(opened mark: Mark, errorLine: Int, _ source: SourceText) -> SyntaxErrorHint? {
        guard let first = source.line(mark.line) else { return nil }
        // A line inside a mapping or list opened above it (`rule: {every: week,` then `on: [mon,`): indentation says
        // nothing there, and where a bracket goes cannot be told from it.
        if let above = previousLine(before: mark.line, source), leavesOpen(above) { return nil }
        // Where the block goes on: the first line below that is a document marker or a key beside the opening one
        // (indented no deeper), up to libyaml's line; its end, or the end of the file, when libyaml gave up there.
        var stop: Int?
        for number in (mark.line + 1)...errorLine {
            guard let line = source.line(number) else { continue }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            if line.hasPrefix("---") || line.hasPrefix("...") || indentation(of: line) <= indentation(of: first) {
                stop = number
                break
            }
        }
        if stop == nil, source.line(errorLine) == nil { stop = errorLine }
        guard let stop else { return nil }
        // The last line with content above it: where the closing bracket goes.
        var last = stop - 1
        while last > mark.line, source.line(last).map({ $0.trimmingCharacters(in: .whitespaces).isEmpty || $0.trimmingCharacters(in: .whitespaces).hasPrefix("#") }) ?? true {
            last -= 1
        }
        // Brackets opened before this one on its line are closed too (`--- {spec: X, tags: [a`: `]}`, not `]` and then,
        // a run later, `}`); counted from the line's first bracket when no quote comes before it.
        let firstScalars = Array(first.unicodeScalars)
        guard mark.column <= firstScalars.count, firstScalars[mark.column - 1] == "{" || firstScalars[mark.column - 1] == "[" else { return nil }
        let firstBracket = firstScalars.firstIndex { $0 == "{" || $0 == "[" } ?? (mark.column - 1)
        let start = firstScalars[..<firstBracket].contains { $0 == "\"" || $0 == "'" } ? mark.column - 1 : firstBracket
        var open: [Unicode.Scalar] = []
        // The column of each bracket in `open` opened on the first line (0 for later lines): the outermost is named.
        var openColumns: [Int] = []
        var content: [Unicode.Scalar] = []
        for number in mark.line...last {
            guard let line = source.line(number) else { continue }
            let scalars = Array(line.unicodeScalars)
            var quote: Unicode.Scalar?
            var end = scalars.count
            var index = number == mark.line ? start : 0
            while index < scalars.count {
                let scalar = scalars[index]
                if let current = quote {
                    if current == "\"" && scalar == "\\" { index += 1 } else if scalar == current { quote = nil }
                } else if scalar == "\"" || scalar == "'" {
                    quote = scalar
                } else if scalar == "#", index > 0, scalars[index - 1] == " " || scalars[index - 1] == "\t" {
                    end = index
                    break
                } else if scalar == "{" || scalar == "[" {
                    open.append(scalar)
                    openColumns.append(number == mark.line ? index + 1 : 0)
                } else if scalar == "}" || scalar == "]" {
                    guard let inner = open.popLast(), (inner == "{") == (scalar == "}") else { return nil }
                    openColumns.removeLast()
                    if open.isEmpty, number > mark.line || index >= mark.column - 1 { return nil }
                }
                index += 1
            }
            // A quote left open at a line's end is libyaml's other error; a bracket so found is not the mistake.
            guard quote == nil else { return nil }
            content = Array(scalars[..<end])
        }
        guard let outer = open.first, openColumns[0] > 0 else { return nil }
        let opened = Mark(line: mark.line, column: openColumns[0])
        var text = String(String.UnicodeScalarView(content)).trimmingCharacters(in: .whitespaces)
        // `[a,` then a key: the list was cut short; what is typed is closed without its last comma.
        if text.hasSuffix(",") { text.removeLast() }
        let closers = String(String.UnicodeScalarView(open.reversed().map { $0 == "{" ? "}" : "]" }))
        let what = outer == "{" ? "mapping" : "list"
        guard last > mark.line else {
            return SyntaxErrorHint(
                mark: opened, length: 1,
                message: "the \(what) opened with '\(outer)' here is not closed on its line, and what follows is not part "
                    + "of it; end this line with '\(closers)': \(text + closers)")
        }
        let column = content.count - content.reversed().prefix { $0 == " " || $0 == "\t" }.count + 1
        return SyntaxErrorHint(
            mark: Mark(line: last, column: column), length: 1,
            message: "the \(what) opened with '\(outer)' at line \(opened.line), column \(opened.column) is not closed, and what "
                + "follows is not part of it; end this line with '\(closers)': \(text + closers)")
    }

    /// Whether a line leaves a flow collection open after it: it ends with `,` or opens more brackets than it closes.
    private static func leavesOpen(_ line: String) -> Bool {
        var depth = 0
        var quote: Character?
        var content = ""
        for character in line {
            if let current = quote {
                if character == current { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "#", content.last == " " {
                break
            } else if character == "{" || character == "[" {
                depth += 1
            } else if character == "}" || character == "]" {
                depth -= 1
            }
            content.append(character)
        }
        return depth > 0 || content.trimmingCharacters(in: .whitespaces).hasSuffix(",")
    }

    /// `{every: week, on: [mon, thu, at: "09:00"}`: a `}` that would close the mapping while the list in it is open (or
    /// a `]` the list while a mapping in it is). libyaml names the bracket it wanted; the list's own end is missing.
    private static func crossedClosers(_ line: String, opened: Mark, at mark: Mark) -> SyntaxErrorHint? {
        let scalars = Array(line.unicodeScalars)
        guard opened.column >= 1, mark.column <= scalars.count, opened.column < mark.column else { return nil }
        let (open, close) = (scalars[opened.column - 1], scalars[mark.column - 1])
        let (what, wanted, other) = open == "[" ? ("list", "]", "mapping") : ("mapping", "}", "list")
        guard (open == "[" && close == "}") || (open == "{" && close == "]") else { return nil }
        if mark.column < scalars.count, String(scalars[mark.column]) == wanted {
            // `… at: "09:00"}]`: both brackets typed, in the wrong order; "type ']' before this '}'" left a stray one.
            return SyntaxErrorHint(
                mark: mark, length: 2,
                message: "'\(close)\(wanted)' closes the \(other) before the \(what) opened with '\(open)' at column \(opened.column), "
                    + "which is inside it; close them the other way round: '\(wanted)\(close)'")
        }
        return SyntaxErrorHint(
            mark: mark, length: 1,
            message: "'\(close)' here would close a \(other) while the \(what) opened with '\(open)' at column \(opened.column) is still "
                + "open; type '\(wanted)' where the \(what) ends, before this '\(close)'")
    }

    /// Leading spaces, counting a list item's `- ` as indentation (the keys of one item start after it).
    private static func indentation(of line: String) -> Int {
        var count = 0
        var scalars = line.unicodeScalars[...]
        while let first = scalars.first, first == " " || (first == "-" && scalars.dropFirst().first == " ") {
            count += 1
            scalars = scalars.dropFirst()
        }
        return count
    }

    private static func previousLine(before number: Int, _ source: SourceText) -> String? {
        var index = number - 1
        while index >= 1 {
            if let line = source.line(index), !line.trimmingCharacters(in: .whitespaces).isEmpty,
               !line.trimmingCharacters(in: .whitespaces).hasPrefix("#") {
                return line
            }
            index -= 1
        }
        return nil
    }
}
