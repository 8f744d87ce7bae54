import Foundation
import Recurrence

/// Reads the rule maps the Python oracle writes (the spec language's map form, every scalar a string) into `Rule`s,
/// so that tests can replay the oracle's combinations. The project's YAML parser is not used here on purpose:
/// the cross-check must not depend on it.
enum OracleRule {
    struct Unreadable: Error, CustomStringConvertible {
        let description: String
    }

    static func rule(_ map: [String: Any]) throws -> Rule {
        if let interval = map["interval"] as? String, let from = map["from"] as? String {
            guard let seconds = duration(interval), let start = instant(from) else {
                throw Unreadable(description: "interval \(interval) from \(from)")
            }
            return .interval(seconds: seconds, from: start)
        }
        // `every: 2 weeks` with `from: 2027-01-04`: the unstepped rule, stepped (read here by hand, not by the API's
        // `StepUnit.countAndPeriod` or `CivilDate(isoDate:)`, which the cross-check checks).
        if let every = map["every"] as? String, let from = map["from"] as? String {
            let words = every.split(separator: " ")
            let parts = from.split(separator: "-").compactMap { Int($0) }
            guard words.count == 2, let count = Int(words[0]), parts.count == 3 else { throw Unreadable(description: "\(map)") }
            var unstepped = map
            unstepped["every"] = words[1].hasSuffix("s") ? String(words[1].dropLast()) : String(words[1])
            unstepped["from"] = nil
            return .stepped(try rule(unstepped), every: count, from: CivilDate(year: parts[0], month: parts[1], day: parts[2]))
        }
        // `at`: one time, or a list of them (several times a date); nil when any is unreadable.
        let texts = (map["at"] as? [String]) ?? (map["at"] as? String).map { [$0] } ?? []
        let parsed = texts.compactMap(TimeOfDay.init(parsing:))
        let at = parsed.count == texts.count && !parsed.isEmpty ? parsed : nil
        let missing = (map["missing-day"] as? String).flatMap(MissingDayPolicy.init(rawValue:))
        switch map["every"] as? String {
        case "day":
            guard let at else { break }
            return .daily(at: at)
        case "week":
            guard let at, let names = map["on"] as? [String] else { break }
            return .weekly(on: names.compactMap(Weekday.init(name:)), at: at)
        case "month":
            guard let at, let day = (map["on"] as? String).flatMap(DayOfMonth.init(weekdayPhrase:))
                ?? (map["day"] as? String).flatMap(dayOfMonth) else { break }
            return .monthly(day: day, at: at, missingDay: missing)
        case "year":
            guard let at, let month = (map["month"] as? String).flatMap({ Int($0) }),
                  let day = (map["on"] as? String).flatMap(DayOfMonth.init(weekdayPhrase:))
                    ?? (map["day"] as? String).flatMap(dayOfMonth) else { break }
            return .yearly(month: month, day: day, at: at, missingDay: missing)
        case "hour":
            let minute = (map["minute"] as? String).flatMap { Int($0) } ?? 0
            let second = (map["second"] as? String).flatMap { Int($0) } ?? 0
            return .hourly(minute: minute, second: second)
        default:
            break
        }
        throw Unreadable(description: "\(map)")
    }

    static func dayOfMonth(_ text: String) -> DayOfMonth? {
        text == "last" ? .last : Int(text).map(DayOfMonth.day)
    }

    /// `90m`, `1h30m`, `2d`, `37s`.
    static func duration(_ text: String) -> Int? {
        var total = 0
        var number = ""
        for character in text {
            if character.isNumber {
                number.append(character)
                continue
            }
            guard let value = Int(number) else { return nil }
            switch character {
            case "d": total += value * 86_400
            case "h": total += value * 3600
            case "m": total += value * 60
            case "s": total += value
            default: return nil
            }
            number = ""
        }
        return number.isEmpty && total > 0 ? total : nil
    }

    /// `2027-03-28T01:00:00Z` or with a numeric offset; whole seconds.
    static func instant(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }
}
