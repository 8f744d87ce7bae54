/// Finds a repeated group that holds a repetition itself, `(.*)*X` or `(\w+\s?)+$`, in a pattern from the command
/// line (`--filter`, `--redact`).
///
/// ICU backtracks, and `NSRegularExpression` offers no time limit: `--filter '(.*)*X'` ran for ever on the test ids
/// of a two-file starter, and SIGTERM only sets the flag a run polls. Refusing the shape is a rule of thumb (star
/// height above one), not a proof: an atomic group `(?>…)` or a possessive quantifier (`*+`, `++`) does not
/// backtrack, so either is the way to keep such a pattern. What the rule of thumb misses (`(.*a){30}`) is stopped by
/// ICU's time limit in the searches themselves (`BoundedRegex`) and told with `timedOut`.
enum NestedRepetition {
    /// The first offending group as written (`(.*)*`), or nil.
    static func find(in pattern: String) -> String? {
        let characters = Array(pattern)
        /// Per open group: where it starts, whether it is atomic, whether its body repeats without bound.
        var groups: [(start: Int, atomic: Bool, repeats: Bool)] = []
        var bodyRepeats = false
        var index = 0
        while index < characters.count {
            let character = characters[index]
            switch character {
            case "\\":
                if index + 1 < characters.count, characters[index + 1] == "Q" {
                    // \Q…\E is literal text.
                    var end = index + 2
                    while end + 1 < characters.count, !(characters[end] == "\\" && characters[end + 1] == "E") { end += 1 }
                    index = end + 2
                    continue
                }
                index += 2
                continue
            case "[":
                index = Self.endOfClass(characters, from: index)
                continue
            case "(":
                let atomic = index + 2 < characters.count && characters[index + 1] == "?" && characters[index + 2] == ">"
                groups.append((index, atomic, bodyRepeats))
                bodyRepeats = false
                index += 1
                continue
            case ")":
                guard let group = groups.popLast() else { index += 1; continue }
                let end = index + 1
                let (unbounded, possessive, next) = Self.quantifier(characters, at: end)
                if unbounded, !possessive, bodyRepeats, !group.atomic {
                    return String(characters[group.start..<next])
                }
                // What the parent sees: a part that repeats (inside, or as a whole) unless atomic.
                bodyRepeats = group.repeats || ((bodyRepeats || unbounded) && !group.atomic && !possessive)
                index = next
                continue
            default:
                let (unbounded, possessive, next) = Self.quantifier(characters, at: index)
                if unbounded, !possessive, index > 0 { bodyRepeats = true }
                index = next == index ? index + 1 : next
                continue
            }
        }
        return nil
    }

    /// The usage error for `source`, given to `option`, whose search in `text` reached ICU's time limit
    /// (`BoundedRegex`): a backtracking shape this check does not refuse up front, `(.*a){30}` or `(a|a)*$`.
    static func timedOut(source: String, option: String, text: String) -> String {
        "the value '\(source)' is not allowed for '\(option)': on \(text) its search reached ICU's time limit, as a "
            + "pattern does that backtracks without end (a repetition inside a repeated group, or alternatives that match "
            + "the same text); repeat only one of them (e.g. '.*a' for '(.*a){30}'), or make the group atomic, '(?>…)'."
    }

    /// The usage error for `source`, given to `option`, whose `group` repeats a repetition.
    static func refusal(of source: String, group: String, option: String) -> String {
        "the value '\(source)' is not allowed for '\(option)': its group '\(group)' repeats something that repeats itself, "
            + "which can take ICU exponential time (a run that never ends); repeat only one of them (e.g. '.*' for '(.*)*'), "
            + "or make the group atomic, '(?>…)'."
    }

    /// The quantifier at `index`, if any: whether it is unbounded (`*`, `+`, `{n,}`), whether possessive, and the
    /// index after it (`index` when there is none).
    private static func quantifier(_ characters: [Character], at index: Int) -> (unbounded: Bool, possessive: Bool, next: Int) {
        guard index < characters.count else { return (false, false, index) }
        var next = index
        var unbounded = false
        switch characters[index] {
        case "*", "+":
            unbounded = true
            next = index + 1
        case "?":
            next = index + 1
        case "{":
            guard let close = characters[index...].firstIndex(of: "}") else { return (false, false, index) }
            let body = String(characters[(index + 1)..<close])
            guard body.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ",") }), body.first?.isNumber == true else {
                return (false, false, index)
            }
            unbounded = body.hasSuffix(",")
            next = close + 1
        default:
            return (false, false, index)
        }
        if next < characters.count, characters[next] == "+" { return (unbounded, true, next + 1) }
        if next < characters.count, characters[next] == "?" { next += 1 }
        return (unbounded, false, next)
    }

    /// The index after the character class starting at `start` (`[…]`, nested classes and escapes included).
    private static func endOfClass(_ characters: [Character], from start: Int) -> Int {
        var depth = 0
        var index = start
        while index < characters.count {
            switch characters[index] {
            case "\\": index += 1
            case "[": depth += 1
            // A `]` first in the class (`[]a]`, `[^]a]`) is literal.
            case "]" where !(index == start + 1 || (index == start + 2 && characters[start + 1] == "^")):
                depth -= 1
                if depth == 0 { return index + 1 }
            default: break
            }
            index += 1
        }
        return characters.count
    }
}
