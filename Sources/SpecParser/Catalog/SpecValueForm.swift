import SpecModel

/// How a key's value is written: the one description the parser's key lists, the JSON Schema and the
/// reference page share.
public indirect enum SpecValueForm: Sendable {
    /// Any scalar, read as text (`spec: 2027` is the name "2027").
    case text(String)
    /// The reason for something (`skip:`): any text, but not a bare `true` or `false`, because the reason is the point.
    case reason
    /// A whole number written with digits only, within the range.
    case wholeNumber(ClosedRange<Int>)
    /// One word of a closed set (policies, engines, `every`).
    case choice([String])
    /// An RFC 3339 instant with an explicit offset: `2027-03-28T03:00:00+02:00`, `2027-03-28T01:00:00Z`.
    case instant
    /// A local date `YYYY-MM-DD`, without a time or an offset: a stepped calendar rule's `from`.
    case localDate
    /// A count and a period, `2 weeks`, `3 days`: a stepped calendar rule's `every`.
    case stepCount
    /// A wall time `HH:MM` or `HH:MM:SS`.
    case wallTime
    /// An elapsed time: `45s`, `90m`, `24h`, `1h30m`, `2d`.
    case duration
    /// An elapsed time longer than zero (`0s` and `0h0m` are refused): an interval, an expiration budget.
    case positiveDuration
    /// A weekday: a full English name or its first three letters, any case.
    case weekday
    /// A month: 1–12 or an English month name (full or three letters), any case.
    case month
    /// A day of the month, 1–31, or `last`.
    case dayOfMonth
    /// One weekday of a month: an ordinal and a weekday, `last friday`, `2nd tuesday`.
    case weekdayOfMonth
    /// An IANA time zone identifier, or `UTC`.
    case timeZone
    /// A rule in its shorthand string form: `daily 02:30`, `weekly mon,thu 09:00`, `every 24h from <instant>`.
    case ruleShorthand
    /// A nested mapping with its own keys.
    case mapping(SpecMapping)
    /// A list; `singleAllowed` accepts one item written without brackets, `nonEmpty` refuses `[]`.
    case list(SpecValueForm, singleAllowed: Bool, nonEmpty: Bool)
    /// Some of `words`, in their order, each at most once, always with `including`; a list, or `including` alone
    /// (`job.stages`: `[download, write]`, `write`).
    case orderedSubset([String], including: String)
    /// One of several forms (an instant or `{at, key}`; a shorthand string or a rule mapping).
    case either([SpecValueForm])
    /// A task identifier such as `com.example.app.refresh`: letters, digits, `.`, `-` and `_`.
    case identifier
    /// An error type as the diagnostics log shows it: lowercase letters, digits and `-` (`disk-full`).
    case errorType
    /// `true` or `false`, written as such.
    case flag
    /// A point in the lifecycle job: `during <stage>`, and `after-write` when `afterWrite`.
    case checkpoint(afterWrite: Bool)
    /// No value: `{}`, or nothing after the key (`terminate: {}`).
    case nothing

    /// How the reference page names the form in its "takes" column.
    public var summary: String {
        switch self {
        case .text(let what): what
        case .reason: "text: the reason"
        case .wholeNumber(let range): "whole number \(Self.number(range.lowerBound)) … \(Self.number(range.upperBound))"
        case .choice(let words): words.map { "`\($0)`" }.joined(separator: " \\| ")
        case .instant: "instant"
        case .localDate: "local date"
        case .stepCount: "count and period"
        case .wallTime: "wall time"
        case .duration: "duration"
        case .positiveDuration: "duration longer than zero"
        case .weekday: "weekday"
        case .month: "month"
        case .dayOfMonth: "day of month"
        case .weekdayOfMonth: "weekday of month"
        case .timeZone: "time zone"
        case .ruleShorthand: "rule shorthand"
        case .mapping(let mapping): "mapping (`\(mapping.name)`)"
        case .list(let item, let single, let nonEmpty):
            "list of \(item.summary)" + (nonEmpty ? " (at least one)" : "") + (single ? ", or one alone" : "")
        case .orderedSubset(let words, let including):
            "list of " + words.map { "`\($0)`" }.joined(separator: ", ") + " in that order, with `\(including)`, or `\(including)` alone"
        case .either(let forms): forms.map(\.summary).joined(separator: ", or ")
        case .identifier: "task identifier"
        case .errorType: "error type"
        case .flag: "`true` \\| `false`"
        case .checkpoint(let afterWrite): Self.checkpoints(afterWrite: afterWrite).map { "`\($0)`" }.joined(separator: " \\| ")
        case .nothing: "nothing (`{}`)"
        }
    }

    /// The forms a checkpoint is written in, as the step reader lists them: `after-write` (when allowed), then
    /// `during <stage>` for each stage of the job, in order.
    public static func checkpoints(afterWrite: Bool) -> [String] {
        (afterWrite ? ["after-write"] : []) + LifecycleSpec.Stage.allCases.map { "during \($0.rawValue)" }
    }

    /// The lists an `orderedSubset` allows: each keeps `words`' order and holds `including`.
    public static func orderedSubsets(of words: [String], including: String) -> [[String]] {
        var lists: [[String]] = [[]]
        for word in words { lists += lists.map { $0 + [word] } }
        return lists.filter { $0.contains(including) }.sorted { ($0.count, words.firstIndex(of: $0[0])!) < ($1.count, words.firstIndex(of: $1[0])!) }
    }

    /// `10000` → `10,000`, as the reference page writes numbers.
    static func number(_ value: Int) -> String {
        let digits = String(value)
        guard digits.count > 4 else { return digits }
        var grouped = ""
        for (index, character) in digits.reversed().enumerated() {
            if index > 0, index % 3 == 0 { grouped.append(",") }
            grouped.append(character)
        }
        return String(grouped.reversed())
    }
}
