import Foundation
import Recurrence
import SpecDiagnostics
import SpecYAML

/// `at: {from: "08:00", through: "17:30", every: 30m}`: wall times in steps, read into the list of times they stand for
/// (cron's `*/30 8-17` said once). The rule sees the list only, so every engine, key and policy treats each time as if
/// it had been listed.
extension RuleReader {
    /// The most times one `at:` may step through: one a minute, all day.
    static let mostSteppedTimes = 1_440

    /// `inList`: the mapping is an item of `at:`'s list, so a message says what to write in its place, not for `at:`.
    func readTimeSteps(_ node: Node, inList: Bool) -> [TimeOfDay]? {
        let keys = SpecKeyCatalog.timeSteps.keyNames
        guard let fields = reader.mapping(node, place: "'at'", owner: nil, allowed: keys,
                                          expected: "a wall time, a list of them, or times in steps, e.g. {from: \"08:00\", through: \"17:30\", every: 30m}")
        else { return nil }
        guard let everyNode = fields["every"] else {
            // `step: 30m` was told as the slip for 'every': not asked for again.
            if fields.misspelled.contains("every") { return nil }
            reader.missing("every", in: fields, "add the step between two times, e.g. 'every: 30m' (times in steps are {from: \"08:00\", through: \"17:30\", every: 30m})")
            return nil
        }
        let step = reader.duration(everyNode, field: "every")
        let from = fields["from"].map { reader.time($0, field: "from") }
        let through = fields["through"].map { reader.time($0, field: "through") }
        // An unknown key (`minute: 30`) may change what the steps were meant to be: told alone, before their arithmetic.
        guard let step, from ?? TimeOfDay(hour: 0, minute: 0) != nil, through ?? TimeOfDay(hour: 0, minute: 0) != nil,
              !fields.hasUnknownKeys
        else { return nil }
        let first = (from ?? nil) ?? TimeOfDay(hour: 0, minute: 0)!
        let start = first.secondsIntoDay
        guard step > 0 else {
            log.report(.invalidDuration, at: everyNode, "'every' of times in steps must be longer than zero, e.g. 'every: 30m'")
            return nil
        }
        guard step < 86_400 else {
            // `every: 25h`: no second time in the day, whatever `through` says.
            let written = everyNode.scalar?.value ?? DurationText.text(seconds: step)
            log.report(.invalidDuration, at: everyNode,
                       "'every: \(written)' is a day or longer, so times in steps would give only \(first) in the day (they are wall times within one day); write at: \"\(first)\", or for elapsed time an interval rule, {interval: \(written), from: <the first instant>}")
            return nil
        }
        let end: Int
        if let last = through ?? nil {
            guard last.secondsIntoDay > start else {
                log.report(.invalidRule, at: fields["through"]!, Self.throughNotAfterFrom(first: first, last: last, step: step, inList: inList))
                return nil
            }
            let remainder = (last.secondsIntoDay - start) % step
            guard remainder == 0 else {
                let below = TimeOfDay(secondsIntoDay: last.secondsIntoDay - remainder)
                let above = last.secondsIntoDay - remainder + step
                // `below` equal to `from` would be one time, which is refused below: not offered.
                let candidates = (below.secondsIntoDay > start ? [below] : []) + (above < 86_400 ? [TimeOfDay(secondsIntoDay: above)] : [])
                let advice = candidates.isEmpty
                    ? "the day has no second time \(DurationText.text(seconds: step)) after \(first): write a shorter step, or at: \"\(first)\""
                    : "write the last time itself, " + candidates.map { "'through: \"\($0)\"'" }.joined(separator: " or ")
                log.report(.invalidRule, at: fields["through"]!,
                           "'through: \"\(last)\"' is not a whole number of \(DurationText.text(seconds: step)) steps after \(first), so it would not be one of the times; \(advice)")
                return nil
            }
            end = last.secondsIntoDay
        } else {
            end = start + (86_399 - start) / step * step
        }
        let count = (end - start) / step + 1
        guard count >= 2 else {
            log.report(.invalidRule, at: everyNode,
                       "a step of \(DurationText.text(seconds: step)) from \(first) gives only \(first) in the day; write at: \"\(first)\", or a shorter step")
            return nil
        }
        guard count <= Self.mostSteppedTimes else {
            log.report(.invalidRule, at: everyNode,
                       "a step of \(DurationText.text(seconds: step)) gives \(count) times a day, more than the \(Self.mostSteppedTimes) (one a minute) a rule takes; for elapsed time write an interval rule, e.g. {interval: \(DurationText.text(seconds: step)), from: <the first instant>}")
            return nil
        }
        return stride(from: start, through: end, by: step).map(TimeOfDay.init(secondsIntoDay:))
    }

