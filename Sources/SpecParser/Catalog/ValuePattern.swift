import Recurrence
import SpecModel

/// Regular expressions (ECMA-262, as JSON Schema's `pattern` reads them) for the scalar forms the parser reads:
/// the schema's description of each form. The parser itself reads each form by hand, with a message per problem.
enum ValuePattern {
    /// RFC 3339 with seconds, an optional fraction and an offset; `T`, `t` or one space between date and time.
    static let instant =
        "^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])[Tt ]([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](\\.[0-9]+)?([Zz]|[+-]([01][0-9]|2[0-3]):[0-5][0-9])$"

    /// `YYYY-MM-DD`: a local date, no time, no offset.
    static let localDate = "^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$"

    /// A count of at least 1 and one of `periods`, singular or plural, as `every:` steps: `2 weeks`, `1 day`. With
    /// `atLeastTwo`, only counts of 2 or more (the ones that need `from`).
    static func step(_ periods: [String], atLeastTwo: Bool = false) -> String {
        let count = atLeastTwo ? "0*([2-9]|[1-9][0-9]+)" : "0*[1-9][0-9]*"
        return "^[ \\t]*" + count + "[ \\t]+(" + periods.joined(separator: "|") + ")s?[ \\t]*$"
    }

    /// The periods a calendar rule can step by.
    static let steppedPeriods = ["day", "week", "month", "year"]

    /// `HH:MM` or `HH:MM:SS`; a one-digit hour is accepted (`9:00`).
    static let wallTime = "^([01]?[0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?$"

    /// Numbers with units `d`, `h`, `m`, `s`, larger units first, each at most once.
    static let duration = "^(?=[0-9])([0-9]+d)?([0-9]+h)?([0-9]+m)?([0-9]+s)?$"

    /// A duration with a digit other than 0: longer than zero (`0s`, `0h00m` are refused where a duration must pass).
    static let positiveDuration = "^(?=[0-9a-z]*[1-9])" + duration.dropFirst()

    /// A whole number in `range` written with digits, leading zeros allowed, at most `length` characters: the
    /// parser's reading of `version: "7"` or `minute: "05"` (a quoted `"60"` for a minute is refused, as it is).
    static func wholeNumber(_ range: ClosedRange<Int>, length: Int) -> String {
        "^(?=[0-9]{1,\(length)}$)0*(" + numberAlternatives(range) + ")$"
    }

    /// A day of the month: 1–31 written with digits (as many as the rule reader reads), or `last`.
    static let dayOfMonth = "^((?=[0-9]{1,\(ValueReader.calendarNumberLength)}$)0*(" + numberAlternatives(1...31) + ")|last)$"

    /// The numbers of `range` as regular-expression alternatives without leading zeros: `0...59` →
    /// `[0-9]|[1-5][0-9]`. Built a digit count at a time, each split into a first digit and the rest.
    static func numberAlternatives(_ range: ClosedRange<Int>) -> String {
        precondition(range.lowerBound >= 0, "whole numbers in specs are not negative")
        var parts: [String] = []
        let digits = { (number: Int) in String(number).count }
        for count in digits(range.lowerBound)...digits(range.upperBound) {
            let smallest = count == 1 ? 0 : Int("1" + String(repeating: "0", count: count - 1))!
            let largest = Int(String(repeating: "9", count: count))!
            let low = max(range.lowerBound, smallest), high = min(range.upperBound, largest)
            if low <= high { parts.append(sameLength(Array(String(low)), Array(String(high)))) }
        }
        return parts.joined(separator: "|")
    }

    /// The numbers from `low` to `high`, both written with the same number of digits.
    private static func sameLength(_ low: [Character], _ high: [Character]) -> String {
        func digitClass(_ from: Character, _ to: Character) -> String { from == to ? String(from) : "[\(from)-\(to)]" }
        func grouped(_ pattern: String) -> String { pattern.contains("|") ? "(?:" + pattern + ")" : pattern }
        func anyDigits(_ count: Int) -> String { count == 0 ? "" : count == 1 ? "[0-9]" : "[0-9]{\(count)}" }
        if low == high { return String(low) }
        guard low.count > 1 else { return digitClass(low[0], high[0]) }
        let rest = low.count - 1
        let lowRest = Array(low.dropFirst()), highRest = Array(high.dropFirst())
        if low[0] == high[0] { return String(low[0]) + grouped(sameLength(lowRest, highRest)) }
        var parts: [String] = []
        let lowFromZero = lowRest.allSatisfy { $0 == "0" }, highToNines = highRest.allSatisfy { $0 == "9" }
        var middleFrom = low[0].wholeNumberValue! + 1, middleTo = high[0].wholeNumberValue! - 1
        if lowFromZero { middleFrom -= 1 } else {
            parts.append(String(low[0]) + grouped(sameLength(lowRest, Array(repeating: "9", count: rest))))
        }
        if highToNines { middleTo += 1 }
        if middleFrom <= middleTo {
            parts.append(digitClass(Character(String(middleFrom)), Character(String(middleTo))) + anyDigits(rest))
        }
        if !highToNines {
            parts.append(String(high[0]) + grouped(sameLength(Array(repeating: "0", count: rest), highRest)))
        }
        return parts.joined(separator: "|")
    }

