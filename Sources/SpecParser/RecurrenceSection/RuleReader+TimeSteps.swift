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

    func readTimeSteps(_ node: Node) -> [TimeOfDay]? {
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
        guard let step, from ?? TimeOfDay(hour: 0, minute: 0) != nil, through ?? TimeOfDay(hour: 0, minute: 0) != nil else { return nil }
        let first = (from ?? nil) ?? TimeOfDay(hour: 0, minute: 0)!
        let start = first.secondsIntoDay
        guard step > 0 else {
            log.report(.invalidDuration, at: everyNode, "'every' of times in steps must be longer than zero, e.g. 'every: 30m'")
            return nil
        }
        let end: Int
        if let last = through ?? nil {
            guard last.secondsIntoDay > start else {
                log.report(.invalidRule, at: fields["through"]!,
                           "'through: \"\(last)\"' is not after 'from' (\(first)); times in steps run forward within one day: write a 'through' later than \(first), or two items, e.g. at: [{from: \"\(first)\", every: …}, {from: \"00:00\", through: \"\(last)\", every: …}]")
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
}

extension TimeOfDay {
    /// The wall time `seconds` (0 ..< 86,400) into the day.
    init(secondsIntoDay seconds: Int) {
        self = TimeOfDay(hour: seconds / 3600, minute: seconds % 3600 / 60, second: seconds % 60)!
    }
}