    /// `through` not after `from`: one time when they are equal; else the steps past midnight, written first (a list is
    /// strictly increasing) and on the step's grid, then the evening's.
    private static func throughNotAfterFrom(first: TimeOfDay, last: TimeOfDay, step: Int, inList: Bool) -> String {
        let written = "'through: \"\(last)\"' is not after 'from' (\(first))"
        if last == first {
            return inList ? "\(written): for the one time write this item as \"\(first)\"" : "\(written): for the one time write at: \"\(first)\""
        }
        let (items, lastStep) = acrossMidnight(from: first.secondsIntoDay, through: last.secondsIntoDay, step: step)
        let onStep = lastStep == nil || lastStep == last.secondsIntoDay
            ? "" : " (\(last) is not on the \(DurationText.text(seconds: step)) steps from \(first): the last before it is \(TimeOfDay(secondsIntoDay: lastStep!)))"
        let both = "Both fall on each date the rule selects: the times after midnight are that date's, not the next night's\(onStep)"
        if inList {
            return "\(written); times in steps run forward within one day, so steps across midnight are two items: in place of "
                + "this one write \(items.joined(separator: " and ")), the first among the list's early times (a list is in "
                + "time order). \(both)"
        }
        return "\(written); times in steps run forward within one day, so steps across midnight are two items, the early "
            + "ones first: at: [\(items.joined(separator: ", "))]. \(both)"
    }

    /// Steps from `from` that run past midnight to `through` (seconds into the day, `through` not after `from`), as two
    /// items of a list, the early ones first and on the steps' grid; and the last step at or before `through`.
    static func acrossMidnight(from start: Int, through last: Int, step: Int) -> (items: [String], lastStep: Int?) {
        let duration = DurationText.text(seconds: step)
        // The first step at or after midnight, and the last one at or before `through`.
        let early = (start + (86_400 - start + step - 1) / step * step) - 86_400
        var items: [String] = []
        var lastStep: Int?
        if early <= last {
            let late = early + (last - early) / step * step
            lastStep = late
            items.append(late > early
                ? "{from: \"\(TimeOfDay(secondsIntoDay: early))\", through: \"\(TimeOfDay(secondsIntoDay: late))\", every: \(duration)}"
                : "\"\(TimeOfDay(secondsIntoDay: early))\"")
        }
        items.append(start + step < 86_400 ? "{from: \"\(TimeOfDay(secondsIntoDay: start))\", every: \(duration)}" : "\"\(TimeOfDay(secondsIntoDay: start))\"")
        return (items, lastStep)
    }
}

extension RuleReader {
    /// A steps mapping as written (`{from: "08:00", through: "17:30", every: 30m}`), its keys in order, for a message.
    static func stepsWritten(_ node: Node) -> String {
        guard case .mapping(let entries, _) = node else { return "{…}" }
        let parts = entries.compactMap { entry -> String? in
            guard let key = entry.key.scalar?.value, let value = entry.value.scalar?.value else { return nil }
            return TimeOfDay(parsing: value).map { "\(key): \"\($0)\"" } ?? "\(key): \(value)"
        }
        return parts.isEmpty ? "{…}" : "{" + parts.joined(separator: ", ") + "}"
    }

    /// Times in steps of `every` from what `at` holds: its `from` and `through` (a mapping) or its one time.
    static func stepsWithEvery(_ at: Node, _ every: String) -> String {
        var parts: [String] = []
        switch at {
        case .mapping(let entries, _):
            for key in ["from", "through"] {
                if let value = entries.first(where: { $0.key.scalar?.value == key })?.value.scalar?.value, let time = TimeOfDay(parsing: value) {
                    parts.append("\(key): \"\(time)\"")
                }
            }
        case .scalar(let scalar):
            if let time = TimeOfDay(parsing: scalar.value) { parts.append("from: \"\(time)\"") }
        case .sequence:
            break
        }
        if parts.isEmpty { parts.append("from: \"08:00\", through: \"17:30\"") }
        return "{" + (parts + ["every: \(every)"]).joined(separator: ", ") + "}"
    }