    /// A full English weekday name or its first three letters, any case.
    static let weekday = "^(" + Weekday.allCases.sorted().map { day in
        caseInsensitive(day.abbreviation) + "(" + caseInsensitive(String(day.name.dropFirst(3))) + ")?"
    }.joined(separator: "|") + ")$"

    /// One weekday of a month with one of `ordinals` (`last friday`, `2nd Tue`): the ordinal's name or numeral, spaces,
    /// a weekday; any case, spaces or tabs around allowed (the reader splits the words at them).
    static func weekdayOfMonth(_ ordinals: [WeekdayOrdinal]) -> String {
        let words = ordinals.flatMap { $0.numeral == $0.name ? [$0.name] : [$0.name, $0.numeral] }
        return "^[ \\t]*(" + words.map(caseInsensitive).joined(separator: "|") + ")[ \\t]+" + String(weekday.dropFirst().dropLast()) + "[ \\t]*$"
    }

    /// 1–12 written with digits (as many as the rule reader reads), or an English month name (full or three letters),
    /// any case.
    static let month = "^((?=[0-9]{1,\(ValueReader.calendarNumberLength)}$)0*(" + numberAlternatives(1...12) + ")|" + SpecKeyCatalog.monthNames.map { name in
        caseInsensitive(String(name.prefix(3))) + (name.count > 3 ? "(" + caseInsensitive(String(name.dropFirst(3))) + ")?" : "")
    }.joined(separator: "|") + ")$"

    /// Some of the months, as `month` may write them: digits (leading zeros allowed) or an English name.
    static func months(_ numbers: [Int]) -> String {
        "^(0*(" + numbers.map(String.init).joined(separator: "|") + ")|" + numbers.map { number in
            let name = SpecKeyCatalog.monthNames[number - 1]
            return caseInsensitive(String(name.prefix(3))) + (name.count > 3 ? "(" + caseInsensitive(String(name.dropFirst(3))) + ")?" : "")
        }.joined(separator: "|") + ")$"
    }

    /// Some of the days of a month, as `day` may write them in a string (leading zeros allowed).
    static func days(_ numbers: [Int]) -> String {
        "^0*(" + numbers.map(String.init).joined(separator: "|") + ")$"
    }

    /// `daily <times>`, `weekly <days> <times>`, `every <duration> from <instant>`, with blanks around them as the
    /// parser allows (`" daily 02:30"` ran, and the editor marked it), and each part as its own key writes it: times
    /// and weekdays separated by commas, a duration longer than zero (`daily 25:00`, `weekly mon;thu 09:00` and
    /// `every 0s from …` passed an editor that only counted words).
    static let ruleShorthand: String = {
        let blanks = "[ \\t]+"
        let times = unanchored(wallTime) + "(," + unanchored(wallTime) + ")*"
        let days = unanchored(weekday) + "(," + unanchored(weekday) + ")*"
        return "^[ \\t]*(daily" + blanks + times + "|weekly" + blanks + days + blanks + times
            + "|every" + blanks + unanchored(positiveDuration) + blanks + "from" + blanks + unanchored(instant) + ")[ \\t]*$"
    }()

    /// A pattern `^…$` without its anchors, to be part of a larger one.
    private static func unanchored(_ pattern: String) -> String {
        precondition(pattern.hasPrefix("^") && pattern.hasSuffix("$"), "\(pattern) is not anchored")
        return "(" + pattern.dropFirst().dropLast() + ")"
    }

    /// A task identifier: letters, digits, `.`, `-` and `_`.
    static let identifier = "^[A-Za-z0-9._-]+$"

    /// An error type: lowercase letters, digits and `-`.
    static let errorType = "^[a-z0-9-]+$"

    /// `during <stage>` (the words separated by spaces, as the step reader splits them), and `after-write` when allowed.
    static func checkpoint(afterWrite: Bool) -> String {
        let during = " *during +(" + LifecycleSpec.Stage.allCases.map(\.rawValue).joined(separator: "|") + ") *"
        return "^(" + (afterWrite ? "after-write|" : "") + during + ")$"
    }

    /// `mon` → `[Mm][Oo][Nn]`: ECMA-262 patterns in JSON Schema have no case-insensitive flag.
    private static func caseInsensitive(_ word: String) -> String {
        word.map { character in
            let lower = character.lowercased(), upper = character.uppercased()
            return lower == upper ? String(character) : "[" + upper + lower + "]"
        }.joined()
    }
}
