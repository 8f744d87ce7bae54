import Foundation

/// Why a search for occurrences ended without one.
public enum RecurrenceError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// The search considered `limit` candidate slots without finding an occurrence.
    case searchLimitReached(rule: String, limit: Int, after: Date)
    /// The engine's own search gave up (Foundation returned nil).
    case engineFoundNothing(engine: String, after: Date)
    /// The rule can never match, or the schedule's `searchLimit` is below 1 (a problem whose `field` is `limit`).
    case invalidRule([RuleProblem])
    /// A window enumeration produced more occurrences than allowed.
    case tooManyOccurrences(limit: Int)
    /// The search's thread (`Thread.cancel()`) or the Swift `Task` it runs in (`Task.cancel()`) was cancelled before
    /// it ended: specrun cancels a test that ran past `--timeout`, so that an abandoned search gives its core back
    /// instead of running on.
    case stopped(after: Date)
    /// A cursor or a window bound (`role`) outside `SupportedInstants.range` (`Date.distantPast` up to the end of
    /// 9999), or not a number.
    case instantOutOfRange(role: String, date: Date)

    public var description: String {
        text { $0.rfc3339UTC }
    }

    /// The description with the instant a search started from written as wall time in `zone` (`2097-03-01 00:00 CET
    /// (+01:00)`): the search bound counts slots from that local date, which UTC can put on the day before.
    public func description(in zone: TimeZone) -> String {
        text { SupportedInstants.hasCalendarDate($0) ? WallTimeText.wallTime($0, in: zone) : $0.rfc3339UTC }
    }

    private func text(writing cursor: (Date) -> String) -> String {
        switch self {
        case .searchLimitReached(let rule, let limit, let after):
            "no occurrence of \(rule) within \(limit == 1 ? "1 candidate slot" : "\(limit) candidate slots") after \(cursor(after)) (the schedule's search bound, which counts slots from the start of the cursor's local date, or of its local hour for an hourly rule; raise its 'limit' (searchLimit in Swift) if this is expected)"
        case .engineFoundNothing(let engine, let after):
            "\(engine) found no occurrence within its search after \(cursor(after))"
        case .invalidRule(let problems):
            problems.map(\.message).joined(separator: "; ")
        case .tooManyOccurrences(let limit):
            "the window holds more than \(limit) occurrences; narrow the window or raise the limit"
        case .stopped(let after):
            "the search after \(cursor(after)) was stopped before it ended (its thread or Task was cancelled)"
        case .instantOutOfRange(let role, let date):
            "the \(role) \(date.rfc3339UTC) is outside the instants schedules are searched from; pass one \(SupportedInstants.rangeText)"
        }
    }

    /// The description, so that `localizedDescription` says what happened instead of "error 2".
    public var errorDescription: String? { description }
}

extension Date {
    /// `2027-03-28T01:00:00Z`, with fractional seconds only when present.
    public var rfc3339UTC: String {
        guard SupportedInstants.hasCalendarDate(self) else { return SupportedInstants.secondsText(self) }
        let seconds = Int(timeIntervalSince1970.rounded(.down))
        let days = Int((Double(seconds) / 86_400).rounded(.down))
        let secondOfDay = seconds - days * 86_400
        let civil = CivilDate(daysSinceEpoch: days)
        return pad(civil.year, width: 4) + "-" + pad(civil.month) + "-" + pad(civil.day) + "T"
            + pad(secondOfDay / 3600) + ":" + pad(secondOfDay % 3600 / 60) + ":" + pad(secondOfDay % 60) + fractionText + "Z"
    }

    /// The fraction of the second, to the microsecond, as written after the seconds (`.25`); empty for a whole second
    /// (and for a fraction that rounds to one, which would read as the next second's `.000000`).
    var fractionText: String {
        let fraction = timeIntervalSince1970 - timeIntervalSince1970.rounded(.down)
        let micros = Int((fraction * 1_000_000).rounded())
        guard micros > 0, micros < 1_000_000 else { return "" }
        let digits = String(micros + 1_000_000).dropFirst()
        return "." + String(digits.reversed().drop(while: { $0 == "0" }).reversed())
    }
}