    /// Times in steps as a spec writes them, for a text that spells a range of times another way: `08:00-17:30/30m`,
    /// `08:00..17:30 every 30m`, `08:00 to 17:30`, cron's `*/30 8-17`; nil for any other text.
    static func stepsSpelled(_ text: String) -> String? {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        // cron's minute and hour fields: `*/30 8-17` (the hours' last minute on the step is the last time).
        if words.count == 2, words[0].hasPrefix("*/") || words[0].hasPrefix("0/"), let minutes = Int(words[0].dropFirst(2)),
           (1...59).contains(minutes), 60 % minutes == 0 {
            let hours = words[1].split(separator: "-").compactMap { Int($0) }
            if hours.count == 2, (0...23).contains(hours[0]), (hours[0]...23).contains(hours[1]),
               let from = TimeOfDay(hour: hours[0], minute: 0), let through = TimeOfDay(hour: hours[1], minute: 60 - minutes) {
                return "{from: \"\(from)\", through: \"\(through)\", every: \(minutes)m}"
            }
        }
        if words.count == 1, let steps = cronFieldSpelled(words[0]) { return steps }
        var range = text.trimmingCharacters(in: .whitespaces)
        var step: Int?
        for separator in ["/", " every "] {
            if let split = range.range(of: separator, options: .backwards) {
                // A step without its unit (`/30`) is left for the author to write: `every: …`.
                step = DurationText.seconds(range[split.upperBound...].trimmingCharacters(in: .whitespaces))
                range = String(range[..<split.lowerBound])
                break
            }
        }
        for separator in ["..", "–", "—", " to ", "-"] {
            let ends = range.components(separatedBy: separator).map { $0.trimmingCharacters(in: .whitespaces) }
            if ends.count == 2, let from = TimeOfDay(parsing: ends[0]), let through = TimeOfDay(parsing: ends[1]) {
                return stepsValue(from: from.secondsIntoDay, through: through.secondsIntoDay, step: step)
            }
        }
        return nil
    }

    /// One cron field pasted as a time: hours `8-17` (on the hour) or `8-17/2`, minutes `*/15` (all day); nil for
    /// anything else, and for a minute step that does not divide the hour (cron's `*/7` restarts each hour).
    private static func cronFieldSpelled(_ word: String) -> String? {
        let parts = word.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count <= 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isNumber || $0 == "-" || $0 == "*") } })
        else { return nil }
        let by = parts.count == 2 ? Int(parts[1]) : 1
        guard let by, by >= 1 else { return nil }
        if parts[0] == "*" {
            guard parts.count == 2, by < 60, 60 % by == 0 else { return nil }
            return "{from: \"00:00\", every: \(by)m}"
        }
        let hours = parts[0].split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        guard hours.count == 2, let first = hours[0], let last = hours[1], (0...23).contains(first), (first...23).contains(last),
              by <= 23 else { return nil }
        if first == last { return "\"\(TimeOfDay(hour: first, minute: 0)!)\"" }
        return stepsValue(from: first * 3600, through: last * 3600, step: by * 3600)
    }

    /// `at:`'s value for the times from `from` to `through`, `step` apart, written so that it reads: across midnight two
    /// items, a `through` off the steps moved back onto them (`every: …` when the step is not known).
    private static func stepsValue(from start: Int, through last: Int, step: Int?) -> String {
        let text = { (seconds: Int) in "\"\(TimeOfDay(secondsIntoDay: seconds))\"" }
        guard let step, step > 0 else { return "{from: \(text(start)), through: \(text(last)), every: …}" }
        if last <= start { return "[" + acrossMidnight(from: start, through: last, step: step).items.joined(separator: ", ") + "]" }
        let onStep = last - (last - start) % step
        return onStep > start ? "{from: \(text(start)), through: \(text(onStep)), every: \(DurationText.text(seconds: step))}" : text(start)
    }
}

extension TimeOfDay {
    /// The wall time `seconds` (0 ..< 86,400) into the day.
    init(secondsIntoDay seconds: Int) {
        self = TimeOfDay(hour: seconds / 3600, minute: seconds % 3600 / 60, second: seconds % 60)!
    }
}
